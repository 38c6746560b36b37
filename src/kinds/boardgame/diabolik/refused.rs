//! Why a Diabolik Fleet move is refused, as a value. `Display` is the English (the words the
//! position files and the tests know); [`Refused::words`] gives them in a language.

use super::notation::{Dir, Sq, Unread};
use crate::lang::{Lang, Worded};
use std::fmt;

/// A row or a file of the board, as a fleet's lines are named (`row 8`, `file H`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A row, numbered from 1.
    Row(i32),
    /// A file, by its letter.
    File(char),
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Line::Row(n) => write!(f, "row {n}"),
            Line::File(c) => write!(f, "file {c}"),
        }
    }
}

impl Line {
    pub(super) fn fr(self) -> String {
        match self {
            Line::Row(n) => format!("rangée {n}"),
            Line::File(c) => format!("colonne {c}"),
        }
    }
}

/// What an act would spend cannonballs on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spend {
    /// Moving the ship on `from`, beside the enemy ships `enemies`.
    Moving { from: Sq, enemies: Vec<Sq> },
    /// Turning the ship on `at`, beside the enemy ships `enemies`.
    Turning { at: Sq, enemies: Vec<Sq> },
    /// Rebuilding a ship on `at`.
    Rebuilding { at: Sq },
}

fn squares(list: &[Sq]) -> String {
    list.iter().map(Sq::to_string).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for Spend {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let beside = |enemies: &[Sq]| match enemies {
            [] => String::new(),
            [one] => format!(" beside an enemy ship ({one})"),
            many => format!(" beside {} enemy ships ({})", many.len(), squares(many)),
        };
        match self {
            Spend::Moving { from, enemies } => write!(f, "moving from {from}{}", beside(enemies)),
            Spend::Turning { at, enemies } => write!(f, "turning {at}{}", beside(enemies)),
            Spend::Rebuilding { at } => write!(f, "rebuilding on {at}"),
        }
    }
}

impl Spend {
    fn fr(&self) -> String {
        let beside = |enemies: &[Sq]| match enemies {
            [] => String::new(),
            [one] => format!(" à côté d'un navire ennemi ({one})"),
            many => format!(" à côté de {} navires ennemis ({})", many.len(), squares(many)),
        };
        match self {
            Spend::Moving { from, enemies } => format!("déplacer le navire de {from}{}", beside(enemies)),
            Spend::Turning { at, enemies } => format!("réorienter {at}{}", beside(enemies)),
            Spend::Rebuilding { at } => format!("reconstruire en {at}"),
        }
    }
}

/// Two ships of one fleet in file: one behind the other, both pointing along the line `on`
/// (`None`: a diagonal), with their headings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InFile {
    pub p: Sq,
    pub p_facing: Option<Dir>,
    pub q: Sq,
    pub q_facing: Option<Dir>,
    pub on: Option<Line>,
}

fn facing(d: Option<Dir>) -> &'static str {
    d.map_or("?", Dir::name)
}

impl fmt::Display for InFile {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let on = self.on.map_or("a diagonal".to_string(), |l| l.to_string());
        write!(
            f,
            "{} ({}) and {} ({}) are in file on {on}",
            self.p,
            facing(self.p_facing),
            self.q,
            facing(self.q_facing)
        )
    }
}

impl InFile {
    fn fr(&self) -> String {
        let on = self
            .on
            .map_or("une diagonale".to_string(), |l| format!("la {}", l.fr()));
        format!(
            "{} ({}) et {} ({}) sont en file sur {on}",
            self.p,
            facing(self.p_facing),
            self.q,
            facing(self.q_facing)
        )
    }
}

