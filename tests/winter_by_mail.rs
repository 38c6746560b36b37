//! Orders by mail checked as `arbitre adjudicate` judges them: an order is judged as its
//! sender's, a legal support is accepted, the reply's notes never depend on another power's
//! orders, the "still missing" hint is each power's own, a retreat phase with nothing to
//! decide is not waited for, and a winter's report names the builds waived.

use crate::by_mail;

use crate::support::has;
use by_mail::MailGame;

/// The orders `role` has on file, from state.yaml (`arbitre status` says only how many).
fn on_file(g: &MailGame, role: &str) -> Vec<String> {
    let text = std::fs::read_to_string(g.dir.join("state.yaml")).unwrap();
    let state: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    state["orders"][role]
        .as_sequence()
        .map(|s| s.iter().map(|o| o.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

/// S1901 Russia F SEV - BLA, Turkey A SMY - ARM; F1901 Turkey A ARM - SEV: in W1901
/// Russia owes a removal and Turkey has a build.
fn winter_with_a_russian_removal() -> MailGame {
    let mut g = MailGame::new();
    g.send("Russia", "F SEV - BLA");
    g.send("Turkey", "A SMY - ARM");
    g.process();
    assert_eq!(g.phase(), "Fall 1901 Movement");
    g.send("Turkey", "A ARM - SEV");
    g.process();
    assert_eq!(g.phase(), "Winter 1901 Adjustment");
    g
}

#[test]
fn a_build_by_mail_is_filed_as_the_senders_build_not_another_powers_removal() {
    let mut g = winter_with_a_russian_removal();
    let reply = g.send("Turkey", "BUILD A SMY");
    assert!(reply.contains("BUILD A SMY: on file"), "{reply}");
    assert!(!reply.contains("REMOVE"), "{reply}");
    assert!(reply.contains("Your orders are complete."), "{reply}");
    assert_eq!(on_file(&g, "Turkey"), ["BUILD A SMY"]);
    g.process();
    assert!(
        g.units("Turkey").contains(&"A SMY".to_string()),
        "{:?}",
        g.units("Turkey")
    );
    // Russia sent nothing: one unit removed in civil disorder.
    assert_eq!(g.units("Russia").len(), 3, "{:?}", g.units("Russia"));
}

#[test]
fn a_waive_by_mail_is_the_senders_waive() {
    let mut g = winter_with_a_russian_removal();
    let reply = g.send("Turkey", "WAIVE");
    assert!(reply.contains("WAIVE: on file"), "{reply}");
    assert!(!reply.contains("REMOVE"), "{reply}");
    assert_eq!(on_file(&g, "Turkey"), ["WAIVE"]);
}

#[test]
fn the_still_missing_hint_gives_each_power_an_example_of_its_own() {
    let mut g = winter_with_a_russian_removal();
    let turkey = g.send("Turkey", "STATUS");
    assert!(turkey.contains("builds: 1 due (BUILD A SMY, or WAIVE)"), "{turkey}");
    let russia = g.send("Russia", "STATUS");
    assert!(
        russia.contains("removals: 1 due (REMOVE F BLA)") || russia.contains("removals: 1 due (REMOVE A "),
        "{russia}"
    );
    assert!(!russia.contains("PAR"), "{russia}");
}

#[test]
fn a_support_of_a_fleet_to_a_split_province_without_its_coast_is_accepted() {
    let mut g = MailGame::new();
    g.send("France", "F BRE - MAO");
    g.process();
    assert_eq!(g.phase(), "Fall 1901 Movement");
    let reply = g.send("France", "A MAR S F MAO - SPA\nA PAR H");
    assert!(reply.contains("A MAR S F MAO - SPA: on file"), "{reply}");
    assert!(!reply.contains("does not match"), "{reply}");
    // F MAO has no order yet: the note says what the support needs.
    assert!(reply.contains("(counts if F MAO is ordered to SPA)"), "{reply}");
    // The support is on file; with F MAO's move (its coast named), France is complete.
    let reply = g.send("France", "F MAO - SPA/NC");
    assert!(reply.contains("Your orders are complete."), "{reply}");
    let status = g.status();
    let france = status.lines().find(|l| l.contains("role: France")).unwrap();
    assert!(france.contains("orders: complete"), "{status}");
    g.process();
    assert!(
        g.units("France").contains(&"F SPA/NC".to_string()),
        "{:?}",
        g.units("France")
    );
    let report = g.letter("F1901M-report-france");
    assert!(report.contains("A MAR S F MAO - SPA"), "{report}");
}

/// The issue's own case: F POR, and a support of its move to SPA that leaves the coast out.
#[test]
fn a_mar_s_f_por_spa_is_accepted_as_arbitre_adjudicate_accepts_it() {
    let mut g = MailGame::new();
    g.send("France", "F BRE - MAO");
    g.process();
    g.send("France", "F MAO - POR");
    g.process();
    assert_eq!(g.phase(), "Winter 1901 Adjustment");
    g.send("France", "WAIVE");
    g.process();
    assert_eq!(g.phase(), "Spring 1902 Movement");
    let reply = g.send("France", "A MAR S F POR - SPA\nF POR - SPA/SC\nA PAR H");
    assert!(reply.contains("A MAR S F POR - SPA: on file"), "{reply}");
    assert!(reply.contains("Your orders are complete."), "{reply}");
    assert!(!reply.contains("will be void"), "{reply}");
    g.process();
    assert_eq!(g.units("France"), ["A MAR", "A PAR", "F SPA/SC"]);
}

#[test]
fn the_note_on_a_support_of_another_powers_unit_says_what_it_needs_and_reveals_nothing() {
    let mut g = MailGame::new();
    let before = g.send("Germany", "A MUN S A PAR - BUR");
    assert!(before.contains("counts if A PAR is ordered to BUR"), "{before}");
    assert!(!before.contains("will be void"), "{before}");
    g.send("France", "A PAR - BUR");
    let after = g.send("Germany", "A MUN S A PAR - BUR");
    assert_eq!(before, after, "the reply does not depend on France's orders");
    g.send("France", "A PAR - PIC");
    let again = g.send("Germany", "A MUN S A PAR - BUR");
    assert_eq!(before, again, "the reply does not depend on France's orders");
    // A support to hold and a convoy of another power's unit say what they need too.
    let hold = g.send("Italy", "A VEN S F TRI");
    assert!(hold.contains("counts unless F TRI is ordered to move"), "{hold}");
}

/// F1901: Italy dislodges the Austrian F TRI, and every place a fleet could go from there
/// is taken (VEN and ADR by Italy, ALB by Austria).
#[test]
fn a_retreat_phase_with_nowhere_to_go_is_not_waited_for() {
    let mut g = MailGame::new();
    g.send("Italy", "A VEN - TYR\nA ROM - VEN\nF NAP - APU");
    g.send("Austria", "A BUD - SER\nA VIE H\nF TRI H");
    g.process();
    assert_eq!(g.phase(), "Fall 1901 Movement");
    g.send("Italy", "A TYR - TRI\nA VEN S A TYR - TRI\nF APU - ADR");
    g.send("Austria", "A SER - ALB\nA VIE H\nF TRI H");
    g.process();
    assert_eq!(g.phase(), "Winter 1901 Adjustment", "no retreat phase to wait for");
    assert_eq!(g.units("Austria"), ["A ALB", "A VIE"]);
    let state = by_mail::state(&g.dir);
    assert!(state["board"]["dislodged"].is_null(), "{:?}", state["board"]);
    let report = g.letter("F1901M-report-austria");
    assert!(report.contains("F TRI D"), "{report}");
    assert!(report.contains("no place to retreat to: disbanded"), "{report}");
    assert!(
        report.contains("Austria F TRI (attacked from TYR): retreats none: disbanded"),
        "{report}"
    );
}

/// France takes BEL, POR and SPA in 1901 (three builds, three vacant home centres); with two
/// builds sent, the "still missing" line counts the one still owed and suggests the home
/// centre not already used (issue #24: it said three, and suggested PAR again).
#[test]
fn the_still_missing_line_counts_the_builds_still_owed_and_suggests_a_free_centre() {
    let mut g = MailGame::new();
    g.send("France", "A PAR - BUR\nA MAR - SPA\nF BRE - MAO");
    g.process();
    g.send("France", "A BUR - BEL\nF MAO - POR\nA SPA H");
    g.process();
    assert_eq!(g.phase(), "Winter 1901 Adjustment");
    let before = g.send("France", "STATUS");
    assert!(before.contains("builds: 3 due (BUILD A "), "{before}");
    let reply = g.send("France", "BUILD A PAR\nBUILD A MAR");
    assert!(reply.contains("builds: 1 due (BUILD A BRE, or WAIVE)"), "{reply}");
    let reply = g.send("France", "WAIVE");
    assert!(!reply.contains("builds:"), "{reply}");
}

/// W1901: France may build three and orders one build (the other two not ordered), Germany
/// may build one and writes WAIVE, Russia may build one and sends nothing. The report names
/// every build not used, whatever the reason, in each reader's language: France reads in
/// English, Germany in French.
#[test]
fn the_winter_report_names_the_builds_waived_ordered_or_not() {
    let mut g = MailGame::with_french(&["Germany"]);
    g.send("France", "A PAR - BUR\nA MAR - SPA\nF BRE - MAO");
    g.send("Germany", "F KIE - HOL");
    g.send("Russia", "F SEV - RUM");
    g.process();
    g.send("France", "A BUR - BEL\nF MAO - POR\nA SPA H");
    g.process();
    assert_eq!(g.phase(), "Winter 1901 Adjustment");
    g.send("France", "BUILD A PAR");
    g.send("Germany", "WAIVE");
    g.process();
    assert_eq!(g.phase(), "Spring 1902 Movement");
    assert_eq!(g.units("France"), ["A BEL", "A PAR", "A SPA", "F POR"]);
    let english = g.letter("W1901A-report-france");
    has(
        &english,
        &[
            "France: 2 builds waived.",
            "Germany: 1 build waived.",
            "Russia: 1 build waived.",
        ],
    );
    // Only those three: the powers without builds have no such line.
    let waived = english.lines().filter(|l| l.ends_with(" waived.")).count();
    assert_eq!(waived, 3, "{english}");
    // The phase's page says it too, in the game's language.
    let page = std::fs::read_to_string(g.dir.join("pages/W1901A.html")).unwrap();
    assert!(page.contains("<p>France: 2 builds waived.</p>"), "{page}");
    let french = g.letter("W1901A-report-germany");
    has(
        &french,
        &[
            "France : 2 mobilisations non utilisées.",
            "Allemagne : 1 mobilisation non utilisée.",
            "Russie : 1 mobilisation non utilisée.",
        ],
    );
}
