//! Why a line of JOMINI is refused, as a value: the command, the phase, the side at fault.
//! `Display` is the English (the words the tests know); [`Refused::words`] gives them in a
//! language, the French in the words of the rules (« phase de commandement », « ordre de
//! manœuvre et un seul par tour », « ordre de défense et un seul par combat »).

use super::{Phase, MAX_DICE};
use crate::lang::{Lang, Worded};

/// The commands, as the refusals list them.
const COMMANDS: &str =
    "COMMAND, MOVE, MANOEUVRE, COMBAT, ROLL, DEFEND, ELIMINATED, NEXT, END TURN, VICTORY, AGREE, REFUSE, CONCEDE";

impl Phase {
    /// The phase's name in French, after « phase de ».
    pub(super) fn fr(self) -> &'static str {
        match self {
            Phase::Command => "commandement",
            Phase::Movement => "déplacement",
            Phase::Combat => "combat",
        }
    }
}

/// A command relayed with the player's own text, which it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relayed {
    Command,
    Move,
    Manoeuvre,
    Combat,
    Defend,
    Eliminated,
    Victory,
}

impl Relayed {
    /// An example of the text, in `lang`.
    fn example(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Relayed::Command, Lang::En) => "activate 1st brigade",
            (Relayed::Command, Lang::Fr) => "active la 1re brigade",
            (Relayed::Move, Lang::En) => "hussars C4 to D6",
            (Relayed::Move, Lang::Fr) => "hussards de C4 en D6",
            (Relayed::Manoeuvre, Lang::En) => "oblique march, 2 order tokens",
            (Relayed::Manoeuvre, Lang::Fr) => "marche oblique, 2 pions d'ordre",
            (Relayed::Combat, Lang::En) => "line infantry D6 fires on Red guns E7, 3 dice",
            (Relayed::Combat, Lang::Fr) => "l'infanterie de ligne en D6 tire sur les canons de Rouge en E7, 3 dés",
            (Relayed::Defend, Lang::En) => "order of defence, square",
            (Relayed::Defend, Lang::Fr) => "ordre de défense, carré",
            (Relayed::Eliminated, Lang::En) => "Red hussars",
            (Relayed::Eliminated, Lang::Fr) => "les hussards de Rouge",
            (Relayed::Victory, Lang::En) => "a third of Red's units eliminated",
            (Relayed::Victory, Lang::Fr) => "un tiers des unités de Rouge éliminées",
        }
    }
}

/// A line of JOMINI not played, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    // ---- the line cannot be read ---------------------------------------------------------
    /// An empty line.
    #[error("an empty line is no move")]
    EmptyLine,
    /// A first word that is no command (`word` in capitals).
    #[error("\"{word}\" is not a JOMINI command: {COMMANDS}")]
    NotACommand { word: String },
    /// A command that relays the player's text, without it (`word` as written, in capitals).
    #[error("{word} needs what you do: {word} {}", .what.example(Lang::En))]
    NeedsText { word: String, what: Relayed },
    /// A command that takes nothing after it (`command` in capitals), followed by `rest`.
    #[error("{command} takes nothing after it, not \"{rest}\"")]
    Bare { command: String, rest: String },
    /// `ROLL` without a number of dice from 1 to [`MAX_DICE`].
    #[error("ROLL needs a number from 1 to {MAX_DICE}: ROLL 4 (combat dice) or ROLL 1 D6")]
    RollCount,

    // ---- the game refuses it -------------------------------------------------------------
    /// No such side (a side counted from 0).
    #[error("there is no side {side} in JOMINI")]
    NoSide { side: usize },
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A side claims victory: the other is to answer.
    #[error("{claimant} claims victory: {answerer} is to AGREE or REFUSE")]
    ClaimPending { claimant: String, answerer: String },
    /// An order of defence before any combat.
    #[error("{active} has announced no combat yet: an order of defence answers a COMBAT")]
    NoCombatYet { active: String },
    /// A second order of defence for the same combat.
    #[error("{side} has already given its order of defence for this combat: one order of defence per combat")]
    DefendedAlready { side: String },
    /// The attacked side rolling or defending outside the other's combat phase.
    #[error(
        "the attacked side rolls or defends during the other's combat phase; {active} is in its {} phase",
        .phase.name()
    )]
    NotInCombat { active: String, phase: Phase },
    /// Another side's turn.
    #[error("it is {active}'s turn ({} phase)", .phase.name())]
    NotYourTurn { active: String, phase: Phase },
    /// A phase gone back to (`to`), from `phase`.
    #[error(
        "{active} is in its {} phase: the {} phase is over (command, movement, combat, end of turn)",
        .phase.name(),
        .to.name()
    )]
    PhaseOver { active: String, phase: Phase, to: Phase },
    /// A second order of manoeuvre in the turn.
    #[error("{active} has already given its order of manoeuvre in this turn: one order of manoeuvre per turn")]
    ManoeuvredAlready { active: String },
    /// Combat dice outside the combat phase.
    #[error(
        "combat dice are thrown in the combat phase, and {active} is in its {} phase: announce the combat with COMBAT <text> first",
        .phase.name()
    )]
    CombatDiceTooSoon { active: String, phase: Phase },
    /// `DEFEND` by the side whose turn it is.
    #[error("DEFEND is for the attacked side, during the other's combat phase")]
    DefendOwnTurn,
    /// `AGREE` or `REFUSE` with no claim made.
    #[error("there is no claim to AGREE to or REFUSE")]
    NoClaim,
}