/// One act of a turn refused by the board, with its squares and ships.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActRefused {
    /// A square outside the board (`last`: its far corner).
    #[error("{sq} is off the board (A1 to {last})")]
    OffBoard { sq: Sq, last: Sq },
    /// No ship there.
    #[error("there is no ship on {sq}")]
    NoShip { sq: Sq },
    /// Another fleet's ship.
    #[error("the ship on {sq} is {owner}'s, not yours")]
    NotYourShip { sq: Sq, owner: String },
    /// The act costs more than the turn has left.
    #[error("{what} costs {cost} and only {} left: the turn would cost {} cannonballs, the budget is {budget}", balls(*.left), .spent + .cost)]
    TooDear {
        what: Spend,
        cost: u32,
        left: u32,
        spent: u32,
        budget: u32,
    },
    /// The ship has reached its far row (`far`) and stays.
    #[error("the ship on {sq} has reached {far} and can no longer move")]
    Arrived { sq: Sq, far: Line },
    /// The square ahead is off the board.
    #[error("the ship on {sq} heads {facing}, off the board: it cannot move")]
    AheadOffBoard { sq: Sq, facing: Dir },
    /// A destination not straight ahead.
    #[error("the ship on {sq} heads {facing}: it can only move to {ahead} (a ship moves one square straight ahead)")]
    NotAhead { sq: Sq, facing: Dir, ahead: Sq },
    /// A ship is there (`owner`: its fleet, `None` for the player's own).
    #[error("{sq} is occupied by {} ship", owner.as_ref().map_or("your own".to_string(), |o| format!("{o}'s")))]
    Occupied { sq: Sq, owner: Option<String> },
    /// The player's own first row (`line`).
    #[error("{sq} is on your own first row ({line}): your ships never move there")]
    FirstRow { sq: Sq, line: Line },
    /// A ship on its far row keeps its heading.
    #[error("the ship on {sq} has reached {far} and keeps its heading {facing} for good")]
    KeepsHeading { sq: Sq, far: Line, facing: Dir },
    /// A turn to the heading it has.
    #[error("the ship on {sq} already heads {facing}")]
    AlreadyHeads { sq: Sq, facing: Dir },
    /// A sinking before any ship moved this turn.
    #[error("you must move a ship before sinking (turning is not moving)")]
    MoveBeforeSinking,
    /// Sinking one's own ship.
    #[error("the ship on {sq} is your own")]
    OwnShip { sq: Sq },
    /// A ship on its far row cannot be sunk.
    #[error("{owner}'s ship on {sq} has reached its far row ({far}) and can no longer be sunk")]
    Unsinkable { owner: String, sq: Sq, far: Line },
    /// Not two flanking ships (`one`: the player's only one, if any; `joint`: allies may lend).
    #[error(
        "sinking {sq} takes two of your ships beside it{}, each showing it a flank (bow at right angles to {sq}); {}",
        if *.joint { " (or one of yours and one lent by an ally)" } else { "" },
        .one.map_or("none of yours does".to_string(), |one| format!("only {one} does"))
    )]
    NoBroadsides { sq: Sq, one: Option<Sq>, joint: bool },
    /// Every ship of the fleet is afloat.
    #[error("you have no sunk ship to rebuild")]
    NothingToRebuild,
    /// Not a building square (`first` to `last` on the second row).
    #[error("{sq} is not one of your building squares: {first} to {last} on your second row")]
    NotHome { sq: Sq, first: Sq, last: Sq },
    /// An enemy ship beside the building square (`owner`: its fleet, if known).
    #[error("{sq} neighbours {}'s ship on {enemy}: a ship is rebuilt away from enemy ships", owner.as_deref().unwrap_or("an enemy"))]
    NearEnemy { sq: Sq, owner: Option<String>, enemy: Sq },
}

fn balls(left: u32) -> String {
    match left {
        1 => "1 cannonball is".to_string(),
        n => format!("{n} cannonballs are"),
    }
}

