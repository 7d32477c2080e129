"""`tavla.plays_arrow`: the rows of `tavla.plays` as a pyarrow.Table, typed as the Parquet
table of `tavla convert --to parquet` (same columns, order, types and nullability), value for
value, on every kind of record; and the same behaviour on bad input."""

import math
import pathlib
import subprocess
import sys
from typing import Any, Dict, List

import pytest

import tavla
from conftest import Cli

pa = pytest.importorskip(
    "pyarrow", reason="pyarrow is not installed: tavla.plays_arrow returns a pyarrow.Table"
)

# One record of each kind: a backgammon .mat, a Gul bara .mat, gnubg's analysed SGF, an XG
# file (with its analysis), a record with errors.
RECORDS = [
    "fixtures/xg/test.mat",
    "fixtures/gulbara/valid/gb-bulgarian-01.mat",
    "fixtures/sgf/analysed/m000-0206-analysed.sgf",
    "fixtures/xg/test.xg",
    "fixtures/demo/invalid.mat",
]

EXPECTED_SCHEMA = pa.schema(
    [
        pa.field("path", pa.string(), nullable=False),
        pa.field("match", pa.int64(), nullable=False),
        pa.field("game", pa.int64(), nullable=False),
        pa.field("turn", pa.int64()),
        pa.field("side", pa.string(), nullable=False),
        pa.field("player", pa.string()),
        pa.field("die1", pa.int32()),
        pa.field("die2", pa.int32()),
        pa.field("play", pa.string(), nullable=False),
        pa.field("position_before", pa.string()),
        pa.field("xgid_before", pa.string()),
        pa.field("legal", pa.bool_()),
        pa.field("code", pa.string()),
        pa.field("n_legal", pa.int64()),
        pa.field("pips_before_white", pa.int32()),
        pa.field("pips_before_black", pa.int32()),
        pa.field("score_white", pa.int64()),
        pa.field("score_black", pa.int64()),
        pa.field("cube", pa.int32()),
        pa.field("equity_loss", pa.float64()),
        pa.field("best_play", pa.string()),
        pa.field("cube_error", pa.float64()),
        pa.field("proper_cube", pa.string()),
        pa.field("luck", pa.float64()),
        pa.field("comment", pa.string()),
    ]
)


def _same_value(got: object, expected: object) -> bool:
    if isinstance(expected, float) and isinstance(got, float) and math.isnan(expected):
        return math.isnan(got)
    # None is null (not 0 or ""), an int an int (not a float), a bool a bool.
    return type(got) is type(expected) and got == expected


def assert_same_rows(table: Any, rows: List[Dict[str, Any]]) -> None:
    got = table.to_pylist()
    assert len(got) == len(rows)
    for i, (g, e) in enumerate(zip(got, rows)):
        assert list(g) == list(e), i
        for key in e:
            assert _same_value(g[key], e[key]), (i, key, g[key], e[key])


def test_the_schema_is_the_parquet_table_s() -> None:
    t = tavla.plays_arrow("fixtures/demo/valid.mat")
    assert t.schema.names == list(tavla.COLUMNS)
    assert t.schema.equals(EXPECTED_SCHEMA)


def test_the_schema_is_what_pyarrow_reads_from_convert_to_parquet(cli: Cli, tmp_path: pathlib.Path) -> None:
    out = tmp_path / "plays.parquet"
    code, _, err = cli("convert", "--to", "parquet", "-o", str(out), *RECORDS)
    assert code in (0, 1), err
    import pyarrow.parquet as pq

    written = pq.read_table(out)
    assert written.schema.remove_metadata().equals(EXPECTED_SCHEMA)
    # And the same rows as the command writes, in its order (the files' order of both).
    table = tavla.plays_arrow(*RECORDS)
    assert table.equals(written.replace_schema_metadata(None))


@pytest.mark.parametrize("path", RECORDS)
def test_bytes_give_the_rows_of_plays_value_for_value(path: str) -> None:
    rows = list(tavla.plays(path))
    assert rows, path
    data = pathlib.Path(path).read_bytes()
    t = tavla.plays_arrow(data=data, name=path)
    assert t.schema.equals(EXPECTED_SCHEMA)
    assert_same_rows(t, rows)
    # The paths read as bytes give the same table.
    assert tavla.plays_arrow(path).equals(t)
    # And with the legal counts, those of plays.
    counted = tavla.plays_arrow(data=data, name=path, legal_counts=True)
    assert_same_rows(counted, list(tavla.plays(path, legal_counts=True)))


