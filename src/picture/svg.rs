//! The drawing: a [`PictureView`] on a map's [`Geometry`], as SVG text.
//!
//! The output depends only on its inputs (no clock, no hashing order, numbers written with
//! one decimal), so that the same phase always gives the same bytes: the golden tests of
//! `tests/pictures.rs` compare them, and the public picture of Diable et Bon Dieu can be
//! checked byte for byte whatever the secrets are.
//!
//! Colours are the Okabe–Ito palette, chosen to stay apart for colour-blind readers; no
//! fact rests on colour alone: a unit carries its power's initial, an army is a disc and a
//! fleet a hull, a failed order is dashed (and a failed move crossed), a support ends in a
//! dot and a convoy in a diamond.

use super::geometry::{num, Geometry, Pt};
use super::room::{
    aside, badge_at, label_boxes, Rect, ARMY_R, BADGE_R, BADGE_STRIKE, BUILD_RING_R, BUILD_RING_W, CENTRE_DX, CENTRE_R,
    DISLODGED_R, HULL, LABEL_BASELINE, LABEL_SIZE, UNIT_STROKE,
};
use super::view::{Adjustment, Mark, PictureView, Private, Reader, Secrets, Sign};
use crate::judge::{Unit, Verdict};
use crate::lang::Lang;
use crate::map::{Kind, Loc, Map, Power, UnitType};
use std::fmt::Write;

/// Okabe–Ito, in the map's order of powers (England, France, Germany, Italy, Austria,
/// Russia, Turkey on the standard map); a map with more powers starts again.
pub const PALETTE: [&str; 7] = [
    "#0072B2", // blue
    "#56B4E9", // sky blue
    "#E69F00", // orange
    "#009E73", // bluish green
    "#D55E00", // vermillion
    "#CC79A7", // reddish purple
    "#F0E442", // yellow
];
/// The same colours mixed with the land's, for the provinces of owned centres.
const TINT: [&str; 7] = [
    "#a9c6d6", "#b8dae6", "#ecd18f", "#a3cfb3", "#e5b088", "#e1c3cd", "#f0e9a5",
];
/// Text on each colour: dark on the light ones, white on the dark ones.
pub const ON: [&str; 7] = ["#fff", "#000", "#000", "#fff", "#fff", "#000", "#000"];

const SEA: &str = "#cfe3ef";
const LAND: &str = "#f3ead5";
const SCENERY: &str = "#e2dccd";
const IMPASSABLE: &str = "#b8b2a6";
const BORDER: &str = "#7a6f60";
pub const INK: &str = "#222";
const LEGEND: f64 = 78.0;
/// Half the length of each stroke of the cross on a failed move.
const FAILED_ARM: f64 = 5.0;
/// The width of the white edge under the cross's strokes.
const FAILED_EDGE: f64 = 4.5;

/// The width of the halo round a province's code, in its province's colour.
const HALO: f64 = 2.5;

/// The colour a province is painted: sea, impassable, its centre's owner's tint, or land.
fn fill(kind: Kind, view: &PictureView, prov: usize) -> &'static str {
    let owner = view.centers.iter().find(|c| c.0 as usize == prov).map(|c| c.1);
    match (kind, owner) {
        (Kind::Sea, _) => SEA,
        (Kind::Impassable, _) => IMPASSABLE,
        (_, Some(pw)) => tint(pw),
        _ => LAND,
    }
}

fn colour(p: Power) -> &'static str {
    PALETTE[p.0 as usize % PALETTE.len()]
}
fn tint(p: Power) -> &'static str {
    TINT[p.0 as usize % TINT.len()]
}
fn on(p: Power) -> &'static str {
    ON[p.0 as usize % ON.len()]
}

/// The public picture: what everyone may see, its legend in English.
pub fn draw(map: &Map, geometry: &Geometry, view: &PictureView) -> String {
    draw_in(map, geometry, view, Lang::En)
}

/// [`draw`], its words (the title, the legend, the powers' names) in `lang`.
pub fn draw_in(map: &Map, geometry: &Geometry, view: &PictureView, lang: Lang) -> String {
    Svg::new(map, geometry, lang).picture(view, None)
}