impl ActRefused {
    /// The words in `lang`.
    pub fn words(&self, lang: Lang) -> String {
        use ActRefused as A;
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            A::OffBoard { sq, last } => format!("{sq} est hors du plateau (A1 à {last})"),
            A::NoShip { sq } => format!("il n'y a pas de navire en {sq}"),
            A::NotYourShip { sq, owner } => {
                format!("le navire en {sq} est à {}, pas à vous", super::side_fr(owner))
            }
            A::TooDear { what, cost, left, spent, budget } => format!(
                "{} coûte {cost} et il ne reste que {} : le tour coûterait {} boulets, le budget est de {budget}",
                what.fr(),
                match left {
                    0 | 1 => format!("{left} boulet"),
                    n => format!("{n} boulets"),
                },
                spent + cost
            ),
            A::Arrived { sq, far } => {
                format!("le navire en {sq} a atteint la {} et ne peut plus se déplacer", far.fr())
            }
            A::AheadOffBoard { sq, facing } => {
                format!("le navire en {sq} est orienté {facing}, vers l'extérieur du plateau : il ne peut pas avancer")
            }
            A::NotAhead { sq, facing, ahead } => format!(
                "le navire en {sq} est orienté {facing} : il ne peut aller qu'en {ahead}                  (un navire avance d'une case droit devant lui)"
            ),
            A::Occupied { sq, owner: None } => format!("{sq} est occupée par un de vos navires"),
            A::Occupied { sq, owner: Some(o) } => format!("{sq} est occupée par un navire de {}", super::side_fr(o)),
            A::FirstRow { sq, line } => format!(
                "{sq} est sur votre propre première ligne ({}) : vos navires n'y vont jamais",
                line.fr()
            ),
            A::KeepsHeading { sq, far, facing } => format!(
                "le navire en {sq} a atteint la {} et garde pour de bon son orientation {facing}",
                far.fr()
            ),
            A::AlreadyHeads { sq, facing } => format!("le navire en {sq} est déjà orienté {facing}"),
            A::MoveBeforeSinking => {
                "vous devez déplacer un navire avant de couler (réorienter n'est pas déplacer)".to_string()
            }
            A::OwnShip { sq } => format!("le navire en {sq} est le vôtre"),
            A::Unsinkable { owner, sq, far } => format!(
                "le navire de {} en {sq} a atteint sa dernière ligne ({}) et ne peut plus être coulé",
                super::side_fr(owner),
                far.fr()
            ),
            A::NoBroadsides { sq, one, joint } => format!(
                "couler {sq} demande deux de vos navires à côté de lui{}, chacun lui présentant le flanc                  (proue à angle droit de {sq}) ; {}",
                if *joint { " (ou un des vôtres et un prêté par un allié)" } else { "" },
                one.map_or("vous n'en avez aucun".to_string(), |one| format!("seul {one} le fait"))
            ),
            A::NothingToRebuild => "vous n'avez aucun navire coulé à reconstruire".to_string(),
            A::NotHome { sq, first, last } => format!(
                "{sq} n'est pas une de vos cases de construction : de {first} à {last} sur votre deuxième ligne"
            ),
            A::NearEnemy { sq, owner, enemy } => format!(
                "{sq} touche {} en {enemy} : un navire est reconstruit loin des navires ennemis",
                owner.as_ref().map_or("un navire ennemi".to_string(), |o| format!("le navire de {}", super::side_fr(o)))
            ),
        }
    }
}

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
    /// The act `n` (from 1) of a turn, written `written`, is refused by the board.
    #[error("act {n} \"{written}\": {why}")]
    Act { n: usize, written: String, why: ActRefused },
    /// Another fleet is to play (`mover`).
    #[error("it is {mover}'s turn")]
    NotYourTurn { mover: String },
    /// The player must choose the headings first.
    #[error("first choose the headings of your ships: \"deploy N\" (all), or one heading per ship")]
    DeployFirst,
    /// Another fleet is choosing its headings.
    #[error("{fleet} is choosing its headings")]
    Deploying { fleet: String },
    /// A turn without acts.
    #[error("an empty turn: write its acts separated by \";\"")]
    EmptyTurn,
    /// Act `n` comes after two acts that moved no ship (house rule forgiving-first-acts).
    #[error(
        "act {n} \"{written}\": no ship moved in acts 1 and 2; a turn must move a ship in its first or second act"
    )]
    NoMoveInTwo { n: usize, written: String },
    /// The turn moved no ship (house rule forgiving-first-acts).
    #[error("the turn moves no ship: a ship must move in act 1 or 2")]
    NoShipMoved,
    /// The turn would leave two of the fleet's ships in file.
    #[error(
        "the turn ends with two of your ships in file: {file} (one behind the other, both pointing along the line)"
    )]
    EndsInFile { file: InFile },
    /// `deploy` after the start.
    #[error("the headings are chosen once, before the first turn")]
    DeployedAlready,
    /// `deploy` with a wrong count of headings (`given`; the ships stand `first` to `last`).
    #[error(
        "deploy: give one heading for all your ships or one for each of the {ships} ({first} to {last}), not {given}"
    )]
    DeployCount {
        ships: usize,
        first: Sq,
        last: Sq,
        given: usize,
    },
    /// `deploy` would put two ships in file.
    #[error("deploy: {file} (one behind the other, both pointing along the line): no two of your ships may stand so")]
    DeployInFile { file: InFile },
    /// `pass` on a normal turn.
    #[error("\"pass\" declines a bonus turn, and this is a normal turn: you must play it")]
    NoBonusToPass,
    /// `allies` in a game without joint sinking.
    #[error("\"allies\" is for joint sinking, which this game does not use (option joint-sinking)")]
    NoJointSinking,
    /// `allies` naming the player's own fleet.
    #[error("\"allies\": name the other fleets you lend your ships to")]
    AllyOfItself,
    /// `allies` naming no fleet of the game (`fleets`: those there are).
    #[error("\"allies\": no fleet is called \"{name}\" (the fleets are {})", .fleets.join(", "))]
    NoSuchFleet { name: String, fleets: Vec<String> },
}

