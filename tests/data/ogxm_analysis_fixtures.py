"""Writes the OGXM fixtures with analysis of tests/formats/ogxm_analysis.rs with the reference codec
(`pip install ogxm`), and beside each, `NAME.expect.json`: what the codec's `binary_to_json`
shows of the analysis, annotations and clock, which the test compares with what tavla reads.

    python3 tests/data/ogxm_analysis_fixtures.py fixtures/ogxm [path/to/gammonview-3.1.0]

(the unpacked source distribution of gammonview 3.1.0, `pip download --no-deps --no-binary
:all: gammonview==3.1.0`; without it only `anal-hand` is written).

The sources:

* `anal-MYdvw1qGuyaRUH__`: a gammonview sample match (`samples/gv/MYdvw1qGuyaRUH__.gvab` of
  the gammonview 3.1.0 source distribution on PyPI, MIT licence: OGXM v1 with analysis, from
  an XG file), converted to v2 by the codec's `ogxm.v1_to_v2`. The conversion puts the v1
  header's cube limit (64) in `score_start`; the document goes through the codec's JSON
  (`binary_to_json`, the score before the first game set to 0, `json_to_binary`) to undo that.
* `anal-built`: the sample `XCu3RJ0UvDg_Tldl.gvab`, converted so, with what v1 has no room
  for: the luck of every roll, a second analysis block (match winning chances, another level),
  annotations on the match, a game, plies (prose and keyed), a decision and a candidate (with
  drawings), and the clock.
* `anal-hand`: the hand-written match `drop` of tests/data/ogxm_fixtures.py, with every kind
  of decision: candidates at their own levels (a rollout, a preset), a missed double on a roll,
  the double, the take and the pass judged, a resignation judged, the luck.
"""

import copy
import json
import sys
from pathlib import Path

import ogxm

SAMPLES = ["XCu3RJ0UvDg_Tldl", "MYdvw1qGuyaRUH__"]

EVAL_KEYS = ["win", "gammon_win", "bg_win", "gammon_loss", "bg_loss"]


def probs(e):
    return None if e is None else [e[k] for k in EVAL_KEYS]


def from_sample(gv: Path, name: str) -> dict:
    v2 = ogxm.v1_to_v2((gv / "samples" / "gv" / f"{name}.gvab").read_bytes())
    doc = ogxm.binary_to_json(v2)
    doc["white_score_start"] = 0
    doc["black_score_start"] = 0
    doc["checksum"] = "crc32"
    for k in ("white_score", "black_score"):
        doc.pop(k, None)
    return doc


def annotate(doc: dict) -> dict:
    """`doc` with luck on every analysed roll, a second block, annotations and a clock."""
    d = copy.deepcopy(doc)
    info = d.pop("analysis_info")
    second = {"analysis_id": "00000000-0000-4000-8000-000000000002", "model_id": "second-opinion",
              "model_name": "Second Opinion", "engine_build": "test/1", "producer": "external",
              "currency": "cubeful_match", "level": {"checker_ply": 3, "cube_ply": 3}, "ply": 3}
    d["analyses_info"] = [info, second]
    n = 0
    ref = 0
    first_checker = None
    clock = 0
    for g in d["games"]:
        g.pop("replay_failed_at", None)
        for p in g["plies"]:
            if ref < 60:
                p["timestamp_ms"] = clock
                clock += 1230 + 170 * (ref % 7)
            a = p.pop("analysis", None)
            if a is not None:
                if p["action_id"] <= 20:
                    a["roll"] = {"luck": round(0.0137 * ((n % 29) - 14), 6)}
                    n += 1
                first = dict(a, analysis_index=0)
                p["analyses"] = [first]
                if p["action_id"] <= 20 and len(a.get("alternatives") or []) > 1:
                    other = copy.deepcopy(a)
                    other["analysis_index"] = 1
                    for k in ("cube_decision", "missed_double", "roll", "level", "ply"):
                        other.pop(k, None)
                    for alt in other["alternatives"]:
                        alt["equity"] = round(0.5 + alt["equity"] / 8, 6)
                        alt.pop("level", None)
                    p["analyses"].append(other)
                    if first_checker is None:
                        first_checker = ref
            ref += 1
    aid = info["analysis_id"]
    # The codec writes annotations in v2's order: by scope, then reference.
    d["annotations"] = [
        {"scope": "match", "ref": 0, "value": "Played at the club", "author": "Ann"},
        {"scope": "game", "ref": 1, "value": "A long game"},
        {"scope": "ply", "ref": 0, "value": "A quiet start"},
        {"scope": "ply", "ref": 3, "key": "x-tavla-test", "value": "keyed"},
        {"scope": "ply", "ref": 3, "value": "Bold", "lang": "en", "at": 1768072260000},
        {"scope": "ply", "ref": 3, "value": "Very bold"},
        {"scope": "ply", "ref": 7, "value": "",
         "drawings": [{"shape": "arrow", "at": 6, "to": 3, "color": "red"},
                      {"shape": "highlight", "at": 20}]},
        {"scope": "decision", "ref": first_checker, "kind": "checker", "analysis": aid,
         "value": "The best play is close"},
        {"scope": "alternative", "ref": first_checker, "kind": "checker", "alt_index": 1,
         "analysis": aid, "value": "Second best"},
    ]
    d["clock_info"] = {"reserve_ms": 120000, "delay_ms": 12000, "increment_ms": 5000,
                       "start_timestamp": 1768072200, "flags": 2}
    return d


