#!/usr/bin/env python3
"""Independent Gul bara reference implementation (Python 3.11, stdlib only).

Sub-commands:
  perft [FILE]                  check every vector of gul-bara-perft.txt
  replay FILE...                replay .mat records, print a summary (and compare
                                with FILE.expect.json when present)
  gen --seed S --preset P ...   generate one random match record (+ sidecar)
  selftest                      §8 unit checks + examples + perft

Positions: a side is a tuple of 25 ints, index 0 = borne off, 1..24 = checkers on
the side's OWN points.  The opponent's own point p is my point ((p+11) % 24) + 1
(an involution: the same formula maps back).
"""
from __future__ import annotations

import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# The rules' perft vectors and examples, as the repository keeps them.
FIXTURES = os.path.join(HERE, "..", "..", "fixtures", "gulbara")

# my point q  <->  opponent's own point MAP[q]
MAP = [0] + [((q + 11) % 24) + 1 for q in range(1, 25)]

START = tuple([0] * 24 + [15])

PRESETS = {
    "bulgarian": {
        "opening": "starter-plays-opening-dice",
        "next_game_starter": "opening-roll",
        "chain_exempt_rolls": 3,
        "chain_exempt_scope": "per-player",
        "remainder": "pass",
        "unstarted_chain": "lost",
    },
    "english": {
        "opening": "starter-rerolls",
        "next_game_starter": "previous-winner",
        "chain_exempt_rolls": 3,
        "chain_exempt_scope": "game",
        "remainder": "pass",
        "unstarted_chain": "pass",
    },
    "simple": {
        "opening": "starter-rerolls",
        "next_game_starter": "opening-roll",
        "chain_exempt_rolls": 3,
        "chain_exempt_scope": "game",
        "remainder": "lost",
        "unstarted_chain": "lost",
    },
}
OPTION_VALUES = {
    "opening": ("starter-plays-opening-dice", "starter-rerolls"),
    "next_game_starter": ("opening-roll", "previous-winner"),
    "chain_exempt_scope": ("per-player", "game"),
    "remainder": ("pass", "lost"),
    "unstarted_chain": ("lost", "pass"),
}


def effective_options(preset, overrides):
    opts = dict(PRESETS[preset])
    for k, v in overrides:
        if k == "chain_exempt_rolls":
            n = int(v)
            if not 0 <= n <= 6:
                raise ValueError("chain_exempt_rolls out of range: %r" % v)
            opts[k] = n
        elif k in OPTION_VALUES:
            if v not in OPTION_VALUES[k]:
                raise ValueError("bad value for %s: %r" % (k, v))
            opts[k] = v
        else:
            raise ValueError("unknown option %r" % k)
    return opts


# ---------------------------------------------------------------------------
# Core movement
# ---------------------------------------------------------------------------

def is_blocked(opp, q):
    """Is my point q (1..24) blocked by the opponent (a single checker blocks)?"""
    return opp[MAP[q]] > 0


def all_home(me):
    return not any(me[7:25])


def step(me, opp, f, d):
    """Move one checker of `me` from own point f by die d. Returns the new side
    tuple or None when illegal."""
    if f < 1 or f > 24 or me[f] == 0:
        return None
    t = f - d
    if t >= 1:
        if opp[MAP[t]] > 0:
            return None
        new = list(me)
        new[f] -= 1
        new[t] += 1
        return tuple(new)
    # bearing off
    if any(me[7:25]):
        return None
    if t < 0 and any(me[f + 1:7]):
        # die larger than the point: only from the highest occupied point
        return None
    new = list(me)
    new[f] -= 1
    new[0] += 1
    return tuple(new)


def single_steps(me, opp, d):
    """All legal single steps with die d: list of (from, to, new_me)."""
    out = []
    if me[0] == 15:
        return out
    for f in range(1, 25):
        if me[f]:
            n = step(me, opp, f, d)
            if n is not None:
                out.append((f, max(f - d, 0), n))
    return out


def doublet_stage(me, opp, n, k=4):
    """Stage of k steps of n.  Returns (max_steps, {result: [(from,to,die),...]})."""
    levels = [{me: None}]
    cur = {me: []}
    for _ in range(k):
        nxt = {}
        for pos, seq in cur.items():
            for f, t, new in single_steps(pos, opp, n):
                if new not in nxt:
                    nxt[new] = seq + [(f, t, n)]
        if not nxt:
            break
        cur = nxt
        levels.append(nxt)
    steps = len(levels) - 1
    if steps == 0:
        return 0, {}
    return steps, cur


def nondoublet_stage(me, opp, a, b):
    """Non-doublet roll.  Returns (max_steps, {result: steps}) applying the
    both-dice rule and the larger-die rule."""
    hi, lo = max(a, b), min(a, b)
    two = {}
    one_hi = {}
    one_lo = {}
    for (d1, d2, one) in ((hi, lo, one_hi), (lo, hi, one_lo)):
        for f, t, new in single_steps(me, opp, d1):
            if new not in one:
                one[new] = [(f, t, d1)]
            for f2, t2, new2 in single_steps(new, opp, d2):
                if new2 not in two:
                    two[new2] = [(f, t, d1), (f2, t2, d2)]
    if two:
        return 2, two
    if one_hi:
        return 1, one_hi
    if one_lo:
        return 1, one_lo
    return 0, {}


def stage(me, opp, dice, k=4):
    a, b = dice
    if a == b:
        return doublet_stage(me, opp, a, k)
    return nondoublet_stage(me, opp, a, b)


def larger_die_playable(me, opp, dice):
    return bool(single_steps(me, opp, max(dice)))


# ---------------------------------------------------------------------------
# perft
# ---------------------------------------------------------------------------

def parse_side(spec):
    side = [0] * 25
    for part in spec.split(","):
        p, c = part.split(":")
        idx = 0 if p == "off" else int(p)
        side[idx] += int(c)
    if sum(side) != 15:
        raise ValueError("side does not hold 15 checkers: %s" % spec)
    return tuple(side)


def perft_file(path=None, verbose=False):
    path = path or os.path.join(FIXTURES, "perft.txt")
    lines = [l.strip() for l in open(path, encoding="utf-8")]
    total = agree = 0
    disagreements = []
    pos = None
    for line in lines:
        if not line or line.startswith("#"):
            continue
        m = re.match(r"position (\d+) x=(\S+) o=(\S+)$", line)
        if m:
            pos = (int(m.group(1)), parse_side(m.group(2)), parse_side(m.group(3)))
            # sanity: the two sides never share a point
            for q in range(1, 25):
                if pos[1][q] and pos[2][MAP[q]]:
                    disagreements.append((pos[0], "overlap", q, ""))
            continue
        for tok in line.split():
            roll, val = tok.split(":")
            a, b = int(roll[0]), int(roll[1])
            full = 4 if a == b else 2
            if "/" in val:
                cnt, k = map(int, val.split("/"))
            else:
                cnt, k = int(val), full
            steps, res = stage(pos[1], pos[2], (a, b))
            mine = (len(res), steps)
            total += 1
            if mine == (cnt, k):
                agree += 1
            else:
                disagreements.append((pos[0], roll, "expected %s" % val,
                                      "got %d/%d" % mine))
            if verbose:
                print(pos[0], roll, val, mine)
    return total, agree, disagreements


# ---------------------------------------------------------------------------
# Record parsing
# ---------------------------------------------------------------------------

class RecordError(Exception):
    pass


