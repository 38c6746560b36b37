//! One order line of a power's message: read as the player typed it (`order::Reader`), its
//! irrelevant coasts dropped with the board's help, checked alone on the board by the judge
//! (with the order it supports or convoys), filed under its unit, and echoed with what the
//! reader assumed, in the reader's notation. [`order`] is the entry; the mail game's flow
//! ([`super::mail`]) calls it for each order line of a message and of a turn file.

use super::mail::{board, echo, in_winter, judge, key_of, map, partner, phase, position, rules};
use super::Barred;
use crate::game::role::Role;
use crate::game::said::{Refusal, Said};
use crate::game::Game;
use crate::judge::Unit;
use crate::judge::Verdict;
use crate::lang::Lang;
use crate::map::{Loc, Power, UnitType};
use crate::order::parse_order;
use crate::phase::PhaseKind;
use crate::words::Reason;

/// Checks one order of `power` alone on the board. A support or a convoy is judged with
/// the order it supports or convoys given too, so that only what is wrong with the order
/// itself is refused (whether it will match is for the deadline to say). The verdict is the
/// one on this order, as this power's: never another result of the phase (a removal in
/// civil disorder, another unit's fate). Returns the key it is filed under (the unit's
/// province, or `build XXX`; none for WAIVE) and the order in normal notation.
fn check_order(game: &Game, sender: Power, text: &str, lang: Lang) -> Result<(Option<String>, String), Refusal> {
    let map = map();
    let mut orders = vec![(map.power_name(sender).to_string(), vec![text.to_string()])];
    if let (Ok(order), Ok(board)) = (parse_order(map, text), board(game)) {
        if let Some(p) = partner(map, &board, &order, lang) {
            let name = map.power_name(p.unit.power).to_string();
            match orders.iter_mut().find(|(n, _)| *n == name) {
                Some((_, list)) => list.push(p.order),
                None => orders.push((name, vec![p.order])),
            }
        }
    }
    let pos = position(game, orders, false)?;
    let (outcome, _) = judge(&pos);
    // Our order is the first one submitted.
    let r = outcome
        .results
        .iter()
        .find(|r| r.given == Some(0) && r.power == sender)
        .ok_or_else(|| Refusal::NotAnOrder {
            text: echo(game, text, lang),
        })?;
    if r.verdict == Verdict::Void {
        return Err(Refusal::Void(Reason::in_notation(map, r, lang)));
    }
    Ok((key_of(&r.order), r.order.to_string()))
}

/// Files an order, replacing an earlier one for the same unit (or build province); returns
/// the order replaced, if it was another.
fn file_order(game: &mut Game, role: Role, key: Option<String>, order: String) -> Option<String> {
    let list = game.state.orders.entry(role).or_default();
    let mut old = None;
    if let Some(k) = &key {
        old = list.iter().find(|o| key_of(o).as_ref() == Some(k)).cloned();
        list.retain(|o| key_of(o).as_ref() != Some(k));
    }
    list.push(order.clone());
    old.filter(|o| *o != order)
}

/// An order from `role`, put on file once the judge finds nothing wrong with it alone.
pub(super) fn order(game: &mut Game, role: Role, text: &str) -> Result<Said, Refusal> {
    if !game.kind().role_info(role).gives_orders {
        return Err(rules(game).barred(role, Barred::Orders));
    }
    let power = role
        .power()
        .ok_or_else(|| Refusal::NotAnOrder { text: text.to_string() })?;
    // Another power's name over no order (`England:` from France): whose orders follow is
    // not the sender's to say.
    if let Some(named) = crate::order::heading(map(), text).filter(|&p| p != power) {
        return Err(Refusal::AnotherPowersOrders {
            named: map().power_name(named).to_string(),
            yours: map().power_name(power).to_string(),
        });
    }
    // Read as the player typed it (issue #24); what cannot be read is left to the judge,
    // which says why as it always has.
    let lang = game.config.reader(role).lang;
    let (key, canon, assumed) = match crate::order::Reader::default().read(map(), lang, text) {
        Ok(mut read) => {
            if let Some(named) = read.prefix().filter(|&p| p != power) {
                return Err(Refusal::AnotherPowersOrders {
                    named: map().power_name(named).to_string(),
                    yours: map().power_name(power).to_string(),
                });
            }
            // A coast written for an army is dropped, and said so; one that could make it
            // another order is refused (DATC 4.B.6, 6.B.12). A build out of a winter is
            // left to the judge, whose reason (no builds now) comes first.
            let unit_at = units_at(game);
            let kind_at = |p| unit_at(p).map(|u: Unit| u.kind);
            if let Err(e) = read.drop_irrelevant_coasts(map(), kind_at) {
                if in_winter(game) {
                    return Err(army_coast_refusal(game, e, lang));
                }
            }
            let assumed = read_as(&read, &unit_at);
            let (key, canon) = check_order(game, power, &read.order.to_text(map()), lang).map_err(|refusal| {
                // Refused, and written with the other type of unit than the one there: the
                // refusal says which it is (DATC 4.C.2 reads the order as that unit's).
                match assumed
                    .iter()
                    .find(|a| matches!(a, crate::game::said::ReadAs::OtherType { .. }))
                {
                    Some(unit) => Refusal::OtherType {
                        refusal: Box::new(refusal),
                        unit: unit.clone(),
                    },
                    None => refusal,
                }
            })?;
            (key, canon, assumed)
        }
        Err(_) => {
            let (key, canon) = check_order(game, power, text, lang)?;
            (key, canon, Vec::new())
        }
    };
    // The reply echoes the order in the reader's notation; the file keeps the judge's.
    let said = match file_order(game, role, key, canon.clone()) {
        Some(old) => Said::Replaces {
            order: echo(game, &canon, lang),
            old: echo(game, &old, lang),
        },
        None => Said::OnFile {
            order: echo(game, &canon, lang),
        },
    };
    Ok(match assumed.is_empty() {
        true => said,
        false => Said::ReadAs {
            said: Box::new(said),
            assumed,
        },
    })
}

