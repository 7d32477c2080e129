//! Random legal matches played by tavla's own engine, written as `.mat` records: the corpus
//! for benchmarks (`bench/run`) and for property tests.
//!
//! Every play is drawn uniformly from the distinct legal results of its stage, so every
//! record written here must validate without a diagnostic.

use crate::notation::StageKind;
use crate::notation::layout::{self, CubeCell, MatText};
use crate::replay::render_steps;
use crate::rules::options::{NextGameStarter, Opening};
use crate::rules::rotation::Rotation;
use crate::rules::tapa::Outcome;
use crate::rules::{ChainNext, Position, Roll, RuleSet, Side, StageDice, Step, TurnPlan};

/// A small deterministic random generator (xorshift64*).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// Seeded generator (any seed; 0 is remapped).
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
    /// A die.
    pub fn die(&mut self) -> u8 {
        1 + self.below(6) as u8
    }
    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

/// How to play a generated match.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The rules.
    pub rules: RuleSet,
    /// Match length (0: money session of `money_games` games).
    pub length: u64,
    /// Games of a money session.
    pub money_games: u32,
    /// Extra probability that a roll is a doublet (to force chains and remainders).
    pub doublet_bias: f64,
    /// Probability of doubling when allowed (backgammon).
    pub double_rate: f64,
    /// Probability that a player resigns at the start of a turn.
    pub resign_rate: f64,
    /// Player names (left, right).
    pub names: (String, String),
    /// A rotating match (`Sreshta`): each game's rules follow from its number, and `rules` is
    /// not used.
    pub rotation: Option<Rotation>,
    /// One illegal play made at the board, carried out as written, after which the game goes
    /// on legally from the position it left (the record of a play really made).
    pub illegal: Option<IllegalPlay>,
}

/// Where and how a generated match holds an illegal play made at the board.
#[derive(Copy, Clone, Debug)]
pub struct IllegalPlay {
    /// The game (1-based).
    pub game: u32,
    /// The play is made at the first roll of a non-doublet from this roll of the game on
    /// (counting both players' rolls) where a play of `kind` can be made.
    pub after_roll: u32,
    /// What is wrong with it.
    pub kind: IllegalKind,
}

/// The kinds of illegal plays made at the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IllegalKind {
    /// A checker moved backwards.
    Backwards,
    /// A step of the wrong distance.
    WrongDistance,
    /// More steps than the dice give.
    TooManySteps,
    /// Fewer steps than the dice allow.
    TooFewSteps,
    /// One hop over two points the opponent holds.
    PastABlock,
    /// A checker borne off before all are home.
    EarlyBearOff,
    /// Another checker moved while one stands on the bar.
    BarLeftOccupied,
}

impl IllegalKind {
    /// Every kind.
    pub const ALL: [IllegalKind; 7] = [
        IllegalKind::Backwards,
        IllegalKind::WrongDistance,
        IllegalKind::TooManySteps,
        IllegalKind::TooFewSteps,
        IllegalKind::PastABlock,
        IllegalKind::EarlyBearOff,
        IllegalKind::BarLeftOccupied,
    ];
}

/// A generated match and, when one was asked for and made, where its illegal play stands.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The record.
    pub text: String,
    /// The illegal play made: game (1-based), turn number `n)`, side.
    pub illegal: Option<(u32, u64, Side)>,
    /// Turn cells written (every roll of either player).
    pub turns: usize,
}

impl Settings {
    /// Defaults for a variant's rules.
    pub fn new(rules: RuleSet, length: u64) -> Self {
        Settings {
            rules,
            length,
            money_games: 3,
            doublet_bias: 0.0,
            double_rate: 0.05,
            resign_rate: 0.0,
            names: ("White".into(), "Black".into()),
            rotation: None,
            illegal: None,
        }
    }
}

/// Cells grouped into turn lines as play goes: the left player's cell, then the right
/// player's on the same line; a right cell closes its line.
struct Writer<'a> {
    text: &'a mut MatText,
    cells: [Option<String>; 2],
    number: usize,
}

