//! A coast written for an army (`A MAR - SPA/SC`, `A GAS S A MAR - ESP/CN`): an army stands
//! in a province and moves to a province, never to a coast. The judge ignores such a coast
//! (DATC 4.B.5 for the unit's own place, 4.B.6 and 6.B.12 for where it goes), but a reply
//! that echoed it would tell the player that an army goes to a coast; so the order is read
//! without it, and the reader's notes say that it was dropped and why.
//!
//! Which units are armies is the board's to say (the caller's `kind_at`), not the written
//! letter's: `A MAR - SPA/SC` with a fleet in Marseilles is that fleet's move (DATC 4.C.2),
//! and there the coast counts. A build has no unit on the board to ask: `BUILD A STP/NC`
//! names an army and a fleet's coast, and which of the two was meant cannot be told, so it
//! is refused ([`CoastRefused`]), never read as one of them.
//!
//! A coast the province does not have (`F BRE - MAO/NC`) is dropped the same way for any
//! unit (DATC 4.B.6), with its own note; a fleet's coast the province has is kept.

use super::{Assumed, Order, Read, UnitRef};
use crate::map::{Loc, Map, ProvId, UnitType};

/// Where the coast dropped was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoastOf {
    /// Where an army goes: a move, a retreat, a supported or a convoyed move (DATC 4.B.6,
    /// 6.B.12).
    Destination,
    /// Where an army stands: the ordered, supported or convoyed army (DATC 4.B.5).
    Place,
    /// A coast the province does not have (`F BRE - MAO/NC`), for any unit (DATC 4.B.6).
    NotOfProvince,
}

/// A coast written for an army, and dropped: `written` as it was read (`SPA/SC`), `at` what
/// it was written on. The order keeps the province alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoastDropped {
    pub written: Loc,
    pub at: CoastOf,
}

impl CoastDropped {
    /// The province the order keeps (`SPA`).
    pub fn read(&self) -> Loc {
        Loc::new(self.written.prov)
    }
}

/// A coast that could change which order is meant: refused, with the orders it could mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CoastRefused {
    /// `BUILD A STP/NC`: the letter says an army, the coast (one the province has) says a
    /// fleet. `written` is the place as written; the fix is `BUILD A STP` for an army or
    /// `BUILD F STP/NC` for a fleet.
    #[error("an army is built in a province, not on a coast, and a coast is for a fleet: write the army's build without the coast, or a fleet's with it")]
    ArmyBuiltOnCoast { written: Loc },
}

impl CoastRefused {
    /// The two orders it could mean: the army's build and the fleet's.
    pub fn readings(&self) -> (Order, Order) {
        match *self {
            CoastRefused::ArmyBuiltOnCoast { written } => (
                Order::Build(UnitRef {
                    kind: Some(UnitType::Army),
                    loc: Loc::new(written.prov),
                }),
                Order::Build(UnitRef {
                    kind: Some(UnitType::Fleet),
                    loc: written,
                }),
            ),
        }
    }
}

