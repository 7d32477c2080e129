# Run inside GNU Backgammon's embedded Python:
#   GEN_DIR=fixtures/backgammon/gnubg GEN_TSV=fixtures/backgammon/positions.tsv \
#       gnubg -t -q -p gen_positions.py
#
# For every .mat file in GEN_DIR: `import mat` it into gnubg, then walk the
# match record by record with gnubg.navigate() and, for every roll (every
# 'move' record, dances included), write what gnubg reports for the position
# just before that roll is played, dice already on the board:
#   gnubg.positionid()  -> Position ID (board from the point of view of the
#                          player on roll)
#   gnubg.matchid()     -> Match ID (cube, owner, player on roll, dice, score...)
# The roll is located in the file text (line number, left/right column) by
# matching the n-th "dd:" cell of the game with the n-th move record; the
# dice, the column and gnubg's own board/dice/turn are cross-checked and any
# disagreement aborts the run.
import glob
import os
import re
import sys

import gnubg

DIR = os.environ.get("GEN_DIR", "fixtures/backgammon/gnubg")
TSV = os.environ.get("GEN_TSV", "fixtures/backgammon/positions.tsv")

ROLL = re.compile(r"(?<!\S)([1-6])([1-6]):")
GAME = re.compile(r"^ Game (\d+)\s*$")


def rolls_in_file(path):
    """{game number: [(line_no, column_start, 'dd'), ...]} in file order."""
    out = {}
    game = None
    with open(path) as fh:
        for no, line in enumerate(fh, 1):
            m = GAME.match(line)
            if m:
                game = int(m.group(1))
                out[game] = []
                continue
            if game is None:
                continue
            for r in ROLL.finditer(line):
                out[game].append((no, r.start(), r.group(1) + r.group(2)))
    return out


def fail(msg):
    print("FATAL: " + msg)
    sys.stdout.flush()
    os._exit(1)


def main():
    files = sorted(glob.glob(os.path.join(DIR, "*.mat")))
    rows = 0
    with open(TSV, "w") as out:
        out.write("file\tgame\tline\tside\tdice\tposition_id\tmatch_id\n")
        for path in files:
            base = os.path.basename(path)
            gnubg.command("import mat %s" % path)
            m = gnubg.match()
            cells = rolls_in_file(path)
            if len(cells) != len(m["games"]):
                fail("%s: %d games in file, %d in gnubg" % (base, len(cells), len(m["games"])))
            for gi, g in enumerate(m["games"]):
                gnubg.navigate()                 # start of the match
                if gi:
                    gnubg.navigate(game=gi)      # start of game gi+1
                gnubg.navigate(next=0)           # puts the first roll's dice on the board
                moves = [r for r in g["game"] if r["action"] == "move"]
                if len(moves) != len(cells[gi + 1]):
                    fail("%s game %d: %d rolls in file, %d move records"
                         % (base, gi + 1, len(cells[gi + 1]), len(moves)))
                k = 0
                for r in g["game"]:
                    if r["action"] == "move":
                        line, col, dd = cells[gi + 1][k]
                        k += 1
                        player = 0 if r["player"] == "X" else 1
                        side = "left" if player == 0 else "right"
                        pi = gnubg.posinfo()
                        pos = gnubg.positionid()
                        mid = gnubg.matchid()
                        checks = [
                            (tuple(pi["dice"]) == tuple(r["dice"]), "dice %s vs record %s" % (pi["dice"], r["dice"])),
                            ("%d%d" % tuple(r["dice"]) == dd, "file dice %s vs record %s" % (dd, r["dice"])),
                            (pi["turn"] == player, "turn %d vs player %d" % (pi["turn"], player)),
                            (pos == r["board"], "positionid %s vs record board %s" % (pos, r["board"])),
                            ((col < 30) == (player == 0), "column %d vs player %d" % (col, player)),
                        ]
                        for ok, what in checks:
                            if not ok:
                                fail("%s game %d line %d: %s" % (base, gi + 1, line, what))
                        out.write("%s\t%d\t%d\t%s\t%s\t%s\t%s\n"
                                  % (base, gi + 1, line, side, dd, pos, mid))
                        rows += 1
                    gnubg.navigate(next=1)
    print("files %d rows %d" % (len(files), rows))


main()
