//! The order parser: the notation of `docs/position-file.md`, in any case, with
//! abbreviations, aliases and full English or French names.
//!
//! It reads what is written and nothing more: it never looks at the board, so it cannot
//! guess a missing coast; the judge decides what a coast-less fleet move means.

use super::{Assumed, Order, Read, UnitRef};
use crate::lang::Lang;
use crate::map::{deaccent, Coast, Loc, Map, Power, ProvId, UnitType, SHORT};
use std::cell::Cell;
use std::fmt;

mod error;
mod token;
mod vocabulary;
pub use error::*;
use token::*;
use vocabulary::*;

struct Parser<'a> {
    map: &'a Map,
    line: &'a str,
    toks: &'a [Token],
    /// The words of the line, folded (see [`tokenize`]).
    words: &'a str,
    pos: usize,
    /// The reader's language when reading as a player typed ([`Reader::read`]): French
    /// codes for a French reader, one slip in a name corrected. `None`: the notation only.
    lang: Option<Lang>,
    /// What was assumed on the way (see [`Assumed`]).
    assumed: Vec<Assumed>,
}

/// The power a folded word names: a name, an adjective, a French name or adjective.
pub(crate) fn nationality(map: &Map, w: &str) -> Option<Power> {
    map.power_by_folded_name(w).or_else(|| {
        FRENCH_ADJECTIVES
            .iter()
            .find(|(a, _)| *a == w)
            .and_then(|(_, p)| map.power_by_name(p))
    })
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<&Token> {
        self.toks.get(self.pos)
    }

    fn peek_word(&self) -> Option<&str> {
        self.word_at(self.pos)
    }

    fn word_at(&self, i: usize) -> Option<&str> {
        match self.toks.get(i) {
            Some(t) if t.tok == Tok::Word => Some(&self.words[t.word.0..t.word.1]),
            _ => None,
        }
    }

    /// The token as written in the line.
    fn text(&self, t: &Token) -> &str {
        &self.line[t.text.0..t.text.1]
    }

    fn at_word(&self, set: &[&str]) -> bool {
        self.peek_word().is_some_and(|w| set.contains(&w))
    }

    fn error_here(&self, expected: Expected) -> ParseError {
        match self.peek() {
            Some(t) => ParseError {
                column: t.col,
                message: format!("unexpected \"{}\": expected {}", self.text(t), expected.text()),
                what: Unreadable::Unexpected {
                    found: self.text(t).to_string(),
                    expected,
                },
            },
            None => ParseError {
                column: self.line.chars().count() + 1,
                message: format!("the order stops short: expected {}", expected.text()),
                what: Unreadable::StopsShort { expected },
            },
        }
    }

    /// `A`, `F`, `ARMY`, `FLEET` (and the French words), if there.
    fn unit_type(&mut self) -> Option<UnitType> {
        let t = match self.peek_word()? {
            "A" | "ARMY" | "ARMEE" => UnitType::Army,
            "F" | "FLEET" | "FLOTTE" => UnitType::Fleet,
            _ => return None,
        };
        // `F` alone followed by nothing is not a unit type; leave that to the caller.
        if self.pos + 1 >= self.toks.len() {
            return None;
        }
        self.pos += 1;
        Some(t)
    }

    /// The longest province name starting here. Words of a name may be separated by
    /// spaces or hyphens (`Mid-Atlantic Ocean`). Reading as a player typed, a French code
    /// (`Bou`) is read too, and a name one slip away from one province's (`Edinburg`).
    fn province(&mut self, what: Expected) -> Result<ProvId, ParseError> {
        if self.lang == Some(Lang::Fr) {
            // For a French reader, a French code wins over another province's English code.
            if let Some(p) = self.french_code() {
                return Ok(p);
            }
        }
        let index = self.map.name_index();
        let mut best: Option<(ProvId, usize)> = None;
        // How many words the name found has, and whether a longer one was still possible.
        let (mut best_words, mut longer) = (0, false);
        let mut i = self.pos;
        let mut count = 0;
        // The words read so far are one slice of `self.words`, from the first one's start.
        let first = self.toks.get(i).map(|t| t.word.0).unwrap_or(0);
        while count < index.max_words {
            let Some(t) = self.toks.get(i).filter(|t| t.tok == Tok::Word) else {
                break;
            };
            count += 1;
            i += 1;
            let found = index.find(&self.words[first..t.word.1]);
            if let Some(p) = found.province {
                best = Some((p, i));
                best_words = count;
            }
            longer = found.longer;
            if !found.longer {
                // No longer name starts with these words.
                break;
            }
            // A hyphen may join the words of one name.
            if matches!(self.toks.get(i), Some(Token { tok: Tok::Dash, .. })) && self.word_at(i + 1).is_some() {
                i += 1;
            }
        }
        if let Some((p, end)) = best {
            // A slip inside a longer name whose first words name a province too
            // (`Mid-Atlantc`, where `Mid` alone is Mid-Atlantic Ocean): the longer name.
            let slip = match (longer || count > best_words, self.lang.is_some()) {
                (true, true) => super::near::slip_longer(self.map, &self.runs(), best_words),
                _ => None,
            };
            if let Some((q, after)) = slip.filter(|&(_, after)| after > end) {
                let written = self.line[self.toks[self.pos].text.0..self.toks[after - 1].text.1].to_string();
                self.assumed.push(Assumed::Misspelt { written, read: q });
                self.pos = after;
                return Ok(q);
            }
            self.pos = end;
            return Ok(p);
        }
        let Some(t) = self.peek().filter(|t| t.tok == Tok::Word).copied() else {
            return Err(self.error_here(what));
        };
        if self.lang.is_some() {
            if let Some(p) = self.french_code() {
                return Ok(p);
            }
        }
        let near = super::near::near(self.map, &self.runs());
        if self.lang.is_some() {
            if let Some((p, end)) = near.slip {
                let written = self.line[t.text.0..self.toks[end - 1].text.1].to_string();
                self.assumed.push(Assumed::Misspelt { written, read: p });
                self.pos = end;
                return Ok(p);
            }
        }
        let word = self.text(&t).to_string();
        let mut message = format!("\"{word}\" is not a province of the {} map", self.map.name);
        if !near.suggestions.is_empty() {
            let names: Vec<&str> = near.suggestions.iter().map(|n| n.name.as_str()).collect();
            message.push_str(": did you mean ");
            message.push_str(&super::near::or_list(&names, "or"));
            message.push('?');
        }
        Err(ParseError {
            column: t.col,
            message,
            what: Unreadable::NotAProvince {
                word,
                suggestions: near.suggestions,
                reach: None,
            },
        })
    }

    /// The runs of words from here that could be a name: the words folded, one space
    /// between them, and the token after the run's last word.
    fn runs(&self) -> Vec<(&str, usize)> {
        let mut out = Vec::new();
        let mut i = self.pos;
        let first = self.toks.get(i).map(|t| t.word.0).unwrap_or(0);
        while out.len() < self.map.name_index().max_words {
            let Some(t) = self.toks.get(i).filter(|t| t.tok == Tok::Word) else {
                break;
            };
            i += 1;
            out.push((&self.words[first..t.word.1], i));
            if matches!(self.toks.get(i), Some(Token { tok: Tok::Dash, .. })) && self.word_at(i + 1).is_some() {
                i += 1;
            }
        }
        out
    }

    /// A French code here ([`super::french`]), read and noted.
    fn french_code(&mut self) -> Option<ProvId> {
        let lang = self.lang?;
        let t = *self.peek().filter(|t| t.tok == Tok::Word)?;
        let w = &self.words[t.word.0..t.word.1];
        let p = super::french::province(self.map, w, lang)?;
        self.assumed.push(Assumed::FrenchCode {
            written: self.text(&t).to_string(),
            read: p,
        });
        self.pos += 1;
        Some(p)
    }

    /// A coast after a province: `/SC`, `(sc)`, ` NC`, `(north coast)`, `/N`.
    fn coast(&mut self) -> Result<Option<Coast>, ParseError> {
        let save = self.pos;
        let bracketed = match self.peek().map(|t| &t.tok) {
            Some(Tok::Slash) => {
                self.pos += 1;
                false
            }
            Some(Tok::Open) => {
                self.pos += 1;
                true
            }
            _ => {
                // A bare `NC`, `SC`, `EC`, `WC` or `NORTH COAST`, `côte sud`.
                let c = self.peek_word().and_then(coast_code);
                if let Some(c) = c {
                    self.pos += 1;
                    return Ok(Some(c));
                }
                if let (Some(d), Some("COAST")) = (self.peek_word(), self.word_at(self.pos + 1)) {
                    if let Some(c) = direction(d) {
                        self.pos += 2;
                        return Ok(Some(c));
                    }
                }
                if let (Some("COTE"), Some(d)) = (self.peek_word(), self.word_at(self.pos + 1)) {
                    if let Some(c) = direction(d) {
                        self.pos += 2;
                        return Ok(Some(c));
                    }
                }
                return Ok(None);
            }
        };
        let slash_col = self.toks[save].col;
        let c = match self.peek_word() {
            Some(w) if coast_code(w).is_some() => coast_code(w).expect("checked"),
            Some("COTE") | Some("COAST") => {
                self.pos += 1;
                match self.peek_word().and_then(direction) {
                    Some(c) => c,
                    None => return Err(self.error_here(Expected::Coast)),
                }
            }
            Some(w) => match direction(w) {
                Some(c) => c,
                None => {
                    return Err(ParseError {
                        column: slash_col,
                        message: format!("\"{w}\" is not a coast: write NC, SC, EC or WC"),
                        what: Unreadable::NotACoast { word: w.to_string() },
                    })
                }
            },
            None => return Err(self.error_here(Expected::Coast)),
        };
        self.pos += 1;
        if self.peek_word() == Some("COAST") {
            self.pos += 1;
        }
        if bracketed {
            match self.peek().map(|t| &t.tok) {
                Some(Tok::Close) => self.pos += 1,
                _ => return Err(self.error_here(Expected::CloseAfterCoast)),
            }
        }
        Ok(Some(c))
    }

    fn loc(&mut self, what: Expected) -> Result<Loc, ParseError> {
        let prov = self.province(what)?;
        let coast = self.coast()?;
        Ok(Loc { prov, coast })
    }

    /// `[A|F] <province>[coast]`, and the ways players write it: `A(lvp)`, `Army in lvp`,
    /// `flotte de Brest`, `the army in Paris`, `l'armée allemande de Munich`.
    fn unit(&mut self, what: Expected) -> Result<UnitRef, ParseError> {
        self.skip_article();
        let kind = self.unit_type();
        let mut bracket = false;
        if kind.is_some() {
            // `armée allemande`: the nationality after the type.
            if self.peek_word().is_some_and(|w| nationality(self.map, w).is_some()) && self.pos + 1 < self.toks.len() {
                self.pos += 1;
            }
            if matches!(self.peek().map(|t| t.tok), Some(Tok::Open)) {
                bracket = true;
                self.pos += 1;
            } else if self.at_word(UNIT_AT) && self.word_at(self.pos + 1).is_some() {
                self.pos += 1;
            }
        }
        let loc = self.loc(what)?;
        if bracket {
            match self.peek().map(|t| t.tok) {
                Some(Tok::Close) => self.pos += 1,
                _ => return Err(self.error_here(Expected::CloseAfterUnit)),
            }
        }
        Ok(UnitRef { kind, loc })
    }

    /// `the`, `l'`, `an` before a unit; `a` too when a unit type follows (`build a fleet`).
    fn skip_article(&mut self) {
        let next_is_type = self.word_at(self.pos + 1).is_some_and(|w| TYPE_WORDS.contains(&w));
        if self.at_word(ARTICLES) && self.pos + 1 < self.toks.len() || self.at_word(&["A"]) && next_is_type {
            self.pos += 1;
        }
    }

    /// A nationality before a supported or convoyed unit (`S Russian A BER`): read and ignored
    /// (DATC 4.C.5 and 4.C.6).
    fn skip_nationality(&mut self) {
        self.skip_article();
        if let Some(w) = self.peek_word() {
            // A word is already folded, so it is compared with the folded names as it is.
            if nationality(self.map, w).is_some() && self.pos + 1 < self.toks.len() {
                self.pos += 1;
            }
        }
    }

    /// A nationality before the ordered unit, as the Judge prints results (`German Army
    /// Munich`): only when a unit type follows, so that a power's letter is never taken
    /// for one.
    fn skip_own_nationality(&mut self) {
        let next_is_type = self
            .word_at(self.pos + 1)
            .is_some_and(|w| TYPE_WORDS.contains(&w) || w == "A" || w == "F");
        if next_is_type
            && self
                .peek_word()
                .is_some_and(|w| w.len() > 1 && nationality(self.map, w).is_some())
        {
            self.pos += 1;
        }
    }

    fn at_move(&self) -> bool {
        matches!(self.peek().map(|t| &t.tok), Some(Tok::Dash)) || self.at_word(MOVE_WORDS)
    }

    /// Past a move word or arrow, and what may follow it (`move to`, `attacks on`, `va à`).
    fn skip_move(&mut self) {
        let word = self.peek_word().is_some();
        self.pos += 1;
        if word && self.at_word(AFTER_MOVE) && self.word_at(self.pos + 1).is_some() {
            self.pos += 1;
        }
        // `attaque la Picardie`, `moves to the Ruhr`.
        if self.at_word(ARTICLES) && self.word_at(self.pos + 1).is_some() {
            self.pos += 1;
        }
    }

    /// `VIA CONVOY`, `BY CONVOY`, `PAR CONVOI`.
    fn via_convoy(&mut self) -> bool {
        let a = self.peek_word();
        let b = self.word_at(self.pos + 1);
        if matches!(a, Some("VIA") | Some("BY") | Some("PAR") | Some("EN"))
            && matches!(b, Some("CONVOY") | Some("CONVOI") | Some("C"))
        {
            self.pos += 2;
            return true;
        }
        false
    }

    fn end(&self) -> Result<(), ParseError> {
        if self.pos < self.toks.len() {
            return Err(self.error_here(Expected::End));
        }
        Ok(())
    }

    fn order(&mut self) -> Result<Order, ParseError> {
        if self.at_word(WAIVE_WORDS) {
            self.pos += 1;
            self.end()?;
            return Ok(Order::Waive);
        }
        if self.at_word(BUILD_WORDS) {
            self.pos += 1;
            let u = self.unit(Expected::UnitToBuild)?;
            self.end()?;
            return Ok(Order::Build(u));
        }
        if self.at_word(DISBAND_WORDS) {
            self.pos += 1;
            let u = self.unit(Expected::UnitToRemove)?;
            self.end()?;
            return Ok(Order::Disband(u));
        }
        // The command first: `move A LVP to EDI`, `m lvp-edi`, `retraite A MUN - BOH`.
        let move_first = self.at_word(MOVE_FIRST) && self.pos + 2 < self.toks.len();
        if move_first {
            self.pos += 1;
        }
        self.skip_own_nationality();
        let unit = self.unit(Expected::Unit)?;
        if move_first && !self.at_move() {
            return Err(self.error_here(Expected::Destination));
        }
        if self.pos == self.toks.len() || self.at_word(HOLD_WORDS) {
            self.pos = (self.pos + 1).min(self.toks.len());
            self.end()?;
            return Ok(Order::Hold(unit));
        }
        if self.at_move() {
            self.skip_move();
            let mut dest = self
                .loc(Expected::Destination)
                .map_err(|e| e.with_reach(self.map, &unit))?;
            // A route (`A LVP - IRI - ENG - LON`) is read and its end kept; a route given
            // is the intent to go by convoy (DATC v3, 4.A.6).
            let mut through = Vec::new();
            while self.at_move() {
                self.skip_move();
                through.push(dest.prov);
                dest = self.loc(Expected::Destination)?;
            }
            let mut via_convoy = self.via_convoy();
            if !through.is_empty() {
                via_convoy = true;
                self.assumed.push(Assumed::ConvoyByRoute { through });
            }
            self.end()?;
            return Ok(Order::Move { unit, dest, via_convoy });
        }
        if self.at_word(SUPPORT_WORDS) {
            self.pos += 1;
            self.skip_nationality();
            let target = self.unit(Expected::UnitSupported)?;
            if self.pos == self.toks.len() || self.at_word(HOLD_WORDS) {
                self.pos = (self.pos + 1).min(self.toks.len());
                self.end()?;
                return Ok(Order::Support {
                    unit,
                    target,
                    dest: None,
                });
            }
            if !self.at_move() {
                return Err(self.error_here(Expected::SupportTail));
            }
            self.skip_move();
            let dest = self.loc(Expected::SupportedDestination)?;
            // `VIA CONVOY` in a support is harmless: read and ignored.
            self.via_convoy();
            self.end()?;
            return Ok(Order::Support {
                unit,
                target,
                dest: Some(dest),
            });
        }
        if self.at_word(CONVOY_WORDS) {
            self.pos += 1;
            self.skip_nationality();
            let army = self.unit(Expected::ArmyConvoyed)?;
            if !self.at_move() {
                return Err(self.error_here(Expected::ConvoyTail));
            }
            self.skip_move();
            let dest = self.loc(Expected::ConvoyedDestination)?;
            self.end()?;
            return Ok(Order::Convoy { unit, army, dest });
        }
        if self.at_word(DISBAND_WORDS) {
            self.pos += 1;
            self.end()?;
            return Ok(Order::Disband(unit));
        }
        if self.at_word(BUILD_WORDS) {
            self.pos += 1;
            self.end()?;
            return Ok(Order::Build(unit));
        }
        Err(self.error_here(Expected::OrderKind))
    }
}

