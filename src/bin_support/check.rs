//! `tavla check` (single plays against a position) and `tavla legal` (the legal plays of a
//! position), in either notation.

use std::io::Write;

use serde_json::{Value, json};
use tavla::codes::Code;
use tavla::ids::{self, MatchContext, PositionFormat, PositionSpec};
use tavla::notation::{
    Ambiguity, Column, LetterPlay, Play, SyntaxError, parse_letter_play, parse_play, write_letters,
};
use tavla::replay::referee::{
    CheckedPlay, HitClaim, Problem, Reading, check_play, check_readings, nearest_plays,
    written_segments,
};
use tavla::replay::{Finding, PlayContext, Severity, problem_finding, render_steps};
use tavla::report::board;
use tavla::report::json::position_json;
use tavla::report::{LineIndex, Style, finding_json, render_human};
use tavla::rules::{Position, Roll, RuleSet, Side, StageDice, Step};

use super::setup::{open_output, ruleset};
use super::{EXIT_ERROR, EXIT_INVALID, EXIT_VALID};
use crate::{CheckArgs, LegalArgs, Notation, PlayFormat, PositionArgs};

/// The position, side and dice every play is checked against.
struct Board {
    rules: RuleSet,
    spec: PositionSpec,
    /// The position as given (read again for a bare Position ID and another side).
    position_text: String,
    /// The side a bare Position ID was laid out for.
    assumed: Side,
    side: Option<Side>,
    roll: Option<Roll>,
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::White => "White",
        Side::Black => "Black",
    }
}

fn parse_roll(s: &str) -> Result<Roll, String> {
    let d: Vec<u8> = s
        .chars()
        .filter(|c| !matches!(c, '-' | '/' | ' '))
        .map(|c| c.to_digit(10).map(|d| d as u8))
        .collect::<Option<Vec<u8>>>()
        .ok_or_else(|| format!("--roll `{s}`: write two dice, e.g. 64"))?;
    match d.as_slice() {
        [a, b] if (1..=6).contains(a) && (1..=6).contains(b) => Ok(Roll { a: *a, b: *b }),
        _ => Err(format!("--roll `{s}`: write two dice from 1 to 6, e.g. 64")),
    }
}

impl Board {
    /// Cube and score as the position gave them (money play with a centred cube otherwise).
    fn context(&self) -> MatchContext {
        self.spec.context.unwrap_or_default()
    }
}

/// Read `--position` (a spec, or a file holding one) under the rules.
fn board(p: &PositionArgs) -> Result<Board, String> {
    let rules = ruleset(&p.rules)?;
    let side = p.side.map(|s| match s {
        crate::SideArg::White => Side::White,
        crate::SideArg::Black => Side::Black,
    });
    let raw = p.position.clone().unwrap_or_else(|| "start".into());
    let text = match std::fs::metadata(&raw) {
        Ok(m) if m.is_file() => {
            std::fs::read_to_string(&raw).map_err(|e| format!("--position {raw}: {e}"))?
        }
        _ => raw.clone(),
    };
    let spec = ids::parse_position_as(
        text.trim(),
        rules.variant(),
        rules.start(),
        side.unwrap_or(Side::White),
    )
    .map_err(|e| format!("--position: {e}"))?;
    if let (Some(s), Some(on)) = (side, spec.on_roll)
        && s != on
    {
        return Err(format!(
            "--side {} contradicts the position, where {} is on roll",
            side_name(s).to_lowercase(),
            side_name(on)
        ));
    }
    let roll = p.roll.as_deref().map(parse_roll).transpose()?;
    Ok(Board {
        rules,
        spec,
        position_text: text.trim().to_string(),
        assumed: side.unwrap_or(Side::White),
        side,
        roll,
    })
}

/// A written play in either notation, with what it says about the mover and the dice.
struct Written {
    text: String,
    play: Play,
    /// The other reading of a letter play whose count meets a hit mark (`4x9-11`), with the
    /// chains that read two ways.
    hit_reading: Option<(Play, Vec<Ambiguity>)>,
    side: Side,
    roll: Roll,
    /// The position the play starts from.
    position: Position,
}

