//! Legal-play generation by tavla and by bkgm 0.6, an independent backgammon engine, on the
//! rolls of the committed gnubg records. Shared by `tests/rules/bkgm_differential.rs` (do both
//! engines find the same results?) and `benches/peer.rs` (how fast?).
//!
//! Only three functions call tavla's rules API, [`tavla_rolls`], [`tavla_results`] and
//! [`tavla_count`]; the rest speaks bkgm or tavla's plain `Position`.
//!
//! The two representations:
//! - tavla: `Position` holds each side's checkers in that side's own numbering (0 borne off,
//!   1..=24 the points, 25 the bar) and [`RollCase::side`] says who is on roll.
//! - bkgm: `Position<15>` holds one `[i8; 26]` seen from the player on roll, "x": x's
//!   checkers positive at x's point numbers (x moves 24 → 1), index 25 x's bar; the
//!   opponent "o" negative at the same indices (o's point `q` is index `25 - q`), index 0
//!   o's bar; checkers borne off are what is missing from 15. bkgm returns its results
//!   already turned around, seen from the next player (the former o).

use std::path::{Path, PathBuf};

use bkgm::{ClassicRules, Dice, legal_positions_with};
use tavla::replay::{ActionTrace, Overrides, check};
use tavla::rules::backgammon::Backgammon;
use tavla::rules::{BAR, OFF, Position, Roll, RuleSet, Rules, Side};

/// bkgm's board for 15 checkers a side.
pub type BkgmPosition = bkgm::Position<15>;

/// One roll of a record: the position before it, who rolled, and the dice.
#[derive(Clone, Debug)]
pub struct RollCase {
    /// `file:line` of the roll.
    pub origin: String,
    /// The position before the roll.
    pub before: Position,
    /// The side on roll.
    pub side: Side,
    /// The dice as written.
    pub dice: (u8, u8),
    /// The position the record's play reached.
    pub played: Position,
}

/// The gnubg records, sorted by name.
pub fn gnubg_records() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/backgammon/gnubg");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mat"))
        .collect();
    v.sort();
    v
}

/// Every roll of every gnubg record, with the rules they are played under.
pub fn gnubg_rolls() -> (Backgammon, Vec<RollCase>) {
    let mut rules = None;
    let mut all = Vec::new();
    for path in gnubg_records() {
        let text = std::fs::read_to_string(&path).expect("fixture");
        let name = path.file_name().expect("name").to_string_lossy();
        let (r, cases) = tavla_rolls(&name, &text);
        // Every record must start from the standard position (no nackgammon), so that one
        // set of rules serves them all.
        assert_eq!(
            r.start(),
            standard_start(),
            "{name}: not standard backgammon"
        );
        rules.get_or_insert(r);
        all.extend(cases);
    }
    (rules.expect("at least one gnubg record"), all)
}

fn standard_start() -> Position {
    let mut p = Position::empty();
    for side in [Side::White, Side::Black] {
        for (pt, n) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
            p.set(side, pt, n);
        }
    }
    p
}

// ======================================================================================
// TAVLA SIDE (1 of 2): the rolls of one record, by replaying it with tavla.
// ======================================================================================
/// The backgammon rules a record is played under and every roll in it (each `Turn` with
/// dice: the position before it, the side to move, the dice, the position played to).
pub fn tavla_rolls(name: &str, text: &str) -> (Backgammon, Vec<RollCase>) {
    let v = check(tavla::notation::read(text), &Overrides::default());
    assert_eq!(v.errors(), 0, "{name} must be valid: {:?}", v.findings);
    let Some(RuleSet::Backgammon(options)) = v.rules else {
        panic!("{name}: not played under backgammon rules: {:?}", v.rules);
    };
    let mut cases = Vec::new();
    for game in &v.games {
        for action in &game.actions {
            if let ActionTrace::Turn {
                line,
                side,
                roll: Some(dice),
                before,
                position,
                ..
            } = action
            {
                cases.push(RollCase {
                    origin: format!("{name}:{line}"),
                    before: *before,
                    side: *side,
                    dice: *dice,
                    played: *position,
                });
            }
        }
    }
    (Backgammon { options }, cases)
}

