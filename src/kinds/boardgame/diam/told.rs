//! What a game of DIAM tells every player, as values: the move played, the DIAMs and the
//! draws it makes, a player who passes, how the game ended. The English words are its
//! `Display` (the words the position files, the logs and the tests know); [`Told::words`]
//! gives the French, with the words of the French rules (`pion`, `case`, `niveau`, `poser`,
//! `déplacer`).

use super::colour::Colour;
use super::diams::Diam;
use super::ending::{Draw, Ending};
use super::refused::fr;
use crate::lang::{Lang, Worded};
use std::fmt;

/// Which way a piece went round the ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Left,
    Right,
}

/// Something a game of DIAM tells everyone. Cells and levels count from 0, as the game
/// keeps them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Told {
    /// The game begins: each seat's side and the colours it places; `first` moves first.
    Begins {
        seats: Vec<(String, Vec<Colour>)>,
        first: String,
    },
    /// The option `move-limit`: without a DIAM, the game is drawn after `moves` moves.
    MoveLimit { moves: usize },
    /// `side` placed a piece of `colour` on `cell`, where it stands at `level`.
    Placed {
        side: String,
        colour: Colour,
        cell: usize,
        level: usize,
    },
    /// `side` moved the piece at `from`/`level` one cell `way`, to `to` where it stands at
    /// `landing`, with the pieces `carried` above it.
    Moved {
        side: String,
        colour: Colour,
        from: usize,
        level: usize,
        way: Side,
        to: usize,
        landing: usize,
        carried: Vec<Colour>,
    },
    /// The move made several DIAMs; the highest decides.
    Diams { found: Vec<Diam> },
    /// A DIAM wins the game for `winners`; `by`: the side whose move made it, when it is
    /// of the other team.
    Won {
        diam: Diam,
        winners: Vec<String>,
        by: Option<String>,
    },
    /// The game is drawn, and why.
    Drawn(Draw),
    /// `side` can do nothing and passes.
    Passes { side: String },
    /// How the game ended.
    Over(Ending),
}

/// A DIAM in `lang`: `red on cells 1 and 5 at level 2`.
pub(super) fn describe(d: &Diam, lang: Lang) -> String {
    let (cell, other, level) = (d.cell + 1, d.cell + 5, d.level + 1);
    match lang {
        Lang::En => format!("{} on cells {cell} and {other} at level {level}", d.colour.name()),
        Lang::Fr => format!(
            "{} sur les cases {cell} et {other} au niveau {level}",
            fr(d.colour, false)
        ),
    }
}

/// Who wins, in `lang`: `Red-Orange wins`, `Brown and Black win`; `Rouge-Orange gagne`,
/// `Marron et Noir gagnent`.
pub(super) fn wins(winners: &[String], lang: Lang) -> String {
    let one = winners.len() == 1;
    match lang {
        Lang::En => format!("{} {}", winners.join(" and "), if one { "wins" } else { "win" }),
        Lang::Fr => format!(
            "{} {}",
            winners
                .iter()
                .map(|w| super::side_fr(w))
                .collect::<Vec<_>>()
                .join(" et "),
            if one { "gagne" } else { "gagnent" }
        ),
    }
}

impl Told {
    fn french(&self) -> String {
        let fr_side = super::side_fr;
        match self {
            Told::Begins { seats, first } => format!(
                "DIAM à {} joueurs : {}. {} joue en premier.",
                seats.len(),
                (seats.iter())
                    .map(|(side, colours)| format!(
                        "{} pose les pions {}",
                        fr_side(side),
                        colours.iter().map(|&c| fr(c, true)).collect::<Vec<_>>().join(" et ")
                    ))
                    .collect::<Vec<_>>()
                    .join(" ; "),
                fr_side(first)
            ),
            Told::MoveLimit { moves } => format!("Sans DIAM, la partie est nulle après {moves} coups."),
            Told::Placed {
                side,
                colour,
                cell,
                level,
            } => format!(
                "{} pose un pion {} sur la case {} (niveau {})",
                fr_side(side),
                fr(*colour, false),
                cell + 1,
                level + 1
            ),
            Told::Moved {
                side,
                colour,
                from,
                level,
                way,
                to,
                landing,
                carried,
            } => {
                let mut words = format!(
                    "{} déplace le pion {} de {}/{} vers la {} sur la case {} (niveau {})",
                    fr_side(side),
                    fr(*colour, false),
                    from + 1,
                    level + 1,
                    match way {
                        Side::Right => "droite",
                        Side::Left => "gauche",
                    },
                    to + 1,
                    landing + 1
                );
                if !carried.is_empty() {
                    let above: Vec<String> = carried.iter().map(|&c| fr(c, false)).collect();
                    words.push_str(&format!(", avec {} au-dessus", above.join(", ")));
                }
                words
            }
            Told::Diams { found } => format!(
                "Ce coup fait {} DIAM : {}. Le plus haut décide.",
                found.len(),
                found
                    .iter()
                    .map(|d| describe(d, Lang::Fr))
                    .collect::<Vec<_>>()
                    .join(" ; ")
            ),
            Told::Won { diam, winners, by } => format!(
                "DIAM ! {} : {}{}",
                describe(diam, Lang::Fr),
                wins(winners, Lang::Fr),
                by.as_ref()
                    .map(|b| format!(" (fait par le coup de {})", fr_side(b)))
                    .unwrap_or_default()
            ),
            Told::Drawn(why) => format!("Partie nulle : {}.", why.fr()),
            Told::Passes { side } => {
                format!(
                    "{} n'a plus rien à poser ni aucun déplacement permis, et passe.",
                    fr_side(side)
                )
            }
            Told::Over(ending) => ending.words(Lang::Fr),
        }
    }
}

