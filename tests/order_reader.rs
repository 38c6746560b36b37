//! Orders as players type them (issue #24): every case of `tests/order_reader/orders.txt`
//! read as a player's order, with what the reader assumed, or refused with the words a
//! refusal must hold; then lines of mail: several orders on one line, and the lines that
//! are no order at all.

use arbitre::lang::Lang;
use arbitre::map::Map;
use arbitre::order::{looks_like_an_order, split_orders, Assumed, Reader};

/// What was read, in the table's notation: the order, then ` + ` and each assumption.
fn reading(map: &Map, lang: Lang, typed: &str) -> String {
    match Reader::default().read(map, lang, typed) {
        Ok(read) => {
            let mut out = read.order.to_text(map);
            for a in &read.assumed {
                let what = match a {
                    Assumed::Misspelt { read, .. } => format!("slip {}", map.code(*read)),
                    Assumed::FrenchCode { read, .. } => format!("code {}", map.code(*read)),
                    Assumed::ConvoyByRoute { .. } => "route".to_string(),
                    Assumed::Prefix(p) => format!("prefix {}", map.power_name(*p)),
                    // Said only once the board is known (`Read::drop_irrelevant_coasts`).
                    Assumed::CoastDropped(d) => format!("coast dropped {}", map.loc_text(d.written)),
                };
                out.push_str(" + ");
                out.push_str(&what);
            }
            out
        }
        Err(e) => format!("! {e}"),
    }
}

#[test]
fn every_order_of_the_table_is_read_as_written_there() {
    let map = Map::standard();
    let table = include_str!("order_reader/orders.txt");
    let (mut cases, mut wrong) = (0, Vec::new());
    for (n, line) in table.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.splitn(3, " | ").collect();
        let [lang, typed, want] = parts[..] else {
            panic!("orders.txt line {}: write `lang | as typed | as read`", n + 1);
        };
        let lang = Lang::from_code(lang).unwrap_or_else(|| panic!("orders.txt line {}: `{lang}`", n + 1));
        cases += 1;
        let got = reading(map, lang, typed);
        let ok = match want.strip_prefix("! ") {
            Some(words) => got.starts_with("! ") && got.contains(words),
            None => got == want,
        };
        if !ok {
            wrong.push(format!("line {}: `{typed}`: want `{want}`, got `{got}`", n + 1));
        }
    }
    assert!(cases >= 150, "only {cases} cases");
    assert!(
        wrong.is_empty(),
        "{} of {cases} read otherwise:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// An error's column is the line's, a power's name before the order counted.
#[test]
fn an_error_after_a_power_name_points_into_the_line() {
    let map = Map::standard();
    let e = Reader::default()
        .read(map, Lang::En, "France: A PAR - XYZ")
        .unwrap_err();
    assert_eq!(e.column, 17, "{e}");
}

/// The reader never picks one of two readings: a word one slip from two provinces
/// (`Seria`: Serbia or Syria) is refused with both; a short word is only suggested.
#[test]
fn a_word_near_two_provinces_is_refused_with_both() {
    let map = Map::standard();
    let e = Reader::default().read(map, Lang::En, "A Bul - Seria").unwrap_err();
    assert!(e.message.ends_with("did you mean Serbia or Syria?"), "{e}");
    let e = Reader::default().read(map, Lang::En, "A Smyrna - Syra").unwrap_err();
    assert!(e.message.contains("did you mean Syria"), "{e}");
}

#[test]
fn several_orders_on_one_line_and_lines_that_are_no_orders() {
    let map = Map::standard();
    // (line, how many orders it holds; 0: not an order at all)
    let lines: &[(&str, usize)] = &[
        ("A PAR - BUR, A MAR - SPA", 2),
        ("A PAR - BUR; A MAR - SPA; F BRE - MAO", 3),
        ("F LON - NTH, F EDI - NWG, A LVP - YOR", 3),
        ("France: A PAR - BUR, A MAR S A PAR - BUR", 2),
        ("a par-bur,a mar-spa", 2),
        ("A Par - Bou ; A Mar - Esp", 2),
        ("A PAR - BUR", 1),
        ("Army Kiel SUPPORT German Army Munich.", 1),
        ("Sorry, late orders, again", 0),
        ("Ivan", 0),
        ("Sent from my iPhone", 0),
        ("Sent from my iPad", 0),
        ("Get Outlook for Android", 0),
        ("Sorry for the late orders.", 0),
        ("Thanks!", 0),
        ("Best regards,", 0),
        ("Cheers,", 0),
        ("-- ", 0),
        ("FROBNICATE the vote", 0),
        ("Envoyé de mon iPhone", 0),
        ("Cordialement,", 0),
        ("Merci par avance", 0),
        ("Bonne partie à tous !", 0),
        ("Désolé pour le retard.", 0),
        ("lvp attacks edi", 1),
        ("Paris", 1),
        ("waive", 1),
    ];
    for &(line, n) in lines {
        let order = looks_like_an_order(map, line);
        match n {
            0 => assert!(!order, "`{line}` is no order"),
            _ => {
                assert!(order, "`{line}` is an order");
                assert_eq!(split_orders(map, line).len(), n, "{line}");
            }
        }
    }
}
