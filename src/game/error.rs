//! What can go wrong with a game folder, as values: the command line turns them into its
//! message and exit code ([`GameError`]'s Display is the message, unchanged from the days
//! these were strings).

use crate::yaml::FileError;
use std::path::{Path, PathBuf};

/// A game folder that cannot be opened, created, written or acted on.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// A file or folder that cannot be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A file of the game (game.yaml, state.yaml, the players file) that cannot be used.
    #[error(transparent)]
    File(#[from] FileError),
    /// The folder has no `file` (game.yaml or state.yaml): it is not a game.
    #[error("{}: not a game folder (no {file})", dir.display())]
    NotAGame { dir: PathBuf, file: &'static str },
    /// `arbitre new` into a folder that already holds something.
    #[error("{}: the folder exists and is not empty; choose a new folder for the game", dir.display())]
    NotEmpty { dir: PathBuf },
    /// The game's seed in game.yaml cannot be read.
    #[error("{}: seed: {reason}", dir.display())]
    Seed {
        dir: PathBuf,
        #[source]
        reason: crate::dice::SeedError,
    },
    /// A template (built in, or the game's own in `templates/`) that cannot be loaded or
    /// rendered: every letter of its kind fails until the referee fixes it.
    #[error(transparent)]
    Template(#[from] crate::report::TemplateError),
    /// A letter whose addresses cannot make a message: only that letter fails.
    #[error(transparent)]
    Address(#[from] crate::report::AddressError),
    /// A house rule of game.yaml that the game does not have (game.yaml was edited by hand).
    #[error(transparent)]
    HouseRule(#[from] crate::game::kind::HouseRuleError),
    /// The game's files cannot be written as YAML.
    #[error(transparent)]
    Yaml(#[from] serde_yaml::Error),
    /// An archived message that could not be acted on: the game is left as it was before
    /// it, and the next run tries it again.
    #[error("{}: {source}", path.display())]
    Message {
        path: PathBuf,
        #[source]
        source: Box<GameError>,
    },
    /// A role that no player of game.yaml plays (game.yaml edited by hand, or a role of
    /// another kind of game).
    #[error("game.yaml: no player plays {role}; the roles are in its \"players:\"")]
    NoPlayer { role: String },
    /// `arbitre new` given a path with no folder name (`/`, `..`).
    #[error("{}: name a new folder for the game", dir.display())]
    NoFolderName { dir: PathBuf },
    /// A Diplomacy game's players file without its first deadline.
    #[error(
        "a Diplomacy game needs \"start:\" in its players file: the first deadline, like 2026-12-01T20:00:00+01:00"
    )]
    NoStart,
    /// `arbitre zine` on a board game: a zine is made of Diplomacy phases.
    #[error("{}: a zine is made of the phases of a Diplomacy game; this game is {title}", dir.display())]
    NoZine { dir: PathBuf, title: String },
    /// The game's delivery files (outbox, `retry.yaml`, the digest of failures).
    #[error(transparent)]
    Outbox(#[from] crate::mail::smtp::OutboxError),
}

impl GameError {
    /// An [`Io`](GameError::Io) error maker for `map_err`, naming `path`.
    pub fn io(path: &Path) -> impl Fn(std::io::Error) -> GameError + '_ {
        move |source| GameError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

impl From<crate::report::LetterError> for GameError {
    fn from(e: crate::report::LetterError) -> GameError {
        match e {
            crate::report::LetterError::Template(t) => GameError::Template(t),
            crate::report::LetterError::Address(a) => GameError::Address(a),
        }
    }
}

/// The bridge for the callers that still say their errors as text (the command line's
/// edge, and the modules not yet converted): the message, as the user reads it.
impl From<GameError> for String {
    fn from(e: GameError) -> String {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::GameError;
    use crate::game::Game;
    use std::path::PathBuf;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("arbitre-error-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_folder_without_game_yaml_is_not_a_game_and_says_so_as_before() {
        let dir = folder("none");
        let e = Game::open(&dir, &crate::kinds::REGISTRY).err().unwrap();
        assert!(matches!(&e, GameError::NotAGame { file: "game.yaml", .. }), "{e:?}");
        assert_eq!(
            e.to_string(),
            format!("{}: not a game folder (no game.yaml)", dir.display())
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_broken_game_yaml_is_a_file_error_with_its_line() {
        let dir = folder("broken");
        std::fs::write(dir.join("game.yaml"), "game: duel\nplayers:\n\t- x\n").unwrap();
        let e = Game::open(&dir, &crate::kinds::REGISTRY).err().unwrap();
        let GameError::File(f) = &e else {
            panic!("not a file error: {e:?}")
        };
        assert_eq!(
            (f.file.clone(), f.line),
            (dir.join("game.yaml").display().to_string(), Some(3))
        );
        assert!(f.hint.as_deref().is_some_and(|h| h.contains("tabs")), "{e}");
        assert_eq!(e.to_string(), f.to_string());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_that_cannot_be_read_names_its_path_and_keeps_its_cause() {
        let dir = folder("io");
        std::fs::create_dir(dir.join("game.yaml")).unwrap(); // a folder where a file should be
        let e = Game::open(&dir, &crate::kinds::REGISTRY).err().unwrap();
        let GameError::Io { path, source } = &e else {
            panic!("not an I/O error: {e:?}")
        };
        assert_eq!(path, &dir.join("game.yaml"));
        assert_eq!(e.to_string(), format!("{}: {source}", path.display()));
        assert!(std::error::Error::source(&e).is_some());
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn players_file() -> crate::game::config::Checked {
        let mut text = String::from(
            "game: g\nreferee: {name: R, email: r@example.org}\ndeadlines: {movement: 72h, retreat: 24h, \
             adjustment: 1d}\nstart: 2026-12-01T20:00:00+01:00\nplayers:\n",
        );
        for (i, role) in ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"]
            .iter()
            .enumerate()
        {
            text.push_str(&format!(
                "  - {{name: P{i}, email: p{i}@example.org, role: {role}, password: pass-pw{i}}}\n"
            ));
        }
        crate::game::config::PlayersFile::parse(&text, "p.yaml")
            .and_then(|f| f.validate(&crate::kinds::REGISTRY, &text, "p.yaml"))
            .unwrap()
    }

    fn now() -> crate::game::Now {
        chrono::DateTime::parse_from_rfc3339("2026-11-01T00:00:00Z").unwrap()
    }

    #[test]
    fn a_state_yaml_spoiled_by_hand_is_a_file_error_under_its_key() {
        let dir = folder("state");
        let _ = std::fs::remove_dir(&dir);
        let mut g = Game::create(&dir, players_file(), now()).unwrap();
        g.state.phase = "Summer 1901 Movement".into();
        let e = g.kind().status(&g).unwrap_err();
        let GameError::File(f) = &e else {
            panic!("not a file error: {e:?}")
        };
        assert_eq!(
            (f.file.as_str(), f.key.as_deref()),
            ("state.yaml", Some("phase")),
            "{e}"
        );
        assert_eq!(f.token.as_deref(), Some("Summer 1901 Movement"));
        assert!(e.to_string().starts_with("state.yaml: phase: "), "{e}");
        g.state.phase = "Spring 1901 Movement".into();
        g.state.deadline = Some("soon".into());
        let e = crate::kinds::diplomacy::process::process(&mut g, now()).err().unwrap();
        assert_eq!(e.to_string(), "state.yaml: deadline: not a time");
        assert!(
            matches!(&e, GameError::File(f) if f.token.as_deref() == Some("soon")),
            "{e:?}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_message_that_cannot_be_acted_on_names_its_file_and_keeps_the_cause() {
        let dir = folder("message");
        let _ = std::fs::remove_dir(&dir);
        let mut g = Game::create(&dir, players_file(), now()).unwrap();
        g.state.phase = "Summer 1901 Movement".into();
        let raw = "From: P0 <p0@example.org>\r\nTo: r@example.org\r\nSubject: orders\r\n\
                   Message-ID: <m1@example.org>\r\n\r\nSIGNON England g pass-pw0\r\nA LVP - YOR\r\n";
        let kept = crate::game::archive(&dir, raw.as_bytes(), now()).unwrap();
        let e = g.ingest(now()).unwrap_err();
        let GameError::Message { path, source } = &e else {
            panic!("not a message's error: {e:?}")
        };
        assert_eq!(path, &kept);
        assert_eq!(e.to_string(), format!("{}: {source}", kept.display()));
        assert_eq!(g.state.handled, 0, "the message is left to the next run");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_board_game_s_spoiled_moves_or_house_rules_are_typed() {
        let dir = folder("board");
        let _ = std::fs::remove_dir(&dir);
        let text = "game: duel\nvariant: jomini\nreferee: {name: R, email: r@example.org}\nplayers:\n\
                    \x20 - {name: A, email: a@example.org, role: Blue, password: pass-a}\n\
                    \x20 - {name: B, email: b@example.org, role: Red, password: pass-b}\n";
        let checked = crate::game::config::PlayersFile::parse(text, "p.yaml")
            .and_then(|f| f.validate(&crate::kinds::REGISTRY, text, "p.yaml"))
            .unwrap();
        let mut g = Game::create(&dir, checked, now()).unwrap();
        g.state.moves.push(crate::game::state::MoveRow {
            side: "Green".into(),
            text: "x".into(),
        });
        let e = g.kind().status(&g).unwrap_err();
        assert!(
            matches!(&e, GameError::File(f) if f.key.as_deref() == Some("moves") && f.token.as_deref() == Some("Green")),
            "{e:?}"
        );
        assert_eq!(e.to_string(), "state.yaml: moves: \"Green\" is not a side");
        g.state.moves.clear();
        g.config.house_rules = vec!["nope".into()];
        let e = g.kind().status(&g).unwrap_err();
        assert!(matches!(&e, GameError::HouseRule(h) if h.name() == "nope"), "{e:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_new_game_in_a_folder_in_use_is_refused_with_the_words_of_before() {
        let dir = folder("full");
        std::fs::write(dir.join("notes.txt"), "mine").unwrap();
        let checked = players_file();
        let e = Game::create(&dir, checked, now()).err().unwrap();
        assert!(matches!(&e, GameError::NotEmpty { dir: d } if d == &dir), "{e:?}");
        assert_eq!(
            e.to_string(),
            format!(
                "{}: the folder exists and is not empty; choose a new folder for the game",
                dir.display()
            )
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
