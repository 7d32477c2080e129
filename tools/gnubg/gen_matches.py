# Run inside GNU Backgammon's embedded Python:
#   GEN_OUT=/path/to/dir gnubg -t -q -p gen_matches.py
# Plays the self-play matches/sessions listed in PLAN (see plan()) and exports
# each one with `export match mat`.  Every match starts with `set seed <seed>`
# on the Mersenne Twister RNG, so the output is reproducible for a given gnubg
# build (tested with GNU Backgammon 1.07.001, Debian/Ubuntu package).
import os
import gnubg

OUT = os.environ.get("GEN_OUT", "fixtures/backgammon/gnubg")
ONLY = os.environ.get("GEN_ONLY")  # optional: comma-separated list of indexes

NAMES = [("Alice", "Bob"), ("gnubg", "tavla"), ("White", "Black"),
         ("Mary_Ann", "Joe"), ("X1", "O2")]


def plan():
    """(index, length, seed, options) for every file.

    length 0 = money session.  options: noise (float, chequer play noise for
    both players), jacoby (bool, money only), games (money: number of games),
    beavers (money: 0 = no beavers), tags (bool: write Site/Event/Round/
    Transcriber/comment header lines).
    """
    lengths = ([1] * 40 + [2] * 25 + [3] * 40 + [5] * 40 + [7] * 30 +
               [9] * 15 + [11] * 10)
    out = []
    idx = 0
    for k, n in enumerate(lengths):
        idx += 1
        opts = {
            # every third match gets some chequer-play noise: worse play means
            # more gammons/backgammons and more lopsided cube actions
            "noise": 0.06 if k % 3 == 2 else 0.0,
            "tags": k % 4 == 1,
        }
        out.append((idx, n, 1000 + idx, opts))
    for k in range(20):
        idx += 1
        opts = {
            "noise": 0.06 if k % 2 else 0.0,
            "jacoby": k % 4 in (0, 1),
            "beavers": 0 if k % 5 == 4 else 3,
            "games": 3 + (k % 5),
            "tags": k % 3 == 0,
        }
        out.append((idx, 0, 5000 + idx, opts))
    return out


def cmd(c):
    gnubg.command(c)


def setup_players(noise):
    for p in (0, 1):
        cmd("set player %d gnubg" % p)
        cmd("set player %d chequerplay evaluation plies 0" % p)
        cmd("set player %d cubedecision evaluation plies 0" % p)
        cmd("set player %d chequerplay evaluation deterministic on" % p)
        cmd("set player %d chequerplay evaluation noise %.3f" % (p, noise))
        cmd("set player %d cubedecision evaluation noise 0.000" % p)


def play(idx, length, seed, opts):
    setup_players(opts.get("noise", 0.0))
    cmd("set cube use on")
    cmd("set automatic crawford on")
    cmd("set automatic roll on")
    cmd("set automatic bearoff off")
    cmd("set automatic move off")
    cmd("set display off")
    cmd("set seed %d" % seed)
    if length > 0:
        cmd("set jacoby off")
        cmd("set automatic game on")
        cmd("new match %d" % length)
    else:
        cmd("set jacoby %s" % ("on" if opts.get("jacoby") else "off"))
        cmd("set beavers %d" % opts.get("beavers", 3))
        cmd("set automatic game off")
        cmd("new session")           # plays game 1
        for _ in range(opts.get("games", 3) - 1):
            cmd("new game")
    a, b = NAMES[idx % len(NAMES)]
    cmd("set player 0 name %s" % a)
    cmd("set player 1 name %s" % b)
    # fixed date instead of "today" so that reruns give identical files
    cmd("set matchinfo date 2024-%02d-%02d" % (1 + idx % 12, 1 + idx % 28))
    if opts.get("tags"):
        cmd("set matchinfo place tavla fixtures")
        cmd("set matchinfo event gnubg self-play %d" % idx)
        cmd("set matchinfo round %d" % (1 + idx % 7))
        cmd("set matchinfo annotator gnubg 1.07")
        desc = "seed %d, noise %.2f" % (seed, opts.get("noise", 0.0))
        if length == 0:
            desc += ", jacoby %s, beavers %d" % (
                "on" if opts.get("jacoby") else "off", opts.get("beavers", 3))
        cmd("set matchinfo comment %s" % desc)
    name = os.path.join(OUT, "m%03d-%04d.mat" % (length, idx))
    cmd("export match mat %s" % name)
    return name


def main():
    cmd("set threads 1")
    cmd("set delay 0")
    cmd("set rng mersenne")
    cmd("set confirm new off")
    cmd("set confirm save off")
    only = set(int(x) for x in ONLY.split(",")) if ONLY else None
    for idx, length, seed, opts in plan():
        if only and idx not in only:
            continue
        name = play(idx, length, seed, opts)
        print("GENERATED %s" % name)


main()
