//! The typed views of the templates (issue #17): each template renders one struct made for
//! it, so what a template can use is written in one place, and a field a letter forgets is a
//! compile error rather than a render error in a game.
//!
//! A [`View`] is one of these structs; its variant names the template (`NAME.txt`, with
//! `NAME.html` where there is one), so no letter names a template by a free string. The
//! field names are the template variables, the same as before the views, so that the
//! overrides in a game's `templates/` keep working.
//!
//! Hidden information stays visible in the types: a view sent to everyone has no field that
//! could say who plays God or the Devil.

use crate::game::commands::LineError;
use serde::Serialize;
use tera::Context;

/// What every letter to a player can use: the game, the recipient, the phase.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Common {
    /// The game's name (`game:` of the game file).
    pub game: String,
    /// The kind of game, in words ("Diplomacy", "Diable et Bon Dieu", a board game's title).
    pub title: String,
    /// The referee's name, to sign with.
    pub referee: String,
    /// The recipient's own role.
    pub role: String,
    /// The recipient's name, as registered.
    pub name: String,
    /// The phase (a Diplomacy phase in the reader's language, or the board game's).
    pub phase: String,
    /// The current deadline in the reader's time zone and in UTC, in the reader's
    /// language; empty when there is none.
    pub deadline: String,
    /// The state file's commitment (the hash of the seed), empty before the game starts.
    pub commitment: String,
}

/// `rejection.txt`: a message not acted on, to its sender, whoever that is. Nothing in it
/// depends on the game's secrets: only what the sender wrote and why it was refused.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Rejection {
    /// Always empty: a refusal does not say which game it was about (a probe would learn
    /// that the game exists). Kept so that an override may test it.
    pub game: String,
    /// The sender's display name, empty when the message had none.
    pub name: String,
    /// The subject of the refused message.
    pub subject: String,
    /// The referee's name.
    pub referee: String,
    /// Why it was refused, one line.
    pub reason: String,
}

/// `press.txt`: press relayed to one of its recipients.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Press {
    /// The recipient, the game, the phase.
    #[serde(flatten)]
    pub common: Common,
    /// Who sent it: the sender's role, or `anonymous` where the game allows it.
    pub from: String,
    /// The recipients, in words: `all`, or their roles joined by commas.
    pub to: String,
    /// Whether it went to every player.
    pub public: bool,
    /// The press, line by line.
    pub lines: Vec<String>,
}

/// `reminder.txt`: the deadline is near and a role's orders are not all on file.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Reminder {
    /// The recipient, the game, the phase, the deadline.
    #[serde(flatten)]
    pub common: Common,
    /// What is not yet on file for the recipient: one line per unit or build.
    pub missing: Vec<String>,
}

/// `board-move.txt`: a move of a board game, to every player.
#[derive(Serialize, Clone, Debug, Default)]
pub struct BoardMove {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// The move's number, from 1.
    pub number: usize,
    /// The side that moved.
    pub by: String,
    /// The move in one line.
    pub summary: String,
    /// Anything else everyone must hear (a die rolled, a ship sunk).
    pub notes: Vec<String>,
    /// The board after the move, as text.
    pub board: String,
    /// The side to move next.
    pub to_move: String,
    /// How the game ended, empty while it goes on.
    pub over: String,
}

/// `foreign-signon.txt`: the digest of failed sign-ons as the recipient's role.
#[derive(Serialize, Clone, Debug, Default)]
pub struct ForeignSignon {
    /// The recipient (the role's player) and the game.
    #[serde(flatten)]
    pub common: Common,
    /// One line per attempt told: when, from which address, refused or ignored.
    pub attempts: Vec<String>,
    /// The attempts not listed (beyond the digest's length).
    pub more: usize,
    /// All the attempts since the last digest, listed or not.
    pub count: usize,
    /// How many failures within an hour make the role's sign-ons ignored for an hour.
    pub failures: usize,
}

/// One order's line in the public report.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct ResultRow {
    /// The order as the judge read it (`A PAR - BUR`).
    pub order: String,
    /// What came of it: `succeeds`, `fails`, `dislodged`…
    pub result: String,
    /// Why, in words (from `causes.en.txt`), empty when there is nothing to say.
    pub reason: String,
}

/// One power's part of the public report.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct PowerRow {
    /// The power's name.
    pub power: String,
    /// Its orders and their results.
    pub results: Vec<ResultRow>,
    /// No orders were received.
    pub missed: bool,
    /// Its orders arrived after the deadline, within the grace period (`grace:`).
    pub late: bool,
    /// Its units after the phase, in one line.
    pub units: String,
    /// Its supply centres after the phase.
    pub centers: usize,
    /// Its supply centres after the phase by name, in alphabetical order, each marked when
    /// it was gained with this phase.
    pub owned: Vec<CentreRow>,
    /// The supply centres it lost with this phase, by name.
    pub lost: Vec<String>,
    /// Its units after the phase.
    pub unit_count: usize,
    /// Builds or removals due in the coming winter, in words (`builds 1`), empty when none.
    pub adjustment: String,
    /// The same as a number: builds (+) or removals (−) due in the coming winter, 0 when
    /// none or when no winter comes next.
    pub due: i64,
    /// It has neither units nor centres left.
    pub eliminated: bool,
}

/// A supply centre in a power's list.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct CentreRow {
    /// The province's code (`PAR`).
    pub name: String,
    /// It changed hands with this phase, to this power.
    pub gained: bool,
}

/// A unit dislodged this phase.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct DislodgedRow {
    /// The unit (`A BUR`).
    pub unit: String,
    /// Its power.
    pub power: String,
    /// Where the attack came from (a province code), empty when unknown.
    pub attacker_from: String,
    /// Where it may retreat, or that it cannot and is disbanded.
    pub retreats: String,
}

/// A line of the public report on what was cast (Diable et Bon Dieu): what and on which
/// unit, never by which player.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct DivineRow {
    /// `blessing`, `curse`, `adjustment blessing`.
    pub what: String,
    /// The unit or power it fell on, empty when none was cast.
    pub target: String,
    /// What it did.
    pub effect: String,
    /// Why it did nothing, when it did nothing.
    pub reason: String,
}

/// The ruleset's part of the public report.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct ReportPart {
    /// The game has divine players: the report has a "Heaven and hell" part. Kept and
    /// read as `diable` in the template and in `pages/CODE.yaml`, the phase's public
    /// record, whose key stays as every record was written.
    #[serde(rename = "diable")]
    pub divine_players: bool,
    /// What was cast this phase (Diable et Bon Dieu), in the report's order.
    pub divine: Vec<DivineRow>,
}

