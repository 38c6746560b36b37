//! The room a picture's things take: a province's label (its code, and a supply centre's
//! dot beside it) and a unit at every place a unit may stand, drawn in its province or, once
//! dislodged, beside it. The drawing ([`super::svg`]) takes its sizes from here, and
//! [`crowding`] checks a map's geometry against them: no label may lie under a unit, a
//! dislodged unit, the ring of a unit built or another label, and every unit, standing or
//! dislodged, must have a spot for a badge (a unit built's `+`, a blessing's `+`, a curse's
//! `−`) clear of every label, which [`badge_at`] gives the drawing (issue #24). Lines (moves,
//! supports, a hold's ring, a private sign's dashed ring) may cross a label: it is drawn over
//! them with a halo of its province's colour.
//!
//! A label's width is estimated from its font size and its number of characters, as the
//! SVG writes it: the fonts that draw it are the reader's, not ours to measure.

use super::geometry::{Geometry, Pt};
use crate::map::{Kind, Loc, Map, ProvId, UnitType};

/// The labels' font size.
pub const LABEL_SIZE: f64 = 10.5;
/// How far below the label point the text's baseline is (the point is the text's middle).
pub const LABEL_BASELINE: f64 = 3.5;
/// The width of one character of a label, in ems. DejaVu Sans capitals are 0.63 em (E) to
/// 0.99 em (W) wide, about 0.7 on average; a little more keeps the estimate safe.
const CHAR_EM: f64 = 0.72;
/// The height of a capital above the baseline, in ems.
const CAP_EM: f64 = 0.73;
/// A supply centre's dot: how far right of the label point, and its radius.
pub const CENTRE_DX: f64 = 18.0;
pub const CENTRE_R: f64 = 4.5;
/// An army's disc.
pub const ARMY_R: f64 = 8.5;
/// A fleet's hull, its corners from the unit point.
pub const HULL: [(f64, f64); 4] = [(-12.0, -5.0), (12.0, -5.0), (7.0, 6.5), (-7.0, 6.5)];
/// The width of a unit's outline.
pub const UNIT_STROKE: f64 = 1.3;
/// Where a dislodged unit is drawn, from its province's unit point, and the radius of the
/// dashed circle round it (outline 1.2 wide).
pub const DISLODGED_AT: (f64, f64) = (15.0, 13.0);
pub const DISLODGED_R: f64 = 11.0;
/// The least gap kept between a label and anything else, so that they do not touch.
const GAP: f64 = 1.0;
/// A badge on a unit (the `+` of a unit built, a blessing's `+`, a curse's `−`): its
/// circle's radius (outline 1 wide).
pub const BADGE_R: f64 = 6.0;
/// How far the stroke through a cancelled sign reaches from the badge's centre, across
/// and down (it runs corner to corner, 1.5 wide).
pub const BADGE_STRIKE: f64 = 6.0;
/// The spots a badge may take round the point of the unit it marks, in order of
/// preference: above right, above left, below right, below left. It takes the first that
/// is clear of every label and of the other unit that may stand there ([`badge_at`]).
pub const BADGE_SPOTS: [(f64, f64); 4] = [(11.0, -11.0), (-11.0, -11.0), (11.0, 11.0), (-11.0, 11.0)];
/// The ring round a unit built: its radius and its width.
pub const BUILD_RING_R: f64 = 11.0;
pub const BUILD_RING_W: f64 = 2.0;

/// An upright rectangle of the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
}

impl Rect {
    fn grown(self, by: f64) -> Rect {
        Rect {
            x0: self.x0 - by,
            y0: self.y0 - by,
            x1: self.x1 + by,
            y1: self.y1 + by,
        }
    }

    /// Whether the two overlap (touching is not overlapping).
    pub fn meets(&self, o: &Rect) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }

    fn meets_disc(&self, c: Pt, r: f64) -> bool {
        let x = c.x.clamp(self.x0, self.x1);
        let y = c.y.clamp(self.y0, self.y1);
        (c.x - x).powi(2) + (c.y - y).powi(2) < r * r
    }
}

/// The room a province's label takes: its code's text, and its supply centre's dot when it
/// has one, in one box.
pub fn label_box(map: &Map, geo: &Geometry, prov: ProvId) -> Rect {
    let at = geo.provinces[prov as usize].label;
    let width = map.province(prov).code.chars().count() as f64 * CHAR_EM * LABEL_SIZE;
    let baseline = at.y + LABEL_BASELINE;
    let mut b = Rect {
        x0: at.x - width / 2.0,
        y0: baseline - CAP_EM * LABEL_SIZE,
        x1: at.x + width / 2.0,
        y1: baseline,
    };
    if map.is_center(prov) {
        // The dot's outline is 1 wide.
        let r = CENTRE_R + 0.5;
        b.x1 = b.x1.max(at.x + CENTRE_DX + r);
        b.y0 = b.y0.min(at.y - r);
        b.y1 = b.y1.max(at.y + r);
    }
    b
}

