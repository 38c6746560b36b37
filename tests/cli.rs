//! The `arbitre` command as a new user meets it: `arbitre adjudicate FILE` on good positions
//! (the output keys of `shared/spec/position-file.md`), on bad ones (a message on stderr
//! that names the file and the line, nothing on stdout, a non-zero exit), on standard
//! input, and one golden file compared byte for byte.

use serde_yaml::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

// ---- helpers ----

/// A fresh folder under the system temp dir, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("arbitre-cli-test-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create temp dir");
        TempDir(dir)
    }

    /// Writes `text` to `name` in the folder and returns its path.
    fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("write temp file");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn arbitre(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(args)
        .output()
        .expect("run arbitre")
}

fn adjudicate_path(path: &Path) -> Output {
    arbitre(&["adjudicate", path.to_str().expect("utf-8 temp path")])
}

fn adjudicate_stdin(text: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["adjudicate", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run arbitre");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(text.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("wait for arbitre")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

/// Adjudicates a good position: exit 0, nothing on stderr, YAML on stdout.
fn adjudicate(text: &str) -> Value {
    let dir = TempDir::new();
    let path = dir.file("position.yaml", text);
    let out = adjudicate_path(&path);
    assert!(
        out.status.success(),
        "exit {:?}\nstderr: {}",
        out.status.code(),
        stderr(&out)
    );
    assert_eq!(stderr(&out), "", "a good position prints nothing on stderr");
    serde_yaml::from_str(&stdout(&out)).unwrap_or_else(|e| panic!("stdout is not YAML: {e}\n{}", stdout(&out)))
}

/// Adjudicates a bad position: a non-zero exit, nothing on stdout, and a message on stderr
/// that starts with the file's name and, when `line` is given, that line: `FILE:LINE: …`.
/// Returns the message.
fn rejected(text: &str, line: Option<usize>) -> String {
    let dir = TempDir::new();
    let path = dir.file("bad.yaml", text);
    let out = adjudicate_path(&path);
    let err = stderr(&out);
    assert!(!out.status.success(), "should fail; stdout:\n{}", stdout(&out));
    assert_eq!(stdout(&out), "", "nothing on stdout when the file is rejected");
    let name = path.display().to_string();
    assert!(err.contains(&name), "stderr should name {name}: {err}");
    if let Some(l) = line {
        assert!(
            err.contains(&format!("{name}:{l}: ")),
            "stderr should give line {l}: {err}"
        );
    }
    let message = err.split(&format!("{name}:")).nth(1).unwrap_or("").trim();
    assert!(!message.is_empty(), "stderr should say what is wrong: {err}");
    err
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("`{key}` should be a string in {v:?}"))
}

fn results(doc: &Value) -> &Vec<Value> {
    doc.get("results")
        .and_then(Value::as_sequence)
        .expect("`results` is a list")
}

/// The result whose normalised `order` is `order`.
fn result<'a>(doc: &'a Value, order: &str) -> &'a Value {
    results(doc)
        .iter()
        .find(|r| r.get("order").and_then(Value::as_str) == Some(order))
        .unwrap_or_else(|| panic!("no result for `{order}` in {:?}", results(doc)))
}

/// `(result, reason)` of an order.
fn verdict<'a>(doc: &'a Value, order: &str) -> (&'a str, &'a str) {
    let r = result(doc, order);
    (str_of(r, "result"), str_of(r, "reason"))
}

fn next(doc: &Value) -> &Value {
    doc.get("next").expect("`next` is present")
}

/// A `power -> [strings]` mapping under `next`, each list sorted.
fn lists(v: &Value, key: &str) -> Vec<(String, Vec<String>)> {
    let m = v
        .get(key)
        .and_then(Value::as_mapping)
        .unwrap_or_else(|| panic!("`{key}` should be a mapping in {v:?}"));
    m.iter()
        .map(|(k, l)| {
            let mut items: Vec<String> = l
                .as_sequence()
                .expect("a list")
                .iter()
                .map(|x| x.as_str().expect("a string").to_string())
                .collect();
            items.sort();
            (k.as_str().expect("a power").to_string(), items)
        })
        .collect()
}

