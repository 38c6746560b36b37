//! What a player can write: orders as values, their parser, and their normalised notation.
//!
//! An [`Order`] is what was *written*: the unit type may be missing, a coast may be wrong.
//! Whether it is legal, and what it does, is the judge's business (`crate::judge`).

mod coast;
pub mod french;
mod near;
mod parse;
mod typed;

pub use coast::{CoastDropped, CoastOf, CoastRefused};
pub use near::{distance, or_list};
pub use parse::{canonical_unit, parse_order, Expected, ParseError, Reader, Unreadable};
pub use typed::{heading, looks_like_an_order, prefix, split_orders, Prefix, Read};

use crate::lang::Lang;
use crate::map::{Coast, Loc, Map, Power, ProvId, UnitType};

/// What the reader assumed to read an order as a player typed it ([`Reader::read`]), so
/// that the reply can say what was read: values, worded in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Assumed {
    /// A name one slip away from one province's (`Edinburg`), read as that province.
    Misspelt { written: String, read: ProvId },
    /// A French code (`Bou`), read as its province.
    FrenchCode { written: String, read: ProvId },
    /// A route given (`A LVP-IRI-ENG-LON`): a move by convoy through these provinces.
    ConvoyByRoute { through: Vec<ProvId> },
    /// A power's name before the order (`France: A PAR - BUR`).
    Prefix(Power),
    /// A coast written for an army (`A MAR - SPA/SC`), dropped: an army moves to a
    /// province, not to a coast ([`Read::drop_irrelevant_coasts`]).
    CoastDropped(CoastDropped),
}

/// A province whose name is near a word that names none: `did you mean Burgundy?`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    pub prov: ProvId,
    pub name: String,
    pub french: String,
}

/// A unit as an order names it: `A PAR`, `F STP/SC`, or just `PAR`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitRef {
    pub kind: Option<UnitType>,
    pub loc: Loc,
}

impl UnitRef {
    pub fn prov(&self) -> ProvId {
        self.loc.prov
    }
}

/// One written order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// `A PAR H`, or a unit named alone.
    Hold(UnitRef),
    /// `A PAR - BUR`, `A LON - NWY VIA CONVOY`; in a retreat phase, a retreat.
    Move { unit: UnitRef, dest: Loc, via_convoy: bool },
    /// `A MUN S A BER - SIL` (`dest` is the supported move's destination) or
    /// `A MUN S A BER` (support to hold, `dest` is `None`).
    Support {
        unit: UnitRef,
        target: UnitRef,
        dest: Option<Loc>,
    },
    /// `F NTH C A LON - NWY`.
    Convoy { unit: UnitRef, army: UnitRef, dest: Loc },
    /// `A MUN D` in a retreat phase, `REMOVE A MUN` / `DISBAND MUN` in an adjustment phase.
    Disband(UnitRef),
    /// `BUILD A PAR`, `BUILD F STP/NC`.
    Build(UnitRef),
    /// `WAIVE`: one build not used.
    Waive,
}

impl Order {
    /// The unit the order is for, if it is for a unit on the board.
    pub fn unit(&self) -> Option<&UnitRef> {
        match self {
            Order::Hold(u) | Order::Disband(u) => Some(u),
            Order::Move { unit, .. } | Order::Support { unit, .. } | Order::Convoy { unit, .. } => Some(unit),
            Order::Build(_) | Order::Waive => None,
        }
    }

    /// The unit the order is for, to change it (see [`Order::unit`]).
    pub fn unit_mut(&mut self) -> Option<&mut UnitRef> {
        match self {
            Order::Hold(u) | Order::Disband(u) => Some(u),
            Order::Move { unit, .. } | Order::Support { unit, .. } | Order::Convoy { unit, .. } => Some(unit),
            Order::Build(_) | Order::Waive => None,
        }
    }

    /// The normalised notation: `F LON - NTH`, `A MUN S A BER - SIL`, `BUILD F STP/NC`.
    pub fn to_text(&self, map: &Map) -> String {
        let mut out = String::with_capacity(24);
        self.push_text(map, &mut out);
        out
    }