// ======================================================================================
// TAVLA SIDE (2 of 2): tavla's legal results of one roll.
// ======================================================================================
/// Every distinct legal result of `case`'s roll by tavla (a position in tavla's
/// representation, as after the roll: the mover has not changed).
pub fn tavla_results(rules: &Backgammon, case: &RollCase) -> Vec<Position> {
    let roll = Roll {
        a: case.dice.0,
        b: case.dice.1,
    };
    rules
        .legal_plays(&case.before, case.side, roll.stage())
        .positions()
        .to_vec()
}

/// The number of distinct legal results of `case`'s roll by tavla: [`tavla_results`] without
/// copying the results out of the `PlaySet` (what `benches/peer.rs` times).
pub fn tavla_count(rules: &Backgammon, case: &RollCase) -> usize {
    let roll = Roll {
        a: case.dice.0,
        b: case.dice.1,
    };
    rules
        .legal_plays(&case.before, case.side, roll.stage())
        .len()
}

/// Every legal result of a roll by bkgm (in bkgm's representation, turned around: seen
/// from the player on roll next).
pub fn bkgm_results(pos: BkgmPosition, dice: &Dice) -> Vec<BkgmPosition> {
    legal_positions_with::<ClassicRules, 15>(pos, dice)
}

/// [`bkgm_results`] with each result once: bkgm can list a result twice (see
/// `bkgm_repeats_a_double_bear_off` in `tests/rules/bkgm_differential.rs`), so sort and drop the
/// repeats (a position is its `[i8; 26]`: the checkers borne off follow from it).
pub fn bkgm_distinct(pos: BkgmPosition, dice: &Dice) -> Vec<BkgmPosition> {
    let mut v = bkgm_results(pos, dice);
    v.sort_unstable_by_key(|&p| <[i8; 26]>::from(p));
    v.dedup_by_key(|&mut p| <[i8; 26]>::from(p));
    v
}

/// The position and dice of `case` in bkgm's representation: the side on roll is x.
pub fn to_bkgm(case: &RollCase) -> (BkgmPosition, Dice) {
    let me = case.side;
    let them = me.other();
    let mut pips = [0i8; 26];
    for loc in 1..=BAR {
        // My point `loc` (25: my bar) is index `loc`; their point `loc` (25: their bar) is
        // index `25 - loc`.
        pips[loc as usize] += case.before.count(me, loc) as i8;
        pips[(25 - loc) as usize] -= case.before.count(them, loc) as i8;
    }
    let pos =
        BkgmPosition::try_from(pips).unwrap_or_else(|e| panic!("{}: {e}: {pips:?}", case.origin));
    (pos, Dice::new(case.dice.0 as usize, case.dice.1 as usize))
}

/// A result of bkgm for `mover` back in tavla's representation (`N` checkers a side: 15, or
/// Hypergammon's 3). bkgm hands it over seen from the opponent: the mover's checkers are
/// negative, at the opponent's point numbers.
pub fn from_bkgm<const N: u8>(result: bkgm::Position<N>, mover: Side) -> Position {
    let pips: [i8; 26] = result.into();
    let them = mover.other();
    let mut p = Position::empty();
    for (i, &n) in pips.iter().enumerate() {
        let i = i as u8;
        if n < 0 {
            p.set(mover, 25 - i, n.unsigned_abs());
        } else if n > 0 {
            p.set(them, i, n as u8);
        }
    }
    for side in [mover, them] {
        let on_board: u8 = (1..=BAR).map(|loc| p.count(side, loc)).sum();
        p.set(side, OFF, N - on_board);
    }
    p
}

/// A position as text for a failure message: each side's checkers in its own numbering.
pub fn show(p: &Position) -> String {
    let side = |s: Side| {
        let mut v: Vec<String> = (1..=BAR)
            .rev()
            .filter(|&l| p.count(s, l) > 0)
            .map(|l| {
                let at = if l == BAR {
                    "bar".into()
                } else {
                    l.to_string()
                };
                format!("{at}:{}", p.count(s, l))
            })
            .collect();
        if p.count(s, OFF) > 0 {
            v.push(format!("off:{}", p.count(s, OFF)));
        }
        v.join(",")
    };
    format!("white={} black={}", side(Side::White), side(Side::Black))
}
