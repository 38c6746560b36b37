//! Orders as players type them, in the mail shapes their programs send (issue #24): Gmail
//! (plain and HTML alternatives, a quoted reply under it), Outlook (HTML only), Apple Mail
//! and phones (a "Sent from my iPhone" line), in English and in French. Whatever the shape,
//! the orders are read, the signature and thanks are "not understood" and never errors,
//! and the reply's subject counts only the true errors.

use crate::support;

use std::path::{Path, PathBuf};
use support::*;

const CREATED: &str = "2026-11-28T10:00:00+01:00";
const EVENING: &str = "2026-11-30T19:00:00+01:00";
const START: &str = "2026-12-01T20:00:00+01:00";

/// A standard game in `lang`, the example cast's seven powers.
pub(crate) fn new_game(tmp: &Tmp, lang: &str) -> PathBuf {
    game_of(tmp, lang, "standard", 7)
}

/// A game of `variant` in `lang`, the example cast's first `roles`.
fn game_of(tmp: &Tmp, lang: &str, variant: &str, roles: usize) -> PathBuf {
    let mut s = format!(
        "game: vopaliec\nvariant: {variant}\nreferee: {{name: Arbitre, email: arbitre@vopaliec.example}}\n\
         timezone: Europe/Paris\nlanguage: {lang}\ndeadlines: {{movement: 72h, retreat: 24h, adjustment: 24h}}\n\
         start: {START}\nseed: 8f2c41d7a09b3e5566c1f0e2d4b79a8c13e5f70926bd4a8e0c71f3d5a2b69e04\nplayers:\n"
    );
    for (role, name, email, password) in support::VOPALIEC.iter().take(roles) {
        s += &format!("  - {{name: {name}, email: {email}, role: {role}, password: {password}}}\n");
    }
    let players = tmp.file("players.yaml", &s);
    let dir = tmp.path("vopaliec");
    create(&dir, &players, CREATED);
    dir
}

/// Mails `raw` (headers and body) from `who`, and returns the reply: subject and text.
fn send(dir: &Path, who: usize, raw: &str) -> Sent {
    let (role, ..) = support::VOPALIEC[who];
    ok(&["mail", dir.to_str().unwrap(), "--now", EVENING], Some(raw.as_bytes()));
    let handled = state(dir)["handled"].as_u64().unwrap();
    let name = format!("m{handled:05}-reply-{}.eml", role.to_lowercase());
    outbox(dir).remove(&name).unwrap_or_else(|| panic!("no {name}"))
}

fn headers(who: usize, id: &str, content_type: &str) -> String {
    let (_, name, email, _) = support::VOPALIEC[who];
    format!(
        "From: {name} <{email}>\r\nTo: arbitre@vopaliec.example\r\nSubject: Re: orders\r\n\
         Date: Mon, 30 Nov 2026 18:00:00 +0100\r\nMessage-ID: <{id}@test.example>\r\nMIME-Version: 1.0\r\n\
         Content-Type: {content_type}\r\n"
    )
}

fn signon(who: usize) -> String {
    let (role, _, _, password) = support::VOPALIEC[who];
    format!("SIGNON {role} vopaliec {password}")
}

fn has(text: &str, parts: &[&str]) {
    for p in parts {
        assert!(text.contains(p), "{p:?} not in:\n{text}");
    }
}

/// Gmail: plain text and HTML alternatives; a name and a quoted earlier message below.
#[test]
fn gmail_orders_in_the_judges_long_form_and_a_signature() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "en");
    let body = format!(
        "{}\r\nGermany: Fleet Kiel => Holland.\r\nArmy Munich => Ruhr.\r\nArmy Berlin => Kiel.\r\n\r\n\
         Thanks!\r\nDieter\r\n\r\nOn Mon, 30 Nov 2026 at 10:00, Arbitre <arbitre@vopaliec.example> wrote:\r\n\
         > Orders for Spring 1901 are due.\r\n",
        signon(2)
    );
    let html = body.replace("\r\n", "<br>\r\n");
    let raw = format!(
        "{}\r\n--b\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{body}\r\n--b\r\n\
         Content-Type: text/html; charset=UTF-8\r\n\r\n<div dir=\"ltr\">{html}</div>\r\n--b--\r\n",
        headers(2, "gmail", "multipart/alternative; boundary=\"b\"")
    );
    let reply = send(&dir, 2, &raw);
    assert!(!reply.subject.contains("error"), "{}", reply.subject);
    has(
        &reply.text,
        &[
            "F KIE - HOL: on file",
            "A MUN - RUH: on file",
            "A BER - KIE: on file",
            "Not understood",
        ],
    );
    has(&reply.text, &["Thanks!", "Dieter"]);
}

