//! Every diagnostic code tavla can emit, as one enum: [`Code`]. Each code is written once,
//! below, with its stable string, its one-line summary and its long explanation (for
//! `tavla explain` and SARIF rule help).
//!
//! This module sits below every layer (it knows no text, rules or output), so `notation`,
//! `record`, `replay` and `report` all name codes by their variant.
//!
//! Each explanation says what the rule is (with the section of `gul-bara.md`,
//! `backgammon.md` or `records.md` that states it), what tavla checks, how to fix the record,
//! and ends with a short example excerpt of a record that shows the problem.

use std::fmt;
use std::str::FromStr;

macro_rules! codes {
    ($(
        $variant:ident = $code:literal,
        summary: $summary:literal,
        explanation: $explanation:literal;
    )*) => {
        /// A diagnostic code. Its string ([`Code::as_str`]) is stable and is what every output
        /// format shows; the variant's documentation is its summary.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $(
                #[doc = $summary]
                $variant,
            )*
        }

        impl Code {
            /// Every code, in registry order (the order of SARIF's rule list).
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The stable code, e.g. `tavla::rules::blocked`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $code,)*
                }
            }

            /// What the code means, in one line.
            pub const fn summary(self) -> &'static str {
                match self {
                    $(Code::$variant => $summary,)*
                }
            }

            /// The long explanation: the rule, what tavla checks, how to fix the record, and
            /// (for most codes) an example excerpt.
            pub const fn explanation(self) -> &'static str {
                match self {
                    $(Code::$variant => $explanation,)*
                }
            }
        }
    };
}

impl Code {
    /// The code's position in [`Code::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Look a code up by its string, with or without the `tavla::` prefix
    /// (`tavla::rules::blocked` or `rules::blocked`).
    ///
    /// ```
    /// use tavla::codes::Code;
    /// assert_eq!(Code::lookup("rules::blocked"), Some(Code::Blocked));
    /// assert_eq!(Code::lookup("tavla::rules::blocked"), Some(Code::Blocked));
    /// assert_eq!(Code::lookup("blocked"), None);
    /// ```
    pub fn lookup(code: &str) -> Option<Code> {
        let full = code.strip_prefix("tavla::").unwrap_or(code);
        Code::ALL
            .iter()
            .copied()
            .find(|c| c.as_str().strip_prefix("tavla::") == Some(full))
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// The error of [`Code::from_str`]: no code has this string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownCode(pub String);

impl fmt::Display for UnknownCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown code `{}`", self.0)
    }
}

impl std::error::Error for UnknownCode {}

impl FromStr for Code {
    type Err = UnknownCode;

    /// As [`Code::lookup`].
    fn from_str(s: &str) -> Result<Code, UnknownCode> {
        Code::lookup(s).ok_or_else(|| UnknownCode(s.to_owned()))
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

codes! {
    UnknownLine = "tavla::parse::unknown-line",
    summary: "A line that is none of: header, match length, game, score, turn or result line.",
    explanation: r#"A match record holds only header and comment lines (`; ...`, `# ...`), the `N point match`
line, `Game N` lines, score lines, numbered turn lines and result lines (records.md §1).
tavla reports any other line and skips it; free text typed between the turns is the usual
cause. Delete the line, or keep it as a comment by starting it with `;`.

Example:
      6) 53: 20/17 7/2               64: 24/20 24/18
      Ljubica thinks for a long time
      7) 61: 24/23 23/17             54: 20/16 18/13"#;

    BadStep = "tavla::parse::bad-step",
    summary: "A step token that is not FROM/TO with points 1-24, bar or off.",
    explanation: r#"A step is FROM/TO in the mover's own numbering: points 1-24, `bar` (or 25) and `off` (or 0),
with optional `*` hit marks, written intermediate points (`13/7/1`) and a repeat count
(`8/5(2)`) (records.md §3). A token with a `/` that is not such a step is reported, and the
game is not checked past its line because the position after it is unknown. Correct the
points; there is no point 26.

Example:
      6) 53: 26/23 7/2               64: 24/20 24/18"#;

    BadLetterPlay = "tavla::parse::bad-letter-play",
    summary: "A single play in the board-letter form that cannot be read.",
    explanation: r#"The board-letter form of single plays (notations.md §1, from seed 003's booklet) writes
`[W|B|Б|Ч] [d/d =] HOP-CHAIN {and HOP-CHAIN}`, each chain `[Nx] POINT {- POINT}` with points
`1`-`12` and `1A`-`12A`, `bar` and `off`; `x` or `×` between two points claims a hit.
tavla reports the first token that does not fit, e.g. a letter other than A, a `*` (the
mover-relative form's hit mark), a dangling dash or a chain without a second point.

Example:
    tavla check --roll 64 -- '6/4 = 1A-7Q'"#;

    BadPoint = "tavla::parse::bad-point",
    summary: "A point of the board-letter form outside 1-12 and 1A-12A.",
    explanation: r#"The board-letter form numbers the points 1-12 on White's side and 1A-12A on Black's
(notations.md §1): there is no `0`, `13` or `13A`; the letter may be Latin or Cyrillic A and
may stand after a space (`12 A`). tavla reports the point as written, and reads on after the
next separator, so every bad point of a play is reported at once.

Example:
    tavla check --roll 64 -- '6/4 = 13A-7A'"#;

    BadDice = "tavla::parse::bad-dice",
    summary: "A roll that is not two digits 1-6, or a chain/remainder stage that is not a doublet.",
    explanation: r#"A roll is two dice 1-6 followed by a colon (`64:`), and a chain stage `+nn:` or a received
remainder stage `(nn):` names a doublet (records.md §2 and §5, gul-bara.md §3). tavla
reports any other dice, for example a 7 or a chain stage that is not a doublet, and stops
checking the game at that line. Write the dice that were rolled; after `22:` the next chain
stage is `+33:`.

Example:
      7) 71: 24/23 23/17             54: 20/16 18/13
     10) 22: 24/22(2) 23/21 21/19 +34: 22/19 19/16 16/13 14/11"#;

    NumberTooLarge = "tavla::parse::number-too-large",
    summary: "A number too large to be meaningful (game, score, points, cube).",
    explanation: r#"Game numbers, scores, the match length, cube values and points must be meaningful numbers;
tavla accepts at most 4294967295 (records.md §2). A larger number almost always means a
damaged or hand-edited file. The number is ignored, so the line it stands on is not checked
as written. Write the real value.

Example:
          Wins 99999999999999999999 points and the match"#;

    BadCubeAction = "tavla::parse::bad-cube-action",
    summary: "`Doubles`, `Beavers` or `Raccoons` without `=> N`.",
    explanation: r#"A cube action names the new cube value: ` Doubles => N`, ` Beavers => N` or
` Raccoons => N` (records.md §2). tavla reports the word without `=> N` and stops checking
the game there, because the cube value is unknown. Add the value; note that Gul bara has no
cube at all (gul-bara.md §1), so there the whole action is wrong.

Example:
      7)  Doubles                     Takes"#;

    BadResult = "tavla::parse::bad-result",
    summary: "`Wins` or `Losses` without a number of points.",
    explanation: r#"A result line gives the points won: ` Wins 1 point`, ` Wins 2 points`, optionally followed
by `and the match` (records.md §2). `Wins` or `Losses` without a number cannot be checked
against the game and is reported. Write the number of points the game was worth (Gul bara:
1, or 2 for a mars, gul-bara.md §6).

Example:
          Wins points and the match"#;

    UnexpectedToken = "tavla::parse::unexpected-token",
    summary: "A token that belongs to no cell: steps without a roll, or an unknown word.",
    explanation: r#"A cell is a roll with its play (`64: 24/18 18/14`), a cube action (`Doubles => 2`,
`Takes`, `Drops`) or a result (`Wins 1 point`) (records.md §2). tavla reports a token that
belongs to no cell: steps with no roll before them, or a word it does not know after a roll.
Usually a roll was lost while editing; write it back (here `41:` before `24/20`).

Example:
      8) 41: 24/23 19/15             51: 24/23 24/19
      9) 24/20 15/14             31: 23/20 16/15"#;

    MisplacedStage = "tavla::parse::misplaced-stage",
    summary: "A `+nn:` chain stage with no roll before it in the cell.",
    explanation: r#"A chain stage `+nn:` continues the doublet rolled earlier in the same cell (records.md §1
and §5, gul-bara.md §3); it never starts a cell. tavla reports a `+nn:` stage with no roll
before it. Most often the `+` of the roll itself was typed by mistake: write `44:`, not
`+44:`.

Example:
     19) +44: 10/6(2) 6/2 5/1 +55: 10/5(2) 6/1 5/0 +66: 5/0(4)  52: 6/4 6/1"#;

    TooManyCells = "tavla::parse::too-many-cells",
    summary: "More than two cells on one line.",
    explanation: r#"A turn line holds at most two cells: the left player's and the right player's (records.md
