# Run inside GNU Backgammon's embedded Python:
#   GEN_TSV=fixtures/backgammon/perft.tsv gnubg -t -q -p gen_perft.py
#
# For each (position, roll) in CASES: start a game between two *human*
# players (so gnubg does not move by itself), `set board <Position ID>`,
# `set dice <d1> <d2>`, and ask gnubg.hint(100000) for the candidate plays
# at 0-ply.  gnubg's move generator keeps only plays that use the maximum
# number of dice (larger die if only one can be used) and merges plays that
# lead to the same position, and at 0-ply every candidate is evaluated and
# listed, so the length of the hint list is the number of distinct resulting
# positions.  When there is no legal play gnubg has no hint list: count 0.
#
# The count is cross-checked against an independent, deliberately simple
# move generator written below (brute force over all step orders); any
# difference aborts the run.
import os
import sys

import gnubg

TSV = os.environ.get("GEN_TSV", "fixtures/backgammon/perft.tsv")

START = {24: 2, 13: 5, 8: 3, 6: 5}

# (name, me, opp, rolls, note).  `me` = player on roll, `opp` = opponent,
# each {point: checkers} in that side's OWN numbering (1..24, 25 = bar).
# Checkers not listed are borne off.
CASES = [
    ("start", START, START, ["31", "21", "43", "65", "64", "11", "22", "33", "44", "55", "66"],
     "opening position"),
    # --- bar / entering -------------------------------------------------
    ("bar-one-partly-closed",
     {25: 1, 24: 1, 13: 5, 8: 3, 6: 5},
     {6: 4, 5: 2, 4: 2, 13: 4, 8: 3},
     ["64", "63", "31", "33", "66"],
     "one on the bar; opponent holds his 6,5,4 points (my 19,20,21)"),
    ("bar-two",
     {25: 2, 13: 5, 8: 3, 6: 5},
     {6: 4, 5: 2, 4: 2, 13: 4, 8: 3},
     ["52", "61", "55", "31", "64"],
     "two on the bar; opponent holds his 6,5,4 points (my 19,20,21)"),
    ("bar-closed-board",
     {25: 1, 13: 6, 8: 3, 6: 5},
     {6: 3, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 2},
     ["66", "21"],
     "one on the bar against a closed board (dance)"),
    ("bar-one-open-point",
     {25: 1, 13: 6, 8: 3, 6: 5},
     {6: 3, 5: 2, 4: 2, 2: 2, 1: 2, 13: 4},
     ["33", "31", "43"],
     "one on the bar, only the opponent's 3 point (my 22) open"),
    ("bar-two-one-enters",
     {25: 2, 13: 5, 8: 3, 6: 5},
     {6: 3, 5: 2, 4: 2, 3: 2, 1: 2, 13: 4},
     ["62", "22"],
     "two on the bar, only the opponent's 2 point (my 23) open"),
    ("bar-entry-hit",
     {25: 1, 24: 1, 13: 5, 8: 3, 6: 5},
     {6: 4, 4: 1, 2: 1, 13: 5, 8: 4},
     ["42", "21", "44"],
     "one on the bar, opponent blots on his 4 and 2 points (my 21, 23)"),
    # --- hits / blocks in the middle game --------------------------------
    ("hits-midgame",
     {24: 2, 13: 4, 11: 1, 8: 3, 6: 5},
     {13: 4, 8: 2, 6: 5, 5: 1, 9: 1, 22: 1, 24: 1},
     ["43", "62", "11"],
     "opponent blots on my 20, 16, 3, 1 (his 5, 9, 22, 24)"),
    ("blocked-intermediate",
     {13: 2, 6: 13},
     {15: 2, 14: 2, 8: 4, 6: 5, 24: 2},
     ["31", "33", "22"],
     "my 10 and 11 blocked: 13/9 only via 12"),
    ("doubles-partly-blocked",
     {24: 2, 13: 3, 6: 10},
     {7: 2, 24: 2, 6: 4, 13: 5, 8: 2},
     ["66", "55"],
     "opponent holds my 18, 19 and 1: 24/18 and 7/1 blocked, fewer than 4 sixes"),
    ("prime-66",
     {24: 2, 6: 13},
     {18: 2, 12: 2, 13: 4, 6: 5, 8: 2},
     ["66"],
     "opponent holds my 7, 13, 12: only 24/18(2) playable"),
    # --- forced-play rules ------------------------------------------------
    ("larger-die",
     {13: 1, 6: 10, 5: 4},
     {24: 2, 23: 2, 6: 5, 8: 4, 13: 2},
     ["65"],
     "13/7 or 13/8 but not both (my 1 and 2 blocked), home checkers cannot move: must play the 6"),
    ("only-smaller-die",
     {13: 1, 6: 10, 5: 4},
     {24: 2, 23: 2, 18: 2, 6: 5, 8: 4},
     ["65"],
     "13/7 blocked, after 13/8 no 6: only the 5 (smaller die) is playable"),
    ("last-checker-behind-wall",
     {24: 1, 6: 14},
     {7: 2, 8: 2, 9: 2, 11: 2, 13: 7},
     ["52", "61", "66"],
     "last checker on 24, opponent holds my 18, 17, 16, 14, 12"),
    # --- bear-off ----------------------------------------------------------
    ("bearoff-exact",
     {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2},
     {13: 5, 8: 5, 6: 5},
     ["64", "11", "66"],
     "all home, no contact"),
    ("bearoff-higher",
     {3: 2, 2: 1, 1: 1},
     {13: 5, 8: 5, 6: 5},
     ["65", "54", "66"],
     "dice higher than the highest point: bear off from the highest"),
    ("bearoff-lower",
     {6: 2, 5: 1},
     {13: 5, 8: 5, 6: 5},
     ["21", "11", "31"],
     "dice too small to bear off; must move inside"),
    ("bearoff-mixed",
     {6: 1, 4: 2, 1: 1},
     {13: 5, 8: 5, 6: 5},
     ["53", "52", "65"],
     "a 5 cannot bear off from 4 while the 6 point is occupied"),
    ("bearoff-blocked",
     {6: 2, 5: 2, 4: 2},
     {22: 2, 23: 2, 13: 5, 8: 4, 6: 2},
     ["21", "43", "22"],
     "opponent holds my 3 and 2 (his 22, 23)"),
    ("bearoff-contact-hit",
     {25: 1, 6: 3, 5: 3, 4: 3, 3: 2, 2: 2},
     {1: 1, 3: 2, 13: 5, 8: 4, 6: 3},
     ["61", "31", "63"],
     "hit during the bear-off: must enter first (blot on my 24; my 22 and 19 blocked)"),
    ("bearoff-one-die",
     {6: 1},
     {13: 5, 8: 5, 6: 5},
     ["65", "21"],
     "last checker on 6: one die or both"),
    ("bearoff-outside",
     {7: 1, 6: 3, 2: 2},
     {13: 5, 8: 5, 6: 5},
     ["61", "33", "21"],
     "one checker still outside on 7: bring it in, then bear off"),
]