/// Is `text` in the board-letter form (`6/4 = 1A-7A …`, `1A-7A and 1A-5A`)? Every play of the
/// mover-relative form has a `/` and neither `=` nor a lettered point (`7A`).
fn is_letters(text: &str) -> bool {
    let lettered = text.char_indices().any(|(i, c)| {
        matches!(c, 'A' | 'a' | 'А' | 'а')
            && text[..i].trim_end().ends_with(|d: char| d.is_ascii_digit())
    });
    text.contains('=') || lettered || !text.contains('/')
}

/// A written pass: `no move` or `Cannot Move`, alone or after the letter form's
/// `[PLAYER] d/d =`. The prefix, if any, is returned for the letter parser.
fn pass_prefix(text: &str) -> Option<&str> {
    let t = text.trim_end();
    let lower = t.to_lowercase();
    let head_len = ["no move", "cannot move"]
        .iter()
        .find(|w| lower.ends_with(*w))
        .map(|w| t.len() - w.len())?;
    // `to_lowercase` keeps these ASCII words' byte lengths, so `head_len` is a boundary in `t`.
    let head = t.get(..head_len)?.trim_end();
    (head.is_empty() || head.ends_with('=')).then_some(head)
}

/// What a letter play's prefix says: the player and the roll.
type Prefix = (Option<Side>, Option<Roll>);

fn letter_prefix(lp: &LetterPlay) -> Prefix {
    (
        lp.player.map(|(c, _)| match c {
            Column::Left => Side::White,
            Column::Right => Side::Black,
        }),
        lp.roll.map(|(a, d, _)| Roll { a, b: d }),
    )
}

/// Parse one play; `Err(Ok(findings))` for a play that cannot be read (exit 1), `Err(Err(_))`
/// for a usage error (exit 2: a side or roll that contradicts the arguments or the position).
fn read_play(b: &Board, text: &str) -> Result<Written, Result<Vec<Finding>, String>> {
    let syntax = |errs: Vec<SyntaxError>| Ok(errs.iter().map(Finding::from_syntax).collect());
    // The play in White's numbering when it is in letters (they name the board as White sees
    // it), else in the mover's own numbering.
    let mut hit_reading = None;
    let (play, letters, (own_side, own_roll)) = if let Some(head) = pass_prefix(text) {
        let prefix = if head.is_empty() {
            (None, None)
        } else {
            // `W 6/4 =` with a dummy chain, only to read the prefix.
            let probe = format!("{head} 1-2");
            letter_prefix(&parse_letter_play(&probe).map_err(syntax)?)
        };
        (Play::default(), false, prefix)
    } else if is_letters(text) {
        let lp = parse_letter_play(text).map_err(syntax)?;
        hit_reading = lp
            .hit_reading(Column::Left)
            .map(|p| (p, lp.ambiguities().to_vec()));
        (lp.play(Column::Left), true, letter_prefix(&lp))
    } else {
        (parse_play(text).map_err(syntax)?, false, (None, None))
    };
    if let Some(own) = own_side {
        if let Some(arg) = b.side
            && arg != own
        {
            return Err(Err(format!(
                "`{text}` is written as {}'s play, but --side says {}",
                side_name(own),
                side_name(arg).to_lowercase()
            )));
        }
        if let Some(on) = b.spec.on_roll
            && on != own
        {
            return Err(Err(format!(
                "`{text}` is written as {}'s play, but the position has {} on roll",
                side_name(own),
                side_name(on)
            )));
        }
    }
    let side = own_side
        .or(b.side)
        .or(b.spec.on_roll)
        .unwrap_or(Side::White);
    // Black's own points through the game's own mapping of the two numberings.
    let own = |play: Play| {
        if letters && side == Side::Black {
            play.map_points(|p| b.rules.opposite(p))
        } else {
            play
        }
    };
    let play = own(play);
    let hit_reading = hit_reading.map(|(p, a)| (own(p), a));
    let same = |x: Roll, y: Roll| x.high() == y.high() && x.low() == y.low();
    let given = [(b.roll, "--roll"), (b.spec.dice, "the position's dice")];
    for (arg, by) in given {
        if let (Some(own), Some(arg)) = (own_roll, arg)
            && !same(own, arg)
        {
            return Err(Err(format!(
                "`{text}` is written with the roll {own}, but {by} says {arg}"
            )));
        }
    }
    if let (Some(arg), Some(pos)) = (b.roll, b.spec.dice)
        && !same(arg, pos)
    {
        return Err(Err(format!(
            "--roll {arg} contradicts the position's dice {pos}"
        )));
    }
    let roll = own_roll.or(b.roll).or(b.spec.dice).ok_or_else(|| {
        Err(format!(
            "`{text}`: no roll; give --roll DD (or write the play as `d/d = …`)"
        ))
    })?;
    // A bare Position ID is laid out for the side on roll: read it again for the play's side.
    let spec = if b.spec.format == PositionFormat::PositionId && side != b.assumed {
        ids::parse_position_as(&b.position_text, b.rules.variant(), b.rules.start(), side)
            .map_err(|e| Err(format!("--position: {e}")))?
    } else {
        b.spec
    };
    Ok(Written {
        text: text.to_string(),
        play,
        hit_reading,
        side,
        roll,
        position: spec.position,
    })
}