/// A coast's code: `NC`, `SC`, `EC`, `WC`, and the French `CN`, `CS`, `CE`, `CO` (côte nord…).
/// Where a result pasted after an order begins, if the line has one: arbitre's reports
/// put it three spaces and `--` after the order (`F SEV - BLA   -- fails: bounced with
/// F ANK`, `-- échoue`), the Judge in `(*…*)` (`Army Paris -> Burgundy.  (*bounce*)`). A
/// `--` followed by a province is an arrow (`A LVP   -- EDI`), not a result.
fn result_after(map: &Map, text: &str) -> Option<usize> {
    if let Some(at) = text.find("(*") {
        return Some(at);
    }
    let at = text.find("   --")?;
    let tail = text[at + 5..].trim_start_matches(['-', '>', ' ']);
    let word: String = tail.chars().take_while(|c| c.is_alphabetic()).collect();
    let province =
        map.lookup(&word).is_some() || super::french::province(map, &crate::map::fold(&word), Lang::Fr).is_some();
    (!word.is_empty() && !province).then_some(at)
}

fn coast_code(w: &str) -> Option<Coast> {
    match w {
        "NC" | "CN" => Some(Coast::NC),
        "SC" | "CS" => Some(Coast::SC),
        "EC" | "CE" => Some(Coast::EC),
        "WC" | "CO" => Some(Coast::WC),
        _ => None,
    }
}

