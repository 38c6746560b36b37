//! The reports a player plans from, end to end through the `arbitre` command (issue #14):
//! supply centres by owner with the year's gains and losses, deadlines in the reader's time
//! zone and UTC, every letter in French for a French reader, the headers that tell a reply
//! from a report and a game's broadcasts from the rest, and golden files of what is sent.

use crate::support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use support::*;

const CREATED: &str = "2026-11-28T10:00:00+01:00";
const EVENING: &str = "2026-11-30T19:00:00+01:00";
const DEADLINE: &str = "2026-12-01T20:00:00+01:00";
/// The autumn's deadline: 72 hours after the spring was processed at DEADLINE.
const AUTUMN: &str = "2026-12-04T20:00:00+01:00";

const POWERS: [&str; 7] = ["France", "England", "Germany", "Italy", "Austria", "Russia", "Turkey"];

/// The players: index 0..7 the powers' (France first), 7 and 8 the divine players'.
const PEOPLE: [(&str, &str); 9] = [
    ("Alice Martin", "alice"),
    ("Bob Smith", "bob"),
    ("Dieter Braun", "dieter"),
    ("Giulia Rossi", "giulia"),
    ("Franz Weber", "franz"),
    ("Olga Ivanova", "olga"),
    ("Emre Yilmaz", "emre"),
    ("Bruno Petit", "bruno"),
    ("Chloé Roux", "chloe"),
];

fn email(who: usize) -> String {
    format!("{}@vopaliec.example", PEOPLE[who].1)
}

fn password(who: usize) -> String {
    format!("pw-{}", PEOPLE[who].1)
}

/// A players file. `language` is the game's (`None`: the default); `own` gives a player
/// (by index) their own `language`/`timezone` keys; `god` and `devil` index PEOPLE.
fn players_file(variant: &str, language: Option<&str>, own: &[(usize, &str)], god: usize, devil: usize) -> String {
    let mut s = format!(
        "game: vopaliec\nvariant: {variant}\nreferee: {{name: Arbitre de Vopaliec, email: arbitre@vopaliec.example}}\n\
         timezone: Europe/Paris\ndeadlines: {{movement: 72h, retreat: 24h, adjustment: 24h}}\n\
         start: {DEADLINE}\nseed: 8f2c41d7a09b3e5566c1f0e2d4b79a8c13e5f70926bd4a8e0c71f3d5a2b69e04\n"
    );
    if let Some(l) = language {
        s += &format!("language: {l}\n");
    }
    s += "players:\n";
    let mut roles: Vec<(&str, usize)> = POWERS.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    if variant == "diable-et-bon-dieu" {
        roles.push(("God", god));
        roles.push(("Devil", devil));
    }
    for (role, i) in roles {
        let extra: String = own
            .iter()
            .filter(|(w, _)| *w == i)
            .map(|(_, kv)| format!(", {kv}"))
            .collect();
        s += &format!(
            "  - {{name: {}, email: {}, role: {role}, password: {}{extra}}}\n",
            PEOPLE[i].0,
            email(i),
            password(i)
        );
    }
    s
}

fn mail_from(who: usize, id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {} <{}>\r\nTo: arbitre@vopaliec.example\r\nSubject: orders\r\nDate: Mon, 30 Nov 2026 18:00:00 +0100\r\n\
         Message-ID: <{id}@test.example>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n",
        PEOPLE[who].0,
        email(who)
    )
    .into_bytes()
}

/// Mails `lines` as `role` (played by PEOPLE[who]) at `now`.
fn send(dir: &Path, who: usize, role: &str, id: &str, lines: &str, now: &str) {
    let body = format!("SIGNON {role} vopaliec {}\n{lines}", password(who));
    ok(
        &["mail", dir.to_str().unwrap(), "--now", now],
        Some(&mail_from(who, id, &body)),
    );
}

fn new_game(tmp: &Tmp, name: &str, players: &str) -> PathBuf {
    let dir = tmp.path(name);
    let file = tmp.file(&format!("{name}.yaml"), players);
    create(&dir, &file, CREATED);
    dir
}