impl Writer<'_> {
    fn put(&mut self, side: Side, cell: String) {
        if side == Side::White && (self.cells[0].is_some() || self.cells[1].is_some()) {
            self.flush();
        }
        if side == Side::Black && self.cells[1].is_some() {
            self.flush();
        }
        self.cells[side.index()] = Some(cell);
        if side == Side::Black {
            self.flush();
        }
    }
    fn flush(&mut self) {
        if self.cells[0].is_none() && self.cells[1].is_none() {
            return;
        }
        self.number += 1;
        let [left, right] = std::mem::take(&mut self.cells);
        self.text
            .turn_line(self.number, left.as_deref(), right.as_deref());
    }
}

/// An illegal play of `kind` for `side` with roll `r` that can be made on the board, carried
/// out as written: its result and its steps (a hop over a block is one step). The result is
/// none of the legal results of the roll, nor of any roll one die away from it, so nothing
/// but the play as written explains it.
fn illegal_play(
    rng: &mut Rng,
    rules: &RuleSet,
    pos: &Position,
    side: Side,
    r: Roll,
    kind: IllegalKind,
) -> Option<(Position, Vec<Step>)> {
    let dice = r.stage();
    let set = rules.legal_plays(pos, side, dice);
    let legal: Vec<Step> = set
        .get(rng.below(set.len().max(1)))
        .map(|(_, s)| s.to_vec())
        .unwrap_or_default();
    let mine: Vec<u8> = (1..=24).filter(|&p| pos.count(side, p) > 0).collect();
    let step = |from: u8, to: u8| Step {
        from,
        to,
        die: from.abs_diff(to),
        hit: false,
    };
    let mut tries: Vec<Vec<Step>> = Vec::new();
    match kind {
        IllegalKind::Backwards => {
            for &p in &mine {
                for d in [r.a, r.b] {
                    if p + d <= 24 {
                        let mut v = legal.clone();
                        v.pop();
                        v.push(step(p, p + d));
                        tries.push(v);
                    }
                }
            }
        }
        IllegalKind::WrongDistance => {
            if let Some(last) = legal.last() {
                for to in [last.to.wrapping_add(1), last.to.wrapping_sub(1)] {
                    if (1..=24).contains(&to) && to < last.from {
                        let mut v = legal.clone();
                        v.pop();
                        v.push(step(last.from, to));
                        tries.push(v);
                    }
                }
            }
        }
        IllegalKind::TooManySteps => {
            for &p in &mine {
                for d in 1..=6u8 {
                    if p > d && !legal.is_empty() {
                        let mut v = legal.clone();
                        v.push(step(p, p - d));
                        tries.push(v);
                    }
                }
            }
        }
        IllegalKind::TooFewSteps => {
            if legal.len() >= 2 {
                tries.push(legal[..legal.len() - 1].to_vec());
            }
        }
        IllegalKind::PastABlock => {
            // A point the opponent holds: no checker of `side` can stand there.
            let held = |from: u8, q: u8| rules.carry_out(pos, side, &[(from, q)]).is_none();
            for &p in &mine {
                let to = p.checked_sub(r.a + r.b).filter(|&t| t >= 1);
                if let Some(to) = to
                    && held(p, p - r.a)
                    && held(p, p - r.b)
                {
                    tries.push(vec![step(p, to)]);
                }
            }
        }
        IllegalKind::EarlyBearOff => {
            if pos.highest(side) > 6 {
                for &p in mine.iter().filter(|&&p| p <= 6) {
                    tries.push(vec![step(p, 0)]);
                }
            }
        }
        IllegalKind::BarLeftOccupied => {
            if pos.count(side, 25) > 0 {
                for &p in &mine {
                    for d in [r.a, r.b] {
                        if p > d {
                            tries.push(vec![step(p, p - d)]);
                        }
                    }
                }
            }
        }
    }
    // Results of this roll and of every roll one die away from it.
    let mut near: Vec<Position> = set.results().map(|(q, _)| *q).collect();
    for k in 0..2 {
        for d in 1..=6u8 {
            let (a, b) = if k == 0 { (d, r.b) } else { (r.a, d) };
            if (a, b) != (r.a, r.b) {
                near.extend(
                    rules
                        .legal_plays(pos, side, Roll { a, b }.stage())
                        .results()
                        .map(|(q, _)| *q),
                );
            }
        }
    }
    let start = if tries.is_empty() {
        0
    } else {
        rng.below(tries.len())
    };
    for i in 0..tries.len() {
        let mut steps = tries[(start + i) % tries.len()].clone();
        let hops: Vec<(u8, u8)> = steps.iter().map(|s| (s.from, s.to)).collect();
        let Some(end) = rules.carry_out(pos, side, &hops) else {
            continue;
        };
        if end == *pos || near.contains(&end) {
            continue;
        }
        // Hits as the board has them, for the `*` of backgammon writers.
        let mut at = *pos;
        for st in &mut steps {
            let opp = rules.opposite(st.to.max(1));
            st.hit = rules.hits() && st.to != 0 && at.count(side.other(), opp) == 1;
            at = rules.carry_out(&at, side, &[(st.from, st.to)])?;
        }
        return Some((end, steps));
    }
    None
}