RE_REM = re.compile(r"^\((\d)(\d)\):$")
RE_ROLL = re.compile(r"^(\d)(\d):$")
RE_CHAIN = re.compile(r"^\+(\d)(\d):$")
RE_STEP = re.compile(
    r"^(\d{1,2}|bar|Bar|b)((?:/(?:\d{1,2}|off|Off|o|-))+)(?:\((\d+)\))?$")
RE_WINS = re.compile(r"^Wins\s+(\d+)\s+points?(\s+and\s+the\s+match)?$")
RE_TAG = re.compile(r'^[;#]\s*\[(\S+)\s+"(.*)"\]\s*$')
VARIATION_ALIASES = {"gul bara", "gulbara", "gyulbara", "гюлбара"}
LONE_RIGHT_COLUMN = 20          # a lone cell starting at/after this column is right


def parse_point(tok):
    if tok in ("off", "Off", "o", "-"):
        return 0
    return int(tok)


def parse_steps(tokens, lineno):
    """tokens -> list of paths (each a list of points, 0 = off), or 'pass'."""
    if not tokens:
        return []
    if tokens == ["Cannot", "Move"]:
        return "cannot"
    out = []
    for t in tokens:
        if "*" in t:
            raise RecordError("line %d: hit mark %r in Gul bara" % (lineno, t))
        m = RE_STEP.match(t)
        if not m:
            raise RecordError("line %d: bad step %r" % (lineno, t))
        if m.group(1) in ("bar", "Bar", "b") or m.group(1) == "25":
            raise RecordError("line %d: bar in Gul bara: %r" % (lineno, t))
        path = [int(m.group(1))] + [parse_point(x) for x in m.group(2).split("/")[1:]]
        for a, b in zip(path, path[1:]):
            if not (a > b) or a > 24:
                raise RecordError("line %d: step not forward: %r" % (lineno, t))
        rep = int(m.group(3)) if m.group(3) else 1
        if rep < 1:
            raise RecordError("line %d: bad repeat %r" % (lineno, t))
        out.extend([path] * rep)
    return out


class Cell:
    def __init__(self, col):
        self.col = col
        self.rem = []        # [(n, tokens)]
        self.roll = None     # (d1, d2, tokens)
        self.chain = []      # [(n, tokens)]
        self.wins = None     # (points, and_match)
        self.phase = "start"
        self.cur = None      # token list being filled


def split_cells(text, col0, lineno):
    """Token-based split of a turn line's content into cells."""
    cells = []
    cell = None
    toks = [(m.group(0), m.start() + col0) for m in re.finditer(r"\S+", text)]
    i = 0
    while i < len(toks):
        tok, col = toks[i]
        if tok == "Wins":
            rest = " ".join(t for t, _ in toks[i:])
            m = RE_WINS.match(rest)
            if not m:
                raise RecordError("line %d: bad result %r" % (lineno, rest))
            c = Cell(col)
            c.wins = (int(m.group(1)), bool(m.group(2)))
            cells.append(c)
            cell = None
            break
        m = RE_REM.match(tok)
        if m:
            if cell is None or cell.phase in ("roll", "chain"):
                cell = Cell(col)
                cells.append(cell)
            elif cell.phase not in ("start", "rem"):
                raise RecordError("line %d: misplaced %r" % (lineno, tok))
            cell.phase = "rem"
            cell.cur = []
            cell.rem.append(((int(m.group(1)), int(m.group(2))), cell.cur))
            i += 1
            continue
        m = RE_ROLL.match(tok)
        if m:
            if cell is None or cell.phase in ("roll", "chain"):
                cell = Cell(col)
                cells.append(cell)
            cell.phase = "roll"
            cell.cur = []
            cell.roll = (int(m.group(1)), int(m.group(2)), cell.cur)
            i += 1
            continue
        m = RE_CHAIN.match(tok)
        if m:
            if cell is None or cell.phase not in ("roll", "chain"):
                raise RecordError("line %d: chain stage %r without a roll" % (lineno, tok))
            cell.phase = "chain"
            cell.cur = []
            cell.chain.append(((int(m.group(1)), int(m.group(2))), cell.cur))
            i += 1
            continue
        if cell is None or cell.cur is None:
            raise RecordError("line %d: unexpected token %r" % (lineno, tok))
        cell.cur.append(tok)
        i += 1
    return cells


def read_record(path):
    raw = open(path, "rb").read()
    text = raw.decode("utf-8-sig")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = [l.rstrip() for l in text.split("\n")]
    rec = {"tags": [], "rules": None, "rule": [], "variation": None,
           "length": None, "games": []}
    game = None
    for no, line in enumerate(lines, 1):
        s = line.strip()
        if not s:
            continue
        if s[0] in ";#":
            m = RE_TAG.match(s)
            if m:
                tag, val = m.group(1), m.group(2)
                rec["tags"].append((tag, val))
                if tag == "Variation":
                    rec["variation"] = val
                elif tag == "Rules":
                    rec["rules"] = val
                elif tag == "Rule":
                    k, _, v = val.partition("=")
                    rec["rule"].append((k.strip(), v.strip()))
            continue
        m = re.match(r"^(\d+)\s+point\s+match$", s)
        if m:
            rec["length"] = int(m.group(1))
            continue
        m = re.match(r"^Game\s+(\d+)$", s)
        if m:
            game = {"number": int(m.group(1)), "score_line": None, "entries": [],
                    "lineno": no}
            rec["games"].append(game)
            continue
        m = re.match(r"^(\d+)\)(.*)$", line.lstrip())
        if m:
            if game is None:
                raise RecordError("line %d: turn outside a game" % no)
            col0 = len(line) - len(line.lstrip()) + len(m.group(1)) + 1
            cells = split_cells(m.group(2), col0, no)
            game["entries"].append((no, int(m.group(1)), cells))
            continue
        if s.startswith("Wins"):
            if game is None:
                raise RecordError("line %d: result outside a game" % no)
            col0 = len(line) - len(line.lstrip())
            cells = split_cells(s, col0, no)
            game["entries"].append((no, None, cells))
            continue
        m = re.match(r"^(.+?)\s*:\s*(\d+)\s+(.+?)\s*:\s*(\d+)$", s)
        if m and game is not None and game["score_line"] is None:
            game["score_line"] = (m.group(1).strip(), int(m.group(2)),
                                  m.group(3).strip(), int(m.group(4)))
            continue
        raise RecordError("line %d: unrecognised line %r" % (no, line))
    return rec


# ---------------------------------------------------------------------------
# Validating one stage's written steps
# ---------------------------------------------------------------------------

def _segment_paths(me, opp, a, b, dice, cont=False):
    """Ways to move one checker from a to b (0=off) using a non-empty ordered
    selection of `dice` (tuple).  Yields (new_me, trace, rest_dice) where trace
    is a tuple of (from, to, die, position_before)."""
    seen = set()
    for i, d in enumerate(dice):
        if d in seen:
            continue
        seen.add(d)
        new = step(me, opp, a, d)
        if new is None:
            continue
        land = a - d if a - d >= 1 else 0
        rest = dice[:i] + dice[i + 1:]
        tr = ((a, land, d, me, cont),)
        if land == b:
            yield new, tr, rest
        elif land > b and land != 0:
            for new2, tr2, rest2 in _segment_paths(new, opp, land, b, rest, True):
                yield new2, tr + tr2, rest2


def _path_realisations(me, opp, path, dice):
    if len(path) == 2:
        yield from _segment_paths(me, opp, path[0], path[1], dice)
        return
    for new, tr, rest in _segment_paths(me, opp, path[0], path[1], dice):
        for new2, tr2, rest2 in _path_realisations(new, opp, path[1:], rest):
            yield new2, tr + tr2, rest2


