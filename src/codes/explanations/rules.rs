//! The explanations of the codes of the rules of play (`tavla::rules::…`) and of single plays
//! (`tavla::play::…`).

pub(in crate::codes) const NO_BAR: &str = r#"Gul bara has no hitting, so it has no bar (gul-bara.md §1; records.md §5). tavla reports
every step from or to the bar (`bar/22`, `25/22`) in a Gul bara record. The usual cause is
a backgammon record checked as Gul bara (see the `Variation` header), or a typo.

Example:
      6) 53: 20/17 bar/22               64: 24/20 24/18"#;

pub(in crate::codes) const NO_HITTING: &str = r#"In Gul bara a single checker already holds its point: nothing is ever hit (gul-bara.md §1,
§2; records.md §5). tavla reports every `*` hit mark in a Gul bara record. Remove the `*`;
if the step lands on an opposing checker, the step itself is illegal too.

Example:
      6) 53: 20/17 7/2*               64: 24/20 24/18"#;

pub(in crate::codes) const DANCE_NOT_JUSTIFIED: &str = r#"A player passes (writes the roll or stage with no steps, or `Cannot Move`) only when no
step at all can be played (gul-bara.md §2, §3; backgammon.md; records.md §2). In Gul bara
this holds for every stage of a chain and every received stage. tavla reports an empty roll
or stage where a step was possible, with examples of legal plays. Write the play made.

Example (with 6-1 Ljubica could move):
      7) 61:             54: 20/16 18/13"#;

pub(in crate::codes) const FORCED_PLAY: &str = r#"A play must use as many dice as any legal sequence can: both dice of a roll, as many steps
of a doublet stage as possible, in Gul bara per chain stage and per received stage
(gul-bara.md §2, §3, §8.11; backgammon.md; records.md §3). tavla reports a play that uses
fewer steps than possible and shows legal plays. Write the full play.

Example (both dice of 4-1 can be played):
      8) 41: 19/15             51: 24/23 24/19"#;

pub(in crate::codes) const LARGER_DIE: &str = r#"When only one die of a roll can be played, it must be the larger one if that one can be
played (gul-bara.md §2, §8.11; backgammon.md "Board and movement"). tavla reports a play of
the smaller die in that case. Play the larger die.

Example (only one die of 4-3 is playable, and 19/15 was possible):
      4) ... 62: 16/10 3/1    43: 19/16"#;

pub(in crate::codes) const TOO_MANY_STEPS: &str = r#"Each die moves one checker one step: two steps for a roll, four for a doublet stage, as many
as were passed for a received stage (gul-bara.md §2, §3; backgammon.md). tavla reports the
first step past what the dice allow. Remove the extra step, or correct the dice.

Example:
      9) 41: 24/20 15/14 14/13             31: 23/20 16/15"#;

pub(in crate::codes) const NO_DIE: &str = r#"Every step moves by a die value, and a combined move (`24/14`) by the sum of unused dice
(gul-bara.md §2, records.md §3). tavla reports a step whose distance no remaining die, or
sum of remaining dice, makes. Correct the points or the dice; remember that moves are in
the mover's own numbering.

Example (4-1 cannot move 24/21):
      9) 41: 24/21 15/14             31: 23/20 16/15"#;

pub(in crate::codes) const NO_CHECKER: &str = r#"A step starts from a point where the mover has a checker (or from the bar). Moves are
written in the mover's own numbering: both Gul bara players start on their own 24
(gul-bara.md §1, §8.10); in backgammon my point p is the opponent's 25 - p. tavla reports a
step from a point without a checker of the mover. Check the numbering and earlier moves.

Example (Mehmet's opening written in Ljubica's numbering instead of 24/18 18/14):
      1)                             64: 12/6 6/2"#;

pub(in crate::codes) const BLOCKED: &str = r#"A step may not land on a point the opponent holds: in Gul bara one opposing checker holds a
point (gul-bara.md §2), in backgammon two or more (backgammon.md). tavla reports such a
step, naming the point in both numberings. Check the move and the columns.

Example (Mehmet's 7 is Ljubica's 19, where one of her checkers stands):
      4) 62: 13/7 7/5                42: 24/22 11/7"#;

