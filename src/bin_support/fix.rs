//! `tavla fix`: apply the confirmed repairs of records (plays, `Wins` values, score lines, a
//! roll's missing colon), like `ruff --fix`. Only a repair's span changes: every other byte
//! (line ends, spacing, a BOM) stays as it was. A file is written to a temporary file beside
//! it and renamed over it, and not at all when it changed on disk since it was read. `--diff`
//! prints a unified diff and writes nothing. The exit code is `validate`'s on what remains
//! after fixing.

use std::io::Write;
use std::path::Path;

use tavla::codes::Code;
use tavla::input::{Format, Input, Source, decode_owned};
use tavla::replay::{Overrides, Repair, Severity, apply_repairs, check_findings};

use super::setup::setup;
use super::{EXIT_ERROR, run_end};
use crate::FixArgs;

/// Fix passes at most: a repair may let the check reach a play that the next pass repairs
/// (a roll's missing colon stops the check of its game until it is written).
const PASSES: usize = 4;

/// The findings of a record's text, read in its format (`.mat` or SGF: an SGF's findings and
/// repairs are located on the SGF).
fn findings_of(name: &str, text: &str, o: &Overrides) -> Vec<tavla::replay::Finding> {
    match Source::from_bytes(name.to_string(), text.as_bytes().to_vec()) {
        Ok(src) => src.check(o, false).findings,
        Err(_) => check_findings(tavla::notation::read(text), o).findings,
    }
}

/// The record with every confirmed repair applied, pass after pass, and the repairs made.
fn fixed(name: &str, text: &str, o: &Overrides) -> (String, Vec<(Repair, String)>) {
    let mut current = text.to_string();
    let mut made = Vec::new();
    for _ in 0..PASSES {
        let findings = findings_of(name, &current, o);
        let repairs: Vec<Repair> = findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .filter_map(|f| f.repair.as_deref().cloned())
            .collect();
        if repairs.is_empty() {
            break;
        }
        for r in &repairs {
            let old = current[r.span.offset..r.span.end()].to_string();
            made.push((r.clone(), old));
        }
        current = apply_repairs(&current, &repairs);
    }
    (current, made)
}

/// A unified diff of two texts with the same number of lines (a repair never adds or removes
/// a line end), three lines of context.
fn unified_diff(name: &str, old: &str, new: &str) -> String {
    let a: Vec<&str> = old.split_inclusive('\n').collect();
    let b: Vec<&str> = new.split_inclusive('\n').collect();
    let changed: Vec<usize> = (0..a.len().max(b.len()))
        .filter(|&i| a.get(i) != b.get(i))
        .collect();
    let mut out = format!("--- {name}\n+++ {name}\n");
    let line = |out: &mut String, mark: char, l: &str| {
        out.push(mark);
        out.push_str(l);
        if !l.ends_with('\n') {
            out.push_str("\n\\ No newline at end of file\n");
        }
    };
    let mut k = 0;
    while k < changed.len() {
        // A hunk: changed lines less than seven apart share their context.
        let mut j = k;
        while j + 1 < changed.len() && changed[j + 1] - changed[j] <= 6 {
            j += 1;
        }
        let start = changed[k].saturating_sub(3);
        let end = (changed[j] + 4).min(a.len());
        let n = end - start;
        out.push_str(&format!("@@ -{},{n} +{},{n} @@\n", start + 1, start + 1));
        for (i, l) in a.iter().enumerate().take(end).skip(start) {
            if changed[k..=j].contains(&i) {
                line(&mut out, '-', l);
                if let Some(l) = b.get(i) {
                    line(&mut out, '+', l);
                }
            } else {
                line(&mut out, ' ', l);
            }
        }
        k = j + 1;
    }
    out
}

/// Write `text` over `path` through a temporary file in the same directory, unless the file
/// no longer holds `read` (the bytes the fix was made from).
fn write_back(path: &Path, read: &[u8], text: &str) -> Result<(), String> {
    let now = std::fs::read(path).map_err(|e| e.to_string())?;
    if now != read {
        return Err("the file changed on disk since it was read; not written".into());
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "record".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.tavla-fix.{}", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        if let Ok(meta) = std::fs::metadata(path) {
            std::fs::set_permissions(&tmp, meta.permissions())?;
        }
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.map_err(|e| e.to_string())
}

