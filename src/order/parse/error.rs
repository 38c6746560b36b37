//! Why an order could not be read, and where: the reader's errors as values.

use super::*;

/// Why an order could not be read, and where (1-based character column in the line):
/// in English words (`message`, as position files and logs say it) and as a value (`what`,
/// which a reader's language words, `templates/causes.*.txt`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub column: usize,
    pub message: String,
    pub what: Unreadable,
}

/// What made an order unreadable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// A character no order has.
    Character(char),
    /// A word found where another was expected.
    Unexpected {
        found: String,
        expected: Expected,
    },
    /// The order ends where something was expected.
    StopsShort {
        expected: Expected,
    },
    /// A word that names no province; the provinces whose names are nearest (at most
    /// three, nearest first), if any is near. Written as a move's destination with no
    /// name near it: where the moving unit stands and the provinces it can reach from there
    /// (the map's codes, in order), so that the reply says where it may go.
    NotAProvince {
        word: String,
        suggestions: Vec<crate::order::Suggestion>,
        reach: Option<Box<(String, Vec<String>)>>,
    },
    NotACoast {
        word: String,
    },
    Empty,
}

impl ParseError {
    /// A move's destination that names no province, and is near no name: told where the
    /// unit `from` can go (`A PAR - XYZ`: BRE, BUR, GAS, PIC), in the English message and in
    /// [`Unreadable::NotAProvince`]'s `reach` for the other languages. Any other error as
    /// it is.
    pub(super) fn with_reach(mut self, map: &Map, from: &UnitRef) -> ParseError {
        if let Unreadable::NotAProvince { suggestions, reach, .. } = &mut self.what {
            if suggestions.is_empty() {
                let prov = from.loc.prov;
                let mut to: Vec<ProvId> = match from.kind {
                    Some(UnitType::Army) => map.army_borders(prov).to_vec(),
                    Some(UnitType::Fleet) => map.fleet_reach_any_coast(prov).to_vec(),
                    None => map.any_borders(prov).collect(),
                };
                to.sort_by(|a, b| map.code(*a).cmp(map.code(*b)));
                to.dedup();
                if !to.is_empty() {
                    let codes: Vec<&str> = to.iter().map(|&p| map.code(p)).collect();
                    self.message.push_str(&format!(
                        "; from {} it can go to {}",
                        map.code(prov),
                        crate::order::or_list(&codes, "or")
                    ));
                    *reach = Some(Box::new((
                        map.code(prov).to_string(),
                        codes.iter().map(|c| c.to_string()).collect(),
                    )));
                }
            }
        }
        self
    }
}

/// What the parser expected at the place of an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    UnitToBuild,
    UnitToRemove,
    Unit,
    Destination,
    UnitSupported,
    SupportedDestination,
    SupportTail,
    ArmyConvoyed,
    ConvoyedDestination,
    ConvoyTail,
    Coast,
    CloseAfterCoast,
    CloseAfterUnit,
    End,
    OrderKind,
}

impl Expected {
    /// Its English words, as the parser's messages write them.
    pub fn text(self) -> &'static str {
        match self {
            Expected::UnitToBuild => "a unit to build, like \"A PAR\"",
            Expected::UnitToRemove => "a unit to remove, like \"A PAR\"",
            Expected::Unit => "a unit, like \"A PAR\" or \"F STP/SC\"",
            Expected::Destination => "a destination",
            Expected::UnitSupported => "the unit supported",
            Expected::SupportedDestination => "the destination of the supported move",
            Expected::SupportTail => {
                "\"-\" and the destination of the supported move, or nothing for a support to hold"
            }
            Expected::ArmyConvoyed => "the army convoyed",
            Expected::ConvoyedDestination => "the destination of the convoyed army",
            Expected::ConvoyTail => "\"-\" and the destination of the convoyed army",
            Expected::Coast => "a coast: NC, SC, EC or WC",
            Expected::CloseAfterCoast => "\")\" after the coast",
            Expected::CloseAfterUnit => "\")\" after the unit's province",
            Expected::End => "the end of the order",
            Expected::OrderKind => "H, -, S, C or D",
        }
    }

    /// Its name in snake case, for the templates.
    pub fn key(self) -> &'static str {
        match self {
            Expected::UnitToBuild => "unit_to_build",
            Expected::UnitToRemove => "unit_to_remove",
            Expected::Unit => "unit",
            Expected::Destination => "destination",
            Expected::UnitSupported => "unit_supported",
            Expected::SupportedDestination => "supported_destination",
            Expected::SupportTail => "support_tail",
            Expected::ArmyConvoyed => "army_convoyed",
            Expected::ConvoyedDestination => "convoyed_destination",
            Expected::ConvoyTail => "convoy_tail",
            Expected::Coast => "coast",
            Expected::CloseAfterCoast => "close_after_coast",
            Expected::CloseAfterUnit => "close_after_unit",
            Expected::End => "end",
            Expected::OrderKind => "order_kind",
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}
