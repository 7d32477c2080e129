//! GNU Backgammon's text export (`export match text`): what gnubg 1.07 wrote for the fixtures
//! (`fixtures/gnubg-text/`, one file per game) validates without error and converts to the
//! JSON of the SGF or `.mat` it was exported from, game by game and turn by turn; the analysis
//! it holds equals what tavla reads from the analysed SGF, to the printed precision; damaged
//! exports are located and never panic.

use crate::common::run;
use std::path::{Path, PathBuf};

use crate::common::tree;
use crate::records::{acts, doc, load, source};
use tavla::codes::Code;
use tavla::input::{Format, mat_only};
use tavla::record::MatchCube;
use tavla::replay::{Overrides, Severity};
use tavla::report::json::{ActionDoc, AnalysisDoc, match_doc};

const DIR: &str = "fixtures/gnubg-text";

fn all() -> Vec<PathBuf> {
    tree(DIR, &|p| p.extension().is_some_and(|e| e == "txt"))
}

/// Whether `text` asks for a spelling only a `.mat` record has (`input::mat_only`, whose
/// words include `line `: the export has lines, so a sentence about a line is in its terms).
fn mat_words(text: &str) -> bool {
    mat_only(&text.replace("line ", ""))
        || ["numbered line", "turn line", "score line"]
            .iter()
            .any(|w| text.contains(w))
}

/// The game of a match an export file holds: `out.txt` the first, `out_00N.txt` the N-th.
fn game_index(p: &Path) -> usize {
    let stem = p.file_stem().unwrap().to_str().unwrap();
    stem.strip_prefix("out_")
        .map_or(0, |n| n.parse::<usize>().unwrap() - 1)
}

/// The file an export was made from: the analysed SGF for `analysed/` and `options/` (all of
/// the latter from m003-0080), the gnubg `.mat` for `plain/`, the SGF gnubg saved beside the
/// export for `variants/`.
fn twin(p: &Path) -> PathBuf {
    let dir = p.parent().unwrap();
    let name = dir.file_name().unwrap().to_str().unwrap();
    let kind = dir.parent().unwrap().file_name().unwrap().to_str().unwrap();
    match kind {
        "analysed" => PathBuf::from(format!("fixtures/sgf/analysed/{name}-analysed.sgf")),
        "options" => PathBuf::from("fixtures/sgf/analysed/m003-0080-analysed.sgf"),
        "plain" => PathBuf::from(format!("fixtures/backgammon/gnubg/{name}.mat")),
        "variants" => dir.join(format!("{name}.sgf")),
        _ => panic!("{}", p.display()),
    }
}

#[test]
fn every_export_is_read_as_the_text_export_and_validates_without_error() {
    let files = all();
    assert!(files.len() >= 25, "{}", files.len());
    for p in &files {
        let src = load(p);
        assert_eq!(src.format, Format::GnubgText, "{}", p.display());
        let v = src.check(&Overrides::default(), false);
        let errors: Vec<String> = v
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| format!("{} {}", f.code, f.message))
            .collect();
        assert!(errors.is_empty(), "{}: {errors:?}", p.display());
        // What the reader met: nothing but the note of candidates written without their
        // probabilities.
        let r = src.record();
        let problems: Vec<String> = r
            .problems
            .iter()
            .filter(|q| !q.note)
            .map(|q| q.message.clone())
            .collect();
        assert!(problems.is_empty(), "{}: {problems:?}", p.display());
        assert_eq!(r.matches.len(), 1);
        assert_eq!(r.matches[0].games.len(), 1, "{}", p.display());
        // Every finding speaks the export's terms, not a `.mat` record's.
        for f in &v.findings {
            for text in [&f.message, &f.label].into_iter().chain(f.help.as_ref()) {
                assert!(!mat_words(text), "{}: {text}", p.display());
            }
        }
    }
}

