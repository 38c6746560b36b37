//! Names near a word that names no province: one slip (`Edinburg`, `Burgundi`) is read as
//! the one province it can mean; anything further is refused with the nearest names.

use super::Suggestion;
use crate::map::{fold, Map, ProvId};

/// What is near the words at a place of an order.
#[derive(Debug, Default)]
pub struct Near {
    /// The one province one slip away, and the token after the words it took.
    pub slip: Option<(ProvId, usize)>,
    /// The provinces nearest, nearest first (at most three).
    pub suggestions: Vec<Suggestion>,
}

/// Words shorter than this (codes, mostly) are never corrected: one slip in three letters
/// makes another code as often as not.
const SLIP_FROM: usize = 5;

/// Words shorter than this get no suggestion: a code has too many neighbours one letter
/// away (`SIB`: Silesia? Sweden?) for any of them to help.
const SUGGEST_FROM: usize = 4;

/// `runs`: the folded words from the place, one, two, three… of them, each with the token
/// after it.
pub fn near(map: &Map, runs: &[(&str, usize)]) -> Near {
    if runs.first().is_none_or(|(w, _)| w.len() < SUGGEST_FROM) {
        return Near::default();
    }
    // (distance, province, token after), the best per province.
    let mut best: Vec<(usize, ProvId, usize)> = Vec::new();
    for (p, prov) in map.provinces.iter().enumerate() {
        let p = p as ProvId;
        let names = [&prov.code, &prov.name, &prov.french].into_iter().chain(&prov.aliases);
        for name in names {
            let name = fold(name);
            let words = name.split(' ').count();
            let Some(&(run, end)) = runs.get(words - 1) else {
                continue;
            };
            let letters = run.len() - (words - 1);
            let most = if letters >= 7 { 2 } else { 1 };
            let Some(d) = distance(run, &name, most) else {
                continue;
            };
            if letters < SLIP_FROM && d > 1 {
                continue;
            }
            match best.iter_mut().find(|b| b.1 == p) {
                Some(b) if b.0 <= d => {}
                Some(b) => *b = (d, p, end),
                None => best.push((d, p, end)),
            }
        }
    }
    best.sort_by_key(|&(d, p, _)| (d, map.code(p).to_string()));
    let ones: Vec<&(usize, ProvId, usize)> = best.iter().filter(|b| b.0 == 1).collect();
    let slip = match ones.as_slice() {
        [(_, p, end)] if runs.first().is_some_and(|(r, _)| r.len() >= SLIP_FROM) => Some((*p, *end)),
        _ => None,
    };
    Near {
        slip,
        suggestions: best
            .iter()
            .take(3)
            .map(|&(_, p, _)| Suggestion {
                prov: p,
                name: map.province(p).name.clone(),
                french: map.province(p).french.clone(),
            })
            .collect(),
    }
}

/// The one province whose name has more than `words` words and is one slip from the run of
/// as many words (`Mid-Atlantc` for `Mid-Atlantic`, where `Mid` alone names it too), with
/// the token after that run; `None` when no name, or more than one, is.
pub fn slip_longer(map: &Map, runs: &[(&str, usize)], words: usize) -> Option<(ProvId, usize)> {
    let mut found: Option<(ProvId, usize)> = None;
    for (p, prov) in map.provinces.iter().enumerate() {
        let p = p as ProvId;
        let names = [&prov.name, &prov.french].into_iter().chain(&prov.aliases);
        for name in names {
            let name = fold(name);
            let count = name.split(' ').count();
            let Some(&(run, end)) = runs.get(count - 1).filter(|_| count > words) else {
                continue;
            };
            if run.len() - (count - 1) < SLIP_FROM || distance(run, &name, 1) != Some(1) {
                continue;
            }
            match found {
                Some((q, _)) if q != p => return None,
                // The longest of its names that fits.
                Some((_, e)) => found = Some((p, e.max(end))),
                None => found = Some((p, end)),
            }
        }
    }
    found
}

/// The optimal string alignment distance between `a` and `b` (a slip: a letter added,
/// dropped, changed, or two swapped), if it is at most `most`.
pub fn distance(a: &str, b: &str, most: usize) -> Option<usize> {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len().abs_diff(b.len()) > most {
        return None;
    }
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        d[i * w] = i;
    }
    for (j, x) in d.iter_mut().enumerate().take(w) {
        *x = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j] + 1)
                .min(d[i * w + j - 1] + 1)
                .min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
        }
    }
    let v = d[a.len() * w + b.len()];
    (v <= most).then_some(v)
}

/// `a`, `a or b`, `a, b or c` (`or` in the reader's language).
pub fn or_list(names: &[&str], or: &str) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} {or} {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slip_is_one_letter_added_dropped_changed_or_two_swapped() {
        assert_eq!(distance("EDINBURG", "EDINBURGH", 2), Some(1));
        assert_eq!(distance("BURGUNDI", "BURGUNDY", 2), Some(1));
        assert_eq!(distance("BURGNUDY", "BURGUNDY", 2), Some(1));
        assert_eq!(distance("BRUGNUDY", "BURGUNDY", 2), Some(2));
        assert_eq!(distance("PARIS", "PARIS", 1), Some(0));
        assert_eq!(distance("XYZ", "PARIS", 2), None);
    }

    #[test]
    fn one_slip_on_a_name_is_read_and_a_code_is_not() {
        let map = Map::standard();
        let n = near(map, &[("EDINBURG", 1)]);
        assert_eq!(n.slip, Some((map.by_code("EDI").unwrap(), 1)));
        // `PARS`: one slip from PARIS and from PAR; too short to be read, only suggested.
        let n = near(map, &[("PARS", 1)]);
        assert_eq!(n.slip, None);
        assert!(n.suggestions.iter().any(|s| s.name == "Paris"), "{n:?}");
        assert!(n.suggestions.len() <= 3);
        // A code gets nothing: `SIB` is one letter from too many.
        assert!(near(map, &[("SIB", 1)]).suggestions.is_empty());
        assert_eq!(or_list(&["a", "b", "c"], "or"), "a, b or c");
    }
}
