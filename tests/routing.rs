//! Routing in a folder of games (issue #17), end to end through `arbitre mail`: a message
//! finds its game by the index `ROOT/.games-index` (kept by `arbitre new`, built again when
//! stale), by its SIGNON line, or without one by its `To:` address or Subject; a stale
//! index never sends a message to the wrong game.

use crate::support;

use std::fs;
use std::path::{Path, PathBuf};
use support::*;

const CREATED: &str = "2026-11-28T10:00:00+01:00";
const EVENING: &str = "2026-11-30T19:00:00+01:00";

/// The example game's players file, for a game of another name.
fn players(tmp: &Tmp, game: &str) -> PathBuf {
    let text = fs::read_to_string("turns/vopaliec/players.yaml").unwrap();
    tmp.file(
        &format!("{game}.yaml"),
        &text.replace("game: vopaliec", &format!("game: {game}")),
    )
}

/// A folder of games: game `alpha` in folder `a`, `bravo` in `b`, `charlie` in `c`.
fn folder_of_games(tmp: &Tmp) -> PathBuf {
    let root = tmp.path("root");
    fs::create_dir_all(&root).unwrap();
    for (game, dir) in [("alpha", "a"), ("bravo", "b"), ("charlie", "c")] {
        create(&root.join(dir), &players(tmp, game), CREATED);
    }
    root
}

