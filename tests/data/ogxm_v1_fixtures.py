"""Writes what the reference OGXM codec (`pip install ogxm`) makes of the OGXM v1 fixtures of
tests/formats/ogxm_v1.rs, so that the test compares tavla's reading without Python.

For each fixtures/ogxm/v1/NAME.gvab (gammonview's v1 files, copied from its sample corpus):

- NAME.ogids: per ply, its action number and the two board fields of the OGID the codec
  replays after it (`ogxm.binary_to_json`), as for the v2 fixtures. The codec replays a ply's
  steps in the order the file stores them, and gammonview's v1 writer did not store them in an
  order the rules allow (a checker entering from the bar listed after another step; a checker
  borne off before the last one reaches home), so `binary_to_json` of most of these files
  stops a game there (`replay_complete: false`, `replay_failed_at`). Here the codec replays
  each such play again with its steps in every other order until one goes through; a play no
  order makes legal (5nqfGw9bWG3deTaU: 14/10 13/12 with 3-1, a play made at the board) is
  replayed as written, restated as OGXM's illegal set-position ply with the board its steps
  leave, so that the codec goes on from there. The codec still replays every board.
- NAME.codec.json: what the codec reads of the file: the header, per game its winner and
  points, the plies it could not replay in stored order (`reordered`) or at all (`at_board`),
  per dice ply the alternatives (equity, the five probabilities, played, evaluation depth) and
  the cube figures before it, per cube ply (double, take, drop) its cube figures.
- NAME.v2.ogxm: `ogxm.v1_to_v2` of the file, where the codec converts it (it refuses a
  decision that lists one play twice among its alternatives: three of these files).

It also writes 5nqfGw9bWG3deTaU-board.gvab: that match with its play made at the board
stored as gammonview has stored such plays since 1.4 (a set-position ply with the dice, seated
on the mover), and its NAME.ogids (its analysis is the match's).

    python3 tests/data/ogxm_v1_fixtures.py fixtures/ogxm/v1
"""

import hashlib
import itertools
import json
import struct
import sys
import zlib
from pathlib import Path

import ogxm
from gvformat.binary import write_gvab_v1

OPENING = {1: 2, 12: 5, 17: 3, 19: 5, 24: -2, 13: -5, 8: -3, 6: -5}


def board_of(ogid: str) -> list[int]:
    """The absolute board (White positive, 0 White's bar, 25 Black's) of an OGID."""
    white, black = ogid.split(":")[:2]
    b = [0] * 26
    for ch in white:
        b[int(ch, 26)] += 1
    for ch in black:
        b[int(ch, 26)] -= 1
    return b


def as_written(board: list[int], white: bool, moves: list[dict]) -> list[int]:
    """The board after `moves` (absolute from, pips) carried out as written."""
    b = list(board)
    sign = 1 if white else -1
    for m in moves:
        f, to = m["from"], m["from"] + sign * m["pips"]
        b[f] -= sign
        if (white and to >= 25) or (not white and to <= 0):
            continue
        if b[to] == -sign:
            b[to] = 0
            b[25 if white else 0] -= sign
        b[to] += sign
    return b


def replay(doc: dict) -> dict:
    return ogxm.binary_to_json(ogxm.json_to_binary(doc))


def failed_at(back: dict, gi: int):
    return back["games"][gi].get("replay_failed_at")


