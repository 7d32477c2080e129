//! The HTML report (`validate --format html`, `convert --to html`): one self-contained file,
//! with no network access, no external script, font or stylesheet, that opens from disk.
//!
//! It holds the summary, each file's findings (message, help, suggestions) with an SVG board
//! of the position before the play concerned (the written hop in red, the nearest legal play
//! in green), and a viewer that steps through every game turn by turn. Every text taken from
//! a record (names, comments, tags, plays) is escaped as data; the per-game data sits in
//! `<script type="application/json">` blocks with `<`, `>` and `&` escaped, and a Content
//! Security Policy allows only the report's own script (by nonce) and no network at all.
//!
//! The report is written in pieces so that a run over many files stays within a bounded
//! memory: [`head`], one [`file_section`] per file (built in parallel), then [`tail`].

use std::fmt::Write as _;
use std::hash::{BuildHasher, Hasher};

use super::LineIndex;
use super::diagram::{self, Diagram, side_word};
use super::svg::{self, Geometry, esc};
use crate::notation::CellBody;
use crate::record::HeaderItem;
use crate::replay::{ActionTrace, Continued, Finding, Severity, Verdict};
use crate::rules::{Position, Side};

/// Totals shown in the report's summary.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Files read.
    pub files: usize,
    /// Games found.
    pub games: usize,
    /// Turns replayed.
    pub turns: usize,
    /// Errors found.
    pub errors: usize,
    /// Warnings found.
    pub warnings: usize,
    /// Per file: anchor index, name, errors, warnings.
    pub rows: Vec<(usize, String, usize, usize)>,
}

