//! Findings as LSP diagnostics: the code, severity and message of `tavla validate --format
//! json`, the span as a range in UTF-16 positions, the secondary labels (the roll, the
//! blocking point) and the repair a finding rests on as related locations.

use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Uri,
};
use serde_json::json;

use super::Document;
use crate::replay::{Finding, Severity};

/// The diagnostic source: `tavla`.
pub const SOURCE: &str = "tavla";

/// The protocol's severity of a finding's.
pub fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Advice => DiagnosticSeverity::INFORMATION,
    }
}

/// One finding as a diagnostic. The message is the finding's, its help (what was legal, what
/// to write) on the lines after it; `data` holds the repair and the suggestions, which the
/// quick fixes offer.
pub fn diagnostic(doc: &Document, uri: &Uri, f: &Finding) -> Diagnostic {
    let mut message = f.message.clone();
    if let Some(h) = f.help.as_deref().filter(|h| !h.is_empty()) {
        message.push('\n');
        message.push_str(h);
    }
    let mut related: Vec<DiagnosticRelatedInformation> = f
        .related
        .iter()
        .map(|(span, label)| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), doc.range(*span)),
            message: label.clone(),
        })
        .collect();
    if let Some(span) = f.rests_on {
        related.push(DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), doc.range(span)),
            message: "found after the repair of this play".into(),
        });
    }
    Diagnostic {
        range: doc.range(f.span),
        severity: Some(severity(f.severity)),
        code: Some(NumberOrString::String(f.code.as_str().to_string())),
        code_description: None,
        source: Some(SOURCE.into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: Some(json!({
            "label": f.label,
            "repair": f.repair.as_ref().map(|r| r.text.clone()),
        })),
    }
}

/// Every finding of the document as a diagnostic, in file order.
pub fn diagnostics(doc: &Document, uri: &Uri) -> Vec<Diagnostic> {
    doc.findings()
        .iter()
        .map(|f| diagnostic(doc, uri, f))
        .collect()
}
