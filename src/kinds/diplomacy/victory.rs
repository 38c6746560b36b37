//! Who has won a game of Diplomacy, read from its history: a solo, a draw by vote, the
//! powers eliminated, and (for a ruleset whose extra roles protect powers, such as Diable
//! et Bon Dieu's God and Devil) the contest between those roles.
//!
//! Every ruleset's mail game reads these facts; a ruleset with no protected powers passes
//! `None` and gets the plain Diplomacy result.

use crate::judge::Board;
use crate::map::{Map, Power};
use crate::phase::Phase;
use std::collections::BTreeMap;

/// The powers God and the Devil protect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Protected {
    pub god: Power,
    pub devil: Power,
}

/// The facts of the board after one processed phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseFacts {
    pub phase: Phase,
    /// Supply centres owned, per power.
    pub centers: BTreeMap<Power, usize>,
    /// Units on the board, per power, dislodged ones awaiting their retreat included.
    pub units: BTreeMap<Power, usize>,
    /// Every surviving power voted for a draw in this phase.
    pub draw: bool,
}

impl PhaseFacts {
    pub fn from_board(phase: Phase, board: &Board, draw: bool) -> PhaseFacts {
        let mut centers = BTreeMap::new();
        for &o in board.centers.values() {
            *centers.entry(o).or_insert(0) += 1;
        }
        let mut units = BTreeMap::new();
        for u in board.all_units() {
            *units.entry(u.power).or_insert(0) += 1;
        }
        PhaseFacts {
            phase,
            centers,
            units,
            draw,
        }
    }

    fn alive(&self, p: Power) -> bool {
        self.centers.get(&p).copied().unwrap_or(0) > 0 || self.units.get(&p).copied().unwrap_or(0) > 0
    }
}

/// Centres needed to win alone.
pub const SOLO: usize = 18;

/// Where the game stands: who has won, and whether it is over.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    pub solo: Option<Power>,
    pub draw: bool,
    pub god_wins: bool,
    pub devil_wins: bool,
    /// The divine players have withdrawn (a divine win by elimination): no more blessings,
    /// curses or adjustment blessings.
    pub divine_withdrawn: bool,
    /// The divine contest is settled (a winner, or none possible any more).
    pub divine_settled: bool,
    /// Powers eliminated, in the phase they were eliminated.
    pub eliminated: Vec<(Power, Phase)>,
    pub over: bool,
}

/// Reads the game's history, phase by phase, and decides the winners.
pub fn standing(map: &Map, history: &[PhaseFacts], protected: Option<Protected>) -> Standing {
    let mut s = Standing::default();
    let mut alive: Vec<Power> = map.all_powers().collect();
    for facts in history {
        if s.over {
            break;
        }
        let gone: Vec<Power> = alive.iter().copied().filter(|&p| !facts.alive(p)).collect();
        alive.retain(|p| !gone.contains(p));
        for &p in &gone {
            s.eliminated.push((p, facts.phase));
        }
        let solo = facts.centers.iter().find(|(_, &n)| n >= SOLO).map(|(&p, _)| p);
        // An elimination in the phase of a solo did not come "before" it: the solo decides.
        if let (false, None, Some(protected)) = (s.divine_settled, solo, protected) {
            let god_target = gone.contains(&protected.devil);
            let devil_target = gone.contains(&protected.god);
            if god_target || devil_target {
                s.divine_settled = true;
                // Both protected powers gone in the same phase: no divine winner.
                if god_target != devil_target {
                    s.god_wins = god_target;
                    s.devil_wins = devil_target;
                    s.divine_withdrawn = true;
                }
            }
        }
        if let Some(p) = solo {
            s.solo = Some(p);
            s.over = true;
            if let (false, Some(protected)) = (s.divine_settled, protected) {
                s.divine_settled = true;
                s.god_wins = p == protected.god;
                s.devil_wins = p == protected.devil;
            }
        } else if facts.draw {
            s.draw = true;
            s.over = true;
        }
    }
    s
}
