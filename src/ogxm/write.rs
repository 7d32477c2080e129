//! Writing OGXM v2 from a checked match's document (`convert --to ogxm`): the `MTCH` record
//! (players, length, variant, rules, the score before the first game, defaults omitted), a
//! `GAME` section per game (its winner and the game's full value, then every ply: a roll with
//! its replayed steps in the order they were played, a play made at the board as the spec's
//! illegal set-position ply (dice, steps, the board it left), cube actions, a resignation by the
//! loser), an analysis block (`ANAL` and `DECS`) when the record carries an analysis (read from
//! gnubg's SGF, XG or OGXM), a CRC-32 `CSUM` over every byte before it, and `END!`. Games of the
//! backgammon family only: OGXM's variants are backgammon, nackgammon, hypergammon (three
//! checkers) and longgammon.

use super::bytes::put_varint;
use super::plies;
use crate::report::json::{
    ActionDoc, AnalysisDoc, CubeAnalysisDoc, GameDoc, MatchDoc, PositionDoc, ResignLevelDoc,
    SideDoc, StepDoc, TurnDoc, VariantDoc,
};
use sha2::Digest;

/// Why a match cannot be written as OGXM.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteError(pub String);

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn string(out: &mut Vec<u8>, s: &str) {
    put_varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

fn record(out: &mut Vec<u8>, mask: u64, fields: &[u8]) {
    let mut r = Vec::with_capacity(fields.len() + 2);
    put_varint(&mut r, mask);
    r.extend_from_slice(fields);
    put_varint(out, r.len() as u64);
    out.extend_from_slice(&r);
}

fn section(out: &mut Vec<u8>, kind: &[u8; 4], payload: &[u8]) {
    section_flagged(out, kind, payload, true);
}

/// A section, critical (flags bit 0) or not.
fn section_flagged(out: &mut Vec<u8>, kind: &[u8; 4], payload: &[u8], critical: bool) {
    out.extend_from_slice(kind);
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.push(u8::from(critical));
    out.extend_from_slice(payload);
}

/// An equity as OGXM's i32 millionths.
fn equity(out: &mut Vec<u8>, e: f64) {
    let v = (e * 1e6)
        .round()
        .clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32;
    out.extend_from_slice(&v.to_le_bytes());
}

/// A level record from a label: `N-ply` a depth (of checker play, or of a cube decision),
/// anything else a preset's name.
fn level(out: &mut Vec<u8>, label: &str, cube: bool) {
    let mut f = Vec::new();
    let mask = match label
        .strip_suffix("-ply")
        .and_then(|n| n.parse::<u64>().ok())
    {
        Some(n) => {
            put_varint(&mut f, n);
            if cube { 0b100 } else { 0b10 }
        }
        None => {
            string(&mut f, label);
            0b1
        }
    };
    record(out, mask, &f);
}

/// A point of play text in the mover's numbering: `bar` 25, `off` 0.
fn point(t: &str) -> Option<u8> {
    match t {
        "bar" => Some(25),
        "off" => Some(0),
        n => n.parse::<u8>().ok().filter(|&p| p <= 25),
    }
}

/// A candidate's play text (`24/18 13/11`, `bar/22`, `6/off`, `13/7*/1`, `8/5(2)`) as steps
/// in the mover's numbering (from, die) with the roll `dice`: each hop one die (a bear-off the
/// smallest die that takes the checker off), a longer hop split into dice of the roll. `None`
/// when a hop has no such spelling.
fn candidate_steps(play: &str, dice: (u8, u8)) -> Option<Vec<(u8, u8)>> {
    let mut out = Vec::new();
    for token in play.split_whitespace() {
        let (body, times) = match token.split_once('(') {
            Some((b, n)) => (b, n.trim_end_matches(')').parse::<usize>().ok()?),
            None => (token, 1),
        };
        let points: Vec<u8> = body
            .split('/')
            .map(|p| point(p.trim_end_matches('*')))
            .collect::<Option<_>>()?;
        if points.len() < 2 {
            return None;
        }
        for _ in 0..times {
            for w in points.windows(2) {
                let (from, to) = (w[0], w[1]);
                let dist = from.checked_sub(to).filter(|&d| d > 0)?;
                let dies = [dice.0, dice.1];
                if dies.contains(&dist) {
                    out.push((from, dist));
                } else if to == 0
                    && let Some(d) = dies.iter().filter(|&&d| d > dist).min()
                {
                    out.push((from, *d));
                } else if dice.0 == dice.1 && dist % dice.0 == 0 {
                    for k in 0..dist / dice.0 {
                        out.push((from - k * dice.0, dice.0));
                    }
                } else if dist == dice.0 + dice.1 {
                    out.push((from, dice.0));
                    out.push((from - dice.0, dice.1));
                } else {
                    return None;
                }
            }
        }
    }
    Some(out)
}

/// The level most of a match's candidates were evaluated at (empty when none is stated).
fn block_level(doc: &MatchDoc) -> String {
    let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
    for g in &doc.games {
        for a in &g.actions {
            for c in a.base().analysis.iter().flat_map(|x| &x.candidates) {
                if !c.level.is_empty() {
                    *counts.entry(c.level.as_str()).or_default() += 1;
                }
            }
        }
    }
    counts
        .into_iter()
        .max_by_key(|&(l, n)| (n, std::cmp::Reverse(l)))
        .map(|(l, _)| l.to_string())
        .unwrap_or_default()
}

/// What a play (steps in the mover's numbering: from, die) does: the mover's checkers that
/// arrive less those that leave on each point, and the opponent's checkers left on each of its
/// points, when its board before the play (`opponent`, its own numbering) is known: a step
/// onto a single opposing checker hits it.
fn outcome(steps: &[(u8, u8)], opponent: Option<&[u8; 25]>) -> ([i16; 26], [u8; 25]) {
    let mut net = [0i16; 26];
    let mut opp = opponent.copied().unwrap_or([0; 25]);
    for &(from, die) in steps {
        let to = from.saturating_sub(die);
        net[usize::from(from)] -= 1;
        net[usize::from(to)] += 1;
        if (1..=24).contains(&to) && opp[usize::from(25 - to)] == 1 {
            opp[usize::from(25 - to)] = 0;
        }
    }
    (net, opp)
}

/// The opponent's checkers on its own points before turn `t` (its position after, with the
/// checkers the turn hit put back), when the turn was replayed.
fn opponent_before(t: &TurnDoc, white: bool) -> Option<[u8; 25]> {
    let p = t.position.as_ref()?;
    let mut opp = if white { p.black.0 } else { p.white.0 };
    for s in t.stages.iter().flat_map(|s| s.steps.iter().flatten()) {
        if s.hit && (1..=24).contains(&s.to) {
            opp[usize::from(25 - s.to)] += 1;
        }
    }
    Some(opp)
}

/// The decisions of the analysis block being written: `DECS` records in `ply_ref` order, and
/// the block's level (the label most candidates share), which no record restates.
#[derive(Default)]
struct Decs {
    out: Vec<u8>,
    top: String,
    /// A match (not a money session): a figure in match winning chances is stated so.
    match_play: bool,
}

impl Decs {
    /// The checker play, the cube decision before it and the luck of the roll at `ply_ref`:
    /// the candidates' steps from their play text, the played one's the steps as made.
    fn roll(
        &mut self,
        ply_ref: u64,
        white: bool,
        dice: (u8, u8),
        made: &[StepDoc],
        opponent: Option<&[u8; 25]>,
        a: &AnalysisDoc,
    ) {
        let candidates: Option<Vec<Vec<(u8, u8)>>> = a
            .candidates
            .iter()
            .enumerate()
            .map(|(i, c)| {
                // The play made as it was made, should its text not spell it.
                candidate_steps(&c.play, dice).or_else(|| {
                    (a.played == Some(i)).then(|| made.iter().map(|s| (s.from, s.die)).collect())
                })
            })
            .collect();
        if let Some(steps) = candidates.filter(|c| !c.is_empty()) {
            // One play spelled twice (two orders of the same hops, hitting the same blots) is
            // one candidate in OGXM: the first spelling is kept, or the played one if later.
            let outcome = |st: &[(u8, u8)]| outcome(st, opponent);
            let mut kept: Vec<usize> = Vec::with_capacity(steps.len());
            for i in 0..steps.len() {
                match kept
                    .iter()
                    .position(|&j| outcome(&steps[j]) == outcome(&steps[i]))
                {
                    Some(k) if a.played == Some(i) => kept[k] = i,
                    Some(_) => {}
                    None => kept.push(i),
                }
            }
            // OGXM lists the candidates of one level together (XG interleaves those it
            // evaluated more shallowly): grouped by level, in the order each level first comes.
            let mut levels: Vec<&str> = Vec::new();
            for &i in &kept {
                if !levels.contains(&a.candidates[i].level.as_str()) {
                    levels.push(&a.candidates[i].level);
                }
            }
            kept.sort_by_key(|&i| levels.iter().position(|l| *l == a.candidates[i].level));
            let mut f = Vec::new();
            put_varint(&mut f, ply_ref);
            put_varint(&mut f, super::analysis::CHECKER);
            put_varint(&mut f, kept.len() as u64);
            for &i in &kept {
                let (c, st) = (&a.candidates[i], &steps[i]);
                let mut g = Vec::new();
                put_varint(&mut g, st.len() as u64);
                g.extend(st.iter().map(|&(from, die)| step_byte(white, from, die)));
                equity(&mut g, c.equity);
                let mut mask = 0;
                if c.probabilities.iter().any(|&p| p != 0.0) {
                    mask |= 0b1;
                    for p in c.probabilities {
                        let v = (p * 10000.0).round().clamp(0.0, 65535.0) as u16;
                        g.extend_from_slice(&v.to_le_bytes());
                    }
                }
                if !c.level.is_empty() && c.level != self.top {
                    mask |= 0b10;
                    level(&mut g, &c.level, false);
                }
                if a.played == Some(i) {
                    mask |= 0b100;
                }
                record(&mut f, mask, &g);
            }
            record(&mut self.out, 0b1, &f);
        }
        if let Some(c) = &a.cube {
            self.cube(ply_ref, c, None);
        }
        if let Some(l) = a.luck {
            let mut f = Vec::new();
            put_varint(&mut f, ply_ref);
            put_varint(&mut f, super::analysis::ROLL);
            equity(&mut f, l);
            record(&mut self.out, 0, &f);
        }
    }

    /// A cube decision at `ply_ref`: on a roll (`answer` `None`) or a double its verdict is
    /// the offer (no double, double, too good), on an answer (`Some(took)`) the response.
    fn cube(&mut self, ply_ref: u64, c: &CubeAnalysisDoc, answer: Option<bool>) {
        let proper = c.proper.as_deref();
        let verdict = match (answer, proper) {
            (None, Some("double, take" | "double, pass")) => 1,
            (None, Some("too good, pass")) => 4,
            (None, _) => 0,
            (Some(_), Some("double, pass" | "too good, pass")) => 3,
            (Some(_), Some(_)) => 2,
            (Some(took), None) => {
                if took {
                    2
                } else {
                    3
                }
            }
        };
        let mwc = c.unit == "mwc" && self.match_play;
        let mut f = Vec::new();
        put_varint(&mut f, ply_ref);
        put_varint(&mut f, super::analysis::CUBE);
        put_varint(&mut f, verdict);
        let mut mask = 0b11;
        equity(&mut f, c.no_double);
        equity(&mut f, c.double_take);
        if let Some(p) = c.double_pass {
            mask |= 0b100;
            equity(&mut f, p);
        }
        if !c.level.is_empty() && c.level != self.top {
            mask |= 1 << 7;
            level(&mut f, &c.level, true);
        }
        if mwc {
            mask |= 1 << 11;
            put_varint(&mut f, super::analysis::CUBEFUL_MATCH);
        }
        record(&mut self.out, mask, &f);
    }
}

/// The OGXM variant number of a document's game.
fn variant(doc: &MatchDoc) -> Result<u64, WriteError> {
    if doc.rotation.is_some() {
        return Err(WriteError(
            "OGXM has no rotating match (Sreshta, Tavli): its variants are backgammon, nackgammon, hypergammon and longgammon".into(),
        ));
    }
    match doc.variant {
        Some(VariantDoc::Backgammon) if rule_flag(doc, "nackgammon") => Ok(1),
        Some(VariantDoc::Backgammon) => Ok(0),
        Some(VariantDoc::Hypergammon3) => Ok(2),
        Some(VariantDoc::Longgammon) => Ok(3),
        Some(v) => Err(WriteError(format!(
            "OGXM's variants are backgammon, nackgammon, hypergammon (three checkers) and longgammon; {} is none of them",
            serde_json::to_value(v)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default()
        ))),
        None => Err(WriteError(
            "the record's variant is not supported, so it cannot be written as OGXM".into(),
        )),
    }
}

/// A step in the mover's own numbering as OGXM's step byte (`from | pips << 5`, from
/// absolute: White's own point `p` is `25 − p`, its bar 0; Black's bar 25).
fn step_byte(white: bool, from: u8, die: u8) -> u8 {
    let abs = if white {
        25 - from.min(25)
    } else {
        from.min(25)
    };
    abs | die << 5
}

/// A position as OGXM's absolute board: White's checkers positive at `25 − p` for its own
/// point `p` (its bar at 0), Black's negative at `p` (its bar at 25).
fn absolute_board(p: &PositionDoc) -> [i8; 26] {
    let mut b = [0i8; 26];
    for point in 1..=24usize {
        b[25 - point] += p.white.0[point] as i8;
        b[point] -= p.black.0[point] as i8;
    }
    b[0] += p.white_bar as i8;
    b[25] -= p.black_bar as i8;
    b
}

/// The match as an OGXM v2 file.
///
/// # Errors
/// A game OGXM has no variant for, or a turn that was not replayed (its steps unknown).
pub fn write_ogxm(doc: &MatchDoc) -> Result<Vec<u8>, WriteError> {
    let variant = variant(doc)?;
    let mut out = b"OGXM".to_vec();
    for v in [2u16, 0, 2, 0] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&[0; 4]);
    let payload = match_payload(doc, variant);
    section(&mut out, b"MTCH", &payload);
    // The match digest's input (each payload after its length), for the block's identifier.
    let mut digest = sha2::Sha256::new();
    digest.update((payload.len() as u32).to_le_bytes());
    digest.update(&payload);
    // Each ply's ordinal in the match, and the decisions of the analysis.
    let mut ply_ref = 0u64;
    let mut decs = Decs {
        top: block_level(doc),
        match_play: doc.match_length.unwrap_or(0) > 0,
        ..Decs::default()
    };
    for (gi, g) in doc.games.iter().enumerate() {
        let payload = game_payload(gi, g, &mut ply_ref, &mut decs)?;
        section(&mut out, b"GAME", &payload);
        digest.update((payload.len() as u32).to_le_bytes());
        digest.update(&payload);
    }
    // The analysis the record carries, as one block: its identifier a UUID (version 8) of the
    // match's digest.
    if !decs.out.is_empty() {
        let d: [u8; 32] = digest.finalize().into();
        let mut id = [0u8; 16];
        id.copy_from_slice(&d[..16]);
        id[6] = id[6] & 0x0f | 0x80;
        id[8] = id[8] & 0x3f | 0x80;
        let mut f = id.to_vec();
        let mut mask = 0;
        if !decs.top.is_empty() {
            mask |= 0b100;
            level(&mut f, &decs.top, false);
        }
        let mut payload = Vec::new();
        record(&mut payload, mask, &f);
        section_flagged(&mut out, b"ANAL", &payload, false);
        section_flagged(&mut out, b"DECS", &decs.out, false);
    }
    // CSUM: CRC-32 over every byte before it.
    let size = out.len() + 9 + 8 + 4;
    out[12..16].copy_from_slice(&(size as u32).to_le_bytes());
    let crc = crc32fast::hash(&out);
    let mut f = vec![0u8, 4];
    f.extend_from_slice(&crc.to_le_bytes());
    let mut payload = Vec::new();
    record(&mut payload, 0, &f);
    section(&mut out, b"CSUM", &payload);
    out.extend_from_slice(b"END!");
    Ok(out)
}