#[test]
fn every_export_plays_what_its_sgf_or_mat_twin_plays_turn_by_turn() {
    for p in &all() {
        let (_, a) = doc(&load(p));
        let (_, b) = doc(&load(&twin(p)));
        assert_eq!(a.match_length, b.match_length, "{}", p.display());
        let ga = &a.games[0];
        let gb = &b.games[game_index(p)];
        assert_eq!(ga.number, gb.number, "{}", p.display());
        assert_eq!(
            ga.score_before.map(|s| (s.white, s.black)),
            gb.score_before.map(|s| (s.white, s.black)),
            "{}",
            p.display()
        );
        assert_eq!(
            ga.players.as_ref().map(|p| (&p.white, &p.black)),
            gb.players.as_ref().map(|p| (&p.white, &p.black)),
            "{}",
            p.display()
        );
        let (x, y) = (acts(ga), acts(gb));
        assert!(x.len() > 2, "{}", p.display());
        assert_eq!(x.len(), y.len(), "{}: actions", p.display());
        for (k, (x, y)) in x.iter().zip(&y).enumerate() {
            assert_eq!(x, y, "{} action {k}", p.display());
        }
    }
}

/// The Position ID gnubg prints on the board of each `… to play` block is the one tavla gives
/// before that turn: tavla's replay stands where gnubg's game stood, move by move.
#[test]
fn the_boards_gnubg_prints_are_the_positions_tavla_replays() {
    for p in &all() {
        let text = std::fs::read_to_string(p).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut gnubg = Vec::new();
        for (k, l) in lines.iter().enumerate() {
            if l.starts_with("Move number ") && l.contains(" to play ") {
                let id = lines[k + 1..]
                    .iter()
                    .find_map(|l| l.strip_prefix(" GNU Backgammon  Position ID: "))
                    .unwrap();
                gnubg.push(id.trim().to_string());
            }
        }
        let (_, d) = doc(&load(p));
        let tavla: Vec<String> = d.games[0]
            .actions
            .iter()
            .filter_map(|a| match a {
                ActionDoc::Turn(t) => t.position_id.clone(),
                _ => None,
            })
            .collect();
        assert_eq!(gnubg, tavla, "{}", p.display());
    }
}

/// Normalized equity from match winning chances, as gnubg turns them (`mwc2eq`): the player's
/// chances when it wins the cube's value and when it loses it.
fn to_equity(mwc: f64, m: &MatchCube) -> f64 {
    let win = m.double_pass().unwrap();
    let lose = 1.0
        - MatchCube {
            score: (m.score.1, m.score.0),
            ..*m
        }
        .double_pass()
        .unwrap();
    2.0 * (mwc - lose) / (win - lose) - 1.0
}

fn close(a: f64, b: f64, tolerance: f64, what: &str) {
    assert!((a - b).abs() <= tolerance, "{what}: {a} vs {b}");
}

