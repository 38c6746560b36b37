//! A game played in French (issue #14): whatever a French player writes, right or wrong,
//! every line of the answer is French. Mail goes in with `arbitre mail`; the replies are
//! read from the outbox.

use crate::support;

use std::path::{Path, PathBuf};
use support::*;

const CREATED: &str = "2026-11-28T10:00:00+01:00";
const EVENING: &str = "2026-11-30T19:00:00+01:00";
const DEADLINE: &str = "2026-12-01T20:00:00+01:00";
const LATE: &str = "2026-12-01T21:00:00+01:00";

/// Role, name, address, password: the example game's cast.
const PLAYERS: [(&str, &str, &str, &str); 9] = support::VOPALIEC;

/// English words that no French reply may hold: each is part of a sentence the replies
/// used to write in English.
const ENGLISH: [&str; 24] = [
    "on file",
    "line ",
    "not understood",
    "missing",
    "write it",
    "write ",
    " is not ",
    "cannot",
    "there is no",
    "only ",
    "your ",
    "to all",
    "see below",
    "withdrawn",
    "too late",
    "HELP",
    "sent",
    "Done",
    "ignored",
    "takes nothing",
    "belongs to",
    "counts if",
    "gives no orders",
    "stay silent",
];

/// A Diable et Bon Dieu game played in French.
pub(crate) fn new_game(tmp: &Tmp) -> PathBuf {
    new_game_with(tmp, "")
}

/// [`new_game`], its players file with the settings `extra` besides.
fn new_game_with(tmp: &Tmp, extra: &str) -> PathBuf {
    let mut s = format!(
        "game: vopaliec\nvariant: diable-et-bon-dieu\nreferee: {{name: Arbitre de Vopaliec, email: arbitre@vopaliec.example}}\n\
         timezone: Europe/Paris\nlanguage: fr\ndeadlines: {{movement: 72h, retreat: 24h, adjustment: 24h}}\n\
         start: {DEADLINE}\nseed: 8f2c41d7a09b3e5566c1f0e2d4b79a8c13e5f70926bd4a8e0c71f3d5a2b69e04\n{extra}players:\n"
    );
    for (role, name, email, password) in PLAYERS {
        s += &format!("  - {{name: {name}, email: {email}, role: {role}, password: {password}}}\n");
    }
    let players = tmp.file("players.yaml", &s);
    let dir = tmp.path("vopaliec");
    create(&dir, &players, CREATED);
    dir
}

/// Mails `lines` under the SIGNON of `who`, from that player's address, at `now`; returns
/// the reply's text.
pub(crate) fn send(dir: &Path, who: usize, id: &str, lines: &str, now: &str) -> String {
    let (role, name, email, password) = PLAYERS[who];
    let raw = format!(
        "From: {name} <{email}>\r\nTo: arbitre@vopaliec.example\r\nSubject: ordres\r\n\
         Date: Mon, 30 Nov 2026 18:00:00 +0100\r\nMessage-ID: <{id}@test.example>\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n\
         SIGNON {role} vopaliec {password}\n{lines}\r\n"
    );
    ok(&["mail", dir.to_str().unwrap(), "--now", now], Some(raw.as_bytes()));
    let handled = state(dir)["handled"].as_u64().unwrap();
    let name = format!("m{handled:05}-reply-{}.eml", role.to_lowercase());
    outbox(dir).remove(&name).unwrap_or_else(|| panic!("no {name}")).text
}

fn has(text: &str, parts: &[&str]) {
    for p in parts {
        assert!(text.contains(p), "{p:?} not in:\n{text}");
    }
}

/// No English sentence is left in `text`.
pub(crate) fn all_french(text: &str) {
    for word in ENGLISH {
        assert!(!text.contains(word), "English {word:?} in:\n{text}");
    }
}