/// The public report of a phase: the same for every reader. No field can say who plays God
/// or the Devil, nor which powers they protect.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct Report {
    /// The game's name.
    pub game: String,
    /// The kind of game, in words.
    pub title: String,
    /// The phase reported on (`Spring 1901 Movement`).
    pub phase: String,
    /// Its code (`S1901M`), the page's file name.
    pub code: String,
    /// Every power, in the map's order.
    pub powers: Vec<PowerRow>,
    /// The ruleset's part.
    #[serde(flatten)]
    pub variant: ReportPart,
    /// The units dislodged.
    pub dislodged: Vec<DislodgedRow>,
    /// The powers eliminated this phase.
    pub eliminated: Vec<String>,
    /// The phase the game goes on to, empty when it is over.
    pub next_phase: String,
    /// Its deadline in the reader's time zone and in UTC, empty when the game is over.
    pub next_deadline: String,
    /// The same deadline as a time (RFC 3339), for a letter that shows it in its own
    /// reader's words; empty when the game is over.
    pub next_deadline_at: String,
    /// How the game ended, empty while it goes on.
    pub over: String,
}

/// `report.txt` and `report.html`: the public report, to one player.
#[derive(Serialize, Clone, Debug, Default)]
pub struct ReportLetter {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// The report, the same for every recipient.
    pub report: Report,
}

/// `page.html`: the public report as a web page, with its map and the links to the phases
/// before and after it and to the index.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Page {
    /// The game's name.
    pub game: String,
    /// The kind of game, in words.
    pub title: String,
    /// The report.
    pub report: Report,
    /// The map's file beside the page (`S1901M.svg`); empty for a map without a picture.
    pub picture: String,
    /// The phase before, when there is one.
    pub previous: Option<PhaseLink>,
    /// The phase after, once it has been processed.
    pub next: Option<PhaseLink>,
    /// Always true: the report's template shows a page's links.
    pub nav: bool,
}

/// A link of the index page to a phase's page.
#[derive(Serialize, Clone, Debug, Default)]
pub struct PhaseLink {
    /// The phase's code, the page's file name without `.html`.
    pub code: String,
    /// The phase in words.
    pub name: String,
}

/// One power's supply centres at the end of each year, in the index.
#[derive(Serialize, Clone, Debug, Default)]
pub struct CentreCounts {
    /// The power's name.
    pub power: String,
    /// Its centres at the end of each year of [`Index::years`].
    pub counts: Vec<usize>,
}

/// `index.html`: every phase processed with a link to its page, the board now, and the
/// supply centres of each power year by year.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Index {
    /// The game's name.
    pub game: String,
    /// The kind of game, in words.
    pub title: String,
    /// The phases processed, in order.
    pub phases: Vec<PhaseLink>,
    /// How the game ended, empty while it goes on.
    pub over: String,
    /// The board now, as SVG drawn by arbitre (shown as it is); empty without a picture.
    pub map: String,
    /// The years played so far (`1901`).
    pub years: Vec<String>,
    /// Each power's centres at the end of each year.
    pub centres: Vec<CentreCounts>,
}

/// Public press as the archive keeps it: who sent it (as its readers were told) and its
/// lines.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default, PartialEq, Eq)]
pub struct PublicPress {
    pub from: String,
    pub lines: Vec<String>,
}

/// One phase of the zine: its public report, its map and the public press of the phase.
#[derive(Serialize, Clone, Debug, Default)]
pub struct ZinePhase {
    pub report: Report,
    /// The phase's public map as SVG drawn by arbitre (shown as it is); empty without one.
    pub map: String,
    pub press: Vec<PublicPress>,
}

/// `zine.html`: the whole game so far as one printable document, a page per phase.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Zine {
    /// The game's name.
    pub game: String,
    /// The kind of game, in words.
    pub title: String,
    pub phases: Vec<ZinePhase>,
    /// The board now, as on the index; empty without a picture.
    pub map: String,
    /// The years played and each power's centres at their end, as on the index.
    pub years: Vec<String>,
    pub centres: Vec<CentreCounts>,
    /// How the game ended, empty while it goes on.
    pub over: String,
}

/// The protected powers a divine player is told of (Diable et Bon Dieu): God knows his own
/// and the Devil's, the Devil only his own, the powers nothing. A power not told is `None`
/// and then absent from the template's variables, so no template, built-in or a game's
/// own, can show it.
#[derive(Serialize, Clone, Debug, Default)]
pub struct ProtectedTold {
    /// The power God protects: told to God only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub god_protects: Option<String>,
    /// The power the Devil protects: told to God and the Devil.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub devil_protects: Option<String>,
}

/// `divine.txt`: a divine player's private report of a phase (Diable et Bon Dieu).
#[derive(Serialize, Clone, Debug, Default)]
pub struct Divine {
    /// The recipient (God or the Devil) and the game.
    #[serde(flatten)]
    pub common: Common,
    /// The public report of the phase, which the recipient also receives.
    pub report: Report,
    /// The report's lines on what the recipient cast.
    pub mine: Vec<DivineRow>,
    /// God and the Devil withdraw from the game with this phase.
    pub withdrawn: bool,
    /// The protected powers the recipient knows of.
    #[serde(flatten)]
    pub protected: ProtectedTold,
    /// The divine players' result, settled with this phase; empty until then.
    pub divine_result: String,
}

/// `blessing-notice.txt`: to the power blessed for the coming winter, privately.
#[derive(Serialize, Clone, Debug, Default)]
pub struct BlessingNotice {
    /// The recipient (the blessed power's player) and the game.
    #[serde(flatten)]
    pub common: Common,
    /// The winter of the blessing (`Winter 1903 Adjustment`).
    pub winter: String,
    /// The winter's deadline, in the reader's time zone and in UTC.
    pub next_deadline: String,
}

/// The ruleset's part of a Diplomacy welcome.
#[derive(Serialize, Clone, Debug, Default)]
pub struct WelcomePart {
    /// The game has divine players (God, the Devil).
    pub divine_players: bool,
    /// The protected powers the recipient is told of (God and the Devil only).
    #[serde(flatten)]
    pub protected: ProtectedTold,
}

/// `welcome.txt` to a player of a Diplomacy game (Diable et Bon Dieu included).
#[derive(Serialize, Clone, Debug, Default)]
pub struct Welcome {
    /// The recipient, the game, the first deadline, the seed's commitment.
    #[serde(flatten)]
    pub common: Common,
    /// The recipient plays God or the Devil.
    pub divine: bool,
    /// The ruleset's part.
    #[serde(flatten)]
    pub variant: WelcomePart,
    /// The recipient's units at the start, in one line; empty for God and the Devil.
    pub units: String,
}