fn direction(w: &str) -> Option<Coast> {
    match w {
        "N" | "NORTH" | "NORD" => Some(Coast::NC),
        "S" | "SOUTH" | "SUD" => Some(Coast::SC),
        "E" | "EAST" | "EST" => Some(Coast::EC),
        "W" | "WEST" | "O" | "OUEST" => Some(Coast::WC),
        _ => None,
    }
}

/// Reads one order in the position-file notation. The error names the column and what was
/// expected there.
pub fn parse_order(map: &Map, line: &str) -> Result<Order, ParseError> {
    Reader::default().parse(map, line)
}

/// A unit alone in the normalised notation the judge writes (`A WAR`, `F STP/SC`), as the
/// state keeps a divine cast's target; `None` for any other text.
pub fn canonical_unit(map: &Map, text: &str) -> Option<UnitRef> {
    let mut b = Bytes {
        map,
        line: text,
        b: text.as_bytes(),
        i: 0,
    };
    let u = b.unit()?;
    b.at_end().then_some(u)
}

/// [`parse_order`] for many orders: the tokens and the folded words of each line go into
/// buffers kept from one order to the next, instead of two allocations per order. The
/// buffers outlive the reader too: dropped, it leaves them to the next reader on the same
/// thread, so a judge reading a few orders per phase does not allocate them every phase.
pub struct Reader {
    buf: Buffers,
    /// The last order read was written in the normalised notation ([`Reader::canonical`]).
    canonical: bool,
}