/// The sorted list for one power in a `power -> [strings]` mapping.
fn list_of(v: &Value, key: &str, power: &str) -> Vec<String> {
    lists(v, key)
        .into_iter()
        .find(|(p, _)| p == power)
        .map(|(_, l)| l)
        .unwrap_or_default()
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

// ---- positions ----

const OPENING: &str = "\
phase: Spring 1901 Movement
units:
  England: [F LON, F EDI, A LVP]
  France: [F BRE, A PAR, A MAR]
  Germany: [F KIE, A BER, A MUN]
  Italy: [F NAP, A ROM, A VEN]
  Austria: [A VIE, A BUD, F TRI]
  Russia: [A MOS, A WAR, F SEV, F STP/SC]
  Turkey: [F ANK, A CON, A SMY]
orders:
  England: [F LON - NTH, F EDI - NWG, A LVP - YOR]
  France: [F BRE - MAO, A PAR - BUR, A MAR S A PAR - BUR]
  Germany: [F KIE - DEN, A BER - KIE, A MUN - RUH]
  Italy: [F NAP - ION, A ROM - APU, A VEN H]
  Austria: [F TRI - ALB, A BUD - SER, A VIE - TRI]
  Russia: [A MOS - UKR, A WAR - GAL, F SEV - BLA, F STP/SC - BOT]
  Turkey: [F ANK - BLA, A CON - BUL, A SMY - CON]
";

const STANDOFF: &str = "\
phase: Spring 1901 Movement
units:
  France: [A PAR]
  Germany: [A MUN]
orders:
  France: [A PAR - BUR]
  Germany: [A MUN - BUR]
";

/// A MUN dislodges A BOH with support; A VIE and A VEN stand off in TYR.
const DISLODGEMENT: &str = "\
phase: Spring 1901 Movement
units:
  Germany: [A MUN, A SIL]
  Austria: [A BOH, A VIE]
  Italy: [A VEN]
orders:
  Germany: [A MUN - BOH, A SIL S A MUN - BOH]
  Austria: [A BOH H, A VIE - TYR]
  Italy: [A VEN - TYR]
";

/// England takes NWY, Germany takes HOL and DEN; KIE is left empty but stays German.
const FALL: &str = "\
phase: Fall 1901 Movement
units:
  England: [F NTH, A YOR]
  Germany: [F HEL, A KIE]
orders:
  England: [F NTH - NWY, A YOR - LON]
  Germany: [F HEL - HOL, A KIE - DEN]
";

const ADJUSTMENT: &str = "\
phase: Winter 1901 Adjustment
units:
  Germany: [F HOL, A DEN, A MUN]
supply_centers:
  Germany: [BER, KIE, MUN, HOL, DEN]
orders:
  Germany: [BUILD A BER]
";

// ---- good positions ----

#[test]
fn output_has_the_top_level_keys_of_the_spec() {
    let doc = adjudicate(OPENING);
    assert_eq!(str_of(&doc, "phase"), "Spring 1901 Movement");
    assert!(doc.get("results").and_then(Value::as_sequence).is_some());
    let n = next(&doc);
    assert!(n.get("phase").is_some(), "next.phase");
    assert!(n.get("units").and_then(Value::as_mapping).is_some(), "next.units");
    assert!(
        n.get("supply_centers").and_then(Value::as_mapping).is_some(),
        "next.supply_centers"
    );
}

#[test]
fn every_result_has_power_order_result_and_reason() {
    let doc = adjudicate(OPENING);
    assert_eq!(results(&doc).len(), 22);
    for r in results(&doc) {
        let keys: Vec<&str> = r
            .as_mapping()
            .expect("a result is a mapping")
            .keys()
            .map(|k| k.as_str().unwrap())
            .collect();
        assert_eq!(keys, ["power", "order", "result", "reason"], "{r:?}");
        assert!(["succeeds", "fails", "void"].contains(&str_of(r, "result")), "{r:?}");
        let _ = str_of(r, "reason");
    }
}

#[test]
fn opening_orders_give_the_expected_results() {
    let doc = adjudicate(OPENING);
    for order in [
        "F LON - NTH",
        "F EDI - NWG",
        "A PAR - BUR",
        "A MAR S A PAR - BUR",
        "A BER - KIE",
        "A SMY - CON",
        "F STP/SC - BOT",
        "A VIE - TRI",
    ] {
        assert_eq!(verdict(&doc, order), ("succeeds", ""), "{order}");
    }
    assert_eq!(verdict(&doc, "F SEV - BLA"), ("fails", "bounced with F ANK"));
    assert_eq!(verdict(&doc, "F ANK - BLA"), ("fails", "bounced with F SEV"));
    assert_eq!(str_of(result(&doc, "F ANK - BLA"), "power"), "Turkey");
}

#[test]
fn opening_moves_the_units_and_leads_to_fall() {
    let doc = adjudicate(OPENING);
    let n = next(&doc);
    assert_eq!(str_of(n, "phase"), "Fall 1901 Movement");
    assert_eq!(
        list_of(n, "units", "Russia"),
        strings(&["A GAL", "A UKR", "F BOT", "F SEV"])
    );
    assert_eq!(list_of(n, "units", "Turkey"), strings(&["A BUL", "A CON", "F ANK"]));
    assert_eq!(lists(n, "units").len(), 7);
}

/// Italy's A APU is dislodged from NAP with VEN and ROM held: it has nowhere to go.
const NOWHERE_TO_RETREAT: &str = "variant: standard
phase: PHASE
units:
  Italy: [A APU]
  Austria: [A NAP, F ION, A VEN, A ROM]
supply_centers:
  Italy: [NAP]
orders:
  Austria: [A NAP - APU, F ION S A NAP - APU, A VEN H, A ROM H]
";

/// The position-file spec: a retreat phase in which no dislodged unit can go anywhere is
/// skipped; its units are gone from `next` and listed in `next.disbanded`.
#[test]
fn a_retreat_phase_with_nowhere_to_go_is_skipped() {
    let doc = adjudicate(&NOWHERE_TO_RETREAT.replace("PHASE", "Spring 1901 Movement"));
    let n = next(&doc);
    assert_eq!(str_of(n, "phase"), "Fall 1901 Movement");
    assert_eq!(list_of(n, "disbanded", "Italy"), strings(&["A APU"]));
    assert!(list_of(n, "units", "Italy").is_empty());
    assert!(n.get("dislodged").is_none(), "no retreat phase, so no dislodged units");

    // In the autumn the phase after the skipped retreat is the winter, with the centres
    // updated: Italy keeps NAP with no unit left, so it may build.
    let doc = adjudicate(&NOWHERE_TO_RETREAT.replace("PHASE", "Fall 1901 Movement"));
    let n = next(&doc);
    assert_eq!(str_of(n, "phase"), "Winter 1901 Adjustment");
    assert_eq!(list_of(n, "disbanded", "Italy"), strings(&["A APU"]));
    assert_eq!(list_of(n, "supply_centers", "Italy"), strings(&["NAP"]));

    // A retreat with somewhere to go is still a phase of its own.
    let open = NOWHERE_TO_RETREAT
        .replace("A ROM H", "A ROM - TUS")
        .replace("PHASE", "Spring 1901 Movement");
    let n = next(&adjudicate(&open)).clone();
    assert_eq!(str_of(&n, "phase"), "Spring 1901 Retreat");
    assert!(n.get("disbanded").is_none());
}

#[test]
fn supply_centres_do_not_change_after_spring() {
    let doc = adjudicate(OPENING);
    let n = next(&doc);
    assert_eq!(list_of(n, "supply_centers", "Germany"), strings(&["BER", "KIE", "MUN"]));
    assert_eq!(
        list_of(n, "supply_centers", "Russia"),
        strings(&["MOS", "SEV", "STP", "WAR"])
    );
    let owned: usize = lists(n, "supply_centers").iter().map(|(_, l)| l.len()).sum();
    assert_eq!(owned, 22, "only home centres are owned at the start");
}

#[test]
fn a_standoff_is_reported_as_bounced_with_the_other_unit() {
    let doc = adjudicate(STANDOFF);
    assert_eq!(verdict(&doc, "A PAR - BUR"), ("fails", "bounced with A MUN"));
    assert_eq!(verdict(&doc, "A MUN - BUR"), ("fails", "bounced with A PAR"));
}

#[test]
fn a_standoff_leaves_both_units_in_place() {
    let doc = adjudicate(STANDOFF);
    let n = next(&doc);
    assert_eq!(str_of(n, "phase"), "Fall 1901 Movement");
    assert_eq!(list_of(n, "units", "France"), strings(&["A PAR"]));
    assert_eq!(list_of(n, "units", "Germany"), strings(&["A MUN"]));
}

#[test]
fn a_dislodgement_leads_to_a_retreat_phase() {
    let doc = adjudicate(DISLODGEMENT);
    assert_eq!(verdict(&doc, "A MUN - BOH"), ("succeeds", ""));
    assert_eq!(verdict(&doc, "A SIL S A MUN - BOH").0, "succeeds");
    assert!(verdict(&doc, "A BOH H").1.contains("dislodged by A MUN"));
    assert_eq!(str_of(next(&doc), "phase"), "Spring 1901 Retreat");
}

#[test]
fn a_dislodged_unit_is_listed_with_attacker_and_retreats() {
    let doc = adjudicate(DISLODGEMENT);
    let d = next(&doc)
        .get("dislodged")
        .and_then(|d| d.get("Austria"))
        .and_then(Value::as_sequence)
        .expect("next.dislodged.Austria is a list");
    assert_eq!(d.len(), 1);
    assert_eq!(str_of(&d[0], "unit"), "A BOH");
    assert_eq!(str_of(&d[0], "attacker_from"), "MUN");
    // Not MUN (the attacker came from there), not SIL or VIE (occupied), not TYR (standoff).
    let retreats: Vec<&str> = d[0]
        .get("retreats")
        .and_then(Value::as_sequence)
        .expect("retreats is a list")
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert_eq!(retreats, ["GAL"]);
}

#[test]
fn a_standoff_beside_a_dislodgement_is_contested() {
    let doc = adjudicate(DISLODGEMENT);
    let contested = next(&doc).get("contested").expect("next.contested");
    assert_eq!(contested, &serde_yaml::from_str::<Value>("[TYR]").unwrap());
}

#[test]
fn the_dislodged_unit_is_not_among_the_units() {
    let doc = adjudicate(DISLODGEMENT);
    let n = next(&doc);
    assert_eq!(list_of(n, "units", "Austria"), strings(&["A VIE"]));
    assert_eq!(list_of(n, "units", "Germany"), strings(&["A BOH", "A SIL"]));
}

#[test]
fn a_dislodged_unit_with_nowhere_to_go_has_no_retreats() {
    // BOH: MUN is the attacker's origin, GAL, SIL, TYR and VIE are occupied. France's A PAR
    // can retreat, so the retreat phase is played (one where nobody could would be skipped).
    let doc = adjudicate(
        "\
phase: Fall 1901 Movement
units:
  Germany: [A MUN, A SIL, A TYR, A BUR, A PIC]
  Austria: [A BOH, A VIE]
  Russia: [A GAL]
  France: [A PAR]
orders:
  Germany: [A MUN - BOH, A SIL S A MUN - BOH, A BUR - PAR, A PIC S A BUR - PAR]
",
    );
    let n = next(&doc);
    assert_eq!(str_of(n, "phase"), "Fall 1901 Retreat");
    let want: Value = serde_yaml::from_str(
        "{Austria: [{unit: A BOH, attacker_from: MUN, retreats: []}],
          France: [{unit: A PAR, attacker_from: BUR, retreats: [BRE, GAS]}]}",
    )
    .unwrap();
    assert_eq!(n.get("dislodged"), Some(&want));
}

