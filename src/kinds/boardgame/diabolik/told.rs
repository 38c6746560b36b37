//! What a game of Diabolik Fleet tells every player, as values: the rules in force, the
//! acts of a turn, the ships sunk and arrived, the fleets eliminated, how the game ended.
//! `Display` is the English (the words the position files, the tests and the logs know);
//! [`Told::words`] gives the French in the words of the rules (« navire », « boulet »,
//! « couler », « réorienter », « reconstruire », « tour bonus », « bord adverse »,
//! « moitié adverse », « partie nulle »).

use super::notation::{Dir, Sq};
use super::refused::Line;
use super::{side_fr, side_in};
use crate::lang::{Lang, Worded};
use std::fmt;

/// One act of a turn as done, as the turn's summary lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deed {
    /// A ship moved from `from` to `to`.
    Moved { from: Sq, to: Sq },
    /// The ship on `at` turned to `to`.
    Turned { at: Sq, to: Dir },
    /// The ship on `at` sunk; `owner`: its fleet, named when several fleets play.
    Sank { at: Sq, owner: Option<String> },
    /// A ship rebuilt on `at` heading `facing`.
    Rebuilt { at: Sq, facing: Dir },
}

/// Why a fleet cannot play its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    /// It can move a ship, but every turn it could play ends with two of its ships in file.
    InFile,
    /// No ship of it can move in its first or second act.
    NoMove,
}

/// Why a fleet leaves the game (with several players, it is eliminated).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Leaves {
    /// It has fewer ships afloat than `min`.
    Below { min: usize },
    /// It cannot play its turn.
    Blocked(Block),
    /// Its turn moved no ship in its first two acts, which were `acts`.
    FirstActs { acts: Vec<Deed> },
    /// It resigned.
    Resigns,
}

/// Why a game stops before a fleet wins: the tie-breaks decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Every fleet played the option `turns`' number of normal turns.
    Turns { turns: u32 },
    /// Every fleet wrote `stop`.
    Agreed,
}

/// A tie-break of a stopped game, in the rules' order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Ships arrived on the far row.
    FarRow,
    /// Ships in the enemy half of the board.
    EnemyHalf,
    /// Ships afloat.
    Afloat,
}

/// Something a game of Diabolik Fleet tells everyone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Told {
    // ---- the start -------------------------------------------------------------------------
    /// `fleet` plays first, drawn by lot.
    First { fleet: String },
    /// The rules in force: the board's `size`, the budgets, the wins; `duel`: two players.
    Rules {
        size: i32,
        cannonballs: u32,
        bonus: u32,
        arrivals: usize,
        min_fleet: usize,
        duel: bool,
    },
    /// The option `turns`: the game stops after `turns` normal turns each.
    TurnLimit { turns: u32 },
    /// `fleet` chooses its headings first, with `deploy`.
    DeployFirst { fleet: String },
    // ---- a turn ----------------------------------------------------------------------------
    /// The turn of `fleet` (`bonus`: its bonus turn): its acts, and the cannonballs spent.
    Turn {
        fleet: String,
        bonus: bool,
        deeds: Vec<Deed>,
        spent: u32,
    },
    /// `fleet` chose its ships' headings.
    Deployed { fleet: String, headings: Vec<(Sq, Dir)> },
    /// `fleet` declines its bonus turn.
    Declines { fleet: String },
    /// `fleet` asks to stop the game.
    AsksStop { fleet: String },
    /// The game stops once `waiting` also write `stop`.
    StopsOnce { waiting: Vec<String> },
    /// Any turn played withdraws the requests to stop.
    StopsLapse,
    /// `fleet` resigns.
    Resigns { fleet: String },
    /// `fleet` lends its ships for sinking to `to` (no one when empty).
    Lends { fleet: String, to: Vec<String> },
    /// `fleet` leaves the game: its first two acts moved no ship.
    FirstActs { fleet: String, acts: Vec<Deed> },
    /// A ship of `fleet` reached `far` on `sq` and stays there heading `facing`: `arrived`
    /// of `arrivals` needed.
    Arrived {
        fleet: String,
        far: Line,
        sq: Sq,
        facing: Dir,
        arrived: usize,
        arrivals: usize,
    },
    /// The ship of `owner` on `sq` sunk by `by` with the broadsides of `guns`; `left` afloat.
    Sunk {
        owner: String,
        sq: Sq,
        by: String,
        guns: Vec<Sq>,
        left: usize,
    },
    /// `fleet` is eliminated for `why`; its `ships` leave the board.
    Eliminated { fleet: String, why: Leaves, ships: usize },
    /// `fleet` sank and may play a bonus turn with `cannonballs`.
    Bonus { fleet: String, cannonballs: u32 },
    /// `fleet` sank but has no legal bonus turn.
    NoBonus { fleet: String },
    // ---- the end ---------------------------------------------------------------------------
    /// In a duel, `fleet` left for `why` and `winner` wins.
    Lost { fleet: String, why: Leaves, winner: String },
    /// `fleet` is the last fleet afloat.
    LastAfloat { fleet: String },
    /// `fleet` has `arrived` ships on its far row `far`.
    FarRowWin { fleet: String, arrived: usize, far: Line },
    /// `enemy` has only `left` ships afloat, fewer than `min`: `fleet` wins.
    Destroyed {
        enemy: String,
        left: usize,
        min: usize,
        fleet: String,
    },
    /// The game stopped for `why`; the tie-breaks `counted` (each fleet's count) decided for
    /// `winners` (none: a draw).
    TieBreak {
        why: Stop,
        counted: Vec<(Measure, Vec<(String, usize)>)>,
        winners: Vec<String>,
    },
}

