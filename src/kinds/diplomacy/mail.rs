//! A game of Diplomacy by mail, in any ruleset of [`crate::kinds::KINDS`]: orders on file,
//! casts, press, votes and turn files; the processing of a phase at its deadline is
//! [`super::process`], and [`super::Diplomacy`] makes the two a game kind of the mail game
//! ([`crate::game::kind::Kind`]). What a ruleset adds (its
//! extra roles and their casts, its part of the reports, its private letters) is asked of
//! its [`crate::kinds::diplomacy::Ruleset`]; nothing here names a variant.
//!
//! Orders are checked when they arrive by judging them alone on the board (the same code
//! that judges the phase), so a player hears at once that `A PAR - MOS` is impossible.
//!
//! Decisions where the spec is silent:
//! - Early processing waits for every role that can act: each power with complete orders,
//!   and each extra role of the ruleset with what it owes on file
//!   ([`crate::kinds::diplomacy::Ruleset::extra_role_ready`]). Missed orders never block the deadline.
//! - Draw votes stand until changed; the game ends in a draw after a phase at whose end every
//!   surviving power votes draw. Votes are secret; the report says only that a draw ended it.
//! - Private press goes to the powers named; the sender is not copied (the reply confirms).
//!   Public press goes to every player, the sender included.
//! - A unit dislodged and awaiting its retreat still keeps its power in the game.
//! - A retreat phase in which no dislodged unit can go anywhere is not played: its units are
//!   disbanded in the movement phase's report, and the game goes on to the next phase.
//! - The reply's note on a support or convoy of another power's unit says what it needs,
//!   from the order and the board alone: never what that power has ordered.

use super::order_line::order;
use super::victory::{self, PhaseFacts, Standing};
use super::{Barred, Ruleset};
use crate::game::commands::{Command, LineError, Numbered, PressEnd, PressTo};
use crate::game::role::Role;
use crate::game::said::{Note, Refusal, Said};
use crate::game::state::{BoardState, Vote};
use crate::game::{Effects, Game, GameError, Now};
use crate::judge::{adjust, Board, Outcome, Unit, Verdict};
use crate::lang::{Lang, Worded};
use crate::map::{Loc, Map, Power, UnitType};
use crate::order::{parse_order, Order};
use crate::phase::{Phase, PhaseKind, Season};
use crate::position::{DivineReport, Position};
use crate::report::views::{self, OnFile};
use crate::report::Letter;
use crate::words::Reason;
use std::collections::BTreeMap;

pub(super) fn map() -> &'static Map {
    Map::standard()
}

/// The ruleset of the game's kind: what it adds to the flow kept here (the standard one for
/// a game of another kind, which never comes here).
pub(super) fn rules(game: &Game) -> &'static dyn Ruleset {
    game.kind()
        .as_any()
        .downcast_ref::<super::Diplomacy>()
        .map_or(&super::STANDARD, |d| d.0)
}

pub fn phase(game: &Game) -> Result<Phase, GameError> {
    game.phase()
}

fn board_state(game: &Game) -> Result<&BoardState, GameError> {
    game.board_state()
}

pub fn board(game: &Game) -> Result<Board, GameError> {
    game.board()
}

/// Roles by name, joined by `, ` (for the log and the journal).
pub(super) fn names(roles: &[Role]) -> String {
    roles.iter().map(|r| r.text()).collect::<Vec<_>>().join(", ")
}

fn power(name: &str) -> Option<Power> {
    map().power_by_name(name)
}

/// The facts of every phase processed, from `state.yaml`.
pub fn history(game: &Game) -> Vec<PhaseFacts> {
    let count = |m: &BTreeMap<String, usize>| m.iter().filter_map(|(p, &n)| Some((power(p)?, n))).collect();
    game.state
        .history
        .iter()
        .filter_map(|f| {
            Some(PhaseFacts {
                phase: Phase::parse(&f.phase).ok()?,
                centers: count(&f.centers),
                units: count(&f.units),
                draw: f.draw,
            })
        })
        .collect()
}

