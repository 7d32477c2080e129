//! The explanations of the codes of a record's structure: its matches, games, turns and results
//! (`tavla::record::…`).

pub(in crate::codes) const SGF_VARIATION: &str = r#"An SGF game tree may branch into variations: `(...(;B[52]...)(;B[64]...))`. gnubg loads
only the first variation of each game, and so does tavla: the others are not checked. The
note points at the second variation. To check a variation, save it as a game of its own.

Example (two answers to White's 31):
    (;GM[6]MI[length:1];W[31hefe](;B[52lnlq])(;B[64aggk]))"#;

pub(in crate::codes) const SGF_SETUP: &str = r#"SGF can set up a position, the player on roll, the cube or the dice by hand (`AE`, `AW`,
`AB`, `PL`, `CV`, `CP`, `DI`). A record in the `.mat` layout, which tavla checks, always
starts a game from the starting position and has no such step, so tavla warns and checks
the game only up to the setup node. Export the game from its start to check it all.

Example:
    ;W[31hefe]
    ;AE[a]AW[b]"#;

pub(in crate::codes) const UNSUPPORTED_VARIANT: &str = r#"The `Variation` header selects the game (records.md §4): `Gul Bara` and its aliases,
`Backgammon`, `NackGammon` and `Short Nardy`, `Obiknovena`, `Portes`, `Tavla`, `Tapa` and
`Plakoto` with their aliases, and the rotating match `Sreshta`. Any other variant is
reported once and the file is not checked further. If the header is wrong, correct it; to
check the record as one of the supported games anyway, pass `--variant`.

Example:
    ; [Variation "Acey-Deucey"]"#;

pub(in crate::codes) const BAD_RULE_OPTION: &str = r#"Rule choices are a preset plus single-option overrides (records.md §4): `Rules` names a
preset (Gul bara: bulgarian, english, simple, gul-bara.md §7; backgammon: short-nardy,
nackgammon), `Rule "key=value"` overrides one option (gul-bara.md §3, §4), and `Crawford`,
`Jacoby`, `Beaver` and `CubeLimit` set backgammon options. An unknown name or a value out
of range is reported and the default is used instead. Correct the spelling or the value.

Example:
    ; [Rules "bulgaria"]
    ; [Rule "chain_exempt_rolls=7"]"#;

pub(in crate::codes) const NO_GAMES: &str = r#"A warning, not an error. The file holds no ` Game N` line, so there was nothing to
replay: an empty file, blank lines, or a header and comments only. Exit code 0 (1 with
`--deny-warnings`). A file sent to a tournament director as a match record should hold the
games; check that the right file was submitted, and that it was not cut short.

Example (a file of comments only):
    ; [Event "Club night"]
    ; the games follow"#;

pub(in crate::codes) const NO_MATCH_LENGTH: &str = r#"The ` N point match` line gives the match length; `0` is a money session (records.md §1).
Without it tavla reads the record as a money session and warns: no game ends the match and
backgammon has no Crawford game. Add the line before `Game 1` (` 3 point match`), or
` 0 point match` if it really was money play.

Example:
    ; [Variation "Gul Bara"]

     Game 1
     Ljubica : 0                    Mehmet : 0"#;

pub(in crate::codes) const GAME_NUMBER: &str = r#"Games are numbered 1, 2, 3, ... in the order they are played (records.md §1). tavla warns
when a `Game N` line carries another number than the next one, which usually means a game
was lost or pasted twice. Renumber the games, or put back the missing one.

Example (the second game of the record):
          Wins 2 points
     Game 3
     Bob : 2                        Ali : 0"#;

pub(in crate::codes) const AFTER_MATCH_END: &str = r#"A match ends as soon as a player reaches the match length; points past it do not count
(gul-bara.md §6, backgammon.md "Cube, results, matches"). tavla reports a game that
starts after the match was won (records.md §6). Delete the extra games, or correct the match
length or the result that ended the match too early.

Example:
     1 point match
    ...
                                      Wins 1 point and the match
     Game 2"#;

