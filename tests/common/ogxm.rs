//! OGXM v2 files changed and sealed again (their CRC-32 `CSUM` section recomputed), and
//! signed, to make damaged or signed ones from the files of `fixtures/ogxm`; the boards of
//! OGIDs.

use std::path::PathBuf;

use super::{files, root};

/// The bytes before the `CSUM` section of a codec-written file.
pub fn body(file: &[u8]) -> Vec<u8> {
    let at = file
        .windows(4)
        .rposition(|w| w == b"CSUM")
        .expect("a CSUM section");
    file[..at].to_vec()
}

/// `body` (header to the last section before `CSUM`) with its size, a CRC-32 `CSUM` section
/// and `END!`.
pub fn with_crc(body: &[u8]) -> Vec<u8> {
    let csum_len = 9 + 8;
    let mut d = body.to_vec();
    let size = (d.len() + csum_len + 4) as u32;
    d[12..16].copy_from_slice(&size.to_le_bytes());
    let crc = crc32fast::hash(&d);
    d.extend_from_slice(b"CSUM");
    d.extend_from_slice(&8u32.to_le_bytes());
    d.push(1);
    d.extend_from_slice(&[7, 0, 0, 4]);
    d.extend_from_slice(&crc.to_le_bytes());
    d.extend_from_slice(b"END!");
    d
}

/// `bytes` read as OGXM without a panic, with every problem inside them, and the record
/// checked without a panic (the fuzz target's property).
pub fn reads_with_problems_located(bytes: &[u8]) {
    let r = tavla::ogxm::read(bytes);
    for p in &r.problems {
        assert!(p.span.offset + p.span.len <= bytes.len(), "{p:?}");
    }
    let _ = tavla::replay::check(r, &tavla::replay::Overrides::default());
}

/// The key the tests sign with.
pub fn key() -> ed25519_dalek::SigningKey {
    ed25519_dalek::SigningKey::from_bytes(&[7u8; 32])
}

/// A public key in hexadecimal, as `--keys` files and `TAVLA_KEYS` hold it.
pub fn hex(key: &ed25519_dalek::SigningKey) -> String {
    key.verifying_key()
        .as_bytes()
        .iter()
        .map(|x| format!("{x:02x}"))
        .collect()
}

/// `good` with an `MSIG` section signed by `key` (and its public key) before `CSUM`.
pub fn signed(good: &[u8], key: &ed25519_dalek::SigningKey) -> Vec<u8> {
    use ed25519_dalek::Signer;
    let mut b = body(good);
    let f = tavla::ogxm::sections::frame(good).unwrap();
    let digest = tavla::ogxm::sections::match_digest(good, &f);
    let mut msg = b"OGXM-MTCH-SIG-v2".to_vec();
    msg.extend_from_slice(&digest);
    let mut rec = vec![0x02, 0x01, 0x40];
    rec.extend_from_slice(&key.sign(&msg).to_bytes());
    rec.push(0x20);
    rec.extend_from_slice(key.verifying_key().as_bytes());
    let mut payload = vec![rec.len() as u8];
    payload.extend_from_slice(&rec);
    b.extend_from_slice(b"MSIG");
    b.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    b.push(0);
    b.extend_from_slice(&payload);
    with_crc(&b)
}

/// The repository's backgammon records (`fixtures/backgammon/gnubg`) that OGXM fixtures of
/// the same names were written from.
pub const RECORDS: [&str; 8] = [
    "m000-0201",
    "m000-0205",
    "m001-0020",
    "m002-0060",
    "m003-0100",
    "m005-0140",
    "m009-0180",
    "m011-0200",
];

/// The files of `dir` ending in `.ext` with the codec's OGIDs beside them (`NAME.ogids`).
pub fn with_ogids(dir: &str, ext: &str) -> Vec<PathBuf> {
    files(dir, ext)
        .into_iter()
        .filter(|p| root().join(p).with_extension("ogids").exists())
        .collect()
}

/// The two board fields of an OGID (White's then Black's checkers, one character a checker
/// naming its absolute point: `0`–`9`, then `a`–`p`; 0 White's bar, 25 Black's) of a
/// position of tavla's match JSON.
pub fn ogid_board(p: &serde_json::Value) -> String {
    let ch = |a: usize| char::from_digit(a as u32, 26).unwrap();
    let side = |name: &str, white: bool| {
        let mut counts = [0u64; 26];
        if let Some(m) = p[name].as_object() {
            for (k, v) in m {
                let own: usize = k.parse().unwrap();
                counts[if white { 25 - own } else { own }] += v.as_u64().unwrap();
            }
        }
        counts[if white { 0 } else { 25 }] += p[format!("{name}_bar")].as_u64().unwrap_or(0);
        counts
            .iter()
            .enumerate()
            .flat_map(|(a, &n)| std::iter::repeat_n(ch(a), n as usize))
            .collect::<String>()
    };
    format!("{}:{}", side("white", true), side("black", false))
}