def realise(me, opp, paths, dice):
    """All (final_me, trace) realising every written path in some order."""
    if not paths:
        yield me, ()
        return
    tried = set()
    for i, p in enumerate(paths):
        key = tuple(p)
        if key in tried:
            continue
        tried.add(key)
        others = paths[:i] + paths[i + 1:]
        for new, tr, rest in _path_realisations(me, opp, p, dice):
            for fin, tr2 in realise(new, opp, others, rest):
                yield fin, tr + tr2


def check_stage(me, opp, dice, k, tokens, lineno, what):
    """Validate a written stage.  dice = (a, b) for a roll; for doublet stages k
    steps of a.  Returns (new_me, steps_played, max_steps, trace)."""
    a, b = dice
    doublet = a == b
    if doublet:
        maxs, results = doublet_stage(me, opp, a, k)
        avail = (a,) * k
    else:
        maxs, results = nondoublet_stage(me, opp, a, b)
        avail = (a, b)
    paths = parse_steps(tokens, lineno)
    if paths in ("cannot", []) or not paths:
        if maxs:
            raise RecordError("line %d: %s: no move written but %d step(s) playable"
                              % (lineno, what, maxs))
        return me, 0, 0, ()
    larger_ok = (not doublet) and larger_die_playable(me, opp, (a, b))
    best = None
    for fin, trace in realise(me, opp, paths, avail):
        used = [t[2] for t in trace]
        if fin[0] == 15:                 # game over: the play ends the game
            ok = True
        elif len(used) != maxs:
            ok = False
        elif not doublet and maxs == 1 and larger_ok and used[0] != max(a, b):
            ok = False
        else:
            ok = True
        if ok:
            if fin[0] != 15 and fin not in results:
                raise RecordError("line %d: internal: result not in legal set" % lineno)
            return fin, len(used), maxs, trace
        best = (fin, used)
    if best is None:
        raise RecordError("line %d: %s: steps %s cannot be played" %
                          (lineno, what, " ".join(tokens)))
    raise RecordError("line %d: %s: steps %s break forced play (%d step(s) used, "
                      "%d possible)" % (lineno, what, " ".join(tokens),
                                        len(best[1]), maxs))


# ---------------------------------------------------------------------------
# Replaying a record
# ---------------------------------------------------------------------------

def longest_block_run(me, opp):
    """Longest run of consecutive points (mover's numbering) blocked by opp that
    lies in front of the mover's rearmost checker."""
    top = max([q for q in range(1, 25) if me[q]] or [0])
    best = run = 0
    for q in range(top - 1, 0, -1):
        if is_blocked(opp, q):
            run += 1
            best = max(best, run)
        else:
            run = 0
    return best


def trace_events(me0, opp, dice, trace, ev):
    """Derive bear-off / combined-move facts from a realised trace."""
    a, b = dice
    if trace and not all_home(trace[0][3]) and any(t == 0 for _, t, _, _, _ in trace):
        ev("bearoff_begins_mid_stage")
    for i, (f, t, d, before, cont) in enumerate(trace):
        if cont and t == 0:
            ev("combined_move_to_off", frm=f)
        if t == 0 and d > f:
            ev("bearoff_high_die", point=f, die=d)
        if t == 0 and d == f:
            ev("bearoff_exact", point=f)
        if t == 0 and d < f:
            pass
        if all_home(before) and t > 0 and before[d] == 0 and d <= 6 \
                and any(before[d + 1:7]):
            lower = any(before[1:d])
            ev("bearoff_must_move", die=d, frm=f, lower_checkers=lower)
    if a != b and len(trace) == 2:
        (f1, t1, d1, p1, c1), (f2, t2, d2, p2, c2) = trace
        if c2 and f2 == t1 and t1 > 0:
            alt = f1 - d2
            if alt >= 1 and is_blocked(opp, alt):
                ev("combined_other_order_blocked", frm=f1, to=t2, blocked=alt)