pub(in crate::codes) const DRAW: &str = r#"Gul bara has no draws (gul-bara.md §6, §8.9): a shut-in player keeps passing until the wall
opens, and every game ends with a winner. tavla reports a game that stops without a result
and is followed by a score line that awards nobody a point, and a `Wins 0` result. Write
the rest of the game (passes are rolls with no steps) and its result, or the resignation
that ended it.

Example (game 2 started at 0 : 2):
     29) 43:                          52:
     Game 3
     Ангел : 0                      Viktor : 2"#;

pub(in crate::codes) const SCORE_MISMATCH: &str = r#"Each score line gives the scores before the game: game 1 starts 0 : 0 and every later
score is the previous one plus the game's result (records.md §6; a mars is 2 points,
gul-bara.md §6). tavla reports a score line that disagrees with the results written above
it. Correct the score line, or the result line if that is the wrong one.

Example (Bob, in the left column, won game 1 by a mars):
          Wins 2 points
     Game 2
     Bob : 1                        Ali : 0"#;

pub(in crate::codes) const JACOBY_INFERRED: &str = r#"In a money session the Jacoby rule counts a gammon or backgammon as a single game while
the cube is centred (hypergammon.md §4, backgammon.md). GNU Backgammon plays with it on by
default but writes no `Jacoby` tag in its .mat files, writes the result at its full value
(`Wins 2 points`) and adds 1 in the next score line. In a record without a `Jacoby` tag the
score line decides: a score that adds either the `Wins` value or the single game is
accepted, and this warning notes that the Jacoby rule was inferred. With `Jacoby "Off"` the
full value is required. Add `; [Jacoby "On"]` to the header to say so.

Example (a money session; gnubg won a gammon at a centred cube):
      2) 66: 24/18 18/12 12/6 6/0
          Wins 2 points
     Game 7
     gnubg : 2                      root : 17"#;

pub(in crate::codes) const STARTS_MID_MATCH: &str = r#"Game 1 of a match starts 0 : 0; a record whose first score line gives other scores starts
in the middle of a match (GridGammon writes such fragments), which is not an error
(records.md §6). tavla warns once, and checks the later score lines from the written
scores. Nothing needs fixing; add the earlier games if you have them.

Example (a 7 point match):
     Game 1
     BlueNote,1780 : 1                nori,1830 : 0"#;

pub(in crate::codes) const NO_SCORE_LINE: &str = r#"Each game starts with a score line naming both players and their scores before the game
(records.md §1). tavla warns about a game without one and takes the scores from the
results before it. Add the line after `Game N`: ` Name : score   Name : score`.

Example:
     Game 1
      1)                             64: 24/18 18/14"#;

pub(in crate::codes) const NOT_CHECKED: &str = r#"A note, not an error. After a syntax error on a turn line tavla cannot know the position
that follows, so it stops checking that game at that line and says how many turns were left
unchecked; the other games are still checked. Fix the syntax error reported at the same
place and check the record again.

Example (`71:` is not a roll, so the rest of game 1 is not checked):
      7) 71: 24/23 23/17             54: 20/16 18/13"#;

pub(in crate::codes) const TURN_NUMBER: &str = r#"Turn lines are numbered 1, 2, 3, ... within each game (records.md §1). tavla warns at the
first number out of sequence; a skipped number often means a line was deleted, so check the
moves around it too. Renumber the lines.

Example:
      3) 55: 24/19(2) 19/14 14/9     63: 22/16 14/11
      5) 62: 13/7 7/5                42: 24/22 20/16"#;

pub(in crate::codes) const AFTER_GAME_END: &str = r#"A game ends when a player bears off the last checker (also in the middle of a chain or of
a received remainder), when a double is dropped, or with a resignation (gul-bara.md §6,
records.md §2, §6). Only the result line may follow. tavla reports any roll, cube action,
resignation or second result after the end. Delete the extra entries, or correct the moves
that ended the game too early.

Example (Ljubica bears off her last checkers with 1-1, then Mehmet still rolls):
     21) (55): 5/0(2) 2/0 (66): 2/0(4) 11: 1/0(2)           43: 16/12 12/9"#;

pub(in crate::codes) const TURN_ORDER: &str = r#"The players alternate: after a player's roll (and, in Gul bara, after a received remainder
played before it) it is the opponent's turn; a double is answered by the other player
(records.md §6). tavla reports a player acting twice in a row, or answering their own
double. Usually a cell is missing or stands in the wrong column.

