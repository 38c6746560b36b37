//! Orders as players type them in a mail, around the order itself: a power's name before
//! the orders (`France: A PAR - BUR`), several orders on one line (`A PAR-BUR, A MAR-SPA`),
//! and the lines that are no order at all (a signature, thanks).

use super::Assumed;
use super::Order;
use crate::map::{fold, Map, Power};

/// An order read as a player typed it ([`super::Reader::read`]), with what was assumed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Read {
    pub order: Order,
    pub assumed: Vec<Assumed>,
}

impl Read {
    /// The power named before the order, if one was.
    pub fn prefix(&self) -> Option<Power> {
        self.assumed.iter().find_map(|a| match a {
            Assumed::Prefix(p) => Some(*p),
            _ => None,
        })
    }
}

/// The power a line names and nothing else (`France:`, `Angleterre :`): a heading over the
/// orders that follow, as players paste them.
pub fn heading(map: &Map, line: &str) -> Option<Power> {
    prefix(map, line)
        .filter(|p| line[p.end..].trim().is_empty())
        .map(|p| p.power)
}

/// A power's name before a colon at the start of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prefix {
    pub power: Power,
    /// The byte just after the colon.
    pub end: usize,
}

/// The power named before a colon at the start of `line` (`France:`, `FRA:`, `Angleterre
/// :`, `English:`): its name, adjective or French name, or three letters or more that begin
/// the name of one power only (English or French).
pub fn prefix(map: &Map, line: &str) -> Option<Prefix> {
    let colon = line.find(':')?;
    let head = fold(&line[..colon]);
    if head.is_empty() || head.len() > 24 || head.contains(' ') {
        return None;
    }
    let power = map.power_by_folded_name(&head).or_else(|| {
        if head.len() < 3 {
            return None;
        }
        let mut found = map
            .powers
            .iter()
            .enumerate()
            .filter(|(_, p)| [&p.name, &p.french].iter().any(|n| fold(n).starts_with(&head)));
        let (first, _) = found.next()?;
        found.next().is_none().then_some(Power(first as u8))
    })?;
    Some(Prefix { power, end: colon + 1 })
}

