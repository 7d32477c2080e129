#!/bin/sh
# Regenerate the gnubg oracle fixtures.  Needs GNU Backgammon (apt-get install gnubg);
# the tests themselves never run gnubg, they only read the committed outputs.
#
#   tools/gnubg/generate.sh            # everything
#   tools/gnubg/generate.sh matches    # only fixtures/backgammon/gnubg/*.mat
#   tools/gnubg/generate.sh positions  # only fixtures/backgammon/positions.tsv
#   tools/gnubg/generate.sh perft      # only fixtures/backgammon/perft.tsv
#   tools/gnubg/generate.sh xgid       # only fixtures/backgammon/xgid.tsv (reads positions.tsv)
#
# Run from anywhere; paths are resolved relative to the repository root.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
GNUBG=${GNUBG:-/usr/games/gnubg}
OUT="$ROOT/fixtures/backgammon"
WHAT=${1:-all}

run() {  # run a Python script inside gnubg's embedded interpreter
    # -t text mode, -q quiet (no sound); one thread (set in the scripts)
    "$GNUBG" -t -q -p "$1" </dev/null
}

if [ "$WHAT" = all ] || [ "$WHAT" = matches ]; then
    mkdir -p "$OUT/gnubg"
    rm -f "$OUT"/gnubg/m*.mat
    GEN_OUT="$OUT/gnubg" run "$HERE/gen_matches.py" > /tmp/tavla-gnubg-matches.log 2>&1
    grep -c '^GENERATED' /tmp/tavla-gnubg-matches.log
fi
if [ "$WHAT" = all ] || [ "$WHAT" = positions ]; then
    GEN_DIR="$OUT/gnubg" GEN_TSV="$OUT/positions.tsv" run "$HERE/gen_positions.py" \
        > /tmp/tavla-gnubg-positions.log 2>&1
    tail -n 3 /tmp/tavla-gnubg-positions.log
fi
if [ "$WHAT" = all ] || [ "$WHAT" = perft ]; then
    GEN_TSV="$OUT/perft.tsv" run "$HERE/gen_perft.py" > /tmp/tavla-gnubg-perft.log 2>&1
    tail -n 3 /tmp/tavla-gnubg-perft.log
fi
if [ "$WHAT" = all ] || [ "$WHAT" = xgid ]; then
    GEN_POS="$OUT/positions.tsv" GEN_TSV="$OUT/xgid.tsv" run "$HERE/gen_xgid.py" \
        > /tmp/tavla-gnubg-xgid.log 2>&1
    grep '^ROWS\|^FATAL' /tmp/tavla-gnubg-xgid.log
fi
