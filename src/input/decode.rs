//! UTF-8 decoding with located findings.

use crate::codes::Code;
use crate::notation::Span;
use crate::replay::Finding;

/// At most this many `invalid-utf8` findings are reported per file.
const MAX_FINDINGS: usize = 100;

/// Decode a file's bytes; invalid UTF-8 becomes U+FFFD and one finding per bad sequence
/// (the first 100), located on the U+FFFD in the decoded text.
///
/// ```
/// let (text, findings) = tavla::input::decode(b"; Jos\xe9\n");
/// assert_eq!(text, "; Jos\u{FFFD}\n");
/// assert_eq!(findings[0].code, tavla::Code::InvalidUtf8);
/// assert_eq!(findings[0].span.offset, 5);
/// ```
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
                if findings.len() < MAX_FINDINGS {
                    findings.push(
                        Finding::error(
                            Code::InvalidUtf8,
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

/// [`decode`] taking the bytes: valid UTF-8 (the usual case) becomes the text without a copy.
pub fn decode_owned(bytes: Vec<u8>) -> (String, Vec<Finding>) {
    match String::from_utf8(bytes) {
        Ok(text) => (text, Vec::new()),
        Err(e) => decode(e.as_bytes()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_utf8_is_kept_as_it_is() {
        let text = "; José, Şahin\n";
        assert_eq!(decode(text.as_bytes()), (text.to_string(), Vec::new()));
        assert_eq!(decode_owned(text.into()), (text.to_string(), Vec::new()));
    }

    #[test]
    fn each_bad_sequence_is_one_replacement_and_one_finding_at_its_byte() {
        let (text, findings) = decode_owned(b"a\xff\xfeb\xe2\x82".to_vec());
        assert_eq!(text, "a\u{FFFD}\u{FFFD}b\u{FFFD}");
        let at: Vec<(usize, &str)> = findings
            .iter()
            .map(|f| (f.span.offset, f.message.as_str()))
            .collect();
        assert_eq!(
            at,
            [
                (1, "invalid UTF-8 at byte 1 of the file"),
                (4, "invalid UTF-8 at byte 2 of the file"),
                (8, "invalid UTF-8 at byte 4 of the file"),
            ]
        );
        assert!(findings.iter().all(|f| f.span.len == 3));
    }

    #[test]
    fn findings_stop_at_a_hundred_while_decoding_goes_on() {
        let (text, findings) = decode(&[0xff; 250]);
        assert_eq!(text.chars().count(), 250);
        assert_eq!(findings.len(), MAX_FINDINGS);
    }
}