impl Worded for Refused {
    /// The words in `lang`; in French, each side named as a French player names it (Bleu, Rouge).
    fn words(&self, lang: Lang) -> String {
        use Refused as R;
        if lang == Lang::En {
            return self.to_string();
        }
        let fr = super::side_fr;
        match self {
            R::EmptyLine => "une ligne vide n'est pas un coup".to_string(),
            R::NotACommand { word } => format!("« {word} » n'est pas une commande de JOMINI : {COMMANDS}"),
            R::NeedsText { word, what } => format!(
                "{word} doit être suivi de ce que vous faites : {word} {}",
                what.example(lang)
            ),
            R::Bare { command, rest } => format!("{command} s'écrit seul, sans « {rest} »"),
            R::RollCount => {
                format!("ROLL demande un nombre de 1 à {MAX_DICE} : ROLL 4 (dés de combat) ou ROLL 1 D6 (dés normaux)")
            }
            R::NoSide { side } => format!("il n'y a pas de joueur {side} à JOMINI"),
            R::GameOver => "la partie est terminée".to_string(),
            R::ClaimPending { claimant, answerer } => {
                let (claimant, answerer) = (fr(claimant), fr(answerer));
                format!("{claimant} revendique la victoire : {answerer} doit répondre AGREE ou REFUSE")
            }
            R::NoCombatYet { active } => {
                let active = fr(active);
                format!("{active} n'a encore annoncé aucun combat : un ordre de défense répond à un COMBAT")
            }
            R::DefendedAlready { side } => format!(
                "{} a déjà donné son ordre de défense pour ce combat : un ordre de défense et un seul par combat",
                fr(side)
            ),
            R::NotInCombat { active, phase } => format!(
                "le joueur attaqué lance les dés ou se défend pendant la phase de combat de l'adversaire ; \
                 {} est dans sa phase de {}",
                fr(active),
                phase.fr()
            ),
            R::NotYourTurn { active, phase } => format!("c'est le tour de {} (phase de {})", fr(active), phase.fr()),
            R::PhaseOver { active, phase, to } => format!(
                "{} est dans sa phase de {} : la phase de {} est passée (commandement, déplacement, \
                 combat, fin de tour)",
                fr(active),
                phase.fr(),
                to.fr()
            ),
            R::ManoeuvredAlready { active } => format!(
                "{} a déjà donné son ordre de manœuvre ce tour-ci : un ordre de manœuvre et un seul par tour",
                fr(active)
            ),
            R::CombatDiceTooSoon { active, phase } => format!(
                "les dés de combat se lancent pendant la phase de combat, et {} est dans sa phase de {} : \
                 annoncez d'abord le combat avec COMBAT <texte>",
                fr(active),
                phase.fr()
            ),
            R::DefendOwnTurn => {
                "DEFEND est pour le joueur attaqué, pendant la phase de combat de l'adversaire".to_string()
            }
            R::NoClaim => "aucune victoire n'est revendiquée : il n'y a rien à accepter (AGREE) ni à refuser \
                           (REFUSE)"
                .to_string(),
        }
    }
}