def replayable(data: bytes):
    """The codec's document of a v1 file with every game replayed to its end, the plies
    reordered, the plies made at the board, and the action numbers as the file has them."""
    doc = ogxm.binary_to_json(data)
    for g in doc["games"]:
        for p in g["plies"]:
            for k in ("analysis", "ogid_before", "ogid_after"):
                p.pop(k, None)
            # gammonview seats a play made at the board on its mover; the codec's v2 writer
            # wants it on the side to move next.
            if p["action_id"] == 31 and "d1" in p:
                p["color"] = 1 - p["color"]
    ids = [[p["action_id"] for p in g["plies"]] for g in doc["games"]]
    reordered, at_board = [], []
    while True:
        back = replay(doc)
        failed = [(gi, failed_at(back, gi)) for gi in range(len(doc["games"]))
                  if failed_at(back, gi) is not None]
        if not failed:
            return back, ids, reordered, at_board
        gi, k = failed[0]
        ply = doc["games"][gi]["plies"][k]
        fixed = False
        if ply["action_id"] <= 20:
            stored = ply["moves"]
            for order in itertools.permutations(stored):
                ply["moves"] = list(order)
                after = failed_at(replay(doc), gi)
                if after is None or after > k:
                    fixed = True
                    break
            if fixed:
                reordered.append([gi, k])
                continue
            ply["moves"] = stored
        assert ply["action_id"] <= 20, (gi, k, ply)
        plies = back["games"][gi]["plies"]
        before = next((plies[j]["ogid_after"] for j in range(k - 1, -1, -1)
                       if "ogid_after" in plies[j]), None)
        board = board_of(before) if before else [OPENING.get(i, 0) for i in range(26)]
        white = ply["color"] == 1
        doc["games"][gi]["plies"][k] = {
            "action_id": 31, "color": 0 if white else 1, "d1": ply["d1"], "d2": ply["d2"],
            "illegal": True, "set_position": as_written(board, white, ply["moves"]),
        }
        at_board.append([gi, k])


def figures(c: dict, ply: int):
    level = c.get("level") or {}
    return [c["no_double_equity"], c["double_take_equity"], c["double_pass_equity"],
            level.get("cube_ply", level.get("checker_ply", ply))]


def codec_view(data: bytes, reordered, at_board, v2: bool) -> dict:
    j = ogxm.binary_to_json(data)
    out = {k: j.get(k) for k in ("match_length", "player_white", "player_black", "crawford",
                                 "jacoby", "replay_complete")}
    out["converts_to_v2"] = v2
    out["reordered"], out["at_board"] = reordered, at_board
    out["games"] = []
    info_ply = (j.get("analysis_info") or {}).get("ply", 0)
    for g in j["games"]:
        turns, cubes = [], []
        for p in g["plies"]:
            a = p.get("analysis")
            if p["action_id"] <= 20 or p["action_id"] == 31:
                if a is None:
                    turns.append(None)
                    continue
                ply = a.get("ply", info_ply)
                cands = []
                for alt in a.get("alternatives") or []:
                    e = alt.get("eval") or {}
                    cands.append([alt["equity"]] + [e.get(k, 0.0) for k in (
                        "win", "gammon_win", "bg_win", "gammon_loss", "bg_loss")]
                        + [1 if alt["is_played"] else 0,
                           (alt.get("level") or {}).get("checker_ply", ply)])
                cube = a.get("missed_double") or a.get("cube_decision")
                turns.append({"candidates": cands, "cube": figures(cube, ply) if cube else None})
            elif p["action_id"] in (21, 22, 23):
                cubes.append({"action": p["action_id"],
                              "cube": figures(a, a.get("ply", info_ply)) if a else None})
        out["games"].append({"winner": g.get("winner"), "points_won": g.get("points_won"),
                             "replay_failed_at": g.get("replay_failed_at"),
                             "turns": turns, "cubes": cubes})
    return out


def chunks(data: bytes):
    pos, end = 20, len(data) - 8
    while pos < end:
        kind, n = data[pos:pos + 4], struct.unpack_from("<I", data, pos + 4)[0]
        yield pos, kind, n
        pos += 12 + n


