//! A diagram for machine formats.

use super::Diagram;

/// The position of a diagram for machine formats: the side to move, the JSON position (as in
/// `convert --to json`) and, on backgammon's board, the Position ID, Match ID, XGID and OGID.
pub fn diagram_json(d: &Diagram) -> serde_json::Value {
    let mut j = serde_json::json!({
        "to_move": d.to_move.map(|s| s.name()),
        "dice": d.dice.map(|(a, b)| [a, b]),
        "position": crate::report::json::position_json(&d.position, d.rules.opposite_fn()),
    });
    if let Some((pid, mid, x)) = d.ids() {
        j["position_id"] = pid.into();
        j["match_id"] = mid.into();
        j["xgid"] = x.into();
    }
    if let Some(o) = d.ogid() {
        j["ogid"] = o.into();
    }
    if let Some(h) = d.marks.first() {
        j["marked"] = serde_json::json!({"from": h.from, "to": h.to});
    }
    j
}