# ----------------------------------------------------------------------------
# independent brute-force move generator (cross-check only)

def legal_results(me, opp, dice):
    """Distinct resulting (me, opp) boards; me/opp are 26-lists, index 25 = bar,
    index 0 = borne off (me) / unused (opp)."""
    d1, d2 = int(dice[0]), int(dice[1])
    orders = [[d1] * 4] if d1 == d2 else [[d1, d2], [d2, d1]]
    results = {}   # board -> (steps used, dice used)

    def step(me, opp, src, die):
        if me[25] and src != 25:
            return None
        if not me[src]:
            return None
        dest = src - die
        me = list(me)
        opp = list(opp)
        if dest >= 1:
            o = opp[25 - dest]
            if o >= 2:
                return None
            me[src] -= 1
            me[dest] += 1
            if o == 1:
                opp[25 - dest] = 0
                opp[25] += 1
            return me, opp
        if me[25] or any(me[p] for p in range(7, 25)):
            return None
        if dest < 0 and any(me[p] for p in range(src + 1, 7)):
            return None
        me[src] -= 1
        me[0] += 1
        return me, opp

    def rec(me, opp, rest, used):
        key = (tuple(me), tuple(opp))
        prev = results.get(key)
        if prev is None or len(used) > len(prev):
            results[key] = tuple(used)
        if not rest:
            return
        for src in range(25, 0, -1):
            nxt = step(me, opp, src, rest[0])
            if nxt:
                rec(nxt[0], nxt[1], rest[1:], used + [rest[0]])

    for order in orders:
        rec(list(me), list(opp), order, [])
    most = max(len(u) for u in results.values())
    keep = {k: u for k, u in results.items() if len(u) == most}
    if most == 1 and d1 != d2:
        big = max(d1, d2)
        if any(u[0] == big for u in keep.values()):
            keep = {k: u for k, u in keep.items() if u[0] == big}
    if most == 0:
        return {}, 0
    return keep, most