/// The steps of a stage in notation (nothing for no step).
fn play_text(steps: &[Step]) -> String {
    if steps.is_empty() {
        String::new()
    } else {
        render_steps(steps)
    }
}

fn choose(
    rng: &mut Rng,
    rules: &RuleSet,
    pos: &Position,
    side: Side,
    dice: StageDice,
) -> (Position, Vec<Step>) {
    let set = rules.legal_plays(pos, side, dice);
    if set.max_steps() == 0 {
        return (*pos, Vec::new());
    }
    let k = rng.below(set.len());
    // Every hit or pin carries its `*` where it is made (`tapa.md` §9: a pin made on the way
    // and released within the play is marked too, as a hit on the way is).
    let (end, steps) = set
        .get(k)
        .map_or((*pos, Vec::new()), |(p, s)| (*p, s.to_vec()));
    (end, steps)
}

fn roll(rng: &mut Rng, bias: f64) -> Roll {
    let a = rng.die();
    let b = if rng.chance(bias) { a } else { rng.die() };
    Roll { a, b }
}

/// Play and write a random match.
pub fn random_match(settings: &Settings, seed: u64) -> String {
    random_match_with(settings, seed).text
}

/// Play and write a random match, with where its illegal play stands ([`Settings::illegal`]).
pub fn random_match_with(settings: &Settings, seed: u64) -> Generated {
    let mut made = Made::default();
    let text = random_match_inner(settings, seed, &mut made);
    Generated {
        text,
        illegal: made.illegal,
        turns: made.turns,
    }
}

/// What the generation did beyond the text.
#[derive(Default)]
struct Made {
    illegal: Option<(u32, u64, Side)>,
    turns: usize,
}

