//! Any position on the standard map and any orders: the judge must decide, not panic, and
//! finish, with the standard rules and with Diable et Bon Dieu's casts.
//!
//! The board is built from `arbitrary` choices within what a position file can say (so
//! within what `Position::from_raw` accepts): units of any power wherever their type may
//! stand, one per province; in retreat phases, dislodged units with any attacker and any
//! list of retreats; contested provinces; supply centres owned by anyone. The orders are
//! written as text from random shapes (holds, moves, supports, convoys, retreats,
//! disbands, builds, waives) between random places, unit types and coasts often wrong,
//! and sometimes free text; mostly by the power that owns the unit, sometimes by any.
//! The phase's year is mostly a plausible one and sometimes any `i32`; only phases that
//! `Phase::parse` accepts are judged.
#![no_main]

use arbitrary::Arbitrary;
use arbitre::judge::{self, Board, Dislodged, Standard, Submitted, Unit};
use arbitre::map::{Coast, Loc, Map, Power, UnitType};
use arbitre::phase::{Phase, PhaseKind, Season};
use arbitre::position::write_outcome;
use arbitre::kinds::diplomacy::diable::{self, Casts};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Year {
    Near(u8),
    Any(i32),
}

#[derive(Arbitrary, Debug)]
struct Place {
    prov: u8,
    /// 0..=3 a coast, anything else none.
    coast: u8,
}

#[derive(Arbitrary, Debug)]
struct PieceIn {
    power: u8,
    fleet: bool,
    at: Place,
}

#[derive(Arbitrary, Debug)]
struct DislodgedIn {
    piece: PieceIn,
    attacker_from: Option<u8>,
    retreats: Option<Vec<Place>>,
}

/// How a unit is written in an order: with its type, the other type, or none.
#[derive(Arbitrary, Debug)]
enum Written {
    Right,
    Wrong,
    Bare,
}

#[derive(Arbitrary, Debug)]
struct UnitText {
    /// An index into the board's units (or dislodged units), or a place anywhere.
    target: Result<u8, Place>,
    written: Written,
    /// Write the coast of the place (if it has one) or drop it.
    keep_coast: bool,
}

#[derive(Arbitrary, Debug)]
enum Shape {
    Hold(UnitText),
    Move(UnitText, Place, bool),
    Path(UnitText, Vec<Place>),
    SupportHold(UnitText, UnitText),
    SupportMove(UnitText, UnitText, Place),
    Convoy(UnitText, UnitText, Place),
    Disband(UnitText),
    Remove(UnitText),
    Build(bool, Place),
    Waive,
    Free(String),
}

#[derive(Arbitrary, Debug)]
struct OrderIn {
    /// `None`: the power of the unit the order is for (so that most orders are legal and
    /// the judge's real work, supports, convoys and standoffs, is exercised); otherwise any.
    power: Option<u8>,
    shape: Shape,
}

#[derive(Arbitrary, Debug)]
enum CastText {
    Unit(UnitText),
    Power(u8),
    Free(String),
}

#[derive(Arbitrary, Debug)]
struct Input {
    kind: u8,
    fall: bool,
    year: Year,
    units: Vec<PieceIn>,
    dislodged: Vec<DislodgedIn>,
    contested: Vec<u8>,
    centers: Vec<(u8, u8)>,
    /// When false, every home centre belongs to its home power (as when a position file
    /// gives none); adjustment phases always take the list.
    own_centers: bool,
    orders: Vec<OrderIn>,
    blessing: Option<CastText>,
    curse: Option<CastText>,
    adjustment_blessing: Option<CastText>,
}

const COASTS: [Coast; 4] = [Coast::NC, Coast::SC, Coast::EC, Coast::WC];

fn loc(map: &Map, p: &Place) -> Loc {
    Loc {
        prov: u32::from(p.prov) % map.provinces.len() as u32,
        coast: COASTS.get(usize::from(p.coast)).copied(),
    }
}

fn power(map: &Map, p: u8) -> Power {
    Power(p % map.powers.len() as u8)
}

