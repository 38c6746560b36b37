//! A press with no end line (`ENDPRESS`, `FIN PRESSE`), through a real message: the end of
//! the message ends it when none of its lines reads as an order or a command, and the reply
//! says so; when one does, the press is not sent, those lines are not acted on, and the
//! reply names the line. A press with its end line is sent as before. English and French.

use crate::support;

use std::path::{Path, PathBuf};
use support::*;

const CREATED: &str = "2026-11-28T10:00:00+01:00";
const EVENING: &str = "2026-11-30T19:00:00+01:00";

/// A standard game of seven, in English (`g1`; France is Bruno, `pass-b`).
fn english_game(tmp: &Tmp) -> PathBuf {
    let players = seven_players(&tmp.0);
    let dir = tmp.path("g1");
    create(&dir, &players, CREATED);
    dir
}

/// Mails `lines` under France's SIGNON (line 1) in the English game; returns the reply.
fn send_en(dir: &Path, id: &str, lines: &str) -> String {
    let raw = format!(
        "From: Bruno <bruno@example.net>\r\nTo: referee@example.org\r\nSubject: orders\r\n\
         Date: Mon, 30 Nov 2026 18:00:00 +0100\r\nMessage-ID: <{id}@test.example>\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n\
         SIGNON France g1 pass-b\n{lines}\r\n"
    );
    ok(&["mail", dir.to_str().unwrap(), "--now", EVENING], Some(raw.as_bytes()));
    answer(dir, "reply", "France").text
}

/// The press letters written for the last message acted on.
fn press_letters(dir: &Path) -> Vec<Sent> {
    last_letters(dir)
        .into_iter()
        .filter(|(n, _)| n.contains("-press-"))
        .map(|(_, m)| m)
        .collect()
}