/// Whether the document's rules set flag `k` (`crawford`, `jacoby`, `nackgammon`).
fn rule_flag(doc: &MatchDoc, k: &str) -> bool {
    doc.rules
        .as_ref()
        .and_then(|r| r.get(k))
        .and_then(serde_json::Value::as_bool)
        .unwrap_or(false)
}

/// The `MTCH` section's payload: length, variant, the players, the rules and the score before
/// the first game (defaults omitted).
fn match_payload(doc: &MatchDoc, variant: u64) -> Vec<u8> {
    let players = doc.players.as_ref();
    let mut mask = 0;
    let mut f = Vec::new();
    put_varint(&mut f, doc.match_length.unwrap_or(0));
    put_varint(&mut f, variant);
    if let Some(p) = players {
        mask |= 0b11;
        string(&mut f, &p.white);
        string(&mut f, &p.black);
    }
    // The Crawford rule means nothing in a one-point match or a money session (and the
    // reference codec refuses the flag there).
    let rules = u64::from(rule_flag(doc, "crawford") && doc.match_length.unwrap_or(0) > 1)
        | u64::from(rule_flag(doc, "jacoby")) << 1;
    if rules != 0 {
        mask |= 0b100;
        put_varint(&mut f, rules);
    }
    let start = doc
        .games
        .first()
        .and_then(|g| g.score_before.as_ref())
        .map_or((0, 0), |s| (s.white, s.black));
    if start != (0, 0) {
        mask |= 1 << 4;
        put_varint(&mut f, start.0);
        put_varint(&mut f, start.1);
    }
    let mut payload = Vec::new();
    record(&mut payload, mask, &f);
    payload
}