/// A unit where its type may stand, as `read_unit` of the position file would accept it:
/// an army's coast is dropped; a fleet in a split province needs one of its coasts.
fn piece(map: &Map, p: &PieceIn) -> Option<Unit> {
    let kind = if p.fleet { UnitType::Fleet } else { UnitType::Army };
    let mut l = loc(map, &p.at);
    if kind == UnitType::Army {
        l.coast = None;
    }
    map.can_stand(kind, l).then_some(Unit {
        power: power(map, p.power),
        kind,
        loc: l,
    })
}

fn place_text(map: &Map, l: Loc, keep_coast: bool) -> String {
    match l.coast {
        Some(c) if keep_coast => format!("{}/{}", map.code(l.prov), c.code()),
        _ => map.code(l.prov).to_string(),
    }
}

fn unit_text(map: &Map, pieces: &[Unit], u: &UnitText) -> String {
    let (kind, l) = match &u.target {
        Ok(i) if !pieces.is_empty() => {
            let p = pieces[usize::from(*i) % pieces.len()];
            (p.kind, p.loc)
        }
        Ok(_) => (UnitType::Army, Loc::new(0)),
        Err(place) => (UnitType::Fleet, loc(map, place)),
    };
    let place = place_text(map, l, u.keep_coast);
    let other = |k| match k {
        UnitType::Army => UnitType::Fleet,
        UnitType::Fleet => UnitType::Army,
    };
    match u.written {
        Written::Right => format!("{} {place}", kind.letter()),
        Written::Wrong => format!("{} {place}", other(kind).letter()),
        Written::Bare => place,
    }
}

fn order_text(map: &Map, pieces: &[Unit], shape: &Shape) -> String {
    let u = |x: &UnitText| unit_text(map, pieces, x);
    let p = |x: &Place| place_text(map, loc(map, x), true);
    match shape {
        Shape::Hold(a) => format!("{} H", u(a)),
        Shape::Move(a, d, via) => format!("{} - {}{}", u(a), p(d), if *via { " VIA CONVOY" } else { "" }),
        Shape::Path(a, path) => {
            let mut s = u(a);
            for d in path.iter().take(8) {
                s += &format!(" - {}", p(d));
            }
            s
        }
        Shape::SupportHold(a, b) => format!("{} S {}", u(a), u(b)),
        Shape::SupportMove(a, b, d) => format!("{} S {} - {}", u(a), u(b), p(d)),
        Shape::Convoy(a, b, d) => format!("{} C {} - {}", u(a), u(b), p(d)),
        Shape::Disband(a) => format!("{} D", u(a)),
        Shape::Remove(a) => format!("REMOVE {}", u(a)),
        Shape::Build(fleet, d) => format!("BUILD {} {}", if *fleet { 'F' } else { 'A' }, p(d)),
        Shape::Waive => "WAIVE".into(),
        Shape::Free(s) => s.chars().take(200).collect(),
    }
}

/// The power that owns the unit an order names first, when it names a unit of the board.
fn owner(pieces: &[Unit], shape: &Shape) -> Option<Power> {
    let u = match shape {
        Shape::Hold(u)
        | Shape::Move(u, ..)
        | Shape::Path(u, _)
        | Shape::SupportHold(u, _)
        | Shape::SupportMove(u, ..)
        | Shape::Convoy(u, ..)
        | Shape::Disband(u)
        | Shape::Remove(u) => u,
        Shape::Build(..) | Shape::Waive | Shape::Free(_) => return None,
    };
    match u.target {
        Ok(i) if !pieces.is_empty() => Some(pieces[usize::from(i) % pieces.len()].power),
        _ => None,
    }
}

fn cast_text(map: &Map, pieces: &[Unit], c: &CastText) -> String {
    match c {
        CastText::Unit(u) => unit_text(map, pieces, u),
        CastText::Power(p) => map.power_name(power(map, *p)).to_string(),
        CastText::Free(s) => s.chars().take(100).collect(),
    }
}

