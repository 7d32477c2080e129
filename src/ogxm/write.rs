//! Writing OGXM v2 from a checked match's document (`convert --to ogxm`): the `MTCH` record
//! (players, length, variant, rules, the score before the first game, defaults omitted), a
//! `GAME` section per game (its winner and the game's full value, then every ply: a roll with
//! its replayed steps in the order they were played, a play made at the board as the spec's
//! illegal set-position ply (dice, steps, the board it left), cube actions, a resignation by the
//! loser),
//! a CRC-32 `CSUM` over every byte before it, and `END!`. Games of the backgammon family only:
//! OGXM's variants are backgammon, nackgammon, hypergammon (three checkers) and longgammon.

use super::bytes::put_varint;
use super::plies;
use crate::report::json::{ActionDoc, MatchDoc, PositionDoc, ResignLevelDoc, SideDoc, VariantDoc};

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
    out.extend_from_slice(kind);
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.push(1);
    out.extend_from_slice(payload);
}

/// The OGXM variant number of a document's game.
fn variant(doc: &MatchDoc) -> Result<u64, WriteError> {
    let flag = |k: &str| {
        doc.rules
            .as_ref()
            .and_then(|r| r.get(k))
            .and_then(serde_json::Value::as_bool)
            .unwrap_or(false)
    };
    if doc.rotation.is_some() {
        return Err(WriteError(
            "OGXM has no rotating match (Sreshta, Tavli): its variants are backgammon, nackgammon, hypergammon and longgammon".into(),
        ));
    }
    match doc.variant {
        Some(VariantDoc::Backgammon) if flag("nackgammon") => Ok(1),
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
    let flag = |k: &str| {
        doc.rules
            .as_ref()
            .and_then(|r| r.get(k))
            .and_then(serde_json::Value::as_bool)
            .unwrap_or(false)
    };
    let mut out = b"OGXM".to_vec();
    for v in [2u16, 0, 2, 0] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&[0; 4]);
    // MTCH.
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
    let rules = u64::from(flag("crawford") && doc.match_length.unwrap_or(0) > 1)
        | u64::from(flag("jacoby")) << 1;
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
    section(&mut out, b"MTCH", &payload);
    for (gi, g) in doc.games.iter().enumerate() {
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
            match a {
                ActionDoc::Turn(t) => {
                    let Some(stage) = t.stages.first() else {
                        continue;
                    };
                    let (d1, d2) = match (t.dice, stage.dice.as_slice()) {
                        (Some([a, b]), _) => (a, b),
                        (None, [a, b]) => (*a, *b),
                        (None, [a]) => (*a, *a),
                        _ => {
                            return Err(WriteError(format!(
                                "game {}, line {}: a roll without two dice",
                                gi + 1,
                                t.base.line
                            )));
                        }
                    };
                    let pair = (d1.min(d2), d1.max(d2));
                    let Some(id) = plies::DICE.iter().position(|&d| d == pair) else {
                        return Err(WriteError(format!(
                            "game {}, line {}: dice {d1}{d2} are not backgammon dice",
                            gi + 1,
                            t.base.line
                        )));
                    };
                    let Some(steps) = stage.steps.as_ref().filter(|_| t.base.checked) else {
                        return Err(WriteError(format!(
                            "game {}, line {}: the play was not replayed, so its steps are not known",
                            gi + 1,
                            t.base.line
                        )));
                    };
                    if t.made_at_board {
                        // A play made at the board: the spec's illegal set-position ply, seated
                        // on the side to move next, with the dice as rolled, the steps as made
                        // and the board they left.
                        let Some(pos) = t.position.as_ref() else {
                            return Err(WriteError(format!(
                                "game {}, line {}: the play made at the board left no position",
                                gi + 1,
                                t.base.line
                            )));
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
                        record(&mut payload, 1 | 1 << 3 | 1 << 5 | 1 << 6, &f);
                        continue;
                    }
                    payload.push(id as u8 | seat);
                    let max = if d1 == d2 { 4 } else { 2 };
                    for s in steps.iter().take(max) {
                        payload.push(step_byte(white, s.from, s.die));
                    }
                    if steps.len() < max {
                        payload.push(0);
                    }
                }
                ActionDoc::Double(_) => payload.push(plies::DOUBLE | seat),
                ActionDoc::Take(_) => {
                    cube *= 2;
                    payload.push(plies::TAKE | seat);
                }
                ActionDoc::Drop(_) => payload.push(plies::DROP | seat),
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
                    payload.push(plies::RESIGN | seat | 0x80);
                    record(&mut payload, 0b10, &[value as u8]);
                }
                ActionDoc::Wins(_) | ActionDoc::Losses(_) | ActionDoc::Draw(_) => {}
            }
        }
        if let Some(r) = result
            && r.how == "resignation"
            && !resigned
        {
            // A resignation the record states only by its result: the loser's ply 27.
            let value = r.value.map_or(1, |v| (v / cube.max(1)).clamp(1, 3));
            let seat = if r.winner == SideDoc::White { 0x40 } else { 0 };
            payload.push(plies::RESIGN | seat | 0x80);
            record(&mut payload, 0b10, &[value as u8]);
        }
        section(&mut out, b"GAME", &payload);
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