def restate_at_board(data: bytes, gi: int, k: int, board: list[int]) -> bytes:
    """The v1 file `data` with ply `k` of game `gi` (a dice ply) stored as a set-position ply
    with its dice, seated on the mover, as gammonview writes a play made at the board; the
    sizes and the CRC-32 `CSUM` made right."""
    out = bytearray(data[:20])
    seen = 0
    for pos, kind, n in chunks(data):
        payload = bytearray(data[pos + 12:pos + 12 + n])
        if kind == b"GAME":
            if seen == gi:
                at = 8 + (2 if payload[8] == 0xFF else 27)
                for _ in range(k):
                    b0 = payload[at]
                    aid = b0 & 0x1F
                    if aid <= 20:
                        at += 1 + (4 if aid in (0, 6, 11, 15, 18, 20) else 2)
                    elif aid == 31:
                        at += 1 + (1 if b0 & 0x40 else 0) + 26
                    else:
                        at += 1
                b0 = payload[at]
                aid = b0 & 0x1F
                pairs = [(x, y) for x in range(1, 7) for y in range(x, 7)]
                d1, d2 = pairs[aid]
                width = 1 + (4 if d1 == d2 else 2)
                ply = bytes([31 | (b0 & 0x20) | 0x40, d1 | (d2 << 4)]) + struct.pack("<26b", *board)
                payload[at:at + width] = ply
            seen += 1
        if kind == b"CSUM":
            csum_at = len(out)
            out += data[pos:pos + 12] + payload
            continue
        code, _, flags, reserved = struct.unpack_from("<IIHH", data, pos)
        out += struct.pack("<IIHH", code, len(payload), flags, reserved) + payload
    size = len(out) + 8
    out += b"END!" + struct.pack("<I", size)
    struct.pack_into("<I", out, 12, size)
    struct.pack_into("<I", out, csum_at + 16, zlib.crc32(bytes(out[:csum_at])))
    return bytes(out)


def write(out: Path, name: str, data: bytes, view: bool = True):
    """NAME.ogids, and with `view` NAME.codec.json and NAME.v2.ogxm."""
    back, ids, reordered, at_board = replayable(data)
    lines = []
    for gi, g in enumerate(back["games"]):
        for k, p in enumerate(g["plies"]):
            lines.append(f'{ids[gi][k]} ' + ":".join(p["ogid_after"].split(":")[:2]))
    (out / f"{name}.ogids").write_text("\n".join(lines) + "\n")
    if not view:
        return back, at_board
    try:
        v2 = ogxm.v1_to_v2(data)
        (out / f"{name}.v2.ogxm").write_bytes(v2)
    except ogxm.ConversionRefused:
        v2 = None
    view = codec_view(data, reordered, at_board, v2 is not None)
    (out / f"{name}.codec.json").write_text(json.dumps(view, separators=(",", ":"), sort_keys=True) + "\n")
    return back, at_board


def step_list(*steps):
    return [{"from": f, "pips": p} for f, p in steps]


def alt(steps, equity, played=False, level="2ply", win=0.5):
    return {"move": step_list(*steps), "equity": equity, "is_played": played,
            "eval": {"win": win, "gammon_win": 0.125, "bg_win": 0.0101, "gammon_loss": 0.1109,
                     "bg_loss": 0.0049},
            "eval_level": level}


