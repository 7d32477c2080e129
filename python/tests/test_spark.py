"""examples/spark_plays.py, the PySpark job over an archive, run in local mode on fixtures of
every kind: its Parquet table of plays (every partition read back, the partition column
dropped) holds the rows and values of `tavla convert --to parquet` of the same files, each
row in the partition of its game's variant; its findings are those of `tavla validate`."""

import os
import pathlib
import shutil
import subprocess
import sys
import urllib.parse
from typing import Any, Tuple

import pytest

import tavla
from conftest import Cli

pa = pytest.importorskip("pyarrow", reason="pyarrow is not installed (the job needs it)")
pytest.importorskip("pyspark", reason="pyspark is not installed: the Spark job is not run")
pytest.importorskip("pandas", reason="pandas is not installed (pyspark's mapInArrow needs it)")
if shutil.which("java") is None:
    pytest.skip("java is not installed: Spark cannot run", allow_module_level=True)

import pyarrow.dataset as ds  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402

# A small archive of every kind of record, in nested folders: backgammon and Gul bara .mat,
# .txt exports, gnubg's analysed SGF, XG files, records with errors.
ARCHIVE = {
    "bg/xg-test.mat": "fixtures/xg/test.mat",
    "bg/txt": "fixtures/corpus/mat",
    "gul/valid": "fixtures/gulbara/valid",
    "gul/demo/invalid.mat": "fixtures/demo/invalid.mat",
    "gul/demo/valid.mat": "fixtures/demo/valid.mat",
    "sgf": "fixtures/sgf/analysed",
    "xg/test.xg": "fixtures/xg/test.xg",
    "xg/match_with_comment.xg": "fixtures/xg/match_with_comment.xg",
}

KEYS = ["path", "match", "game", "turn", "side", "play"]


def _sorted(table: Any) -> Any:
    order = KEYS + [c for c in table.column_names if c not in KEYS]
    return table.select(list(tavla.COLUMNS)).sort_by([(c, "ascending") for c in order])


@pytest.fixture(scope="module")
def job(tmp_path_factory: pytest.TempPathFactory, root: pathlib.Path) -> Tuple[pathlib.Path, pathlib.Path]:
    base = tmp_path_factory.mktemp("spark")
    archive = base / "archive"
    for dest_name, src_name in ARCHIVE.items():
        src, dest = root / src_name, archive / dest_name
        dest.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dest, ignore=shutil.ignore_patterns("*.json", "*.md", "*.expect", "*.tsv"))
        else:
            shutil.copyfile(src, dest)
    out = base / "out"
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable)
    p = subprocess.run(
        [sys.executable, str(root / "examples/spark_plays.py"), str(archive), str(out), "--master", "local[2]"],
        cwd=base,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert p.returncode == 0, p.stderr[-5000:]
    return archive, out


def _local(path: str) -> str:
    # Spark names a file by its URI (`file:/tmp/...`).
    return urllib.parse.unquote(path[len("file:"):]) if path.startswith("file:") else path


def test_the_job_s_plays_are_convert_to_parquet_s(
    job: Tuple[pathlib.Path, pathlib.Path], cli: Cli, tmp_path: pathlib.Path
) -> None:
    archive, out = job
    expected_file = tmp_path / "plays.parquet"
    code, _, err = cli("convert", "--to", "parquet", "-o", str(expected_file), str(archive))
    assert code in (0, 1), err
    expected = pq.read_table(expected_file)
    got = ds.dataset(out / "plays", format="parquet", partitioning="hive").to_table()
    assert "variant" in got.column_names
    got = got.drop_columns(["variant"])
    paths = pa.array([_local(p) for p in got.column("path").to_pylist()], pa.string())
    got = got.set_column(got.schema.get_field_index("path"), "path", paths)
    # The same columns and types (Spark writes every column nullable).
    assert got.schema.names == expected.schema.names == list(tavla.COLUMNS)
    assert [f.type for f in got.schema] == [f.type for f in expected.schema]
    assert got.num_rows == expected.num_rows > 1000
    assert len(set(paths.to_pylist())) > 30
    got, expected = _sorted(got), _sorted(expected)
    for name in tavla.COLUMNS:
        assert got.column(name).to_pylist() == expected.column(name).to_pylist(), name


def test_each_row_is_in_its_game_s_variant_partition(job: Tuple[pathlib.Path, pathlib.Path]) -> None:
    _, out = job
    parts = sorted(p.name for p in (out / "plays").iterdir() if p.name.startswith("variant="))
    assert parts == ["variant=backgammon", "variant=gul-bara"]
    for part in parts:
        variant = part.split("=", 1)[1]
        t = pq.read_table(out / "plays" / part)
        for path in set(t.column("path").to_pylist()):
            assert tavla.read(_local(path))["variant"] == variant, path


def test_the_job_s_findings_are_validate_s(job: Tuple[pathlib.Path, pathlib.Path]) -> None:
    archive, out = job
    got = pq.read_table(out / "findings").to_pylist()
    report = tavla.validate(str(archive), allow_empty=True)
    expected = [
        (f.path, f.code, f.severity, f.match, f.game, f.turn, f.message, f.line) for f in report.findings
    ]
    got = [
        (_local(r["path"]), r["code"], r["severity"], r["match"], r["game"], r["turn"], r["message"], r["line"])
        for r in got
    ]
    assert any(f[2] == "error" for f in expected)
    def key(f: Tuple[object, ...]) -> Tuple[str, ...]:
        return tuple("" if x is None else str(x) for x in f)

    assert sorted(got, key=key) == sorted(expected, key=key)
