//! The players' questions and settings by mail (issue #14), end to end: mail goes in with
//! `arbitre mail`, the answers are read from the outbox and the game's files.

use crate::support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use support::*;

const CREATED: &str = "2026-11-28T10:00:00+01:00";
const EVENING: &str = "2026-11-30T19:00:00+01:00";
const DEADLINE: &str = "2026-12-01T20:00:00+01:00";
const FALL: &str = "2026-12-02T10:00:00+01:00";
const FALL_DEADLINE: &str = "2026-12-04T20:00:00+01:00";

/// Name, address, password.
type Who = (&'static str, &'static str, &'static str);

const PEOPLE: [Who; 9] = [
    ("Alice Martin", "alice@vopaliec.example", "s3cret"),
    ("Bob Smith", "bob@vopaliec.example", "rule-britannia"),
    ("Dieter Braun", "dieter@vopaliec.example", "kaiser"),
    ("Giulia Rossi", "giulia@vopaliec.example", "romolo"),
    ("Franz Weber", "franz@vopaliec.example", "habsburg"),
    ("Olga Ivanova", "olga@vopaliec.example", "troika"),
    ("Emre Yilmaz", "emre@vopaliec.example", "bosphore"),
    ("Bruno Petit", "bruno@vopaliec.example", "hunter2"),
    ("Chloé Roux", "chloe@vopaliec.example", "soufre"),
];

const ROLES: [&str; 9] = [
    "France", "England", "Germany", "Italy", "Austria", "Russia", "Turkey", "God", "Devil",
];

const REFEREE: &str = "arbitre@vopaliec.example";

/// A Diable et Bon Dieu players file; Germany reads French in Montreal's time; `extra`
/// goes before the players.
fn players_file(name: &str, extra: &str) -> String {
    let mut s = format!(
        "game: {name}\nvariant: diable-et-bon-dieu\nreferee: {{name: Arbitre de Vopaliec, email: {REFEREE}}}\n\
         timezone: Europe/Paris\ndeadlines: {{movement: 72h, retreat: 24h, adjustment: 24h}}\n\
         start: {DEADLINE}\nseed: 8f2c41d7a09b3e5566c1f0e2d4b79a8c13e5f70926bd4a8e0c71f3d5a2b69e04\n{extra}players:\n"
    );
    for (i, role) in ROLES.iter().enumerate() {
        let (n, e, p) = PEOPLE[i];
        let own = if *role == "Germany" {
            ", language: fr, timezone: America/Montreal"
        } else {
            ""
        };
        s += &format!("  - {{name: {n}, email: {e}, role: {role}, password: {p}{own}}}\n");
    }
    s
}

/// A new game in `tmp/NAME`, its welcomes gone from the outbox.
fn new_game(tmp: &Tmp, name: &str, extra: &str) -> PathBuf {
    let players = tmp.file(&format!("{name}.yaml"), &players_file("vopaliec", extra));
    let dir = tmp.path(name);
    create(&dir, &players, CREATED);
    clear_outbox(&dir);
    dir
}

fn clear_outbox(dir: &Path) {
    let _ = std::fs::remove_dir_all(dir.join("outbox"));
}

fn raw_mail(from: (&str, &str), id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {} <{}>\r\nTo: {REFEREE}\r\nSubject: orders\r\nDate: Mon, 30 Nov 2026 18:00:00 +0100\r\n\
         Message-ID: <{id}@test.example>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n",
        from.0, from.1
    )
    .into_bytes()
}

fn deliver(dir: &Path, raw: &[u8], now: &str) {
    ok(&["mail", dir.to_str().unwrap(), "--now", now], Some(raw));
}

/// Mails `lines` under the SIGNON of ROLES[who], from that player's address.
fn send(dir: &Path, who: usize, id: &str, lines: &str, now: &str) {
    let (n, e, p) = PEOPLE[who];
    let body = format!("SIGNON {} vopaliec {p}\n{lines}", ROLES[who]);
    deliver(dir, &raw_mail((n, e), id, &body), now);
}

/// Moves the letters of the outbox whose name begins with `prefix` to `sent/`, as
/// `arbitre send` does once they are delivered.
fn mark_sent(dir: &Path, prefix: &str) {
    std::fs::create_dir_all(dir.join("sent")).unwrap();
    for e in std::fs::read_dir(dir.join("outbox")).unwrap() {
        let p = e.unwrap().path();
        if p.file_name().unwrap().to_string_lossy().starts_with(prefix) {
            std::fs::rename(&p, dir.join("sent").join(p.file_name().unwrap())).unwrap();
        }
    }
}