/// A power's whole message of orders, mistakes, press, votes and a wrong command: every
/// line of the reply is French, what was done and what was not.
#[test]
fn a_french_powers_whole_message_is_answered_in_french() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    let reply = send(
        &dir,
        0,
        "fr-1",
        "A PAR - BUR\nA PAR - PIC\nA MUN - RUH\nF BRE - MOS\nA MAR S A MUN - BUR\nBLESS A PAR\n\
         PRESS TO ALL\nBonjour à tous.\nENDPRESS\nPRESS TO Narnia\nUn secret.\nENDPRESS\n\
         PRESS TO God\nPrière.\nENDPRESS\nVOTE DRAW\nVOTE PEUTETRE\nLISTE TOUT\nSET COULEUR rouge\n\
         HISTORY 19\nSIGNON France vopaliec s3cret\nSTATUS\nMerci à tous !",
        EVENING,
    );
    has(
        &reply,
        &[
            "Fait :",
            "ligne 2 : A PAR - BOU : enregistré",
            "ligne 3 : A PAR - PIC : enregistré, à la place de A PAR - BOU",
            "ligne 4 : A MUN - RUH\n      A MUN appartient à l'Allemagne",
            "ligne 5 : F BRE - MOS\n      F BRE ne peut pas atteindre MOS",
            "ligne 6 : A MAR soutient A MUN - BOU : enregistré",
            "A MAR soutient A MUN - BOU   (compte si A MUN reçoit l'ordre d'aller en BOU)",
            "ligne 7 : BLESS A PAR\n      seul le Bon Dieu peut écrire BÉNIR",
            "ligne 8 : presse envoyée à tous",
            "ligne 11 : PRESS TO Narnia\n      « Narnia » n'est pas une puissance ; cette presse n'a pas été envoyée",
            "ligne 14 : PRESS TO God\n      aucune presse ne peut être adressée au Bon Dieu",
            "ligne 17 : vous votez pour la partie nulle",
            "ligne 18 : VOTE PEUTETRE\n      écrivez VOTE NULLE ou VOTE CONTINUER",
            "ligne 19 : LISTE TOUT\n      LISTE ne prend rien après lui : écrivez « LISTE » seul",
            "ligne 20 : SET COULEUR rouge\n      pas compris : « SET COULEUR rouge »",
            "ligne 21 : HISTORY 19\n      « 19 » n'est pas une phase : écrivez HISTORY [<phase>|ALL]",
            "une seule ligne SIGNON par message : celle-ci est ignorée",
            "ligne 23 : ÉTAT : voir ci-dessous",
            "Pas compris (ignoré ; AIDE donne les commandes que vous pouvez utiliser) :\n  ligne 24 : Merci à tous !",
            "Il manque encore :\n  un ordre pour F BRE",
            "Vous votez pour la partie nulle.",
        ],
    );
    all_french(&reply);
    // CLEAR, then a line above the SIGNON line.
    let (_, name, email, password) = PLAYERS[0];
    let raw = format!(
        "From: {name} <{email}>\r\nTo: arbitre@vopaliec.example\r\nSubject: ordres\r\n\
         Message-ID: <fr-2@test.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
         A MAR - SPA\nSIGNON France vopaliec {password}\nCLEAR\nA PAR - GAS\r\n"
    );
    ok(&["mail", dir.to_str().unwrap(), "--now", EVENING], Some(raw.as_bytes()));
    let handled = state(&dir)["handled"].as_u64().unwrap();
    let reply = outbox(&dir)[&format!("m{handled:05}-reply-france.eml")].text.clone();
    has(
        &reply,
        &[
            "ligne 1 : A MAR - SPA\n      ignorée : elle vient avant la ligne SIGNON",
            "ligne 3 : EFFACER : tous vos ordres de la phase sont retirés",
            "ligne 4 : A PAR - GAS : enregistré",
        ],
    );
    all_french(&reply);
    // Orders that do not read: why, in French.
    let reply = send(&dir, 0, "fr-4", "A MAR - XYZ\nA MAR S\nA MAR - BUR/XC", EVENING);
    has(
        &reply,
        &[
            "ligne 2 : A MAR - XYZ\n      ordre illisible : colonne 9 : « XYZ » n'est pas une province de la carte",
            "ligne 3 : A MAR S\n      ordre illisible : colonne 8 : l'ordre s'arrête trop tôt : il fallait l'unité soutenue",
            "ligne 4 : A MAR - BUR/XC\n      ordre illisible : colonne 12 : « XC » n'est pas une côte : écrivez CN, CS, CE ou CO",
        ],
    );
    all_french(&reply);
    // After the deadline: too late, in French, with the deadline in French words.
    let reply = send(&dir, 0, "fr-3", "A PAR H", LATE);
    has(
        &reply,
        &[
            "trop tard : l'échéance était mardi 1er décembre 2026, 20 h 00 CET (19 h 00 UTC) ; \
           la phase du printemps 1901, mouvements est jugée avec ce qui était enregistré alors",
        ],
    );
    all_french(&reply);
}

/// A French Devil's curse is told in the French notation on every line of the reply: the
/// line read and the cast on file name the same unit the same way (`A VAR`, not `A WAR`).
#[test]
fn a_french_devils_curse_is_named_in_french_notation_throughout() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    let reply = send(&dir, 8, "devil-1", "CURSE A WAR", EVENING);
    has(&reply, &["malédiction sur A VAR", "malédiction : A VAR"]);
    assert!(!reply.contains("A WAR"), "{reply}");
    all_french(&reply);
}

/// A French God: blessings, refusals and what is still open, in French.
#[test]
fn a_french_gods_message_is_answered_in_french() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    let reply = send(
        &dir,
        7,
        "god-1",
        "A PAR H\nBLESS F PAR\nBLESS A XYZ - BUR\nCURSE A MUN\nPRESS TO ALL\nAmen.\nENDPRESS\nVOTE DRAW\nSTATUS",
        EVENING,
    );
    has(
        &reply,
        &[
            "ligne 2 : A PAR H\n      le Bon Dieu ne donne pas d'ordres : écrivez BÉNIR ou MAUDIRE",
            "ligne 3 : BLESS F PAR\n      il n'y a pas de F PAR (A PAR s'y trouve)",
            "ligne 4 : BLESS A XYZ - BUR\n      « A XYZ - BUR » est illisible : colonne 3 : « XYZ » n'est pas une province de la carte",
            "ligne 5 : CURSE A MUN\n      seul le Diable peut écrire MAUDIRE",
            "ligne 6 : PRESS TO ALL\n      le Bon Dieu n'envoie pas de presse",
            "ligne 9 : VOTE DRAW\n      seules les puissances votent",
            "ligne 10 : ÉTAT : voir ci-dessous",
            "bénédiction : rien encore",
            "Encore ouvert :\n  votre bénédiction (BÉNIR <unité>, ou BÉNIR AUCUNE)",
        ],
    );
    all_french(&reply);
    let reply = send(&dir, 7, "god-2", "BLESS A PAR\nCLEAR\nBLESS NONE", EVENING);
    has(
        &reply,
        &[
            "ligne 2 : bénédiction sur A PAR",
            "ligne 3 : EFFACER : vos bénédictions de la phase sont retirées",
            "ligne 4 : BÉNIR AUCUNE : pas de bénédiction cette phase",
            "bénédiction : aucune (refusée)",
        ],
    );
    all_french(&reply);
}