const STYLE: &str = r#"
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1em;display:flex;flex-direction:column;color:#222;background:#fafafa}
#summary{order:-1}h1{order:-2}
h1{font-size:1.4em}h2{font-size:1.15em;border-bottom:1px solid #ccc;padding-bottom:.2em}
table{border-collapse:collapse}td,th{padding:.2em .6em;border-bottom:1px solid #ddd;text-align:left}
.finding{border-left:4px solid #c0392b;background:#fff;margin:1em 0;padding:.5em 1em}
.finding.warning{border-left-color:#d68910}.finding.advice{border-left-color:#2e86c1}
.finding.made{border-left-style:double;border-left-width:6px}.badge{font-size:.85em;padding:0 .4em;border-radius:3px;margin-left:.5em}
.badge.made{background:#7d3c98;color:#fff}.badge.slip{background:#1e8449;color:#fff}
.code{font-family:monospace;color:#555}.help,.src{white-space:pre-wrap;font-family:monospace;font-size:.9em}
.src{background:#f2f2f2;padding:.3em}
.viewer{background:#fff;padding:.5em;border:1px solid #ddd;outline:none}.viewer:focus{border-color:#2e86c1}
.viewer .label{font-family:monospace;margin:.3em 0;min-height:1.2em}
.legend{font-size:.85em;color:#555}.ok{color:#1e8449}.bad{color:#c0392b}
svg{max-width:100%;height:auto}
"#;

const SCRIPT: &str = r#"(function(){
'use strict';
var NS='http://www.w3.org/2000/svg';
var G=JSON.parse(document.getElementById('tavla-geometry').textContent);
var active=null;
function el(n,a){var e=document.createElementNS(NS,n);for(var k in a){e.setAttribute(k,a[k]);}return e;}
function stack(layer,slot,side,n,place){
  if(n<=0){return;}
  var g=el('g',{'class':'stack','data-side':side,'data-place':place,'data-n':n});
  var bg=side==='white'?'#fbf8ef':'#262626',fg=side==='white'?'#222':'#f2f2f2';
  if(place==='off'){
    for(var k=0;k<n;k++){g.appendChild(el('rect',{x:slot[0]-18,y:slot[1]+k*slot[2]-4,width:36,height:8,rx:2,fill:bg,stroke:'#555'}));}
  }else{
    var shown=Math.min(n,G.stack);
    for(var k2=0;k2<shown;k2++){g.appendChild(el('circle',{cx:slot[0],cy:slot[1]+k2*slot[2],r:G.r-1,fill:bg,stroke:'#555','stroke-width':1.5}));}
    if(n>G.stack){var t=el('text',{x:slot[0],y:slot[1]+(G.stack-1)*slot[2]+5,'font-size':15,'font-weight':'bold','text-anchor':'middle',fill:fg});t.textContent=String(n);g.appendChild(t);}
  }
  layer.appendChild(g);
}
function count(pos,side,i){return parseInt(pos.charAt(side*26+i),16);}
function pins(pos){var x=pos.split(',');return x.length<3?[0,0]:[parseInt(x[1],16),parseInt(x[2],16)];}
function draw(v){
  var d=v._data,game=d.games[v._g],f=game.f[v._f],pos=f[1],opp=game.opp||d.opp;
  var layer=v.querySelector('.checkers');
  while(layer.firstChild){layer.removeChild(layer.firstChild);}
  var pm=pins(pos);
  // The side whose numbering the board shows (its 24 top right, moving to its 1 bottom
  // right): White, or Black once flipped. Stacks keep White's point numbers as data-place.
  var me=v._flip?1:0,th=1-me,name=['white','black'];
  for(var p=1;p<=24;p++){
    var a=count(pos,me,p),b=count(pos,th,opp[p]),s=G.point[p],at=String(me===0?p:opp[p]);
    // A pinned checker lies at the edge, under its pinners.
    var under=(pm[th]>>opp[p])&1?[name[th],b,name[me],a]:[name[me],a,name[th],b];
    stack(layer,s,under[0],under[1],at);
    var sh=Math.min(under[1],G.stack);
    stack(layer,[s[0],s[1]+sh*s[2],s[2]],under[2],under[3],at);
  }
  stack(layer,G.bar[0],name[me],count(pos,me,25),'bar');
  stack(layer,G.bar[1],name[th],count(pos,th,25),'bar');
  stack(layer,G.off[0],name[me],count(pos,me,0),'off');
  stack(layer,G.off[1],name[th],count(pos,th,0),'off');
  var pips=[0,0];for(var i=1;i<=25;i++){pips[0]+=i*count(pos,0,i);pips[1]+=i*count(pos,1,i);}
  v.querySelector('.label').textContent=f[0];
  v.querySelector('.state').textContent='step '+(v._f+1)+' of '+game.f.length+(f[2]?' \u00b7 '+f[2]:'')+' \u00b7 pips: White '+pips[0]+', Black '+pips[1];
  v.setAttribute('data-frame',String(v._f));v.setAttribute('data-action',String(f[3]));
}
function flip(v){
  v._flip=!v._flip;v.setAttribute('data-view',v._flip?'black':'white');
  v.querySelector('.view').textContent=v._flip?"Black's numbering; Black \u25cf moves from its 24 to its 1, bottom right.":"White's numbering; White \u25cb moves from its 24 to its 1, bottom right.";
  v.querySelector('.flip').textContent=v._flip?"White's side":"Black's side";
  draw(v);
}
function go(v,k){var n=v._data.games[v._g].f.length;v._f=Math.max(0,Math.min(n-1,k));draw(v);}
function init(v){
  if(v._data){return;}
  v._data=JSON.parse(document.getElementById(v.getAttribute('data-src')).textContent);
  var tpl=document.getElementById('tavla-board-'+v.getAttribute('data-board'));
  v.querySelector('.board').appendChild(tpl.content.cloneNode(true));
  v._g=0;v._f=0;
  var sel=v.querySelector('select');
  v._data.games.forEach(function(g,i){var o=document.createElement('option');o.value=String(i);o.textContent='Game '+g.n+': '+g.names[0]+' \u2013 '+g.names[1];sel.appendChild(o);});
  sel.addEventListener('change',function(){v._g=parseInt(sel.value,10);v.setAttribute('data-game',sel.value);go(v,0);});
  v.querySelector('.first').addEventListener('click',function(){active=v;go(v,0);});
  v.querySelector('.prev').addEventListener('click',function(){active=v;go(v,v._f-1);});
  v.querySelector('.next').addEventListener('click',function(){active=v;go(v,v._f+1);});
  v.querySelector('.last').addEventListener('click',function(){active=v;go(v,1e9);});
  v.querySelector('.flip').addEventListener('click',function(){active=v;flip(v);});
  v.addEventListener('focus',function(){active=v;});
  v.setAttribute('data-game','0');v.setAttribute('data-view','white');
  go(v,0);
}
document.querySelectorAll('details.games').forEach(function(det){
  det.addEventListener('toggle',function(){if(det.open){var v=det.querySelector('.viewer');init(v);active=v;}});
  if(det.open){init(det.querySelector('.viewer'));}
});
document.addEventListener('keydown',function(e){
  if(!active||e.target.tagName==='SELECT'){return;}
  if(e.key==='ArrowRight'){go(active,active._f+1);e.preventDefault();}
  else if(e.key==='ArrowLeft'){go(active,active._f-1);e.preventDefault();}
  else if(e.key==='Home'){go(active,0);e.preventDefault();}
  else if(e.key==='End'){go(active,1e9);e.preventDefault();}
  else if(e.key==='f'||e.key==='F'){flip(active);e.preventDefault();}
});
window.tavlaReport={init:init,go:go,flip:flip};
})();"#;

/// A nonce for the Content Security Policy: only the report's own script carries it.
fn nonce() -> String {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0),
    );
    h.write_u32(std::process::id());
    let a = h.finish();
    h.write_u64(a);
    format!("{a:016x}{:016x}", h.finish())
}

/// JSON for a `<script type="application/json">` block: `<`, `>` and `&` escaped so that no
/// text inside can close the block or open markup.
pub fn script_json(v: &serde_json::Value) -> String {
    let s = v.to_string();
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// The start of the report: the document head (style, security policy) and the templates
/// the viewer clones. Returns the text and the nonce [`tail`] needs.
pub fn head(title: &str) -> (String, String) {
    let nonce = nonce();
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'; img-src data:; script-src 'nonce-{nonce}'\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{}</title><style>{STYLE}</style></head>\n<body>\n<h1>{}</h1>\n",
        esc(title),
        esc(title)
    );
    let _ = writeln!(
        out,
        "<script type=\"application/json\" id=\"tavla-geometry\">{}</script>",
        script_json(&Geometry::json())
    );
    // The empty boards the viewers clone (with and without a bar), seen from White.
    for (id, bar) in [("bar", true), ("plain", false)] {
        let mut frame = String::new();
        svg::frame(&mut frame, bar);
        let _ = writeln!(
            out,
            "<template id=\"tavla-board-{id}\"><svg xmlns=\"http://www.w3.org/2000/svg\" \
             viewBox=\"0 0 {w} 440\" width=\"{w}\" height=\"440\">{frame}\
             <g class=\"checkers\"></g></svg></template>",
            w = svg::WIDTH
        );
    }
    (out, nonce)
}

/// The end of the report: the summary (shown first) and the viewer's script.
pub fn tail(s: &Summary, nonce: &str) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<section id=\"summary\"><p>{} file(s), {} game(s), {} turn(s) checked: \
         <span class=\"{}\">{} error(s)</span>, {} warning(s).</p>",
        s.files,
        s.games,
        s.turns,
        if s.errors > 0 { "bad" } else { "ok" },
        s.errors,
        s.warnings
    );
    if !s.rows.is_empty() {
        out.push_str("<table><tr><th>file</th><th>errors</th><th>warnings</th></tr>");
        for (i, name, e, w) in &s.rows {
            let _ = write!(
                out,
                "<tr><td><a href=\"#f{i}\">{}</a></td><td>{e}</td><td>{w}</td></tr>",
                esc(name)
            );
        }
        out.push_str("</table>");
    }
    out.push_str("<p class=\"legend\">Boards are drawn from the side to move; on a finding's board the written play is drawn in orange with its first bad step in red, and the nearest legal play in green. In a viewer, step with the buttons or the arrow keys; F (or the button) shows the board from Black's side.</p></section>\n");
    let _ = writeln!(
        out,
        "<script nonce=\"{nonce}\">{SCRIPT}</script>\n</body></html>"
    );
    out
}

/// A position as 52 hex digits: White's 26 locations (0 off, 1–24, 25 bar) in White's
/// numbering, then Black's in Black's.
fn pos_code(p: &Position) -> String {
    let mut s = String::with_capacity(52);
    for side in [Side::White, Side::Black] {
        for i in 0..26u8 {
            let n = p.count(side, i).min(15);
            s.push(char::from_digit(n as u32, 16).unwrap_or('f'));
        }
    }
    // The pinning game: each side's pinned points (own numbering), as hexadecimal bit masks.
    let (w, b) = (p.pinned_mask(Side::White), p.pinned_mask(Side::Black));
    if w != 0 || b != 0 {
        let _ = write!(s, ",{w:x},{b:x}");
    }
    s
}

fn cube_text(v: &Verdict, c: (u32, Option<Side>)) -> String {
    match (v.rules.map(|r| r.cube().in_game()), c) {
        (Some(true), (n, None)) => format!("cube {n}"),
        (Some(true), (n, Some(o))) => format!("cube {n} ({})", side_word(o)),
        _ => String::new(),
    }
}

/// Every game of a verdict as the viewer's data: per game its number, names and frames
/// (`[label, position, cube, action index]`, the start first).
pub fn games_json(v: &Verdict) -> serde_json::Value {
    let Some(rules) = v.rules else {
        return serde_json::json!({"opp": [], "games": []});
    };
    let opp: Vec<u8> = (0..=24u8)
        .map(|p| if p == 0 { 0 } else { rules.opposite(p) })
        .collect();
    let mut games = Vec::new();
    for (gi, g) in v.record.games.iter().enumerate() {
        let Some(t) = v.games.get(gi) else { continue };
        let names = g
            .score
            .as_ref()
            .map(|(l, r)| [l.name.clone(), r.name.clone()])
            .unwrap_or_else(|| ["White".into(), "Black".into()]);
        let mut pos = t
            .actions
            .iter()
            .find_map(|a| match a {
                ActionTrace::Turn { before, .. } => Some(*before),
                _ => None,
            })
            .unwrap_or_else(|| t.rules.start());
        let mut cube = (1u32, None);
        let mut frames = vec![serde_json::json!([
            format!("Game {}: the start", g.number),
            pos_code(&pos),
            cube_text(v, cube),
            -1
        ])];
        let mut offered = None;
        for (ai, a) in t.actions.iter().enumerate() {
            let line = g.actions.get(ai).map(|x| x.line).unwrap_or(0);
            let label = match a {
                ActionTrace::Turn {
                    side,
                    position,
                    cube: c,
                    ..
                } => {
                    pos = *position;
                    cube = *c;
                    let play = diagram::written_play(v, ai, gi).unwrap_or_default();
                    format!("line {line}: {} {play}", side_word(*side))
                }
                ActionTrace::Cube {
                    side,
                    action,
                    value,
                    ..
                } => {
                    offered = u32::try_from(*value).ok();
                    format!("line {line}: {} {action}s to {value}", side_word(*side))
                }
                ActionTrace::Answer { side, take, .. } => {
                    if let (true, Some(o)) = (*take, offered) {
                        cube = (o, Some(*side));
                    }
                    offered = None;
                    format!(
                        "line {line}: {} {}",
                        side_word(*side),
                        if *take { "takes" } else { "drops" }
                    )
                }
                ActionTrace::Result { side, .. }
                    if g.actions
                        .get(ai)
                        .is_some_and(|x| matches!(x.cell.body, CellBody::Resign { .. })) =>
                {
                    format!("line {line}: {} resigns", side_word(*side))
                }
                ActionTrace::Result {
                    side, wins, points, ..
                } => format!(
                    "line {line}: {} {} {points} point(s)",
                    side_word(*side),
                    if *wins { "wins" } else { "loses" }
                ),
                ActionTrace::Draw { .. } => format!("line {line}: a draw"),
                ActionTrace::Unchecked { .. } => {
                    frames.push(serde_json::json!([
                        format!("line {line}: not replayed from here (see the findings)"),
                        pos_code(&pos),
                        cube_text(v, cube),
                        ai
                    ]));
                    break;
                }
            };
            frames.push(serde_json::json!([
                label,
                pos_code(&pos),
                cube_text(v, cube),
                ai
            ]));
        }
        // A rotating match plays each game under its own numbering (Gul bara's differs).
        let game_opp: Vec<u8> = (0..=24u8)
            .map(|p| if p == 0 { 0 } else { t.rules.opposite(p) })
            .collect();
        games
            .push(serde_json::json!({"n": g.number, "names": names, "f": frames, "opp": game_opp}));
    }
    serde_json::json!({"opp": opp, "games": games})
}

fn finding_html(
    out: &mut String,
    name: &str,
    text: &str,
    idx: &LineIndex,
    v: Option<&Verdict>,
    f: &Finding,
) {
    let (line, col) = idx.locate(text, f.span.offset);
    let sev = match f.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Advice => "advice",
    };
    // A play made at the board is told from a slip of the pen at a glance.
    let (kind, badge) = match f.continued {
        Some(Continued::AsWritten | Continued::StoredPosition) => (
            " made",
            "<span class=\"badge made\">made at the board</span>",
        ),
        Some(Continued::Repair) => ("", "<span class=\"badge slip\">slip: repaired</span>"),
        _ => ("", ""),
    };
    let _ = write!(
        out,
        "<div class=\"finding {sev}{kind}\"><p><b>{sev}</b> <span class=\"code\">{}</span> \
         {}:{line}:{col}{badge}</p><p class=\"message\">{}</p>",
        esc(f.code.as_str()),
        esc(name),
        esc(&f.message)
    );
    let src_line = text
        .lines()
        .nth(line.saturating_sub(1))
        .unwrap_or("")
        .trim_end();
    if !src_line.is_empty() {
        let _ = write!(out, "<div class=\"src\">{line} | {}</div>", esc(src_line));
    }
    if let Some(h) = &f.help {
        let _ = write!(out, "<div class=\"help\">help: {}</div>", esc(h));
    }
    if let Some(s) = &f.suggestions {
        let _ = write!(
            out,
            "<p>nearest legal plays ({} in all): {}</p>",
            s.total,
            s.plays
                .iter()
                .map(|p| format!("<code>{}</code>", esc(p)))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if let Some(d) = v.and_then(|v| diagram::finding_diagram(v, f)) {
        out.push_str(&board_svg(&d));
    }
    out.push_str("</div>\n");
}

fn board_svg(d: &Diagram) -> String {
    svg::svg(d)
}

/// One file's part of the report: its header tags and comments, its findings with their
/// boards, and the viewer of its games. `v` is `None` when the file could not be read.
pub fn file_section(
    index: usize,
    name: &str,
    text: &str,
    findings: &[Finding],
    v: Option<&Verdict>,
) -> String {
    let mut out = String::new();
    let (errors, warnings) = super::error_and_warning_counts(findings);
    let _ = write!(
        out,
        "<section class=\"file\" id=\"f{index}\"><h2>{}</h2><p>{}{errors} error(s), {warnings} warning(s)</p>",
        esc(name),
        v.and_then(|v| v.rules)
            .map(|r| format!("{} · ", r.variant().title()))
            .unwrap_or_default()
    );
    if let Some(v) = v {
        let mut items = String::new();
        for h in &v.record.header {
            match h {
                HeaderItem::Tag { name, value, .. } => {
                    let _ = write!(items, "<li>{}: {}</li>", esc(name), esc(value));
                }
                HeaderItem::Comment { text, .. } => {
                    let _ = write!(items, "<li>{}</li>", esc(text));
                }
            }
        }
        if !items.is_empty() {
            let _ = write!(out, "<ul class=\"header\">{items}</ul>");
        }
    }
    let idx = LineIndex::new(text);
    for f in findings {
        finding_html(&mut out, name, text, &idx, v, f);
    }
    if let Some(v) = v.filter(|v| v.rules.is_some() && !v.games.is_empty()) {
        let id = format!("g{index}");
        let _ = write!(
            out,
            "<script type=\"application/json\" id=\"{id}\">{}</script>",
            script_json(&games_json(v))
        );
        let _ = write!(
            out,
            "<details class=\"games\"{}><summary>Games ({})</summary>\
             <div class=\"viewer\" tabindex=\"0\" data-src=\"{id}\" data-board=\"{}\">\
             <select aria-label=\"game\"></select> \
             <button class=\"first\" type=\"button\" title=\"first (Home)\">|◀</button>\
             <button class=\"prev\" type=\"button\" title=\"previous (←)\">◀</button>\
             <button class=\"next\" type=\"button\" title=\"next (→)\">▶</button>\
             <button class=\"last\" type=\"button\" title=\"last (End)\">▶|</button> \
             <button class=\"flip\" type=\"button\" title=\"the board from the other side (F)\">Black's side</button>\
             <div class=\"label\"></div><div class=\"state\"></div><div class=\"board\"></div>\
             <p class=\"legend view\">White's numbering; White ○ moves from its 24 to its 1, bottom right.</p></div></details>",
            if index == 0 { " open" } else { "" },
            v.games.len(),
            if v.rules.is_some_and(|r| r.hits()) {
                "bar"
            } else {
                "plain"
            }
        );
    }
    out.push_str("</section>\n");
    out
}
