//! What a player of Diabolik Fleet writes, read into values: squares, headings, acts and
//! the one-line commands. Nothing here knows the position; the rules are in the parent
//! module.

use crate::lang::Worded;
use std::fmt;

/// A heading: where a ship's bow points. Compass points on the fixed board (N is towards
/// the highest row number), in clockwise order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir {
    pub const ALL: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The heading `eighths` eighths of a turn clockwise from this one.
    pub fn turned(self, eighths: usize) -> Dir {
        Dir::ALL[(self.index() + eighths) % 8]
    }

    /// The two headings at right angles: where the ship's flanks look.
    pub fn flanks(self) -> [Dir; 2] {
        [self.turned(2), self.turned(6)]
    }

    /// Same or opposite heading: two ships so headed lie along one line.
    pub fn parallel(self, other: Dir) -> bool {
        self == other || self == other.turned(4)
    }

    /// One step this way: (files, rows).
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Dir::N => "N",
            Dir::NE => "NE",
            Dir::E => "E",
            Dir::SE => "SE",
            Dir::S => "S",
            Dir::SW => "SW",
            Dir::W => "W",
            Dir::NW => "NW",
        }
    }

    /// A heading in English or French, abbreviated or not, with its parts possibly split:
    /// `ne`, `northeast`, `nord-est` (already joined by the caller), `no` (nord-ouest).
    pub fn parse(word: &str) -> Option<Dir> {
        let w = word.to_lowercase();
        let d = match w.as_str() {
            "n" | "north" | "nord" => Dir::N,
            "ne" | "northeast" | "nordest" => Dir::NE,
            "e" | "east" | "est" => Dir::E,
            "se" | "southeast" | "sudest" => Dir::SE,
            "s" | "south" | "sud" => Dir::S,
            "sw" | "southwest" | "so" | "sudouest" => Dir::SW,
            "w" | "west" | "o" | "ouest" => Dir::W,
            "nw" | "northwest" | "no" | "nordouest" => Dir::NW,
            _ => return None,
        };
        Some(d)
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A square: file `x` from 0 (A) and row `y` from 0 (row 1). Not necessarily on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq {
    pub x: i32,
    pub y: i32,
}

impl Sq {
    pub fn new(x: i32, y: i32) -> Sq {
        Sq { x, y }
    }

    pub fn step(self, d: Dir) -> Sq {
        let (dx, dy) = d.delta();
        Sq::new(self.x + dx, self.y + dy)
    }

    /// `B3`, `b3`, `K12`.
    pub fn parse(word: &str) -> Option<Sq> {
        let mut chars = word.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        let digits = chars.as_str();
        if !letter.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 {
            return None;
        }
        if !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let row: i32 = digits.parse().ok()?;
        Some(Sq::new(letter as i32 - 'a' as i32, row - 1))
    }
}

/// The letter of file `x` (0 is A).
pub fn file_letter(x: i32) -> char {
    char::from(b'A' + x as u8)
}

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}{}", file_letter(self.x), self.y + 1)
    }
}

/// One act of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// The ship on `from` goes one square ahead; `to`, if written, must be that square.
    Move { from: Sq, to: Option<Sq> },
    /// The ship on `at` turns to `to` without leaving its square.
    Turn { at: Sq, to: Dir },
    /// The enemy ship on `at` is sunk.
    Sink { at: Sq },
    /// A sunk ship comes back on `at`, heading `facing`.
    Build { at: Sq, facing: Dir },
}

impl fmt::Display for Act {
    /// In the notation a player would write.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Act::Move { from, to: None } => write!(f, "move {from}"),
            Act::Move { from, to: Some(to) } => write!(f, "{from}-{to}"),
            Act::Turn { at, to } => write!(f, "{at} turn {to}"),
            Act::Sink { at } => write!(f, "sink {at}"),
            Act::Build { at, facing } => write!(f, "build {at} {facing}"),
        }
    }
}

/// One line from a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A turn: its acts in order, each with the text the player wrote for it.
    Turn(Vec<(String, Act)>),
    /// The headings of the fleet at the start: one for all, or one per ship.
    Deploy(Vec<Dir>),
    /// Declines a bonus turn.
    Pass,
    /// Asks to stop the game here (the tie-breaks decide).
    Stop,
    /// Gives up.
    Resign,
    /// The fleets this side lets use its ships to sink (joint sinking), by name.
    Allies(Vec<String>),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Keyword {
    Move,
    Turn,
    Sink,
    Build,
}