/// The spring orders: France to Spain and the Mid-Atlantic, Germany out of Munich, Italy
/// into Tyrolia, Russia and Austria bouncing in Galicia; God blesses A PAR and the Devil
/// curses F ANK when the game has them.
fn play_spring(dir: &Path, divine: Option<(usize, usize)>) {
    let orders = [
        (
            0,
            "France",
            "A PAR H\nA MAR - SPA\nF BRE - MAO\nPRESS TO ALL\nBonjour.\nENDPRESS",
        ),
        (2, "Germany", "A MUN - RUH\nA BER - KIE\nF KIE - DEN"),
        (3, "Italy", "A VEN - TYR\nA ROM - VEN\nF NAP - ION"),
        (4, "Austria", "A VIE - GAL\nA BUD - SER\nF TRI - ALB"),
        (5, "Russia", "A MOS - UKR\nA WAR - GAL\nF SEV - BLA\nF STP/SC - BOT"),
        (6, "Turkey", "F ANK - BLA\nA CON - BUL\nA SMY - ARM"),
    ];
    for (who, role, lines) in orders {
        send(dir, who, role, role, lines, EVENING);
    }
    if let Some((god, devil)) = divine {
        send(dir, god, "God", "god", "BLESS A PAR", EVENING);
        send(dir, devil, "Devil", "devil", "CURSE F ANK", EVENING);
    }
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
}

/// The autumn: France takes Portugal and keeps Spain, Italy takes the empty Munich.
fn play_autumn(dir: &Path) {
    send(
        dir,
        0,
        "France",
        "f2",
        "F MAO - POR\nA SPA H",
        "2026-12-04T09:00:00+01:00",
    );
    send(dir, 3, "Italy", "i2", "A TYR - MUN", "2026-12-04T09:00:00+01:00");
    ok(&["process", dir.to_str().unwrap(), "--now", AUTUMN], None);
}

/// The header block of a message, unfolded.
fn headers(m: &Sent) -> String {
    let raw = String::from_utf8_lossy(&m.raw);
    raw.split("\r\n\r\n").next().unwrap().replace("\r\n ", " ")
}

// ---- supply centres by owner ----

#[test]
fn the_report_lists_each_powers_centres_by_name_with_the_years_gains_and_losses() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "game", &players_file("standard", None, &[], 0, 0));
    play_spring(&dir, None);
    play_autumn(&dir);
    assert_eq!(state(&dir)["phase"].as_str(), Some("Winter 1901 Adjustment"));
    let r = &outbox(&dir)["F1901M-report-england.eml"].text;
    assert!(
        r.contains("  France: 5 centres, 3 units, builds 2\n      centres: BRE, MAR, PAR, +POR, +SPA\n"),
        "{r}"
    );
    // Germany's fleet took Denmark as Italy took Munich.
    assert!(
        r.contains("  Germany: 3 centres, 3 units\n      centres: BER, +DEN, KIE, -MUN\n"),
        "{r}"
    );
    assert!(
        r.contains("  Italy: 4 centres, 3 units, builds 1\n      centres: +MUN, NAP, ROM, VEN\n"),
        "{r}"
    );
    assert!(
        r.contains("  England: 3 centres, 3 units\n      centres: EDI, LON, LVP\n"),
        "{r}"
    );
    assert!(r.contains("      units: F POR, A PAR, A SPA\n"), "{r}");
    // The spring changes no owner: nothing marked.
    let spring = &outbox(&dir)["S1901M-report-england.eml"].text;
    assert!(
        spring.contains("  France: 3 centres, 3 units\n      centres: BRE, MAR, PAR\n"),
        "{spring}"
    );
    // The page has them too.
    let page = std::fs::read_to_string(dir.join("pages/F1901M.html")).unwrap();
    assert!(
        page.contains("<strong>+POR</strong>") && page.contains("&minus;MUN"),
        "{page}"
    );
}