fuzz_target!(|input: Input| {
    let map = Map::standard();
    let kind = match input.kind % 3 {
        0 => PhaseKind::Movement,
        1 => PhaseKind::Retreat,
        _ => PhaseKind::Adjustment,
    };
    let season = match (kind, input.fall) {
        (PhaseKind::Adjustment, _) => Season::Winter,
        (_, true) => Season::Fall,
        (_, false) => Season::Spring,
    };
    let year = match input.year {
        Year::Near(y) => 1901 + i32::from(y % 32),
        Year::Any(y) => y,
    };
    // Only phases a position file or state.yaml can name (the years are bounded).
    let Ok(phase) = Phase::parse(&Phase::new(season, year, kind).code()) else {
        return;
    };

    let mut board = Board::default();
    for p in input.units.iter().take(40) {
        if let Some(u) = piece(map, p) {
            if !board.units.iter().any(|x| x.loc.prov == u.loc.prov) {
                board.units.push(u);
            }
        }
    }
    if kind == PhaseKind::Retreat {
        for d in input.dislodged.iter().take(12) {
            if let Some(unit) = piece(map, &d.piece) {
                board.dislodged.push(Dislodged {
                    unit,
                    attacker_from: d.attacker_from.map(|a| u32::from(a) % map.provinces.len() as u32),
                    retreats: d
                        .retreats
                        .as_ref()
                        .map(|r| r.iter().take(12).map(|p| loc(map, p)).collect()),
                });
            }
        }
        for &c in input.contested.iter().take(12) {
            board.contested.push(u32::from(c) % map.provinces.len() as u32);
        }
    }
    let centers: Vec<_> = map.centers().collect();
    if input.own_centers || kind == PhaseKind::Adjustment {
        for &(c, p) in input.centers.iter().take(40) {
            std::sync::Arc::make_mut(&mut board.centers).insert(centers[usize::from(c) % centers.len()], power(map, p));
        }
    } else {
        board.centers = std::sync::Arc::new(judge::home_centers(map));
    }

    // Orders name units of the board, or in a retreat phase mostly the dislodged ones.
    let mut pieces: Vec<Unit> = board.units.clone();
    pieces.extend(board.dislodged.iter().map(|d| d.unit));
    let orders: Vec<Submitted> = input
        .orders
        .iter()
        .take(64)
        .map(|o| Submitted {
            power: match o.power {
                Some(p) => power(map, p),
                None => owner(&pieces, &o.shape).unwrap_or(Power(0)),
            },
            text: order_text(map, &pieces, &o.shape),
        })
        .collect();
    let casts = Casts {
        blessing: input.blessing.as_ref().map(|c| cast_text(map, &pieces, c)),
        curse: input.curse.as_ref().map(|c| cast_text(map, &pieces, c)),
        adjustment_blessing: input.adjustment_blessing.as_ref().map(|c| cast_text(map, &pieces, c)),
    };

    let standard = judge::adjudicate(map, phase, &board, &orders, &Standard);
    check(map, &standard);
    let _ = write_outcome(map, &standard, None, &[]);
    let (divine, report) = diable::adjudicate(map, phase, &board, &orders, &casts);
    check(map, &divine);
    let _ = write_outcome(map, &divine, Some(&report), &[]);
});

/// What holds after any phase: one unit per province, each where its type may stand, and
/// dislodged units only when a retreat phase follows.
fn check(map: &Map, o: &judge::Outcome) {
    let mut seen = vec![false; map.provinces.len()];
    for u in &o.next.units {
        assert!(map.can_stand(u.kind, u.loc), "{} cannot stand there", u.text(map));
        assert!(!seen[u.loc.prov as usize], "two units in {}", map.code(u.loc.prov));
        seen[u.loc.prov as usize] = true;
    }
    assert!(o.next_phase > o.phase, "the phase goes on");
    assert_eq!(o.next.dislodged.is_empty(), o.next_phase.kind != PhaseKind::Retreat);
}
