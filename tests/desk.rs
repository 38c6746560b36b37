//! The referee's desk (issue #13), end to end through the `arbitre` binary on real game
//! folders: each verb at the command line and by mail (`SIGNON Referee …`), what the
//! players are told, what the journal says, and that a wrong folder, role, time or state
//! changes nothing.

use crate::support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use support::*;

const CREATED: &str = "2026-11-28T10:00:00+01:00";
const MORNING: &str = "2026-11-29T09:00:00+01:00";
const DEADLINE: &str = "2026-12-01T20:00:00+01:00";
const AFTER: &str = "2026-12-01T21:00:00+01:00";
const REFEREE: &str = "arbitre@vopaliec.example";
const REFEREE_PASSWORD: &str = "t0p-desk";

const POWERS: [&str; 7] = ["France", "England", "Germany", "Italy", "Austria", "Russia", "Turkey"];

fn email(role: &str) -> String {
    format!("{}@vopaliec.example", role.to_lowercase())
}

fn password(role: &str) -> String {
    format!("pw-{}", role.to_lowercase())
}

/// A players file for a game of `variant`, every role's address and password made from
/// its name.
fn players_file(variant: &str) -> String {
    players_file_with(variant, "")
}

/// [`players_file`] with more keys (`grace: 6h\n`).
fn players_file_with(variant: &str, extra: &str) -> String {
    let mut s = format!(
        "game: vopaliec\nvariant: {variant}\n{extra}\
         referee: {{name: Arbitre de Vopaliec, email: {REFEREE}, password: {REFEREE_PASSWORD}}}\n\
         timezone: Europe/Paris\ndeadlines: {{movement: 72h, retreat: 24h, adjustment: 24h}}\n\
         start: {DEADLINE}\nseed: 8f2c41d7a09b3e5566c1f0e2d4b79a8c13e5f70926bd4a8e0c71f3d5a2b69e04\nplayers:\n"
    );
    let mut roles: Vec<&str> = POWERS.to_vec();
    if variant == "diable-et-bon-dieu" {
        roles.extend(["God", "Devil"]);
    }
    for role in roles {
        s += &format!(
            "  - {{name: Player {role}, email: {}, role: {role}, password: {}}}\n",
            email(role),
            password(role)
        );
    }
    s
}

/// A game folder made by `arbitre new`, with its temporary home.
struct Desk {
    _tmp: Tmp,
    dir: PathBuf,
    messages: std::cell::Cell<usize>,
}

impl Desk {
    fn new(variant: &str) -> Desk {
        Desk::with(variant, "")
    }

    /// A game whose players file has more keys (`extra`, whole lines).
    fn with(variant: &str, extra: &str) -> Desk {
        let tmp = Tmp::new();
        let players = tmp.file("players.yaml", &players_file_with(variant, extra));
        let dir = tmp.path("vopaliec");
        create(&dir, &players, CREATED);
        Desk {
            _tmp: tmp,
            dir,
            messages: std::cell::Cell::new(0),
        }
    }

    fn d(&self) -> &str {
        self.dir.to_str().unwrap()
    }

    /// `arbitre VERB DIR ARGS… --now NOW`, which must succeed; its standard output.
    fn ok(&self, verb: &str, args: &[&str], now: &str) -> String {
        let mut all = vec![verb, self.d()];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--now", now]);
        ok(&all, None)
    }

    /// The same, which must fail and change nothing in the game; its standard error.
    fn refused(&self, verb: &str, args: &[&str], now: &str) -> String {
        let before = self.files();
        let mut all = vec![verb, self.d()];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--now", now]);
        let out = arbitre(&all, None);
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(out.status.code(), Some(1), "{all:?} should fail: {err}");
        assert_eq!(self.files(), before, "{all:?} changed the game: {err}");
        err
    }

    /// What a desk verb may change: the state, the players, the outbox, the journal.
    fn files(&self) -> BTreeMap<String, Vec<u8>> {
        let mut out = BTreeMap::new();
        for f in ["state.yaml", "game.yaml", "journal.yaml"] {
            out.insert(f.to_string(), std::fs::read(self.dir.join(f)).unwrap_or_default());
        }
        for (name, m) in outbox(&self.dir) {
            out.insert(format!("outbox/{name}"), m.raw);
        }
        out
    }

    fn state_text(&self) -> String {
        std::fs::read_to_string(self.dir.join("state.yaml")).unwrap()
    }

    fn state(&self) -> serde_yaml::Value {
        state(&self.dir)
    }

    /// A message from `from` (an address) saying `body`, fed to `arbitre mail` at `now`.
    fn mail(&self, from: &str, name: &str, body: &str, now: &str) {
        let n = self.messages.get() + 1;
        self.messages.set(n);
        let raw = format!(
            "From: {name} <{from}>\r\nTo: {REFEREE}\r\nSubject: orders\r\nDate: Mon, 30 Nov 2026 18:00:00 +0100\r\n\
             Message-ID: <desk-{n}@test.example>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
             Content-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n"
        );
        ok(&["mail", self.d(), "--now", now], Some(raw.as_bytes()));
    }

    /// Orders of a power, by mail.
    fn orders(&self, role: &str, lines: &[&str], now: &str) {
        let body = format!("SIGNON {role} vopaliec {}\r\n{}", password(role), lines.join("\r\n"));
        self.mail(&email(role), &format!("Player {role}"), &body, now);
    }

    /// Desk verbs by mail, signed on as the referee.
    fn referee(&self, lines: &[&str], now: &str) {
        let body = format!("SIGNON Referee vopaliec {REFEREE_PASSWORD}\r\n{}", lines.join("\r\n"));
        self.mail(REFEREE, "Arbitre de Vopaliec", &body, now);
    }

    /// The letters of the outbox whose file names start with `prefix`.
    fn letters(&self, prefix: &str) -> BTreeMap<String, Sent> {
        outbox(&self.dir)
            .into_iter()
            .filter(|(n, _)| n.starts_with(prefix))
            .collect()
    }

    /// The referee's latest reply by mail.
    fn reply(&self) -> Sent {
        let mut replies: Vec<(String, Sent)> = outbox(&self.dir)
            .into_iter()
            .filter(|(n, _)| n.contains("-reply-referee"))
            .collect();
        replies.pop().expect("a reply to the referee").1
    }

    fn journal(&self) -> String {
        std::fs::read_to_string(self.dir.join("journal.yaml")).unwrap_or_default()
    }

    fn status(&self) -> String {
        ok(&["status", self.d()], None)
    }
}

fn units(st: &serde_yaml::Value, power: &str) -> Vec<String> {
    let mut u: Vec<String> = st["board"]["units"][power]
        .as_sequence()
        .map(|s| s.iter().map(|x| x.as_str().unwrap().to_string()).collect())
        .unwrap_or_default();
    u.sort();
    u
}

/// The bodies of letters, which must all be the same.
fn one_body(letters: &BTreeMap<String, Sent>) -> String {
    let bodies: Vec<&String> = letters.values().map(|m| &m.text).collect();
    assert!(!bodies.is_empty());
    assert!(
        bodies.iter().all(|b| *b == bodies[0]),
        "not the same body for all: {bodies:?}"
    );
    bodies[0].clone()
}

// ---------------------------------------------------------------------------------------
// status
// ---------------------------------------------------------------------------------------