§1). tavla reports the third and later cells of a line and ignores them. Put the extra cell
on the next numbered line, in the column of the player it belongs to, and renumber the
following lines.

Example:
     11) 64: 11/5 9/5                54: 24/19 6/2    31: 13/12 10/7"#;

    JoinedLines = "tavla::parse::joined-lines",
    summary: "A second line label (`N)`) on a turn line: two lines written as one.",
    explanation: r#"Each turn line holds one numbered turn; a result stands in a cell of its own or on its own
line (records.md §1, §2). tavla reports a second label `N)` inside a turn line, with the
result or cells after it, as two lines run together, and does not read the rest of the line.
Split the line before the second label, and write that part on the next line.

Example (the result belongs on a line of its own):
     24) 43: 21/18 18/14              24)  Losses 2 point"#;

    MisplacedLine = "tavla::parse::misplaced-line",
    summary: "A line outside its place: a score line after turns, turns before `Game N`, a second match length.",
    explanation: r#"Every line has its place (records.md §1): one `N point match` line before the first game,
a score line right after each `Game N` line, turn and result lines only inside a game.
tavla reports a second match length line, a score line after turns, and turn or result
lines before any `Game N` line, and ignores them. Move or delete the line.

Example:
     3 point match

     3 point match

     Game 1"#;

    InvalidUtf8 = "tavla::parse::invalid-utf8",
    summary: "Bytes that are not UTF-8.",
    explanation: r#"Records are UTF-8 (records.md §1). tavla reports each byte sequence that is not UTF-8,
reads it as U+FFFD and still checks the rest of the file. The usual cause is a player name
or comment saved in Latin-1 or Windows-1252. Convert the file to UTF-8, for example with
`iconv -f latin1 -t utf-8`.

Example (the é saved as the single Latin-1 byte 0xE9):
    ; [Player 1 "José"]"#;

    LineTooLong = "tavla::parse::line-too-long",
    summary: "A line longer than 64 KiB: reported and not read.",
    explanation: r#"A line longer than 64 KiB is not read (records.md §1: a turn line may be as long as it
needs to be; real lines, Gul bara chains included, stay far below 1 KiB). tavla reports the
line and stops checking the game there, so a runaway line cannot exhaust memory. Split the
text into lines: one header, score line or turn per line.

Example:
  1) 31: 8/5 6/5 8/5 6/5 8/5 6/5 … (70 000 more characters)"#;

    Syntax = "tavla::parse::syntax",
    summary: "Any other syntax error.",
    explanation: r#"A syntax error that none of the specific `tavla::parse::*` codes describes. tavla's parser
reports every error it knows under a specific code, so no record is expected to produce
this one; the message says what could not be read. The game is not checked past the line.
Fix the line as the message says, and please report the record so the case gets its own
code."#;

    SgfSyntax = "tavla::parse::sgf-syntax",
    summary: "SGF that cannot be read: the node it stands in is skipped.",
    explanation: r#"gnubg's SGF is `(;Ident[value]...;W[31hefe]...)`: game trees in parentheses, nodes
starting with `;`, properties of upper-case letters each with values in brackets (`\]` and
`\\` escaped). tavla reports a character where none of these can stand, a property without
a value, a `[` never closed, a `)` closing nothing and a tree never closed. The node holding
the error is skipped and the rest of the file is read, so a lost move shows up as a turn
out of order. Fix the node as the message says.

Example (the value's `[` is missing):
    ;W[31hefe]
    ;B 52lnlq]"#;

    SgfValue = "tavla::parse::sgf-value",
    summary: "An SGF move, result or game that gnubg's SGF cannot hold.",
    explanation: r#"A move is the dice and one letter pair per single-die step (`W[31hefe]`: `a`-`x` White's
points 1-24 and Black's 24-1, `y` the bar, `z` off), a dance is the dice alone (`B[65]`),
and cube actions are `double`, `take`, `drop`. A result is `RE[W+n]` or `RE[B+n]`, with `R`
after n for a resignation. A game tree of another game than backgammon (`GM[6]`) is not
read. tavla reports the value and skips its node. Rewrite the value in gnubg's form.

Example (dice 7 and a letter beyond `z`):
    ;W[71h{]"#;

    SgfVariation = "tavla::record::sgf-variation",
    summary: "An SGF game with variations: only the first is read, as gnubg does.",
    explanation: r#"An SGF game tree may branch into variations: `(...(;B[52]...)(;B[64]...))`. gnubg loads
only the first variation of each game, and so does tavla: the others are not checked. The
note points at the second variation. To check a variation, save it as a game of its own.

Example (two answers to White's 31):
    (;GM[6]MI[length:1];W[31hefe](;B[52lnlq])(;B[64aggk]))"#;

    SgfSetup = "tavla::record::sgf-setup",
    summary: "An SGF setup node (AE AW AB PL CV CP DI): the game is not checked past it.",
    explanation: r#"SGF can set up a position, the player on roll, the cube or the dice by hand (`AE`, `AW`,
`AB`, `PL`, `CV`, `CP`, `DI`). A record in the `.mat` layout, which tavla checks, always
starts a game from the starting position and has no such step, so tavla warns and checks
the game only up to the setup node. Export the game from its start to check it all.

Example:
    ;W[31hefe]
    ;AE[a]AW[b]"#;

    Unreadable = "tavla::io::unreadable",
    summary: "A file or directory that cannot be read (the run continues and exits 2).",
    explanation: r#"tavla could not read a file or directory named on the command line or found while walking
a directory: it does not exist, is not readable with the current permissions, or reading it
failed. This is about the file system, not about the record. The other files are still
checked, and the run exits with status 2 (usage or I/O error), which outranks the status 1
of invalid records. Check the path and its permissions."#;

    NotText = "tavla::io::not-text",
    summary: "A file that is not a text match record (an image, an archive, a program): one error.",
    explanation: r#"The file holds NUL bytes or other control characters in its first kilobytes and is not a
format tavla reads (`.mat` text, GNU Backgammon's SGF, eXtreme Gammon's `.xg`): an image, an
archive, a program or a UTF-16 text. It gets this one error instead of a syntax error on every
line, and none of its bytes are printed. Check that the right file was named; a UTF-16 record
is read once saved as UTF-8.

Example (a PNG image saved as `game.mat`):
    \x89PNG\r\n\x1a\n\0\0\0\rIHDR…"#;

    NoRecords = "tavla::io::no-records",
    summary: "A run that found no record to check (exit 2 unless `--allow-empty`).",
    explanation: r#"`tavla validate` found no record: the directories named hold no file with an extension of
`--ext` (by default `mat`, `txt`, `sgf`, `xg`, `xgp`), or `--files-from` listed nothing. A
run that checked nothing has proved nothing, so it exits 2 (usage or I/O error), as ESLint
does: a CI job must not pass on an empty or misnamed directory. Check the paths and `--ext`;
pass `--allow-empty` when an empty run is expected and should exit 0."#;

    XgBadMagic = "tavla::xg::bad-magic",
    summary: "A file read as eXtreme Gammon's that does not start with `RGMH`.",
    explanation: r#"An eXtreme Gammon match (`.xg`) or position (`.xgp`) starts with the four bytes `RGMH`, the
magic number of its 8,232-byte header (docs/formats.md). tavla reads a file as XG's when it
starts so or when its name ends in `.xg` or `.xgp`; this one does not start with `RGMH`, so
nothing in it is read. It is another kind of file with the wrong extension, or damaged from
its first byte: use an intact copy saved by XG, or rename it.

Example (the first bytes of a ZIP file named `match.xg`):
    50 4b 03 04 14 00 00 00"#;

    XgBadHeader = "tavla::xg::bad-header",
    summary: "An `RGMH` header with a version or size XG never writes.",
    explanation: r#"The `RGMH` header of an XG file gives its version (1) and its own size (8,232 bytes) right
after the magic number (docs/formats.md). A file that gives anything else is damaged or comes
from a version of XG that tavla does not know; nothing after the header is read, since every
offset of the file depends on the header's size. Save the match again from XG.

Example (bytes 4 to 11: version 2, size 4,096):
    52 47 4d 48 02 00 00 00 00 10 00 00"#;

    XgTruncated = "tavla::xg::truncated",
    summary: "An XG file that ends inside its header, thumbnail, archive or a record.",
    explanation: r#"An XG file is a header, a thumbnail and an archive whose 36-byte trailer at the end of the
file gives the sizes of the registry and the data before it; `temp.xg` is a whole number of
2,560-byte records (docs/formats.md). tavla reports the first size that the file is too short
for, at the byte where it is needed, and reads nothing past it (a cut record is not read).
The file was cut short by an interrupted copy or download: use an intact copy.

Example (a trailer that claims more data than the file holds):
    trailer at byte 99 312: data 97 040 bytes, registry 64 bytes, file 99 348 bytes"#;

    XgBadCrc = "tavla::xg::bad-crc",
    summary: "An XG archive or member whose CRC-32 does not match its content.",
    explanation: r#"XG's archive stores the CRC-32 of its data and registry in its trailer, and each member's
registry record the CRC-32 of the member's content (docs/formats.md). tavla computes both and
reports a mismatch: a byte of the file changed in storage or transfer, so no record of it can
be trusted, and nothing is read. Use an intact copy; a copy that XG itself opens has
matching CRCs.

Example (one byte of the compressed data changed):
    the archive's CRC-32 is 085d6791 in its trailer but 3f0c2a11 over its 97 104 bytes"#;

    XgBadRegistry = "tavla::xg::bad-registry",
    summary: "An XG archive registry that overruns its data or lacks `temp.xg`.",
    explanation: r#"The registry of an XG archive lists its members in 532-byte records: name, size, compressed
size, start and CRC-32 (docs/formats.md). tavla reports a member count larger than the
registry holds or than any real file needs (64), a member whose data runs past the archive's
data, a registry that is not a valid zlib stream, and an archive without `temp.xg`, the
member that holds the match. Nothing is read from such a file: use an intact copy.

Example (a trailer that counts 200 members in a 64-byte registry):
    trailer: 200 members, registry 64 bytes"#;

    XgTooLarge = "tavla::xg::too-large",
    summary: "An XG member larger than tavla reads (64 MiB).",
    explanation: r#"A member of an XG archive is inflated to the size its registry record gives, and never
past 64 MiB, whatever that record says (docs/formats.md): a real match of 30 games needs
about 2 MiB. A larger size is a damaged file or a decompression bomb, and nothing of the
member is read. Split the session into shorter matches in XG if it really is that long.

Example (a registry record claiming a 2 GiB `temp.xg`):
    temp.xg: size 2147483647, compressed 96666"#;

    XgBadMember = "tavla::xg::bad-member",
    summary: "An XG member that is not a valid zlib stream or has the wrong size.",
    explanation: r#"Each member of an XG archive is a zlib stream that inflates to exactly the size its
registry record gives (docs/formats.md). tavla reports a stream that does not inflate, and one
that inflates to more or fewer bytes than the record says; the member is not read (for
`temp.xgc`, the comments, the match is still read, with this as a warning). Use an intact
copy.

Example (a `temp.xg` whose record says 1 349 120 bytes):
    member `temp.xg` holds 1 346 560 bytes, but its record gives 1349120"#;

    XgBadRecord = "tavla::xg::bad-record",
    summary: "A record of `temp.xg` that XG does not write (type, player, dice, move, place).",
    explanation: r#"`temp.xg` is a match header, then per game a game header, cube and move records and a game
footer, then a match footer; a record's type is at its byte 8, its player is 1 or -1, dice
run from 1 to 6, a move's from slots from 0 to 24 (docs/formats.md). tavla reports a record
that breaks this at its offset in `temp.xg`, with its game and turn where it has them, and
skips what it cannot read (an unknown type ends the reading). The file is damaged.

Example (a move record with the dice 7 and 1):
    record at byte 7 680 of temp.xg: dice 7, 1"#;

    XgMarkedInvalid = "tavla::xg::marked-invalid",
    summary: "A play or cube decision that XG itself marked invalid.",
    explanation: r#"XG keeps a mark on a move or cube record that it found invalid when the match was entered
(`InvalidM`, `inValid`; docs/formats.md). tavla reports the mark as a warning at the record
and checks the play or decision against the rules itself, so an illegal play also gets the
finding of the rule it breaks, with its suggestions. Correct the play in XG and save again.

Example (a move record marked invalid):
    record at byte 30 720 of temp.xg: InvalidM = 2"#;

    OgxmBadHeader = "tavla::ogxm::bad-header",
    summary: "A file read as OGXM whose header is not OGXM's.",
    explanation: r#"An OGXM file starts with the magic `OGXM`, the writer's version, the oldest reader
version that reads it and the file's size as a little-endian u32 (16 bytes in v2, 20 in v1;
docs/formats.md). tavla reports a file that does not start with the magic, or whose size is
smaller than a header and the `END!` trailer (or, in v1, whose trailer gives another size);
nothing in it is read. Use an intact copy.

