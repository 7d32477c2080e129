//! The documentation holds together: every relative link of the README, the pages under
//! `docs/`, `ARCHITECTURE.md`, `grammar.md`, `CHANGELOG.md` and `fixtures/README.md` points to
//! a file that exists, and every `#anchor` to a heading of its page (GitHub's slugs); the
//! README stays a front door of at most 250 lines; `docs/README.md` links every page of
//! `docs/`.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The Markdown files whose links are checked, relative to the repository root.
fn checked_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = [
        "README.md",
        "ARCHITECTURE.md",
        "grammar.md",
        "CHANGELOG.md",
        "fixtures/README.md",
    ]
    .iter()
    .map(PathBuf::from)
    .collect();
    let mut pages: Vec<PathBuf> = Vec::new();
    walk(&root().join("docs"), &mut pages);
    let mut pages: Vec<PathBuf> = pages
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| {
            p.strip_prefix(root())
                .expect("under the root")
                .to_path_buf()
        })
        .collect();
    pages.sort();
    files.extend(pages);
    files
}

/// Every file under `dir`, depth first.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// A link found in a Markdown text: the line it is on and its destination as written.
#[derive(Debug, PartialEq)]
struct Link {
    line: usize,
    target: String,
}

/// The text with fenced code blocks blanked (their lines kept, so line numbers hold).
fn without_fences(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut fence: Option<(char, usize)> = None;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start_matches(' ');
        let indent = line.len() - trimmed.len();
        let marker = trimmed.chars().next().filter(|c| *c == '`' || *c == '~');
        let run = marker.map_or(0, |m| trimmed.chars().take_while(|c| *c == m).count());
        match fence {
            None if indent <= 3 && run >= 3 => {
                fence = marker.map(|m| (m, run));
                out.push('\n');
            }
            None => out.push_str(line),
            Some((m, n)) => {
                let closes = indent <= 3
                    && marker == Some(m)
                    && run >= n
                    && trimmed.trim_start_matches(m).trim().is_empty();
                if closes {
                    fence = None;
                }
                out.push('\n');
            }
        }
    }
    out
}

/// One paragraph with its code spans blanked (CommonMark: a run of n backticks opens a span
/// closed by the next run of exactly n; an unclosed run is literal). Newlines are kept.
fn without_code_spans(par: &str) -> String {
    let chars: Vec<char> = par.chars().collect();
    let mut out = String::with_capacity(par.len());
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let n = chars[i..].iter().take_while(|c| **c == '`').count();
        let mut j = i + n;
        let mut close = None;
        while j < chars.len() {
            if chars[j] == '`' {
                let m = chars[j..].iter().take_while(|c| **c == '`').count();
                if m == n {
                    close = Some(j);
                    break;
                }
                j += m;
            } else {
                j += 1;
            }
        }
        match close {
            Some(j) => {
                for c in &chars[i..j + n] {
                    out.push(if *c == '\n' { '\n' } else { ' ' });
                }
                i = j + n;
            }
            None => {
                for _ in 0..n {
                    out.push('`');
                }
                i += n;
            }
        }
    }
    out
}

/// Every link destination of a Markdown text outside code: inline links and images
/// (`[text](dest)`, `![alt](dest)`, whose text may wrap over lines) and reference
/// definitions (`[label]: dest`).
fn links(text: &str) -> Vec<Link> {
    let prose = without_fences(text);
    let mut found = Vec::new();
    let mut line0 = 1;
    for par in prose.split("\n\n") {
        let par = without_code_spans(par);
        for (k, line) in par.lines().enumerate() {
            let t = line.trim_start();
            if line.len() - t.len() <= 3
                && t.starts_with('[')
                && let Some(end) = t.find("]:")
                && !t[1..end].contains(']')
            {
                let dest = t[end + 2..].split_whitespace().next().unwrap_or("");
                let dest = dest.trim_start_matches('<').trim_end_matches('>');
                found.push(Link {
                    line: line0 + k,
                    target: dest.to_string(),
                });
            }
        }
        let mut from = 0;
        while let Some(at) = par[from..].find("](") {
            let start = from + at + 2;
            let rest = &par[start..];
            let dest = if let Some(r) = rest.strip_prefix('<') {
                r.split('>').next().unwrap_or("")
            } else {
                let end = rest
                    .find(|c: char| c.is_whitespace() || c == ')')
                    .unwrap_or(rest.len());
                &rest[..end]
            };
            found.push(Link {
                line: line0 + par[..start].matches('\n').count(),
                target: dest.to_string(),
            });
            from = start;
        }
        line0 += par.matches('\n').count() + 2;
    }
    found
}

