//! The Ed25519 signatures of an OGXM v2 file: `MSIG` over the match (the bytes
//! `"OGXM-MTCH-SIG-v2"` then the `match_digest`) and `SIGN` over an analysis block (the bytes
//! `"OGXM-ANAL-SIG-v2"`, the `match_digest`, then the SHA-256 of the block's `ANAL` and
//! `DECS` payloads joined). A signature record is framed: the algorithm (1, Ed25519), the
//! 64-byte signature, then by its mask the key id (bit 0), the public key (bit 1) and the
//! signing time (bit 2); the key id and time are not covered by the signature.
//!
//! The publishers' keys are given once per run ([`set_keys`], from `--keys FILE`): a
//! signature that verifies under one of them holds; one that does not verify is an error
//! (`tavla::ogxm::bad-signature`); one that verifies only under a key the file carries itself,
//! or that names no key when none is given, is a warning (`tavla::ogxm::unknown-key`).

use super::bytes::{Cursor, bit};
use super::sections::{Frame, Problem, match_digest};
use crate::codes::Code;
use crate::notation::Span;
use crate::record::{ReadProblem, Signature as Signed, SignatureStatus};
use ed25519_dalek::{Signature, Verifier, VerifyingKey};
use sha2::Digest;
use std::sync::OnceLock;

/// Trusted public keys (raw 32-byte Ed25519 keys).
pub type Keys = Vec<[u8; 32]>;

static KEYS: OnceLock<Keys> = OnceLock::new();

/// The keys signatures are checked against for the rest of the run (the first call wins).
pub fn set_keys(keys: Keys) {
    let _ = KEYS.set(keys);
}

fn keys() -> &'static [[u8; 32]] {
    KEYS.get().map_or(&[], Vec::as_slice)
}

/// Keys from the text of a keys file: one a line, 64 hex digits or base64 of 32 bytes; blank
/// lines and lines starting with `#` are skipped.
///
/// # Errors
/// The first line that is no key, with its number.
pub fn read_keys(text: &str) -> Result<Keys, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let raw = if l.len() == 64 && l.bytes().all(|b| b.is_ascii_hexdigit()) {
            (0..32)
                .map(|i| u8::from_str_radix(&l[2 * i..2 * i + 2], 16).ok())
                .collect::<Option<Vec<u8>>>()
        } else {
            base64(l)
        };
        match raw.and_then(|r| <[u8; 32]>::try_from(r).ok()) {
            Some(k) => out.push(k),
            None => {
                return Err(format!(
                    "line {}: not a 32-byte Ed25519 public key in hex or base64",
                    n + 1
                ));
            }
        }
    }
    Ok(out)
}

/// Standard base64 (padding optional).
pub fn base64(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let (mut acc, mut n) = (0u32, 0u32);
    for c in s.trim_end_matches('=').bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        };
        acc = acc << 6 | u32::from(v);
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((acc >> n) as u8);
        }
    }
    Some(out)
}

/// One signature record.
struct Sig {
    signature: [u8; 64],
    public_key: Option<[u8; 32]>,
    at: usize,
    len: usize,
}

fn sigs(data: &[u8], start: usize, end: usize) -> Result<Vec<Sig>, Problem> {
    let bad =
        |s: super::bytes::Short| Problem::short(&s, Code::OgxmBadRecord, "a signature record");
    let mut c = Cursor::new(data, start, end);
    let mut out = Vec::new();
    while !c.done() {
        let at = c.pos;
        let (mask, mut r) = c.record("signature record").map_err(bad)?;
        let _algorithm = r.varint("algorithm").map_err(bad)?;
        let sat = r.pos;
        let signature = <[u8; 64]>::try_from(r.bytes("signature").map_err(bad)?).map_err(|_| {
            Problem::new(
                Code::OgxmBadRecord,
                sat,
                1,
                "an Ed25519 signature is 64 bytes",
            )
        })?;
        if bit(mask, 0) {
            r.bytes("key id").map_err(bad)?;
        }
        let mut public_key = None;
        if bit(mask, 1) {
            let kat = r.pos;
            public_key = Some(
                <[u8; 32]>::try_from(r.bytes("public key").map_err(bad)?).map_err(|_| {
                    Problem::new(
                        Code::OgxmBadRecord,
                        kat,
                        1,
                        "an Ed25519 public key is 32 bytes",
                    )
                })?,
            );
        }
        out.push(Sig {
            signature,
            public_key,
            at,
            len: c.pos - at,
        });
    }
    Ok(out)
}

/// What a signature came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Valid under a trusted key.
    Trusted,
    /// Valid under the key the file carries, which is not among those given.
    UnknownKey,
    /// No key to check it with.
    NoKey,
    /// Does not verify.
    Bad,
}