def roll(color, d1, d2, *steps):
    a, b = sorted((d1, d2))
    pairs = [(x, y) for x in range(1, 7) for y in range(x, 7)]
    return {"action_id": pairs.index((a, b)), "color": color, "d1": d1, "d2": d2,
            "moves": [{"from": f, "pips": p} for f, p in steps]}


def ev(w, gw, bw, gl, bl):
    return dict(zip(EVAL_KEYS, (w, gw, bw, gl, bl)))


def alt(steps, equity, e=None, played=False, level=None):
    out = {"move": [{"from": f, "pips": p} for f, p in steps], "equity": equity,
           "is_played": played}
    if e is not None:
        out["eval"] = e
    if level is not None:
        out["level"] = level
    return out


def hand() -> dict:
    """The `drop` match of tests/data/ogxm_fixtures.py, every decision judged."""
    p0 = roll(1, 3, 1, (17, 3), (19, 1))
    p0["analysis"] = {
        "alternatives": [
            alt([(17, 3), (19, 1)], 0.162345, ev(0.5412, 0.1533, 0.0071, 0.1210, 0.0052), True,
                {"checker_ply": 2,
                 "rollout": {"trials": 1296, "truncation_depth": 11, "move_ply": 1}}),
            alt([(1, 3), (1, 1)], -0.012301, ev(0.4901, 0.1302, 0.0068, 0.1255, 0.0049),
                level={"preset": "world class", "checker_ply": 3}),
            alt([(12, 3), (12, 1)], -0.0456, None),
        ],
        "roll": {"luck": 0.214},
    }
    p1 = {"action_id": 21, "color": 0,
          "analysis": {"correct_action": "no_double", "played_action": "double",
                       "no_double_equity": -0.2131, "double_take_equity": -0.4977,
                       "double_pass_equity": 1.0, "equity_loss": 0.2846,
                       "eval": ev(0.3781, 0.0912, 0.0033, 0.1327, 0.0071)}}
    p2 = {"action_id": 23, "color": 1,
          "analysis": {"correct_action": "take", "played_action": "pass",
                       "no_double_equity": -0.2131, "double_take_equity": -0.4977,
                       "double_pass_equity": 1.0, "equity_loss": 1.4977}}
    q0 = roll(0, 6, 4, (24, 6), (13, 4))
    q0["analysis"] = {
        "alternatives": [alt([(24, 6), (13, 4)], 0.0021, ev(0.5, 0.14, 0.006, 0.139, 0.006), True),
                         alt([(24, 4), (20, 6)], -0.0231, ev(0.49, 0.13, 0.005, 0.14, 0.006))],
        "missed_double": {"no_double_equity": 0.52, "double_take_equity": 0.61,
                          "double_pass_equity": 1.0, "equity_loss": 0.09,
                          "correct_action": "double"},
        "roll": {"luck": -0.0875},
    }
    q1 = roll(1, 5, 2, (12, 5), (12, 2))
    q1["analysis"] = {"roll": {"luck": 0.0312}}
    q2 = {"action_id": 21, "color": 0,
          "analysis": {"correct_action": "double", "played_action": "double",
                       "no_double_equity": 0.7123, "double_take_equity": 0.8044,
                       "double_pass_equity": 1.0, "equity_loss": 0.0}}
    q3 = {"action_id": 22, "color": 1,
          "analysis": {"correct_action": "take", "played_action": "take",
                       "no_double_equity": 0.7123, "double_take_equity": 0.8044,
                       "double_pass_equity": 1.0, "equity_loss": 0.0}}
    q4 = {"action_id": 27, "color": 0, "resign_value": "gammon",
          "analysis": {"correct_value": "single", "resign_error": -0.1203,
                       "take_resign_error": 0.0511, "equity_loss": 0.1203,
                       "eval": ev(0.3001, 0.1002, 0.0, 0.2004, 0.0105)}}
    return {
        "match_length": 5, "variant": "backgammon", "player_white": "Ann", "player_black": "Bob",
        "crawford": True, "checksum": "crc32",
        "analysis_info": {"model_id": "hand", "ply": 2, "level": {"checker_ply": 2}},
        "games": [
            {"plies": [p0, p1, p2], "winner": 1, "points_won": 1},
            {"plies": [q0, q1, q2, q3, q4], "winner": 0, "points_won": 4},
        ],
    }


