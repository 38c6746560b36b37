//! The languages a reader receives letters in, and writes orders and commands in.

pub mod fr;

/// A language a reader receives: the players file's `language:` (the game's, or one
/// player's), or `SET LANGUAGE` by mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
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
}