/// A draw voted by every power: the report, the final report and a reply after the end say
/// how the game ended in French, the same words for every French reader.
#[test]
fn a_draw_is_told_in_french() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    for i in 0..7 {
        send(&dir, i, &format!("v{i}"), "VOTE DRAW", EVENING);
    }
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
    let ended = "Partie nulle entre l'Angleterre, la France, l'Allemagne, l'Italie, l'Autriche, \
                 la Russie et la Turquie, votée par toutes les puissances encore en jeu.";
    let out = outbox(&dir);
    let finals: Vec<&Sent> = out
        .iter()
        .filter(|(n, _)| n.starts_with("final-") && !n.contains("referee"))
        .map(|(_, m)| m)
        .collect();
    assert_eq!(finals.len(), 9);
    for f in &finals {
        has(&f.text, &[ended]);
        assert!(!f.text.contains("voted for a draw"), "{}", f.text);
    }
    has(&out["S1901M-report-france.eml"].text, &[ended]);
    let reply = send(&dir, 0, "after", "A PAR H", LATE);
    has(&reply, &["La partie est terminée.", ended]);
    // The state keeps the English words.
    assert_eq!(
        state(&dir)["finished"]["summary"].as_str(),
        Some("Every surviving power voted for a draw: England, France, Germany, Italy, Austria, Russia, Turkey.")
    );
}

/// The text of the newest reply to `role`, as sent: non-breaking spaces kept.
fn typeset(dir: &Path, role: &str) -> String {
    let handled = state(dir)["handled"].as_u64().unwrap();
    let raw = &outbox(dir)[&format!("m{handled:05}-reply-{role}.eml")].raw;
    let m = mail_parser::MessageParser::default().parse(raw).unwrap();
    m.body_text(0).unwrap().replace("\r\n", "\n")
}

/// French as a French reader writes it, through the mail path (issue #24): a non-breaking
/// space before a colon (U+00A0) and before ; ! ? (U+202F), guillemets where the English
/// letter has backticks, powers named in French with their article, `puissance` and never
/// `pays`.
#[test]
fn a_french_reply_is_typeset_the_french_way() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    send(
        &dir,
        0,
        "t-1",
        "A MUN - RUH\nPRESS TO Narnia\nUn secret.\nENDPRESS\nPRESS TO Allemagne Italie\nBonjour.\nENDPRESS\nLISTE TOUT",
        EVENING,
    );
    let text = typeset(&dir, "france");
    has(
        &text,
        &[
            "ligne 2\u{a0}: A MUN - RUH",
            "A MUN appartient à l'Allemagne",
            "«\u{a0}Narnia\u{a0}» n'est pas une puissance\u{202f}; cette presse",
            "presse envoyée à l'Allemagne et à l'Italie",
            "Ordres de la France enregistrés au printemps 1901, mouvements\u{a0}:",
        ],
    );
    for wrong in ["`", " pays", "Germany", " :", " ;"] {
        assert!(!text.contains(wrong), "{wrong:?} in:\n{text}");
    }
    // The God of a French game is « le Bon Dieu », never bare « Dieu ».
    send(&dir, 7, "t-2", "A PAR H\nSTATUS", EVENING);
    let god = typeset(&dir, "god");
    has(
        &god,
        &["le Bon Dieu ne donne pas d'ordres\u{a0}: écrivez BÉNIR ou MAUDIRE"],
    );
    for (i, _) in god.match_indices("Dieu") {
        assert!(god[..i].ends_with("Bon "), "a bare Dieu in:\n{god}");
    }
}

/// `SIGNON Italie …` is read like `SIGNON Italy …` (issue #24): the password is checked,
/// the orders filed, the reply is Italy's.
#[test]
fn a_signon_by_the_french_name_of_a_power_is_read() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    let (_, name, email, password) = PLAYERS[3];
    assert_eq!(PLAYERS[3].0, "Italy");
    let raw = format!(
        "From: {name} <{email}>\r\nTo: arbitre@vopaliec.example\r\nSubject: ordres\r\n\
         Message-ID: <it-1@test.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
         SIGNON Italie vopaliec {password}\nA VEN H\r\n"
    );
    ok(&["mail", dir.to_str().unwrap(), "--now", EVENING], Some(raw.as_bytes()));
    let handled = state(&dir)["handled"].as_u64().unwrap();
    let reply = outbox(&dir)[&format!("m{handled:05}-reply-italy.eml")].text.clone();
    has(
        &reply,
        &["ligne 2 : A VEN tient : enregistré", "Ordres de l'Italie enregistrés"],
    );
}