fn message(to: &str, subject: &str, body: &str, id: &str) -> Vec<u8> {
    format!(
        "From: Alice Martin <alice@vopaliec.example>\r\nTo: {to}\r\nSubject: {subject}\r\n\
         Date: Mon, 30 Nov 2026 18:00:00 +0100\r\nMessage-ID: <{id}@test.example>\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

/// France of `game` signs on and orders a move.
fn signon(game: &str, id: &str) -> Vec<u8> {
    message(
        "arbitre@vopaliec.example",
        "orders",
        &format!("SIGNON France {game} s3cret\r\nA PAR - BUR"),
        id,
    )
}

fn deliver(root: &Path, raw: &[u8]) {
    ok(&["mail", root.to_str().unwrap(), "--now", EVENING], Some(raw));
}

/// The messages archived in a game folder (or kept in `unmatched/`).
fn kept(dir: &Path) -> usize {
    fs::read_dir(dir).map(|d| d.count()).unwrap_or(0)
}

/// Has the game in `dir` taken France's orders (signed on, and answered)?
fn took_orders(dir: &Path) -> bool {
    kept(&dir.join("mail")) == 1
        && outbox(dir)
            .values()
            .any(|m| m.to == ["alice@vopaliec.example"] && m.subject.contains("received"))
}

fn index(root: &Path) -> Vec<String> {
    fs::read_to_string(root.join(".games-index"))
        .unwrap_or_default()
        .lines()
        .skip(1)
        .map(str::to_string)
        .collect()
}

/// Fails on the code before the index: no index was written, and `new` kept none.
#[test]
fn a_message_goes_to_its_game_by_the_index_which_new_keeps() {
    let tmp = Tmp::new();
    let root = folder_of_games(&tmp);
    deliver(&root, &signon("bravo", "m1"));
    assert!(took_orders(&root.join("b")));
    assert_eq!(kept(&root.join("a").join("mail")), 0);
    assert_eq!(kept(&root.join("c").join("mail")), 0);
    assert_eq!(index(&root), ["alpha\ta", "bravo\tb", "charlie\tc"]);
    // A game created in the folder is in the index at once, in folder order.
    create(&root.join("ab"), &players(&tmp, "delta"), CREATED);
    assert_eq!(index(&root), ["alpha\ta", "delta\tab", "bravo\tb", "charlie\tc"]);
    deliver(&root, &signon("DELTA", "m2"));
    assert!(took_orders(&root.join("ab")));
    assert!(!root.join("unmatched").exists());
}

#[test]
fn a_game_folder_added_by_hand_is_found_and_indexed() {
    let tmp = Tmp::new();
    let root = folder_of_games(&tmp);
    deliver(&root, &signon("alpha", "m1"));
    // Made elsewhere, then moved in: `new` did not see the folder of games.
    let outside = tmp.path("outside");
    create(&outside, &players(&tmp, "echo"), CREATED);
    fs::rename(&outside, root.join("e")).unwrap();
    deliver(&root, &signon("echo", "m2"));
    assert!(took_orders(&root.join("e")));
    assert_eq!(index(&root), ["alpha\ta", "bravo\tb", "charlie\tc", "echo\te"]);
}

#[test]
fn a_renamed_game_folder_is_followed() {
    let tmp = Tmp::new();
    let root = folder_of_games(&tmp);
    deliver(&root, &signon("alpha", "m1"));
    fs::rename(root.join("b"), root.join("bravo-2026")).unwrap();
    deliver(&root, &signon("bravo", "m2"));
    assert!(took_orders(&root.join("bravo-2026")));
    assert!(!root.join("unmatched").exists());
    assert_eq!(index(&root), ["alpha\ta", "bravo\tbravo-2026", "charlie\tc"]);
}

#[test]
fn a_stale_index_entry_never_sends_a_message_to_the_wrong_game() {
    let tmp = Tmp::new();
    let root = folder_of_games(&tmp);
    deliver(&root, &signon("charlie", "m0"));
    let head = fs::read_to_string(root.join(".games-index")).unwrap();
    let head = head.lines().next().unwrap();
    // Entries swapped by hand, and one for a game that is not run here.
    fs::write(
        root.join(".games-index"),
        format!("{head}\nbravo\ta\nalpha\tb\ncharlie\tc\nzulu\tc\n"),
    )
    .unwrap();
    deliver(&root, &signon("bravo", "m1"));
    assert!(took_orders(&root.join("b")));
    assert_eq!(kept(&root.join("a").join("mail")), 0);
    assert_eq!(index(&root), ["alpha\ta", "bravo\tb", "charlie\tc"], "built again");
    deliver(&root, &signon("zulu", "m2"));
    assert_eq!(kept(&root.join("unmatched")), 1);
    assert_eq!(kept(&root.join("c").join("mail")), 1, "only charlie's own message");
    // Two folders swap names: the listing is the same, the index is wrong.
    fs::rename(root.join("a"), root.join("tmp")).unwrap();
    fs::rename(root.join("b"), root.join("a")).unwrap();
    fs::rename(root.join("tmp"), root.join("b")).unwrap();
    deliver(&root, &signon("alpha", "m3"));
    assert!(took_orders(&root.join("b")), "alpha is in b now");
    assert_eq!(kept(&root.join("a").join("mail")), 1, "bravo's message only");
    assert_eq!(index(&root), ["bravo\ta", "alpha\tb", "charlie\tc"]);
}

/// A message with no SIGNON line goes to the game its `To:` address or Subject names, and
/// is refused there in the same bytes as a stray that names no game run here; a SIGNON
/// line for a game not run here is a stray whatever the address says.
#[test]
fn without_a_signon_line_the_address_or_the_subject_names_the_game() {
    let tmp = Tmp::new();
    let root = folder_of_games(&tmp);
    let body = "A PAR - BUR";
    deliver(&root, &message("referee+bravo@vopaliec.example", "orders", body, "t1"));
    assert_eq!(kept(&root.join("b").join("mail")), 1);
    deliver(&root, &message("CHARLIE@vopaliec.example", "orders", body, "t2"));
    assert_eq!(kept(&root.join("c").join("mail")), 1);
    deliver(
        &root,
        &message("arbitre@vopaliec.example", "Re: alpha, Spring 1901", body, "t3"),
    );
    assert_eq!(kept(&root.join("a").join("mail")), 1);
    assert!(!root.join("unmatched").exists());
    deliver(
        &root,
        &message(
            "referee+bravo@vopaliec.example",
            "bravo",
            "SIGNON France nogame s3cret",
            "t4",
        ),
    );
    assert_eq!(kept(&root.join("unmatched")), 1);
    assert_eq!(kept(&root.join("b").join("mail")), 1);

    // The same message to a game that is not run here: the folder refuses it, in the
    // same bytes as bravo did.
    deliver(&root, &message("referee+nogame@vopaliec.example", "orders", body, "t1"));
    assert_eq!(kept(&root.join("unmatched")), 2);
    let to_alice = |dir: &Path| -> Vec<Vec<u8>> {
        outbox(dir)
            .into_values()
            .filter(|m| m.to == ["alice@vopaliec.example"] && m.subject == "message refused / message refusé")
            .map(|m| m.raw)
            .collect()
    };
    let from_game = to_alice(&root.join("b"));
    let from_folder = to_alice(&root);
    assert_eq!(from_game.len(), 1);
    assert_eq!(from_folder.len(), 2, "t4 and t1");
    assert!(
        from_folder.contains(&from_game[0]),
        "{}",
        String::from_utf8_lossy(&from_game[0])
    );
}

/// `arbitre new NAME` run inside the folder of games keeps its index too.
#[test]
fn new_run_inside_the_folder_of_games_keeps_its_index() {
    let tmp = Tmp::new();
    let root = folder_of_games(&tmp);
    deliver(&root, &signon("alpha", "m1"));
    let out = std::process::Command::new(BIN)
        .current_dir(&root)
        .args([
            "new",
            "f",
            "--players",
            players(&tmp, "foxtrot").to_str().unwrap(),
            "--now",
            CREATED,
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(index(&root), ["alpha\ta", "bravo\tb", "charlie\tc", "foxtrot\tf"]);
}

fn modified(path: &Path) -> std::time::SystemTime {
    fs::metadata(path).unwrap().modified().unwrap()
}

fn set_modified(path: &Path, time: std::time::SystemTime) {
    fs::File::open(path).unwrap().set_modified(time).unwrap();
}

/// Once the listing has agreed with the index, the index is stamped with ROOT's time and
/// trusted without a listing while ROOT's time stays the same; any change of ROOT's time
/// brings the listing back. Fails on the code that listed ROOT for every message (the
/// second `bravo`, hidden from ROOT's time here, was found at once).
#[test]
fn a_checked_index_is_trusted_while_the_folder_is_unchanged() {
    let tmp = Tmp::new();
    let root = folder_of_games(&tmp);
    deliver(&root, &signon("alpha", "m1"));
    let index_file = root.join(".games-index");
    // ROOT's time too recent to stamp (a change in the same tick of a coarse clock would
    // not show). Set ahead of the clock rather than relying on the last write being under
    // two seconds old, which a loaded machine does not promise.
    set_modified(
        &root,
        std::time::SystemTime::now() + std::time::Duration::from_secs(3600),
    );
    deliver(&root, &signon("charlie", "m2"));
    assert_ne!(
        modified(&index_file),
        modified(&root),
        "not stamped while ROOT is fresh"
    );
    // An hour later, the listing agrees with the index: it is stamped.
    let settled = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    set_modified(&root, settled);
    deliver(&root, &signon("alpha", "m3"));
    assert_eq!(modified(&index_file), settled, "stamped with ROOT's time");
    assert_eq!(modified(&root), settled, "stamping leaves ROOT's time alone");
    // A second game named bravo comes in, first in folder order, and ROOT's time is put
    // back: the stamp still holds, and the index's bravo gets the message.
    let outside = tmp.path("outside");
    create(&outside, &players(&tmp, "bravo"), CREATED);
    fs::rename(&outside, root.join("0")).unwrap();
    set_modified(&root, settled);
    deliver(&root, &signon("bravo", "m4"));
    assert!(took_orders(&root.join("b")), "by the stamped index");
    assert_eq!(kept(&root.join("0").join("mail")), 0);
    // ROOT's time moves (as it does when a folder comes in): listed again, the index is
    // built again, and the plain search's first bravo (folder `0`) gets the mail.
    set_modified(&root, settled + std::time::Duration::from_secs(60));
    deliver(&root, &signon("bravo", "m5"));
    assert!(took_orders(&root.join("0")), "listed again");
    assert_eq!(index(&root), ["bravo\t0", "alpha\ta", "bravo\tb", "charlie\tc"]);
}