# ----------------------------------------------------------------------------

def arr(side):
    a = [0] * 26
    for p, n in side.items():
        a[p] += n
    assert sum(a) <= 15, side
    return a


def describe(side):
    parts = []
    for p in sorted(side, reverse=True):
        parts.append("%s:%d" % ("bar" if p == 25 else str(p), side[p]))
    off = 15 - sum(side.values())
    if off:
        parts.append("off:%d" % off)
    return " ".join(parts)


def check_overlap(me, opp):
    for p in range(1, 25):
        if me[p] and opp[25 - p]:
            raise SystemExit("overlap at my point %d" % p)


def main():
    for c in ["set threads 1", "set player 0 human", "set player 1 human",
              "set automatic roll off", "set automatic move off",
              "set automatic bearoff off", "set automatic game off",
              "set evaluation chequerplay evaluation plies 0",
              "set evaluation cubedecision evaluation plies 0",
              "set cube use off", "set rng mersenne", "set seed 1",
              "new session", "new game"]:
        gnubg.command(c)
    rows = []
    bad = 0
    for name, me_d, opp_d, rolls, note in CASES:
        me, opp = arr(me_d), arr(opp_d)
        check_overlap(me, opp)
        # gnubg board tuple: (player NOT on roll, player on roll), 25 entries
        # each: points 1..24 in that player's own numbering, then the bar.
        board = (opp[1:26], me[1:26])
        pid = gnubg.positionid(board)
        for roll in rolls:
            gnubg.command("set board %s" % pid)
            gnubg.command("set dice %s %s" % (roll[0], roll[1]))
            got = gnubg.board()
            if [list(got[0]), list(got[1])] != [opp[1:26], me[1:26]]:
                raise SystemExit("board mismatch for %s: %r" % (name, got))
            if gnubg.positionid() != pid:
                raise SystemExit("pid mismatch for %s" % name)
            try:
                hint = gnubg.hint(100000)["hint"]
                plays = [h["move"] for h in hint]
            except Exception as e:      # no legal move: gnubg has nothing to hint
                print("hint failed for %s %s: %s" % (name, roll, e))
                plays = []
            count = len(plays)
            mine, steps = legal_results(me, opp, roll)
            if len(mine) != count:
                bad += 1
                print("MISMATCH %s %s gnubg=%d mine=%d" % (name, roll, count, len(mine)))
            comment = "%s; roll %s; on roll: %s; opponent: %s; steps played: %d; e.g. %s" % (
                note, roll, describe(me_d), describe(opp_d), steps,
                plays[0] if plays else "(no legal play)")
            rows.append((pid, roll, count, name, comment, plays))
    with open(TSV, "w") as out:
        out.write("position_id\tdice\tcount\tcomment\n")
        for pid, roll, count, name, comment, plays in rows:
            out.write("%s\t%s\t%d\t%s: %s\n" % (pid, roll, count, name, comment))
    # the full play lists, for debugging a disagreement
    with open(TSV.replace(".tsv", "-plays.txt"), "w") as out:
        for pid, roll, count, name, comment, plays in rows:
            out.write("%s %s %s %d\n" % (name, pid, roll, count))
            for p in plays:
                out.write("    %s\n" % p)
    print("cases %d mismatches %d" % (len(rows), bad))
    sys.stdout.flush()


main()