fn reply(dir: &Path, role: &str) -> Sent {
    let name = format!("m{:05}-reply-{}.eml", handled(dir), role.to_lowercase());
    outbox(dir).remove(&name).unwrap_or_else(|| panic!("no {name}"))
}

fn game_yaml(dir: &Path) -> serde_yaml::Value {
    serde_yaml::from_str(&std::fs::read_to_string(dir.join("game.yaml")).unwrap()).unwrap()
}

fn player<'a>(y: &'a serde_yaml::Value, role: &str) -> &'a serde_yaml::Value {
    y["players"]
        .as_sequence()
        .unwrap()
        .iter()
        .find(|p| p["role"].as_str() == Some(role))
        .unwrap()
}

/// Spring 1901 played: France moves and writes to all, England to France privately; then
/// processed. Returns nothing; the outbox holds the reports.
fn play_spring(dir: &Path) {
    send(
        dir,
        0,
        "fr-s",
        "A PAR - BUR\nA MAR - SPA\nF BRE - MAO\nPRESS TO ALL\nBonjour.\nENDPRESS",
        EVENING,
    );
    send(
        dir,
        1,
        "en-s",
        "F LON - NTH\nPRESS TO France\nA secret.\nENDPRESS",
        EVENING,
    );
    send(dir, 7, "god-s", "BLESS A PAR", EVENING);
    send(dir, 8, "devil-s", "CURSE NONE", EVENING);
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
}

// ---- questions --------------------------------------------------------------------------