#[derive(Default)]
struct Buffers {
    toks: Vec<Token>,
    words: String,
}

thread_local! {
    /// The buffers of the last reader dropped on this thread.
    static SPARE: Cell<Option<Buffers>> = const { Cell::new(None) };
}

/// Buffers larger than this (a very long line was read) are not kept for the next reader.
const KEEP_AT_MOST: usize = 4096;

impl Default for Reader {
    fn default() -> Reader {
        let buf = SPARE.try_with(Cell::take).ok().flatten().unwrap_or_default();
        Reader { buf, canonical: false }
    }
}

impl Drop for Reader {
    fn drop(&mut self) {
        let buf = std::mem::take(&mut self.buf);
        if buf.words.capacity() <= KEEP_AT_MOST && buf.toks.capacity() <= KEEP_AT_MOST {
            // During the thread's teardown there is nowhere to keep them: they are freed.
            let _ = SPARE.try_with(|s| s.set(Some(buf)));
        }
    }
}

impl Reader {
    /// Was the last order read written in the normalised notation, `Order::to_text`'s (with
    /// `A PAR` for `A PAR H`)? Then its text is the order's own, unless the judge writes
    /// its units otherwise (another type or coast than on the board).
    pub fn canonical(&self) -> bool {
        self.canonical
    }