fn random_match_inner(settings: &Settings, seed: u64, made: &mut Made) -> String {
    let mut rng = Rng::new(seed);
    let mut out = MatText::new();
    match settings.rules {
        _ if settings.rotation.is_some() => {
            if let Some(rot) = settings.rotation {
                out.tag("Variation", rot.name());
                out.tag("Rules", rot.tapa.preset);
            }
        }
        RuleSet::GulBara(o) => {
            out.tag("Variation", "Gul Bara");
            out.tag("Rules", o.preset);
        }
        RuleSet::Backgammon(o) => {
            out.tag(
                "Variation",
                match o.preset {
                    "nackgammon" => "NackGammon",
                    "short-nardy" => "Short Nardy",
                    "obiknovena" => "Obiknovena",
                    "portes" => "Portes",
                    "tavla" => "Tavla",
                    _ => "Backgammon",
                },
            );
            if !o.cube {
                out.tag("CubeLimit", "1");
            }
            out.tag("Jacoby", if o.jacoby { "On" } else { "Off" });
        }
        RuleSet::Hypergammon1(o)
        | RuleSet::Hypergammon2(o)
        | RuleSet::Hypergammon3(o)
        | RuleSet::Longgammon(o) => {
            out.tag(
                "Variation",
                match settings.rules.variant() {
                    crate::rules::Variant::Hypergammon1 => "HyperGammon (1)",
                    crate::rules::Variant::Hypergammon2 => "HyperGammon (2)",
                    crate::rules::Variant::Hypergammon3 => "HyperGammon (3)",
                    _ => "LongGammon",
                },
            );
            if !o.cube {
                out.tag("CubeLimit", "1");
            }
            out.tag("Jacoby", if o.jacoby { "On" } else { "Off" });
        }
        RuleSet::LongNardy(o) => {
            out.tag("Variation", "Long Nardy");
            out.tag("Rules", o.preset);
        }
        RuleSet::Fevga(o) => {
            out.tag("Variation", "Fevga");
            out.tag("Rules", o.preset);
        }
        RuleSet::Tapa(o) => {
            out.tag(
                "Variation",
                if o.preset.starts_with("plakoto") {
                    "Plakoto"
                } else {
                    "Tapa"
                },
            );
            out.tag("Rules", o.preset);
        }
    }
    out.match_length(Some(settings.length));
    let mut score = [0u64; 2];
    let mut prev_winner: Option<Side> = None;
    let mut crawford_done = false;
    let mut game_no = 0u32;
    loop {
        game_no += 1;
        if settings.length == 0 && game_no > settings.money_games.max(1) {
            break;
        }
        // The match ends when a player has reached the length and leads (a draw can bring both
        // players there).
        if settings.length > 0
            && score.iter().any(|&s| s >= settings.length)
            && score[0] != score[1]
        {
            break;
        }
        out.game(game_no.into());
        out.score_line(&settings.names.0, score[0], &settings.names.1, score[1]);
        let crawford = settings.length > 1
            && game_no > 1
            && !crawford_done
            && score.iter().any(|&s| s + 1 == settings.length);
        if crawford {
            crawford_done = true;
        }
        let rules = settings
            .rotation
            .map_or(settings.rules, |r| r.game(game_no.into()));
        let (winner, points) = play_game(
            settings,
            &rules,
            &mut rng,
            &mut out,
            prev_winner,
            game_no,
            crawford,
            made,
        );
        let Some(winner) = winner else {
            // A draw (Tapa): each player scores the points; the next game opens with a roll.
            score[0] += points;
            score[1] += points;
            out.result_line(Some(" Draw"), None);
            prev_winner = None;
            continue;
        };
        score[winner.index()] += points;
        let and_match = settings.length > 0
            && score[winner.index()] >= settings.length
            && score[winner.index()] > score[winner.other().index()];
        let result = layout::wins(points, and_match);
        match winner {
            Side::White => out.result_line(Some(&result), None),
            Side::Black => out.result_line(None, Some(&result)),
        }
        prev_winner = Some(winner);
    }
    out.finish()
}

struct Cube {
    value: u64,
    owner: Option<Side>,
    turned: bool,
}