/// A resignation ply of the player of `seat`, for `value` (1 single, 2 gammon, 3 backgammon).
fn resign_ply(payload: &mut Vec<u8>, seat: u8, value: u64) {
    payload.push(plies::RESIGN | seat | 0x80);
    record(payload, 0b10, &[value as u8]);
}

/// The `GAME` section's payload of game `gi`: its record (winner and value), then every ply;
/// `ply_ref` counts the plies of the match, and each decision of the analysis goes to `decs`.
fn game_payload(
    gi: usize,
    g: &GameDoc,
    ply_ref: &mut u64,
    decs: &mut Decs,
) -> Result<Vec<u8>, WriteError> {
    let mut payload = Vec::new();
    let mut f = Vec::new();
    let mut mask = 0;
    let result = g
        .result
        .as_ref()
        .filter(|r| !r.draw && r.how != "unchecked");
    if let Some(r) = result {
        mask |= 0b11;
        put_varint(&mut f, u64::from(r.winner == SideDoc::Black));
        put_varint(&mut f, r.value.or(r.points).unwrap_or(1));
    }
    record(&mut payload, mask, &f);
    let mut cube = 1u64;
    let mut resigned = false;
    for a in &g.actions {
        let white = a.base().player == SideDoc::White;
        let seat = if white { 0u8 } else { 0x40 };
        let cube_analysis = a.base().analysis.as_ref().and_then(|a| a.cube.as_ref());
        match a {
            ActionDoc::Turn(t) => {
                if t.stages.is_empty() {
                    continue;
                }
                turn_ply(&mut payload, gi, t, *ply_ref, decs)?;
            }
            ActionDoc::Double(_) => {
                payload.push(plies::DOUBLE | seat);
                if let Some(x) = cube_analysis {
                    decs.cube(*ply_ref, x, None);
                }
            }
            ActionDoc::Take(_) => {
                cube *= 2;
                payload.push(plies::TAKE | seat);
                if let Some(x) = cube_analysis {
                    decs.cube(*ply_ref, x, Some(true));
                }
            }
            ActionDoc::Drop(_) => {
                payload.push(plies::DROP | seat);
                if let Some(x) = cube_analysis {
                    decs.cube(*ply_ref, x, Some(false));
                }
            }
            ActionDoc::Beaver(_) => {
                cube *= 4;
                payload.push(plies::BEAVER | seat);
            }
            ActionDoc::Raccoon(_) => {
                cube *= 8;
                payload.push(plies::RACCOON | seat);
            }
            ActionDoc::Resign(r) => {
                resigned = true;
                let value = match r.level {
                    Some(ResignLevelDoc::Gammon) => 2,
                    Some(ResignLevelDoc::Backgammon) => 3,
                    _ => result
                        .and_then(|r| r.value)
                        .map_or(1, |v| (v / cube.max(1)).clamp(1, 3)),
                };
                resign_ply(&mut payload, seat, value);
            }
            ActionDoc::Wins(_) | ActionDoc::Losses(_) | ActionDoc::Draw(_) => continue,
        }
        *ply_ref += 1;
    }
    if let Some(r) = result
        && r.how == "resignation"
        && !resigned
    {
        // A resignation the record states only by its result: the loser's ply 27.
        let value = r.value.map_or(1, |v| (v / cube.max(1)).clamp(1, 3));
        let seat = if r.winner == SideDoc::White { 0x40 } else { 0 };
        resign_ply(&mut payload, seat, value);
        *ply_ref += 1;
    }
    Ok(payload)
}