    #[inline]
    pub fn parse(&mut self, map: &Map, line: &str) -> Result<Order, ParseError> {
        if let Some(order) = canonical(map, line) {
            self.canonical = true;
            return Ok(order);
        }
        self.parse_written(map, line)
    }

    /// Reads one order as a player typed it, for a reader of `lang` (`docs/orders.md`): the
    /// notation and the other ways of writing it, English and French, French codes, one
    /// slip in a name corrected, a power's name before the order. What was assumed comes
    /// with the order; the columns of an error are the line's.
    pub fn read(&mut self, map: &Map, lang: Lang, line: &str) -> Result<Read, ParseError> {
        let prefix = super::typed::prefix(map, line);
        let start = prefix.as_ref().map_or(0, |p| p.end);
        let text = &line[start..];
        let mut assumed: Vec<Assumed> = prefix.iter().map(|p| Assumed::Prefix(p.power)).collect();
        // For a French reader, `GAL` is Galles however it is written: the fast path, which
        // reads English codes, leaves such a line to the full parser.
        let fast = lang != Lang::Fr || !super::french::COLLIDING.iter().any(|c| contains_word(text, c));
        if let Some(order) = fast.then(|| canonical(map, text)).flatten() {
            self.canonical = true;
            return Ok(Read { order, assumed });
        }
        self.canonical = false;
        // A line pasted from a report with its result (`F SEV - BLA   -- fails: …`, the
        // Judge's `(*bounce*)`): the order before it, when that reads alone.
        if let Some(cut) = result_after(map, text) {
            if let Ok(read) = self.read(map, lang, &line[..start + cut]) {
                return Ok(read);
            }
        }
        let shift = line[..start].chars().count();
        let moved = |mut e: ParseError| {
            e.column += shift;
            e
        };
        let Buffers { toks, words } = &mut self.buf;
        tokenize(text, toks, words).map_err(moved)?;
        if toks.is_empty() {
            return Err(moved(ParseError {
                column: 1,
                message: "empty order".into(),
                what: Unreadable::Empty,
            }));
        }
        let mut p = Parser {
            map,
            line: text,
            toks,
            words,
            pos: 0,
            lang: Some(lang),
            assumed: Vec::new(),
        };
        let order = p.order().map_err(moved)?;
        assumed.append(&mut p.assumed);
        Ok(Read { order, assumed })
    }