/// The picture for a reader entitled to `private` as well, its legend in English.
pub fn draw_private(map: &Map, geometry: &Geometry, view: &PictureView, private: &Private) -> String {
    draw_private_in(map, geometry, view, private, Lang::En)
}

/// [`draw_private`], its words in `lang`.
pub fn draw_private_in(map: &Map, geometry: &Geometry, view: &PictureView, private: &Private, lang: Lang) -> String {
    Svg::new(map, geometry, lang).picture(view, Some(private))
}

/// The picture for `reader`: the public one, or the one with what the reader is told of
/// the game's secrets ([`Reader::told`]).
pub fn draw_for(
    map: &Map,
    geometry: &Geometry,
    view: &PictureView,
    secrets: Option<&Secrets>,
    reader: Reader,
) -> String {
    match reader.told(secrets) {
        None => draw(map, geometry, view),
        Some(private) => draw_private(map, geometry, view, &private),
    }
}

struct Svg<'a> {
    map: &'a Map,
    geo: &'a Geometry,
    /// The language of the picture's words.
    lang: Lang,
    out: String,
    /// The lines of the failed moves drawn so far, to be crossed over the labels.
    failed: Vec<(Pt, Pt)>,
}

/// `x,y` with one decimal.
fn xy(out: &mut String, p: Pt) {
    num(out, p.x);
    out.push(',');
    num(out, p.y);
}

/// Text made safe inside XML and HTML: `&`, `<`, `>` and `"` escaped.
pub fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            _ => s.push(c),
        }
    }
    s
}

/// `n` and its noun, singular or plural as the language has it: in English one centre and
/// 0 centres, in French 0 or 1 centre (« 1 unité », « 0 unité », « 2 unités »).
fn counted(n: usize, lang: Lang, en: [&str; 2], fr: [&str; 2]) -> String {
    let (words, singular) = match lang {
        Lang::En => (en, n == 1),
        Lang::Fr => (fr, n <= 1),
    };
    format!("{n} {}", words[usize::from(!singular)])
}

fn dash(v: Verdict) -> &'static str {
    match v {
        Verdict::Succeeds => "",
        _ => " stroke-dasharray=\"7 4\"",
    }
}

pub fn toward(a: Pt, b: Pt, d: f64) -> Pt {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1e-9 {
        return a;
    }
    Pt::new(a.x + dx / len * d, a.y + dy / len * d)
}

fn mid(a: Pt, b: Pt) -> Pt {
    Pt::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
}

