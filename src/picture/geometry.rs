//! Where things are drawn: a map's geometry, read from `maps/NAME.geometry.yaml`.
//!
//! The file gives each province one or more *seed points*; a province's area is every
//! point of the frame nearer to one of its seeds than to any other seed (the Voronoi cells
//! of its seeds, merged). The shapes are computed once, when the file is read: the cells,
//! their merged outlines, and the outlines' corners cut twice (Chaikin) so that borders
//! look drawn rather than ruled. A border is shared by the two provinces on its sides, so
//! both outlines go through exactly the same points and the map has no gaps.
//!
//! Besides the seeds, each province has a label point and a unit point, and each named
//! coast a point of its own (where a fleet on that coast stands). `scenery:` seeds make
//! land that is no province (Ireland, Iceland, Corsica…): drawn, never named.

use crate::map::{Coast, Map, ProvId};
use crate::yaml::{FileError, Ordered};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A point of the picture, in the frame's units (x to the right, y down).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(from = "[f64; 2]")]
pub struct Pt {
    pub x: f64,
    pub y: f64,
}

impl From<[f64; 2]> for Pt {
    fn from([x, y]: [f64; 2]) -> Pt {
        Pt { x, y }
    }
}

impl Pt {
    pub fn new(x: f64, y: f64) -> Pt {
        Pt { x, y }
    }
    fn sub(self, o: Pt) -> Pt {
        Pt::new(self.x - o.x, self.y - o.y)
    }
    fn dot(self, o: Pt) -> f64 {
        self.x * o.x + self.y * o.y
    }
    fn dist2(self, o: Pt) -> f64 {
        let d = self.sub(o);
        d.dot(d)
    }
}

/// What a region of the picture is, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Region {
    Province(ProvId),
    /// Land that is no province.
    Scenery,
}

/// The geometry of one province.
#[derive(Clone, Debug)]
pub struct ProvinceGeometry {
    /// Where its name is written.
    pub label: Pt,
    /// Where a unit in it stands (an army, or a fleet of a province without named coasts).
    pub unit: Pt,
    /// Where a fleet on each named coast stands.
    pub coasts: Vec<(Coast, Pt)>,
    /// Its outline: closed rings, the SVG path data (`M … Z`, one subpath per ring).
    pub path: String,
}

