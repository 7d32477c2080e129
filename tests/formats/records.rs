//! Helpers of the format tests: record files read and checked, the actions compared with
//! their twins' (the same match written in another format: what was played, not where it was
//! written), and the move values of an SGF.

use std::path::Path;

use tavla::input::Source;
use tavla::replay::{Overrides, Verdict};
use tavla::report::json::{ActionDoc, GameDoc, MatchDoc, PositionDoc, match_doc};

/// A record file, its format recognised.
pub fn load(p: &Path) -> Source {
    Source::from_bytes(p.display().to_string(), std::fs::read(p).unwrap()).unwrap()
}

/// A record named `name` holding `text`, its format recognised.
pub fn source(name: &str, text: &str) -> Source {
    Source::from_bytes(name.into(), text.as_bytes().to_vec()).unwrap()
}

/// A record checked, and its match document.
pub fn doc(src: &Source) -> (Verdict, MatchDoc) {
    let v = src.check(&Overrides::default(), true);
    let d = match_doc(&v, false, &src.text);
    (v, d)
}

/// One action as compared between twins.
#[derive(Debug, PartialEq)]
pub enum Act {
    Turn {
        player: String,
        dice: Option<[u8; 2]>,
        position: Option<PositionDoc>,
        position_id: Option<String>,
    },
    Cube(String, String, u64),
    Wins(String, u64),
}

/// The turns, cube actions and results of a game.
pub fn acts(g: &GameDoc) -> Vec<Act> {
    g.actions
        .iter()
        .filter_map(|a| {
            let player = format!("{:?}", a.base().player);
            Some(match a {
                ActionDoc::Turn(t) => Act::Turn {
                    player,
                    dice: t.dice,
                    position: t.position.clone(),
                    position_id: t.position_id.clone(),
                },
                ActionDoc::Double(c) => Act::Cube("double".into(), player, c.value),
                ActionDoc::Take(_) => Act::Cube("take".into(), player, 0),
                ActionDoc::Drop(_) => Act::Cube("drop".into(), player, 0),
                ActionDoc::Wins(w) => Act::Wins(player, w.points),
                _ => return None,
            })
        })
        .collect()
}

/// Where the value of each move node (`;W[52mimh]`) of an SGF lies: from its first digit to
/// its `]`.
pub fn move_values(sgf: &str) -> Vec<(usize, usize)> {
    let b = sgf.as_bytes();
    let mut v = Vec::new();
    let mut i = 0;
    while let Some(k) = sgf[i..].find(";") {
        let at = i + k + 1;
        if matches!(b.get(at), Some(b'W' | b'B'))
            && b.get(at + 1) == Some(&b'[')
            && b.get(at + 2).is_some_and(u8::is_ascii_digit)
            && let Some(len) = sgf[at + 2..].find(']')
            && len >= 4
        {
            v.push((at + 2, at + 2 + len));
        }
        i = at;
    }
    v
}