/// Every analysed action of an export against its SGF twin's: the candidates' equities and
/// probabilities, the play made, the luck, the cube figures; `mwc`: the export's figures are in
/// match winning chances (`set output mwc on`).
fn compare_analysis(p: &Path, mwc: bool) -> usize {
    let (_, a) = doc(&load(p));
    let (_, b) = doc(&load(&twin(p)));
    let (ga, gb) = (&a.games[0], &b.games[game_index(p)]);
    let length = b.match_length.unwrap_or(0);
    let crawford = gb.crawford.unwrap_or(false);
    let (ws, bs) = gb.score_before.map_or((0, 0), |s| (s.white, s.black));
    let mut cube = 1u64;
    let mut compared = 0;
    let eq_tolerance = if mwc { 0.003 } else { 0.0006 };
    for (k, (x, y)) in ga.actions.iter().zip(&gb.actions).enumerate() {
        let what = format!("{} action {k}", p.display());
        let player = x.base().player;
        let (xa, ya): (Option<&AnalysisDoc>, Option<&AnalysisDoc>) =
            (x.base().analysis.as_ref(), y.base().analysis.as_ref());
        // The doubler of the action's cube decision, and the cube before the double.
        let doubler_white = match x {
            ActionDoc::Take(_) | ActionDoc::Drop(_) => format!("{player:?}") != "White",
            _ => format!("{player:?}") == "White",
        };
        // The cube before the decision (for an answer, before the double answered).
        let before = match x {
            ActionDoc::Take(_) | ActionDoc::Drop(_) => (cube / 2).max(1),
            _ => cube,
        };
        if let ActionDoc::Double(c) = x {
            cube = c.value;
        }
        match (xa, ya) {
            (None, None) => continue,
            (Some(xa), Some(ya)) => {
                compared += 1;
                // Candidates: the first five by rank, then (when it ranks lower) the play
                // made.
                assert!(
                    !xa.candidates.is_empty() || ya.candidates.is_empty(),
                    "{what}"
                );
                for (i, c) in xa.candidates.iter().enumerate() {
                    let j = if i < 5 { i } else { ya.played.unwrap() };
                    let d = &ya.candidates[j];
                    close(
                        c.equity,
                        d.equity,
                        eq_tolerance,
                        &format!("{what} candidate {i}"),
                    );
                    // (An export without probabilities reads them as 0.)
                    if c.probabilities.iter().any(|&x| x != 0.0) {
                        for (u, v) in c.probabilities.iter().zip(&d.probabilities) {
                            close(
                                *u,
                                *v,
                                0.0006,
                                &format!("{what} candidate {i} probabilities"),
                            );
                        }
                    }
                    assert_eq!(c.level, d.level, "{what}");
                    if xa.played == Some(i) {
                        assert_eq!(ya.played, Some(j), "{what}: the play made");
                    }
                }
                assert_eq!(xa.played.is_some(), ya.played.is_some(), "{what}");
                match (xa.luck, ya.luck) {
                    (Some(u), Some(v)) => close(u, v, eq_tolerance, &format!("{what} luck")),
                    (u, v) => assert_eq!(u, v, "{what} luck"),
                }
                match (&xa.cube, &ya.cube) {
                    (None, None) => {}
                    (Some(c), Some(d)) => {
                        let (nd, dt) = if length == 0 || mwc {
                            (d.no_double, d.double_take)
                        } else {
                            let m = MatchCube {
                                length,
                                score: if doubler_white { (ws, bs) } else { (bs, ws) },
                                cube: before,
                                crawford,
                            };
                            (to_equity(d.no_double, &m), to_equity(d.double_take, &m))
                        };
                        let t = if mwc { 0.00007 } else { 0.0006 };
                        close(c.no_double, nd, t, &format!("{what} no double"));
                        close(c.double_take, dt, t, &format!("{what} double/take"));
                        if length > 0 && !mwc {
                            // Double/pass is the cube's value won: 1 in normalized equity.
                            close(c.double_pass.unwrap(), 1.0, 0.0006, &what);
                        } else if let Some(dp) = d.double_pass {
                            close(
                                c.double_pass.unwrap(),
                                dp,
                                t,
                                &format!("{what} double/pass"),
                            );
                        }
                        assert_eq!(c.unit, if mwc { "mwc" } else { "equity" }, "{what}");
                        assert_eq!(c.proper, d.proper.clone().or(c.proper.clone()), "{what}");
                    }
                    (c, d) => panic!("{what}: cube {c:?} vs {d:?}"),
                }
            }
            (xa, ya) => panic!("{what}: analysis {xa:?} vs {ya:?}"),
        }
    }
    compared
}

#[test]
fn the_analysis_equals_what_the_analysed_sgf_holds() {
    let mut n = 0;
    for p in all() {
        let s = p.display().to_string();
        if s.contains("/analysed/") || s.contains("/annotated/") || s.contains("/digits-winpc/") {
            n += compare_analysis(&p, false);
        }
    }
    assert!(n > 500, "{n} analysed actions compared");
}

