//! `tavla convert --to csv`: the flat table of plays (one row per play or cube action), its
//! header, RFC 4180 quoting, and each row checked against what the other commands say of the
//! same action (`convert --to json`, `validate --format jsonl`, `tavla legal`).

use crate::common::run;
use std::process::Command;

use tavla::report::table::COLUMNS;

/// The CSV of `paths`: header and records.
fn table(paths: &[&str]) -> (Vec<String>, Vec<csv::StringRecord>, i32) {
    let mut args = vec!["convert", "--to", "csv", "--legal-counts"];
    args.extend_from_slice(paths);
    let o = run(&args);
    let mut r = csv::Reader::from_reader(&o.stdout[..]);
    let header = r.headers().unwrap().iter().map(String::from).collect();
    let rows = r.records().map(Result::unwrap).collect();
    (header, rows, o.status.code().unwrap())
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_slice(&run(args).stdout).unwrap()
}

/// Given a backgammon record, when converted to CSV, then the header is the table's columns,
/// there is a row for every turn and cube action of the JSON document (results are not rows),
/// each with the play as the document writes it, and the position before each turn is the
/// XGID whose legal plays are `n_legal`.
#[test]
fn every_turn_and_cube_action_is_a_row_with_its_position_and_legal_count() {
    let path = "fixtures/backgammon/gnubg/m000-0201.mat";
    let (header, rows, code) = table(&[path]);
    assert_eq!(code, 0);
    assert_eq!(header, COLUMNS);
    let doc = json(&["convert", "--to", "json", path]);
    let mut expected = Vec::new();
    for g in doc["games"].as_array().unwrap() {
        for a in g["actions"].as_array().unwrap() {
            let play = match a["type"].as_str().unwrap() {
                "turn" => a["stages"][0]["play"].as_str().unwrap().to_string(),
                "double" => format!("Doubles => {}", a["value"]),
                "take" => "Takes".into(),
                "drop" => "Drops".into(),
                _ => continue,
            };
            expected.push((g["number"].as_u64().unwrap(), a["player"].clone(), play));
        }
    }
    assert_eq!(rows.len(), expected.len());
    let col = |name: &str| COLUMNS.iter().position(|c| *c == name).unwrap();
    let mut turns = 0;
    for (row, (game, player, play)) in rows.iter().zip(&expected) {
        assert_eq!(row[col("path")], *path);
        assert_eq!(row[col("game")].parse::<u64>().unwrap(), *game);
        assert_eq!(row[col("side")], *player.as_str().unwrap());
        assert_eq!(row[col("play")], *play);
        assert_eq!(row[col("legal")], *"true");
        assert_eq!(row[col("code")], *"");
        let pips: u32 = row[col("pips_before_white")].parse().unwrap();
        assert!((1..=375).contains(&pips), "{pips}");
        let xgid = &row[col("xgid_before")];
        assert!(xgid.starts_with("XGID="), "{xgid}");
        // The position column is the same kind of value in every game: tavla's position
        // string, 26 characters a side.
        let pos = &row[col("position_before")];
        assert_eq!((pos.len(), &pos[26..27]), (53, "/"), "{pos}");
        if !row[col("die1")].is_empty() && turns < 12 {
            let dice: u8 = row[col("die1")].parse::<u8>().unwrap() * 10
                + row[col("die2")].parse::<u8>().unwrap();
            assert!(xgid.contains(&format!(":{dice}:")), "{xgid} {dice}");
            // The XGID carries the dice: `tavla legal` reads them from it.
            let legal = json(&["legal", "--position", xgid, "--format", "json"]);
            let n = legal["plays"].as_array().unwrap().len();
            assert_eq!(row[col("n_legal")].parse::<usize>().unwrap(), n, "{xgid}");
            // The position string is a position `tavla legal` reads, the same as the XGID's.
            let roll = format!("{dice}");
            let side = row[col("side")].to_string();
            let by_string = json(&[
                "legal",
                "--position",
                pos,
                "--roll",
                &roll,
                "--side",
                &side,
                "--format",
                "json",
            ]);
            let standard = |v: &serde_json::Value| -> Vec<String> {
                v["plays"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p["standard"].as_str().unwrap().to_string())
                    .collect()
            };
            assert_eq!(standard(&by_string), standard(&legal), "{pos}");
            turns += 1;
        }
    }
    assert_eq!(turns, 12);
}

