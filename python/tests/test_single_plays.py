"""`check_play` on the opening table of seed 003 (the board-letter notation of the rules
booklet, `tests/data/seed003-openings.txt`), and every verdict equal to `tavla check`'s."""

import json
import pathlib
from typing import Dict, List

import pytest

import tavla
from conftest import Cli

# The table's plays with the mover-relative play derived by hand (as in tests/seed003.rs).
OPENINGS = [
    ("6/6 = 2x1A-7A and 2x12A-7", "24/18(2) 13/7(2)"),
    ("5/5 = 2x12A-8-3", "13/8/3(2)"),
    ("4/4 = 2x1A-5A and 2x12A-9", "24/20(2) 13/9(2)"),
    ("3/3 = 2x1A-4A and 2x8-5", "24/21(2) 8/5(2)"),
    ("2/2 = 2x1A-3A-5A", "24/22/20(2)"),
    ("1/1 = 2x8-7 and 2x6-5", "8/7(2) 6/5(2)"),
    ("6/5 = 1A-7A-12A", "24/18/13"),
    ("6/4 = 1A-5A and 1A-7A", "24/20 24/18"),
    ("6/3 = 1A-4A and 1Ax7A", "24/21 24/18*"),
    ("6/2 = 1Ax3A and 1Ax7A", "24/22* 24/18*"),
    ("6/1 = 12Ax7A and 7-8", "13/18* 7/8"),
    ("5/4 = 1Ax5A and 12A-8", "24/20* 13/8"),
    ("5/3 = 8-3 and 6-3", "8/3 6/3"),
    ("5/2 = 12A-8 and 12A-11", "13/8 13/11"),
    ("5/1 = 1A-2A-7A", "24/23/18"),
    ("4/3 = 12A-10 and 12A-9", "13/10 13/9"),
    ("4/2 = 8-4 and 6-4", "8/4 6/4"),
    ("4/1 = 1A-2A and 12A-9", "24/23 13/9"),
]

# The wrong hit claims (`x` where no blot is hit): the marked points' text.
WRONG_CLAIMS: Dict[str, List[str]] = {
    "6/3 = 1A-4A and 1Ax7A": ["7A"],
    "6/2 = 1Ax3A and 1Ax7A": ["3A", "7A"],
    "5/4 = 1Ax5A and 12A-8": ["5A"],
}


def _first_column(line: str) -> str:
    n = len(line) // 2
    if len(line) % 2 == 1 and line[n] == " " and line[:n] == line[n + 1 :]:
        return line[:n]
    return line


def test_the_vectors_are_the_data_file_of_seed_003(root: pathlib.Path) -> None:
    lines = (root / "tests/data/seed003-openings.txt").read_text(encoding="utf-8").splitlines()
    assert [_first_column(l) for l in lines] == [t for t, _ in OPENINGS]


@pytest.mark.parametrize("text,standard", OPENINGS)
def test_each_opening_of_seed_003_is_judged_as_the_booklet_says(
    text: str, standard: str, cli: Cli
) -> None:
    v = tavla.check_play("start", None, text)
    code, out, err = cli("check", "--format", "json", text)
    [expected] = json.loads(out)
    if text == "6/1 = 12Ax7A and 7-8":
        # Written backwards (13 -> 18): the one illegal play, located on its first hop.
        assert not v.legal and code == 1
        assert v.code == "tavla::rules::backwards"
        assert v.span is not None
        start, end = v.span
        assert text[start:end] == "12Ax7A"
        assert v.nearest and v.legal_plays == expected["legal_plays"]
    else:
        assert v.legal and code == 0, err
        # The play the letters mean (without the slips of the booklet's `x`) reaches the
        # same position, and so does the play printed back.
        high, low = (int(d) for d in text[:3].split("/"))
        assert v.roll == (high, low)
        plain = standard.replace("*", "")
        assert tavla.check_play("start", (high, low), plain).result == v.result
        assert v.standard is not None
        assert tavla.check_play("start", (high, low), v.standard).result == v.result
        # The hit claims (a glued count such as `2x1A-7A` also gets its reading note).
        claims = [
            text[f.offset : f.offset + f.length]
            for f in v.findings
            if f.code == "tavla::play::hit-claim" and f.offset is not None and f.length is not None
        ]
        assert claims == WRONG_CLAIMS.get(text, [])
        assert all(f.code in ("tavla::play::hit-claim", "tavla::play::ambiguous-letters") for f in v.findings)
    got = v.to_dict()
    for key in ("code", "message", "span"):
        got.pop(key, None)
    assert got == expected


def test_an_illegal_play_names_its_reason_span_and_nearest_plays(cli: Cli) -> None:
    v = tavla.check_play("start", (6, 5), "13/7 24/19")
    assert (v.legal, v.code, v.span) == (False, "tavla::rules::blocked", (5, 10))
    assert "13/7 24/19"[5:10] == "24/19"
    assert v.nearest[0]["standard"] == "24/18/13"
    assert not v
    code, out, _ = cli("check", "--format", "json", "--roll", "65", "13/7 24/19")
    [expected] = json.loads(out)
    assert v.nearest == expected["nearest"] and v.findings[0].to_dict() == expected["findings"][0]


def test_black_and_other_games() -> None:
    v = tavla.check_play("start", (6, 4), "B 6/4 = 1-7 and 1-5")
    assert v.legal and v.side == "black"
    assert v.result == tavla.check_play("start", (6, 4), "24/18 24/20", side="black").result
    assert tavla.check_play("start", (6, 4), "24/18 18/14", variant="gul-bara").legal