impl Worded for Told {
    /// The words in `lang`.
    fn words(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Fr => self.french(),
        }
    }
}

impl fmt::Display for Told {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Told::Begins { seats, first } => write!(
                f,
                "DIAM for {} players: {}. {first} moves first.",
                seats.len(),
                (seats.iter())
                    .map(|(side, colours)| format!(
                        "{side} places {}",
                        colours.iter().map(|c| c.name()).collect::<Vec<_>>().join(" and ")
                    ))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            Told::MoveLimit { moves } => write!(f, "Without a DIAM, the game is drawn after {moves} moves."),
            Told::Placed {
                side,
                colour,
                cell,
                level,
            } => write!(
                f,
                "{side} places {} on cell {} (level {})",
                colour.name(),
                cell + 1,
                level + 1
            ),
            Told::Moved {
                side,
                colour,
                from,
                level,
                way,
                to,
                landing,
                carried,
            } => {
                let way = match way {
                    Side::Right => "right",
                    Side::Left => "left",
                };
                write!(
                    f,
                    "{side} moves {} from {}/{} {way} to cell {} (level {})",
                    colour.name(),
                    from + 1,
                    level + 1,
                    to + 1,
                    landing + 1
                )?;
                if !carried.is_empty() {
                    let above: Vec<&str> = carried.iter().map(|c| c.name()).collect();
                    write!(f, ", carrying {} above it", above.join(", "))?;
                }
                Ok(())
            }
            Told::Diams { found } => write!(
                f,
                "This move makes {} DIAMs: {}. The highest decides.",
                found.len(),
                found
                    .iter()
                    .map(|d| describe(d, Lang::En))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            Told::Won { diam, winners, by } => write!(
                f,
                "DIAM! {}: {}{}",
                describe(diam, Lang::En),
                wins(winners, Lang::En),
                by.as_ref()
                    .map(|b| format!(" (made by {b}'s move)"))
                    .unwrap_or_default()
            ),
            Told::Drawn(why) => write!(f, "Drawn: {why}."),
            Told::Passes { side } => write!(f, "{side} has nothing to place and no legal move, and passes."),
            Told::Over(ending) => write!(f, "{ending}"),
        }
    }
}

/// What a game of DIAM tells, as the board games' mail game carries it.
impl From<Told> for crate::kinds::boardgame::Told {
    fn from(t: Told) -> crate::kinds::boardgame::Told {
        crate::kinds::boardgame::Told::of(t)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use Colour::{Black, Brown, Orange, Red};

    /// One of each variant (the match makes a new variant fail to compile until it is here).
    pub(crate) fn every() -> Vec<Told> {
        let diam = |colour, cell, level| Diam { colour, cell, level };
        let all = vec![
            Told::Begins {
                seats: vec![("Red".into(), vec![Red]), ("Brown-Black".into(), vec![Brown, Black])],
                first: "Red".into(),
            },
            Told::MoveLimit { moves: 10 },
            Told::Placed {
                side: "Red".into(),
                colour: Red,
                cell: 2,
                level: 0,
            },
            Told::Moved {
                side: "Orange".into(),
                colour: Orange,
                from: 2,
                level: 1,
                way: Side::Right,
                to: 3,
                landing: 2,
                carried: vec![],
            },
            Told::Moved {
                side: "Orange".into(),
                colour: Orange,
                from: 0,
                level: 0,
                way: Side::Left,
                to: 7,
                landing: 0,
                carried: vec![Brown, Black],
            },
            Told::Diams {
                found: vec![diam(Red, 0, 1), diam(Black, 2, 2)],
            },
            Told::Won {
                diam: diam(Red, 0, 1),
                winners: vec!["Red-Orange".into()],
                by: None,
            },
            Told::Won {
                diam: diam(Brown, 3, 2),
                winners: vec!["Brown".into(), "Black".into()],
                by: Some("Red".into()),
            },
            Told::Drawn(Draw::Tie { level: 3 }),
            Told::Drawn(Draw::Stuck),
            Told::Drawn(Draw::Repetition),
            Told::Drawn(Draw::MoveLimit { moves: 40 }),
            Told::Passes { side: "Brown".into() },
            Told::Over(Ending::Drawn(Draw::Stuck)),
        ];
        for t in &all {
            match t {
                Told::Begins { .. }
                | Told::MoveLimit { .. }
                | Told::Placed { .. }
                | Told::Moved { .. }
                | Told::Diams { .. }
                | Told::Won { .. }
                | Told::Drawn(_)
                | Told::Passes { .. }
                | Told::Over(_) => {}
            }
        }
        all
    }

    #[test]
    fn the_words_name_the_facts() {
        let all = every();
        assert_eq!(
            all[4].to_string(),
            "Orange moves orange from 1/1 left to cell 8 (level 1), carrying brown, black above it"
        );
        assert_eq!(
            all[4].words(Lang::Fr),
            "Orange déplace le pion orange de 1/1 vers la gauche sur la case 8 (niveau 1), avec marron, noir au-dessus"
        );
        assert_eq!(
            all[7].to_string(),
            "DIAM! brown on cells 4 and 8 at level 3: Brown and Black win (made by Red's move)"
        );
        assert_eq!(
            all[7].words(Lang::Fr),
            "DIAM ! marron sur les cases 4 et 8 au niveau 3 : Marron et Noir gagnent (fait par le coup de Rouge)"
        );
    }
}
