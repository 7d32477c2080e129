//! The model of a diagram: a position with everything a board picture shows around it, and
//! its IDs.

use crate::ids::{MatchContext, gnubg, ogid, xgid};
use crate::rules::{BAR, OFF, Position, Roll, RuleSet, Side};

/// One hop to draw: from and to as board indices in the mover's numbering (0 off, 25 bar).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Hop {
    /// Whose checker moves.
    pub side: Side,
    /// Origin (mover's numbering; 25 the bar).
    pub from: u8,
    /// Destination (mover's numbering; 0 off).
    pub to: u8,
}

/// A position with everything a board picture shows around it.
#[derive(Clone, Debug)]
pub struct Diagram {
    /// The checkers.
    pub position: Position,
    /// The game and its options.
    pub rules: RuleSet,
    /// The side whose numbering labels the points (drawn at the bottom).
    pub view: Side,
    /// The side to move, if any (none once the game is over).
    pub to_move: Option<Side>,
    /// The dice of the turn, as written.
    pub dice: Option<(u8, u8)>,
    /// Cube value and owner (`None`: centred); ignored when the game has no cube.
    pub cube: (u32, Option<Side>),
    /// Player names: White (left column), Black (right column).
    pub names: (String, String),
    /// Score before the game (White, Black), when written.
    pub score: Option<(u64, u64)>,
    /// Match length (0 money play), when written.
    pub match_length: Option<u64>,
    /// The Crawford game.
    pub crawford: bool,
    /// A heading: file, game and turn.
    pub title: String,
    /// The play written for this turn, as written (`24/18 13/9`).
    pub play: Option<String>,
    /// Hops marked on the board (a finding's first bad step).
    pub marks: Vec<Hop>,
    /// Hops of a legal alternative (drawn in the SVG as a second set of arrows).
    pub alternative: Vec<Hop>,
    /// Every written hop of the turn (drawn in the SVG as thin arrows).
    pub written: Vec<Hop>,
    /// A line of text under the board (a finding's message).
    pub note: Option<String>,
    /// The OGID of this moment of its game as OGXM's codec gives it (game state and move
    /// number included), when the diagram is of a replayed record; [`Diagram::ogid`] writes
    /// one from the position otherwise.
    pub ogid: Option<String>,
}

/// What one point holds, from the view's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct PointStack {
    /// The view side's checkers.
    pub own: u8,
    /// The other side's checkers.
    pub other: u8,
}

impl Diagram {
    /// A bare diagram of `position` seen from `view`, nothing around it.
    pub fn new(position: Position, rules: RuleSet, view: Side) -> Self {
        Diagram {
            position,
            rules,
            view,
            to_move: None,
            dice: None,
            cube: (1, None),
            names: ("White".into(), "Black".into()),
            score: None,
            match_length: None,
            crawford: false,
            title: String::new(),
            play: None,
            marks: Vec::new(),
            alternative: Vec::new(),
            written: Vec::new(),
            note: None,
            ogid: None,
        }
    }
    /// The checkers on point `p` (1..=24 in the view's numbering).
    pub fn stack(&self, p: u8) -> PointStack {
        PointStack {
            own: self.position.count(self.view, p),
            other: self
                .position
                .count(self.view.other(), self.rules.opposite(p)),
        }
    }
    /// The checkers on point `p` as drawn from the edge inwards: a pinned checker first (it
    /// lies under its pinners), else the view side's checkers first.
    pub fn layers(&self, p: u8) -> [(Side, u8); 2] {
        let s = self.stack(p);
        let (view, other) = (self.view, self.view.other());
        if self.position.pinned(other, self.rules.opposite(p)) {
            [(other, s.other), (view, s.own)]
        } else {
            [(view, s.own), (other, s.other)]
        }
    }
    /// `side`'s point `p` in the view's numbering (the bar and off stay).
    pub fn in_view(&self, side: Side, p: u8) -> u8 {
        if side == self.view || p == OFF || p == BAR {
            p
        } else {
            self.rules.opposite(p)
        }
    }
    /// Whether the game has a doubling cube.
    pub fn has_cube(&self) -> bool {
        self.rules.cube().in_game()
    }
    /// A player's name.
    pub fn name(&self, side: Side) -> &str {
        match side {
            Side::White => &self.names.0,
            Side::Black => &self.names.1,
        }
    }
    /// The OGID, for games on backgammon's board: the record's own moment ([`Diagram::ogid`]
    /// the field), else the position with the side to move, the dice, the cube and the score
    /// ([`ogid::ogid`]: move 0).
    pub fn ogid(&self) -> Option<String> {
        if !self.rules.backgammon_board() {
            return None;
        }
        if let Some(o) = &self.ogid {
            return Some(o.clone());
        }
        Some(ogid::ogid(
            &self.position,
            self.on_roll(),
            self.roll(),
            &self.match_context(),
        ))
    }
    /// The gnubg Position ID and Match ID and the XGID, for games on backgammon's board.
    pub fn ids(&self) -> Option<(String, String, String)> {
        if !self.rules.backgammon_board() {
            return None;
        }
        let on_roll = self.on_roll();
        let context = self.match_context();
        let state = gnubg::MatchState {
            cube: self.cube.0,
            owner: self.cube.1,
            on_roll,
            crawford: self.crawford,
            dice: self.dice.unwrap_or((0, 0)),
            length: context.match_length,
            score: (context.white_score, context.black_score),
            crawford_rule: self.rules.cube().crawford && context.match_length > 0,
        };
        Some((
            gnubg::position_id(&self.position, on_roll),
            gnubg::match_id(&state),
            xgid::xgid(&self.position, on_roll, self.roll(), &context),
        ))
    }
    /// The side the IDs put on roll: the side to move, else the view.
    fn on_roll(&self) -> Side {
        self.to_move.unwrap_or(self.view)
    }
    /// The dice as a roll, when they make one.
    fn roll(&self) -> Option<Roll> {
        self.dice
            .map(|(a, b)| Roll { a, b })
            .filter(|r| r.is_valid())
    }
    /// The cube, the score and the match, as the IDs take them.
    fn match_context(&self) -> MatchContext {
        let (white_score, black_score) = self.score.unwrap_or((0, 0));
        MatchContext {
            cube: self.cube.0,
            cube_owner: self.cube.1,
            white_score,
            black_score,
            match_length: self.match_length.unwrap_or(0),
            crawford: self.crawford,
        }
    }
}

/// The view's points along the top (left to right) and along the bottom (left to right).
pub const TOP: [u8; 12] = [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24];
/// See [`TOP`].
pub const BOTTOM: [u8; 12] = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];

/// `White` or `Black`.
pub fn side_word(s: Side) -> &'static str {
    match s {
        Side::White => "White",
        Side::Black => "Black",
    }
}