/// Where the game stands after the phases processed.
pub fn standing(game: &Game) -> Standing {
    victory::standing(map(), &history(game), rules(game).protected(game))
}

/// The position of the phase with `orders`, judged as `arbitre adjudicate` would.
pub(super) fn position(
    game: &Game,
    orders: Vec<(String, Vec<String>)>,
    with_casts: bool,
) -> Result<Position, GameError> {
    let phase = phase(game)?;
    let b = board_state(game)?;
    let mut pos = read_position(b, &game.config.variant, phase, orders)?;
    pos.divine = rules(game).position_extras(game, phase, with_casts);
    Ok(pos)
}

/// The board with `orders`, read by the position reader. One message may ask for the same
/// position twice: an order checked alone, then the orders on file listed in the reply,
/// which are that one order when it is the first of its power. The last position read is
/// kept for the rest of the process with everything it was read from (the board as the
/// state keeps it, the variant, the phase and the orders, compared whole).
fn read_position(
    b: &BoardState,
    variant: &str,
    phase: Phase,
    orders: Vec<(String, Vec<String>)>,
) -> Result<Position, GameError> {
    type Inputs = (BoardState, String, Phase, Vec<(String, Vec<String>)>);
    static LAST: crate::game::memo::Last<Inputs, Position> = crate::game::memo::Last::new();
    if let Some(pos) = LAST.get(|(board, v, p, o)| board == b && v == variant && *p == phase && *o == orders) {
        return Ok(pos);
    }
    let pos = b.position(map(), &crate::kinds::VARIANTS, variant, phase, orders.clone())?;
    LAST.keep((b.clone(), variant.to_string(), phase, orders), &pos);
    Ok(pos)
}

pub(super) fn judge(pos: &Position) -> (Outcome, Option<DivineReport>) {
    crate::kinds::diplomacy::adjudicate(map(), pos)
}

/// What a support or a convoy of a unit needs from that unit's order to count: the order
/// that fits it, written for the judge, and the same in words for the player. Found from
/// the order and the board alone, never from the orders on file.
pub(super) struct Partner {
    /// The unit supported or convoyed.
    pub(super) unit: Unit,
    /// The fitting order (`F POR - SPA/NC`), a coast chosen when the support names none.
    pub(super) order: String,
    /// `counts if F POR is ordered to SPA`.
    pub(super) needs: Note,
}

/// The order that fits `order`'s support or convoy, and what it needs, in the notation of
/// a reader of `lang` (`F MAN` for a French reader).
pub(super) fn partner(map: &Map, board: &Board, order: &Order, lang: Lang) -> Option<Partner> {
    let named = |u: &Unit| crate::order::unit_text_in(map, &u.unit_ref(), lang);
    match *order {
        Order::Support { target, dest, .. } => {
            let unit = board.units[board.unit_at(target.prov())?];
            let name = unit.text(map);
            let Some(d) = dest else {
                return Some(Partner {
                    unit,
                    order: format!("{name} H"),
                    needs: Note::Holds { unit: named(&unit) },
                });
            };
            // A coast matters only for a fleet, and only one the province has (DATC 4.B.6).
            let written = match unit.kind {
                UnitType::Fleet => d.coast.filter(|c| map.coasts(d.prov).contains(c)),
                UnitType::Army => None,
            };
            let there = Loc {
                prov: d.prov,
                coast: written,
            };
            // Without a coast, the support fits a move to either (DATC 6.B.15): the fitting
            // move names one the fleet can reach, so that it is not ambiguous (DATC 4.B.1).
            let to = match (unit.kind, written) {
                (UnitType::Fleet, None) => Loc {
                    prov: d.prov,
                    coast: map.fleet_dest_coasts(unit.loc, d.prov).first().copied().flatten(),
                },
                _ => there,
            };
            Some(Partner {
                unit,
                order: format!("{name} - {}", map.loc_text(to)),
                needs: Note::MovesTo {
                    unit: named(&unit),
                    to: crate::order::loc_text_in(map, there, lang),
                },
            })
        }
        Order::Convoy { army, dest, .. } => {
            let unit = board.units[board.unit_at(army.prov())?];
            let name = unit.text(map);
            let to = map.code(dest.prov);
            Some(Partner {
                unit,
                order: format!("{name} - {to} VIA CONVOY"),
                needs: Note::Convoyed {
                    unit: named(&unit),
                    to: crate::order::loc_text_in(map, Loc::new(dest.prov), lang),
                },
            })
        }
        _ => None,
    }
}