/// Units per power, the dislodged with where they may go, each order's cause in words.
#[test]
fn the_report_gives_units_dislodgements_and_causes_in_words() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "game", &players_file("standard", None, &[], 0, 0));
    // France stands in Burgundy and the Ruhr, beside Munich.
    let mut s = state(&dir);
    s["board"]["units"]["France"] = serde_yaml::from_str("[A BUR, A RUH, F BRE]").unwrap();
    std::fs::write(dir.join("state.yaml"), serde_yaml::to_string(&s).unwrap()).unwrap();
    send(
        &dir,
        0,
        "France",
        "f",
        "A BUR - MUN\nA RUH S A BUR - MUN\nF BRE - ENG",
        EVENING,
    );
    send(
        &dir,
        1,
        "England",
        "e",
        "F LON - ENG\nF EDI - NTH\nA LVP - YOR",
        EVENING,
    );
    send(&dir, 2, "Germany", "g", "A MUN H\nA BER - SIL\nF KIE - HOL", EVENING);
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
    let r = &outbox(&dir)["S1901M-report-italy.eml"].text;
    assert!(r.contains("F BRE - ENG   -- fails: bounced with F LON"), "{r}");
    assert!(r.contains("A MUN H   -- fails: dislodged by A BUR"), "{r}");
    assert!(
        r.contains("Dislodged:\n  Germany A MUN (attacked from BUR): retreats BER, BOH, KIE, TYR\n"),
        "{r}"
    );
    assert!(
        r.contains("  France: 3 centres, 3 units\n      centres: BRE, MAR, PAR\n      units: A MUN, A RUH, F BRE\n"),
        "{r}"
    );
    assert!(
        r.contains("  Germany: 3 centres, 2 units\n      centres: BER, KIE, MUN\n      units: F HOL, A SIL\n"),
        "{r}"
    );
}

// ---- deadlines ----

#[test]
fn deadlines_are_in_the_readers_time_zone_and_utc() {
    let tmp = Tmp::new();
    let own = [(1, "timezone: America/Montreal"), (3, "timezone: UTC")];
    let dir = new_game(&tmp, "game", &players_file("standard", None, &own, 0, 0));
    let out = outbox(&dir);
    let welcome = |role: &str| out[&format!("welcome-{role}.eml")].text.clone();
    assert!(
        welcome("france").contains("The first deadline: Tuesday 1 December 2026, 20:00 CET (19:00 UTC)."),
        "{}",
        welcome("france")
    );
    assert!(
        welcome("england").contains("The first deadline: Tuesday 1 December 2026, 14:00 EST (19:00 UTC)."),
        "{}",
        welcome("england")
    );
    assert!(
        welcome("germany").contains("Tuesday 1 December 2026, 20:00 CET (19:00 UTC)"),
        "the game's zone for a player who sets none"
    );
    assert!(
        welcome("italy").contains("The first deadline: Tuesday 1 December 2026, 19:00 UTC."),
        "{}",
        welcome("italy")
    );
    play_spring(&dir, None);
    let out = outbox(&dir);
    let next = |role: &str| out[&format!("S1901M-report-{role}.eml")].text.clone();
    assert!(
        next("england").contains("Next: Fall 1901 Movement, due Friday 4 December 2026, 14:00 EST (19:00 UTC)."),
        "{}",
        next("england")
    );
    assert!(next("france").contains("due Friday 4 December 2026, 20:00 CET (19:00 UTC)."));
    // The reminder: its subject names the phase once, and the deadline as its reader reads it.
    ok(
        &["process", dir.to_str().unwrap(), "--now", "2026-12-04T08:00:00+01:00"],
        None,
    );
    let out = outbox(&dir);
    let reminder = &out["F1901M-reminder-england.eml"];
    assert_eq!(
        reminder.subject,
        "vopaliec, Fall 1901 Movement: reminder, due Friday 4 December 2026, 14:00 EST (19:00 UTC)"
    );
    assert_eq!(reminder.subject.matches("Fall 1901").count(), 1);
    assert!(
        reminder.text.contains(
            "The deadline for Fall 1901 Movement in vopaliec is Friday 4 December 2026, 14:00 EST (19:00 UTC)."
        ),
        "{}",
        reminder.text
    );
}

// ---- French ----