impl Read {
    /// Drops every coast written for an army, each noted in [`Read::assumed`] as an
    /// [`Assumed::CoastDropped`]; refuses the coast of an army's build that could be a
    /// fleet's ([`CoastRefused`]). `kind_at` is the type of the unit in a province on the
    /// board (in a retreat phase, of the dislodged unit there), if there is one; where
    /// there is none, the type written is taken.
    pub fn drop_irrelevant_coasts(
        &mut self,
        map: &Map,
        kind_at: impl Fn(ProvId) -> Option<UnitType>,
    ) -> Result<(), CoastRefused> {
        let mut dropped = Vec::new();
        let army = |u: &UnitRef| kind_at(u.prov()).or(u.kind) == Some(UnitType::Army);
        // The coast of a place an army stands in or goes to, dropped and noted; for a
        // fleet, a coast the province does not have.
        let mut drop = |l: &mut Loc, at: CoastOf, army: bool| {
            let kind = if army { UnitType::Army } else { UnitType::Fleet };
            if l.coast == map.coast_that_counts(kind, *l) {
                return;
            }
            let at = if army { at } else { CoastOf::NotOfProvince };
            dropped.push(CoastDropped { written: *l, at });
            l.coast = None;
        };
        match &mut self.order {
            Order::Hold(u) | Order::Disband(u) => {
                let a = army(u);
                drop(&mut u.loc, CoastOf::Place, a);
            }
            Order::Move { unit, dest, .. } => {
                let a = army(unit);
                drop(&mut unit.loc, CoastOf::Place, a);
                drop(dest, CoastOf::Destination, a);
            }
            Order::Support { unit, target, dest } => {
                let a = army(unit);
                drop(&mut unit.loc, CoastOf::Place, a);
                let a = army(target);
                drop(&mut target.loc, CoastOf::Place, a);
                if let Some(d) = dest {
                    drop(d, CoastOf::Destination, a);
                }
            }
            Order::Convoy {
                unit,
                army: convoyed,
                dest,
            } => {
                let a = army(unit);
                drop(&mut unit.loc, CoastOf::Place, a);
                // Only an army is convoyed: a fleet there makes the convoy void (DATC 6.A.7),
                // with the order as written.
                if kind_at(convoyed.prov()) != Some(UnitType::Fleet) {
                    drop(&mut convoyed.loc, CoastOf::Place, true);
                    drop(dest, CoastOf::Destination, true);
                }
            }
            Order::Build(u) if u.kind == Some(UnitType::Army) => {
                if let Some(c) = u.loc.coast {
                    if map.coast_that_counts(UnitType::Fleet, u.loc) == Some(c) {
                        return Err(CoastRefused::ArmyBuiltOnCoast { written: u.loc });
                    }
                    drop(&mut u.loc, CoastOf::Place, true);
                }
            }
            Order::Build(_) | Order::Waive => {}
        }
        self.assumed.extend(dropped.into_iter().map(Assumed::CoastDropped));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use crate::order::Reader;

    /// The order read as a French or English player typed it, its army coasts dropped with
    /// the board given as `(code, type)` pairs.
    fn read(lang: Lang, text: &str, board: &[(&str, UnitType)]) -> Result<Read, CoastRefused> {
        let map = Map::standard();
        let mut read = Reader::default().read(map, lang, text).expect("readable");
        let kind_at = |p: ProvId| board.iter().find(|(c, _)| map.code(p) == *c).map(|&(_, k)| k);
        read.drop_irrelevant_coasts(map, kind_at)?;
        Ok(read)
    }

    fn dropped(read: &Read) -> Vec<(String, CoastOf)> {
        let map = Map::standard();
        read.assumed
            .iter()
            .filter_map(|a| match a {
                Assumed::CoastDropped(d) => Some((map.loc_text(d.written), d.at)),
                _ => None,
            })
            .collect()
    }

    use UnitType::{Army, Fleet};

    /// DATC 6.B.12: `A GAS - SPA/NC` is a move to Spain; the coast is dropped and said so,
    /// in English and in French notation alike.
    #[test]
    fn an_armys_move_to_a_coast_is_a_move_to_the_province() {
        let map = Map::standard();
        for (lang, text) in [
            (Lang::En, "A MAR - SPA/SC"),
            (Lang::En, "Army Marseilles -> Spain (south coast)"),
            (Lang::Fr, "A MAR - ESP/CS"),
            (Lang::Fr, "A Mar - Esp côte sud"),
        ] {
            let r = read(lang, text, &[("MAR", Army)]).unwrap();
            assert_eq!(r.order.to_text(map), "A MAR - SPA", "{text}");
            assert_eq!(dropped(&r), [("SPA/SC".to_string(), CoastOf::Destination)], "{text}");
        }
    }

    /// DATC 4.B.6: the coast of a supported army's destination is dropped; of a supported
    /// fleet's, kept (it says which move is supported, DATC 6.B.9).
    #[test]
    fn a_supported_armys_coast_is_dropped_and_a_fleets_kept() {
        let map = Map::standard();
        let r = read(Lang::En, "A GAS S A MAR - SPA/NC", &[("GAS", Army), ("MAR", Army)]).unwrap();
        assert_eq!(r.order.to_text(map), "A GAS S A MAR - SPA");
        assert_eq!(dropped(&r), [("SPA/NC".to_string(), CoastOf::Destination)]);
        let r = read(Lang::Fr, "A GAS S F AMO - ESP/CN", &[("GAS", Army), ("MAO", Fleet)]).unwrap();
        assert_eq!(r.order.to_text(map), "A GAS S F MAO - SPA/NC");
        assert_eq!(r.order.text_in(map, Lang::Fr, false), "A GAS soutient F AMO - ESP/CN");
        assert!(dropped(&r).is_empty());
    }

    /// A fleet's coast that the province does not have is dropped too (DATC 4.B.6); one it
    /// has stays.
    #[test]
    fn a_fleets_coast_the_province_does_not_have_is_dropped() {
        let map = Map::standard();
        let r = read(Lang::En, "F BRE - MAO/NC", &[("BRE", Fleet)]).unwrap();
        assert_eq!(r.order.to_text(map), "F BRE - MAO");
        assert_eq!(dropped(&r), [("MAO/NC".to_string(), CoastOf::NotOfProvince)]);
        let r = read(Lang::En, "F MAO S F BRE/SC - GAS/NC", &[("MAO", Fleet), ("BRE", Fleet)]).unwrap();
        assert_eq!(r.order.to_text(map), "F MAO S F BRE - GAS");
        assert_eq!(dropped(&r).len(), 2);
        let r = read(Lang::En, "F MAO - SPA/NC", &[("MAO", Fleet)]).unwrap();
        assert_eq!(r.order.to_text(map), "F MAO - SPA/NC");
        assert!(dropped(&r).is_empty());
    }

    /// The board says which unit it is, not the letter written (DATC 4.C.2): `A MAR -
    /// SPA/SC` with a fleet in Marseilles keeps its coast; `F GAS - SPA/NC` with an army in
    /// Gascony drops it. With no unit there, the letter written is taken.
    #[test]
    fn the_boards_unit_decides_not_the_letter_written() {
        let map = Map::standard();
        let r = read(Lang::En, "A MAR - SPA/SC", &[("MAR", Fleet)]).unwrap();
        assert_eq!(r.order.to_text(map), "A MAR - SPA/SC");
        assert!(dropped(&r).is_empty());
        let r = read(Lang::En, "F GAS - SPA/NC", &[("GAS", Army)]).unwrap();
        assert_eq!(r.order.to_text(map), "F GAS - SPA");
        assert_eq!(dropped(&r).len(), 1);
        let r = read(Lang::En, "MAR - SPA/SC", &[]).unwrap();
        assert_eq!(r.order.to_text(map), "MAR - SPA/SC");
        let r = read(Lang::En, "A MAR - SPA/SC", &[]).unwrap();
        assert_eq!(r.order.to_text(map), "A MAR - SPA");
    }

    /// DATC 4.B.5: an army's own place written with a coast is its province; a convoyed
    /// army's destination loses its coast too.
    #[test]
    fn an_armys_own_place_and_a_convoyed_armys_destination_lose_their_coasts() {
        let map = Map::standard();
        let r = read(Lang::En, "A SPA/NC - GAS", &[("SPA", Army)]).unwrap();
        assert_eq!(r.order.to_text(map), "A SPA - GAS");
        assert_eq!(dropped(&r), [("SPA/NC".to_string(), CoastOf::Place)]);
        let r = read(Lang::En, "F MAO C A BRE - SPA/SC", &[("MAO", Fleet), ("BRE", Army)]).unwrap();
        assert_eq!(r.order.to_text(map), "F MAO C A BRE - SPA");
        assert_eq!(dropped(&r), [("SPA/SC".to_string(), CoastOf::Destination)]);
        let r = read(Lang::En, "A SPA/SC H", &[("SPA", Fleet)]).unwrap();
        assert_eq!(r.order.to_text(map), "A SPA/SC H");
    }

    /// `BUILD A STP/NC`: an army, or a fleet on the north coast? Refused with both orders;
    /// `BUILD A PAR/NC` can only be an army (Paris has no coast to build a fleet on).
    #[test]
    fn an_army_built_on_a_coast_is_refused_with_both_readings() {
        let map = Map::standard();
        let e = read(Lang::En, "BUILD A STP/NC", &[]).unwrap_err();
        let (army, fleet) = e.readings();
        assert_eq!(
            (army.to_text(map), fleet.to_text(map)),
            ("BUILD A STP".to_string(), "BUILD F STP/NC".to_string())
        );
        let CoastRefused::ArmyBuiltOnCoast { written } = e;
        assert_eq!(map.loc_text(written), "STP/NC");
        assert!(read(Lang::Fr, "mobiliser A STP/CN", &[]).is_err());
        let r = read(Lang::En, "BUILD A PAR/NC", &[]).unwrap();
        assert_eq!(r.order.to_text(map), "BUILD A PAR");
        assert_eq!(dropped(&r), [("PAR/NC".to_string(), CoastOf::Place)]);
        let r = read(Lang::En, "BUILD F STP/NC", &[]).unwrap();
        assert_eq!(r.order.to_text(map), "BUILD F STP/NC");
        assert!(dropped(&r).is_empty());
    }
}
