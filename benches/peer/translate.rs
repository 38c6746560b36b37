//! One position in two forms: arbitre's (a board and written orders) and the `diplomacy`
//! crate's (unit positions and typed orders), and the end state each adjudicator gives.
//!
//! The peer's orders are built as values, never parsed from text: its parser indexes words
//! without checking how many there are and panics on short input. What the peer leaves to
//! its caller ("region-level precision is the caller's responsibility", its DATC suite says)
//! is done here the way arbitre does it, so that both judge the same orders:
//! - an army's destination loses any coast written (DATC 4.B.6);
//! - a fleet's move with no coast written goes to the one coast it can reach (DATC 4.B.2);
//! - a support of a fleet's move with no coast written names the coast that fleet moves to
//!   (DATC 6.B.15);
//! - units and supported units have their real type and coast, whatever was written
//!   (DATC 4.C.2, 4.B.5);
//! - orders for a unit of another power are given as written, with that unit's type and
//!   place; orders for an empty province are given when the unit type is written; orders
//!   arbitre cannot read, and those for an empty province without a unit type, are left out
//!   (both adjudicators ignore all of these: DATC 4.E.1);
//! - a unit given two different orders gets none; the same order twice counts once
//!   (DATC 4.D.3: the peer would keep both different orders).

use arbitre::judge::{Board, Outcome, Submitted};
use arbitre::map::{Coast, Loc, Map, Power, UnitType};
use arbitre::order::{parse_order, Order};
use diplomacy::geo::builder::ProvinceRegistry;
use diplomacy::geo::{Coast as PCoast, Map as PMap, RegionKey, Terrain};
use diplomacy::judge::{MappedMainOrder, OrderState, Rulebook, Submission};
use diplomacy::order::{ConvoyedMove, MainCommand, MoveCommand, SupportedOrder};
use diplomacy::{Nation, Unit as PUnit, UnitPosition, UnitType as PType};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::OnceLock;

/// A position in the peer's form.
#[derive(Clone)]
pub struct PeerPosition {
    pub map: &'static PMap,
    pub units: Vec<UnitPosition<'static, RegionKey>>,
    pub orders: Vec<MappedMainOrder>,
    /// The orders in the peer's notation (`England: F lon -> nth`), which its parser reads
    /// back to `orders` exactly (checked).
    pub texts: Vec<String>,
}

/// Units after the phase and units dislodged, as sorted `Power A LON` texts.
#[derive(Debug, PartialEq, Eq)]
pub struct EndState {
    pub units: BTreeSet<String>,
    pub dislodged: BTreeSet<String>,
}

fn pcoast(c: Coast) -> PCoast {
    match c {
        Coast::NC => PCoast::North,
        Coast::SC => PCoast::South,
        Coast::EC => PCoast::East,
        Coast::WC => PCoast::West,
    }
}

fn acoast(c: PCoast) -> &'static str {
    match c {
        PCoast::North => "NC",
        PCoast::South => "SC",
        PCoast::East => "EC",
        PCoast::West => "WC",
    }
}

fn ptype(k: UnitType) -> PType {
    match k {
        UnitType::Army => PType::Army,
        UnitType::Fleet => PType::Fleet,
    }
}

fn region(map: &Map, l: Loc) -> RegionKey {
    RegionKey::new(map.code(l.prov).to_lowercase(), l.coast.map(pcoast))
}

/// `LON`, `STP/SC` from the peer's `lon`, `stp(sc)`.
fn region_text(r: &RegionKey) -> String {
    let prov: &str = r.province().into();
    match r.coast() {
        Some(c) => format!("{}/{}", prov.to_uppercase(), acoast(c)),
        None => prov.to_uppercase(),
    }
}