/// A legal play in both notations.
fn both_notations(
    rules: &RuleSet,
    steps: &[Step],
    side: Side,
    roll: Roll,
    typographic: bool,
) -> (String, String) {
    let standard = render_steps(steps);
    let letters = match parse_play(&standard) {
        Ok(p) if !steps.is_empty() => {
            // In White's numbering, which the letters name.
            let white = match side {
                Side::White => p,
                Side::Black => p.map_points(|q| rules.opposite(q)),
            };
            write_letters(
                &white,
                Column::Left,
                Some((roll.high(), roll.low())),
                typographic,
            )
        }
        _ => format!("{}/{} = no move", roll.high(), roll.low()),
    };
    // White's plays are written bare, as in the rule books; Black's say whose they are.
    let letters = match side {
        Side::White => letters,
        Side::Black => format!("B {letters}"),
    };
    (standard, letters)
}

/// The position's identifiers: Position ID and XGID for the backgammon family (after the play
/// the other side is on roll), the JSON position for every game.
fn position_ids(rules: &RuleSet, pos: &Position, on_roll: Side, ctx: &MatchContext) -> Value {
    let mut v = json!({ "json": position_json(pos, rules.opposite_fn()) });
    if rules.backgammon_board() && ids::validate(pos, rules.variant()).is_ok() {
        v["position_id"] = json!(ids::gnubg::position_id(pos, on_roll));
        v["xgid"] = json!(ids::xgid::xgid(pos, on_roll, None, ctx));
    }
    v
}

/// The verdict on one play, as printed and as JSON.
struct Verdict {
    legal: bool,
    findings: Vec<Finding>,
    doc: Value,
}

/// The finding on a letter play that reads two ways: a note naming the reading not taken, or
/// (both legal) a warning asking to disambiguate.
fn reading_finding(text: &str, ambiguities: &[Ambiguity], taken: Reading, both: bool) -> Finding {
    let first = &ambiguities[0];
    let written = first
        .chain
        .offset
        .checked_add(first.chain.len)
        .and_then(|end| text.get(first.chain.offset..end))
        .unwrap_or("");
    let count = format!(
        "`{}` ({} checkers)",
        first.count_form,
        &first.count_form[..1]
    );
    let hit = format!(
        "`{}` (one checker, hitting on the second point)",
        first.hit_form
    );
    let help = format!(
        "write `{}` (one checker, hitting) or `{}` ({} checkers): a count glued to `x` and a point reads both ways",
        first.hit_form,
        first.count_form,
        &first.count_form[..1]
    );
    let (taken_form, other_form) = match taken {
        Reading::Count => (&count, &hit),
        Reading::Hit => (&hit, &count),
    };
    if both {
        Finding::warning(
            Code::AmbiguousLetters,
            first.group,
            format!(
                "`{written}` reads as {count} or as {hit}, and both are legal here; judged as {taken_form}"
            ),
        )
        .label("a count or a point with a hit mark")
        .help(help)
    } else {
        Finding {
            severity: Severity::Advice,
            ..Finding::warning(
                Code::AmbiguousLetters,
                first.group,
                format!(
                    "`{written}` is read as {taken_form}; the other reading, {other_form}, is not legal here"
                ),
            )
        }
        .label("read both ways")
        .help(help)
    }
}