#[test]
fn every_question_is_answered_in_english_and_in_french() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", "");
    play_spring(&dir);
    send(&dir, 1, "en-f", "F NTH H", FALL);
    mark_sent(&dir, "");

    let questions_en = "HELP\nLIST\nHISTORY\nGET REPORT S1901M\nHISTORY F1901M\nGET RULES\nGET MAP\nWHOAMI\nA BUR H";
    send(&dir, 0, "fr-q", questions_en, FALL);
    let r = reply(&dir, "France");
    has(
        &r.text,
        &[
            "line 2: HELP: answered in a letter of its own",
            "line 10: A BUR H: on file",
        ],
    );
    let help = answer(&dir, "help", "France");
    assert_eq!(help.to, ["alice@vopaliec.example"]);
    has(
        &help.text,
        &[
            "A MAR S A PAR - BUR",
            "the French ones (A Par vers Bou",
            "(one word, at least 6 characters)",
            "PRESS TO ALL",
            "VOTE DRAW",
            "SET ADDRESS",
            "CONFIRM vopaliec <code>",
            "RESIGN CONFIRM",
            "No house rules: the game follows the rules of its variant.",
            // The ruleset has divine players, whom press never reaches.
            "private press to those powers (never to God or the Devil)",
        ],
    );
    lacks(&help.text, &["BLESS A PAR", "CURSE F KIE"]);
    let list = answer(&dir, "list", "France").text;
    has(
        &list,
        &[
            "Fall 1901 Movement",
            "(Europe/Paris)",
            "Friday 4 December 2026, 20:00 CET",
            "Friday 4 December 2026, 19:00 UTC",
            "England: some, not all",
            "France: some, not all",
            "Germany: none yet",
        ],
    );
    // Who, never what; and nothing of God and the Devil.
    lacks(&list, &["NTH", "BUR", "God", "Devil"]);
    let last = answer(&dir, "l4-history", "France").text;
    has(
        &last,
        &[
            "Your last report",
            "Spring 1901 Movement",
            "Supply centres by owner, and units",
        ],
    );
    let s1901 = answer(&dir, "l5-history", "France").text;
    has(
        &s1901,
        &["Your reports of S1901M", "Supply centres by owner, and units"],
    );
    let none = answer(&dir, "l6-history", "France").text;
    has(&none, &["No report of F1901M"]);
    let rules = answer(&dir, "rules", "France").text;
    // The rules in players' words: no notes for developers (issue #24).
    has(
        &rules,
        &[
            "Seven powers (England",
            "Two more players own no units",
            "BLESS A PAR",
            "WAIVE",
        ],
    );
    lacks(&rules, &["DATC 4.B.6", "tests/", "src/", "issue", "`", "Decided"]);
    let map = answer(&dir, "map", "France").text;
    has(&map, &["France: 3 centres, 3 units", "A BUR", "Neutral centres:"]);
    let me = answer(&dir, "whoami", "France").text;
    has(
        &me,
        &["You play France", "alice@vopaliec.example", "English", "Europe/Paris"],
    );

    let questions_fr = "AIDE\nLISTE\nHISTORIQUE\nRAPPORT S1901M\nREGLES\nCARTE\nQUISUISJE";
    send(&dir, 2, "de-q", questions_fr, FALL);
    let aide = answer(&dir, "help", "Germany").text;
    has(
        &aide,
        &[
            "Les ordres, un par ligne, en français ou en anglais",
            "code français (Bou, Man, MdN, Esp…)",
            "A Par vers Bou",
            "A Mar soutient A Par - Bou",
            "construire A Par",
            "renonce                     en hiver : renoncer à une mobilisation (WAIVE)",
            "PRESS TO ALL",
            "CHANGER ADRESSE",
            "(un mot, 6 caractères au moins)",
            "Pas de règle maison : la partie suit les règles de la variante.",
        ],
    );
    let liste = answer(&dir, "list", "Germany").text;
    has(
        &liste,
        &[
            "Échéance : vendredi 4 décembre 2026, 14 h 00 EST (America/Montreal)",
            "vendredi 4 décembre 2026, 19 h 00 UTC",
            "Angleterre : en partie",
            "Allemagne : aucun pour l'instant",
        ],
    );
    has(
        &answer(&dir, "l4-history", "Germany").text,
        &["Votre dernier rapport", "printemps 1901, mouvements"],
    );
    has(
        &answer(&dir, "l5-history", "Germany").text,
        &["Vos rapports du printemps 1901, mouvements"],
    );
    let regles = answer(&dir, "rules", "Germany").text;
    has(
        &regles,
        &[
            "Sept puissances (l'Angleterre, la France",
            "le Bon Dieu et le Diable",
            "démobilise",
            "renonce à une\nmobilisation",
            "\nDiplomatie\n",
            "une force de 1, plus 1 par soutien",
            "cas de test de référence",
        ],
    );
    lacks(
        &regles,
        &[
            "DATC 4",
            "tests/",
            "src/",
            "issue",
            "`",
            "Decided",
            "Diplomacy",
            " pays ",
            "La Diplomatie",
            "force d'un",
            "(DATC)",
            "arbitres",
        ],
    );
    let carte = answer(&dir, "map", "Germany").text;
    has(
        &carte,
        &[
            "La position de vopaliec",
            "Allemagne : 3 centres, 3 unités\n  unités : ",
            "Centres neutres : ",
            // The French codes, as the replies echo them: Sevastopol, Warsaw, Spain.
            "SEB",
            "VAR",
            "ESP",
        ],
    );
    lacks(&carte, &["SEV", "WAR", "SPA"]);
    has(
        &answer(&dir, "whoami", "Germany").text,
        &[
            "Vous jouez l'Allemagne",
            "dieter@vopaliec.example",
            "français",
            "America/Montreal",
        ],
    );
}

/// HISTORY sends a role its own letters: God's own report, never another role's.
#[test]
fn history_sends_a_role_its_own_reports_only() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", "");
    play_spring(&dir);
    // Some reports are sent (in sent/), some wait in the outbox: HISTORY finds both.
    mark_sent(&dir, "S1901M-divine");
    send(&dir, 7, "god-h", "HISTORY ALL", FALL);
    let god = answer(&dir, "history", "God").text;
    has(&god, &["Every report you received", "God's report", "results"]);
    send(&dir, 0, "fr-h", "HISTORY ALL", FALL);
    let france = answer(&dir, "history", "France").text;
    has(&france, &["results"]);
    lacks(&france, &["God's report", "Devil's report", "You protect"]);
}

#[test]
fn a_divine_players_help_shows_the_divine_commands_and_no_press() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", "");
    send(&dir, 7, "god-help", "HELP", EVENING);
    let god = answer(&dir, "help", "God").text;
    has(&god, &["BLESS A PAR", "BLESS France", "LIST", "SET PASSWORD"]);
    lacks(&god, &["PRESS TO", "CURSE", "VOTE DRAW", "A MAR S A PAR"]);
    send(&dir, 8, "devil-help", "HELP", EVENING);
    let devil = answer(&dir, "help", "Devil").text;
    has(&devil, &["CURSE F KIE", "CURSE NONE"]);
    lacks(&devil, &["PRESS TO", "BLESS", "VOTE DRAW"]);
}

