//! What a picture shows: the board of a phase, its orders with what became of them, and,
//! in Diable et Bon Dieu, the blessing and curse once they are announced.
//!
//! A [`PictureView`] holds public facts only. What a divine player or a blessed power may
//! know besides is a [`Private`], drawn only by [`super::draw_private`].

use crate::judge::{self, movement, Board, Outcome, Submitted, Unit, Verdict};
use crate::kinds::diplomacy::divine::{self, Casts, Protected};
use crate::map::{Loc, Map, Power, ProvId};
use crate::order::{self, Order};
use crate::phase::{Phase, PhaseKind};
use crate::position::{DivineReport, Position};

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

/// What an announced blessing or curse did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastEffect {
    Applied,
    /// The blessing and the curse cancelled each other.
    Cancelled,
}

/// A blessing or curse on a unit, once the phase's report announces it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cast {
    pub kind: divine::CastKind,
    pub at: Loc,
    pub effect: CastEffect,
}

/// Everything a public picture shows.
#[derive(Clone, Debug, PartialEq)]
pub struct PictureView {
    pub phase: Phase,
    /// The units on the board (not dislodged), where they stand at the start of the phase.
    pub units: Vec<Unit>,
    /// The owner of each owned supply centre.
    pub centers: Vec<(ProvId, Power)>,
    /// The orders, with their verdicts (void orders are not drawn).
    pub marks: Vec<Mark>,
    pub dislodged: Vec<DislodgedMark>,
    pub adjustments: Vec<Adjustment>,
    /// Announced blessings and curses (Diable et Bon Dieu).
    pub casts: Vec<Cast>,
}

/// What only some may see: the divine players their protected powers and their own cast
/// before it is announced, a power its adjustment blessing. Made by the constructors
/// below, each of which takes only what its reader is entitled to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Private {
    pub god_protects: Option<Power>,
    pub devil_protects: Option<Power>,
    /// God's blessing of the coming phase, not yet announced.
    pub blessing: Option<Loc>,
    /// The Devil's curse of the coming phase, not yet announced.
    pub curse: Option<Loc>,
    /// The power blessed with an extra build for the coming winter.
    pub adjustment_blessing: Option<Power>,
}

/// The secrets of a Diable et Bon Dieu game at the time of a picture: whom God and the
/// Devil protect, what they have cast for the coming phase, and the power blessed for the
/// coming winter. [`Reader::told`] gives each reader the part they may know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Secrets {
    pub protected: Protected,
    pub blessing: Option<Loc>,
    pub curse: Option<Loc>,
    pub adjustment_blessing: Option<Power>,
}

/// Who a picture is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// The archive, an observer: public facts only.
    Public,
    Power(Power),
    God,
    Devil,
}

impl Reader {
    /// What this reader may know of the secrets; `None` when nothing, and the reader gets
    /// the public picture.
    pub fn told(self, secrets: Option<&Secrets>) -> Option<Private> {
        let s = secrets?;
        match self {
            Reader::Public => None,
            Reader::God => Some(Private::god(s.protected, s.blessing, s.adjustment_blessing)),
            Reader::Devil => Some(Private::devil(s.protected, s.curse)),
            Reader::Power(p) => (s.adjustment_blessing == Some(p)).then(|| Private::blessed_power(p)),
        }
    }
}

impl Private {
    /// God knows both protected powers and his own blessing.
    pub fn god(protected: Protected, blessing: Option<Loc>, adjustment_blessing: Option<Power>) -> Private {
        Private {
            god_protects: Some(protected.god),
            devil_protects: Some(protected.devil),
            blessing,
            adjustment_blessing,
            ..Private::default()
        }
    }

    /// The Devil knows his own protected power and his own curse.
    pub fn devil(protected: Protected, curse: Option<Loc>) -> Private {
        Private {
            devil_protects: Some(protected.devil),
            curse,
            ..Private::default()
        }
    }

    /// A power told of its adjustment blessing.
    pub fn blessed_power(power: Power) -> Private {
        Private {
            adjustment_blessing: Some(power),
            ..Private::default()
        }
    }
}

impl PictureView {
    /// The board alone, before orders; in a retreat phase, its dislodged units with where
    /// they may go (as the judge finds it, narrowed to the position's list when it has one).
    pub fn board(map: &Map, phase: Phase, board: &Board) -> PictureView {
        let taken = movement::taken(map, board);
        PictureView {
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
            casts: Vec::new(),
        }
    }

    /// A position file's phase as adjudicated ([`crate::kinds::diplomacy::adjudicate`]), with the
    /// blessing and curse its report announces (Diable et Bon Dieu).
    pub fn position(map: &Map, position: &Position, outcome: &Outcome, divine: Option<&DivineReport>) -> PictureView {
        let view = PictureView::outcome(map, &position.board, &position.orders, outcome);
        match (divine, &position.divine) {
            (Some(report), Some(raw)) => view.with_casts(map, &position.board, &Casts::from_raw(raw.clone()), report),
            _ => view,
        }
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

    /// Adds the blessing and curse of a Diable et Bon Dieu phase as its public report
    /// announces them (void ones name no unit and are not drawn).
    pub fn with_casts(mut self, map: &Map, board: &Board, casts: &Casts, report: &DivineReport) -> PictureView {
        for (kind, key, text) in [
            (divine::CastKind::Blessing, "blessing", &casts.blessing),
            (divine::CastKind::Curse, "curse", &casts.curse),
        ] {
            let Some(text) = text else { continue };
            let Some(entry) = report.entries.iter().find(|e| e.key == key) else {
                continue;
            };
            let effect = match entry.effect {
                "applied" => CastEffect::Applied,
                "cancelled" => CastEffect::Cancelled,
                _ => continue,
            };
            if let Ok(u) = divine::target(map, board, text) {
                self.casts.push(Cast {
                    kind,
                    at: board.units[u].loc,
                    effect,
                });
            }
        }
        self
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
}

/// Where the unit a support names really stands (its coast), when there is one.
fn unit_loc(board: &Board, written: Loc) -> Loc {
    board
        .units
        .iter()
        .find(|u| u.loc.prov == written.prov)
        .map_or(written, |u| u.loc)
}