def test_the_kinds_of_record_carry_what_they_should() -> None:
    sgf = tavla.plays_arrow("fixtures/sgf/analysed/m000-0206-analysed.sgf")
    assert sgf.column("equity_loss").null_count < sgf.num_rows
    assert sgf.column("luck").null_count < sgf.num_rows
    invalid = tavla.plays_arrow("fixtures/demo/invalid.mat")
    assert False in invalid.column("legal").to_pylist()
    assert invalid.column("code").null_count < invalid.num_rows
    gul = tavla.plays_arrow("fixtures/gulbara/valid/gb-bulgarian-01.mat")
    assert gul.column("xgid_before").null_count == gul.num_rows  # no XGID outside backgammon


def test_directories_in_several_chunks_give_the_rows_of_plays() -> None:
    # More files than one chunk (64), of several games, in path order.
    paths = ["fixtures/gulbara", "fixtures/demo", "fixtures/corpus"]
    rows = list(tavla.plays(*paths))
    t = tavla.plays_arrow(*paths, jobs=2)
    assert t.num_rows == len(rows) > 1000
    assert len(t.to_batches()) > 1
    assert_same_rows(t, rows)


def test_with_variant_adds_the_variant_of_each_game() -> None:
    t = tavla.plays_arrow("fixtures/demo/valid.mat", "fixtures/xg/test.mat", with_variant=True)
    assert t.schema.names == list(tavla.COLUMNS) + ["variant"]
    assert t.schema.field("variant").type == pa.string()
    assert t.drop_columns(["variant"]).equals(
        tavla.plays_arrow("fixtures/demo/valid.mat", "fixtures/xg/test.mat")
    )
    by_path = dict(zip(t.column("path").to_pylist(), t.column("variant").to_pylist()))
    assert by_path == {"fixtures/demo/valid.mat": "gul-bara", "fixtures/xg/test.mat": "backgammon"}
    assert by_path["fixtures/demo/valid.mat"] == tavla.read("fixtures/demo/valid.mat")["variant"]
    # The overrides apply as in `plays`.
    forced = tavla.plays_arrow("fixtures/xg/test.mat", variant="nackgammon", with_variant=True)
    rows = list(tavla.plays("fixtures/xg/test.mat", variant="nackgammon"))
    assert_same_rows(forced.drop_columns(["variant"]), rows)


def test_bytes_that_are_not_a_record_behave_as_in_plays() -> None:
    for data, name in [
        (b"\x00\xff\x00\x01 not a record" * 10, "junk.xg"),
        (b"hello world\n", "notes.mat"),
        (b"(;FF[4]GM[6]", "cut.sgf"),
        (b"", "empty.mat"),
    ]:
        rows = list(tavla.plays(data=data, name=name))
        t = tavla.plays_arrow(data=data, name=name)
        assert t.schema.equals(EXPECTED_SCHEMA)
        assert_same_rows(t, rows)
        assert t.num_rows == 0


def test_errors_are_those_of_plays(tmp_path: pathlib.Path) -> None:
    missing = str(tmp_path / "missing.mat")
    with pytest.raises(OSError) as expected:
        list(tavla.plays(missing))
    with pytest.raises(OSError) as got:
        tavla.plays_arrow(missing)
    assert type(got.value) is type(expected.value) and str(got.value) == str(expected.value)
    with pytest.raises(ValueError, match="no input"):
        tavla.plays_arrow()
    with pytest.raises(ValueError, match="not both"):
        tavla.plays_arrow("fixtures/demo", data=b"")
    with pytest.raises(ValueError, match="unknown variant"):
        tavla.plays_arrow(data=b"", name="m.mat", variant="chess")


def test_the_stream_is_the_arrow_pycapsule_interface() -> None:
    from tavla import _tavla

    stream = _tavla.plays_arrow(["fixtures/demo"])
    assert len(stream) == stream.num_rows == sum(1 for _ in tavla.plays("fixtures/demo"))
    capsule = stream.__arrow_c_stream__()
    assert type(capsule).__name__ == "PyCapsule"
    t = pa.RecordBatchReader._import_from_c_capsule(capsule).read_all()
    assert t.equals(tavla.plays_arrow("fixtures/demo"))
    with pytest.raises(ValueError, match="already read"):
        stream.__arrow_c_stream__()
    if hasattr(pa.RecordBatchReader, "from_stream"):  # pyarrow 15
        again = _tavla.plays_arrow(["fixtures/demo"])
        assert pa.table(again).equals(t)


def test_without_pyarrow_the_package_imports_and_plays_arrow_says_what_is_missing() -> None:
    # `import pyarrow` fails as it does where pyarrow is not installed.
    code = (
        "import sys; sys.modules['pyarrow'] = None\n"
        "import tavla\n"
        "assert list(tavla.plays('fixtures/demo'))\n"
        "try:\n"
        "    tavla.plays_arrow('fixtures/demo')\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "needs pyarrow" in p.stdout and "pip install pyarrow" in p.stdout