def small_doc() -> dict:
    """A short v1 match in gammonview's document form, every kind of ply and analysis v1
    holds: White 31 (8/5 6/5); Black 64 (24/18 13/9, its steps stored in another order);
    White's 31 played at the board as 13/10 13/10, a set-position ply; Black doubles, White
    passes. Game 2: Black 21, White resigns a gammon."""
    board = [OPENING.get(i, 0) for i in range(26)]
    board = as_written(board, True, step_list((17, 3), (19, 1)))
    board = as_written(board, False, step_list((13, 4), (24, 6)))
    at_board = as_written(board, True, step_list((12, 3), (12, 3)))
    cube = {"no_double_equity": 0.9012, "double_take_equity": 1.2345, "double_pass_equity": 1.0,
            "equity_loss": 0.0, "decision": True, "eval_level": "3ply", "ply": 3}
    return {
        "match_length": 3, "player_white": "Ann", "player_black": "Bob", "white_score": 0,
        "black_score": 3, "result": 2, "source": 3, "timestamp": 1767534720, "crawford": True,
        "jacoby": False, "cube_limit": 64, "event": "Club Night", "site": "Home",
        "analysis_info": {"ply": 2, "eval_level": "2ply", "luck_eval_level": "1ply",
                          "model_id": "by hand", "timestamp": 1767534720},
        "games": [
            {"game_index": 0, "winner": 1, "points_won": 1, "first_to_move": 0, "plies": [
                {"color": 1, "action_id": 2, "d1": 1, "d2": 3, "moves": step_list((17, 3), (19, 1)),
                 "analysis": {"best_equity": 0.1712, "equity_loss": 0.0, "decision": True,
                              "luck": 0.2046, "alternatives": [
                                  alt([(17, 3), (19, 1)], 0.1712, True, win=0.5431),
                                  alt([(12, 3), (19, 1)], -0.0133, level="3ply"),
                                  alt([(1, 3), (1, 1)], -0.1049)],
                              "cube_decision": {"should_double": False,
                                                "no_double_equity": 0.0512,
                                                "double_take_equity": -0.4011,
                                                "double_pass_equity": 1.0, "decision": False,
                                                "eval_level": "2ply"}}},
                {"color": 0, "action_id": 17, "d1": 4, "d2": 6, "moves": step_list((13, 4), (24, 6)),
                 "analysis": {"best_equity": -0.0871, "equity_loss": 0.0, "decision": True,
                              "luck": -0.0313, "alternatives": [
                                  alt([(24, 6), (13, 4)], -0.0871, True),
                                  alt([(24, 4), (24, 6)], -0.1207, level="truncated3")],
                              "missed_double": {"no_double_equity": 0.6001,
                                                "double_take_equity": 0.7002,
                                                "double_pass_equity": 1.0, "equity_loss": 0.0999,
                                                "correct_action": "double",
                                                "eval_level": "rollout"}}},
                {"color": 1, "action_id": 31, "d1": 3, "d2": 1, "set_position": at_board,
                 "analysis": {"best_equity": 0.0402, "equity_loss": 0.2, "decision": False,
                              "illegal_move": True, "luck": -0.1503, "alternatives": [
                                  alt([(12, 3), (15, 1)], 0.0402, level="rollout"),
                                  alt([(17, 3), (19, 1)], -0.0318)]}},
                {"color": 0, "action_id": 21,
                 "analysis": dict(cube, correct_action="double", played_action="double")},
                {"color": 1, "action_id": 23,
                 "analysis": dict(cube, correct_action="take", played_action="pass",
                                  equity_loss=0.2345)},
                {"color": 1, "action_id": 24}]},
            {"game_index": 1, "winner": 1, "points_won": 2, "first_to_move": 1, "plies": [
                {"color": 0, "action_id": 1, "d1": 1, "d2": 2, "moves": step_list((13, 2), (6, 1))},
                {"color": 1, "action_id": 27}]},
        ],
    }


def with_sha256(data: bytes) -> bytes:
    """`data` with its CRC-32 `CSUM` replaced by a SHA-256 one (algorithm 3)."""
    at = [pos for pos, kind, _ in chunks(data) if kind == b"CSUM"][0]
    out = bytearray(data[:at])
    size = at + 12 + 36 + 8
    struct.pack_into("<I", out, 12, size)
    digest = hashlib.sha256(bytes(out)).digest()
    out += struct.pack("<IIHH", 0x4D555343, 36, 1, 0) + struct.pack("<I", 3) + digest
    out += b"END!" + struct.pack("<I", size)
    return bytes(out)


def main(src: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    names = sorted(p.stem for p in src.glob("*.gvab")
                   if not p.stem.endswith("-board") and not p.stem.startswith("small"))
    for name in names:
        data = (src / f"{name}.gvab").read_bytes()
        back, at_board = write(out, name, data)
        for gi, k in at_board:
            # The same match with its play made at the board stored as gammonview stores one.
            board = back["games"][gi]["plies"][k]["set_position"]
            moved = restate_at_board(data, gi, k, board)
            (out / f"{name}-board.gvab").write_bytes(moved)
            write(out, f"{name}-board", moved, view=False)
    small = write_gvab_v1(small_doc())
    (out / "small.gvab").write_bytes(small)
    write(out, "small", small)
    (out / "small-sha256.gvab").write_bytes(with_sha256(small))
    print(json.dumps(names + ["small"]))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "fixtures/ogxm/v1"),
         Path(sys.argv[2] if len(sys.argv) > 2 else sys.argv[1] if len(sys.argv) > 1
              else "fixtures/ogxm/v1"))