fn judge(b: &Board, w: &Written) -> Verdict {
    let dice: StageDice = w.roll.stage();
    let pos = &w.position;
    let set = b.rules.legal_plays(pos, w.side, dice);
    // A letter play that reads two ways is judged in the reading `notations.md` decides.
    let (verdict, play, reading): (Result<CheckedPlay, Box<Problem>>, &Play, Option<Finding>) =
        match &w.hit_reading {
            None => (
                check_play(&b.rules, pos, w.side, dice, &w.play),
                &w.play,
                None,
            ),
            Some((hit, ambiguities)) => {
                let r = check_readings(&b.rules, pos, w.side, dice, &w.play, hit);
                let play = match r.reading {
                    Reading::Count => &w.play,
                    Reading::Hit => hit,
                };
                let f = reading_finding(&w.text, ambiguities, r.reading, r.both_legal);
                (r.verdict, play, Some(f))
            }
        };
    match verdict {
        Ok(c) => {
            let (standard, letters) = both_notations(&b.rules, &c.steps, w.side, w.roll, false);
            let findings: Vec<Finding> = c
                .hit_claims
                .iter()
                .map(|h| match *h {
                    HitClaim::NoBlot { point, span } => Finding::warning(
                        Code::HitClaim,
                        span,
                        format!("the play claims a hit on point {point}, but no blot is hit there"),
                    )
                    .label("no blot here")
                    .help("remove the hit mark (`*` or `x`): the play is legal without it"),
                    HitClaim::Unmarked { point } => Finding::warning(
                        Code::HitClaim,
                        whole_span(&w.text),
                        format!("the play hits a blot on point {point} without marking it"),
                    )
                    .label("unmarked hit")
                    .help("mark every hit, or none"),
                })
                .chain(reading)
                .collect();
            Verdict {
                legal: true,
                doc: json!({
                    "play": w.text,
                    "side": w.side.name(),
                    "roll": [w.roll.high(), w.roll.low()],
                    "legal": true,
                    "standard": standard,
                    "letters": letters,
                    "steps": c.steps,
                    "result": position_ids(&b.rules, &c.position, w.side.other(), &b.context()),
                    "legal_plays": set.len(),
                }),
                findings,
            }
        }
        Err(problem) => {
            let segments = written_segments(play);
            let p: Problem = *problem;
            let ctx = PlayContext {
                rules: &b.rules,
                pos,
                side: w.side,
                dice,
                who: side_name(w.side).to_string(),
                dice_span: None,
            };
            let f = problem_finding(&ctx, p);
            let nearest: Vec<Value> = nearest_plays(&set, &segments, 3)
                .iter()
                .map(|(q, steps)| {
                    let (standard, letters) =
                        both_notations(&b.rules, steps, w.side, w.roll, false);
                    json!({
                        "standard": standard,
                        "letters": letters,
                        "result": position_ids(&b.rules, q, w.side.other(), &b.context()),
                    })
                })
                .collect();
            Verdict {
                legal: false,
                doc: json!({
                    "play": w.text,
                    "side": w.side.name(),
                    "roll": [w.roll.high(), w.roll.low()],
                    "legal": false,
                    "nearest": nearest,
                    "legal_plays": set.len(),
                }),
                findings: std::iter::once(f).chain(reading).collect(),
            }
        }
    }
}

fn whole_span(text: &str) -> tavla::notation::Span {
    tavla::notation::Span::new(0, text.len())
}

