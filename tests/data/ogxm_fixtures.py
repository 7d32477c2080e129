"""Writes the OGXM fixtures of tests/formats/ogxm.rs with the reference codec (`pip install ogxm`).

Each document is a match in OGXM's JSON projection; `ogxm.json_to_binary` writes it, and the
OGIDs the codec replays before and after every ply (`ogid_before`, `ogid_after`) go beside it
as `NAME.ogids`: a line per ply, `GAME ACTION OGID_BEFORE OGID_AFTER` (the game 0-based, the
ply's action number), so tests/formats/ogxm.rs and tests/formats/ogid.rs compare tavla's replay and OGIDs
without Python. Besides a few small hand-written matches, the documents are built from the
repository's backgammon records (fixtures/backgammon/gnubg), through the match JSON that
`tavla convert --to json` prints (the replayed steps, in the order they were played).

    python3 tests/data/ogxm_fixtures.py fixtures/ogxm path/to/tavla

With a third argument `all`, the files of every record of fixtures/backgammon/gnubg are
written instead (not the hand-written ones): tests/formats/ogid.rs compares those when Python with
`ogxm` is at hand.
"""

import json
import subprocess
import sys
from pathlib import Path

RECORDS = ["m000-0201", "m000-0205", "m001-0020", "m002-0060", "m003-0100", "m005-0140",
           "m009-0180", "m011-0200"]

# Records of OGXM's other variants, by the name of the file written.
VARIANTS = {"hypergammon": "fixtures/hypergammon/generated/hypergammon-3-5pt-2.mat",
            "longgammon": "fixtures/hypergammon/generated/longgammon-3pt-6.mat",
            "nackgammon": "fixtures/gnubg-text/variants/nackgammon/nackgammon.sgf"}

import ogxm


def roll(color, d1, d2, *steps):
    """A dice ply: color 1 White, 0 Black; steps as (absolute from, pips)."""
    return {"action_id": 0, "color": color, "d1": d1, "d2": d2,
            "moves": [{"from": f, "pips": p} for f, p in steps]}


def dice_action(ply):
    a, b = sorted((ply["d1"], ply["d2"]))
    pairs = [(x, y) for x in range(1, 7) for y in range(x, 7)]
    ply["action_id"] = pairs.index((a, b))
    return ply


DOCS = {
    # White 31 (8/5 6/5), Black doubles, White passes.
    "drop": {
        "match_length": 5, "variant": "backgammon", "player_white": "Ann", "player_black": "Bob",
        "crawford": True, "checksum": "crc32",
        "games": [
            {"plies": [dice_action(roll(1, 3, 1, (17, 3), (19, 1))),
                       {"action_id": 21, "color": 0}, {"action_id": 23, "color": 1}],
             "winner": 1, "points_won": 1},
            {"plies": [dice_action(roll(0, 6, 4, (24, 6), (13, 4))),
                       dice_action(roll(1, 5, 2, (12, 5), (12, 2))),
                       {"action_id": 21, "color": 0}, {"action_id": 22, "color": 1},
                       {"action_id": 27, "color": 0, "resign_value": "gammon"}],
             "winner": 0, "points_won": 4},
        ],
    },
    # A play made at the board: White 31 (8/5 6/5), Black rolls 31 and moves 13/10 13/10,
    # written as the illegal set-position ply seated on White, who moves next; White doubles,
    # Black passes.
    "board-play": {
        "match_length": 1, "variant": "backgammon", "player_white": "Ann", "player_black": "Bob",
        "checksum": "crc32",
        "games": [
            {"plies": [dice_action(roll(1, 3, 1, (17, 3), (19, 1))),
                       {"action_id": 31, "color": 1, "d1": 3, "d2": 1, "illegal": True,
                        "moves": [{"from": 13, "pips": 3}, {"from": 13, "pips": 3}],
                        "set_position": [0, 2, 0, 0, 0, 0, -5, 0, -3, 0, -2, 0, 5, -3, 0, 0, 0,
                                         2, 0, 4, 2, 0, 0, 0, -2, 0]},
                       {"action_id": 21, "color": 1}, {"action_id": 23, "color": 0}],
             "winner": 0, "points_won": 1},
        ],
    },
    # From 2-0 in a 3-point match: the Crawford game, where White resigns after the opening
    # play, then a game Black resigns before anything is played.
    "resign": {
        "match_length": 3, "variant": "backgammon", "player_white": "Ann", "player_black": "Bob",
        "crawford": True, "checksum": "crc32", "white_score_start": 2, "black_score_start": 0,
        "games": [
            {"plies": [dice_action(roll(1, 3, 1, (17, 3), (19, 1))),
                       {"action_id": 27, "color": 1, "resign_value": "single"}],
             "winner": 1, "points_won": 1},
            {"plies": [{"action_id": 27, "color": 0, "resign_value": "single"}],
             "winner": 0, "points_won": 1},
        ],
    },
    # The same first game with a SHA-256 checksum.
    "sha256": {
        "match_length": 3, "variant": "backgammon", "player_white": "Ann", "player_black": "Bob",
        "checksum": "sha256",
        "games": [
            {"plies": [dice_action(roll(1, 3, 1, (17, 3), (19, 1))),
                       {"action_id": 21, "color": 0}, {"action_id": 23, "color": 1}],
             "winner": 1, "points_won": 1},
        ],
    },
}