class Replayer:
    def __init__(self, rec, overrides=()):
        self.rec = rec
        var = rec["variation"] or "Backgammon"
        if var.strip().lower() not in VARIATION_ALIASES:
            raise RecordError("not a Gul bara record (Variation %r)" % var)
        self.preset = rec["rules"] or "bulgarian"
        if self.preset not in PRESETS:
            raise RecordError("unknown preset %r" % self.preset)
        self.opts = effective_options(self.preset, list(rec["rule"]) + list(overrides))
        self.events = []

    def ev(self, kind, **kw):
        d = {"kind": kind, "line": self.lineno, "game": self.gnum}
        if self.player is not None:
            d["player"] = "white" if self.player == 0 else "black"
        d.update(kw)
        self.events.append(d)

    def run(self):
        rec, o = self.rec, self.opts
        length = rec["length"]
        if length is None:
            raise RecordError("no 'N point match' line")
        scores = {}
        names = None
        prev_winner_name = None
        out_games = []
        match_over = False
        self.lineno = 0
        self.gnum = 0
        self.player = None
        for gi, game in enumerate(rec["games"]):
            self.gnum = game["number"]
            self.lineno = game["lineno"]
            if game["number"] != gi + 1:
                raise RecordError("line %d: game number %d, expected %d" %
                                  (game["lineno"], game["number"], gi + 1))
            if match_over:
                raise RecordError("line %d: game after the match ended" % game["lineno"])
            sl = game["score_line"]
            if sl is None:
                raise RecordError("line %d: game without score line" % game["lineno"])
            ln, ls, rn, rs = sl
            if not scores:
                scores = {ln: 0, rn: 0}
            if set(scores) != {ln, rn}:
                raise RecordError("line %d: player names changed" % game["lineno"])
            if scores[ln] != ls or scores[rn] != rs:
                raise RecordError("line %d: score line %d:%d, expected %d:%d" %
                                  (game["lineno"], ls, rs, scores[ln], scores[rn]))
            names = (ln, rn)
            g = self.play_game(game, names, prev_winner_name)
            g["score_before"] = [ls, rs]
            wname = names[0] if g["winner"] == "white" else names[1]
            scores[wname] += g["points"]
            if scores[wname] >= length > 0:
                match_over = True
                if not g.pop("and_match"):
                    self.events.append({"kind": "warning", "line": g.pop("lineno"),
                                        "text": "match won without 'and the match'"})
            else:
                if g.pop("and_match"):
                    raise RecordError("line %d: 'and the match' but the match is not over"
                                      % g["lineno"])
            g.pop("lineno", None)
            prev_winner_name = wname
            out_games.append(g)
        if not out_games:
            raise RecordError("no games")
        final = [scores[names[0]], scores[names[1]]]
        res = {"preset": self.preset, "options": dict(o), "games": out_games,
               "final_score": [min(s, length) for s in final] if length else final,
               "final_score_raw": final}
        if match_over:
            res["match_winner"] = "white" if final[0] >= length else "black"
        else:
            res["match_winner"] = None
        return res

    # -- one game -----------------------------------------------------------
    def play_game(self, game, names, prev_winner_name):
        o = self.opts
        sides = [START, START]
        rolls = [0, 0]
        self.game_rolls = 0
        self.sides = sides
        self.rolls = rolls
        self.pending = None          # (player, [(n, k), ...])
        self.over = False
        turns = 0
        expected = None
        result = None
        first = True
        for lineno, num, cells in game["entries"]:
            self.lineno = lineno
            if len(cells) > 2:
                raise RecordError("line %d: more than two cells" % lineno)
            if len(cells) == 2:
                players = [0, 1]
            elif len(cells) == 1:
                players = [1 if cells[0].col >= LONE_RIGHT_COLUMN else 0]
            else:
                continue
            for p, cell in zip(players, cells):
                self.player = p
                if result is not None:
                    raise RecordError("line %d: entry after the result" % lineno)
                if cell.wins is not None:
                    result = self.result(p, cell.wins, lineno)
                    continue
                if self.over:
                    raise RecordError("line %d: move after the game ended" % lineno)
                if expected is not None and p != expected:
                    raise RecordError("line %d: %s moved out of turn" %
                                      (lineno, "white" if p == 0 else "black"))
                if first:
                    first = False
                    starter_rolls = (self.gnum > 1 and
                                     o["next_game_starter"] == "previous-winner")
                    if starter_rolls and names[p] != prev_winner_name:
                        raise RecordError("line %d: game must be started by the previous "
                                          "winner %s" % (lineno, prev_winner_name))
                    if cell.roll is not None and not starter_rolls and \
                            o["opening"] == "starter-plays-opening-dice" and \
                            cell.roll[0] == cell.roll[1]:
                        raise RecordError("line %d: opening roll is a doublet" % lineno)
                    self.ev("starter", who=p, roll=cell.roll[:2] if cell.roll else None,
                            previous_winner=starter_rolls)
                turns += self.play_cell(p, cell, lineno)
                expected = 1 - p
        if result is None:
            raise RecordError("game %d unfinished (no result line)" % game["number"])
        winner, points, and_match, lno = result
        return {"number": game["number"], "winner": "white" if winner == 0 else "black",
                "points": points, "turns": turns,
                "final": {"white": list(sides[0]), "black": list(sides[1])},
                "and_match": and_match, "lineno": lno}

    def result(self, p, wins, lineno):
        pts, and_match = wins
        sides = self.sides
        loser = sides[1 - p]
        natural = 2 if loser[0] == 0 else 1
        if self.over:
            if self.winner != p:
                raise RecordError("line %d: result in the loser's column" % lineno)
            if pts != natural:
                # a value capped at what the winner needed is accepted (not checked here)
                raise RecordError("line %d: Wins %d, the game gives %d" %
                                  (lineno, pts, natural))
            self.ev("win", points=pts, mars=(natural == 2))
        else:
            if pts not in (1, 2) or (pts == 2 and loser[0] != 0):
                raise RecordError("line %d: bad resignation value %d" % (lineno, pts))
            self.ev("resignation", points=pts)
        return (p, pts, and_match, lineno)

    def check_over(self, p, where):
        if self.sides[p][0] == 15:
            self.over = True
            self.winner = p
            self.ev("last_checker_off", where=where)
            return True
        return False

    def play_cell(self, p, cell, lineno):
        o = self.opts
        sides = self.sides
        # 1. received remainder
        if self.pending and self.pending[0] == p:
            want = self.pending[1]
            self.pending = None
            if not cell.rem:
                raise RecordError("line %d: received remainder %s not written" %
                                  (lineno, want))
            if len(cell.rem) > len(want):
                raise RecordError("line %d: too many remainder stages" % lineno)
            info = []
            for i, ((d1, d2), toks) in enumerate(cell.rem):
                n, k = want[i]
                if d1 != d2 or d1 != n:
                    raise RecordError("line %d: remainder stage (%d%d), expected (%d%d)"
                                      % (lineno, d1, d2, n, n))
                new, s, mx, tr = check_stage(sides[p], sides[1 - p], (n, n), k, toks,
                                             lineno, "(%d%d)" % (n, n))
                trace_events(sides[p], sides[1 - p], (n, n), tr, self.ev)
                sides[p] = new
                info.append((n, k, s))
                if self.check_over(p, "remainder"):
                    self.ev("remainder_played", stages=info, won=True)
                    if i + 1 < len(cell.rem) or cell.roll or cell.chain:
                        raise RecordError("line %d: moves after the game ended" % lineno)
                    return 0
            if len(cell.rem) != len(want):
                raise RecordError("line %d: remainder stages missing" % lineno)
            self.ev("remainder_played", stages=info, won=False)
        elif cell.rem:
            raise RecordError("line %d: remainder written but none was passed" % lineno)
        if self.pending:
            raise RecordError("line %d: internal pending state" % lineno)
        # 2. the roll
        if cell.roll is None:
            raise RecordError("line %d: cell without a roll" % lineno)
        d1, d2, toks = cell.roll
        if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
            raise RecordError("line %d: bad dice %d%d" % (lineno, d1, d2))
        n_before = self.rolls[p] if o["chain_exempt_scope"] == "per-player" \
            else self.game_rolls
        exempt = n_before < o["chain_exempt_rolls"]
        self.rolls[p] += 1
        self.game_rolls += 1
        roll_info = {"player_roll": self.rolls[p], "game_roll": self.game_rolls}
        me, opp = sides[p], sides[1 - p]
        if d1 != d2:
            if cell.chain:
                raise RecordError("line %d: chain stage after a non-doublet" % lineno)
            new, s, mx, tr = check_stage(me, opp, (d1, d2), 2, toks, lineno,
                                         "roll %d%d" % (d1, d2))
            trace_events(me, opp, (d1, d2), tr, self.ev)
            if s == 0:
                self.ev("pass", roll=[d1, d2], prime=longest_block_run(me, opp),
                        cannot_move=(toks == ["Cannot", "Move"]), **roll_info)
            elif mx == 1:
                larger = larger_die_playable(me, opp, (d1, d2))
                self.ev("one_die", roll=[d1, d2], used=tr[0][2],
                        larger_playable=larger, **roll_info)
            elif d1 < d2:
                self.ev("dice_as_thrown", roll=[d1, d2])
            if s:
                self.ev("moved")
            sides[p] = new
            self.check_over(p, "roll")
            return 1
        n = d1
        if exempt:
            if cell.chain:
                raise RecordError("line %d: chain stage written inside the exempt window"
                                  % lineno)
            new, s, mx, tr = check_stage(me, opp, (n, n), 4, toks, lineno,
                                         "roll %d%d" % (n, n))
            trace_events(me, opp, (n, n), tr, self.ev)
            sides[p] = new
            self.ev("exempt_doublet", n=n, played=s, **roll_info)
            if s:
                self.ev("moved")
            if s == 0:
                self.ev("pass", roll=[n, n], prime=longest_block_run(me, opp),
                        cannot_move=(toks == ["Cannot", "Move"]), **roll_info)
            self.check_over(p, "exempt doublet")
            return 1
        # chain
        stages = [(n, toks)] + [((a, b), t) for (a, b), t in cell.chain]
        played = []
        cur = n
        remainder = None
        for i, st in enumerate(stages):
            if i == 0:
                toks_i = st[1]
            else:
                (a, b), toks_i = st
                if a != b or a != cur:
                    raise RecordError("line %d: chain stage +%d%d, expected +%d%d" %
                                      (lineno, a, b, cur, cur))
            me, opp = sides[p], sides[1 - p]
            new, s, mx, tr = check_stage(me, opp, (cur, cur), 4, toks_i, lineno,
                                         ("+%d%d" if i else "%d%d:") % (cur, cur))
            trace_events(me, opp, (cur, cur), tr, self.ev)
            if i == 0 and s == 0:
                self.ev("pass", roll=[n, n], prime=longest_block_run(me, opp),
                        cannot_move=(toks_i == ["Cannot", "Move"]), **roll_info)
            sides[p] = new
            if i == 0 and s:
                self.ev("moved")
            played.append((cur, s))
            if self.check_over(p, "chain stage %d%d" % (cur, cur)):
                if i + 1 < len(stages):
                    raise RecordError("line %d: stages after the game ended" % lineno)
                self.ev("chain", start=n, end=cur, played=played, won=True,
                        broken=False, **roll_info)
                return 1
            if s == 4 and cur < 6:
                if i + 1 >= len(stages):
                    raise RecordError("line %d: chain stage +%d%d missing" %
                                      (lineno, cur + 1, cur + 1))
                cur += 1
                continue
            if i + 1 < len(stages):
                raise RecordError("line %d: chain stage written after the chain ended"
                                  % lineno)
            if s < 4:
                if i == 0 and s == 0:
                    passes = o["unstarted_chain"] == "pass" and o["remainder"] == "pass"
                    self.ev("unstarted_chain", n=n, passed=passes, **roll_info)
                else:
                    passes = o["remainder"] == "pass"
                if passes:
                    remainder = [(cur, 4 - s)] + [(m, 4) for m in range(cur + 1, 7)]
            break
        self.ev("chain", start=n, end=cur, played=played, won=False,
                broken=played[-1][1] < 4, remainder=remainder, **roll_info)
        if remainder:
            self.pending = (1 - p, remainder)
        return 1


