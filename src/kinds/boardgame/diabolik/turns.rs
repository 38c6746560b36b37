//! How each command changes the game: a turn, a deployment, a pass, a stop, a
//! resignation, allies; whose turn comes next, eliminations, and how the game ends.

use super::notation::{Act, Dir};
use super::{
    owned, played, Block, Counter, Deed, Diabolik, Finish, LastTurn, Leaves, Measure, Phase, Played, Refused, Ship,
    Stop, Told, TurnState, SHIPS,
};

impl Diabolik {
    /// Takes a fleet out of the game; its ships leave the board. The announcement.
    pub(super) fn eliminate(&mut self, side: usize, why: Leaves) -> Told {
        let ships = self.afloat(side);
        for cell in self.cells.iter_mut() {
            if cell.is_some_and(|s| s.side == side) {
                *cell = None;
            }
        }
        let fleet = &mut self.fleets[side];
        fleet.out = true;
        fleet.stop = false;
        Told::Eliminated {
            fleet: fleet.name.to_string(),
            why,
            ships,
        }
    }

    fn still_in(&self) -> Vec<usize> {
        (0..self.fleets.len()).filter(|&s| !self.fleets[s].out).collect()
    }

    /// The next fleet still in after `side`, in seat order.
    fn next_side(&self, side: usize) -> usize {
        let n = self.fleets.len();
        (1..=n)
            .map(|k| (side + k) % n)
            .find(|&s| !self.fleets[s].out)
            .unwrap_or(side)
    }

    /// After `side` has deployed (or left while deploying): the next fleet still in chooses
    /// its headings, or, once all have, the first fleet still in (in turn order) begins.
    fn after_deploy(&mut self, side: usize, notes: &mut Vec<Told>) {
        let n = self.fleets.len();
        // Seats in turn order: the drawn first one, then round the table.
        let order = |k: usize| (self.first + k) % n;
        let done = (side + n - self.first) % n;
        match (done + 1..n).map(order).find(|&s| !self.fleets[s].out) {
            Some(s) => self.phase = Phase::Deploy(s),
            None => {
                let first = (0..n).map(order).find(|&s| !self.fleets[s].out).unwrap_or(side);
                self.begin_turn(first, notes);
            }
        }
    }

    /// The turn of `side` begins, or the game stops or ends first.
    pub(super) fn begin_turn(&mut self, side: usize, notes: &mut Vec<Told>) {
        let mut side = side;
        loop {
            if let Some(limit) = self.rules.turns {
                if self.fleets[side].normal_turns >= limit {
                    let finish = self.tie_break(Stop::Turns { turns: limit });
                    self.end(finish, notes);
                    return;
                }
            }
            if self.legal_turn_exists(side, self.rules.cannonballs, true) {
                self.phase = Phase::Turn { side, bonus: false };
                return;
            }
            let name = self.fleets[side].name;
            let reason = if self.legal_turn_exists(side, self.rules.cannonballs, false) {
                Block::InFile
            } else {
                Block::NoMove
            };
            if self.two_players() {
                let winner = self.fleets[1 - side].name;
                let finish = Finish {
                    winners: vec![winner.to_string()],
                    summary: Told::Lost {
                        fleet: name.to_string(),
                        why: Leaves::Blocked(reason),
                        winner: winner.to_string(),
                    }
                    .into(),
                };
                self.end(finish, notes);
                return;
            }
            notes.push(self.eliminate(side, Leaves::Blocked(reason)));
            if let Some(finish) = self.last_fleet() {
                self.end(finish, notes);
                return;
            }
            side = self.next_side(side);
        }
    }

    fn end(&mut self, finish: Finish, notes: &mut Vec<Told>) {
        if let Some(told) = finish.summary.of_game::<Told>() {
            notes.push(told.clone());
        }
        self.phase = Phase::Over(finish);
    }

    /// With several players, the win of the last fleet left.
    fn last_fleet(&self) -> Option<Finish> {
        match self.still_in().as_slice() {
            [last] => {
                let name = self.fleets[*last].name;
                Some(Finish {
                    winners: vec![name.to_string()],
                    summary: Told::LastAfloat {
                        fleet: name.to_string(),
                    }
                    .into(),
                })
            }
            _ => None,
        }
    }