/// `welcome.txt` to a player of a board game (its own audience: sides, notation, board).
#[derive(Serialize, Clone, Debug, Default)]
pub struct BoardWelcome {
    /// The recipient, the game, the seed's commitment.
    #[serde(flatten)]
    pub common: Common,
    /// Always true: the template's board-game branch.
    pub boardgame: bool,
    /// The sides in seat order, joined by commas.
    pub sides: String,
    /// How to write a move, as the game's kind says it.
    pub notation: String,
    /// What the start drew or set up, one line each.
    pub notes: Vec<String>,
    /// The house rules in force, `name: description` each.
    pub house_rules: Vec<String>,
    /// The board at the start, as text.
    pub board: String,
    /// The side that moves first, empty when none does.
    pub to_move: String,
}

/// What every reply says of the message it answers, whoever the sender plays: what came of
/// each line as values, put into words in `lang` when the letter is rendered.
#[derive(Clone, Debug, Default)]
pub struct Answered {
    /// The reader's language.
    pub lang: crate::lang::Lang,
    /// The commands done, with their lines (`line 3: A PAR - BUR: on file`).
    pub done: Vec<(Option<usize>, crate::game::said::Said)>,
    /// The commands not done, with why: the first [`Answered::cap`] keeps.
    pub errors: Vec<LineError>,
    /// The errors beyond those quoted.
    pub more_errors: usize,
    /// The lines not read as commands at all (chatter), ignored.
    pub not_understood: Vec<LineError>,
    /// Why the end of a too long message was not read, when all of it was not.
    pub unread: Option<crate::game::said::Refusal>,
}

impl Answered {
    /// Keeps the first `quoted` errors and counts the others in `more_errors`.
    pub fn cap(&mut self, quoted: usize) {
        self.more_errors = self.errors.len().saturating_sub(quoted);
        self.errors.truncate(quoted);
    }
}

/// The template sees an [`Answered`] in words: `done` and `unread` as text, each error with
/// its `line`, `text` and `message`.
impl Serialize for Answered {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Error<'a> {
            line: usize,
            text: &'a str,
            message: String,
        }
        #[derive(Serialize)]
        struct Shown<'a> {
            done: Vec<String>,
            errors: Vec<Error<'a>>,
            more_errors: usize,
            not_understood: Vec<Error<'a>>,
            unread: String,
        }
        fn errors(list: &[LineError], lang: crate::lang::Lang) -> Vec<Error<'_>> {
            list.iter()
                .map(|e| Error {
                    line: e.line,
                    text: &e.text,
                    message: e.message.words(lang),
                })
                .collect()
        }
        let lang = self.lang;
        Shown {
            done: self
                .done
                .iter()
                .map(|(line, said)| crate::game::said::done_line(*line, said, lang))
                .collect(),
            errors: errors(&self.errors, lang),
            more_errors: self.more_errors,
            not_understood: errors(&self.not_understood, lang),
            unread: self.unread.as_ref().map(|u| u.words(lang)).unwrap_or_default(),
        }
        .serialize(s)
    }
}

/// An order on file, with what the judge makes of it alone (a void order said so now).
#[derive(Serialize, Clone, Debug, Default)]
pub struct OnFile {
    /// The order as written.
    pub order: String,
    /// What the judge says of it alone, empty when nothing.
    pub note: String,
}

/// `reply.txt` to a player of a Diplomacy game (a power, God or the Devil): what is on
/// file for the recipient's role, and nobody else's.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Reply {
    /// The recipient, the game, the phase, the deadline.
    #[serde(flatten)]
    pub common: Common,
    /// What came of the message.
    #[serde(flatten)]
    pub answered: Answered,
    /// The power's orders on file (empty for God and the Devil).
    pub on_file: Vec<OnFile>,
    /// What God or the Devil has on file (the ruleset's words), empty for a power.
    pub divine_on_file: Vec<String>,
    /// What the role still has to order.
    pub missing: Vec<String>,
    /// The role's draw vote, empty when none.
    pub vote: String,
}

/// `reply.txt` to a player of a board game.
#[derive(Serialize, Clone, Debug, Default)]
pub struct BoardReply {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// What came of the message.
    #[serde(flatten)]
    pub answered: Answered,
    /// Always true: the template's board-game branch.
    pub boardgame: bool,
    /// The board now, as text.
    pub board: String,
    /// The side to move, empty when none is.
    pub to_move: String,
    /// How to write a move: only when something went wrong.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
}

/// `reply.txt` once the game is over: nothing more is done.
#[derive(Serialize, Clone, Debug, Default)]
pub struct OverReply {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// What came of the message (nothing is done).
    #[serde(flatten)]
    pub answered: Answered,
    /// How the game ended.
    pub over: String,
}

// ---- The players' questions and settings (`src/game/ask.rs`) ---------------------------

/// `help.txt`: the commands the recipient's role may use in this game, the order syntax,
/// and the house rules in force. Nothing in it depends on another role.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Help {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// Who reads it: `power`, `god`, `devil` or `side` (a board game's).
    pub audience: String,
    /// The game has divine players (God, the Devil).
    pub divine_players: bool,
    /// The game is a board game: `notation` says how to write a move.
    pub boardgame: bool,
    /// How to write a move (a board game), empty for Diplomacy.
    pub notation: String,
    /// The sides or powers one may write to, joined by commas.
    pub others: String,
    /// The house rules in force, `name: description` each.
    pub house_rules: Vec<String>,
    /// Whether the game takes observers (`OBSERVE`).
    pub observers: bool,
}

/// One role's line in `list.txt`: whether it has orders on file, never which.
#[derive(Serialize, Clone, Debug, Default)]
pub struct ListRow {
    /// The role (a power).
    pub role: String,
    /// `complete`, `some` or `none`.
    pub on_file: String,
}

/// `list.txt`: the game now, as any player may know it.
#[derive(Serialize, Clone, Debug, Default)]
pub struct List {
    /// The recipient, the game, the phase.
    #[serde(flatten)]
    pub common: Common,
    /// The deadline in the reader's time zone, empty when there is none.
    pub deadline_local: String,
    /// The deadline in UTC, empty when there is none.
    pub deadline_utc: String,
    /// The reader's time zone (`Europe/Paris`).
    pub timezone: String,
    /// Every power still in the game, and whether it has orders on file.
    pub roles: Vec<ListRow>,
    /// The game is a board game: `to_move` and `moves` instead of orders.
    pub boardgame: bool,
    /// The side to move (board game), empty when none is.
    pub to_move: String,
    /// How many moves were played (board game).
    pub moves: usize,
    /// How the game ended, empty while it goes on.
    pub over: String,
}

/// A past letter sent again by `HISTORY`.
#[derive(Serialize, Clone, Debug, Default)]
pub struct PastLetter {
    /// Its phase (`S1901M`), or `final`.
    pub phase: String,
    /// Its subject as first sent.
    pub subject: String,
    /// Its text as first sent.
    pub text: String,
}