#[test]
fn match_winning_chances_are_read_back_into_equities() {
    let mut n = 0;
    for p in all() {
        if p.display().to_string().contains("/mwc/") {
            n += compare_analysis(&p, true);
        }
    }
    assert!(n > 50, "{n}");
}

#[test]
fn an_export_without_analysis_or_with_fewer_candidates_reads_what_it_holds() {
    let (_, d) = doc(&load(Path::new(
        "fixtures/gnubg-text/options/no-analysis/out.txt",
    )));
    assert!(
        d.games[0]
            .actions
            .iter()
            .all(|a| a.base().analysis.is_none())
    );
    let (_, d) = doc(&load(Path::new(
        "fixtures/gnubg-text/plain/m003-0080/out.txt",
    )));
    assert!(
        d.games[0]
            .actions
            .iter()
            .all(|a| a.base().analysis.is_none())
    );
    // Two candidates shown, the play made added when it ranks lower; no probabilities.
    let src = load(Path::new(
        "fixtures/gnubg-text/options/moves-2-parameters/out.txt",
    ));
    let (_, d) = doc(&src);
    let with: Vec<&AnalysisDoc> = d.games[0]
        .actions
        .iter()
        .filter_map(|a| a.base().analysis.as_ref())
        .filter(|a| !a.candidates.is_empty())
        .collect();
    assert!(with.len() > 5);
    assert!(
        with.iter()
            .all(|a| a.candidates.len() <= 3 && a.played.is_some())
    );
    let notes: Vec<_> = src
        .record()
        .problems
        .into_iter()
        .filter(|q| q.note)
        .collect();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_eq!(
        compare_analysis(
            Path::new("fixtures/gnubg-text/options/moves-2-parameters/out.txt"),
            false
        )
        .min(1),
        1
    );
}

#[test]
fn annotations_are_the_comments_of_their_entries() {
    let src = load(Path::new("fixtures/gnubg-text/options/annotated/out.txt"));
    let r = src.record();
    let notes: Vec<(usize, &str)> = r.matches[0].games[0]
        .actions
        .iter()
        .enumerate()
        .filter_map(|(k, a)| Some((k, a.comment.as_deref()?)))
        .collect();
    assert_eq!(
        notes,
        [
            (0, "Nice opening\nsecond line\n\nafter blank"),
            (11, "Bold double")
        ]
    );
    assert!(matches!(
        r.matches[0].games[0].actions[11].cell.body,
        tavla::notation::CellBody::Double { value: 2, .. }
    ));
}