#[test]
fn the_next_position_of_a_retreat_can_be_adjudicated_in_turn() {
    // `next` has the input schema: feed it back with a retreat order.
    let doc = adjudicate(DISLODGEMENT);
    let mut position = next(&doc).clone();
    let orders: Value = serde_yaml::from_str("Austria: [A BOH - GAL]").unwrap();
    position.as_mapping_mut().unwrap().insert(Value::from("orders"), orders);
    let doc = adjudicate(&serde_yaml::to_string(&position).unwrap());
    assert_eq!(str_of(&doc, "phase"), "Spring 1901 Retreat");
    assert_eq!(verdict(&doc, "A BOH - GAL"), ("succeeds", ""));
    let n = next(&doc);
    assert_eq!(str_of(n, "phase"), "Fall 1901 Movement");
    assert_eq!(list_of(n, "units", "Austria"), strings(&["A GAL", "A VIE"]));
}

#[test]
fn fall_moves_change_supply_centre_ownership() {
    let doc = adjudicate(FALL);
    let n = next(&doc);
    assert_eq!(
        list_of(n, "supply_centers", "England"),
        strings(&["EDI", "LON", "LVP", "NWY"])
    );
    assert_eq!(
        list_of(n, "supply_centers", "Germany"),
        strings(&["BER", "DEN", "HOL", "KIE", "MUN"]),
        "KIE stays German though empty"
    );
}