/// `history.txt`: past reports the recipient's role received, sent again.
#[derive(Serialize, Clone, Debug, Default)]
pub struct History {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// What was asked for: `last`, `all`, or a phase's code.
    pub asked: String,
    /// The letters, oldest first; empty when there is none yet.
    pub letters: Vec<PastLetter>,
    /// A board game's moves so far, one line each (a board game has no phases).
    pub moves: Vec<String>,
    /// The game is a board game.
    pub boardgame: bool,
}

/// `rules.txt`: the rules of this game, as arbitre plays them.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Rules {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// `diplomacy`, `divine` (Diplomacy with divine players) or `board`.
    pub kind: String,
    /// How to write a move (a board game).
    pub notation: String,
    /// The house rules in force, `name: description` each.
    pub house_rules: Vec<String>,
    /// The readings arbitre takes where the text leaves a choice (from docs/).
    pub readings: String,
}

/// `map.txt`: the position now, as text (units and centres by power, or the board).
#[derive(Serialize, Clone, Debug, Default)]
pub struct MapLetter {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// The position, as text.
    pub position: String,
}

/// `whoami.txt`: the recipient's role and what the referee holds of them.
#[derive(Serialize, Clone, Debug, Default)]
pub struct WhoAmI {
    /// The recipient, the role, the game.
    #[serde(flatten)]
    pub common: Common,
    /// The address on file.
    pub email: String,
    /// The language letters are written in (`en`, `fr`).
    pub language: String,
    /// The time zone deadlines are shown in.
    pub timezone: String,
    /// A change of address waiting for its code, empty when none.
    pub pending_address: String,
    /// A resignation is asked for: `asked` or `confirmed`, empty when none.
    pub resignation: String,
}

/// `setting.txt`: a setting changed, or a step of one (a code to send back), or an
/// observer's subscription. `what` names the case; each field is used by some.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Setting {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// `password`, `timezone`, `language`, `address-code` (to the new address),
    /// `address-asked` (to the old one), `address-done`, `resign-asked`, `resign-sent`,
    /// `observe-code`, `observing`, `unobserved`, `not-observing`, `already-observing`.
    pub what: String,
    /// The new value (a zone, a language, an address), empty when none is shown.
    pub value: String,
    /// The code to send back, empty when none.
    pub code: String,
}

/// `resignation.txt`: to the referee, a player confirmed a resignation.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Resignation {
    /// The game (the recipient is the referee: `role` and `name` are the resigning
    /// player's).
    #[serde(flatten)]
    pub common: Common,
    /// The resigning player's address.
    pub email: String,
    /// When the resignation was asked for, and confirmed.
    pub asked: String,
    pub confirmed: String,
}

// ---- end of the players' questions and settings ----------------------------------------

impl View {
    /// What a reply says of the message it answers; `None` for a letter that is no reply.
    pub fn answered(&mut self) -> Option<&mut Answered> {
        match self {
            View::Reply(r) => Some(&mut r.answered),
            View::BoardReply(r) => Some(&mut r.answered),
            View::OverReply(r) => Some(&mut r.answered),
            _ => None,
        }
    }
}

/// A player of the game, named in the final report.
#[derive(Serialize, Clone, Debug, Default)]
pub struct PlayerRow {
    /// The role played.
    pub role: String,
    /// The player's name.
    pub name: String,
}

/// What every final report says, whatever the kind of game.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Ending {
    /// How the game ended, in one line.
    pub summary: String,
    /// The winning roles, none for a draw or no winner.
    pub winners: Vec<String>,
    /// The seed of the game's draws, published now so anyone can check them.
    pub seed: String,
    /// Who played what, in the players file's order.
    pub players: Vec<PlayerRow>,
}

/// The secrets a ruleset reveals once the game is over (Diable et Bon Dieu: the protected
/// powers). Each is `null` to the template when the game never drew it.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Revealed {
    /// The power God protected.
    pub god_protects: Option<String>,
    /// The power the Devil protected.
    pub devil_protects: Option<String>,
}

/// `final.txt` and `final.html` to a player of a Diplomacy game.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Final {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// The end, the winners, the seed, the players.
    #[serde(flatten)]
    pub ending: Ending,
    /// The public report of the last phase.
    pub report: Report,
    /// What the ruleset reveals; nothing for plain Diplomacy.
    #[serde(flatten)]
    pub revealed: Option<Revealed>,
}

/// `final.txt` and `final.html` to a player of a board game.
#[derive(Serialize, Clone, Debug, Default)]
pub struct BoardFinal {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// The end, the winners, the seed, the players.
    #[serde(flatten)]
    pub ending: Ending,
    /// Always true: the template's board-game branch.
    pub boardgame: bool,
    /// The final board, as text.
    pub board: String,
}

// ---------------------------------------------------------------------------------------
// The referee's desk (issue #13)
// ---------------------------------------------------------------------------------------

/// `desk-notice.txt`: what the referee did, told to players. The same body for every
/// recipient of one language and time zone: it has no field for the recipient's name or
/// role.
#[derive(Serialize, Clone, Debug, Default)]
pub struct DeskNotice {
    pub game: String,
    pub title: String,
    pub referee: String,
    /// The phase being played, in the reader's language.
    pub phase: String,
    /// What happened: `kind`, and its fields, which the template words.
    #[serde(flatten)]
    pub notice: Notice,
}

/// What a desk notice says, by kind (the template's `kind`). Times are in the reader's
/// language and zone, with UTC; phases in the reader's language.
#[derive(Serialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Notice {
    /// The referee moved the deadline of `phase` from `was` to `is`.
    DeadlineMoved { phase: String, was: String, is: String },
    /// A deadline moved past a player's declared absence (never whose, never why).
    DeadlineExtended { phase: String, is: String },
    /// The game is paused, for `why`.
    Paused { why: String },
    /// The game runs again; `phase` is due `is`.
    Resumed { phase: String, is: String },
    /// The game is back at the start of `phase`, due `due`; its unsent reports were
    /// `withdrawn`, else those sent no longer stand.
    RolledBack {
        phase: String,
        due: String,
        withdrawn: bool,
    },
    /// The rollback of `phase` is undone; the game is at `now`, due `due` (both empty when
    /// the game is over).
    RollbackUndone { phase: String, now: String, due: String },
    /// A player was replaced (no role named: replacing God reads as replacing a power).
    #[default]
    Replaced,
    /// To the player leaving: `role` is given to another player.
    Leaving { role: String },
    /// `power` is in civil disorder from `phase`.
    Disorder { power: String, phase: String },
    /// To the referee: a message was refused because the referee's receiving server
    /// (`authserv_id`) found its `checks` failed for `domain`; kept as `rejected/FILE.eml`.
    Unauthenticated {
        from: String,
        subject: String,
        message_id: String,
        authserv_id: String,
        checks: String,
        domain: String,
        file: String,
    },
}