#[test]
fn a_french_reader_gets_every_letter_in_french() {
    let tmp = Tmp::new();
    // England reads English in a French game.
    let own = [(1, "language: en")];
    let dir = new_game(
        &tmp,
        "game",
        &players_file("diable-et-bon-dieu", Some("fr"), &own, 7, 8),
    );
    let out = outbox(&dir);
    let welcome = &out["welcome-france.eml"];
    assert_eq!(
        welcome.subject,
        "vopaliec, printemps 1901, mouvements\u{a0}: bienvenue, vous jouez la France"
    );
    assert!(welcome.text.contains("Bienvenue dans vopaliec"), "{}", welcome.text);
    assert!(
        welcome
            .text
            .contains("Première échéance : mardi 1er décembre 2026, 20 h 00 CET (19 h 00 UTC)."),
        "{}",
        welcome.text
    );
    let god = &out["welcome-god.eml"];
    assert_eq!(
        god.subject,
        "vopaliec, printemps 1901, mouvements\u{a0}: bienvenue, vous jouez le Bon Dieu"
    );
    let god = &god.text;
    assert!(
        god.contains("Vous jouez le Bon Dieu.") && god.contains("bénédiction"),
        "{god}"
    );
    assert!(out["welcome-england.eml"].text.contains("Welcome to vopaliec"));

    play_spring(&dir, Some((7, 8)));
    let out = outbox(&dir);
    let reply = &out.iter().find(|(n, _)| n.ends_with("-reply-france.eml")).unwrap().1;
    assert!(
        reply
            .text
            .contains("Ordres de la France enregistrés au printemps 1901, mouvements"),
        "{}",
        reply.text
    );
    let press = &out.iter().find(|(n, _)| n.ends_with("-press-germany.eml")).unwrap().1;
    assert!(
        press
            .text
            .contains("Presse de la France à tous les joueurs de vopaliec"),
        "{}",
        press.text
    );
    assert_eq!(
        press.subject,
        "vopaliec, printemps 1901, mouvements\u{a0}: presse de la France à tous"
    );

    let r = &out["S1901M-report-germany.eml"];
    assert_eq!(r.subject, "vopaliec, printemps 1901, mouvements\u{a0}: résultats");
    let t = &r.text;
    assert!(
        t.contains("Diable et Bon Dieu : vopaliec, printemps 1901, mouvements"),
        "{t}"
    );
    assert!(t.contains("A VAR - GAL   -- échoue (rebondit sur A VIE)"), "{t}");
    // The orders, units and places in the French notation of the replies (`NOI` the
    // Black Sea, `VAR` Warsaw); the English reader's report keeps the judge's.
    assert!(t.contains("F ANK - NOI   -- échoue (maudite)"), "{t}");
    assert!(t.contains("A PAR tient") && t.contains("F BRE - AMO"), "{t}");
    assert!(t.contains("centres : MOS, SEB, STP, VAR"), "{t}");
    assert!(t.contains("Bénédiction : A PAR, appliquée"), "{t}");
    assert!(t.contains("Centres par puissance, et unités"), "{t}");
    assert!(
        t.contains("Phase suivante : automne 1901, mouvements, ordres attendus pour le vendredi 4 décembre 2026, 20 h 00 CET (19 h 00 UTC)."),
        "{t}"
    );
    assert!(!t.contains("bounced") && !t.contains("Next:"), "{t}");
    // A power with nothing after its name: no colon left hanging (England sent no orders).
    assert!(t.contains("\nAngleterre (aucun ordre reçu)\n"), "{t}");
    let english = &out["S1901M-report-england.eml"].text;
    assert!(
        english.contains("A WAR - GAL   -- fails: bounced with A VIE"),
        "{english}"
    );
    let divine = &out["S1901M-divine-devil.eml"];
    assert_eq!(
        divine.subject,
        "vopaliec, printemps 1901, mouvements\u{a0}: rapport du Diable"
    );
    assert!(
        divine.text.contains("Votre malédiction : F ANK, appliquée"),
        "{}",
        divine.text
    );
    // The game's pages are in its language.
    let page = std::fs::read_to_string(dir.join("pages/S1901M.html")).unwrap();
    assert!(
        page.contains("<html lang=\"fr\">") && page.contains("rebondit sur A VIE"),
        "{page}"
    );
    let index = std::fs::read_to_string(dir.join("pages/index.html")).unwrap();
    // A list of phases: each item opens with its season, so with a capital.
    assert!(index.contains(">Printemps 1901, mouvements</a>"), "{index}");
}