pub(in crate::codes) const HIT_CLAIM: &str = r#"A single play may mark hits: `*` after a point in the mover-relative form (`13/7*`), `x` or
`×` before a point in the board-letter form (`1Ax7A`, notations.md). The play is judged by
the board, not by its marks, so a wrong mark does not make it illegal; `tavla check` warns
when a marked point has no blot to hit, or when a play that marks hits leaves one unmarked.
Remove or add the mark.

Example (seed 003 writes a hit on 7A, where nothing stands at the start):
    tavla check --roll 63 -- '6/3 = 1A-4A and 1Ax7A'"#;

pub(in crate::codes) const AMBIGUOUS_LETTERS: &str = r#"In the board-letter form (notations.md §1 "Ambiguity") `x` is both a count mark
(`2x1A-7A`) and a hit dash (`1Ax7A`), so a number 1-4 glued to `x` and a point, `4x9-11`,
reads as four checkers `9 - 11` or as one checker `4 x 9 - 11` hitting on 9. `tavla check`
tries both: exactly one legal is taken, with a note naming the other; both legal is a warning
and the count reading is judged; neither legal reports the reading whose first bad step comes
later (the count reading on a tie), with the note. Write `4 x 9-11` for the hit and `4x 9-11`
for the count; tavla prints these forms.

Example (Black has a checker on 4 and a White blot stands on 9):
    tavla check --side black --roll 52 -- '4x9-11'"#;

pub(in crate::codes) const BACKWARDS: &str = r#"Every checker runs from its owner's 24 point towards 1 and off (backgammon.md, gul-bara.md
§1); in the board-letter form White runs 1A → 12A → 12 → 1 and Black the other way round
(notations.md §1). tavla reports a written hop whose destination is higher than its origin
in the mover's own numbering, e.g. a play written for the wrong side.

Example (seed 003's `6/1 = 12Ax7A and 7-8`: for White 12A is 13 and 7A is 18):
    tavla check -- '6/1 = 12Ax7A and 7-8'"#;

pub(in crate::codes) const PINNED: &str = r#"In the pinning games (Tapa, Plakoto) a checker on which an opposing checker has landed is
pinned: it cannot move until the pinner leaves (tapa.md). tavla's step rule asks the
variant's movement policy whether a checker may leave its point, and reports a step from a
point where it may not. Move another checker.

Example (White's checker on 20 is pinned by a black checker standing on it):
      7) 41: 20/16 20/19"#;

pub(in crate::codes) const HEAD_RULE: &str = r#"In the nardy family only one checker may leave the head (the mover's 24 point) in a
turn, with exceptions for some first-roll doublets (long-nardy.md). tavla applies such
play-level rules inside legal-play generation, so the forced-play rules are judged among
the plays they allow, and reports the step that takes one checker too many from the head.

Example (two checkers leave the head with 6-5):
      1) 65: 24/18 24/19"#;

pub(in crate::codes) const BLOCKED_PATH: &str = r#"A combined move (`22/13`) is made of single steps, and every intermediate landing point must
be open; for a non-doublet roll one of the two orders is enough (gul-bara.md §2, §8.7;
backgammon.md). tavla reports a combined move whose every path passes a point the opponent
holds. Write the steps that were played.

Example (with 5-4 both 17 and 18 are held by Ljubica):
     11) 64: 11/5 9/5                54: 22/13"#;

pub(in crate::codes) const MUST_ENTER: &str = r#"Backgammon: a player with a checker on the bar must enter it (`bar/21`) before moving any
other checker (backgammon.md "Board and movement"). tavla reports a move of another checker
while one is on the bar. Write the entering step first.

Example (White was hit by 5/3* and must enter before playing 13/9 8/6):
      4) 52: 24/22 13/8              32: 8/5 5/3*
      5) 42: 13/9 8/6                44: 11/7 7/3 6/2* 6/2"#;

pub(in crate::codes) const BEAR_OFF_NOT_HOME: &str = r#"Bearing off is allowed only once all 15 checkers are in the home board or off; it may begin
in the middle of a turn, once the last checker arrives (gul-bara.md §5, backgammon.md).
tavla reports a bear-off step while a checker still stands outside. Move the last checker
home first (the order of the written steps does not matter).

Example (a checker is left on 10 while 5/0 is played twice):
     19) 44: 10/6(2) 6/2 5/1 +55: 10/5 6/1 5/0(2) +66: 5/0(4)  52: 6/4 6/1"#;

