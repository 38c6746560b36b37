//! arbitre: a play-by-email Diplomacy referee.
//!
//! The modules, from the ground up (each uses only those above it):
//!
//! | module | what it knows |
//! | --- | --- |
//! | [`map`] | geography, loaded from `maps/*.yaml`: provinces, coasts, borders, names |
//! | [`phase`] | game time: `Spring 1901 Movement`, `F1901R` |
//! | [`order`] | what a player writes: orders as values, and their parser |
//! | [`judge`] | the DATC decisions and the resolver; the [`judge::Hooks`] seam for variants |
//! | [`variant`] | the rules that vary, one [`variant::Ruleset`] each: the judge's hooks and what a ruleset adds to the mail game (`variant/diable/`: blessings and curses, the divine roles) |
//! | [`words`] | the judge's causes in words, by one template per language (`templates/causes.en.txt`) |
//! | [`position`] | the position file (`arbitre adjudicate`): YAML in, YAML out |
//! | [`picture`] | the board drawn: SVG from a map's geometry (`maps/*.geometry.yaml`) and a phase, PNG by resvg |
//! | [`dice`] | trusted draws from a game's published seed |
//! | [`boardgame`] | DIAM, Diabolik Fleet, Les Belligérants, JOMINI: one module each behind [`boardgame::BoardGame`] |
//! | [`kinds`] | the one list of game kinds ([`kinds::KINDS`]): each `variant:` name, and the ruleset or board game it is |
//! | [`mail`] | mail in (mail-parser) and out (SMTP with lettre) |
//! | [`report`] | tera templates over plain data, and the `.eml` files of the outbox |
//! | [`game`] | a game by email: the players file, the game folder, phases and deadlines, the roles ([`game::role::Role`]) |
//!
//! The judge knows no variant: a variant implements [`judge::Hooks`] and is handed to it.
//! The mail game knows no variant either: it finds the game's kind in [`kinds::KINDS`] and
//! asks its [`variant::Ruleset`] (the files of `variant/` use the mail game's types to do so).

pub mod boardgame;
pub mod dice;
pub mod game;
pub mod judge;
pub mod kinds;
pub mod mail;
pub mod map;
pub mod order;
pub mod phase;
pub mod picture;
pub mod position;
pub mod report;
pub mod variant;
pub mod words;
pub mod yaml;