/// Play one game, writing its turn lines; returns the winner and the points, or no winner and
/// each player's points for a draw.
#[allow(clippy::too_many_arguments)]
fn play_game(
    s: &Settings,
    rules: &RuleSet,
    rng: &mut Rng,
    text: &mut MatText,
    prev_winner: Option<Side>,
    game_no: u32,
    crawford: bool,
    made: &mut Made,
) -> (Option<Side>, u64) {
    let mut w = Writer {
        text,
        cells: [None, None],
        number: 0,
    };
    let mut pos = rules.start();
    let cube_rules = rules.cube();
    let (mut side, mut first) = opening(rules, rng, prev_winner, game_no);
    let mut rolls = [0u32; 2];
    let mut game_rolls = 0u32;
    let mut pending: Vec<StageDice> = Vec::new();
    let mut cube = Cube {
        value: 1,
        owner: None,
        turned: false,
    };
    let money = s.length == 0;
    let mut stuck = 0u32;
    loop {
        // The turn cell's stages, as written.
        let mut cell: Vec<String> = Vec::new();
        // Received remainder.
        for st in std::mem::take(&mut pending) {
            let StageDice::Double { value, .. } = st else {
                continue;
            };
            let (p, steps) = choose(rng, rules, &pos, side, st);
            pos = p;
            cell.push(layout::stage(
                StageKind::Received,
                &[value],
                &play_text(&steps),
            ));
            if pos.off(side) == rules.checkers() {
                w.put(side, cell.join(" "));
                made.turns += 1;
                let pts = rules.level(&pos, side).points() as u64 * cube.value;
                w.flush();
                return (Some(side), pts);
            }
        }
        // Resignation.
        if game_rolls > 2 && rng.chance(s.resign_rate) && cell.is_empty() {
            w.flush();
            let winner = side.other();
            // Without a cube the resignation is worth the most it may be; with one, a single
            // game.
            let pts = if cube_rules.in_game() {
                cube.value
            } else {
                rules
                    .resignation_levels(&pos, side)
                    .last()
                    .map_or(1, |l| l.points() as u64)
            };
            return (Some(winner), pts);
        }
        // Cube (backgammon): double before rolling.
        let may = cube_rules.available.is_ok()
            && !crawford
            && game_rolls > 0
            && cell.is_empty()
            && cube.owner.is_none_or(|o| o == side)
            && cube.value < 64;
        if may
            && rng.chance(s.double_rate)
            && let Some(points) = double(rng, &mut w, side, &mut cube)
        {
            return (Some(side), points);
        }
        let r = first.take().unwrap_or_else(|| roll(rng, s.doublet_bias));
        rolls[side.index()] += 1;
        game_rolls += 1;
        let plan = rules.turn_plan(r, rolls[side.index()], game_rolls);
        let dice = plan.first();
        let mut illegal_here = false;
        let (p, steps) = match s.illegal {
            Some(il)
                if il.game == game_no
                    && game_rolls > il.after_roll
                    && made.illegal.is_none()
                    && r.a != r.b
                    && matches!(dice, StageDice::Mixed { .. }) =>
            {
                match illegal_play(rng, rules, &pos, side, r, il.kind) {
                    Some(made_play) => {
                        illegal_here = true;
                        made_play
                    }
                    None => choose(rng, &rules.for_roll(rolls[side.index()]), &pos, side, dice),
                }
            }
            _ => choose(rng, &rules.for_roll(rolls[side.index()]), &pos, side, dice),
        };
        made.turns += 1;
        pos = p;
        cell.push(layout::stage(
            StageKind::Roll,
            &[r.a, r.b],
            &play_text(&steps),
        ));
        let first_stage = (dice, steps.len() as u8);
        pending = chain(rng, rules, &plan, &mut pos, side, first_stage, &mut cell);
        w.put(side, cell.join(" "));
        if illegal_here {
            // A right cell closes its line at once; a left cell's line is the next.
            let turn = w.number as u64 + u64::from(side == Side::White);
            made.illegal = Some((game_no, turn, side));
        }
        if pos.off(side) == rules.checkers() {
            w.flush();
            let level = rules.level(&pos, side).points() as u64;
            let level = if cube_rules.jacoby && money && !cube.turned {
                1
            } else {
                level
            };
            let pts = level * cube.value;
            return (Some(side), pts);
        }
        // The mother rule (Tapa): a mother win or a draw ends the game mid-roll.
        match rules.outcome(&pos) {
            Outcome::Mother(winner) => {
                w.flush();
                return (Some(winner), rules.level(&pos, winner).points() as u64);
            }
            Outcome::Draw => {
                w.flush();
                return (None, rules.draw_points());
            }
            Outcome::Running | Outcome::BoreOff(_) => {}
        }
        // The stuck rule (Tapa): so many rolls in a row that move nothing end the game 0 : 0.
        stuck = if steps.is_empty() { stuck + 1 } else { 0 };
        if rules.stuck_rolls() > 0 && stuck >= rules.stuck_rolls() {
            w.flush();
            return (None, 0);
        }
        side = side.other();
    }
}