Example (a size of 4 bytes):
    4f 47 58 4d 02 00 00 00 02 00 00 00 04 00 00 00"#;

    OgxmTruncated = "tavla::ogxm::truncated",
    summary: "An OGXM file shorter than its header says, or without `END!`.",
    explanation: r#"The header of an OGXM file gives its size, and its last four bytes are `END!`
(docs/formats.md). A file shorter than that size, or that does not end in `END!` there, was
cut short by an interrupted copy or download; tavla reports where, and reads nothing of it,
since no section can be trusted. Use an intact copy.

Example (a 3,000-byte file whose header says 3,412):
    the header gives a file size of 3412 bytes but the file has 3000"#;

    OgxmBadChecksum = "tavla::ogxm::bad-checksum",
    summary: "An OGXM `CSUM` checksum that does not match the bytes before it.",
    explanation: r#"The `CSUM` section (a chunk in OGXM v1) holds a CRC-32 (algorithm 0) or SHA-256
(algorithm 3) of every byte of the file before it (docs/formats.md). tavla computes it and
reports a mismatch at the stored digest: a byte changed in storage or transfer, or someone
edited the file without recomputing it. Nothing of the file is read. Use an intact copy.

Example:
    the CRC-32 in `CSUM` is 1a2b3c4d but the 812 bytes before it give 99887766"#;

    OgxmCriticalSection = "tavla::ogxm::unknown-critical-section",
    summary: "An OGXM section marked critical that this reader does not know.",
    explanation: r#"Each OGXM section has a flags byte whose bit 0 marks it critical: a reader that does not
know a critical section must not read the file, since the section changes what the rest
means (docs/formats.md). Sections that are not critical are skipped. The file was written
for a newer version of OGXM: read it with a reader of that version.

Example (a section `ZZZZ` with flags 01):
    5a 5a 5a 5a 01 00 00 00 01 00"#;

    OgxmBadRecord = "tavla::ogxm::bad-record",
    summary: "An OGXM section or record that overruns its length or holds a value OGXM never writes.",
    explanation: r#"OGXM's sections and records are framed by lengths, and a ply is a header byte, step
bytes `from | pips << 5` and an optional extras record (docs/formats.md). tavla reports a
length that runs past its section or the file, a varint longer than ten bytes, a step byte
that names no point or no pips, and a file without its `MTCH` section, at the byte where it
stands; nothing after it can be placed, so the file is not read further. In `ANAL`, `DECS`,
`ANNO` and `CLCK` such damage, or a ply the match does not have, is a warning naming the
section and record: that record is set aside, the match still read. Use an intact copy.

Example (a section claiming 4 GiB):
    section `GAME` gives a length of 4294967295 bytes, past the end of the file"#;

    OgxmUnsupported = "tavla::ogxm::unsupported",
    summary: "OGXM content tavla reads but cannot check: a newer version, another variant, a board set by hand.",
    explanation: r#"tavla reads OGXM v1 and v2 (docs/formats.md). A file that needs a newer reader, a v1
file in a stream, a variant OGXM does not define, a game that starts from a position or cube
of its own, and a ply that sets the board or cube by hand (other than a play made at the
board, which is checked) cannot be stated in a match record, so that file or game is not
checked from there; tavla says so at the bytes concerned. A v1 `GVAN` chunk of a version
other than 2 and 3 is passed over with a warning (its luck and levels are not read).

Example:
    the file needs an OGXM v1.9 reader; this one reads v1 up to v1.4 (and v2)"#;

    OgxmBadSignature = "tavla::ogxm::bad-signature",
    summary: "An OGXM Ed25519 signature (`MSIG` or `SIGN`) that does not verify.",
    explanation: r#"An OGXM file may carry Ed25519 signatures: `MSIG` over the match (its `MTCH` and `GAME`
sections) and `SIGN` over an analysis block bound to the match (docs/formats.md). tavla
verifies each against the key the file carries or the publishers' keys given with
`--keys FILE`. A signature that does not verify means the signed bytes were changed after
signing (a ply edited, even with the checksum recomputed) or the signature is not by that
key: the file is not what its publisher wrote. Get the file again from its publisher.

Example (one ply changed after the match was signed):
    the match signature (`MSIG`) does not verify"#;

    OgxmUnknownKey = "tavla::ogxm::unknown-key",
    summary: "An OGXM signature whose key is not among the publishers' keys given.",
    explanation: r#"A signature proves who signed only if the key is known to be the publisher's: tavla trusts