/// Given the invalid demo record (Gul bara), when converted, then the illegal turn's row says
/// `legal=false` with the code of the first error `validate` reports on its line, the
/// position before it is tavla's position string (Gul bara has no XGID), and the exit code
/// is 1.
#[test]
fn an_illegal_play_is_a_row_with_its_code_and_a_position_string() {
    let path = "fixtures/demo/invalid.mat";
    let (_, rows, code) = table(&[path]);
    assert_eq!(code, 1);
    let col = |name: &str| COLUMNS.iter().position(|c| *c == name).unwrap();
    let o = run(&["validate", "--format", "jsonl", "-q", path]);
    let first: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&o.stdout).lines().next().unwrap()).unwrap();
    let bad: Vec<&csv::StringRecord> = rows
        .iter()
        .filter(|r| &r[col("legal")] == "false")
        .collect();
    assert!(!bad.is_empty());
    assert_eq!(&bad[0][col("code")], first["code"].as_str().unwrap());
    let pos = &bad[0][col("position_before")];
    // Gul bara: the string `tavla legal` reads gives the row's count of legal plays.
    let roll = format!("{}{}", &bad[0][col("die1")], &bad[0][col("die2")]);
    let side = bad[0][col("side")].to_string();
    let legal = json(&[
        "legal",
        "--variant",
        "gul-bara",
        "--position",
        pos,
        "--roll",
        &roll,
        "--side",
        &side,
        "--format",
        "json",
    ]);
    assert_eq!(
        legal["plays"].as_array().unwrap().len(),
        bad[0][col("n_legal")].parse::<usize>().unwrap(),
        "{pos}"
    );
    // Gul bara's board is not backgammon's: no XGID.
    assert_eq!(&bad[0][col("xgid_before")], "");
    assert_eq!(&rows[0][col("player")], "Mehmet");
}

