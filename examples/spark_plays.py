#!/usr/bin/env python3
"""The table of plays and the findings of an archive of match records, with PySpark.

Every record file under INPUT (`.mat`, `.txt`, gnubg's `.sgf`, eXtreme Gammon's `.xg` and
`.xgp`, as `tavla convert` reads by default; `--ext` to change) is read by Spark as bytes
(the `binaryFile` source), and each worker replays it with the Python package:
`tavla.plays_arrow(data=..., name=path)` builds the rows as Arrow arrays in Rust, handed to
Spark through `mapInArrow` with no Python object per value. Two tables are written:

    OUTPUT/plays/variant=<variant>/part-*.parquet   the columns of `tavla convert --to parquet`,
                                                    partitioned by the variant each game was
                                                    replayed as
    OUTPUT/findings/part-*.parquet                  one row per finding of `tavla validate`:
                                                    path, match, game, turn, side, severity,
                                                    code, message, line

Run locally (pip install pyspark pyarrow pandas, and the tavla wheel; Java 17 or later):

    python examples/spark_plays.py ARCHIVE OUT                 # --master local[2]
    python examples/spark_plays.py ARCHIVE OUT --master 'local[*]'

On a cluster, submit it with spark-submit. The `tavla` wheel holds a compiled extension, so
`--py-files` cannot ship it (Python imports no extension module from a zip): install the
wheel on every worker (`pip install tavla-*.whl pyarrow pandas`, in the image or by a bootstrap
script), or pack a virtual environment holding it and pass the archive:

    python -m venv env && env/bin/pip install tavla-0.1.0-cp39-abi3-*.whl pyarrow pandas venv-pack
    env/bin/venv-pack -o env.tar.gz
    spark-submit --master yarn --deploy-mode cluster \\
        --archives env.tar.gz#env \\
        --conf spark.pyspark.python=./env/bin/python \\
        examples/spark_plays.py hdfs:///archives/matches hdfs:///tables/matches

Under spark-submit the job takes spark-submit's `--master` (give `--master` after the script's
arguments only to override it).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Iterator, List

import pyarrow as pa

# The findings table: one row per finding of `tavla.validate(data=..., name=...)`.
FINDINGS = pa.schema(
    [
        pa.field("path", pa.string(), nullable=False),
        pa.field("match", pa.int64()),
        pa.field("game", pa.int64()),
        pa.field("turn", pa.int64()),
        pa.field("side", pa.string()),
        pa.field("severity", pa.string(), nullable=False),
        pa.field("code", pa.string(), nullable=False),
        pa.field("message", pa.string(), nullable=False),
        pa.field("line", pa.int64()),
    ]
)


def plays_schema() -> pa.Schema:
    """The schema of `tavla.plays_arrow(..., with_variant=True)`: the Parquet columns of
    `tavla convert`, then `variant`."""
    import tavla

    return tavla.plays_arrow(data=b"", name="schema.mat", with_variant=True).schema


def spark_schema(schema: pa.Schema):
    """The Spark schema of an Arrow schema of the types tavla writes."""
    from pyspark.sql import types as T

    types = {
        pa.string(): T.StringType(),
        pa.int64(): T.LongType(),
        pa.int32(): T.IntegerType(),
        pa.bool_(): T.BooleanType(),
        pa.float64(): T.DoubleType(),
    }
    return T.StructType([T.StructField(f.name, types[f.type], f.nullable) for f in schema])


def plays_batches(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    """`mapInArrow`: files (`path`, `content`) in, their plays out (with `variant`)."""
    import tavla

    for batch in batches:
        paths = batch.column("path").to_pylist()
        contents = batch.column("content").to_pylist()
        tables = [
            tavla.plays_arrow(data=content, name=path, with_variant=True)
            for path, content in zip(paths, contents)
        ]
        # One Arrow batch per batch of files, not one per file.
        if tables:
            yield from pa.concat_tables(tables).combine_chunks().to_batches()


def finding_batches(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    """`mapInArrow`: files (`path`, `content`) in, their findings out."""
    import tavla

    for batch in batches:
        rows: List[dict] = []
        paths = batch.column("path").to_pylist()
        contents = batch.column("content").to_pylist()
        for path, content in zip(paths, contents):
            for f in tavla.validate(data=content, name=path).findings:
                d = f.to_dict()
                rows.append({k: d.get(k) for k in FINDINGS.names})
        if rows:
            yield pa.RecordBatch.from_pylist(rows, schema=FINDINGS)


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("input", help="the archive: a directory searched recursively (any Hadoop path)")
    ap.add_argument("output", help="the output directory (plays/ and findings/ are replaced)")
    ap.add_argument(
        "--master",
        default=None,
        help="Spark master (default local[2]; under spark-submit, spark-submit's)",
    )
    ap.add_argument(
        "--ext",
        default="mat,txt,sgf,xg,xgp",
        help="extensions of the record files read (default: mat,txt,sgf,xg,xgp, as tavla convert)",
    )
    ap.add_argument("--no-findings", action="store_true", help="write the table of plays only")
    args = ap.parse_args(argv)

    from pyspark.sql import SparkSession

    master = args.master
    if master is None and "PYSPARK_GATEWAY_PORT" not in os.environ:
        master = "local[2]"  # run with python, not spark-submit
    if master and master.startswith("local"):
        # The workers run this Python (where tavla and pyarrow are installed).
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    builder = SparkSession.builder.appName("tavla-plays")
    if master:
        builder = builder.master(master)
    # 64 files per Arrow batch handed to a worker (the content of every file of a batch is in
    # memory at once). A record is a small file: Spark's default cost of opening one (4 MB)
    # would make a task of every few dozen files and spend more time starting tasks than
    # replaying records.
    spark = (
        builder.config("spark.sql.execution.arrow.maxRecordsPerBatch", "64")
        .config("spark.sql.files.openCostInBytes", str(64 * 1024))
        .config("spark.ui.showConsoleProgress", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("WARN")

    exts = [e.strip().lstrip(".") for e in args.ext.split(",") if e.strip()]
    glob = "*.{" + ",".join(sorted({v for e in exts for v in (e.lower(), e.upper())})) + "}"
    files = (
        spark.read.format("binaryFile")
        .option("recursiveFileLookup", "true")
        .option("pathGlobFilter", glob)
        .load(args.input)
        .select("path", "content")
    )
    out = args.output.rstrip("/")

    t0 = time.perf_counter()
    plays = files.mapInArrow(plays_batches, spark_schema(plays_schema()))
    plays.write.mode("overwrite").partitionBy("variant").parquet(out + "/plays")
    t1 = time.perf_counter()
    print(f"plays: {out}/plays in {t1 - t0:.1f} s", file=sys.stderr)
    if not args.no_findings:
        findings = files.mapInArrow(finding_batches, spark_schema(FINDINGS))
        findings.write.mode("overwrite").parquet(out + "/findings")
        print(f"findings: {out}/findings in {time.perf_counter() - t1:.1f} s", file=sys.stderr)
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
