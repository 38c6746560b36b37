//! The SIGNON line as French players of Diable et Bon Dieu write it: a role of two words
//! (`SIGNON Bon Dieu vopaliec <password>`), and the refusal of a message that does not sign
//! on, whose reason each half of the letter gives in its own language.

use crate::support;

use std::path::Path;
use support::*;

const EVENING: &str = "2026-11-30T19:00:00+01:00";

/// A message from `from` (name, address) with the body `body`.
fn mail(from: (&str, &str), id: &str, subject: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {} <{}>\r\nTo: arbitre@vopaliec.example\r\nSubject: {subject}\r\n\
         Date: Mon, 30 Nov 2026 18:00:00 +0100\r\nMessage-ID: <{id}@test.example>\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n",
        from.0, from.1
    )
    .into_bytes()
}

fn deliver(dir: &Path, raw: &[u8]) {
    ok(&["mail", dir.to_str().unwrap(), "--now", EVENING], Some(raw));
}

/// Every refusal of the outbox to `address` (the welcomes are not what these tests read).
fn to(dir: &Path, address: &str) -> Vec<(String, Sent)> {
    outbox(dir)
        .into_iter()
        .filter(|(n, m)| m.to == [address] && n.starts_with("rejection-"))
        .collect()
}

/// The archived copy of the last message the game took in.
fn last_archived(dir: &Path) -> String {
    let mut files: Vec<_> = std::fs::read_dir(dir.join("mail"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "eml"))
        .collect();
    files.sort();
    String::from_utf8(std::fs::read(files.last().unwrap()).unwrap()).unwrap()
}

const BRUNO: (&str, &str) = ("Bruno Petit", "bruno@vopaliec.example");
const MALLORY: (&str, &str) = ("Mallory", "mallory@elsewhere.example");

/// `SIGNON Bon Dieu …`, in any case: God signs on, the reply goes to God's address, and the
/// archive keeps the sender and the game's name, not the password.
#[test]
fn bon_dieu_in_two_words_signs_on_as_god() {
    let tmp = Tmp::new();
    let dir = crate::french::new_game(&tmp);
    for (k, line) in ["SIGNON Bon Dieu vopaliec hunter2", "signon BON dieu VOPALIEC hunter2"]
        .iter()
        .enumerate()
    {
        let before = handled(&dir);
        deliver(
            &dir,
            &mail(
                BRUNO,
                &format!("god-{k}"),
                "bénédiction",
                &format!("{line}\nBLESS A PAR"),
            ),
        );
        assert_eq!(handled(&dir), before + 1);
        let reply = answer(&dir, "reply", "god");
        assert_eq!(reply.to, [BRUNO.1], "{line}");
        has(&reply.text, &["bénédiction sur A PAR"]);
        let kept = last_archived(&dir);
        assert!(!kept.contains("hunter2"), "{kept}");
        has(&kept, &[&format!("From: {} <{}>", BRUNO.0, BRUNO.1)]);
        has(&kept.to_lowercase(), &["dieu vopaliec ********"]);
    }
}

/// A failed sign-on of two words is answered: a wrong password from God's own address, and
/// a stranger's guess, each get the one refusal; the game's name stays in the archive.
#[test]
fn a_failed_bon_dieu_signon_is_answered() {
    let tmp = Tmp::new();
    let dir = crate::french::new_game(&tmp);
    deliver(
        &dir,
        &mail(
            BRUNO,
            "god-wrong",
            "ordres",
            "SIGNON Bon Dieu vopaliec mauvais-mot\nBLESS A PAR",
        ),
    );
    deliver(
        &dir,
        &mail(
            MALLORY,
            "probe",
            "ordres",
            "SIGNON Bon Dieu vopaliec hunter3\nBLESS A PAR",
        ),
    );
    for who in [BRUNO, MALLORY] {
        let got = to(&dir, who.1);
        assert_eq!(
            got.len(),
            1,
            "{who:?}: {:?}",
            got.iter().map(|(n, _)| n).collect::<Vec<_>>()
        );
        assert_eq!(got[0].1.subject, "message refused / message refusé");
    }
    let kept = last_archived(&dir);
    has(
        &kept,
        &[
            "From: Mallory <mallory@elsewhere.example>",
            "SIGNON Bon Dieu vopaliec ********",
        ],
    );
}

/// A SIGNON line whose words after the third are all taken for a password (a role of two
/// words the referee does not know) takes the game's name with them; an address that holds
/// that name is still kept in the archive, so that the refusal reaches the sender.
#[test]
fn a_refusal_reaches_a_sender_whose_address_holds_a_word_taken_for_the_password() {
    let tmp = Tmp::new();
    let dir = crate::french::new_game(&tmp);
    deliver(
        &dir,
        &mail(
            BRUNO,
            "unknown-role",
            "ordres",
            "SIGNON Grand Turc vopaliec hunter2\nBLESS A PAR",
        ),
    );
    let got = to(&dir, BRUNO.1);
    assert_eq!(got.len(), 1, "{:?}", outbox(&dir).keys().collect::<Vec<_>>());
    let kept = last_archived(&dir);
    assert!(!kept.contains("hunter2"), "{kept}");
    has(&kept, &["From: <bruno@"]);
}

/// A registered French player's message without SIGNON: the refusal's English half says
/// why in English, its French half in French, with French typography.
#[test]
fn the_reason_of_a_refusal_is_given_in_both_languages() {
    let tmp = Tmp::new();
    let dir = crate::french::new_game(&tmp);
    let alice = ("Alice Martin", "alice@vopaliec.example");
    deliver(&dir, &mail(alice, "no-signon", "Ordres P1901", "A PAR - BUR"));
    let got = to(&dir, alice.1);
    assert_eq!(got.len(), 1);
    let raw = &got[0].1.raw;
    let body = mail_parser::MessageParser::default()
        .parse(raw)
        .unwrap()
        .body_text(0)
        .unwrap()
        .replace("\r\n", "\n");
    let (english, french) = body.split_once("\n--\n").expect("two halves");
    has(
        english,
        &[
            "Dear Alice Martin,",
            "no SIGNON line: begin with SIGNON <role> <game> <password>",
        ],
    );
    has(
        french,
        &[
            "Votre message «\u{a0}Ordres P1901\u{a0}» n'a pas été pris en compte\u{a0}:",
            "aucune ligne SIGNON\u{a0}: commencez par SIGNON <rôle> <partie> <mot de passe>",
        ],
    );
    lacks(french, &["en anglais", "no SIGNON", "begin with", "line "]);
    // A SIGNON line that cannot be read: its line, in each language.
    deliver(&dir, &mail(alice, "bad-signon", "Ordres", "SIGNON France vopaliec"));
    let got = to(&dir, alice.1);
    let second = got.iter().find(|(_, m)| m.text.contains("line 1")).unwrap();
    let (english, french) = second.1.text.split_once("\n--\n").unwrap();
    has(english, &["line 1: write SIGNON <role> <game> <password>"]);
    has(french, &["ligne 1 : écrivez SIGNON <rôle> <partie> <mot de passe>"]);
}