Example (Mehmet's turn 4 is missing):
      4) 62: 13/7 7/5
      5) 42: 24/20 9/7               52: 22/20 11/6"#;

pub(in crate::codes) const UNANSWERED_DOUBLE: &str = r#"A double must be answered by `Takes` or `Drops` (or a beaver) before the game goes on
(backgammon.md "Cube, results, matches", records.md §2). tavla reports a roll made while
the double is still open. Write the answer in the doubled player's column, on the line of
the double or the next one.

Example:
     13)  Doubles => 2
     14) 65: 14/9 9/3                33:"#;

pub(in crate::codes) const MISSING_REMAINDER: &str = r#"When a Gul bara chain breaks, the unplayed steps of the broken stage and a full stage of
every higher number pass to the opponent, who plays them before rolling, as `(nn):` stages
at the start of the cell (gul-bara.md §3, §8.4; records.md §5). A 6-6 outside the exempt
window is a chain of one stage. tavla reports a receiver who rolls without playing what was
passed. Write the received stages before the roll, empty ones too.

Example (the fourth 6 of Ljubica's 6-6 passes; write `(66): 10/4 61: 7/1 3/2`):
     18) 66: 16/10(2) 8/2            61: 7/1 3/2"#;

pub(in crate::codes) const WRONG_REMAINDER: &str = r#"Received stages are the numbers that passed, played in ascending order, one `(nn):` stage
each (gul-bara.md §3, §8.4; records.md §5). tavla reports a received stage with another
number than the next one passed, for example a skipped stage or a wrong label. Write the
stages that passed, in order.

Example (one 6 of the 6-6 passed, so the stage is `(66):`):
     18) 66: 16/10(2) 8/2            (55): 10/4 61: 7/1 3/2"#;

pub(in crate::codes) const UNEXPECTED_REMAINDER: &str = r#"Only a broken chain passes a remainder (gul-bara.md §3): not a doublet in the exempt
window, not an ordinary roll, not a chain the roller could not start at all under the
default `unstarted_chain = lost`, and nothing ever with `remainder = lost` (the `simple`
preset). tavla reports a received `(nn):` stage when nothing, or fewer stages, were passed.
Delete the stage, or set the rule option the players used (`; [Rule "unstarted_chain=pass"]`).

Example (Ljubica could not play any 6, so nothing passes):
     19) 66:                         (66): 24/18 16/10 10/4(2) 52: 6/4 6/1"#;

pub(in crate::codes) const MISSING_ROLL: &str = r#"Every turn has its roll; in Gul bara, after playing a received remainder the receiver
rolls as usual in the same cell (gul-bara.md §3, records.md §5). tavla reports a turn cell
without a roll, for example received stages with nothing after them. Write the roll and its
play after the received stages.

Example:
     18) 66: 16/10(2) 8/2            (66): 10/4"#;

pub(in crate::codes) const UNEXPECTED_STAGE: &str = r#"A chain stage `+nn:` is due only after a full stage of a smaller number, outside the exempt
window (each player's first three rolls by default), and never after the stage of 6s, after
a stage played short, or after the last checker was borne off (gul-bara.md §3, §8.1, §8.2,
§8.6). Backgammon has no chains. tavla reports a stage that is not due. Delete it: unplayed
steps of a broken chain pass to the opponent as `(nn):` stages instead.

Example (Ljubica's second roll is inside the exempt window: 5-5 is one stage):
      3) 55: 24/19(2) 19/14 14/9 +66: 24/18(2) 19/13 13/7    63: 22/16 14/11"#;

pub(in crate::codes) const MISSING_STAGE: &str = r#"Outside the exempt window a full stage of n (n < 6) is followed at once by a stage of n+1,
through the stage of 6s (gul-bara.md §3, §8.3). A due stage that cannot be played at all is
still written, empty (`+22:`); records.md §5. tavla reports a due stage that is not
written. Add it, with its steps or empty.

Example (after the full stage of 1s, `+22:` is due even though no 2 can be played):
     16) 11: 11/10 10/9 6/5(2)  (22): 20/18(2) 7/5 5/3 (33): 15/12 12/9 9/6(2) ..."#;