/// The unit an order in a province is for: in a retreat phase the dislodged unit there, in
/// the others the unit on the board; none when there is none (or no board).
fn units_at(game: &Game) -> impl Fn(crate::map::ProvId) -> Option<Unit> {
    let retreat = phase(game).is_ok_and(|p| p.kind == PhaseKind::Retreat);
    let board = board(game).ok();
    move |p| {
        let board = board.as_ref()?;
        match retreat {
            true => board.dislodged.iter().find(|d| d.unit.loc.prov == p).map(|d| d.unit),
            false => board.unit_at(p).map(|i| board.units[i]),
        }
    }
}

/// A coast the order reader refused (`crate::order::CoastRefused`), worded in the notation
/// of a reader of `lang`: the place as written and the orders it could mean.
fn army_coast_refusal(game: &Game, refused: crate::order::CoastRefused, lang: Lang) -> Refusal {
    let map = map();
    let (army, fleet) = refused.readings();
    match refused {
        crate::order::CoastRefused::ArmyBuiltOnCoast { written } => Refusal::ArmyBuiltOnCoast {
            written: crate::order::loc_text_in(map, written, lang),
            army: army.text_in(map, lang, in_winter(game)),
            fleet: fleet.text_in(map, lang, in_winter(game)),
        },
    }
}

/// What the reader assumed to read an order, for the reply to echo: the names read, the
/// unit found by its province alone, the convoy a route means, the coasts dropped.
/// `unit_at`: the unit each province's order is for ([`units_at`]).
fn read_as(
    read: &crate::order::Read,
    unit_at: &impl Fn(crate::map::ProvId) -> Option<Unit>,
) -> Vec<crate::game::said::ReadAs> {
    let kind_at = |p| unit_at(p).map(|u| u.kind);
    use crate::order::Assumed;
    let map = map();
    let names = |written: &str, p: crate::map::ProvId| crate::game::said::ReadAs::Name {
        written: written.to_string(),
        en: map.province(p).name.clone(),
        fr: map.province(p).french.clone(),
    };
    let mut out: Vec<crate::game::said::ReadAs> = read
        .assumed
        .iter()
        .filter_map(|a| match a {
            Assumed::Misspelt { written, read } => Some(names(written, *read)),
            // A French code is how French players write the province, no slip to point out
            // (the reply noted « Bou » pour Bourgogne for every one).
            Assumed::FrenchCode { .. } => None,
            Assumed::ConvoyByRoute { .. } => Some(crate::game::said::ReadAs::Convoy),
            Assumed::Prefix(_) => None,
            Assumed::CoastDropped(d) => {
                let both = |lang| {
                    [
                        crate::order::loc_text_in(map, d.written, lang),
                        crate::order::loc_text_in(map, d.read(), lang),
                    ]
                };
                Some(crate::game::said::ReadAs::CoastDropped {
                    at: d.at,
                    en: both(Lang::En),
                    fr: both(Lang::Fr),
                })
            }
        })
        .collect();
    // A unit named by its province alone: the one there. A unit written as the other
    // type: the one there too (DATC 4.C.2), and the reply says which it is. In a retreat
    // phase, the one dislodged from there, not the one that took its place.
    if let Some(u) = read.order.unit() {
        if let Some(there) = kind_at(u.prov()) {
            let p = map.province(u.prov());
            let (en, fr, army) = (p.name.clone(), p.french.clone(), there == UnitType::Army);
            match u.kind {
                None => out.insert(0, crate::game::said::ReadAs::Unit { army, en, fr }),
                Some(k) if k != there => out.insert(0, crate::game::said::ReadAs::OtherType { army, en, fr }),
                Some(_) => {}
            }
        }
    }
    // A fleet written on the other coast of its province (the ordered unit, or the one it
    // supports): the one there, on its own coast (DATC 4.B.5), and the reply says so.
    let other_coast = |u: &crate::order::UnitRef| {
        let (written, stands) = (u.loc.coast?, unit_at(u.prov())?.loc.coast?);
        (u.kind != Some(UnitType::Army) && written != stands).then(|| {
            let both = |lang| {
                [
                    crate::order::loc_text_in(map, u.loc, lang),
                    crate::order::loc_text_in(
                        map,
                        Loc {
                            coast: Some(stands),
                            ..u.loc
                        },
                        lang,
                    ),
                ]
            };
            crate::game::said::ReadAs::OtherCoast {
                en: both(Lang::En),
                fr: both(Lang::Fr),
            }
        })
    };
    let target = match &read.order {
        crate::order::Order::Support { target, .. } => Some(target),
        _ => None,
    };
    out.extend(read.order.unit().into_iter().chain(target).filter_map(other_coast));
    // The supported unit written as the other type (`Army in lvp supports army in edi`, a
    // fleet in Edinburgh) is read as the unit there as well: said, never silently.
    if let crate::order::Order::Support { target, .. } = &read.order {
        if let (Some(k), Some(there)) = (target.kind, kind_at(target.prov())) {
            let p = map.province(target.prov());
            if k != there {
                out.push(crate::game::said::ReadAs::OtherType {
                    army: there == UnitType::Army,
                    en: p.name.clone(),
                    fr: p.french.clone(),
                });
            }
        }
    }
    out
}