/// `desk-welcome.txt`: to a player who takes over a role, with a fresh password and the
/// position.
#[derive(Serialize, Clone, Debug, Default)]
pub struct DeskWelcome {
    /// The newcomer, the game, the deadline in the reader's language and zone.
    #[serde(flatten)]
    pub common: Common,
    /// The newcomer plays God or the Devil.
    pub divine: bool,
    /// The ruleset's part (the protected powers a divine player is told).
    #[serde(flatten)]
    pub variant: WelcomePart,
    /// The newcomer's password.
    pub password: String,
    /// Each power's units and centres.
    pub position: Vec<PositionRow>,
}

/// One power's part of the position a newcomer is given.
#[derive(Serialize, Clone, Debug, Default)]
pub struct PositionRow {
    pub power: String,
    /// Its supply centres.
    pub centres: Vec<String>,
    /// Its units.
    pub units: Vec<String>,
    /// Its units dislodged, each with where it may retreat.
    pub dislodged: Vec<DislodgedUnit>,
}

/// A unit dislodged, and the provinces it may retreat to (none: it will be disbanded).
#[derive(Serialize, Clone, Debug, Default)]
pub struct DislodgedUnit {
    pub unit: String,
    pub retreats: Vec<String>,
}

/// `desk-account.txt`: a player's address or password changed by the referee.
#[derive(Serialize, Clone, Debug, Default)]
pub struct DeskAccount {
    #[serde(flatten)]
    pub common: Common,
    /// A new password, empty when the letter is about the address.
    pub password: String,
    /// What changed: `kind`, and its fields.
    #[serde(flatten)]
    pub change: AccountChange,
}

/// What `arbitre player` changed, as the player is told (the template's `kind`).
#[derive(Serialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AccountChange {
    /// To the old address: the game's mail now goes to `address`.
    AddressWas { address: String },
    /// To the new address: it is now the player's.
    AddressIs { address: String },
    /// A new password (in the letter's `password`).
    #[default]
    NewPassword,
}

/// `desk-reply.txt`: the answer to the referee's message of desk verbs.
#[derive(Serialize, Clone, Debug, Default)]
pub struct DeskReply {
    pub game: String,
    pub referee: String,
    pub phase: String,
    /// What each line did.
    pub done: Vec<String>,
    /// The lines that did nothing, and why.
    pub errors: Vec<LineError>,
    /// The status asked for with STATUS, as text.
    pub status: String,
    /// The public report a PREVIEW would send, as text.
    pub preview: String,
}

/// `desk-digest.txt`: the referee's digest of one run of `process`.
#[derive(Serialize, Clone, Debug, Default)]
pub struct DeskDigest {
    pub game: String,
    pub title: String,
    pub referee: String,
    /// The phase the run was about, and the phase now.
    pub phase: String,
    pub now: String,
    /// What the run did: `deadline`, `all_in`, `forced` or `reminders`.
    pub kind: String,
    /// The roles whose orders were not all in when the phase was judged (some on file).
    pub missing: Vec<Waiting>,
    /// The powers that sent no orders at all (NMR).
    pub nmr: Vec<String>,
    /// The roles whose orders came in the grace period.
    pub late: Vec<String>,
    /// The roles reminded.
    pub reminded: Vec<String>,
    /// The powers that keep missing their orders: the referee decides.
    pub ask: Vec<Missed>,
    /// The resignations confirmed and waiting for the referee.
    pub resignations: Vec<Resigned>,
    /// Failed sign-ons since the last digest, per role.
    pub signons: Vec<Count>,
    /// Messages in `failed/` (when more than at the last digest; else 0).
    pub failed: usize,
    /// The powers in civil disorder.
    pub disorder: Vec<String>,
}

/// A role that owed orders.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Waiting {
    pub role: String,
    /// Its orders came in the grace period.
    pub late: bool,
}

/// A power that missed `phases` phases in a row.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Missed {
    pub power: String,
    pub phases: u32,
}

/// A resignation confirmed: by whom, when.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Resigned {
    pub role: String,
    pub confirmed: String,
}

/// A count for a role.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Count {
    pub role: String,
    pub count: u32,
}

