//! The game as the picture sees it (`crate::picture::diabolik`): read only.

use super::notation::{Dir, Sq};
use super::{Diabolik, Did, Edge, Phase};
use crate::picture::diabolik::{Act, Edge as PicEdge, Fleet, FleetView, Ship, Square, Status, Turn};

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
        let fleets = (self.fleets.iter().enumerate())
            .map(|(side, f)| Fleet {
                name: f.name.to_string(),
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
            Phase::Over(finish) => Status::Over(finish.summary.clone()),
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