/// GitHub's anchor for a heading: the rendered text (link and code markup dropped) in lower
/// case, without any character but letters, digits, `-`, `_` and spaces, each space a `-`.
fn slug(heading: &str) -> String {
    let mut text = String::new();
    let mut rest = heading;
    // `[text](dest)` renders as `text`.
    while let Some(open) = rest.find('[') {
        text.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find("](") {
            Some(close) if after[close..].contains(')') => {
                text.push_str(&after[..close]);
                let tail = &after[close + 2..];
                rest = &tail[tail.find(')').map_or(tail.len(), |e| e + 1)..];
            }
            _ => {
                text.push('[');
                rest = after;
            }
        }
    }
    text.push_str(rest);
    text.trim()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .flat_map(char::to_lowercase)
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown page's ATX headings, repeated slugs numbered `-1`, `-2`, … as
/// GitHub numbers them.
fn anchors(text: &str) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut out = Vec::new();
    for line in without_fences(text).lines() {
        let t = line.trim_start_matches(' ');
        if line.len() - t.len() > 3 {
            continue;
        }
        let level = t.chars().take_while(|c| *c == '#').count();
        if !(1..=6).contains(&level) {
            continue;
        }
        let body = &t[level..];
        if !(body.is_empty() || body.starts_with(' ') || body.starts_with('\t')) {
            continue;
        }
        let body = body.trim();
        // A closing run of `#` counts only after a space (`# C#` keeps its `#`).
        let stripped = body.trim_end_matches('#');
        let body = if stripped.is_empty() || stripped.ends_with([' ', '\t']) {
            stripped.trim_end()
        } else {
            body
        };
        let s = slug(body);
        let n = seen.entry(s.clone()).or_insert(0);
        out.push(if *n == 0 {
            s.clone()
        } else {
            format!("{s}-{n}")
        });
        *n += 1;
    }
    out
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(h) = s.get(i + 1..i + 3)
            && let Ok(b) = u8::from_str_radix(h, 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The problems of one file's links: a missing file, or an anchor without its heading.
fn broken_links(file: &Path, checked: &mut usize) -> Vec<String> {
    let text = fs::read_to_string(root().join(file)).expect("a checked file");
    let dir = file.parent().unwrap_or(Path::new(""));
    let mut problems = Vec::new();
    for link in links(&text) {
        let target = link.target.as_str();
        if target.is_empty() {
            problems.push(format!("{}:{}: an empty link", file.display(), link.line));
            continue;
        }
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        *checked += 1;
        let (path, anchor) = match target.split_once('#') {
            Some((p, a)) => (p, Some(a)),
            None => (target, None),
        };
        let dest = if path.is_empty() {
            file.to_path_buf()
        } else {
            dir.join(percent_decode(path))
        };
        let full = root().join(&dest);
        // A link must stay inside the repository: a clone has nothing beside it.
        let inside = full
            .canonicalize()
            .map(|f| f.starts_with(root().canonicalize().expect("root")))
            .unwrap_or(true);
        if !inside {
            problems.push(format!(
                "{}:{}: `{target}` points outside the repository",
                file.display(),
                link.line
            ));
            continue;
        }
        if !full.exists() {
            problems.push(format!(
                "{}:{}: `{target}`: no file {}",
                file.display(),
                link.line,
                dest.display()
            ));
            continue;
        }
        if let Some(anchor) = anchor {
            if full.extension().is_none_or(|x| x != "md") {
                problems.push(format!(
                    "{}:{}: `{target}`: an anchor into a file that is not Markdown",
                    file.display(),
                    link.line
                ));
                continue;
            }
            let page = fs::read_to_string(&full).expect("a linked page");
            if !anchors(&page).iter().any(|a| a == anchor) {
                problems.push(format!(
                    "{}:{}: `{target}`: {} has no heading with the anchor `#{anchor}`",
                    file.display(),
                    link.line,
                    dest.display()
                ));
            }
        }
    }
    problems
}

#[test]
fn every_relative_link_and_anchor_resolves() {
    let mut checked = 0;
    let mut problems = Vec::new();
    for file in checked_files() {
        problems.extend(broken_links(&file, &mut checked));
    }
    assert!(
        problems.is_empty(),
        "{} broken link(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
    // The README, the index and the fixtures page alone link far more than this.
    assert!(checked >= 40, "only {checked} relative links were found");
}

#[test]
fn the_readme_is_a_front_door_of_at_most_250_lines() {
    let readme = fs::read_to_string(root().join("README.md")).expect("README.md");
    let lines = readme.lines().count();
    assert!(lines <= 250, "README.md has {lines} lines");
}

#[test]
fn the_docs_index_links_every_page() {
    let index = fs::read_to_string(root().join("docs/README.md")).expect("docs/README.md");
    let linked: Vec<String> = links(&index)
        .into_iter()
        .map(|l| l.target.split('#').next().unwrap_or("").to_string())
        .collect();
    for file in checked_files() {
        let Ok(page) = file.strip_prefix("docs") else {
            continue;
        };
        let name = page.to_str().expect("a UTF-8 name");
        if name != "README.md" {
            assert!(
                linked.iter().any(|l| l == name),
                "docs/README.md does not link {name}"
            );
        }
    }
}

#[test]
fn slugs_follow_githubs_rules() {
    assert_eq!(
        slug("Single plays: `tavla check` and `tavla legal`"),
        "single-plays-tavla-check-and-tavla-legal"
    );
    assert_eq!(
        slug("Boards: `tavla show`, `--board`, the HTML report"),
        "boards-tavla-show---board-the-html-report"
    );
    assert_eq!(slug("[0.1.0] - 2026-12-02"), "010---2026-12-02");
    assert_eq!(slug("[Unreleased]"), "unreleased");
    assert_eq!(slug("The [README](../README.md) page"), "the-readme-page");
    assert_eq!(slug("Правила и § 8 — Гюлбара"), "правила-и--8--гюлбара");
    assert_eq!(slug("`rests_on` × 2"), "rests_on--2");
    let page = "# A\n\n```\n# not a heading\n```\n\n## A\n\n#no\n\n### B ###\n\n## C#\n";
    assert_eq!(anchors(page), ["a", "a-1", "b", "c"]);
}

#[test]
fn links_are_found_outside_code_only() {
    let text = "See [the\nrules](docs/rules.md#what-it-checks) and ![x](docs/report.png).\n\n\
                `[not](a-link.md)` and\n\n```console\n$ [not](either.md)\n```\n\n\
                [ref]: fixtures/README.md\n";
    let found = links(text);
    assert_eq!(
        found,
        [
            Link {
                line: 2,
                target: "docs/rules.md#what-it-checks".into()
            },
            Link {
                line: 2,
                target: "docs/report.png".into()
            },
            Link {
                line: 10,
                target: "fixtures/README.md".into()
            },
        ]
    );
    assert_eq!(percent_decode("a%20b.md"), "a b.md");
}

/// Nothing in the repository reads, links or names a folder beside it: a user's clone has
/// none. Every text file of the repository's own folders is searched for the parent-relative
/// path of such a folder.
#[test]
fn nothing_points_outside_the_repository() {
    let needles = [format!("../{}", "shared"), format!("/work/{}", "shared")];
    let mut files = Vec::new();
    for top in [
        "README.md",
        "ARCHITECTURE.md",
        "grammar.md",
        "CHANGELOG.md",
        "Cargo.toml",
        "docs",
        "src",
        "tests",
        "benches",
        "bench",
        "examples",
        "python",
        "fuzz",
        ".ci",
        "fixtures/README.md",
        "tools",
    ] {
        let p = root().join(top);
        if p.is_dir() {
            walk(&p, &mut files);
        } else {
            files.push(p);
        }
    }
    let mut hits = Vec::new();
    for f in &files {
        if f.components()
            .any(|c| c.as_os_str() == "target" || c.as_os_str() == "node_modules")
        {
            continue;
        }
        let Ok(text) = fs::read_to_string(f) else {
            continue;
        };
        for (i, line) in text.lines().enumerate() {
            if needles.iter().any(|n| line.contains(n.as_str())) {
                hits.push(format!("{}:{}: {line}", f.display(), i + 1));
            }
        }
    }
    assert!(files.len() > 100, "only {} files searched", files.len());
    assert!(hits.is_empty(), "{}", hits.join("\n"));
}