the keys given with `--keys FILE` (one a line, 32-byte Ed25519 public keys in hex or base64)
and warns of a signature that verifies only under a key the file carries itself (it proves
the file is intact, not who wrote it), or that names no key when none is given. Pass the
publisher's key with `--keys`.

Example:
    the match signature (`MSIG`) verifies under the public key the file carries"#;

    OgxmBadMember = "tavla::ogxm::bad-member",
    summary: "A member of an OGXM stream that does not frame or verify.",
    explanation: r#"An OGXM stream (`.ogxms`, `.ogxms.zst`) is OGXM v2 files back to back, each with its `CSUM`
(docs/formats.md). tavla reports a member that is cut short, fails its checksum or has none,
and a zstd stream that does not decompress, with the bytes skipped; reading resumes at the
next member that frames and verifies, so every other match is still checked.

Example:
    member 3 at byte 10240: the CRC-32 in `CSUM` does not match (812 bytes skipped)"#;

    UnsupportedVariant = "tavla::record::unsupported-variant",
    summary: "The `Variation` header names a game tavla does not check.",
    explanation: r#"The `Variation` header selects the game (records.md §4): `Gul Bara` and its aliases,
`Backgammon`, `NackGammon` and `Short Nardy`, `Obiknovena`, `Portes`, `Tavla`, `Tapa` and
`Plakoto` with their aliases, and the rotating match `Sreshta`. Any other variant is
reported once and the file is not checked further. If the header is wrong, correct it; to
check the record as one of the supported games anyway, pass `--variant`.

Example:
    ; [Variation "Acey-Deucey"]"#;

    BadRuleOption = "tavla::record::bad-rule-option",
    summary: "A `Rules`, `Rule`, `Crawford`, `Jacoby`, `Beaver` or `CubeLimit` value that is not valid.",
    explanation: r#"Rule choices are a preset plus single-option overrides (records.md §4): `Rules` names a
preset (Gul bara: bulgarian, english, simple, gul-bara.md §7; backgammon: short-nardy,
nackgammon), `Rule "key=value"` overrides one option (gul-bara.md §3, §4), and `Crawford`,
`Jacoby`, `Beaver` and `CubeLimit` set backgammon options. An unknown name or a value out
of range is reported and the default is used instead. Correct the spelling or the value.

Example:
    ; [Rules "bulgaria"]
    ; [Rule "chain_exempt_rolls=7"]"#;

    NoGames = "tavla::record::no-games",
    summary: "A file with no ` Game N` line: nothing was checked (a warning).",
    explanation: r#"A warning, not an error. The file holds no ` Game N` line, so there was nothing to
replay: an empty file, blank lines, or a header and comments only. Exit code 0 (1 with
`--deny-warnings`). A file sent to a tournament director as a match record should hold the
games; check that the right file was submitted, and that it was not cut short.

Example (a file of comments only):
    ; [Event "Club night"]
    ; the games follow"#;

    NoMatchLength = "tavla::record::no-match-length",
    summary: "No `N point match` line: read as a money session.",
    explanation: r#"The ` N point match` line gives the match length; `0` is a money session (records.md §1).
Without it tavla reads the record as a money session and warns: no game ends the match and
backgammon has no Crawford game. Add the line before `Game 1` (` 3 point match`), or
` 0 point match` if it really was money play.

Example:
    ; [Variation "Gul Bara"]

     Game 1
     Ljubica : 0                    Mehmet : 0"#;

    GameNumber = "tavla::record::game-number",
    summary: "Games not numbered 1, 2, 3, …",
    explanation: r#"Games are numbered 1, 2, 3, ... in the order they are played (records.md §1). tavla warns
when a `Game N` line carries another number than the next one, which usually means a game
was lost or pasted twice. Renumber the games, or put back the missing one.

Example (the second game of the record):
          Wins 2 points
     Game 3
     Bob : 2                        Ali : 0"#;

    AfterMatchEnd = "tavla::record::after-match-end",
    summary: "A game after a player already reached the match length.",
    explanation: r#"A match ends as soon as a player reaches the match length; points past it do not count
(gul-bara.md §6, backgammon.md "Cube, results, matches"). tavla reports a game that
starts after the match was won (records.md §6). Delete the extra games, or correct the match
length or the result that ended the match too early.

Example:
     1 point match
    ...
                                      Wins 1 point and the match
     Game 2"#;

    Draw = "tavla::record::draw",
    summary: "A record that claims a draw (Gul bara has none).",
    explanation: r#"Gul bara has no draws (gul-bara.md §6, §8.9): a shut-in player keeps passing until the wall
opens, and every game ends with a winner. tavla reports a game that stops without a result
and is followed by a score line that awards nobody a point, and a `Wins 0` result. Write
the rest of the game (passes are rolls with no steps) and its result, or the resignation
that ended it.

Example (game 2 started at 0 : 2):
     29) 43:                          52:
     Game 3
     Ангел : 0                      Viktor : 2"#;

    ScoreMismatch = "tavla::record::score-mismatch",
    summary: "A score line that is not the previous scores plus the results.",
    explanation: r#"Each score line gives the scores before the game: game 1 starts 0 : 0 and every later
score is the previous one plus the game's result (records.md §6; a mars is 2 points,
gul-bara.md §6). tavla reports a score line that disagrees with the results written above
it. Correct the score line, or the result line if that is the wrong one.

Example (Bob, in the left column, won game 1 by a mars):
          Wins 2 points
     Game 2
     Bob : 1                        Ali : 0"#;

    JacobyInferred = "tavla::record::jacoby-inferred",
    summary: "A money-session score line that counts a gammon as 1 (the Jacoby rule), in a record without a `Jacoby` tag.",
    explanation: r#"In a money session the Jacoby rule counts a gammon or backgammon as a single game while
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

    StartsMidMatch = "tavla::record::starts-mid-match",
    summary: "A record whose first score line is not 0 : 0: a fragment of a match.",
    explanation: r#"Game 1 of a match starts 0 : 0; a record whose first score line gives other scores starts
in the middle of a match (GridGammon writes such fragments), which is not an error
(records.md §6). tavla warns once, and checks the later score lines from the written
scores. Nothing needs fixing; add the earlier games if you have them.

Example (a 7 point match):
     Game 1
     BlueNote,1780 : 1                nori,1830 : 0"#;

    NoScoreLine = "tavla::record::no-score-line",
    summary: "A game without its score line.",
    explanation: r#"Each game starts with a score line naming both players and their scores before the game
(records.md §1). tavla warns about a game without one and takes the scores from the
results before it. Add the line after `Game N`: ` Name : score   Name : score`.

Example:
     Game 1
      1)                             64: 24/18 18/14"#;

    NotChecked = "tavla::record::not-checked",
    summary: "Note: the rest of a game was not checked because of a syntax error.",
    explanation: r#"A note, not an error. After a syntax error on a turn line tavla cannot know the position
that follows, so it stops checking that game at that line and says how many turns were left
unchecked; the other games are still checked. Fix the syntax error reported at the same
place and check the record again.

Example (`71:` is not a roll, so the rest of game 1 is not checked):
      7) 71: 24/23 23/17             54: 20/16 18/13"#;

    TurnNumber = "tavla::record::turn-number",
    summary: "Turn lines not numbered 1, 2, 3, … within a game.",
    explanation: r#"Turn lines are numbered 1, 2, 3, ... within each game (records.md §1). tavla warns at the
first number out of sequence; a skipped number often means a line was deleted, so check the
moves around it too. Renumber the lines.

Example:
      3) 55: 24/19(2) 19/14 14/9     63: 22/16 14/11
      5) 62: 13/7 7/5                42: 24/22 20/16"#;

    AfterGameEnd = "tavla::record::after-game-end",
    summary: "An entry after the game ended.",
    explanation: r#"A game ends when a player bears off the last checker (also in the middle of a chain or of
a received remainder), when a double is dropped, or with a resignation (gul-bara.md §6,
records.md §2, §6). Only the result line may follow. tavla reports any roll, cube action,
resignation or second result after the end. Delete the extra entries, or correct the moves
that ended the game too early.

Example (Ljubica bears off her last checkers with 1-1, then Mehmet still rolls):
     21) (55): 5/0(2) 2/0 (66): 2/0(4) 11: 1/0(2)           43: 16/12 12/9"#;

    TurnOrder = "tavla::record::turn-order",
    summary: "A player acting out of turn.",
    explanation: r#"The players alternate: after a player's roll (and, in Gul bara, after a received remainder
played before it) it is the opponent's turn; a double is answered by the other player
(records.md §6). tavla reports a player acting twice in a row, or answering their own
double. Usually a cell is missing or stands in the wrong column.

Example (Mehmet's turn 4 is missing):
      4) 62: 13/7 7/5
      5) 42: 24/20 9/7               52: 22/20 11/6"#;

    UnansweredDouble = "tavla::record::unanswered-double",
    summary: "A roll while a double is still unanswered.",
    explanation: r#"A double must be answered by `Takes` or `Drops` (or a beaver) before the game goes on