/// Where a dislodged unit is drawn: beside its province's unit point.
pub fn aside(p: Pt) -> Pt {
    Pt::new(p.x + DISLODGED_AT.0, p.y + DISLODGED_AT.1)
}

/// Every label's box, indexed by [`ProvId`].
pub fn label_boxes(map: &Map, geo: &Geometry) -> Vec<Rect> {
    (0..map.provinces.len() as ProvId)
        .map(|p| label_box(map, geo, p))
        .collect()
}

/// The room a badge centred at `c` takes, its strike included.
fn badge_box(c: Pt) -> Rect {
    // The circle's outline is 1 wide, the strike's 1.5 (its square ends reach a little
    // beyond its corner).
    let reach = (BADGE_R + 0.5).max(BADGE_STRIKE + 0.75);
    Rect {
        x0: c.x - reach,
        y0: c.y - reach,
        x1: c.x + reach,
        y1: c.y + reach,
    }
}

/// The room a unit of either kind takes at `at`: an army's disc and a fleet's hull.
fn unit_box(at: Pt) -> Rect {
    let half = UNIT_STROKE / 2.0;
    let r = ARMY_R + half;
    let xs = HULL.iter().map(|c| c.0);
    let ys = HULL.iter().map(|c| c.1);
    Rect {
        x0: at.x + xs.clone().fold(-r, f64::min) - half,
        x1: at.x + xs.fold(r, f64::max) + half,
        y0: at.y + ys.clone().fold(-r, f64::min) - half,
        y1: at.y + ys.fold(r, f64::max) + half,
    }
}

/// Where the badge on the unit at `at` stands, the unit dislodged from there when
/// `dislodged`: the first of [`BADGE_SPOTS`] round it that is clear of every label and of
/// the other unit of the place (the one dislodged beside a unit, the one standing for a
/// unit dislodged). `None` when no spot is clear, which [`crowding`] reports.
pub fn badge_spot(labels: &[Rect], geo: &Geometry, at: Loc, dislodged: bool) -> Option<Pt> {
    let pt = geo.unit_point(at);
    let centre = if dislodged { aside(pt) } else { pt };
    BADGE_SPOTS
        .iter()
        .map(|&(dx, dy)| Pt::new(centre.x + dx, centre.y + dy))
        .find(|&c| {
            let b = badge_box(c);
            let other = match dislodged {
                true => b.meets(&unit_box(pt)),
                false => b.meets_disc(aside(pt), DISLODGED_R + 0.6),
            };
            !other && !labels.iter().any(|l| l.grown(GAP).meets(&b))
        })
}

/// Where the drawing puts the badge on the unit at `at` ([`badge_spot`]); the first spot
/// when none is clear (a geometry the law of [`crowding`] refuses).
pub fn badge_at(map: &Map, geo: &Geometry, at: Loc, dislodged: bool) -> Pt {
    badge_spot(&label_boxes(map, geo), geo, at, dislodged).unwrap_or_else(|| {
        let pt = geo.unit_point(at);
        let centre = if dislodged { aside(pt) } else { pt };
        Pt::new(centre.x + BADGE_SPOTS[0].0, centre.y + BADGE_SPOTS[0].1)
    })
}

/// Whether the ring round a unit built at `at` covers `label`.
fn ring_covers(label: &Rect, at: Pt) -> bool {
    label.grown(GAP).meets_disc(at, BUILD_RING_R + BUILD_RING_W / 2.0)
}

/// What lies over a label.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Crowding {
    /// A unit of this kind standing at `at` covers the label of `label`.
    UnderUnit { label: ProvId, at: Loc, kind: UnitType },
    /// A unit dislodged from `at`, drawn beside it, covers the label of `label`.
    UnderDislodged { label: ProvId, at: Loc },
    /// The two provinces' labels overlap.
    Labels(ProvId, ProvId),
    /// The ring round a unit built at `at` covers the label of `label`.
    UnderBuildRing { label: ProvId, at: Loc },
    /// No spot round the unit at `at` (dislodged from there when `dislodged`) is clear for
    /// a badge: each covers a label or the other unit of the place.
    NoRoomForBadge { at: Loc, dislodged: bool },
}

