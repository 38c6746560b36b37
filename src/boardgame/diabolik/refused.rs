//! Why a Diabolik Fleet move is refused, as a value. `Display` is the English (the words the
//! position files and the tests know); [`Refused::words`] gives them in a language.

use super::notation::Unread;
use crate::words::Lang;

/// A Diabolik Fleet move not played, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The line cannot be read.
    #[error(transparent)]
    Unread(#[from] Unread),
    /// No such side in this game (a side counted from 0).
    #[error("there is no side {side}")]
    NoSide { side: usize },
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The fleet is out of the game (sunk below the minimum, or resigned).
    #[error("{fleet} is out of the game")]
    Out { fleet: String },
    /// A rule of the board refuses the turn: English words only, not typed yet.
    #[error("{0}")]
    Rule(String),
}

impl Refused {
    /// The words in `lang`.
    pub fn words(&self, lang: Lang) -> String {
        match (self, lang) {
            (_, Lang::En) => self.to_string(),
            (Refused::Unread(u), _) => u.words(lang),
            (Refused::NoSide { side }, Lang::Fr) => format!("il n'y a pas de camp {side}"),
            (Refused::GameOver, Lang::Fr) => "la partie est terminée".to_string(),
            (Refused::Out { fleet }, Lang::Fr) => format!("{fleet} est hors jeu"),
            (Refused::Rule(words), Lang::Fr) => words.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One of each variant, the reading ones inside an act too.
    fn every() -> Vec<Refused> {
        let t = || "B3 up".to_string();
        let unread = vec![
            Unread::EmptyAct,
            Unread::NotAHeading { shown: "up".into() },
            Unread::Unreadable { text: t() },
            Unread::MixedActs { text: t() },
            Unread::NoHeading { text: t() },
            Unread::NoBuildHeading { text: t() },
            Unread::EmptyLine,
            Unread::NoAllies,
            Unread::DeployHeading { word: "up".into() },
            Unread::InAct {
                n: 2,
                piece: t(),
                why: Box::new(Unread::NotAHeading { shown: "up".into() }),
            },
        ];
        let mut all: Vec<Refused> = unread.into_iter().map(Refused::Unread).collect();
        all.extend([
            Refused::NoSide { side: 4 },
            Refused::GameOver,
            Refused::Out { fleet: "North".into() },
        ]);
        all
    }

    #[test]
    fn every_typed_refusal_has_english_and_different_french_words() {
        for r in every() {
            let (en, fr) = (r.words(Lang::En), r.words(Lang::Fr));
            assert_eq!(en, r.to_string());
            assert_ne!(en, fr, "{r:?}");
        }
        assert_eq!(
            every()[9].words(Lang::Fr),
            "acte 2 `B3 up` : impossible de lire `up` : une orientation s'écrit N, NE, E, SE, S, SW, W ou NW ; \
             écrivez un déplacement `B2-B3` (ou `B2`), une réorientation `B3 turn NE` (ou `B3 NE`), \
             un coulage `sink C4` ou une reconstruction `build D2 N`"
        );
    }
}
