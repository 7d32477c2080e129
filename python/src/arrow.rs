//! The table of plays as Arrow record batches (`tavla.plays_arrow`): the columns of
//! `convert --to parquet`, typed as its Parquet schema, built in Rust and handed to pyarrow
//! (or any reader of the Arrow PyCapsule interface) through the C stream interface, with no
//! Python object per value.

use std::ffi::CString;
use std::path::PathBuf;
use std::sync::Arc;

use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{
    ArrayRef, BooleanArray, Float64Array, Int32Array, Int64Array, RecordBatch, RecordBatchIterator,
    StringArray,
};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;
use rayon::prelude::*;
use tavla::input::{Input, Source};
use tavla::replay::{Overrides, Verdict};
use tavla::report::table::{self, PlayRow};

use crate::{CHUNK, inputs, overrides, pool};

/// The Arrow type and nullability of each column of [`table::COLUMNS`], as the Parquet
/// schema of `convert --to parquet` types them (`INT64`, `INT32`, `BOOLEAN`, `DOUBLE`,
/// UTF-8 strings; `required` columns are not nullable).
const TYPES: [(DataType, bool); 25] = [
    (DataType::Utf8, false),   // path
    (DataType::Int64, false),  // match
    (DataType::Int64, false),  // game
    (DataType::Int64, true),   // turn
    (DataType::Utf8, false),   // side
    (DataType::Utf8, true),    // player
    (DataType::Int32, true),   // die1
    (DataType::Int32, true),   // die2
    (DataType::Utf8, false),   // play
    (DataType::Utf8, true),    // position_before
    (DataType::Utf8, true),    // xgid_before
    (DataType::Boolean, true), // legal
    (DataType::Utf8, true),    // code
    (DataType::Int64, true),   // n_legal
    (DataType::Int32, true),   // pips_before_white
    (DataType::Int32, true),   // pips_before_black
    (DataType::Int64, true),   // score_white
    (DataType::Int64, true),   // score_black
    (DataType::Int32, true),   // cube
    (DataType::Float64, true), // equity_loss
    (DataType::Utf8, true),    // best_play
    (DataType::Float64, true), // cube_error
    (DataType::Utf8, true),    // proper_cube
    (DataType::Float64, true), // luck
    (DataType::Utf8, true),    // comment
];

/// The schema of the table: [`table::COLUMNS`], then `variant` (nullable text) when asked.
fn schema(with_variant: bool) -> SchemaRef {
    let mut fields: Vec<Field> = table::COLUMNS
        .iter()
        .zip(TYPES)
        .map(|(name, (ty, nullable))| Field::new(*name, ty, nullable))
        .collect();
    if with_variant {
        fields.push(Field::new("variant", DataType::Utf8, true));
    }
    Arc::new(Schema::new(fields))
}

/// The rows of a checked record, with the variant each row's game was replayed as (`None`
/// for a variant tavla does not support).
struct Rows {
    rows: Vec<PlayRow>,
    variants: Vec<Option<&'static str>>,
}

fn rows_of(src: &Source, o: &Overrides, t: table::TableOptions, with_variant: bool) -> Rows {
    let v = src.check_table(o);
    let rows = table::rows(&src.name, &v, &src.text, t);
    let variants = if with_variant {
        variants(&v, &rows)
    } else {
        Vec::new()
    };
    Rows { rows, variants }
}

/// The variant of each row: its game's rules (in a rotating match each game's own), else
/// its match's.
fn variants(v: &Verdict, rows: &[PlayRow]) -> Vec<Option<&'static str>> {
    let mut games: Vec<((usize, u64), Option<&'static str>)> = Vec::new();
    for (i, m) in v.matches().enumerate() {
        for (gi, g) in m.record.games.iter().enumerate() {
            let rules = m.games.get(gi).map(|t| t.rules).or(m.rules);
            games.push(((i + 1, g.number), rules.map(|r| r.variant().name())));
        }
    }
    rows.iter()
        .map(|r| {
            let key = (r.match_number, r.game);
            games
                .iter()
                .find(|(k, _)| *k == key)
                .and_then(|(_, name)| *name)
        })
        .collect()
}

/// One record batch of `rows` under `schema`.
fn batch(schema: &SchemaRef, rows: &[Rows]) -> Result<RecordBatch, String> {
    let all = || rows.iter().flat_map(|r| r.rows.iter());
    fn text<'a>(it: impl Iterator<Item = Option<&'a str>>) -> ArrayRef {
        Arc::new(it.collect::<StringArray>())
    }
    fn int64(it: impl Iterator<Item = Option<i64>>) -> ArrayRef {
        Arc::new(it.collect::<Int64Array>())
    }
    fn int32(it: impl Iterator<Item = Option<i32>>) -> ArrayRef {
        Arc::new(it.collect::<Int32Array>())
    }
    fn float(it: impl Iterator<Item = Option<f64>>) -> ArrayRef {
        Arc::new(it.collect::<Float64Array>())
    }
    let mut columns: Vec<ArrayRef> = vec![
        Arc::new(StringArray::from_iter_values(
            all().map(|r| r.path.as_str()),
        )),
        Arc::new(Int64Array::from_iter_values(
            all().map(|r| r.match_number as i64),
        )),
        Arc::new(Int64Array::from_iter_values(all().map(|r| r.game as i64))),
        int64(all().map(|r| r.turn.map(|t| t as i64))),
        Arc::new(StringArray::from_iter_values(all().map(|r| r.side))),
        text(all().map(|r| r.player.as_deref())),
        int32(all().map(|r| r.die1.map(i32::from))),
        int32(all().map(|r| r.die2.map(i32::from))),
        Arc::new(StringArray::from_iter_values(
            all().map(|r| r.play.as_str()),
        )),
        text(all().map(|r| r.position_before.as_deref())),
        text(all().map(|r| r.xgid_before.as_deref())),
        Arc::new(all().map(|r| r.legal).collect::<BooleanArray>()),
        text(all().map(|r| r.code)),
        int64(all().map(|r| r.n_legal.map(|n| n as i64))),
        int32(all().map(|r| r.pips_before_white.map(|n| n as i32))),
        int32(all().map(|r| r.pips_before_black.map(|n| n as i32))),
        int64(all().map(|r| r.score_white.map(|n| n as i64))),
        int64(all().map(|r| r.score_black.map(|n| n as i64))),
        int32(all().map(|r| r.cube.map(|n| n as i32))),
        float(all().map(|r| r.equity_loss)),
        text(all().map(|r| r.best_play.as_deref())),
        float(all().map(|r| r.cube_error)),
        text(all().map(|r| r.proper_cube.as_deref())),
        float(all().map(|r| r.luck)),
        text(all().map(|r| r.comment.as_deref())),
    ];
    if schema.fields().len() > columns.len() {
        columns.push(text(rows.iter().flat_map(|r| r.variants.iter().copied())));
    }
    RecordBatch::try_new(schema.clone(), columns).map_err(|e| e.to_string())
}

