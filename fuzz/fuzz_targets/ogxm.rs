//! Reading arbitrary bytes as an OGXM file (v2 or v1) or stream never panics, terminates and
//! allocates nothing sized by an unchecked length; every problem lies inside the input (a zstd
//! stream's, inside the decompressed stream); the record
//! validates without panicking, every finding has its place in the file, and a match that
//! validates clean is written back as OGXM and reads again without a problem.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavla::replay::{Overrides, check};
use tavla::report::json::match_doc;

/// `body` (a header and sections) closed with a CRC-32 `CSUM` and `END!`, its size set.
fn close(body: &[u8]) -> Vec<u8> {
    let mut d = body.to_vec();
    if d.len() < 16 {
        d.resize(16, 0);
    }
    d[..4].copy_from_slice(b"OGXM");
    d[4..12].copy_from_slice(&[2, 0, 0, 0, 2, 0, 0, 0]);
    let size = (d.len() + 17 + 4) as u32;
    d[12..16].copy_from_slice(&size.to_le_bytes());
    let crc = crc32fast::hash(&d);
    d.extend_from_slice(b"CSUM");
    d.extend_from_slice(&8u32.to_le_bytes());
    d.extend_from_slice(&[1, 7, 0, 0, 4]);
    d.extend_from_slice(&crc.to_le_bytes());
    d.extend_from_slice(b"END!");
    d
}

/// `chunks` closed as an OGXM v1 file: the 20-byte header (version 1.3, size set), the
/// chunks, a CRC-32 `CSUM` chunk and the `END!` marker with the size.
fn close_v1(chunks: &[u8]) -> Vec<u8> {
    let mut d = b"OGXM\x01\x00\x03\x00\x01\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00".to_vec();
    d.extend_from_slice(chunks);
    let size = (d.len() + 12 + 8 + 8) as u32;
    d[12..16].copy_from_slice(&size.to_le_bytes());
    let crc = crc32fast::hash(&d);
    d.extend_from_slice(b"CSUM");
    d.extend_from_slice(&8u32.to_le_bytes());
    d.extend_from_slice(&[1, 0, 0, 0, 0, 0, 0, 0]);
    d.extend_from_slice(&crc.to_le_bytes());
    d.extend_from_slice(b"END!");
    d.extend_from_slice(&size.to_le_bytes());
    d
}

fuzz_target!(|data: &[u8]| {
    // Four ways in, by the first byte, for the bytes after it: a file, the sections of a v2
    // file whose header, checksum and trailer are right, a stream, or the chunks of a v1 file
    // whose header, checksum and end marker are right.
    let Some((&how, rest)) = data.split_first() else {
        return;
    };
    let owned;
    let (bytes, stream): (&[u8], bool) = match how % 4 {
        1 => {
            let mut body = vec![0u8; 16];
            body.extend_from_slice(rest);
            owned = close(&body);
            (&owned, false)
        }
        2 => (rest, true),
        3 => {
            owned = close_v1(rest);
            (&owned, false)
        }
        _ => (rest, false),
    };
    let r = if stream {
        tavla::ogxm::stream::read(bytes)
    } else {
        tavla::ogxm::read(bytes)
    };
    // A problem of a zstd stream is located in the decompressed stream (`in_file` false).
    for p in r.problems.iter().filter(|p| p.in_file) {
        assert!(
            p.span.offset + p.span.len <= bytes.len(),
            "{p:?} outside the file"
        );
    }
    let problems = r.problems.len();
    let v = check(r, &Overrides::default());
    for f in &v.findings {
        assert!(f.origin.is_some(), "{f:?} has no place in the file");
    }
    if !stream && v.errors() == 0 && problems == 0 && !v.games.is_empty() {
        let doc = match_doc(&v, false, "");
        if let Ok(again) = tavla::ogxm::write_ogxm(&doc) {
            let back = tavla::ogxm::read(&again);
            assert!(back.problems.is_empty(), "{:?}", back.problems);
        }
    }
});