/// A board game's HELP: its notation and the house rules in force (issue #19).
#[test]
fn a_board_games_help_lists_the_house_rules_in_force() {
    let tmp = Tmp::new();
    for (k, rules) in ["house_rules: [forgiving-first-acts]\n", ""].iter().enumerate() {
        let text = format!(
            "game: table\nvariant: diabolik-fleet\nreferee: {{name: Arbitre, email: arbitre@table.example}}\n\
             seed: {}\n{rules}players:\n  - {{name: Sam, email: south@table.example, role: South, password: pw-south}}\n\
             \x20 - {{name: Nora, email: north@table.example, role: North, password: pw-north}}\n",
            "0".repeat(64)
        );
        let dir = tmp.path(&format!("table{k}"));
        create(&dir, &tmp.file(&format!("t{k}.yaml"), &text), CREATED);
        let raw = "From: Nora <north@table.example>\r\nTo: arbitre@table.example\r\nSubject: x\r\n\
                   Message-ID: <help@t.example>\r\n\r\nSIGNON North table pw-north\r\nHELP\r\n";
        deliver(&dir, raw.as_bytes(), EVENING);
        let help = answer(&dir, "help", "North").text;
        has(&help, &["sink C4", "PRESS TO <side>", "(South)"]);
        lacks(&help, &["VOTE DRAW", "BLESS"]);
        if k == 0 {
            has(
                &help,
                &[
                    "House rules in force",
                    "forgiving-first-acts: a turn that moves no ship",
                ],
            );
        } else {
            has(&help, &["No house rules"]);
        }
    }
}

// ---- settings ---------------------------------------------------------------------------

#[test]
fn time_zone_and_language_are_kept_for_the_player_in_both_languages() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", "");
    send(
        &dir,
        0,
        "fr-set",
        "SET TIMEZONE asia/tokyo\nSET LANGUAGE fr\nLIST",
        EVENING,
    );
    let y = game_yaml(&dir);
    assert_eq!(player(&y, "France")["timezone"].as_str(), Some("Asia/Tokyo"));
    assert_eq!(player(&y, "France")["language"].as_str(), Some("fr"));
    has(
        &answer(&dir, "timezone", "France").text,
        &["Deadlines in vopaliec are now shown to you in Asia/Tokyo"],
    );
    // The language letter, and what follows it in the message, are in the new language.
    has(
        &answer(&dir, "language", "France").text,
        &["Vos lettres de vopaliec seront désormais écrites en français"],
    );
    has(
        &answer(&dir, "list", "France").text,
        &["Échéance : mercredi 2 décembre 2026, 4 h 00 JST (Asia/Tokyo)"],
    );
    send(
        &dir,
        2,
        "de-set",
        "CHANGER FUSEAU Europe/Berlin\nCHANGER LANGUE en",
        EVENING,
    );
    let y = game_yaml(&dir);
    assert_eq!(player(&y, "Germany")["timezone"].as_str(), Some("Europe/Berlin"));
    assert_eq!(player(&y, "Germany")["language"].as_str(), Some("en"));
    has(
        &answer(&dir, "timezone", "Germany").text,
        &["Les échéances de vopaliec vous sont désormais données dans le fuseau Europe/Berlin"],
    );
    has(
        &answer(&dir, "language", "Germany").text,
        &["Your letters in vopaliec will be written in English"],
    );
    // A wrong argument: the right form, with an example, in the reader's language (France
    // reads French now, England English).
    let wrong = "SET TIMEZONE Paris\nSET LANGUAGE de\nSET COLOUR red\nGET LOST\nThanks!";
    send(&dir, 0, "fr-bad", wrong, EVENING);
    let r = reply(&dir, "France").text;
    has(
        &r,
        &[
            "« Paris » n'est pas un fuseau horaire de la liste IANA : écrivez par exemple « SET TIMEZONE Europe/Paris »",
            "« de » : les langues sont en (anglais) et fr (français)",
            "pas compris : « SET COLOUR red »",
            "pas compris : « GET LOST »",
            "AIDE donne toutes les commandes",
            "Pas compris (ignoré ; AIDE donne les commandes que vous pouvez utiliser) :\n  ligne 6 : Thanks!",
        ],
    );
    lacks(&r, &["not understood", "time zone", "write it like"]);
    send(&dir, 1, "en-bad", wrong, EVENING);
    has(
        &reply(&dir, "England").text,
        &[
            "\"Paris\" is not a time zone of the IANA list: write it like \"SET TIMEZONE Europe/Paris\"",
            "\"de\": the languages are en and fr",
            "not understood: \"SET COLOUR red\"",
            "not understood: \"GET LOST\"",
            "HELP lists every command",
        ],
    );
    // Written in French, the example is the French form.
    send(&dir, 0, "fr-bad2", "CHANGER FUSEAU Paris", EVENING);
    has(
        &reply(&dir, "France").text,
        &["écrivez par exemple « CHANGER FUSEAU Europe/Paris »"],
    );
}

