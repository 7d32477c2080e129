//! The `.xg` container: the `RGMH` header, the thumbnail, and the ZLB archive of members
//! (`temp.xg`, `temp.xgi`, `temp.xgc`, `temp.xgr`).
//!
//! Layout, as every real file shows it:
//! - bytes 0..8232: the header (`RGMH`, version 1, its own size, the thumbnail's offset from
//!   the end of the header and its size, a GUID, four UTF-16LE names of 1,024 characters at
//!   40, 2,088, 4,136 and 6,184);
//! - the JPEG thumbnail;
//! - the archive: the members' data, the registry (a zlib stream, or stored, of one 532-byte
//!   record per member) and a 36-byte trailer: CRC-32 of data and registry, member count,
//!   version, registry size, data size, whether the registry is compressed, 12 reserved bytes.
//!
//! A member record: its name and path (Pascal short strings of 256 bytes each), its size,
//! its compressed size, its start in the data, the CRC-32 of its content, and a byte that is
//! 0 when the member is a zlib stream.
//!
//! Nothing here trusts a size field: every offset is checked against the file, every CRC is
//! compared, and no member grows past [`MAX_MEMBER`] bytes whatever its size field says.

use crate::codes::Code;
use crate::notation::Span;
use crate::record::ReadProblem;

/// The magic number at the start of every `.xg` and `.xgp` file.
pub const MAGIC: &[u8; 4] = b"RGMH";
/// Size of the `RGMH` header.
pub const HEADER_SIZE: usize = 8232;
/// Size of the archive trailer.
pub const TRAILER_SIZE: usize = 36;
/// Size of one member record of the registry.
pub const MEMBER_RECORD: usize = 532;
/// The largest member read (64 MiB: 26,214 records of `temp.xg`; real matches need 2 MiB).
pub const MAX_MEMBER: usize = 64 << 20;
/// The most members a registry may list (real files list 2 to 4).
pub const MAX_MEMBERS: usize = 64;

/// One member of the archive, decompressed and checked.
#[derive(Clone, Debug)]
pub struct Member {
    /// Its name (`temp.xg`).
    pub name: String,
    /// Its content.
    pub data: Vec<u8>,
    /// Where its data starts in the file.
    pub file_offset: u64,
    /// Its stored (compressed) bytes in the file.
    pub stored_len: u64,
}

/// The names of the header, as XG writes them (game, save, level, comments).
#[derive(Clone, Debug, Default)]
pub struct HeaderNames {
    /// The game name.
    pub game: String,
    /// The save name.
    pub save: String,
    /// The level name.
    pub level: String,
    /// The comments.
    pub comments: String,
}

/// A problem located in the file (not in a member).
fn problem(code: Code, offset: usize, len: usize, message: String, help: &str) -> ReadProblem {
    ReadProblem {
        in_file: true,
        ..ReadProblem::new(code, true, Span::new(offset, len), message, help)
    }
}