pub(in crate::codes) const WRONG_STAGE: &str = r#"Chain stages run n, n+1, ... up to 6, each the next number after the previous full stage
(gul-bara.md §3, records.md §5). tavla reports a chain stage with another number than the
one due, typically a skipped stage. Write the missing stage, or correct the number.

Example (after the full stage of 2s comes `+33:`):
     10) 22: 24/22(2) 23/21 21/19 +44: 24/20 20/16 19/15 13/9 ..."#;

pub(in crate::codes) const WRONG_STARTER: &str = r#"With `next_game_starter = previous-winner` (the `english` preset, or the option) the winner
of the previous game starts the next one and rolls both dice (gul-bara.md §4, §7). tavla
reports a game whose first roll is made by the other player. Check the columns (the first
roll must be the previous winner's) or the rule option the players used.

Example (`; [Rules "english"]`; Bob won game 1, so Bob must roll first):
     Game 2
     Ali : 0                        Bob : 2
      1) 31: 24/21 21/20             65: 24/18 24/19"#;

pub(in crate::codes) const OPENING_DOUBLET: &str = r#"With `opening = starter-plays-opening-dice` (Gul bara's default and backgammon's), each
player rolls one die and the higher one plays both, so the first turn of a game is never a
doublet (gul-bara.md §4, backgammon.md "Opening"). tavla reports an opening doublet. Correct
the roll, or state the rule the players used: `; [Rule "opening=starter-rerolls"]`.

Example:
      1)                             22: 24/22(2) 22/20(2)"#;

pub(in crate::codes) const WRITER_ILLEGAL_PLAY: &str = r#"Some programs (Snowie) write `Illegal play (...)` when a player made an illegal move: the
record itself says the play broke the rules (records.md §2). tavla reports it, and stops
checking the game because the real position is unknown. Replace it with the play that was
actually made, if it is known.

Example:
      5) 42: Illegal play (24/20 9/7)               52: 22/20 11/6"#;

pub(in crate::codes) const UNKNOWN_PLAY: &str = r#"XG writes `????` for a roll that was followed by a resignation (records.md §2). Where the
game goes on after it, the play is simply unknown: tavla reports it and stops checking the
game. Write the play that was made, or end the game there with the resignation's result.

Example:
     13) 54: ????               31: 13/12 10/7"#;

pub(in crate::codes) const CANNOT_MOVE_WITH_STEPS: &str = r#"`Cannot Move` means the roll had no legal step (records.md §2); written together with
steps it contradicts itself. tavla reports the contradiction. Keep either the steps or
`Cannot Move`: whichever is right, tavla then checks it.

Example:
     19) 64: Cannot Move 9/3 3/off               65: 10/4 12/7"#;

pub(in crate::codes) const FORCED_PLAY_OMITTED: &str = r#"Backgammon only: some writers leave the cell empty when exactly one legal play existed
(records.md §2). tavla, like gnubg, applies that play and warns. Write the play to make the
record complete. (In Gul bara an empty roll always means no step was possible, so the same
omission is `tavla::rules::dance-not-justified`.)

Example (Black's only legal play for 6-1 is bar/24*):
      8) 64: 24/18 18/14*            61:"#;

pub(in crate::codes) const HIT_MARK: &str = r#"Backgammon: a file "marks hits" if any of its steps carries a `*` (records.md §3). In such
a file tavla warns about a play whose hits and `*` marks disagree: a hit without `*`, or a
`*` that hits nothing. Hits are always computed from the board, so the check goes on. Add
or remove the `*`.

Example (one of these steps hits a blot, in a file that marks hits elsewhere):
      8) 33: 24/21 24/21 10/7 7/4    65:"#;

pub(in crate::codes) const WRONG_WINNER: &str = r#"The result stands in the winner's column (records.md §2). tavla reports a `Wins` in the
column of the player who did not win the game (the one who did not bear off all checkers,
whose opponent dropped a double, or who resigned: `Resigns` in the same column). Move the
result to the winner's column, or the resignation to the loser's.