(backgammon.md "Cube, results, matches", records.md §2). tavla reports a roll made while
the double is still open. Write the answer in the doubled player's column, on the line of
the double or the next one.

Example:
     13)  Doubles => 2
     14) 65: 14/9 9/3                33:"#;

    MissingRemainder = "tavla::record::missing-remainder",
    summary: "A passed remainder not played before the receiver's roll.",
    explanation: r#"When a Gul bara chain breaks, the unplayed steps of the broken stage and a full stage of
every higher number pass to the opponent, who plays them before rolling, as `(nn):` stages
at the start of the cell (gul-bara.md §3, §8.4; records.md §5). A 6-6 outside the exempt
window is a chain of one stage. tavla reports a receiver who rolls without playing what was
passed. Write the received stages before the roll, empty ones too.

Example (the fourth 6 of Ljubica's 6-6 passes; write `(66): 10/4 61: 7/1 3/2`):
     18) 66: 16/10(2) 8/2            61: 7/1 3/2"#;

    WrongRemainder = "tavla::record::wrong-remainder",
    summary: "A received stage with the wrong number.",
    explanation: r#"Received stages are the numbers that passed, played in ascending order, one `(nn):` stage
each (gul-bara.md §3, §8.4; records.md §5). tavla reports a received stage with another
number than the next one passed, for example a skipped stage or a wrong label. Write the
stages that passed, in order.

Example (one 6 of the 6-6 passed, so the stage is `(66):`):
     18) 66: 16/10(2) 8/2            (55): 10/4 61: 7/1 3/2"#;

    UnexpectedRemainder = "tavla::record::unexpected-remainder",
    summary: "A received stage when no remainder (or less) was passed.",
    explanation: r#"Only a broken chain passes a remainder (gul-bara.md §3): not a doublet in the exempt
window, not an ordinary roll, not a chain the roller could not start at all under the
default `unstarted_chain = lost`, and nothing ever with `remainder = lost` (the `simple`
preset). tavla reports a received `(nn):` stage when nothing, or fewer stages, were passed.
Delete the stage, or set the rule option the players used (`; [Rule "unstarted_chain=pass"]`).

Example (Ljubica could not play any 6, so nothing passes):
     19) 66:                         (66): 24/18 16/10 10/4(2) 52: 6/4 6/1"#;

    MissingRoll = "tavla::record::missing-roll",
    summary: "A turn cell without its roll.",
    explanation: r#"Every turn has its roll; in Gul bara, after playing a received remainder the receiver
rolls as usual in the same cell (gul-bara.md §3, records.md §5). tavla reports a turn cell
without a roll, for example received stages with nothing after them. Write the roll and its
play after the received stages.

Example:
     18) 66: 16/10(2) 8/2            (66): 10/4"#;

    UnexpectedStage = "tavla::record::unexpected-stage",
    summary: "A chain stage that is not due (exempt window, after a short stage, after 6s, after the game ended).",
    explanation: r#"A chain stage `+nn:` is due only after a full stage of a smaller number, outside the exempt
window (each player's first three rolls by default), and never after the stage of 6s, after
a stage played short, or after the last checker was borne off (gul-bara.md §3, §8.1, §8.2,
§8.6). Backgammon has no chains. tavla reports a stage that is not due. Delete it: unplayed
steps of a broken chain pass to the opponent as `(nn):` stages instead.

Example (Ljubica's second roll is inside the exempt window: 5-5 is one stage):
      3) 55: 24/19(2) 19/14 14/9 +66: 24/18(2) 19/13 13/7    63: 22/16 14/11"#;

    MissingStage = "tavla::record::missing-stage",
    summary: "A due chain stage that is not written.",
    explanation: r#"Outside the exempt window a full stage of n (n < 6) is followed at once by a stage of n+1,
through the stage of 6s (gul-bara.md §3, §8.3). A due stage that cannot be played at all is
still written, empty (`+22:`); records.md §5. tavla reports a due stage that is not
written. Add it, with its steps or empty.

Example (after the full stage of 1s, `+22:` is due even though no 2 can be played):
     16) 11: 11/10 10/9 6/5(2)  (22): 20/18(2) 7/5 5/3 (33): 15/12 12/9 9/6(2) ..."#;

    WrongStage = "tavla::record::wrong-stage",
    summary: "A chain stage with the wrong number.",
    explanation: r#"Chain stages run n, n+1, ... up to 6, each the next number after the previous full stage
(gul-bara.md §3, records.md §5). tavla reports a chain stage with another number than the
one due, typically a skipped stage. Write the missing stage, or correct the number.

Example (after the full stage of 2s comes `+33:`):
     10) 22: 24/22(2) 23/21 21/19 +44: 24/20 20/16 19/15 13/9 ..."#;

    WrongStarter = "tavla::record::wrong-starter",
    summary: "A game started by the wrong player.",
    explanation: r#"With `next_game_starter = previous-winner` (the `english` preset, or the option) the winner
of the previous game starts the next one and rolls both dice (gul-bara.md §4, §7). tavla
reports a game whose first roll is made by the other player. Check the columns (the first
roll must be the previous winner's) or the rule option the players used.

Example (`; [Rules "english"]`; Bob won game 1, so Bob must roll first):
     Game 2
     Ali : 0                        Bob : 2
      1) 31: 24/21 21/20             65: 24/18 24/19"#;

    OpeningDoublet = "tavla::record::opening-doublet",
    summary: "An opening roll that is a doublet.",
    explanation: r#"With `opening = starter-plays-opening-dice` (Gul bara's default and backgammon's), each
player rolls one die and the higher one plays both, so the first turn of a game is never a
doublet (gul-bara.md §4, backgammon.md "Opening"). tavla reports an opening doublet. Correct
the roll, or state the rule the players used: `; [Rule "opening=starter-rerolls"]`.

Example:
      1)                             22: 24/22(2) 22/20(2)"#;

    WriterIllegalPlay = "tavla::record::writer-illegal-play",
    summary: "The writing program recorded an illegal play (`Illegal play (…)`).",
    explanation: r#"Some programs (Snowie) write `Illegal play (...)` when a player made an illegal move: the
record itself says the play broke the rules (records.md §2). tavla reports it, and stops
checking the game because the real position is unknown. Replace it with the play that was
actually made, if it is known.

Example:
      5) 42: Illegal play (24/20 9/7)               52: 22/20 11/6"#;

    UnknownPlay = "tavla::record::unknown-play",
    summary: "`????` where the game goes on.",
    explanation: r#"XG writes `????` for a roll that was followed by a resignation (records.md §2). Where the
game goes on after it, the play is simply unknown: tavla reports it and stops checking the
game. Write the play that was made, or end the game there with the resignation's result.

Example:
     13) 54: ????               31: 13/12 10/7"#;

    CannotMoveWithSteps = "tavla::record::cannot-move-with-steps",
    summary: "`Cannot Move` together with steps.",
    explanation: r#"`Cannot Move` means the roll had no legal step (records.md §2); written together with
steps it contradicts itself. tavla reports the contradiction. Keep either the steps or
`Cannot Move`: whichever is right, tavla then checks it.

Example:
     19) 64: Cannot Move 9/3 3/off               65: 10/4 12/7"#;

    ForcedPlayOmitted = "tavla::record::forced-play-omitted",
    summary: "An empty cell where exactly one play was legal (applied).",
    explanation: r#"Backgammon only: some writers leave the cell empty when exactly one legal play existed
(records.md §2). tavla, like gnubg, applies that play and warns. Write the play to make the
record complete. (In Gul bara an empty roll always means no step was possible, so the same
omission is `tavla::rules::dance-not-justified`.)

Example (Black's only legal play for 6-1 is bar/24*):
      8) 64: 24/18 18/14*            61:"#;

    HitMark = "tavla::record::hit-mark",
    summary: "In a file that marks hits, a hit without `*` or a `*` without a hit.",
    explanation: r#"Backgammon: a file "marks hits" if any of its steps carries a `*` (records.md §3). In such
a file tavla warns about a play whose hits and `*` marks disagree: a hit without `*`, or a
`*` that hits nothing. Hits are always computed from the board, so the check goes on. Add
or remove the `*`.

Example (one of these steps hits a blot, in a file that marks hits elsewhere):
      8) 33: 24/21 24/21 10/7 7/4    65:"#;

    WrongWinner = "tavla::record::wrong-winner",
    summary: "`Wins` in the column of the player who did not win.",
    explanation: r#"The result stands in the winner's column (records.md §2). tavla reports a `Wins` in the
column of the player who did not win the game (the one who did not bear off all checkers,
whose opponent dropped a double, or who resigned: `Resigns` in the same column). Move the
result to the winner's column, or the resignation to the loser's.