#[test]
fn the_header_carries_the_match_information_and_the_crawford_rule() {
    // Match information: tags and comments.
    let r = load(Path::new("fixtures/gnubg-text/analysed/m001-0002/out.txt")).record();
    let m = &r.matches[0];
    let tags: Vec<(&str, &str)> = ["Event", "Round", "Site", "Transcriber", "Crawford"]
        .into_iter()
        .filter_map(|n| Some((n, m.tag(n)?.0)))
        .collect();
    assert_eq!(
        tags,
        [
            ("Event", "gnubg self-play 2"),
            ("Round", "3"),
            ("Site", "tavla fixtures"),
            ("Transcriber", "gnubg 1.07"),
            // A 1-point match is post-Crawford from its start: gnubg says so with the rule on.
            ("Crawford", "On")
        ]
    );
    let comments: Vec<&str> = m
        .header
        .iter()
        .filter_map(|h| match h {
            tavla::record::HeaderItem::Comment { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(comments, ["Date: 03/03/24", "seed 1002, noise 0.00"]);
    // No Crawford game named before a player stands one point from the end: no tag yet.
    let r = load(Path::new("fixtures/gnubg-text/analysed/m007-0151/out.txt")).record();
    assert!(r.matches[0].tag("Crawford").is_none());
    let r = load(Path::new(
        "fixtures/gnubg-text/analysed/m007-0151/out_004.txt",
    ))
    .record();
    let m = &r.matches[0];
    assert_eq!(m.length.map(|l| l.0), Some(7));
    assert_eq!(m.tag("Crawford").map(|t| t.0), Some("On"));
    let g = &m.games[0];
    assert_eq!(g.number, 4);
    let (l, r2) = g.score.as_ref().unwrap();
    assert_eq!(
        (l.name.as_str(), l.score, r2.name.as_str(), r2.score),
        ("gnubg", 6, "tavla", 2)
    );
    // Spans point at the text: the names, the scores, each step, the dice.
    let text =
        std::fs::read_to_string("fixtures/gnubg-text/analysed/m007-0151/out_004.txt").unwrap();
    let at = |s: tavla::Span| &text[s.offset..s.end()];
    assert_eq!(at(l.name_span), "gnubg");
    assert_eq!(at(r2.score_span), "2");
    let st = &m.stages[0];
    assert!(text[..st.dice_span.offset].ends_with(" to play "));
    assert_eq!(at(st.dice_span).len(), 2);
    for s in &m.steps {
        assert!(at(s.span).contains('/'), "{}", at(s.span));
    }
    // The variation, from the board before the first move.
    let r = load(Path::new("fixtures/gnubg-text/variants/nackgammon/out.txt")).record();
    assert_eq!(
        r.matches[0].tag("Variation").map(|t| t.0),
        Some("NackGammon")
    );
    // A money session has length 0 and no Crawford rule.
    let r = load(Path::new("fixtures/gnubg-text/analysed/m000-0206/out.txt")).record();
    assert_eq!(r.matches[0].length.map(|l| l.0), Some(0));
    assert!(r.matches[0].tag("Crawford").is_none());
}

#[test]
fn exports_joined_in_one_file_are_the_games_of_one_match() {
    let dir = Path::new("fixtures/gnubg-text/analysed/m003-0080");
    let mut joined = String::new();
    for f in ["out.txt", "out_002.txt"] {
        joined.push_str(&std::fs::read_to_string(dir.join(f)).unwrap());
    }
    let src = source("joined.txt", &joined);
    let (v, a) = doc(&src);
    assert_eq!(v.errors(), 0, "{:?}", v.findings);
    assert!(
        v.findings.iter().all(|f| f.severity < Severity::Warning),
        "{:?}",
        v.findings
    );
    let (_, b) = doc(&load(Path::new(
        "fixtures/sgf/analysed/m003-0080-analysed.sgf",
    )));
    assert_eq!(a.games.len(), 2);
    for (ga, gb) in a.games.iter().zip(&b.games) {
        assert_eq!(acts(ga), acts(gb));
        assert_eq!(
            ga.result.as_ref().map(|r| r.points),
            gb.result.as_ref().map(|r| r.points)
        );
    }
}

#[test]
fn a_mat_record_named_txt_stays_a_mat_record() {
    let mat = std::fs::read("fixtures/backgammon/gnubg/m003-0080.mat").unwrap();
    assert_eq!(Format::detect(&mat, "m003-0080.txt"), Format::Mat);
    let text = std::fs::read("fixtures/gnubg-text/plain/m003-0080/out.txt").unwrap();
    assert_eq!(Format::detect(&text, "x.mat"), Format::GnubgText);
    assert_eq!(Format::detect(&text, "x.txt"), Format::GnubgText);
    // Without its prologue, by its move headers.
    let cut = String::from_utf8(text).unwrap();
    let body = &cut[cut.find("Move number 1:").unwrap()..];
    assert_eq!(Format::detect(body.as_bytes(), "x.txt"), Format::GnubgText);
}

/// The findings of a damaged export: every one located on the text; the errors.
fn damaged(name: &str, text: &str) -> Vec<tavla::Finding> {
    let src = source(name, text);
    let v = src.check(&Overrides::default(), true);
    for f in &v.findings {
        assert!(f.span.end() <= text.len(), "{name}: {f:?}");
        assert!(text.is_char_boundary(f.span.offset) && text.is_char_boundary(f.span.end()));
        // In the export's terms, not a `.mat` record's.
        if src.format == Format::GnubgText {
            for t in [&f.message, &f.label].into_iter().chain(f.help.as_ref()) {
                assert!(!mat_words(t), "{name}: {t}");
            }
        }
    }
    let _ = match_doc(&v, true, &src.text);
    v.findings
        .into_iter()
        .filter(|f| f.severity == Severity::Error)
        .collect()
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset].matches('\n').count() + 1
}

#[test]
fn a_cut_export_is_reported_where_it_stops() {
    let text =
        std::fs::read_to_string("fixtures/gnubg-text/analysed/m003-0080/out_002.txt").unwrap();
    // Cut between lines in the middle of the game, and in the middle of a line.
    let k = text.find("Move number 30:").unwrap();
    for cut in [k, k + 9, text.len() / 2] {
        let t = &text[..cut];
        let errors = damaged("cut.txt", t);
        assert!(
            errors.iter().any(|f| f.code == Code::GameUnfinished),
            "{cut}: {errors:?}"
        );
        let last = t.trim_end().len();
        assert!(
            errors
                .iter()
                .any(|f| f.span.end() >= last.saturating_sub(80)),
            "{errors:?}"
        );
    }
    // Cut in the statistics, after the result: nothing of the game is lost.
    let k = text.find("Luck statistics").unwrap();
    assert!(damaged("cut.txt", &text[..k]).is_empty());
}

#[test]
fn a_garbled_line_and_an_illegal_move_are_located() {
    let text = std::fs::read_to_string("fixtures/gnubg-text/analysed/m003-0080/out.txt").unwrap();
    // A line garbled.
    let k = text.find("\nRolled 61").unwrap() + 1;
    let mut t = text.clone();
    t.replace_range(k..k + 9, "Rxlled#61");
    let errors = damaged("garbled.txt", &t);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].code, Code::UnknownLine);
    assert_eq!(line_of(&t, errors[0].span.offset), line_of(&t, k));
    // A play changed into an illegal one: 13/7 8/7 with 61 written 13/7 8/6.
    let k = text.find("* Alice moves 13/7 8/7").unwrap() + "* Alice moves 13/7 ".len();
    let mut t = text.clone();
    t.replace_range(k..k + 3, "8/6");
    let errors = damaged("illegal.txt", &t);
    assert!(!errors.is_empty());
    assert!(
        errors[0].span.offset >= k - 5 && errors[0].span.offset <= k + 3,
        "{errors:?}"
    );
    // A step that is no step.
    let mut t = text.clone();
    t.replace_range(k..k + 3, "8/x");
    let errors = damaged("badstep.txt", &t);
    assert!(
        errors
            .iter()
            .any(|f| f.code == Code::BadStep && f.span.offset >= k),
        "{errors:?}"
    );
    // A header whose roll is no roll.
    let k = text.find("Alice to play 61").unwrap() + "Alice to play ".len();
    let mut t = text.clone();
    t.replace_range(k..k + 2, "71");
    let errors = damaged("dice.txt", &t);
    assert!(
        errors
            .iter()
            .any(|f| f.code == Code::BadDice && f.span.offset == k),
        "{errors:?}"
    );
}