impl<'a> Svg<'a> {
    fn new(map: &'a Map, geo: &'a Geometry, lang: Lang) -> Svg<'a> {
        Svg {
            map,
            geo,
            lang,
            out: String::with_capacity(64 * 1024),
            failed: Vec::new(),
        }
    }

    /// The phase in the picture's language, as the legend's caption opens with it (a
    /// capital: `Printemps 1901, mouvements`).
    fn phase(&self, phase: crate::phase::Phase) -> String {
        crate::lang::fr::capitalised(&crate::words::phase(phase, self.lang))
    }

    /// The picture's title in its language: whose picture it is and the phase (`vopaliec —
    /// Spring 1901 Movement`, `vopaliec — printemps 1901, mouvements`), or the phase alone
    /// when the view names nobody (`Printemps 1901, mouvements`).
    fn title(&self, view: &PictureView) -> String {
        match view.name.is_empty() {
            true => self.phase(view.phase),
            false => format!("{} — {}", view.name, crate::words::phase(view.phase, self.lang)),
        }
    }

    /// A power's name in the picture's language (its French name from the map).
    fn power_name(&self, power: Power) -> &'a str {
        match (self.lang, self.map.powers.get(power.0 as usize)) {
            (Lang::Fr, Some(p)) if !p.french.is_empty() => &p.french,
            _ => self.map.power_name(power),
        }
    }

    fn picture(mut self, view: &PictureView, private: Option<&Private>) -> String {
        let (w, h) = (self.geo.width, self.geo.height + LEGEND);
        let title = self.title(view);
        let o = &mut self.out;
        o.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ");
        num(o, w);
        o.push(' ');
        num(o, h);
        o.push_str("\" width=\"");
        num(o, w);
        o.push_str("\" height=\"");
        num(o, h);
        o.push_str("\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n");
        let _ = writeln!(o, "<title>{}</title>", escape(&title));
        self.areas(view);
        self.retreat_options(view);
        self.orders(view);
        if let Some(p) = private {
            self.private_rings(p);
        }
        // Names over the lines and rings that cross them, under the units, the build rings
        // and the badges (which never cover one: `room::crowding`).
        self.labels(view);
        self.centers(view);
        self.crosses();
        self.units(view);
        self.adjustments(view);
        self.signs(view);
        if let Some(p) = private {
            self.private_signs(p);
        }
        self.legend(view, private);
        self.out.push_str("</svg>\n");
        self.out
    }

    fn areas(&mut self, view: &PictureView) {
        let o = &mut self.out;
        let _ = writeln!(
            o,
            "<g stroke=\"{BORDER}\" stroke-width=\"0.9\" stroke-linejoin=\"round\"><rect width=\"{}\" height=\"{}\" fill=\"{SEA}\" stroke=\"none\"/>",
            self.geo.width, self.geo.height
        );
        if !self.geo.scenery.is_empty() {
            let _ = writeln!(o, "<path fill=\"{SCENERY}\" d=\"{}\"/>", self.geo.scenery);
        }
        for (i, (p, g)) in self.map.provinces.iter().zip(&self.geo.provinces).enumerate() {
            let fill = fill(p.kind, view, i);
            let _ = writeln!(o, "<path id=\"{}\" fill=\"{fill}\" d=\"{}\"/>", p.code, g.path);
        }
        o.push_str("</g>\n");
    }

    /// The provinces' codes, each with a halo of its province's colour: a line crossing a
    /// name goes under it, and the name stays whole.
    fn labels(&mut self, view: &PictureView) {
        let o = &mut self.out;
        let _ = writeln!(
            o,
            "<g font-size=\"{LABEL_SIZE}\" text-anchor=\"middle\" fill=\"#3b342b\" stroke-width=\"{HALO}\" stroke-linejoin=\"round\" paint-order=\"stroke\">"
        );
        for (i, (p, g)) in self.map.provinces.iter().zip(&self.geo.provinces).enumerate() {
            let style = match p.kind {
                Kind::Sea => " font-style=\"italic\" fill=\"#2f5570\"",
                _ => "",
            };
            o.push_str("<text x=\"");
            num(o, g.label.x);
            o.push_str("\" y=\"");
            num(o, g.label.y + LABEL_BASELINE);
            let halo = fill(p.kind, view, i);
            let _ = writeln!(o, "\" stroke=\"{halo}\"{style}>{}</text>", escape(&p.code));
        }
        o.push_str("</g>\n");
    }

    /// A supply centre: a ring beside the label, filled with its owner's colour and
    /// marked with its initial, white when neutral.
    fn centers(&mut self, view: &PictureView) {
        let o = &mut self.out;
        o.push_str(
            "<g stroke=\"#222\" stroke-width=\"1\" font-size=\"7\" font-weight=\"bold\" text-anchor=\"middle\">\n",
        );
        for c in self.map.centers() {
            let g = &self.geo.provinces[c as usize];
            let at = Pt::new(g.label.x + CENTRE_DX, g.label.y);
            let owner = view.centers.iter().find(|x| x.0 == c).map(|x| x.1);
            let fill = owner.map_or("#fff", colour);
            o.push_str("<circle cx=\"");
            num(o, at.x);
            o.push_str("\" cy=\"");
            num(o, at.y);
            let _ = write!(o, "\" r=\"{CENTRE_R}\" fill=\"{fill}\"/>");
            o.push('\n');
        }
        o.push_str("</g>\n");
    }

    fn unit_at(&self, loc: Loc) -> Pt {
        self.geo.unit_point(loc)
    }

    /// The point a move to `loc` ends at: the coast's point for a named coast, else the
    /// province's unit point.
    fn dest(&self, loc: Loc) -> Pt {
        self.geo.unit_point(loc)
    }

    /// A line from `a` to `b` in a power's colour over a dark edge, `width` wide.
    fn line(&mut self, a: Pt, b: Pt, c: &str, width: f64, v: Verdict) {
        let o = &mut self.out;
        let mut d = String::new();
        d.push('M');
        xy(&mut d, a);
        d.push('L');
        xy(&mut d, b);
        let dash = dash(v);
        let _ = writeln!(
            o,
            "<path d=\"{d}\" stroke=\"{INK}\" stroke-width=\"{}\" fill=\"none\"{dash}/><path d=\"{d}\" stroke=\"{c}\" stroke-width=\"{width}\" fill=\"none\"{dash}/>",
            width + 2.0
        );
    }

    fn arrowhead(&mut self, from: Pt, tip: Pt, c: &str) {
        let back = toward(tip, from, 10.0);
        let (dx, dy) = (tip.x - back.x, tip.y - back.y);
        let (nx, ny) = (-dy / 2.0, dx / 2.0);
        let o = &mut self.out;
        o.push_str("<path d=\"M");
        xy(o, tip);
        o.push('L');
        xy(o, Pt::new(back.x + nx, back.y + ny));
        o.push('L');
        xy(o, Pt::new(back.x - nx, back.y - ny));
        let _ = writeln!(o, "Z\" fill=\"{c}\" stroke=\"{INK}\" stroke-width=\"1\"/>");
    }

    fn end_mark(&mut self, at: Pt, c: &str, diamond: bool) {
        let o = &mut self.out;
        if diamond {
            o.push_str("<path d=\"M");
            xy(o, Pt::new(at.x, at.y - 5.0));
            o.push('L');
            xy(o, Pt::new(at.x + 5.0, at.y));
            o.push('L');
            xy(o, Pt::new(at.x, at.y + 5.0));
            o.push('L');
            xy(o, Pt::new(at.x - 5.0, at.y));
            let _ = writeln!(o, "Z\" fill=\"{c}\" stroke=\"{INK}\"/>");
        } else {
            o.push_str("<circle cx=\"");
            num(o, at.x);
            o.push_str("\" cy=\"");
            num(o, at.y);
            let _ = writeln!(o, "\" r=\"3.5\" fill=\"{c}\" stroke=\"{INK}\"/>");
        }
    }

    /// The crosses on the failed moves' lines, drawn over the labels so that no name hides
    /// one.
    fn crosses(&mut self) {
        for (a, b) in std::mem::take(&mut self.failed) {
            self.cross(a, b);
        }
    }

    /// A cross on a failed move's line, `a` to `b`: its arms at right angles across the
    /// line and of one size whatever the line's length, so that a move between two
    /// neighbours, too short for its dashes to show, still reads as failed. It stands on the
    /// line's middle, or the point nearest it that covers no province's label when there is
    /// one.
    fn cross(&mut self, a: Pt, b: Pt) {
        let labels = label_boxes(self.map, self.geo);
        let along = |t: f64| Pt::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
        // How far the cross reaches from its centre, its white edge included.
        let reach = FAILED_ARM + FAILED_EDGE / 2.0;
        let at = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]
            .into_iter()
            .map(along)
            .find(|c| {
                let around = Rect {
                    x0: c.x - reach,
                    y0: c.y - reach,
                    x1: c.x + reach,
                    y1: c.y + reach,
                };
                !labels.iter().any(|l| l.meets(&around))
            })
            .unwrap_or_else(|| mid(a, b));
        let len = ((b.x - a.x).powi(2) + (b.y - a.y).powi(2)).sqrt();
        // Along the line and across it; a line of no length is crossed like a horizontal one.
        let (ux, uy) = if len < 1e-9 {
            (1.0, 0.0)
        } else {
            ((b.x - a.x) / len, (b.y - a.y) / len)
        };
        let arm = FAILED_ARM / std::f64::consts::SQRT_2;
        let mut d = String::new();
        for (sx, sy) in [(1.0, 1.0), (1.0, -1.0)] {
            // The arm at 45° to the line: along it `sx`, across it `sy`.
            let (dx, dy) = (arm * (sx * ux - sy * uy), arm * (sx * uy + sy * ux));
            d.push('M');
            xy(&mut d, Pt::new(at.x - dx, at.y - dy));
            d.push('L');
            xy(&mut d, Pt::new(at.x + dx, at.y + dy));
        }
        let _ = writeln!(
            self.out,
            "<g class=\"failed\" stroke-linecap=\"round\"><path d=\"{d}\" stroke=\"#fff\" stroke-width=\"{FAILED_EDGE}\"/><path d=\"{d}\" stroke=\"{INK}\" stroke-width=\"2\"/></g>"
        );
    }

    fn ring(&mut self, at: Pt, r: f64, width: f64, c: &str, v: Verdict) {
        let o = &mut self.out;
        o.push_str("<circle cx=\"");
        num(o, at.x);
        o.push_str("\" cy=\"");
        num(o, at.y);
        let _ = writeln!(
            o,
            "\" r=\"{r}\" fill=\"none\" stroke=\"{c}\" stroke-width=\"{width}\"{}/>",
            dash(v)
        );
    }

    /// Where a move's arrow is drawn: from its unit to its destination, a unit's width
    /// short of each.
    fn move_line(&self, from: Pt, to: Pt) -> (Pt, Pt) {
        (toward(from, to, 10.0), toward(to, from, 11.0))
    }

    fn orders(&mut self, view: &PictureView) {
        self.out.push_str("<g stroke-linecap=\"round\">\n");
        let dislodged_at = |loc: Loc| view.dislodged.iter().any(|d| d.unit.loc == loc);
        // Supports and convoys first, under the moves they point at.
        for m in &view.marks {
            match *m {
                Mark::Support {
                    power,
                    from,
                    target,
                    to,
                    verdict,
                } => {
                    let a = self.unit_at(from);
                    let end = match to {
                        Some(to) => {
                            let t = self.unit_at(target);
                            let (s, e) = self.move_line(t, self.dest(to));
                            mid(s, e)
                        }
                        None => toward(self.unit_at(target), a, 13.0),
                    };
                    let a = toward(a, end, 9.0);
                    self.line(a, end, colour(power), 1.6, verdict);
                    self.end_mark(end, colour(power), false);
                }
                Mark::Convoy {
                    power,
                    from,
                    army,
                    to,
                    verdict,
                } => {
                    let a = self.unit_at(from);
                    let (s, e) = self.move_line(self.unit_at(army), self.dest(to));
                    let end = mid(s, e);
                    let a = toward(a, end, 9.0);
                    self.line(a, end, colour(power), 1.6, verdict);
                    self.end_mark(end, colour(power), true);
                }
                _ => {}
            }
        }
        for m in &view.marks {
            match *m {
                Mark::Move {
                    power,
                    from,
                    to,
                    verdict,
                    ..
                } => {
                    // A retreat starts from where the dislodged unit is drawn.
                    let start = if dislodged_at(from) && view.phase.kind == crate::phase::PhaseKind::Retreat {
                        aside(self.unit_at(from))
                    } else {
                        self.unit_at(from)
                    };
                    let (a, b) = self.move_line(start, self.dest(to));
                    let b2 = toward(b, a, 6.0);
                    self.line(a, b2, colour(power), 3.0, verdict);
                    self.arrowhead(a, b, colour(power));
                    if verdict != Verdict::Succeeds {
                        self.failed.push((a, b2));
                    }
                }
                Mark::Hold { power, at, verdict } => {
                    let p = self.unit_at(at);
                    self.ring(p, 14.0, 3.0, colour(power), verdict);
                }
                _ => {}
            }
        }
        self.out.push_str("</g>\n");
    }

    fn retreat_options(&mut self, view: &PictureView) {
        let o = &mut self.out;
        o.push_str("<g stroke=\"#333\" stroke-width=\"1.2\" stroke-dasharray=\"2 3\" fill=\"#fff\">\n");
        for d in &view.dislodged {
            let a = aside(self.geo.unit_point(d.unit.loc));
            for &r in &d.retreats {
                let b = self.geo.unit_point(r);
                let b = toward(b, a, 4.0);
                o.push_str("<path d=\"M");
                xy(o, a);
                o.push('L');
                xy(o, b);
                o.push_str("\"/><circle stroke-dasharray=\"none\" cx=\"");
                num(o, b.x);
                o.push_str("\" cy=\"");
                num(o, b.y);
                o.push_str("\" r=\"4\"/>\n");
            }
        }
        o.push_str("</g>\n");
    }

    /// A unit: a disc for an army, a hull for a fleet, in its power's colour with its
    /// power's initial. `scale` below 1 for a dislodged unit.
    fn unit(&mut self, u: Unit, at: Pt, scale: f64) {
        let c = colour(u.power);
        let o = &mut self.out;
        match u.kind {
            UnitType::Army => {
                o.push_str("<circle cx=\"");
                num(o, at.x);
                o.push_str("\" cy=\"");
                num(o, at.y);
                o.push_str("\" r=\"");
                num(o, ARMY_R * scale);
                let _ = write!(o, "\" fill=\"{c}\" stroke=\"{INK}\" stroke-width=\"{UNIT_STROKE}\"/>");
            }
            UnitType::Fleet => {
                let s = scale;
                o.push_str("<path d=\"M");
                for (i, (dx, dy)) in HULL.iter().enumerate() {
                    if i > 0 {
                        o.push('L');
                    }
                    xy(o, Pt::new(at.x + dx * s, at.y + dy * s));
                }
                let _ = write!(o, "Z\" fill=\"{c}\" stroke=\"{INK}\" stroke-width=\"{UNIT_STROKE}\"/>");
            }
        }
        let initial = self.map.power_name(u.power).chars().next().unwrap_or('?');
        o.push_str("<text x=\"");
        num(o, at.x);
        o.push_str("\" y=\"");
        num(o, at.y + 3.6 * scale);
        o.push_str("\" font-size=\"");
        num(o, 10.0 * scale);
        let _ = writeln!(
            o,
            "\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
            on(u.power),
            escape(&initial.to_string())
        );
    }

    fn units(&mut self, view: &PictureView) {
        self.out.push_str("<g>\n");
        for &u in &view.units {
            let at = self.unit_at(u.loc);
            self.unit(u, at, 1.0);
        }
        for d in &view.dislodged {
            let at = aside(self.unit_at(d.unit.loc));
            self.out.push_str("<circle cx=\"");
            num(&mut self.out, at.x);
            self.out.push_str("\" cy=\"");
            num(&mut self.out, at.y);
            let _ = writeln!(
                self.out,
                "\" r=\"{DISLODGED_R}\" fill=\"#fff\" stroke=\"#222\" stroke-width=\"1.2\" stroke-dasharray=\"3 2\"/>"
            );
            self.unit(d.unit, at, 0.8);
        }
        self.out.push_str("</g>\n");
    }

    fn adjustments(&mut self, view: &PictureView) {
        for a in &view.adjustments {
            match *a {
                Adjustment::Build(u) => {
                    let at = self.unit_at(u.loc);
                    // The ring and the badge keep off every name (`room::crowding`).
                    self.ring(at, BUILD_RING_R, BUILD_RING_W, colour(u.power), Verdict::Succeeds);
                    self.unit(u, at, 1.0);
                    let spot = badge_at(self.map, self.geo, u.loc, false);
                    self.badge(spot, "+", "#fff", INK);
                }
                Adjustment::Disband(u) => {
                    let on_board = view.units.contains(&u);
                    let at = if on_board {
                        self.unit_at(u.loc)
                    } else {
                        aside(self.unit_at(u.loc))
                    };
                    let o = &mut self.out;
                    let mut d = String::new();
                    for (s, e) in [((-9.0, -9.0), (9.0, 9.0)), ((-9.0, 9.0), (9.0, -9.0))] {
                        d.push('M');
                        xy(&mut d, Pt::new(at.x + s.0, at.y + s.1));
                        d.push('L');
                        xy(&mut d, Pt::new(at.x + e.0, at.y + e.1));
                    }
                    let _ = writeln!(
                        o,
                        "<path d=\"{d}\" stroke=\"#fff\" stroke-width=\"5\" stroke-linecap=\"round\"/><path d=\"{d}\" stroke=\"{INK}\" stroke-width=\"2.5\" stroke-linecap=\"round\"/>"
                    );
                }
            }
        }
    }

    /// A small round badge with a sign in it, centred at `at`.
    fn badge(&mut self, at: Pt, sign: &str, fill: &str, ink: &str) {
        let o = &mut self.out;
        o.push_str("<circle cx=\"");
        num(o, at.x);
        o.push_str("\" cy=\"");
        num(o, at.y);
        let _ = write!(
            o,
            "\" r=\"{BADGE_R}\" fill=\"{fill}\" stroke=\"{INK}\" stroke-width=\"1\"/><text x=\""
        );
        num(o, at.x);
        o.push_str("\" y=\"");
        num(o, at.y + 3.5);
        let _ = writeln!(
            o,
            "\" font-size=\"10\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{sign}</text>"
        );
    }

    /// A blessing's or a curse's badge, centred at `p`, struck through when `struck`.
    fn sign_badge(&mut self, sign: Sign, p: Pt, struck: bool) {
        match sign {
            Sign::Plus => self.badge(p, "+", "#fff", INK),
            Sign::Minus => self.badge(p, "−", INK, "#fff"),
        }
        if struck {
            let o = &mut self.out;
            o.push_str("<path d=\"M");
            xy(o, Pt::new(p.x - BADGE_STRIKE, p.y + BADGE_STRIKE));
            o.push('L');
            xy(o, Pt::new(p.x + BADGE_STRIKE, p.y - BADGE_STRIKE));
            let _ = writeln!(o, "\" stroke=\"{INK}\" stroke-width=\"1.5\"/>");
        }
    }

    fn signs(&mut self, view: &PictureView) {
        for s in &view.signs {
            let dislodged = view.dislodged.iter().any(|d| d.unit.loc == s.at);
            let spot = badge_at(self.map, self.geo, s.at, dislodged);
            self.sign_badge(s.sign, spot, s.struck);
        }
    }

    /// The dashed rings round the units a private sign marks: lines, drawn under the
    /// labels as the orders are.
    fn private_rings(&mut self, p: &Private) {
        for &(_, at) in &p.signs {
            let pt = self.unit_at(at);
            let o = &mut self.out;
            o.push_str("<circle cx=\"");
            num(o, pt.x);
            o.push_str("\" cy=\"");
            num(o, pt.y);
            let _ = writeln!(
                o,
                "\" r=\"16\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"1.5\" stroke-dasharray=\"2 2\"/>"
            );
        }
    }

    /// The private signs' badges, each where [`badge_at`] puts it.
    fn private_signs(&mut self, p: &Private) {
        for &(sign, at) in &p.signs {
            let spot = badge_at(self.map, self.geo, at, false);
            self.sign_badge(sign, spot, false);
        }
    }

    fn legend(&mut self, view: &PictureView, private: Option<&Private>) {
        let top = self.geo.height;
        let fr = self.lang == Lang::Fr;
        let phase = self.phase(view.phase);
        let names: Vec<&str> = (0..self.map.powers.len())
            .map(|i| self.power_name(Power(i as u8)))
            .collect();
        let counts = view.center_counts(self.map);
        let units = view.unit_counts(self.map);
        let o = &mut self.out;
        let _ = writeln!(
            o,
            "<g font-size=\"12\" fill=\"{INK}\"><rect y=\"{top}\" width=\"{}\" height=\"{LEGEND}\" fill=\"#fbf8f1\" stroke=\"{BORDER}\"/>",
            self.geo.width
        );
        let _ = writeln!(
            o,
            "<text x=\"10\" y=\"{}\" font-size=\"15\" font-weight=\"bold\">{}</text>",
            top + 19.0,
            escape(&phase)
        );
        let key = match fr {
            false => "disc: army · hull: fleet · letter: power · arrow: move · dot: support · diamond: convoy · ring: hold · dashed or ×: failed",
            true => "disque\u{a0}: armée · coque\u{a0}: flotte · lettre\u{a0}: puissance · flèche\u{a0}: mouvement · point\u{a0}: soutien · losange\u{a0}: convoi · anneau\u{a0}: tient · tirets ou ×\u{a0}: échoue",
        };
        let _ = writeln!(
            o,
            "<text x=\"{}\" y=\"{}\" font-size=\"9.5\" text-anchor=\"end\">{key}</text>",
            self.geo.width - 10.0,
            top + 18.0
        );
        let mut extra = Vec::new();
        if let Some(p) = private {
            for &(words, power) in &p.powers {
                let name = names.get(power.0 as usize).copied().unwrap_or_default();
                extra.push(match fr {
                    false => format!("{} {name}", words.en),
                    true => format!("{} {}", words.fr, crate::lang::fr::Name::country(name).the()),
                });
            }
        }
        if !extra.is_empty() {
            let _ = writeln!(
                o,
                "<text x=\"10\" y=\"{}\" font-size=\"10.5\" font-style=\"italic\">{}{}</text>",
                top + 72.0,
                if fr { "privé\u{a0}: " } else { "private: " },
                escape(&extra.join(" · "))
            );
        }
        let step = (self.geo.width - 20.0) / self.map.powers.len().max(1) as f64;
        for (i, name) in names.iter().enumerate() {
            let x = 10.0 + step * i as f64;
            let y = top + 38.0;
            let power = Power(i as u8);
            o.push_str("<circle cx=\"");
            num(o, x + 8.0);
            o.push_str("\" cy=\"");
            num(o, y - 4.0);
            let _ = write!(o, "\" r=\"7\" fill=\"{}\" stroke=\"{INK}\"/>", colour(power));
            o.push_str("<text x=\"");
            num(o, x + 20.0);
            o.push_str("\" y=\"");
            num(o, y);
            let _ = write!(o, "\" font-weight=\"bold\">{}</text><text x=\"", escape(name));
            num(o, x + 20.0);
            o.push_str("\" y=\"");
            num(o, y + 15.0);
            let _ = writeln!(
                o,
                "\" font-size=\"11\">{} · {}</text>",
                counted(counts[i], self.lang, ["centre", "centres"], ["centre", "centres"]),
                counted(units[i], self.lang, ["unit", "units"], ["unité", "unités"]),
            );
        }
        o.push_str("</g>\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_takes_its_noun_in_the_singular_or_plural_as_each_language_does() {
        let units = |n, lang| counted(n, lang, ["unit", "units"], ["unité", "unités"]);
        assert_eq!(units(0, Lang::En), "0 units");
        assert_eq!(units(1, Lang::En), "1 unit");
        assert_eq!(units(2, Lang::En), "2 units");
        assert_eq!(units(0, Lang::Fr), "0 unité");
        assert_eq!(units(1, Lang::Fr), "1 unité");
        assert_eq!(units(2, Lang::Fr), "2 unités");
    }

    /// The title names whose picture it is and the phase, in the reader's language; a view
    /// that names nobody is titled by its phase alone; never by the map's name.
    #[test]
    fn the_title_is_the_games_name_and_the_phase_in_the_readers_language() {
        let map = Map::standard();
        let geometry = Geometry::standard();
        let phase = crate::phase::Phase::parse("Fall 1901 Movement").unwrap();
        let board = crate::judge::Board::default();
        let view = PictureView::board(map, phase, &board);
        let title = |view: &PictureView, lang| {
            let svg = draw_in(map, geometry, view, lang);
            let start = svg.find("<title>").unwrap() + "<title>".len();
            svg[start..svg.find("</title>").unwrap()].to_string()
        };
        assert_eq!(title(&view, Lang::En), "Fall 1901 Movement");
        assert_eq!(title(&view, Lang::Fr), "Automne 1901, mouvements");
        let view = view.named("vopaliec");
        assert_eq!(title(&view, Lang::En), "vopaliec — Fall 1901 Movement");
        assert_eq!(title(&view, Lang::Fr), "vopaliec — automne 1901, mouvements");
        let view = view.named("Diable & Bon Dieu");
        assert_eq!(title(&view, Lang::En), "Diable &amp; Bon Dieu — Fall 1901 Movement");
        for lang in [Lang::En, Lang::Fr] {
            assert!(!title(&view, lang).contains(&map.name), "{lang:?}");
        }
    }
}