Example (Ljubica, on the left, bore off her last checkers):
     21) (55): 5/0(2) 2/0 (66): 2/0(4) 11: 1/0(2)
                                      Wins 2 points and the match"#;

    WinsMismatch = "tavla::record::wins-mismatch",
    summary: "A `Wins` value that disagrees with the final position and cube.",
    explanation: r#"A finished game is worth what the final position and cube give: Gul bara 1 point, or 2
(mars) if the loser bore off nothing (gul-bara.md §6, §8.12); backgammon single, gammon or
backgammon times the cube (backgammon.md); a written resignation that names its level
(`Resigned Gammon`, `Resigned Match`) that level. A value capped at the points the winner
still needed is accepted (records.md §2). tavla reports any other `Wins` value. Write the
real value; the message says how it was computed.

Example (Ali bore off nothing, so Bob's win is a mars, 2 points):
     24) 44: 1/off 1/off
          Wins 1 point"#;

    BadResignation = "tavla::record::bad-resignation",
    summary: "A resignation worth a value no resignation can have.",
    explanation: r#"A `Wins` while the game is still running is a resignation by the other player, written
(`Resigns`) or not (records.md §2). It is worth Gul bara 1 point, or 2 while the resigning
player has borne off nothing (gul-bara.md §6); backgammon 1, 2 or 3 times the cube. tavla
reports a value no resignation can have, and a level the position does not allow
(`Resigned Backgammon` without a triple win). Correct the value, or write the moves that
finished the game.

Example (the left player has already borne off checkers, so 2 is impossible):
     20) 43: 3/off 3/off             51: 21/16 19/18
                                      Wins 2 points"#;

    LossesMismatch = "tavla::record::losses-mismatch",
    summary: "A `Losses` value that disagrees with the `Wins` beside it.",
    explanation: r#"Backgammon Galaxy writes ` Losses N points` beside the winner's ` Wins N points`; the two
must agree (records.md §2). tavla reports a `Losses` value that differs from the `Wins`
beside it. Make both the real value of the game.

Example:
          Wins 2 points                  Losses 1 point"#;

    MatchEndMark = "tavla::record::match-end-mark",
    summary: "`and the match` on a game that does not end the match.",
    explanation: r#"`and the match` marks the result that ends the match (records.md §2, §5). tavla warns when
it stands on a game after which no player has reached the match length, or in a money
session on a game other than the last (servers mark the session's end so). Remove the mark,
or correct the match length, the scores or the points.

Example (a 3 point match; Bob had 0 before this game):
          Wins 2 points and the match"#;

    GameUnfinished = "tavla::record::game-unfinished",
    summary: "A game without a result: the record ends while it runs.",
    explanation: r#"Every game ends with a result line (records.md §6). When the record stops while a game is
still running, tavla warns (records are often truncated) and reports nothing else about the
missing end. Add the rest of the game and its result, or the resignation that ended it.

Example (the last lines of the file):
     15) 43: 13/10 5/1               62: 15/9 12/10"#;

    IllegalPlayTag = "tavla::record::illegal-play-tag",
    summary: "An `IllegalPlay` header that names no illegal play made at the board, or cannot be read.",
    explanation: r#"A record may state that a play was illegal as it was made at the board, so that it is not
taken for a slip of the pen: `; [IllegalPlay "game 2, turn 7, black"]` (several plays separated
by `;`). Such a play, when the rest of its game replays from it as written, is reported as a
note instead of an error. tavla warns when the header cannot be read, or when the play it
names is legal, or is not one the rest of the game replays from as written.

Example (turn 7 of game 2 is a legal play):
    ; [IllegalPlay "game 2, turn 7, black"]"#;

    MissingResult = "tavla::record::missing-result",
    summary: "A finished game without its `Wins` line.",
    explanation: r#"Every game ends with a result line (records.md §6). tavla warns about a game that is over
(a written `Resigns` included), or that is followed by a game whose score line awards its
points, but has no `Wins` line. Add ` Wins N points` in the winner's column after the last
move.

Example (Bob has just borne off his last checkers):
     24) 44: 1/off 1/off
     Game 2"#;

    NoBar = "tavla::rules::no-bar",
    summary: "A bar step in Gul bara, which has no bar.",
    explanation: r#"Gul bara has no hitting, so it has no bar (gul-bara.md §1; records.md §5). tavla reports
every step from or to the bar (`bar/22`, `25/22`) in a Gul bara record. The usual cause is
a backgammon record checked as Gul bara (see the `Variation` header), or a typo.

Example:
      6) 53: 20/17 bar/22               64: 24/20 24/18"#;

    NoHitting = "tavla::rules::no-hitting",
    summary: "A `*` hit mark in Gul bara, which has no hitting.",
    explanation: r#"In Gul bara a single checker already holds its point: nothing is ever hit (gul-bara.md §1,
§2; records.md §5). tavla reports every `*` hit mark in a Gul bara record. Remove the `*`;
if the step lands on an opposing checker, the step itself is illegal too.

Example:
      6) 53: 20/17 7/2*               64: 24/20 24/18"#;

    DanceNotJustified = "tavla::rules::dance-not-justified",
    summary: "A roll written without steps although a step was possible.",
    explanation: r#"A player passes (writes the roll or stage with no steps, or `Cannot Move`) only when no
step at all can be played (gul-bara.md §2, §3; backgammon.md; records.md §2). In Gul bara
this holds for every stage of a chain and every received stage. tavla reports an empty roll
or stage where a step was possible, with examples of legal plays. Write the play made.

Example (with 6-1 Ljubica could move):
      7) 61:             54: 20/16 18/13"#;

    ForcedPlay = "tavla::rules::forced-play",
    summary: "A play that uses fewer dice than possible.",
    explanation: r#"A play must use as many dice as any legal sequence can: both dice of a roll, as many steps
of a doublet stage as possible, in Gul bara per chain stage and per received stage
(gul-bara.md §2, §3, §8.11; backgammon.md; records.md §3). tavla reports a play that uses
fewer steps than possible and shows legal plays. Write the full play.

Example (both dice of 4-1 can be played):
      8) 41: 19/15             51: 24/23 24/19"#;

    LargerDie = "tavla::rules::larger-die",
    summary: "Only one die playable, and the smaller one was played.",
    explanation: r#"When only one die of a roll can be played, it must be the larger one if that one can be
played (gul-bara.md §2, §8.11; backgammon.md "Board and movement"). tavla reports a play of
the smaller die in that case. Play the larger die.

Example (only one die of 4-3 is playable, and 19/15 was possible):
      4) ... 62: 16/10 3/1    43: 19/16"#;

    TooManySteps = "tavla::rules::too-many-steps",
    summary: "More steps than the dice allow.",
    explanation: r#"Each die moves one checker one step: two steps for a roll, four for a doublet stage, as many
as were passed for a received stage (gul-bara.md §2, §3; backgammon.md). tavla reports the
first step past what the dice allow. Remove the extra step, or correct the dice.

Example:
      9) 41: 24/20 15/14 14/13             31: 23/20 16/15"#;

    NoDie = "tavla::rules::no-die",
    summary: "A step whose distance no remaining die (or dice) makes.",
    explanation: r#"Every step moves by a die value, and a combined move (`24/14`) by the sum of unused dice
(gul-bara.md §2, records.md §3). tavla reports a step whose distance no remaining die, or
sum of remaining dice, makes. Correct the points or the dice; remember that moves are in
the mover's own numbering.

Example (4-1 cannot move 24/21):
      9) 41: 24/21 15/14             31: 23/20 16/15"#;

    NoChecker = "tavla::rules::no-checker",
    summary: "A step from a point where the mover has no checker.",
    explanation: r#"A step starts from a point where the mover has a checker (or from the bar). Moves are
written in the mover's own numbering: both Gul bara players start on their own 24
(gul-bara.md §1, §8.10); in backgammon my point p is the opponent's 25 - p. tavla reports a
step from a point without a checker of the mover. Check the numbering and earlier moves.

Example (Mehmet's opening written in Ljubica's numbering instead of 24/18 18/14):
      1)                             64: 12/6 6/2"#;

    Blocked = "tavla::rules::blocked",
    summary: "A step onto a point the opponent holds.",
    explanation: r#"A step may not land on a point the opponent holds: in Gul bara one opposing checker holds a
point (gul-bara.md §2), in backgammon two or more (backgammon.md). tavla reports such a
step, naming the point in both numberings. Check the move and the columns.

Example (Mehmet's 7 is Ljubica's 19, where one of her checkers stands):
      4) 62: 13/7 7/5                42: 24/22 11/7"#;

    HitClaim = "tavla::play::hit-claim",
    summary: "A hit claim that does not match the board.",
    explanation: r#"A single play may mark hits: `*` after a point in the mover-relative form (`13/7*`), `x` or
