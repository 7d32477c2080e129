#!/usr/bin/env python3
"""Generate the Gul bara valid fixtures (fixtures/gulbara/valid/) and COVERAGE.md.

  python3 make_fixtures.py            # write the files from the pinned seeds below
  python3 make_fixtures.py --search   # re-run the greedy seed search (slow), print seeds

Every file is replayed by gulbara.py's replayer after writing, and the replay
result must equal the simulator's sidecar.
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gulbara as G  # noqa: E402

OUT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                    "..", "..", "fixtures", "gulbara", "valid"))

# name, preset, overrides, length, style, names, tags, bom, crlf, seed
SLOTS = [
    ("gb-bulgarian-01", "bulgarian", [], 1, {},
     ("Ljubica", "Mehmet"), [("Site", "Sofia club")], False, False, 100026),
    ("gb-bulgarian-02", "bulgarian", [], 3, {"dice": "thrown", "off": "0", "cannot": ""},
     ("Ангел Тодоров", "Viktor Troicki"), [("EventDate", "2026.03.14")], False, False, 200049),
    ("gb-bulgarian-03", "bulgarian", [], 5, {"merge_repeats": 0.0, "combine": 0.0},
     ("Ali Rıza Şahin", "Zoë Ødegård"), [("Event", "Plovdiv open"), ("Round", "2")],
     True, False, 300069),
    ("gb-bulgarian-04", "bulgarian", [("remainder", "lost")], 3, {"dice": "mixed"},
     ("Petar", "Ayşe Yılmaz"), [], False, True, 400016),
    ("gb-bulgarian-05", "bulgarian", [("unstarted_chain", "pass")], 3, {"off": "mixed"},
     ("Stoyan Kolev", "Fatma"), [], False, False, 500077),
    ("gb-bulgarian-06", "bulgarian", [("chain_exempt_scope", "game")], 1, {"combine": 0.6},
     ("Мария Петрова", "Hasan"), [], False, False, 600022),
    ("gb-bulgarian-07", "bulgarian", [("chain_exempt_rolls", "0")], 1, {"cannot": "mixed"},
     ("Georgi", "Elif Demir"), [], False, False, 700059),
    ("gb-bulgarian-08", "bulgarian", [("next_game_starter", "previous-winner")], 3, {},
     ("Dimitar Berbatov", "Yordanka"), [], False, False, 800031),
    ("gb-bulgarian-09", "bulgarian", [], 1, {"vias": 0.5, "combine": 0.5},
     ("Nikola", "Kemal Öztürk"), [], False, False, 900016),
    ("gb-english-01", "english", [], 1, {},
     ("Bob", "Ali Rıza Şahin"), [], False, False, 1000047),
    ("gb-english-02", "english", [], 3, {"dice": "thrown", "merge_repeats": 0.0},
     ("Alice Smith", "Mustafa"), [("EventDate", "2026.02.28")], True, False, 1100061),
    ("gb-english-03", "english", [], 5, {"off": "0"},
     ("Tom", "Şükrü Kaya"), [], False, False, 1200065),
    ("gb-english-04", "english", [("opening", "starter-plays-opening-dice"),
                                  ("chain_exempt_scope", "per-player")], 3, {},
     ("Jane Doe", "Ivan"), [], False, False, 1300080),
    ("gb-english-05", "english", [("chain_exempt_rolls", "0")], 1, {"cannot": ""},
     ("Hristo", "Emre"), [], False, False, 1400023),
    ("gb-english-06", "english", [("unstarted_chain", "lost")], 3, {"dice": "mixed"},
     ("Lale", "Boris"), [], False, False, 1500025),
    ("gb-simple-01", "simple", [], 1, {"dice": "thrown"},
     ("Ангел Тодоров", "Viktor Troicki"), [], False, False, 1600021),
    ("gb-simple-02", "simple", [], 3, {"combine": 0.6},
     ("Vesela", "Ömer"), [], False, True, 1700038),
    ("gb-simple-03", "simple", [], 5, {"dice": "thrown", "off": "0"},
     ("Kaloyan", "Deniz Aksoy"), [], False, False, 1800038),
    ("gb-simple-04", "simple", [("remainder", "pass")], 3, {},
     ("Radostina", "Can"), [], False, False, 1900027),
    ("gb-simple-05", "simple", [("next_game_starter", "previous-winner"),
                                ("chain_exempt_rolls", "6")], 3, {"cannot": "mixed"},
     ("Todor", "Zeynep"), [], False, False, 2000068),
]
LONG = [
    ("gb-long-bulgarian-7pt", "bulgarian", [], 7, {"dice": "mixed", "off": "mixed"},
     ("Ljubica", "Mehmet"), [], False, False, 7001),
    ("gb-long-english-9pt", "english", [], 9, {},
     ("Bob", "Ali Rıza Şahin"), [], False, False, 9001),
]

RARE = {"win_during_remainder", "pass_full_prime", "exempt_doublet_steps_lost",
        "unstarted_chain_passed", "unstarted_chain_lost", "chain_end_1",
        "chain_on_games_first_roll", "first_roll_doublet", "remainder_empty_stage",
        "chain_empty_plus_stage", "win_mid_chain_plus_stage", "combined_move_to_off",
        "bearoff_die_must_move_from_higher", "one_die_larger_played",
        "chain_66_single_stage_broken", "pass_doublet", "previous_winner_starts"}


def policies(rng):
    def mk():
        w = {m: rng.choice([0, 0, 1, 2, 4]) for m in G.Policy.MODES}
        w["uniform"] = 1
        return G.Policy(rng, w)
    return [mk(), mk()]


def build(slot, seed, path):
    name, preset, overrides, length, style, names, tags, bom, crlf, _ = slot
    rng = random.Random(seed)
    opts = G.effective_options(preset, overrides)
    games, scores = G.simulate_match(opts, length, rng, policies(rng))
    st = G.Style(random.Random(seed * 7 + 1), **style)
    expect = G.write_match(path, preset, overrides, length, names, games, scores, st,
                           tags=tags, bom=bom, crlf=crlf)
    res, events = G.replay_file(path)
    diff = G.compare_expect(expect, res)
    if diff:
        raise SystemExit("%s (seed %d): replay disagrees with simulator: %s" %
                         (path, seed, diff))
    return expect, res, events, G.features(res, events, opts)


MUST = {
    "gb-bulgarian-01": ["chain_11_full_24_steps", "pass_full_prime"],
    "gb-bulgarian-02": ["chain_on_first_roll_after_window[per-player]",
                        "exempt_doublet_on_last_window_roll[per-player]",
                        "exempt_doublet_per_player_game_roll_gt_3"],
    "gb-bulgarian-03": ["remainder_empty_stage", "chain_empty_plus_stage",
                        "exempt_doublet_steps_lost"],
    "gb-bulgarian-04": ["chain_broken_mid_stage_remainder_lost"],
    "gb-bulgarian-05": ["unstarted_chain_passed"],
    "gb-bulgarian-06": ["chain_game_scope_player_roll_le_3",
                        "chain_on_first_roll_after_window[game]"],
    "gb-bulgarian-07": ["chain_exempt_rolls_0_chain_on_player_roll_le_3"],
    "gb-bulgarian-08": ["previous_winner_starts", "first_roll_doublet"],
    "gb-bulgarian-09": ["win_during_remainder"],
    "gb-english-01": ["first_roll_doublet", "win_mid_chain_plus_stage"],
    "gb-english-02": ["unstarted_chain_passed", "previous_winner_starts"],
    "gb-english-03": ["win_during_remainder", "pass_full_prime"],
    "gb-english-04": ["chain_on_first_roll_after_window[per-player]"],
    "gb-english-05": ["chain_on_games_first_roll"],
    "gb-english-06": ["unstarted_chain_lost"],
    "gb-simple-01": ["chain_on_first_roll_after_window[game]",
                     "exempt_doublet_on_last_window_roll[game]"],
    "gb-simple-02": ["chain_broken_mid_stage_remainder_lost", "chain_empty_plus_stage"],
    "gb-simple-03": ["pass_full_prime"],
    "gb-simple-04": ["remainder_received", "remainder_empty_stage"],
    "gb-simple-05": ["previous_winner_starts", "exempt_doublet_beyond_3rd_roll[exempt_rolls=6]",
                     "chain_on_first_roll_after_window[game]"],
}


def search(slots, tries=80):
    covered = set()
    chosen = []
    tmp = "/tmp/gulbara-search.mat"
    for slot in slots:
        si = [s[0] for s in SLOTS].index(slot[0])
        best = None
        for t in range(1, tries + 1):
            seed = (si + 1) * 100000 + t
            _, res, _, F = build(slot, seed, tmp)
            new = set(F) - covered
            gain = sum(10 if f in RARE else 1 for f in new)
            size = sum(g["turns"] for g in res["games"])
            must = sum(f in F for f in MUST.get(slot[0], []))
            key = (must, gain, len(F), -size)
            if best is None or key > best[0]:
                best = (key, seed, F)
        covered |= set(best[2])
        chosen.append((slot[0], best[1]))
        print(slot[0], best[1], best[0], "of", len(MUST.get(slot[0], [])), file=sys.stderr)
    os.remove(tmp)
    return chosen


def main():
    if "--search" in sys.argv:
        names = [a for a in sys.argv[1:] if not a.startswith("--")]
        slots = [s for s in SLOTS if not names or s[0] in names]
        for name, seed in search(slots):
            print(name, seed)
        return
    os.makedirs(OUT, exist_ok=True)
    allF = {}
    per_file = {}
    for slot in SLOTS + LONG:
        seed = slot[-1]
        if seed is None:
            raise SystemExit("no pinned seed for %s (run --search)" % slot[0])
        path = os.path.join(OUT, slot[0] + ".mat")
        expect, res, events, F = build(slot, seed, path)
        with open(os.path.join(OUT, slot[0] + ".expect.json"), "w", encoding="utf-8") as fh:
            fh.write(G.dump_expect(expect))
        per_file[slot[0]] = (slot, seed, expect, F)
        for f, where in F.items():
            allF.setdefault(f, []).append((slot[0], where))
        print("%-24s seed %-6d games %d score %s turns %d" % (
            slot[0], seed, len(expect["games"]), expect["final_score_raw"],
            sum(g["turns"] for g in expect["games"])))
    write_coverage(os.path.join(OUT, "COVERAGE.md"), per_file, allF)



SECTION8 = [
    ("1. Doublet inside the exempt window: one stage, no chain, unplayable steps lost",
     ["exempt_doublet", "exempt_doublet_steps_lost"]),
    ("2. Chain from each player's 4th roll (per-player) vs the game's 4th roll (game scope)",
     ["chain_on_first_roll_after_window[per-player]",
      "exempt_doublet_on_last_window_roll[per-player]",
      "exempt_doublet_per_player_game_roll_gt_3",
      "chain_on_first_roll_after_window[game]",
      "exempt_doublet_on_last_window_roll[game]",
      "chain_game_scope_player_roll_le_3",
      "chain_on_games_first_roll", "chain_exempt_rolls_0_chain_on_player_roll_le_3",
      "exempt_doublet_beyond_3rd_roll[exempt_rolls=6]"]),
    ("3. 1-1 played in full: 24 steps, stages 1..6", ["chain_11_full_24_steps"]),
    ("4. Chain broken mid-stage, remainder passes, receiver plays stage by stage, loses "
     "what it cannot play, then rolls",
     ["chain_broken_mid_stage", "chain_broken_remainder_passed", "remainder_multi_stage",
      "remainder_steps_lost", "remainder_empty_stage", "chain_broken_remainder_lost_option",
      "chain_broken_mid_stage_remainder_lost"]),
    ("5. Unstarted chain: lost by default, passed with unstarted_chain=pass",
     ["unstarted_chain_lost", "unstarted_chain_passed"]),
    ("6. Last checker borne off mid-chain: game ends, nothing passes",
     ["win_mid_chain_plus_stage", "win_during_chain"]),
    ("7. Combined move with a blocked intermediate (valid side only: combined moves where "
     "one order is blocked and the other open; the illegal variant belongs in invalid "
     "fixtures)", ["combined_move_one_order_blocked", "combined_move_to_off"]),
    ("8. Die higher than the highest home point bears off from it; with a checker higher "
     "up the die must move", ["bearoff_die_above_highest_point",
                              "bearoff_die_must_move_from_higher",
                              "bearoff_begins_mid_stage"]),
    ("9. Full prime: the shut-in player passes, plays again once the wall opens",
     ["pass_full_prime", "full_prime_pass_then_moves_again", "pass_cannot_move_word",
      "pass_empty_cell", "pass_doublet"]),
    ("10. Numbering (Black's moves in Black's own numbering)", ["right_player_starts"]),
    ("11. Forced play: only one die playable (the larger / only the smaller)",
     ["one_die_larger_played", "one_die_smaller_only_playable"]),
    ("12. Scoring: 2 (mars) when the loser bore off nothing, else 1",
     ["win_mars_2pt", "win_single_1pt"]),
]
BRIEF = [
    ("Chains of every length (last stage 1..6)",
     ["chain_end_%d" % k for k in range(1, 7)] + ["chain_start_%d" % k for k in range(1, 7)]),
    ("6-6 outside the window: chain of one stage (full / broken, 6s passed)",
     ["chain_66_single_stage", "chain_66_single_stage_broken"]),
    ("Empty `+nn:` chain stage / empty `(nn):` remainder stage",
     ["chain_empty_plus_stage", "remainder_empty_stage"]),
    ("Win during a received remainder", ["win_during_remainder"]),
    ("Opening / starter", ["right_player_starts", "previous_winner_starts",
                           "first_roll_doublet", "dice_low_first"]),
]


def write_coverage(path, per_file, allF):
    L = []
    L.append("# Gul bara valid fixtures: coverage")
    L.append("")
    L.append("Generated by `tools/gulbara/make_fixtures.py` (pinned seeds) with the independent")
    L.append("Python engine `tools/gulbara/gulbara.py`; every file was replayed by that engine's")
    L.append("record replayer and matched its `.expect.json` sidecar. `file:line` points at the")
    L.append("turn line (1-based, as in the file) where the case first occurs in that file.")
    L.append("")
    L.append("Sidecar notes: `turns` = number of rolls (`dd:` cells) in the game, remainder-only")
    L.append("cells are not counted; `final_score` is capped at the match length (\"points past")
    L.append("it do not count\"), `final_score_raw` is the uncapped sum; `final` boards are")
    L.append("25 ints, index 0 = borne off, 1..24 = own points (Black in Black's numbering).")
    L.append("")
    L.append("Writing conventions where the rules leave room: after a win inside a received")
    L.append("remainder no further `(nn):` stage is written (the game ended at once); a last")
    L.append("checker borne off with a non-doublet is written with both dice when a two-step")
    L.append("sequence exists (`6/5 5/off`, never the one-die `6/off`); a combined move ending")
    L.append("`off` is only written from a point above 6, so it cannot be read as one die;")
    L.append("combined moves only join steps the checker made consecutively.")
    L.append("")
    L.append("## Files")
    L.append("")
    L.append("| file | preset | overrides | match | final score | games | rolls | style |")
    L.append("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, (slot, seed, expect, F) in per_file.items():
        _, preset, overrides, length, style, names, tags, bom, crlf, _ = slot
        sty = ", ".join("%s=%s" % kv for kv in sorted(style.items())) or "default"
        if bom:
            sty += ", BOM"
        if crlf:
            sty += ", CRLF"
        L.append("| `%s.mat` | %s | %s | %d | %s | %d | %d | %s |" % (
            name, preset, " ".join("`%s=%s`" % kv for kv in overrides) or "-", length,
            "%d-%d" % tuple(expect["final_score_raw"]), len(expect["games"]),
            sum(g["turns"] for g in expect["games"]), sty))
    L.append("")
    L.append("Style keys: `dice` high-first / as thrown (`thrown`) / mixed; `off` = `off` or `0`;")
    L.append("`cannot` = `Cannot Move` or empty cell for a pass; `merge_repeats=0` writes repeated")
    L.append("steps (`24/22 24/22`) instead of `24/22(2)`; `combine` = probability of writing a")
    L.append("checker's consecutive steps as one move (`24/14`); `vias` = probability of writing")
    L.append("the intermediate points (`24/18/14`).")
    L.append("")

    def where(f, limit=4):
        occ = allF.get(f, [])
        if not occ:
            return "**NOT COVERED**"
        return ", ".join("`%s.mat:%s`" % (n, w[1]) for n, w in occ[:limit]) + \
            (" (+%d more files)" % (len(occ) - limit) if len(occ) > limit else "")
    L.append("## gul-bara.md §8 cases")
    L.append("")
    for title, feats in SECTION8:
        L.append("### " + title)
        for f in feats:
            L.append("- `%s`: %s" % (f, where(f)))
        if title.startswith("10."):
            L.append("- every sidecar's `final.black` is in Black's own numbering; "
                     "`gulbara.py selftest` checks seed 001 turn 2 (`24/23 24/21` -> W11, W9)")
        L.append("")
    L.append("## Other cases from the brief")
    L.append("")
    for title, feats in BRIEF:
        L.append("### " + title)
        for f in feats:
            L.append("- `%s`: %s" % (f, where(f)))
        L.append("")
    L.append("## Presets, options, match lengths")
    L.append("")
    for key in ("bulgarian", "english", "simple"):
        L.append("- preset `%s`: %s" % (key, ", ".join(
            "`%s`" % n for n, v in per_file.items() if v[0][1] == key)))
    for name, v in per_file.items():
        if v[0][2]:
            L.append("- `%s.mat`: %s" % (name, ", ".join(
                '`; [Rule "%s=%s"]`' % kv for kv in v[0][2])))
    for n in sorted({v[0][3] for v in per_file.values()}):
        L.append("- %d-point match: %s" % (n, ", ".join(
            "`%s`" % k for k, v in per_file.items() if v[0][3] == n)))
    L.append("")
    L.append("## Full feature index (first occurrence per file)")
    L.append("")
    for f in sorted(allF):
        L.append("- `%s`: %s" % (f, where(f, 100)))
    L.append("")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(L))


if __name__ == "__main__":
    main()