/// The plays of the arguments and of `--plays`, one per line.
fn plays_of(a: &CheckArgs) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = a.plays.clone();
    if let Some(path) = &a.plays_file {
        let text = if path.as_os_str() == "-" {
            let mut s = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
                .map_err(|e| format!("--plays -: {e}"))?;
            s
        } else {
            std::fs::read_to_string(path).map_err(|e| format!("--plays {}: {e}", path.display()))?
        };
        out.extend(
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(String::from),
        );
    }
    if out.is_empty() {
        return Err("no play given: write plays as arguments or give --plays FILE".into());
    }
    Ok(out)
}

/// `tavla check`.
pub(crate) fn check(a: CheckArgs) -> u8 {
    match check_inner(&a) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("tavla check: {e}");
            EXIT_ERROR
        }
    }
}

fn check_inner(a: &CheckArgs) -> Result<u8, String> {
    let b = board(&a.position)?;
    let plays = plays_of(a)?;
    let mut out = open_output(&a.output)?;
    let mut all_legal = true;
    let mut docs = Vec::new();
    for text in &plays {
        let mut diagram = None;
        let (verdict, name) = match read_play(&b, text) {
            Ok(w) => {
                let v = judge(&b, &w);
                if a.board {
                    diagram = Some(play_diagram(&b, &w, &v));
                }
                (v, text.clone())
            }
            Err(Ok(findings)) => (
                Verdict {
                    legal: false,
                    doc: json!({ "play": text, "legal": false }),
                    findings,
                },
                text.clone(),
            ),
            Err(Err(usage)) => return Err(usage),
        };
        all_legal &= verdict.legal;
        let mut doc = verdict.doc;
        let idx = LineIndex::new(text);
        doc["findings"] = Value::Array(
            verdict
                .findings
                .iter()
                .map(|f| finding_json("play", text, &idx, f))
                .collect(),
        );
        if let Some(d) = &diagram
            && a.format != PlayFormat::Human
        {
            doc["board"] = board::board_json(d);
        }
        match a.format {
            PlayFormat::Human => {
                let mut w = human(&doc, &name, text, &verdict.findings);
                if let Some(d) = &diagram {
                    w.push_str(&board::text(d, board::Charset::Ascii));
                }
                out.write_all(w.as_bytes()).map_err(|e| e.to_string())?;
            }
            PlayFormat::Jsonl => {
                writeln!(out, "{doc}").map_err(|e| e.to_string())?;
            }
            PlayFormat::Json => docs.push(doc),
        }
    }
    if a.format == PlayFormat::Json {
        let s = serde_json::to_string_pretty(&Value::Array(docs)).map_err(|e| e.to_string())?;
        writeln!(out, "{s}").map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())?;
    Ok(if all_legal { EXIT_VALID } else { EXIT_INVALID })
}

/// The board before a play (`--board`): the mover's view, the first bad step marked, the
/// whole written play and the nearest legal play as hops.
fn play_diagram(b: &Board, w: &Written, v: &Verdict) -> board::Diagram {
    let mut d = board::Diagram::new(w.position, b.rules, w.side);
    let ctx = b.context();
    d.to_move = Some(w.side);
    d.dice = Some((w.roll.a, w.roll.b));
    d.cube = (ctx.cube, ctx.cube_owner);
    d.score = Some((ctx.white_score, ctx.black_score));
    d.match_length = Some(ctx.match_length);
    d.crawford = ctx.crawford;
    d.play = Some(w.text.clone());
    d.written = board::play_hops(&w.play.steps, w.side);
    if !v.legal {
        if let Some(f) = v.findings.first() {
            d.marks.extend(board::hop_at(&w.play.steps, f.span, w.side));
        }
        if let Some(first) = v.doc["nearest"][0]["standard"].as_str()
            && let Ok(p) = parse_play(first)
        {
            d.alternative = board::play_hops(&p.steps, w.side);
        }
    }
    d
}