/// A map's geometry: the frame and every province's shapes and points.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub width: f64,
    pub height: f64,
    /// Indexed by [`ProvId`].
    pub provinces: Vec<ProvinceGeometry>,
    /// The land that is no province, as SVG path data (empty when there is none).
    pub scenery: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGeometry {
    frame: [f64; 2],
    #[serde(default)]
    scenery: Vec<Pt>,
    provinces: Ordered<RawProvince>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProvince {
    seeds: Vec<Pt>,
    label: Pt,
    unit: Pt,
    #[serde(default)]
    coasts: Ordered<Pt>,
}

static STANDARD: OnceLock<Geometry> = OnceLock::new();

impl Geometry {
    /// The geometry of the standard map, `maps/standard.geometry.yaml` (embedded).
    pub fn standard() -> &'static Geometry {
        STANDARD.get_or_init(|| {
            Geometry::from_yaml(
                Map::standard(),
                include_str!("../../maps/standard.geometry.yaml"),
                "maps/standard.geometry.yaml",
            )
            .expect("the embedded standard geometry is valid (checked by its tests)")
        })
    }

    /// The geometry of a map, when arbitre has one: only the standard map so far. Any other
    /// map has no picture.
    pub fn of(map: &Map) -> Option<&'static Geometry> {
        (map.name == "standard").then(Geometry::standard)
    }

    /// Reads a geometry file for `map`; `origin` names the file in errors. Every province of
    /// the map needs an entry, every named coast a point, and nothing else may be named.
    pub fn from_yaml(map: &Map, text: &str, origin: &str) -> Result<Geometry, FileError> {
        let raw: RawGeometry = crate::yaml::from_str(text, origin)?;
        let err = |key: &str, token: &str, message: String| FileError::at(origin, text, key, token, message);
        let [width, height] = raw.frame;
        if !(width > 0.0 && height > 0.0) {
            return Err(err(
                "frame",
                "frame",
                "frame: give the width and height, both above 0".into(),
            ));
        }
        let inside = |p: Pt| p.x >= 0.0 && p.y >= 0.0 && p.x <= width && p.y <= height;
        let mut by_prov: Vec<Option<RawProvince>> = (0..map.provinces.len()).map(|_| None).collect();
        for (code, p) in raw.provinces.0 {
            let Some(id) = map.by_code(&code) else {
                return Err(err(
                    "provinces",
                    &code,
                    format!("provinces: \"{code}\" is not a province of the map \"{}\"", map.name),
                ));
            };
            if by_prov[id as usize].is_some() {
                return Err(err("provinces", &code, format!("provinces: \"{code}\" is given twice")));
            }
            if p.seeds.is_empty() {
                return Err(err(&code, "seeds", format!("{code}: give at least one seed point")));
            }
            for (what, pt) in p
                .seeds
                .iter()
                .map(|s| ("a seed", *s))
                .chain([("the label", p.label), ("the unit point", p.unit)])
            {
                if !inside(pt) {
                    return Err(err(
                        &code,
                        &code,
                        format!(
                            "{code}: {what} ({}, {}) is outside the frame {width} × {height}",
                            pt.x, pt.y
                        ),
                    ));
                }
            }
            let coasts = map.coasts(id);
            for (c, _) in &p.coasts.0 {
                if !coasts.iter().any(|k| k.code() == c) {
                    return Err(err(&code, c, format!("{code}: \"{c}\" is not a named coast of {code}")));
                }
            }
            for c in coasts {
                if !p.coasts.0.iter().any(|(k, _)| k == c.code()) {
                    return Err(err(
                        "provinces",
                        &code,
                        format!(
                            "{code}: the coast {} needs a point (\"coasts: {{{}: [x, y]}}\")",
                            c.code(),
                            c.code()
                        ),
                    ));
                }
            }
            by_prov[id as usize] = Some(p);
        }
        let missing: Vec<&str> = (0..map.provinces.len())
            .filter(|&i| by_prov[i].is_none())
            .map(|i| map.code(i as ProvId))
            .collect();
        if !missing.is_empty() {
            return Err(FileError::new(
                origin,
                format!(
                    "provinces: no geometry for {}: give each its seeds, label and unit",
                    missing.join(", ")
                ),
            ));
        }
        let by_prov: Vec<RawProvince> = by_prov.into_iter().flatten().collect();

        let mut seeds: Vec<(Pt, Region)> = Vec::new();
        for (i, p) in by_prov.iter().enumerate() {
            seeds.extend(p.seeds.iter().map(|&s| (s, Region::Province(i as ProvId))));
        }
        for &s in &raw.scenery {
            if !inside(s) {
                return Err(err(
                    "scenery",
                    "scenery",
                    format!("scenery: the seed ({}, {}) is outside the frame", s.x, s.y),
                ));
            }
            seeds.push((s, Region::Scenery));
        }
        let regions = partition(width, height, &seeds);

        let provinces = by_prov
            .into_iter()
            .enumerate()
            .map(|(i, p)| ProvinceGeometry {
                label: p.label,
                unit: p.unit,
                coasts: p
                    .coasts
                    .0
                    .iter()
                    .filter_map(|(c, pt)| {
                        map.coasts(i as ProvId)
                            .iter()
                            .find(|k| k.code() == c)
                            .map(|&k| (k, *pt))
                    })
                    .collect(),
                path: path_data(regions.get(&Region::Province(i as ProvId)).map_or(&[][..], |r| r)),
            })
            .collect();
        let scenery = path_data(regions.get(&Region::Scenery).map_or(&[][..], |r| r));
        Ok(Geometry {
            width,
            height,
            provinces,
            scenery,
        })
    }

    /// Where a unit at `loc` stands: its coast's point for a named coast, else the unit point.
    pub fn unit_point(&self, loc: crate::map::Loc) -> Pt {
        let p = &self.provinces[loc.prov as usize];
        loc.coast
            .and_then(|c| p.coasts.iter().find(|(k, _)| *k == c).map(|&(_, pt)| pt))
            .unwrap_or(p.unit)
    }

    /// Which provinces share a border in the drawing (for the check that the drawing agrees
    /// with the map's borders). Computed again from the file: a test's tool, not the
    /// renderer's.
    pub fn touching(map: &Map, text: &str) -> Result<Vec<(ProvId, ProvId)>, FileError> {
        let raw: RawGeometry = crate::yaml::from_str(text, "geometry")?;
        let mut seeds = Vec::new();
        for (code, p) in &raw.provinces.0 {
            let id = map
                .by_code(code)
                .ok_or_else(|| FileError::new("geometry", format!("unknown province {code}")))?;
            seeds.extend(p.seeds.iter().map(|&s| (s, Region::Province(id))));
        }
        seeds.extend(raw.scenery.iter().map(|&s| (s, Region::Scenery)));
        let cells = cells(raw.frame[0], raw.frame[1], &seeds);
        let mut out = Vec::new();
        for e in shared_edges(&cells) {
            if let (Region::Province(a), Region::Province(b)) = (seeds[e.0].1, seeds[e.1].1) {
                if a != b && e.2 > 0.5 {
                    out.push((a.min(b), a.max(b)));
                }
            }
        }
        out.sort();
        out.dedup();
        Ok(out)
    }
}