#[test]
fn status_is_readable_text_that_says_who_has_ordered_and_never_what() {
    let g = Desk::new("standard");
    g.orders("France", &["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"], MORNING);
    g.orders("Italy", &["A VEN - TYR"], MORNING);
    let s = g.status();
    assert!(s.contains("Phase: Spring 1901 Movement"), "{s}");
    assert!(
        s.contains("Deadline: Tuesday 1 December 2026, 20:00 CET (2026-12-01 19:00 UTC)"),
        "{s}"
    );
    let line = |role: &str| {
        s.lines()
            .find(|l| l.trim_start().starts_with(role))
            .unwrap()
            .to_string()
    };
    assert!(line("France").contains("complete"), "{s}");
    assert!(line("Italy").contains("partial"), "{s}");
    assert!(line("England").contains("nothing on file"), "{s}");
    for secret in ["BUR", "SPA", "MAO", "TYR"] {
        assert!(!s.contains(secret), "the status shows an order ({secret}): {s}");
    }
    assert!(s.contains("waiting in the outbox: "), "{s}");
    assert!(s.contains("Journal (last 10):"), "{s}");

    g.ok("deadline", &["+1d", "--why", "asked by Italy"], MORNING);
    let s = g.status();
    assert!(s.contains("cli: deadline:") && s.contains("why: asked by Italy"), "{s}");

    // --yaml keeps the keys of before, with the desk's facts added.
    let y: serde_yaml::Value = serde_yaml::from_str(&ok(&["status", g.d(), "--yaml"], None)).unwrap();
    assert_eq!(y["phase"].as_str(), Some("Spring 1901 Movement"));
    assert!(y["units"]["France"].is_sequence() && y["supply_centers"]["France"].is_sequence());
    assert_eq!(y["deadline"].as_str(), Some("2026-12-02T20:00:00+01:00"));
    let roles = y["roles"].as_sequence().unwrap();
    let of = |r: &str| roles.iter().find(|x| x["role"].as_str() == Some(r)).unwrap()["orders"].clone();
    assert_eq!(of("France").as_str(), Some("complete"));
    assert_eq!(of("England").as_str(), Some("missing"));
    assert!(y["paused"].is_null());
    assert!(
        y["outbox"].is_u64(),
        "the outbox's count is a number: {:?}",
        y["outbox"]
    );
    // Which roles have orders on file and how many, never what.
    assert_eq!(y["orders"]["France"].as_u64(), Some(3));
    assert_eq!(y["orders"]["Italy"].as_u64(), Some(1));
    assert!(y["orders"]["England"].is_null());
    let text = ok(&["status", g.d(), "--yaml"], None);
    for secret in ["BUR", "MAO", "TYR"] {
        assert!(!text.contains(secret), "--yaml shows an order ({secret}): {text}");
    }
    let journal = y["journal"].as_sequence().unwrap();
    assert_eq!(journal.last().unwrap()["what"].as_str(), Some("deadline"));
    assert_eq!(journal.last().unwrap()["why"].as_str(), Some("asked by Italy"));
}

#[test]
fn status_yaml_says_which_casts_are_on_file_never_what() {
    let g = Desk::new("diable-et-bon-dieu");
    g.orders("God", &["BLESS F BRE"], MORNING);
    let text = ok(&["status", g.d(), "--yaml"], None);
    let y: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    assert_eq!(y["divine"]["blessing"].as_str(), Some("on file"), "{text}");
    assert!(y["divine"]["curse"].is_null(), "{text}");
    let divine = text.lines().find(|l| l.starts_with("divine:")).unwrap();
    assert!(!divine.contains("BRE"), "{divine}");
}

// ---------------------------------------------------------------------------------------
// deadline
// ---------------------------------------------------------------------------------------

#[test]
fn a_deadline_moved_is_told_to_every_player_in_the_same_words() {
    let g = Desk::new("diable-et-bon-dieu");
    let said = g.ok("deadline", &["+2d", "--why", "Bruno is travelling"], MORNING);
    assert!(said.contains("to Thursday 3 December 2026, 20:00 CET"), "{said}");
    assert_eq!(g.state()["deadline"].as_str(), Some("2026-12-03T20:00:00+01:00"));
    let told = g.letters("d0001-deadline-");
    assert_eq!(told.len(), 9, "every player, God and the Devil included");
    let body = one_body(&told);
    assert!(
        body.contains("It is now Thursday 3 December 2026, 20:00 CET (19:00 UTC)."),
        "{body}"
    );
    assert!(!body.contains("Bruno"), "the reason is the journal's: {body}");
    assert!(g.journal().contains("why: Bruno is travelling"), "{}", g.journal());

    // A date and time in the game's zone; an RFC 3339 time; shorter with a minus.
    g.ok("deadline", &["2026-12-04 18:30"], MORNING);
    assert_eq!(g.state()["deadline"].as_str(), Some("2026-12-04T18:30:00+01:00"));
    g.ok("deadline", &["2026-12-05T12:00:00Z"], MORNING);
    assert_eq!(g.state()["deadline"].as_str(), Some("2026-12-05T13:00:00+01:00"));
    g.ok("deadline", &["-1h"], MORNING);
    assert_eq!(g.state()["deadline"].as_str(), Some("2026-12-05T12:00:00+01:00"));

    let e = g.refused("deadline", &["tomorrow"], MORNING);
    assert!(e.contains("\"tomorrow\" is not a time: write +2d"), "{e}");
    let e = g.refused("deadline", &["2026-11-01 10:00"], MORNING);
    assert!(e.contains("is not in the future"), "{e}");
    let e = g.refused("deadline", &["2026-03-29 02:30"], MORNING);
    assert!(e.contains("does not exist in Europe/Paris"), "{e}");
}