pub(in crate::codes) const BEAR_OFF_HIGHER: &str = r#"A die bears off from its own point; a larger die bears off from a lower point only when no
checker stands higher (gul-bara.md §5, §8.8; backgammon.md). tavla reports bearing off with
a larger die while a checker stands on a higher point. Move the higher checker with that die
instead.

Example (a 3 bears off from 2 while a checker stands on 5):
     20) 31: 2/0 5/4                 11: 16/15 10/9 2/1(2) ..."#;

pub(in crate::codes) const AMBIGUOUS_PATH: &str = r#"Backgammon: a combined move may pass a blot only by hitting it, and a hit on the way must be
written (`13/7*/2`), because it changes the game (records.md §3). tavla reports a combined
move that can only be played by an unwritten hit on the way. Write the intermediate point
with its `*`.

Example (8/1 with 6-1 can only pass through 2, where a blot stands: write `8/2*/1`):
      4) 61: 8/1                     31: 25/22 23/22"#;

pub(in crate::codes) const ILLEGAL_PLAY: &str = r#"A play is legal if some order of its steps is legal (records.md §3). When each step can be
played on its own but no order plays them all, and no single step is to blame, tavla
reports the play as a whole, with examples of legal plays. It is a fallback: a specific code
(`blocked`, `no-die`, `bear-off-higher`, ...) is given whenever one step explains the
problem. Compare the play with the legal plays listed and write the one that was made."#;

pub(in crate::codes) const NO_CUBE: &str = r#"Gul bara has no doubling cube (gul-bara.md §1), nor has short nardy (backgammon.md
"Presets"), nor a match with `; [CubeLimit "1"]` (records.md §4). tavla reports any
`Doubles`, `Takes`, `Drops`, `Beavers` or `Raccoons` there. Delete the cube action, or
correct the `Variation`, `Rules` or `CubeLimit` header.

Example (a Gul bara record):
      7)  Doubles => 2                Takes"#;

pub(in crate::codes) const DOUBLE_TWICE: &str = r#"Backgammon: a double must be answered before another can be offered (backgammon.md "Cube,
results, matches"). tavla reports a double while another double is still open. Write the
answer (`Takes`, `Drops`) between the two doubles, or delete the second one.

Example:
     13)  Doubles => 2
     14)  Doubles => 2                Takes"#;

pub(in crate::codes) const EARLY_DOUBLE: &str = r#"Backgammon: the first turn of a game is the opening roll, and doubling starts only after
it (backgammon.md "Opening" and "Cube, results, matches"). tavla reports a double before the
opening roll. Move the double to the turn it was made in.

Example:
     Game 1
     gnubg : 0                      tavla : 0
      1)  Doubles => 2                Takes"#;

pub(in crate::codes) const CRAWFORD_DOUBLE: &str = r#"Backgammon matches: in the game right after a player first reaches match length minus one
(the Crawford game) nobody may double (backgammon.md "Cube, results, matches"). tavla
reports a double in that game. If the match was played without the Crawford rule, say so
with `; [Crawford "Off"]`; otherwise correct the scores or the double.

Example (a 3 point match; Black reached 2 in game 1):
     Game 2
     White : 0                      Black : 2
      1)                             43: 6/2 24/21
      2) 41: 24/20 24/23*            41: 25/21 24/23
      3)  Doubles => 2                Takes"#;

pub(in crate::codes) const CRAWFORD_UNKNOWN: &str = r#"A note, not an error. Whether a game at match point minus one is the Crawford game depends
on the game before it (backgammon.md "Cube, results, matches"); in a record that starts
mid-match (records.md §6) that game is not in the record, so a double there may be legal
(after the Crawford game) or not. tavla notes the double and checks the game on.

Example (a fragment of a 7 point match; was game 0 the Crawford game?):
     Game 1
     BlueNote,1780 : 6                nori,1830 : 3
      1)                             43: 6/2 24/21
      2)  Doubles => 2                Takes"#;

pub(in crate::codes) const DOUBLE_NOT_OWNER: &str = r#"Backgammon: only the player who owns the cube (the one who took the last double) may double
again; a centred cube may be doubled by either player (backgammon.md "Cube, results,
matches"). tavla reports a double by the player who does not own the cube. Check the columns
of the doubles and answers.

Example (Black took White's double at turn 13 and owns the cube):
     13)  Doubles => 2                Takes
    ...
     15)  Doubles => 4                Takes"#;

