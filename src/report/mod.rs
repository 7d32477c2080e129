//! The report layer: findings as miette diagnostics and as machine output (short lines,
//! JSON), the diagnostic code registry, and the JSON conversion of a replayed match.
//!
//! It knows nothing of rules; it presents what `replay` found.

pub mod diagram;
pub mod formats;
pub mod html;
pub mod json;
pub mod jsonl;
mod located;
pub mod ogid;
pub mod single;
pub mod svg;
pub mod table;

/// The former name of [`diagram`], kept for the code that uses it.
pub use diagram as board;
pub use located::{Located, LocatedFinding, finding_json, severity_name};

use std::fmt;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, SourceCode, SpanContents,
};

use crate::replay::{Finding, Severity};

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
    /// Where each line starts (0 first).
    pub(crate) fn into_starts(self) -> Vec<usize> {
        self.starts
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

/// A file's text for miette, with its line starts indexed once.
///
/// miette's own sources (`str`, `NamedSource`) find a span's context lines by scanning the
/// text from its start, so rendering many findings of a large file took time in the product
/// of the two (0.8 MB with 657 findings: 1.8 s; 16 MB: hours). This one starts the same
/// scan a line before the context instead, and gives the same contents (a test compares
/// them).
struct IndexedSource<'t> {
    name: String,
    text: &'t str,
    /// Where each line starts, by miette's rule (after an LF, a CRLF or a lone CR).
    starts: Vec<usize>,
}

impl<'t> IndexedSource<'t> {
    fn new(name: &str, text: &'t str) -> Self {
        IndexedSource {
            name: name.to_string(),
            text,
            starts: LineIndex::new(text).into_starts(),
        }
    }
}

impl SourceCode for IndexedSource<'_> {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        // A finding's spans lie inside its text; miette's reader can panic on one that starts
        // past the end, so that is refused here.
        if span.offset().saturating_add(span.len()) > self.text.len() {
            return Err(MietteError::OutOfBounds);
        }
        // The line holding the span's start, then one line more than the context before it:
        // the scan starts there, at a line start strictly before the span (or at the text's
        // start), so it sees the same lines as one from the start of the text.
        let line = self
            .starts
            .partition_point(|&s| s <= span.offset())
            .saturating_sub(1);
        let first = line.saturating_sub(context_lines_before + 1);
        let base = self.starts.get(first).copied().unwrap_or(0);
        let bytes = self.text.as_bytes().get(base..).unwrap_or(&[]);
        let shifted = miette::SourceSpan::from((span.offset() - base, span.len()));
        let inner = bytes.read_span(&shifted, context_lines_before, context_lines_after)?;
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            (inner.span().offset() + base, inner.span().len()).into(),
            inner.line() + first,
            inner.column(),
            inner.line_count() + first,
        )))
    }
}

/// A finding bound to its file, as a miette diagnostic.
pub struct Report<'a> {
    finding: &'a Finding,
    source: &'a IndexedSource<'a>,
}

impl Report<'_> {
    /// The entry of the checked record that holds the finding (`32: 6/3 6/2`), trimmed.
    fn entry(&self) -> Option<String> {
        if let Some(e) = &self.finding.entry {
            return Some(e.clone());
        }
        let text = self.source.text;
        let at = self.finding.span.offset.min(text.len());
        let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        // The cell holding the span: from its start to the next run of spaces.
        let line = &text[start..end];
        let rel = at - start;
        let cell_start = line[..rel].rfind("  ").map_or(0, |i| i + 2);
        let cell_end = line[rel..].find("  ").map_or(line.len(), |i| rel + i);
        let cell = line.get(cell_start..cell_end)?.trim();
        let cell = cell
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == ')')
            .trim();
        (!cell.is_empty()).then(|| cell.to_string())
    }
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
        // A finding on a record read from a binary file is located in the file's own terms
        // (game, turn, side, record), with the entry it concerns in notation: the file has
        // no lines to show.
        let place = self
            .finding
            .byte_offset()
            .and_then(|_| place_words(self.finding));
        // The file's name first: without a snippet nothing else names it.
        let name = &self.source.name;
        let place = place.map(|p| match self.entry() {
            Some(e) => format!("at {name}: {p}: {e}"),
            None => format!("at {name}: {p}"),
        });
        match (&self.finding.help, place) {
            (Some(h), Some(p)) => Some(Box::new(format!("{p}\n{h}"))),
            (None, Some(p)) => Some(Box::new(p)),
            (h, None) => h.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>),
        }
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        if self.finding.byte_offset().is_some() {
            return None;
        }
        Some(self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let f = self.finding;
        if f.byte_offset().is_some() {
            return None;
        }
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

/// Renders the findings of one file through miette's graphical handler, each in time
/// proportional to its context (the file's lines are indexed once).
pub struct HumanRenderer<'t> {
    source: IndexedSource<'t>,
    handler: GraphicalReportHandler,
}