impl Crowding {
    /// The fault in words, with the map's codes, and what to move.
    pub fn describe(&self, map: &Map) -> String {
        let place = |l: Loc| match l.coast {
            Some(c) => format!("{}/{}", map.code(l.prov), c.code()),
            None => map.code(l.prov).to_string(),
        };
        match *self {
            Crowding::UnderUnit { label, at, kind } => format!(
                "the label of {} lies under {} at {} (move its \"label\" or the \"unit\"/coast point)",
                map.code(label),
                match kind {
                    UnitType::Army => "an army",
                    UnitType::Fleet => "a fleet",
                },
                place(at)
            ),
            Crowding::UnderDislodged { label, at } => format!(
                "the label of {} lies under a unit dislodged from {}, drawn beside it (move the label or the unit point)",
                map.code(label),
                place(at)
            ),
            Crowding::Labels(a, b) => format!("the labels of {} and {} overlap", map.code(a), map.code(b)),
            Crowding::UnderBuildRing { label, at } => format!(
                "the label of {} lies under the ring of a unit built at {} (move the label or the unit point)",
                map.code(label),
                place(at)
            ),
            Crowding::NoRoomForBadge { at, dislodged } => format!(
                "no spot round {}{} (above right, above left, below right, below left) is clear of every label for a badge (move the unit point or the labels beside it)",
                if dislodged { "the unit dislodged from " } else { "the unit at " },
                place(at)
            ),
        }
    }
}

/// Every place a unit may stand, with the kinds of unit that may stand there: an army or
/// a fleet in a coastal province without named coasts, a fleet on each named coast.
pub fn places(map: &Map) -> Vec<(Loc, &'static [UnitType])> {
    const ARMY: &[UnitType] = &[UnitType::Army];
    const FLEET: &[UnitType] = &[UnitType::Fleet];
    const BOTH: &[UnitType] = &[UnitType::Army, UnitType::Fleet];
    let mut out = Vec::new();
    for (i, p) in map.provinces.iter().enumerate() {
        let prov = i as ProvId;
        let here = Loc { prov, coast: None };
        match p.kind {
            Kind::Impassable => {}
            Kind::Land => out.push((here, ARMY)),
            Kind::Sea => out.push((here, FLEET)),
            Kind::Coast if p.coasts.is_empty() => out.push((here, BOTH)),
            Kind::Coast => {
                out.push((here, ARMY));
                out.extend(p.coasts.iter().map(|&c| (Loc { prov, coast: Some(c) }, FLEET)));
            }
        }
    }
    out
}

/// Whether a unit of `kind` drawn at `at` covers `label` (with the gap kept round labels).
fn unit_covers(label: &Rect, kind: UnitType, at: Pt) -> bool {
    let label = label.grown(GAP);
    let half = UNIT_STROKE / 2.0;
    match kind {
        UnitType::Army => label.meets_disc(at, ARMY_R + half),
        UnitType::Fleet => {
            let xs = HULL.iter().map(|c| c.0);
            let ys = HULL.iter().map(|c| c.1);
            let hull = Rect {
                x0: at.x + xs.clone().fold(f64::MAX, f64::min) - half,
                x1: at.x + xs.fold(f64::MIN, f64::max) + half,
                y0: at.y + ys.clone().fold(f64::MAX, f64::min) - half,
                y1: at.y + ys.fold(f64::MIN, f64::max) + half,
            };
            label.meets(&hull)
        }
    }
}