/// An order on file (the judge's text) as the reader of `lang` reads it in his letters:
/// in the French notation for a French reader (`crate::order::echo`, issue #24).
pub(super) fn echo(game: &Game, text: &str, lang: Lang) -> String {
    crate::order::echo(map(), text, lang, in_winter(game))
}

/// Is the game in an adjustment phase, where a disband is a removal (`démobiliser` in
/// French, not the retreat's `dissoudre`)?
pub(super) fn in_winter(game: &Game) -> bool {
    phase(game).is_ok_and(|p| p.kind == crate::phase::PhaseKind::Adjustment)
}

pub(super) fn key_of(order: &str) -> Option<String> {
    match parse_order(map(), order).ok()? {
        Order::Build(u) => Some(format!("build {}", map().code(u.prov()))),
        Order::Waive => None,
        o => o.unit().map(|u| map().code(u.prov()).to_string()),
    }
}

/// Does `role` have everything it can send on file for the phase?
pub fn ready(game: &Game, role: Role) -> Result<bool, GameError> {
    let phase = phase(game)?;
    let board = board(game)?;
    // A role of the ruleset's own (God, the Devil): the ruleset says.
    if let Role::Named(_) = role {
        return Ok(rules(game).extra_role_ready(game, role, phase));
    }
    let Some(p) = role.power() else { return Ok(true) };
    let on_file = game.state.orders.get(&role).cloned().unwrap_or_default();
    let keys: Vec<Option<String>> = on_file.iter().map(|o| key_of(o)).collect();
    let has = |prov: crate::map::ProvId| keys.iter().any(|k| k.as_deref() == Some(map().code(prov)));
    Ok(match phase.kind {
        PhaseKind::Movement => board.units.iter().filter(|u| u.power == p).all(|u| has(u.loc.prov)),
        PhaseKind::Retreat => board
            .dislodged
            .iter()
            .filter(|d| d.unit.power == p)
            .all(|d| has(d.unit.loc.prov)),
        PhaseKind::Adjustment => {
            let due = rules(game).adjustment(game, &board, phase, p);
            if due > 0 {
                let room = adjust::vacant_homes(map(), &board, p).len() as i32;
                let builds = on_file
                    .iter()
                    .filter(|o| matches!(parse_order(map(), o), Ok(Order::Build(_) | Order::Waive)))
                    .count() as i32;
                builds >= due.min(room)
            } else if due < 0 {
                let removals = on_file
                    .iter()
                    .filter(|o| matches!(parse_order(map(), o), Ok(Order::Disband(_))))
                    .count() as i32;
                removals >= -due
            } else {
                true
            }
        }
    })
}