/// Outlook sends HTML only; one order per `div`, a misspelt name and a unit named by its
/// province alone, then the phone's signature.
#[test]
fn outlook_html_only_with_a_slip_and_a_province_alone() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "en");
    let lines = [
        signon(1),
        "F London -> North Sea".into(),
        "edi => Norwegian Sea".into(),
        "A Liverpool - Yorkshir".into(),
        "Get Outlook for Android".into(),
    ];
    let html: String = lines.iter().map(|l| format!("<div>{l}</div>\r\n")).collect();
    let raw = format!(
        "{}\r\n<html><body dir=\"ltr\">\r\n{html}</body></html>\r\n",
        headers(1, "outlook", "text/html; charset=\"utf-8\"")
    );
    let reply = send(&dir, 1, &raw);
    assert!(!reply.subject.contains("error"), "{}: {}", reply.subject, reply.text);
    has(
        &reply.text,
        &[
            "F LON - NTH: on file",
            "F EDI - NWG: on file (the fleet in Edinburgh)",
            "A LVP - YOR: on file (\"Yorkshir\" read as Yorkshire)",
            "Get Outlook for Android",
        ],
    );
    // Plain words: no Markdown backticks, no « read: … read as ».
    assert!(
        !reply.text.contains('`') && !reply.text.contains("read: "),
        "{}",
        reply.text
    );
}

/// Apple Mail from an iPhone, in French: French codes, several orders on one line, the
/// power's own name before them, and "Envoyé de mon iPhone".
#[test]
fn an_iphone_in_french_with_french_codes_on_one_line() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "fr");
    let body = format!(
        "{}\r\nFrance : A Par - Bou, A Mar - Esp ; F Bre - Man\r\nBonne partie à tous\r\n\r\nEnvoyé de mon iPhone\r\n",
        signon(0)
    );
    let raw = format!(
        "{}Content-Transfer-Encoding: 8bit\r\n\r\n{body}",
        headers(0, "iphone", "text/plain; charset=utf-8")
    );
    let reply = send(&dir, 0, &raw);
    assert!(!reply.subject.contains("erreur"), "{}: {}", reply.subject, reply.text);
    has(
        &reply.text,
        &[
            "A PAR - BOU : enregistré\n",
            "A MAR - ESP : enregistré\n",
            "F BRE - MAN : enregistré\n",
            "Envoyé de mon iPhone",
            "Bonne partie à tous",
        ],
    );
    // The French codes are how French players write: no note on what each one names.
    assert!(!reply.text.contains("» pour"), "{}", reply.text);
}

/// Another power's name before the orders is refused, and counted as an error; a line
/// that looks like an order but cannot be read is an error with a suggestion; an unknown
/// command is not understood.
#[test]
fn another_powers_orders_and_a_near_name_are_errors_and_chatter_is_not() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "en");
    let body = format!(
        "{}\r\nFrance: A PAR - BUR\r\nA VIE - Galicai\r\nA BUD - Seria\r\nFROBNICATE the vote\r\n\
         Sorry for the late orders.\r\nFranz\r\n",
        signon(4)
    );
    let raw = format!("{}\r\n{body}", headers(4, "errors", "text/plain; charset=utf-8"));
    let reply = send(&dir, 4, &raw);
    assert!(
        reply.subject.contains("with 2 errors"),
        "{}: {}",
        reply.subject,
        reply.text
    );
    has(
        &reply.text,
        &[
            "these orders are headed \"France\", and you play Austria",
            "A VIE - GAL: on file (\"Galicai\" read as Galicia)",
            "did you mean Serbia or Syria?",
            "FROBNICATE the vote",
            "Sorry for the late orders.",
        ],
    );
    assert!(
        !reply.text.contains("\"FROBNICATE\" is not a province"),
        "{}",
        reply.text
    );
}