def replay_file(path, overrides=()):
    rec = read_record(path)
    r = Replayer(rec, overrides)
    res = r.run()
    return res, r.events


# ---------------------------------------------------------------------------
# Random match generator
# ---------------------------------------------------------------------------

def pips(me):
    return sum(p * c for p, c in enumerate(me))


def prime_score(me, opp):
    """How well `me` blocks the opponent: longest wall in front of the
    opponent's rearmost checker, then the number of blocked points there."""
    top = max([p for p in range(1, 25) if opp[p]] or [0])
    best = run = cnt = 0
    for p in range(top - 1, 0, -1):
        if me[MAP[p]]:
            run += 1
            cnt += 1
            best = max(best, run)
        else:
            run = 0
    return best * 16 + cnt


class Policy:
    """Weights of the play-selection modes; one mode is drawn per decision."""
    MODES = ("uniform", "prime", "race", "chainlong", "chainbreak", "slow")

    def __init__(self, rng, weights):
        self.rng = rng
        self.modes = [m for m in self.MODES if weights.get(m)]
        self.w = [weights[m] for m in self.modes]

    def choose(self, me, opp, results, ctx):
        rng = self.rng
        keys = list(results)
        if len(keys) == 1:
            return keys[0]
        mode = rng.choices(self.modes, self.w)[0]
        if mode == "uniform":
            return rng.choice(keys)
        if mode in ("chainlong", "chainbreak") and ctx.get("next_stage"):
            n = ctx["next_stage"]
            sample = keys if len(keys) <= 40 else rng.sample(keys, 40)
            scored = []
            for k in sample:
                s, _ = doublet_stage(k, opp, n, 4)
                scored.append((s, k))
            if mode == "chainlong":
                top = max(s for s, _ in scored)
            else:
                top = min(s for s, _ in scored)
            return rng.choice([k for s, k in scored if s == top])
        if mode == "prime":
            score = {k: prime_score(k, opp) for k in keys}
        elif mode == "race":
            score = {k: k[0] * 100 - pips(k) for k in keys}
        elif mode == "slow":     # keep checkers back, avoid bearing off
            score = {k: pips(k) - k[0] * 100 for k in keys}
        else:
            return rng.choice(keys)
        top = max(score.values())
        return rng.choice([k for k in keys if score[k] == top])


class GameSim:
    def __init__(self, opts, rng, policies):
        self.o = opts
        self.rng = rng
        self.pol = policies          # one Policy per player (0 = white/left)

    def die(self):
        return self.rng.randint(1, 6)

    def play_stage(self, p, dice, k, ctx):
        me, opp = self.sides[p], self.sides[1 - p]
        mx, results = stage(me, opp, dice, k)
        if mx == 0:
            return [], 0
        key = self.pol[p].choose(me, opp, results, ctx)
        self.sides[p] = key
        return results[key], mx

    def play(self, starter, first_roll):
        o = self.o
        self.sides = [START, START]
        rolls = [0, 0]
        game_rolls = 0
        pending = None
        cells = []
        p = starter
        roll = first_roll
        while True:
            cell = {"player": p, "rem": [], "roll": None, "chain": []}
            cells.append(cell)
            if pending:
                for n, k in pending:
                    steps, _ = self.play_stage(p, (n, n), k, {})
                    cell["rem"].append((n, k, steps))
                    if self.sides[p][0] == 15:
                        return self.finish(cells, p, rolls)
                pending = None
            if roll is None:
                roll = (self.die(), self.die())
            d1, d2 = roll
            roll = None
            n_before = rolls[p] if o["chain_exempt_scope"] == "per-player" else game_rolls
            exempt = n_before < o["chain_exempt_rolls"]
            rolls[p] += 1
            game_rolls += 1
            if d1 != d2 or exempt:
                steps, mx = self.play_stage(p, (d1, d2), 4, {})
                cell["roll"] = (d1, d2, steps)
                cell["exempt"] = exempt and d1 == d2
            else:
                n = d1
                cur = n
                first = True
                while True:
                    ctx = {"next_stage": cur + 1} if cur < 6 else {}
                    steps, mx = self.play_stage(p, (cur, cur), 4, ctx)
                    if first:
                        cell["roll"] = (d1, d2, steps)
                    else:
                        cell["chain"].append((cur, steps))
                    s = len(steps)
                    if self.sides[p][0] == 15:
                        break
                    if s == 4 and cur < 6:
                        cur += 1
                        first = False
                        continue
                    if s < 4:
                        if first and s == 0:
                            passes = o["unstarted_chain"] == "pass" and \
                                o["remainder"] == "pass"
                        else:
                            passes = o["remainder"] == "pass"
                        if passes:
                            pending = [(cur, 4 - s)] + [(m, 4) for m in range(cur + 1, 7)]
                    break
            if self.sides[p][0] == 15:
                return self.finish(cells, p, rolls)
            p = 1 - p

    def finish(self, cells, winner, rolls):
        loser = self.sides[1 - winner]
        points = 2 if loser[0] == 0 else 1
        return {"cells": cells, "winner": winner, "points": points,
                "turns": rolls[0] + rolls[1],
                "final": {"white": list(self.sides[0]), "black": list(self.sides[1])}}


def opening_roll(rng):
    while True:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        if a != b:
            return a, b          # white's die, black's die


def simulate_match(opts, length, rng, policies):
    scores = [0, 0]
    games = []
    prev_winner = None
    while max(scores) < length:
        gno = len(games) + 1
        sim = GameSim(opts, rng, policies)
        if gno > 1 and opts["next_game_starter"] == "previous-winner":
            starter = prev_winner
            first = (rng.randint(1, 6), rng.randint(1, 6))
            how = "previous-winner"
        else:
            w, b = opening_roll(rng)
            starter = 0 if w > b else 1
            if opts["opening"] == "starter-plays-opening-dice":
                first = (max(w, b), min(w, b))
                how = "opening"
            else:
                first = (rng.randint(1, 6), rng.randint(1, 6))
                how = "reroll"
        g = sim.play(starter, first)
        g["number"] = gno
        g["score_before"] = list(scores)
        g["starter"] = starter
        g["start_how"] = how
        scores[g["winner"]] += g["points"]
        prev_winner = g["winner"]
        games.append(g)
    return games, scores