fn keyword(word: &str) -> Option<Keyword> {
    let k = match word {
        "move" | "moves" | "forward" | "ahead" | "avance" | "déplace" | "deplace" => Keyword::Move,
        "turn" | "turns" | "reorient" | "reorients" | "tourne" | "oriente" | "réoriente" | "reoriente" => {
            Keyword::Turn
        }
        "sink" | "sinks" | "x" | "coule" => Keyword::Sink,
        "build" | "builds" | "rebuild" | "rebuilds" | "construit" | "reconstruit" => Keyword::Build,
        _ => return None,
    };
    Some(k)
}

/// Words that say nothing: `B3 to NE`, `build D2 facing N`.
fn filler(word: &str) -> bool {
    matches!(
        word,
        "to" | "face" | "faces" | "facing" | "vers" | "ship" | "on" | "at" | "en" | "sur"
    )
}

/// Splits an act or a command into lower-case words; `-`, `>`, `=`, `:`, `/`, `(` and `)`
/// separate words like spaces do (`B2-B3`, `B3=NE`, `nord-est`).
fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| c.is_whitespace() || "->=:/()".contains(c))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

const ACT_FORMS: &str =
    "write a move \"B2-B3\" (or \"B2\"), a turn \"B3 turn NE\" (or \"B3 NE\"), a sinking \"sink C4\" or a rebuilding \"build D2 N\"";

/// How to write an act, in French (the notation's words are read in either language).
const ACT_FORMS_FR: &str =
    "écrivez un déplacement « B2-B3 » (ou « B2 »), une réorientation « B3 turn NE » (ou « B3 NE »), \
                            un coulage « sink C4 » ou une reconstruction « build D2 N »";

/// Why a line of Diabolik Fleet cannot be read, as a value; `Display` is the English,
/// [`Unread::words`] the words in a language.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unread {
    /// An act with nothing in it.
    #[error("an empty act: {ACT_FORMS}")]
    EmptyAct,
    /// Words that are no heading (`shown` as written).
    #[error("cannot read \"{shown}\": a heading is N, NE, E, SE, S, SW, W or NW; {ACT_FORMS}")]
    NotAHeading { shown: String },
    /// An act of no known shape.
    #[error("cannot read \"{text}\": {ACT_FORMS}")]
    Unreadable { text: String },
    /// Two keywords in one act.
    #[error("\"{text}\" mixes several acts: write one act between semicolons")]
    MixedActs { text: String },
    /// A turn without a heading.
    #[error("\"{text}\": say which heading, e.g. \"B3 turn NE\"")]
    NoHeading { text: String },
    /// A rebuilding without the new ship's heading.
    #[error("\"{text}\": say the new ship's heading, e.g. \"build D2 N\"")]
    NoBuildHeading { text: String },
    /// An empty line.
    #[error("an empty line: {ACT_FORMS}")]
    EmptyLine,
    /// `allies` alone.
    #[error("\"allies\" names the fleets you lend your ships to, or \"allies none\"")]
    NoAllies,
    /// A word of `deploy` that is no heading.
    #[error("deploy: \"{word}\" is not a heading (N, NE, E, SE, S, SW, W, NW)")]
    DeployHeading { word: String },
    /// The act `n` (from 1) of a turn, written `piece`, cannot be read.
    #[error("act {n} \"{piece}\": {why}")]
    InAct { n: usize, piece: String, why: Box<Unread> },
}

impl Worded for Unread {
    /// The words in `lang`.
    fn words(&self, lang: crate::lang::Lang) -> String {
        use Unread as U;
        if lang == crate::lang::Lang::En {
            return self.to_string();
        }
        match self {
            U::EmptyAct => format!("un acte vide : {ACT_FORMS_FR}"),
            U::NotAHeading { shown } => format!(
                "impossible de lire « {shown} » : une orientation s'écrit N, NE, E, SE, S, SW, W ou NW ; {ACT_FORMS_FR}"
            ),
            U::Unreadable { text } => format!("impossible de lire « {text} » : {ACT_FORMS_FR}"),
            U::MixedActs { text } => {
                format!("« {text} » mêle plusieurs actes : écrivez un seul acte entre deux points-virgules")
            }
            U::NoHeading { text } => format!("« {text} » : dites vers quelle orientation, p. ex. « B3 turn NE »"),
            U::NoBuildHeading { text } => {
                format!("« {text} » : dites l'orientation du nouveau navire, p. ex. « build D2 N »")
            }
            U::EmptyLine => format!("une ligne vide : {ACT_FORMS_FR}"),
            U::NoAllies => {
                "« allies » nomme les flottes auxquelles vous prêtez vos navires, ou « allies none »".to_string()
            }
            U::DeployHeading { word } => {
                format!("deploy : « {word} » n'est pas une orientation (N, NE, E, SE, S, SW, W, NW)")
            }
            U::InAct { n, piece, why } => format!("acte {n} « {piece} » : {}", why.words(lang)),
        }
    }
}