`×` before a point in the board-letter form (`1Ax7A`, notations.md). The play is judged by
the board, not by its marks, so a wrong mark does not make it illegal; `tavla check` warns
when a marked point has no blot to hit, or when a play that marks hits leaves one unmarked.
Remove or add the mark.

Example (seed 003 writes a hit on 7A, where nothing stands at the start):
    tavla check --roll 63 -- '6/3 = 1A-4A and 1Ax7A'"#;

    AmbiguousLetters = "tavla::play::ambiguous-letters",
    summary: "A board-letter play whose count meets a hit mark and so reads two ways.",
    explanation: r#"In the board-letter form (notations.md §1 "Ambiguity") `x` is both a count mark
(`2x1A-7A`) and a hit dash (`1Ax7A`), so a number 1-4 glued to `x` and a point, `4x9-11`,
reads as four checkers `9 - 11` or as one checker `4 x 9 - 11` hitting on 9. `tavla check`
tries both: exactly one legal is taken, with a note naming the other; both legal is a warning
and the count reading is judged; neither legal reports the reading whose first bad step comes
later (the count reading on a tie), with the note. Write `4 x 9-11` for the hit and `4x 9-11`
for the count; tavla prints these forms.

Example (Black has a checker on 4 and a White blot stands on 9):
    tavla check --side black --roll 52 -- '4x9-11'"#;

    Backwards = "tavla::rules::backwards",
    summary: "A step that runs the wrong way.",
    explanation: r#"Every checker runs from its owner's 24 point towards 1 and off (backgammon.md, gul-bara.md
§1); in the board-letter form White runs 1A → 12A → 12 → 1 and Black the other way round
(notations.md §1). tavla reports a written hop whose destination is higher than its origin
in the mover's own numbering, e.g. a play written for the wrong side.

Example (seed 003's `6/1 = 12Ax7A and 7-8`: for White 12A is 13 and 7A is 18):
    tavla check -- '6/1 = 12Ax7A and 7-8'"#;

    Pinned = "tavla::rules::pinned",
    summary: "A step of a pinned checker.",
    explanation: r#"In the pinning games (Tapa, Plakoto) a checker on which an opposing checker has landed is
pinned: it cannot move until the pinner leaves (tapa.md). tavla's step rule asks the
variant's movement policy whether a checker may leave its point, and reports a step from a
point where it may not. Move another checker.

Example (White's checker on 20 is pinned by a black checker standing on it):
      7) 41: 20/16 20/19"#;

    HeadRule = "tavla::rules::head-rule",
    summary: "More checkers leave the head than a turn allows.",
    explanation: r#"In the nardy family only one checker may leave the head (the mover's 24 point) in a
turn, with exceptions for some first-roll doublets (long-nardy.md). tavla applies such
play-level rules inside legal-play generation, so the forced-play rules are judged among
the plays they allow, and reports the step that takes one checker too many from the head.

Example (two checkers leave the head with 6-5):
      1) 65: 24/18 24/19"#;

    BlockedPath = "tavla::rules::blocked-path",
    summary: "A combined move through a point the opponent holds.",
    explanation: r#"A combined move (`22/13`) is made of single steps, and every intermediate landing point must
be open; for a non-doublet roll one of the two orders is enough (gul-bara.md §2, §8.7;
backgammon.md). tavla reports a combined move whose every path passes a point the opponent
holds. Write the steps that were played.

Example (with 5-4 both 17 and 18 are held by Ljubica):
     11) 64: 11/5 9/5                54: 22/13"#;

    MustEnter = "tavla::rules::must-enter",
    summary: "A move while a checker is on the bar.",
    explanation: r#"Backgammon: a player with a checker on the bar must enter it (`bar/21`) before moving any
other checker (backgammon.md "Board and movement"). tavla reports a move of another checker
while one is on the bar. Write the entering step first.

Example (White was hit by 5/3* and must enter before playing 13/9 8/6):
      4) 52: 24/22 13/8              32: 8/5 5/3*
      5) 42: 13/9 8/6                44: 11/7 7/3 6/2* 6/2"#;

    BearOffNotHome = "tavla::rules::bear-off-not-home",
    summary: "Bearing off before all checkers are home.",
    explanation: r#"Bearing off is allowed only once all 15 checkers are in the home board or off; it may begin
in the middle of a turn, once the last checker arrives (gul-bara.md §5, backgammon.md).
tavla reports a bear-off step while a checker still stands outside. Move the last checker
home first (the order of the written steps does not matter).

Example (a checker is left on 10 while 5/0 is played twice):
     19) 44: 10/6(2) 6/2 5/1 +55: 10/5 6/1 5/0(2) +66: 5/0(4)  52: 6/4 6/1"#;

    BearOffHigher = "tavla::rules::bear-off-higher",
    summary: "Bearing off with a larger die while a checker stands higher.",
    explanation: r#"A die bears off from its own point; a larger die bears off from a lower point only when no
checker stands higher (gul-bara.md §5, §8.8; backgammon.md). tavla reports bearing off with
a larger die while a checker stands on a higher point. Move the higher checker with that die
instead.

Example (a 3 bears off from 2 while a checker stands on 5):
     20) 31: 2/0 5/4                 11: 16/15 10/9 2/1(2) ..."#;

    AmbiguousPath = "tavla::rules::ambiguous-path",
    summary: "A combined move that can only pass by an unwritten hit.",
    explanation: r#"Backgammon: a combined move may pass a blot only by hitting it, and a hit on the way must be
written (`13/7*/2`), because it changes the game (records.md §3). tavla reports a combined
move that can only be played by an unwritten hit on the way. Write the intermediate point
with its `*`.

Example (8/1 with 6-1 can only pass through 2, where a blot stands: write `8/2*/1`):
      4) 61: 8/1                     31: 25/22 23/22"#;

    IllegalPlay = "tavla::rules::illegal-play",
    summary: "Steps that cannot all be played with the roll in any order.",
    explanation: r#"A play is legal if some order of its steps is legal (records.md §3). When each step can be
played on its own but no order plays them all, and no single step is to blame, tavla
reports the play as a whole, with examples of legal plays. It is a fallback: a specific code
(`blocked`, `no-die`, `bear-off-higher`, ...) is given whenever one step explains the
problem. Compare the play with the legal plays listed and write the one that was made."#;

    NoCube = "tavla::rules::no-cube",
    summary: "A cube action where there is no cube.",
    explanation: r#"Gul bara has no doubling cube (gul-bara.md §1), nor has short nardy (backgammon.md
"Presets"), nor a match with `; [CubeLimit "1"]` (records.md §4). tavla reports any
`Doubles`, `Takes`, `Drops`, `Beavers` or `Raccoons` there. Delete the cube action, or
correct the `Variation`, `Rules` or `CubeLimit` header.

Example (a Gul bara record):
      7)  Doubles => 2                Takes"#;

    DoubleTwice = "tavla::rules::double-twice",
    summary: "A double while another double is open.",
    explanation: r#"Backgammon: a double must be answered before another can be offered (backgammon.md "Cube,
results, matches"). tavla reports a double while another double is still open. Write the
answer (`Takes`, `Drops`) between the two doubles, or delete the second one.

Example:
     13)  Doubles => 2
     14)  Doubles => 2                Takes"#;

    EarlyDouble = "tavla::rules::early-double",
    summary: "A double before the opening roll.",
    explanation: r#"Backgammon: the first turn of a game is the opening roll, and doubling starts only after
it (backgammon.md "Opening" and "Cube, results, matches"). tavla reports a double before the
opening roll. Move the double to the turn it was made in.

Example:
     Game 1
     gnubg : 0                      tavla : 0
      1)  Doubles => 2                Takes"#;

    CrawfordDouble = "tavla::rules::crawford-double",
    summary: "A double in the Crawford game.",
    explanation: r#"Backgammon matches: in the game right after a player first reaches match length minus one
(the Crawford game) nobody may double (backgammon.md "Cube, results, matches"). tavla
reports a double in that game. If the match was played without the Crawford rule, say so
with `; [Crawford "Off"]`; otherwise correct the scores or the double.

Example (a 3 point match; Black reached 2 in game 1):
     Game 2
     White : 0                      Black : 2
      1)                             43: 6/2 24/21
      2) 41: 24/20 24/23*            41: 25/21 24/23
      3)  Doubles => 2                Takes"#;

    CrawfordUnknown = "tavla::rules::crawford-unknown",
    summary: "Note: a double in a fragment's first game at match point minus one, maybe the Crawford game.",
    explanation: r#"A note, not an error. Whether a game at match point minus one is the Crawford game depends
on the game before it (backgammon.md "Cube, results, matches"); in a record that starts
mid-match (records.md §6) that game is not in the record, so a double there may be legal
(after the Crawford game) or not. tavla notes the double and checks the game on.