#[test]
fn fall_with_centre_changes_leads_to_winter_adjustment() {
    let doc = adjudicate(FALL);
    assert_eq!(str_of(next(&doc), "phase"), "Winter 1901 Adjustment");
}

#[test]
fn an_adjustment_phase_builds_a_unit() {
    let doc = adjudicate(ADJUSTMENT);
    assert_eq!(str_of(&doc, "phase"), "Winter 1901 Adjustment");
    assert_eq!(verdict(&doc, "BUILD A BER"), ("succeeds", ""));
    let n = next(&doc);
    assert_eq!(str_of(n, "phase"), "Spring 1902 Movement");
    assert_eq!(
        list_of(n, "units", "Germany"),
        strings(&["A BER", "A DEN", "A MUN", "F HOL"])
    );
}

#[test]
fn fall_adjustment_is_read_as_winter_adjustment() {
    let doc = adjudicate(&ADJUSTMENT.replace("Winter 1901 Adjustment", "Fall 1901 Adjustment"));
    assert_eq!(str_of(&doc, "phase"), "Winter 1901 Adjustment");
}

#[test]
fn a_build_on_a_foreign_or_occupied_centre_is_void() {
    let doc = adjudicate(
        "\
phase: Winter 1901 Adjustment
units:
  Germany: [F HOL, A DEN, A MUN]
supply_centers:
  Germany: [BER, KIE, MUN, HOL, DEN]
orders:
  Germany: [BUILD A MUN, BUILD A HOL]
",
    );
    for order in ["BUILD A MUN", "BUILD A HOL"] {
        let (result, reason) = verdict(&doc, order);
        assert_eq!(result, "void", "{order}");
        assert!(!reason.is_empty(), "{order}: a void order says why");
    }
}