pub(super) fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

pub(super) fn and_list(names: &[String], and: &str) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {and} {last}", init.join(", ")),
    }
}

fn squares(list: &[Sq]) -> String {
    list.iter().map(Sq::to_string).collect::<Vec<_>>().join(", ")
}

impl Deed {
    fn words(&self, lang: Lang) -> String {
        match (self, lang) {
            (Deed::Moved { from, to }, _) => format!("{from}-{to}"),
            (Deed::Turned { at, to }, Lang::En) => format!("{at} turns {to}"),
            (Deed::Turned { at, to }, Lang::Fr) => format!("{at} se réoriente {to}"),
            (Deed::Sank { at, owner: None }, Lang::En) => format!("sinks {at}"),
            (Deed::Sank { at, owner: Some(o) }, Lang::En) => format!("sinks {o}'s {at}"),
            (Deed::Sank { at, owner: None }, Lang::Fr) => format!("coule {at}"),
            (Deed::Sank { at, owner: Some(o) }, Lang::Fr) => format!("coule {at} de {}", side_fr(o)),
            (Deed::Rebuilt { at, facing }, Lang::En) => format!("rebuilds {at} heading {facing}"),
            (Deed::Rebuilt { at, facing }, Lang::Fr) => format!("reconstruit {at} orienté {facing}"),
        }
    }
}

fn deeds(list: &[Deed], lang: Lang) -> String {
    list.iter().map(|d| d.words(lang)).collect::<Vec<_>>().join(", ")
}

impl Block {
    fn en(self) -> &'static str {
        match self {
            Block::InFile => "can move a ship but cannot end a turn without two of its ships in file",
            Block::NoMove => "cannot move a ship in its first or second act",
        }
    }

    fn fr(self) -> &'static str {
        match self {
            Block::InFile => "peut déplacer un navire mais ne peut finir aucun tour sans deux de ses navires en file",
            Block::NoMove => "ne peut déplacer aucun navire à son 1er ou 2e acte",
        }
    }
}

impl Leaves {
    /// As an elimination says it: `falls below 3 ships`, `is blocked (it …)`.
    fn en(&self) -> String {
        match self {
            Leaves::Below { min } => format!("falls below {min} ships"),
            Leaves::Blocked(b) => format!("is blocked (it {})", b.en()),
            Leaves::FirstActs { acts } => {
                format!("moved no ship in its first or second act ({})", deeds(acts, Lang::En))
            }
            Leaves::Resigns => "resigns".to_string(),
        }
    }