def level_of(a: dict) -> dict:
    return a.get("level") or {}


def expect(doc: dict) -> dict:
    """What `binary_to_json` shows of the analysis, annotations and clock, reduced."""
    plies = []
    for gi, g in enumerate(doc["games"]):
        for k, p in enumerate(g["plies"]):
            blocks = p.get("analyses")
            if blocks is None:
                blocks = [dict(p["analysis"], analysis_index=0)] if "analysis" in p else []
            entry = {"game": gi, "ply": k, "action_id": p["action_id"], "color": p.get("color"),
                     "blocks": []}
            if "timestamp_ms" in p:
                entry["timestamp_ms"] = p["timestamp_ms"]
            for a in blocks:
                b = {"block": a["analysis_index"]}
                if "alternatives" in a:
                    b["alternatives"] = [
                        {"equity": x["equity"], "probs": probs(x.get("eval")),
                         "is_played": x["is_played"],
                         "move": [[m["from"], m["pips"]] for m in x["move"]],
                         "level": level_of(x)}
                        for x in a["alternatives"]]
                cube = a.get("cube_decision") or (a if "no_double_equity" in a else None)
                if cube is not None:
                    b["cube"] = {"no_double": cube["no_double_equity"],
                                 "double_take": cube["double_take_equity"],
                                 "double_pass": cube["double_pass_equity"],
                                 "level": level_of(cube)}
                if "roll" in a:
                    b["luck"] = a["roll"]["luck"]
                if "resign_error" in a or "correct_value" in a:
                    b["resign"] = {k: a.get(k) for k in
                                   ("correct_value", "resign_error", "take_resign_error",
                                    "equity_loss")}
                    b["resign"]["probs"] = probs(a.get("eval"))
                entry["blocks"].append(b)
            if entry["blocks"] or "timestamp_ms" in entry:
                plies.append(entry)
    infos = doc.get("analyses_info") or ([doc["analysis_info"]] if "analysis_info" in doc else [])
    return {
        "blocks": [{k: i.get(k) for k in ("analysis_id", "model_id", "model_name",
                                          "engine_build", "currency", "level")} for i in infos],
        "plies": plies,
        "annotations": doc.get("annotations") or [],
        "clock_info": doc.get("clock_info"),
    }


def dump(e: dict) -> str:
    """`e` as JSON, each element of its lists on a line of its own."""
    line = lambda v: json.dumps(v, sort_keys=True, separators=(",", ":"))
    parts = []
    for k in sorted(e):
        v = e[k]
        if isinstance(v, list) and v:
            body = ",\n".join("  " + line(x) for x in v)
            parts.append(f' "{k}": [\n{body}\n ]')
        else:
            parts.append(f' "{k}": {line(v)}')
    return "{\n" + ",\n".join(parts) + "\n}\n"


def main(out: Path, gv: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    docs = {"anal-hand": hand()}
    if gv is not None:
        samples = {name: from_sample(gv, name) for name in SAMPLES}
        docs.update({f"anal-{name}": samples[name] for name in SAMPLES[1:]})
        docs["anal-built"] = annotate(samples[SAMPLES[0]])
    for name, doc in docs.items():
        assert ogxm.v2_problem(doc) is None, (name, ogxm.v2_problem(doc))
        data = ogxm.json_to_binary(doc)
        back = ogxm.binary_to_json(data)
        (out / f"{name}.ogxm").write_bytes(data)
        (out / f"{name}.expect.json").write_text(dump(expect(back)))
    print(json.dumps(sorted(docs)))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "fixtures/ogxm"),
         Path(sys.argv[2]) if len(sys.argv) > 2 else None)