/// God or the Devil learns nothing by writing a power's name before an order: the refusal
/// is the one every order of theirs gets, whatever power is named, or none.
#[test]
fn a_divine_player_naming_a_power_learns_nothing() {
    let tmp = Tmp::new();
    let dir = game_of(&tmp, "en", "diable-et-bon-dieu", 9);
    for who in [7, 8] {
        let body = format!(
            "{}\r\nFrance: A PAR - BUR\r\nEngland: F LON - NTH\r\nA MUN - RUH\r\n",
            signon(who)
        );
        let raw = format!(
            "{}\r\n{body}",
            headers(who, &format!("divine{who}"), "text/plain; charset=utf-8")
        );
        let reply = send(&dir, who, &raw);
        let refusals: Vec<&str> = reply.text.lines().filter(|l| l.contains("gives no orders")).collect();
        assert_eq!(refusals.len(), 3, "{}", reply.text);
        assert!(refusals.iter().all(|l| *l == refusals[0]), "{refusals:?}");
        assert!(!reply.text.contains("headed"), "{}", reply.text);
    }
}

/// `A NAP - APU` where Naples holds a fleet is the fleet's order (DATC 4.C.2), and the
/// reply says that the unit there is a fleet, in the reader's language (issue #24).
#[test]
fn an_army_written_for_a_fleet_is_read_as_the_fleet_and_the_reply_says_so() {
    for (lang, said) in [
        ("en", "F NAP - APU: on file (there is a fleet in Naples, not an army)"),
        ("fr", "(l'unité de Naples est une flotte, pas une armée)"),
    ] {
        let tmp = Tmp::new();
        let dir = new_game(&tmp, lang);
        let raw = format!(
            "{}\r\n{}\r\nA NAP - APU\r\nA VEN - PIE\r\n",
            headers(3, "nap", "text/plain; charset=UTF-8"),
            signon(3)
        );
        let reply = send(&dir, 3, &raw);
        assert!(
            !reply.subject.contains("error") && !reply.subject.contains("erreur"),
            "{}",
            reply.subject
        );
        has(&reply.text, &[said, "F NAP - APU", "A VEN - PIE"]);
        // A unit written as its own type says nothing of it.
        for other in ["in Venice, not", "de Venise est"] {
            assert!(!reply.text.contains(other), "{other:?} in:\n{}", reply.text);
        }
    }
}

/// The same slip in an order that is refused (`F VEN - TUN`: Venice holds Italy's army,
/// which cannot reach Tunis): the refusal says which unit is there.
#[test]
fn a_refused_order_written_with_the_other_type_says_which_unit_is_there() {
    for (lang, said) in [
        ("en", "(there is an army in Venice, not a fleet)"),
        ("fr", "(l'unité de Venise est une armée, pas une flotte)"),
    ] {
        let tmp = Tmp::new();
        let dir = new_game(&tmp, lang);
        let raw = format!(
            "{}\r\n{}\r\nF VEN - TUN\r\n",
            headers(3, "ven", "text/plain; charset=UTF-8"),
            signon(3)
        );
        let reply = send(&dir, 3, &raw);
        assert!(
            reply.subject.contains("1 error") || reply.subject.contains("1 erreur"),
            "{}",
            reply.subject
        );
        has(&reply.text, &[said]);
    }
}

/// Gmail in French: the Judge's long form in French, thanks and a name, and Gmail's French
/// "Le … a écrit :" above the quoted report, which is never read as orders.
#[test]
fn gmail_in_french_with_the_long_form_and_a_quoted_report() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "fr");
    let body = format!(
        "{}\r\nAllemagne : Flotte Kiel => Hollande.\r\nArmée Munich => Ruhr.\r\nA Ber vers Kie\r\n\r\n\
         Merci !\r\nDieter\r\n\r\nLe lun. 30 nov. 2026 à 10:00, Arbitre <arbitre@vopaliec.example> a écrit :\r\n\
         > A MUN - BUR\r\n> Les ordres du printemps 1901 sont attendus.\r\n",
        signon(2)
    );
    let html = body.replace("\r\n", "<br>\r\n");
    let raw = format!(
        "{}\r\n--b\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n--b\r\n\
         Content-Type: text/html; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n<div dir=\"ltr\">{html}</div>\r\n--b--\r\n",
        headers(2, "gmail-fr", "multipart/alternative; boundary=\"b\"")
    );
    let reply = send(&dir, 2, &raw);
    assert!(!reply.subject.contains("erreur"), "{}: {}", reply.subject, reply.text);
    has(
        &reply.text,
        &[
            "F KIE - HOL : enregistré",
            "A MUN - RUH : enregistré",
            "A BER - KIE : enregistré",
            "Pas compris",
            "Merci !",
            "Dieter",
        ],
    );
    // The quoted report's order is not the player's.
    assert!(!reply.text.contains("A MUN - BUR"), "{}", reply.text);
}