impl Worded for Refused {
    /// The words in `lang`.
    fn words(&self, lang: Lang) -> String {
        match (self, lang) {
            (_, Lang::En) => self.to_string(),
            (Refused::Unread(u), _) => u.words(lang),
            (Refused::NoSide { side }, Lang::Fr) => format!("il n'y a pas de camp {side}"),
            (Refused::GameOver, Lang::Fr) => "la partie est terminée".to_string(),
            (Refused::Out { fleet }, Lang::Fr) => format!("{} est hors jeu", super::side_fr(fleet)),
            (Refused::Act { n, written, why }, _) => format!("acte {n} « {written} » : {}", why.words(lang)),
            (Refused::NotYourTurn { mover }, _) => format!("c'est à {} de jouer", super::side_fr(mover)),
            (Refused::DeployFirst, _) => {
                "choisissez d'abord l'orientation de vos navires : « deploy N » (tous), ou une orientation par navire"
                    .to_string()
            }
            (Refused::Deploying { fleet }, _) => {
                format!("{} choisit l'orientation de ses navires", super::side_fr(fleet))
            }
            (Refused::EmptyTurn, _) => "un tour vide : écrivez ses actes séparés par « ; »".to_string(),
            (Refused::NoMoveInTwo { n, written }, _) => format!(
                "acte {n} « {written} » : aucun navire déplacé aux actes 1 et 2 ; un tour doit déplacer un navire \
                 à son premier ou à son deuxième acte"
            ),
            (Refused::NoShipMoved, _) => {
                "le tour ne déplace aucun navire : un navire doit se déplacer à l'acte 1 ou 2".to_string()
            }
            (Refused::EndsInFile { file }, _) => format!(
                "le tour finit avec deux de vos navires en file : {} (l'un derrière l'autre, tous deux pointés \
                 dans l'axe de la ligne)",
                file.fr()
            ),
            (Refused::DeployedAlready, _) => {
                "l'orientation se choisit une seule fois, avant le premier tour".to_string()
            }
            (
                Refused::DeployCount {
                    ships,
                    first,
                    last,
                    given,
                },
                _,
            ) => format!(
                "deploy : donnez une orientation pour tous vos navires ou une pour chacun des {ships} \
                 ({first} à {last}), pas {given}"
            ),
            (Refused::DeployInFile { file }, _) => format!(
                "deploy : {} (l'un derrière l'autre, tous deux pointés dans l'axe de la ligne) : \
                 deux de vos navires ne peuvent pas se placer ainsi",
                file.fr()
            ),
            (Refused::NoBonusToPass, _) => {
                "« pass » refuse un tour bonus, et ce tour est un tour normal : vous devez le jouer".to_string()
            }
            (Refused::NoJointSinking, _) => {
                "« allies » sert au coulage conjoint, que cette partie n'utilise pas (option joint-sinking)".to_string()
            }
            (Refused::AllyOfItself, _) => {
                "« allies » : nommez les autres flottes auxquelles vous prêtez vos navires".to_string()
            }
            (Refused::NoSuchFleet { name, fleets }, _) => format!(
                "« allies » : aucune flotte ne s'appelle « {name} » (les flottes sont {})",
                fleets.iter().map(|f| super::side_fr(f)).collect::<Vec<_>>().join(", ")
            ),
        }
    }
}

