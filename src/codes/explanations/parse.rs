//! The explanations of the codes of reading a record's text and the syntax of SGF
//! (`tavla::parse::…`).

pub(in crate::codes) const UNKNOWN_LINE: &str = r#"A match record holds only header and comment lines (`; ...`, `# ...`), the `N point match`
line, `Game N` lines, score lines, numbered turn lines and result lines (records.md §1).
tavla reports any other line and skips it; free text typed between the turns is the usual
cause. Delete the line, or keep it as a comment by starting it with `;`.

Example:
      6) 53: 20/17 7/2               64: 24/20 24/18
      Ljubica thinks for a long time
      7) 61: 24/23 23/17             54: 20/16 18/13"#;

pub(in crate::codes) const BAD_STEP: &str = r#"A step is FROM/TO in the mover's own numbering: points 1-24, `bar` (or 25) and `off` (or 0),
with optional `*` hit marks, written intermediate points (`13/7/1`) and a repeat count
(`8/5(2)`) (records.md §3). A token with a `/` that is not such a step is reported, and the
game is not checked past its line because the position after it is unknown. Correct the
points; there is no point 26.

Example:
      6) 53: 26/23 7/2               64: 24/20 24/18"#;

pub(in crate::codes) const BAD_LETTER_PLAY: &str = r#"The board-letter form of single plays (notations.md §1, from seed 003's booklet) writes
`[W|B|Б|Ч] [d/d =] HOP-CHAIN {and HOP-CHAIN}`, each chain `[Nx] POINT {- POINT}` with points
`1`-`12` and `1A`-`12A`, `bar` and `off`; `x` or `×` between two points claims a hit.
tavla reports the first token that does not fit, e.g. a letter other than A, a `*` (the
mover-relative form's hit mark), a dangling dash or a chain without a second point.

Example:
    tavla check --roll 64 -- '6/4 = 1A-7Q'"#;

pub(in crate::codes) const BAD_POINT: &str = r#"The board-letter form numbers the points 1-12 on White's side and 1A-12A on Black's
(notations.md §1): there is no `0`, `13` or `13A`; the letter may be Latin or Cyrillic A and
may stand after a space (`12 A`). tavla reports the point as written, and reads on after the
next separator, so every bad point of a play is reported at once.

Example:
    tavla check --roll 64 -- '6/4 = 13A-7A'"#;

pub(in crate::codes) const BAD_DICE: &str = r#"A roll is two dice 1-6 followed by a colon (`64:`), and a chain stage `+nn:` or a received
remainder stage `(nn):` names a doublet (records.md §2 and §5, gul-bara.md §3). tavla
reports any other dice, for example a 7 or a chain stage that is not a doublet, and stops
checking the game at that line. Write the dice that were rolled; after `22:` the next chain
stage is `+33:`.

Example:
      7) 71: 24/23 23/17             54: 20/16 18/13
     10) 22: 24/22(2) 23/21 21/19 +34: 22/19 19/16 16/13 14/11"#;

pub(in crate::codes) const NUMBER_TOO_LARGE: &str = r#"Game numbers, scores, the match length, cube values and points must be meaningful numbers;
tavla accepts at most 4294967295 (records.md §2). A larger number almost always means a
damaged or hand-edited file. The number is ignored, so the line it stands on is not checked
as written. Write the real value.

Example:
          Wins 99999999999999999999 points and the match"#;

pub(in crate::codes) const BAD_CUBE_ACTION: &str = r#"A cube action names the new cube value: ` Doubles => N`, ` Beavers => N` or
` Raccoons => N` (records.md §2). tavla reports the word without `=> N` and stops checking
the game there, because the cube value is unknown. Add the value; note that Gul bara has no
cube at all (gul-bara.md §1), so there the whole action is wrong.

Example:
      7)  Doubles                     Takes"#;

pub(in crate::codes) const BAD_RESULT: &str = r#"A result line gives the points won: ` Wins 1 point`, ` Wins 2 points`, optionally followed
by `and the match` (records.md §2). `Wins` or `Losses` without a number cannot be checked
against the game and is reported. Write the number of points the game was worth (Gul bara:
1, or 2 for a mars, gul-bara.md §6).

Example:
          Wins points and the match"#;

pub(in crate::codes) const UNEXPECTED_TOKEN: &str = r#"A cell is a roll with its play (`64: 24/18 18/14`), a cube action (`Doubles => 2`,
`Takes`, `Drops`) or a result (`Wins 1 point`) (records.md §2). tavla reports a token that
belongs to no cell: steps with no roll before them, or a word it does not know after a roll.
Usually a roll was lost while editing; write it back (here `41:` before `24/20`).