Example (a fragment of a 7 point match; was game 0 the Crawford game?):
     Game 1
     BlueNote,1780 : 6                nori,1830 : 3
      1)                             43: 6/2 24/21
      2)  Doubles => 2                Takes"#;

    DoubleNotOwner = "tavla::rules::double-not-owner",
    summary: "A double by the player who does not own the cube.",
    explanation: r#"Backgammon: only the player who owns the cube (the one who took the last double) may double
again; a centred cube may be doubled by either player (backgammon.md "Cube, results,
matches"). tavla reports a double by the player who does not own the cube. Check the columns
of the doubles and answers.

Example (Black took White's double at turn 13 and owns the cube):
     13)  Doubles => 2                Takes
    ...
     15)  Doubles => 4                Takes"#;

    CubeValue = "tavla::rules::cube-value",
    summary: "A cube value that is not twice the current one.",
    explanation: r#"A double, a beaver and a raccoon each double the cube: from 1 to 2, from 2 to 4, and so on
(backgammon.md "Cube, results, matches"; records.md §2). tavla reports a `=> N` value that
is not twice the current cube. Write the right value.

Example (the cube is at 1, so the double makes it 2):
     13)  Doubles => 4                Takes"#;

    AnswerWithoutDouble = "tavla::rules::answer-without-double",
    summary: "`Takes`, `Drops` or `Beavers` with no double to answer.",
    explanation: r#"`Takes`, `Drops` and `Beavers` answer the opponent's double, on the same line or the next
(records.md §2). tavla reports an answer with no open double to answer. Delete it, or write
the missing double before it.

Example:
     12) 62: 14/12* 12/6             61:
     13)                               Takes"#;

    BeaverNotAllowed = "tavla::rules::beaver-not-allowed",
    summary: "A beaver outside money play with beavers, or by the doubler.",
    explanation: r#"A beaver (the doubled player redoubles at once and keeps the cube) exists only in money
play with beavers allowed, and only for the doubled player (backgammon.md "Cube, results,
matches"). tavla reports any other beaver, including gnubg's way of writing one as the
doubled player's immediate `Doubles => 2N`. Write `Takes` (or `Drops`) instead, or allow
beavers with `; [Beaver "On"]` in a money session.

Example (in a 5 point match):
     13)  Doubles => 2                Beavers => 4"#;

    RaccoonNotAllowed = "tavla::rules::raccoon-not-allowed",
    summary: "A raccoon that does not follow a beaver.",
    explanation: r#"A raccoon is the original doubler's immediate redouble after a beaver (backgammon.md "Cube,
results, matches"). tavla reports a raccoon that does not follow a beaver, or is made by
the other player. Delete it, or write the beaver it answers.

Example (no beaver before it):
      6)  Doubles => 2                Raccoons => 4"#;

    IllegalPrime = "tavla::rules::illegal-prime",
    summary: "A block of six points with every opposing checker behind it.",
    explanation: r#"In Long nardy and Fevga a player may hold six points in a row of the opponent's path
only if at least one opposing checker is already past them (long-nardy.md §4, fevga.md §4;
`prime_rule = opponent-home`: once one is in its home board). tavla applies the rule inside
legal-play generation, after every step (`block_check = step`) or on the whole play
(`play`), so a roll whose only two-dice plays close such a block is played with one die.

Example (White's 24/14 closes W19..W14 while every Black checker is on its head):
     12) 64: 24/14                   21: 24/22 24/23"#;

    StartQuarterBlock = "tavla::rules::start-quarter-block",
    summary: "All six points of the own starting quarter held at once (Fevga).",
    explanation: r#"In Fevga a player may never hold all six points of their own starting quarter (own 24..19)
at the same time (fevga.md §4, `start_quarter = forbidden`). tavla reports the step that
would complete it; the die must be played elsewhere if it can, and the forced-play rules
are judged among the plays that keep a point of the quarter open.

Example (White holds 23..20 with checkers on 24; 24/19 fills the last point):
      9) 51: 24/19 8/7                42: 17/13 9/7"#;

    RunnerRule = "tavla::rules::runner-rule",
    summary: "A second checker leaves the start before the runner passed (Fevga).",
    explanation: r#"In Fevga a player's first checker (the runner) must pass the opponent's starting point
before any other checker leaves the own 24 point: until a checker stands on own 11 or
lower, a step from 24 is illegal once one checker has left (fevga.md §3, `runner`). The
runner may pass in the middle of a roll (5-5: `24/9 24/19`).

Example (from the start, 6-5 may only run one checker):
      1) 65: 24/18 24/19"#;
    PinnedBearOff = "tavla::rules::pinned-bear-off",
    summary: "Bearing off while one of the mover's own checkers is pinned (Tapa).",
    explanation: r#"In Tapa and Plakoto a player bears off only when all 15 checkers are home and none of them
is pinned; while one is pinned, inside the home board or not, nothing is borne off, even
after bearing off has begun (tapa.md §4). Moves inside the home board stay legal. Play the
die inside the home board, or another checker.

Example (White's checker on 3 is pinned under a black checker):
     21) 42: 4/off 2/off"#;

    PinMark = "tavla::record::pin-mark",
    summary: "In a Tapa file that marks pins, a pin without `*` or a `*` without a pin.",
    explanation: r#"Tapa and Plakoto need no pin marker: pins are computed from the board. A `*` after a point
(`13/7*`) is accepted as a pin marker with the meaning records.md gives the hit marker: a
file "marks pins" if any step in it carries a `*`, and in such a file tavla warns about a
play whose pins and `*` marks disagree (tapa.md §9). The record stays valid. Add or remove
the `*`.

Example (13/7 pins a lone checker, in a file that marks pins elsewhere):
      8) 64: 13/7 11/7               65:"#;

    DrawResult = "tavla::rules::draw-result",
    summary: "A result that contradicts a draw (both mothers pinned) or a win.",
    explanation: r#"In Tapa and Plakoto the game is a draw the moment both mothers (each player's last checker on
its start) are pinned; nobody wins it, and each player scores `draw_points` (tapa.md §5, §7).
A draw is written ` Draw` on its own line. tavla reports a `Wins` line after a draw, a
` Draw` line after a game that was won (by bearing off or by the mother rule), and a
` Draw` line while the game is still running.

Example (White pinned the second mother with 2/1, but the record writes a win):
     31) 61: 17/11 2/1
                                  Wins 2 points"#;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Codes without an example record: two are reported only when nothing more specific applies,
    /// and an unreadable file or a run without records has no record to show.
    const NO_EXAMPLE: &[Code] = &[
        Code::Syntax,
        Code::Unreadable,
        Code::NoRecords,
        Code::IllegalPlay,
    ];

    #[test]
    fn every_code_has_an_explanation() {
        for &c in Code::ALL {
            let text = c.explanation();
            let prose = text.split("\n\nExample").next().unwrap();
            let lines = prose.lines().count();
            assert!((3..=8).contains(&lines), "{c}: {lines} lines of prose");
            assert!(
                text.lines().all(|l| l.chars().count() <= 100),
                "{c}: a line is too long"
            );
            if !NO_EXAMPLE.contains(&c) {
                assert!(text.contains("\n\nExample"), "{c}: no example");
            }
            assert!(!c.summary().is_empty(), "{c}: no summary");
        }
    }

    #[test]
    fn every_code_has_a_unique_namespaced_string() {
        for (i, &c) in Code::ALL.iter().enumerate() {
            assert_eq!(c.index(), i, "{c}");
            let s = c.as_str();
            let rest = s.strip_prefix("tavla::").unwrap_or_else(|| panic!("{s}"));
            let (ns, name) = rest.split_once("::").unwrap_or_else(|| panic!("{s}"));
            assert!(
                ["parse", "io", "record", "rules", "play", "xg", "ogxm"].contains(&ns),
                "{s}"
            );
            assert!(
                !name.is_empty()
                    && name
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{s}"
            );
            assert!(Code::ALL[..i].iter().all(|o| o.as_str() != s), "{s} twice");
            assert_eq!(Code::lookup(s), Some(c));
            assert_eq!(Code::lookup(rest), Some(c));
            assert_eq!(s.parse::<Code>(), Ok(c));
            assert_eq!(c.to_string(), s);
            assert_eq!(serde_json::to_value(c).unwrap(), s);
        }
    }

    #[test]
    fn unknown_codes_are_not_found() {
        // Built at run time, so that no unregistered code appears literally in the sources.
        let p = "tavla";
        for code in [
            String::new(),
            format!("{p}::"),
            format!("{p}::rules::nonsense"),
            "rules::nonsense".into(),
            "blocked".into(),
            format!("{p}::{p}::rules::blocked"),
            "TAVLA::rules::blocked".into(),
        ] {
            assert_eq!(Code::lookup(&code), None, "{code}");
            assert_eq!(code.parse::<Code>(), Err(UnknownCode(code.clone())));
        }
    }
}
