//! The comments of `temp.xgc`: one RTF document a comment, in Windows-1252, turned into plain
//! text.

/// Plain text of one RTF comment of `temp.xgc` (control words dropped, `\par` a line end,
/// `\'hh` a Windows-1252 byte, `\uN` a character).
fn rtf_text(rtf: &str) -> String {
    let b = rtf.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    // Depth of a group that holds no text (font table, colours, `{\*…}`), else 0.
    let mut skip_depth = 0usize;
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'{' => {
                depth += 1;
                let rest = &rtf[i + 1..];
                if skip_depth == 0
                    && ["\\*", "\\fonttbl", "\\colortbl", "\\stylesheet", "\\info"]
                        .iter()
                        .any(|p| rest.starts_with(p))
                {
                    skip_depth = depth;
                }
                i += 1;
            }
            b'}' => {
                if skip_depth == depth {
                    skip_depth = 0;
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            b'\\' => {
                i += 1;
                let Some(&c) = b.get(i) else { break };
                if c == b'\'' {
                    let hex = rtf
                        .get(i + 1..i + 3)
                        .and_then(|h| u8::from_str_radix(h, 16).ok());
                    if let (Some(v), 0) = (hex, skip_depth) {
                        out.push(windows_1252(v));
                    }
                    i += 3;
                } else if c.is_ascii_alphabetic() {
                    let start = i;
                    while i < b.len() && b[i].is_ascii_alphabetic() {
                        i += 1;
                    }
                    let word = &rtf[start..i];
                    let nstart = i;
                    if i < b.len() && (b[i] == b'-' || b[i].is_ascii_digit()) {
                        i += 1;
                        while i < b.len() && b[i].is_ascii_digit() {
                            i += 1;
                        }
                    }
                    let num: Option<i32> = rtf[nstart..i].parse().ok();
                    if i < b.len() && b[i] == b' ' {
                        i += 1;
                    }
                    if skip_depth == 0 {
                        match word {
                            "par" | "line" => out.push('\n'),
                            "tab" => out.push('\t'),
                            "u" => {
                                if let Some(ch) = num.and_then(|n| char::from_u32(n as u16 as u32))
                                {
                                    out.push(ch);
                                }
                                // `\uc1`: the one replacement character that follows.
                                if i < b.len() && b[i] != b'\\' && b[i] != b'{' && b[i] != b'}' {
                                    i += 1;
                                }
                            }
                            _ => {}
                        }
                    }
                } else {
                    if skip_depth == 0 && matches!(c, b'\\' | b'{' | b'}') {
                        out.push(c as char);
                    }
                    i += 1;
                }
            }
            b'\r' | b'\n' | 1 | 2 => i += 1,
            _ => {
                let ch = rtf[i..].chars().next().unwrap_or('\u{fffd}');
                if skip_depth == 0 {
                    out.push(ch);
                }
                i += ch.len_utf8();
            }
        }
    }
    out.trim().to_string()
}

/// A Windows-1252 byte as a character (the 0x80–0x9F block as Windows maps it).
fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž',
        '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}',
        'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9f => HIGH[(b - 0x80) as usize],
        _ => b as char,
    }
}

/// The comments of `temp.xgc`, by index (one RTF document per CRLF-separated line).
pub(super) fn comments(data: &[u8]) -> Vec<String> {
    let text: String = data.iter().map(|&c| windows_1252(c)).collect();
    text.split("\r\n").map(rtf_text).collect::<Vec<_>>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rtf_comments_become_plain_text() {
        let rtf = "{\\rtf1\\ansi\\ansicpg1252\\uc1\\deff0{\\fonttbl{\\f0\\fcharset0 Arial;}}\u{1}\u{2}{\\colortbl;}\u{1}\u{2}{\\*\\generator Wine Riched20 2.0;}\u{1}\u{2}\\pard\\sl-240\\slmult1 \\lang1033\\fs20\\f0 les double 66 sont \\'e0 trouver\\par\u{1}\u{2}}";
        assert_eq!(rtf_text(rtf), "les double 66 sont à trouver");
        assert_eq!(rtf_text("{\\rtf1 a\\par b \\u8364?}"), "a\nb €");
    }
}