/// The coast a fleet at `from` goes to in `to` when `written` may be missing or not a coast
/// of `to` (as arbitre settles it): the written one, else the only reachable one.
fn fleet_coast(map: &Map, from: Loc, to: arbitre::map::ProvId, written: Option<Coast>) -> Option<Coast> {
    if map.coasts(to).is_empty() {
        return None;
    }
    if let Some(c) = written.filter(|c| map.coasts(to).contains(c)) {
        return Some(c);
    }
    let reachable = map.fleet_dest_coasts(from, to);
    match reachable.as_slice() {
        [one] => *one,
        _ => None,
    }
}

/// The position in the peer's form.
pub fn to_peer(map: &Map, board: &Board, orders: &[Submitted]) -> PeerPosition {
    let nation = |p| Nation::from(map.power_name(p));
    let units = board
        .units
        .iter()
        .map(|u| {
            UnitPosition::new(
                PUnit::new(Cow::Owned(nation(u.power)), ptype(u.kind)),
                region(map, u.loc),
            )
        })
        .collect();
    let unit_at = |prov| board.units.iter().position(|u| u.loc.prov == prov);

    // Every order arbitre can read, with the unit it is written for: `(power, kind, place)`,
    // the unit's real type and coast when there is one (DATC 4.C.2, 4.B.5).
    let mut read: Vec<(Option<usize>, Power, UnitType, Loc, Order)> = Vec::new();
    for sub in orders {
        let Ok(order) = parse_order(map, &sub.text) else {
            continue;
        };
        let Some(uref) = order.unit().copied() else { continue };
        if matches!(order, Order::Disband(_) | Order::Build(_) | Order::Waive) {
            continue;
        }
        match (unit_at(uref.prov()), uref.kind) {
            (Some(u), _) => read.push((Some(u), sub.power, board.units[u].kind, board.units[u].loc, order)),
            // An empty province: the peer needs a unit type.
            (None, Some(k)) => read.push((None, sub.power, k, uref.loc, order)),
            (None, None) => {}
        }
    }
    // DATC 4.D.3, for each unit's own power: different orders, none; the same twice, once.
    let mut by_unit: HashMap<usize, Vec<Order>> = HashMap::new();
    for (u, p, _, _, o) in &read {
        if let Some(u) = *u {
            if board.units[u].power == *p {
                by_unit.entry(u).or_default().push(o.clone());
            }
        }
    }
    let mut kept: Vec<(Option<usize>, Power, UnitType, Loc, Order)> = Vec::new();
    for r in read {
        let own = r.0.filter(|&u| board.units[u].power == r.1);
        match own {
            Some(u) => {
                let same = by_unit[&u].iter().all(|o| *o == r.4);
                if same && !kept.iter().any(|k| k.0 == Some(u) && k.1 == r.1) {
                    kept.push(r);
                }
            }
            None => kept.push(r),
        }
    }

    // Moves first: a support of a fleet's move names the coast that move settled on.
    let mut move_dest: Vec<Option<Loc>> = vec![None; board.units.len()];
    for (u, p, kind, loc, o) in &kept {
        if let (Some(u), Order::Move { dest, .. }) = (u, o) {
            if board.units[*u].power != *p {
                continue;
            }
            let coast = match kind {
                UnitType::Army => None,
                UnitType::Fleet => fleet_coast(map, *loc, dest.prov, dest.coast),
            };
            move_dest[*u] = Some(Loc { prov: dest.prov, coast });
        }
    }

    let mut out = Vec::new();
    for (u, power, kind, loc, o) in &kept {
        let command: MainCommand<RegionKey> = match o {
            Order::Hold(_) => MainCommand::Hold,
            Order::Move { dest, via_convoy, .. } => {
                let dest = match u.and_then(|u| move_dest[u]) {
                    Some(d) => d,
                    None if *kind == UnitType::Fleet => Loc {
                        prov: dest.prov,
                        coast: fleet_coast(map, *loc, dest.prov, dest.coast),
                    },
                    None => Loc::new(dest.prov),
                };
                let dest = region(map, dest);
                if *via_convoy {
                    MoveCommand::with_mandatory_convoy(dest).into()
                } else {
                    MoveCommand::new(dest).into()
                }
            }
            Order::Support { target, dest, .. } => {
                let Some(t) = unit_at(target.prov()) else { continue };
                let tu = board.units[t];
                match dest {
                    None => SupportedOrder::Hold(ptype(tu.kind), region(map, tu.loc)).into(),
                    Some(d) => {
                        let coast = match tu.kind {
                            UnitType::Army => None,
                            UnitType::Fleet => {
                                let written = d.coast.filter(|c| map.coasts(d.prov).contains(c));
                                match (written, move_dest[t]) {
                                    (Some(c), _) => Some(c),
                                    (None, Some(m)) if m.prov == d.prov => m.coast,
                                    _ => fleet_coast(map, tu.loc, d.prov, None),
                                }
                            }
                        };
                        let to = region(map, Loc { prov: d.prov, coast });
                        SupportedOrder::Move(ptype(tu.kind), region(map, tu.loc), to).into()
                    }
                }
            }
            Order::Convoy { army, dest, .. } => {
                let Some(a) = unit_at(army.prov()) else { continue };
                ConvoyedMove::new(region(map, board.units[a].loc), region(map, Loc::new(dest.prov))).into()
            }
            Order::Disband(_) | Order::Build(_) | Order::Waive => continue,
        };
        out.push(MappedMainOrder::new(
            nation(*power),
            ptype(*kind),
            region(map, *loc),
            command,
        ));
    }
    let texts: Vec<String> = out.iter().map(|o| o.to_string()).collect();
    for (t, o) in texts.iter().zip(&out) {
        let back: MappedMainOrder = t.parse().expect("the peer reads its own notation");
        assert_eq!(&back, o, "the peer reads `{t}` back as it was written");
    }
    PeerPosition {
        map: &peer_map(map).0,
        units,
        orders: out,
        texts,
    }
}

