//! The game as the picture sees it (`picture.rs`): read only.

use super::notation::{Dir, Sq};
use super::picture::{Act, Edge as PicEdge, Fleet, FleetView, Ship, Square, Status, Turn};
use super::{Diabolik, Did, Edge, Phase};
use crate::lang::{Lang, Worded};

fn square(sq: Sq) -> Square {
    Square {
        file: sq.x as u8,
        row: sq.y as u8,
    }
}

fn eighths(d: Dir) -> u8 {
    d.index() as u8
}

impl Diabolik {
    /// What a picture of the game shows: the ships with their headings, each fleet's
    /// counts, whose turn it is, and the last turn played act by act.
    pub fn view(&self) -> FleetView {
        self.view_in(Lang::En)
    }

    /// The same, the fleets' names and how the game ended in `lang`.
    pub fn view_in(&self, lang: Lang) -> FleetView {
        let fleets = (self.fleets.iter().enumerate())
            .map(|(side, f)| Fleet {
                name: super::side_in(f.name, lang).to_string(),
                edge: match f.edge {
                    Edge::South => PicEdge::South,
                    Edge::West => PicEdge::West,
                    Edge::North => PicEdge::North,
                    Edge::East => PicEdge::East,
                },
                out: f.out,
                afloat: self.afloat(side),
                sank: f.sank,
                lost: f.lost,
                arrived: self.arrived(side),
                stop: f.stop,
            })
            .collect();
        let ships = (self.squares())
            .filter_map(|sq| {
                let ship = self.at(sq)?;
                Some(Ship {
                    at: square(sq),
                    fleet: ship.side,
                    heading: eighths(ship.facing),
                    frozen: self.frozen(ship.side, sq),
                })
            })
            .collect();
        let status = match &self.phase {
            Phase::Deploy(side) => Status::Deploying(*side),
            Phase::Turn { side, bonus } => Status::ToMove {
                fleet: *side,
                bonus: *bonus,
                turn: self.fleets[*side].normal_turns + 1,
                budget: if *bonus {
                    self.rules.bonus_cannonballs
                } else {
                    self.rules.cannonballs
                },
            },
            Phase::Over(finish) => Status::Over(finish.summary.words(lang)),
        };
        let last = self.last.as_ref().map(|t| Turn {
            fleet: t.side,
            bonus: t.bonus,
            spent: t.spent,
            budget: t.budget,
            acts: (t.acts.iter())
                .map(|d| match d {
                    Did::Move { from, to, facing } => Act::Move {
                        from: square(*from),
                        to: square(*to),
                        heading: eighths(*facing),
                    },
                    Did::Turn { at, to } => Act::Turn {
                        at: square(*at),
                        heading: eighths(*to),
                    },
                    Did::Sink { at, ship, guns } => Act::Sink {
                        at: square(*at),
                        fleet: ship.side,
                        heading: eighths(ship.facing),
                        guns: guns.iter().map(|&g| square(g)).collect(),
                    },
                    Did::Build { at, facing } => Act::Build {
                        at: square(*at),
                        heading: eighths(*facing),
                    },
                })
                .collect(),
        });
        FleetView {
            size: self.size as u8,
            fleets,
            ships,
            status,
            last,
            arrivals: self.rules.arrivals,
            min_fleet: self.rules.min_fleet,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{Dice, Seed};
    use crate::kinds::boardgame::BoardGame;

    fn game(ships: &[(&str, usize, Dir)]) -> Diabolik {
        let mut game = Diabolik::new(2, 0, &Default::default(), &mut Vec::new()).unwrap();
        game.cells = vec![None; game.cells.len()];
        for &(sq, side, facing) in ships {
            game.put(Sq::parse(sq).unwrap(), Some(super::super::Ship { side, facing }));
        }
        game.phase = Phase::Turn { side: 0, bonus: false };
        game
    }

    fn sq(name: &str) -> Square {
        square(Sq::parse(name).unwrap())
    }

    #[test]
    fn the_view_has_the_last_turn_act_by_act_until_a_refused_turn_or_a_resignation() {
        let mut game = game(&[
            ("C4", 0, Dir::N),
            ("E5", 0, Dir::N),
            ("A2", 0, Dir::N),
            ("D5", 1, Dir::S),
            ("H7", 1, Dir::S),
            ("A7", 1, Dir::S),
            ("B7", 1, Dir::S),
        ]);
        let mut dice = Dice::new(Seed([0; 32]));
        assert_eq!(game.view().last, None);
        game.play(0, "C4-C5; sink D5; A2 turn NE", &mut dice).unwrap();
        let turn = game.view().last.unwrap();
        assert_eq!((turn.fleet, turn.bonus, turn.spent, turn.budget), (0, false, 3, 4));
        assert_eq!(
            turn.acts,
            [
                Act::Move {
                    from: sq("C4"),
                    to: sq("C5"),
                    heading: 0
                },
                Act::Sink {
                    at: sq("D5"),
                    fleet: 1,
                    heading: 4,
                    guns: vec![sq("C5"), sq("E5")]
                },
                Act::Turn {
                    at: sq("A2"),
                    heading: 1
                },
            ]
        );
        // The sinking earned a bonus turn; a refused one leaves the last turn as it was.
        assert!(matches!(
            game.view().status,
            Status::ToMove {
                fleet: 0,
                bonus: true,
                ..
            }
        ));
        assert!(game.play(0, "sink H7", &mut dice).is_err());
        assert_eq!(game.view().last.map(|t| t.acts.len()), Some(3));
        game.play(0, "resign", &mut dice).unwrap();
        assert_eq!(game.view().last, None);
        assert!(matches!(game.view().status, Status::Over(_)));
    }
}