Example:
      8) 41: 24/23 19/15             51: 24/23 24/19
      9) 24/20 15/14             31: 23/20 16/15"#;

pub(in crate::codes) const MISPLACED_STAGE: &str = r#"A chain stage `+nn:` continues the doublet rolled earlier in the same cell (records.md §1
and §5, gul-bara.md §3); it never starts a cell. tavla reports a `+nn:` stage with no roll
before it. Most often the `+` of the roll itself was typed by mistake: write `44:`, not
`+44:`.

Example:
     19) +44: 10/6(2) 6/2 5/1 +55: 10/5(2) 6/1 5/0 +66: 5/0(4)  52: 6/4 6/1"#;

pub(in crate::codes) const TOO_MANY_CELLS: &str = r#"A turn line holds at most two cells: the left player's and the right player's (records.md
§1). tavla reports the third and later cells of a line and ignores them. Put the extra cell
on the next numbered line, in the column of the player it belongs to, and renumber the
following lines.

Example:
     11) 64: 11/5 9/5                54: 24/19 6/2    31: 13/12 10/7"#;

pub(in crate::codes) const JOINED_LINES: &str = r#"Each turn line holds one numbered turn; a result stands in a cell of its own or on its own
line (records.md §1, §2). tavla reports a second label `N)` inside a turn line, with the
result or cells after it, as two lines run together, and does not read the rest of the line.
Split the line before the second label, and write that part on the next line.

Example (the result belongs on a line of its own):
     24) 43: 21/18 18/14              24)  Losses 2 point"#;

pub(in crate::codes) const MISPLACED_LINE: &str = r#"Every line has its place (records.md §1): one `N point match` line before the first game,
a score line right after each `Game N` line, turn and result lines only inside a game.
tavla reports a second match length line, a score line after turns, and turn or result
lines before any `Game N` line, and ignores them. Move or delete the line.

Example:
     3 point match

     3 point match

     Game 1"#;

pub(in crate::codes) const INVALID_UTF8: &str = r#"Records are UTF-8 (records.md §1). tavla reports each byte sequence that is not UTF-8,
reads it as U+FFFD and still checks the rest of the file. The usual cause is a player name
or comment saved in Latin-1 or Windows-1252. Convert the file to UTF-8, for example with
`iconv -f latin1 -t utf-8`.

Example (the é saved as the single Latin-1 byte 0xE9):
    ; [Player 1 "José"]"#;

pub(in crate::codes) const LINE_TOO_LONG: &str = r#"A line longer than 64 KiB is not read (records.md §1: a turn line may be as long as it
needs to be; real lines, Gul bara chains included, stay far below 1 KiB). tavla reports the
line and stops checking the game there, so a runaway line cannot exhaust memory. Split the
text into lines: one header, score line or turn per line.

Example:
  1) 31: 8/5 6/5 8/5 6/5 8/5 6/5 … (70 000 more characters)"#;

pub(in crate::codes) const SYNTAX: &str = r#"A syntax error that none of the specific `tavla::parse::*` codes describes. tavla's parser
reports every error it knows under a specific code, so no record is expected to produce
this one; the message says what could not be read. The game is not checked past the line.
Fix the line as the message says, and please report the record so the case gets its own
code."#;

pub(in crate::codes) const SGF_SYNTAX: &str = r#"gnubg's SGF is `(;Ident[value]...;W[31hefe]...)`: game trees in parentheses, nodes
starting with `;`, properties of upper-case letters each with values in brackets (`\]` and
`\\` escaped). tavla reports a character where none of these can stand, a property without
a value, a `[` never closed, a `)` closing nothing and a tree never closed. The node holding
the error is skipped and the rest of the file is read, so a lost move shows up as a turn
out of order. Fix the node as the message says.

Example (the value's `[` is missing):
    ;W[31hefe]
    ;B 52lnlq]"#;

pub(in crate::codes) const SGF_VALUE: &str = r#"A move is the dice and one letter pair per single-die step (`W[31hefe]`: `a`-`x` White's
points 1-24 and Black's 24-1, `y` the bar, `z` off), a dance is the dice alone (`B[65]`),
and cube actions are `double`, `take`, `drop`. A result is `RE[W+n]` or `RE[B+n]`, with `R`
after n for a resignation. A game tree of another game than backgammon (`GM[6]`) is not
read. tavla reports the value and skips its node. Rewrite the value in gnubg's form.

Example (dice 7 and a letter beyond `z`):
    ;W[71h{]"#;
