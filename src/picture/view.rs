//! What a picture shows: the board of a phase, its orders with what became of them, and
//! the signs a game kind puts on units (in Diable et Bon Dieu, the blessing and curse once
//! they are announced).
//!
//! A [`PictureView`] holds public facts only. What one reader may know besides is a
//! [`Private`], drawn only by [`super::draw_private`]; the game kind says who is told what
//! ([`Secrets`]). The picture names no variant.

use crate::judge::{self, movement, Board, Outcome, Submitted, Unit, Verdict};
use crate::map::{Loc, Map, Power, ProvId};
use crate::order::{self, Order};
use crate::phase::{Phase, PhaseKind};

/// An order drawn on the map, for the unit of `power` that was given it.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// `A PAR H`.
    Hold { power: Power, at: Loc, verdict: Verdict },
    /// `A PAR - BUR` (and a retreat, in a retreat phase).
    Move {
        power: Power,
        from: Loc,
        to: Loc,
        convoyed: bool,
        verdict: Verdict,
    },
    /// `A MUN S A BER` (`to: None`) or `A MUN S A BER - SIL`.
    Support {
        power: Power,
        from: Loc,
        target: Loc,
        to: Option<Loc>,
        verdict: Verdict,
    },
    /// `F NTH C A LON - NWY`.
    Convoy {
        power: Power,
        from: Loc,
        army: Loc,
        to: Loc,
        verdict: Verdict,
    },
}

/// A unit dislodged, drawn beside its province with where it may retreat.
#[derive(Clone, Debug, PartialEq)]
pub struct DislodgedMark {
    pub unit: Unit,
    /// The places it may go to; empty when it is disbanded for want of one.
    pub retreats: Vec<Loc>,
}

/// A change of the units in an adjustment phase (and a dislodged unit disbanded).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Adjustment {
    Build(Unit),
    Disband(Unit),
}

/// A sign drawn on a unit as a small round badge: what a game kind marks units with (in
/// Diable et Bon Dieu, a blessing is a plus and a curse a minus).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// A plus, dark on white.
    Plus,
    /// A minus, white on dark.
    Minus,
}

/// A sign on a unit in the public picture; `struck` draws it crossed out (it did nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignedUnit {
    pub sign: Sign,
    pub at: Loc,
    pub struck: bool,
}

/// Everything a public picture shows.
#[derive(Clone, Debug, PartialEq)]
pub struct PictureView {
    /// Whose picture it is, as its title names it before the phase: a game's name
    /// (`vopaliec`), or the title of a position file's variant (`Diplomacy`). Empty, the
    /// title is the phase alone; never the map's name (`standard`), which is no title.
    pub name: String,
    pub phase: Phase,
    /// The units on the board (not dislodged), where they stand at the start of the phase.
    pub units: Vec<Unit>,
    /// The owner of each owned supply centre.
    pub centers: Vec<(ProvId, Power)>,
    /// The orders, with their verdicts (void orders are not drawn).
    pub marks: Vec<Mark>,
    pub dislodged: Vec<DislodgedMark>,
    pub adjustments: Vec<Adjustment>,
    /// Signs on units, as the game kind gives them (Diable et Bon Dieu's announced blessing
    /// and curse).
    pub signs: Vec<SignedUnit>,
}

/// What only some may see, as the game kind words it for one reader: signs on units not
/// yet announced (drawn ringed), and lines of the legend that each name a power. Diable et
/// Bon Dieu's divine players see their protected powers and their own cast, a power its
/// adjustment blessing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Private {
    /// Signs on units, in the order they are drawn.
    pub signs: Vec<(Sign, Loc)>,
    /// Legend lines naming a power: the words before its name (`God protects`), in order.
    pub powers: Vec<(Words, Power)>,
}

/// The words of a private legend line before a power's name, in each language a picture is
/// drawn in: `God protects` / `le Bon Dieu protège`. The French name after them takes its
/// article (« le Bon Dieu protège la France »).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    pub en: &'static str,
    pub fr: &'static str,
}

