//! Why a line of Les Belligérants is refused, as a value: the command, the piece, the side
//! at fault. `Display` is the English (the words the tests and the position of the game
//! know); [`Refused::words`] gives them in a language, the French in the words of the rules
//! (« pions rentrés », « prisonniers », « le DIABLE », « indemnité »).

use super::{Piece, Record, COMBAT_PIECES, MAX_INDEMNITY, PIECES};
use crate::lang::{Lang, Worded};

/// The pieces' names, as the refusals list them.
fn names() -> String {
    PIECES.iter().map(|e| e.1).collect::<Vec<_>>().join(", ")
}

/// The commands, as the refusals list them.
const COMMANDS: &str = "MOVE, CAPTURE, HOME, CANCEL, END, ARMISTICE, TERMS, AGREE, REFUSE, RESIGN";

impl Record {
    /// The command that makes the record.
    pub fn command(self) -> &'static str {
        match self {
            Record::Capture => "CAPTURE",
            Record::Home => "HOME",
        }
    }
}

/// Why a record would make the ledger account for more pieces than the game has.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LedgerFault {
    /// More records in all than the two armies have combat pieces.
    #[error(
        "the ledger would hold {total} pieces home or prisoner, and the two armies have {} combat \
         pieces between them; a piece home or prisoner is never recorded again",
        2 * COMBAT_PIECES
    )]
    Total { total: usize },
    /// More of one army's pieces than it has, even reading every good-order piece the most
    /// favourable way (`least`: the fewest of its pieces the records can be).
    #[error(
        "{army}'s army has {COMBAT_PIECES} combat pieces, and the ledger would account for {least} of \
         them (home {home}, prisoners of {enemy} {taken}, even counting as enemy material every \
         good-order piece a flat could cover); a piece home or prisoner is never recorded again"
    )]
    Army {
        army: String,
        enemy: String,
        least: usize,
        home: usize,
        taken: usize,
    },
}

impl LedgerFault {
    fn fr(&self) -> String {
        match self {
            LedgerFault::Total { total } => format!(
                "le décompte compterait {total} pions rentrés ou prisonniers, et les deux armées n'ont que {} \
                 pions de combat à elles deux ; un pion rentré ou prisonnier ne s'inscrit jamais deux fois",
                2 * COMBAT_PIECES
            ),
            LedgerFault::Army {
                army,
                enemy,
                least,
                home,
                taken,
            } => format!(
                "l'armée de {} a {COMBAT_PIECES} pions de combat, et le décompte en compterait {least} \
                 (rentrés {home}, prisonniers de {} {taken}, même en comptant comme matériel ennemi \
                 toute pièce prise en bon état qu'un pion plat pourrait couvrir) ; un pion rentré ou \
                 prisonnier ne s'inscrit jamais deux fois",
                super::side_fr(army),
                super::side_fr(enemy)
            ),
        }
    }
}

/// A line of Les Belligérants not played, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    // ---- the line cannot be read ---------------------------------------------------------
    /// An empty line.
    #[error("an empty line is no move")]
    EmptyLine,
    /// A first word that is no command (`word` as written).
    #[error("\"{word}\" is not a command of Les Belligérants: {COMMANDS}")]
    NotACommand { word: String },
    /// A command that takes nothing after it (`command` in capitals), followed by `rest`.
    #[error("{command} takes nothing after it, not \"{rest}\"")]
    Bare { command: String, rest: String },
    /// `MOVE` alone.
    #[error("MOVE needs the move: MOVE tank c3 to c7")]
    NoMove,
    /// A record without its piece.
    #[error("which piece? One of {}", names())]
    WhichPiece,
    /// A word that names no piece (`text` as written).
    #[error("\"{text}\" is no piece of Les Belligérants: {}", names())]
    NoSuchPiece { text: String },
    /// `CANCEL` without `CAPTURE` or `HOME`.
    #[error("CANCEL strikes out a record: CANCEL CAPTURE Tank or CANCEL HOME Tank")]
    CancelWhat,
    /// `TERMS` without an indemnity from 0 to [`MAX_INDEMNITY`].
    #[error("TERMS needs the indemnity in points, from 0 to {MAX_INDEMNITY}: TERMS 2000")]
    NoIndemnity,

    // ---- the game refuses it -------------------------------------------------------------
    /// No such side (a side counted from 0).
    #[error("there is no side {side} in Les Belligérants")]
    NoSide { side: usize },
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// An armistice asked out of turn under the house rule armistice-on-own-turn.
    #[error(
        "it is {mover}'s move: under the house rule armistice-on-own-turn, only the player to move may ask for an armistice"
    )]
    ArmisticeOnOwnTurn { mover: String },
    /// Another side is to move.
    #[error("it is {mover}'s move")]
    NotYourMove { mover: String },
    /// `AGREE`, `REFUSE` or `TERMS` with nothing asked.
    #[error("{mover} is to move: there is nothing to answer")]
    NothingToAnswer { mover: String },
    /// The end was declared: the other side is to answer it.
    #[error("{declarer} declared the end of the battle: {answerer} is to AGREE or REFUSE")]
    EndDeclared { declarer: String, answerer: String },
    /// An armistice was asked: the other side is to name its terms or refuse.
    #[error("{asker} asked for an armistice: {answerer} is to name its TERMS (TERMS 2000) or REFUSE")]
    ArmisticeAsked { asker: String, answerer: String },
    /// Terms were named: the side that asked is to answer them.
    #[error("{by} asks an indemnity of {indemnity} points: {asker} is to AGREE or REFUSE")]
    TermsNamed { by: String, indemnity: u32, asker: String },
    /// A move on the DEVIL without the points chosen (`text`: the move as written).
    #[error("you threw the DEVIL: write the points you choose, 1 to 5, then the move: MOVE 4 {text}")]
    DevilPoints { text: String },
    /// The ambulance recorded as a prisoner.
    #[error("the ambulance is taken by no piece: it cannot be a prisoner")]
    AmbulancePrisoner,
    /// A record that would break the count of the pieces.
    #[error("{} {}: {fault}; CANCEL a record made by mistake", .record.command(), .piece.name())]
    Ledger {
        record: Record,
        piece: Piece,
        fault: LedgerFault,
    },
    /// `CANCEL` of a record `side` never made.
    #[error("{side} has no {} recorded {}", .piece.name(), match .record { Record::Capture => "taken prisoner", Record::Home => "home" })]
    NoRecord { side: String, record: Record, piece: Piece },
}

