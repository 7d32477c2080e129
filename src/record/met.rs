//! Match equity: a player's chances of winning a match from a score, as GNU Backgammon gives
//! them with its default table, Kazaross-XG2, extended past the table's 25 points the way gnubg
//! extends it (for matches of up to 64 points).
//!
//! The figures are `Kazaross-XG2.xml` (beside this file), carried unchanged as GNU Backgammon
//! 1.07 distributes it in its `met/` directory: Copyright (C) 2011 Neil Kazaross; rolled out by
//! eXtreme Gammon to 9 points, then the Rockwell-Kazaross table rolled out to 15 points and
//! extrapolated to 25; transcribed for gnubg by Michael Petch. Its notice permits copying and
//! distribution, with or without modification, provided the copyright notice and the notice are
//! preserved (they are, in the file). Nothing is read outside the crate at run time.
//!
//! How gnubg uses the table (its `matchequity.c`, read to learn the method; the code here is
//! tavla's own): the pre-Crawford figures `pre[i][j]` are the chances of the player `i + 1`
//! points away against one `j + 1` away (the row of a 1-away player is the Crawford game);
//! the post-Crawford figures `post[i]` the trailer's chances `i + 1` away against the leader 1
//! away. Past the table, gnubg estimates a pre-Crawford figure from a normal distribution of
//! the point difference over the games left, and the post-Crawford ones by a recurrence on a
//! gammon rate of 25%; it keeps only the first `length - 1` post-Crawford figures of the table.

use std::sync::LazyLock;

/// gnubg's default match equity table, as its file.
const KAZAROSS_XG2: &str = include_str!("Kazaross-XG2.xml");

/// The longest match (in points away) the table answers for: gnubg's `MAXSCORE`.
pub const MAX_AWAY: u64 = 64;

const N: usize = MAX_AWAY as usize;

/// The gammon rate of the post-Crawford recurrence past the table.
const GAMMON_RATE: f64 = 0.25;

/// The standard deviation of the points a player wins in a game, by how far away it is (1 to
/// 10; 1.77 beyond), for the normal estimate past the table.
const DEVIATION: [f64; 11] = [
    0.0, 1.24, 1.27, 1.47, 1.50, 1.60, 1.61, 1.66, 1.68, 1.70, 1.72,
];

/// The table, extended.
struct Met {
    /// `pre[i][j]`: the player `i + 1` away against one `j + 1` away.
    pre: Vec<[f64; N]>,
    /// `post[i]`: the trailer `i + 1` away against the leader 1 away, post-Crawford.
    post: [f64; N],
}

static TABLE: LazyLock<Met> = LazyLock::new(|| build(KAZAROSS_XG2));

/// The text between `<tag` and `</tag>`.
fn section<'a>(xml: &'a str, tag: &str) -> &'a str {
    let Some(start) = xml.find(&format!("<{tag}")) else {
        return "";
    };
    let rest = &xml[start..];
    &rest[..rest.find(&format!("</{tag}>")).unwrap_or(rest.len())]
}

/// The `<me>` figures of each `<row>` of a table.
fn rows(table: &str) -> Vec<Vec<f64>> {
    table
        .split("<row>")
        .skip(1)
        .map(|row| {
            row.split("</row>")
                .next()
                .unwrap_or("")
                .split("<me>")
                .skip(1)
                .filter_map(|me| me.split("</me>").next()?.trim().parse().ok())
                .collect()
        })
        .collect()
}

/// The area under the standard normal curve left of `t`.
fn phi(t: f64) -> f64 {
    0.5 * (1.0 + erf(t / std::f64::consts::SQRT_2))
}

/// The error function: its Maclaurin series near 0, the continued fraction of `erfc` further
/// out (both to about 1e-13 here).
fn erf(x: f64) -> f64 {
    if x < 0.0 {
        return -erf(-x);
    }
    if x < 2.5 {
        // 2/√π Σ (−1)ⁿ x²ⁿ⁺¹ / (n! (2n + 1))
        let (mut term, mut sum, x2) = (x, x, x * x);
        for n in 1..200 {
            term *= -x2 / n as f64;
            let t = term / (2 * n + 1) as f64;
            sum += t;
            if t.abs() < 1e-17 {
                break;
            }
        }
        sum * std::f64::consts::FRAC_2_SQRT_PI
    } else {
        // erfc x = e^{−x²}/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + …))))), evaluated
        // from the tail.
        let mut f = x;
        for k in (1..60).rev() {
            f = x + (k as f64 / 2.0) / f;
        }
        1.0 - (-x * x).exp() / (f * std::f64::consts::PI.sqrt())
    }
}

/// gnubg's estimate of a pre-Crawford figure past the table: the player `a` away against one
/// `b` away (`a ≥ b`), the point difference over the games left normally distributed.
fn estimate(a: usize, b: usize) -> f64 {
    let deviation = |away: usize| DEVIATION.get(away).copied().unwrap_or(1.77);
    let games = (a + b) as f64 / 2.0;
    let sigma = (deviation(a).powi(2) + deviation(b).powi(2)).sqrt() * games.sqrt();
    let d = (a - b) as f64;
    if 6.0 * sigma > d {
        phi(6.0) - phi(d / sigma)
    } else {
        0.0
    }
}

