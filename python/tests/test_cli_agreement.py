"""The Python package answers what the command answers, on every fixture: findings field by
field as `validate --format jsonl`, documents as `convert --to json`, rows as
`convert --to csv`, legal plays as `tavla legal`."""

import csv
import io
import json
import pathlib
from typing import List, Tuple

import pytest

import tavla
from conftest import Cli, CliJson

FIXTURES = "fixtures"


@pytest.fixture(scope="module")
def report() -> tavla.Report:
    return tavla.validate(FIXTURES)


def test_the_fixtures_are_many(report: tavla.Report) -> None:
    # Every record of fixtures/ (.mat and .txt), not a sample.
    assert len(report.files) >= 400
    assert report.errors > 0 and report.warnings > 0


def test_validate_gives_the_findings_of_jsonl_field_by_field(cli: Cli, report: tavla.Report) -> None:
    code, out, err = cli("validate", "--format", "jsonl", "-q", FIXTURES)
    assert code in (0, 1), err
    expected = [json.loads(line) for line in out.splitlines()]
    got = [f.to_dict() for f in report.findings]
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert g.keys() == e.keys(), (g, e)
        for key in e:
            assert g[key] == e[key], (key, g, e)
    # The same verdicts: a file has an error exactly when the CLI reported one in it.
    invalid = {e["path"] for e in expected if e["severity"] == "error"}
    assert {f.path for f in report.files if not f.ok} == invalid
    assert report.ok == (code == 0)


def test_attributes_are_the_jsonl_fields(report: tavla.Report) -> None:
    # Every field of every finding is an attribute holding the same value.
    assert any(f.suggestions for f in report.findings)
    for f in report.findings:
        d = f.to_dict()
        assert len(d) == 22
        for key, value in d.items():
            assert getattr(f, key) == value, (key, f)


def test_read_is_the_document_of_convert_to_json_for_every_fixture(cli: Cli, report: tavla.Report) -> None:
    # `--to jsonl` writes the `--to json` document of every record, one per line, in path order.
    code, out, err = cli("convert", "--to", "jsonl", FIXTURES)
    assert code in (0, 1), err
    docs = [json.loads(line) for line in out.splitlines()]
    paths = [f.path for f in report.files]
    assert len(docs) == len(paths)
    for path, doc in zip(paths, docs):
        assert tavla.read(path) == doc, path


def test_read_of_one_file_is_convert_to_json(cli_json: CliJson) -> None:
    path = "fixtures/demo/invalid.mat"
    assert tavla.read(path) == cli_json("convert", "--to", "json", path)
    assert tavla.read(path, with_source=True) == cli_json(
        "convert", "--to", "json", "--with-source", path
    )
    with open(path, encoding="utf-8") as f:
        text = f.read()
    # The text itself reads to the same document.
    assert tavla.read(text) == cli_json("convert", "--to", "json", path)


def _csv_value(v: object) -> str:
    if v is None:
        return ""
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, float):
        # Compared by value: the CSV writes the shortest text that reads back the same.
        return repr(float(v))
    return str(v)


def test_plays_are_the_rows_of_convert_to_csv_for_every_fixture(cli: Cli) -> None:
    code, out, err = cli("convert", "--to", "csv", FIXTURES)
    assert code in (0, 1), err
    reader = csv.reader(io.StringIO(out, newline=""))
    header = next(reader)
    assert tuple(header) == tavla.COLUMNS
    expected = list(reader)
    got = list(tavla.plays(FIXTURES))
    assert len(got) == len(expected) > 10000
    for g, e in zip(got, expected):
        assert list(g.keys()) == header
        assert [_csv_value(v) for v in g.values()] == [
            repr(float(x)) if isinstance(v, float) else x for v, x in zip(g.values(), e)
        ]


def test_plays_rows_have_types_for_dataframes() -> None:
    rows = list(tavla.plays("fixtures/backgammon/gnubg/m000-0201.mat", legal_counts=True))
    assert rows
    # Without `legal_counts` the rows are the same but for `n_legal`, left empty.
    plain = list(tavla.plays("fixtures/backgammon/gnubg/m000-0201.mat"))
    assert all(p["n_legal"] is None for p in plain)
    assert [dict(p, n_legal=None) for p in plain] == [dict(r, n_legal=None) for r in rows]
    first = rows[0]
    assert isinstance(first["game"], int) and isinstance(first["legal"], bool)
    assert isinstance(first["n_legal"], int) and first["n_legal"] > 0
    assert first["xgid_before"].startswith("XGID=")
    assert isinstance(first["die1"], int) and isinstance(first["die2"], int)
    # The position column is tavla's position string in every game; Gul bara has no XGID.
    assert len(first["position_before"]) == 53 and first["position_before"][26] == "/"
    gul = next(tavla.plays("fixtures/demo/valid.mat"))
    assert len(gul["position_before"]) == 53 and gul["xgid_before"] is None
    # The XGID before a play is a position `legal_plays` reads, with its dice.
    again = tavla.legal_plays(first["xgid_before"], None)
    assert len(again) == first["n_legal"]
    # Every row has the columns in order: what a DataFrame takes as its columns.
    assert all(tuple(r) == tavla.COLUMNS for r in rows)


