//! `.xg` files taken apart and packed again, to make damaged or changed ones from the real
//! files of `fixtures/xg`.

use std::io::Write;

use tavla::xg::archive;

/// The size of a record of `temp.xg`.
pub const RECORD: usize = tavla::xg::records::RECORD;

pub fn zlib(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// The members of an `.xg` file, decompressed, with their names.
pub fn members(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut w = Vec::new();
    archive::members(bytes, &["temp.xg", "temp.xgi", "temp.xgc"], &mut w)
        .expect("members")
        .into_iter()
        .map(|m| (m.name, m.data))
        .collect()
}

/// A test-only repacker: the header and thumbnail of `original`, then an archive of
/// `members` with correct sizes and CRCs. `size_of` may lie about a member's size.
pub fn repack(
    original: &[u8],
    members: &[(String, Vec<u8>)],
    size_of: impl Fn(&str, usize) -> i32,
) -> Vec<u8> {
    let thumb = u32::from_le_bytes(original[20..24].try_into().unwrap()) as usize;
    let mut out = original[..archive::HEADER_SIZE + thumb].to_vec();
    let mut data = Vec::new();
    let mut registry = Vec::new();
    for (name, content) in members {
        let z = zlib(content);
        let mut r = vec![0u8; archive::MEMBER_RECORD];
        r[0] = name.len() as u8;
        r[1..1 + name.len()].copy_from_slice(name.as_bytes());
        r[512..516].copy_from_slice(&size_of(name, content.len()).to_le_bytes());
        r[516..520].copy_from_slice(&(z.len() as i32).to_le_bytes());
        r[520..524].copy_from_slice(&(data.len() as i32).to_le_bytes());
        r[524..528].copy_from_slice(&crc32fast::hash(content).to_le_bytes());
        r[529] = 2;
        registry.extend_from_slice(&r);
        data.extend_from_slice(&z);
    }
    let reg = zlib(&registry);
    let mut crc = crc32fast::Hasher::new();
    crc.update(&data);
    crc.update(&reg);
    out.extend_from_slice(&data);
    out.extend_from_slice(&reg);
    for v in [
        crc.finalize() as i32,
        members.len() as i32,
        1,
        reg.len() as i32,
        data.len() as i32,
        1,
    ] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&[0; 12]);
    out
}

/// Offsets of the move records of `temp.xg`, with their game (1-based).
pub fn move_records(temp: &[u8]) -> Vec<(usize, usize)> {
    let mut game = 0;
    let mut out = Vec::new();
    for (i, r) in temp.chunks_exact(RECORD).enumerate() {
        match r[8] {
            1 => game += 1,
            3 => out.push((i * RECORD, game)),
            _ => {}
        }
    }
    out
}
