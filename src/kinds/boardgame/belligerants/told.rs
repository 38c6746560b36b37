//! What a game of Les Belligérants tells every player, as values: the die, the moves and the
//! records relayed, the score, the declarations and how the battle ended. `Display` is the
//! English (the words the tests and the logs know); [`Told::words`] gives the French in the
//! words of the rules (« le DIABLE », « prisonniers », « pions rentrés dans le camp
//! adverse », « armistice », « indemnité », « gain »).

use super::{Die, Piece, Record};
use crate::lang::{Lang, Worded};
use std::fmt;

/// What a `REFUSE` turns down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusing {
    /// The end of the battle declared by the other.
    End,
    /// The other's request for an armistice.
    Armistice,
    /// The indemnity the other named.
    Terms,
}

/// Something a game of Les Belligérants tells everyone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Told {
    /// `side` begins, drawn by lot.
    Begins { side: String },
    /// The die thrown for the move of `side` due in `turn`.
    Die { side: String, turn: u32, die: Die },
    /// `side` moved `text`, on the die's `points` (chosen, on the DEVIL).
    Moved {
        side: String,
        points: u32,
        devil: bool,
        text: String,
    },
    /// `side` threw the DEVIL and plays again.
    Again { side: String },
    /// `side` recorded `piece` (`Capture`: of `other`'s, taken prisoner; `Home`: its own,
    /// entered `other`'s camp).
    Recorded {
        side: String,
        other: String,
        record: Record,
        piece: Piece,
    },
    /// `side` struck out a record of `piece`.
    StruckOut { side: String, record: Record, piece: Piece },
    /// One side's score as recorded.
    Score {
        side: String,
        home: Vec<Piece>,
        prisoners: Vec<Piece>,
    },
    /// `side` declares the battle over; `other` is to answer.
    EndDeclared { side: String, other: String },
    /// `side` asks for an armistice; `other` is to name its terms.
    ArmisticeAsked { side: String, other: String },
    /// `side` names its terms, `indemnity` points; `other` is to answer.
    Terms {
        side: String,
        other: String,
        indemnity: u32,
    },
    /// `side` agrees, and the game ends as `ending` says.
    Agrees { side: String, ending: Box<Told> },
    /// `side` refuses what the other asked: the battle goes on.
    Refuses { side: String, what: Refusing },
    // ---- the end ---------------------------------------------------------------------------
    /// The battle is over, both totals `points`.
    BattleDrawn { points: u32 },
    /// The battle is over: `winner` has `points`, the other `against`.
    BattleWon { winner: String, points: u32, against: u32 },
    /// An armistice without indemnity between `side` and `other`.
    ArmisticeDrawn { side: String, other: String },
    /// An armistice: `payer` pays `to` `indemnity` points.
    Armistice { payer: String, to: String, indemnity: u32 },
    /// `side` resigns, and `winner` wins.
    Resigns { side: String, winner: String },
}

impl Told {
    /// The words of a log's line: a move is shorter there (`Yellow (die 3): …`).
    pub(super) fn logged(&self, lang: Lang) -> String {
        match (self, lang) {
            (
                Told::Moved {
                    side,
                    points,
                    devil: false,
                    text,
                },
                Lang::En,
            ) => format!("{side} (die {points}): {text}"),
            (
                Told::Moved {
                    side,
                    points,
                    devil: true,
                    text,
                },
                Lang::En,
            ) => format!("{side} (DEVIL, chose {points}): {text}"),
            (
                Told::Moved {
                    side,
                    points,
                    devil: false,
                    text,
                },
                Lang::Fr,
            ) => format!("{} (dé {points}) : {text}", super::side_fr(side)),
            (
                Told::Moved {
                    side,
                    points,
                    devil: true,
                    text,
                },
                Lang::Fr,
            ) => format!("{} (DIABLE, a choisi {points}) : {text}", super::side_fr(side)),
            _ => self.words(lang),
        }
    }