def test_plays_load_into_a_dataframe() -> None:
    pandas = pytest.importorskip("pandas")
    rows = list(tavla.plays("fixtures/backgammon/gnubg/m000-0201.mat"))
    frame = pandas.DataFrame(tavla.plays("fixtures/backgammon/gnubg/m000-0201.mat"))
    assert list(frame.columns) == list(tavla.COLUMNS)
    assert len(frame) == len(rows)


def _roll_arg(roll: Tuple[int, int]) -> str:
    return f"{roll[0]}{roll[1]}"


ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


@pytest.mark.parametrize(
    "variant", ["backgammon", "nackgammon", "gul-bara", "tapa", "long-nardy", "fevga"]
)
def test_legal_plays_are_tavla_legal_from_every_start_and_roll(cli_json: CliJson, variant: str) -> None:
    for roll in ROLLS:
        got = tavla.legal_plays("start", roll, variant=variant)
        expected = cli_json(
            "legal", "--variant", variant, "--roll", _roll_arg(roll), "--format", "json"
        )
        assert [p.to_dict() for p in got] == expected["plays"], (variant, roll)
        assert [p.standard for p in got] == [p["standard"] for p in expected["plays"]]


def test_legal_plays_are_tavla_legal_from_xgids_and_position_ids(cli: Cli, root: pathlib.Path) -> None:
    positions: List[str] = []
    with open(root / "fixtures/backgammon/xgid.tsv", encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            positions.append(row["xgid"])
    with open(root / "fixtures/backgammon/positions.tsv", encoding="utf-8") as f:
        for i, row in enumerate(csv.DictReader(f, delimiter="\t")):
            if i % 25 == 0:
                positions.append(f"{row['position_id']}:{row['match_id']}")
    checked = 0
    for pos in positions:
        for roll in [(6, 4), (3, 3), (2, 1)]:
            code, out, err = cli(
                "legal", "--position", pos, "--roll", _roll_arg(roll), "--format", "json"
            )
            if code == 2:
                # The CLI refuses the position or the roll: so must Python.
                with pytest.raises(ValueError):
                    tavla.legal_plays(pos, roll)
                continue
            assert code == 0, err
            expected = json.loads(out)
            got = tavla.legal_plays(pos, roll)
            assert [p.to_dict() for p in got] == expected["plays"], (pos, roll)
            checked += 1
    assert checked > 20


def test_legal_play_attributes() -> None:
    plays = tavla.legal_plays("start", (6, 4))
    p = next(p for p in plays if p.standard == "24/18 13/9")
    assert p.letters == "6/4 = 1A-7A and 12A-9"
    d = p.to_dict()
    assert p.position == d["result"]["json"]
    assert p.position_id == d["result"]["position_id"]
    assert p.xgid == d["result"]["xgid"]
    assert str(p) == "24/18 13/9" and p == "24/18 13/9"
    # Gul bara has no Position ID or XGID.
    g = tavla.legal_plays("start", (6, 4), variant="gul-bara")[0]
    assert g.position_id is None and g.xgid is None and g.position["white"]


def test_bytes_with_a_name_read_as_the_file_does() -> None:
    # A cluster hands its workers bytes, not paths: the same record as data gives the same
    # report, rows and document as its path, in every format.
    for path in [
        "fixtures/demo/invalid.mat",
        "fixtures/xg/test.xg",
        "fixtures/sgf/gnubg/m003-0080.sgf",
    ]:
        with open(path, "rb") as f:
            data = f.read()
        by_path = tavla.validate(path)
        by_data = tavla.validate(data=data, name=path)
        assert [x.code for x in by_data.findings] == [x.code for x in by_path.findings]
        assert by_data.errors == by_path.errors
        assert list(tavla.plays(data=data, name=path)) == list(tavla.plays(path))
        assert tavla.read(data=data, name=path) == tavla.read(path)
    # The extension is only a hint: an XG file is told from its bytes.
    with open("fixtures/xg/test.xg", "rb") as f:
        xg = f.read()
    assert tavla.read(data=xg, name="no-extension")["games"]