#[test]
fn damaged_exports_never_panic_and_stay_located() {
    let text = std::fs::read_to_string("fixtures/gnubg-text/analysed/m000-0206/out.txt").unwrap();
    let bytes = text.as_bytes();
    // Cut at many places, and a byte changed at many places.
    let step = bytes.len() / 150;
    for k in (0..bytes.len()).step_by(step.max(1)) {
        let cut = String::from_utf8_lossy(&bytes[..k]).into_owned();
        let r = tavla::gnubg_text::read(&cut);
        for p in &r.problems {
            assert!(p.span.end() <= cut.len());
        }
        let mut b = bytes.to_vec();
        b[k] = b"*x9 /:-\n"[k % 8];
        let flipped = String::from_utf8_lossy(&b).into_owned();
        let src = source("flipped.txt", &flipped);
        let v = src.check(&Overrides::default(), false);
        for f in &v.findings {
            assert!(f.span.end() <= src.text.len(), "{k}: {f:?}");
        }
    }
    // Lines that look like the export's but are not.
    for junk in [
        "The score (after x games) is: a 1, b 2\n",
        "The score (after 1 games) is: a, b\nMove number 1:  a to play 99\n* a moves 24/\n",
        "Move number 1:  nobody to play 31\n* somebody moves 8/5 6/5\nRolled 31 (+x):\n",
        "Move number 1:  a doubles to 99999999999999999999999\n* b accepts\nb wins 99999999999999999999999 points\n",
        "Cube analysis\n1. No double +0.1\n2. No double +0.1\nProper cube action: x\n",
        "Move number 1: a resigns 2 points GNU Backgammon  Position ID: x\n",
        "*    1. Cubeful 0-ply    8/5 6/5   Eq.: +0.1\n       1 2 3 - 4 5 6\n",
        "\u{feff}The score (after 0 games) is: é 0, ü 0 (match to 3 points)\r\n\r\nMove number 1:  é to play 31\r\n* é moves 8/5 6/5\r\né wins 1 point\r\n",
    ] {
        let r = tavla::gnubg_text::read(junk);
        for p in &r.problems {
            assert!(
                p.span.end() <= junk.len() && junk.is_char_boundary(p.span.offset),
                "{junk}: {p:?}"
            );
        }
        let _ = damaged("junk.txt", junk);
    }
}

