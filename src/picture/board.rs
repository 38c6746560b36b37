//! What the pictures of the board games share (issue #15): numbers written as SVG wants
//! them, the opening of a picture, arrows, badges and text cut into lines, over the
//! palette of the map's pictures. Each board game draws its own board with these, in its
//! own folder (`kinds/boardgame/GAME/picture.rs`): the picture layer knows no game.

use super::geometry::Pt;
pub use super::svg::{escape, toward, INK, ON, PALETTE};
use std::fmt::{self, Write};

/// A number in SVG: one decimal at most, no `-0` (as `geometry::num`).
pub struct N(pub f64);

impl fmt::Display for N {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let r = (self.0 * 10.0).round() / 10.0;
        let r = if r == 0.0 { 0.0 } else { r };
        write!(f, "{r}")
    }
}

/// `text` cut into lines of at most `width` characters, at spaces.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The start of a board picture's SVG, `w` × `h`, with its title.
pub fn open(o: &mut String, w: f64, h: f64, title: &str) {
    let _ = writeln!(
        o,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\" font-family=\"DejaVu Sans, Verdana, sans-serif\">",
        N(w),
        N(h)
    );
    let _ = writeln!(o, "<title>{}</title>", escape(title));
}

/// A straight arrow from `a` to `b` (its tip), `c` with a white halo under it.
pub fn arrow(o: &mut String, a: Pt, b: Pt, c: &str, width: f64) {
    let back = toward(b, a, 11.0);
    let _ = writeln!(
        o,
        "<path d=\"M{},{}L{},{}\" stroke=\"#fff\" stroke-width=\"{}\" stroke-linecap=\"round\"/><path d=\"M{},{}L{},{}\" stroke=\"{c}\" stroke-width=\"{}\" stroke-linecap=\"round\"/>",
        N(a.x),
        N(a.y),
        N(back.x),
        N(back.y),
        N(width + 3.0),
        N(a.x),
        N(a.y),
        N(back.x),
        N(back.y),
        N(width)
    );
    let (dx, dy) = (b.x - back.x, b.y - back.y);
    let (nx, ny) = (-dy * 0.55, dx * 0.55);
    let _ = writeln!(
        o,
        "<path d=\"M{},{}L{},{}L{},{}Z\" fill=\"{c}\" stroke=\"#fff\" stroke-width=\"1\"/>",
        N(b.x),
        N(b.y),
        N(back.x + nx),
        N(back.y + ny),
        N(back.x - nx),
        N(back.y - ny)
    );
}

/// A small round badge with `text` in it.
pub fn badge(o: &mut String, at: Pt, r: f64, text: &str) {
    let _ = writeln!(
        o,
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#fff\" stroke=\"{INK}\" stroke-width=\"1.3\"/><text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{INK}\">{}</text>",
        N(at.x),
        N(at.y),
        N(r),
        N(at.x),
        N(at.y + r * 0.55),
        N(r * 1.5),
        escape(text)
    );
}