#[test]
fn a_new_password_works_and_the_old_one_no_longer_does() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", "");
    send(&dir, 0, "short", "SET PASSWORD short", EVENING);
    has(
        &reply(&dir, "France").text,
        &["the password has fewer than 6 characters: write it like \"SET PASSWORD n3w-s3cret\""],
    );
    let before = player(&game_yaml(&dir), "France")["password_hash"].clone();
    send(&dir, 0, "pw", "SET PASSWORD n3w-passw0rd", EVENING);
    has(&reply(&dir, "France").text, &["SET PASSWORD: changed"]);
    let note = answer(&dir, "password", "France");
    assert_eq!(note.to, ["alice@vopaliec.example"]);
    has(&note.text, &["Your password for France in vopaliec has been changed"]);
    assert_ne!(player(&game_yaml(&dir), "France")["password_hash"], before);
    // The clear password is in no file of the game.
    for (path, bytes) in every_file(&dir) {
        assert!(
            !String::from_utf8_lossy(&bytes).contains("n3w-passw0rd"),
            "{} keeps the new password",
            path.display()
        );
    }
    // The old password is refused as any wrong one, and a stranger learns nothing.
    clear_outbox(&dir);
    send(&dir, 0, "old", "HELP\nA PAR H", EVENING);
    let out = outbox(&dir);
    assert!(
        out.keys().all(|n| !n.starts_with('m')),
        "no reply, no answer: {:?}",
        out.keys()
    );
    let refusal = out
        .iter()
        .find(|(n, _)| n.starts_with("rejection-"))
        .expect("a refusal")
        .1;
    has(&refusal.text, &["does not match"]);
    // The new one signs on.
    let body = "SIGNON France vopaliec n3w-passw0rd\nA PAR H";
    deliver(
        &dir,
        &raw_mail(("Alice", "alice@vopaliec.example"), "new", body),
        EVENING,
    );
    has(&reply(&dir, "France").text, &["A PAR H: on file"]);
}

/// The code at the end of the line `CONFIRM vopaliec CODE` of a letter.
fn code_in(text: &str, verb: &str) -> String {
    text.lines()
        .find_map(|l| l.trim().strip_prefix(&format!("{verb} vopaliec ")))
        .unwrap_or_else(|| panic!("no {verb} line in {text}"))
        .trim()
        .to_string()
}