/// `tavla fix`: each record's confirmed repairs applied (or shown with `--diff`); a summary
/// on standard error; the exit code on what remains.
pub(crate) fn fix(a: FixArgs) -> u8 {
    let Some(setup) = setup(&a.rules, &a.inputs, &None) else {
        return EXIT_ERROR;
    };
    let o = setup.overrides;
    let mut out = setup.out;
    let (mut files, mut fixed_files, mut repairs, mut remaining) = (0usize, 0usize, 0usize, 0);
    let mut io_error = false;
    for input in setup.inputs {
        files += 1;
        let name = input.name();
        let bytes = match input.read() {
            Ok(b) => b,
            Err(e) => {
                say!("error[{}]: {name}: {e}", Code::Unreadable);
                io_error = true;
                continue;
            }
        };
        let xg = Format::detect(&bytes, &name) == Format::Xg;
        if xg && !a.diff {
            say!(
                "error: {name}: an eXtreme Gammon file is not rewritten in place; `tavla fix --diff` shows the repairs on the match written as .mat, or `tavla convert --to mat` it and fix that"
            );
            io_error = true;
            continue;
        }
        let (text, decoding) = if xg {
            match Source::from_bytes(name.clone(), bytes.clone()) {
                Ok(src) => (super::convert::mat_text(&src, &o), Vec::new()),
                Err(e) => {
                    say!("error[{}]: {name}: {e}", Code::Unreadable);
                    io_error = true;
                    continue;
                }
            }
        } else {
            decode_owned(bytes.clone())
        };
        if !decoding.is_empty() {
            // Offsets into a text with replaced bytes would not be the file's: leave it.
            say!("{name}: not fixed: the file is not valid UTF-8");
            remaining += decoding.len();
            continue;
        }
        // An XG match is fixed as the `.mat` text it converts to.
        let as_name = if xg {
            format!("{name}.mat")
        } else {
            name.clone()
        };
        let (new, made) = fixed(&as_name, &text, &o);
        let after = findings_of(&as_name, &new, &o);
        let left = after
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .count();
        remaining += left;
        // Plays made at the board stay as they are: they are what happened.
        for f in after.iter().filter(|f| {
            matches!(
                f.continued,
                Some(
                    tavla::replay::Continued::AsWritten | tavla::replay::Continued::StoredPosition
                )
            )
        }) {
            let span = f.suggestions.as_ref().map_or(f.span, |s| s.span);
            let line = new[..span.offset.min(new.len())].matches('\n').count() + 1;
            let play = new.get(span.offset..span.end()).unwrap_or_default();
            let note = format!(
                "{name}:{line}: `{play}` left as written: an illegal play made at the board, from which the game went on"
            );
            if a.diff {
                if writeln!(out, "# {note}").is_err() {
                    io_error = true;
                }
            } else {
                say!("{note}");
            }
        }
        if made.is_empty() {
            if left > 0 {
                say!("{name}: {left} error(s), none with a confirmed repair; left alone");
            }
            continue;
        }
        repairs += made.len();
        for (r, old) in &made {
            let line = new[..r.span.offset.min(new.len())].matches('\n').count() + 1;
            say!("{name}:{line}: `{old}` -> `{}`", r.text);
        }
        if a.diff {
            if out
                .write_all(unified_diff(&name, &text, &new).as_bytes())
                .is_err()
            {
                io_error = true;
            }
            fixed_files += 1;
            continue;
        }
        let Input::File(path) = &input else {
            say!("error: {name}: standard input cannot be fixed in place; use --diff");
            io_error = true;
            continue;
        };
        match write_back(path, &bytes, &new) {
            Ok(()) => fixed_files += 1,
            Err(e) => {
                say!("error: {name}: {e}");
                io_error = true;
            }
        }
        if left > 0 {
            say!("{name}: {left} error(s) remain without a confirmed repair");
        }
    }
    if out.flush().is_err() {
        io_error = true;
    }
    let verb = if a.diff { "would be fixed" } else { "fixed" };
    say!(
        "{files} files, {repairs} repair(s), {fixed_files} file(s) {verb}, {remaining} error(s) remain"
    );
    run_end(
        "fix",
        files,
        &a.inputs.ext,
        a.allow_empty,
        io_error,
        remaining > 0,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diff_shows_the_changed_lines_with_their_context_and_keeps_line_ends() {
        let old = "a\r\nb\r\nc\r\nd\r\ne\r\nf\r\ng\r\nh";
        let new = "a\r\nb\r\nc\r\nd\r\nE\r\nf\r\ng\r\nh";
        let d = unified_diff("x.mat", old, new);
        assert_eq!(
            d,
            "--- x.mat\n+++ x.mat\n@@ -2,7 +2,7 @@\n b\r\n c\r\n d\r\n-e\r\n+E\r\n f\r\n g\r\n h\n\\ No newline at end of file\n"
        );
    }

    #[test]
    fn a_file_changed_since_it_was_read_is_not_written() {
        let dir = std::env::temp_dir().join(format!("tavla-fix-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("r.mat");
        std::fs::write(&p, "one").unwrap();
        let read = std::fs::read(&p).unwrap();
        std::fs::write(&p, "two").unwrap();
        assert!(write_back(&p, &read, "fixed").is_err());
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "two");
        std::fs::write(&p, "one").unwrap();
        write_back(&p, &read, "fixed").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "fixed");
        // No temporary file is left beside it.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