/// Two decimals at most, no trailing zeros: the SVG stays small and the same on every machine.
pub(crate) fn num(out: &mut String, v: f64) {
    use std::fmt::Write;
    let r = (v * 10.0).round() / 10.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let _ = write!(out, "{r}");
}

fn path_data(rings: &[Vec<Pt>]) -> String {
    let mut d = String::new();
    for ring in rings {
        for (i, p) in ring.iter().enumerate() {
            d.push(if i == 0 { 'M' } else { 'L' });
            num(&mut d, p.x);
            d.push(',');
            num(&mut d, p.y);
        }
        d.push('Z');
    }
    d
}

/// One Voronoi cell: its corners, counter-clockwise in the picture's frame of reference
/// (the sign of the area is what matters, not the look).
type Cell = Vec<Pt>;

/// The cell of every seed, clipped to the frame.
fn cells(width: f64, height: f64, seeds: &[(Pt, Region)]) -> Vec<Cell> {
    let frame = vec![
        Pt::new(0.0, 0.0),
        Pt::new(width, 0.0),
        Pt::new(width, height),
        Pt::new(0.0, height),
    ];
    seeds
        .iter()
        .enumerate()
        .map(|(i, &(s, _))| {
            let mut others: Vec<(f64, Pt)> = seeds
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &(o, _))| (s.dist2(o), o))
                .collect();
            others.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut cell = frame.clone();
            for (d2, o) in others {
                // A seed farther than twice the cell's farthest corner cannot cut it.
                let reach = cell.iter().map(|&c| s.dist2(c)).fold(0.0, f64::max);
                if d2 > 4.0 * reach {
                    break;
                }
                if d2 == 0.0 {
                    continue;
                }
                // Keep the points nearer to s than to o: n·p ≤ c.
                let n = o.sub(s);
                let c = (o.dot(o) - s.dot(s)) / 2.0;
                cell = clip(&cell, n, c);
                if cell.is_empty() {
                    break;
                }
            }
            cell
        })
        .collect()
}

/// The part of a convex polygon where `n·p ≤ c` (Sutherland–Hodgman, one edge).
fn clip(poly: &[Pt], n: Pt, c: f64) -> Vec<Pt> {
    let mut out = Vec::with_capacity(poly.len() + 1);
    for i in 0..poly.len() {
        let a = poly[i];
        let b = poly[(i + 1) % poly.len()];
        let (fa, fb) = (n.dot(a) - c, n.dot(b) - c);
        if fa <= 0.0 {
            out.push(a);
        }
        if (fa < 0.0 && fb > 0.0) || (fa > 0.0 && fb < 0.0) {
            let t = fa / (fa - fb);
            out.push(Pt::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t));
        }
    }
    out
}

/// Joins the corners of all cells that are the same point (computed by different cells,
/// they differ in the last bits): returns each cell as a ring of vertex numbers, and the
/// vertices.
fn weld(cells: &[Cell]) -> (Vec<Vec<usize>>, Vec<Pt>) {
    const EPS: f64 = 0.01;
    let key = |p: Pt| ((p.x / EPS).round() as i64, (p.y / EPS).round() as i64);
    let mut grid: HashMap<(i64, i64), usize> = HashMap::new();
    let mut verts: Vec<Pt> = Vec::new();
    let rings = cells
        .iter()
        .map(|cell| {
            let mut ring: Vec<usize> = Vec::with_capacity(cell.len());
            for &p in cell {
                let (kx, ky) = key(p);
                let found = (-1..=1)
                    .flat_map(|dx| (-1..=1).map(move |dy| (kx + dx, ky + dy)))
                    .find_map(|k| grid.get(&k).copied().filter(|&v| verts[v].dist2(p) <= 4.0 * EPS * EPS));
                let v = found.unwrap_or_else(|| {
                    verts.push(p);
                    grid.insert((kx, ky), verts.len() - 1);
                    verts.len() - 1
                });
                if ring.last() != Some(&v) {
                    ring.push(v);
                }
            }
            while ring.len() > 1 && ring.first() == ring.last() {
                ring.pop();
            }
            ring
        })
        .collect();
    (rings, verts)
}