#[test]
fn orders_are_normalised_in_the_results() {
    let doc = adjudicate(
        "\
phase: s1901m
units:
  France: [A PAR, A MAR]
  England: [F NTH, A LON]
  Russia: [F STP/SC]
orders:
  france: [a paris-burgundy, A MAR SUPPORTS A PAR - BUR]
  England: [f nth c a lon - nwy, A LON - NWY VIA CONVOY]
  Russia: [\"F StP(sc) - gob\"]
",
    );
    assert_eq!(str_of(&doc, "phase"), "Spring 1901 Movement");
    let orders: Vec<&str> = results(&doc).iter().map(|r| str_of(r, "order")).collect();
    assert_eq!(
        orders,
        [
            "A PAR - BUR",
            "A MAR S A PAR - BUR",
            "F NTH C A LON - NWY",
            "A LON - NWY VIA CONVOY",
            "F STP/SC - BOT"
        ]
    );
}

#[test]
fn an_unreadable_order_is_void_with_a_reason() {
    let doc = adjudicate(
        "\
phase: Spring 1901 Movement
units:
  France: [A PAR]
orders:
  France: [A PAR GOES SHOPPING]
",
    );
    let r = &results(&doc)[0];
    assert_eq!(str_of(r, "result"), "void");
    assert!(!str_of(r, "reason").is_empty());
    assert_eq!(list_of(next(&doc), "units", "France"), strings(&["A PAR"]));
}

#[test]
fn an_illegal_order_is_void_and_the_unit_holds() {
    let doc = adjudicate(
        "\
phase: Spring 1901 Movement
units:
  France: [F BRE, A PAR]
  Germany: [A MUN]
orders:
  France: [F BRE - PAR, A MUN - BUR]
",
    );
    let (result, reason) = verdict(&doc, "F BRE - PAR");
    assert_eq!(result, "void");
    assert!(reason.contains("PAR"), "{reason}");
    let (result, reason) = verdict(&doc, "A MUN - BUR");
    assert_eq!(result, "void", "a unit of another power");
    assert!(reason.contains("Germany"), "{reason}");
    assert_eq!(list_of(next(&doc), "units", "France"), strings(&["A PAR", "F BRE"]));
    assert_eq!(list_of(next(&doc), "units", "Germany"), strings(&["A MUN"]));
}

#[test]
fn a_position_with_no_orders_is_adjudicated() {
    let doc = adjudicate("phase: Spring 1901 Movement\nunits:\n  France: [A PAR]\n");
    assert!(results(&doc).is_empty());
    assert_eq!(list_of(next(&doc), "units", "France"), strings(&["A PAR"]));
}

// ---- bad input ----

#[test]
fn a_missing_file_is_an_error_naming_it() {
    let dir = TempDir::new();
    let path = dir.0.join("no-such-file.yaml");
    let out = adjudicate_path(&path);
    assert!(!out.status.success());
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains(&path.display().to_string()), "{}", stderr(&out));
}

#[test]
fn a_file_that_is_not_yaml_is_rejected() {
    rejected("# not YAML\nphase: \"Spring 1901 Movement\nunits: {}\n", None);
}

#[test]
fn a_tab_in_the_indentation_is_rejected_with_its_line() {
    rejected("phase: Spring 1901 Movement\nunits:\n\tFrance: [A PAR]\n", Some(3));
}

#[test]
fn a_yaml_list_is_not_a_position() {
    rejected("# a list\n- phase: Spring 1901 Movement\n- units: {}\n", Some(2));
}

#[test]
fn a_plain_string_is_not_a_position() {
    rejected("# just words\nhello world\n", Some(2));
}

#[test]
fn an_empty_file_is_not_a_position() {
    rejected("", None);
}

#[test]
fn a_misspelt_key_is_rejected_with_its_line() {
    let err = rejected(
        "# a typo\nphase: Spring 1901 Movement\nunit:\n  England: [F LON]\n",
        Some(3),
    );
    assert!(err.contains("unit"), "{err}");
}

#[test]
fn an_unknown_variant_is_rejected_with_its_line() {
    let err = rejected(
        "# chess\nphase: Spring 1901 Movement\nvariant: chess\nunits:\n  England: [F LON]\n",
        Some(3),
    );
    assert!(err.contains("chess"), "{err}");
}

#[test]
fn an_unknown_province_in_units_is_rejected_with_its_line() {
    let err = rejected(
        "phase: Spring 1901 Movement\nunits:\n  England: [F LON]\n  France: [A PAR, A XYZ]\n",
        Some(4),
    );
    assert!(err.contains("XYZ"), "{err}");
}

#[test]
fn a_bad_phase_is_rejected_with_its_line() {
    let err = rejected("# summer\nphase: Summer 1901\nunits:\n  England: [F LON]\n", Some(2));
    assert!(err.contains("Summer 1901"), "{err}");
}

#[test]
fn an_adjustment_phase_needs_supply_centres() {
    let err = rejected(
        "phase: Winter 1901 Adjustment\nunits:\n  England: [F LON]\norders:\n  England: [BUILD A LVP]\n",
        None,
    );
    assert!(err.contains("supply_centers"), "{err}");
}

#[test]
fn two_units_in_one_province_are_rejected_with_the_line() {
    let err = rejected(
        "phase: Spring 1901 Movement\nunits:\n  England: [F LON]\n  France: [A LON]\n",
        Some(4),
    );
    assert!(err.contains("LON"), "{err}");
}

// ---- the command line ----

/// The commands `arbitre --help` lists, one line each.
const COMMANDS: [&str; 16] = [
    "new",
    "mail",
    "orders",
    "process",
    "send",
    "status",
    "password",
    "adjudicate",
    // The referee's desk (issue #13).
    "deadline",
    "pause",
    "resume",
    "preview",
    "rollback",
    "replace",
    "disorder",
    "player",
];

