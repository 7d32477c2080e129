//! The doubling cube: doubles, beavers, raccoons, takes and drops.

use super::super::{ActionTrace, Finding, Severity};
use super::{GameWalker, Over, Stop};
use crate::codes::Code;
use crate::notation::Span;
use crate::record::Action;
use crate::rules::{NoCube, Side};

impl GameWalker<'_> {
    pub(super) fn double(
        &mut self,
        a: &Action,
        side: Side,
        kind: &'static str,
        value: u64,
        value_span: Span,
    ) -> Result<(), Stop> {
        // gnubg writes a beaver as the doubled player's immediate `Doubles => 2N`.
        let kind = match (kind, self.cube.offer) {
            ("double", Some((doubler, _, _))) if doubler != side => "beaver",
            _ => kind,
        };
        if self.result.over.is_some() {
            return self.after_end(a);
        }
        let span = a.cell.span;
        let opts = self.rules.cube();
        if let Err(why) = opts.available {
            let f = match why {
                NoCube::NotInGame => Finding::error(
                    Code::NoCube,
                    span,
                    format!("{} has no doubling cube", self.rules.variant().title()),
                )
                .help("remove the cube action"),
                NoCube::NotInPreset(preset) => {
                    Finding::error(Code::NoCube, span, "the cube is not in use in this match").help(
                        format!("{} is played without the cube", preset.replace('-', " ")),
                    )
                }
                NoCube::Disabled => {
                    Finding::error(Code::NoCube, span, "the cube is not in use in this match")
                        .help("the header sets `CubeLimit \"1\"`: no doubling")
                }
            };
            self.push(f.label("cube action"));
            return Err(Stop);
        }
        match kind {
            "double" => {
                if self.cube.offer.is_none() {
                    self.expect_side(a, side, span)?;
                }
                if self.cube.offer.is_some() {
                    self.push(
                        Finding::error(Code::DoubleTwice, span, "a double while another is open")
                            .label("second double"),
                    );
                    return Err(Stop);
                }
                if self.turn.game_rolls == 0 {
                    self.push(
                        Finding::error(Code::EarlyDouble, span, "a double before the opening roll")
                            .label("no roll yet")
                            .help("the first turn of a game is the opening roll; doubling starts after it"),
                    );
                    return Err(Stop);
                }
                if self.cube.crawford_unknown {
                    // Noted once: the check of the game goes on either way.
                    self.cube.crawford_unknown = false;
                    self.push(Finding {
                        severity: Severity::Advice,
                        ..Finding::error(
                            Code::CrawfordUnknown,
                            span,
                            format!(
                                "a double in game {} at match point minus one: the record starts mid-match, so whether this is the Crawford game is not known",
                                self.game.number
                            ),
                        )
                        .label("maybe the Crawford game")
                        .help("the game before it is not in the record; if it reached match point minus one, this is the Crawford game and the double is illegal")
                    });
                }
                if self.cube.crawford {
                    self.push(
                        Finding::error(Code::CrawfordDouble, span, format!("a double in the Crawford game (game {})", self.game.number))
                            .label("no doubling in the Crawford game")
                            .help("in the game right after a player first reaches match point minus one, the cube is dead"),
                    );
                    return Err(Stop);
                }
                if let Some(o) = self.cube.owner
                    && o != side
                {
                    self.push(
                            Finding::error(
                                Code::DoubleNotOwner,
                                span,
                                format!("{} doubles, but the cube belongs to {}", self.who(side), self.who(o)),
                            )
                            .label("not the cube owner")
                            .help("only the owner of the cube, or either player while it is centred, may double"),
                        );
                    return Err(Stop);
                }
                self.expect_cube_value("a double", self.cube.value * 2, value, value_span)?;
                self.cube.offer = Some((side, value, span));
                self.turn.next = Some(side.other());
            }
            "beaver" => {
                let Some((doubler, v, _)) = self.cube.offer else {
                    self.push(
                        Finding::error(
                            Code::AnswerWithoutDouble,
                            span,
                            "a beaver without a double",
                        )
                        .label("beaver"),
                    );
                    return Err(Stop);
                };
                if side == doubler || !opts.beaver || !self.money() {
                    self.push(
                        Finding::error(Code::BeaverNotAllowed, span, "a beaver is allowed only to the doubled player, in money play with beavers on")
                            .label("beaver"),
                    );
                    return Err(Stop);
                }
                self.expect_cube_value("a beaver", v * 2, value, value_span)?;
                self.cube.offer = None;
                self.cube.value = value;
                self.cube.owner = Some(side);
                self.cube.turned = true;
                self.turn.next = Some(doubler);
            }
            _ => {
                // raccoon: the original doubler redoubles after a beaver.
                if self.cube.owner != Some(side.other())
                    || !self.cube.turned
                    || !self.money()
                    || self.turn.next != Some(side)
                {
                    self.push(
                        Finding::error(
                            Code::RaccoonNotAllowed,
                            span,
                            "a raccoon follows only a beaver, by the original doubler",
                        )
                        .label("raccoon"),
                    );
                    return Err(Stop);
                }
                self.expect_cube_value("a raccoon", self.cube.value * 2, value, value_span)?;
                self.cube.value = value;
                self.cube.owner = Some(side);
            }
        }
        self.record(ActionTrace::Cube {
            line: a.line,
            side,
            action: kind,
            value,
        });
        Ok(())
    }

    /// A cube action must make the cube exactly `want`.
    pub(super) fn expect_cube_value(
        &mut self,
        what: &str,
        want: u64,
        value: u64,
        span: Span,
    ) -> Result<(), Stop> {
        if value == want {
            return Ok(());
        }
        self.push(
            Finding::error(
                Code::CubeValue,
                span,
                format!(
                    "the cube is at {}; {what} makes it {want}, not {value}",
                    self.cube.value
                ),
            )
            .label("cube value"),
        );
        Err(Stop)
    }

    pub(super) fn answer(&mut self, a: &Action, side: Side, take: bool) -> Result<(), Stop> {
        if self.result.over.is_some() {
            return self.after_end(a);
        }
        let Some((doubler, value, _)) = self.cube.offer else {
            self.push(
                Finding::error(
                    Code::AnswerWithoutDouble,
                    a.cell.span,
                    format!("{} without a double to answer", if take { "`Takes`" } else { "`Drops`" }),
                )
                .label("nothing to answer")
                .help("`Takes` and `Drops` answer the opponent's ` Doubles => N` on the same or previous line"),
            );
            return Err(Stop);
        };
        if side == doubler {
            self.push(
                Finding::error(
                    Code::TurnOrder,
                    a.cell.span,
                    "the doubler cannot answer their own double",
                )
                .label("wrong column"),
            );
            return Err(Stop);
        }
        self.cube.offer = None;
        if take {
            self.cube.value = value;
            self.cube.owner = Some(side);
            self.cube.turned = true;
            self.turn.next = Some(doubler);
        } else {
            self.result.over = Some(Over::Drop {
                winner: doubler,
                full: self.cube.value,
            });
            self.turn.next = None;
        }
        self.record(ActionTrace::Answer {
            line: a.line,
            side,
            take,
        });
        Ok(())
    }
}