/// Declares [`View`], one variant per template, with the template's name.
macro_rules! views {
    ($($(#[$doc:meta])* $variant:ident($ty:ty) = $name:literal,)*) => {
        /// A letter's or page's data: which template, and what it is given (boxed: the
        /// views differ much in size, and a letter is moved around).
        #[derive(Clone, Debug)]
        pub enum View {
            $($(#[$doc])* $variant(Box<$ty>),)*
        }

        impl View {
            /// The template's name without its extension.
            pub fn template(&self) -> &'static str {
                match self {
                    $(View::$variant(_) => $name,)*
                }
            }

            /// The tera context: the view's fields by name.
            pub fn context(&self) -> Result<Context, super::TemplateError> {
                let c = match self {
                    $(View::$variant(v) => Context::from_serialize(&**v),)*
                };
                c.map_err(|e| super::TemplateError::View {
                    template: self.template(),
                    message: e.to_string(),
                })
            }
        }

        $(impl From<$ty> for View {
            fn from(v: $ty) -> View {
                View::$variant(Box::new(v))
            }
        })*
    };
}

views! {
    /// `rejection.txt`.
    Rejection(Rejection) = "rejection",
    /// `press.txt`.
    Press(Press) = "press",
    /// `reminder.txt`.
    Reminder(Reminder) = "reminder",
    /// `board-move.txt`.
    BoardMove(BoardMove) = "board-move",
    /// `foreign-signon.txt`.
    ForeignSignon(ForeignSignon) = "foreign-signon",
    /// `report.txt` and `report.html`.
    Report(ReportLetter) = "report",
    /// `welcome.txt`, to a Diplomacy player.
    Welcome(Welcome) = "welcome",
    /// `welcome.txt`, to a board game's player.
    BoardWelcome(BoardWelcome) = "welcome",
    /// `reply.txt`, to a Diplomacy player.
    Reply(Reply) = "reply",
    /// `reply.txt`, to a board game's player.
    BoardReply(BoardReply) = "reply",
    /// `reply.txt`, once the game is over.
    OverReply(OverReply) = "reply",
    /// `final.txt` and `final.html`, to a Diplomacy player.
    Final(Final) = "final",
    /// `final.txt` and `final.html`, to a board game's player.
    BoardFinal(BoardFinal) = "final",
    /// `divine.txt`.
    Divine(Divine) = "divine",
    /// `blessing-notice.txt`.
    BlessingNotice(BlessingNotice) = "blessing-notice",
    /// `page.html` (a page, not a letter).
    Page(Page) = "page",
    /// `index.html` (a page, not a letter).
    Index(Index) = "index",
    /// `zine.html` (a document, not a letter).
    Zine(Zine) = "zine",
    // The players' questions and settings.
    /// `help.txt`.
    Help(Help) = "help",
    /// `list.txt`.
    List(List) = "list",
    /// `history.txt`.
    History(History) = "history",
    /// `rules.txt`.
    Rules(Rules) = "rules",
    /// `map.txt`.
    Map(MapLetter) = "map",
    /// `whoami.txt`.
    WhoAmI(WhoAmI) = "whoami",
    /// `setting.txt`.
    Setting(Setting) = "setting",
    /// `resignation.txt`.
    Resignation(Resignation) = "resignation",
    /// `desk-notice.txt`.
    DeskNotice(DeskNotice) = "desk-notice",
    /// `desk-welcome.txt`.
    DeskWelcome(DeskWelcome) = "desk-welcome",
    /// `desk-account.txt`.
    DeskAccount(DeskAccount) = "desk-account",
    /// `desk-reply.txt`.
    DeskReply(DeskReply) = "desk-reply",
    /// `desk-digest.txt`.
    DeskDigest(DeskDigest) = "desk-digest",
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Templates;

    /// One sample of every typed view, with every list non-empty and every flag set, so
    /// that each branch of its template is taken.
    pub(crate) fn samples() -> Vec<View> {
        let common = || Common {
            game: "demo".into(),
            title: "Diplomacy".into(),
            referee: "The Referee".into(),
            role: "France".into(),
            name: "Ann".into(),
            phase: "Spring 1901 Movement".into(),
            deadline: "2026-11-26 18:00 UTC".into(),
            commitment: "ab12".into(),
        };
        let lines = || vec!["one".to_string(), "two".to_string()];
        let mut views: Vec<View> = vec![
            Rejection {
                game: String::new(),
                name: "Ann".into(),
                subject: "orders".into(),
                referee: "The Referee".into(),
                reason: "line 1: no SIGNON".into(),
            }
            .into(),
            Press {
                common: common(),
                from: "England".into(),
                to: "France, Italy".into(),
                public: false,
                lines: lines(),
            }
            .into(),
            Reminder {
                common: common(),
                missing: lines(),
            }
            .into(),
            BoardMove {
                common: common(),
                number: 3,
                by: "Red".into(),
                summary: "Red places on cell 3".into(),
                notes: lines(),
                board: "...".into(),
                to_move: "Blue".into(),
                over: "Red wins.".into(),
            }
            .into(),
            ForeignSignon {
                common: common(),
                attempts: lines(),
                more: 2,
                count: 4,
                failures: 5,
            }
            .into(),
            ReportLetter {
                common: common(),
                report: report(),
            }
            .into(),
            Divine {
                common: Common {
                    role: "God".into(),
                    ..common()
                },
                report: report(),
                mine: report().variant.divine,
                withdrawn: true,
                protected: ProtectedTold {
                    god_protects: Some("France".into()),
                    devil_protects: Some("Austria".into()),
                },
                divine_result: "God wins.".into(),
            }
            .into(),
            // The Devil's letter: no `god_protects` for its template to show.
            Divine {
                common: Common {
                    role: "Devil".into(),
                    ..common()
                },
                report: report(),
                mine: Vec::new(),
                withdrawn: false,
                protected: ProtectedTold {
                    god_protects: None,
                    devil_protects: Some("Austria".into()),
                },
                divine_result: String::new(),
            }
            .into(),
            Reply {
                common: common(),
                answered: answered(),
                on_file: vec![OnFile {
                    order: "A PAR - BUR".into(),
                    note: "void".into(),
                }],
                divine_on_file: Vec::new(),
                missing: lines(),
                vote: "draw".into(),
            }
            .into(),
            Reply {
                common: common(),
                answered: Answered::default(),
                ..Reply::default()
            }
            .into(),
            Reply {
                common: Common {
                    role: "Devil".into(),
                    ..common()
                },
                answered: answered(),
                on_file: Vec::new(),
                divine_on_file: lines(),
                missing: lines(),
                vote: String::new(),
            }
            .into(),
            BoardReply {
                common: common(),
                answered: answered(),
                boardgame: true,
                board: "...".into(),
                to_move: "Blue".into(),
                notation: Some("PLACE <cell>".into()),
            }
            .into(),
            OverReply {
                common: common(),
                answered: answered(),
                over: "Red wins.".into(),
            }
            .into(),
            Final {
                common: common(),
                ending: ending(),
                report: report(),
                revealed: Some(Revealed {
                    god_protects: Some("France".into()),
                    devil_protects: Some("Austria".into()),
                }),
            }
            .into(),
            Final {
                common: common(),
                ending: Ending {
                    winners: Vec::new(),
                    ..ending()
                },
                report: report(),
                revealed: None,
            }
            .into(),
            BoardFinal {
                common: common(),
                ending: ending(),
                boardgame: true,
                board: "...".into(),
            }
            .into(),
            Welcome {
                common: common(),
                divine: false,
                variant: WelcomePart::default(),
                units: "A PAR, A MAR, F BRE".into(),
            }
            .into(),
            Welcome {
                common: Common {
                    role: "God".into(),
                    ..common()
                },
                divine: true,
                variant: WelcomePart {
                    divine_players: true,
                    protected: ProtectedTold {
                        god_protects: Some("France".into()),
                        devil_protects: Some("Austria".into()),
                    },
                },
                units: String::new(),
            }
            .into(),
            Welcome {
                common: Common {
                    role: "Devil".into(),
                    ..common()
                },
                divine: true,
                variant: WelcomePart {
                    divine_players: true,
                    protected: ProtectedTold {
                        god_protects: None,
                        devil_protects: Some("Austria".into()),
                    },
                },
                units: String::new(),
            }
            .into(),
            BoardWelcome {
                common: common(),
                boardgame: true,
                sides: "Red, Blue".into(),
                notation: "PLACE <cell>".into(),
                notes: lines(),
                house_rules: lines(),
                board: "...".into(),
                to_move: "Red".into(),
            }
            .into(),
            BoardWelcome {
                boardgame: true,
                house_rules: Vec::new(),
                ..BoardWelcome::default()
            }
            .into(),
            BlessingNotice {
                common: common(),
                winter: "Winter 1903 Adjustment".into(),
                next_deadline: "2026-11-27 18:00 UTC".into(),
            }
            .into(),
            Page {
                game: "demo".into(),
                title: "Diplomacy".into(),
                report: report(),
                picture: "S1901M.svg".into(),
                previous: Some(PhaseLink {
                    code: "W1900A".into(),
                    name: "Winter 1900 Adjustment".into(),
                }),
                next: Some(PhaseLink {
                    code: "F1901M".into(),
                    name: "Fall 1901 Movement".into(),
                }),
                nav: true,
            }
            .into(),
            Index {
                game: "demo".into(),
                title: "Diplomacy".into(),
                phases: vec![PhaseLink {
                    code: "S1901M".into(),
                    name: "Spring 1901 Movement".into(),
                }],
                over: "France wins.".into(),
                map: "<svg></svg>".into(),
                years: vec!["1901".into()],
                centres: vec![CentreCounts {
                    power: "France".into(),
                    counts: vec![5],
                }],
            }
            .into(),
            Zine {
                game: "demo".into(),
                title: "Diplomacy".into(),
                phases: vec![ZinePhase {
                    report: report(),
                    map: "<svg></svg>".into(),
                    press: vec![PublicPress {
                        from: "France".into(),
                        lines: lines(),
                    }],
                }],
                map: "<svg></svg>".into(),
                years: vec!["1901".into()],
                centres: vec![CentreCounts {
                    power: "France".into(),
                    counts: vec![5],
                }],
                over: "France wins.".into(),
            }
            .into(),
            // The referee's desk.
            DeskWelcome {
                common: common(),
                divine: true,
                password: "abc".into(),
                position: vec![PositionRow {
                    power: "France".into(),
                    centres: lines(),
                    units: lines(),
                    dislodged: vec![
                        DislodgedUnit {
                            unit: "A PAR".into(),
                            retreats: lines(),
                        },
                        DislodgedUnit {
                            unit: "A MAR".into(),
                            retreats: Vec::new(),
                        },
                    ],
                }],
                ..DeskWelcome::default()
            }
            .into(),
            DeskAccount {
                common: common(),
                password: "abc".into(),
                change: AccountChange::NewPassword,
            }
            .into(),
            DeskReply {
                done: lines(),
                errors: answered().errors,
                status: "Phase: Spring 1901".into(),
                preview: "France: A PAR - BUR".into(),
                ..DeskReply::default()
            }
            .into(),
            DeskDigest {
                kind: "deadline".into(),
                missing: vec![
                    Waiting {
                        role: "Italy".into(),
                        late: true,
                    },
                    Waiting {
                        role: "God".into(),
                        late: false,
                    },
                ],
                nmr: lines(),
                late: lines(),
                reminded: lines(),
                ask: vec![Missed {
                    power: "Italy".into(),
                    phases: 2,
                }],
                resignations: vec![Resigned {
                    role: "France".into(),
                    confirmed: "Tuesday".into(),
                }],
                signons: vec![Count {
                    role: "Referee".into(),
                    count: 3,
                }],
                failed: 2,
                disorder: lines(),
                ..DeskDigest::default()
            }
            .into(),
            DeskDigest {
                kind: "reminders".into(),
                reminded: lines(),
                ..DeskDigest::default()
            }
            .into(),
        ];
        views.extend(player_samples(common));
        views.extend(desk_samples(common));
        views
    }

    /// The desk's notices and account letters: every kind.
    fn desk_samples(common: impl Fn() -> Common) -> Vec<View> {
        let phase = || "Spring 1901 Movement".to_string();
        let is = || "Tuesday".to_string();
        let notices = [
            Notice::DeadlineMoved {
                phase: phase(),
                was: "Monday".into(),
                is: is(),
            },
            Notice::DeadlineExtended {
                phase: phase(),
                is: is(),
            },
            Notice::Paused { why: "holidays".into() },
            Notice::Resumed {
                phase: phase(),
                is: is(),
            },
            Notice::RolledBack {
                phase: phase(),
                due: is(),
                withdrawn: true,
            },
            Notice::RolledBack {
                phase: phase(),
                due: is(),
                withdrawn: false,
            },
            Notice::RollbackUndone {
                phase: phase(),
                now: phase(),
                due: is(),
            },
            Notice::RollbackUndone {
                phase: phase(),
                now: String::new(),
                due: String::new(),
            },
            Notice::Replaced,
            Notice::Leaving { role: "France".into() },
            Notice::Disorder {
                power: "France".into(),
                phase: phase(),
            },
        ];
        let mut views: Vec<View> = notices
            .into_iter()
            .map(|notice| {
                DeskNotice {
                    notice,
                    ..DeskNotice::default()
                }
                .into()
            })
            .collect();
        for change in [
            AccountChange::AddressWas {
                address: "a@b.org".into(),
            },
            AccountChange::AddressIs {
                address: "a@b.org".into(),
            },
        ] {
            views.push(
                DeskAccount {
                    common: common(),
                    password: String::new(),
                    change,
                }
                .into(),
            );
        }
        views
    }

    /// The players' questions and settings: every audience and case.
    fn player_samples(common: impl Fn() -> Common) -> Vec<View> {
        let lines = || vec!["one".to_string(), "two".to_string()];
        let mut views: Vec<View> = Vec::new();
        for audience in ["power", "god", "devil", "side"] {
            views.push(
                Help {
                    common: common(),
                    audience: audience.into(),
                    divine_players: true,
                    boardgame: audience == "side",
                    notation: "PLACE <cell>".into(),
                    others: "England, Germany".into(),
                    house_rules: if audience == "side" { lines() } else { Vec::new() },
                    observers: true,
                }
                .into(),
            );
        }
        for (boardgame, over) in [(false, ""), (true, ""), (false, "France wins.")] {
            views.push(
                List {
                    common: common(),
                    deadline_local: "Tuesday 1 December 2026, 20:00 CET".into(),
                    deadline_utc: "Tuesday 1 December 2026, 19:00 UTC".into(),
                    timezone: "Europe/Paris".into(),
                    roles: ["complete", "some", "none"]
                        .iter()
                        .map(|s| ListRow {
                            role: "France".into(),
                            on_file: s.to_string(),
                        })
                        .collect(),
                    boardgame,
                    to_move: "Red".into(),
                    moves: 3,
                    over: over.into(),
                }
                .into(),
            );
        }
        for (asked, letters, boardgame) in [("all", true, false), ("S1901M", false, false), ("last", false, true)] {
            views.push(
                History {
                    common: common(),
                    asked: asked.into(),
                    letters: if letters {
                        vec![PastLetter {
                            phase: "S1901M".into(),
                            subject: "results".into(),
                            text: "...".into(),
                        }]
                    } else {
                        Vec::new()
                    },
                    moves: lines(),
                    boardgame,
                }
                .into(),
            );
        }
        for kind in ["diplomacy", "divine", "board"] {
            views.push(
                Rules {
                    common: common(),
                    kind: kind.into(),
                    notation: "PLACE <cell>".into(),
                    house_rules: lines(),
                    readings: "## A reading".into(),
                }
                .into(),
            );
        }
        views.push(
            MapLetter {
                common: common(),
                position: "France: A PAR".into(),
            }
            .into(),
        );
        for resignation in ["asked", "confirmed"] {
            views.push(
                WhoAmI {
                    common: common(),
                    email: "ann@example.org".into(),
                    language: "fr".into(),
                    timezone: "Europe/Paris".into(),
                    pending_address: "new@example.org".into(),
                    resignation: resignation.into(),
                }
                .into(),
            );
        }
        for what in [
            "password",
            "timezone",
            "language",
            "address-code",
            "address-asked",
            "address-done",
            "resign-asked",
            "resign-sent",
            "observe-code",
            "observing",
            "already-observing",
            "unobserved",
            "not-observing",
        ] {
            views.push(
                Setting {
                    common: common(),
                    what: what.into(),
                    value: "x".into(),
                    code: "ABCD1234".into(),
                }
                .into(),
            );
        }
        views.push(
            Resignation {
                common: common(),
                email: "ann@example.org".into(),
                asked: "today".into(),
                confirmed: "today".into(),
            }
            .into(),
        );
        views
    }

    /// The end of a game.
    fn ending() -> Ending {
        Ending {
            summary: "France wins.".into(),
            winners: vec!["France".into()],
            seed: "00ff".into(),
            players: vec![PlayerRow {
                role: "France".into(),
                name: "Ann".into(),
            }],
        }
    }

    /// A reply's account of a message, with a line of every kind.
    fn answered() -> Answered {
        use crate::game::said::{Refusal, Said};
        let e = || LineError {
            line: 4,
            text: "A PAR - XYZ".into(),
            message: Refusal::NotAnOrder {
                text: "A PAR - XYZ".into(),
            },
        };
        Answered {
            done: vec![(
                Some(3),
                Said::OnFile {
                    order: "A PAR - BUR".into(),
                },
            )],
            errors: vec![e()],
            more_errors: 1,
            not_understood: vec![e()],
            unread: Some(Refusal::Unread {
                line: 600,
                after: 2,
                most: 500,
            }),
            ..Default::default()
        }
    }

    /// A public report with a row of every kind.
    fn report() -> Report {
        Report {
            game: "demo".into(),
            title: "Diable et Bon Dieu".into(),
            phase: "Spring 1901 Movement".into(),
            code: "S1901M".into(),
            powers: vec![PowerRow {
                power: "France".into(),
                results: vec![ResultRow {
                    order: "A PAR - BUR".into(),
                    result: "fails".into(),
                    reason: "bounced".into(),
                }],
                missed: true,
                late: true,
                units: "A BUR".into(),
                centers: 3,
                owned: vec![
                    CentreRow {
                        name: "BEL".into(),
                        gained: true,
                    },
                    CentreRow {
                        name: "PAR".into(),
                        gained: false,
                    },
                ],
                lost: vec!["MUN".into()],
                unit_count: 3,
                adjustment: "builds 1".into(),
                due: 1,
                eliminated: true,
            }],
            variant: ReportPart {
                divine_players: true,
                divine: vec![DivineRow {
                    what: "curse".into(),
                    target: "A BUR".into(),
                    effect: "dislodged".into(),
                    reason: "protected".into(),
                }],
            },
            dislodged: vec![DislodgedRow {
                unit: "A BUR".into(),
                power: "Germany".into(),
                attacker_from: "PAR".into(),
                retreats: "RUH".into(),
            }],
            eliminated: vec!["Italy".into()],
            next_phase: "Fall 1901 Movement".into(),
            next_deadline: "2026-11-27 18:00 UTC".into(),
            next_deadline_at: "2026-11-27T18:00:00+00:00".into(),
            over: "France wins.".into(),
        }
    }

    /// Every built-in template has a sample view above, so the test below renders them all.
    #[test]
    fn every_built_in_template_has_a_sample() {
        let names: Vec<String> = samples()
            .iter()
            .flat_map(|v| ["txt", "html", "fr.txt", "fr.html"].map(|ext| format!("{}.{ext}", v.template())))
            .collect();
        for (name, _) in crate::report::BUILT_IN {
            // report.html is rendered through page.html's include as well as by itself;
            // `NAME.fr.txt` is rendered from the sample of `NAME.txt`.
            // `NAME-style.html` is rendered through the include of `NAME.html`.
            let name = name.replace(".fr.", ".").replace("-style.", ".");
            // `rules-*.txt`, the players' rules, are rendered through the includes of rules.txt.
            let name = if name.starts_with("rules-") {
                "rules.txt".to_string()
            } else {
                name
            };
            assert!(names.contains(&name), "no sample view renders {name}");
        }
    }

    /// Every built-in template renders from its sample view: a template that uses a
    /// variable its view does not have fails here, not in a game.
    #[test]
    fn each_template_renders_from_its_view() {
        let t = Templates::load(None).unwrap();
        for view in samples() {
            let c = view.context().unwrap();
            for ext in ["txt", "html", "fr.txt", "fr.html"] {
                let name = format!("{}.{ext}", view.template());
                if t.has(&name) {
                    let text = t.render(&name, &c).unwrap_or_else(|e| panic!("{e}"));
                    assert!(!text.trim().is_empty(), "{name}");
                }
            }
            // Every letter has its French: only the refusal to anyone, which is written in
            // both languages at once, has none.
            let french = |ext: &str| t.has(&format!("{}.fr.{ext}", view.template()));
            assert!(
                french("txt") || french("html") || view.template() == "rejection",
                "no French for {}",
                view.template()
            );
        }
    }

    /// A power not told is not in the template's variables at all: the Devil's letter has
    /// no `god_protects`, even empty.
    #[test]
    fn a_protected_power_not_told_is_absent() {
        let devil = samples()
            .into_iter()
            .find(|v| matches!(v, View::Divine(d) if d.common.role == crate::game::role::Role::Devil.text()))
            .unwrap();
        let c = devil.context().unwrap();
        assert!(!c.contains_key("god_protects") && c.contains_key("devil_protects"));
    }

    /// The check above can fail: tera refuses a variable the context does not have.
    #[test]
    fn a_field_the_view_lacks_is_an_error() {
        let t = Templates::load(None).unwrap();
        let mut c = View::from(Rejection::default()).context().unwrap();
        c.remove("reason");
        let e = t.render("rejection.txt", &c).unwrap_err();
        assert!(
            matches!(&e, crate::report::TemplateError::Render { template, .. } if template == "rejection.txt"),
            "{e:?}"
        );
        let text = e.to_string();
        assert!(text.starts_with("cannot render rejection.txt: "), "{text}");
        assert!(text.contains("reason"), "{text}");
        assert!(text.ends_with("(a template may use only the fields of its view, listed in src/report/views.rs)"));
    }
}