/// A usage error: exit 1, nothing on stdout, and a message on stderr that points at `--help`.
/// Returns the message.
fn usage_error(args: &[&str]) -> String {
    let out = arbitre(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert_eq!(stdout(&out), "", "{args:?}");
    assert!(err.contains("try '--help'"), "{args:?} should point at --help: {err}");
    err
}

#[test]
fn no_arguments_print_usage_and_fail() {
    let out = arbitre(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("Usage: arbitre <COMMAND>"), "{}", stderr(&out));
}

#[test]
fn an_unknown_command_prints_usage_and_fails() {
    let err = usage_error(&["frobnicate"]);
    assert!(err.contains("unrecognized subcommand 'frobnicate'"), "{err}");
    assert!(err.contains("Usage: arbitre <COMMAND>"), "{err}");
}

#[test]
fn adjudicate_without_a_file_fails_with_usage() {
    let err = usage_error(&["adjudicate"]);
    assert!(err.contains("<POSITION.yaml>"), "names what is missing: {err}");
    assert!(err.contains("Usage: arbitre adjudicate <POSITION.yaml>"), "{err}");
}

#[test]
fn help_prints_usage_and_succeeds() {
    for arg in ["help", "--help", "-h"] {
        let out = arbitre(&[arg]);
        assert!(out.status.success(), "{arg}");
        assert_eq!(stderr(&out), "", "{arg}");
        let help = stdout(&out);
        assert!(help.contains("Usage: arbitre <COMMAND>"), "{arg}: {help}");
        for command in COMMANDS {
            // `  adjudicate  Resolve one phase…`: the name, then its one line.
            let line = help
                .lines()
                .find(|l| l.split_whitespace().next() == Some(command) && l.starts_with("  "));
            let line = line.unwrap_or_else(|| panic!("{arg}: `{command}` is not listed:\n{help}"));
            assert!(
                line.split_whitespace().count() > 2,
                "{arg}: `{command}` has no description"
            );
        }
    }
}

#[test]
fn each_command_has_its_help_with_an_example() {
    for command in COMMANDS {
        for args in [vec![command, "--help"], vec!["help", command], vec![command, "-h"]] {
            let out = arbitre(&args);
            assert!(out.status.success(), "{args:?}: {}", stderr(&out));
            let help = stdout(&out);
            assert!(help.contains(&format!("Usage: arbitre {command}")), "{args:?}: {help}");
            assert!(help.contains("Example"), "{args:?}: {help}");
            assert!(
                help.lines()
                    .any(|l| l.trim_start().starts_with(&format!("arbitre {command} "))),
                "{args:?}: an example of the command: {help}"
            );
        }
    }
    // Every argument is explained.
    let help = stdout(&arbitre(&["send", "--help"]));
    for arg in [
        "<ROOT>",
        "--smtp <URL>",
        "--smtp-config <FILE>",
        "--now <TIME>",
        "ARBITRE_SMTP_URL",
    ] {
        assert!(help.contains(arg), "{arg}: {help}");
    }
    let help = stdout(&arbitre(&["mail", "--help"]));
    for arg in ["<ROOT>", "[FILE.eml]...", "--maildir <MAILDIR>", "--now <TIME>", "75"] {
        assert!(help.contains(arg), "{arg}: {help}");
    }
}

#[test]
fn an_unknown_flag_is_named() {
    let dir = TempDir::new();
    let root = dir.0.to_str().unwrap();
    let err = usage_error(&["process", root, "--bogus"]);
    assert!(err.contains("unexpected argument '--bogus'"), "{err}");
    assert!(err.contains("Usage: arbitre process"), "{err}");
    // A flag of another command is as unknown.
    let err = usage_error(&["status", root, "--now", "2026-12-04T20:00:00+01:00"]);
    assert!(err.contains("unexpected argument '--now'"), "{err}");
    // A password is read on standard input, never from the command line.
    let err = usage_error(&["password", "s3cret"]);
    assert!(err.contains("unexpected argument 's3cret'"), "{err}");
}

#[test]
fn a_bad_time_says_how_to_write_one() {
    let dir = TempDir::new();
    let err = usage_error(&["process", dir.0.to_str().unwrap(), "--now", "tomorrow"]);
    assert!(err.contains("'tomorrow'") && err.contains("--now <TIME>"), "{err}");
    assert!(err.contains("2026-12-04T20:00:00+01:00"), "{err}");
}

#[test]
fn a_flag_given_twice_keeps_its_last_value() {
    let players = Path::new(env!("CARGO_MANIFEST_DIR")).join("turns/vopaliec/players.yaml");
    let players = players.to_str().unwrap();
    // The game starts 2026-12-01T20:00:00+01:00: a clock after that is pointed out.
    let (before, after) = ("2026-11-28T10:00:00+01:00", "2026-12-02T10:00:00+01:00");
    for (clocks, past) in [([before, after], true), ([after, before], false)] {
        let dir = TempDir::new();
        let game = dir.0.join("game");
        let game = game.to_str().unwrap();
        let out = arbitre(&[
            "new",
            game,
            "--players",
            players,
            "--now",
            clocks[0],
            "--now",
            clocks[1],
        ]);
        assert!(out.status.success(), "{clocks:?}: {}", stderr(&out));
        assert_eq!(
            stderr(&out).contains("is already past"),
            past,
            "{clocks:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn smtp_url_and_smtp_config_exclude_each_other() {
    let dir = TempDir::new();
    let root = dir.0.to_str().unwrap();
    let config = dir.file("smtp.yaml", "url: smtp://127.0.0.1:1\n");
    let config = config.to_str().unwrap();
    let smtp_config = format!("--smtp-config={config}");
    for args in [
        vec!["send", root, "--smtp", "smtp://127.0.0.1:2", "--smtp-config", config],
        vec!["send", root, "--smtp-config", config, "--smtp", "smtp://127.0.0.1:2"],
        vec!["send", "--smtp=smtp://127.0.0.1:2", &smtp_config, root],
    ] {
        let err = usage_error(&args);
        assert!(err.contains("cannot be used with"), "{args:?}: {err}");
        assert!(err.contains("'--smtp <URL>'"), "{args:?}: {err}");
        assert!(err.contains("'--smtp-config <FILE>'"), "{args:?}: {err}");
    }
}

#[test]
fn mail_takes_files_or_a_maildir_not_both() {
    let dir = TempDir::new();
    let root = dir.0.to_str().unwrap();
    let err = usage_error(&["mail", root, "a.eml", "--maildir", root]);
    assert!(err.contains("cannot be used with"), "{err}");
    assert!(err.contains("--maildir <MAILDIR>") && err.contains("FILE.eml"), "{err}");
}

// ---- standard input ----

#[test]
fn a_position_is_read_from_standard_input() {
    let out = adjudicate_stdin(STANDOFF);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: Value = serde_yaml::from_str(&stdout(&out)).unwrap();
    assert_eq!(verdict(&doc, "A PAR - BUR"), ("fails", "bounced with A MUN"));
}

#[test]
fn standard_input_gives_the_same_output_as_a_file() {
    let dir = TempDir::new();
    let from_file = adjudicate_path(&dir.file("opening.yaml", OPENING));
    let from_stdin = adjudicate_stdin(OPENING);
    assert!(from_file.status.success() && from_stdin.status.success());
    assert_eq!(stdout(&from_stdin), stdout(&from_file));
}

#[test]
fn errors_on_standard_input_say_stdin_and_the_line() {
    let out = adjudicate_stdin("phase: Spring 1901 Movement\nunits:\n  France: [A XYZ]\n");
    assert!(!out.status.success());
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("<stdin>:3: "), "{}", stderr(&out));
}

// ---- golden file ----

/// `tests/golden/opening.yaml` adjudicated must print `tests/golden/opening.out.yaml`
/// byte for byte. After an intended change of the output, regenerate the expected file
/// with `UPDATE_GOLDEN=1 cargo test --test it cli::golden`, then read the diff and check every
/// result by hand before committing it.
#[test]
fn golden_opening() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .current_dir(&dir)
        .args(["adjudicate", "opening.yaml"])
        .output()
        .expect("run arbitre");
    assert!(out.status.success(), "{}", stderr(&out));
    let got = stdout(&out);
    let expected_path = dir.join("opening.out.yaml");
    if std::env::var("UPDATE_GOLDEN").as_deref() == Ok("1") {
        std::fs::write(&expected_path, &got).expect("write golden file");
        return;
    }
    let want = std::fs::read_to_string(&expected_path).expect("read golden file");
    assert!(
        got == want,
        "output differs from {} (UPDATE_GOLDEN=1 rewrites it)\n--- got ---\n{got}\n--- want ---\n{want}",
        expected_path.display()
    );
}

#[test]
fn a_file_argument_that_cannot_be_read_is_named_in_arbitre_s_words() {
    let dir = TempDir::new();
    let root = dir.0.to_str().unwrap();
    let missing = dir.0.join("nosuch.yaml");
    let missing = missing.to_str().unwrap();
    for (args, what) in [
        (vec!["new", "g", "--players", missing], "the players file"),
        (vec!["orders", root, missing], "the turn file"),
        (vec!["adjudicate", missing], "the position file"),
        (vec!["picture", missing], "the position file"),
        (vec!["mail", root, missing], "the message"),
        (vec!["send", root, "--smtp-config", missing], "the SMTP settings file"),
        (vec!["imap", root, "--imap-config", missing], "the IMAP settings file"),
    ] {
        let out = arbitre(&args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains(&format!("cannot read {what} {missing}: no such file")),
            "{args:?}: {err}"
        );
        assert!(err.contains("check"), "{args:?}: says what to do: {err}");
        assert!(
            !err.contains("os error") && !err.contains("No such file or directory"),
            "{args:?}: {err}"
        );
    }
    // A folder where a file is wanted is said to be one.
    let err = stderr(&arbitre(&["adjudicate", root]));
    assert!(
        err.contains(&format!("cannot read the position file {root}: it is a folder")),
        "{err}"
    );
    assert!(!err.contains("os error"), "{err}");
    // A file that is not text.
    let bad = dir.file("latin1.yaml", "");
    std::fs::write(&bad, b"phase: \xe9t\xe9\n").unwrap();
    let err = stderr(&arbitre(&["adjudicate", bad.to_str().unwrap()]));
    assert!(err.contains("is not UTF-8 text"), "{err}");
    assert!(!err.contains("stream did not contain"), "{err}");
}

#[test]
fn the_top_help_says_every_command_that_takes_now_takes_it() {
    let top = stdout(&arbitre(&["--help"]));
    let sentence = top
        .split("\n\n")
        .find(|p| p.contains("--now"))
        .unwrap_or_else(|| panic!("no word of --now: {top}"))
        .replace('\n', " ");
    // The help quotes an option and a command with double quotes, as the errors do.
    assert!(sentence.contains("\"--now TIME\" (RFC 3339)"), "{sentence}");
    assert!(top.contains("\"arbitre COMMAND --help\" explains"), "{top}");
    for command in COMMANDS {
        let takes = stdout(&arbitre(&[command, "--help"])).contains("--now <TIME>");
        if takes && !sentence.contains("every command") {
            assert!(
                sentence.contains(&format!(" {command}")),
                "{command} takes --now: {sentence}"
            );
        }
    }
}

#[test]
fn new_help_lists_the_keys_of_the_players_file_and_where_they_are_described() {
    let help = stdout(&arbitre(&["new", "--help"]));
    for key in [
        "game",
        "variant",
        "referee",
        "timezone",
        "language",
        "deadlines",
        "start",
        "players",
        "name",
        "email",
        "role",
        "password",
    ] {
        assert!(help.contains(&format!("{key}:")), "{key}: {help}");
    }
    assert!(help.contains("README.md"), "{help}");
    assert!(help.contains("turns/vopaliec/players.yaml"), "{help}");
}

/// The example players file with `from` replaced by `to`, given to `arbitre new`.
fn new_with(from: &str, to: &str) -> Output {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("turns/vopaliec/players.yaml");
    let text = std::fs::read_to_string(example).unwrap();
    assert!(text.contains(from), "{from}");
    let dir = TempDir::new();
    let players = dir.file("players.yaml", &text.replacen(from, to, 1));
    let game = dir.0.join("game");
    arbitre(&[
        "new",
        game.to_str().unwrap(),
        "--players",
        players.to_str().unwrap(),
        "--now",
        "2026-11-28T10:00:00+01:00",
    ])
}

#[test]
fn a_language_is_read_by_its_code_or_its_name_in_any_case_and_a_wrong_one_is_named() {
    let alice = "role: France, password: s3cret}";
    for written in [
        "fr",
        "FR",
        "Fr",
        "french",
        "French",
        "français",
        "Français",
        "english",
        "anglais",
        "EN",
    ] {
        let out = new_with(alice, &format!("role: France, password: s3cret, language: {written}}}"));
        assert!(out.status.success(), "{written}: {}", stderr(&out));
        let out = new_with("reminder: 24h", &format!("reminder: 24h\nlanguage: {written}"));
        assert!(out.status.success(), "{written}: {}", stderr(&out));
    }
    let out = new_with(alice, "role: France, password: s3cret, language: deutsch}");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "players.yaml:12: players, 1st entry (Alice Martin, France): language: \"deutsch\" is not a language \
             arbitre writes: write en or fr"
        ),
        "{err}"
    );
    assert!(!err.contains("variant") && !err.contains("[0]"), "{err}");
    let err = stderr(&new_with("reminder: 24h", "reminder: 24h\nlanguage: de"));
    assert!(
        err.contains("language: \"de\" is not a language arbitre writes: write en or fr"),
        "{err}"
    );
    assert!(!err.contains("variant"), "{err}");
}