/// Reads one act.
pub fn parse_act(text: &str) -> Result<Act, Unread> {
    let words = words(text);
    if words.is_empty() {
        return Err(Unread::EmptyAct);
    }
    let mut squares = Vec::new();
    let mut keywords = Vec::new();
    let mut heading_words: Vec<&str> = Vec::new();
    for w in &words {
        if let Some(sq) = Sq::parse(w) {
            squares.push(sq);
        } else if let Some(k) = keyword(w) {
            if !keywords.contains(&k) {
                keywords.push(k);
            }
        } else if !filler(w) {
            heading_words.push(w);
        }
    }
    let heading = if heading_words.is_empty() {
        None
    } else {
        let joined = heading_words.concat();
        match Dir::parse(&joined) {
            Some(d) => Some(d),
            None => {
                let shown = heading_words.join(" ");
                return Err(Unread::NotAHeading { shown });
            }
        }
    };
    let kind = match keywords.as_slice() {
        [] => match (squares.len(), heading) {
            (1 | 2, None) => Keyword::Move,
            (1, Some(_)) => Keyword::Turn,
            _ => {
                return Err(Unread::Unreadable {
                    text: text.trim().to_string(),
                })
            }
        },
        [k] => *k,
        _ => {
            return Err(Unread::MixedActs {
                text: text.trim().to_string(),
            })
        }
    };
    let shape_error = || Unread::Unreadable {
        text: text.trim().to_string(),
    };
    match (kind, squares.as_slice(), heading) {
        (Keyword::Move, [from], None) => Ok(Act::Move { from: *from, to: None }),
        (Keyword::Move, [from, to], None) => Ok(Act::Move {
            from: *from,
            to: Some(*to),
        }),
        (Keyword::Turn, [at], Some(to)) => Ok(Act::Turn { at: *at, to }),
        (Keyword::Turn, [_], None) => Err(Unread::NoHeading {
            text: text.trim().to_string(),
        }),
        (Keyword::Sink, [at], None) => Ok(Act::Sink { at: *at }),
        (Keyword::Build, [at], Some(facing)) => Ok(Act::Build { at: *at, facing }),
        (Keyword::Build, [_], None) => Err(Unread::NoBuildHeading {
            text: text.trim().to_string(),
        }),
        _ => Err(shape_error()),
    }
}