    /// A win by `side` at the end of its turn.
    fn victory(&self, side: usize) -> Option<Finish> {
        let name = self.fleets[side].name;
        let arrived = self.arrived(side);
        if arrived >= self.rules.arrivals {
            return Some(Finish {
                winners: vec![name.to_string()],
                summary: Told::FarRowWin {
                    fleet: name.to_string(),
                    arrived,
                    far: self.far_row(side),
                }
                .into(),
            });
        }
        if self.two_players() {
            let enemy = 1 - side;
            let left = self.afloat(enemy);
            if left < self.rules.min_fleet {
                return Some(Finish {
                    winners: vec![name.to_string()],
                    summary: Told::Destroyed {
                        enemy: self.fleets[enemy].name.to_string(),
                        left,
                        min: self.rules.min_fleet,
                        fleet: name.to_string(),
                    }
                    .into(),
                });
            }
            return None;
        }
        self.last_fleet()
    }

    /// The tie-breaks of a game stopped early.
    fn tie_break(&self, why: Stop) -> Finish {
        let everyone = self.still_in();
        let mut field = everyone.clone();
        let measures: [(Measure, Counter); 3] = [
            (Measure::FarRow, Diabolik::arrived),
            (Measure::EnemyHalf, Diabolik::in_enemy_half),
            (Measure::Afloat, Diabolik::afloat),
        ];
        let mut counted = Vec::new();
        for (what, measure) in measures {
            let counts: Vec<(usize, usize)> = field.iter().map(|&s| (s, measure(self, s))).collect();
            let best = counts.iter().map(|&(_, c)| c).max().unwrap_or(0);
            let shown: Vec<(String, usize)> = counts
                .iter()
                .map(|&(s, c)| (self.fleets[s].name.to_string(), c))
                .collect();
            counted.push((what, shown));
            field.retain(|&s| measure(self, s) == best);
            if field.len() == 1 {
                break;
            }
        }
        let names: Vec<&str> = field.iter().map(|&s| self.fleets[s].name).collect();
        let winners = if field.len() > 1 && field.len() == everyone.len() {
            Vec::new()
        } else {
            owned(&names)
        };
        Finish {
            winners: winners.clone(),
            summary: Told::TieBreak { why, counted, winners }.into(),
        }
    }

    /// The turn of `side` is over: a win, a bonus turn, or the next fleet.
    fn after_turn(&mut self, side: usize, bonus: bool, sank: bool, notes: &mut Vec<Told>) {
        if let Some(finish) = self.victory(side) {
            self.end(finish, notes);
            return;
        }
        let name = self.fleets[side].name;
        if !bonus && sank {
            if self.legal_turn_exists(side, self.rules.bonus_cannonballs, true) {
                self.phase = Phase::Turn { side, bonus: true };
                notes.push(Told::Bonus {
                    fleet: name.to_string(),
                    cannonballs: self.rules.bonus_cannonballs,
                });
                return;
            }
            notes.push(Told::NoBonus {
                fleet: name.to_string(),
            });
        }
        let next = self.next_side(side);
        self.begin_turn(next, notes);
    }

    fn whose_turn(&self, side: usize) -> Result<bool, Refused> {
        match &self.phase {
            Phase::Turn { side: s, bonus } if *s == side => Ok(*bonus),
            Phase::Turn { side: s, .. } => Err(Refused::NotYourTurn {
                mover: self.fleets[*s].name.to_string(),
            }),
            Phase::Deploy(s) if *s == side => Err(Refused::DeployFirst),
            Phase::Deploy(s) => Err(Refused::Deploying {
                fleet: self.fleets[*s].name.to_string(),
            }),
            Phase::Over(_) => Err(Refused::GameOver),
        }
    }

    /// Any turn played withdraws the requests to stop.
    fn withdraw_stops(&mut self, notes: &mut Vec<Told>) {
        if self.fleets.iter().any(|f| f.stop) {
            notes.push(Told::StopsLapse);
            for f in &mut self.fleets {
                f.stop = false;
            }
        }
    }

