//! The `CLCK` section decoded: the clock's settings and a reading at each ply.

use super::ClockIn;
use crate::codes::Code;
use crate::notation::Span;
use crate::ogxm::sections::Problem;

/// The largest clock reading (ms).
const MAX_READING: u64 = 0xFFFF_FFFF;

/// `n` bits of `blob` from bit `pos`, least significant first.
fn bits(blob: &[u8], pos: usize, n: usize) -> u64 {
    let mut v = 0;
    for i in 0..n {
        let p = pos + i;
        v |= u64::from(blob[p >> 3] >> (p & 7) & 1) << i;
    }
    v
}

/// The `CLCK` payload `data[start..end]` (the section at `at`) for a match of `plies` plies:
/// the settings (four u32, a flags byte, three bytes of padding), the number of readings after
/// the first (u32), the width of each reading's low bits (u8) and the step (u32); then the low bits packed into
/// little-endian 64-bit words, then each reading's high part in unary (a 1 bit per unit, a 0
/// to end), every reading the previous plus its steps.
pub(super) fn decode_clock(
    data: &[u8],
    at: usize,
    start: usize,
    end: usize,
    plies: usize,
) -> Result<ClockIn, Problem> {
    let p = &data[start..end];
    let bad = |off: usize, len: usize, why: String| {
        Problem::new(
            Code::OgxmBadRecord,
            start + off,
            len,
            format!("the `CLCK` section: {why}; the clock is set aside"),
        )
    };
    if p.len() < 29 {
        return Err(bad(
            0,
            p.len(),
            format!("{} bytes, fewer than the 29 of its settings", p.len()),
        ));
    }
    let u32_at = |o: usize| u32::from_le_bytes([p[o], p[o + 1], p[o + 2], p[o + 3]]);
    let mut clock = ClockIn {
        reserve_ms: u32_at(0),
        delay_ms: u32_at(4),
        increment_ms: u32_at(8),
        start_timestamp: u32_at(12),
        flags: p[16],
        precision: u32_at(25),
        readings: vec![0],
        span: Span::new(at, end - at),
    };
    let length = u32_at(20) as usize;
    let small = usize::from(p[24]);
    if length == 0 {
        if p.len() != 29 {
            return Err(bad(
                29,
                p.len() - 29,
                "bytes after the settings of a clock with no readings".into(),
            ));
        }
        return Ok(clock);
    }
    if !(1..=31).contains(&small) {
        return Err(bad(
            24,
            1,
            format!("a reading's low part is {small} bits wide, not 1 to 31"),
        ));
    }
    if clock.precision == 0 {
        return Err(bad(25, 4, "a step of 0 ms".into()));
    }
    if length >= plies {
        return Err(bad(
            20,
            4,
            format!(
                "{} readings, but the match has {plies} plies",
                length as u64 + 1
            ),
        ));
    }
    let per_word = 64 / small;
    let words = length.div_ceil(per_word);
    if (p.len() - 29) / 8 < words {
        return Err(bad(
            29,
            p.len() - 29,
            format!(
                "{words} words of low bits needed, {} bytes left",
                p.len() - 29
            ),
        ));
    }
    let lsb = &p[29..29 + words * 8];
    let msb = &p[29 + words * 8..];
    let mut pos = 0usize;
    let mut t = 0u64;
    for i in 0..length {
        let low = bits(lsb, (i / per_word) * 64 + (i % per_word) * small, small);
        let mut m = 0u64;
        loop {
            if pos >= msb.len() * 8 {
                return Err(bad(
                    29 + words * 8,
                    msb.len(),
                    format!("reading {} runs past the section's end", i + 2),
                ));
            }
            let one = msb[pos >> 3] >> (pos & 7) & 1 == 1;
            pos += 1;
            if !one {
                break;
            }
            m += 1;
            if m > MAX_READING {
                return Err(bad(29 + words * 8, msb.len(), "a reading too large".into()));
            }
        }
        let q = (m << small) + low;
        t = t.saturating_add(q.saturating_mul(u64::from(clock.precision)));
        if t > MAX_READING {
            return Err(bad(
                29 + words * 8,
                msb.len(),
                format!("reading {} is past 2^32 ms", i + 2),
            ));
        }
        clock.readings.push(t);
    }
    if pos.div_ceil(8) != msb.len() {
        return Err(bad(
            29 + words * 8 + pos.div_ceil(8),
            msb.len() - pos.div_ceil(8),
            "bytes after the last reading".into(),
        ));
    }
    Ok(clock)
}
