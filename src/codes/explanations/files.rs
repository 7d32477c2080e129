//! The explanations of the codes of reading files (`tavla::io::…`) and the binary formats of
//! eXtreme Gammon (`tavla::xg::…`) and OGXM (`tavla::ogxm::…`).

pub(in crate::codes) const UNREADABLE: &str = r#"tavla could not read a file or directory named on the command line or found while walking
a directory: it does not exist, is not readable with the current permissions, or reading it
failed. This is about the file system, not about the record. The other files are still
checked, and the run exits with status 2 (usage or I/O error), which outranks the status 1
of invalid records. Check the path and its permissions."#;

pub(in crate::codes) const NOT_TEXT: &str = r#"The file holds NUL bytes or other control characters in its first kilobytes and is not a
format tavla reads (`.mat` text, GNU Backgammon's SGF, eXtreme Gammon's `.xg`): an image, an
archive, a program or a UTF-16 text. It gets this one error instead of a syntax error on every
line, and none of its bytes are printed. Check that the right file was named; a UTF-16 record
is read once saved as UTF-8.

Example (a PNG image saved as `game.mat`):
    \x89PNG\r\n\x1a\n\0\0\0\rIHDR…"#;

pub(in crate::codes) const NO_RECORDS: &str = r#"`tavla validate` found no record: the directories named hold no file with an extension of
`--ext` (by default `mat`, `txt`, `sgf`, `xg`, `xgp`), or `--files-from` listed nothing. A
run that checked nothing has proved nothing, so it exits 2 (usage or I/O error), as ESLint
does: a CI job must not pass on an empty or misnamed directory. Check the paths and `--ext`;
pass `--allow-empty` when an empty run is expected and should exit 0."#;

pub(in crate::codes) const XG_BAD_MAGIC: &str = r#"An eXtreme Gammon match (`.xg`) or position (`.xgp`) starts with the four bytes `RGMH`, the
magic number of its 8,232-byte header (docs/formats.md). tavla reads a file as XG's when it
starts so or when its name ends in `.xg` or `.xgp`; this one does not start with `RGMH`, so
nothing in it is read. It is another kind of file with the wrong extension, or damaged from
its first byte: use an intact copy saved by XG, or rename it.

Example (the first bytes of a ZIP file named `match.xg`):
    50 4b 03 04 14 00 00 00"#;

pub(in crate::codes) const XG_BAD_HEADER: &str = r#"The `RGMH` header of an XG file gives its version (1) and its own size (8,232 bytes) right
after the magic number (docs/formats.md). A file that gives anything else is damaged or comes
from a version of XG that tavla does not know; nothing after the header is read, since every
offset of the file depends on the header's size. Save the match again from XG.

Example (bytes 4 to 11: version 2, size 4,096):
    52 47 4d 48 02 00 00 00 00 10 00 00"#;

pub(in crate::codes) const XG_TRUNCATED: &str = r#"An XG file is a header, a thumbnail and an archive whose 36-byte trailer at the end of the
file gives the sizes of the registry and the data before it; `temp.xg` is a whole number of
2,560-byte records (docs/formats.md). tavla reports the first size that the file is too short
for, at the byte where it is needed, and reads nothing past it (a cut record is not read).
The file was cut short by an interrupted copy or download: use an intact copy.

Example (a trailer that claims more data than the file holds):
    trailer at byte 99 312: data 97 040 bytes, registry 64 bytes, file 99 348 bytes"#;

pub(in crate::codes) const XG_BAD_CRC: &str = r#"XG's archive stores the CRC-32 of its data and registry in its trailer, and each member's
registry record the CRC-32 of the member's content (docs/formats.md). tavla computes both and
reports a mismatch: a byte of the file changed in storage or transfer, so no record of it can
be trusted, and nothing is read. Use an intact copy; a copy that XG itself opens has
matching CRCs.

Example (one byte of the compressed data changed):
    the archive's CRC-32 is 085d6791 in its trailer but 3f0c2a11 over its 97 104 bytes"#;

