//! The acts of a turn (move, turn, sink, rebuild): whether each is allowed, what it
//! costs, and what it changes.

use super::notation::{Act, Dir, Sq};
use super::{ActRefused, Deed, Diabolik, Did, Done, Leaves, Ship, Spend, Told, TurnState, SHIPS};

impl Diabolik {
    /// The side's own ship on `sq`, or why not.
    fn own_ship(&self, side: usize, sq: Sq) -> Result<Ship, ActRefused> {
        if !self.on_board(sq) {
            return Err(ActRefused::OffBoard {
                sq,
                last: self.last_square(),
            });
        }
        match self.at(sq) {
            None => Err(ActRefused::NoShip { sq }),
            Some(s) if s.side != side => Err(ActRefused::NotYourShip {
                sq,
                owner: self.fleets[s.side].name.to_string(),
            }),
            Some(s) => Ok(s),
        }
    }

    fn pay(&self, t: &mut TurnState, cost: u32, what: Spend) -> Result<(), ActRefused> {
        let left = t.budget - t.spent;
        if cost > left {
            return Err(ActRefused::TooDear {
                what,
                cost,
                left,
                spent: t.spent,
                budget: t.budget,
            });
        }
        t.spent += cost;
        Ok(())
    }

    /// Plays one act on this position (a copy, while a turn is checked).
    pub(super) fn apply(&mut self, side: usize, act: Act, t: &mut TurnState) -> Result<Done, ActRefused> {
        let done = match act {
            Act::Move { from, to } => self.act_move(side, from, to, t)?,
            Act::Turn { at, to } => self.act_turn(side, at, to, t)?,
            Act::Sink { at } => self.act_sink(side, at, t)?,
            Act::Build { at, facing } => self.act_build(side, at, facing, t)?,
        };
        t.acts += 1;
        Ok(done)
    }

    fn act_move(&mut self, side: usize, from: Sq, to: Option<Sq>, t: &mut TurnState) -> Result<Done, ActRefused> {
        let ship = self.own_ship(side, from)?;
        if self.frozen(side, from) {
            return Err(ActRefused::Arrived {
                sq: from,
                far: self.far_row(side),
            });
        }
        let dest = from.step(ship.facing);
        if !self.on_board(dest) {
            return Err(ActRefused::AheadOffBoard {
                sq: from,
                facing: ship.facing,
            });
        }
        if let Some(to) = to {
            if to != dest {
                return Err(ActRefused::NotAhead {
                    sq: from,
                    facing: ship.facing,
                    ahead: dest,
                });
            }
        }
        if let Some(other) = self.at(dest) {
            return Err(ActRefused::Occupied {
                sq: dest,
                owner: (other.side != side).then(|| self.fleets[other.side].name.to_string()),
            });
        }
        if self.rank(side, dest) == 0 {
            return Err(ActRefused::FirstRow {
                sq: dest,
                line: self.line(side, 0),
            });
        }
        let enemies = self.enemy_neighbours(side, from);
        let cost = if enemies.is_empty() { 1 } else { 2 };
        self.pay(t, cost, Spend::Moving { from, enemies })?;
        self.put(from, None);
        self.put(dest, Some(ship));
        t.moved = true;
        let mut notes = Vec::new();
        if self.frozen(side, dest) {
            notes.push(Told::Arrived {
                fleet: self.fleets[side].name.to_string(),
                far: self.far_row(side),
                sq: dest,
                facing: ship.facing,
                arrived: self.arrived(side),
                arrivals: self.rules.arrivals,
            });
        }
        Ok(Done {
            deed: Deed::Moved { from, to: dest },
            notes,
            did: Did::Move {
                from,
                to: dest,
                facing: ship.facing,
            },
        })
    }

