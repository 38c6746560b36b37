//! The room a picture's things take: a province's label (its code, and a supply centre's
//! dot beside it) and a unit at every place a unit may stand, drawn in its province or, once
//! dislodged, beside it. The drawing ([`super::svg`]) takes its sizes from here, and
//! [`crowding`] checks a map's geometry against them: no label may lie under a unit, a
//! dislodged unit or another label (issue #24). Lines (moves, supports, rings) may cross a
//! label: it is drawn over them with a halo of its province's colour.
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

/// What lies over a label.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Crowding {
    /// A unit of this kind standing at `at` covers the label of `label`.
    UnderUnit { label: ProvId, at: Loc, kind: UnitType },
    /// A unit dislodged from `at`, drawn beside it, covers the label of `label`.
    UnderDislodged { label: ProvId, at: Loc },
    /// The two provinces' labels overlap.
    Labels(ProvId, ProvId),
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
                "the label of {} lies under {} at {} (move its `label` or the `unit`/coast point)",
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
/// stand, a unit dislodged from there, or another label. Empty when every name can be read.
pub fn crowding(map: &Map, geo: &Geometry) -> Vec<Crowding> {
    let provinces = map.provinces.len() as ProvId;
    let labels: Vec<Rect> = (0..provinces).map(|p| label_box(map, geo, p)).collect();
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
        }
        for other in label + 1..provinces {
            if b.grown(GAP).meets(&labels[other as usize]) {
                found.push(Crowding::Labels(label, other));
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
        assert!(found.contains(&Crowding::UnderUnit {
            label: par,
            at: here,
            kind: UnitType::Army
        }));
        assert!(!found
            .iter()
            .any(|c| matches!(c, Crowding::UnderUnit { at, kind: UnitType::Fleet, .. } if *at == here)));
    }
}