/// A winter in French (issue #24): no « Bénédictions et malédictions » part where nothing
/// can be cast, and a power that sent nothing is told its builds were not made, in words
/// that agree with its name.
#[test]
fn a_french_winter_report_says_the_builds_were_waived_and_nothing_of_casts() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    send(&dir, 0, "w-1", "A PAR - BUR\nA MAR - SPA\nF BRE - MAO", EVENING);
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
    send(
        &dir,
        0,
        "w-2",
        "A BUR - BEL\nF MAO - POR\nA SPA H",
        "2026-12-03T19:00:00+01:00",
    );
    ok(
        &["process", dir.to_str().unwrap(), "--now", "2026-12-04T20:00:00+01:00"],
        None,
    );
    assert_eq!(state(&dir)["phase"].as_str(), Some("Winter 1901 Adjustment"));
    ok(
        &["process", dir.to_str().unwrap(), "--now", "2026-12-05T20:00:00+01:00"],
        None,
    );
    let out = outbox(&dir);
    let winter = &out["W1901A-report-france.eml"].text;
    // A power that sent nothing is marked so, and its builds are counted once, among the
    // builds not used.
    has(winter, &["France (aucun ordre reçu)\n", "France : ", " non utilisée"]);
    assert!(!winter.contains("aucune mobilisation n'est faite"), "{winter}");
    assert!(
        !winter.contains("Bénédiction") && !winter.contains("malédiction"),
        "{winter}"
    );
    let autumn = &out["F1901M-report-france.eml"].text;
    assert!(autumn.contains("Bénédictions et malédictions"), "{autumn}");
}

/// Mails `lines` from an address that plays no role, at `now`.
fn from_stranger(dir: &Path, id: &str, lines: &str, now: &str) {
    let raw = format!(
        "From: Olivia <olivia@example.net>\r\nTo: arbitre@vopaliec.example\r\nSubject: partie\r\n\
         Message-ID: <{id}@test.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{lines}\r\n"
    );
    ok(&["mail", dir.to_str().unwrap(), "--now", now], Some(raw.as_bytes()));
}