/// One play's verdict for people: the verdict line, both notations and the result's IDs, or
/// the diagnostic and the nearest legal plays.
fn human(doc: &Value, name: &str, text: &str, findings: &[Finding]) -> String {
    let mut s = String::new();
    let legal = doc["legal"].as_bool().unwrap_or(false);
    if legal {
        s.push_str(&format!(
            "{name}: legal\n  standard: {}\n  letters:  {}\n",
            doc["standard"].as_str().unwrap_or(""),
            doc["letters"].as_str().unwrap_or("")
        ));
        push_ids(&mut s, &doc["result"], "  ");
    } else {
        s.push_str(&format!("{name}: illegal\n"));
    }
    if !findings.is_empty() {
        let style = Style {
            color: false,
            unicode: false,
            width: 100,
        };
        s.push_str(&render_human("play", text, findings, style));
    }
    if let Some(near) = doc["nearest"].as_array()
        && !near.is_empty()
    {
        s.push_str(&format!(
            "  nearest legal plays (of {}):\n",
            doc["legal_plays"].as_u64().unwrap_or(0)
        ));
        for n in near {
            s.push_str(&format!(
                "    {}   ({})\n",
                n["standard"].as_str().unwrap_or(""),
                n["letters"].as_str().unwrap_or("")
            ));
        }
    }
    s
}

fn push_ids(s: &mut String, ids: &Value, indent: &str) {
    if let Some(id) = ids["position_id"].as_str() {
        s.push_str(&format!("{indent}position: {id}\n"));
    }
    if let Some(x) = ids["xgid"].as_str() {
        s.push_str(&format!("{indent}{x}\n"));
    }
}

/// `tavla legal`.
pub(crate) fn legal(a: LegalArgs) -> u8 {
    match legal_inner(&a) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("tavla legal: {e}");
            EXIT_ERROR
        }
    }
}

fn legal_inner(a: &LegalArgs) -> Result<u8, String> {
    let b = board(&a.position)?;
    let side = b.side.or(b.spec.on_roll).unwrap_or(Side::White);
    let roll = b
        .roll
        .or(b.spec.dice)
        .ok_or("no roll: give --roll DD (or a position that has its dice, such as an XGID)")?;
    let set = b.rules.legal_plays(&b.spec.position, side, roll.stage());
    let mut rows: Vec<(String, String, &Position)> = set
        .results()
        .map(|(p, steps)| {
            let (standard, letters) = both_notations(&b.rules, steps, side, roll, a.typographic);
            (standard, letters, p)
        })
        .collect();
    rows.sort_by(|x, y| x.0.cmp(&y.0));
    let mut out = open_output(&a.output)?;
    let docs: Vec<Value> = rows
        .iter()
        .map(|(standard, letters, p)| {
            json!({
                "standard": standard,
                "letters": letters,
                "result": position_ids(&b.rules, p, side.other(), &b.context()),
            })
        })
        .collect();
    let w = |e: std::io::Error| e.to_string();
    match a.format {
        PlayFormat::Human => {
            for (doc, (standard, letters, _)) in docs.iter().zip(&rows) {
                let shown = match a.notation {
                    Notation::Standard => standard,
                    Notation::Letters => letters,
                };
                match doc["result"]["position_id"].as_str() {
                    Some(id) => writeln!(out, "{shown}\t{id}").map_err(w)?,
                    None => writeln!(out, "{shown}").map_err(w)?,
                }
            }
            eprintln!(
                "{} legal play(s) for {} with {}",
                rows.len(),
                side_name(side),
                roll
            );
        }
        PlayFormat::Jsonl => {
            for d in &docs {
                writeln!(out, "{d}").map_err(w)?;
            }
        }
        PlayFormat::Json => {
            let doc = json!({
                "side": side.name(),
                "roll": [roll.high(), roll.low()],
                "max_steps": set.max_steps(),
                "plays": docs,
            });
            let s = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
            writeln!(out, "{s}").map_err(w)?;
        }
    }
    out.flush().map_err(|e| e.to_string())?;
    Ok(EXIT_VALID)
}