    /// [`Reader::parse`] past the fast path: the full parser.
    #[inline(never)]
    fn parse_written(&mut self, map: &Map, line: &str) -> Result<Order, ParseError> {
        self.canonical = false;
        let Buffers { toks, words } = &mut self.buf;
        tokenize(line, toks, words)?;
        if toks.is_empty() {
            return Err(ParseError {
                column: 1,
                message: "empty order".into(),
                what: Unreadable::Empty,
            });
        }
        let mut p = Parser {
            map,
            line,
            toks,
            words,
            pos: 0,
            lang: None,
            assumed: Vec::new(),
        };
        p.order()
    }
}

/// Does `text` hold `word` (upper case) as a word of its own, in any case?
fn contains_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric())
        .any(|w| w.eq_ignore_ascii_case(word))
}

/// The fast path of [`Reader::parse`]: an order written exactly in the normalised notation
/// of a movement phase ([`Order::to_text`]: `A PAR H`, `F STP/SC - BOT`, `A LON - NWY VIA
/// CONVOY`, `A MUN S A BER - SIL`, `F NTH C A LON - NWY`: upper case, one space between
/// the tokens), read byte by byte with no tokens and no folded copy of the words. That is
/// how the judges' own texts, and most players' orders, are written; reading them was half
/// of a movement phase's time. Anything else, or anything the full parser could read
/// otherwise (a province whose code begins a longer name, a unit type that is also a
/// power's name), gives `None`, and the full parser reads the line: the result is the
/// same either way (a test compares the two).
fn canonical(map: &Map, line: &str) -> Option<Order> {
    let mut c = Bytes {
        map,
        line,
        b: line.as_bytes(),
        i: 0,
    };
    let unit = c.unit()?;
    if c.at_end() {
        return Some(Order::Hold(unit));
    }
    let order = match c.keyword()? {
        b'H' => Order::Hold(unit),
        b'-' => {
            let dest = c.loc()?;
            let via_convoy = c.eat(b" VIA CONVOY");
            Order::Move { unit, dest, via_convoy }
        }
        b'S' => {
            let target = c.other_unit()?;
            let dest = match c.eat(b" - ") {
                true => Some(c.loc()?),
                false => None,
            };
            Order::Support { unit, target, dest }
        }
        b'C' => {
            let army = c.other_unit()?;
            if !c.eat(b" - ") {
                return None;
            }
            let dest = c.loc()?;
            Order::Convoy { unit, army, dest }
        }
        _ => return None,
    };
    c.at_end().then_some(order)
}

/// A cursor over the bytes of a line, for [`canonical`].
struct Bytes<'a> {
    map: &'a Map,
    line: &'a str,
    b: &'a [u8],
    i: usize,
}

