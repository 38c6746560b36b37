//! The languages a reader receives letters in, and writes orders and commands in.

pub mod fr;

/// A language a reader receives: the players file's `language:` (the game's, or one
/// player's), or `SET LANGUAGE` by mail. Written `en` or `fr`; read also in capitals and by
/// its name ([`Lang::from_name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Fr,
}

impl Lang {
    /// The code written in files and commands: `en`, `fr`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }

    /// The language of a code (any case), or `None`.
    pub fn from_code(code: &str) -> Option<Lang> {
        match code.to_ascii_lowercase().as_str() {
            "en" => Some(Lang::En),
            "fr" => Some(Lang::Fr),
            _ => None,
        }
    }

    pub fn is_default(&self) -> bool {
        *self == Lang::default()
    }

    /// Whether `n` things take the singular: in English one thing alone (0 letters, 1
    /// letter, 2 letters); in French none or one (0 lettre, 1 lettre, 2 lettres).
    pub fn singular(self, n: usize) -> bool {
        match self {
            Lang::En => n == 1,
            Lang::Fr => n <= 1,
        }
    }

    /// `n` and the words that count them: `one` in the singular, `many` in the plural, as
    /// this language counts ([`Lang::singular`]). The words are the noun and whatever
    /// agrees with it: `phase manquée`, `phases manquées`.
    pub fn count(self, n: usize, one: &str, many: &str) -> String {
        format!("{n} {}", if self.singular(n) { one } else { many })
    }

    /// The language of a code or a name, in any case, as a players file may write it:
    /// `en`, `english`, `anglais`; `fr`, `french`, `français` (or `francais`).
    pub fn from_name(name: &str) -> Option<Lang> {
        match name.trim().to_lowercase().as_str() {
            "en" | "english" | "anglais" => Some(Lang::En),
            "fr" | "french" | "français" | "francais" => Some(Lang::Fr),
            _ => None,
        }
    }
}

/// `language:` of a players file or game.yaml: a code or a name ([`Lang::from_name`]); any
/// other word is refused in the referee's words, not serde's ("unknown variant", a word that
/// means something else in a game of Diplomacy).
impl<'de> serde::Deserialize<'de> for Lang {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Lang, D::Error> {
        crate::yaml::from_word(d, "en or fr", |written: &str| {
            Lang::from_name(written)
                .ok_or_else(|| format!("{written:?} is not a language arbitre writes: write en or fr"))
        })
    }
}

/// A value told to readers in their own language: the one way every owner words its
/// outcomes, refusals and notices (the mail game's, the board games', the judge's reasons).
/// Each implementation is checked by the one shared test of words
/// (`src/kinds/words_tests.rs`): for every variant, English words, and French ones that
/// differ from them.
pub trait Worded {
    /// The words in `lang`.
    fn words(&self, lang: Lang) -> String;
}

/// A worded value as the shared test of words sees it: what it is, its words in each
/// language, and its `Display` where the English words must be the ones it shows.
#[cfg(test)]
pub(crate) struct Sample {
    pub what: String,
    pub en: String,
    pub fr: String,
    pub shown: Option<String>,
}

/// The samples of `all`, for the shared test of words.
#[cfg(test)]
pub(crate) fn samples<T: Worded + std::fmt::Debug>(all: &[T]) -> Vec<Sample> {
    all.iter()
        .map(|v| Sample {
            what: format!("{v:?}"),
            en: v.words(Lang::En),
            fr: v.words(Lang::Fr),
            shown: None,
        })
        .collect()
}

/// The samples of `all`, whose English words are their `Display` (a board game's: the words
/// of its position files and logs).
#[cfg(test)]
pub(crate) fn samples_shown<T: Worded + std::fmt::Debug + std::fmt::Display>(all: &[T]) -> Vec<Sample> {
    let mut out = samples(all);
    for (s, v) in out.iter_mut().zip(all) {
        s.shown = Some(v.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Lang;

    #[test]
    fn english_counts_one_thing_alone_in_the_singular() {
        let letters = |n| Lang::En.count(n, "letter", "letters");
        assert_eq!(letters(0), "0 letters");
        assert_eq!(letters(1), "1 letter");
        assert_eq!(letters(2), "2 letters");
    }

    #[test]
    fn french_counts_none_and_one_in_the_singular_with_what_agrees() {
        let missed = |n| Lang::Fr.count(n, "phase manquée", "phases manquées");
        assert_eq!(missed(0), "0 phase manquée");
        assert_eq!(missed(1), "1 phase manquée");
        assert_eq!(missed(2), "2 phases manquées");
    }
}