/// The edges two cells share: `(cell a, cell b, length)`.
fn shared_edges(cells: &[Cell]) -> Vec<(usize, usize, f64)> {
    let (rings, verts) = weld(cells);
    let mut owner: HashMap<(usize, usize), usize> = HashMap::new();
    let mut out = Vec::new();
    for (c, ring) in rings.iter().enumerate() {
        for i in 0..ring.len() {
            let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
            match owner.get(&(b, a)) {
                Some(&other) => out.push((other, c, verts[a].dist2(verts[b]).sqrt())),
                None => {
                    owner.insert((a, b), c);
                }
            }
        }
    }
    out
}

/// Every region's merged outline, corners cut: region → rings.
fn partition(width: f64, height: f64, seeds: &[(Pt, Region)]) -> HashMap<Region, Vec<Vec<Pt>>> {
    let cells = cells(width, height, seeds);
    let (rings, verts) = weld(&cells);
    let region_of_cell: Vec<Region> = seeds.iter().map(|s| s.1).collect();
    // Each directed edge's region; an edge whose reverse is in the same region is inside it.
    let mut edge_region: HashMap<(usize, usize), Region> = HashMap::new();
    for (c, ring) in rings.iter().enumerate() {
        for i in 0..ring.len() {
            edge_region.insert((ring[i], ring[(i + 1) % ring.len()]), region_of_cell[c]);
        }
    }
    // The regions around each vertex: a vertex where three meet (or on the frame) is a
    // fixed point of the borders, kept when corners are cut.
    let mut around: Vec<Vec<Region>> = vec![Vec::new(); verts.len()];
    for (&(a, _), &r) in &edge_region {
        if !around[a].contains(&r) {
            around[a].push(r);
        }
    }
    let on_frame = |p: Pt| p.x <= 1e-6 || p.y <= 1e-6 || p.x >= width - 1e-6 || p.y >= height - 1e-6;
    let fixed: Vec<bool> = (0..verts.len())
        .map(|v| around[v].len() != 2 || on_frame(verts[v]))
        .collect();

    let mut by_region: HashMap<Region, Vec<(usize, usize)>> = HashMap::new();
    // Walk the cells in seed order so that the output does not depend on hashing.
    for (c, ring) in rings.iter().enumerate() {
        for i in 0..ring.len() {
            let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
            if edge_region.get(&(b, a)) != Some(&region_of_cell[c]) {
                by_region.entry(region_of_cell[c]).or_default().push((a, b));
            }
        }
    }
    let mut out = HashMap::new();
    for (region, edges) in by_region {
        let mut next: HashMap<usize, Vec<usize>> = HashMap::new();
        for &(a, b) in &edges {
            next.entry(a).or_default().push(b);
        }
        let mut used: HashMap<(usize, usize), bool> = HashMap::new();
        let mut loops = Vec::new();
        for &(a0, b0) in &edges {
            if used.contains_key(&(a0, b0)) {
                continue;
            }
            let mut ring = vec![a0];
            used.insert((a0, b0), true);
            let mut cur = b0;
            while cur != a0 {
                ring.push(cur);
                let nxt = next[&cur].iter().copied().find(|&n| !used.contains_key(&(cur, n)));
                let Some(n) = nxt else { break };
                used.insert((cur, n), true);
                cur = n;
            }
            let pts: Vec<(Pt, bool)> = ring.iter().map(|&v| (verts[v], fixed[v])).collect();
            loops.push(smooth(&smooth(&pts)).into_iter().map(|p| p.0).collect::<Vec<Pt>>());
        }
        out.insert(region, loops);
    }
    out
}

/// Cuts the corners of a ring once (Chaikin), keeping its fixed points. The two points put
/// on an edge depend only on its ends, so that the province on the other side of a border,
/// walking it the other way, puts exactly the same points on it.
fn smooth(ring: &[(Pt, bool)]) -> Vec<(Pt, bool)> {
    let mut out = Vec::with_capacity(ring.len() * 2);
    for i in 0..ring.len() {
        let (a, fa) = ring[i];
        let (b, _) = ring[(i + 1) % ring.len()];
        if fa {
            out.push((a, true));
        }
        let near = |p: Pt, q: Pt| Pt::new((3.0 * p.x + q.x) / 4.0, (3.0 * p.y + q.y) / 4.0);
        out.push((near(a, b), false));
        out.push((near(b, a), false));
    }
    out
}