/// The table of `xml`, extended to [`MAX_AWAY`] as gnubg extends it.
fn build(xml: &str) -> Met {
    let given = rows(section(xml, "pre-crawford-table"));
    let n = given.len().min(N);
    let mut pre = vec![[0.0; N]; N];
    for (i, row) in given.iter().take(N).enumerate() {
        for (j, &v) in row.iter().take(N).enumerate() {
            pre[i][j] = v;
        }
    }
    for (i, row) in pre.iter_mut().enumerate().skip(n) {
        for (j, v) in row.iter_mut().enumerate().take(i + 1) {
            *v = estimate(i + 1, j + 1);
        }
    }
    // The rest by symmetry, from the figures just estimated: the other player's chances.
    let mirrored: Vec<Vec<f64>> = (0..N)
        .map(|i| {
            let from = if i < n { n } else { i + 1 };
            (from..N).map(|j| 1.0 - pre[j][i]).collect()
        })
        .collect();
    for (row, m) in pre.iter_mut().zip(&mirrored) {
        row[N - m.len()..].copy_from_slice(m);
    }
    let given = rows(section(xml, "post-crawford-table"));
    let given = given.first().map_or(&[][..], |r| &r[..]);
    // A table of n points needs the post-Crawford figures to n − 1 away: gnubg keeps those and
    // computes the rest.
    let keep = n.saturating_sub(1).min(given.len());
    let mut post = [0.0; N];
    post[..keep].copy_from_slice(&given[..keep]);
    for i in keep..N {
        let back = |k: usize| i.checked_sub(k).map_or(1.0, |p| post[p]);
        post[i] = GAMMON_RATE * 0.5 * back(4) + (1.0 - GAMMON_RATE) * 0.5 * back(2);
        // gnubg takes the free drop off at 2 and 4 away; the table always gives those.
        if i == 1 {
            post[i] -= 0.015;
        } else if i == 3 {
            post[i] -= 0.004;
        }
    }
    Met { pre, post }
}

/// The chances of winning the match of the player `away` points from winning it against an
/// opponent `opponent` away, by gnubg's default table (Kazaross-XG2); `post_crawford`: the
/// game to be played is post-Crawford (one of them 1 away, the Crawford game played). A player
/// 0 away has won. `None` past [`MAX_AWAY`] points away.
pub fn match_equity(away: u64, opponent: u64, post_crawford: bool) -> Option<f64> {
    if away > MAX_AWAY || opponent > MAX_AWAY {
        return None;
    }
    let t = &*TABLE;
    Some(match (away, opponent) {
        (0, _) => 1.0,
        (_, 0) => 0.0,
        (1, o) if post_crawford => 1.0 - t.post[o as usize - 1],
        (a, 1) if post_crawford => t.post[a as usize - 1],
        (a, o) => t.pre[a as usize - 1][o as usize - 1],
    })
}

/// The chances of winning the match of a player `away.0` points away against one `away.1`
/// away once it has won `points` in the current game (gnubg's `getME` with the winner the
/// player): the next game is post-Crawford when this one is the Crawford game or already
/// post-Crawford (one of them 1 away before the game).
pub fn after_winning(away: (u64, u64), points: u64, crawford: bool) -> Option<f64> {
    let (a, b) = away;
    if a == 0 || b == 0 {
        return None;
    }
    let post = crawford || a == 1 || b == 1;
    match_equity(a.saturating_sub(points), b, post)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_function_agrees_with_known_values() {
        for (x, e) in [
            (0.0, 0.0),
            (0.5, 0.520_499_877_813_046_5),
            (1.0, 0.842_700_792_949_714_9),
            (2.0, 0.995_322_265_018_952_7),
            (2.5, 0.999_593_047_982_555),
            (3.0, 0.999_977_909_503_001_4),
            (4.0, 0.999_999_984_582_742_1),
        ] {
            assert!((erf(x) - e).abs() < 1e-12, "erf({x}) = {} not {e}", erf(x));
            assert!((erf(-x) + e).abs() < 1e-12);
        }
    }

    #[test]
    fn the_table_reads_whole_and_is_symmetric() {
        let t = &*TABLE;
        assert_eq!(rows(section(KAZAROSS_XG2, "pre-crawford-table")).len(), 25);
        for i in 0..N {
            assert!((t.pre[i][i] - 0.5).abs() < 1e-4, "{i}");
            for j in 0..N {
                assert!((t.pre[i][j] + t.pre[j][i] - 1.0).abs() < 1e-4, "{i} {j}");
            }
        }
        // Past the table, gnubg's recurrence (0.25 · ½ · 21 away + 0.75 · ½ · 23 away).
        assert!((t.post[24] - 0.001_181_25).abs() < 1e-9);
    }
}