/// Reads one line: a turn (acts separated by `;` or `,`) or one of the one-word commands.
pub fn parse_command(text: &str) -> Result<Command, Unread> {
    let all = words(&text.replace([';', ','], " "));
    let first = all.first().map(String::as_str).unwrap_or("");
    let rest = &all[all.len().min(1)..];
    match first {
        "" => return Err(Unread::EmptyLine),
        "pass" | "passe" if rest.is_empty() => return Ok(Command::Pass),
        "stop" if rest.is_empty() => return Ok(Command::Stop),
        "resign" | "abandon" if rest.is_empty() => return Ok(Command::Resign),
        "allies" | "allied" | "alliés" => {
            let names = match rest {
                [none] if none == "none" || none == "nobody" || none == "aucun" => Vec::new(),
                [] => return Err(Unread::NoAllies),
                names => names.to_vec(),
            };
            return Ok(Command::Allies(names));
        }
        "deploy" | "setup" | "déploie" | "deploie" => {
            let mut dirs = Vec::new();
            for w in rest {
                match Dir::parse(w) {
                    Some(d) => dirs.push(d),
                    None => return Err(Unread::DeployHeading { word: w.clone() }),
                }
            }
            return Ok(Command::Deploy(dirs));
        }
        _ => {}
    }
    let mut acts = Vec::new();
    for (n, piece) in text
        .split([';', ','])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .enumerate()
    {
        let act = parse_act(piece).map_err(|e| Unread::InAct {
            n: n + 1,
            piece: piece.to_string(),
            why: Box::new(e),
        })?;
        acts.push((piece.to_string(), act));
    }
    Ok(Command::Turn(acts))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Sq {
        Sq::parse(name).unwrap()
    }

    #[test]
    fn squares_and_headings_read_forgivingly() {
        assert_eq!(sq("b3"), Sq::new(1, 2));
        assert_eq!(sq("L12"), Sq::new(11, 11));
        assert_eq!(sq("B3").to_string(), "B3");
        assert_eq!(Sq::parse("3b"), None);
        assert_eq!(Sq::parse("b"), None);
        assert_eq!(Sq::parse("b123"), None);
        assert_eq!(Dir::parse("NE"), Some(Dir::NE));
        assert_eq!(Dir::parse("nordouest"), Some(Dir::NW));
        assert_eq!(Dir::parse("O"), Some(Dir::W));
        assert_eq!(Dir::parse("up"), None);
        assert_eq!(Dir::N.flanks(), [Dir::E, Dir::W]);
        assert_eq!(Dir::NE.flanks(), [Dir::SE, Dir::NW]);
        assert!(Dir::SW.parallel(Dir::NE));
        assert!(!Dir::N.parallel(Dir::NE));
    }

    #[test]
    fn every_act_has_several_spellings() {
        let mv = Act::Move {
            from: sq("B2"),
            to: Some(sq("B3")),
        };
        assert_eq!(parse_act("B2-B3"), Ok(mv));
        assert_eq!(parse_act(" b2 > b3 "), Ok(mv));
        assert_eq!(
            parse_act("move B2"),
            Ok(Act::Move {
                from: sq("B2"),
                to: None
            })
        );
        assert_eq!(
            parse_act("B2"),
            Ok(Act::Move {
                from: sq("B2"),
                to: None
            })
        );
        let turn = Act::Turn {
            at: sq("B3"),
            to: Dir::NE,
        };
        assert_eq!(parse_act("B3 turn NE"), Ok(turn));
        assert_eq!(parse_act("B3 NE"), Ok(turn));
        assert_eq!(parse_act("B3=NE"), Ok(turn));
        assert_eq!(parse_act("B3 to north-east"), Ok(turn));
        assert_eq!(parse_act("tourne B3 nord-est"), Ok(turn));
        assert_eq!(parse_act("sink C4"), Ok(Act::Sink { at: sq("C4") }));
        assert_eq!(parse_act("x c4"), Ok(Act::Sink { at: sq("C4") }));
        let build = Act::Build {
            at: sq("D2"),
            facing: Dir::N,
        };
        assert_eq!(parse_act("build D2 N"), Ok(build));
        assert_eq!(parse_act("rebuild D2 facing north"), Ok(build));
        // Written back, every act reads the same.
        for act in [
            mv,
            Act::Move {
                from: sq("B2"),
                to: None,
            },
            turn,
            Act::Sink { at: sq("C4") },
            build,
        ] {
            assert_eq!(parse_act(&act.to_string()), Ok(act));
        }
    }

    #[test]
    fn unreadable_acts_say_what_to_write() {
        let e = parse_act("B3 turn upward").unwrap_err().to_string();
        assert!(e.contains("\"upward\"") && e.contains("N, NE"), "{e}");
        let e = parse_act("B3 turn").unwrap_err().to_string();
        assert!(e.contains("which heading"), "{e}");
        let e = parse_act("sink C4 turn N").unwrap_err().to_string();
        assert!(e.contains("mixes"), "{e}");
        assert!(parse_act("B2 B3 B4").is_err());
        assert!(parse_act("build D2").unwrap_err().to_string().contains("heading"));
    }

    #[test]
    fn lines_are_commands_or_turns() {
        assert_eq!(parse_command("pass"), Ok(Command::Pass));
        assert_eq!(parse_command(" STOP "), Ok(Command::Stop));
        assert_eq!(parse_command("resign"), Ok(Command::Resign));
        assert_eq!(parse_command("allies none"), Ok(Command::Allies(vec![])));
        assert_eq!(
            parse_command("allies West, North"),
            Ok(Command::Allies(vec!["west".into(), "north".into()]))
        );
        assert_eq!(parse_command("deploy N"), Ok(Command::Deploy(vec![Dir::N])));
        assert_eq!(
            parse_command("deploy n, ne, n, n, n, n, nw, n").map(|c| match c {
                Command::Deploy(d) => d.len(),
                _ => 0,
            }),
            Ok(8)
        );
        let Ok(Command::Turn(acts)) = parse_command("B2-B3; B3 turn NE; sink C4;") else {
            panic!("a turn of three acts")
        };
        assert_eq!(acts.len(), 3);
        assert_eq!(acts[1].0, "B3 turn NE");
        let e = parse_command("B2-B3; B3 turn NEE").unwrap_err().to_string();
        assert!(e.starts_with("act 2 \"B3 turn NEE\""), "{e}");
        assert!(parse_command("   ").is_err());
        assert!(parse_command("deploy N up").unwrap_err().to_string().contains("\"up\""));
    }
}