impl<'t> HumanRenderer<'t> {
    /// A renderer for the file `name` holding `text`.
    pub fn new(name: &str, text: &'t str, style: Style) -> Self {
        let theme = match (style.unicode, style.color) {
            (true, true) => GraphicalTheme::unicode(),
            (true, false) => GraphicalTheme::unicode_nocolor(),
            (false, true) => GraphicalTheme::ascii(),
            (false, false) => GraphicalTheme::none(),
        };
        HumanRenderer {
            source: IndexedSource::new(name, text),
            handler: GraphicalReportHandler::new_themed(theme)
                .with_width(style.width)
                .with_links(false),
        }
    }

    /// One finding, followed by a blank line.
    pub fn render(&self, finding: &Finding) -> String {
        let mut out = String::new();
        let r = Report {
            finding,
            source: &self.source,
        };
        let _ = self.handler.render_report(&mut out, &r);
        out.push('\n');
        out
    }
}

/// Render every finding of one file through miette's graphical handler.
pub fn render_human(name: &str, text: &str, findings: &[Finding], style: Style) -> String {
    let r = HumanRenderer::new(name, text, style);
    findings.iter().map(|f| r.render(f)).collect()
}

/// `s` made safe for a terminal: every control character that came from the input is written
/// as a Rust escape (`\u{0}`), so no file can garble the screen it is reported on. A newline
/// is kept, `\r\n` becomes a newline, a tab a space; with `keep_colour`, the renderer's own
/// colour sequences (`ESC [ … m`) are kept.
///
/// ```
/// use tavla::report::terminal_safe;
/// assert_eq!(terminal_safe("a\0b\r\nc\td", false), "a\\u{0}b\nc d");
/// assert_eq!(terminal_safe("\u{1b}[31mred\u{1b}[0m", true), "\u{1b}[31mred\u{1b}[0m");
/// assert_eq!(terminal_safe("\u{1b}]0;title\u{7}", true), "\\u{1b}]0;title\\u{7}");
/// ```
pub fn terminal_safe(s: &str, keep_colour: bool) -> std::borrow::Cow<'_, str> {
    let unsafe_char = |c: char| (c.is_control() && c != '\n') || c == '\u{7f}';
    if !s.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        let len = c.len_utf8();
        match c {
            '\r' if rest[1..].starts_with('\n') => {}
            '\t' => out.push(' '),
            '\u{1b}' if keep_colour => {
                // ESC [ digits and semicolons m: a colour, kept whole.
                let tail = &rest[1..];
                let body = tail.strip_prefix('[').map(|t| {
                    t.bytes()
                        .take_while(|b| b.is_ascii_digit() || *b == b';')
                        .count()
                });
                match body {
                    Some(n) if tail.as_bytes().get(1 + n) == Some(&b'm') => {
                        out.push_str(&rest[..n + 3]);
                        rest = &rest[n + 3..];
                        continue;
                    }
                    _ => out.push_str("\\u{1b}"),
                }
            }
            c if unsafe_char(c) => {
                use std::fmt::Write as _;
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
        rest = &rest[len..];
    }
    std::borrow::Cow::Owned(out)
}

/// The player of a record's column: White the left, Black the right.
pub(crate) fn column_side(c: crate::notation::Column) -> crate::rules::Side {
    match c {
        crate::notation::Column::Left => crate::rules::Side::White,
        crate::notation::Column::Right => crate::rules::Side::Black,
    }
}

/// How many of `findings` are errors, and how many warnings.
pub fn error_and_warning_counts(findings: &[Finding]) -> (usize, usize) {
    let count = |s: Severity| findings.iter().filter(|f| f.severity == s).count();
    (count(Severity::Error), count(Severity::Warning))
}

