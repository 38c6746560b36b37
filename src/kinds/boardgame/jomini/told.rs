//! What a game of JOMINI tells every player, as values: the lines relayed, the dice thrown,
//! the turns and phases, how the battle ended. `Display` is the English (the words the
//! tests and the logs know); [`Told::words`] gives the French in the words of the rules
//! (« phase de commandement », « dés de combat », « coup touché sur infanterie », « drapeau
//! de repli », « lettre d'ordre », « avantage tactique », « unités adverses »).

use super::{Face, Phase};
use crate::lang::{Lang, Worded};
use std::fmt;

/// A line a player writes with its own text, relayed as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    Command,
    Movement,
    Manoeuvre,
    Combat,
    Defending,
}

/// Something a game of JOMINI tells everyone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Told {
    /// `first` plays first: the first turn's command phase.
    Begins { first: String },
    /// The option `victory`: the first side to eliminate `units` enemy units wins.
    VictoryAt { units: usize },
    /// A line of `side` relayed with its text.
    Relayed { side: String, line: Line, text: String },
    /// `side` threw combat dice, showing `faces`.
    CombatDice { side: String, faces: Vec<Face> },
    /// `side` threw ordinary dice, showing `shown`.
    D6 { side: String, shown: Vec<u32> },
    /// `side` eliminated `unit`, its `count`th.
    Eliminated { side: String, unit: String, count: usize },
    /// `side` has eliminated `count` units, the number set for victory.
    VictoryReached { side: String, count: usize },
    /// `side` moves on to `phase`.
    NextPhase { side: String, phase: Phase },
    /// `side` ends its turn; `won`: the game ends with it.
    EndsTurn { side: String, won: Option<Box<Told>> },
    /// `side` begins turn `turn`, with its command phase.
    TurnBegins { turn: u32, side: String },
    /// `side` ends its turn claiming victory for `why`; `other` is to answer.
    Claims { side: String, why: String, other: String },
    /// `side` refuses the claim of `claimant`.
    RefusesClaim { side: String, claimant: String },
    // ---- the end ---------------------------------------------------------------------------
    /// `winner` is the first to eliminate `units` enemy units.
    FirstToEliminate { winner: String, units: usize },
    /// `by` agrees to the claim of `winner`, for `why`.
    ClaimAgreed { winner: String, by: String, why: String },
    /// `side` concedes to `winner`.
    Concedes { side: String, winner: String },
}

/// `1 enemy unit`, `3 enemy units`; `1 unité adverse`, `3 unités adverses`.
pub(super) fn enemy_units(n: usize, lang: Lang) -> String {
    match (n, lang) {
        (1, Lang::En) => "1 enemy unit".to_string(),
        (_, Lang::En) => format!("{n} enemy units"),
        (1, Lang::Fr) => "1 unité adverse".to_string(),
        (_, Lang::Fr) => format!("{n} unités adverses"),
    }
}

/// The faces thrown, then what they mean counted: `INF INF FLAG (2 hits on infantry, 1 retreat flag)`.
fn faces(faces: &[Face], lang: Lang) -> String {
    let shown: Vec<&str> = faces.iter().map(|f| f.short()).collect();
    let counted: Vec<String> = Face::ALL
        .iter()
        .map(|&face| (face, faces.iter().filter(|&&f| f == face).count()))
        .filter(|&(_, k)| k > 0)
        .map(|(face, k)| face.counted(k, lang))
        .collect();
    format!("{} ({})", shown.join(" "), counted.join(", "))
}

impl Face {
    /// What it means, to count a throw, in `lang`: `2 hits on infantry`, in the words of
    /// the French rules `2 coups touchés sur infanterie`.
    pub(super) fn counted(self, n: usize, lang: Lang) -> String {
        let s = if n == 1 { "" } else { "s" };
        match (self, lang) {
            (Face::Infantry, Lang::En) => format!("{n} hit{s} on infantry"),
            (Face::Cavalry, Lang::En) => format!("{n} hit{s} on cavalry"),
            (Face::Artillery, Lang::En) => format!("{n} hit{s} on artillery"),
            (Face::Flag, Lang::En) => format!("{n} retreat flag{s}"),
            (Face::Order, Lang::En) => format!("{n} order letter{s}"),
            (Face::Advantage, Lang::En) => format!("{n} tactical advantage{s}"),
            (Face::Infantry, Lang::Fr) => format!("{n} coup{s} touché{s} sur infanterie"),
            (Face::Cavalry, Lang::Fr) => format!("{n} coup{s} touché{s} sur cavalerie"),
            (Face::Artillery, Lang::Fr) => format!("{n} coup{s} touché{s} sur artillerie"),
            (Face::Flag, Lang::Fr) => format!("{n} drapeau{} de repli", if n == 1 { "" } else { "x" }),
            (Face::Order, Lang::Fr) => format!("{n} lettre{s} d'ordre"),
            (Face::Advantage, Lang::Fr) => format!("{n} avantage{s} tactique{s}"),
        }
    }
}

