# Compare a Parquet table of plays with the CSV of the same records: the same rows, and in
# each the same values (numbers compared as numbers), the Parquet columns typed. Read with
# DuckDB and with pyarrow (pandas' Parquet reader). Used by tests/cli/csv_cli.rs.
import csv
import sys

import duckdb
import pyarrow.parquet as pq

parquet_path, csv_path = sys.argv[1], sys.argv[2]
with open(csv_path, newline="", encoding="utf-8") as f:
    rows = list(csv.reader(f))
header, rows = rows[0], rows[1:]
table = pq.read_table(parquet_path)
assert table.column_names == header, (table.column_names, header)
records = table.to_pylist()
assert len(records) == len(rows), (len(records), len(rows))
for k, (p, c) in enumerate(zip(records, rows)):
    for name, text in zip(header, c):
        v = p[name]
        if v is None:
            assert text == "", (k, name, text)
        elif isinstance(v, bool):
            assert text == ("true" if v else "false"), (k, name, v, text)
        elif isinstance(v, int):
            assert int(text) == v, (k, name, v, text)
        elif isinstance(v, float):
            assert abs(float(text) - v) < 1e-12, (k, name, v, text)
        else:
            assert text == v, (k, name, v, text)
kinds = {f.name: str(f.type) for f in table.schema}
for name, kind in [("match", "int64"), ("die1", "int32"), ("legal", "bool"),
                   ("equity_loss", "double"), ("play", "string"), ("n_legal", "int64")]:
    assert kinds[name] == kind, (name, kinds[name])
count = duckdb.sql(f"select count(*) from '{parquet_path}'").fetchall()[0][0]
assert count == len(rows), count
print(len(rows))
