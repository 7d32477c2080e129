//! v1's first analysis block (`ANAL` and the `EVAL`, `ALTS`, `CUBE` and `GVAN` after it) put
//! on the plies it names: the candidates of each checker play, the luck, the cube figures and
//! each figure's evaluation level.

use super::CHUNK;
use crate::codes::Code;
use crate::ogxm::analysis::play_text;
use crate::ogxm::plies::{Action, Ply};
use crate::ogxm::sections::{Frame, Problem, Section};
use crate::ogxm::{GameIn, MatchHead};
use crate::record::{Analysis, Candidate, CubeAnalysis};
use std::collections::HashMap;

/// An evaluation level byte of `GVAN` (bits 0–3 the depth; bit 4 a truncated rollout, bit 5
/// a rollout, bit 6 a database), as the record names it; 0: none given.
fn level_name(b: u8) -> Option<String> {
    let depth = b & 0x0f;
    Some(match b {
        0 => return None,
        b if b & 0x20 != 0 => "rollout".into(),
        b if b & 0x40 != 0 => "database".into(),
        b if b & 0x10 != 0 => format!("truncated {depth}-ply"),
        _ => format!("{depth}-ply"),
    })
}

/// A fixed-point value (× 10 000).
fn q(raw: i32) -> f64 {
    f64::from(raw) / 10000.0
}

/// The chunks of the first analysis block.
struct Block<'s> {
    anal: &'s Section,
    eval: Option<&'s Section>,
    alts: Option<&'s Section>,
    cube: Option<&'s Section>,
    gvan: Option<&'s Section>,
}

fn first_block(f: &Frame) -> Option<Block<'_>> {
    let mut it = f.sections.iter().skip_while(|s| &s.kind != b"ANAL");
    let anal = it.next()?;
    let mut b = Block {
        anal,
        eval: None,
        alts: None,
        cube: None,
        gvan: None,
    };
    for s in it {
        let slot = match &s.kind {
            b"ANAL" => break,
            b"EVAL" => &mut b.eval,
            b"ALTS" => &mut b.alts,
            b"CUBE" => &mut b.cube,
            b"GVAN" => &mut b.gvan,
            _ => continue,
        };
        slot.get_or_insert(s);
    }
    Some(b)
}

/// The bytes of `s` (none: empty), checked to hold `n` records of `width` bytes.
fn records<'a>(
    data: &'a [u8],
    s: Option<&Section>,
    name: &str,
    n: usize,
    width: usize,
    anal: &Section,
) -> Result<&'a [u8], Problem> {
    let bytes = match s {
        Some(s) => &data[s.payload.0..s.payload.1],
        None => &data[0..0],
    };
    if bytes.len() != n * width {
        return Err(Problem::new(
            Code::OgxmBadRecord,
            s.map_or(anal.at, |s| s.at),
            if s.is_some() { 8 } else { 4 },
            format!(
                "chunk `{name}` {}holds {} bytes where its `ANAL` at byte {} calls for {n} entries of {width} bytes: the analysis is not read",
                s.map_or(String::new(), |s| format!("at byte {} ", s.at)),
                bytes.len(),
                anal.at
            ),
        ));
    }
    Ok(bytes)
}

fn u16_at(b: &[u8], k: usize) -> u16 {
    u16::from_le_bytes([b[k], b[k + 1]])
}

fn i16_at(b: &[u8], k: usize) -> i16 {
    i16::from_le_bytes([b[k], b[k + 1]])
}

fn probs_at(b: &[u8], k: usize) -> [f64; 5] {
    std::array::from_fn(|i| q(i32::from(u16_at(b, k + 2 * i))))
}

/// `GVAN`: its base level, per checker play (flags, luck), per alternative and per cube
/// record a level byte.
struct Gvan {
    base: u8,
    checker: Vec<(u8, i16)>,
    alts: Vec<u8>,
    cubes: Vec<u8>,
}