/// The public report is the same bytes for every French reader whoever plays God and the
/// Devil and whichever powers they protect, as it is in English (tests/game.rs).
#[test]
fn french_public_messages_are_the_same_whoever_the_divine_players_are() {
    let mut publics: Vec<BTreeMap<String, Vec<u8>>> = Vec::new();
    for (k, (god, devil, protect)) in [(7, 8, None), (8, 7, None), (7, 8, Some(("Turkey", "Italy")))]
        .into_iter()
        .enumerate()
    {
        let tmp = Tmp::new();
        let dir = new_game(
            &tmp,
            &format!("game{k}"),
            &players_file("diable-et-bon-dieu", Some("fr"), &[], god, devil),
        );
        if let Some((g, d)) = protect {
            let path = dir.join("state.yaml");
            let mut s = state(&dir);
            s["protected"]["God"] = serde_yaml::Value::String(g.into());
            s["protected"]["Devil"] = serde_yaml::Value::String(d.into());
            std::fs::write(&path, serde_yaml::to_string(&s).unwrap()).unwrap();
        }
        play_spring(&dir, Some((god, devil)));
        let public: BTreeMap<String, Vec<u8>> = outbox(&dir)
            .into_iter()
            .filter(|(_, m)| (0..7).any(|i| m.to == [email(i)]))
            .map(|(n, m)| (n, m.raw))
            .collect();
        assert!(public.contains_key("S1901M-report-france.eml"));
        // The report's body is the same for every power's player.
        let bodies: Vec<String> = public
            .iter()
            .filter(|(n, _)| n.starts_with("S1901M-report-"))
            .map(|(_, raw)| read_sent(raw).text)
            .collect();
        assert!(bodies.iter().all(|b| b == &bodies[0] && b.contains("printemps 1901")));
        // With the map in each report: the pictures' bytes are compared below too.
        assert!(String::from_utf8_lossy(&public["S1901M-report-france.eml"]).contains("image/png"));
        publics.push(public);
    }
    for other in &publics[1..] {
        assert_eq!(publics[0].keys().collect::<Vec<_>>(), other.keys().collect::<Vec<_>>());
        for (name, bytes) in &publics[0] {
            assert!(bytes == &other[name], "{name} differs between divine casts");
        }
    }
}

// ---- what a divine player is told ----

#[test]
fn a_divine_players_welcome_lists_only_what_a_divine_player_may_do() {
    let tmp = Tmp::new();
    let dir = new_game(
        &tmp,
        "game",
        &players_file("diable-et-bon-dieu", None, &[(8, "language: fr")], 7, 8),
    );
    let out = outbox(&dir);
    // The French reader is taught the French forms (ÉTAT, EFFACER), which are read.
    for (name, lang_words, commands) in [
        ("welcome-god.eml", "You send no press", "STATUS, CLEAR."),
        ("welcome-devil.eml", "Vous n'envoyez pas de presse", "ÉTAT, EFFACER."),
    ] {
        let t = &out[name].text;
        assert!(
            !t.contains("PRESS TO") && !t.contains("PRESSE À") && !t.contains("VOTE"),
            "{name}: {t}"
        );
        assert!(t.contains(commands) && t.contains(lang_words), "{name}: {t}");
    }
    let power = &out["welcome-france.eml"].text;
    assert!(power.contains("PRESS TO ALL") && power.contains("VOTE DRAW"), "{power}");
}

// ---- headers ----