impl Told {
    /// The French words, each side named as a French player names it (Bleu, Rouge).
    fn french(&self) -> String {
        let fr = super::side_fr;
        match self {
            Told::Begins { first } => {
                let first = fr(first);
                format!("{first} joue en premier : tour 1, phase de commandement de {first}.")
            }
            Told::VictoryAt { units } => format!(
                "Victoire : le premier camp à éliminer {}.",
                enemy_units(*units, Lang::Fr)
            ),
            Told::Relayed { side, line, text } => {
                let what = match line {
                    Line::Command => "commandement",
                    Line::Movement => "déplacement",
                    Line::Manoeuvre => "ordre de manœuvre",
                    Line::Combat => "combat",
                    Line::Defending => "en défense",
                };
                format!("{}, {what} : {text}", fr(side))
            }
            Told::CombatDice { side, faces: thrown } => format!(
                "{} lance {} dé{} de combat : {}",
                fr(side),
                thrown.len(),
                if thrown.len() == 1 { "" } else { "s" },
                faces(thrown, Lang::Fr)
            ),
            Told::D6 { side, shown } => format!(
                "{} lance {} D6 : {}",
                fr(side),
                shown.len(),
                shown.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
            ),
            Told::Eliminated { side, unit, count } => {
                format!("{} a éliminé {unit} ({count} jusqu'ici)", fr(side))
            }
            Told::VictoryReached { side, count } => format!(
                "{} a éliminé {}, le nombre fixé pour la victoire : elle est constatée à la fin de ce tour.",
                fr(side),
                enemy_units(*count, Lang::Fr)
            ),
            Told::NextPhase { side, phase } => format!("{} : phase de {}", fr(side), phase.fr()),
            Told::EndsTurn { side, won: None } => format!("{} termine son tour", fr(side)),
            // The end told with it is worded on its own.
            Told::EndsTurn { side, won: Some(won) } => {
                format!("{} termine son tour ; {}", fr(side), won.words(Lang::Fr))
            }
            Told::TurnBegins { turn, side } => format!("Tour {turn} : phase de commandement de {}.", fr(side)),
            Told::Claims { side, why, other } => format!(
                "{} termine son tour en revendiquant la victoire : {why} ; {} : AGREE (accepter) ou REFUSE (refuser)",
                fr(side),
                fr(other)
            ),
            Told::RefusesClaim { side, claimant } => {
                format!(
                    "{} refuse la revendication de {} : la bataille continue",
                    fr(side),
                    fr(claimant)
                )
            }
            Told::FirstToEliminate { winner, units } => format!(
                "{} est le premier à éliminer {} : victoire",
                fr(winner),
                enemy_units(*units, Lang::Fr)
            ),
            Told::ClaimAgreed { winner, by, why } => {
                format!("{} gagne, {} l'accepte : {why}", fr(winner), fr(by))
            }
            Told::Concedes { side, winner } => format!("{} abandonne : {} gagne", fr(side), fr(winner)),
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
            Told::Begins { first } => write!(f, "{first} plays first: turn 1, {first}'s command phase."),
            Told::VictoryAt { units } => write!(
                f,
                "Victory: the first side to eliminate {}.",
                enemy_units(*units, Lang::En)
            ),
            Told::Relayed { side, line, text } => {
                let what = match line {
                    Line::Command => "command",
                    Line::Movement => "movement",
                    Line::Manoeuvre => "order of manoeuvre",
                    Line::Combat => "combat",
                    Line::Defending => "defending",
                };
                write!(f, "{side}, {what}: {text}")
            }
            Told::CombatDice { side, faces: thrown } => {
                let noun = if thrown.len() == 1 { "combat die" } else { "combat dice" };
                write!(f, "{side} rolls {} {noun}: {}", thrown.len(), faces(thrown, Lang::En))
            }
            Told::D6 { side, shown } => write!(
                f,
                "{side} rolls {} D6: {}",
                shown.len(),
                shown.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
            ),
            Told::Eliminated { side, unit, count } => write!(f, "{side} eliminated {unit} ({count} so far)"),
            Told::VictoryReached { side, count } => write!(
                f,
                "{side} has eliminated {}, the number set for victory: it is declared at the end of this turn.",
                enemy_units(*count, Lang::En)
            ),
            Told::NextPhase { side, phase } => write!(f, "{side}: {} phase", phase.name()),
            Told::EndsTurn { side, won: None } => write!(f, "{side} ends its turn"),
            Told::EndsTurn { side, won: Some(won) } => write!(f, "{side} ends its turn; {won}"),
            Told::TurnBegins { turn, side } => write!(f, "Turn {turn}: {side}'s command phase."),
            Told::Claims { side, why, other } => write!(
                f,
                "{side} ends its turn claiming victory: {why}; {other}: AGREE or REFUSE"
            ),
            Told::RefusesClaim { side, claimant } => {
                write!(f, "{side} refuses {claimant}'s claim: the battle goes on")
            }
            Told::FirstToEliminate { winner, units } => {
                write!(
                    f,
                    "{winner} is the first to eliminate {}: victory",
                    enemy_units(*units, Lang::En)
                )
            }
            Told::ClaimAgreed { winner, by, why } => write!(f, "{winner} wins, as {by} agrees: {why}"),
            Told::Concedes { side, winner } => write!(f, "{side} concedes: {winner} wins"),
        }
    }
}