#[test]
fn a_player_s_mistake_names_the_player_as_a_person_would() {
    // The third entry, its email left out.
    let err = stderr(&new_with(", email: dieter@vopaliec.example", ""));
    assert!(
        err.contains("players.yaml:14: players, 3rd entry (Dieter Braun, Germany): missing \"email:\""),
        "{err}"
    );
    assert!(!err.contains("[2]") && !err.contains("missing field"), "{err}");
    // Press: a word of its own, not serde's "unknown variant".
    let err = stderr(&new_with("reminder: 24h", "reminder: 24h\npress: loud"));
    assert!(
        err.contains("press: \"loud\" is not a kind of press: write white, grey or none"),
        "{err}"
    );
    assert!(!err.contains("variant"), "{err}");
}

#[test]
fn a_value_of_the_wrong_kind_is_told_what_to_write_without_serde_s_words() {
    for (from, to, says) in [
        (
            "reminder: 24h",
            "reminder: 24h\nobservers: maybe",
            "observers: write true or false, not \"maybe\"",
        ),
        (
            "deadlines: {movement: 72h, retreat: 24h, adjustment: 24h}",
            "deadlines: 72h",
            "deadlines: write a mapping (\"key: value\" lines), not \"72h\"",
        ),
        (
            "reminder: 24h",
            "reminder: 24h\nnmr_before_asking: [2]",
            "nmr_before_asking: write a whole number, 0 or more, not a list",
        ),
    ] {
        let err = stderr(&new_with(from, to));
        assert!(err.contains(says), "{to}: {err}");
        assert!(
            !err.contains("invalid type") && !err.contains("struct") && !err.contains("u32"),
            "{to}: {err}"
        );
    }
}