/// Turn `t` of game `gi` as its ply at `ply_ref`: a roll and its steps as played (its analysis
/// to `decs`), or a play made at the board as the spec's illegal set-position ply.
fn turn_ply(
    payload: &mut Vec<u8>,
    gi: usize,
    t: &TurnDoc,
    ply_ref: u64,
    decs: &mut Decs,
) -> Result<(), WriteError> {
    let Some(stage) = t.stages.first() else {
        return Ok(());
    };
    let white = t.base.player == SideDoc::White;
    let seat = if white { 0u8 } else { 0x40 };
    let fail = |what: String| WriteError(format!("game {}, line {}: {what}", gi + 1, t.base.line));
    let (d1, d2) = match (t.dice, stage.dice.as_slice()) {
        (Some([a, b]), _) => (a, b),
        (None, [a, b]) => (*a, *b),
        (None, [a]) => (*a, *a),
        _ => return Err(fail("a roll without two dice".into())),
    };
    let pair = (d1.min(d2), d1.max(d2));
    let Some(id) = plies::DICE.iter().position(|&d| d == pair) else {
        return Err(fail(format!("dice {d1}{d2} are not backgammon dice")));
    };
    let Some(steps) = stage.steps.as_ref().filter(|_| t.base.checked) else {
        return Err(fail(
            "the play was not replayed, so its steps are not known".into(),
        ));
    };
    if t.made_at_board {
        // A play made at the board: the spec's illegal set-position ply, seated on the side
        // to move next, with the dice as rolled, the steps as made and the board they left.
        let Some(pos) = t.position.as_ref() else {
            return Err(fail("the play made at the board left no position".into()));
        };
        let next = if white { 0x40 } else { 0 };
        payload.push(plies::SET_POSITION | next | 0x80);
        let mut f = vec![d1, d2];
        f.push(steps.len().min(8) as u8);
        for s in steps.iter().take(8) {
            f.push(step_byte(white, s.from, s.die));
        }
        f.extend(absolute_board(pos).iter().map(|&n| n as u8));
        // Dice, illegal, steps, board.
        record(payload, 1 | 1 << 3 | 1 << 5 | 1 << 6, &f);
        // OGXM allows no decision on it: its analysis is not written.
        return Ok(());
    }
    payload.push(id as u8 | seat);
    let max = if d1 == d2 { 4 } else { 2 };
    for s in steps.iter().take(max) {
        payload.push(step_byte(white, s.from, s.die));
    }
    if steps.len() < max {
        payload.push(0);
    }
    if let Some(an) = &t.base.analysis {
        let opp = opponent_before(t, white);
        decs.roll(ply_ref, white, pair, steps, opp.as_ref(), an);
    }
    Ok(())
}