/// A refusal of JOMINI, as the board games' mail game carries it.
impl From<Refused> for crate::kinds::boardgame::Refused {
    fn from(r: Refused) -> crate::kinds::boardgame::Refused {
        crate::kinds::boardgame::Refused::of(r)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// One of each variant, and each relayed command's example.
    pub(crate) fn every() -> Vec<Refused> {
        let s = |t: &str| t.to_string();
        let mut all = vec![
            Refused::EmptyLine,
            Refused::NotACommand { word: s("CHARGE") },
            Refused::Bare {
                command: s("NEXT"),
                rest: s("please"),
            },
            Refused::RollCount,
            Refused::NoSide { side: 2 },
            Refused::GameOver,
            Refused::ClaimPending {
                claimant: s("Blue"),
                answerer: s("Red"),
            },
            Refused::NoCombatYet { active: s("Blue") },
            Refused::DefendedAlready { side: s("Red") },
            Refused::NotInCombat {
                active: s("Blue"),
                phase: Phase::Command,
            },
            Refused::NotYourTurn {
                active: s("Blue"),
                phase: Phase::Movement,
            },
            Refused::PhaseOver {
                active: s("Blue"),
                phase: Phase::Combat,
                to: Phase::Movement,
            },
            Refused::ManoeuvredAlready { active: s("Blue") },
            Refused::CombatDiceTooSoon {
                active: s("Blue"),
                phase: Phase::Command,
            },
            Refused::DefendOwnTurn,
            Refused::NoClaim,
        ];
        all.extend(
            [
                Relayed::Command,
                Relayed::Move,
                Relayed::Manoeuvre,
                Relayed::Combat,
                Relayed::Defend,
                Relayed::Eliminated,
                Relayed::Victory,
            ]
            .map(|what| Refused::NeedsText { word: s("MOVE"), what }),
        );
        for r in &all {
            // A new variant fails to compile here until it is in the list above.
            match r {
                Refused::EmptyLine
                | Refused::NotACommand { .. }
                | Refused::NeedsText { .. }
                | Refused::Bare { .. }
                | Refused::RollCount
                | Refused::NoSide { .. }
                | Refused::GameOver
                | Refused::ClaimPending { .. }
                | Refused::NoCombatYet { .. }
                | Refused::DefendedAlready { .. }
                | Refused::NotInCombat { .. }
                | Refused::NotYourTurn { .. }
                | Refused::PhaseOver { .. }
                | Refused::ManoeuvredAlready { .. }
                | Refused::CombatDiceTooSoon { .. }
                | Refused::DefendOwnTurn
                | Refused::NoClaim => {}
            }
        }
        all
    }

    #[test]
    fn no_two_refusals_share_their_french_words() {
        let all = every();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a.words(Lang::Fr), b.words(Lang::Fr), "{a:?} / {b:?}");
            }
        }
    }

    #[test]
    fn the_phases_are_named_as_the_rules_name_them() {
        let r = Refused::PhaseOver {
            active: "Blue".into(),
            phase: Phase::Combat,
            to: Phase::Command,
        };
        assert_eq!(
            r.to_string(),
            "Blue is in its combat phase: the command phase is over (command, movement, combat, end of turn)"
        );
        assert_eq!(
            r.words(Lang::Fr),
            "Bleu est dans sa phase de combat : la phase de commandement est passée (commandement, déplacement, \
             combat, fin de tour)"
        );
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