/// Outlook in French, HTML only (`MsoNormal` paragraphs, `&nbsp;`): French orders, another
/// power's name before one (refused, the power named in French), and Outlook's French
/// signature, which is chatter.
#[test]
fn outlook_html_only_in_french_names_the_other_power_in_french() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "fr");
    let lines = [
        signon(0),
        "A Par vers Bou".into(),
        "armée de Marseille va en Espagne".into(),
        "Angleterre&nbsp;: F Lon - MdN".into(),
        "F Bre - Man".into(),
        "Obtenir Outlook pour Android".into(),
    ];
    let html: String = lines
        .iter()
        .map(|l| format!("<p class=\"MsoNormal\">{l}<o:p></o:p></p>\r\n"))
        .collect();
    let raw = format!(
        "{}\r\n<html><head><meta charset=\"utf-8\"></head><body lang=\"FR\">\r\n<div class=\"WordSection1\">\r\n{html}</div></body></html>\r\n",
        headers(0, "outlook-fr", "text/html; charset=\"utf-8\"")
    );
    let reply = send(&dir, 0, &raw);
    assert!(
        reply.subject.contains("avec 1 erreur"),
        "{}: {}",
        reply.subject,
        reply.text
    );
    has(
        &reply.text,
        &[
            "A PAR - BOU : enregistré\n",
            "A MAR - ESP : enregistré\n",
            "F BRE - MAN : enregistré\n",
            "ces ordres sont précédés de « Angleterre », et vous jouez la France",
            "Obtenir Outlook pour Android",
        ],
    );
    assert!(!reply.text.contains("England"), "{}", reply.text);
}

/// Apple Mail from an iPhone, in English: Latin-1 quoted-printable, `format=flowed`, the
/// Judge's arrows in lower case, a province alone, apologies, a name and the phone's line.
#[test]
fn apple_mail_from_an_iphone_in_english() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "en");
    let body = format!(
        "{}\r\nA Ven -> Tyrolia\r\nrom => apu\r\nF Nap - Ionian Sea\r\n\r\nSorry for the late orders.=\r\n\r\nCheers,\r\nGiulia\r\n\r\nSent from my iPhone\r\n",
        signon(3)
    );
    let raw = format!(
        "{}Content-Transfer-Encoding: quoted-printable\r\nX-Mailer: iPhone Mail (21F90)\r\n\r\n{body}",
        headers(3, "apple", "text/plain; charset=iso-8859-1; format=flowed; delsp=yes")
    );
    let reply = send(&dir, 3, &raw);
    assert!(!reply.subject.contains("error"), "{}: {}", reply.subject, reply.text);
    has(
        &reply.text,
        &[
            "A VEN - TYR: on file",
            "A ROM - APU: on file (the army in Rome)",
            "F NAP - ION: on file",
            "Not understood",
            "Sorry for the late orders.",
            "Sent from my iPhone",
        ],
    );
}

/// The supported unit written as the other type (`Army in lvp supports army in edi`, a
/// fleet in Edinburgh) is read as the unit there, and the reply says so; in French the
/// place is elided as French writes it (« l'unité d'Édimbourg »).
#[test]
fn a_supported_unit_of_the_other_type_is_said() {
    for (lang, said) in [
        (
            "en",
            "A LVP S F EDI: on file (there is a fleet in Edinburgh, not an army)",
        ),
        (
            "fr",
            "A LVP soutient F EDI : enregistré (l'unité d'Édimbourg est une flotte, pas une armée)",
        ),
    ] {
        let tmp = Tmp::new();
        let dir = new_game(&tmp, lang);
        let raw = format!(
            "{}\r\n{}\r\nArmy in lvp supports army in edi\r\n",
            headers(1, "sup", "text/plain; charset=UTF-8"),
            signon(1)
        );
        let reply = send(&dir, 1, &raw);
        has(&reply.text, &[said]);
    }
}