#[test]
fn a_new_address_is_taken_once_its_code_comes_back_from_it() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", "");
    send(&dir, 0, "addr", "SET ADDRESS alice@new.example", EVENING);
    has(&reply(&dir, "France").text, &["a code was sent to alice@new.example"]);
    let to_new = answer(&dir, "address-code", "France");
    assert_eq!(to_new.to, ["alice@new.example"]);
    let code = code_in(&to_new.text, "CONFIRM");
    let to_old = answer(&dir, "address-asked", "France");
    assert_eq!(to_old.to, ["alice@vopaliec.example"]);
    has(&to_old.text, &["alice@new.example", "only when the code comes back"]);
    lacks(&to_old.text, &[&code]);
    assert_eq!(
        player(&game_yaml(&dir), "France")["email"].as_str(),
        Some("alice@vopaliec.example")
    );

    // A wrong code, or the right one from another address: refused as any stray.
    for (k, (from, c)) in [
        ("alice@new.example", "00000000"),
        ("alice@vopaliec.example", code.as_str()),
    ]
    .into_iter()
    .enumerate()
    {
        clear_outbox(&dir);
        deliver(
            &dir,
            &raw_mail(("Alice", from), &format!("bad{k}"), &format!("CONFIRM vopaliec {c}")),
            EVENING,
        );
        let out = outbox(&dir);
        assert!(out.keys().all(|n| n.starts_with("rejection-")), "{:?}", out.keys());
        assert_eq!(
            player(&game_yaml(&dir), "France")["email"].as_str(),
            Some("alice@vopaliec.example")
        );
    }
    clear_outbox(&dir);
    deliver(
        &dir,
        &raw_mail(
            ("Alice", "alice@new.example"),
            "good",
            &format!("CONFIRMER vopaliec {code}"),
        ),
        EVENING,
    );
    assert_eq!(
        player(&game_yaml(&dir), "France")["email"].as_str(),
        Some("alice@new.example")
    );
    let out = outbox(&dir);
    let done: Vec<&Sent> = out
        .iter()
        .filter(|(n, _)| n.contains("address-done"))
        .map(|(_, m)| m)
        .collect();
    let mut to: Vec<&str> = done.iter().map(|m| m.to[0].as_str()).collect();
    to.sort();
    assert_eq!(to, ["alice@new.example", "alice@vopaliec.example"]);
    has(
        &done[0].text,
        &["The address of France in vopaliec is now alice@new.example"],
    );
    // Now the new address signs on, and the old one no longer does.
    let body = "SIGNON France vopaliec s3cret\nA PAR H";
    deliver(
        &dir,
        &raw_mail(("Alice", "alice@new.example"), "from-new", body),
        EVENING,
    );
    has(&reply(&dir, "France").text, &["A PAR H: on file"]);
    clear_outbox(&dir);
    deliver(
        &dir,
        &raw_mail(("Alice", "alice@vopaliec.example"), "from-old", body),
        EVENING,
    );
    let out = outbox(&dir);
    assert!(out.keys().any(|n| n.starts_with("rejection-")), "{:?}", out.keys());
    assert!(out.keys().all(|n| !n.starts_with('m')), "{:?}", out.keys());
}

#[test]
fn a_resignation_confirmed_reaches_the_referee_who_decides() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", "");
    send(&dir, 0, "r1", "RESIGN", EVENING);
    has(&answer(&dir, "resign", "France").text, &["RESIGN CONFIRM"]);
    assert!(state(&dir)["resignations"]["France"]["asked"].as_str().is_some());
    assert!(outbox(&dir).values().all(|m| m.to != [REFEREE]), "not yet told");
    send(&dir, 0, "r2", "RESIGN CONFIRM", EVENING);
    has(&answer(&dir, "resign", "France").text, &["The referee has been told"]);
    let to_referee = answer(&dir, "resignation", "France");
    assert_eq!(to_referee.to, [REFEREE]);
    has(
        &to_referee.text,
        &["Alice Martin <alice@vopaliec.example>, who plays France, asks to leave the game"],
    );
    assert!(state(&dir)["resignations"]["France"]["confirmed"].as_str().is_some());
    // Nothing else happened: France is still in the game, its orders still taken.
    send(&dir, 0, "r3", "A PAR H", EVENING);
    has(&reply(&dir, "France").text, &["A PAR H: on file"]);
    // In French, both in one message; and CONFIRM alone is refused with the right form.
    send(&dir, 2, "d0", "DEMISSION CONFIRMER", EVENING);
    has(
        &reply(&dir, "Germany").text,
        &["écrivez d'abord DEMISSION, puis DEMISSION CONFIRMER"],
    );
    send(&dir, 2, "d1", "DEMISSION\nDEMISSION CONFIRMER", EVENING);
    has(&answer(&dir, "l2-resign", "Germany").text, &["DEMISSION CONFIRMER"]);
    has(
        &answer(&dir, "l3-resign", "Germany").text,
        &["Votre démission de vopaliec (Allemagne) est confirmée"],
    );
    assert_eq!(answer(&dir, "resignation", "Germany").to, [REFEREE]);
}

// ---- observers --------------------------------------------------------------------------

const OLIVIA: (&str, &str) = ("Olivia", "olivia@watch.example");
const OSCAR: (&str, &str) = ("Oscar", "oscar@watch.example");

fn observe(dir: &Path, who: (&str, &str), id: &str, now: &str) {
    deliver(dir, &raw_mail(who, &format!("{id}-1"), "OBSERVE vopaliec"), now);
    let code_letter = outbox(dir)
        .into_values()
        .find(|m| m.to == [who.1] && m.text.contains("CONFIRM vopaliec"))
        .expect("a code");
    let code = code_in(&code_letter.text, "CONFIRM");
    deliver(
        dir,
        &raw_mail(who, &format!("{id}-2"), &format!("CONFIRM vopaliec {code}")),
        now,
    );
    assert!(
        outbox(dir)
            .values()
            .any(|m| m.to == [who.1] && m.text.contains("You now observe vopaliec")),
        "observing"
    );
}

