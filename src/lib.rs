//! arbitre: a play-by-email Diplomacy referee.
//!
//! The modules stand in layers, bottom first; each imports only from the layers below its
//! own (`tests/layers.rs` reads `src/` and fails on an import that climbs, and
//! ARCHITECTURE.md repeats this table and says where new things go):
//!
//! | layer | modules | what it knows |
//! | --- | --- | --- |
//! | 1. leaves | `yaml`, `dice`, `phase`, `lang`, `store`, `clock` | YAML helpers, trusted draws from a published seed, game time (`F1901R`), the reader's language, files never half-written, the clock; nothing of Diplomacy |
//! | 2. map | `map` | geography, loaded from `maps/*.yaml`: provinces, coasts, borders, names |
//! | 3. order | `order` | what a player writes: orders as values, and their reader |
//! | 4. judge | `judge` | the DATC decisions and the resolver; the [`judge::Hooks`] seam through which a ruleset changes a decision, and the shape of the causes a ruleset adds |
//! | 5. words | `words` | the judge's causes in words, one template per language (`templates/causes.en.txt`) |
//! | 6. position | `position` | the position file (`arbitre adjudicate`): YAML in, YAML out |
//! | 7. picture | `picture` | the board drawn from a map's geometry and what it is given: SVG, PNG by resvg |
//! | 8. mail | `mail` | mail in (mail-parser, IMAP) and out (SMTP with lettre) |
//! | 9. report | `report` | tera templates over views already worded, and the `.eml` files of the outbox |
//! | 10. game | `game` | a game by email: the players file, the game folder, phases and deadlines, roles, commands; the trait a game kind implements |
//! | 11. kinds | `kinds` | the game kinds: Diplomacy rulesets (`kinds/diplomacy/`: the standard game, Diable et Bon Dieu), the board games (`kinds/boardgame/`), and the one registry that lists them |
//! | 12. cli | `cli` | what each command of `arbitre` does (a file per family: `cli/mail.rs`, `cli/process.rs`, `cli/desk.rs`…): the games locked and walked, the registry passed, the results printed; `src/main.rs` only parses the arguments, calls it and chooses the exit code |
//!
//! The judge knows no variant: a ruleset implements [`judge::Hooks`] and is handed to it.
//! The mail game knows no kind: it is handed one from the registry of [`kinds`], by the
//! commands of [`cli`].

pub mod cli;
pub mod clock;
pub mod dice;
pub mod game;
pub mod judge;
pub mod kinds;
pub mod lang;
pub mod mail;
pub mod map;
pub mod order;
pub mod phase;
pub mod picture;
pub mod position;
pub mod report;
pub mod store;
pub mod words;
pub mod yaml;
