//! Deadlines on the calendar (issue #26), end to end through the `arbitre` binary: a
//! standard game whose players file says `movement: "Fri 23:59"`, played by mail across the
//! end of summer time in Europe/Paris (25 October 2026), its phases processed early when
//! every order is in and late by cron; each next deadline falls on the calendar in local
//! time, and so does the phase after a deadline the referee moved (`DEADLINE` by mail), one
//! an absence extended (`SET ABSENCE`) and one a pause changed (`RESUME`). Every letter
//! shows the deadline in its reader's zone and in UTC.

use crate::support;

use std::path::PathBuf;
use support::*;

const REFEREE: &str = "arbitre@calendrier.example";
const REFEREE_PASSWORD: &str = "t0p-desk";
const POWERS: [&str; 7] = ["France", "England", "Germany", "Italy", "Austria", "Russia", "Turkey"];

fn email(role: &str) -> String {
    format!("{}@calendrier.example", role.to_lowercase())
}

/// The players file: movement on Friday night, retreats every evening, adjustments on
/// Monday and Thursday (in French); England reads in Montreal's time, Italy in French.
fn players_file() -> String {
    let mut s = format!(
        "game: calendrier\nvariant: standard\n\
         referee: {{name: Arbitre, email: {REFEREE}, password: {REFEREE_PASSWORD}}}\n\
         timezone: Europe/Paris\n\
         deadlines: {{movement: \"Fri 23:59\", retreat: \"daily 20:00\", adjustment: \"lundi,jeudi 20h00\"}}\n\
         start: 2026-10-16T23:59:00+02:00\n\
         seed: 8f2c41d7a09b3e5566c1f0e2d4b79a8c13e5f70926bd4a8e0c71f3d5a2b69e04\nplayers:\n"
    );
    for role in POWERS {
        let own = match role {
            "England" => ", timezone: America/Montreal",
            "Italy" => ", language: fr",
            _ => "",
        };
        s += &format!(
            "  - {{name: Player {role}, email: {}, role: {role}, password: pw-{}{own}}}\n",
            email(role),
            role.to_lowercase()
        );
    }
    s
}

struct Season {
    _tmp: Tmp,
    tmp_files: PathBuf,
    dir: PathBuf,
    n: std::cell::Cell<usize>,
}

impl Season {
    fn new() -> Season {
        let tmp = Tmp::new();
        let players = tmp.file("players.yaml", &players_file());
        let dir = tmp.path("calendrier");
        create(&dir, &players, "2026-10-12T10:00:00+02:00");
        Season {
            tmp_files: tmp.0.clone(),
            _tmp: tmp,
            dir,
            n: std::cell::Cell::new(0),
        }
    }

    fn d(&self) -> &str {
        self.dir.to_str().unwrap()
    }

