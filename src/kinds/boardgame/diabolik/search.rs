//! The search for a legal turn: whether a fleet can play at all, and which turn it could play.

use super::notation::{Act, Dir, Sq};
use super::{Diabolik, TurnState, SHIPS};
use std::collections::HashSet;

impl Diabolik {
    /// Can `side` play a legal turn on this budget? With `tidy` false, only: can it move a
    /// ship in its first two acts (ignoring ships in file at the end)?
    pub(super) fn legal_turn_exists(&self, side: usize, budget: u32, tidy: bool) -> bool {
        self.find_turn(side, budget, tidy).is_some()
    }

    /// A legal turn of `side` on this budget, if there is one: a search through every
    /// series of acts the budget allows, each position once.
    pub(super) fn find_turn(&self, side: usize, budget: u32, tidy: bool) -> Option<Vec<Act>> {
        let mut seen = HashSet::new();
        self.search(side, TurnState::new(budget), tidy, &mut seen)
    }

    fn search(&self, side: usize, t: TurnState, tidy: bool, seen: &mut HashSet<Vec<u8>>) -> Option<Vec<Act>> {
        let done = |game: &Diabolik, t: &TurnState| t.moved && (!tidy || game.files(side).is_empty());
        if done(self, &t) {
            return Some(Vec::new());
        }
        if !t.moved && t.acts >= 2 {
            return None;
        }
        let mine = self.ships_of(side);
        let mut acts: Vec<Act> = mine.iter().map(|&from| Act::Move { from, to: None }).collect();
        for &at in &mine {
            acts.extend(Dir::ALL.iter().map(|&to| Act::Turn { at, to }));
        }
        if self.afloat(side) < SHIPS {
            for at in self.home(side) {
                acts.extend(Dir::ALL.iter().map(|&facing| Act::Build { at, facing }));
            }
        }
        // Every position one act away is looked at before any is searched further: most
        // turns are found at once.
        let mut children = Vec::new();
        for act in acts {
            let mut next = self.clone();
            let mut nt = t;
            if next.apply(side, act, &mut nt).is_err() {
                continue;
            }
            let mut path = vec![act];
            if nt.moved {
                // Sinking is free and removing an enemy ship never closes a door (it only
                // frees squares and lowers costs), so the search sinks all it can.
                path.extend(next.sink_everything(side, &mut nt));
            }
            if done(&next, &nt) {
                return Some(path);
            }
            if seen.insert(next.key(&nt)) {
                children.push((next, nt, path));
            }
        }
        children.into_iter().find_map(|(next, nt, mut path)| {
            let rest = next.search(side, nt, tidy, seen)?;
            path.extend(rest);
            Some(path)
        })
    }

    /// Sinks every enemy ship it can, again and again; the sinkings made.
    fn sink_everything(&mut self, side: usize, t: &mut TurnState) -> Vec<Act> {
        let mut sunk = Vec::new();
        loop {
            let targets: Vec<Sq> = self
                .squares()
                .filter(|&sq| self.at(sq).is_some_and(|s| s.side != side))
                .collect();
            match targets
                .into_iter()
                .find(|&at| self.apply(side, Act::Sink { at }, t).is_ok())
            {
                Some(at) => sunk.push(Act::Sink { at }),
                None => return sunk,
            }
        }
    }

    /// The position and what the turn has spent, as bytes, to search each once.
    fn key(&self, t: &TurnState) -> Vec<u8> {
        let mut key: Vec<u8> = self
            .cells
            .iter()
            .map(|c| c.map_or(0, |s| 1 + (s.side * 8 + s.facing.index()) as u8))
            .collect();
        key.push(t.spent as u8);
        key.push(if t.moved { 255 } else { t.acts as u8 });
        key
    }
}
