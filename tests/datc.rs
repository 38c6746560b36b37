//! The DATC (v3, chapter 6) as data: every `tests/datc/*.yaml` is a position file with an
//! `expect:` block (the units after the phase, and for movement phases the dislodged units).
//! Each is adjudicated with the standard rules and its end state compared.

use crate::common;
use arbitre::judge::Outcome;
use arbitre::map::Map;
use arbitre::phase::PhaseKind;
use arbitre::position::Position;

use common::{units_after, units_of};
use std::path::Path;

/// Runs every case in `dir` through `judge`; returns the count and the failing cases, with why.
fn run_cases(dir: &Path, judge: impl Fn(&Map, &Position) -> Outcome) -> (usize, Vec<String>) {
    let map = Map::standard();
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "yaml"));
    files.sort();
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let raw: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
        let expect = raw.get("expect").expect("every case has `expect:`");
        let position = match Position::parse(map, &arbitre::kinds::VARIANTS, &text, &name) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{name}: not read: {e}"));
                continue;
            }
        };
        let outcome = judge(map, &position);
        let (units, dislodged) = units_after(map, &outcome);
        let want_units = units_of(expect.get("units"));
        let want_dislodged = units_of(expect.get("dislodged"));
        let mut bad = Vec::new();
        if units != want_units {
            bad.push(format!("units: got {units:?}, want {want_units:?}"));
        }
        if position.phase.kind == PhaseKind::Movement && dislodged != want_dislodged {
            bad.push(format!("dislodged: got {dislodged:?}, want {want_dislodged:?}"));
        }
        if !bad.is_empty() {
            let results: Vec<String> = outcome
                .results
                .iter()
                .map(|r| {
                    format!(
                        "    {}: {} -> {} {}",
                        map.power_name(r.power),
                        r.order,
                        r.verdict.as_str(),
                        arbitre::words::reason(map, arbitre::lang::Lang::En, r)
                    )
                })
                .collect();
            failures.push(format!("{name}:\n  {}\n{}", bad.join("\n  "), results.join("\n")));
        }
    }
    (files.len(), failures)
}

fn check(judge: impl Fn(&Map, &Position) -> Outcome) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/datc");
    let (count, failures) = run_cases(&dir, judge);
    assert!(count >= 165, "only {count} DATC cases found in {}", dir.display());
    assert!(
        failures.is_empty(),
        "{} of {count} DATC cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn datc_chapter_6_passes() {
    check(|map, p| arbitre::kinds::diplomacy::adjudicate(map, p).0);
}

/// The variant's hooks change nothing when no blessing or curse is cast.
#[test]
fn datc_chapter_6_passes_under_diable_et_bon_dieu_without_casts() {
    check(|map, p| {
        let mut p = p.clone();
        p.variant = "diable-et-bon-dieu".into();
        p.divine = None;
        arbitre::kinds::diplomacy::adjudicate(map, &p).0
    });
}

/// Every order of every case typed by a player: read by the reader a mail's order lines go
/// through (`order::Reader`, then the army coasts dropped with the board's help, as `arbitre
/// mail` does) and put on file as its text, in English as written, and in the French
/// notation a French player types (`A MAR soutient A PAR - BOU`). Every line the judge reads
/// must be read by the reader in both languages, and the reader must hand the judge the
/// order the case means: a coast dropped from a fleet's support (DATC 6.B.9) or a French
/// word read as another would show here.
#[test]
fn datc_chapter_6_passes_with_every_order_typed_by_a_player_in_english_and_in_french() {
    use arbitre::lang::Lang;
    use arbitre::order::{parse_order, Reader};
    for lang in [Lang::En, Lang::Fr] {
        check(|map, p| {
            let mut p = p.clone();
            let in_winter = p.phase.kind == PhaseKind::Adjustment;
            let retreat = p.phase.kind == PhaseKind::Retreat;
            // The type of the unit in a province: in a retreat phase, the dislodged one's.
            let board = p.board.clone();
            let kind_at = |prov| {
                if retreat {
                    board
                        .dislodged
                        .iter()
                        .find(|d| d.unit.loc.prov == prov)
                        .map(|d| d.unit.kind)
                } else {
                    board.unit_at(prov).map(|u| board.units[u].kind)
                }
            };
            for o in &mut p.orders {
                // A line the judge itself cannot read goes to it as written, as in the mail.
                let Ok(order) = parse_order(map, &o.text) else { continue };
                let typed = match lang {
                    Lang::Fr => order.text_in(map, Lang::Fr, in_winter),
                    Lang::En => o.text.clone(),
                };
                let mut read = Reader::default()
                    .read(map, lang, &typed)
                    .unwrap_or_else(|e| panic!("{lang:?}: {typed:?} (for {:?}) is not read: {e}", o.text));
                // A build's coast that could be a fleet's is refused by mail; the judge's
                // reading is left as read.
                let _ = read.drop_irrelevant_coasts(map, kind_at);
                o.text = read.order.to_text(map);
            }
            arbitre::kinds::diplomacy::adjudicate(map, &p).0
        });
    }
}