    pub(super) fn play_turn(&mut self, side: usize, acts: &[(String, Act)]) -> Result<Played, Refused> {
        let bonus = self.whose_turn(side)?;
        if acts.is_empty() {
            return Err(Refused::EmptyTurn);
        }
        let budget = if bonus {
            self.rules.bonus_cannonballs
        } else {
            self.rules.cannonballs
        };
        let mut next = self.clone();
        let mut t = TurnState::new(budget);
        let mut done_deeds = Vec::new();
        let mut dids = Vec::new();
        let mut notes = Vec::new();
        for (n, (written, act)) in acts.iter().enumerate() {
            if !t.moved && t.acts >= 2 {
                if !self.rules.forgiving_first_acts {
                    return Ok(self.lose_first_acts(side, done_deeds));
                }
                return Err(Refused::NoMoveInTwo {
                    n: n + 1,
                    written: written.clone(),
                });
            }
            let done = next.apply(side, *act, &mut t).map_err(|why| Refused::Act {
                n: n + 1,
                written: written.clone(),
                why,
            })?;
            done_deeds.push(done.deed);
            notes.extend(done.notes);
            dids.push(done.did);
        }
        if !t.moved {
            if !self.rules.forgiving_first_acts {
                return Ok(self.lose_first_acts(side, done_deeds));
            }
            return Err(Refused::NoShipMoved);
        }
        let files = next.files(side);
        if let Some(&pair) = files.first() {
            return Err(Refused::EndsInFile {
                file: next.describe_file(pair),
            });
        }
        let name = self.fleets[side].name;
        let summary = Told::Turn {
            fleet: name.to_string(),
            bonus,
            deeds: done_deeds,
            spent: t.spent,
        };
        next.withdraw_stops(&mut notes);
        if !bonus {
            next.fleets[side].normal_turns += 1;
        }
        next.last = Some(std::sync::Arc::new(LastTurn {
            side,
            bonus,
            spent: t.spent,
            budget,
            acts: dids,
        }));
        next.after_turn(side, bonus, t.sank > 0, &mut notes);
        *self = next;
        Ok(played(summary, notes))
    }

    /// `side` leaves the game for `why`: in a duel the other side wins (`duel` writes the
    /// summary from the winner's name); with several players its fleet is eliminated, and
    /// the game ends when one fleet is left. Returns whether the game goes on, for the
    /// caller to say who plays next.
    fn leave(&mut self, side: usize, why: Leaves, notes: &mut Vec<Told>) -> bool {
        self.withdraw_stops(notes);
        if self.two_players() {
            let winner = self.fleets[1 - side].name;
            let finish = Finish {
                winners: vec![winner.to_string()],
                summary: Told::Lost {
                    fleet: self.fleets[side].name.to_string(),
                    why,
                    winner: winner.to_string(),
                }
                .into(),
            };
            self.end(finish, notes);
            return false;
        }
        notes.push(self.eliminate(side, why));
        match self.last_fleet() {
            Some(finish) => {
                self.end(finish, notes);
                false
            }
            None => true,
        }
    }

    /// « sinon l'adversaire est vainqueur »: `side` wrote a turn whose first two acts (legal,
    /// done as `acts`) move no ship. In a duel the other side wins; with several players the
    /// fleet is eliminated, as one that cannot move in its first two acts (rule 3° of the
    /// variant). The acts themselves are void.
    fn lose_first_acts(&mut self, side: usize, acts: Vec<Deed>) -> Played {
        let name = self.fleets[side].name;
        let mut notes = Vec::new();
        self.last = None;
        if self.leave(side, Leaves::FirstActs { acts: acts.clone() }, &mut notes) {
            let next = self.next_side(side);
            self.begin_turn(next, &mut notes);
        }
        played(
            Told::FirstActs {
                fleet: name.to_string(),
                acts,
            },
            notes,
        )
    }

