//! Differential test against NikolayIT/BackgammonGameEngine's public Tapa move vectors (MIT),
//! converted once into `fixtures/tapa/nikolayit-moves.txt` (see its header for the source).
//! For each case, tavla's distinct legal results of the stage, the dice every legal play uses
//! (a game-ending play counting as all) and how each result ends the game must equal the
//! engine's.

use std::collections::BTreeSet;

use tavla::rules::tapa::{Outcome, Tapa, outcome};
use tavla::rules::{Position, Rules, Side, StageDice};

/// A position from the engine's code `T:p1,…,p24|bar0,bar1|off0,off1` (seat 0 = White).
fn parse_code(code: &str) -> Position {
    let body = code.strip_prefix("T:").expect("a Tapa code");
    let mut parts = body.split('|');
    let points: Vec<&str> = parts.next().unwrap().split(',').collect();
    assert_eq!(points.len(), 24, "{code}");
    let bars = parts.next().unwrap();
    assert_eq!(bars, "0,0", "Tapa has no bar");
    let offs: Vec<u8> = parts
        .next()
        .unwrap()
        .split(',')
        .map(|n| n.parse().unwrap())
        .collect();
    let mut pos = Position::empty();
    pos.set(Side::White, 0, offs[0]);
    pos.set(Side::Black, 0, offs[1]);
    for (i, tok) in points.iter().enumerate() {
        let p = i as u8 + 1;
        if tok.is_empty() {
            continue;
        }
        let (n, pinned) = match tok.strip_suffix('*') {
            Some(n) => (n, true),
            None => (*tok, false),
        };
        let n: i8 = n.parse().unwrap();
        let (side, other) = if n > 0 {
            (Side::White, Side::Black)
        } else {
            (Side::Black, Side::White)
        };
        let own = |s: Side| if s == Side::White { p } else { 25 - p };
        pos.set(side, own(side), n.unsigned_abs());
        if pinned {
            // `k*`: k checkers of this sign on a pinned checker of the other seat.
            pos.set(other, own(other), 1);
            pos.set_pinned(other, own(other), true);
        }
    }
    pos
}

fn kind(o: Outcome) -> &'static str {
    match o {
        Outcome::Running => "none",
        Outcome::BoreOff(_) => "borneOff",
        Outcome::Mother(_) => "mother",
        Outcome::Draw => "bothMothers",
    }
}

struct Case {
    name: String,
    pos: Position,
    side: Side,
    dice: StageDice,
    playable: u8,
    ends: BTreeSet<(String, &'static str)>,
}

fn key(p: &Position) -> String {
    format!("{p:?}")
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string("fixtures/tapa/nikolayit-moves.txt").unwrap();
    let mut out: Vec<Case> = Vec::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        match f.first() {
            Some(&"case") => {
                let dice: Vec<u8> = f[4].bytes().map(|b| b - b'0').collect();
                let dice = if dice.len() == 2 && dice[0] != dice[1] {
                    StageDice::Mixed {
                        high: dice[0].max(dice[1]),
                        low: dice[0].min(dice[1]),
                    }
                } else {
                    StageDice::Double {
                        value: dice[0],
                        count: dice.len() as u8,
                    }
                };
                out.push(Case {
                    name: f[1].to_string(),
                    pos: parse_code(f[2]),
                    side: if f[3] == "0" {
                        Side::White
                    } else {
                        Side::Black
                    },
                    dice,
                    playable: f[5].parse().unwrap(),
                    ends: BTreeSet::new(),
                });
            }
            Some(&"end") => {
                let k = match f[2] {
                    "none" => "none",
                    "borneOff" => "borneOff",
                    "mother" => "mother",
                    "bothMothers" => "bothMothers",
                    other => panic!("unknown end kind {other}"),
                };
                out.last_mut()
                    .unwrap()
                    .ends
                    .insert((key(&parse_code(f[1])), k));
            }
            _ => {}
        }
    }
    out
}