/// A refusal of Diabolik Fleet, as the board games' mail game carries it.
impl From<Refused> for crate::kinds::boardgame::Refused {
    fn from(r: Refused) -> crate::kinds::boardgame::Refused {
        crate::kinds::boardgame::Refused::of(r)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// One of each variant, the reading ones inside an act too.
    pub(crate) fn every() -> Vec<Refused> {
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
        let sq = |name: &str| Sq::parse(name).unwrap();
        let acts = vec![
            ActRefused::OffBoard {
                sq: sq("J3"),
                last: sq("H8"),
            },
            ActRefused::NoShip { sq: sq("C3") },
            ActRefused::NotYourShip {
                sq: sq("C3"),
                owner: "North".into(),
            },
            ActRefused::TooDear {
                what: Spend::Moving {
                    from: sq("C3"),
                    enemies: vec![sq("D4")],
                },
                cost: 2,
                left: 1,
                spent: 3,
                budget: 4,
            },
            ActRefused::TooDear {
                what: Spend::Turning {
                    at: sq("C3"),
                    enemies: vec![sq("D4"), sq("B4")],
                },
                cost: 3,
                left: 2,
                spent: 2,
                budget: 4,
            },
            ActRefused::TooDear {
                what: Spend::Rebuilding { at: sq("C2") },
                cost: 3,
                left: 0,
                spent: 4,
                budget: 4,
            },
            ActRefused::Arrived {
                sq: sq("C8"),
                far: Line::Row(8),
            },
            ActRefused::AheadOffBoard {
                sq: sq("C8"),
                facing: Dir::N,
            },
            ActRefused::NotAhead {
                sq: sq("C3"),
                facing: Dir::N,
                ahead: sq("C4"),
            },
            ActRefused::Occupied {
                sq: sq("C4"),
                owner: None,
            },
            ActRefused::Occupied {
                sq: sq("C4"),
                owner: Some("North".into()),
            },
            ActRefused::FirstRow {
                sq: sq("C1"),
                line: Line::Row(1),
            },
            ActRefused::KeepsHeading {
                sq: sq("H3"),
                far: Line::File('H'),
                facing: Dir::E,
            },
            ActRefused::AlreadyHeads {
                sq: sq("C3"),
                facing: Dir::N,
            },
            ActRefused::MoveBeforeSinking,
            ActRefused::OwnShip { sq: sq("C3") },
            ActRefused::Unsinkable {
                owner: "North".into(),
                sq: sq("C1"),
                far: Line::Row(1),
            },
            ActRefused::NoBroadsides {
                sq: sq("D5"),
                one: None,
                joint: false,
            },
            ActRefused::NoBroadsides {
                sq: sq("D5"),
                one: Some(sq("C5")),
                joint: true,
            },
            ActRefused::NothingToRebuild,
            ActRefused::NotHome {
                sq: sq("A2"),
                first: sq("B2"),
                last: sq("G2"),
            },
            ActRefused::NearEnemy {
                sq: sq("C2"),
                owner: Some("North".into()),
                enemy: sq("D3"),
            },
            ActRefused::NearEnemy {
                sq: sq("C2"),
                owner: None,
                enemy: sq("D3"),
            },
        ];
        for a in &acts {
            // A new variant fails to compile here until it is in the list above.
            match a {
                ActRefused::OffBoard { .. }
                | ActRefused::NoShip { .. }
                | ActRefused::NotYourShip { .. }
                | ActRefused::TooDear { .. }
                | ActRefused::Arrived { .. }
                | ActRefused::AheadOffBoard { .. }
                | ActRefused::NotAhead { .. }
                | ActRefused::Occupied { .. }
                | ActRefused::FirstRow { .. }
                | ActRefused::KeepsHeading { .. }
                | ActRefused::AlreadyHeads { .. }
                | ActRefused::MoveBeforeSinking
                | ActRefused::OwnShip { .. }
                | ActRefused::Unsinkable { .. }
                | ActRefused::NoBroadsides { .. }
                | ActRefused::NothingToRebuild
                | ActRefused::NotHome { .. }
                | ActRefused::NearEnemy { .. } => {}
            }
        }
        let file = InFile {
            p: sq("B2"),
            p_facing: Some(Dir::N),
            q: sq("B3"),
            q_facing: Some(Dir::N),
            on: Some(Line::File('B')),
        };
        all.extend([
            Refused::NotYourTurn { mover: "North".into() },
            Refused::DeployFirst,
            Refused::Deploying { fleet: "North".into() },
            Refused::EmptyTurn,
            Refused::NoMoveInTwo {
                n: 3,
                written: "B3 NE".into(),
            },
            Refused::NoShipMoved,
            Refused::EndsInFile { file: file.clone() },
            Refused::DeployedAlready,
            Refused::DeployCount {
                ships: 8,
                first: sq("A2"),
                last: sq("H2"),
                given: 2,
            },
            Refused::DeployInFile {
                file: InFile { on: None, ..file },
            },
            Refused::NoBonusToPass,
            Refused::NoJointSinking,
            Refused::AllyOfItself,
            Refused::NoSuchFleet {
                name: "Nord".into(),
                fleets: vec!["North".into(), "South".into()],
            },
        ]);
        all.extend(acts.into_iter().enumerate().map(|(n, why)| Refused::Act {
            n: n + 1,
            written: "C3-C4".into(),
            why,
        }));
        all
    }

    #[test]
    fn the_words_of_an_act_name_its_facts() {
        let r = Refused::Act {
            n: 2,
            written: "B3 NE".into(),
            why: ActRefused::TooDear {
                what: Spend::Turning {
                    at: Sq::parse("B3").unwrap(),
                    enemies: vec![Sq::parse("C4").unwrap()],
                },
                cost: 2,
                left: 1,
                spent: 3,
                budget: 4,
            },
        };
        assert_eq!(
            r.to_string(),
            "act 2 \"B3 NE\": turning B3 beside an enemy ship (C4) costs 2 and only 1 cannonball is left: \
             the turn would cost 5 cannonballs, the budget is 4"
        );
        assert_eq!(
            r.words(Lang::Fr),
            "acte 2 « B3 NE » : réorienter B3 à côté d'un navire ennemi (C4) coûte 2 et il ne reste que 1 boulet : \
             le tour coûterait 5 boulets, le budget est de 4"
        );
    }

    #[test]
    fn every_typed_refusal_is_sampled() {
        for r in every() {
            // A new variant fails to compile here until it is in the list.
            match r {
                Refused::Unread(_)
                | Refused::NoSide { .. }
                | Refused::GameOver
                | Refused::Out { .. }
                | Refused::Act { .. }
                | Refused::NotYourTurn { .. }
                | Refused::DeployFirst
                | Refused::Deploying { .. }
                | Refused::EmptyTurn
                | Refused::NoMoveInTwo { .. }
                | Refused::NoShipMoved
                | Refused::EndsInFile { .. }
                | Refused::DeployedAlready
                | Refused::DeployCount { .. }
                | Refused::DeployInFile { .. }
                | Refused::NoBonusToPass
                | Refused::NoJointSinking
                | Refused::AllyOfItself
                | Refused::NoSuchFleet { .. } => {}
            }
        }
        assert_eq!(
            every()[9].words(Lang::Fr),
            "acte 2 « B3 up » : impossible de lire « up » : une orientation s'écrit N, NE, E, SE, S, SW, W ou NW ; \
             écrivez un déplacement « B2-B3 » (ou « B2 »), une réorientation « B3 turn NE » (ou « B3 NE »), \
             un coulage « sink C4 » ou une reconstruction « build D2 N »"
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
