//! What a replay keeps of a game: each action's trace (the stages played, the positions
//! before and after), how the game ended.

use crate::rules::{Position, RuleSet, Side, StageDice, Step};

/// One stage as replayed: its dice and the steps actually taken.
#[derive(Clone, Debug)]
pub struct StageTrace {
    /// `received`, `roll` or `chain`.
    pub kind: crate::notation::StageKind,
    /// The dice of the stage: two dice for a roll, a value and its count for a doublet stage.
    pub dice: StageDice,
    /// Steps available (4 for a doublet stage, fewer for a partial remainder, 2 for a mixed roll).
    pub available: u8,
    /// The single-die steps taken.
    pub steps: StageSteps,
}

/// The steps of one stage, held inline (a stage has at most four dice; a longer list, which
/// no roll makes, is kept on the heap). Read it as a slice.
#[derive(Clone, Debug)]
pub struct StageSteps(StepsIn);

#[derive(Clone, Debug)]
enum StepsIn {
    Inline([Step; 4], u8),
    Heap(Vec<Step>),
}

impl StageSteps {
    /// The steps `steps`, copied.
    pub fn new(steps: &[Step]) -> Self {
        match steps.len() {
            n @ 0..=4 => {
                let mut a = [Step {
                    from: 0,
                    to: 0,
                    die: 0,
                    hit: false,
                }; 4];
                a[..n].copy_from_slice(steps);
                StageSteps(StepsIn::Inline(a, n as u8))
            }
            _ => StageSteps(StepsIn::Heap(steps.to_vec())),
        }
    }
}

impl std::ops::Deref for StageSteps {
    type Target = [Step];
    fn deref(&self) -> &[Step] {
        match &self.0 {
            StepsIn::Inline(a, n) => &a[..*n as usize],
            StepsIn::Heap(v) => v,
        }
    }
}

/// The stages of one side of a turn (its received stages, or its roll and chain stages): one
/// held inline, as nearly every turn has (no allocation per turn), more on the heap. Read it
/// as a slice.
#[derive(Clone, Debug, Default)]
pub struct StageList(ListIn);

#[derive(Clone, Debug, Default)]
enum ListIn {
    #[default]
    Empty,
    One(StageTrace),
    Many(Vec<StageTrace>),
}

impl StageList {
    /// Add a stage at the end.
    #[inline(always)]
    pub fn push(&mut self, s: StageTrace) {
        if let ListIn::Empty = self.0 {
            self.0 = ListIn::One(s);
        } else {
            self.push_more(s);
        }
    }

    /// A second stage or more (rare: chains, received stages).
    #[cold]
    fn push_more(&mut self, s: StageTrace) {
        match std::mem::take(&mut self.0) {
            ListIn::Empty => self.0 = ListIn::One(s),
            ListIn::One(first) => self.0 = ListIn::Many(vec![first, s]),
            ListIn::Many(mut v) => {
                v.push(s);
                self.0 = ListIn::Many(v);
            }
        }
    }
}

impl std::ops::Deref for StageList {
    type Target = [StageTrace];
    fn deref(&self) -> &[StageTrace] {
        match &self.0 {
            ListIn::Empty => &[],
            ListIn::One(s) => std::slice::from_ref(s),
            ListIn::Many(v) => v,
        }
    }
}

/// One action as replayed.
// A turn's trace (its two positions and its stages inline) is most of a game's actions, held
// in one vector per game: boxing it would cost an allocation per turn.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum ActionTrace {
    /// A roll (with stages) or a remainder played.
    Turn {
        /// 1-based line.
        line: usize,
        /// Who.
        side: Side,
        /// The roll as written (`a`, `b`), if any.
        roll: Option<(u8, u8)>,
        /// Received remainder stages.
        received: StageList,
        /// The roll's stage and chain stages.
        stages: StageList,
        /// `Cannot Move` / empty / `????` / `Illegal play` as written.
        note: Option<&'static str>,
        /// The position after the turn.
        position: Position,
        /// Position before the turn (for IDs).
        before: Position,
        /// Cube value and owner before the turn.
        cube: (u32, Option<Side>),
    },
    /// `Doubles`, `Beavers`, `Raccoons`.
    Cube {
        /// 1-based line.
        line: usize,
        /// Who.
        side: Side,
        /// `double`, `beaver`, `raccoon`.
        action: &'static str,
        /// The new cube value.
        value: u64,
    },
    /// `Takes` / `Drops`.
    Answer {
        /// 1-based line.
        line: usize,
        /// Who.
        side: Side,
        /// True for take.
        take: bool,
    },
    /// `Wins` / `Losses`.
    Result {
        /// 1-based line.
        line: usize,
        /// In whose column.
        side: Side,
        /// True for `Wins`, false for `Losses`.
        wins: bool,
        /// Points written.
        points: u64,
        /// `and the match`.
        and_match: bool,
    },
    /// A cell that was not replayed (after the first fatal problem).
    Unchecked {
        /// 1-based line.
        line: usize,
        /// Whose column.
        side: Side,
    },
    /// A ` Draw` line.
    Draw {
        /// 1-based line.
        line: usize,
    },
}

impl ActionTrace {
    /// A turn's received stages, its own stages and the position after it; `None` for
    /// another action.
    pub(crate) fn turn_parts(&self) -> Option<(&[StageTrace], &[StageTrace], &Position)> {
        match self {
            ActionTrace::Turn {
                received,
                stages,
                position,
                ..
            } => Some((&received[..], &stages[..], position)),
            _ => None,
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GameResult {
    /// The winner.
    pub winner: Side,
    /// Points as written in `Wins`.
    pub written: Option<u64>,
    /// The full value of the game (position, level and cube).
    pub full: Option<u64>,
    /// `bear-off`, `resignation`, `drop`, or `unchecked`.
    pub how: &'static str,
    /// In money play with the cube never turned, the single-game value a writer applying the
    /// Jacoby rule counts in the next score line (gnubg does, while its `Wins` does not).
    #[serde(skip)]
    pub jacoby_single: Option<u64>,
    /// A drawn game (Tapa: both mothers pinned): each player scores `full`; `winner` is the
    /// player who pinned the second mother.
    pub draw: bool,
}

/// One game as replayed.
#[derive(Clone, Debug)]
pub struct GameTrace {
    /// Index in the match.
    pub index: usize,
    /// Written number.
    pub number: u64,
    /// Player names (left, right) from the score line.
    pub names: Option<(String, String)>,
    /// Score before the game (left, right) as written.
    pub score: Option<(u64, u64)>,
    /// Actions.
    pub actions: Vec<ActionTrace>,
    /// Result, when known.
    pub result: Option<GameResult>,
    /// Crawford game?
    pub crawford: bool,
    /// Turns checked.
    pub turns_checked: usize,
    /// The rules the game was checked under (in a rotating match, its number's).
    pub rules: RuleSet,
}

pub(crate) fn stage_available(d: StageDice) -> u8 {
    match d {
        StageDice::Mixed { .. } => 2,
        StageDice::Double { count, .. } => count,
    }
}