/// What a role still owes for the phase, in words (for replies and reminders).
pub(super) fn missing(game: &Game, role: Role, lang: Lang) -> Result<Vec<String>, GameError> {
    let say = |en: String, fr: String| match lang {
        Lang::En => en,
        Lang::Fr => fr,
    };
    let phase = phase(game)?;
    let board = board(game)?;
    if let Role::Named(_) = role {
        return Ok(rules(game).extra_role_missing(game, role, phase, lang));
    }
    // A unit, and an example of an order, in the reader's notation (`F MAN`, `mobiliser A
    // PAR` for a French reader).
    let named = |u: &Unit| crate::order::unit_text_in(map(), &u.unit_ref(), lang);
    let example = |order: Order| order.text_in(map(), lang, phase.kind == crate::phase::PhaseKind::Adjustment);
    let mut out = Vec::new();
    let Some(p) = role.power() else { return Ok(out) };
    let keys: Vec<String> = game
        .state
        .orders
        .get(&role)
        .into_iter()
        .flatten()
        .filter_map(|o| key_of(o))
        .collect();
    match phase.kind {
        PhaseKind::Movement => {
            for u in board.units.iter().filter(|u| u.power == p) {
                if !keys.iter().any(|k| k == map().code(u.loc.prov)) {
                    out.push(say(
                        format!("an order for {}", u.text(map())),
                        format!("un ordre pour {}", named(u)),
                    ));
                }
            }
        }
        PhaseKind::Retreat => {
            for d in board.dislodged.iter().filter(|d| d.unit.power == p) {
                if !keys.iter().any(|k| k == map().code(d.unit.loc.prov)) {
                    out.push(say(
                        format!("a retreat or disband for {}", d.unit.text(map())),
                        format!("une retraite ou une dissolution pour {}", named(&d.unit)),
                    ));
                }
            }
        }
        PhaseKind::Adjustment => {
            if !ready(game, role)? {
                let due = rules(game).adjustment(game, &board, phase, p);
                // What is still owed: each build, waive or removal on file counts one.
                let given = game.state.orders.get(&role).map_or(0, Vec::len) as i32;
                let owed = due.abs() - given;
                let due = due.signum() * owed;
                let used = |code: &str| keys.iter().any(|k| k == code || *k == format!("build {code}"));
                // The example is the power's own, and not one already ordered: a home centre
                // it may build in, a unit of its.
                if owed <= 0 {
                    return Ok(out);
                }
                out.push(if due > 0 {
                    match adjust::vacant_homes(map(), &board, p)
                        .into_iter()
                        .find(|&h| !used(map().code(h)))
                    {
                        Some(h) => say(
                            format!("builds: {due} due (BUILD A {}, or WAIVE)", map().code(h)),
                            format!(
                                "mobilisations : {due} ({}, ou {})",
                                example(Order::Build(crate::order::UnitRef {
                                    kind: Some(UnitType::Army),
                                    loc: Loc::new(h),
                                })),
                                example(Order::Waive)
                            ),
                        ),
                        None => say(
                            format!("builds: {due} due (WAIVE)"),
                            format!("mobilisations : {due} ({})", example(Order::Waive)),
                        ),
                    }
                } else {
                    let unit = board
                        .units
                        .iter()
                        .find(|u| u.power == p && !used(map().code(u.loc.prov)));
                    let en = unit.map(|u| u.text(map())).unwrap_or_default();
                    let fr = unit.map(|u| example(Order::Disband(u.unit_ref()))).unwrap_or_default();
                    say(
                        format!("removals: {} due (REMOVE {en})", -due),
                        format!("démobilisations : {} ({fr})", -due),
                    )
                });
            }
        }
    }
    Ok(out)
}

/// The orders a role has on file, each with what the judge makes of it alone (a void
/// order, such as a build too many, is said so now).
fn on_file(game: &Game, role: Role, lang: Lang) -> Result<Vec<OnFile>, GameError> {
    let list = game.state.orders.get(&role).cloned().unwrap_or_default();
    if list.is_empty() {
        return Ok(Vec::new());
    }
    let map = map();
    let board = board(game)?;
    let me = role.power();
    let (outcome, _) = judge(&position(game, vec![(role.to_string(), list.clone())], false)?);
    Ok(list
        .iter()
        .enumerate()
        .filter_map(|(i, text)| {
            let r = outcome.results.iter().find(|r| r.given == Some(i))?;
            // A support or convoy of another power's unit: what it needs, not what the
            // judge makes of it with that unit holding (its orders are not ours to know).
            // The same for one of our own units not yet ordered.
            let open = parse_order(map, text).ok().and_then(|o| {
                let p = partner(map, &board, &o, lang)?;
                let ordered = list
                    .iter()
                    .any(|t| key_of(t).as_deref() == Some(map.code(p.unit.loc.prov)));
                (Some(p.unit.power) != me || !ordered).then_some(p)
            });
            let note = match open {
                Some(p) => p.needs.words(lang),
                None if r.verdict == Verdict::Void => Note::WillBeVoid(Reason::in_notation(map, r, lang)).words(lang),
                None => String::new(),
            };
            Some(OnFile {
                order: echo(game, &r.order, lang),
                note,
            })
        })
        .collect())
}

