//! GNU Backgammon's text export (`export match text`, `export game text`), read.
//!
//! gnubg writes a match as one text file per game (`out.txt`, `out_002.txt`, …): a prologue
//! (`The score (after 1 game) is: Alice 0, Bob 1 (match to 3 points)`), the match information,
//! then one block per move (`Move number 7:  Bob to play 42`, the board with its Position ID,
//! `* Bob moves 13/9 11/9`), each with the analysis gnubg holds for it (the cube decision, the
//! roll's luck, the ranked candidate plays), the annotations, the result (`Bob wins 2
//! points`), the statistics and an epilogue. [`read`] turns it into the typed
//! [`Record`](crate::record::Record) through [`record::Builder`](crate::record::Builder): each
//! step located on its token of the `* … moves` line, the dice on the header's digits, each
//! cube action on its word and a double's value on the next header's figure, the result on its
//! points; the analysis on the entry it concerns. Several games in one file (exports joined
//! one after the other) are games of one match.
//!
//! What the reader does not understand is a located
//! [`ReadProblem`](crate::record::ReadProblem), never a panic. It reads English exports (gnubg
//! in the C locale), as gnubg 1.07 writes them; the layout is in `docs/formats.md`.

mod analysis;
mod games;
mod lines;
mod moves;
mod read;

pub use read::read;

/// Whether `bytes` look like gnubg's text export: the first line that is not blank opens with
/// `The score (after `, or (a file whose prologue is damaged or missing) the first 64 KiB hold
/// a `Move number N:` line and no line of a `.mat` record (` N point match`, ` Game N`).
pub fn looks_like(bytes: &[u8]) -> bool {
    let b = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let head = &b[..b.len().min(64 << 10)];
    if head.trim_ascii_start().starts_with(b"The score (after ") {
        return true;
    }
    let mut moves = false;
    for line in head.split(|&c| c == b'\n') {
        let t = line.trim_ascii();
        if is_move_header(t) {
            moves = true;
        }
        let mat_length = t.first().is_some_and(u8::is_ascii_digit)
            && (t.ends_with(b" point match") || t.ends_with(b" points match"));
        let mat_game = t
            .strip_prefix(b"Game ")
            .is_some_and(|r| r.first().is_some_and(u8::is_ascii_digit));
        if mat_length || mat_game {
            return false;
        }
    }
    moves
}

/// `Move number N:` at the start of `line`.
fn is_move_header(line: &[u8]) -> bool {
    line.strip_prefix(b"Move number ").is_some_and(|r| {
        let digits = r.iter().take_while(|c| c.is_ascii_digit()).count();
        digits > 0 && r.get(digits) == Some(&b':')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_export_is_told_from_its_prologue_or_its_move_headers() {
        assert!(looks_like(
            b"The score (after 0 games) is: White 0, Black 0 (match to 1 point)\n"
        ));
        assert!(looks_like(
            b"\xef\xbb\xbf\r\nThe score (after 2 games) is: a 1, b 2\r\n"
        ));
        assert!(looks_like(b"garbled\nMove number 1:  White to play 31\n"));
        assert!(!looks_like(
            b" 3 point match\n\n Game 1\n Move number 1: x\n"
        ));
        assert!(!looks_like(b" 1 point match\n"));
        assert!(!looks_like(b"(;FF[4]GM[6])"));
        assert!(!looks_like(b"Move number one"));
    }
}