/// Every subject a French game writes is French (issue #24): the welcome, the replies and
/// the answers to questions and settings, the press, a resignation told to the referee,
/// the observer's letters, the referee's notices, the reminders, the reports, the divine
/// reports, the referee's digest and copies, a rollback. The season is in lower case
/// after the game's name, the one colon has its non-breaking space, and no English word
/// is left.
#[test]
fn every_subject_of_a_french_game_is_french() {
    let tmp = Tmp::new();
    let dir = new_game_with(
        &tmp,
        "observers: true\nreminder: 24h\nreferee_copies: {private: true, divine: true}\n",
    );
    let d = dir.to_str().unwrap();
    send(
        &dir,
        0,
        "s-1",
        "A PAR - BUR\nA MUN - RUH\nPRESS TO ALL\nBonjour.\nENDPRESS\nAIDE\nLISTE\nHISTORY\nGET RULES\nGET MAP\n\
         QUISUISJE\nSET TIMEZONE Europe/London\nSET ADDRESS alice@ailleurs.example",
        EVENING,
    );
    send(&dir, 3, "s-2", "RESIGN", EVENING);
    send(&dir, 3, "s-3", "RESIGN CONFIRM", EVENING);
    from_stranger(&dir, "s-4", "OBSERVE vopaliec", EVENING);
    from_stranger(&dir, "s-5", "UNOBSERVE vopaliec", EVENING);
    from_stranger(&dir, "s-6", "UNOBSERVE vopaliec", EVENING);
    // A stranger's try at France's password: France's player is told of it.
    from_stranger(&dir, "s-7", "SIGNON France vopaliec devinette\nA PAR H", EVENING);
    send(&dir, 7, "s-8", "AIDE", EVENING);
    send(&dir, 8, "s-9", "AIDE", EVENING);
    for verb in [
        &["deadline", d, "+1d"][..],
        &["pause", d, "--why", "un joueur est malade"],
        &["resume", d],
        &["disorder", d, "Turkey"],
    ] {
        let mut args = verb.to_vec();
        args.extend(["--now", EVENING]);
        ok(&args, None);
    }
    // A day before the deadline moved to 2 December: the reminders.
    ok(&["process", d, "--now", "2026-12-01T20:30:00+01:00"], None);
    ok(&["process", d, "--now", "2026-12-02T20:30:00+01:00"], None);
    ok(&["rollback", d, "--now", "2026-12-02T21:00:00+01:00"], None);
    ok(&["rollback", d, "--redo", "--now", "2026-12-02T21:10:00+01:00"], None);
    let out = outbox(&dir);
    let mut seen = std::collections::BTreeSet::new();
    let signons = &out["signons-france-1.eml"];
    assert!(
        signons
            .text
            .contains("1 tentative de connexion au nom de la France dans vopaliec a échoué"),
        "{}",
        signons.text
    );
    assert_eq!(
        signons.subject,
        "vopaliec, printemps 1901, mouvements\u{a0}: tentatives de connexion échouées au nom de la France"
    );
    for (name, m) in &out {
        // A stranger's refusal is in the one language that depends on nothing of the game.
        if name.starts_with("rejection-") {
            continue;
        }
        let s = &m.subject;
        // Word by word: `liste` and `historique` are French.
        let words: Vec<String> = s
            .split(|c: char| !c.is_alphabetic() && c != '\'')
            .map(str::to_lowercase)
            .collect();
        for english in [
            "received",
            "welcome",
            "results",
            "report",
            "spring",
            "fall",
            "winter",
            "movement",
            "press",
            "from",
            "copy",
            "digest",
            "reminder",
            "resigns",
            "deadline",
            "paused",
            "resumes",
            "back",
            "stands",
            "disorder",
            "observe",
            "observing",
            "your",
            "help",
            "list",
            "history",
            "rules",
            "who",
            "the",
            "turkey",
            "italy",
            "you",
            "play",
            "refused",
            "error",
            "errors",
            "failed",
            "new",
            "changed",
        ] {
            assert!(
                !words.iter().any(|w| w == english),
                "{english:?} in the subject of {name}: {s}"
            );
        }
        // Mid-sentence, a season is in lower case.
        for season in ["Printemps", "Automne", "Hiver"] {
            assert!(!s.contains(season), "{season:?} in the subject of {name}: {s}");
        }
        // One word for one thing in every letter: the deadline is « l'échéance » (the
        // replies said « Date limite », LISTE and AIDE « Échéance »), a failed sign-on « une
        // tentative de connexion échouée » au nom de la puissance, a phase « de mouvements ».
        for drift in [
            "date limite",
            "Date limite",
            "Identifications manquées",
            "connexions échouées",
            "en tant que",
            "phase de mouvement ",
        ] {
            assert!(!m.text.contains(drift), "{drift:?} in {name}:\n{}", m.text);
        }
        // A divine player has no units to hold nor builds to waive.
        if name.contains("-reminder-god") || name.contains("-reminder-devil") {
            assert!(!m.text.contains("Une unité sans ordre"), "{name}:\n{}", m.text);
        }
        // In the text too: a season takes its capital only where it opens a line (the
        // report's heading said « vopaliec, Printemps 1901 », the digest « Automne 1901 »).
        for line in m.text.lines() {
            for season in ["Printemps", "Automne", "Hiver"] {
                if let Some(at) = line.find(season) {
                    assert!(line[..at].trim().is_empty(), "{season:?} mid-line in {name}: {line}");
                }
            }
        }
        assert!(!s.contains(" :") && !s.contains(": :"), "{name}: {s}");
        assert_eq!(s.matches('\u{a0}').count(), s.matches(':').count(), "{name}: {s}");
        assert!(
            s.matches(':').count() <= 1,
            "colons stacked in the subject of {name}: {s}"
        );
        seen.insert(name.split('-').nth(1).unwrap_or(name).to_string());
        // The text names the powers in French too (the reminder said « pour Germany »),
        // but on a line that shows how to write SIGNON, which takes the English names too.
        for line in m.text.lines().filter(|l| !l.contains("SIGNON ")) {
            let words: Vec<&str> = line.split(|c: char| !c.is_alphabetic()).collect();
            for english in [
                "England", "Germany", "Italy", "Austria", "Russia", "Turkey", "God", "Devil",
            ] {
                assert!(!words.contains(&english), "{english:?} in {name}: {line}");
            }
        }
    }
    for kind in [
        "welcome-",
        "-reply-",
        "-press-",
        "-l9-history-",
        "-l10-rules-",
        "-l11-map-",
        "-timezone-",
        "-address-code-",
        "-resignation-",
        "-observe-code-",
        "-not-observing-",
        "-deadline-",
        "-pause-",
        "-resume-",
        "-disorder-",
        "-reminder-",
        "-report-",
        "-divine-",
        "-digest-",
        "-copy-referee",
        "-rollback-",
        "-redo-",
        "signons-",
    ] {
        assert!(
            out.keys().any(|n| n.contains(kind)),
            "no {kind} letter: {:?}",
            out.keys()
        );
    }
}

/// A French game's pictures are French (issue #24): its pages' map names the phase, the
/// powers and the counts in French; what the reports show is drawn the same way.
#[test]
fn a_french_games_map_is_drawn_in_french() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    send(&dir, 0, "p-1", "A PAR - BUR", EVENING);
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
    let svg = std::fs::read_to_string(dir.join("pages/S1901M.svg")).unwrap();
    for part in [
        "Printemps 1901, mouvements",
        ">Angleterre<",
        ">Allemagne<",
        "unités",
        "flèche\u{a0}: mouvement",
    ] {
        assert!(svg.contains(part), "{part:?} not in the map");
    }
    for english in ["Spring", ">England<", ">Germany<", " units", "arrow: move"] {
        assert!(!svg.contains(english), "{english:?} in the map");
    }
}

/// A French God blesses as a French player orders (issue #24): the French verb and the
/// French code of the province (`BÉNIR A Mar`), a slip (`A Marseile`).
#[test]
fn a_french_god_blesses_with_french_words_and_codes() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    let reply = send(&dir, 7, "b-1", "BÉNIR A Mar", EVENING);
    has(&reply, &["ligne 2 : bénédiction sur A MAR"]);
    assert_eq!(state(&dir)["divine"]["blessing"].as_str(), Some("A MAR"), "{reply}");
    let reply = send(&dir, 7, "b-2", "Bénir A Marseile", EVENING);
    assert_eq!(state(&dir)["divine"]["blessing"].as_str(), Some("A MAR"), "{reply}");
    let reply = send(&dir, 8, "b-3", "MAUDIRE F Kie", EVENING);
    assert_eq!(state(&dir)["divine"]["curse"].as_str(), Some("F KIE"), "{reply}");
    // The unit is echoed in the French notation, as orders are; the file keeps the judge's.
    let reply = send(&dir, 8, "b-4", "MAUDIRE F Seb", EVENING);
    has(&reply, &["ligne 2 : malédiction sur F SEB"]);
    assert_eq!(state(&dir)["divine"]["curse"].as_str(), Some("F SEV"), "{reply}");
}