    /// Mails of `(role, body)`, each signed on, fed to one `arbitre mail` at `now`.
    fn mail(&self, mails: &[(&str, String)], now: &str) {
        let mut args = vec!["mail".to_string(), self.d().to_string()];
        for (role, body) in mails {
            let n = self.n.get() + 1;
            self.n.set(n);
            let (from, signon) = match *role {
                "Referee" => (
                    REFEREE.to_string(),
                    format!("SIGNON Referee calendrier {REFEREE_PASSWORD}"),
                ),
                r => (email(r), format!("SIGNON {r} calendrier pw-{}", r.to_lowercase())),
            };
            let raw = format!(
                "From: {role} <{from}>\r\nTo: {REFEREE}\r\nSubject: orders\r\n\
                 Message-ID: <cal-{n}@test.example>\r\nMIME-Version: 1.0\r\n\
                 Content-Type: text/plain; charset=utf-8\r\n\r\n{signon}\r\n{}\r\n",
                body.replace('\n', "\r\n")
            );
            let path = self.tmp_files.join(format!("m{n}.eml"));
            std::fs::write(&path, raw).unwrap();
            args.push(path.to_str().unwrap().to_string());
        }
        args.extend(["--now".to_string(), now.to_string()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        ok(&args, None);
    }

    /// `arbitre process DIR --now NOW`, as cron runs it.
    fn process(&self, now: &str) -> String {
        ok(&["process", self.d(), "--now", now], None)
    }

    fn phase(&self) -> String {
        state(&self.dir)["phase"].as_str().unwrap().to_string()
    }

    fn deadline(&self) -> String {
        state(&self.dir)["deadline"].as_str().unwrap().to_string()
    }

    /// The text of the only letter of the outbox whose name ends with `end`.
    fn letter(&self, end: &str) -> String {
        let found: Vec<String> = outbox(&self.dir)
            .into_iter()
            .filter(|(n, _)| n.ends_with(end))
            .map(|(_, m)| m.text)
            .collect();
        assert_eq!(found.len(), 1, "one letter named *{end}");
        found.into_iter().next().unwrap()
    }
}

fn has(text: &str, parts: &[&str]) {
    for p in parts {
        assert!(text.contains(p), "missing {p:?} in:\n{text}");
    }
}

/// Every unit of every power holds, as each would write it.
fn hold_all(season: &Season, now: &str, except: &str) {
    let st = state(&season.dir);
    let mails: Vec<(&str, String)> = POWERS
        .iter()
        .filter(|p| **p != except)
        .map(|p| {
            let units = st["board"]["units"][*p].as_sequence().unwrap();
            let lines: Vec<String> = units.iter().map(|u| format!("{} H", u.as_str().unwrap())).collect();
            (*p, lines.join("\n"))
        })
        .collect();
    season.mail(&mails, now);
}

#[test]
fn a_season_falls_on_the_calendar_across_the_end_of_summer_time_and_after_every_moved_deadline() {
    let g = Season::new();
    assert_eq!(g.deadline(), "2026-10-16T23:59:00+02:00", "start: the first deadline");

    // Spring 1901: France alone orders; cron finds the deadline past early on Saturday.
    g.mail(
        &[("France", "F BRE - MAO\nA MAR - SPA\nA PAR - BUR".into())],
        "2026-10-14T18:00:00+02:00",
    );
    g.process("2026-10-16T12:00:00+02:00");
    assert_eq!(g.phase(), "Spring 1901 Movement", "not yet due");
    g.process("2026-10-17T05:01:00+02:00");
    assert_eq!(g.phase(), "Fall 1901 Movement");
    // Opened Saturday 05:01: not 05:01 a few days on, but the Friday after, at 23:59.
    assert_eq!(g.deadline(), "2026-10-23T23:59:00+02:00");
    has(
        &g.letter("S1901M-report-france.eml"),
        &["Next: Fall 1901 Movement, due Friday 23 October 2026, 23:59 CEST (21:59 UTC)."],
    );
    has(
        &g.letter("S1901M-report-england.eml"),
        &["due Friday 23 October 2026, 17:59 EDT (21:59 UTC)."],
    );
    has(
        &g.letter("S1901M-report-italy.eml"),
        &["vendredi 23 octobre 2026", "21 h 59 UTC"],
    );

    // Fall 1901: every order is in on Thursday evening, and cron processes it early. The
    // adjustments fall on the first Monday or Thursday at 20:00 a day later: Monday, in
    // winter time.
    g.mail(
        &[("France", "F MAO - POR\nA SPA H\nA BUR H".into())],
        "2026-10-22T09:00:00+02:00",
    );
    hold_all(&g, "2026-10-22T21:00:00+02:00", "France");
    g.process("2026-10-22T21:30:00+02:00");
    assert_eq!(g.phase(), "Winter 1901 Adjustment");
    assert_eq!(g.deadline(), "2026-10-26T20:00:00+01:00");
    has(
        &g.letter("F1901M-report-france.eml"),
        &["Next: Winter 1901 Adjustment, due Monday 26 October 2026, 20:00 CET (19:00 UTC)."],
    );

    // Winter: France builds on Saturday, the last day of summer time; the spring after is
    // due on Friday night, 23:59 still, now an hour later in UTC.
    g.mail(
        &[("France", "BUILD A PAR\nBUILD F MAR".into())],
        "2026-10-24T11:00:00+02:00",
    );
    g.process("2026-10-24T12:00:00+02:00");
    assert_eq!(g.phase(), "Spring 1902 Movement");
    assert_eq!(g.deadline(), "2026-10-30T23:59:00+01:00");
    has(
        &g.letter("W1901A-report-france.eml"),
        &["due Friday 30 October 2026, 23:59 CET (22:59 UTC)."],
    );
    // Montreal keeps summer time a week longer than Paris.
    has(
        &g.letter("W1901A-report-england.eml"),
        &["due Friday 30 October 2026, 18:59 EDT (22:59 UTC)."],
    );
    // LIST: the reader's zone and UTC.
    g.mail(&[("England", "LIST".into())], "2026-10-26T09:00:00+01:00");
    has(
        &g.letter("-list-england.eml"),
        &[
            "Spring 1902 Movement",
            "Friday 30 October 2026, 18:59 EDT",
            "(America/Montreal)",
            "Friday 30 October 2026, 22:59 UTC",
        ],
    );

    // The referee moves the deadline to Sunday 18:00 by mail. The phase is processed by
    // cron a little after it; the next one is on the calendar again, not 18:00 or 18:07.
    g.mail(
        &[("Referee", "DEADLINE 2026-11-01 18:00".into())],
        "2026-10-27T10:00:00+01:00",
    );
    assert_eq!(g.deadline(), "2026-11-01T18:00:00+01:00");
    g.process("2026-10-31T12:00:00+01:00");
    assert_eq!(g.phase(), "Spring 1902 Movement", "the moved deadline holds");
    g.process("2026-11-01T18:07:00+01:00");
    assert_eq!(g.phase(), "Fall 1902 Movement");
    assert_eq!(g.deadline(), "2026-11-06T23:59:00+01:00");

    // An absence over Friday and Saturday moves that deadline to Sunday at the same hour;
    // the phase after it is on the calendar again.
    g.mail(
        &[("Italy", "SET ABSENCE 2026-11-06 2026-11-07".into())],
        "2026-11-02T10:00:00+01:00",
    );
    assert_eq!(g.deadline(), "2026-11-08T23:59:00+01:00");
    g.process("2026-11-09T00:05:00+01:00");
    // Nobody gained or lost a centre in 1902: no adjustments.
    assert_eq!(g.phase(), "Spring 1903 Movement");
    assert_eq!(g.deadline(), "2026-11-13T23:59:00+01:00");

    // A pause, and a resume with the time that was left: due on Sunday 23:59. The phase
    // after, processed early on Sunday morning once every order is in, is due on Friday.
    ok(
        &[
            "pause",
            g.d(),
            "--why",
            "a dispute",
            "--now",
            "2026-11-10T12:00:00+01:00",
        ],
        None,
    );
    ok(&["resume", g.d(), "--now", "2026-11-12T12:00:00+01:00"], None);
    assert_eq!(g.deadline(), "2026-11-15T23:59:00+01:00");
    hold_all(&g, "2026-11-15T09:00:00+01:00", "");
    g.process("2026-11-15T10:00:00+01:00");
    assert_eq!(g.phase(), "Fall 1903 Movement");
    assert_eq!(g.deadline(), "2026-11-20T23:59:00+01:00");
}