/// What the readers of a picture may know besides the public facts, each reader their own
/// [`Private`]: the game kind decides who is told what. A reader not listed gets the public
/// picture.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Secrets {
    pub told: Vec<(Reader, Private)>,
}

/// Who a picture is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// The archive, an observer: public facts only.
    Public,
    Power(Power),
    /// A player known by the name of their role, as the game kind names it (`God`).
    Role(&'static str),
}

impl Reader {
    /// What this reader may know of the secrets; `None` when nothing, and the reader gets
    /// the public picture.
    pub fn told(self, secrets: Option<&Secrets>) -> Option<Private> {
        if self == Reader::Public {
            return None;
        }
        secrets?.told.iter().find(|(r, _)| *r == self).map(|(_, p)| p.clone())
    }
}

impl PictureView {
    /// The board alone, before orders; in a retreat phase, its dislodged units with where
    /// they may go (as the judge finds it, narrowed to the position's list when it has one).
    pub fn board(map: &Map, phase: Phase, board: &Board) -> PictureView {
        let taken = movement::taken(map, board);
        PictureView {
            name: String::new(),
            phase,
            units: board.units.clone(),
            centers: board.centers.iter().map(|(&p, &o)| (p, o)).collect(),
            marks: Vec::new(),
            dislodged: board
                .dislodged
                .iter()
                .map(|d| {
                    let found = movement::retreat_options(map, &taken, d.unit, d.attacker_from, |_| true);
                    let retreats = match &d.retreats {
                        Some(given) => found
                            .into_iter()
                            .filter(|l| given.iter().any(|g| g.prov == l.prov))
                            .collect(),
                        None => found,
                    };
                    DislodgedMark { unit: d.unit, retreats }
                })
                .collect(),
            adjustments: Vec::new(),
            signs: Vec::new(),
        }
    }

    /// The same view, its title naming `name` before the phase ([`PictureView::name`]).
    pub fn named(mut self, name: impl Into<String>) -> PictureView {
        self.name = name.into();
        self
    }

    /// A phase as adjudicated: the board at its start, the orders read as the judge reads
    /// them with the verdict of each, and what the phase changed (dislodgements with the
    /// retreats the judge found, builds and disbands).
    pub fn outcome(map: &Map, board: &Board, orders: &[Submitted], outcome: &Outcome) -> PictureView {
        let mut view = PictureView::board(map, outcome.phase, board);
        let at = judge::index_by_province(map, &board.units);
        let mut reader = order::Reader::default();
        let retreat = outcome.phase.kind == PhaseKind::Retreat;
        // In a retreat phase, the orders are for the dislodged units.
        let dislodged_units: Vec<Unit> = board.dislodged.iter().map(|d| d.unit).collect();
        let retreat_at = judge::index_by_province(map, &dislodged_units);
        for r in &outcome.results {
            let Some(i) = r.given else { continue };
            if r.verdict == Verdict::Void {
                continue;
            }
            let (units, index) = if retreat {
                (&dislodged_units, &retreat_at)
            } else {
                (&board.units, &at)
            };
            let judge::Read::Unit { unit, order, .. } = judge::read_order(map, units, index, &mut reader, &orders[i])
            else {
                continue;
            };
            let u = units[unit];
            let (power, from, verdict) = (u.power, u.loc, r.verdict);
            let mark = match order {
                Order::Hold(_) => Mark::Hold {
                    power,
                    at: from,
                    verdict,
                },
                Order::Move { dest, via_convoy, .. } => Mark::Move {
                    power,
                    from,
                    to: dest,
                    convoyed: via_convoy,
                    verdict,
                },
                Order::Support { target, dest, .. } => Mark::Support {
                    power,
                    from,
                    target: unit_loc(board, target.loc),
                    to: dest,
                    verdict,
                },
                Order::Convoy { army, dest, .. } => Mark::Convoy {
                    power,
                    from,
                    army: army.loc,
                    to: dest,
                    verdict,
                },
                Order::Disband(_) | Order::Build(_) | Order::Waive => continue,
            };
            view.marks.push(mark);
        }
        match outcome.phase.kind {
            PhaseKind::Movement => {
                // Units dislodged this phase: drawn beside their province, not in it.
                for d in &outcome.next.dislodged {
                    view.units.retain(|u| *u != d.unit);
                    view.dislodged.push(DislodgedMark {
                        unit: d.unit,
                        retreats: d.retreats.clone().unwrap_or_default(),
                    });
                }
            }
            PhaseKind::Retreat => {
                for d in &board.dislodged {
                    let retreated = view.marks.iter().any(
                        |m| matches!(m, Mark::Move { from, verdict: Verdict::Succeeds, .. } if *from == d.unit.loc),
                    );
                    if !retreated {
                        view.adjustments.push(Adjustment::Disband(d.unit));
                    }
                }
            }
            PhaseKind::Adjustment => {
                for u in &outcome.next.units {
                    if !board.units.contains(u) {
                        view.adjustments.push(Adjustment::Build(*u));
                    }
                }
                for u in &board.units {
                    if !outcome.next.units.contains(u) {
                        view.adjustments.push(Adjustment::Disband(*u));
                    }
                }
            }
        }
        view
    }

