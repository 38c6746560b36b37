//! Game time: `Spring 1901 Movement`, `F1901R`, `Winter 1901 Adjustment`.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Season {
    Spring,
    Fall,
    Winter,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PhaseKind {
    Movement,
    Retreat,
    Adjustment,
}

/// The letters a phase's code begins with, by season: the English `S`, `F`, `W` (spring,
/// fall, winter) and the French `P`, `A`, `H` (printemps, automne, hiver). No letter is in
/// both columns, so a code reads the same whoever wrote it: `A1901R` is the autumn's
/// retreats (`F1901R`), never anything else. The phase type's letter is the same in both
/// languages: `M` (movement, mouvements), `R` (retreat, retraites), `A` (adjustment,
/// ajustements; `B`, builds, is read too).
pub const SEASON_LETTERS: [(Season, char, char); 3] = [
    (Season::Spring, 'S', 'P'),
    (Season::Fall, 'F', 'A'),
    (Season::Winter, 'W', 'H'),
];

impl Season {
    /// The season of a code's first letter, English or French, in any case.
    pub fn of_letter(letter: char) -> Option<Season> {
        let l = letter.to_ascii_uppercase();
        SEASON_LETTERS
            .iter()
            .find(|&&(_, en, fr)| l == en || l == fr)
            .map(|&(season, _, _)| season)
    }

    /// The code's letter of the season: English (`S`) or French (`P`).
    fn letter(self, french: bool) -> char {
        let letters = SEASON_LETTERS.iter().find(|l| l.0 == self);
        letters.map_or('?', |&(_, en, fr)| if french { fr } else { en })
    }
}

/// The years a phase may name. A game reaches the last only after thousands of years of
/// play; adjudicating its winter gives the first phase of the year after.
pub const YEARS: std::ops::RangeInclusive<i32> = 1..=9999;

/// How a phase is written, said after most mistakes in one.
pub const PHASE_FORM: &str =
    "write it like \"Spring 1901 Movement\", \"Fall 1901 Retreat\", \"Winter 1901 Adjustment\" or \"S1901M\"";

/// A phase's name that cannot be read: the text as written (`text`), the word at fault
/// where there is one, and how to write it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PhaseError {
    /// Neither a code (`S1901M`) nor three words (`Spring 1901 Movement`).
    #[error("\"{text}\" is not a phase: {PHASE_FORM}")]
    NotAPhase { text: String },
    /// A season that is none of spring, fall (autumn) or winter; `word` in the long form.
    #[error("\"{text}\": unknown season{}: {PHASE_FORM}", word.as_ref().map(|w| format!(" \"{w}\"")).unwrap_or_default())]
    UnknownSeason { text: String, word: Option<String> },
    /// A phase type that is none of movement, retreat or adjustment; `word` in the long form.
    #[error("\"{text}\": unknown phase type{}: {PHASE_FORM}", word.as_ref().map(|w| format!(" \"{w}\"")).unwrap_or_default())]
    UnknownKind { text: String, word: Option<String> },
    /// A year that is not a number.
    #[error("\"{text}\": \"{year}\" is not a year: {PHASE_FORM}")]
    NotAYear { text: String, year: String },
    /// A year outside [`YEARS`].
    #[error("\"{text}\": the year must be from {} to {}", YEARS.start(), YEARS.end())]
    YearOutOfRange { text: String, year: i32 },
    /// A winter movement or retreat.
    #[error("\"{text}\": winter has only the adjustment phase")]
    WinterAdjustsOnly { text: String },
    /// A spring adjustment.
    #[error("\"{text}\": adjustments happen in winter")]
    AdjustmentsInWinter { text: String },
}

impl PhaseError {
    /// The phase's name as written.
    pub fn text(&self) -> &str {
        match self {
            PhaseError::NotAPhase { text }
            | PhaseError::UnknownSeason { text, .. }
            | PhaseError::UnknownKind { text, .. }
            | PhaseError::NotAYear { text, .. }
            | PhaseError::YearOutOfRange { text, .. }
            | PhaseError::WinterAdjustsOnly { text }
            | PhaseError::AdjustmentsInWinter { text } => text,
        }
    }
}

