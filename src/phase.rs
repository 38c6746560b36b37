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

/// The years a phase may name. A game reaches the last only after thousands of years of
/// play; adjudicating its winter gives the first phase of the year after.
pub const YEARS: std::ops::RangeInclusive<i32> = 1..=9999;

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
    /// `W1901A`, and `Fall 1901 Adjustment` (taken as Winter 1901 Adjustment).
    pub fn parse(text: &str) -> Result<Phase, String> {
        let t = text.trim();
        let help = "write it like `Spring 1901 Movement`, `Fall 1901 Retreat`, `Winter 1901 Adjustment` or `S1901M`";
        let words: Vec<String> = t
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(|w| w.to_ascii_lowercase())
            .collect();
        let (season, year, kind) = if words.len() == 1 {
            let w = &words[0];
            let b = w.as_bytes();
            if b.len() < 3 || !b[1..b.len() - 1].iter().all(u8::is_ascii_digit) {
                return Err(format!("`{t}` is not a phase: {help}"));
            }
            let season = match b[0] {
                b's' => Season::Spring,
                b'f' | b'a' => Season::Fall,
                b'w' => Season::Winter,
                _ => return Err(format!("`{t}`: unknown season: {help}")),
            };
            let kind = match b[b.len() - 1] {
                b'm' => PhaseKind::Movement,
                b'r' => PhaseKind::Retreat,
                b'a' | b'b' => PhaseKind::Adjustment,
                _ => return Err(format!("`{t}`: unknown phase type: {help}")),
            };
            let year: i32 = w[1..w.len() - 1].parse().map_err(|_| format!("`{t}`: bad year"))?;
            (season, year, kind)
        } else if words.len() == 3 {
            let season = match words[0].as_str() {
                "spring" | "printemps" => Season::Spring,
                "fall" | "autumn" | "automne" => Season::Fall,
                "winter" | "hiver" => Season::Winter,
                s => return Err(format!("`{t}`: unknown season `{s}`: {help}")),
            };
            let year: i32 = words[1]
                .parse()
                .map_err(|_| format!("`{t}`: `{}` is not a year: {help}", words[1]))?;
            let kind = match words[2].as_str() {
                "movement" | "movements" | "moves" | "mouvements" => PhaseKind::Movement,
                "retreat" | "retreats" | "retraites" => PhaseKind::Retreat,
                "adjustment" | "adjustments" | "builds" | "ajustements" => PhaseKind::Adjustment,
                s => return Err(format!("`{t}`: unknown phase type `{s}`: {help}")),
            };
            (season, year, kind)
        } else {
            return Err(format!("`{t}` is not a phase: {help}"));
        };
        // Years are bounded so that `next` can always count on; an unbounded year let
        // `Winter 2147483647 Adjustment` overflow when adjudicated (found by fuzzing).
        if !YEARS.contains(&year) {
            return Err(format!(
                "`{t}`: the year must be from {} to {}",
                YEARS.start(),
                YEARS.end()
            ));
        }
        match (season, kind) {
            (Season::Winter, PhaseKind::Adjustment) => Ok(Phase::new(season, year, kind)),
            (Season::Fall, PhaseKind::Adjustment) => Ok(Phase::new(Season::Winter, year, kind)),
            (Season::Winter, _) => Err(format!("`{t}`: winter has only the adjustment phase")),
            (_, PhaseKind::Adjustment) => Err(format!("`{t}`: adjustments happen in winter")),
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
        let s = match self.season {
            Season::Spring => 'S',
            Season::Fall => 'F',
            Season::Winter => 'W',
        };
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

    #[test]
    fn rejects_nonsense_with_help() {
        let e = Phase::parse("Summer 1901 Movement").unwrap_err();
        assert!(e.contains("unknown season"), "{e}");
        assert!(Phase::parse("Spring 1901 Adjustment").is_err());
        assert!(Phase::parse("Winter 1901 Movement").is_err());
        assert!(Phase::parse("1901").is_err());
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
            assert!(e.contains("the year must be from 1 to 9999"), "{text}: {e}");
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