    /// The French words, each side named as the French text names it (« JAUNE et ROSE »).
    fn french(&self) -> String {
        let fr = super::side_fr;
        match self {
            Told::Begins { side } => format!("{} commence (tiré au sort).", fr(side)),
            Told::Die {
                side,
                turn,
                die: Die::Points(n),
            } => format!("Dé de {}, tour {turn} : {n}.", fr(side)),
            Told::Die {
                side,
                turn,
                die: Die::Devil,
            } => format!(
                "Dé de {}, tour {turn} : le DIABLE. Choisissez vos points, de 1 à 5 : MOVE 4 <votre coup> ; \
                 puis vous rejouez.",
                fr(side)
            ),
            Told::Moved {
                side,
                points,
                devil: false,
                text,
            } => format!("{} joue (dé {points}) : {text}", fr(side)),
            Told::Moved {
                side,
                points,
                devil: true,
                text,
            } => format!("{} joue (DIABLE, choisit {points}) : {text}", fr(side)),
            Told::Again { side } => format!("{} a tiré le DIABLE et rejoue.", fr(side)),
            Told::Recorded {
                side,
                other,
                record: Record::Capture,
                piece,
            } => format!(
                "{} fait prisonnier un pion de {} : {} ({} points)",
                fr(side),
                fr(other),
                piece.name(),
                piece.value()
            ),
            Told::Recorded {
                side,
                other,
                record: Record::Home,
                piece,
            } => format!(
                "{} rentre un pion dans le camp de {} : {} ({} points, comptés double)",
                fr(side),
                fr(other),
                piece.name(),
                piece.value()
            ),
            Told::StruckOut {
                side,
                record: Record::Capture,
                piece,
            } => format!("{} raye un prisonnier : {}", fr(side), piece.name()),
            Told::StruckOut {
                side,
                record: Record::Home,
                piece,
            } => format!("{} raye un pion rentré : {}", fr(side), piece.name()),
            Told::Score { side, home, prisoners } => {
                let (h, p) = (value(home), value(prisoners));
                format!(
                    "{} : rentrés {} ({h} x2 = {}) ; prisonniers {} ({p}) ; total {}",
                    fr(side),
                    names(home, "aucun"),
                    2 * h,
                    names(prisoners, "aucun"),
                    2 * h + p
                )
            }
            Told::EndDeclared { side, other } => format!(
                "{} déclare la bataille terminée (une armée toute rentrée ou prisonnière) ; {} : AGREE \
                 (accepter) ou REFUSE (refuser)",
                fr(side),
                fr(other)
            ),
            Told::ArmisticeAsked { side, other } => format!(
                "{} demande un armistice ; {} : faites connaître vos conditions, TERMS (l'indemnité en \
                 points), ou REFUSE (refuser)",
                fr(side),
                fr(other)
            ),
            Told::Terms { side, other, indemnity } => format!(
                "{} exige une indemnité de {indemnity} points ; {} : AGREE (accepter) ou REFUSE (refuser)",
                fr(side),
                fr(other)
            ),
            // The ending told with it is worded on its own.
            Told::Agrees { side, ending } => format!("{} accepte : {}", fr(side), ending.words(Lang::Fr)),
            Told::Refuses { side, what } => format!(
                "{} refuse {} : la bataille continue",
                fr(side),
                match what {
                    Refusing::End => "la fin de la bataille",
                    Refusing::Armistice => "l'armistice",
                    Refusing::Terms => "les conditions",
                }
            ),
            Told::BattleDrawn { points } => {
                format!("la bataille est terminée : partie nulle, {points} points chacun")
            }
            Told::BattleWon {
                winner,
                points,
                against,
            } => format!(
                "{} gagne la bataille, {points} points contre {against} : un gain de {}",
                fr(winner),
                points - against
            ),
            Told::ArmisticeDrawn { side, other } => {
                format!(
                    "armistice sans indemnité entre {} et {} : partie nulle",
                    fr(side),
                    fr(other)
                )
            }
            Told::Armistice { payer, to, indemnity } => {
                format!(
                    "armistice : {} paie à {} une indemnité de {indemnity} points",
                    fr(payer),
                    fr(to)
                )
            }
            Told::Resigns { side, winner } => format!("{} abandonne : {} gagne", fr(side), fr(winner)),
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

/// The pieces' names, or `none` when there are none.
fn names(pieces: &[Piece], none: &str) -> String {
    if pieces.is_empty() {
        none.to_string()
    } else {
        pieces.iter().map(|p| p.name()).collect::<Vec<_>>().join(", ")
    }
}

fn value(pieces: &[Piece]) -> u32 {
    pieces.iter().map(|p| p.value()).sum()
}

impl fmt::Display for Told {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Told::Begins { side } => write!(f, "{side} begins (drawn by lot)."),
            Told::Die {
                side,
                turn,
                die: Die::Points(n),
            } => write!(f, "Die for {side}, turn {turn}: {n}."),
            Told::Die {
                side,
                turn,
                die: Die::Devil,
            } => write!(
                f,
                "Die for {side}, turn {turn}: the DEVIL. Choose your points, 1 to 5: MOVE 4 <your move>; then you play again."
            ),
            Told::Moved {
                side,
                points,
                devil: false,
                text,
            } => write!(f, "{side} moves (die {points}): {text}"),
            Told::Moved {
                side,
                points,
                devil: true,
                text,
            } => write!(f, "{side} moves (DEVIL, chooses {points}): {text}"),
            Told::Again { side } => write!(f, "{side} threw the DEVIL and plays again."),
            Told::Recorded {
                side,
                other,
                record: Record::Capture,
                piece,
            } => write!(
                f,
                "{side} takes prisoner {other}'s {} ({} points)",
                piece.name(),
                piece.value()
            ),
            Told::Recorded {
                side,
                other,
                record: Record::Home,
                piece,
            } => write!(
                f,
                "{side}'s {} enters {other}'s camp ({} points, counted double)",
                piece.name(),
                piece.value()
            ),
            Told::StruckOut {
                side,
                record: Record::Capture,
                piece,
            } => write!(f, "{side} strikes out a prisoner: {}", piece.name()),
            Told::StruckOut {
                side,
                record: Record::Home,
                piece,
            } => write!(f, "{side} strikes out a piece home: {}", piece.name()),
            Told::Score { side, home, prisoners } => {
                let (h, p) = (value(home), value(prisoners));
                write!(
                    f,
                    "{side}: home {} ({h} x2 = {}); prisoners {} ({p}); total {}",
                    names(home, "none"),
                    2 * h,
                    names(prisoners, "none"),
                    2 * h + p
                )
            }
            Told::EndDeclared { side, other } => write!(
                f,
                "{side} declares the battle over (one army all home or prisoners); {other}: AGREE or REFUSE"
            ),
            Told::ArmisticeAsked { side, other } => write!(
                f,
                "{side} asks for an armistice; {other}: name your TERMS (the indemnity in points) or REFUSE"
            ),
            Told::Terms { side, other, indemnity } => write!(
                f,
                "{side} asks an indemnity of {indemnity} points; {other}: AGREE or REFUSE"
            ),
            Told::Agrees { side, ending } => write!(f, "{side} agrees: {ending}"),
            Told::Refuses { side, what } => write!(
                f,
                "{side} refuses {}: the battle goes on",
                match what {
                    Refusing::End => "the end of the battle",
                    Refusing::Armistice => "an armistice",
                    Refusing::Terms => "the terms",
                }
            ),
            Told::BattleDrawn { points } => write!(f, "the battle is over: a draw, {points} points each"),
            Told::BattleWon { winner, points, against } => write!(
                f,
                "{winner} wins the battle, {points} points to {against}: a gain of {}",
                points - against
            ),
            Told::ArmisticeDrawn { side, other } => {
                write!(f, "armistice without indemnity between {side} and {other}: a draw")
            }
            Told::Armistice { payer, to, indemnity } => {
                write!(f, "armistice: {payer} pays {to} an indemnity of {indemnity} points")
            }
            Told::Resigns { side, winner } => write!(f, "{side} resigns: {winner} wins"),
        }
    }
}

/// What a game of Les Belligérants tells, as the board games' mail game carries it.
impl From<Told> for crate::kinds::boardgame::Told {
    fn from(t: Told) -> crate::kinds::boardgame::Told {
        crate::kinds::boardgame::Told::of(t)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// One of each variant (the match makes a new variant fail to compile until it is here).
    pub(crate) fn every() -> Vec<Told> {
        let s = |x: &str| x.to_string();
        let ending = Told::Armistice {
            payer: s("Pink"),
            to: s("Yellow"),
            indemnity: 2000,
        };
        let mut all = vec![
            Told::Begins { side: s("Yellow") },
            Told::Die {
                side: s("Yellow"),
                turn: 1,
                die: Die::Points(3),
            },
            Told::Die {
                side: s("Pink"),
                turn: 2,
                die: Die::Devil,
            },
            Told::Moved {
                side: s("Yellow"),
                points: 3,
                devil: false,
                text: s("tank c3 to c6"),
            },
            Told::Moved {
                side: s("Yellow"),
                points: 4,
                devil: true,
                text: s("tank c3 to c7"),
            },
            Told::Again { side: s("Pink") },
        ];
        for record in [Record::Capture, Record::Home] {
            all.push(Told::Recorded {
                side: s("Yellow"),
                other: s("Pink"),
                record,
                piece: Piece::Tank,
            });
            all.push(Told::StruckOut {
                side: s("Yellow"),
                record,
                piece: Piece::Soldats,
            });
        }
        all.extend([
            Told::Score {
                side: s("Yellow"),
                home: vec![Piece::Tank],
                prisoners: vec![],
            },
            Told::EndDeclared {
                side: s("Yellow"),
                other: s("Pink"),
            },
            Told::ArmisticeAsked {
                side: s("Yellow"),
                other: s("Pink"),
            },
            Told::Terms {
                side: s("Pink"),
                other: s("Yellow"),
                indemnity: 2000,
            },
            Told::Agrees {
                side: s("Pink"),
                ending: Box::new(ending.clone()),
            },
            Told::Refuses {
                side: s("Pink"),
                what: Refusing::End,
            },
            Told::Refuses {
                side: s("Pink"),
                what: Refusing::Armistice,
            },
            Told::Refuses {
                side: s("Pink"),
                what: Refusing::Terms,
            },
            Told::BattleDrawn { points: 0 },
            Told::BattleWon {
                winner: s("Yellow"),
                points: 3000,
                against: 1700,
            },
            Told::ArmisticeDrawn {
                side: s("Yellow"),
                other: s("Pink"),
            },
            ending,
            Told::Resigns {
                side: s("Pink"),
                winner: s("Yellow"),
            },
        ]);
        for t in &all {
            match t {
                Told::Begins { .. }
                | Told::Die { .. }
                | Told::Moved { .. }
                | Told::Again { .. }
                | Told::Recorded { .. }
                | Told::StruckOut { .. }
                | Told::Score { .. }
                | Told::EndDeclared { .. }
                | Told::ArmisticeAsked { .. }
                | Told::Terms { .. }
                | Told::Agrees { .. }
                | Told::Refuses { .. }
                | Told::BattleDrawn { .. }
                | Told::BattleWon { .. }
                | Told::ArmisticeDrawn { .. }
                | Told::Armistice { .. }
                | Told::Resigns { .. } => {}
            }
        }
        all
    }

    #[test]
    fn the_french_names_the_sides_as_the_text_does() {
        for t in every() {
            for fr in [t.words(Lang::Fr), t.logged(Lang::Fr)] {
                assert!(!fr.contains("Yellow") && !fr.contains("Pink"), "{t:?}: {fr}");
            }
        }
        let resigns = Told::Resigns {
            side: "Pink".into(),
            winner: "Yellow".into(),
        };
        assert_eq!(resigns.words(Lang::Fr), "Rose abandonne : Jaune gagne");
        assert_eq!(resigns.words(Lang::En), resigns.to_string());
    }

    #[test]
    fn everything_told_is_logged_in_french_too() {
        for t in every() {
            assert_ne!(t.logged(Lang::En), t.logged(Lang::Fr), "{t:?}");
        }
    }

    #[test]
    fn the_score_and_the_log_are_worded_in_the_words_of_the_rules() {
        let score = Told::Score {
            side: "Yellow".into(),
            home: vec![Piece::Tank],
            prisoners: vec![Piece::Soldats],
        };
        assert_eq!(
            score.to_string(),
            "Yellow: home Tank (400 x2 = 800); prisoners Soldats (100); total 900"
        );
        assert_eq!(
            score.words(Lang::Fr),
            "Jaune : rentrés Tank (400 x2 = 800) ; prisonniers Soldats (100) ; total 900"
        );
        let moved = Told::Moved {
            side: "Pink".into(),
            points: 4,
            devil: true,
            text: "tank c3 to c7".into(),
        };
        assert_eq!(moved.logged(Lang::En), "Pink (DEVIL, chose 4): tank c3 to c7");
        assert_eq!(moved.logged(Lang::Fr), "Rose (DIABLE, a choisi 4) : tank c3 to c7");
    }
}