/// Everything that lies over a label in this geometry: a unit at any place a unit may
/// stand, a unit dislodged from there, the ring of a unit built there, or another label;
/// and every unit, standing or dislodged, with no spot for a badge clear of the labels.
/// Empty when every name can be read whatever is drawn.
pub fn crowding(map: &Map, geo: &Geometry) -> Vec<Crowding> {
    let provinces = map.provinces.len() as ProvId;
    let labels = label_boxes(map, geo);
    let places = places(map);
    let mut found = Vec::new();
    for (label, b) in (0..provinces).zip(&labels) {
        for &(at, kinds) in &places {
            let pt = geo.unit_point(at);
            for &kind in kinds {
                if unit_covers(b, kind, pt) {
                    found.push(Crowding::UnderUnit { label, at, kind });
                }
            }
            if b.grown(GAP).meets_disc(aside(pt), DISLODGED_R + 0.6) {
                found.push(Crowding::UnderDislodged { label, at });
            }
            if ring_covers(b, pt) {
                found.push(Crowding::UnderBuildRing { label, at });
            }
        }
        for other in label + 1..provinces {
            if b.grown(GAP).meets(&labels[other as usize]) {
                found.push(Crowding::Labels(label, other));
            }
        }
    }
    for &(at, _) in &places {
        for dislodged in [false, true] {
            if badge_spot(&labels, geo, at, dislodged).is_none() {
                found.push(Crowding::NoRoomForBadge { at, dislodged });
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Rect {
        Rect { x0, y0, x1, y1 }
    }

    #[test]
    fn boxes_meet_when_they_overlap_and_not_when_they_only_come_near() {
        let a = rect(0.0, 0.0, 10.0, 10.0);
        assert!(a.meets(&rect(9.0, 9.0, 20.0, 20.0)));
        assert!(!a.meets(&rect(10.5, 0.0, 20.0, 10.0)));
        assert!(a.grown(1.0).meets(&rect(10.5, 0.0, 20.0, 10.0)));
        // A disc beyond a corner: near each side's line, yet off the box.
        assert!(!a.meets_disc(Pt::new(13.0, 13.0), 4.0));
        assert!(a.meets_disc(Pt::new(12.0, 12.0), 3.0));
        assert!(a.meets_disc(Pt::new(5.0, 5.0), 1.0));
    }

    #[test]
    fn a_centres_label_reaches_its_dot_and_a_longer_code_is_wider() {
        let map = Map::standard();
        let geo = Geometry::standard();
        let par = map.by_code("PAR").unwrap();
        let pic = map.by_code("PIC").unwrap();
        let (with, without) = (label_box(map, geo, par), label_box(map, geo, pic));
        let at = geo.provinces[par as usize].label;
        assert!(with.x1 >= at.x + CENTRE_DX + CENTRE_R);
        assert!(without.x1 < geo.provinces[pic as usize].label.x + CENTRE_DX);
        assert!((without.x1 - without.x0 - 3.0 * CHAR_EM * LABEL_SIZE).abs() < 1e-9);
    }

    #[test]
    fn a_unit_on_its_label_is_found() {
        let map = Map::standard();
        let mut geo = Geometry::standard().clone();
        let par = map.by_code("PAR").unwrap();
        geo.provinces[par as usize].unit = geo.provinces[par as usize].label;
        let found = crowding(map, &geo);
        let here = Loc { prov: par, coast: None };
        let on_label = Crowding::UnderUnit {
            label: par,
            at: here,
            kind: UnitType::Army,
        };
        assert!(found.contains(&on_label));
        assert_eq!(
            on_label.describe(map),
            "the label of PAR lies under an army at PAR (move its \"label\" or the \"unit\"/coast point)"
        );
        assert!(!found
            .iter()
            .any(|c| matches!(c, Crowding::UnderUnit { at, kind: UnitType::Fleet, .. } if *at == here)));
    }

    #[test]
    fn a_badge_takes_the_first_spot_clear_of_the_labels_and_none_when_all_are_covered() {
        let map = Map::standard();
        let mut geo = Geometry::standard().clone();
        // Kiel's label out of the way, then moved onto each spot round Paris's unit in turn.
        let par = map.by_code("PAR").unwrap();
        let kie = map.by_code("KIE").unwrap();
        let at = Loc { prov: par, coast: None };
        let pt = geo.unit_point(at);
        let spot = |i: usize| Pt::new(pt.x + BADGE_SPOTS[i].0, pt.y + BADGE_SPOTS[i].1);
        geo.provinces[par as usize].label = Pt::new(pt.x, pt.y - 100.0);
        assert_eq!(badge_spot(&label_boxes(map, &geo), &geo, at, false), Some(spot(0)));
        geo.provinces[kie as usize].label = spot(0);
        assert_eq!(badge_spot(&label_boxes(map, &geo), &geo, at, false), Some(spot(1)));
        // Below right is where the unit dislodged from Paris is drawn: never a badge's.
        geo.provinces[par as usize].label = spot(1);
        let below_left = map.by_code("GAS").unwrap();
        geo.provinces[below_left as usize].label = spot(3);
        assert_eq!(badge_spot(&label_boxes(map, &geo), &geo, at, false), None);
        assert!(crowding(map, &geo).contains(&Crowding::NoRoomForBadge { at, dislodged: false }));
        // The unit dislodged from Paris has spots of its own, beside it.
        let aside_spot = badge_spot(&[], &geo, at, true).unwrap();
        assert_eq!(
            aside_spot,
            Pt::new(aside(pt).x + BADGE_SPOTS[0].0, aside(pt).y + BADGE_SPOTS[0].1)
        );
    }

    #[test]
    fn a_label_under_a_build_ring_is_found_and_one_just_outside_it_is_not() {
        let map = Map::standard();
        let mut geo = Geometry::standard().clone();
        let pic = map.by_code("PIC").unwrap();
        let at = Loc { prov: pic, coast: None };
        let pt = geo.unit_point(at);
        // How far below its point a label's box ends (Picardy has no supply centre).
        let below = label_box(map, &geo, pic).y1 - geo.provinces[pic as usize].label.y;
        // The label's lower edge just inside the ring, then just outside.
        let reach = BUILD_RING_R + BUILD_RING_W / 2.0 + GAP;
        for (dy, found) in [(0.5, true), (-0.5, false)] {
            let edge = pt.y - reach + dy;
            geo.provinces[pic as usize].label = Pt::new(pt.x, edge - below);
            let ring = Crowding::UnderBuildRing { label: pic, at };
            assert_eq!(crowding(map, &geo).contains(&ring), found, "{dy}");
        }
    }
}