/// The table of plays as Arrow record batches, read once through `__arrow_c_stream__` (the
/// Arrow PyCapsule interface): `pyarrow.table(plays)`, `pyarrow.RecordBatchReader.from_stream`,
/// Polars, DuckDB.
#[pyclass(module = "tavla")]
pub struct ArrowPlays {
    schema: SchemaRef,
    batches: Option<Vec<RecordBatch>>,
    rows: usize,
}

#[pymethods]
impl ArrowPlays {
    /// A PyCapsule `arrow_array_stream` holding the batches (the stream can be taken once);
    /// `requested_schema` is not applied (the table has one schema).
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(
        &mut self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let batches = self
            .batches
            .take()
            .ok_or_else(|| PyValueError::new_err("the table of plays was already read"))?;
        let reader = RecordBatchIterator::new(batches.into_iter().map(Ok), self.schema.clone());
        let stream = FFI_ArrowArrayStream::new(Box::new(reader));
        let name = CString::new("arrow_array_stream").expect("no NUL in the name");
        PyCapsule::new(py, stream, Some(name))
    }
    /// The number of rows.
    #[getter]
    fn num_rows(&self) -> usize {
        self.rows
    }
    fn __len__(&self) -> usize {
        self.rows
    }
    fn __repr__(&self) -> String {
        format!("ArrowPlays(rows={})", self.rows)
    }
}

/// The table of plays of the records of `paths` (walked as `plays` walks them) or of one
/// record given as bytes (`data`, named `name`), as Arrow record batches: one per chunk of
/// files, checked in parallel, the GIL released while they are read and replayed. With
/// `with_variant`, a last column `variant` (the variant each game was replayed as).
#[pyfunction]
#[pyo3(signature = (paths=None, data=None, name=None, variant=None, rules=None, rule=None, jobs=None, ext=None, with_variant=false, legal_counts=false))]
#[allow(clippy::too_many_arguments)]
pub fn plays_arrow(
    py: Python<'_>,
    paths: Option<Vec<PathBuf>>,
    data: Option<Vec<u8>>,
    name: Option<String>,
    variant: Option<&str>,
    rules: Option<&str>,
    rule: Option<Vec<String>>,
    jobs: Option<usize>,
    ext: Option<Vec<String>>,
    with_variant: bool,
    legal_counts: bool,
) -> PyResult<ArrowPlays> {
    let o = overrides(variant, rules, rule)?;
    let t = table::TableOptions { legal_counts };
    let schema = schema(with_variant);
    let batches: Vec<RecordBatch> = match (paths, data) {
        (None, Some(data)) => {
            let name = name.unwrap_or_else(|| "<data>".into());
            py.detach(|| {
                let src = Source::from_bytes(name.clone(), data)
                    .map_err(|e| PyOSError::new_err(format!("{name}: {e}")))?;
                let rows = [rows_of(&src, &o, t, with_variant)];
                if rows[0].rows.is_empty() {
                    return Ok(Vec::new());
                }
                batch(&schema, &rows)
                    .map(|b| vec![b])
                    .map_err(PyRuntimeError::new_err)
            })?
        }
        (Some(paths), None) => {
            let mut found = inputs(paths, ext)?;
            let workers = pool(jobs)?;
            py.detach(|| {
                let mut out = Vec::new();
                loop {
                    let chunk: Vec<Input> = found.by_ref().take(CHUNK).collect();
                    if chunk.is_empty() {
                        return Ok::<_, PyErr>(out);
                    }
                    let checked: Vec<Result<Rows, String>> = workers.install(|| {
                        chunk
                            .par_iter()
                            .map(|i| {
                                let src = i.load().map_err(|e| format!("{}: {e}", i.name()))?;
                                Ok(rows_of(&src, &o, t, with_variant))
                            })
                            .collect()
                    });
                    let checked = checked
                        .into_iter()
                        .collect::<Result<Vec<Rows>, String>>()
                        .map_err(PyOSError::new_err)?;
                    if checked.iter().any(|r| !r.rows.is_empty()) {
                        out.push(batch(&schema, &checked).map_err(PyRuntimeError::new_err)?);
                    }
                }
            })?
        }
        _ => return Err(PyValueError::new_err("give paths or data")),
    };
    let rows = batches.iter().map(RecordBatch::num_rows).sum();
    Ok(ArrowPlays {
        schema,
        batches: Some(batches),
        rows,
    })
}