/// A whole game with two observers: they receive the public press, each phase's public
/// report and the final report, each letter to their address alone; never a private
/// press, a reply, a divine player's report, nor anybody's address.
#[test]
fn an_observer_receives_the_public_letters_and_nothing_private_across_a_whole_game() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", "observers: true\n");
    observe(&dir, OLIVIA, "olivia", EVENING);
    observe(&dir, OSCAR, "oscar", EVENING);
    play_spring(&dir);
    // Oscar leaves after the spring; Olivia stays to the end.
    deliver(&dir, &raw_mail(OSCAR, "oscar-3", "UNOBSERVE vopaliec"), FALL);
    has(
        &outbox(&dir)
            .into_values()
            .find(|m| m.to == [OSCAR.1] && m.text.contains("no longer observe"))
            .unwrap()
            .text,
        &["OBSERVE vopaliec"],
    );
    for (i, role) in ROLES.iter().take(7).enumerate() {
        let press = if i == 2 {
            "\nPRESS TO ALL\nLet us draw.\nENDPRESS\nPRESS TO Italy\nPsst.\nENDPRESS"
        } else {
            ""
        };
        send(&dir, i, &format!("draw-{role}"), &format!("VOTE DRAW{press}"), FALL);
    }
    ok(&["process", dir.to_str().unwrap(), "--now", FALL_DEADLINE], None);
    assert!(state(&dir).get("finished").is_some(), "the game is drawn");

    let all = outbox(&dir);
    let to = |address: &str| -> BTreeMap<&String, &Sent> {
        all.iter()
            .filter(|(_, m)| m.to.contains(&address.to_string()))
            .collect()
    };
    let olivia = to(OLIVIA.1);
    // Each letter's kind: its name without the observer's tag and the message number.
    let mut kinds: Vec<&str> = olivia
        .keys()
        .map(|n| {
            [
                "S1901M-report",
                "F1901M-report",
                "final",
                "observe-code",
                "observing",
                "-press",
            ]
            .into_iter()
            .find(|k| n.contains(k))
            .unwrap_or(n)
        })
        .collect();
    kinds.sort();
    assert_eq!(
        kinds,
        [
            "-press",
            "-press",
            "F1901M-report",
            "S1901M-report",
            "final",
            "observe-code",
            "observing"
        ],
        "{:?}",
        olivia.keys()
    );
    let oscar: Vec<String> = to(OSCAR.1).keys().map(|n| n.to_string()).collect();
    assert!(
        oscar.iter().all(|n| !n.contains("F1901M") && !n.contains("final")),
        "{oscar:?}"
    );
    assert!(oscar.iter().any(|n| n.contains("S1901M-report")), "{oscar:?}");
    let addresses: Vec<&str> = PEOPLE.iter().map(|p| p.1).chain([OSCAR.1]).collect();
    for (name, m) in &olivia {
        assert_eq!((m.to.len(), m.cc, m.bcc), (1, 0, 0), "{name}");
        lacks(&m.text, &addresses);
        lacks(&m.text, &["A secret.", "Psst.", "You protect", "God's report"]);
    }
    // The public letters are those the players get.
    let report = |n: &str| all.iter().find(|(k, _)| k.starts_with(n)).unwrap().1.text.clone();
    let olivia_report = olivia.iter().find(|(n, _)| n.starts_with("S1901M-report")).unwrap().1;
    assert_eq!(olivia_report.text, report("S1901M-report-france"));
    assert!(olivia.values().any(|m| m.text.contains("Bonjour.")));
    assert!(olivia.values().any(|m| m.text.contains("Let us draw.")));
    has(
        &olivia.iter().find(|(n, _)| n.starts_with("final")).unwrap().1.text,
        &["Every surviving power voted for a draw"],
    );
}