fn read_gvan(
    data: &[u8],
    s: &Section,
    n_checker: usize,
    n_alts: usize,
    n_cube: usize,
) -> Result<Gvan, Problem> {
    let b = &data[s.payload.0..s.payload.1];
    let refuse = |why: String| {
        Problem::new(
            Code::OgxmUnsupported,
            s.at,
            CHUNK,
            format!(
                "chunk `GVAN` at byte {}: {why}; its luck and evaluation levels are not read",
                s.at
            ),
        )
    };
    if b.len() < 4 {
        return Err(refuse(format!("{} bytes, less than its header", b.len())));
    }
    let (version, base, sections) = (b[0], b[1], b[2]);
    let (wc, wq) = match version {
        3 => (3, 2),
        2 => (7, 6),
        v => return Err(refuse(format!("GVAN version {v}, where 2 and 3 are read"))),
    };
    let has = |bit: u8| sections & bit != 0;
    let want = 4
        + if has(1) { wc * n_checker } else { 0 }
        + if has(2) { n_alts } else { 0 }
        + if has(4) { wq * n_cube } else { 0 };
    if b.len() != want {
        return Err(refuse(format!(
            "{} bytes where its analysis block calls for {want}",
            b.len()
        )));
    }
    let mut k = 4;
    let mut g = Gvan {
        base,
        checker: Vec::new(),
        alts: Vec::new(),
        cubes: Vec::new(),
    };
    if has(1) {
        g.checker = (0..n_checker)
            .map(|i| (b[k + wc * i], i16_at(b, k + wc * i + 1)))
            .collect();
        k += wc * n_checker;
    }
    if has(2) {
        g.alts = b[k..k + n_alts].to_vec();
        k += n_alts;
    }
    if has(4) {
        g.cubes = (0..n_cube).map(|i| b[k + wq * i + 1]).collect();
    }
    Ok(g)
}

/// The first analysis block's figures put on the plies they name; the plays `GVAN` flags
/// illegal (game and ply index in `games`). A `GVAN` that cannot be read, and entries that
/// name no play they fit, are `warnings`.
///
/// # Errors
/// A damaged block: a chunk whose size does not match its `ANAL`.
pub(super) fn read_analysis(
    data: &[u8],
    f: &Frame,
    head: &MatchHead,
    index: &HashMap<u8, usize>,
    games: &mut [GameIn],
    gammonview: bool,
    warnings: &mut Vec<Problem>,
) -> Result<Vec<(usize, usize)>, Problem> {
    let Some(bl) = first_block(f) else {
        return Ok(Vec::new());
    };
    let a = &data[bl.anal.payload.0..bl.anal.payload.1];
    if a.len() < 24 {
        return Err(Problem::new(
            Code::OgxmBadRecord,
            bl.anal.at,
            CHUNK + a.len(),
            format!(
                "chunk `ANAL` at byte {} holds {} bytes, less than its 24: the analysis is not read",
                bl.anal.at,
                a.len()
            ),
        ));
    }
    let depth = a[0];
    let (n_checker, n_cube) = (usize::from(u16_at(a, 2)), usize::from(u16_at(a, 4)));
    let evals = records(data, bl.eval, "EVAL", n_checker, 20, bl.anal)?;
    let total_alts: usize = evals.chunks_exact(20).map(|e| usize::from(e[17])).sum();
    let alts = records(data, bl.alts, "ALTS", total_alts, 17, bl.anal)?;
    let cubes = records(data, bl.cube, "CUBE", n_cube, 28, bl.anal)?;
    // A `GVAN` that cannot be read costs its own figures only.
    let gvan = match bl
        .gvan
        .map(|s| read_gvan(data, s, n_checker, total_alts, n_cube))
    {
        Some(Ok(g)) => Some(g),
        Some(Err(p)) => {
            warnings.push(p);
            None
        }
        None => None,
    };
    let levels = Levels { gvan, depth };
    let mut plies = Plies {
        index,
        games,
        stray: 0,
    };
    let illegal = checker_figures(evals, alts, &levels, &mut plies);
    cube_figures(cubes, &levels, !gammonview && head.length > 0, &mut plies);
    let stray = plies.stray;
    if stray > 0 {
        warnings.push(Problem::new(
            Code::OgxmBadRecord,
            bl.anal.at,
            4,
            format!(
                "the analysis block at byte {}: {stray} of its entries name no play of the file that they fit, and are not read",
                bl.anal.at
            ),
        ));
    }
    Ok(illegal)
}

/// How the block names an evaluation's level: its `GVAN` (if read) and the depth of its
/// `ANAL`.
struct Levels {
    gvan: Option<Gvan>,
    depth: u8,
}

impl Levels {
    /// The level of a figure: its own `GVAN` byte, else the depth its record states, else
    /// `GVAN`'s base level, else the block's depth.
    fn level(&self, own: u8, depth_here: u8) -> String {
        level_name(own)
            .or_else(|| (depth_here != 0).then(|| format!("{depth_here}-ply")))
            .or_else(|| self.gvan.as_ref().and_then(|g| level_name(g.base)))
            .unwrap_or_else(|| format!("{}-ply", self.depth))
    }
}

/// The plies the block's entries name, by game index and ply, and how many entries named
/// none they fit.
struct Plies<'g> {
    index: &'g HashMap<u8, usize>,
    games: &'g mut [GameIn],
    stray: usize,
}

impl Plies<'_> {
    /// Ply `k` of the game of index `g`, and the game's place in the file, if there is one.
    fn get(&mut self, g: u8, k: usize) -> Option<(usize, &mut Ply)> {
        let gi = *self.index.get(&g)?;
        Some((gi, self.games[gi].plies.get_mut(k)?))
    }
}