# ---------------------------------------------------------------------------
# Writing records
# ---------------------------------------------------------------------------

class Style:
    def __init__(self, rng, **kw):
        self.rng = rng
        self.merge_repeats = kw.get("merge_repeats", 0.7)    # probability per stage
        self.combine = kw.get("combine", 0.3)                # probability per pair
        self.vias = kw.get("vias", 0.0)                      # write 13/7/1 when combining
        self.off = kw.get("off", "off")                      # 'off' | '0' | 'mixed'
        self.dice = kw.get("dice", "high")                   # 'high' | 'thrown' | 'mixed'
        self.cannot = kw.get("cannot", "Cannot Move")        # or '' or 'mixed'
        self.sort = kw.get("sort", 0.5)                      # probability to sort by from desc

    def off_word(self):
        if self.off == "mixed":
            return self.rng.choice(["off", "0"])
        return self.off

    def steps(self, steps):
        rng = self.rng
        if not steps:
            return ""
        dice = {d for _, _, d in steps}
        moves = []          # list of paths
        for f, t, d in steps:
            if moves and moves[-1][-1] == f and f > 0 and rng.random() < self.combine:
                if t == 0 and moves[-1][0] <= 6:
                    pass     # a single die could read this as one bear-off: keep apart
                else:
                    moves[-1].append(t)
                    continue
            moves.append([f, t])
        if rng.random() < self.sort:
            moves.sort(key=lambda m: (-m[0], -m[-1]))
        offw = self.off_word()

        def fmt(m):
            pts = m if rng.random() < self.vias else [m[0], m[-1]]
            return "/".join(offw if x == 0 else str(x) for x in pts)
        strs = [fmt(m) for m in moves]
        if rng.random() < self.merge_repeats:
            out, counts = [], {}
            for s in strs:
                if s in counts:
                    counts[s] += 1
                else:
                    counts[s] = 1
                    out.append(s)
            return " ".join(s if counts[s] == 1 else "%s(%d)" % (s, counts[s]) for s in out)
        return " ".join(strs)

    def dice_str(self, d1, d2, first_of_opening=False):
        if d1 == d2:
            return "%d%d" % (d1, d2)
        mode = self.dice
        if mode == "mixed":
            mode = self.rng.choice(["high", "thrown"])
        if mode == "high":
            return "%d%d" % (max(d1, d2), min(d1, d2))
        if self.rng.random() < 0.5:
            return "%d%d" % (d1, d2)
        return "%d%d" % (d2, d1)

    def empty_roll(self):
        c = self.cannot
        if c == "mixed":
            c = self.rng.choice(["Cannot Move", ""])
        return c


def format_cell(cell, style):
    parts = []
    for n, k, steps in cell["rem"]:
        s = style.steps(steps)
        parts.append(("(%d%d): %s" % (n, n, s)).rstrip())
    if cell["roll"] is not None:
        d1, d2, steps = cell["roll"]
        s = style.steps(steps) if steps else style.empty_roll()
        parts.append(("%s: %s" % (style.dice_str(d1, d2), s)).rstrip())
        for n, steps in cell["chain"]:
            parts.append(("+%d%d: %s" % (n, n, style.steps(steps))).rstrip())
    return " ".join(parts)


LEFT_WIDTH = 28


def format_game_lines(g, names, style, length, final_scores):
    lines = []
    lines.append(" Game %d" % g["number"])
    left = " %s : %d" % (names[0], g["score_before"][0])
    right = "%s : %d" % (names[1], g["score_before"][1])
    lines.append(left.ljust(32) + right if len(left) < 31 else left + "   " + right)
    cells = g["cells"]
    rows = []
    i = 0
    if cells and cells[0]["player"] == 1:
        rows.append((None, cells[0]))
        i = 1
    while i < len(cells):
        l = cells[i]
        r = cells[i + 1] if i + 1 < len(cells) else None
        rows.append((l, r))
        i += 2
    for no, (l, r) in enumerate(rows, 1):
        prefix = "%3d) " % no
        ltxt = format_cell(l, style) if l else ""
        if r is None:
            lines.append((prefix + ltxt).rstrip())
            continue
        rtxt = format_cell(r, style)
        if len(ltxt) < LEFT_WIDTH:
            lines.append(prefix + ltxt.ljust(LEFT_WIDTH) + rtxt)
        else:
            lines.append(prefix + ltxt + style.rng.choice(["  ", "    "]) + rtxt)
    w = g["winner"]
    match = final_scores is not None
    txt = "Wins %d point%s%s" % (g["points"], "s" if g["points"] > 1 else "",
                                 " and the match" if match else "")
    lines.append((" " * 6 if w == 0 else " " * 34) + txt)
    return lines


def write_match(path, preset, overrides, length, names, games, scores, style,
                tags=(), bom=False, crlf=False):
    opts = effective_options(preset, overrides)
    out = []
    for t, v in tags:
        out.append('; [%s "%s"]' % (t, v))
    out.append('; [Variation "Gul Bara"]')
    if preset != "bulgarian" or style.rng.random() < 0.5:
        out.append('; [Rules "%s"]' % preset)
    for k, v in overrides:
        out.append('; [Rule "%s=%s"]' % (k, v))
    out.append("")
    out.append(" %d point match" % length)
    out.append("")
    running = [0, 0]
    for gi, g in enumerate(games):
        running[g["winner"]] += g["points"]
        last = gi == len(games) - 1
        out.extend(format_game_lines(g, names, style, length, running if last else None))
        out.append("")
    text = "\n".join(out)
    if crlf:
        text = text.replace("\n", "\r\n")
    data = text.encode("utf-8")
    if bom:
        data = b"\xef\xbb\xbf" + data
    with open(path, "wb") as fh:
        fh.write(data)
    expect = {
        "preset": preset,
        "options": opts,
        "games": [{"number": g["number"], "score_before": g["score_before"],
                   "winner": "white" if g["winner"] == 0 else "black",
                   "points": g["points"], "turns": g["turns"], "final": g["final"]}
                  for g in games],
        "final_score": [min(s, length) for s in scores],
        "final_score_raw": list(scores),
        "match_winner": "white" if scores[0] >= length else "black",
    }
    return expect


# ---------------------------------------------------------------------------
# Coverage features (from the replayer's events)
# ---------------------------------------------------------------------------