/// One phase of a game. Adjustments always happen in winter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Phase {
    pub year: i32,
    pub season: Season,
    pub kind: PhaseKind,
}

impl Phase {
    pub fn new(season: Season, year: i32, kind: PhaseKind) -> Phase {
        Phase { year, season, kind }
    }

    /// Reads `Spring 1901 Movement`, `spring 1901 movement`, `S1901M`, `F1901R`,
    /// `W1901A`, the French codes `P1901M`, `A1901R`, `H1901A` ([`SEASON_LETTERS`]), the
    /// French words `printemps 1901 mouvements`, and `Fall 1901 Adjustment` (taken as
    /// Winter 1901 Adjustment).
    pub fn parse(text: &str) -> Result<Phase, PhaseError> {
        let t = text.trim();
        let text = || t.to_string();
        let words: Vec<String> = t
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(|w| w.to_ascii_lowercase())
            .collect();
        let (season, year, kind) = if words.len() == 1 {
            let w = &words[0];
            let b = w.as_bytes();
            if b.len() < 3 || !b[1..b.len() - 1].iter().all(u8::is_ascii_digit) {
                return Err(PhaseError::NotAPhase { text: text() });
            }
            let Some(season) = Season::of_letter(char::from(b[0])) else {
                return Err(PhaseError::UnknownSeason {
                    text: text(),
                    word: None,
                });
            };
            let kind = match b[b.len() - 1] {
                b'm' => PhaseKind::Movement,
                b'r' => PhaseKind::Retreat,
                b'a' | b'b' => PhaseKind::Adjustment,
                _ => {
                    return Err(PhaseError::UnknownKind {
                        text: text(),
                        word: None,
                    })
                }
            };
            let digits = &w[1..w.len() - 1];
            let year: i32 = digits.parse().map_err(|_| PhaseError::NotAYear {
                text: text(),
                year: digits.to_string(),
            })?;
            (season, year, kind)
        } else if words.len() == 3 {
            let season = match words[0].as_str() {
                "spring" | "printemps" => Season::Spring,
                "fall" | "autumn" | "automne" => Season::Fall,
                "winter" | "hiver" => Season::Winter,
                s => {
                    return Err(PhaseError::UnknownSeason {
                        text: text(),
                        word: Some(s.to_string()),
                    })
                }
            };
            let year: i32 = words[1].parse().map_err(|_| PhaseError::NotAYear {
                text: text(),
                year: words[1].clone(),
            })?;
            let kind = match words[2].as_str() {
                "movement" | "movements" | "moves" | "mouvements" => PhaseKind::Movement,
                "retreat" | "retreats" | "retraites" => PhaseKind::Retreat,
                "adjustment" | "adjustments" | "builds" | "ajustements" => PhaseKind::Adjustment,
                s => {
                    return Err(PhaseError::UnknownKind {
                        text: text(),
                        word: Some(s.to_string()),
                    })
                }
            };
            (season, year, kind)
        } else {
            return Err(PhaseError::NotAPhase { text: text() });
        };
        // Years are bounded so that `next` can always count on; an unbounded year let
        // `Winter 2147483647 Adjustment` overflow when adjudicated (found by fuzzing).
        if !YEARS.contains(&year) {
            return Err(PhaseError::YearOutOfRange { text: text(), year });
        }
        match (season, kind) {
            (Season::Winter, PhaseKind::Adjustment) => Ok(Phase::new(season, year, kind)),
            (Season::Fall, PhaseKind::Adjustment) => Ok(Phase::new(Season::Winter, year, kind)),
            (Season::Winter, _) => Err(PhaseError::WinterAdjustsOnly { text: text() }),
            (_, PhaseKind::Adjustment) => Err(PhaseError::AdjustmentsInWinter { text: text() }),
            _ => Ok(Phase::new(season, year, kind)),
        }
    }