/// Each checker play of `EVAL` (20 bytes) with its candidates of `ALTS` (17 bytes each) on the
/// play it names: the candidates in the mover's numbering, the one played, the luck; the
/// plays `GVAN` flags illegal returned (game and ply).
fn checker_figures(
    evals: &[u8],
    alts: &[u8],
    levels: &Levels,
    plies: &mut Plies<'_>,
) -> Vec<(usize, usize)> {
    let gvan = levels.gvan.as_ref();
    let mut illegal = Vec::new();
    let mut cursor = 0usize;
    for (i, e) in evals.chunks_exact(20).enumerate() {
        let n = usize::from(e[17]);
        let mine = &alts[cursor * 17..(cursor + n) * 17];
        let first_alt = cursor;
        cursor += n;
        let k = usize::from(u16_at(e, 1));
        let Some((g, p)) = plies.get(e[0], k) else {
            plies.stray += 1;
            continue;
        };
        let mover = match p.action {
            Action::Roll { .. } => p.white,
            Action::Illegal { .. } => !p.white,
            _ => {
                plies.stray += 1;
                continue;
            }
        };
        let mut played = None;
        let candidates = mine
            .chunks_exact(17)
            .enumerate()
            .map(|(j, alt)| {
                let steps: Vec<(u8, u8)> = alt[..4]
                    .iter()
                    .filter(|&&b| b != 0)
                    .map(|&b| (b & 0x1f, b >> 5))
                    .collect();
                if alt[16] & 1 == 1 && played.is_none() {
                    played = Some(j);
                }
                let own = gvan
                    .and_then(|g| g.alts.get(first_alt + j).copied())
                    .unwrap_or(0);
                Candidate {
                    play: play_text(mover, steps.iter().copied()),
                    equity: q(i32::from(i16_at(alt, 4))),
                    probabilities: probs_at(alt, 6),
                    level: levels.level(own, e[18]),
                    context: None,
                }
            })
            .collect();
        let checker = gvan.and_then(|g| g.checker.get(i).copied());
        p.analysis = Some(Analysis {
            candidates,
            played,
            cube: None,
            luck: checker
                .filter(|(flags, _)| flags & 2 != 0)
                .map(|(_, luck)| q(i32::from(luck))),
        });
        if checker.is_some_and(|(flags, _)| flags & 4 != 0) {
            illegal.push((g, k));
        }
    }
    illegal
}

/// Each cube record of `CUBE` (28 bytes) on the ply it names, as the cube analysis of a
/// double, of an answer, or of the decision before a roll (`mwc`: its figures are match
/// winning chances).
fn cube_figures(cubes: &[u8], levels: &Levels, mwc: bool, plies: &mut Plies<'_>) {
    for (i, c) in cubes.chunks_exact(28).enumerate() {
        let Some((_, p)) = plies.get(c[0], usize::from(u16_at(c, 1))) else {
            plies.stray += 1;
            continue;
        };
        let fits = match c[3] {
            0 => matches!(p.action, Action::Double),
            1 => matches!(p.action, Action::Take | Action::Drop),
            2 | 4 => matches!(p.action, Action::Roll { .. } | Action::Illegal { .. }),
            // A resignation's figures (3) and types not known: no place in the record.
            _ => continue,
        };
        if !fits {
            plies.stray += 1;
            continue;
        }
        let own = levels
            .gvan
            .as_ref()
            .and_then(|g| g.cubes.get(i).copied())
            .unwrap_or(0);
        p.analysis.get_or_insert_with(Analysis::default).cube = Some(CubeAnalysis {
            no_double: q(i32::from(i16_at(c, 4))),
            double_take: q(i32::from(i16_at(c, 6))),
            double_pass: Some(q(i32::from(i16_at(c, 8)))),
            match_winning_chances: mwc,
            level: levels.level(own, c[24]),
            evaluation: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_written_in_the_movers_numbering() {
        // White: absolute 1 is its 24; from its bar (0) with 3 it enters on its 22.
        assert_eq!(play_text(true, [(1, 6), (12, 2)]), "24/18 13/11");
        assert_eq!(play_text(true, [(0, 3), (19, 6)]), "bar/22 6/off");
        // Black's numbering is the absolute one; its bar is 25.
        assert_eq!(play_text(false, [(25, 4), (3, 5)]), "bar/21 3/off");
        assert_eq!(play_text(false, []), "");
    }

    #[test]
    fn levels_are_named_by_their_bits() {
        assert_eq!(level_name(0), None);
        assert_eq!(level_name(0x03).as_deref(), Some("3-ply"));
        assert_eq!(level_name(0x13).as_deref(), Some("truncated 3-ply"));
        assert_eq!(level_name(0x20).as_deref(), Some("rollout"));
        assert_eq!(level_name(0x40).as_deref(), Some("database"));
    }
}