/// The orders of a line: one, or several separated by `,` or `;` when every part reads like
/// an order ([`looks_like_an_order`]), each with the power's name of the line if it has one.
/// A sentence with commas stays one line.
pub fn split_orders(map: &Map, line: &str) -> Vec<String> {
    if !line.contains([',', ';']) {
        return vec![line.to_string()];
    }
    let start = prefix(map, line).map_or(0, |p| p.end);
    let (head, body) = line.split_at(start);
    let parts: Vec<&str> = body
        .split([',', ';'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if parts.len() < 2 || !parts.iter().all(|p| looks_like_an_order(map, p)) {
        return vec![line.to_string()];
    }
    parts
        .into_iter()
        .map(|p| match head.is_empty() {
            true => p.to_string(),
            false => format!("{head} {p}"),
        })
        .collect()
}

/// Words that make a line an order, whatever else it holds (`attacks`, `soutient`,
/// `build`): full words only, not the one-letter forms.
const ORDER_WORDS: &[&str] = &[
    "MOVE",
    "MOVES",
    "MOVING",
    "ATTACK",
    "ATTACKS",
    "ATTAQUE",
    "RETREAT",
    "RETREATS",
    "RETRAITE",
    "HOLD",
    "HOLDS",
    "TIENT",
    "SUPPORT",
    "SUPPORTS",
    "SOUTIENT",
    "CONVOY",
    "CONVOYS",
    "CONVOIE",
    "BUILD",
    "BUILDS",
    "CONSTRUIRE",
    "CONSTRUIT",
    "MOBILISER",
    "MOBILISE",
    "DISBAND",
    "DISBANDS",
    "REMOVE",
    "DISSOUDRE",
    "DISSOUS",
    "DEMOBILISER",
    "DEMOBILISE",
    "WAIVE",
    "RENONCE",
    "RENONCER",
];
/// Unit types: one before a province makes the line an order.
const UNIT_WORDS: &[&str] = &["A", "F", "ARMY", "FLEET", "ARMEE", "FLOTTE"];

/// Does this line read like an order (well written or not): has it a unit, a province or an
/// order word? A signature, thanks, "Sent from my iPhone" have none, and are told apart from
/// a mistyped order so that they are not counted as errors. A code of three letters or less
/// counts as a province only written in capitals, after a unit type, or in a line with an
/// arrow (`par` is a French word, `war` an English one); a longer name always counts.
pub fn looks_like_an_order(map: &Map, line: &str) -> bool {
    if heading(map, line).is_some() {
        return true;
    }
    let start = prefix(map, line).map_or(0, |p| p.end);
    let line = &line[start..];
    let words: Vec<&str> = line
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let arrow = line.contains(['-', '>', '=', '→', '–']);
    // A unit type first, then a word in capitals or an arrow (`A XYZ - QQQ`), or a unit
    // type written out (`Army Xyz`): an order, however badly written (`A lot of thanks`
    // is none). Checked first: it is most order lines, and needs no word folded.
    if let [first, second, ..] = &words[..] {
        let first = fold(first);
        let capitals = second.chars().all(|c| !c.is_lowercase());
        let typed = matches!(first.as_str(), "ARMY" | "FLEET" | "ARMEE" | "FLOTTE");
        if UNIT_WORDS.contains(&first.as_str()) && (typed || arrow || capitals) {
            return true;
        }
    }
    let folded: Vec<String> = words.iter().map(|w| fold(w)).collect();
    let index = map.name_index();
    for (i, w) in folded.iter().enumerate() {
        if ORDER_WORDS.contains(&w.as_str()) {
            return true;
        }
        let after_unit = i > 0 && UNIT_WORDS.contains(&folded[i - 1].as_str());
        // The longest name from here.
        let mut run = String::new();
        for (k, next) in folded[i..].iter().take(index.max_words).enumerate() {
            if k > 0 {
                run.push(' ');
            }
            run.push_str(next);
            let found = index.find(&run);
            let short = k == 0 && run.len() <= 3;
            let named = found.province.is_some()
                || k == 0 && super::french::province(map, &run, crate::lang::Lang::Fr).is_some();
            if named {
                let capitals = words[i].chars().all(|c| !c.is_lowercase());
                if !short || capitals || after_unit || arrow {
                    return true;
                }
            }
            if !found.longer {
                break;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_power_alone_before_its_colon_is_a_heading() {
        let map = Map::standard();
        let france = map.power_by_name("France");
        assert_eq!(super::heading(map, "France:"), france);
        assert_eq!(super::heading(map, "  FRA : "), france);
        assert_eq!(super::heading(map, "France: A PAR - BUR"), None);
        assert_eq!(super::heading(map, "Thanks:"), None);
        assert!(super::looks_like_an_order(map, "Angleterre :"));
    }

    use super::*;

    #[test]
    fn a_power_before_the_orders_is_read_in_any_of_its_names() {
        let map = Map::standard();
        let france = map.power_by_name("France");
        for line in [
            "France: A PAR - BUR",
            "FRA: A PAR - BUR",
            "France : A PAR - BUR",
            "french: A PAR - BUR",
        ] {
            assert_eq!(prefix(map, line).map(|p| p.power), france, "{line}");
        }
        assert_eq!(
            prefix(map, "Angleterre : F LON - NTH").map(|p| p.power),
            map.power_by_name("England")
        );
        assert_eq!(prefix(map, "A EDI : NWY"), None);
        assert_eq!(prefix(map, "A PAR - BUR"), None);
    }

    #[test]
    fn several_orders_on_a_line_are_split_and_a_sentence_is_not() {
        let map = Map::standard();
        assert_eq!(split_orders(map, "A PAR-BUR, A MAR-SPA; F BRE-MAO").len(), 3);
        assert_eq!(
            split_orders(map, "France: A PAR-BUR, A MAR-SPA"),
            vec!["France: A PAR-BUR", "France: A MAR-SPA"]
        );
        assert_eq!(split_orders(map, "Sorry, late orders, again").len(), 1);
        assert_eq!(split_orders(map, "A PAR - BUR").len(), 1);
    }

    #[test]
    fn signatures_and_thanks_are_no_orders() {
        let map = Map::standard();
        for line in [
            "Ivan",
            "Sent from my iPhone",
            "Sorry for the late orders.",
            "Thanks!",
            "Best regards,",
            "FROBNICATE the vote",
            "Envoyé de mon iPhone",
            "Merci par avance",
            "Le mar. 3 nov. 2026, Ivan a écrit",
            "A lot of thanks",
        ] {
            assert!(!looks_like_an_order(map, line), "{line}");
        }
        for line in [
            "A PAR - BUR",
            "lvp => edi",
            "lvp attacks edi",
            "a par s a mar",
            "PAR",
            "Army Liverpool",
            "Paris",
            "Bou - Pic",
            "waive",
            "build army paris",
            "A XYZ0 - QQQ",
            "F Xyz - Qqq",
            "A XYZ",
            "Army Xyz",
        ] {
            assert!(looks_like_an_order(map, line), "{line}");
        }
    }
}
