//! Writing a match back as a `.mat` record in a canonical layout, from its JSON document.
//!
//! Canonical layout: header tags and comments first, ` N point match`, then per game
//! ` Game N`, the score line, numbered turn lines with the left cell at column 5 and the right
//! cell at column 33, results on their own unnumbered line in the winner's column.

use serde_json::Value;

const RIGHT: usize = 33;

fn str_of(v: &Value) -> &str {
    v.as_str().unwrap_or("")
}

fn stage_text(s: &Value, prefix: &str, suffix: &str) -> String {
    let dice: Vec<u64> = s["dice"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    let d = match dice.as_slice() {
        [a] => format!("{a}{a}"),
        [a, b] => format!("{a}{b}"),
        _ => String::from("??"),
    };
    let play = str_of(&s["play"]);
    if play.is_empty() {
        format!("{prefix}{d}{suffix}:")
    } else {
        format!("{prefix}{d}{suffix}: {play}")
    }
}

fn cell_text(a: &Value) -> String {
    match str_of(&a["type"]) {
        "turn" => {
            let mut parts = Vec::new();
            for s in a["received"].as_array().into_iter().flatten() {
                parts.push(stage_text(s, "(", ")"));
            }
            for (k, s) in a["stages"].as_array().into_iter().flatten().enumerate() {
                parts.push(stage_text(s, if k == 0 { "" } else { "+" }, ""));
            }
            parts.join(" ")
        }
        "double" => format!(" Doubles => {}", a["value"]),
        "beaver" => format!(" Beavers => {}", a["value"]),
        "raccoon" => format!(" Raccoons => {}", a["value"]),
        "take" => " Takes".into(),
        "drop" => " Drops".into(),
        "wins" => {
            let p = a["points"].as_u64().unwrap_or(0);
            format!(
                "Wins {p} point{}{}",
                if p == 1 { "" } else { "s" },
                if a["and_match"].as_bool() == Some(true) {
                    " and the match"
                } else {
                    ""
                }
            )
        }
        "losses" => {
            let p = a["points"].as_u64().unwrap_or(0);
            format!("Losses {p} point{}", if p == 1 { "" } else { "s" })
        }
        _ => String::new(),
    }
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Write the match of a JSON document (as produced by [`super::json::match_json`]) as `.mat`.
pub fn write_mat(doc: &Value) -> String {
    let mut out = String::new();
    for t in doc["tags"].as_array().into_iter().flatten() {
        out.push_str(&format!(
            "; [{} \"{}\"]\n",
            str_of(&t["name"]),
            escape(str_of(&t["value"]))
        ));
    }
    for c in doc["comments"].as_array().into_iter().flatten() {
        let text = str_of(&c["text"]);
        if text.is_empty() {
            out.push_str(";\n")
        } else {
            out.push_str(&format!("; {text}\n"))
        }
    }
    if !out.is_empty() {
        out.push('\n');
    }
    if let Some(n) = doc["match_length"].as_u64() {
        out.push_str(&format!(" {n} point match\n"));
    }
    for g in doc["games"].as_array().into_iter().flatten() {
        out.push_str(&format!("\n Game {}\n", g["number"]));
        if g["players"].is_object() {
            let name = |side: &str| {
                let n = str_of(&g["players"][side]).to_string();
                match g["ratings"][side].as_str() {
                    Some(r) => format!("{n},{r}"),
                    None => n,
                }
            };
            let left = format!(" {} : {}", name("white"), g["score_before"]["white"]);
            let pad = (RIGHT - 2).saturating_sub(left.chars().count()).max(2);
            out.push_str(&format!(
                "{left}{}{} : {}\n",
                " ".repeat(pad),
                name("black"),
                g["score_before"]["black"]
            ));
        }
        // Group actions by their source line; results go on their own lines.
        let actions: Vec<&Value> = g["actions"].as_array().into_iter().flatten().collect();
        let mut number = 0;
        let mut i = 0;
        while i < actions.len() {
            let a = actions[i];
            let line = a["line"].as_u64();
            let is_result = matches!(str_of(&a["type"]), "wins" | "losses");
            let mut group = vec![a];
            let mut j = i + 1;
            while j < actions.len()
                && actions[j]["line"].as_u64() == line
                && line.is_some()
                && group.len() < 2
            {
                group.push(actions[j]);
                j += 1;
            }
            let all_results = group
                .iter()
                .all(|x| matches!(str_of(&x["type"]), "wins" | "losses"));
            let (left, right) = match group.as_slice() {
                [x] if str_of(&x["player"]) == "black" => (None, Some(*x)),
                [x] => (Some(*x), None),
                [x, y] => (Some(*x), Some(*y)),
                _ => (None, None),
            };
            let mut text = if all_results && is_result {
                String::new()
            } else {
                number += 1;
                format!("{number:>3}) ")
            };
            if all_results && is_result {
                text.push_str(if left.is_some() { "      " } else { "" });
            }
            if let Some(l) = left {
                text.push_str(&cell_text(l));
            }
            if let Some(r) = right {
                let width = text.chars().count();
                let target = if all_results && is_result {
                    RIGHT + 1
                } else {
                    RIGHT
                };
                let pad = if width + 2 > target {
                    2
                } else {
                    target - width
                };
                text.push_str(&" ".repeat(pad));
                text.push_str(cell_text(r).trim_start());
            }
            out.push_str(text.trim_end());
            out.push('\n');
            i = j;
        }
        for _ in 0..g["empty_turn_lines"].as_u64().unwrap_or(0) {
            number += 1;
            out.push_str(&format!("{number:>3})\n"));
        }
    }
    out
}