// ---------------------------------------------------------------------------------------
// The start of the game
// ---------------------------------------------------------------------------------------

/// Sets up the first phase and writes the welcomes.
pub fn start(game: &mut Game, first_deadline: Now) -> Result<Effects, GameError> {
    let map = map();
    let phase = Phase::new(Season::Spring, 1901, PhaseKind::Movement);
    let board = Board::starting(map);
    game.state.phase = phase.to_string();
    game.state.deadline = Some(first_deadline.to_rfc3339());
    game.state.board = Some(BoardState::from_board(map, &board));
    rules(game).start(game)?;
    let mut fx = Effects::default();
    for role in game.roles() {
        let units: Vec<String> = role
            .power()
            .map(|p| {
                board
                    .units
                    .iter()
                    .filter(|u| u.power == p)
                    .map(|u| u.text(map))
                    .collect()
            })
            .unwrap_or_default();
        let view = views::Welcome {
            common: game.common(role),
            divine: game.kind().role_info(role).secret,
            variant: rules(game).welcome(game, role),
            units: units.join(", "),
            // A password arbitre made is given by the mail game (`game::join`).
            password: String::new(),
        };
        let subject = crate::game::welcome_subject(role, game.config.reader(role).lang);
        fx.letters
            .push(game.letter(format!("welcome-{}", role.lowercase()), role, &subject, view));
    }
    fx.log.push(format!(
        "created: {} players, first deadline {}",
        game.config.players.len(),
        first_deadline
    ));
    Ok(fx)
}

// ---------------------------------------------------------------------------------------
// A message from a role
// ---------------------------------------------------------------------------------------

/// Acts on the commands of an authenticated message that arrived at `arrived`; returns
/// the reply and any relays. After the deadline, nothing on file changes any more.
pub fn act(
    game: &mut Game,
    who: Role,
    commands: Vec<Numbered>,
    mut errors: Vec<LineError>,
    stem: &str,
    arrived: Now,
) -> Result<Vec<Letter>, GameError> {
    let mut done: Vec<(Option<usize>, Said)> = Vec::new();
    let mut letters = Vec::new();
    let deadline = game.state.deadline.clone().unwrap_or_default();
    // A paused game takes orders whatever its deadline said (desk::pause).
    let paused = game
        .state
        .desk
        .paused
        .as_ref()
        .is_some_and(|p| chrono::DateTime::parse_from_rfc3339(&p.since).is_ok_and(|since| arrived >= since));
    // After the deadline, orders are still taken in the grace period, marked late.
    let lateness = crate::game::desk::lateness(game, arrived);
    let late = !paused && lateness == crate::game::desk::Lateness::TooLate;
    let in_grace = !paused && lateness == crate::game::desk::Lateness::Grace;
    // A line naming the sender's own power and nothing else (`France:`) heads the orders
    // under it: nothing to act on, and no mistake (issue #24).
    let own_heading = |c: &Numbered| match &c.command {
        Command::Order(t) => who.power().is_some() && crate::order::heading(map(), t) == who.power(),
        _ => false,
    };
    let commands: Vec<Numbered> = commands.into_iter().filter(|c| !own_heading(c)).collect();
    for (k, Numbered { line, text, command }) in commands.into_iter().enumerate() {
        let changes = matches!(
            command,
            Command::Order(_) | Command::Clear | Command::Verb { .. } | Command::VoteDraw | Command::VoteContinue
        );
        let result: Result<Said, Refusal> = match command {
            _ if late && changes => Err(Refusal::TooLate {
                deadline: deadline.clone(),
                zone: game.config.timezone.clone(),
                phase: game.state.phase.clone(),
            }),
            Command::Signon { .. } => Err(Refusal::OneSignon),
            Command::Order(text) => order(game, who, &text),
            Command::Clear => match rules(game).clear(game, who) {
                Some(withdrawn) => Ok(withdrawn),
                None => {
                    game.state.orders.remove(&who);
                    Ok(Said::Cleared)
                }
            },
            Command::Verb { verb, text } => cast(game, who, verb, &text),
            Command::Press { to, lines, grey, end } => {
                press(game, who, &to, &lines, grey, &end, &format!("{stem}-p{k}")).map(|(done, mut press)| {
                    letters.append(&mut press);
                    // Public press goes into the phase's public record (the archive, the zine),
                    // grey press without its sender.
                    if matches!(to, PressTo::All) {
                        game.state.press.push(views::PublicPress {
                            from: if grey { String::new() } else { who.to_string() },
                            lines,
                            grey,
                        });
                    }
                    done
                })
            }
            Command::VoteDraw | Command::VoteContinue => vote(game, who, &command),
            Command::Status => Ok(Said::Status),
            // Taken apart before the game acts (`ask::split`).
            Command::Question(_)
            | Command::Setting(_)
            | Command::Observe { .. }
            | Command::Join { .. }
            | Command::Confirm { .. } => Err(Refusal::AnsweredApart),
            Command::SetAbsence { from, to } => {
                match crate::game::desk::absence::declare(game, who, &from, &to, arrived) {
                    Ok((said, mut told)) => {
                        letters.append(&mut told);
                        Ok(said)
                    }
                    Err(e) => Err(Refusal::Absence(e)),
                }
            }
        };
        match result {
            Ok(d) if in_grace && changes => {
                crate::game::desk::mark_late(game, who);
                done.push((Some(line), Said::Late(Box::new(d))))
            }
            Ok(d) => done.push((Some(line), d)),
            Err(message) => errors.push(LineError { line, text, message }),
        }
    }
    errors.sort_by_key(|e| e.line);
    letters.insert(
        0,
        reply(game, who, &format!("{stem}-reply-{}", who.lowercase()), done, errors)?,
    );
    Ok(letters)
}