fn verify_one(s: &Sig, message: &[u8]) -> Verdict {
    let sig = Signature::from_bytes(&s.signature);
    let ok =
        |k: &[u8; 32]| VerifyingKey::from_bytes(k).is_ok_and(|vk| vk.verify(message, &sig).is_ok());
    let trusted = keys();
    match s.public_key {
        Some(k) if trusted.contains(&k) => {
            if ok(&k) {
                Verdict::Trusted
            } else {
                Verdict::Bad
            }
        }
        Some(k) => {
            if !ok(&k) {
                Verdict::Bad
            } else if trusted.iter().any(ok) {
                Verdict::Trusted
            } else {
                Verdict::UnknownKey
            }
        }
        None if trusted.is_empty() => Verdict::NoKey,
        None => {
            if trusted.iter().any(ok) {
                Verdict::Trusted
            } else {
                Verdict::Bad
            }
        }
    }
}

/// One signature of a file, verified.
pub struct Checked {
    /// `None`: the match's (`MSIG`); else the 0-based analysis block it signs (`SIGN`).
    pub analysis: Option<usize>,
    /// The public key the file carries with it.
    pub key: Option<[u8; 32]>,
    /// Where the signature record lies: offset and length.
    pub at: usize,
    pub len: usize,
    pub verdict: Verdict,
}

/// Every signature of the file, verified, in file order.
pub fn verify(data: &[u8], f: &Frame) -> Result<Vec<Checked>, Problem> {
    let digest = match_digest(data, f);
    let mut out = Vec::new();
    let (mut anal, mut decs): (&[u8], &[u8]) = (&[], &[]);
    let mut block: Option<usize> = None;
    for s in &f.sections {
        let payload = &data[s.payload.0..s.payload.1];
        match &s.kind {
            b"ANAL" => {
                anal = payload;
                decs = &[];
                block = Some(block.map_or(0, |b| b + 1));
            }
            b"DECS" => decs = payload,
            b"MSIG" => {
                let mut m = b"OGXM-MTCH-SIG-v2".to_vec();
                m.extend_from_slice(&digest);
                for sig in sigs(data, s.payload.0, s.payload.1)? {
                    out.push(Checked {
                        analysis: None,
                        key: sig.public_key,
                        at: sig.at,
                        len: sig.len,
                        verdict: verify_one(&sig, &m),
                    });
                }
            }
            b"SIGN" => {
                let mut m = b"OGXM-ANAL-SIG-v2".to_vec();
                m.extend_from_slice(&digest);
                let mut h = sha2::Sha256::new();
                h.update(anal);
                h.update(decs);
                m.extend_from_slice(&h.finalize());
                for sig in sigs(data, s.payload.0, s.payload.1)? {
                    out.push(Checked {
                        analysis: Some(block.unwrap_or(0)),
                        key: sig.public_key,
                        at: sig.at,
                        len: sig.len,
                        verdict: verify_one(&sig, &m),
                    });
                }
            }
            _ => {}
        }
    }
    Ok(out)
}

/// The signatures' findings as reader's problems (nothing for an unsigned file), and each
/// signature with what its check came to.
pub fn check(data: &[u8], f: &Frame) -> (Vec<ReadProblem>, Vec<Signed>) {
    let checked = match verify(data, f) {
        Ok(v) => v,
        Err(p) => return (vec![super::problem(p, true)], Vec::new()),
    };
    let mut problems = Vec::new();
    let mut signatures = Vec::new();
    for c in checked {
        let what = match c.analysis {
            None => "the match signature (`MSIG`)".to_string(),
            Some(b) => format!("the signature of analysis block {} (`SIGN`)", b + 1),
        };
        let status = match c.verdict {
            Verdict::Trusted => SignatureStatus::Valid,
            Verdict::Bad => SignatureStatus::Invalid,
            Verdict::UnknownKey => SignatureStatus::UnknownKey,
            Verdict::NoKey => SignatureStatus::Unchecked,
        };
        signatures.push(Signed {
            analysis: c.analysis,
            key: c.key.map(|k| super::sections::hex(&k)),
            status,
            at: Span::new(c.at, c.len),
        });
        let (code, error, message) = match c.verdict {
            Verdict::Trusted => continue,
            Verdict::Bad => (
                Code::OgxmBadSignature,
                true,
                format!(
                    "{what} does not verify: the signed bytes were changed after signing, or it is not by the key given"
                ),
            ),
            Verdict::UnknownKey => (
                Code::OgxmUnknownKey,
                false,
                format!(
                    "{what} verifies under the public key the file carries, which is not among the keys given"
                ),
            ),
            Verdict::NoKey => (
                Code::OgxmUnknownKey,
                false,
                format!("{what} names no public key and no keys were given: it is not checked"),
            ),
        };
        problems.push(super::problem(
            Problem::new(code, c.at, c.len, message),
            error,
        ));
    }
    (problems, signatures)
}