/// `path:line:col: severity[code] message`, one line per finding.
pub fn render_short(name: &str, text: &str, findings: &[Finding]) -> String {
    if findings.is_empty() {
        return String::new();
    }
    let idx = LineIndex::new(text);
    let mut out = String::new();
    for f in findings {
        let (l, c) = idx.locate(text, f.span.offset);
        let sev = match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Advice => "note",
        };
        // A binary file has no lines: its place in the match and in the file instead.
        let at = match f.byte_offset().and_then(|_| place_words(f)) {
            Some(p) => format!("{name}: {p}"),
            None => format!("{name}:{l}:{c}"),
        };
        out.push_str(&format!(
            "{at}: {sev}[{}] {}\n",
            f.code,
            f.message.replace('\n', " ")
        ));
    }
    out
}

/// Where a finding stands, in words: `game 2, turn 14, white` and, for a record read from a
/// binary file, `record at byte 7680` (`byte 12` outside the games); `None` when the finding
/// has neither.
pub fn place_words(f: &Finding) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(p) = f.place {
        if p.match_number > 1 {
            parts.push(format!("match {}", p.match_number));
        }
        parts.push(format!("game {}", p.game));
        if let Some(t) = p.turn {
            parts.push(format!("turn {t}"));
        }
        if let Some(s) = p.side {
            parts.push(s.name().to_string());
        }
    }
    if let Some(o) = f.byte_offset() {
        // In a game: the offset of its record; before any (a damaged container): a byte.
        parts.push(if f.place.is_some() {
            format!("record at byte {o}")
        } else {
            format!("byte {o}")
        });
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes::Code;
    use crate::notation::Span;

    /// Everything miette reads of a span's contents.
    fn contents(c: &dyn SpanContents<'_>) -> (Vec<u8>, (usize, usize), usize, usize, usize) {
        (
            c.data().to_vec(),
            (c.span().offset(), c.span().len()),
            c.line(),
            c.column(),
            c.line_count(),
        )
    }

    proptest::proptest! {
        /// The indexed source gives what miette's own scan from the start gives, for any
        /// span inside the text and any context, with LF, CRLF and lone CR line ends.
        #[test]
        fn indexed_source_reads_spans_like_miette(
            text in "[ab\n\r]{0,40}",
            at in 0.0f64..=1.0,
            len in 0usize..8,
            before in 0usize..4,
            after in 0usize..4,
        ) {
            let offset = (at * text.len() as f64) as usize;
            let len = len.min(text.len() - offset);
            let src = IndexedSource::new("f", &text);
            let span = miette::SourceSpan::from((offset, len));
            let ours = src.read_span(&span, before, after);
            let theirs = text.as_str().read_span(&span, before, after);
            match (ours, theirs) {
                (Ok(a), Ok(b)) => {
                    proptest::prop_assert_eq!(contents(&*a), contents(&*b));
                    proptest::prop_assert_eq!(a.name(), Some("f"));
                }
                (Err(_), Err(_)) => {}
                (a, b) => proptest::prop_assert!(false, "{:?} vs {:?}", a.is_ok(), b.is_ok()),
            }
        }

        /// A span past the end of the text is an error, never a panic (miette's own reader
        /// panics on some).
        #[test]
        fn indexed_source_refuses_spans_past_the_end(
            text in "[ab\n\r]{0,10}",
            past in 1usize..5,
            len in 0usize..4,
            before in 0usize..3,
        ) {
            let src = IndexedSource::new("f", &text);
            let span = miette::SourceSpan::from((text.len() + past - 1, len + 1));
            proptest::prop_assert!(src.read_span(&span, before, 1).is_err());
        }
    }

    /// Many findings of a long file (rendered one at a time from the indexed source): each
    /// quotes its own line.
    #[test]
    fn many_findings_of_a_long_file_each_point_at_their_line() {
        let text: String = (0..20_000).map(|k| format!("line {k}\n")).collect();
        let findings: Vec<Finding> = (0..20_000)
            .step_by(7)
            .map(|k| {
                let at = text.find(&format!("line {k}\n")).unwrap_or(0);
                Finding::error(Code::Syntax, Span::new(at, 4), format!("finding {k}"))
            })
            .collect();
        let style = Style {
            color: false,
            unicode: false,
            width: 80,
        };
        let out = render_human("f.mat", &text, &findings, style);
        assert_eq!(out.matches("finding ").count(), findings.len());
        assert!(
            out.contains("[f.mat:19993:1]"),
            "{}",
            &out[out.len() - 400..]
        );
    }
}
