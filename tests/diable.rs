//! Diable et Bon Dieu as data: every `tests/diable/*.yaml` is a position file of the variant
//! with an `expect:` block, checked against `arbitre::kinds::diplomacy::adjudicate`:
//!
//! ```yaml
//! expect:
//!   units: {France: [A BUR]}            # units after the phase (all of them)
//!   dislodged: {Germany: [A MUN]}       # movement phases: dislodged units (all of them)
//!   retreats: {A MUN: [BOH, TYR]}       # optional: legal retreats of dislodged units
//!   divine: {blessing: applied, curse: cancelled, adjustment_blessing: void}
//!   results: {"A PAR - BUR": succeeds}  # optional: verdicts of some orders
//!   next_phase: Winter 1903 Adjustment  # optional
//! ```

use arbitre::map::Map;
use arbitre::phase::PhaseKind;
use arbitre::position::Position;
use serde_yaml::Value;
use std::collections::BTreeMap;

use crate::common;

use common::{units_after, units_of};
use std::path::Path;

fn str_map(v: Option<&Value>) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    if let Some(Value::Mapping(m)) = v {
        for (k, x) in m {
            out.insert(k.as_str().unwrap().to_string(), x.as_str().unwrap().to_string());
        }
    }
    out
}

fn check_case(map: &Map, name: &str, text: &str) -> Vec<String> {
    let raw: Value = serde_yaml::from_str(text).unwrap();
    let expect = raw.get("expect").expect("every case has `expect:`");
    let position = match Position::parse(map, &arbitre::kinds::VARIANTS, text, name) {
        Ok(p) => p,
        Err(e) => return vec![format!("not read: {e}")],
    };
    let (outcome, divine) = arbitre::kinds::diplomacy::adjudicate(map, &position);
    let mut bad = Vec::new();

    let (units, dislodged) = units_after(map, &outcome);
    let mut retreats = BTreeMap::new();
    for d in &outcome.next.dislodged {
        let r: Vec<String> = d.retreats.iter().flatten().map(|l| map.loc_text(*l)).collect();
        retreats.insert(d.unit.text(map), r);
    }
    let want = units_of(expect.get("units"));
    if units != want {
        bad.push(format!("units: got {units:?}, want {want:?}"));
    }
    if position.phase.kind == PhaseKind::Movement {
        let want = units_of(expect.get("dislodged"));
        if dislodged != want {
            bad.push(format!("dislodged: got {dislodged:?}, want {want:?}"));
        }
    }
    if let Some(Value::Mapping(m)) = expect.get("retreats") {
        for (k, v) in m {
            let unit = k.as_str().unwrap().to_uppercase();
            let mut want: Vec<String> = v
                .as_sequence()
                .unwrap()
                .iter()
                .map(|x| x.as_str().unwrap().to_uppercase())
                .collect();
            want.sort();
            let mut got = retreats.get(&unit).cloned().unwrap_or_default();
            got.sort();
            if got != want {
                bad.push(format!("retreats of {unit}: got {got:?}, want {want:?}"));
            }
        }
    }
    let got_divine: BTreeMap<String, String> = divine
        .iter()
        .flat_map(|d| &d.entries)
        .map(|e| (e.key.to_string(), e.effect.to_string()))
        .collect();
    let want_divine = str_map(expect.get("divine"));
    if got_divine != want_divine {
        bad.push(format!("divine: got {got_divine:?}, want {want_divine:?}"));
    }
    for (order, verdict) in str_map(expect.get("results")) {
        match outcome.results.iter().find(|r| r.order == order) {
            Some(r) if r.verdict.as_str() == verdict => {}
            Some(r) => bad.push(format!(
                "{order}: got {} ({}), want {verdict}",
                r.verdict.as_str(),
                arbitre::words::reason(map, arbitre::lang::Lang::En, r)
            )),
            None => bad.push(format!("{order}: no such result")),
        }
    }
    if let Some(p) = expect.get("next_phase").and_then(Value::as_str) {
        if outcome.next_phase.to_string() != p {
            bad.push(format!("next phase: got {}, want {p}", outcome.next_phase));
        }
    }
    if !bad.is_empty() {
        for r in &outcome.results {
            bad.push(format!(
                "    {}: {} -> {} {}",
                map.power_name(r.power),
                r.order,
                r.verdict.as_str(),
                arbitre::words::reason(map, arbitre::lang::Lang::En, r)
            ));
        }
    }
    bad
}

#[test]
fn diable_et_bon_dieu_cases_pass() {
    let map = Map::standard();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diable");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "yaml"));
    files.sort();
    assert!(
        files.len() >= 20,
        "only {} variant cases in {}",
        files.len(),
        dir.display()
    );
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let bad = check_case(map, &name, &text);
        if !bad.is_empty() {
            failures.push(format!("{name}:\n  {}", bad.join("\n  ")));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
