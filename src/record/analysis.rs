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

/// Where in a match a cube decision is taken: what turns the cube into match winning chances
/// when the file gives no double/pass figure (gnubg's SGF in match play).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MatchCube {
    /// The match length, in points.
    pub length: u64,
    /// The score before the game: the doubler's (the player who may double, or did), the
    /// taker's.
    pub score: (u64, u64),
    /// The cube's value before the double.
    pub cube: u64,
    /// This game is the Crawford game.
    pub crawford: bool,
}

impl MatchCube {
    /// The doubler's match winning chances when the taker passes: it wins the cube's value at
    /// this score, by gnubg's default match equity table (Kazaross-XG2) as gnubg looks it up
    /// (after the Crawford game, or in a post-Crawford game, with the post-Crawford figures).
    /// `None` for a score the match does not reach, or a match of more than 64 points.
    pub fn double_pass(&self) -> Option<f64> {
        let away = |s: u64| self.length.checked_sub(s).filter(|&a| a > 0);
        super::met::after_winning(
            (away(self.score.0)?, away(self.score.1)?),
            self.cube,
            self.crawford,
        )
    }
}

impl CubeAnalysis {
    /// The double/pass figure: the file's, else 1 (a money game, or equities normalized to
    /// the cube), else in match winning chances the doubler's after winning the cube at the
    /// score of `m`.
    pub fn double_pass_in(&self, m: Option<&MatchCube>) -> Option<f64> {
        match self.double_pass {
            Some(p) => Some(p),
            None if !self.match_winning_chances => Some(1.0),
            None => m?.double_pass(),
        }
    }
    /// [`CubeAnalysis::proper_in`] without the match's score: `None` in match play unless the
    /// file gives the double/pass figure.
    pub fn proper(&self) -> Option<ProperCube> {
        self.proper_in(None)
    }
    /// The right action, decided as gnubg decides it (`FindBestCubeDecision`) from no double
    /// (ND), double/take (DT) and double/pass (DP): double when DT and DP are both at least ND
    /// — then the taker takes when DP is above DT; else play on — too good when ND is above DT
    /// and DT above DP, or when DT is at least ND but DP below it; otherwise no double, and
    /// take (gnubg's "too good to double, take", ND above DP and DP at least DT, among them).
    /// gnubg's own check that a too good position has gammon chances (else it says double,
    /// pass) is not made: the figures do not carry them. `None` in match play without the
    /// double/pass figure (from the file, or from the match equity table at the score of `m`).
    pub fn proper_in(&self, m: Option<&MatchCube>) -> Option<ProperCube> {
        let (nd, dt, dp) = (self.no_double, self.double_take, self.double_pass_in(m)?);
        Some(if dt >= nd && dp >= nd {
            if dp > dt {
                ProperCube::DoubleTake
            } else {
                ProperCube::DoublePass
            }
        } else if nd > dt {
            if dt > dp {
                ProperCube::TooGoodPass
            } else {
                ProperCube::NoDoubleTake
            }
        } else {
            ProperCube::TooGoodPass
        })
    }
    /// What the doubler gave up by doubling (`doubled` true) or not: 0 for the right choice.
    pub fn doubling_error(&self, doubled: bool) -> Option<f64> {
        self.doubling_error_in(doubled, None)
    }
    /// [`CubeAnalysis::doubling_error`] at the score of `m` (match play).
    pub fn doubling_error_in(&self, doubled: bool, m: Option<&MatchCube>) -> Option<f64> {
        let pass = self.double_pass_in(m)?;
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
        self.taking_error_in(took, None)
    }
    /// [`CubeAnalysis::taking_error`] at the score of `m` (match play).
    pub fn taking_error_in(&self, took: bool, m: Option<&MatchCube>) -> Option<f64> {
        let pass = self.double_pass_in(m)?;
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

    /// `a` within 1e-9 of `b`.
    fn near(a: Option<f64>, b: f64) -> bool {
        a.is_some_and(|a| (a - b).abs() < 1e-9)
    }

    #[test]
    fn the_match_equity_table_gives_the_figures_of_kazaross_xg2() {
        use crate::record::met::match_equity as me;
        // Pre-Crawford (and the Crawford game, a player 1 away), as the XML's rows give them.
        assert!(near(me(1, 2, false), 0.67736));
        assert!(near(me(1, 3, false), 0.75076));
        assert!(near(me(2, 3, false), 0.59947));
        assert!(near(me(3, 2, false), 0.40053));
        assert!(near(me(5, 7, false), 0.62638));
        assert!(near(me(7, 5, false), 0.37362));
        assert!(near(me(6, 7, false), 0.56261));
        assert!(near(me(25, 25, false), 0.5));
        // Post-Crawford: the trailer against the leader 1 away.
        assert!(near(me(2, 1, true), 0.48803));
        assert!(near(me(1, 2, true), 1.0 - 0.48803));
        assert!(near(me(3, 1, true), 0.32264));
        // Won, lost, and past gnubg's 64 points.
        assert!(near(me(0, 3, false), 1.0));
        assert!(near(me(3, 0, true), 0.0));
        assert_eq!(me(65, 3, false), None);
        // Past the table's 25 points, gnubg's extension: 0.5 at equal scores.
        assert!((me(40, 40, false).unwrap() - 0.5).abs() < 1e-6);
        assert!(me(40, 30, false).unwrap() < 0.5);
    }

    #[test]
    fn the_double_pass_figure_is_the_doublers_after_winning_the_cube() {
        let at = |length: u64, score: (u64, u64), cube: u64, crawford: bool| {
            MatchCube {
                length,
                score,
                cube,
                crawford,
            }
            .double_pass()
        };
        // 7 points, 0-0, cube 1: 6 away against 7 away.
        assert!(near(at(7, (0, 0), 1, false), 0.56261));
        // 4-2 (3 away against 5), cube 2: the doubler reaches 1 away, the Crawford game next.
        assert!(near(at(7, (4, 2), 2, false), 0.84179));
        // Post-Crawford (the taker at 6 of 7): the trailer 4 away wins 1 or 2.
        assert!(near(at(7, (3, 6), 1, false), 0.32264));
        assert!(near(at(7, (3, 6), 2, false), 0.48803));
        // The Crawford game: the next one is post-Crawford.
        assert!(near(at(7, (3, 6), 1, true), 0.32264));
        // A dead cube: winning it wins the match.
        assert!(near(at(7, (5, 0), 2, false), 1.0));
        // A score the match does not reach.
        assert_eq!(at(7, (7, 0), 1, false), None);
    }

    #[test]
    fn the_proper_cube_action_in_match_play_takes_double_pass_from_the_table() {
        let mwc = |nd: f64, dt: f64| CubeAnalysis {
            match_winning_chances: true,
            ..cube(nd, dt)
        };
        // gnubg's analysis of `m003-0080-analysed.sgf` (3 points): at 0-0 the double/pass is
        // 59.947% and double/take 61.017% against no double 58.743%: double, pass.
        let m = MatchCube {
            length: 3,
            score: (0, 0),
            cube: 1,
            crawford: false,
        };
        let c = mwc(0.587433, 0.610173);
        assert_eq!(c.proper(), None);
        assert_eq!(c.proper_in(Some(&m)), Some(ProperCube::DoublePass));
        assert!(near(c.double_pass_in(Some(&m)), 0.59947));
        assert!(near(
            c.doubling_error_in(false, Some(&m)),
            0.59947 - 0.587433
        ));
        assert!(near(c.taking_error_in(true, Some(&m)), 0.610173 - 0.59947));
        assert!(near(c.taking_error_in(false, Some(&m)), 0.0));
        // Game 2 at 1-0 for the doubler: double/pass 75.076%, double, take.
        let m = MatchCube { score: (1, 0), ..m };
        assert_eq!(
            mwc(0.705072, 0.713300).proper_in(Some(&m)),
            Some(ProperCube::DoubleTake)
        );
        // No double above both: too good when the taker should pass, else no double, take.
        assert_eq!(
            mwc(0.80, 0.78).proper_in(Some(&m)),
            Some(ProperCube::TooGoodPass)
        );
        assert_eq!(
            mwc(0.70, 0.69).proper_in(Some(&m)),
            Some(ProperCube::NoDoubleTake)
        );
        // A figure the file gives wins over the table's.
        let given = CubeAnalysis {
            double_pass: Some(0.5),
            ..mwc(0.587433, 0.610173)
        };
        assert_eq!(given.proper_in(Some(&m)), Some(ProperCube::TooGoodPass));
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
