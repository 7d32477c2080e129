//! The analysis an SGF carries (gnubg's `A`, `DA`, `LU`) is read into the record and given in
//! the JSON and the table, and agrees with gnubg's own reading of the same files (its Python,
//! `gnubg.match()`), when gnubg is installed.

use std::path::{Path, PathBuf};
use std::process::Command;

use tavla::input::Source;
use tavla::replay::Overrides;
use tavla::report::json::{ActionDoc, match_doc};
use tavla::report::table;

fn analysed() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir("fixtures/sgf/analysed")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    v.sort();
    v
}

fn source(p: &Path) -> Source {
    Source::from_bytes(p.display().to_string(), std::fs::read(p).unwrap()).unwrap()
}

/// Every play of the analysed SGFs carries its candidates, the play made among them and its
/// equity loss; every turn its luck; the table carries the same figures.
#[test]
fn an_analysed_sgf_carries_its_analysis_into_json_and_the_table() {
    let mut plays = 0;
    for p in analysed() {
        let src = source(&p);
        let v = src.check(&Overrides::default(), true);
        assert_eq!(v.errors(), 0, "{}", p.display());
        let doc = match_doc(&v, false, &src.text);
        let rows = table::rows(&src.name, &v, &src.text);
        let mut row = rows.iter().filter(|r| r.die1.is_some());
        for g in &doc.games {
            for a in &g.actions {
                let ActionDoc::Turn(t) = a else { continue };
                let r = row.next().expect("a row per turn");
                let Some(an) = &t.base.analysis else { continue };
                if an.candidates.is_empty() {
                    continue;
                }
                plays += 1;
                let k = an.played.expect("the play made is among the candidates");
                let loss = an.candidates[0].equity - an.candidates[k].equity;
                assert!((an.equity_loss.unwrap() - loss).abs() < 1e-9);
                assert_eq!(r.equity_loss, an.equity_loss);
                assert_eq!(r.best_play.as_deref(), Some(an.candidates[0].play.as_str()));
                // The play made is the one the record holds.
                assert_eq!(
                    an.candidates[k].play.split(' ').count(),
                    t.stages[0].play.split(' ').count(),
                    "{} {:?} against {:?}",
                    p.display(),
                    an.candidates[k].play,
                    t.stages[0].play
                );
                assert!(an.luck.is_some());
                assert_eq!(r.luck, an.luck);
            }
        }
    }
    assert!(plays >= 100, "{plays} analysed plays");
}