#[test]
fn the_command_validates_and_converts_an_export() {
    let p = "fixtures/gnubg-text/analysed/m003-0080/out.txt";
    let o = run(&["validate", p]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    for to in ["json", "mat", "csv"] {
        let o = run(&["convert", "--to", to, p]);
        assert_eq!(o.status.code(), Some(0), "{to}: {o:?}");
        assert!(!o.stdout.is_empty());
    }
    // The `.mat` written of it reads back to the same plays.
    let o = run(&["convert", "--to", "mat", p]);
    let mat = String::from_utf8(o.stdout).unwrap();
    let (_, a) = doc(&source("back.mat", &mat));
    let (_, b) = doc(&load(Path::new(p)));
    assert_eq!(acts(&a.games[0]), acts(&b.games[0]));
    // The CSV rows carry the analysis.
    let o = run(&["convert", "--to", "csv", p]);
    let csv = String::from_utf8(o.stdout).unwrap();
    assert!(csv.lines().count() > 10);
    // A damaged export exits 1, and its finding names the line.
    let dir = std::env::temp_dir().join(format!("tavla-gnubg-text-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(p).unwrap();
    let cut = dir.join("cut.txt");
    std::fs::write(&cut, &text[..text.len() / 2]).unwrap();
    let o = run(&["validate", "--format", "short", cut.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("tavla::record::game-unfinished"), "{out}");
}

#[test]
fn a_repair_is_an_edit_of_the_export() {
    let text =
        std::fs::read_to_string("fixtures/gnubg-text/analysed/m003-0080/out_002.txt").unwrap();
    let k = text.find("* Alice moves 13/7 8/7").unwrap() + "* Alice moves 13/7 ".len();
    let mut t = text.clone();
    t.replace_range(k..k + 3, "8/6");
    let v = source("x.txt", &t).check(&Overrides::default(), false);
    let repairs: Vec<tavla::replay::Repair> = v
        .findings
        .iter()
        .filter_map(|f| f.repair.as_deref().cloned())
        .collect();
    assert!(!repairs.is_empty(), "{:?}", v.findings);
    let fixed = tavla::replay::apply_repairs(&t, &repairs);
    assert_eq!(
        source("fixed.txt", &fixed)
            .check(&Overrides::default(), false)
            .errors(),
        0
    );
}