pub(in crate::codes) const CUBE_VALUE: &str = r#"A double, a beaver and a raccoon each double the cube: from 1 to 2, from 2 to 4, and so on
(backgammon.md "Cube, results, matches"; records.md §2). tavla reports a `=> N` value that
is not twice the current cube. Write the right value.

Example (the cube is at 1, so the double makes it 2):
     13)  Doubles => 4                Takes"#;

pub(in crate::codes) const ANSWER_WITHOUT_DOUBLE: &str = r#"`Takes`, `Drops` and `Beavers` answer the opponent's double, on the same line or the next
(records.md §2). tavla reports an answer with no open double to answer. Delete it, or write
the missing double before it.

Example:
     12) 62: 14/12* 12/6             61:
     13)                               Takes"#;

pub(in crate::codes) const BEAVER_NOT_ALLOWED: &str = r#"A beaver (the doubled player redoubles at once and keeps the cube) exists only in money
play with beavers allowed, and only for the doubled player (backgammon.md "Cube, results,
matches"). tavla reports any other beaver, including gnubg's way of writing one as the
doubled player's immediate `Doubles => 2N`. Write `Takes` (or `Drops`) instead, or allow
beavers with `; [Beaver "On"]` in a money session.

Example (in a 5 point match):
     13)  Doubles => 2                Beavers => 4"#;

pub(in crate::codes) const RACCOON_NOT_ALLOWED: &str = r#"A raccoon is the original doubler's immediate redouble after a beaver (backgammon.md "Cube,
results, matches"). tavla reports a raccoon that does not follow a beaver, or is made by
the other player. Delete it, or write the beaver it answers.

Example (no beaver before it):
      6)  Doubles => 2                Raccoons => 4"#;

pub(in crate::codes) const ILLEGAL_PRIME: &str = r#"In Long nardy and Fevga a player may hold six points in a row of the opponent's path
only if at least one opposing checker is already past them (long-nardy.md §4, fevga.md §4;
`prime_rule = opponent-home`: once one is in its home board). tavla applies the rule inside
legal-play generation, after every step (`block_check = step`) or on the whole play
(`play`), so a roll whose only two-dice plays close such a block is played with one die.

Example (White's 24/14 closes W19..W14 while every Black checker is on its head):
     12) 64: 24/14                   21: 24/22 24/23"#;

pub(in crate::codes) const START_QUARTER_BLOCK: &str = r#"In Fevga a player may never hold all six points of their own starting quarter (own 24..19)
at the same time (fevga.md §4, `start_quarter = forbidden`). tavla reports the step that
would complete it; the die must be played elsewhere if it can, and the forced-play rules
are judged among the plays that keep a point of the quarter open.

Example (White holds 23..20 with checkers on 24; 24/19 fills the last point):
      9) 51: 24/19 8/7                42: 17/13 9/7"#;

pub(in crate::codes) const RUNNER_RULE: &str = r#"In Fevga a player's first checker (the runner) must pass the opponent's starting point
before any other checker leaves the own 24 point: until a checker stands on own 11 or
lower, a step from 24 is illegal once one checker has left (fevga.md §3, `runner`). The
runner may pass in the middle of a roll (5-5: `24/9 24/19`).

Example (from the start, 6-5 may only run one checker):
      1) 65: 24/18 24/19"#;

pub(in crate::codes) const PINNED_BEAR_OFF: &str = r#"In Tapa and Plakoto a player bears off only when all 15 checkers are home and none of them
is pinned; while one is pinned, inside the home board or not, nothing is borne off, even
after bearing off has begun (tapa.md §4). Moves inside the home board stay legal. Play the
die inside the home board, or another checker.

Example (White's checker on 3 is pinned under a black checker):
     21) 42: 4/off 2/off"#;

pub(in crate::codes) const DRAW_RESULT: &str = r#"In Tapa and Plakoto the game is a draw the moment both mothers (each player's last checker on
its start) are pinned; nobody wins it, and each player scores `draw_points` (tapa.md §5, §7).
A draw is written ` Draw` on its own line. tavla reports a `Wins` line after a draw, a
` Draw` line after a game that was won (by bearing off or by the mother rule), and a
` Draw` line while the game is still running.

Example (White pinned the second mother with 2/1, but the record writes a win):
     31) 61: 17/11 2/1
                                  Wins 2 points"#;
