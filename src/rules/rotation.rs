//! Rotating matches: the variant of each game follows from its number (`tapa.md` §9). The
//! Bulgarian среща (`Sreshta`) plays обикновена, Gul bara and Tapa in turn; the Greek `Tavli`
//! plays Portes, Plakoto and Fevga.
//!
//! A rotation is not a [`RuleSet`]: each game is checked under the plain rule set its number
//! selects ([`Rotation::game`]), so nothing below the match walk knows about rotations.

use super::RuleSet;
use super::fevga::FevgaOptions;
use super::options::{BackgammonOptions, GulBaraOptions, OptionError};
use super::tapa::TapaOptions;

/// Which rotation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RotationKind {
    /// Среща: обикновена (game 1, 4, …), Gul bara (2, 5, …), Tapa (3, 6, …) [N §2 Среща].
    Sreshta,
    /// Τάβλι: Portes (game 1, 4, …), Plakoto (2, 5, …), Fevga (3, 6, …) (`tapa.md` §9).
    Tavli,
}

/// Every name of a rotating match that a record's `Variation` header accepts (compared
/// without case, spaces, `-` and `_`); the CLI's help lists them. The first row of a kind is
/// the name a record writes ([`Rotation::name`]).
pub const ROTATION_NAMES: &[(&str, RotationKind)] = &[
    ("Sreshta", RotationKind::Sreshta),
    ("Среща", RotationKind::Sreshta),
    ("Sreshta (Bulgarian)", RotationKind::Sreshta),
    ("Srešta", RotationKind::Sreshta),
    ("Tavli", RotationKind::Tavli),
    ("Τάβλι", RotationKind::Tavli),
    ("Ταβλι", RotationKind::Tavli),
    ("Tavli (Greek)", RotationKind::Tavli),
];

/// A rotating match: its kind and the options of its pinning games (the `Rules`/`Rule` tags
/// of the record apply to them only: Tapa in среща, Plakoto in Tavli).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Rotation {
    /// Which rotation.
    pub kind: RotationKind,
    /// The options of its Tapa / Plakoto games.
    pub tapa: TapaOptions,
}

impl Rotation {
    /// The rotation a `Variation` name selects (`Sreshta`, `Среща`, `Sreshta (Bulgarian)`;
    /// `Tavli`, `Τάβλι`, `Tavli (Greek)`; any case), or `None`.
    pub fn from_name(s: &str) -> Option<Rotation> {
        let key = super::name_key(s);
        let &(_, kind) = ROTATION_NAMES
            .iter()
            .find(|(name, _)| super::is_key_of(&key, name))?;
        let preset = match kind {
            RotationKind::Sreshta => "bulgarian",
            RotationKind::Tavli => "plakoto",
        };
        Some(Rotation {
            kind,
            tapa: TapaOptions::preset(preset).expect("a Tapa preset"),
        })
    }

    /// The name as a record writes it.
    pub fn name(&self) -> &'static str {
        match self.kind {
            RotationKind::Sreshta => "Sreshta",
            RotationKind::Tavli => "Tavli",
        }
    }

    /// The rule sets of one cycle, game 1 first.
    pub fn cycle(&self) -> [RuleSet; 3] {
        match self.kind {
            RotationKind::Sreshta => [
                RuleSet::Backgammon(
                    BackgammonOptions::preset("obiknovena").expect("the obiknovena preset"),
                ),
                RuleSet::GulBara(
                    GulBaraOptions::preset("bulgarian").expect("the bulgarian preset"),
                ),
                RuleSet::Tapa(self.tapa),
            ],
            RotationKind::Tavli => [
                RuleSet::Backgammon(
                    BackgammonOptions::preset("portes").expect("the portes preset"),
                ),
                RuleSet::Tapa(self.tapa),
                RuleSet::Fevga(FevgaOptions::preset("greek").expect("the greek preset")),
            ],
        }
    }

    /// The rules of game `number` (1-based; 0 is read as 1): the cycle's entry at
    /// `(number - 1) mod 3`, so the rotation goes on after draws.
    pub fn game(&self, number: u64) -> RuleSet {
        let k = (number.max(1) - 1) % 3;
        self.cycle()[k as usize]
    }

    /// Switch the pinning games to a named preset.
    ///
    /// # Errors
    /// Unknown preset.
    pub fn with_preset(self, name: &str) -> Result<Rotation, OptionError> {
        Ok(Rotation {
            tapa: TapaOptions::preset(name)?,
            ..self
        })
    }

    /// Apply `key=value` to the pinning games.
    ///
    /// # Errors
    /// Bad key, value or shape.
    pub fn set(&mut self, kv: &str) -> Result<(), OptionError> {
        let (k, v) = kv.split_once('=').ok_or(OptionError::NotKeyValue)?;
        self.tapa.set(k, v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    /// The variants of games 1 to `games`.
    fn variants(r: &Rotation, games: u64) -> Vec<Variant> {
        (1..=games).map(|n| r.game(n).variant()).collect()
    }

    /// The preset, cube and triple game of game `n`, a backgammon game.
    fn backgammon(r: &Rotation, n: u64) -> (&'static str, bool, bool) {
        let RuleSet::Backgammon(o) = r.game(n) else {
            panic!("game {n} is not backgammon")
        };
        (o.preset, o.cube, o.triple)
    }

    #[test]
    fn sreshta_plays_obiknovena_gul_bara_and_tapa_in_turn() {
        let r = Rotation::from_name("Sreshta (Bulgarian)").unwrap();
        assert_eq!(
            variants(&r, 7),
            [
                Variant::Backgammon,
                Variant::GulBara,
                Variant::Tapa,
                Variant::Backgammon,
                Variant::GulBara,
                Variant::Tapa,
                Variant::Backgammon
            ]
        );
        assert_eq!(backgammon(&r, 1), ("obiknovena", false, false));
        assert_eq!(Rotation::from_name("Среща"), Some(r));
        assert_eq!(Rotation::from_name("Tapa"), None);
        let mut p = r.with_preset("plakoto").unwrap();
        p.set("draw_points=1").unwrap();
        let RuleSet::Tapa(t) = p.game(6) else {
            panic!("game 6 is Tapa")
        };
        assert_eq!((t.preset, t.draw_points), ("plakoto", 1));
    }

    #[test]
    fn tavli_plays_portes_plakoto_and_fevga_in_turn() {
        let r = Rotation::from_name("Tavli (Greek)").unwrap();
        assert_eq!(Rotation::from_name("Τάβλι"), Some(r));
        assert_eq!(r.name(), "Tavli");
        assert_eq!(
            variants(&r, 6),
            [
                Variant::Backgammon,
                Variant::Tapa,
                Variant::Fevga,
                Variant::Backgammon,
                Variant::Tapa,
                Variant::Fevga
            ]
        );
        assert_eq!(backgammon(&r, 4), ("portes", false, false));
        let RuleSet::Tapa(t) = r.game(2) else {
            panic!("game 2 is Plakoto")
        };
        assert_eq!(t.preset, "plakoto");
        let RuleSet::Fevga(f) = r.game(3) else {
            panic!("game 3 is Fevga")
        };
        assert_eq!(f.preset, "greek");
        // `Rule` tags reach the Plakoto games only.
        let mut p = r;
        p.set("draw_points=1").unwrap();
        let RuleSet::Tapa(t) = p.game(5) else {
            panic!("game 5 is Plakoto")
        };
        assert_eq!(t.draw_points, 1);
        assert_eq!(p.game(3), r.game(3));
    }
}