/// Given several inputs, when converted, then there is one header and the rows of each file
/// in path order; a field with a comma or a quote is quoted as RFC 4180 says.
#[test]
fn many_files_share_one_header_and_fields_are_quoted() {
    let (header, rows, _) = table(&["fixtures/demo/valid.mat", "fixtures/demo/invalid.mat"]);
    assert_eq!(header, COLUMNS);
    let paths: Vec<&str> = rows.iter().map(|r| &r[0]).collect();
    // Path order: `invalid.mat` sorts before `valid.mat`, whatever the order named.
    let split = paths
        .iter()
        .position(|p| *p == "fixtures/demo/valid.mat")
        .unwrap();
    assert!(split > 0);
    assert!(
        paths[..split]
            .iter()
            .all(|p| *p == "fixtures/demo/invalid.mat")
    );
    assert!(
        paths[split..]
            .iter()
            .all(|p| *p == "fixtures/demo/valid.mat")
    );
    // A name with a comma and quotes: its field is quoted, inner quotes doubled, and a CSV
    // reader gets the name back.
    let dir = std::env::temp_dir().join(format!("tavla-csv-quote-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("q.mat");
    std::fs::write(
        &path,
        " 1 point match\n\n Game 1\n Jo \"Ace\", Sr : 0     Bo : 0\n  1) 64: 24/18 13/9    65: 24/13\n",
    )
    .unwrap();
    let raw =
        String::from_utf8(run(&["convert", "--to", "csv", path.to_str().unwrap()]).stdout).unwrap();
    let line = raw.lines().nth(1).unwrap();
    assert!(line.contains(",\"Jo \"\"Ace\"\", Sr\","), "{line}");
    let mut r = csv::Reader::from_reader(raw.as_bytes());
    let first = r.records().next().unwrap().unwrap();
    assert_eq!(&first[5], "Jo \"Ace\", Sr");
    std::fs::remove_dir_all(&dir).unwrap();
    let raw = String::from_utf8(run(&["convert", "--to", "csv", "fixtures/demo/valid.mat"]).stdout)
        .unwrap();
    assert_eq!(raw.lines().filter(|l| l.starts_with("path,")).count(), 1);
}

/// DuckDB reads the table of every fixture with no option: every row, and every column that
/// always has a value typed as documented (integers, booleans, text).
#[test]
fn duckdb_reads_the_table_of_every_fixture_without_options() {
    let py = std::env::var("TAVLA_PYTHON").unwrap_or_else(|_| "python3".into());
    let has = Command::new(&py)
        .args(["-c", "import duckdb"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has {
        eprintln!("skipped: duckdb is not installed (pip install duckdb)");
        return;
    }
    let out = std::env::temp_dir().join(format!("tavla-duckdb-{}.csv", std::process::id()));
    let o = run(&[
        "convert",
        "fixtures",
        "--to",
        "csv",
        "--legal-counts",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.code().is_some_and(|c| c <= 1), "{o:?}");
    let rows = csv::Reader::from_path(&out).unwrap().records().count();
    let script = format!(
        "import duckdb\nr = duckdb.read_csv({:?})\nprint(duckdb.sql('select count(*) from r').fetchall()[0][0])\nfor c, t in zip(r.columns, r.types):\n    print(c, t)\n",
        out.display().to_string()
    );
    let run = Command::new(&py).args(["-c", &script]).output().unwrap();
    let _ = std::fs::remove_file(&out);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = String::from_utf8(run.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next().unwrap().parse::<usize>().unwrap(), rows);
    let types: std::collections::HashMap<&str, &str> =
        lines.filter_map(|l| l.split_once(' ')).collect();
    for (c, t) in [
        ("path", "VARCHAR"),
        ("match", "BIGINT"),
        ("game", "BIGINT"),
        ("turn", "BIGINT"),
        ("die1", "BIGINT"),
        ("die2", "BIGINT"),
        ("play", "VARCHAR"),
        ("position_before", "VARCHAR"),
        ("legal", "BOOLEAN"),
        ("n_legal", "BIGINT"),
        ("pips_before_white", "BIGINT"),
        ("score_black", "BIGINT"),
        ("cube", "BIGINT"),
    ] {
        assert_eq!(types.get(c).copied(), Some(t), "{c}: {text}");
    }
}

/// `convert --to parquet` of every fixture holds the rows and values of `--to csv`, with typed
/// columns, as pyarrow (pandas' reader) and DuckDB read it.
#[test]
fn parquet_holds_the_rows_of_the_csv_typed() {
    let py = std::env::var("TAVLA_PYTHON").unwrap_or_else(|_| "python3".into());
    let has = Command::new(&py)
        .args(["-c", "import duckdb, pyarrow"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has {
        eprintln!("skipped: duckdb or pyarrow is not installed (pip install duckdb pyarrow)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("tavla-parquet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (pq, csv) = (dir.join("t.parquet"), dir.join("t.csv"));
    for (to, out) in [("parquet", &pq), ("csv", &csv)] {
        let o = run(&[
            "convert",
            "fixtures",
            "--to",
            to,
            "--legal-counts",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.code().is_some_and(|c| c <= 1), "{o:?}");
    }
    let run = Command::new(&py)
        .arg("tests/data/compare_parquet.py")
        .args([&pq, &csv])
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let rows: usize = String::from_utf8_lossy(&run.stdout).trim().parse().unwrap();
    assert!(rows > 10_000, "{rows} rows");
}

/// Without `--legal-counts`, `n_legal` is empty and every other value the same.
#[test]
fn legal_counts_are_asked_for() {
    let paths = ["fixtures/backgammon/gnubg", "fixtures/demo"];
    let (header, counted, _) = table(&paths);
    let mut args = vec!["convert", "--to", "csv"];
    args.extend_from_slice(&paths);
    let o = run(&args);
    let mut r = csv::Reader::from_reader(&o.stdout[..]);
    let plain: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
    assert_eq!(plain.len(), counted.len());
    let k = header.iter().position(|c| c == "n_legal").unwrap();
    assert!(counted.iter().any(|r| !r[k].is_empty()));
    for (p, c) in plain.iter().zip(&counted) {
        assert_eq!(&p[k], "");
        for (i, (a, b)) in p.iter().zip(c.iter()).enumerate() {
            if i != k {
                assert_eq!(a, b, "{}", header[i]);
            }
        }
    }
}