/// What a game of JOMINI tells, as the board games' mail game carries it.
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
        let won = Told::FirstToEliminate {
            winner: s("Blue"),
            units: 3,
        };
        let mut all = vec![
            Told::Begins { first: s("Blue") },
            Told::VictoryAt { units: 1 },
            Told::VictoryAt { units: 4 },
        ];
        for line in [
            Line::Command,
            Line::Movement,
            Line::Manoeuvre,
            Line::Combat,
            Line::Defending,
        ] {
            all.push(Told::Relayed {
                side: s("Red"),
                line,
                text: s("hussars C4 to D6"),
            });
        }
        all.extend([
            Told::CombatDice {
                side: s("Blue"),
                faces: vec![Face::Infantry],
            },
            Told::CombatDice {
                side: s("Blue"),
                faces: Face::ALL.iter().chain(&Face::ALL).copied().collect(),
            },
            Told::D6 {
                side: s("Red"),
                shown: vec![3, 6],
            },
            Told::Eliminated {
                side: s("Blue"),
                unit: s("2nd hussars"),
                count: 2,
            },
            Told::VictoryReached {
                side: s("Blue"),
                count: 3,
            },
            Told::NextPhase {
                side: s("Blue"),
                phase: Phase::Movement,
            },
            Told::NextPhase {
                side: s("Blue"),
                phase: Phase::Combat,
            },
            Told::EndsTurn {
                side: s("Blue"),
                won: None,
            },
            Told::EndsTurn {
                side: s("Blue"),
                won: Some(Box::new(won.clone())),
            },
            Told::TurnBegins {
                turn: 2,
                side: s("Red"),
            },
            Told::Claims {
                side: s("Blue"),
                why: s("the bridge is taken"),
                other: s("Red"),
            },
            Told::RefusesClaim {
                side: s("Red"),
                claimant: s("Blue"),
            },
            won,
            Told::ClaimAgreed {
                winner: s("Blue"),
                by: s("Red"),
                why: s("the bridge is taken"),
            },
            Told::Concedes {
                side: s("Red"),
                winner: s("Blue"),
            },
        ]);
        for t in &all {
            match t {
                Told::Begins { .. }
                | Told::VictoryAt { .. }
                | Told::Relayed { .. }
                | Told::CombatDice { .. }
                | Told::D6 { .. }
                | Told::Eliminated { .. }
                | Told::VictoryReached { .. }
                | Told::NextPhase { .. }
                | Told::EndsTurn { .. }
                | Told::TurnBegins { .. }
                | Told::Claims { .. }
                | Told::RefusesClaim { .. }
                | Told::FirstToEliminate { .. }
                | Told::ClaimAgreed { .. }
                | Told::Concedes { .. } => {}
            }
        }
        all
    }

    #[test]
    fn the_dice_are_counted_in_the_words_of_the_rules() {
        let t = Told::CombatDice {
            side: "Blue".into(),
            faces: vec![Face::Infantry, Face::Flag, Face::Infantry, Face::Flag],
        };
        assert_eq!(
            t.to_string(),
            "Blue rolls 4 combat dice: INF FLAG INF FLAG (2 hits on infantry, 2 retreat flags)"
        );
        assert_eq!(
            t.words(Lang::Fr),
            "Bleu lance 4 dés de combat : INF FLAG INF FLAG (2 coups touchés sur infanterie, 2 drapeaux de repli)"
        );
    }
}