/// Who opens game `game_no`, and the roll the opener plays when the opening dice are its
/// roll: the previous game's winner where the rules say so (`prev_winner`), else the higher of
/// two different dice.
fn opening(
    rules: &RuleSet,
    rng: &mut Rng,
    prev_winner: Option<Side>,
    game_no: u32,
) -> (Side, Option<Roll>) {
    let opening = rules.opening();
    let starter_by_winner =
        rules.next_game_starter() == NextGameStarter::PreviousWinner && game_no > 1;
    if let (true, Some(pw)) = (starter_by_winner, prev_winner) {
        return (pw, None);
    }
    loop {
        let (a, b) = (rng.die(), rng.die());
        if a != b {
            let starter = if a > b { Side::White } else { Side::Black };
            return (
                starter,
                (opening == Opening::StarterPlaysOpeningDice).then_some(Roll {
                    a: a.max(b),
                    b: a.min(b),
                }),
            );
        }
    }
}

/// `side` doubles: taken (the cube turned to the taker's) or, one time in four, dropped (the
/// points `side` wins, returned).
fn double(rng: &mut Rng, w: &mut Writer<'_>, side: Side, cube: &mut Cube) -> Option<u64> {
    let value = cube.value * 2;
    w.put(side, layout::cube(CubeCell::Doubles(value)));
    if rng.chance(0.25) {
        w.put(side.other(), layout::cube(CubeCell::Drops));
        w.flush();
        return Some(cube.value);
    }
    w.put(side.other(), layout::cube(CubeCell::Takes));
    *cube = Cube {
        value,
        owner: Some(side.other()),
        turned: true,
    };
    None
}

/// The chain stages of `side`'s roll after its first stage (`first`: its dice and the steps
/// played of them), each played on `pos` and written into `cell`; the remainder stages the
/// opponent receives.
fn chain(
    rng: &mut Rng,
    rules: &RuleSet,
    plan: &TurnPlan,
    pos: &mut Position,
    side: Side,
    first: (StageDice, u8),
    cell: &mut Vec<String>,
) -> Vec<StageDice> {
    let (mut dice, mut played) = first;
    let mut k = 1;
    let mut finished = pos.off(side) == rules.checkers();
    loop {
        match plan.after_stage(dice, played, k == 1, finished) {
            ChainNext::Stage(v) => {
                dice = StageDice::Double { value: v, count: 4 };
                let (p, steps) = choose(rng, rules, pos, side, dice);
                *pos = p;
                cell.push(layout::stage(StageKind::Chain, &[v], &play_text(&steps)));
                played = steps.len() as u8;
                finished = pos.off(side) == rules.checkers();
                k += 1;
            }
            ChainNext::End(rest) => return rest,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{Overrides, check};

    #[test]
    fn generated_gul_bara_and_backgammon_matches_validate_cleanly() {
        for (i, preset) in ["bulgarian", "english", "simple"].iter().enumerate() {
            let rules = RuleSet::default_for(crate::rules::Variant::GulBara)
                .with_preset(preset)
                .unwrap();
            let mut st = Settings::new(rules, 3);
            st.doublet_bias = 0.3;
            let text = random_match(&st, 7 + i as u64);
            let v = check(crate::notation::read(&text), &Overrides::default());
            assert!(v.findings.is_empty(), "{preset}:\n{text}\n{:?}", v.findings);
        }
        let rules = RuleSet::default_for(crate::rules::Variant::Backgammon);
        let mut st = Settings::new(rules, 5);
        st.double_rate = 0.2;
        let text = random_match(&st, 3);
        let v = check(crate::notation::read(&text), &Overrides::default());
        assert!(v.findings.is_empty(), "{text}\n{:?}", v.findings);
    }
}
