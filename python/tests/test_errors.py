"""Bad input raises the documented exceptions, with the message and the span."""

import pathlib

import pytest

import tavla


def test_the_exceptions_are_value_errors() -> None:
    assert issubclass(tavla.ParseError, ValueError)
    assert issubclass(tavla.PositionError, ValueError)


def test_an_unreadable_play_raises_parse_error_with_its_span() -> None:
    with pytest.raises(tavla.ParseError) as e:
        tavla.check_play("start", (6, 4), "6/4 = 13A-7A")
    err = e.value
    start, end = err.span
    assert "6/4 = 13A-7A"[start:end] == "13A"
    assert err.code == "tavla::parse::bad-point"
    assert err.message == str(err) and err.message
    assert err.errors and err.errors[0]["code"] == "tavla::parse::bad-point"


def test_a_span_counts_characters_not_bytes() -> None:
    text = "Б 6/4 = 13А-7А"
    with pytest.raises(tavla.ParseError) as e:
        tavla.check_play("start", (6, 4), text)
    start, end = e.value.span
    assert text[start:end] == "13А"


def test_an_unreadable_position_raises_position_error() -> None:
    for bad in ["nonsense", "4HPwATDgc/ABM", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0", "{\"white\": 3}"]:
        with pytest.raises(tavla.PositionError) as e:
            tavla.legal_plays(bad, (6, 4))
        assert e.value.message and e.value.span == (0, len(bad))
    # A Position ID is a backgammon position, not a Gul bara one.
    with pytest.raises(tavla.PositionError):
        tavla.legal_plays("4HPwATDgc/ABMA", (6, 4), variant="gul-bara")
    # A side that contradicts the position's player on roll.
    with pytest.raises(tavla.PositionError, match="contradicts"):
        tavla.legal_plays("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", None, side="white")


def test_bad_arguments_raise_value_error() -> None:
    with pytest.raises(ValueError, match="unknown variant"):
        tavla.legal_plays("start", (6, 4), variant="chess")
    with pytest.raises(ValueError, match="unknown preset"):
        tavla.validate("fixtures/demo", rules="nonsense")
    with pytest.raises(ValueError, match="bad --rule"):
        tavla.validate_text("", rule="crawford=maybe")
    with pytest.raises(ValueError, match="roll"):
        tavla.legal_plays("start", (7, 1))
    with pytest.raises(ValueError, match="roll"):
        tavla.legal_plays("start", "6")
    with pytest.raises(ValueError, match="no roll"):
        tavla.legal_plays("start", None)
    with pytest.raises(ValueError, match="no input"):
        tavla.validate()
    with pytest.raises(ValueError, match="no record"):
        tavla.validate("python/tavla")


def test_files_that_cannot_be_read(tmp_path: pathlib.Path) -> None:
    with pytest.raises(FileNotFoundError):
        tavla.read(str(tmp_path / "missing.mat"))
    with pytest.raises(OSError):
        tavla.read(tmp_path)
    with pytest.raises(OSError):
        list(tavla.plays(str(tmp_path / "missing.mat")))
    # validate reports it as the command does: a finding, not an exception.
    r = tavla.validate(str(tmp_path / "missing.mat"))
    assert not r.ok and r.files[0].unreadable
    assert r.findings[0].code == "tavla::io::unreadable"


def test_bad_records_are_findings_not_exceptions() -> None:
    for text in ["", "\x00\xff garbage", " 1 point match\n Game 1\n  1) 99: 24/18\n"]:
        r = tavla.validate_text(text)
        assert r.findings, text
        assert tavla.read(text + "\n")["format"] == "tavla-match"