fn reply(
    game: &Game,
    role: Role,
    stem: &str,
    done: Vec<(Option<usize>, Said)>,
    errors: Vec<LineError>,
) -> Result<Letter, GameError> {
    let lang = game.config.reader(role).lang;
    let subject = crate::game::received_in(errors.len(), lang);
    let view = views::Reply {
        common: game.common(role),
        answered: crate::game::said::answered(&done, &errors, lang),
        on_file: on_file(game, role, lang)?,
        divine_on_file: rules(game).on_file(game, role, lang),
        missing: missing(game, role, lang)?,
        vote: game
            .state
            .votes
            .get(&role)
            .map(|v| v.word().to_string())
            .unwrap_or_default(),
    };
    Ok(game.letter(stem.to_string(), role, &subject, view))
}

/// A cast by mail or in a turn file (`BLESS`, `CURSE`), for the ruleset to take or refuse;
/// a verb of another kind of game is refused with that game's name.
fn cast(game: &mut Game, role: Role, verb: &str, text: &str) -> Result<Said, Refusal> {
    let rules = rules(game);
    if !rules.verbs().iter().any(|v| v.word == verb) {
        let owner = crate::kinds::owner_of_verb(verb).map_or("another game", |k| k.title());
        return Err(Refusal::VerbOfAnotherGame {
            verb: verb.to_string(),
            owner: owner.to_string(),
        });
    }
    rules.cast(game, role, verb, text)
}

/// A press command: the divine players neither send nor receive any (the rules' "they
/// send no press; nobody can write to them privately").
fn press(
    game: &Game,
    role: Role,
    to: &PressTo,
    lines: &[String],
    grey: bool,
    end: &PressEnd,
    stem: &str,
) -> Result<(Said, Vec<Letter>), Refusal> {
    if !game.kind().role_info(role).sends_press {
        return Err(rules(game).barred(role, Barred::Press));
    }
    game.press(role, to, lines, grey, end, stem, |n| {
        // A name written after PRESS TO: a power, by any of its names. A role no press may
        // reach is refused as such whichever kind names it (God, in a standard game too).
        match Role::parse(map(), n) {
            Some(r) if r.named_info().is_some_and(|i| !i.receives_press) => {
                let owner = crate::kinds::owner_of_role(r).unwrap_or(rules(game));
                Err(owner.barred(r, Barred::PressTo))
            }
            Some(r @ Role::Power(_)) => Ok(r),
            _ => Err(Refusal::PressNotAPower { name: n.to_string() }),
        }
    })
}