fn gnubg() -> Option<PathBuf> {
    ["gnubg", "/usr/games/gnubg"]
        .iter()
        .map(PathBuf::from)
        .find(|p| {
            Command::new(p)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
}

/// gnubg reads the same files and gives each play's candidates, the index of the play made,
/// its luck and the cube figures: tavla's figures equal its own to 0.001.
#[test]
fn the_analysis_agrees_with_gnubgs_own_reading() {
    let Some(g) = gnubg() else {
        eprintln!("skipped: gnubg is not installed");
        return;
    };
    let dir = std::env::temp_dir().join(format!("tavla-analysis-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut compared = 0;
    for p in analysed() {
        let theirs = gnubg_dump(&g, &p, &dir);
        let src = source(&p);
        let v = src.check(&Overrides::default(), true);
        let doc = match_doc(&v, false, &src.text);
        let ours: Vec<(Option<f64>, Option<f64>, Option<f64>)> = doc
            .games
            .iter()
            .flat_map(|g| &g.actions)
            .filter_map(|a| match a {
                ActionDoc::Turn(t) => Some(t.base.analysis.as_ref()),
                _ => None,
            })
            .map(|an| {
                (
                    an.and_then(|a| a.equity_loss),
                    an.and_then(|a| a.luck),
                    an.and_then(|a| a.cube.as_ref()).map(|c| c.no_double),
                )
            })
            .collect();
        // The moves' equity loss, luck and no-double figure.
        let theirs: Vec<Vec<Option<f64>>> = theirs
            .lines()
            .filter(|l| l.starts_with("move\t"))
            .map(|l| {
                l.split('\t')
                    .skip(2)
                    .take(3)
                    .map(|x| x.parse::<f64>().ok())
                    .collect()
            })
            .collect();
        assert_eq!(ours.len(), theirs.len(), "{}: plays", p.display());
        for (k, (o, t)) in ours.iter().zip(&theirs).enumerate() {
            for (a, b) in [(o.0, t[0]), (o.1, t[1]), (o.2, t[2])] {
                match (a, b) {
                    (Some(a), Some(b)) => assert!(
                        (a - b).abs() < 0.001,
                        "{} play {k}: {a} against {b}",
                        p.display()
                    ),
                    (None, None) => {}
                    (a, b) => panic!("{} play {k}: {a:?} against gnubg's {b:?}", p.display()),
                }
            }
            compared += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(compared >= 100, "{compared} plays compared");
}

/// gnubg's reading of an SGF (its Python, `gnubg.match()`): each action, tab-separated, with
/// the index of the play made, the equity loss (the first candidate's equity less the played
/// one's), the luck, the no-double figure and the candidates' equities.
fn gnubg_dump(g: &Path, sgf: &Path, dir: &Path) -> String {
    let script = dir.join("dump.py");
    let out = dir.join("out.txt");
    std::fs::write(
        &script,
        format!(
            r#"
import gnubg
gnubg.command('load match {sgf}')
m = gnubg.match(analysis=1, boards=0, statistics=0, verbose=0)
with open('{out}', 'w') as f:
    for g in m['games']:
        for a in g['game']:
            an = a.get('analysis', {{}})
            mv = an.get('moves', ())
            played = an.get('imove')
            loss = mv[0]['score'] - mv[played]['score'] if mv and played is not None else None
            f.write('\t'.join(str(x) for x in (a.get('action'), played, loss, an.get('luck-value'), an.get('nd-cubeful-eq'), ['%.5f' % x['score'] for x in mv])) + '\n')
"#,
            sgf = std::fs::canonicalize(sgf).unwrap().display(),
            out = out.display()
        ),
    )
    .unwrap();
    let run = Command::new(g)
        .args(["-q", "-t", "-p"])
        .arg(&script)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    std::fs::read_to_string(&out).unwrap()
}

/// An SGF written by tavla from an analysed SGF keeps its analysis: gnubg reads the same
/// candidates, plays made, luck and cube figures from it as from the original.
#[test]
fn an_analysed_sgf_written_again_shows_gnubg_the_same_analysis() {
    let Some(g) = gnubg() else {
        eprintln!("skipped: gnubg is not installed");
        return;
    };
    let dir = std::env::temp_dir().join(format!("tavla-analysis-w-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut moves = 0;
    for p in analysed() {
        let src = source(&p);
        let v = src.check(&Overrides::default(), true);
        let doc = match_doc(&v, false, &src.text);
        let written = dir.join("written.sgf");
        std::fs::write(
            &written,
            tavla::sgf::write_sgf(&doc, v.rules.as_ref()).unwrap(),
        )
        .unwrap();
        let (a, b) = (gnubg_dump(&g, &p, &dir), gnubg_dump(&g, &written, &dir));
        assert_eq!(a, b, "{}", p.display());
        moves += a
            .lines()
            .filter(|l| l.starts_with("move") && !l.contains("None"))
            .count();
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(moves >= 100, "{moves} analysed moves");
}

/// The Python that has xgdatatools (an independent reader of XG files), if any:
/// `TAVLA_PYTHON` (`.ci/run` installs it there), else `python3`.
fn xgdatatools() -> Option<String> {
    let py = std::env::var("TAVLA_PYTHON").unwrap_or_else(|_| "python3".into());
    Command::new(&py)
        .args(["-c", "import xgdatatools"])
        .output()
        .is_ok_and(|o| o.status.success())
        .then_some(py)
}

/// Every candidate of every analysed move of the real `.xg` files has the equity that
/// xgdatatools reads for it, in the same order.
#[test]
fn xg_candidates_have_the_equities_an_independent_reader_gives() {
    let Some(py) = xgdatatools() else {
        eprintln!("skipped: xgdatatools is not installed (pip install xgdatatools)");
        return;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir("fixtures/xg")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "xg"))
        .collect();
    files.sort();
    let mut candidates = 0;
    for p in files {
        let out = Command::new(&py)
            .arg("tests/data/xgdatatools_equities.py")
            .arg(&p)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let theirs: Vec<Vec<f64>> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| l.split(' ').map(|x| x.parse().unwrap()).collect())
            .collect();
        let src = source(&p);
        let v = src.check(&Overrides::default(), true);
        let doc = match_doc(&v, false, &src.text);
        let ours: Vec<Vec<f64>> = doc
            .games
            .iter()
            .flat_map(|g| &g.actions)
            .filter_map(|a| match a {
                ActionDoc::Turn(t) => t.base.analysis.as_ref(),
                _ => None,
            })
            .filter(|a| !a.candidates.is_empty())
            .map(|a| a.candidates.iter().map(|c| c.equity).collect())
            .collect();
        assert_eq!(ours.len(), theirs.len(), "{}: analysed moves", p.display());
        for (k, (o, t)) in ours.iter().zip(&theirs).enumerate() {
            assert_eq!(o.len(), t.len(), "{} move {k}", p.display());
            for (a, b) in o.iter().zip(t) {
                assert!(
                    (a - b).abs() < 1e-5,
                    "{} move {k}: {a} against {b}",
                    p.display()
                );
                candidates += 1;
            }
        }
        // The play made is among the candidates, and its loss is what XG computed.
        for a in doc.games.iter().flat_map(|g| &g.actions) {
            if let ActionDoc::Turn(t) = a
                && let Some(an) = &t.base.analysis
                && !an.candidates.is_empty()
            {
                assert!(
                    an.played.is_some(),
                    "{}: a move whose play is no candidate",
                    p.display()
                );
                assert!(an.equity_loss.unwrap() > -1e-6);
            }
        }
    }
    assert!(candidates >= 1000, "{candidates} candidates compared");
}
