//! Reading arbitrary bytes as an eXtreme Gammon file never panics, terminates and stays
//! within its memory bound; every problem is located (in the file, or in `temp.xg` when the
//! transcript names it); the transcript validates without panicking, every finding's span
//! lies inside it, and a transcript that validates clean round-trips through the JSON
//! document and the `.mat` writer to the same JSON.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavla::replay::{Overrides, check};
use tavla::notation::write_mat;
use tavla::report::json::match_json;

/// A zlib stream of `data` (stored blocks: no compressor needed, and inflating them is what
/// the reader does with any stream).
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let mut chunks = data.chunks(65_535).peekable();
    if chunks.peek().is_none() {
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    while let Some(c) = chunks.next() {
        out.push(u8::from(chunks.peek().is_none()));
        let n = c.len() as u16;
        out.extend_from_slice(&n.to_le_bytes());
        out.extend_from_slice(&(!n).to_le_bytes());
        out.extend_from_slice(c);
    }
    // Adler-32.
    let (mut a, mut b) = (1u32, 0u32);
    for &x in data {
        a = (a + u32::from(x)) % 65_521;
        b = (b + a) % 65_521;
    }
    out.extend_from_slice(&((b << 16) | a).to_be_bytes());
    out
}

/// An XG file around `records` as its `temp.xg`: an empty RGMH header without thumbnail,
/// and an archive whose sizes and CRCs are all right, so that the records reader is reached.
fn pack(records: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; tavla::xg::archive::HEADER_SIZE];
    out[..4].copy_from_slice(tavla::xg::MAGIC);
    out[4..8].copy_from_slice(&1u32.to_le_bytes());
    out[8..12].copy_from_slice(&(tavla::xg::archive::HEADER_SIZE as u32).to_le_bytes());
    let z = zlib_stored(records);
    let mut r = vec![0u8; tavla::xg::archive::MEMBER_RECORD];
    r[0] = 7;
    r[1..8].copy_from_slice(b"temp.xg");
    r[512..516].copy_from_slice(&(records.len() as i32).to_le_bytes());
    r[516..520].copy_from_slice(&(z.len() as i32).to_le_bytes());
    r[524..528].copy_from_slice(&crc32(records).to_le_bytes());
    let reg = zlib_stored(&r);
    let mut archive = z;
    archive.extend_from_slice(&reg);
    let crc = crc32(&archive);
    out.extend_from_slice(&archive);
    for v in [crc as i32, 1, 1, reg.len() as i32, (archive.len() - reg.len()) as i32, 1] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&[0; 12]);
    out
}

/// CRC-32 (IEEE), bit by bit: the fuzzer's own, independent of the reader's.
fn crc32(data: &[u8]) -> u32 {
    let mut c = !0u32;
    for &x in data {
        c ^= u32::from(x);
        for _ in 0..8 {
            c = if c & 1 == 1 { (c >> 1) ^ 0xedb8_8320 } else { c >> 1 };
        }
    }
    !c
}

fuzz_target!(|data: &[u8]| {
    // Three ways in, by the first byte: the bytes as a whole file (mostly refused by the
    // magic number or a CRC), the magic number given for free, or the bytes as the records
    // of `temp.xg` in a container that is right in every size and CRC.
    let owned;
    let bytes: &[u8] = match data.first().map(|b| b % 3) {
        Some(1) => {
            let mut o = tavla::xg::MAGIC.to_vec();
            o.extend_from_slice(&data[1..]);
            owned = o;
            &owned
        }
        Some(2) => {
            owned = pack(&data[1..]);
            &owned
        }
        _ => data,
    };
    let t = tavla::xg::read(bytes);
    let member = t.binary.as_ref().and_then(|b| b.member.clone());
    for p in &t.problems {
        if p.in_file {
            assert!(p.span.offset + p.span.len <= bytes.len(), "{p:?} outside the file");
        }
    }
    assert!(t.matches.is_empty() || member.is_some());
    let problems = t.problems.len();
    let v = check(t, &Overrides::default());
    for f in &v.findings {
        assert!(f.origin.is_some(), "{f:?} has no place in the file");
    }
    let _ = tavla::xg::read_position(bytes);
    if v.errors() == 0 && problems == 0 && !v.games.is_empty() {
        let json = match_json(&v, false, "");
        let mat = write_mat(&json);
        let again = check(tavla::notation::read(&mat), &Overrides::default());
        let mut a = match_json(&again, false, &mat)["games"].take();
        let mut b = json["games"].clone();
        strip(&mut a);
        strip(&mut b);
        assert_eq!(a, b);
    }
});

/// Drop what depends on the layout of the text (lines, spans, the source text).
fn strip(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(m) => {
            for k in ["line", "span", "source"] {
                m.remove(k);
            }
            m.values_mut().for_each(strip);
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
        _ => {}
    }
}