    fn fr(&self) -> String {
        match self {
            Leaves::Below { min } => format!("passe sous les {min} navires"),
            Leaves::Blocked(b) => format!("a sa flotte bloquée (elle {})", b.fr()),
            Leaves::FirstActs { acts } => format!(
                "n'a déplacé aucun navire à son 1er ou 2e acte ({})",
                deeds(acts, Lang::Fr)
            ),
            Leaves::Resigns => "abandonne".to_string(),
        }
    }
}

impl Measure {
    fn en(self, first: bool) -> &'static str {
        match self {
            Measure::FarRow if first => "Ships on the far row",
            Measure::FarRow => "ships on the far row",
            Measure::EnemyHalf => "ships in the enemy half",
            Measure::Afloat => "ships afloat",
        }
    }

    fn fr(self, first: bool) -> &'static str {
        match self {
            Measure::FarRow if first => "Navires arrivés sur le bord adverse",
            Measure::FarRow => "navires arrivés sur le bord adverse",
            Measure::EnemyHalf => "navires sur la moitié adverse",
            Measure::Afloat => "navires à flot",
        }
    }
}

impl Stop {
    fn en(self) -> String {
        match self {
            Stop::Turns { turns } => format!(
                "The game stops after {} each",
                plural(turns as usize, "normal turn", "normal turns")
            ),
            Stop::Agreed => "Every fleet agrees to stop the game here".to_string(),
        }
    }

    fn fr(self) -> String {
        match self {
            Stop::Turns { turns } => format!(
                "La partie s'arrête après {} chacun",
                plural(turns as usize, "tour normal", "tours normaux")
            ),
            Stop::Agreed => "Toutes les flottes conviennent d'arrêter la partie ici".to_string(),
        }
    }
}

/// The tie-breaks counted: `Ships on the far row: South 2, North 3; …`.
fn counted(list: &[(Measure, Vec<(String, usize)>)], lang: Lang) -> String {
    (list.iter().enumerate())
        .map(|(k, (measure, counts))| {
            let shown: Vec<String> = counts
                .iter()
                .map(|(f, c)| format!("{} {c}", side_in(f, lang)))
                .collect();
            match lang {
                Lang::En => format!("{}: {}", measure.en(k == 0), shown.join(", ")),
                Lang::Fr => format!("{} : {}", measure.fr(k == 0), shown.join(", ")),
            }
        })
        .collect::<Vec<_>>()
        .join(if lang == Lang::Fr { " ; " } else { "; " })
}