fn vote(game: &mut Game, role: Role, command: &Command) -> Result<Said, Refusal> {
    let p = role.power().ok_or(Refusal::OnlyPowersVote)?;
    let name = map().power_name(p);
    if !board(game)?.in_game(p) {
        return Err(Refusal::OutOfTheGame {
            power: name.to_string(),
        });
    }
    let draw = matches!(command, Command::VoteDraw);
    let v = if draw { Vote::Draw } else { Vote::Continue };
    game.state.votes.insert(role, v);
    Ok(Said::Voted { draw })
}

// ---------------------------------------------------------------------------------------
// Turn files: the referee's entry
// ---------------------------------------------------------------------------------------

/// Records the `orders:` and `divine:` of a turn file for the current phase. Everything is
/// checked first: one bad line and nothing is recorded (the errors say where).
pub fn record_turn(game: &mut Game, text: &str, origin: &str) -> Result<Vec<Letter>, Vec<String>> {
    let raw = crate::position::RawPosition::parse(text, origin).map_err(|e| vec![e.to_string()])?;
    let here = |key: &str, needle: &str| {
        crate::yaml::line_of(text, key, needle)
            .map(|line| format!("{origin}:{line}"))
            .unwrap_or_else(|| origin.to_string())
    };
    let current = phase(game).map_err(|e| vec![e.to_string()])?;
    let mut errors = Vec::new();
    if let Ok(p) = Phase::parse(&raw.phase) {
        if p != current {
            errors.push(format!(
                "{}: phase: the file is for {p}, but the game is in {current}; this file cannot be recorded now",
                here("phase", "")
            ));
        }
    } else if !raw.phase.trim().is_empty() {
        errors.push(format!("{}: phase: cannot read \"{}\"", here("phase", ""), raw.phase));
    }
    let before = game.state.clone();
    let mut done: BTreeMap<Role, Vec<Said>> = BTreeMap::new();
    for (pname, orders) in &raw.orders.0 {
        let Some(p) = power(pname) else {
            errors.push(format!("{}: \"{pname}\" is not a power", here("orders", pname)));
            continue;
        };
        let role = Role::Power(p);
        for o in orders {
            match order(game, role, o) {
                Ok(said) => done.entry(role).or_default().push(said),
                Err(e) => errors.push(format!("{}: {role}: \"{o}\": {}", here("orders", o), e.words(Lang::En))),
            }
        }
    }
    // The casts of a position file's own keys (`divine:`), read by the ruleset that owns
    // them, so that a game of another kind refuses each one by its verb.
    let owner = crate::kinds::owner_of_position_key("divine").and_then(crate::kinds::Kind::rules);
    let casts = owner.map(|r| r.turn_casts(&raw)).unwrap_or_default();
    for c in casts {
        match cast(game, c.role, c.verb, &c.text) {
            Ok(x) => done.entry(c.role).or_default().push(x),
            Err(e) => errors.push(format!(
                "{}: {}: {}: {}",
                here(c.block, &format!("{}:", c.key)),
                c.block,
                c.key,
                e.words(Lang::En)
            )),
        }
    }
    if !errors.is_empty() {
        game.state = before;
        return Err(errors);
    }
    game.state.entries += 1;
    let n = game.state.entries;
    let mut letters = Vec::new();
    for (role, lines) in done {
        let lines = lines
            .into_iter()
            .map(|l| (None, Said::ByReferee(Box::new(l))))
            .collect();
        letters.push(
            reply(
                game,
                role,
                &format!("t{n:04}-reply-{}", role.lowercase()),
                lines,
                Vec::new(),
            )
            .map_err(|e| vec![e.to_string()])?,
        );
    }
    Ok(letters)
}
