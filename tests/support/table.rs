//! What the board-game tests share: the time and seeds of a table, a player at it, and a
//! move mailed in by that player.

use super::{ok, outbox};
use std::path::Path;

pub const NOW: &str = "2026-12-01T20:00:00+01:00";
pub const SEED: &str = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
/// A seed whose first draw, `below(2)`, is 0: South is drawn to begin a Diabolik Fleet duel.
pub const SOUTH_FIRST: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The game of the DIAM module's own test, to a win by the first seat: who plays (0 or 1,
/// the players file's order) and the move, as a player writes it (any case, short forms).
pub const DIAM_TO_A_WIN: [(usize, &str); 9] = [
    (0, "PLACE RED 5"),
    (1, "PLACE BROWN 5"),
    (0, "P R5"),
    (1, "PLACE BLACK 1"),
    (0, "place red 8"),
    (1, "P K8"),
    (0, "P O2"),
    (1, "P K1"),
    (0, "MOVE 8/1 RIGHT"),
];

/// A player at the table: the players file's name, address and side.
pub struct Player {
    pub name: &'static str,
    pub email: &'static str,
    pub role: &'static str,
}

/// Ann and Ben, the two players of a board game's tests, playing `first` and `second`.
pub const fn ann_and_ben(first: &'static str, second: &'static str) -> [Player; 2] {
    [
        Player {
            name: "Ann",
            email: "ann@table.example",
            role: first,
        },
        Player {
            name: "Ben",
            email: "ben@table.example",
            role: second,
        },
    ]
}

/// Mails `lines` from a player; returns the reply's text.
pub fn send(dir: &Path, p: &Player, id: &str, lines: &str) -> String {
    let raw = format!(
        "From: {} <{}>\r\nTo: arbitre@table.example\r\nSubject: move\r\nMessage-ID: <{id}@t.example>\r\n\r\nSIGNON {} table pw-{}\r\n{lines}\r\n",
        p.name, p.email, p.role, p.role
    );
    ok(&["mail", dir.to_str().unwrap(), "--now", NOW], Some(raw.as_bytes()));
    let out = outbox(dir);
    let reply = out
        .iter()
        .filter(|(n, m)| n.contains("reply") && m.to == [p.email])
        .max_by_key(|(n, _)| n.to_string())
        .expect("a reply");
    reply.1.text.clone()
}