/// A line naming the sender's own power and nothing else heads his orders (issue #24): not
/// an error, not chatter; another power's name over no order is refused, saying why.
#[test]
fn a_heading_with_the_senders_own_power_is_no_mistake() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    let reply = send(&dir, 0, "h-1", "France :\nA PAR - BUR\nAngleterre:", EVENING);
    has(&reply, &["ligne 3 : A PAR - BOU : enregistré", "ligne 4 : Angleterre:"]);
    assert!(!reply.contains("ligne 2"), "{reply}");
    assert!(!reply.contains("Pas compris"), "{reply}");
    let handled = state(&dir)["handled"].as_u64().unwrap();
    let subject = &outbox(&dir)[&format!("m{handled:05}-reply-france.eml")].subject;
    assert!(subject.ends_with("reçu, avec 1 erreur"), "{subject}");
}

/// The commands of a French zine's player, in French (« Les commandes s'écrivent en
/// français ou en anglais »): ÉTAT, EFFACER, PRESSE À … FIN PRESSE, VOTE NULLE, with or
/// without accents, in any case. Nothing of it is taken for chatter or an order.
#[test]
fn a_french_power_writes_its_commands_in_french() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    let reply = send(
        &dir,
        0,
        "c-1",
        "A PAR - BUR\nEFFACER\nA PAR - PIC\nÉTAT\netat\nPRESSE À TOUS\nVive la France !\nFIN PRESSE\n\
         presse a Allemagne, Italie\nAlliance ?\nfin de presse\nVOTE NULLE\nvote continuer\nVote Nul\n\
         Presse À Angleterre\nÀ bientôt.\nFINPRESSE",
        EVENING,
    );
    has(
        &reply,
        &[
            "ligne 3 : EFFACER : tous vos ordres de la phase sont retirés",
            "ligne 4 : A PAR - PIC : enregistré\n",
            "ligne 5 : ÉTAT : voir ci-dessous",
            "ligne 6 : ÉTAT : voir ci-dessous",
            "ligne 7 : presse envoyée à tous",
            "ligne 10 : presse envoyée à l'Allemagne et à l'Italie",
            "ligne 13 : vous votez pour la partie nulle",
            "ligne 14 : vous votez pour poursuivre la partie",
            "ligne 15 : vous votez pour la partie nulle",
            "ligne 16 : presse envoyée à l'Angleterre",
        ],
    );
    lacks(&reply, &["Pas compris", "Finlande"]);
    all_french(&reply);
    let out = outbox(&dir);
    let press = |words: &str| out.iter().any(|(n, m)| n.contains("-press-") && m.text.contains(words));
    assert!(press("Vive la France !"), "{:?}", out.keys());
    assert!(press("Alliance ?"), "{:?}", out.keys());
    assert!(press("À bientôt."), "{:?}", out.keys());
}

/// A press whose first line does not read is told, and its text is neither sent nor read
/// as orders; one whose end does not read is told, naming the French end.
#[test]
fn a_french_press_that_does_not_read_is_told_and_not_sent() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    let reply = send(
        &dir,
        0,
        "p-1",
        "PRESSE POUR TOUS\nVive la France !\nA MAR - BUR\nFIN PRESSE\nA PAR - PIC",
        EVENING,
    );
    has(
        &reply,
        &[
            "ligne 2 : PRESSE POUR TOUS\n      écrivez PRESSE À TOUS ou PRESSE À <puissance>",
            "cette presse n'a pas été envoyée",
            "ligne 6 : A PAR - PIC : enregistré",
        ],
    );
    lacks(&reply, &["ligne 3", "ligne 4", "ligne 5", "Pas compris"]);
    all_french(&reply);
    let reply = send(
        &dir,
        0,
        "p-2",
        "A PAR - BUR\nPRESSE À TOUS\nVive la France !\nFIN",
        EVENING,
    );
    has(
        &reply,
        &["ligne 3 : PRESSE À TOUS\n      cette presse n'a pas de ligne FIN PRESSE"],
    );
    all_french(&reply);
    assert!(!outbox(&dir).keys().any(|n| n.contains("-press-")));
}