    /// Centres owned by each power, in the map's order of powers.
    pub fn center_counts(&self, map: &Map) -> Vec<usize> {
        let mut n = vec![0; map.powers.len()];
        for &(_, o) in &self.centers {
            if let Some(c) = n.get_mut(o.0 as usize) {
                *c += 1;
            }
        }
        n
    }

    /// Units of each power at the start of the phase, in the map's order of powers: those
    /// on the board and those dislodged, whether the phase dislodged them (a movement phase,
    /// drawn beside their province) or they are waiting to retreat (a retreat phase). What
    /// the legend says under each power's name.
    pub fn unit_counts(&self, map: &Map) -> Vec<usize> {
        let mut n = vec![0; map.powers.len()];
        let dislodged = self.dislodged.iter().map(|d| &d.unit);
        for u in self.units.iter().chain(dislodged) {
            if let Some(c) = n.get_mut(u.power.0 as usize) {
                *c += 1;
            }
        }
        n
    }
}

/// Where the unit a support names really stands (its coast), when there is one.
fn unit_loc(board: &Board, written: Loc) -> Loc {
    board
        .units
        .iter()
        .find(|u| u.loc.prov == written.prov)
        .map_or(written, |u| u.loc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::Dislodged;
    use crate::map::UnitType;

    fn unit(map: &Map, power: u8, kind: UnitType, at: &str) -> Unit {
        Unit {
            power: Power(power),
            kind,
            loc: Loc {
                prov: map.lookup(at).unwrap(),
                coast: None,
            },
        }
    }

    /// A retreat phase's dislodged unit is still its power's at the start of the phase: the
    /// legend counts it with the units on the board.
    #[test]
    fn units_at_the_start_of_a_retreat_phase_count_the_dislodged() {
        let map = Map::standard();
        let (france, germany) = (1, 2);
        let board = Board {
            units: vec![
                unit(map, france, UnitType::Army, "PAR"),
                unit(map, germany, UnitType::Army, "BUR"),
                unit(map, germany, UnitType::Fleet, "KIE"),
            ],
            dislodged: vec![Dislodged {
                unit: unit(map, france, UnitType::Army, "MAR"),
                attacker_from: None,
                retreats: Some(Vec::new()),
            }],
            ..Board::default()
        };
        let view = PictureView::board(map, Phase::parse("F1901R").unwrap(), &board);
        let counts = view.unit_counts(map);
        assert_eq!((counts[france as usize], counts[germany as usize]), (2, 2));
        assert_eq!(counts.iter().sum::<usize>(), 4);
    }
}