pub(in crate::codes) const XG_BAD_REGISTRY: &str = r#"The registry of an XG archive lists its members in 532-byte records: name, size, compressed
size, start and CRC-32 (docs/formats.md). tavla reports a member count larger than the
registry holds or than any real file needs (64), a member whose data runs past the archive's
data, a registry that is not a valid zlib stream, and an archive without `temp.xg`, the
member that holds the match. Nothing is read from such a file: use an intact copy.

Example (a trailer that counts 200 members in a 64-byte registry):
    trailer: 200 members, registry 64 bytes"#;

pub(in crate::codes) const XG_TOO_LARGE: &str = r#"A member of an XG archive is inflated to the size its registry record gives, and never
past 64 MiB, whatever that record says (docs/formats.md): a real match of 30 games needs
about 2 MiB. A larger size is a damaged file or a decompression bomb, and nothing of the
member is read. Split the session into shorter matches in XG if it really is that long.

Example (a registry record claiming a 2 GiB `temp.xg`):
    temp.xg: size 2147483647, compressed 96666"#;

pub(in crate::codes) const XG_BAD_MEMBER: &str = r#"Each member of an XG archive is a zlib stream that inflates to exactly the size its
registry record gives (docs/formats.md). tavla reports a stream that does not inflate, and one
that inflates to more or fewer bytes than the record says; the member is not read (for
`temp.xgc`, the comments, the match is still read, with this as a warning). Use an intact
copy.

Example (a `temp.xg` whose record says 1 349 120 bytes):
    member `temp.xg` holds 1 346 560 bytes, but its record gives 1349120"#;

pub(in crate::codes) const XG_BAD_RECORD: &str = r#"`temp.xg` is a match header, then per game a game header, cube and move records and a game
footer, then a match footer; a record's type is at its byte 8, its player is 1 or -1, dice
run from 1 to 6, a move's from slots from 0 to 24 (docs/formats.md). tavla reports a record
that breaks this at its offset in `temp.xg`, with its game and turn where it has them, and
skips what it cannot read (an unknown type ends the reading). The file is damaged.

Example (a move record with the dice 7 and 1):
    record at byte 7 680 of temp.xg: dice 7, 1"#;

pub(in crate::codes) const XG_MARKED_INVALID: &str = r#"XG keeps a mark on a move or cube record that it found invalid when the match was entered
(`InvalidM`, `inValid`; docs/formats.md). tavla reports the mark as a warning at the record
and checks the play or decision against the rules itself, so an illegal play also gets the
finding of the rule it breaks, with its suggestions. Correct the play in XG and save again.

Example (a move record marked invalid):
    record at byte 30 720 of temp.xg: InvalidM = 2"#;

pub(in crate::codes) const OGXM_BAD_HEADER: &str = r#"An OGXM file starts with the magic `OGXM`, the writer's version, the oldest reader
version that reads it and the file's size as a little-endian u32 (16 bytes in v2, 20 in v1;
docs/formats.md). tavla reports a file that does not start with the magic, or whose size is
smaller than a header and the `END!` trailer (or, in v1, whose trailer gives another size);
nothing in it is read. Use an intact copy.

Example (a size of 4 bytes):
    4f 47 58 4d 02 00 00 00 02 00 00 00 04 00 00 00"#;

pub(in crate::codes) const OGXM_TRUNCATED: &str = r#"The header of an OGXM file gives its size, and its last four bytes are `END!`
(docs/formats.md). A file shorter than that size, or that does not end in `END!` there, was
cut short by an interrupted copy or download; tavla reports where, and reads nothing of it,
since no section can be trusted. Use an intact copy.

Example (a 3,000-byte file whose header says 3,412):
    the header gives a file size of 3412 bytes but the file has 3000"#;