/// Every border of a map as `(region, region) -> terrain`, each pair once, in order.
type Borders = BTreeMap<(RegionKey, RegionKey), Terrain>;

fn peer_borders(m: &PMap) -> Borders {
    let mut out = Borders::new();
    for r in m.regions() {
        let key = RegionKey::new(r.province().clone(), r.coast());
        for b in m.borders_containing(&key) {
            let (x, y) = b.sides();
            let pair = if x <= y {
                (x.clone(), y.clone())
            } else {
                (y.clone(), x.clone())
            };
            out.insert(pair, b.terrain());
        }
    }
    out
}

/// arbitre's borders in the peer's terms: an army border is `Land`, a fleet border `Sea`,
/// and a border both cross (between two coastal provinces) `Coast`.
fn arbitre_borders(map: &Map) -> Borders {
    let mut army = BTreeSet::new();
    let mut fleet = BTreeSet::new();
    let pair = |a: RegionKey, b: RegionKey| if a <= b { (a, b) } else { (b, a) };
    for p in 0..map.provinces.len() as arbitre::map::ProvId {
        for &q in map.army_borders(p) {
            army.insert(pair(region(map, Loc::new(p)), region(map, Loc::new(q))));
        }
        let locs: Vec<Loc> = if map.coasts(p).is_empty() {
            vec![Loc::new(p)]
        } else {
            map.coasts(p)
                .iter()
                .map(|&c| Loc {
                    prov: p,
                    coast: Some(c),
                })
                .collect()
        };
        for l in locs {
            for &to in map.fleet_borders(l) {
                fleet.insert(pair(region(map, l), region(map, to)));
            }
        }
    }
    let mut out = Borders::new();
    for k in &army {
        out.insert(
            k.clone(),
            if fleet.contains(k) {
                Terrain::Coast
            } else {
                Terrain::Land
            },
        );
    }
    for k in fleet.difference(&army) {
        out.insert(k.clone(), Terrain::Sea);
    }
    out
}