def features(res, events, opts):
    """Map feature name -> first (game, line) where it occurs."""
    F = {}

    def add(name, e):
        if name not in F:
            F[name] = (e.get("game"), e.get("line"))
    N = opts["chain_exempt_rolls"]
    per_player = opts["chain_exempt_scope"] == "per-player"
    for e in events:
        k = e["kind"]
        if k == "chain":
            add("chain_start_%d" % e["start"], e)
            add("chain_end_%d" % e["end"], e)
            if e["start"] == 1 and e["end"] == 6 and all(s == 4 for _, s in e["played"]):
                add("chain_11_full_24_steps", e)
            if e["start"] == 6 and e["end"] == 6:
                add("chain_66_single_stage" + ("_broken" if e["broken"] else ""), e)
            if e["broken"] and e.get("remainder"):
                add("chain_broken_remainder_passed", e)
                if e["played"][-1][1] > 0:
                    add("chain_broken_mid_stage", e)
            if e["broken"] and not e.get("remainder") and opts["remainder"] == "lost":
                add("chain_broken_remainder_lost_option", e)
                if e["played"][-1][1] > 0:
                    add("chain_broken_mid_stage_remainder_lost", e)
            if N == 0 and e["player_roll"] <= 3:
                add("chain_exempt_rolls_0_chain_on_player_roll_le_3", e)
            if any(s == 0 for _, s in e["played"][1:]):
                add("chain_empty_plus_stage", e)
            if e["won"]:
                if len(e["played"]) > 1:
                    add("win_mid_chain_plus_stage", e)
                add("win_during_chain", e)
            roll_no = e["player_roll"] if per_player else e["game_roll"]
            if roll_no == N + 1:
                add("chain_on_first_roll_after_window[%s]" % opts["chain_exempt_scope"], e)
            if not per_player and e["player_roll"] <= N:
                add("chain_game_scope_player_roll_le_%d" % N, e)
            if N == 0 and e["game_roll"] == 1:
                add("chain_on_games_first_roll", e)
        elif k == "exempt_doublet":
            add("exempt_doublet", e)
            if e["played"] < 4:
                add("exempt_doublet_steps_lost", e)
            roll_no = e["player_roll"] if per_player else e["game_roll"]
            if roll_no == N:
                add("exempt_doublet_on_last_window_roll[%s]" % opts["chain_exempt_scope"], e)
            if N > 3 and roll_no > 3:
                add("exempt_doublet_beyond_3rd_roll[exempt_rolls=%d]" % N, e)
            if per_player and e["game_roll"] > N:
                add("exempt_doublet_per_player_game_roll_gt_%d" % N, e)
        elif k == "remainder_played":
            add("remainder_received", e)
            for n, kk, s in e["stages"]:
                if s == 0:
                    add("remainder_empty_stage", e)
                if s < kk:
                    add("remainder_steps_lost", e)
            if len(e["stages"]) >= 2:
                add("remainder_multi_stage", e)
            if e["won"]:
                add("win_during_remainder", e)
        elif k == "unstarted_chain":
            add("unstarted_chain_" + ("passed" if e["passed"] else "lost"), e)
        elif k == "pass":
            add("pass", e)
            add("pass_cannot_move_word" if e["cannot_move"] else "pass_empty_cell", e)
            if e["prime"] >= 6:
                add("pass_full_prime", e)
            if e["roll"][0] == e["roll"][1]:
                add("pass_doublet", e)
        elif k == "one_die":
            if e["used"] == max(e["roll"]):
                add("one_die_larger_played", e)
            else:
                add("one_die_smaller_only_playable", e)
        elif k == "bearoff_high_die":
            add("bearoff_die_above_highest_point", e)
        elif k == "bearoff_must_move":
            if e["lower_checkers"]:
                add("bearoff_die_must_move_from_higher", e)
        elif k in ("bearoff_begins_mid_stage", "combined_move_to_off"):
            add(k, e)
        elif k == "combined_other_order_blocked":
            add("combined_move_one_order_blocked", e)
        elif k == "win":
            add("win_mars_2pt" if e["mars"] else "win_single_1pt", e)
        elif k == "starter":
            if e["who"] == 1:
                add("right_player_starts", e)
            if e["previous_winner"]:
                add("previous_winner_starts", e)
            if e["roll"] and e["roll"][0] == e["roll"][1]:
                add("first_roll_doublet", e)
        elif k == "last_checker_off":
            pass
        elif k == "dice_as_thrown":
            add("dice_low_first", e)
    # a full-prime pass followed later by a move of the same player (wall opened)
    shut = {}
    for e in events:
        key = (e.get("game"), e.get("player"))
        if e["kind"] == "pass" and e["prime"] >= 6:
            shut.setdefault(key, e)
        elif e["kind"] == "moved" and key in shut:
            add("full_prime_pass_then_moves_again", shut.pop(key))
    return F


def dump_expect(expect):
    """Sidecar JSON, indented, with each integer list kept on one line."""
    text = json.dumps(expect, ensure_ascii=False, indent=2)
    text = re.sub(r"\[\s*((?:-?\d+,\s*)*-?\d+)\s*\]",
                  lambda m: "[" + re.sub(r"\s+", " ", m.group(1)) + "]", text)
    return text + "\n"


def compare_expect(expect, res):
    """Differences between a sidecar and a replay result (list of strings)."""
    diffs = []
    for k in ("preset", "options", "final_score", "match_winner"):
        if expect.get(k) != res.get(k):
            diffs.append("%s: %r != %r" % (k, expect.get(k), res.get(k)))
    eg, rg = expect.get("games", []), res.get("games", [])
    if len(eg) != len(rg):
        diffs.append("games: %d != %d" % (len(eg), len(rg)))
    for a, b in zip(eg, rg):
        for k in ("number", "score_before", "winner", "points", "turns", "final"):
            if a.get(k) != b.get(k):
                diffs.append("game %s %s: %r != %r" % (a.get("number"), k, a.get(k), b.get(k)))
    return diffs


# ---------------------------------------------------------------------------
# Self tests (gul-bara.md §8 at the engine level, examples, mutations)
# ---------------------------------------------------------------------------

def side_from(d):
    s = [0] * 25
    for k, v in d.items():
        s[k] += v
    s[0] += 15 - sum(s)
    return tuple(s)


def _expect_error(fn, *a):
    try:
        fn(*a)
    except RecordError:
        return True
    return False