/// France's orders on file, as written in `state.yaml`.
fn france_orders(dir: &Path) -> Vec<String> {
    state(dir)["orders"]["France"]
        .as_sequence()
        .map(|s| s.iter().filter_map(|o| o.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

/// The reply's text with its lines joined: a long refusal is wrapped.
fn unwrapped(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn a_press_with_no_endpress_and_only_prose_runs_to_the_end_of_the_message() {
    let tmp = Tmp::new();
    let dir = english_game(&tmp);
    let reply = send_en(
        &dir,
        "e-1",
        "A PAR - BUR\nPRESS TO ALL\nHello all.\n\nWho takes Belgium this year?\nThanks!",
    );
    has(
        &unwrapped(&reply),
        &[
            "line 2: A PAR - BUR: on file",
            "line 3: press to all sent (no ENDPRESS line was found: the press ran to the end of your message)",
        ],
    );
    lacks(&reply, &["not understood", "not sent"]);
    let sent = press_letters(&dir);
    assert_eq!(sent.len(), 7, "one press to every power, the sender's own copy too");
    for p in &sent {
        has(&p.text, &["Hello all.", "Who takes Belgium this year?", "Thanks!"]);
    }
    assert_eq!(france_orders(&dir), ["A PAR - BUR"]);
    // Diplomacy's prose names provinces, supports and holds: it is still prose, and a
    // sentence may begin with a command's word.
    let prose = "I will support you into Belgium.\nI hold Burgundy this turn\nHelp me take Munich.";
    let reply = send_en(&dir, "e-1b", &format!("PRESS TO Germany\n{prose}"));
    has(&unwrapped(&reply), &["line 2: press to Germany sent (no ENDPRESS line"]);
    let sent = press_letters(&dir);
    assert_eq!(sent.len(), 1, "to Germany");
    for p in &sent {
        has(&p.text, &prose.lines().collect::<Vec<_>>());
    }
}

/// A press with no text sends nothing, with or without its end line: a press line left at
/// the foot of a message, or one whose only lines were a signature.
#[test]
fn a_press_with_no_text_is_not_sent() {
    let tmp = Tmp::new();
    let dir = english_game(&tmp);
    for (id, lines) in [
        ("x-1", "A PAR - BUR\nPRESS TO ALL"),
        ("x-2", "PRESS TO ALL\n\n-- \nBruno"),
        ("x-3", "PRESS TO Germany\nENDPRESS"),
    ] {
        let reply = send_en(&dir, id, lines);
        has(
            &unwrapped(&reply),
            &["this press has no text: nothing was sent (write its lines between PRESS and ENDPRESS)"],
        );
        lacks(
            &reply,
            &["sent (no ENDPRESS", "press to all sent", "press to Germany sent"],
        );
        assert!(press_letters(&dir).is_empty(), "{id}: {reply}");
    }
    assert_eq!(france_orders(&dir), ["A PAR - BUR"]);
}

#[test]
fn a_press_with_no_endpress_above_orders_is_not_sent_and_the_orders_not_acted_on() {
    let tmp = Tmp::new();
    let dir = english_game(&tmp);
    let reply = send_en(
        &dir,
        "e-2",
        "A PAR - BUR\nPRESS TO Germany\nLet us talk.\nA MAR - SPA\nF BRE - MAO",
    );
    has(
        &unwrapped(&reply),
        &[
            "line 2: A PAR - BUR: on file",
            "line 3: PRESS TO Germany",
            "this press has no ENDPRESS line, and line 5 of your message, in the press, reads as an order or a \
             command: \"A MAR - SPA\"; \
             the press was not sent and none of its lines was acted on: put ENDPRESS where the press ends, and \
             send again",
        ],
    );
    lacks(&reply, &["press to Germany sent", "line 4", "line 6"]);
    assert!(press_letters(&dir).is_empty());
    // Only the order above the press is on file.
    assert_eq!(france_orders(&dir), ["A PAR - BUR"]);
    // A command is such a line too: the vote is not cast.
    let reply = send_en(&dir, "e-3", "PRESS TO ALL\nPeace, all of you.\nVOTE DRAW");
    has(
        &unwrapped(&reply),
        &[
            "line 2: PRESS TO ALL",
            "line 4 of your message, in the press, reads as an order or a command: \"VOTE DRAW\"",
        ],
    );
    assert!(press_letters(&dir).is_empty());
    assert!(state(&dir)["votes"]["France"].is_null(), "{:?}", state(&dir)["votes"]);
}

#[test]
fn a_press_with_its_endpress_is_sent_as_before() {
    let tmp = Tmp::new();
    let dir = english_game(&tmp);
    let reply = send_en(
        &dir,
        "e-4",
        "PRESS TO Germany\nA PAR - BUR, you see?\nENDPRESS\nA MAR - SPA",
    );
    has(
        &reply,
        &["line 2: press to Germany sent\n", "line 5: A MAR - SPA: on file"],
    );
    lacks(&reply, &["ENDPRESS line was found", "not sent"]);
    let sent = press_letters(&dir);
    assert_eq!(sent.len(), 1);
    has(&sent[0].text, &["A PAR - BUR, you see?"]);
    lacks(&sent[0].text, &["A MAR - SPA"]);
    assert_eq!(france_orders(&dir), ["A MAR - SPA"]);
}

#[test]
fn a_french_press_with_no_end_line_is_told_in_french() {
    let tmp = Tmp::new();
    let dir = crate::french::new_game(&tmp);
    // Prose only: sent, to every player, divine players included.
    let reply = crate::french::send(
        &dir,
        0,
        "f-1",
        "A PAR - BUR\nPRESSE À TOUS\nVive la France !\nQui prend la Belgique ?",
        EVENING,
    );
    has(
        &unwrapped(&reply),
        &[
            "ligne 2 : A PAR - BOU : enregistré",
            "ligne 3 : presse envoyée à tous (aucune ligne FIN PRESSE n'a été trouvée : la presse va jusqu'à la fin \
             de votre message)",
        ],
    );
    crate::french::all_french(&reply);
    let sent = press_letters(&dir);
    assert_eq!(sent.len(), 9, "one press to every player, the sender's own copy too");
    for p in &sent {
        has(&p.text, &["Vive la France !", "Qui prend la Belgique ?"]);
    }
    // Orders below it: not sent, not acted on, the line named.
    let reply = crate::french::send(
        &dir,
        0,
        "f-2",
        "PRESSE À Allemagne\nOn s'entend ?\nA MAR - ESP\nEFFACER",
        EVENING,
    );
    has(
        &unwrapped(&reply),
        &[
            "ligne 2 : PRESSE À Allemagne",
            "cette presse n'a pas de ligne FIN PRESSE, et la ligne 4 de votre message, dans la presse, se lit comme un ordre ou une commande : \
             « A MAR - ESP » ; la presse n'a pas été envoyée et aucune de ses lignes n'a été prise en compte : \
             mettez FIN PRESSE là où la presse se termine, et renvoyez le message",
        ],
    );
    crate::french::all_french(&reply);
    assert!(press_letters(&dir).is_empty());
    // Neither the order nor the EFFACER below it was acted on.
    assert_eq!(france_orders(&dir), ["A PAR - BUR"]);
    // With its end line: sent as before, and the order below it is on file.
    let reply = crate::french::send(
        &dir,
        0,
        "f-3",
        "PRESSE À Allemagne\nOn s'entend ?\nFIN PRESSE\nA MAR - ESP",
        EVENING,
    );
    has(
        &reply,
        &[
            "ligne 2 : presse envoyée à l'Allemagne\n",
            "ligne 5 : A MAR - ESP : enregistré",
        ],
    );
    lacks(&reply, &["FIN PRESSE n'a été trouvée"]);
    crate::french::all_french(&reply);
    assert_eq!(press_letters(&dir).len(), 1);
    // French prose that names provinces and speaks of supports is prose: sent to the end.
    let prose = "Je soutiendrai ton attaque sur Munich.\nOn se partage la Belgique et la Hollande\n\
                 Rendez-vous en Bourgogne\nA demain - Alice";
    let reply = crate::french::send(&dir, 0, "f-4", &format!("PRESSE À Allemagne\n{prose}"), EVENING);
    has(
        &unwrapped(&reply),
        &["ligne 2 : presse envoyée à l'Allemagne (aucune ligne FIN PRESSE n'a été trouvée"],
    );
    crate::french::all_french(&reply);
    let sent = press_letters(&dir);
    assert_eq!(sent.len(), 1, "to Germany");
    has(&sent[0].text, &prose.lines().collect::<Vec<_>>());
}

/// HELP and AIDE say how a press ends, and what happens without its end line.
#[test]
fn help_says_how_a_press_ends() {
    let tmp = Tmp::new();
    let dir = english_game(&tmp);
    send_en(&dir, "h-1", "HELP");
    has(
        &unwrapped(&answer(&dir, "help", "France").text),
        &[
            "up to the line ENDPRESS (without it, to the end of your message; but a press in which a line \
           reads as an order or a command is then not sent)",
        ],
    );
    let dir = crate::french::new_game(&tmp);
    crate::french::send(&dir, 0, "h-2", "AIDE", EVENING);
    let aide = answer(&dir, "help", "France").text;
    has(
        &unwrapped(&aide),
        &[
            "jusqu'à la ligne FIN PRESSE (sans elle, jusqu'à la fin du message ; mais une presse dont une \
           ligne se lit comme un ordre ou une commande n'est alors pas envoyée)",
        ],
    );
}