fn truncated(offset: usize, what: &str, need: usize, have: usize) -> ReadProblem {
    problem(
        Code::XgTruncated,
        offset,
        have.saturating_sub(offset),
        format!(
            "the file ends inside {what}: {need} bytes needed at byte {offset}, {have} in the file"
        ),
        "the file was cut short (an interrupted copy or download): save it again from XG",
    )
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn i32_at(b: &[u8], at: usize) -> i32 {
    u32_at(b, at) as i32
}

/// A NUL-terminated UTF-16LE string of at most `chars` characters at `at`.
pub(crate) fn utf16_at(b: &[u8], at: usize, chars: usize) -> String {
    let end = (at + 2 * chars).min(b.len());
    let units: Vec<u16> = b[at.min(end)..end]
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .take_while(|&u| u != 0)
        .collect();
    String::from_utf16_lossy(&units)
}

/// A Pascal short string (`string[n]`: a length byte, then Windows-1252 bytes) of capacity
/// `cap` at `at`.
pub(crate) fn short_string_at(b: &[u8], at: usize, cap: usize) -> String {
    let Some(&n) = b.get(at) else {
        return String::new();
    };
    let n = (n as usize).min(cap);
    let end = (at + 1 + n).min(b.len());
    b[(at + 1).min(end)..end]
        .iter()
        .map(|&c| c as char)
        .collect()
}

/// The file's header names, when the header is present.
pub fn header_names(b: &[u8]) -> Option<HeaderNames> {
    (b.len() >= HEADER_SIZE && b.starts_with(MAGIC)).then(|| HeaderNames {
        game: utf16_at(b, 40, 1024),
        save: utf16_at(b, 2088, 1024),
        level: utf16_at(b, 4136, 1024),
        comments: utf16_at(b, 6184, 1024),
    })
}

/// Inflate a zlib stream of `size` bytes (as its record gives), at most `cap` bytes.
///
/// `Err(true)` when the output would pass `size` or `cap`, `Err(false)` for a damaged stream.
/// One call into a buffer of the claimed size (libdeflate's whole-buffer inflater), never more
/// than deflate can expand the input to (1,032 : 1), so a lying size field costs no memory;
/// the caller compares the length inflated with the size claimed.
fn inflate(data: &[u8], size: usize, cap: usize) -> Result<Vec<u8>, bool> {
    let room = size.min(cap).min(data.len().saturating_mul(1032));
    let mut out = vec![0u8; room];
    let mut d = libdeflater::Decompressor::new();
    match d.zlib_decompress(data, &mut out) {
        Ok(n) => {
            out.truncate(n);
            Ok(out)
        }
        Err(libdeflater::DecompressionError::InsufficientSpace) => Err(true),
        Err(_) => Err(false),
    }
}

/// Read the container: every member of the archive, decompressed and checked (sizes and
/// CRCs), or the problem that stops the reading, located in the file.
///
/// `wanted` names the members to decompress (others are listed but skipped, unchecked
/// beyond their bounds); a damaged wanted member other than the first of `wanted` is
/// reported in `warnings` and left out.
pub fn members(
    b: &[u8],
    wanted: &[&str],
    warnings: &mut Vec<ReadProblem>,
) -> Result<Vec<Member>, ReadProblem> {
    let payload = archive_start(b)?;
    let archive = archive(b, payload)?;
    let mut out = Vec::new();
    for i in 0..archive.count {
        let r = &archive.registry[i * MEMBER_RECORD..(i + 1) * MEMBER_RECORD];
        let name = short_string_at(r, 0, 255);
        if !wanted.contains(&name.as_str()) {
            continue;
        }
        let first = Some(&name.as_str()) == wanted.first();
        match member(b, &archive, r, name) {
            Ok(m) => out.push(m),
            Err(p) if first => return Err(p),
            Err(p) => warnings.push(ReadProblem { error: false, ..p }),
        }
    }
    if let Some(first) = wanted.first()
        && !out.iter().any(|m| m.name == *first)
    {
        return Err(problem(
            Code::XgBadRegistry,
            archive.reg_start,
            archive.reg_len,
            format!("the archive has no member `{first}`"),
            "an XG match or position keeps its records in `temp.xg`: the file is damaged or not a match",
        ));
    }
    Ok(out)
}

/// Where the archive starts: after the `RGMH` header and the thumbnail, both checked.
fn archive_start(b: &[u8]) -> Result<usize, ReadProblem> {
    if b.len() < MAGIC.len() && MAGIC.starts_with(b) {
        return Err(problem(
            Code::XgTruncated,
            0,
            b.len(),
            if b.is_empty() {
                "the file is empty: an eXtreme Gammon file starts with its RGMH header".into()
            } else {
                format!(
                    "the file ends after {} byte(s), inside the RGMH header",
                    b.len()
                )
            },
            "an .xg or .xgp file starts with an 8,232-byte RGMH header; this one was cut short: save it again from XG",
        ));
    }
    if b.len() < MAGIC.len() || &b[..4] != MAGIC {
        return Err(problem(
            Code::XgBadMagic,
            0,
            b.len().min(4),
            format!(
                "not an eXtreme Gammon file: it starts with {:02x?}, not `RGMH`",
                &b[..b.len().min(4)]
            ),
            "an .xg or .xgp file starts with the four bytes `RGMH`; this one is something else (or damaged)",
        ));
    }
    if b.len() < HEADER_SIZE {
        return Err(truncated(0, "the RGMH header", HEADER_SIZE, b.len()));
    }
    let version = u32_at(b, 4);
    let header_size = u32_at(b, 8) as usize;
    if version != 1 || header_size != HEADER_SIZE {
        return Err(problem(
            Code::XgBadHeader,
            4,
            8,
            format!(
                "the RGMH header says version {version} and size {header_size}; XG writes version 1 and size {HEADER_SIZE}"
            ),
            "the file is damaged or from an XG version tavla does not know",
        ));
    }
    let thumb_offset = u64::from_le_bytes(b[12..20].try_into().unwrap_or([0; 8]));
    let thumb_size = u32_at(b, 20) as u64;
    let payload = (HEADER_SIZE as u64)
        .saturating_add(thumb_offset)
        .saturating_add(thumb_size);
    if payload > b.len() as u64 {
        return Err(problem(
            Code::XgTruncated,
            12,
            12,
            format!(
                "the thumbnail ({thumb_size} bytes at {}) runs past the end of the file ({} bytes)",
                HEADER_SIZE as u64 + thumb_offset,
                b.len()
            ),
            "the file was cut short or its header is damaged: save it again from XG",
        ));
    }
    Ok(payload as usize)
}

/// The archive's layout, as its trailer gives it, and its registry.
struct Archive {
    /// Where the members' data starts in the file, and its size.
    data_start: usize,
    data_size: usize,
    /// Where the registry starts in the file, and its stored size.
    reg_start: usize,
    reg_len: usize,
    /// The registry, inflated: at least `count` member records.
    registry: Vec<u8>,
    count: usize,
}

/// The archive that starts at `payload`: its trailer, the CRC of its data and registry, and
/// the registry inflated.
fn archive(b: &[u8], payload: usize) -> Result<Archive, ReadProblem> {
    if b.len() < payload + TRAILER_SIZE {
        return Err(truncated(payload, "the archive", TRAILER_SIZE, b.len()));
    }
    let t = b.len() - TRAILER_SIZE;
    let crc = u32_at(b, t);
    let count = i32_at(b, t + 4);
    let reg_size = i32_at(b, t + 12);
    let data_size = i32_at(b, t + 16);
    let compressed_registry = i32_at(b, t + 20) != 0;
    if reg_size < 0 || data_size < 0 || (reg_size as usize) + (data_size as usize) > t - payload {
        return Err(problem(
            Code::XgTruncated,
            t,
            TRAILER_SIZE,
            format!(
                "the archive trailer claims {data_size} bytes of data and a {reg_size}-byte registry, \
                 but only {} bytes lie between the thumbnail and the trailer",
                t - payload
            ),
            "the file was cut short or its trailer is damaged: save it again from XG",
        ));
    }
    let reg_start = t - reg_size as usize;
    let data_start = reg_start - data_size as usize;
    let actual = crc32fast::hash(&b[data_start..t]);
    if actual != crc {
        return Err(problem(
            Code::XgBadCrc,
            t,
            4,
            format!(
                "the archive's CRC-32 is {crc:08x} in its trailer but {actual:08x} over its {} bytes",
                t - data_start
            ),
            "the file is damaged (a byte changed in storage or transfer): use an intact copy",
        ));
    }
    if count < 0 || count as usize > MAX_MEMBERS {
        return Err(problem(
            Code::XgBadRegistry,
            t + 4,
            4,
            format!("the archive claims {count} members (at most {MAX_MEMBERS} are read)"),
            "the file is damaged or is not an XG file",
        ));
    }
    let count = count as usize;
    let need = count * MEMBER_RECORD;
    let reg_bytes = &b[reg_start..t];
    let registry = if compressed_registry {
        match inflate(reg_bytes, need, need) {
            Ok(r) => r,
            Err(too_big) => {
                return Err(problem(
                    Code::XgBadRegistry,
                    reg_start,
                    reg_bytes.len(),
                    if too_big {
                        format!(
                            "the registry holds more than the {count} member records its trailer counts"
                        )
                    } else {
                        "the registry is not a valid zlib stream".into()
                    },
                    "the file is damaged: use an intact copy",
                ));
            }
        }
    } else {
        reg_bytes.to_vec()
    };
    if registry.len() < need {
        return Err(problem(
            Code::XgBadRegistry,
            reg_start,
            reg_bytes.len(),
            format!(
                "the registry holds {} bytes, but {count} member records need {need}",
                registry.len()
            ),
            "the member count of the trailer overruns the registry: the file is damaged",
        ));
    }
    Ok(Archive {
        data_start,
        data_size: data_size as usize,
        reg_start,
        reg_len: reg_bytes.len(),
        registry,
        count,
    })
}

/// The member of registry record `r`, named `name`: its data decompressed and checked
/// against the record's size and CRC.
fn member(b: &[u8], a: &Archive, r: &[u8], name: String) -> Result<Member, ReadProblem> {
    let size = i32_at(r, 512);
    let csize = i32_at(r, 516);
    let start = i32_at(r, 520);
    let mcrc = u32_at(r, 524);
    let stored = r[528] != 0;
    let data_size = a.data_size;
    if size < 0 || csize < 0 || start < 0 || start as usize + csize as usize > data_size {
        return Err(problem(
            Code::XgBadRegistry,
            a.reg_start,
            a.reg_len,
            format!(
                "member `{name}` claims {csize} bytes at {start} of the archive's {data_size} bytes of data"
            ),
            "the registry is damaged: use an intact copy",
        ));
    }
    if size as usize > MAX_MEMBER {
        return Err(problem(
            Code::XgTooLarge,
            a.reg_start,
            a.reg_len,
            format!("member `{name}` claims {size} bytes; at most {MAX_MEMBER} are read"),
            "no real match needs this much: the file is damaged or not a match",
        ));
    }
    let at = a.data_start + start as usize;
    let raw = &b[at..at + csize as usize];
    let data = if stored {
        raw.to_vec()
    } else {
        inflate(raw, size as usize, MAX_MEMBER).map_err(|too_big| {
            problem(
                Code::XgBadMember,
                at,
                raw.len(),
                if too_big {
                    format!(
                        "member `{name}` inflates to more than the {size} bytes its record gives"
                    )
                } else {
                    format!("member `{name}` is not a valid zlib stream")
                },
                "the file is damaged: use an intact copy",
            )
        })?
    };
    if data.len() != size as usize {
        return Err(problem(
            Code::XgBadMember,
            at,
            raw.len(),
            format!(
                "member `{name}` holds {} bytes, but its record gives {size}",
                data.len()
            ),
            "the file is damaged: use an intact copy",
        ));
    }
    let actual = crc32fast::hash(&data);
    if actual != mcrc {
        return Err(problem(
            Code::XgBadCrc,
            at,
            raw.len(),
            format!("member `{name}` has CRC-32 {actual:08x}, but its record gives {mcrc:08x}"),
            "the file is damaged (a byte changed in storage or transfer): use an intact copy",
        ));
    }
    Ok(Member {
        name,
        data,
        file_offset: at as u64,
        stored_len: raw.len() as u64,
    })
}
