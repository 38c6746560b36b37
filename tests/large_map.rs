//! A map of more provinces than a `u16` can number (`ProvId` is a `u32`): a line of 70,000
//! land provinces, with a chain of moves at the far end and a standoff past 65,535, read and
//! judged like any other.

use arbitre::judge::{self, Board, Standard, Submitted, Unit};
use arbitre::map::{Loc, Map, Power, UnitType};
use arbitre::phase::Phase;
use std::fmt::Write;

const N: usize = 70_000;

fn line_map() -> Map {
    let mut y = String::from("name: line\npowers:\n  Red: {adjective: Red, french: Rouge}\n");
    y.push_str("  Blue: {adjective: Blue, french: Bleu}\nprovinces:\n");
    for i in 0..N {
        let _ = writeln!(y, "  L{i}: {{kind: land, name: L{i}, french: L{i}}}");
    }
    y.push_str("armies:\n");
    for i in 0..N {
        let next: Vec<String> = [i.checked_sub(1), Some(i + 1).filter(|&j| j < N)]
            .into_iter()
            .flatten()
            .map(|j| format!("L{j}"))
            .collect();
        let _ = writeln!(y, "  L{i}: [{}]", next.join(", "));
    }
    y.push_str("fleets: {}\nstarting_units: {}\n");
    Map::from_yaml(&y, "line").expect("the line map is valid")
}

#[test]
fn provinces_past_65535_are_read_and_judged() {
    let map = line_map();
    assert_eq!(map.provinces.len(), N);
    let last = map.lookup("l69999").expect("the last province by name");
    assert_eq!(last as usize, N - 1);
    assert_eq!(map.code(last), "L69999");
    assert_eq!(map.army_borders(last), &[last - 1]);

    let (red, blue) = (Power(0), Power(1));
    let army = |power, p: usize| Unit {
        power,
        kind: UnitType::Army,
        loc: Loc::new(p as u32),
    };
    let board = Board {
        units: vec![
            army(red, 69_997),
            army(red, 69_998),
            army(blue, 65_536),
            army(red, 65_538),
        ],
        ..Board::default()
    };
    let orders = [
        (red, "A L69997 - L69998"),
        (red, "A L69998 - L69999"),
        (blue, "A L65536 - L65537"),
        (red, "A L65538 - L65537"),
    ]
    .map(|(power, text)| Submitted {
        power,
        text: text.into(),
    });
    let phase = Phase::parse("Spring 1901 Movement").unwrap();
    let outcome = judge::adjudicate(&map, phase, &board, &orders, &Standard);
    let texts: Vec<String> = outcome.next.units.iter().map(|u| u.text(&map)).collect();
    // The two at the end follow each other; the two others bounce.
    assert_eq!(texts, ["A L69998", "A L69999", "A L65536", "A L65538"]);
    let verdicts: Vec<&str> = outcome.results.iter().map(|r| r.verdict.as_str()).collect();
    assert_eq!(verdicts, ["succeeds", "succeeds", "fails", "fails"]);
}