impl Told {
    /// The French words, each fleet named as a French player names it (Sud, Ouest, Nord, Est).
    fn french(&self) -> String {
        let fr = side_fr;
        let all_fr = |list: &[String]| -> Vec<String> { list.iter().map(|f| fr(f).to_string()).collect() };
        match self {
            Told::First { fleet } => format!("{} joue en premier (tiré au sort).", fr(fleet)),
            Told::Rules {
                size,
                cannonballs,
                bonus,
                arrivals,
                min_fleet,
                duel,
            } => format!(
                "Diabolik Fleet sur {size}x{size} : {} par tour ({bonus} pour un tour bonus) ; {arrivals} navires \
                 sur le bord adverse gagnent ; une flotte sous les {} {}.",
                plural(*cannonballs as usize, "boulet", "boulets"),
                plural(*min_fleet, "navire", "navires"),
                if *duel { "perd" } else { "est éliminée" }
            ),
            Told::TurnLimit { turns } => format!(
                "La partie s'arrête après {} chacun ; les critères de départage décident alors.",
                plural(*turns as usize, "tour normal", "tours normaux")
            ),
            Told::DeployFirst { fleet } => format!(
                "{} choisit d'abord l'orientation de ses navires avec « deploy », puis chaque flotte dans \
                 l'ordre du tour.",
                fr(fleet)
            ),
            Told::Turn {
                fleet,
                bonus,
                deeds: done,
                spent,
            } => format!(
                "{}{} : {} ({})",
                fr(fleet),
                if *bonus { " (tour bonus)" } else { "" },
                deeds(done, Lang::Fr),
                plural(*spent as usize, "boulet", "boulets")
            ),
            Told::Deployed { fleet, headings } => format!(
                "{} oriente ses navires : {}",
                fr(fleet),
                headings
                    .iter()
                    .map(|(sq, d)| format!("{sq} {d}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Told::Declines { fleet } => format!("{} renonce à son tour bonus", fr(fleet)),
            Told::AsksStop { fleet } => format!("{} demande l'arrêt de la partie", fr(fleet)),
            Told::StopsOnce { waiting } => format!(
                "La partie s'arrête ici dès que {} {} aussi « stop », à moins que quelqu'un ne joue avant.",
                and_list(&all_fr(waiting), "et"),
                if waiting.len() == 1 { "écrit" } else { "écrivent" }
            ),
            Told::StopsLapse => "Les demandes d'arrêt tombent : la partie a continué.".to_string(),
            Told::Resigns { fleet } => format!("{} abandonne", fr(fleet)),
            Told::Lends { fleet, to } if to.is_empty() => format!("{} ne prête ses navires à personne", fr(fleet)),
            Told::Lends { fleet, to } => {
                format!(
                    "{} prête ses navires à {} pour couler",
                    fr(fleet),
                    and_list(&all_fr(to), "et")
                )
            }
            Told::FirstActs { fleet, acts } => {
                format!("{} {}", fr(fleet), Leaves::FirstActs { acts: acts.clone() }.fr())
            }
            Told::Arrived {
                fleet,
                far,
                sq,
                facing,
                arrived,
                arrivals,
            } => format!(
                "Le navire de {} atteint la {} en {sq} et y reste figé orienté {facing} ({arrived} sur \
                 {arrivals} nécessaires).",
                fr(fleet),
                far.fr()
            ),
            Told::Sunk {
                owner,
                sq,
                by,
                guns,
                left,
            } => {
                let (owner, by) = (fr(owner), fr(by));
                format!(
                    "Le navire de {owner} en {sq} est coulé par {by} (flancs de {}) ; il reste à {owner} {} à flot.",
                    squares(guns),
                    plural(*left, "navire", "navires")
                )
            }
            Told::Eliminated { fleet, why, ships } => format!(
                "{} {} et est éliminée ; {} quitte{} le plateau.",
                fr(fleet),
                why.fr(),
                if *ships == 1 {
                    "son navire".to_string()
                } else {
                    format!("ses {ships} navires")
                },
                if *ships == 1 { "" } else { "nt" }
            ),
            Told::Bonus { fleet, cannonballs } => format!(
                "{} a coulé pendant son tour et peut jouer un tour bonus ({cannonballs} boulets), ou écrire \
                 « pass ».",
                fr(fleet)
            ),
            Told::NoBonus { fleet } => {
                format!(
                    "{} a coulé mais n'a aucun tour bonus permis : le tour passe.",
                    fr(fleet)
                )
            }
            Told::Lost {
                fleet,
                why: Leaves::Blocked(b),
                winner,
            } => format!(
                "{} a sa flotte bloquée : elle {}. {} gagne.",
                fr(fleet),
                b.fr(),
                fr(winner)
            ),
            Told::Lost {
                fleet,
                why: Leaves::Resigns,
                winner,
            } => format!("{} abandonne. {} gagne.", fr(fleet), fr(winner)),
            Told::Lost { fleet, why, winner } => format!("{} {} : {} gagne.", fr(fleet), why.fr(), fr(winner)),
            Told::LastAfloat { fleet } => format!("{} est la dernière flotte à flot et gagne.", fr(fleet)),
            Told::FarRowWin { fleet, arrived, far } => format!(
                "{} a {arrived} navires sur son bord adverse ({}) et gagne.",
                fr(fleet),
                far.fr()
            ),
            Told::Destroyed {
                enemy,
                left,
                min,
                fleet,
            } => format!(
                "{} n'a plus que {} à flot, moins de {min} : {} gagne.",
                fr(enemy),
                plural(*left, "navire", "navires"),
                fr(fleet)
            ),
            Told::TieBreak {
                why,
                counted: list,
                winners,
            } => format!(
                "{}. {}. {}",
                why.fr(),
                counted(list, Lang::Fr),
                match winners.as_slice() {
                    [] => "Partie nulle.".to_string(),
                    [one] => format!("{} gagne.", fr(one)),
                    many => format!("{} se partagent la victoire.", and_list(&all_fr(many), "et")),
                }
            ),
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
            Told::First { fleet } => write!(f, "{fleet} moves first (drawn by lot)."),
            Told::Rules {
                size,
                cannonballs,
                bonus,
                arrivals,
                min_fleet,
                duel,
            } => write!(
                f,
                "Diabolik Fleet on {size}x{size}: {} a turn ({bonus} for a bonus turn); {arrivals} ships on the \
                 far row win; a fleet below {} {}.",
                plural(*cannonballs as usize, "cannonball", "cannonballs"),
                plural(*min_fleet, "ship", "ships"),
                if *duel { "loses" } else { "is eliminated" }
            ),
            Told::TurnLimit { turns } => write!(
                f,
                "The game stops after {} each; then the tie-breaks decide.",
                plural(*turns as usize, "normal turn", "normal turns")
            ),
            Told::DeployFirst { fleet } => write!(
                f,
                "{fleet} first chooses the headings of its ships with \"deploy\", then each fleet in turn order."
            ),
            Told::Turn {
                fleet,
                bonus,
                deeds: done,
                spent,
            } => write!(
                f,
                "{fleet}{}: {} ({})",
                if *bonus { " (bonus turn)" } else { "" },
                deeds(done, Lang::En),
                plural(*spent as usize, "cannonball", "cannonballs")
            ),
            Told::Deployed { fleet, headings } => write!(
                f,
                "{fleet} sets its headings: {}",
                headings
                    .iter()
                    .map(|(sq, d)| format!("{sq} {d}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Told::Declines { fleet } => write!(f, "{fleet} declines its bonus turn"),
            Told::AsksStop { fleet } => write!(f, "{fleet} asks to stop the game"),
            Told::StopsOnce { waiting } => write!(
                f,
                "The game stops here once {} also {} \"stop\", unless someone plays first.",
                and_list(waiting, "and"),
                if waiting.len() == 1 { "writes" } else { "write" }
            ),
            Told::StopsLapse => write!(f, "The requests to stop lapse: the game has moved on."),
            Told::Resigns { fleet } => write!(f, "{fleet} resigns"),
            Told::Lends { fleet, to } if to.is_empty() => write!(f, "{fleet} lends its ships to no one"),
            Told::Lends { fleet, to } => {
                write!(f, "{fleet} lends its ships to {} for sinking", and_list(to, "and"))
            }
            Told::FirstActs { fleet, acts } => {
                write!(f, "{fleet} {}", Leaves::FirstActs { acts: acts.clone() }.en())
            }
            Told::Arrived {
                fleet,
                far,
                sq,
                facing,
                arrived,
                arrivals,
            } => write!(
                f,
                "{fleet}'s ship reaches {far} on {sq} and stays there heading {facing} ({arrived} of {arrivals} needed)."
            ),
            Told::Sunk {
                owner,
                sq,
                by,
                guns,
                left,
            } => write!(
                f,
                "{owner}'s ship on {sq} is sunk by {by} (broadsides from {}); {owner} has {} afloat.",
                squares(guns),
                plural(*left, "ship", "ships")
            ),
            Told::Eliminated { fleet, why, ships } => write!(
                f,
                "{fleet} {} and is eliminated; its {} leave the board.",
                why.en(),
                plural(*ships, "ship", "ships")
            ),
            Told::Bonus { fleet, cannonballs } => write!(
                f,
                "{fleet} sank in its turn and may play a bonus turn ({cannonballs} cannonballs), or write \"pass\"."
            ),
            Told::NoBonus { fleet } => write!(f, "{fleet} sank but has no legal bonus turn: the turn passes."),
            Told::Lost {
                fleet,
                why: Leaves::Blocked(b),
                winner,
            } => write!(f, "{fleet} is blocked: it {}. {winner} wins.", b.en()),
            Told::Lost {
                fleet,
                why: Leaves::Resigns,
                winner,
            } => write!(f, "{fleet} resigns. {winner} wins."),
            Told::Lost { fleet, why, winner } => write!(f, "{fleet} {}: {winner} wins.", why.en()),
            Told::LastAfloat { fleet } => write!(f, "{fleet} is the last fleet afloat and wins."),
            Told::FarRowWin { fleet, arrived, far } => {
                write!(f, "{fleet} has {arrived} ships on its far row ({far}) and wins.")
            }
            Told::Destroyed {
                enemy,
                left,
                min,
                fleet,
            } => write!(
                f,
                "{enemy} has only {} afloat, fewer than {min}: {fleet} wins.",
                plural(*left, "ship", "ships")
            ),
            Told::TieBreak {
                why,
                counted: list,
                winners,
            } => write!(
                f,
                "{}. {}. {}",
                why.en(),
                counted(list, Lang::En),
                match winners.as_slice() {
                    [] => "A draw.".to_string(),
                    [one] => format!("{one} wins."),
                    many => format!("{} share the win.", and_list(many, "and")),
                }
            ),
        }
    }
}

/// What a game of Diabolik Fleet tells, as the board games' mail game carries it.
impl From<Told> for crate::kinds::boardgame::Told {
    fn from(t: Told) -> crate::kinds::boardgame::Told {
        crate::kinds::boardgame::Told::of(t)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn sq(text: &str) -> Sq {
        Sq::parse(text).unwrap()
    }

    /// One of each variant (the match makes a new variant fail to compile until it is here).
    pub(crate) fn every() -> Vec<Told> {
        let s = |x: &str| x.to_string();
        let acts = vec![
            Deed::Turned {
                at: sq("A2"),
                to: Dir::NE,
            },
            Deed::Rebuilt {
                at: sq("B2"),
                facing: Dir::N,
            },
        ];
        let all_deeds = vec![
            Deed::Moved {
                from: sq("A2"),
                to: sq("A3"),
            },
            Deed::Turned {
                at: sq("D4"),
                to: Dir::NE,
            },
            Deed::Sank {
                at: sq("D5"),
                owner: None,
            },
            Deed::Sank {
                at: sq("D5"),
                owner: Some(s("West")),
            },
            Deed::Rebuilt {
                at: sq("D2"),
                facing: Dir::N,
            },
        ];
        let counted = vec![
            (Measure::FarRow, vec![(s("South"), 1), (s("North"), 1)]),
            (Measure::EnemyHalf, vec![(s("South"), 2), (s("North"), 2)]),
            (Measure::Afloat, vec![(s("South"), 5), (s("North"), 6)]),
        ];
        let mut all = vec![
            Told::First { fleet: s("North") },
            Told::Rules {
                size: 8,
                cannonballs: 4,
                bonus: 4,
                arrivals: 3,
                min_fleet: 3,
                duel: true,
            },
            Told::Rules {
                size: 12,
                cannonballs: 1,
                bonus: 1,
                arrivals: 3,
                min_fleet: 1,
                duel: false,
            },
            Told::TurnLimit { turns: 1 },
            Told::TurnLimit { turns: 20 },
            Told::DeployFirst { fleet: s("South") },
            Told::Turn {
                fleet: s("South"),
                bonus: false,
                deeds: all_deeds.clone(),
                spent: 4,
            },
            Told::Turn {
                fleet: s("South"),
                bonus: true,
                deeds: all_deeds[..1].to_vec(),
                spent: 1,
            },
            Told::Deployed {
                fleet: s("South"),
                headings: vec![(sq("A2"), Dir::N), (sq("B2"), Dir::NE)],
            },
            Told::Declines { fleet: s("South") },
            Told::AsksStop { fleet: s("South") },
            Told::StopsOnce {
                waiting: vec![s("North")],
            },
            Told::StopsOnce {
                waiting: vec![s("West"), s("North"), s("East")],
            },
            Told::StopsLapse,
            Told::Resigns { fleet: s("South") },
            Told::Lends {
                fleet: s("South"),
                to: vec![],
            },
            Told::Lends {
                fleet: s("South"),
                to: vec![s("West"), s("East")],
            },
            Told::FirstActs {
                fleet: s("South"),
                acts: acts.clone(),
            },
            Told::Arrived {
                fleet: s("South"),
                far: Line::Row(8),
                sq: sq("C8"),
                facing: Dir::N,
                arrived: 1,
                arrivals: 3,
            },
            Told::Sunk {
                owner: s("North"),
                sq: sq("D5"),
                by: s("South"),
                guns: vec![sq("C4"), sq("E4")],
                left: 1,
            },
            Told::Bonus {
                fleet: s("South"),
                cannonballs: 4,
            },
            Told::NoBonus { fleet: s("South") },
            Told::LastAfloat { fleet: s("East") },
            Told::FarRowWin {
                fleet: s("South"),
                arrived: 3,
                far: Line::Row(8),
            },
            Told::Destroyed {
                enemy: s("North"),
                left: 2,
                min: 3,
                fleet: s("South"),
            },
        ];
        let whys = [
            Leaves::Below { min: 3 },
            Leaves::Blocked(Block::InFile),
            Leaves::Blocked(Block::NoMove),
            Leaves::FirstActs { acts },
            Leaves::Resigns,
        ];
        for why in whys {
            for ships in [1, 5] {
                all.push(Told::Eliminated {
                    fleet: s("West"),
                    why: why.clone(),
                    ships,
                });
            }
            all.push(Told::Lost {
                fleet: s("North"),
                why,
                winner: s("South"),
            });
        }
        for (why, winners) in [
            (Stop::Turns { turns: 10 }, vec![s("North")]),
            (Stop::Agreed, vec![]),
            (Stop::Agreed, vec![s("South"), s("North")]),
        ] {
            all.push(Told::TieBreak {
                why,
                counted: counted.clone(),
                winners,
            });
        }
        for t in &all {
            match t {
                Told::First { .. }
                | Told::Rules { .. }
                | Told::TurnLimit { .. }
                | Told::DeployFirst { .. }
                | Told::Turn { .. }
                | Told::Deployed { .. }
                | Told::Declines { .. }
                | Told::AsksStop { .. }
                | Told::StopsOnce { .. }
                | Told::StopsLapse
                | Told::Resigns { .. }
                | Told::Lends { .. }
                | Told::FirstActs { .. }
                | Told::Arrived { .. }
                | Told::Sunk { .. }
                | Told::Eliminated { .. }
                | Told::Bonus { .. }
                | Told::NoBonus { .. }
                | Told::Lost { .. }
                | Told::LastAfloat { .. }
                | Told::FarRowWin { .. }
                | Told::Destroyed { .. }
                | Told::TieBreak { .. } => {}
            }
        }
        all
    }

    #[test]
    fn a_turn_is_told_in_the_words_of_the_rules() {
        let turn = Told::Turn {
            fleet: "South".into(),
            bonus: false,
            deeds: vec![
                Deed::Moved {
                    from: sq("A2"),
                    to: sq("A3"),
                },
                Deed::Sank {
                    at: sq("D5"),
                    owner: None,
                },
            ],
            spent: 1,
        };
        assert_eq!(turn.to_string(), "South: A2-A3, sinks D5 (1 cannonball)");
        assert_eq!(turn.words(Lang::Fr), "Sud : A2-A3, coule D5 (1 boulet)");
    }

    /// A side's name (Sud) is no feminine noun: what agrees is its fleet, named
    /// (« Sud a sa flotte bloquée »), not the side (« Sud est bloquée »).
    #[test]
    fn a_blocked_fleet_agrees_with_la_flotte_not_with_the_side() {
        for why in [Leaves::Blocked(Block::InFile), Leaves::Blocked(Block::NoMove)] {
            let lost = Told::Lost {
                fleet: "North".into(),
                why: why.clone(),
                winner: "South".into(),
            };
            let out = Told::Eliminated {
                fleet: "West".into(),
                why,
                ships: 4,
            };
            for fr in [lost.words(Lang::Fr), out.words(Lang::Fr)] {
                assert!(fr.contains("a sa flotte bloquée"), "{fr}");
                assert!(!fr.contains("est bloquée"), "{fr}");
            }
        }
    }
}
