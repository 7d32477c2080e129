"""The result classes: `Finding`, `FileReport`, `Report` and `PlayVerdict` are native classes
with read-only typed attributes (the fields of the command's JSON), made in Rust without a
JSON tree in between; `to_dict()` gives the command's object."""

import dataclasses
from typing import Any, Dict

import pytest

import tavla
from conftest import CliJson

BLOCKED = " 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 65: 13/7 24/19\n"


def test_a_finding_has_its_place_in_the_match_as_attributes() -> None:
    f = tavla.validate_text(BLOCKED, name="m.mat").findings[0]
    assert isinstance(f, tavla.Finding)
    assert (f.path, f.code, f.severity) == ("m.mat", "tavla::rules::blocked", "error")
    assert (f.match, f.game, f.turn, f.side, f.byte_offset) == (1, 1, 1, "white", None)
    assert (f.line, f.column, f.end_line) == (5, 15, 5)
    assert f.offset is not None and f.length is not None
    assert BLOCKED[f.offset : f.offset + f.length] == "24/19"
    assert f.suggestions[0] == "24/18/13" and f.repair is None and f.rests_on is None
    assert f.related and all(isinstance(r["label"], str) for r in f.related)
    assert "m.mat:5:15" in repr(f) and "tavla::rules::blocked" in repr(f)


def test_a_finding_of_a_binary_file_has_no_line_but_a_byte_offset() -> None:
    report = tavla.validate("fixtures/ogxm/board-play.ogxm", "fixtures/ogxm/resign.ogxm")
    binary = [f for f in report.findings if f.byte_offset is not None]
    assert binary, "no finding of the OGXM files stands at a byte offset"
    for f in binary:
        assert (f.line, f.column, f.end_line, f.end_column, f.offset, f.length) == (None,) * 6
        assert all(r["line"] is None and r["offset"] is None for r in f.related)
        assert f.game is not None and f.match == 1
        assert f"game {f.game}" in repr(f)
    continued = [f for f in binary if f.continued is not None]
    assert continued and continued[0].continued == "stored_position"


def test_findings_are_frozen_comparable_and_hashable() -> None:
    a = tavla.validate_text(BLOCKED).findings[0]
    b = tavla.validate_text(BLOCKED).findings[0]
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != tavla.validate_text(BLOCKED, name="other.mat").findings[0]
    with pytest.raises(AttributeError):
        setattr(a, "code", "tavla::other")
    # The lists and dicts handed out are copies: changing them changes nothing.
    a.suggestions.clear()
    a.related.clear()
    assert a.suggestions and a.related and a == b


def test_the_classes_are_not_dicts() -> None:
    report = tavla.validate_text(BLOCKED)
    f = report.findings[0]
    for obj in [report, report.files[0], f, tavla.check_play("start", (6, 5), "13/7 24/19")]:
        assert not isinstance(obj, dict)
        assert not dataclasses.is_dataclass(obj)
        assert type(obj).__module__ == "tavla"
    # An unknown attribute is an AttributeError, not a lookup in a dict.
    with pytest.raises(AttributeError):
        getattr(f, "no_such_field")


def test_a_report_counts_and_joins_file_reports() -> None:
    bad = tavla.validate("fixtures/demo/invalid.mat")
    good = tavla.validate("fixtures/demo/valid.mat")
    assert (bad.ok, good.ok, bool(bad), bool(good)) == (False, True, False, True)
    joined = tavla.Report(bad.files + good.files)
    assert len(joined) == len(joined.files) == 2
    assert joined.errors == bad.errors + good.errors and not joined.ok
    assert joined.warnings == bad.warnings + good.warnings
    assert joined.findings == bad.findings + good.findings
    fr = joined.files[0]
    assert (fr.path, fr.ok, fr.unreadable) == ("fixtures/demo/invalid.mat", False, False)
    assert fr.errors == sum(1 for f in fr.findings if f.severity == "error") == 1
    assert fr.games >= 1 and fr.turns >= 1
    assert "errors=1" in repr(joined) and "invalid.mat" in repr(fr)
    # The same finding objects every time they are asked for.
    assert joined.findings[0] is bad.findings[0]
    with pytest.raises(TypeError):
        tavla.Report([bad])  # type: ignore[list-item]


def test_a_verdict_has_typed_attributes_and_the_check_json(cli_json: CliJson) -> None:
    v = tavla.check_play("start", (6, 4), "24/18 13/9")
    assert isinstance(v, tavla.PlayVerdict) and v and v.legal
    assert (v.play, v.side, v.roll) == ("24/18 13/9", "white", (6, 4))
    assert (v.standard, v.letters) == ("24/18 13/9", "6/4 = 1A-7A and 12A-9")
    assert (v.code, v.message, v.span, v.nearest, v.findings) == (None, None, None, [], [])
    assert v.result is not None and v.result["position_id"] and v.steps
    assert v.legal_plays == 14
    [expected] = cli_json("check", "--format", "json", "--roll", "64", "24/18 13/9")
    assert v.to_dict() == expected
    bad = tavla.check_play("start", "65", "13/7 24/19")
    assert not bad and bad.roll == (6, 5)
    assert (bad.standard, bad.letters, bad.steps, bad.result) == (None, None, None, None)
    assert bad.code == bad.findings[0].code and bad.message == bad.findings[0].message
    d: Dict[str, Any] = bad.to_dict()
    assert (d["code"], d["message"], d["span"]) == (bad.code, bad.message, bad.span)
    assert d["nearest"] == bad.nearest and d["findings"] == [f.to_dict() for f in bad.findings]
    with pytest.raises(AttributeError):
        setattr(bad, "legal", True)
