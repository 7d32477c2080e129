# Run inside GNU Backgammon's embedded Python:
#   GEN_POS=fixtures/backgammon/positions.tsv GEN_TSV=fixtures/backgammon/xgid.tsv \
#       gnubg -t -q -p gen_xgid.py
#
# XGIDs read by gnubg (`set xgid`), with the Position ID and Match ID gnubg
# holds afterwards:
#   - a few XGIDs published elsewhere and one built by hand (see PUBLIC);
#   - every 60th position of positions.tsv, written as an XGID by this script
#     (top player = gnubg player 0, bottom = player 1, as gnubg's SetXGID reads
#     them), with the turn alternating between bottom and top and the cube,
#     score, match length, rules field and dice varied row by row.
# `set confirm default no` keeps gnubg from swapping the players when the top
# player is on roll (it asks, and without that setting answers yes).
import os
import sys

import gnubg

POS = os.environ.get("GEN_POS", "fixtures/backgammon/positions.tsv")
TSV = os.environ.get("GEN_TSV", "fixtures/backgammon/xgid.tsv")

# XGIDs found in public sources, and one built by hand.
PUBLIC = [
    # The starting position; also the empty board's neighbour in CubeViz
    # (github.com/Fortuitous/CubeViz, js/bgLog/bglogCore-2010C-JB-CC-svg.js).
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "start position (CubeViz)"),
    # Nackgammon's starting position (same file).
    ("XGID=-bb---D-C---dD---c-d---BB-:0:0:1:00:0:0:0:0:10", "nackgammon start (CubeViz)"),
    # Seeds of a public XGID fuzz test: both bars occupied; bottom borne off.
    ("XGID=a--aB-BBA--acDa-Ab-db---BA:0:0:1:64:2:0:0:13:10", "public fuzz seed, both bars"),
    ("XGID=---BBaB-BbA-bC-b--BdAca---:0:0:1:00:0:5:0:9:10", "public fuzz seed, 9-point match"),
    # From a public board viewer's comment: top on roll, 16-cube owned by bottom.
    ("XGID=-A-CCD-----a---a------dfc-:4:1:-1:33:1:0:0:9:10", "public viewer example, top on roll"),
    # Money game with Jacoby and beavers (rules field 3), cube centred.
    ("XGID=-b----E-C---eE---c-e----B-:0:0:-1:31:0:0:3:0:10", "start, top to play 31, money J+B"),
    # Built by hand: top 3 on its 1-point, 2 on its 2-point (10 off); bottom 1 on the bar,
    # 4 on its 6-point, 1 on its 19-point (9 off); top to play 21 holding a 2-cube.
    ("XGID=------D------------A---bcA:1:-1:-1:21:0:0:0:0:10", "hand-built bear-off, bottom on the bar"),
]

# One checker each on their 1-point, the rest borne off: in no row below.
SENTINEL = "XGID=-A----------------------a-:0:0:1:00:0:0:0:0:10"
SENTINEL_ID = None  # gnubg's Position ID of SENTINEL, read in main()

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def fail(msg):
    print("FATAL: " + msg)
    sys.stdout.flush()
    os._exit(1)


def decode_position_id(pid):
    """[opponent, on roll]: each 25 counts, own points 1..24 then the bar."""
    bits = []
    vals = [B64.index(c) for c in pid]
    acc, n, data = 0, 0, []
    for v in vals:
        acc = (acc << 6) | v
        n += 6
        if n >= 8:
            n -= 8
            data.append((acc >> n) & 255)
    for byte in data[:10]:
        for k in range(8):
            bits.append((byte >> k) & 1)
    board = [[0] * 25, [0] * 25]
    i = 0
    for side in (0, 1):
        for p in range(25):
            while bits[i]:
                board[side][p] += 1
                i += 1
            i += 1
    return board


def letter(n, upper):
    return chr((ord("A") if upper else ord("a")) + n - 1)


def xgid_position(top, bottom):
    """top/bottom: 25 counts each, own points 1..24 then the bar."""
    out = [letter(top[24], False) if top[24] else "-"]
    for i in range(1, 25):
        b, t = bottom[i - 1], top[24 - i]
        if b and t:
            fail("both sides on one point")
        out.append(letter(b, True) if b else letter(t, False) if t else "-")
    out.append(letter(bottom[24], True) if bottom[24] else "-")
    return "".join(out)


def varied(k, pid, dice):
    """An XGID for the k-th position taken from positions.tsv, its fields varied with k."""
    opp, me = decode_position_id(pid)
    turn = 1 if k % 2 == 0 else -1
    top, bottom = (opp, me) if turn == 1 else (me, opp)
    length = [0, 3, 5, 7, 11, 0, 1][k % 7]
    cube = k % 4 if length != 1 else 0
    owner = 0 if cube == 0 else (1 if k % 3 else -1)
    if length:
        bottom_score = k % length
        top_score = (k // 3) % length
        # The Crawford game: exactly one player at match point minus one, cube 1, centred.
        crawford = 1 if k % 2 and [bottom_score, top_score].count(length - 1) == 1 else 0
        if crawford:
            cube, owner = 0, 0
        rules = crawford
    else:
        bottom_score, top_score = k % 4, k % 3
        rules = k % 4
    if k % 13 == 0:
        d = "00"
    elif k % 17 == 0:
        d = "D"
    else:
        d = dice if k % 3 else dice[::-1]
    max_cube = 8 if k % 9 == 0 else 10
    return "XGID=%s:%d:%d:%d:%s:%d:%d:%d:%d:%d" % (
        xgid_position(top, bottom), cube, owner, turn, d,
        bottom_score, top_score, rules, length, max_cube)


def main():
    gnubg.command("set threads 1")
    gnubg.command("set confirm default no")
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")
    global SENTINEL_ID
    gnubg.command("set xgid " + SENTINEL)
    SENTINEL_ID = gnubg.positionid()
    if [sum(side) for side in decode_position_id(SENTINEL_ID)] != [1, 1]:
        fail("gnubg did not read the sentinel")
    rows = list(PUBLIC)
    with open(POS) as fh:
        lines = fh.read().splitlines()[1:]
    for k, line in enumerate(lines):
        if k % 60:
            continue
        c = line.split("\t")
        rows.append((varied(k // 60, c[5], c[4]), "positions.tsv %s line %s %s" % (c[0], c[2], c[3])))
    with open(TSV, "w") as out:
        out.write("xgid\tposition_id\tmatch_id\tsource\n")
        for x, source in rows:
            # A sentinel first, so that an XGID gnubg refuses cannot pass for the one before.
            gnubg.command("set xgid " + SENTINEL)
            if gnubg.positionid() != SENTINEL_ID:
                fail("sentinel not set")
            gnubg.command("set xgid " + x)
            pid, mid = gnubg.positionid(), gnubg.matchid()
            if pid == SENTINEL_ID:
                fail("gnubg refused " + x)
            out.write("%s\t%s\t%s\t%s\n" % (x, pid, mid, source))
    print("ROWS %d" % len(rows))
    sys.stdout.flush()
    os._exit(0)


main()