impl Worded for Refused {
    /// The words in `lang`.
    fn words(&self, lang: Lang) -> String {
        use Refused as R;
        if lang == Lang::En {
            return self.to_string();
        }
        // The sides as the French text names them (« JAUNE et ROSE »).
        let fr = super::side_fr;
        match self {
            R::EmptyLine => "une ligne vide n'est pas un coup".to_string(),
            R::NotACommand { word } => format!("« {word} » n'est pas une commande des Belligérants : {COMMANDS}"),
            R::Bare { command, rest } => format!("{command} s'écrit seul, sans « {rest} »"),
            R::NoMove => "MOVE doit être suivi de votre coup : MOVE tank c3 to c7".to_string(),
            R::WhichPiece => format!("quel pion ? L'un de ceux-ci : {}", names()),
            R::NoSuchPiece { text } => format!("« {text} » n'est pas un pion des Belligérants : {}", names()),
            R::CancelWhat => "CANCEL annule une inscription : CANCEL CAPTURE Tank ou CANCEL HOME Tank".to_string(),
            R::NoIndemnity => {
                format!("TERMS demande le montant de l'indemnité en points, de 0 à {MAX_INDEMNITY} : TERMS 2000")
            }
            R::NoSide { side } => format!("il n'y a pas de joueur {side} aux Belligérants"),
            R::GameOver => "la partie est terminée".to_string(),
            R::ArmisticeOnOwnTurn { mover } => format!(
                "c'est à {} de jouer : avec la règle maison armistice-on-own-turn, seul le joueur \
                 dont c'est le tour peut demander un armistice",
                fr(mover)
            ),
            R::NotYourMove { mover } => format!("c'est à {} de jouer", fr(mover)),
            R::NothingToAnswer { mover } => {
                format!("c'est à {} de jouer : il n'y a rien à quoi répondre", fr(mover))
            }
            R::EndDeclared { declarer, answerer } => {
                format!(
                    "{} a déclaré la fin de la bataille : {} doit répondre AGREE ou REFUSE",
                    fr(declarer),
                    fr(answerer)
                )
            }
            R::ArmisticeAsked { asker, answerer } => format!(
                "{} a demandé un armistice : {} doit faire connaître ses conditions \
                 (TERMS 2000) ou répondre REFUSE",
                fr(asker),
                fr(answerer)
            ),
            R::TermsNamed { by, indemnity, asker } => {
                format!(
                    "{} exige une indemnité de {indemnity} points : {} doit répondre AGREE ou REFUSE",
                    fr(by),
                    fr(asker)
                )
            }
            R::DevilPoints { text } => format!(
                "vous avez tiré le DIABLE : écrivez le point que vous choisissez, de 1 à 5, puis le coup : \
                 MOVE 4 {text}"
            ),
            R::AmbulancePrisoner => {
                "l'ambulance n'est prise par aucun pion : elle ne peut pas être faite prisonnière".to_string()
            }
            R::Ledger { record, piece, fault } => format!(
                "{} {} : {} ; annulez avec CANCEL une inscription faite par erreur",
                record.command(),
                piece.name(),
                fault.fr()
            ),
            R::NoRecord { side, record, piece } => format!(
                "{} n'a aucun pion {} inscrit parmi ses {}",
                fr(side),
                piece.name(),
                match record {
                    Record::Capture => "prisonniers",
                    Record::Home => "pions rentrés",
                }
            ),
        }
    }
}