/// Given the engine's 8 Tapa cases of `tricky.json` and 46 sampled `moves-tapa.json` cases, the
/// sets of resulting positions (pins included), the playable dice and the game-ending kinds agree.
#[test]
fn tavla_and_the_nikolayit_engine_reach_the_same_positions() {
    let rules = Tapa::default();
    let cases = cases();
    assert_eq!(cases.len(), 54);
    let mut failures = Vec::new();
    for c in &cases {
        let set = rules.legal_plays(&c.pos, c.side, c.dice);
        let got: BTreeSet<(String, &'static str)> = set
            .positions()
            .iter()
            .map(|p| (key(p), kind(outcome(p))))
            .collect();
        if set.max_steps() != c.playable || got != c.ends {
            let missing: Vec<_> = c.ends.difference(&got).collect();
            let extra: Vec<_> = got.difference(&c.ends).collect();
            failures.push(format!(
                "{}: playable {} vs {}; missing {missing:?}; extra {extra:?}",
                c.name,
                set.max_steps(),
                c.playable
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Given match 1 of the engine's `matches-tapa.json` (its dice stream and its plays, converted
/// once into `fixtures/tapa/examples/nikolayit-tapa-match1.mat`), then tavla replays all 193
/// turns with no finding, and each of the three games ends (by the mother rule) exactly where
/// the engine's dice stream starts the next one.
#[test]
fn the_engines_tapa_match_validates_game_for_game() {
    use tavla::replay::{Overrides, check};
    let text = std::fs::read_to_string("fixtures/tapa/examples/nikolayit-tapa-match1.mat").unwrap();
    let v = check(tavla::notation::read(&text), &Overrides::default());
    assert!(v.findings.is_empty(), "{:?}", v.findings);
    assert_eq!(v.turns_checked(), 193);
    let hows: Vec<&str> = v
        .games
        .iter()
        .map(|g| g.result.as_ref().map_or("none", |r| r.how))
        .collect();
    assert_eq!(hows, ["mother", "mother", "mother"]);
}

/// Given match 1 of the engine's `matches-sreshta.json` (its dice stream and its plays,
/// converted once into `fixtures/tapa/examples/nikolayit-sreshta-match1.mat`: обикновена, Gul
/// bara with doublet chains and passed remainders, Tapa, обикновена, Gul bara), then tavla
/// replays all 298 turns with no finding, each game ends by bearing off where the engine's
/// dice stream starts the next one, and the value tavla computes for each game equals the
/// `Wins` the engine scored (2, 1, 1, 2, 2: 5-3).
#[test]
fn the_engines_sreshta_match_validates_and_scores_game_for_game() {
    use tavla::replay::{Overrides, check};
    let text =
        std::fs::read_to_string("fixtures/tapa/examples/nikolayit-sreshta-match1.mat").unwrap();
    let v = check(tavla::notation::read(&text), &Overrides::default());
    assert!(v.findings.is_empty(), "{:?}", v.findings);
    assert_eq!(v.turns_checked(), 298);
    let results: Vec<(Side, Option<u64>, Option<u64>, &str)> = v
        .games
        .iter()
        .map(|g| {
            let r = g.result.as_ref().expect("every game ends");
            (r.winner, r.written, r.full, r.how)
        })
        .collect();
    let (w, b) = (Side::White, Side::Black);
    assert_eq!(
        results,
        [
            (b, Some(2), Some(2), "bear-off"),
            (w, Some(1), Some(1), "bear-off"),
            (b, Some(1), Some(1), "bear-off"),
            (w, Some(2), Some(2), "bear-off"),
            (w, Some(2), Some(2), "bear-off"),
        ]
    );
}

/// Given match 2 of the engine's `matches-tapa.json` (converted once into
/// `fixtures/tapa/examples/nikolayit-tapa-match2.mat`, the opening tie re-rolled), then tavla
/// replays all 121 turns with no finding; game 1 is seat 0's mother win worth 2 in the middle
/// of a roll (the engine's result: points 2-0, kind "mother") and game 2 ends with both mothers
/// pinned, a draw worth 1 each (the engine's final score 3-1).
#[test]
fn the_engines_second_tapa_match_has_a_mother_win_and_a_draw() {
    use tavla::replay::{Overrides, check};
    let text = std::fs::read_to_string("fixtures/tapa/examples/nikolayit-tapa-match2.mat").unwrap();
    let v = check(tavla::notation::read(&text), &Overrides::default());
    assert!(v.findings.is_empty(), "{:?}", v.findings);
    assert_eq!(v.turns_checked(), 121);
    let results: Vec<(Side, Option<u64>, bool, &str)> = v
        .games
        .iter()
        .map(|g| {
            let r = g.result.as_ref().expect("every game ends");
            (r.winner, r.full, r.draw, r.how)
        })
        .collect();
    assert_eq!(
        results,
        [
            (Side::White, Some(2), false, "mother"),
            (Side::White, Some(1), true, "draw"),
        ]
    );
}

/// Given match 2 of the engine's `matches-sreshta.json` (converted once into
/// `fixtures/tapa/examples/nikolayit-sreshta-match2.mat`: обикновена, Gul bara, Tapa twice
/// over, then обикновена), then tavla replays all 406 turns with no finding and each game's
/// result equals the engine's `results`: 1-0, 0-1, a Tapa draw with both mothers pinned
/// (1 each), 2-0 and 0-2 (mars), a second Tapa draw that brings both seats to 5 together, and
/// the 1-0 of game 7 that settles the match 6-5.
#[test]
fn the_engines_second_sreshta_match_has_two_draws_and_a_tie_played_on() {
    use tavla::replay::{Overrides, check};
    let text =
        std::fs::read_to_string("fixtures/tapa/examples/nikolayit-sreshta-match2.mat").unwrap();
    let v = check(tavla::notation::read(&text), &Overrides::default());
    assert!(v.findings.is_empty(), "{:?}", v.findings);
    assert_eq!(v.turns_checked(), 406);
    let results: Vec<Outcome5> = v
        .games
        .iter()
        .map(|g| {
            let r = g.result.as_ref().expect("every game ends");
            (r.winner, r.written, r.full, r.draw, r.how)
        })
        .collect();
    let (w, b) = (Side::White, Side::Black);
    assert_eq!(
        results,
        [
            (w, Some(1), Some(1), false, "bear-off"),
            (b, Some(1), Some(1), false, "bear-off"),
            (b, None, Some(1), true, "draw"),
            (w, Some(2), Some(2), false, "bear-off"),
            (b, Some(2), Some(2), false, "bear-off"),
            (w, None, Some(1), true, "draw"),
            (w, Some(1), Some(1), false, "bear-off"),
        ]
    );
    let (mut white, mut black) = (0, 0);
    for (winner, _, full, draw, _) in &results {
        let p = full.unwrap();
        if *draw {
            white += p;
            black += p;
        } else if *winner == w {
            white += p;
        } else {
            black += p;
        }
    }
    assert_eq!((white, black), (6, 5), "the engine's final scores");
}

/// Given match 3 of the engine's `matches-tapa.json` (played with `autoPlayForcedStages`;
/// converted once from its final record, forced stages included, into
/// `fixtures/tapa/examples/nikolayit-tapa-match3.mat`), then tavla replays all 132 turns with
/// no finding and both games are seat 1's mother wins worth 2 (the engine's results 0-2 and
/// 0-2, final scores 0-4), the first ending in the middle of a 1-1.
#[test]
fn the_engines_third_tapa_match_is_two_mother_wins_for_seat_1() {
    use tavla::replay::{Overrides, check};
    let text = std::fs::read_to_string("fixtures/tapa/examples/nikolayit-tapa-match3.mat").unwrap();
    let v = check(tavla::notation::read(&text), &Overrides::default());
    assert!(v.findings.is_empty(), "{:?}", v.findings);
    assert_eq!(v.turns_checked(), 132);
    let results: Vec<Outcome5> = v
        .games
        .iter()
        .map(|g| {
            let r = g.result.as_ref().expect("every game ends");
            (r.winner, r.written, r.full, r.draw, r.how)
        })
        .collect();
    assert_eq!(
        results,
        [
            (Side::Black, Some(2), Some(2), false, "mother"),
            (Side::Black, Some(2), Some(2), false, "mother"),
        ]
    );
}

/// A game's result as compared: winner, written and computed value, draw, how it ended.
type Outcome5<'a> = (Side, Option<u64>, Option<u64>, bool, &'a str);