impl Bytes<'_> {
    fn at_end(&self) -> bool {
        self.i == self.b.len()
    }

    /// Moves past `s` if the line continues with it.
    fn eat(&mut self, s: &[u8]) -> bool {
        let there = self.b[self.i..].starts_with(s);
        if there {
            self.i += s.len();
        }
        there
    }

    /// ` H`, ` - `, ` S `, ` C `: the keyword's first byte.
    fn keyword(&mut self) -> Option<u8> {
        match self.b.get(self.i..self.i + 2)? {
            [b' ', k @ b'H'] => {
                self.i += 2;
                Some(*k)
            }
            [b' ', k @ (b'-' | b'S' | b'C')] if self.b.get(self.i + 2) == Some(&b' ') => {
                self.i += 3;
                Some(*k)
            }
            _ => None,
        }
    }

    /// `A PAR`, `F STP/SC`.
    fn unit(&mut self) -> Option<UnitRef> {
        let kind = match self.b.get(self.i..self.i + 2)? {
            b"A " => UnitType::Army,
            b"F " => UnitType::Fleet,
            _ => return None,
        };
        self.i += 2;
        Some(UnitRef {
            kind: Some(kind),
            loc: self.loc()?,
        })
    }

    /// A supported or convoyed unit: where the full parser would read its type as a
    /// power's name (DATC 4.C.5), it is left to the full parser.
    fn other_unit(&mut self) -> Option<UnitRef> {
        let u = self.unit()?;
        // `unit` read a type, so there is one.
        match u.kind.is_some_and(|k| self.map.letter_is_power(k)) {
            true => None,
            false => Some(u),
        }
    }

    /// `PAR`, `STP/SC`: a province's code or name of one word that begins no longer name,
    /// then a coast after a slash, then a space or the end.
    #[inline(always)]
    fn loc(&mut self) -> Option<Loc> {
        let (b, start) = (self.b, self.i);
        let mut i = start;
        // Upper-case letters and digits: the word is as the full parser folds it. Its bytes
        // are packed as they are read ([`pack`]; meaningless past `SHORT` bytes).
        let (mut packed, mut shift) = (0u64, 0u32);
        while i < b.len() && WORD_BYTE[b[i] as usize] {
            packed |= (b[i] as u64).wrapping_shl(shift);
            shift += 8;
            i += 1;
        }
        let index = self.map.name_index();
        let found = match i - start {
            0 => return None,
            // A code, or a short name: its bytes are its key in the table of short names.
            1..=SHORT => index.find_packed(packed),
            _ => index.find(&self.line[start..i]),
        };
        let prov = found.province.filter(|_| !found.longer)?;
        let coast = match b.get(i) {
            Some(b'/') => {
                let c = match b.get(i + 1..i + 3)? {
                    b"NC" => Coast::NC,
                    b"SC" => Coast::SC,
                    b"EC" => Coast::EC,
                    b"WC" => Coast::WC,
                    _ => return None,
                };
                i += 3;
                Some(c)
            }
            _ => None,
        };
        self.i = i;
        match b.get(i) {
            None | Some(b' ') => Some(Loc { prov, coast }),
            _ => None,
        }
    }
}

