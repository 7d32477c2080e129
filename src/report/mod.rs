//! The report layer: findings as miette diagnostics and as machine output (short lines,
//! JSON), the diagnostic code registry, and the JSON conversion of a replayed match.
//!
//! It knows nothing of rules; it presents what `replay` found.

pub mod codes;
pub mod explain;
pub mod formats;
pub mod gnubg;
pub mod json;
pub mod mat;

use std::fmt;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceCode,
};

use crate::notation::Span;
use crate::replay::{Finding, Severity};

/// Decode a file's bytes; invalid UTF-8 becomes U+FFFD and one finding per bad sequence.
pub fn decode(bytes: &[u8]) -> (String, Vec<Finding>) {
    let mut out = String::with_capacity(bytes.len());
    let mut findings = Vec::new();
    let mut rest = bytes;
    let mut consumed = 0usize;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.push_str(s);
                break;
            }
            Err(e) => {
                let good = e.valid_up_to();
                out.push_str(std::str::from_utf8(&rest[..good]).unwrap_or_default());
                let bad = e.error_len().unwrap_or(rest.len() - good);
                let at = out.len();
                out.push('\u{FFFD}');
                if findings.len() < 100 {
                    findings.push(
                        Finding::error(
                            "tavla::parse::invalid-utf8",
                            Span::new(at, '\u{FFFD}'.len_utf8()),
                            format!("invalid UTF-8 at byte {} of the file", consumed + good),
                        )
                        .label("not UTF-8")
                        .help("save the record as UTF-8; the bytes were read as U+FFFD and the rest of the file was still checked"),
                    );
                }
                consumed += good + bad;
                rest = &rest[good + bad..];
            }
        }
    }
    (out, findings)
}

/// Byte offset -> (1-based line, 1-based column in characters).
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Index the line starts of `text` (LF, CRLF and lone CR).
    pub fn new(text: &str) -> Self {
        let b = text.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'\n' || (b[i] == b'\r' && b.get(i + 1) != Some(&b'\n')) {
                starts.push(i + 1);
            }
            i += 1;
        }
        LineIndex { starts }
    }
    /// Line and column (both 1-based; column counts characters).
    pub fn locate(&self, text: &str, offset: usize) -> (usize, usize) {
        let line = match self.starts.binary_search(&offset) {
            Ok(l) => l,
            Err(l) => l - 1,
        };
        let start = self.starts[line];
        let end = offset.min(text.len());
        let col = text
            .get(start..end)
            .map(|s| s.chars().count())
            .unwrap_or(end - start)
            + 1;
        (line + 1, col)
    }
}

/// A finding bound to its file, as a miette diagnostic.
pub struct Report<'a> {
    finding: &'a Finding,
    source: &'a NamedSource<String>,
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Report")
            .field("finding", self.finding)
            .finish()
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.finding.message)
    }
}

impl std::error::Error for Report<'_> {}

impl Diagnostic for Report<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.finding.code))
    }
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.finding.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Advice => miette::Severity::Advice,
        })
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.finding
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let f = self.finding;
        let primary = LabeledSpan::new_primary_with_span(
            (!f.label.is_empty()).then(|| f.label.clone()),
            miette::SourceSpan::from(f.span),
        );
        let rest = f.related.iter().map(|(s, l)| {
            LabeledSpan::new_with_span(Some(l.clone()), miette::SourceSpan::from(*s))
        });
        Some(Box::new(std::iter::once(primary).chain(rest)))
    }
}

/// Human rendering options.
#[derive(Copy, Clone, Debug)]
pub struct Style {
    /// ANSI colours.
    pub color: bool,
    /// Unicode box drawing.
    pub unicode: bool,
    /// Terminal width.
    pub width: usize,
}

/// Render every finding of one file through miette's graphical handler.
pub fn render_human(name: &str, text: &str, findings: &[Finding], style: Style) -> String {
    let source = NamedSource::new(name, text.to_string());
    let theme = match (style.unicode, style.color) {
        (true, true) => GraphicalTheme::unicode(),
        (true, false) => GraphicalTheme::unicode_nocolor(),
        (false, true) => GraphicalTheme::ascii(),
        (false, false) => GraphicalTheme::none(),
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false);
    let mut out = String::new();
    for f in findings {
        let r = Report {
            finding: f,
            source: &source,
        };
        let _ = handler.render_report(&mut out, &r);
        out.push('\n');
    }
    out
}

/// `path:line:col: severity[code] message`, one line per finding.
pub fn render_short(name: &str, text: &str, findings: &[Finding]) -> String {
    let idx = LineIndex::new(text);
    let mut out = String::new();
    for f in findings {
        let (l, c) = idx.locate(text, f.span.offset);
        let sev = match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Advice => "note",
        };
        out.push_str(&format!(
            "{name}:{l}:{c}: {sev}[{}] {}\n",
            f.code,
            f.message.replace('\n', " ")
        ));
    }
    out
}

/// One finding as a JSON object with line and column.
pub fn finding_json(name: &str, text: &str, idx: &LineIndex, f: &Finding) -> serde_json::Value {
    let (l, c) = idx.locate(text, f.span.offset);
    let (el, ec) = idx.locate(text, f.span.end());
    serde_json::json!({
        "path": name,
        "code": f.code,
        "severity": f.severity,
        "message": f.message,
        "line": l,
        "column": c,
        "end_line": el,
        "end_column": ec,
        "offset": f.span.offset,
        "length": f.span.len,
        "label": f.label,
        "help": f.help,
        "related": f.related.iter().map(|(s, lbl)| {
            let (l, c) = idx.locate(text, s.offset);
            serde_json::json!({"line": l, "column": c, "offset": s.offset, "length": s.len, "label": lbl})
        }).collect::<Vec<_>>(),
    })
}
