//! Hypergammon with 1, 2 or 3 checkers a side (`hypergammon.md`): backgammon's movement,
//! bar, forced play, cube and scoring, with each side's N checkers starting on its own 24,
//! 23 and 22 points and "all 15 checkers" read as "all N".

use super::backgammon::Backgammon;
use super::dispatch::{CubeRules, Level};
use super::movement::Hitting;
use super::options::{BackgammonOptions, OptionError};
use super::{Position, Rules, Side, Variant};

/// Hypergammon with `N` (1, 2 or 3) checkers a side, under backgammon's options.
#[derive(Copy, Clone, Debug)]
pub struct Hypergammon<const N: u8> {
    /// The options in force (backgammon's: cube, Crawford, Jacoby, beaver, opening).
    pub options: BackgammonOptions,
}

/// The preset names of Hypergammon and Longgammon: their rules are backgammon's defaults.
pub const PRESETS: &[&str] = &["backgammon"];

/// The options of a named preset: only backgammon's default set applies to these variants
/// (the other backgammon presets change the start or drop the cube).
///
/// # Errors
/// [`OptionError::UnknownPreset`].
pub fn preset(name: &str) -> Result<BackgammonOptions, OptionError> {
    match super::options::norm(name).as_str() {
        "backgammon" | "default" | "hypergammon" | "longgammon" => {
            BackgammonOptions::preset("backgammon")
        }
        _ => Err(OptionError::UnknownPreset { known: PRESETS }),
    }
}

/// The Hypergammon variant a normalised name (lower case, no blanks, `-` or `_`) denotes:
/// gnubg's `HyperGammon (N)`, its SGF token `HypergammonN`, gnubg's own `N-chequer-hypergammon`,
/// and bare `Hypergammon` / `Hyper-backgammon` for 3 checkers (`hypergammon.md` §6).
pub(crate) fn from_key(key: &str) -> Option<Variant> {
    let count = match key {
        "hypergammon" | "hyperbackgammon" => Some('3'),
        _ => key
            .strip_prefix("hypergammon")
            .map(|rest| {
                rest.strip_prefix('(')
                    .and_then(|r| r.strip_suffix(')'))
                    .unwrap_or(rest)
            })
            .or_else(|| {
                key.strip_suffix("chequerhypergammon")
                    .or_else(|| key.strip_suffix("checkerhypergammon"))
            })
            .and_then(|n| {
                let mut c = n.chars();
                match (c.next(), c.next()) {
                    (Some(d), None) => Some(d),
                    _ => None,
                }
            }),
    };
    match count? {
        '1' => Some(Variant::Hypergammon1),
        '2' => Some(Variant::Hypergammon2),
        '3' => Some(Variant::Hypergammon3),
        _ => None,
    }
}

/// The answers of [`Rules`] that Hypergammon and Longgammon take from backgammon under the
/// same options, which answers every question but the start: the cube, and the levels of a
/// game won or resigned (gammon: the loser bore off none of its checkers; backgammon: also
/// one on the bar or in the winner's home board, gnubg `EvalOver` with n =
/// anChequers[variation]).
macro_rules! as_backgammon {
    () => {
        fn cube(&self) -> CubeRules {
            Backgammon {
                options: self.options,
            }
            .cube()
        }
        fn level(&self, pos: &Position, winner: Side) -> Level {
            Backgammon {
                options: self.options,
            }
            .level(pos, winner)
        }
        fn resignation_levels(&self, pos: &Position, resigner: Side) -> &'static [Level] {
            Backgammon {
                options: self.options,
            }
            .resignation_levels(pos, resigner)
        }
    };
}
pub(super) use as_backgammon;

impl<const N: u8> Rules for Hypergammon<N> {
    type Moves = Hitting;

    const VARIANT: Variant = match N {
        1 => Variant::Hypergammon1,
        2 => Variant::Hypergammon2,
        _ => Variant::Hypergammon3,
    };
    fn checkers(&self) -> u8 {
        N
    }
    fn start(&self) -> Position {
        let mut p = Position::empty();
        for side in [Side::White, Side::Black] {
            for point in (25 - N)..=24 {
                p.set(side, point, 1);
            }
        }
        p
    }
    as_backgammon!();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_gnubg_writes_and_aliases_people_write() {
        for (name, v) in [
            ("HyperGammon (1)", Variant::Hypergammon1),
            ("HyperGammon (2)", Variant::Hypergammon2),
            ("HyperGammon (3)", Variant::Hypergammon3),
            ("hypergammon-1", Variant::Hypergammon1),
            ("Hypergammon 2", Variant::Hypergammon2),
            ("Hypergammon3", Variant::Hypergammon3),
            ("Hyper-gammon 2", Variant::Hypergammon2),
            ("2-chequer hypergammon", Variant::Hypergammon2),
            ("1-chequer-hypergammon", Variant::Hypergammon1),
            ("3-checker hypergammon", Variant::Hypergammon3),
            ("Hypergammon", Variant::Hypergammon3),
            ("Hyper-backgammon", Variant::Hypergammon3),
            ("Hyperbackgammon", Variant::Hypergammon3),
            ("LongGammon", Variant::Longgammon),
            ("Long gammon", Variant::Longgammon),
            ("longgammon", Variant::Longgammon),
        ] {
            assert_eq!(Variant::from_name(name), Some((v, None)), "{name}");
        }
        for bad in [
            "HyperGammon (4)",
            "HyperGammon (0)",
            "Hypergammon 12",
            "4-chequer hypergammon",
        ] {
            assert_eq!(Variant::from_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn start_has_n_checkers_on_24_down() {
        let opts = BackgammonOptions::preset("backgammon").unwrap();
        let h3 = Hypergammon::<3> { options: opts }.start();
        for side in [Side::White, Side::Black] {
            assert_eq!(
                (h3.count(side, 24), h3.count(side, 23), h3.count(side, 22)),
                (1, 1, 1)
            );
            assert_eq!(h3.side(side).iter().map(|&n| n as u32).sum::<u32>(), 3);
        }
        let h1 = Hypergammon::<1> { options: opts }.start();
        assert_eq!(h1.count(Side::Black, 24), 1);
        assert_eq!(
            h1.side(Side::Black).iter().map(|&n| n as u32).sum::<u32>(),
            1
        );
        assert_eq!(Hypergammon::<2> { options: opts }.checkers(), 2);
    }
}