/// The bytes a word of the fast path is made of: upper-case letters and digits.
static WORD_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = (c as u8).is_ascii_uppercase() || (c as u8).is_ascii_digit();
        c += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    /// A unit in the judge's notation reads alone, and nothing else does: not an order, not
    /// a power's name, not a unit in another notation.
    #[test]
    fn a_canonical_unit_reads_alone() {
        let map = Map::standard();
        let war = canonical_unit(map, "A WAR").unwrap();
        assert_eq!((war.kind, map.code(war.loc.prov)), (Some(UnitType::Army), "WAR"));
        let stp = canonical_unit(map, "F STP/SC").unwrap();
        assert_eq!((stp.kind, stp.loc.coast), (Some(UnitType::Fleet), Some(Coast::SC)));
        for other in ["A WAR H", "France", "a war", "A Varsovie", "A XYZ", ""] {
            assert!(canonical_unit(map, other).is_none(), "{other}");
        }
    }

    fn text(s: &str) -> String {
        let map = Map::standard();
        parse_order(map, s)
            .map(|o| o.to_text(map))
            .unwrap_or_else(|e| format!("error {e}"))
    }

    /// The fast path reads what the full parser reads, or leaves the line to it: over every
    /// pair of places of the standard map in every form it takes, and lines near those.
    #[test]
    fn the_fast_path_reads_as_the_full_parser_does() {
        let map = Map::standard();
        let full = |line: &str| {
            let Buffers { mut toks, mut words } = Buffers::default();
            tokenize(line, &mut toks, &mut words).and_then(|()| {
                Parser {
                    map,
                    line,
                    toks: &toks,
                    words: &words,
                    pos: 0,
                    lang: None,
                    assumed: Vec::new(),
                }
                .order()
            })
        };
        let mut places: Vec<String> = Vec::new();
        for p in 0..map.provinces.len() as ProvId {
            places.push(map.code(p).to_string());
            for c in map.coasts(p) {
                places.push(format!("{}/{}", map.code(p), c.code()));
            }
        }
        places.extend(
            [
                "STP/XC", "PAR/NC", "MID", "NORTH", "ST", "A", "S", "VIA", "ZZZ", "PAR.", "PAR/",
            ]
            .map(String::from),
        );
        let mut fast = 0;
        let mut check = |line: String| {
            if let Some(o) = canonical(map, &line) {
                fast += 1;
                assert_eq!(full(&line), Ok(o), "{line}");
            }
        };
        for a in &places {
            check(format!("A {a}"));
            check(format!("F {a} H"));
            check(format!("A {a} -"));
            check(format!("A {a} S"));
            check(format!("X {a} H"));
            for b in &places {
                check(format!("A {a} - {b}"));
                check(format!("F {a} - {b}"));
                check(format!("A {a} - {b} VIA CONVOY"));
                check(format!("A {a} - {b} VIA"));
                check(format!("A {a} - {b} - PAR"));
                check(format!("F {a} S A {b}"));
                check(format!("F {a} S F {b} H"));
                check(format!("A {a} S A {b} - PAR"));
                check(format!("A {a} S F {b} - STP/NC"));
                check(format!("F {a} C A {b} - SYR"));
                check(format!("F {a} C A {b}"));
                check(format!("A {a} -{b}"));
                check(format!("A {a}  - {b}"));
            }
        }
        assert!(fast > 40_000, "the fast path read only {fast} lines");
    }

    #[test]
    fn reads_the_usual_notation() {
        assert_eq!(text("A PAR - BUR"), "A PAR - BUR");
        assert_eq!(text("a par-bur"), "A PAR - BUR");
        assert_eq!(text("A PAR H"), "A PAR H");
        assert_eq!(text("A PAR"), "A PAR H");
        assert_eq!(text("A MUN S A BER - SIL"), "A MUN S A BER - SIL");
        assert_eq!(text("A MUN S BER"), "A MUN S BER");
        assert_eq!(text("F NTH C A LON - NWY"), "F NTH C A LON - NWY");
        assert_eq!(text("A LON - NWY VIA CONVOY"), "A LON - NWY VIA CONVOY");
        assert_eq!(text("A MUN D"), "A MUN D");
        assert_eq!(text("BUILD A PAR"), "BUILD A PAR");
        assert_eq!(text("REMOVE PAR"), "PAR D");
        assert_eq!(text("DISBAND A PAR"), "A PAR D");
        assert_eq!(text("waive"), "WAIVE");
        assert_eq!(text("A MUN SUPPORTS A BER HOLD"), "A MUN S A BER");
        assert_eq!(text("F NTH CONVOYS A LON TO NWY"), "F NTH C A LON - NWY");
        assert_eq!(text("A PAR MOVES TO BUR"), "A PAR - BUR");
        assert_eq!(text("A PAR -> BUR"), "A PAR - BUR");
    }

    #[test]
    fn reads_coasts_in_every_written_form() {
        for s in [
            "F MAO - SPA/NC",
            "F MAO - spa/nc",
            "F MAO - Spa(nc)",
            "F MAO - spa nc",
            "F MAO - SPA (North Coast)",
            "F MAO - spa/n",
        ] {
            assert_eq!(text(s), "F MAO - SPA/NC", "{s}");
        }
        assert_eq!(text("F StP(sc) - BOT"), "F STP/SC - BOT");
        assert_eq!(text("BUILD F STP/NC"), "BUILD F STP/NC");
    }

    #[test]
    fn reads_full_names_english_and_french() {
        assert_eq!(text("F English Channel - North Sea"), "F ENG - NTH");
        assert_eq!(text("F Manche - Mer du Nord"), "F ENG - NTH");
        assert_eq!(text("A Bourgogne - Paris"), "A BUR - PAR");
        assert_eq!(text("F Brest - Mid-Atlantic Ocean"), "F BRE - MAO");
        assert_eq!(text("F mid - nat"), "F MAO - NAO");
        assert_eq!(text("F nrg - gol"), "F NWG - LYO");
        assert_eq!(text("F Saint-Pétersbourg/côte sud - Golfe de Botnie"), "F STP/SC - BOT");
        assert_eq!(text("A Londres - Norvège par convoi"), "A LON - NWY VIA CONVOY");
    }

    #[test]
    fn nationality_in_support_is_read_and_ignored() {
        assert_eq!(text("F GRE S Russian F BLA - BUL"), "F GRE S F BLA - BUL");
        assert_eq!(text("A RUM S Turkey F CON - BUL"), "A RUM S F CON - BUL");
    }

    #[test]
    fn errors_say_what_and_where() {
        let map = Map::standard();
        let e = parse_order(map, "A PAR - XYZ").unwrap_err();
        assert_eq!(e.column, 9);
        assert!(e.message.contains("\"XYZ\" is not a province"), "{e}");
        let e = parse_order(map, "A PAR S").unwrap_err();
        assert!(e.message.contains("stops short"), "{e}");
        let e = parse_order(map, "A PAR - BUR BUR").unwrap_err();
        assert_eq!(e.column, 13);
        let e = parse_order(map, "F MAO - SPA/XC").unwrap_err();
        assert!(e.message.contains("not a coast"), "{e}");
        let e = parse_order(map, "A PAR # BUR").unwrap_err();
        assert!(e.message.contains("unexpected character"), "{e}");
        assert!(parse_order(map, "").is_err());
        // Columns count characters, not bytes (`é` is two bytes, `→` three).
        let e = parse_order(map, "F Saint-Pétersbourg → Xyz").unwrap_err();
        assert_eq!(e.column, 23, "{e}");
        let e = parse_order(map, "A Bourgogne ->  Zzz").unwrap_err();
        assert_eq!(e.column, 17, "{e}");
    }
}