    /// The order as a reader of `lang` reads it: [`Order::to_text`] in English, the French
    /// notation ([`french::order_text`]) in French, whose words for a disband differ in
    /// winter (`in_winter`: `démobiliser`) and in a retreat (`dissoudre`).
    pub fn text_in(&self, map: &Map, lang: Lang, in_winter: bool) -> String {
        match lang {
            Lang::En => self.to_text(map),
            Lang::Fr => french::order_text(map, self, in_winter),
        }
    }

    /// Appends [`Order::to_text`] to `out`.
    pub fn push_text(&self, map: &Map, out: &mut String) {
        let u = |x: &UnitRef, out: &mut String| push_unit_text(map, x, out);
        match self {
            Order::Hold(x) => {
                u(x, out);
                out.push_str(" H");
            }
            Order::Move { unit, dest, via_convoy } => {
                u(unit, out);
                out.push_str(" - ");
                map.push_loc(out, *dest);
                if *via_convoy {
                    out.push_str(" VIA CONVOY");
                }
            }
            Order::Support { unit, target, dest } => {
                u(unit, out);
                out.push_str(" S ");
                u(target, out);
                if let Some(d) = dest {
                    // The coast as written: a fleet's says which move is supported (DATC
                    // 6.B.9), and the judge drops an army's (DATC 4.B.6).
                    out.push_str(" - ");
                    map.push_loc(out, *d);
                }
            }
            Order::Convoy { unit, army, dest } => {
                u(unit, out);
                out.push_str(" C ");
                u(army, out);
                out.push_str(" - ");
                out.push_str(map.code(dest.prov));
            }
            Order::Disband(x) => {
                u(x, out);
                out.push_str(" D");
            }
            Order::Build(x) => {
                out.push_str("BUILD ");
                u(x, out);
            }
            Order::Waive => out.push_str("WAIVE"),
        }
    }
}

/// `A PAR`, `F STP/SC`, `PAR` when the type was not written.
pub fn unit_text(map: &Map, u: &UnitRef) -> String {
    let mut out = String::with_capacity(9);
    push_unit_text(map, u, &mut out);
    out
}

/// Appends [`unit_text`] to `out`.
pub fn push_unit_text(map: &Map, u: &UnitRef, out: &mut String) {
    if let Some(k) = u.kind {
        out.push(k.letter());
        out.push(' ');
    }
    map.push_loc(out, u.loc);
}

/// An order on file (in the normal notation, as the judge writes it) as a reader of `lang`
/// reads it in his letters: as it is in English, in the French notation
/// ([`french::order_text`]: `A MAR soutient A PAR - BOU`) for a French reader. A text that
/// does not read as an order is given as it is.
pub fn echo(map: &Map, text: &str, lang: Lang, in_winter: bool) -> String {
    match lang {
        Lang::En => text.to_string(),
        Lang::Fr => match parse_order(map, text) {
            Ok(order) => order.text_in(map, lang, in_winter),
            Err(_) => text.to_string(),
        },
    }
}

/// A unit as a reader of `lang` reads it: `F ENG` in English, `F MAN` in French.
pub fn unit_text_in(map: &Map, u: &UnitRef, lang: Lang) -> String {
    let mut out = String::with_capacity(9);
    match lang {
        Lang::En => push_unit_text(map, u, &mut out),
        Lang::Fr => french::push_unit(map, &mut out, u),
    }
    out
}

/// A province's code as a reader of `lang` writes it: `BUR` in English, `BOU` in French.
pub fn province_text_in(map: &Map, p: ProvId, lang: Lang) -> &str {
    match lang {
        Lang::En => map.code(p),
        Lang::Fr => french::code(map, p),
    }
}

/// A place as a reader of `lang` reads it: `SPA/NC` in English, `ESP/CN` in French.
pub fn loc_text_in(map: &Map, l: Loc, lang: Lang) -> String {
    let mut out = String::with_capacity(7);
    match lang {
        Lang::En => map.push_loc(&mut out, l),
        Lang::Fr => french::push_loc(map, &mut out, l),
    }
    out
}

/// A coast written by a player, kept even if the province has no such coast: the judge
/// decides whether it is wrong (illegal) or merely irrelevant (ignored, DATC 4.B.6).
pub type WrittenCoast = Option<Coast>;