Example (Ljubica, on the left, bore off her last checkers):
     21) (55): 5/0(2) 2/0 (66): 2/0(4) 11: 1/0(2)
                                      Wins 2 points and the match"#;

pub(in crate::codes) const WINS_MISMATCH: &str = r#"A finished game is worth what the final position and cube give: Gul bara 1 point, or 2
(mars) if the loser bore off nothing (gul-bara.md §6, §8.12); backgammon single, gammon or
backgammon times the cube (backgammon.md); a written resignation that names its level
(`Resigned Gammon`, `Resigned Match`) that level. A value capped at the points the winner
still needed is accepted (records.md §2). tavla reports any other `Wins` value. Write the
real value; the message says how it was computed.

Example (Ali bore off nothing, so Bob's win is a mars, 2 points):
     24) 44: 1/off 1/off
          Wins 1 point"#;

pub(in crate::codes) const BAD_RESIGNATION: &str = r#"A `Wins` while the game is still running is a resignation by the other player, written
(`Resigns`) or not (records.md §2). It is worth Gul bara 1 point, or 2 while the resigning
player has borne off nothing (gul-bara.md §6); backgammon 1, 2 or 3 times the cube. tavla
reports a value no resignation can have, and a level the position does not allow
(`Resigned Backgammon` without a triple win). Correct the value, or write the moves that
finished the game.

Example (the left player has already borne off checkers, so 2 is impossible):
     20) 43: 3/off 3/off             51: 21/16 19/18
                                      Wins 2 points"#;

pub(in crate::codes) const LOSSES_MISMATCH: &str = r#"Backgammon Galaxy writes ` Losses N points` beside the winner's ` Wins N points`; the two
must agree (records.md §2). tavla reports a `Losses` value that differs from the `Wins`
beside it. Make both the real value of the game.

Example:
          Wins 2 points                  Losses 1 point"#;

pub(in crate::codes) const MATCH_END_MARK: &str = r#"`and the match` marks the result that ends the match (records.md §2, §5). tavla warns when
it stands on a game after which no player has reached the match length, or in a money
session on a game other than the last (servers mark the session's end so). Remove the mark,
or correct the match length, the scores or the points.

Example (a 3 point match; Bob had 0 before this game):
          Wins 2 points and the match"#;

pub(in crate::codes) const GAME_UNFINISHED: &str = r#"Every game ends with a result line (records.md §6). When the record stops while a game is
still running, tavla warns (records are often truncated) and reports nothing else about the
missing end. Add the rest of the game and its result, or the resignation that ended it.

Example (the last lines of the file):
     15) 43: 13/10 5/1               62: 15/9 12/10"#;

pub(in crate::codes) const ILLEGAL_PLAY_TAG: &str = r#"A record may state that a play was illegal as it was made at the board, so that it is not
taken for a slip of the pen: `; [IllegalPlay "game 2, turn 7, black"]` (several plays separated
by `;`). Such a play, when the rest of its game replays from it as written, is reported as a
note instead of an error. tavla warns when the header cannot be read, or when the play it
names is legal, or is not one the rest of the game replays from as written.

Example (turn 7 of game 2 is a legal play):
    ; [IllegalPlay "game 2, turn 7, black"]"#;

pub(in crate::codes) const MISSING_RESULT: &str = r#"Every game ends with a result line (records.md §6). tavla warns about a game that is over
(a written `Resigns` included), or that is followed by a game whose score line awards its
points, but has no `Wins` line. Add ` Wins N points` in the winner's column after the last
move.

Example (Bob has just borne off his last checkers):
     24) 44: 1/off 1/off
     Game 2"#;

pub(in crate::codes) const PIN_MARK: &str = r#"Tapa and Plakoto need no pin marker: pins are computed from the board. A `*` after a point
(`13/7*`) is accepted as a pin marker with the meaning records.md gives the hit marker: a
file "marks pins" if any step in it carries a `*`, and in such a file tavla warns about a
play whose pins and `*` marks disagree (tapa.md §9). The record stays valid. Add or remove
the `*`.

Example (13/7 pins a lone checker, in a file that marks pins elsewhere):
      8) 64: 13/7 11/7               65:"#;