    pub(super) fn deploy(&mut self, side: usize, dirs: &[Dir]) -> Result<Played, Refused> {
        match self.phase {
            Phase::Deploy(s) if s == side => {}
            Phase::Deploy(s) => {
                return Err(Refused::Deploying {
                    fleet: self.fleets[s].name.to_string(),
                })
            }
            _ => return Err(Refused::DeployedAlready),
        }
        let home = self.home(side);
        let headings: Vec<Dir> = match dirs {
            [one] => vec![*one; SHIPS],
            _ if dirs.len() == SHIPS => dirs.to_vec(),
            _ => {
                return Err(Refused::DeployCount {
                    ships: SHIPS,
                    first: home[0],
                    last: home[SHIPS - 1],
                    given: dirs.len(),
                })
            }
        };
        let mut next = self.clone();
        for (&sq, &facing) in home.iter().zip(&headings) {
            next.put(sq, Some(Ship { side, facing }));
        }
        if let Some(&pair) = next.files(side).first() {
            return Err(Refused::DeployInFile {
                file: next.describe_file(pair),
            });
        }
        let summary = Told::Deployed {
            fleet: self.fleets[side].name.to_string(),
            headings: home.iter().copied().zip(headings.iter().copied()).collect(),
        };
        let mut notes = Vec::new();
        next.last = None;
        next.withdraw_stops(&mut notes);
        next.after_deploy(side, &mut notes);
        *self = next;
        Ok(played(summary, notes))
    }

    pub(super) fn pass(&mut self, side: usize) -> Result<Played, Refused> {
        if !self.whose_turn(side)? {
            return Err(Refused::NoBonusToPass);
        }
        let mut notes = Vec::new();
        self.withdraw_stops(&mut notes);
        let next = self.next_side(side);
        self.begin_turn(next, &mut notes);
        let summary = Told::Declines {
            fleet: self.fleets[side].name.to_string(),
        };
        Ok(played(summary, notes))
    }

    pub(super) fn stop(&mut self, side: usize) -> Result<Played, Refused> {
        let name = self.fleets[side].name;
        self.fleets[side].stop = true;
        let waiting: Vec<&str> = self
            .still_in()
            .into_iter()
            .filter(|&s| !self.fleets[s].stop)
            .map(|s| self.fleets[s].name)
            .collect();
        let mut notes = Vec::new();
        if waiting.is_empty() {
            let finish = self.tie_break(Stop::Agreed);
            self.end(finish, &mut notes);
        } else {
            notes.push(Told::StopsOnce {
                waiting: owned(&waiting),
            });
        }
        let summary = Told::AsksStop {
            fleet: name.to_string(),
        };
        Ok(played(summary, notes))
    }

    pub(super) fn resign(&mut self, side: usize) -> Result<Played, Refused> {
        let name = self.fleets[side].name;
        let mut notes = Vec::new();
        self.last = None;
        if self.leave(side, Leaves::Resigns, &mut notes) {
            match self.phase {
                Phase::Turn { side: s, .. } if s == side => {
                    let next = self.next_side(side);
                    self.begin_turn(next, &mut notes);
                }
                Phase::Deploy(s) if s == side => self.after_deploy(side, &mut notes),
                _ => {}
            }
        }
        let summary = Told::Resigns {
            fleet: name.to_string(),
        };
        Ok(played(summary, notes))
    }

    pub(super) fn allies(&mut self, side: usize, names: &[String]) -> Result<Played, Refused> {
        if !self.rules.joint_sinking {
            return Err(Refused::NoJointSinking);
        }
        let mut lends = vec![false; self.fleets.len()];
        for name in names {
            // A fleet by its name or by its French name (`allies Ouest Nord`).
            let found = (self.fleets.iter())
                .position(|f| f.name.eq_ignore_ascii_case(name) || super::side_fr(f.name).eq_ignore_ascii_case(name));
            match found {
                Some(s) if s == side => return Err(Refused::AllyOfItself),
                Some(s) => lends[s] = true,
                None => {
                    return Err(Refused::NoSuchFleet {
                        name: name.clone(),
                        fleets: self.fleets.iter().map(|f| f.name.to_string()).collect(),
                    });
                }
            }
        }
        self.fleets[side].lends = lends;
        let name = self.fleets[side].name;
        let to: Vec<&str> = self.lent_to(side);
        let summary = Told::Lends {
            fleet: name.to_string(),
            to: owned(&to),
        };
        Ok(played(summary, Vec::new()))
    }
}
