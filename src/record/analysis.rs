//! What an analysing program says of a record's entries, as a file carries it (gnubg's SGF
//! `A`, `DA`, `LU`): the plays it considered with their equities, the cube decision, the luck.

/// The analysis of one entry: of a roll, the plays considered and which was played; of the
/// cube decision before a roll (or of a double), its equities; the luck of the roll.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    /// The plays the program considered, in its order (best first).
    pub candidates: Vec<Candidate>,
    /// The index in `candidates` of the play made.
    pub played: Option<usize>,
    /// The cube decision before the roll, or the double's.
    pub cube: Option<CubeAnalysis>,
    /// The luck of the roll, in equity (positive: a good roll for the mover).
    pub luck: Option<f64>,
}

/// A play the program considered.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The play in the mover's numbering (`24/18 13/11`).
    pub play: String,
    /// Its equity for the mover.
    pub equity: f64,
    /// Win, win gammon, win backgammon, lose gammon, lose backgammon, for the mover.
    pub probabilities: [f64; 5],
    /// How it was evaluated (`0-ply`, `2-ply`, `rollout`).
    pub level: String,
    /// For a candidate read from gnubg's SGF: the rest of its evaluation as gnubg wrote it
    /// after the equity (the evaluation context), written back unchanged.
    pub context: Option<String>,
}

/// The equities of a cube decision for the player who may double.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeAnalysis {
    /// No double.
    pub no_double: f64,
    /// Double, take.
    pub double_take: f64,
    /// Double, pass (1 in a money game, in units of the cube).
    pub double_pass: Option<f64>,
    /// The figures are match winning chances (match play), not equities.
    pub match_winning_chances: bool,
    /// How it was evaluated.
    pub level: String,
    /// For figures read from gnubg's SGF: the `DA` value as gnubg wrote it (every figure of
    /// its evaluation), written back unchanged.
    pub evaluation: Option<String>,
}

/// The right cube action, as the figures of a [`CubeAnalysis`] give it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ProperCube {
    /// No double, take (the double would be taken).
    NoDoubleTake,
    /// Too good to double: play on for more, pass if doubled.
    TooGoodPass,
    /// Double, take.
    DoubleTake,
    /// Double, pass.
    DoublePass,
}

impl ProperCube {
    /// Its name: `no double, take`, `too good, pass`, `double, take`, `double, pass`.
    pub fn as_str(self) -> &'static str {
        match self {
            ProperCube::NoDoubleTake => "no double, take",
            ProperCube::TooGoodPass => "too good, pass",
            ProperCube::DoubleTake => "double, take",
            ProperCube::DoublePass => "double, pass",
        }
    }
}

impl Analysis {
    /// The best play considered (the first).
    pub fn best(&self) -> Option<&Candidate> {
        self.candidates.first()
    }
    /// The equity given up by the play made: the first candidate's equity less the played
    /// one's (the program's order decides which is best, not the largest figure: a candidate
    /// evaluated at a lower level may score higher).
    pub fn equity_loss(&self) -> Option<f64> {
        let played = self.candidates.get(self.played?)?;
        Some(self.best()?.equity - played.equity)
    }
}

impl CubeAnalysis {
    /// The double/pass figure (1 in a money game).
    fn pass(&self) -> Option<f64> {
        match self.double_pass {
            Some(p) => Some(p),
            None if !self.match_winning_chances => Some(1.0),
            None => None,
        }
    }
    /// The right action: the doubler doubles when doubling is worth more than playing on
    /// (the taker picks the smaller of take and pass); the taker takes when taking costs
    /// less than passing. `None` in match play without the double/pass figure.
    pub fn proper(&self) -> Option<ProperCube> {
        let pass = self.pass()?;
        let doubled = self.double_take.min(pass);
        let take = self.double_take <= pass;
        Some(match (doubled > self.no_double, take) {
            (true, true) => ProperCube::DoubleTake,
            (true, false) => ProperCube::DoublePass,
            (false, true) => ProperCube::NoDoubleTake,
            (false, false) => ProperCube::TooGoodPass,
        })
    }
    /// What the doubler gave up by doubling (`doubled` true) or not: 0 for the right choice.
    pub fn doubling_error(&self, doubled: bool) -> Option<f64> {
        let pass = self.pass()?;
        let best = self.no_double.max(self.double_take.min(pass));
        let chosen = if doubled {
            self.double_take.min(pass)
        } else {
            self.no_double
        };
        Some(best - chosen)
    }
    /// What the taker gave up (from the doubler's side: the equity the taker's answer leaves
    /// the doubler above the better answer).
    pub fn taking_error(&self, took: bool) -> Option<f64> {
        let pass = self.pass()?;
        let chosen = if took { self.double_take } else { pass };
        Some(chosen - self.double_take.min(pass))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cube(nd: f64, dt: f64) -> CubeAnalysis {
        CubeAnalysis {
            no_double: nd,
            double_take: dt,
            double_pass: None,
            match_winning_chances: false,
            level: "2-ply".into(),
            evaluation: None,
        }
    }

    #[test]
    fn the_proper_cube_action_follows_the_three_equities() {
        assert_eq!(cube(0.3, 0.2).proper(), Some(ProperCube::NoDoubleTake));
        assert_eq!(cube(0.5, 0.7).proper(), Some(ProperCube::DoubleTake));
        assert_eq!(cube(0.8, 1.3).proper(), Some(ProperCube::DoublePass));
        assert_eq!(cube(1.1, 1.6).proper(), Some(ProperCube::TooGoodPass));
        assert_eq!(
            cube(0.5, 0.7).doubling_error(false),
            Some(0.19999999999999996)
        );
        assert_eq!(
            cube(0.5, 0.7).taking_error(false),
            Some(0.30000000000000004)
        );
        let mwc = CubeAnalysis {
            match_winning_chances: true,
            ..cube(0.5, 0.7)
        };
        assert_eq!(mwc.proper(), None);
    }

    #[test]
    fn the_equity_loss_is_against_the_first_candidate() {
        let c = |e: f64| Candidate {
            play: String::new(),
            equity: e,
            probabilities: [0.0; 5],
            level: String::new(),
            context: None,
        };
        let a = Analysis {
            candidates: vec![c(0.1), c(0.2), c(-0.3)],
            played: Some(2),
            ..Analysis::default()
        };
        assert!((a.equity_loss().unwrap() - 0.4).abs() < 1e-12);
    }
}