def selftest(verbose=True):
    import tempfile
    fails = []

    def check(name, cond):
        if verbose:
            print("%-4s %s" % ("ok" if cond else "FAIL", name))
        if not cond:
            fails.append(name)

    # perft
    total, agree, dis = perft_file()
    check("perft %d/%d vectors agree" % (agree, total), agree == total)
    # §8.10 numbering: Black 24/23 24/21 -> Black checkers on W11 and W9
    black = side_from({24: 13, 23: 1, 21: 1})
    occ = [q for q in range(1, 25) if is_blocked(black, q)]
    check("§8.10 black 24/23 24/21 -> W11, W9 (and W12)", occ == [9, 11, 12])
    # §8.7 combined move through a blocked point
    white = side_from({24: 15})
    opp_both = side_from({MAP[18]: 1, MAP[20]: 1, 24: 13})    # W18 and W20 blocked
    opp_one = side_from({MAP[18]: 1, 24: 14})                  # only W18 blocked
    check("§8.7 24/14 with 64, both W18 and W20 blocked: illegal",
          _expect_error(check_stage, white, opp_both, (6, 4), 2, ["24/14"], 0, "t"))
    check("§8.7 24/14 with 64, W18 blocked, W20 open: legal",
          not _expect_error(check_stage, white, opp_one, (6, 4), 2, ["24/14"], 0, "t"))
    opp_d = side_from({MAP[21]: 1, 24: 14})
    check("§8.7 24/18 with 33, W21 blocked: illegal (doublet path is unique)",
          _expect_error(check_stage, white, opp_d, (3, 3), 4, ["24/18", "24/18"], 0, "t"))
    # §8.8 bearing off
    me = side_from({3: 2, 1: 3})
    far = side_from({24: 15})
    check("§8.8 die 6 bears off from the highest point 3",
          step(me, far, 3, 6) is not None and step(me, far, 1, 6) is None)
    me = side_from({5: 1, 3: 2, 1: 3})
    check("§8.8 die 4 with point 4 empty and a checker on 5: must move 5/1, no bear-off",
          step(me, far, 3, 4) is None and step(me, far, 5, 4) is not None)
    check("§8.8 bearing off is not compulsory (6/... inside the board is legal)",
          step(side_from({6: 1, 1: 1}), far, 6, 1) is not None)
    me = side_from({7: 1, 2: 3})
    check("§8.8 no bear-off while a checker is outside",
          step(me, far, 2, 2) is None and step(me, far, 2, 6) is None)
    # §8.11 forced play
    me = side_from({8: 1, 1: 14})
    opp = side_from({MAP[6]: 1, MAP[5]: 1, MAP[2]: 1, 24: 12})   # W6, W5, W2 blocked
    mx, res = stage(me, opp, (3, 2))      # 8/5 and 8/6 blocked, no bear-off yet
    check("§8.2 nothing playable -> pass (0 results)", mx == 0 and not res)
    opp = side_from({MAP[6]: 1, MAP[3]: 1, 24: 13})   # W6, W3 blocked
    me = side_from({9: 1, 1: 14})
    # 9-4=5 open, 5-2=3 blocked; 9-2=7 open, 7-4=3 blocked -> one die only, larger 4
    mx, res = stage(me, opp, (4, 2))
    check("§8.11 only one die: the larger (4) is forced",
          mx == 1 and list(res) == [side_from({5: 1, 1: 14})])
    check("§8.11 playing the smaller (9/7) is illegal",
          _expect_error(check_stage, me, opp, (4, 2), 2, ["9/7"], 0, "t"))
    check("§8.11 leaving a playable die unplayed is illegal",
          _expect_error(check_stage, me, opp, (4, 2), 2, [], 0, "t"))
    # §8.9 full prime
    me = side_from({24: 15})
    opp = side_from({**{MAP[q]: 2 for q in range(18, 24)}, 24: 3})
    check("§8.9 six-point prime in front: every roll passes",
          all(stage(me, opp, (a, b))[0] == 0 for a in range(1, 7) for b in range(1, 7)))
    # §8.3 1-1 full chain = 24 steps (engine-level: stages 1..6 from the start)
    me, opp = START, START
    total_steps = 0
    for n in range(1, 7):
        mx, res = doublet_stage(me, opp, n)
        total_steps += mx
        me = next(iter(res))
    check("§8.3 1-1 chain from the start: 24 steps, 84 pips", total_steps == 24 and
          pips(START) - pips(me) == 84)
    # examples
    for f in sorted(os.listdir(os.path.join(FIXTURES, "examples"))):
        if f.endswith(".mat"):
            try:
                replay_file(os.path.join(FIXTURES, "examples", f))
                check("example %s replays" % f, True)
            except RecordError as e:
                check("example %s replays (%s)" % (f, e), False)
    # mutations of the bulgarian example must be rejected
    ex = open(os.path.join(FIXTURES, "examples", "gulbara-bulgarian-remainders.mat"),
              encoding="utf-8").read()
    muts = [
        ("§8.12 Wins 1 instead of 2 (mars)", "Wins 2 points and the match",
         "Wins 1 point and the match"),
        ("§8.6/chain: missing +66 stage", " +66: 17/11(2) 15/9(2)", ""),
        ("§8.4 received remainder not written", "(66): 10/4 61:", "61:"),
        ("§8.4 remainder stage played short", "(66): 22/16(2) 19/13", "(66): 22/16(2)"),
        ("§8.1 chain written in the exempt window", "22: 24/22(3) 22/20",
         "22: 24/22(3) 22/20 +33: 24/21(4)"),
        ("§8.5 unstarted chain lost by default: no (22) remainder after empty 22",
         "+22:  (22): 20/18(2) 7/5 5/3 (33): 15/12 12/9 9/6(2) (44): 19/15 16/12 10/6 6/2 "
         "(55): 24/19(2) 15/10 12/7 (66): 24/18 18/12 16/10 7/1 65:",
         "+22:  65:"),
        ("§8.11 smaller die / unplayed die", "43: 13/10 5/1", "43: 13/10"),
        ("unfinished game (no result line)", "      Wins 2 points and the match", ""),
        ("move after the game ended", "      Wins 2 points and the match",
         " 22) 61: 24/18 18/17\n      Wins 2 points and the match"),
        ("opening doublet", "64: 24/18 18/14", "44: 24/20(2) 20/16(2)"),
    ]
    for name, old, new in muts:
        if old not in ex:
            check("mutation %s: pattern found" % name, False)
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".mat", delete=False,
                                         encoding="utf-8") as fh:
            fh.write(ex.replace(old, new, 1))
        try:
            check("mutation rejected: %s" % name, _expect_error(replay_file, fh.name))
        finally:
            os.unlink(fh.name)
    return fails


# ---------------------------------------------------------------------------
# CLI
# ---------------------------------------------------------------------------

def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("perft")
    p.add_argument("file", nargs="?")
    p.add_argument("-v", action="store_true")
    p = sub.add_parser("replay")
    p.add_argument("files", nargs="+")
    p.add_argument("--rule", action="append", default=[])
    p.add_argument("--events", action="store_true")
    p.add_argument("--json", action="store_true")
    p = sub.add_parser("gen")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--preset", default="bulgarian", choices=sorted(PRESETS))
    p.add_argument("--rule", action="append", default=[])
    p.add_argument("--length", type=int, default=3)
    p.add_argument("--names", default="White,Black")
    p.add_argument("--out", required=True)
    sub.add_parser("selftest")
    a = ap.parse_args(argv)
    if a.cmd == "perft":
        total, agree, dis = perft_file(a.file, a.v)
        print("perft: %d/%d counts agree" % (agree, total))
        for d in dis:
            print("  position %s roll %s: %s, %s" % d)
        return 0 if not dis else 1
    if a.cmd == "replay":
        bad = 0
        ov = [tuple(r.split("=", 1)) for r in a.rule]
        for f in a.files:
            try:
                res, events = replay_file(f, ov)
            except (RecordError, ValueError) as e:
                print("%s: ERROR %s" % (f, e))
                bad += 1
                continue
            status = "ok"
            side = f[:-4] + ".expect.json" if f.endswith(".mat") else None
            if side and os.path.exists(side):
                diff = compare_expect(json.load(open(side, encoding="utf-8")), res)
                status = "ok, sidecar agrees" if not diff else "SIDECAR MISMATCH %s" % diff
                bad += bool(diff)
            print("%s: %s; %d game(s), score %s" % (f, status, len(res["games"]),
                                                   res["final_score_raw"]))
            if a.json:
                print(json.dumps(res, ensure_ascii=False))
            if a.events:
                for e in events:
                    if e["kind"] != "moved":
                        print("   ", e)
        return 1 if bad else 0
    if a.cmd == "gen":
        rng = random.Random(a.seed)
        ov = [tuple(r.split("=", 1)) for r in a.rule]
        opts = effective_options(a.preset, ov)
        pol = [Policy(rng, {"uniform": 2, "prime": 1, "chainlong": 1, "race": 1})
               for _ in range(2)]
        games, scores = simulate_match(opts, a.length, rng, pol)
        st = Style(random.Random(a.seed + 1))
        exp = write_match(a.out, a.preset, ov, a.length, tuple(a.names.split(",")),
                          games, scores, st)
        with open(a.out[:-4] + ".expect.json" if a.out.endswith(".mat")
                  else a.out + ".expect.json", "w", encoding="utf-8") as fh:
            fh.write(dump_expect(exp))
        return 0
    if a.cmd == "selftest":
        fails = selftest()
        print("selftest: %s" % ("all passed" if not fails else "%d FAILED" % len(fails)))
        return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