/// God's and the Devil's « none » in French: AUCUNE, AUCUN, RIEN, and the winter
/// blessing's PUISSANCE AUCUNE.
#[test]
fn a_french_god_and_devil_cast_nothing_in_french() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    let reply = send(&dir, 7, "n-1", "BÉNIR AUCUNE", EVENING);
    has(&reply, &["ligne 2 : BÉNIR AUCUNE : pas de bénédiction cette phase"]);
    assert_eq!(state(&dir)["divine"]["blessing"].as_str(), Some("none"), "{reply}");
    let reply = send(&dir, 8, "n-2", "maudire aucun", EVENING);
    has(&reply, &["ligne 2 : MAUDIRE AUCUNE : pas de malédiction cette phase"]);
    assert_eq!(state(&dir)["divine"]["curse"].as_str(), Some("none"), "{reply}");
    send(&dir, 7, "n-3", "BENIR A PAR\nbénir rien", EVENING);
    assert_eq!(state(&dir)["divine"]["blessing"].as_str(), Some("none"));
    // The autumn of 1903: the winter blessing names a power, or none.
    let path = dir.join("state.yaml");
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("phase: Spring 1901 Movement", "phase: Fall 1903 Movement");
    std::fs::write(&path, text).unwrap();
    let reply = send(&dir, 7, "n-4", "BÉNIR PUISSANCE Allemagne", EVENING);
    // What is on file names the power in French, as the line read does.
    has(
        &reply,
        &[
            "bénédiction d'ajustement pour l'hiver 1903",
            "bénédiction d'ajustement : Allemagne",
        ],
    );
    lacks(&reply, &["Germany"]);
    assert_eq!(state(&dir)["adjustment_blessing"].as_str(), Some("Germany"), "{reply}");
    let reply = send(&dir, 7, "n-5", "Bénir puissance aucune", EVENING);
    has(
        &reply,
        &[
            "pas de bénédiction d'ajustement pour l'hiver 1903",
            "bénédiction d'ajustement : aucune (refusée)",
        ],
    );
    assert_eq!(state(&dir)["adjustment_blessing"].as_str(), Some("none"), "{reply}");
}

/// French phase codes: P (printemps), A (automne), H (hiver). Their examples are French,
/// and a phase not yet played is named in French words.
#[test]
fn french_phase_codes_are_read_and_taught() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    send(&dir, 0, "h-1", "A PAR - BUR", EVENING);
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
    let after = "2026-12-02T10:00:00+01:00";
    let reply = send(
        &dir,
        0,
        "h-2",
        "HISTORIQUE P1901M\nrapport p1901m\nHISTORIQUE A1901M\nHISTORIQUE 19",
        after,
    );
    has(
        &reply,
        &["« 19 » n'est pas une phase : écrivez HISTORIQUE [<phase>|TOUT], par exemple « HISTORIQUE P1901M »"],
    );
    lacks(&reply, &["S1901M", "« P1901M » n'est pas", "« p1901m » n'est pas"]);
    all_french(&reply);
    let out = outbox(&dir);
    let history = |line: usize| {
        out.iter()
            .find(|(n, _)| n.ends_with(&format!("-l{line}-history-france.eml")))
            .map(|(_, m)| m.text.clone())
            .unwrap_or_else(|| panic!("no answer to line {line}: {:?}", out.keys()))
    };
    has(&history(2), &["Vos rapports du printemps 1901, mouvements"]);
    has(&history(3), &["Vos rapports du printemps 1901, mouvements"]);
    has(&history(4), &["Aucun rapport de l'automne 1901, mouvements"]);
    lacks(&history(4), &["A1901M", "F1901M"]);
}