def from_tavla(doc: dict) -> dict:
    """An OGXM document of a tavla match document (backgammon)."""
    rules = doc.get("rules") or {}
    variant = {"hypergammon-3": "hypergammon", "longgammon": "longgammon"}.get(doc.get("variant"))
    out = {"match_length": doc.get("match_length") or 0,
           "variant": variant or ("nackgammon" if rules.get("nackgammon") else "backgammon"),
           "player_white": doc["players"]["white"], "player_black": doc["players"]["black"],
           "crawford": bool(rules.get("crawford")) and bool(doc.get("match_length")),
           "jacoby": bool(rules.get("jacoby")), "checksum": "crc32", "games": []}
    first = doc["games"][0].get("score_before") or {"white": 0, "black": 0}
    if first["white"] or first["black"]:
        out["white_score_start"], out["black_score_start"] = first["white"], first["black"]
    for g in doc["games"]:
        plies, cube, resigned = [], 1, False
        result = g.get("result")
        for a in g["actions"]:
            color = 1 if a["player"] == "white" else 0
            t = a["type"]
            if t == "turn":
                st = a["stages"][0]
                d1, d2 = a.get("dice") or (st["dice"] * 2)[:2]
                moves = [{"from": (25 - s["from"]) if color else s["from"], "pips": s["die"]}
                         for s in st.get("steps") or []]
                plies.append(dice_action({"color": color, "d1": d1, "d2": d2, "moves": moves}))
            elif t == "double":
                plies.append({"action_id": 21, "color": color})
            elif t == "take":
                cube *= 2
                plies.append({"action_id": 22, "color": color})
            elif t == "drop":
                plies.append({"action_id": 23, "color": color})
            elif t == "beaver":
                cube *= 4
                plies.append({"action_id": 32, "color": color})
        game = {"plies": plies}
        if result:
            value = result.get("value") or result.get("points") or 1
            if result["how"] == "resignation":
                level = ["single", "gammon", "backgammon"][max(1, min(3, value // cube)) - 1]
                loser = 0 if result["winner"] == "white" else 1
                plies.append({"action_id": 27, "color": loser, "resign_value": level})
            game["winner"] = 0 if result["winner"] == "white" else 1
            game["points_won"] = value
        out["games"].append(game)
    return out


def main(out: Path, tavla: str | None, every: bool = False) -> None:
    out.mkdir(parents=True, exist_ok=True)
    repo = Path(__file__).resolve().parents[2]
    root = repo / "fixtures/backgammon/gnubg"
    docs = {} if every else dict(DOCS)
    records = {p.stem: p for p in sorted(root.glob("*.mat"))} if every else \
        {**{name: root / f"{name}.mat" for name in RECORDS},
         **{name: repo / path for name, path in VARIANTS.items()}}
    if tavla:
        for name, path in records.items():
            text = subprocess.run([tavla, "convert", "--to", "json", str(path)],
                                  capture_output=True, check=True, text=True).stdout
            docs[name] = from_tavla(json.loads(text))
    for name, doc in docs.items():
        assert ogxm.v2_problem(doc) is None, (name, ogxm.v2_problem(doc))
        data = ogxm.json_to_binary(doc)
        back = ogxm.binary_to_json(data)
        assert back["replay_complete"], name
        (out / f"{name}.ogxm").write_bytes(data)
        ogids = [f'{gi} {p["action_id"]} {p["ogid_before"]} {p["ogid_after"]}'
                 for gi, g in enumerate(back["games"]) for p in g["plies"]]
        (out / f"{name}.ogids").write_text("\n".join(ogids) + "\n")
    print(json.dumps(sorted(docs)))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "fixtures/ogxm"),
         sys.argv[2] if len(sys.argv) > 2 else None,
         len(sys.argv) > 3 and sys.argv[3] == "all")