/// Where observers are not allowed, OBSERVE gets the very bytes a message for a game that
/// is not run here gets, and so does a CONFIRM with a wrong code where they are.
#[test]
fn observe_where_observers_are_not_allowed_is_answered_as_for_an_unknown_game() {
    let tmp = Tmp::new();
    let mut got = Vec::new();
    for (k, (extra, line)) in [
        ("", "OBSERVE vopaliec"),
        ("", "OBSERVE nogame"),
        ("observers: true\n", "CONFIRM vopaliec 00000000"),
        ("", "UNOBSERVE vopaliec"),
    ]
    .into_iter()
    .enumerate()
    {
        let root = tmp.path(&format!("root{k}"));
        std::fs::create_dir_all(&root).unwrap();
        create(
            &root.join("vopaliec"),
            &tmp.file(&format!("p{k}.yaml"), &players_file("vopaliec", extra)),
            CREATED,
        );
        let other = players_file("autre", "");
        create(&root.join("autre"), &tmp.file(&format!("o{k}.yaml"), &other), CREATED);
        clear_outbox(&root.join("vopaliec"));
        clear_outbox(&root.join("autre"));
        deliver(
            &root,
            &raw_mail(("Mallory", "mallory@elsewhere.example"), "probe", line),
            EVENING,
        );
        let mut answers: Vec<Vec<u8>> = Vec::new();
        for d in [root.clone(), root.join("vopaliec"), root.join("autre")] {
            if d.join("outbox").is_dir() {
                answers.extend(
                    outbox(&d)
                        .into_values()
                        .filter(|m| m.to == ["mallory@elsewhere.example"])
                        .map(|m| m.raw),
                );
            }
        }
        assert_eq!(answers.len(), 1, "{line}: one answer");
        got.push(answers.pop().unwrap());
    }
    for g in &got[1..] {
        assert!(
            g == &got[0],
            "{}\n---\n{}",
            String::from_utf8_lossy(&got[0]),
            String::from_utf8_lossy(g)
        );
    }
}

/// In a blessing winter, what God's adjustment blessing adds to a power's builds is secret
/// until the winter's report: LIST reads the same whichever power is blessed, or none.
#[test]
fn list_in_a_blessing_winter_does_not_tell_who_is_blessed() {
    let tmp = Tmp::new();
    let mut got = Vec::new();
    for (k, blessed) in ["France", "Italy", ""].iter().enumerate() {
        let dir = new_game(&tmp, &format!("w{k}"), "");
        let mut s = state(&dir);
        s["phase"] = serde_yaml::Value::from("Winter 1903 Adjustment");
        // France's and Italy's armies are abroad: each could build, if blessed.
        s["board"]["units"]["France"] = serde_yaml::from_str("[F MAO, A BUR, A GAS]").unwrap();
        s["board"]["units"]["Italy"] = serde_yaml::from_str("[F ION, A TYR, A PIE]").unwrap();
        if !blessed.is_empty() {
            s["adjustment_blessing"] = serde_yaml::Value::from(*blessed);
        }
        std::fs::write(dir.join("state.yaml"), serde_yaml::to_string(&s).unwrap()).unwrap();
        send(&dir, 1, "en-list", "LIST", EVENING);
        got.push(answer(&dir, "list", "England").text);
    }
    assert_eq!(got[0], got[2], "France blessed");
    assert_eq!(got[1], got[2], "Italy blessed");
}

#[test]
fn a_command_word_one_slip_away_is_answered_with_the_command_it_may_be() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", "");
    // France reads English, Germany French.
    send(
        &dir,
        0,
        "near-en",
        "LSITE\nHEPL\nWHOAMII\nJohn\nlsite\nGSET\nThanks!\nA PAR H",
        EVENING,
    );
    let r = reply(&dir, "France");
    has(
        &r.text,
        &[
            "line 2: LSITE\n      not understood: \"LSITE\"; did you mean LIST? (HELP lists every command)",
            "line 3: HEPL\n      not understood: \"HEPL\"; did you mean HELP?",
            "line 4: WHOAMII\n      not understood: \"WHOAMII\"; did you mean WHOAMI?",
        ],
    );
    // A name, a word not in capitals, a word one slip from two commands (GET, SET), and
    // chatter are told as before: not understood, and no error.
    let chatter = r.text.split("Not understood (ignored").nth(1).unwrap_or_default();
    has(
        chatter,
        &["line 5: John", "line 6: lsite", "line 7: GSET", "line 8: Thanks!"],
    );
    lacks(&r.text, &["did you mean JOIN", "did you mean GET", "did you mean SET"]);
    send(&dir, 2, "near-fr", "LSITE\nAIED", EVENING);
    let r = reply(&dir, "Germany");
    has(
        &r.text,
        &[
            "ligne 2 : LSITE\n      pas compris : « LSITE » ; vouliez-vous dire LISTE ? (AIDE donne toutes les commandes)",
            "ligne 3 : AIED\n      pas compris : « AIED » ; vouliez-vous dire AIDE ?",
        ],
    );
}