    fn act_turn(&mut self, side: usize, at: Sq, to: Dir, t: &mut TurnState) -> Result<Done, ActRefused> {
        let ship = self.own_ship(side, at)?;
        if self.frozen(side, at) {
            return Err(ActRefused::KeepsHeading {
                sq: at,
                far: self.far_row(side),
                facing: ship.facing,
            });
        }
        if ship.facing == to {
            return Err(ActRefused::AlreadyHeads { sq: at, facing: to });
        }
        let enemies = self.enemy_neighbours(side, at);
        let cost = 1 + enemies.len().min(2) as u32;
        self.pay(t, cost, Spend::Turning { at, enemies })?;
        self.put(at, Some(Ship { side, facing: to }));
        Ok(Done {
            deed: Deed::Turned { at, to },
            notes: Vec::new(),
            did: Did::Turn { at, to },
        })
    }

    fn act_sink(&mut self, side: usize, at: Sq, t: &mut TurnState) -> Result<Done, ActRefused> {
        if !t.moved {
            return Err(ActRefused::MoveBeforeSinking);
        }
        if !self.on_board(at) {
            return Err(ActRefused::OffBoard {
                sq: at,
                last: self.last_square(),
            });
        }
        let target = self.at(at).ok_or(ActRefused::NoShip { sq: at })?;
        if target.side == side {
            return Err(ActRefused::OwnShip { sq: at });
        }
        let owner = target.side;
        let owner_name = self.fleets[owner].name;
        if self.frozen(owner, at) {
            return Err(ActRefused::Unsinkable {
                owner: owner_name.to_string(),
                sq: at,
                far: self.far_row(owner),
            });
        }
        let flankers = self.flankers(at);
        let own: Vec<Sq> = flankers
            .iter()
            .copied()
            .filter(|&f| self.at(f).is_some_and(|s| s.side == side))
            .collect();
        let lent: Vec<Sq> = flankers
            .iter()
            .copied()
            .filter(|&f| {
                self.at(f).is_some_and(|s| {
                    self.rules.joint_sinking && s.side != side && s.side != owner && self.fleets[s.side].lends[side]
                })
            })
            .collect();
        let mut guns: Vec<Sq> = if own.len() >= 2 {
            own.clone()
        } else if own.len() == 1 && !lent.is_empty() {
            vec![own[0], lent[0]]
        } else {
            return Err(ActRefused::NoBroadsides {
                sq: at,
                one: own.first().copied(),
                joint: self.rules.joint_sinking,
            });
        };
        guns.sort();
        self.put(at, None);
        self.fleets[owner].lost += 1;
        self.fleets[side].sank += 1;
        t.sank += 1;
        let left = self.afloat(owner);
        let mut notes = vec![Told::Sunk {
            owner: owner_name.to_string(),
            sq: at,
            by: self.fleets[side].name.to_string(),
            guns: guns.clone(),
            left,
        }];
        if !self.two_players() && left < self.rules.min_fleet {
            let why = Leaves::Below {
                min: self.rules.min_fleet,
            };
            notes.push(self.eliminate(owner, why));
        }
        Ok(Done {
            deed: Deed::Sank {
                at,
                owner: (!self.two_players()).then(|| owner_name.to_string()),
            },
            notes,
            did: Did::Sink { at, ship: target, guns },
        })
    }

    fn act_build(&mut self, side: usize, at: Sq, facing: Dir, t: &mut TurnState) -> Result<Done, ActRefused> {
        if self.afloat(side) >= SHIPS {
            return Err(ActRefused::NothingToRebuild);
        }
        let home = self.home(side);
        if !home.contains(&at) {
            return Err(ActRefused::NotHome {
                sq: at,
                first: home[0],
                last: home[home.len() - 1],
            });
        }
        if let Some(other) = self.at(at) {
            return Err(ActRefused::Occupied {
                sq: at,
                owner: Some(self.fleets[other.side].name.to_string()),
            });
        }
        let enemies = self.enemy_neighbours(side, at);
        if let Some(&e) = enemies.first() {
            return Err(ActRefused::NearEnemy {
                sq: at,
                owner: self.at(e).map(|s| self.fleets[s.side].name.to_string()),
                enemy: e,
            });
        }
        self.pay(t, 3, Spend::Rebuilding { at })?;
        self.put(at, Some(Ship { side, facing }));
        Ok(Done {
            deed: Deed::Rebuilt { at, facing },
            notes: Vec::new(),
            did: Did::Build { at, facing },
        })
    }
}