pub(in crate::codes) const OGXM_BAD_CHECKSUM: &str = r#"The `CSUM` section (a chunk in OGXM v1) holds a CRC-32 (algorithm 0) or SHA-256
(algorithm 3) of every byte of the file before it (docs/formats.md). tavla computes it and
reports a mismatch at the stored digest: a byte changed in storage or transfer, or someone
edited the file without recomputing it. Nothing of the file is read. Use an intact copy.

Example:
    the CRC-32 in `CSUM` is 1a2b3c4d but the 812 bytes before it give 99887766"#;

pub(in crate::codes) const OGXM_CRITICAL_SECTION: &str = r#"Each OGXM section has a flags byte whose bit 0 marks it critical: a reader that does not
know a critical section must not read the file, since the section changes what the rest
means (docs/formats.md). Sections that are not critical are skipped. The file was written
for a newer version of OGXM: read it with a reader of that version.

Example (a section `ZZZZ` with flags 01):
    5a 5a 5a 5a 01 00 00 00 01 00"#;

pub(in crate::codes) const OGXM_BAD_RECORD: &str = r#"OGXM's sections and records are framed by lengths, and a ply is a header byte, step
bytes `from | pips << 5` and an optional extras record (docs/formats.md). tavla reports a
length that runs past its section or the file, a varint longer than ten bytes, a step byte
that names no point or no pips, and a file without its `MTCH` section, at the byte where it
stands; nothing after it can be placed, so the file is not read further. In `ANAL`, `DECS`,
`ANNO` and `CLCK` such damage, or a ply the match does not have, is a warning naming the
section and record: that record is set aside, the match still read. Use an intact copy.

Example (a section claiming 4 GiB):
    section `GAME` gives a length of 4294967295 bytes, past the end of the file"#;

pub(in crate::codes) const OGXM_UNSUPPORTED: &str = r#"tavla reads OGXM v1 and v2 (docs/formats.md). A file that needs a newer reader, a v1
file in a stream, a variant OGXM does not define, a game that starts from a position or cube
of its own, and a ply that sets the board or cube by hand (other than a play made at the
board, which is checked) cannot be stated in a match record, so that file or game is not
checked from there; tavla says so at the bytes concerned. A v1 `GVAN` chunk of a version
other than 2 and 3 is passed over with a warning (its luck and levels are not read).

Example:
    the file needs an OGXM v1.9 reader; this one reads v1 up to v1.4 (and v2)"#;

pub(in crate::codes) const OGXM_BAD_SIGNATURE: &str = r#"An OGXM file may carry Ed25519 signatures: `MSIG` over the match (its `MTCH` and `GAME`
sections) and `SIGN` over an analysis block bound to the match (docs/formats.md). tavla
verifies each against the key the file carries or the publishers' keys given with
`--keys FILE`. A signature that does not verify means the signed bytes were changed after
signing (a ply edited, even with the checksum recomputed) or the signature is not by that
key: the file is not what its publisher wrote. Get the file again from its publisher.

Example (one ply changed after the match was signed):
    the match signature (`MSIG`) does not verify"#;

pub(in crate::codes) const OGXM_UNKNOWN_KEY: &str = r#"A signature proves who signed only if the key is known to be the publisher's: tavla trusts
the keys given with `--keys FILE` (one a line, 32-byte Ed25519 public keys in hex or base64)
and warns of a signature that verifies only under a key the file carries itself (it proves
the file is intact, not who wrote it), or that names no key when none is given. Pass the
publisher's key with `--keys`.

Example:
    the match signature (`MSIG`) verifies under the public key the file carries"#;

pub(in crate::codes) const OGXM_BAD_MEMBER: &str = r#"An OGXM stream (`.ogxms`, `.ogxms.zst`) is OGXM v2 files back to back, each with its `CSUM`
(docs/formats.md). tavla reports a member that is cut short, fails its checksum or has none,
and a zstd stream that does not decompress, with the bytes skipped; reading resumes at the
next member that frames and verifies, so every other match is still checked.

Example:
    member 3 at byte 10240: the CRC-32 in `CSUM` does not match (812 bytes skipped)"#;