#[test]
fn replies_reports_and_broadcasts_carry_their_headers() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "game", &players_file("diable-et-bon-dieu", None, &[], 7, 8));
    play_spring(&dir, Some((7, 8)));
    let out = outbox(&dir);
    let find = |suffix: &str| {
        out.iter()
            .find(|(n, _)| n.ends_with(suffix))
            .unwrap_or_else(|| panic!("no {suffix}"))
            .1
    };
    let reply = headers(find("-reply-germany.eml"));
    assert!(reply.contains("\r\nIn-Reply-To: <Germany@test.example>"), "{reply}");
    assert!(reply.contains("\r\nReferences: <Germany@test.example>"), "{reply}");
    assert!(reply.contains("\r\nAuto-Submitted: auto-replied"), "{reply}");
    assert!(!reply.contains("List-Id"), "{reply}");
    let list = "\r\nList-Id: <vopaliec.arbitre.vopaliec.example>";
    for broadcast in ["S1901M-report-germany.eml", "S1901M-report-god.eml", "-press-italy.eml"] {
        let h = headers(find(broadcast));
        assert!(
            h.contains("\r\nAuto-Submitted: auto-generated") && h.contains(list),
            "{broadcast}: {h}"
        );
        assert!(!h.contains("In-Reply-To"), "{broadcast}: {h}");
    }
    for own in ["welcome-france.eml", "S1901M-divine-god.eml"] {
        let h = headers(&out[own]);
        assert!(
            h.contains("\r\nAuto-Submitted: auto-generated") && !h.contains("List-Id"),
            "{own}: {h}"
        );
    }
    // A stranger's refusal answers the stranger's message.
    ok(
        &["mail", dir.to_str().unwrap(), "--now", EVENING],
        Some(&mail_from(0, "probe", "SIGNON France vopaliec guess")),
    );
    let refusal = outbox(&dir)
        .into_iter()
        .find(|(n, _)| n.starts_with("rejection-"))
        .unwrap()
        .1;
    let h = headers(&refusal);
    assert!(
        h.contains("\r\nIn-Reply-To: <probe@test.example>") && h.contains("auto-replied"),
        "{h}"
    );
    assert!(refusal.text.contains("n'a pas été pris en compte"), "{}", refusal.text);
    // A reminder is a broadcast too.
    ok(
        &["process", dir.to_str().unwrap(), "--now", "2026-12-04T08:00:00+01:00"],
        None,
    );
    let h = headers(&outbox(&dir)["F1901M-reminder-england.eml"]);
    assert!(h.contains(list) && h.contains("auto-generated"), "{h}");
}

// ---- golden files ----

/// What is sent, byte for byte: a French public report, a report with centres changing
/// hands, a reply and a reminder with their headers. After a deliberate change, bless them
/// with `UPDATE_GOLDEN=1 cargo test --test it reports::golden` and read the diff.
#[test]
fn golden_reports() {
    let tmp = Tmp::new();
    let french = new_game(&tmp, "fr", &players_file("diable-et-bon-dieu", Some("fr"), &[], 7, 8));
    play_spring(&french, Some((7, 8)));
    let english = new_game(
        &tmp,
        "en",
        &players_file("standard", None, &[(1, "timezone: America/Montreal")], 0, 0),
    );
    play_spring(&english, None);
    ok(
        &[
            "process",
            english.to_str().unwrap(),
            "--now",
            "2026-12-04T08:00:00+01:00",
        ],
        None,
    );
    play_autumn(&english);
    let fr = outbox(&french);
    let en = outbox(&english);
    let reply = |out: &BTreeMap<String, Sent>, suffix: &str| {
        out.iter().find(|(n, _)| n.ends_with(suffix)).unwrap().1.raw.clone()
    };
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("S1901M-report-fr.eml", fr["S1901M-report-germany.eml"].raw.clone()),
        ("S1901M-divine-god-fr.eml", fr["S1901M-divine-god.eml"].raw.clone()),
        ("welcome-devil-fr.eml", fr["welcome-devil.eml"].raw.clone()),
        ("reply-italy-fr.eml", reply(&fr, "-reply-italy.eml")),
        ("F1901M-report-centres.eml", en["F1901M-report-england.eml"].raw.clone()),
        (
            "F1901M-reminder-england.eml",
            en["F1901M-reminder-england.eml"].raw.clone(),
        ),
        ("reply-germany.eml", reply(&en, "-reply-germany.eml")),
    ];
    let golden = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/reports");
    let update = std::env::var("UPDATE_GOLDEN").as_deref() == Ok("1");
    if update {
        std::fs::create_dir_all(&golden).unwrap();
    }
    for (name, bytes) in cases {
        let bytes = without_picture(&bytes);
        let path = golden.join(name);
        if update {
            std::fs::write(&path, &bytes).unwrap();
            continue;
        }
        let want =
            std::fs::read(&path).unwrap_or_else(|_| panic!("{name} is new: run with UPDATE_GOLDEN=1 and review it"));
        assert!(
            want == bytes,
            "{name} differs from tests/golden/reports (UPDATE_GOLDEN=1 to accept):\n{}",
            String::from_utf8_lossy(&bytes)
        );
    }
}