/// The borders arbitre's standard map has and the peer's lacks or gives another terrain,
/// as `lon-nth (Sea)` texts; and the peer's standard map with those borders as arbitre has
/// them, so that both adjudicators judge on the same board.
pub fn peer_map(map: &Map) -> &'static (PMap, Vec<String>) {
    static PEER: OnceLock<(PMap, Vec<String>)> = OnceLock::new();
    PEER.get_or_init(|| {
        let theirs = diplomacy::geo::standard_map();
        let ours = arbitre_borders(map);
        let old = peer_borders(theirs);
        let mut differences = Vec::new();
        for (k, t) in &ours {
            match old.get(k) {
                Some(o) if o == t => {}
                Some(o) => differences.push(format!("{}-{} ({t:?}; the peer has {o:?})", k.0, k.1)),
                None => differences.push(format!("{}-{} ({t:?}; missing)", k.0, k.1)),
            }
        }
        for k in old.keys().filter(|k| !ours.contains_key(*k)) {
            differences.push(format!("{}-{} (only in the peer's map)", k.0, k.1));
        }
        let mut provinces = ProvinceRegistry::default();
        for p in theirs.provinces() {
            provinces.register(p.clone()).expect("a province");
        }
        let mut regions = provinces.finish();
        for r in theirs.regions() {
            let name: &str = r.province().into();
            regions.register(name, r.coast(), r.terrain()).expect("a region");
        }
        let mut borders = regions.finish();
        for ((a, b), t) in &ours {
            borders
                .register(&a.to_string(), &b.to_string(), *t)
                .expect("a border the peer accepts");
        }
        (borders.finish(), differences)
    })
}

/// The peer's adjudication from its notation, as timed: its parser, then [`peer_adjudicate`].
pub fn peer_adjudicate_text(pos: &PeerPosition) -> usize {
    let orders: Vec<MappedMainOrder> = pos
        .texts
        .iter()
        .map(|t| t.parse().expect("well-formed (checked in to_peer)"))
        .collect();
    peer_adjudicate(pos, orders)
}

/// The peer's adjudication from orders as values: submission (its order validation) and
/// resolution with its 2023 rulebook.
pub fn peer_adjudicate(pos: &PeerPosition, orders: Vec<MappedMainOrder>) -> usize {
    let sub = Submission::new(pos.map, &pos.units, orders);
    let outcome = sub.adjudicate(Rulebook::edition_2023());
    outcome.all_orders().count()
}

fn unit_text(nation: &Nation, kind: PType, r: &RegionKey) -> String {
    let k = match kind {
        PType::Army => 'A',
        PType::Fleet => 'F',
    };
    format!("{nation} {k} {}", region_text(r))
}

/// The peer's end state under `rules`: units that moved, stayed or were dislodged.
pub fn peer_end_state(pos: &PeerPosition, rules: Rulebook) -> EndState {
    let sub = Submission::new(pos.map, &pos.units, pos.orders.clone());
    let outcome = sub.adjudicate(rules);
    let start = outcome.to_retreat_start();
    let dislodged_orders: Vec<&MappedMainOrder> = start.dislodged().keys().copied().collect();
    let mut units = BTreeSet::new();
    let mut dislodged = BTreeSet::new();
    for o in outcome.orders() {
        let state: OrderState = outcome.get(o).expect("every order has an outcome").into();
        if dislodged_orders.contains(&o) {
            dislodged.insert(unit_text(&o.nation, o.unit_type, &o.region));
            continue;
        }
        let at = match (&o.command, state) {
            (MainCommand::Move(m), OrderState::Succeeds) => m.dest(),
            _ => &o.region,
        };
        units.insert(unit_text(&o.nation, o.unit_type, at));
    }
    EndState { units, dislodged }
}

/// arbitre's end state, in the same words.
pub fn arbitre_end_state(map: &Map, o: &Outcome) -> EndState {
    let text = |u: &arbitre::judge::Unit| format!("{} {}", map.power_name(u.power), u.text(map));
    EndState {
        units: o.next.units.iter().map(text).collect(),
        dislodged: o.next.dislodged.iter().map(|d| text(&d.unit)).collect(),
    }
}
