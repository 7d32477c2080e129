//! Formatting: the record rewritten in the canonical `.mat` layout, as `tavla convert --to
//! mat` writes it. A record already in that layout gets no edit. A record the reader could
//! not read whole (a syntax error, undecodable bytes) is left as it is: its unread lines
//! would be lost; so is one whose rewrite would check differently.

use lsp_types::{Position, Range, TextEdit};

use super::Document;
use crate::replay::{Finding, Severity};

/// Why a record is not formatted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotFormatted(pub String);

fn unread(f: &Finding) -> bool {
    let code = f.code.as_str();
    code.starts_with("tavla::parse::") || code.starts_with("tavla::io::")
}

fn errors(fs: &[Finding]) -> Vec<&'static str> {
    let mut codes: Vec<&'static str> = fs
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| f.code.as_str())
        .collect();
    codes.sort_unstable();
    codes
}

/// The canonical text of the document.
///
/// # Errors
/// Not a `.mat` record, not read whole, or its rewrite would not check the same.
pub fn canonical(doc: &Document) -> Result<String, NotFormatted> {
    if !doc.is_mat() {
        return Err(NotFormatted("only `.mat` records are formatted".into()));
    }
    if let Some(f) = doc.findings().iter().find(|f| unread(f)) {
        return Err(NotFormatted(format!(
            "not formatted: line {} could not be read ({})",
            doc.lines.line_of(f.span.offset) + 1,
            f.code
        )));
    }
    let v = doc
        .traced()
        .ok_or_else(|| NotFormatted("the record could not be read".into()))?;
    if v.record.games.is_empty() {
        return Err(NotFormatted(
            "not formatted: the record holds no game".into(),
        ));
    }
    let out = v
        .matches()
        .map(|m| crate::notation::write_mat(&crate::report::json::match_json(m, false, "")))
        .collect::<Vec<_>>()
        .join("\n");
    if out != doc.text {
        let again = Document::new(&doc.name, out.clone());
        if errors(again.findings()) != errors(doc.findings()) {
            return Err(NotFormatted(
                "not formatted: the rewritten record would not check the same".into(),
            ));
        }
    }
    Ok(out)
}

/// The edits that format the document: none when it is in the canonical layout already,
/// else one replacing the whole text.
///
/// # Errors
/// As [`canonical`].
pub fn formatting(doc: &Document) -> Result<Vec<TextEdit>, NotFormatted> {
    let out = canonical(doc)?;
    if out == doc.text {
        return Ok(Vec::new());
    }
    let end = doc.lines.position(&doc.text, doc.text.len());
    Ok(vec![TextEdit::new(
        Range::new(Position::new(0, 0), end),
        out,
    )])
}