    /// The phase that follows this one, whether or not it has anything to do.
    pub fn next(self) -> Phase {
        use PhaseKind::*;
        use Season::*;
        match (self.season, self.kind) {
            (Spring, Movement) => Phase::new(Spring, self.year, Retreat),
            (Spring, Retreat) => Phase::new(Fall, self.year, Movement),
            (Fall, Movement) => Phase::new(Fall, self.year, Retreat),
            (Fall, Retreat) => Phase::new(Winter, self.year, Adjustment),
            _ => Phase::new(Spring, self.year + 1, Movement),
        }
    }

    /// `S1901M`.
    pub fn code(self) -> String {
        self.code_in(false)
    }

    /// The French players' code: `P1901M`, `A1901R`, `H1901A`.
    pub fn code_fr(self) -> String {
        self.code_in(true)
    }

    fn code_in(self, french: bool) -> String {
        let s = self.season.letter(french);
        let k = match self.kind {
            PhaseKind::Movement => 'M',
            PhaseKind::Retreat => 'R',
            PhaseKind::Adjustment => 'A',
        };
        format!("{s}{}{k}", self.year)
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self.season {
            Season::Spring => "Spring",
            Season::Fall => "Fall",
            Season::Winter => "Winter",
        };
        let k = match self.kind {
            PhaseKind::Movement => "Movement",
            PhaseKind::Retreat => "Retreat",
            PhaseKind::Adjustment => "Adjustment",
        };
        write!(f, "{s} {} {k}", self.year)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_long_and_short_forms() {
        let p = Phase::parse("Spring 1901 Movement").unwrap();
        assert_eq!(p, Phase::new(Season::Spring, 1901, PhaseKind::Movement));
        assert_eq!(Phase::parse("s1901m").unwrap(), p);
        assert_eq!(Phase::parse("F1902R").unwrap().to_string(), "Fall 1902 Retreat");
        assert_eq!(
            Phase::parse("Fall 1901, Adjustment").unwrap().to_string(),
            "Winter 1901 Adjustment"
        );
        assert_eq!(Phase::parse("W1905A").unwrap().code(), "W1905A");
    }

    /// The French codes: P, A, H for the seasons, the same type letters; each reads as the
    /// English code of the same phase, and no season letter is in both languages.
    #[test]
    fn reads_and_writes_the_french_codes() {
        for (fr, en) in [
            ("P1901M", "S1901M"),
            ("p1901r", "S1901R"),
            ("A1901M", "F1901M"),
            ("a1901r", "F1901R"),
            ("H1901A", "W1901A"),
            ("h1901b", "W1901A"),
        ] {
            let p = Phase::parse(fr).unwrap();
            assert_eq!(p.code(), en, "{fr}");
            assert_eq!(p.code_fr(), fr.to_uppercase().replace('B', "A"), "{fr}");
            assert_eq!(Phase::parse(&p.code_fr()).unwrap(), p);
        }
        let english: Vec<char> = SEASON_LETTERS.iter().map(|l| l.1).collect();
        let french: Vec<char> = SEASON_LETTERS.iter().map(|l| l.2).collect();
        assert!(english.iter().all(|l| !french.contains(l)), "{english:?} {french:?}");
        for (season, en, fr) in SEASON_LETTERS {
            assert_eq!(Season::of_letter(en), Some(season));
            assert_eq!(Season::of_letter(fr.to_ascii_lowercase()), Some(season));
        }
        assert_eq!(Phase::parse("Printemps 1901 mouvements").unwrap().code_fr(), "P1901M");
        assert!(Phase::parse("H1901M").is_err());
        assert!(Phase::parse("P1901A").is_err());
    }

    #[test]
    fn rejects_nonsense_with_help() {
        let e = Phase::parse("Summer 1901 Movement").unwrap_err();
        assert!(e.to_string().contains("unknown season"), "{e}");
        assert!(Phase::parse("Spring 1901 Adjustment").is_err());
        assert!(Phase::parse("Winter 1901 Movement").is_err());
        assert!(Phase::parse("1901").is_err());
    }

    #[test]
    fn each_mistake_names_the_text_the_word_and_the_form() {
        let form = PHASE_FORM;
        for (text, error, words) in [
            (
                "Summer 1901 Movement",
                PhaseError::UnknownSeason {
                    text: "Summer 1901 Movement".into(),
                    word: Some("summer".into()),
                },
                format!("\"Summer 1901 Movement\": unknown season \"summer\": {form}"),
            ),
            (
                " X1901M ",
                PhaseError::UnknownSeason {
                    text: "X1901M".into(),
                    word: None,
                },
                format!("\"X1901M\": unknown season: {form}"),
            ),
            (
                "S1901Q",
                PhaseError::UnknownKind {
                    text: "S1901Q".into(),
                    word: None,
                },
                format!("\"S1901Q\": unknown phase type: {form}"),
            ),
            (
                "Spring 1901 Marching",
                PhaseError::UnknownKind {
                    text: "Spring 1901 Marching".into(),
                    word: Some("marching".into()),
                },
                format!("\"Spring 1901 Marching\": unknown phase type \"marching\": {form}"),
            ),
            (
                "Spring MCM Movement",
                PhaseError::NotAYear {
                    text: "Spring MCM Movement".into(),
                    year: "mcm".into(),
                },
                format!("\"Spring MCM Movement\": \"mcm\" is not a year: {form}"),
            ),
            (
                "S99999999999M",
                PhaseError::NotAYear {
                    text: "S99999999999M".into(),
                    year: "99999999999".into(),
                },
                format!("\"S99999999999M\": \"99999999999\" is not a year: {form}"),
            ),
            (
                "Spring 1901",
                PhaseError::NotAPhase {
                    text: "Spring 1901".into(),
                },
                format!("\"Spring 1901\" is not a phase: {form}"),
            ),
            (
                "Winter 1901 Movement",
                PhaseError::WinterAdjustsOnly {
                    text: "Winter 1901 Movement".into(),
                },
                "\"Winter 1901 Movement\": winter has only the adjustment phase".into(),
            ),
            (
                "S1901A",
                PhaseError::AdjustmentsInWinter { text: "S1901A".into() },
                "\"S1901A\": adjustments happen in winter".into(),
            ),
            (
                "S0M",
                PhaseError::YearOutOfRange {
                    text: "S0M".into(),
                    year: 0,
                },
                "\"S0M\": the year must be from 1 to 9999".into(),
            ),
        ] {
            let e = Phase::parse(text).unwrap_err();
            assert_eq!(e, error, "{text}");
            assert_eq!(e.to_string(), words, "{text}");
            assert_eq!(e.text(), text.trim());
        }
    }

    /// Fuzzing (`fuzz/`, target adjudicate): `W2147483647A` was read, and adjudicating it
    /// overflowed the year in `next`. Years are now 1 to 9999.
    #[test]
    fn years_are_bounded_so_the_next_year_exists() {
        for text in [
            "W2147483647A",
            "Fall 2147483647 Retreat",
            "s0m",
            "Spring -5 Movement",
            "S10000M",
        ] {
            let e = Phase::parse(text).unwrap_err();
            assert!(e.to_string().contains("the year must be from 1 to 9999"), "{text}: {e}");
        }
        assert_eq!(Phase::parse("W9999A").unwrap().next().code(), "S10000M");
        assert_eq!(Phase::parse("S1M").unwrap().year, 1);
    }

    #[test]
    fn phases_follow_each_other() {
        let mut p = Phase::parse("S1901M").unwrap();
        let mut seen = vec![];
        for _ in 0..6 {
            seen.push(p.code());
            p = p.next();
        }
        assert_eq!(seen, ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S1902M"]);
    }
}