#[test]
fn a_wrong_folder_says_so_and_creates_nothing() {
    let tmp = Tmp::new();
    let nowhere = tmp.path("nowhere");
    let out = arbitre(&["deadline", nowhere.to_str().unwrap(), "+1d"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a game folder"));
    assert!(!nowhere.exists());
    let out = arbitre(&["pause", tmp.0.to_str().unwrap(), "--why", "x"], None);
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a game folder"));
    assert!(
        !tmp.path(".lock").exists(),
        "no lock file left in a folder that is no game"
    );
}

#[test]
fn the_desk_s_letters_are_in_french_for_a_french_game() {
    let g = Desk::with("diable-et-bon-dieu", "language: fr\n");
    g.ok("deadline", &["+2d"], MORNING);
    let body = one_body(&g.letters("d0001-deadline-"));
    assert!(body.contains("L'arbitre a déplacé l'échéance de"), "{body}");
    assert!(
        body.contains("Elle est désormais fixée au jeudi 3 décembre 2026"),
        "{body}"
    );
    assert!(!body.contains("The referee"), "{body}");
    g.ok("pause", &["--why", "les vacances"], MORNING);
    let body = one_body(&g.letters("d0002-pause-"));
    assert!(body.contains("L'arbitre a suspendu la partie : les vacances"), "{body}");
    g.ok("resume", &[], MORNING);
    g.ok("disorder", &["Italy"], MORNING);
    let body = one_body(&g.letters("d0004-disorder-"));
    assert!(body.contains("L'Italie est en désordre civil"), "{body}");
    g.ok("player", &["France", "--new-password"], MORNING);
    let letter = &g.letters("d0005-password-france")["d0005-password-france.eml"];
    assert!(
        letter.subject.contains("votre nouveau mot de passe"),
        "{}",
        letter.subject
    );
    assert!(
        letter.text.contains("Votre nouveau mot de passe pour vopaliec est"),
        "{}",
        letter.text
    );
    g.ok(
        "replace",
        &["Devil", "--name", "Nina", "--address", "nina@example.org"],
        MORNING,
    );
    let welcome = &g.letters("d0006-welcome-devil")["d0006-welcome-devil.eml"];
    assert!(
        welcome.subject.contains("bienvenue, vous jouez le Diable"),
        "{}",
        welcome.subject
    );
    assert!(welcome.text.contains("Vous êtes le Diable"), "{}", welcome.text);
    assert!(
        welcome.text.contains("Angleterre : 3 centres (EDI, LON, LVP)"),
        "{}",
        welcome.text
    );
    let leaving = &g.letters("d0006-leaving-devil")["d0006-leaving-devil.eml"];
    assert!(
        leaving.text.contains("vous ne jouez plus dans cette partie"),
        "{}",
        leaving.text
    );
    let body = one_body(&g.letters("d0006-replaced-"));
    assert!(body.contains("L'arbitre a remplacé un joueur de la partie."), "{body}");
}

// ---------------------------------------------------------------------------------------
// pause and resume
// ---------------------------------------------------------------------------------------

#[test]
fn a_paused_game_takes_orders_but_is_neither_judged_nor_reminded() {
    let g = Desk::new("standard");
    let e = g.refused("resume", &[], MORNING);
    assert!(e.contains("the game is not paused"), "{e}");
    let e = g.refused("pause", &[], MORNING);
    assert!(e.contains("give the reason"), "{e}");
    g.ok("pause", &["--why", "the holidays"], MORNING);
    let told = one_body(&g.letters("d0001-pause-"));
    assert!(told.contains("paused the game: the holidays"), "{told}");
    let e = g.refused("pause", &["--why", "again"], MORNING);
    assert!(e.contains("already paused"), "{e}");
    let e = g.refused("deadline", &["+1d"], MORNING);
    assert!(e.contains("the game is paused"), "{e}");

    // Past the deadline: nothing is judged, nobody is reminded, and orders still count.
    let before = g.state_text();
    let out = g.ok("process", &[], AFTER);
    assert!(out.contains("paused since"), "{out}");
    assert_eq!(g.state_text(), before);
    assert!(g.letters("S1901M-").is_empty(), "no report, no reminder");
    g.orders("France", &["A PAR - BUR"], AFTER);
    let reply = outbox(&g.dir)
        .into_iter()
        .find(|(n, _)| n.contains("-reply-france"))
        .unwrap()
        .1;
    assert!(reply.text.contains("A PAR - BUR: on file"), "{}", reply.text);
    assert!(!reply.text.contains("too late"), "{}", reply.text);

    // Resumed with the time that was left: MORNING to DEADLINE is 59 hours.
    g.ok("resume", &[], "2026-12-10T12:00:00+01:00");
    assert_eq!(g.state()["deadline"].as_str(), Some("2026-12-12T23:00:00+01:00"));
    assert!(one_body(&g.letters("d0002-resume-")).contains("The referee has resumed the game."));
    let out = g.ok("process", &[], "2026-12-13T00:00:00+01:00");
    assert!(out.contains("now Fall 1901 Movement"), "{out}");
    assert_eq!(units(&g.state(), "France"), ["A BUR", "A MAR", "F BRE"]);
    let j = g.journal();
    for what in ["what: pause", "what: resume", "what: adjudicate", "who: system"] {
        assert!(j.contains(what), "{what}: {j}");
    }
}

#[test]
fn resume_with_a_deadline_counts_from_now() {
    let g = Desk::new("standard");
    g.ok("pause", &["--why", "a map error"], MORNING);
    g.ok("resume", &["--deadline", "+3d"], "2026-12-05T10:00:00+01:00");
    assert_eq!(g.state()["deadline"].as_str(), Some("2026-12-08T10:00:00+01:00"));
}

// ---------------------------------------------------------------------------------------
// preview and force
// ---------------------------------------------------------------------------------------

#[test]
fn a_preview_writes_the_reports_to_preview_and_changes_nothing() {
    let g = Desk::new("diable-et-bon-dieu");
    g.orders("France", &["A PAR - BUR"], MORNING);
    let before = g.files();
    let state_before = g.state_text();
    let out = g.ok("preview", &[], MORNING);
    // Nine reports, God's and the Devil's letters, the referee's copy of the report.
    assert!(out.contains("previewed, 12 letters and 4 pages"), "{out}");
    assert_eq!(g.state_text(), state_before, "state.yaml byte-identical");
    let after = g.files();
    let without_journal = |m: &BTreeMap<String, Vec<u8>>| {
        m.iter()
            .filter(|(k, _)| *k != "journal.yaml")
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect::<BTreeMap<_, _>>()
    };
    assert_eq!(
        without_journal(&after),
        without_journal(&before),
        "the outbox is byte-identical"
    );
    assert!(!g.dir.join("history").exists(), "a preview keeps no history");
    let report = std::fs::read(g.dir.join("preview/S1901M-report-france.eml")).unwrap();
    let report = read_sent(&report);
    assert!(report.text.contains("A PAR - BUR"), "{}", report.text);
    assert!(g.dir.join("preview/S1901M-divine-god.eml").exists());
    assert!(g.dir.join("preview/pages/S1901M.html").exists());
    assert!(g.journal().contains("what: preview"));
}

#[test]
fn force_judges_before_the_deadline_with_the_orders_on_file() {
    let g = Desk::new("standard");
    g.orders("France", &["A PAR - BUR"], MORNING);
    // Not due: process alone does nothing.
    let out = g.ok("process", &[], MORNING);
    assert!(out.contains("nothing due"), "{out}");
    let run = arbitre(
        &["process", g.d(), "--force", "--why", "everyone asked", "--now", MORNING],
        None,
    );
    let out = String::from_utf8_lossy(&run.stdout).to_string();
    assert!(out.contains("S1901M adjudicated (forced before the deadline"), "{out}");
    // What the run logs says it was forced, never "at the deadline" (issue #24).
    let log = String::from_utf8_lossy(&run.stderr);
    assert!(log.contains("S1901M processed (forced before the deadline)"), "{log}");
    assert!(!log.contains("at the deadline"), "{log}");
    let st = g.state();
    assert_eq!(st["phase"].as_str(), Some("Fall 1901 Movement"));
    assert_eq!(units(&st, "France"), ["A BUR", "A MAR", "F BRE"]);
    assert_eq!(
        units(&st, "Germany"),
        ["A BER", "A MUN", "F KIE"],
        "missing orders hold"
    );
    let report = &g.letters("S1901M-report-england")["S1901M-report-england.eml"];
    assert!(report.text.contains("England (no orders received)"), "{}", report.text);
    assert!(g.journal().contains("why: everyone asked"));
    // --force takes one game folder.
    let out = arbitre(&["process", g.dir.parent().unwrap().to_str().unwrap(), "--force"], None);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--force adjudicates one game"));
}

// ---------------------------------------------------------------------------------------
// rollback
// ---------------------------------------------------------------------------------------

/// Plays spring and fall 1901 to a retreat (France's A BUR is dislodged) and a winter
/// with builds for England and Germany; returns the game at Spring 1902.
fn to_spring_1902(g: &Desk) -> Vec<(String, String)> {
    let mut states = Vec::new();
    let mut keep = |g: &Desk| states.push((g.state()["phase"].as_str().unwrap().to_string(), g.state_text()));
    g.orders("France", &["A PAR - BUR", "A MAR H", "F BRE H"], MORNING);
    g.orders("Germany", &["A MUN - RUH", "A BER - MUN", "F KIE - DEN"], MORNING);
    g.orders("England", &["F LON - NTH", "F EDI H", "A LVP H"], MORNING);
    keep(g);
    g.ok("process", &["--force"], MORNING);
    g.orders("Germany", &["A MUN - BUR", "A RUH S A MUN - BUR", "F DEN H"], MORNING);
    g.orders("England", &["F NTH - NWY"], MORNING);
    keep(g);
    g.ok("process", &["--force"], MORNING);
    assert_eq!(g.state()["phase"].as_str(), Some("Fall 1901 Retreat"));
    g.orders("France", &["A BUR - PIC"], MORNING);
    keep(g);
    g.ok("process", &["--force"], MORNING);
    assert_eq!(g.state()["phase"].as_str(), Some("Winter 1901 Adjustment"));
    g.orders("England", &["BUILD F LON"], MORNING);
    g.orders("Germany", &["BUILD A MUN"], MORNING);
    keep(g);
    g.ok("process", &["--force"], MORNING);
    assert_eq!(g.state()["phase"].as_str(), Some("Spring 1902 Movement"));
    assert_eq!(units(&g.state(), "England"), ["A LVP", "F EDI", "F LON", "F NWY"]);
    states
}

/// The state but for what a rollback sets anew (the deadline, the desk's counters) and
/// what concerns only the mail (messages acted on).
fn game_part(text: &str) -> serde_yaml::Value {
    let mut v: serde_yaml::Value = serde_yaml::from_str(text).unwrap();
    let m = v.as_mapping_mut().unwrap();
    for k in ["deadline", "reminded", "handled", "seen_by", "senders", "desk"] {
        m.remove(k);
    }
    v
}

#[test]
fn rollback_goes_back_phase_by_phase_across_an_adjustment_and_a_retreat_and_redo_undoes_it() {
    let g = Desk::new("standard");
    let e = g.refused("rollback", &[], MORNING);
    assert!(e.contains("no phase has been adjudicated yet"), "{e}");
    let e = g.refused("rollback", &["--redo"], MORNING);
    assert!(e.contains("no rollback to undo"), "{e}");
    let states = to_spring_1902(&g);
    let at_spring_1902 = g.state_text();
    // Back through the winter, the retreat and the fall: each exactly as it was, with the
    // orders as submitted.
    for (phase, text) in states.iter().rev().take(3) {
        let out = g.ok("rollback", &["--why", "a typo in the map"], MORNING);
        assert!(out.contains("rolled back to"), "{out}");
        assert_eq!(g.state()["phase"].as_str(), Some(phase.as_str()));
        assert_eq!(game_part(&g.state_text()), game_part(text), "{phase} as it was");
    }
    assert_eq!(g.state()["orders"]["Germany"][1].as_str(), Some("A RUH S A MUN - BUR"));
    let told = one_body(&g.letters("d0003-rollback-"));
    assert!(told.contains("back to the start of Fall 1901 Movement"), "{told}");
    assert!(told.contains("on file again as they were submitted"), "{told}");

    // Redo, three times: Spring 1902 again, as it was.
    for phase in ["Fall 1901 Retreat", "Winter 1901 Adjustment", "Spring 1902 Movement"] {
        g.ok("rollback", &["--redo"], MORNING);
        assert_eq!(g.state()["phase"].as_str(), Some(phase));
    }
    assert_eq!(game_part(&g.state_text()), game_part(&at_spring_1902));

    // Back to the winter; new orders there make the redo impossible; judged again, the
    // winter's reports are written anew under names not used before.
    g.ok("rollback", &[], MORNING);
    g.orders("England", &["BUILD A LON"], MORNING);
    let e = g.refused("rollback", &["--redo"], MORNING);
    assert!(e.contains("have changed since the rollback"), "{e}");
    g.ok("process", &["--force"], MORNING);
    assert_eq!(units(&g.state(), "England"), ["A LON", "A LVP", "F EDI", "F NWY"]);
    let again = g.letters("W1901A-report-france-r");
    assert_eq!(again.len(), 1, "{:?}", g.letters("W1901A").keys().collect::<Vec<_>>());
    assert!(g.journal().matches("what: rollback").count() >= 4);
}

#[test]
fn a_rollback_undoes_a_movement_phase_whose_empty_retreat_was_skipped() {
    let g = Desk::new("standard");
    // France's A BUR, surrounded by its own armies, is dislodged from MUN with RUH's
    // support: it has nowhere to go, so the retreat phase is skipped.
    let mut st = g.state();
    st["board"]["units"]["France"] = serde_yaml::from_str("[A BUR, A PAR, A PIC, A BEL, A MAR, A GAS]").unwrap();
    st["board"]["units"]["Germany"] = serde_yaml::from_str("[A MUN, A RUH, F KIE]").unwrap();
    std::fs::write(g.dir.join("state.yaml"), serde_yaml::to_string(&st).unwrap()).unwrap();
    g.orders("Germany", &["A MUN - BUR", "A RUH S A MUN - BUR"], MORNING);
    let spring = g.state_text();
    g.ok("process", &["--force"], MORNING);
    assert_eq!(
        g.state()["phase"].as_str(),
        Some("Fall 1901 Movement"),
        "the retreat was skipped"
    );
    assert!(!units(&g.state(), "France").contains(&"A BUR".to_string()));
    g.ok("rollback", &[], MORNING);
    assert_eq!(game_part(&g.state_text()), game_part(&spring));
    assert_eq!(units(&g.state(), "France")[0], "A BEL");
    assert!(units(&g.state(), "France").contains(&"A BUR".to_string()));
}

#[test]
fn the_referee_is_asked_about_a_power_that_keeps_missing_its_orders() {
    let g = Desk::new("standard");
    g.ok("process", &["--force"], MORNING);
    let digest = one_body(&g.letters("S1901M-digest-referee"));
    assert!(
        !digest.contains("YOUR DECISION"),
        "one phase missed: nothing yet: {digest}"
    );
    g.orders("France", &["A PAR H"], MORNING);
    g.ok("process", &["--force"], MORNING);
    let asked = g.letters("F1901M-digest-referee");
    let asked = asked.values().next().expect("the referee is asked");
    assert_eq!(asked.to, [REFEREE]);
    assert!(asked.subject.contains("your decision is needed"), "{}", asked.subject);
    let decision = asked.text.split("For each power, replace its player").next().unwrap();
    assert!(
        decision.contains("Italy has sent no orders for 2 phases in a row."),
        "{}",
        asked.text
    );
    assert!(!decision.contains("France"), "France ordered: {}", asked.text);
    assert!(asked.text.contains("arbitre disorder"), "{}", asked.text);
    // Several powers are asked about: what to do is said for each, not for one "its".
    assert!(
        asked.text.contains("For each power, replace its player:"),
        "{}",
        asked.text
    );
    assert_eq!(g.state()["desk"]["missed"]["Italy"].as_u64(), Some(2));
    assert!(g.status().contains("missed 2 phases in a row"));
}

#[test]
fn nmr_before_asking_sets_how_many_phases_are_missed_before_the_referee_is_asked() {
    let g = Desk::with("standard", "nmr_before_asking: 1\n");
    g.ok("process", &["--force"], MORNING);
    let digest = one_body(&g.letters("S1901M-digest-referee"));
    assert!(
        digest.contains("Italy has sent no orders for 1 phases in a row."),
        "{digest}"
    );
    let tmp = Tmp::new();
    let bad = tmp.file("players.yaml", &players_file_with("standard", "nmr_before_asking: 0\n"));
    let out = arbitre(
        &[
            "new",
            tmp.path("g").to_str().unwrap(),
            "--players",
            bad.to_str().unwrap(),
        ],
        None,
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("players.yaml:3: nmr_before_asking: 0"), "{err}");
}

#[test]
fn a_confirmed_resignation_waits_in_the_status_until_disorder_or_replace_answers_it() {
    let g = Desk::new("standard");
    g.orders("France", &["RESIGN"], MORNING);
    g.orders("France", &["RESIGN CONFIRM"], MORNING);
    let told = g.letters("m00002-l2-resignation-france");
    assert_eq!(told.values().next().expect("the referee is told").to, [REFEREE]);
    let s = g.status();
    assert!(s.contains("Resignations waiting for you"), "{s}");
    assert!(
        s.contains("France   confirmed Sunday 29 November 2026, 09:00 CET: your decision"),
        "{s}"
    );
    let y: serde_yaml::Value = serde_yaml::from_str(&ok(&["status", g.d(), "--yaml"], None)).unwrap();
    assert!(
        y["resignations"]["France"].as_str().unwrap().starts_with("confirmed"),
        "{y:?}"
    );
    g.ok("disorder", &["France"], MORNING);
    assert!(g.state()["resignations"].is_null(), "answered");
    assert!(!g.status().contains("Resignations waiting"));

    // Asked, not confirmed; then answered by a replacement.
    g.orders("Italy", &["RESIGN"], MORNING);
    assert!(g
        .status()
        .contains("Italy    asked Sunday 29 November 2026, 09:00 CET, not yet confirmed"));
    g.ok(
        "replace",
        &["Italy", "--name", "Nina", "--address", "nina@example.org"],
        MORNING,
    );
    assert!(g.state()["resignations"].is_null(), "answered");
}

// ---------------------------------------------------------------------------------------
// The grace period
// ---------------------------------------------------------------------------------------

#[test]
fn orders_in_the_grace_period_are_taken_marked_late_and_the_phase_waits_for_its_end() {
    let g = Desk::with("standard", "grace: 6h\n");
    g.orders("France", &["A PAR - BUR"], MORNING);
    g.orders("Italy", &["A VEN - TYR"], AFTER);
    let reply = reply_to(&g, "Italy");
    assert!(
        reply
            .text
            .contains("A VEN - TYR: on file (late: after the deadline, within the grace period)"),
        "{}",
        reply.text
    );
    assert!(!reply.text.contains("too late"), "{}", reply.text);
    // Past the deadline, within the grace: nothing is judged yet.
    g.ok("process", &[], AFTER);
    assert_eq!(g.state()["phase"].as_str(), Some("Spring 1901 Movement"));
    assert!(
        g.letters("S1901M-report-").is_empty(),
        "the phase waits for the end of the grace period"
    );
    let s = g.status();
    assert!(
        s.contains("Grace: orders are taken until Wednesday 2 December 2026, 02:00 CET"),
        "{s}"
    );
    assert!(s.contains("Late (in the grace period): Italy"), "{s}");
    // After the grace: refused as any late order.
    g.orders("Germany", &["A MUN - RUH"], "2026-12-02T02:30:00+01:00");
    assert!(reply_to(&g, "Germany").text.contains("too late"));
    g.ok("process", &[], "2026-12-02T02:30:00+01:00");
    assert_eq!(units(&g.state(), "Italy"), ["A ROM", "A TYR", "F NAP"]);
    assert_eq!(units(&g.state(), "Germany"), ["A BER", "A MUN", "F KIE"]);
    let report = &g.letters("S1901M-report-england").into_values().next().unwrap().text;
    assert!(report.contains("Italy (orders arrived late):"), "{report}");
    assert!(!report.contains("France (orders arrived late)"), "{report}");
    let digest = one_body(&g.letters("S1901M-digest-referee"));
    assert!(
        digest.contains("Orders that arrived late, within the grace period: Italy."),
        "{digest}"
    );
    assert!(g.state()["desk"]["late"].is_null(), "cleared with the phase");

    // Without a grace period, the same orders are too late.
    let g = Desk::new("standard");
    g.orders("Italy", &["A VEN - TYR"], AFTER);
    assert!(reply_to(&g, "Italy").text.contains("too late"));
    let tmp = Tmp::new();
    let bad = tmp.file("players.yaml", &players_file_with("standard", "grace: soon\n"));
    let out = arbitre(
        &[
            "new",
            tmp.path("g").to_str().unwrap(),
            "--players",
            bad.to_str().unwrap(),
        ],
        None,
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("players.yaml:3: grace: \"soon\": write a duration"),
        "{err}"
    );
}

// ---------------------------------------------------------------------------------------
// What the referee receives: copies and the digest
// ---------------------------------------------------------------------------------------

#[test]
fn the_referee_gets_the_public_report_by_default_and_nothing_private() {
    let g = Desk::new("diable-et-bon-dieu");
    g.orders("France", &["A PAR - BUR"], MORNING);
    g.ok("process", &[], AFTER);
    let copy = g.letters("S1901M-report-referee");
    let copy = copy.values().next().expect("the referee's copy of the report");
    assert_eq!(
        (copy.to.as_slice(), copy.cc, copy.bcc),
        ([REFEREE.to_string()].as_slice(), 0, 0)
    );
    assert!(copy.subject.contains("the referee's copy"), "{}", copy.subject);
    let france = g.letters("S1901M-report-france");
    let france = &france.values().next().unwrap().text;
    let report = |t: &str| t[t.find("France").unwrap()..t.find("Next:").unwrap()].to_string();
    assert_eq!(report(&copy.text), report(france), "the same report");
    assert!(g.letters("S1901M-divine-").keys().all(|n| !n.contains("referee")));
    assert!(outbox(&g.dir).keys().all(|n| !n.contains("-copy-")), "nothing private");
}

#[test]
fn private_and_divine_copies_are_each_asked_for_by_name() {
    let copies = |extra: &str| {
        let g = Desk::with("diable-et-bon-dieu", extra);
        g.ok("process", &[], AFTER);
        let names: Vec<String> = outbox(&g.dir)
            .into_iter()
            .filter(|(_, m)| m.to == [REFEREE])
            .map(|(n, m)| {
                assert_eq!((m.cc, m.bcc), (0, 0));
                n
            })
            .collect();
        (g, names)
    };
    let (_, names) = copies("referee_copies: {public: false, private: true}\n");
    assert!(
        !names.iter().any(|n| n.starts_with("S1901M-report-referee")),
        "{names:?}"
    );
    assert!(
        !names.iter().any(|n| n.contains("divine")),
        "never the divine mail: {names:?}"
    );
    let (g, names) = copies("referee_copies: {divine: true}\n");
    assert!(
        names.iter().any(|n| n.starts_with("S1901M-report-referee")),
        "{names:?}"
    );
    for who in ["god", "devil"] {
        let copy = format!("S1901M-divine-{who}-copy-referee");
        assert!(names.iter().any(|n| n.starts_with(&copy)), "{copy}: {names:?}");
        let original = g.letters(&format!("S1901M-divine-{who}."));
        let original = &original.values().next().unwrap().text;
        assert_eq!(&one_body(&g.letters(&copy)), original, "the copy is the letter itself");
    }
    let e = String::from_utf8_lossy(
        &arbitre(
            &[
                "new",
                Tmp::new().path("g").to_str().unwrap(),
                "--players",
                Tmp::new()
                    .file(
                        "p.yaml",
                        &players_file_with("standard", "referee_copies: {secret: true}\n"),
                    )
                    .to_str()
                    .unwrap(),
            ],
            None,
        )
        .stderr,
    )
    .to_string();
    assert!(e.contains("unknown field `secret`"), "{e}");
}

/// Every power's units holding.
const HOLDS: [(&str, &[&str]); 7] = [
    ("France", &["A PAR H", "A MAR H", "F BRE H"]),
    ("England", &["F LON H", "F EDI H", "A LVP H"]),
    ("Germany", &["A BER H", "A MUN H", "F KIE H"]),
    ("Italy", &["A ROM H", "A VEN H", "F NAP H"]),
    ("Austria", &["A VIE H", "A BUD H", "F TRI H"]),
    ("Russia", &["A MOS H", "F SEV H", "A WAR H", "F STP/SC H"]),
    ("Turkey", &["F ANK H", "A CON H", "A SMY H"]),
];

#[test]
fn one_digest_a_run_says_who_was_reminded_who_missed_and_the_failed_sign_ons() {
    let g = Desk::new("standard");
    g.orders("France", &["A PAR H", "A MAR H", "F BRE H"], MORNING);
    g.orders("Italy", &["A ROM H"], MORNING);
    g.mail(
        &email("England"),
        "Player England",
        "SIGNON England vopaliec wrong\r\nF LON H",
        MORNING,
    );
    g.mail(REFEREE, "Arbitre", "SIGNON Referee vopaliec wrong\r\nSTATUS", MORNING);
    // The reminders' run, 24 hours before the deadline.
    g.ok("process", &[], "2026-11-30T21:00:00+01:00");
    let d = one_body(&g.letters("S1901M-digest-reminders-referee"));
    assert!(d.contains("were reminded of the deadline"), "{d}");
    assert!(
        d.contains("Reminded: England, Germany, Italy, Austria, Russia, Turkey."),
        "{d}"
    );
    assert!(
        d.contains("Failed sign-ons since the last digest:\n  England: 1\n  Referee: 1"),
        "{d}"
    );
    // The deadline's run: who sent nothing, who sent too little; the sign-ons told once.
    g.ok("process", &[], AFTER);
    let d = one_body(&g.letters("S1901M-digest-referee"));
    assert!(
        d.contains("Spring 1901 Movement was adjudicated at its deadline"),
        "{d}"
    );
    assert!(
        d.contains("No orders received (NMR): England, Germany, Austria, Russia, Turkey."),
        "{d}"
    );
    assert!(d.contains("Orders incomplete: Italy."), "{d}");
    assert!(!d.contains("sign-ons"), "told already: {d}");
    assert_eq!(g.letters("S1901M-digest").len(), 2, "one digest a run");

    // A run with nothing to say writes none.
    for (power, orders) in HOLDS {
        g.orders(power, orders, AFTER);
    }
    g.ok("process", &[], AFTER);
    assert_eq!(
        g.letters("F1901M-report-").len(),
        8,
        "judged: every power and the referee's copy"
    );
    assert!(g.letters("F1901M-digest").is_empty(), "nothing to say");
}

#[test]
fn a_rollback_withdraws_the_reports_not_yet_sent() {
    let g = Desk::new("standard");
    g.ok("process", &["--force"], MORNING);
    assert_eq!(
        g.letters("S1901M-report-").len(),
        8,
        "seven powers and the referee's copy"
    );
    g.ok("rollback", &[], MORNING);
    assert!(g.letters("S1901M-report-").is_empty(), "unsent reports withdrawn");
    assert!(g
        .dir
        .join("history/withdrawn-S1901M/outbox/S1901M-report-france.eml")
        .exists());
    assert!(!g.dir.join("pages/S1901M.html").exists());
    g.ok("rollback", &["--redo"], MORNING);
    assert_eq!(g.letters("S1901M-report-").len(), 8, "redo puts them back");
    assert!(g.dir.join("pages/S1901M.html").exists());
}

/// The files of the game folder's `pages/`, by name.
fn pages(g: &Desk) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(g.dir.join("pages"))
        .unwrap()
        .map(|e| e.unwrap())
        .map(|e| {
            (
                e.file_name().to_string_lossy().to_string(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// A phase rolled back leaves nothing of itself in `pages/`: not its page, nor its record
/// (which the pages and the zine are made from), nor its map, nor the link to it from the
/// page before; the pages are as they were before it was judged. `--redo` puts them back.
#[test]
fn a_rollback_leaves_no_page_record_or_map_of_the_undone_phase() {
    let g = Desk::new("standard");
    g.ok("process", &["--force"], MORNING);
    let before_fall = pages(&g);
    assert!(before_fall.contains_key("S1901M.svg") && before_fall.contains_key("S1901M.yaml"));
    g.orders("France", &["A PAR - PIC"], MORNING);
    g.ok("process", &["--force"], MORNING);
    let after_fall = pages(&g);
    for f in ["F1901M.html", "F1901M.yaml", "F1901M.svg"] {
        assert!(after_fall.contains_key(f), "{f}");
    }
    let spring_page = String::from_utf8_lossy(&after_fall["S1901M.html"]).to_string();
    assert!(spring_page.contains("F1901M.html"), "the spring links to the fall");

    g.ok("rollback", &[], MORNING);
    let now = pages(&g);
    assert!(
        now.keys().all(|n| !n.starts_with("F1901M")),
        "the fall's files are gone: {:?}",
        now.keys().collect::<Vec<_>>()
    );
    assert_eq!(now, before_fall, "pages/ as it was before the fall was judged");
    for f in ["F1901M.html", "F1901M.yaml", "F1901M.svg"] {
        assert!(
            g.dir.join("history/withdrawn-F1901M/pages").join(f).is_file(),
            "{f} kept"
        );
    }

    g.ok("rollback", &["--redo"], MORNING);
    assert_eq!(pages(&g), after_fall, "redo puts the fall's pages back");

    // Undone again and judged again: written anew, the spring linking to the new fall.
    g.ok("rollback", &[], MORNING);
    g.orders("France", &["A PAR - BUR"], MORNING);
    g.ok("process", &["--force"], MORNING);
    let again = pages(&g);
    let record = String::from_utf8_lossy(&again["F1901M.yaml"]).to_string();
    assert!(
        record.contains("A PAR - BUR") && !record.contains("A PAR - PIC"),
        "{record}"
    );
    assert!(String::from_utf8_lossy(&again["S1901M.html"]).contains("F1901M.html"));
}

/// The letters of the outbox moved to `sent/`, as `arbitre send` does once the server took them.
fn mark_all_sent(g: &Desk) {
    let sent = g.dir.join("sent");
    std::fs::create_dir_all(&sent).unwrap();
    for e in std::fs::read_dir(g.dir.join("outbox")).unwrap() {
        let p = e.unwrap().path();
        std::fs::rename(&p, sent.join(p.file_name().unwrap())).unwrap();
    }
}

/// France's answer to `HISTORY ALL`, asked at `now`.
fn history_of_france(g: &Desk, now: &str) -> String {
    g.orders("France", &["HISTORY ALL"], now);
    let found: Vec<Sent> = outbox(&g.dir)
        .into_iter()
        .filter(|(n, _)| n.contains("-history-france"))
        .map(|(_, m)| m)
        .collect();
    assert_eq!(
        found.len(),
        1,
        "one answer to HISTORY: {:?}",
        outbox(&g.dir).keys().collect::<Vec<_>>()
    );
    let text = found[0].text.clone();
    mark_all_sent(g);
    text
}

/// The reports of a phase undone, already sent, are no report of a phase that happened:
/// HISTORY leaves them out, and gives the reports of the phase judged again (written
/// under names with `-r1`) once it is.
#[test]
fn history_gives_no_report_of_an_undone_phase_and_the_report_of_the_phase_judged_again() {
    let g = Desk::new("standard");
    g.ok("process", &["--force"], MORNING);
    mark_all_sent(&g);
    let before = history_of_france(&g, MORNING);
    assert!(before.contains("Spring 1901"), "{before}");
    assert!(
        !before.contains("A PAR - BUR"),
        "France ordered nothing the first time: {before}"
    );
    g.ok("rollback", &[], MORNING);
    let undone = history_of_france(&g, MORNING);
    assert!(
        undone.contains("No report of vopaliec has been sent to you yet"),
        "{undone}"
    );
    g.orders("France", &["A PAR - BUR"], MORNING);
    g.ok("process", &["--force"], MORNING);
    assert_eq!(g.letters("S1901M-report-france-r1").len(), 1);
    mark_all_sent(&g);
    let again = history_of_france(&g, MORNING);
    assert!(
        again.contains("A PAR - BUR"),
        "the report of the spring judged again: {again}"
    );
    assert_eq!(
        again.matches("results").count(),
        before.matches("results").count(),
        "{again}"
    );
}

// ---------------------------------------------------------------------------------------
// replace, disorder, player
// ---------------------------------------------------------------------------------------

/// The new password in a welcome or an account letter.
fn password_in(text: &str) -> String {
    let line = text
        .lines()
        .find(|l| l.contains("password") && l.contains(": "))
        .unwrap();
    line.rsplit(' ').next().unwrap().trim().to_string()
}

#[test]
fn replacing_god_reads_to_everyone_else_exactly_as_replacing_a_power() {
    let replaced = |role: &str| {
        let g = Desk::new("diable-et-bon-dieu");
        g.ok(
            "replace",
            &[role, "--name", "Nina Dupont", "--address", "nina@elsewhere.example"],
            MORNING,
        );
        g
    };
    let god = replaced("God");
    let france = replaced("France");
    // Every letter to a player who is neither God nor France, byte for byte.
    let public = |g: &Desk| -> BTreeMap<String, Vec<u8>> {
        outbox(&g.dir)
            .into_iter()
            .filter(|(n, _)| n.starts_with("d0001-") && !n.ends_with("-god.eml") && !n.ends_with("-france.eml"))
            .map(|(n, m)| (n, m.raw))
            .collect()
    };
    let (a, b) = (public(&god), public(&france));
    assert_eq!(
        a.len(),
        7,
        "England, Germany, Italy, Austria, Russia, Turkey, the Devil"
    );
    assert_eq!(a, b, "the public letters tell which role was replaced");
    let notice = read_sent(a.values().next().unwrap());
    assert!(notice.text.contains("replaced a player"), "{}", notice.text);

    // The newcomer is told the role, with its secrets and a password that works.
    let welcome = &god.letters("d0001-welcome-god")["d0001-welcome-god.eml"];
    assert_eq!(welcome.to, ["nina@elsewhere.example"]);
    assert!(welcome.text.contains("You are God"), "{}", welcome.text);
    assert!(welcome.text.contains("You protect "), "{}", welcome.text);
    assert!(
        welcome
            .text
            .contains("England: 3 centres (EDI, LON, LVP); units: F LON, F EDI, A LVP"),
        "{}",
        welcome.text
    );
    let leaving = &god.letters("d0001-leaving-god")["d0001-leaving-god.eml"];
    assert_eq!(leaving.to, ["god@vopaliec.example"]);
    let pw = password_in(&welcome.text);
    god.mail(
        "nina@elsewhere.example",
        "Nina Dupont",
        &format!("SIGNON God vopaliec {pw}\r\nBLESS A PAR"),
        MORNING,
    );
    let reply = outbox(&god.dir)
        .into_iter()
        .find(|(n, _)| n.ends_with("-reply-god.eml"))
        .unwrap()
        .1;
    assert_eq!(reply.to, ["nina@elsewhere.example"]);
    assert!(reply.subject.ends_with("received"), "{}", reply.subject);
    // The old player's password no longer signs on.
    god.mail(
        "god@vopaliec.example",
        "Player God",
        &format!("SIGNON God vopaliec {}\r\nBLESS A MUN", password("God")),
        MORNING,
    );
    assert!(outbox(&god.dir)
        .values()
        .any(|m| m.subject == "message refused / message refusé"));
    let e = god.refused("replace", &["Pope", "--name", "X", "--address", "x@y.example"], MORNING);
    assert!(e.contains("\"Pope\" is not a role of this game"), "{e}");
    let e = god.refused("replace", &["France", "--name", "X", "--address", "nowhere"], MORNING);
    assert!(e.contains("not an email address"), "{e}");
}

#[test]
fn a_power_in_civil_disorder_holds_and_holds_up_nothing() {
    let g = Desk::new("standard");
    let e = g.refused("disorder", &["Atlantis"], MORNING);
    assert!(e.contains("not a role"), "{e}");
    g.orders("Italy", &["A VEN - TYR", "A ROM - APU", "F NAP - ION"], MORNING);
    g.ok("disorder", &["Italy", "--why", "no news for a month"], MORNING);
    assert!(one_body(&g.letters("d0001-disorder-")).contains("Italy is in civil disorder"));
    let e = g.refused("disorder", &["italy"], MORNING);
    assert!(e.contains("already in civil disorder"), "{e}");
    // Every other power orders: the phase is judged early, Italy's orders unused.
    for p in POWERS.iter().filter(|p| **p != "Italy") {
        let hold: Vec<String> = units(&g.state(), p).iter().map(|u| format!("{u} H")).collect();
        let hold: Vec<&str> = hold.iter().map(String::as_str).collect();
        g.orders(p, &hold, MORNING);
    }
    g.orders("Italy", &["A VEN - PIE"], MORNING);
    let out = g.ok("process", &[], MORNING);
    assert!(out.contains("now Fall 1901 Movement"), "{out}");
    assert_eq!(units(&g.state(), "Italy"), ["A ROM", "A VEN", "F NAP"]);
    assert!(g.status().contains("civil disorder"));
}

#[test]
fn a_player_s_address_and_password_are_changed_and_told() {
    let g = Desk::new("standard");
    g.ok("player", &["France", "--address", "alice@new.example"], MORNING);
    let cfg: serde_yaml::Value =
        serde_yaml::from_str(&std::fs::read_to_string(g.dir.join("game.yaml")).unwrap()).unwrap();
    let france = cfg["players"]
        .as_sequence()
        .unwrap()
        .iter()
        .find(|p| p["role"] == "France")
        .unwrap()
        .clone();
    assert_eq!(france["email"].as_str(), Some("alice@new.example"));
    let told = g.letters("d0001-address");
    let to: Vec<&str> = told.values().map(|m| m.to[0].as_str()).collect();
    assert!(
        to.contains(&"alice@new.example") && to.contains(&"france@vopaliec.example"),
        "{to:?}"
    );
    let e = g.refused("player", &["France", "--address", "alice@new.example"], MORNING);
    assert!(e.contains("already France's address"), "{e}");
    let out = arbitre(&["player", g.d(), "France"], None);
    assert_eq!(out.status.code(), Some(1), "one of --address or --new-password");

    g.ok("player", &["France", "--new-password"], MORNING);
    let letter = &g.letters("d0002-password-france")["d0002-password-france.eml"];
    assert_eq!(letter.to, ["alice@new.example"]);
    let pw = password_in(&letter.text);
    g.mail(
        "alice@new.example",
        "Alice",
        &format!("SIGNON France vopaliec {pw}\r\nA PAR - BUR"),
        MORNING,
    );
    assert_eq!(g.state()["orders"]["France"][0].as_str(), Some("A PAR - BUR"));
}

// ---------------------------------------------------------------------------------------
// by mail
// ---------------------------------------------------------------------------------------

/// The reply to a desk mail shows the game after every line of it (issue #24): a STATUS
/// written before a DEADLINE shows the new deadline, as one written after it does.
#[test]
fn a_desk_mails_status_shows_the_game_after_its_lines() {
    for lines in [["STATUS", "DEADLINE +1d"], ["DEADLINE +1d", "STATUS"]] {
        let g = Desk::new("diable-et-bon-dieu");
        g.referee(&lines, MORNING);
        let r = g.reply();
        assert!(
            r.text.contains("Deadline: Wednesday 2 December 2026"),
            "{lines:?}: {}",
            r.text
        );
        assert!(
            !r.text.contains("Deadline: Tuesday 1 December"),
            "{lines:?}: {}",
            r.text
        );
        // The journal and the outbox count what the message itself did, though they are
        // written only once it is committed: the deadline moved, and its notices.
        assert!(!r.text.contains("nothing yet"), "{lines:?}: {}", r.text);
        assert!(
            r.text
                .contains("Journal (last 10):\n  Sunday 29 November 2026, 09:00 CET  referee: deadline: "),
            "{lines:?}: {}",
            r.text
        );
        // The welcomes (nine) and the notices of the new deadline (nine).
        assert!(r.text.contains("waiting in the outbox: 18"), "{lines:?}: {}", r.text);
    }
}

/// A French game's referee gets the desk's reply in French (issue #24): what each line
/// did, and why a line did nothing.
#[test]
fn a_desk_mail_in_a_french_game_is_answered_in_french() {
    let g = Desk::with("diable-et-bon-dieu", "language: fr\n");
    g.referee(&["DEADLINE +1d", "DISORDER Italy", "FLY AWAY", "STATUS"], MORNING);
    let r = g.reply();
    assert_eq!(
        r.subject,
        "vopaliec, printemps 1901, mouvements\u{a0}: reçu, avec 1 erreur"
    );
    for part in [
        "Le bureau de l'arbitre : vopaliec, printemps 1901, mouvements",
        "ligne 2 : échéance déplacée au mercredi 2 décembre 2026",
        "ligne 3 : l'Italie est en désordre civil",
        "ligne 4 : FLY AWAY\n      « FLY » n'est pas une commande du bureau",
        "ligne 5 : STATUS : voir ci-dessous",
        "Phase : printemps 1901, mouvements",
        "Échéance : mercredi 2 décembre 2026",
        "Ordres (qui, jamais lesquels) :",
        "Italie     aucun (désordre civil)",
        "Joueurs :",
    ] {
        assert!(r.text.contains(part), "{part:?} not in:\n{}", r.text);
    }
    // The journal too (issue #24): its entries worded from their values.
    g.referee(&["STATUS"], MORNING);
    let r = g.reply();
    for part in [
        "Journal (les 10 dernières entrées) :",
        "l'arbitre (courrier) ; échéance : printemps 1901, mouvements, déplacée du mardi 1er décembre 2026",
        "au mercredi 2 décembre 2026, 20 h 00 CET (19 h 00 UTC)",
        "désordre civil : l'Italie en désordre civil à partir de la phase printemps 1901, mouvements",
    ] {
        assert!(r.text.contains(part), "{part:?} not in:\n{}", r.text);
    }
    let said = &r.text;
    for english in [
        "line ",
        "deadline moved",
        "civil disorder",
        "referee:",
        "not a desk verb",
        "Spring",
        "Deadline",
        "Orders",
        "Players",
        "Tuesday",
    ] {
        assert!(!said.contains(english), "{english:?} in:\n{said}");
    }
}

/// The desk's refusals to a French referee are French, with the same facts and the same
/// fix as the English ones (issue #24); a power may be named in French.
#[test]
fn a_french_referee_s_wrong_desk_lines_are_answered_in_french() {
    let g = Desk::with("diable-et-bon-dieu", "language: fr\n");
    g.referee(
        &[
            "DEADLINE soon",
            "DEADLINE",
            "REPLACE Prusse Nina Dupont nina@elsewhere.example",
            "DISORDER God",
            "DISORDER Italie",
            "DISORDER Italy",
            "RESUME",
            "FORCE now",
        ],
        MORNING,
    );
    let r = g.reply();
    assert!(r.subject.ends_with("reçu, avec 7 erreurs"), "{}", r.subject);
    for part in [
        "ligne 2 : DEADLINE soon\n      « soon » n'est pas une heure : écrivez +2d, +36h",
        "ligne 3 : DEADLINE\n      écrivez DEADLINE <quand> : +2d, +36h",
        "« Prusse » n'est pas un rôle de cette partie ; les rôles sont France, Angleterre, Allemagne, Italie, Autriche, Russie, Turquie, Bon Dieu, Diable",
        "Le Bon Dieu n'est pas une puissance : le désordre civil est pour les puissances",
        "ligne 6 : l'Italie est en désordre civil",
        "L'Italie est déjà en désordre civil ; rien n'a été changé",
        "la partie n'est pas suspendue : il n'y a rien à faire reprendre",
        "FORCE ne prend rien après lui : écrivez FORCE seul",
    ] {
        assert!(r.text.contains(part), "{part:?} not in:\n{}", r.text);
    }
    for english in [
        "is not a time",
        "write ",
        "not a role",
        "is not a power",
        "already in civil disorder",
        "not paused",
        "takes nothing",
        "nothing was changed",
    ] {
        assert!(!r.text.contains(english), "{english:?} in:\n{}", r.text);
    }
}

#[test]
fn the_referee_runs_the_desk_by_mail() {
    let g = Desk::new("diable-et-bon-dieu");
    g.referee(&["DEADLINE +1d", "STATUS", "FLY AWAY"], MORNING);
    assert_eq!(g.state()["deadline"].as_str(), Some("2026-12-02T20:00:00+01:00"));
    let r = g.reply();
    assert_eq!(r.to, [REFEREE]);
    assert!(
        r.text.contains("line 2: Spring 1901 Movement: deadline moved"),
        "{}",
        r.text
    );
    assert!(r.text.contains("Phase: Spring 1901 Movement"), "the status: {}", r.text);
    assert!(
        r.text.contains("line 4: FLY AWAY") && r.text.contains("not a desk verb"),
        "{}",
        r.text
    );
    assert_eq!(g.letters("d0001-deadline-").len(), 9);
    assert!(g.journal().contains("who: referee"), "{}", g.journal());

    g.referee(&["PAUSE the map is wrong", "RESUME +2d", "RESUME"], MORNING);
    let r = g.reply();
    assert!(r.text.contains("paused"), "{}", r.text);
    assert!(r.text.contains("the game is not paused"), "{}", r.text);
    assert_eq!(g.state()["deadline"].as_str(), Some("2026-12-01T09:00:00+01:00"));

    g.orders("France", &["A PAR - BUR"], MORNING);
    g.referee(&["PREVIEW"], MORNING);
    assert!(g.reply().text.contains("A PAR - BUR"), "{}", g.reply().text);
    assert!(g.dir.join("preview/S1901M-report-france.eml").exists());
    assert_eq!(g.state()["phase"].as_str(), Some("Spring 1901 Movement"));

    g.referee(&["FORCE"], MORNING);
    assert_eq!(g.state()["phase"].as_str(), Some("Fall 1901 Movement"));
    g.referee(&["ROLLBACK"], MORNING);
    assert_eq!(g.state()["phase"].as_str(), Some("Spring 1901 Movement"));
    g.referee(&["ROLLBACK REDO", "DISORDER Turkey", "DISORDER God"], MORNING);
    assert_eq!(g.state()["phase"].as_str(), Some("Fall 1901 Movement"));
    assert!(g.reply().text.contains("God is not a power"), "{}", g.reply().text);
    assert_eq!(g.state()["desk"]["disorder"][0].as_str(), Some("Turkey"));

    g.referee(&["REPLACE Devil Nina Dupont nina@elsewhere.example"], MORNING);
    let welcome = g
        .letters("d")
        .into_iter()
        .find(|(n, _)| n.contains("-welcome-devil"))
        .unwrap()
        .1;
    assert_eq!(welcome.to, ["nina@elsewhere.example"]);
    assert!(welcome.text.contains("You are the Devil"), "{}", welcome.text);
}

#[test]
fn a_wrong_referee_sign_on_gets_the_refusal_of_any_failed_sign_on() {
    let g = Desk::new("standard");
    let before = g.state()["deadline"].clone();
    let refusal = |g: &Desk, from: &str, body: &str| {
        g.mail(from, "Someone", body, MORNING);
        let m = outbox(&g.dir)
            .into_values()
            .filter(|m| m.subject == "message refused / message refusé" && m.to == [from]);
        let m: Vec<Sent> = m.collect();
        assert_eq!(m.len(), 1, "one refusal");
        m[0].text.clone()
    };
    let wrong_password = refusal(&g, REFEREE, "SIGNON Referee vopaliec guess\r\nDEADLINE +9d");
    let wrong_address = refusal(
        &g,
        "mallory@evil.example",
        &format!("SIGNON Referee vopaliec {REFEREE_PASSWORD}\r\nPAUSE x"),
    );
    let player = refusal(
        &g,
        "someone@else.example",
        "SIGNON France vopaliec guess\r\nA PAR - BUR",
    );
    assert_eq!(wrong_password, player, "the same words as any failed sign-on");
    assert_eq!(wrong_address, player);
    assert_eq!(g.state()["deadline"], before, "nothing changed");
    assert!(g.state()["desk"]["paused"].is_null(), "not paused");
    // No password in the archive.
    for e in std::fs::read_dir(g.dir.join("mail")).unwrap() {
        let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
        assert!(!text.contains(REFEREE_PASSWORD), "{text}");
    }
}

#[test]
fn a_game_without_a_referee_password_has_no_desk_by_mail() {
    let tmp = Tmp::new();
    let text = players_file("standard").replace(&format!(", password: {REFEREE_PASSWORD}}}"), "}");
    let players = tmp.file("players.yaml", &text);
    let dir = tmp.path("vopaliec");
    create(&dir, &players, CREATED);
    let g = Desk {
        _tmp: tmp,
        dir: dir.clone(),
        messages: std::cell::Cell::new(0),
    };
    g.referee(&["DEADLINE +1d"], MORNING);
    assert_eq!(g.state()["deadline"].as_str(), Some(DEADLINE));
    assert!(outbox(&dir)
        .values()
        .any(|m| m.subject == "message refused / message refusé" && m.to == [REFEREE]));
    let _ = Path::new(&dir);
}

// ---------------------------------------------------------------------------------------
// absences
// ---------------------------------------------------------------------------------------

fn reply_to(g: &Desk, role: &str) -> Sent {
    let mut r: Vec<(String, Sent)> = outbox(&g.dir)
        .into_iter()
        .filter(|(n, _)| n.contains(&format!("-reply-{}", role.to_lowercase())))
        .collect();
    r.pop().unwrap().1
}

#[test]
fn an_absence_moves_a_deadline_that_falls_in_it_and_nobody_is_told_whose() {
    let g = Desk::new("diable-et-bon-dieu");
    g.orders("France", &["SET ABSENCE 2026-11-30 2026-12-02"], MORNING);
    assert!(reply_to(&g, "France")
        .text
        .contains("absence from 2026-11-30 to 2026-12-02 noted"));
    assert_eq!(g.state()["deadline"].as_str(), Some("2026-12-03T20:00:00+01:00"));
    let told = g.letters("d0001-extended-");
    assert_eq!(told.len(), 9);
    let body = one_body(&told);
    assert!(
        body.contains("is extended") && !body.contains("France") && !body.contains("absen"),
        "{body}"
    );
    assert!(g
        .status()
        .contains("Absences declared:\n  France   2026-11-30 to 2026-12-02"));
    assert!(g.journal().contains("who: mail") && g.journal().contains("role: France"));

    g.orders(
        "Italy",
        &[
            "SET ABSENCE 2026-12-05",
            "SET ABSENCE soon later",
            "SET ABSENCE 2026-12-09 2026-12-07",
        ],
        MORNING,
    );
    let r = reply_to(&g, "Italy").text;
    assert!(r.contains("write SET ABSENCE <from> <to>"), "{r}");
    assert!(r.contains("\"soon\" is not a date"), "{r}");
    assert!(r.contains("ends (2026-12-07) before it begins"), "{r}");
}

#[test]
fn a_phase_opening_in_an_absence_is_due_after_it_within_the_allowance() {
    let g = Desk::new("standard");
    // Neither covers the first deadline (1 December).
    g.orders(
        "Italy",
        &["SET ABSENCE 2026-12-02 2026-12-04", "SET ABSENCE 2026-12-06 2026-12-20"],
        MORNING,
    );
    assert_eq!(g.state()["deadline"].as_str(), Some(DEADLINE));
    // Judged on 29 November at 9:00, Fall 1901 would be due on 2 December: moved to the 5th.
    g.ok("process", &["--force"], MORNING);
    assert_eq!(g.state()["deadline"].as_str(), Some("2026-12-05T09:00:00+01:00"));
    let report = &g.letters("S1901M-report-france")["S1901M-report-france.eml"];
    assert!(
        report
            .text
            .contains("due Saturday 5 December 2026, 09:00 CET (08:00 UTC) (extended)"),
        "{}",
        report.text
    );
    assert!(!report.text.contains("absen"), "{}", report.text);
    // Judged on the 5th (no winter: nobody builds), Spring 1902 would be due on the 8th,
    // inside the second absence; 3 days used and 13 more needed pass the 14 a year: not moved.
    g.ok("process", &["--force"], "2026-12-05T09:00:00+01:00");
    assert_eq!(g.state()["phase"].as_str(), Some("Spring 1902 Movement"));
    assert_eq!(g.state()["deadline"].as_str(), Some("2026-12-08T09:00:00+01:00"));
    assert_eq!(g.state()["desk"]["absence_days"]["Italy"]["2026"].as_u64(), Some(3));
}