/// A refusal of Les Belligérants, as the board games' mail game carries it.
impl From<Refused> for crate::kinds::boardgame::Refused {
    fn from(r: Refused) -> crate::kinds::boardgame::Refused {
        crate::kinds::boardgame::Refused::of(r)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// One of each variant (both kinds of record where the words differ).
    pub(crate) fn every() -> Vec<Refused> {
        let s = |t: &str| t.to_string();
        let all = vec![
            Refused::EmptyLine,
            Refused::NotACommand { word: s("avance") },
            Refused::Bare {
                command: s("END"),
                rest: s("now"),
            },
            Refused::NoMove,
            Refused::WhichPiece,
            Refused::NoSuchPiece { text: s("Zeppelin") },
            Refused::CancelWhat,
            Refused::NoIndemnity,
            Refused::NoSide { side: 2 },
            Refused::GameOver,
            Refused::ArmisticeOnOwnTurn { mover: s("Yellow") },
            Refused::NotYourMove { mover: s("Yellow") },
            Refused::NothingToAnswer { mover: s("Yellow") },
            Refused::EndDeclared {
                declarer: s("Yellow"),
                answerer: s("Pink"),
            },
            Refused::ArmisticeAsked {
                asker: s("Yellow"),
                answerer: s("Pink"),
            },
            Refused::TermsNamed {
                by: s("Pink"),
                indemnity: 2000,
                asker: s("Yellow"),
            },
            Refused::DevilPoints {
                text: s("tank c3 to c7"),
            },
            Refused::AmbulancePrisoner,
            Refused::Ledger {
                record: Record::Home,
                piece: Piece::Soldats,
                fault: LedgerFault::Total { total: 31 },
            },
            Refused::Ledger {
                record: Record::Capture,
                piece: Piece::Tank,
                fault: LedgerFault::Army {
                    army: s("Yellow"),
                    enemy: s("Pink"),
                    least: 16,
                    home: 16,
                    taken: 0,
                },
            },
            Refused::NoRecord {
                side: s("Yellow"),
                record: Record::Capture,
                piece: Piece::Tank,
            },
            Refused::NoRecord {
                side: s("Yellow"),
                record: Record::Home,
                piece: Piece::Tank,
            },
        ];
        for r in &all {
            // A new variant fails to compile here until it is in the list above.
            match r {
                Refused::EmptyLine
                | Refused::NotACommand { .. }
                | Refused::Bare { .. }
                | Refused::NoMove
                | Refused::WhichPiece
                | Refused::NoSuchPiece { .. }
                | Refused::CancelWhat
                | Refused::NoIndemnity
                | Refused::NoSide { .. }
                | Refused::GameOver
                | Refused::ArmisticeOnOwnTurn { .. }
                | Refused::NotYourMove { .. }
                | Refused::NothingToAnswer { .. }
                | Refused::EndDeclared { .. }
                | Refused::ArmisticeAsked { .. }
                | Refused::TermsNamed { .. }
                | Refused::DevilPoints { .. }
                | Refused::AmbulancePrisoner
                | Refused::Ledger { .. }
                | Refused::NoRecord { .. } => {}
            }
        }
        all
    }

    #[test]
    fn no_two_refusals_share_their_french_words() {
        let all = every();
        // Two refusals never share their French words: each says its own cause.
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a.words(Lang::Fr), b.words(Lang::Fr), "{a:?} / {b:?}");
            }
        }
    }

    #[test]
    fn the_words_of_a_ledger_refusal_keep_its_counts() {
        let r = Refused::Ledger {
            record: Record::Home,
            piece: Piece::Patrouille,
            fault: LedgerFault::Army {
                army: "Yellow".into(),
                enemy: "Pink".into(),
                least: 16,
                home: 16,
                taken: 0,
            },
        };
        assert!(r
            .to_string()
            .starts_with("HOME Patrouille: Yellow's army has 15 combat pieces, and the ledger would account for 16"));
        assert!(
            r.words(Lang::Fr).starts_with(
                "HOME Patrouille : l'armée de Jaune a 15 pions de combat, et le décompte en compterait 16 \
                 (rentrés 16, prisonniers de Rose 0"
            ),
            "{}",
            r.words(Lang::Fr)
        );
    }

    #[test]
    fn the_french_refusals_name_the_sides_as_the_text_does() {
        for r in every() {
            let fr = r.words(Lang::Fr);
            assert!(!fr.contains("Yellow") && !fr.contains("Pink"), "{r:?}: {fr}");
        }
        let r = Refused::NotYourMove { mover: "Pink".into() };
        assert_eq!(r.words(Lang::Fr), "c'est à Rose de jouer");
        assert_eq!(r.words(Lang::En), r.to_string());
    }

    #[test]
    fn no_french_refusal_quotes_with_backticks() {
        // French typography quotes with « »; a backtick is Markdown, which letters are not.
        for r in every() {
            let fr = r.words(Lang::Fr);
            assert!(!fr.contains('`'), "{r:?}: {fr}");
        }
    }
}