/// A French player's welcome and AIDE teach the French forms, now read: the SIGNON line
/// with the role's French name, ÉTAT, EFFACER, PRESSE À TOUS … FIN PRESSE, VOTE NULLE,
/// BÉNIR AUCUNE, MAUDIRE AUCUNE. The welcome's SIGNON line and order examples, sent back
/// as they are, are read.
#[test]
fn a_french_welcome_and_aide_teach_the_french_commands() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    let out = outbox(&dir);
    let germany = &out["welcome-germany.eml"].text;
    has(
        germany,
        &[
            "Vous jouez l'Allemagne",
            "  SIGNON Allemagne vopaliec <votre mot de passe>",
            "ÉTAT, EFFACER,\nPRESSE À TOUS ... FIN PRESSE, PRESSE À <puissance> ... FIN PRESSE, VOTE NULLE, VOTE CONTINUER.",
            "(A PAR - BOU,\nF BRE - MAN, A MAR soutient A PAR - BOU, F MDN convoie A LON - NOR)",
        ],
    );
    lacks(germany, &["SIGNON Germany", "STATUS", "CLEAR", "ENDPRESS", "VOTE DRAW"]);
    let god = &out["welcome-god.eml"].text;
    has(
        god,
        &[
            "  SIGNON BonDieu vopaliec <votre mot de passe>",
            "  BÉNIR A PAR        (ou BÉNIR AUCUNE pour laisser passer la phase)",
            "  BÉNIR France       (ou BÉNIR PUISSANCE AUCUNE)",
            "ÉTAT, EFFACER.",
        ],
    );
    lacks(god, &["BLESS", "NONE", "STATUS"]);
    let devil = &out["welcome-devil.eml"].text;
    has(
        devil,
        &["  SIGNON Diable vopaliec", "  MAUDIRE F KIE      (ou MAUDIRE AUCUNE"],
    );
    lacks(devil, &["CURSE", "NONE"]);
    // The SIGNON line as the welcome gives it, and its order examples, are read.
    let (_, name, email, password) = PLAYERS[0];
    let signon = out["welcome-france.eml"]
        .text
        .lines()
        .find(|l| l.trim_start().starts_with("SIGNON"))
        .unwrap()
        .replace("<votre mot de passe>", password);
    let raw = format!(
        "From: {name} <{email}>\r\nTo: arbitre@vopaliec.example\r\nSubject: ordres\r\n\
         Message-ID: <w-1@test.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
         {signon}\nA PAR - BOU\nF BRE - MAN\nA MAR soutient A PAR - BOU\r\n"
    );
    ok(&["mail", dir.to_str().unwrap(), "--now", EVENING], Some(raw.as_bytes()));
    let reply = answer(&dir, "reply", "France").text;
    has(
        &reply,
        &[
            "ligne 2 : A PAR - BOU : enregistré",
            "ligne 3 : F BRE - MAN : enregistré",
            "ligne 4 : A MAR soutient A PAR - BOU : enregistré",
        ],
    );
    // God's, with the French name written in one word (« BonDieu »).
    let (_, name, email, password) = PLAYERS[7];
    let signon = out["welcome-god.eml"]
        .text
        .lines()
        .find(|l| l.trim_start().starts_with("SIGNON"))
        .unwrap()
        .replace("<votre mot de passe>", password);
    let raw = format!(
        "From: {name} <{email}>\r\nTo: arbitre@vopaliec.example\r\nSubject: ordres\r\n\
         Message-ID: <w-g@test.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
         {signon}\nBÉNIR AUCUNE\r\n"
    );
    ok(&["mail", dir.to_str().unwrap(), "--now", EVENING], Some(raw.as_bytes()));
    has(
        &answer(&dir, "reply", "God").text,
        &["ligne 2 : BÉNIR AUCUNE : pas de bénédiction cette phase"],
    );
    send(&dir, 0, "w-2", "AIDE", EVENING);
    let aide = answer(&dir, "help", "France").text;
    has(
        &aide,
        &[
            "  SIGNON France vopaliec <votre mot de passe>",
            "EFFACER                       retirer tous vos ordres de la phase",
            "ÉTAT                          ce que vous avez déposé",
            "PRESSE À TOUS                 presse publique à tous les joueurs, jusqu'à la ligne FIN PRESSE",
            "VOTE NULLE, VOTE CONTINUER    la partie est nulle",
            "HISTORIQUE P1901M ou HISTORIQUE TOUT",
            "RAPPORT P1901M                comme HISTORIQUE P1901M",
        ],
    );
    send(&dir, 7, "w-3", "AIDE", EVENING);
    let aide = answer(&dir, "help", "God").text;
    has(
        &aide,
        &[
            "  SIGNON BonDieu vopaliec <votre mot de passe>",
            "  BÉNIR A PAR ",
            "  BÉNIR AUCUNE ",
            "  BÉNIR France                (ou BÉNIR PUISSANCE AUCUNE)",
        ],
    );
}

/// An absence declared by a French player is answered in French: the days noted, the
/// allowance, the deadline it moved in French words, and why a day cannot be noted.
#[test]
fn a_french_absence_is_answered_in_french() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    let reply = send(
        &dir,
        0,
        "abs-1",
        "SET ABSENCE 2026-11-30 2026-12-02\nSET ABSENCE bientôt plus-tard\nSET ABSENCE 2026-12-09 2026-12-07\n\
         changer absence 2026-12-05",
        EVENING,
    );
    has(
        &reply,
        &[
            "absence du 2026-11-30 au 2026-12-02 notée : une échéance qui y tombe est reportée après elle, \
             dans la limite de 14 jours par an ; l'échéance passe à jeudi 3 décembre 2026, 20 h 00 CET",
            "« bientôt » n'est pas une date : écrivez-la comme 2026-12-20",
            "l'absence finit (2026-12-07) avant de commencer (2026-12-09) : donnez le premier jour, puis le dernier",
            // Told in the form the player wrote.
            "écrivez CHANGER ABSENCE <du> <au>, avec des dates comme 2026-12-20",
        ],
    );
    lacks(&reply, &["noted", "deadline", "is not a date"]);
    all_french(&reply);
}

/// The board's picture in a French game's pages is titled in French by the game's name and
/// the phase (« vopaliec — printemps 1901, mouvements »), never by the map's name.
#[test]
fn the_board_pictures_title_is_the_games_name_and_the_phase_in_french() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
    let svg = std::fs::read_to_string(dir.join("pages/S1901M.svg")).unwrap();
    has(&svg, &["<title>vopaliec — printemps 1901, mouvements</title>"]);
    let index = std::fs::read_to_string(dir.join("pages/index.html")).unwrap();
    has(&index, &["<title>vopaliec — automne 1901, mouvements</title>"]);
    for text in [&svg, &index] {
        assert!(!text.contains("standard —") && !text.contains("Spring"), "{text}");
    }
}

/// An absence longer than what is left of the allowance, over the current deadline: noted,
/// and the reply says that the deadline stays and why, in French.
#[test]
fn a_french_absence_that_cannot_move_the_deadline_says_so() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    let reply = send(&dir, 0, "abs-2", "CHANGER ABSENCE 2026-11-30 2027-03-01", EVENING);
    has(
        &reply,
        &[
            "absence du 2026-11-30 au 2027-03-01 notée",
            "l'échéance actuelle, mardi 1er décembre 2026, 20 h 00 CET (19 h 00 UTC), y tombe mais reste : \
             la reporter après l'absence prendrait plus de jours qu'il ne vous en reste",
        ],
    );
    assert_eq!(state(&dir)["deadline"].as_str(), Some(DEADLINE));
    all_french(&reply);
}
