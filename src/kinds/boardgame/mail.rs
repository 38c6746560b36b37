//! A board game by mail (DIAM, Diabolik Fleet, Les Belligérants, JOMINI): each line of a
//! message that is not a command is a move; a move out of turn or against the rules is
//! refused with the reason, and an accepted move is relayed at once to every player with
//! the board. The game itself is [`crate::kinds::boardgame`]; the state is the list of moves.
//! Each board game's [`Kind`] is a game kind of the mail game ([`crate::game::kind::Kind`]),
//! played move by move.

use super::{BoardGame, Kind, Setup};
use crate::dice::{Dice, Seed};
use crate::game::commands::{Command, LineError, Numbered};
use crate::game::kind::{self, KindWords, Moves, Play, PlayersFileRules};
use crate::game::role::{NamedRole, Role};
use crate::game::said::{Refusal, Said};
use crate::game::state::{Finished, MoveRow};
use crate::game::{Effects, Game, GameError, Now};
use crate::kinds::boardgame;
use crate::lang::{Lang, Worded};
use crate::report::{views, Letter};
use crate::yaml::FileError;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The board game of `game`, as it was resolved when the game was opened.
fn kind(game: &Game) -> Result<&'static Kind, GameError> {
    let variant = &game.config.variant;
    let this: &'static dyn kind::Kind = game.kind();
    this.as_any().downcast_ref::<Kind>().ok_or_else(|| {
        GameError::File(FileError {
            key: Some("variant".into()),
            token: Some(variant.as_str().into()),
            ..FileError::new("game.yaml", format!("variant: \"{variant}\" is not a board game"))
        })
    })
}

fn setup(game: &Game) -> Result<Setup, GameError> {
    let sides = (kind(game)?.sides)(game.config.players.len()).map_err(|e| e.in_file("game.yaml"))?;
    Ok(Setup {
        house_rules: game.config.house_rules.clone(),
        sides: sides.iter().map(|s| s.to_string()).collect(),
        options: game.config.options.clone(),
    })
}

/// A role of game.yaml that is none of the game's sides (game.yaml edited by hand).
fn not_a_side(role: Role, setup: &Setup) -> GameError {
    GameError::File(FileError {
        key: Some("players".into()),
        token: Some(role.text().into()),
        ..FileError::new(
            "game.yaml",
            format!(
                "players: \"{role}\" is not a side of this game: the sides are {}",
                setup.sides.join(", ")
            ),
        )
    })
}

/// The game now, by replaying its moves on the seed; and the dice where they stand.
fn current(game: &Game) -> Result<(Box<dyn BoardGame>, Dice, Setup), GameError> {
    let setup = setup(game)?;
    let mut dice = Dice::new(game.seed()?);
    let moves: Vec<(usize, String)> = game
        .state
        .moves
        .iter()
        .map(|m| {
            let side = setup.sides.iter().position(|s| s == &m.side).ok_or_else(|| FileError {
                key: Some("moves".into()),
                token: Some(m.side.as_str().into()),
                ..FileError::new("state.yaml", format!("moves: \"{}\" is not a side", m.side))
            })?;
            Ok((side, m.text.clone()))
        })
        .collect::<Result<_, FileError>>()?;
    let g = boardgame::replay(kind(game)?, &setup, &mut dice, &moves).map_err(|e| e.in_files())?;
    Ok((g, dice, setup))
}

/// The board now, as text in `lang`, and the side to move (empty when none is): for
/// `GET MAP` and `LIST`.
pub fn board_now(game: &Game, lang: Lang) -> Result<(String, String), GameError> {
    let (g, _, setup) = current(game)?;
    Ok((g.board(lang), to_move_name(g.as_ref(), &setup)))
}

/// How the game ended, in `lang`: the game's own words, from its moves replayed; the words
/// of `state.yaml` when the game does not end there (a `finished:` written by hand).
pub fn ending(game: &Game, f: &Finished, lang: Lang) -> String {
    if lang == Lang::En {
        return f.summary.clone();
    }
    let ended = current(game).ok().and_then(|(g, _, _)| g.finish());
    match ended {
        Some(e) if e.summary.words(Lang::En) == f.summary => e.summary.words(lang),
        _ => f.summary.clone(),
    }
}

/// The words a board game tells, in `lang`: a move's notes, the notes of the start.
fn words(told: &[boardgame::Told], lang: Lang) -> Vec<String> {
    told.iter().map(|t| t.words(lang)).collect()
}

/// A board's picture as a PNG, shared by every letter that carries it.
type Png = Option<Arc<[u8]>>;

/// The board after a move in each language, as text and as a picture, drawn once for all
/// the readers of one.
struct Boards<'a> {
    game: &'a dyn BoardGame,
    drawn: std::cell::RefCell<Vec<(Lang, String)>>,
    pictures: std::cell::RefCell<Vec<(Lang, Png)>>,
}

impl Boards<'_> {
    fn new(game: &dyn BoardGame) -> Boards<'_> {
        Boards {
            game,
            drawn: Default::default(),
            pictures: Default::default(),
        }
    }

    /// The picture in `lang` as a PNG: DIAM and Diabolik Fleet have one, the other games none.
    fn picture(&self, lang: Lang) -> Png {
        let mut drawn = self.pictures.borrow_mut();
        if let Some((_, p)) = drawn.iter().find(|(l, _)| *l == lang) {
            return p.clone();
        }
        let p = picture_of(self.game, lang);
        drawn.push((lang, p.clone()));
        p
    }

    fn get(&self, lang: Lang) -> String {
        let mut drawn = self.drawn.borrow_mut();
        if let Some((_, b)) = drawn.iter().find(|(l, _)| *l == lang) {
            return b.clone();
        }
        let b = self.game.board(lang);
        drawn.push((lang, b.clone()));
        b
    }
}

/// The board's picture in `lang` as a PNG; None for a game without pictures, or when it
/// cannot be drawn.
fn picture_of(g: &dyn BoardGame, lang: Lang) -> Option<Arc<[u8]>> {
    let png = crate::picture::png(&g.picture_in(lang)?).ok()?;
    Some(Arc::from(png))
}

/// The board's picture now (DIAM and Diabolik Fleet) in `lang`, as a PNG: `GET MAP`'s
/// picture. None for a game without pictures, or when it cannot be drawn.
pub fn picture_now(game: &Game, lang: Lang) -> Option<Arc<[u8]>> {
    let (g, _, _) = current(game).ok()?;
    picture_of(g.as_ref(), lang)
}

fn to_move_name(g: &dyn BoardGame, setup: &Setup) -> String {
    g.to_move().map(|i| setup.sides[i].clone()).unwrap_or_default()
}

/// Sets up the game and writes the welcomes (with the first announcements, e.g. a die).
pub fn start(game: &mut Game) -> Result<Effects, GameError> {
    let kind = kind(game)?;
    let setup = setup(game)?;
    let mut dice = Dice::new(game.seed()?);
    let (g, notes) = (kind.start)(&setup, &mut dice).map_err(|e| e.in_file("game.yaml"))?;
    let rules = game.house_rules()?;
    game.state.phase = "play".into();
    let mut fx = Effects::default();
    let boards = Boards::new(g.as_ref());
    for role in game.roles() {
        let lang = game.config.reader(role).lang;
        let view = views::BoardWelcome {
            common: game.common(role),
            boardgame: true,
            sides: setup
                .sides
                .iter()
                .map(|side| kind.side_in(side, lang))
                .collect::<Vec<_>>()
                .join(", "),
            notation: kind.notation_in(lang).to_string(),
            notes: words(&notes, lang),
            house_rules: rules
                .iter()
                .map(|r| format!("{}: {}", r.name, r.description_in(lang)))
                .collect(),
            board: boards.get(lang),
            to_move: kind.side_in(&to_move_name(g.as_ref(), &setup), lang).to_string(),
            // A password arbitre made is given by the mail game (`game::join`).
            password: String::new(),
        };
        let subject = crate::game::welcome_subject(role, lang);
        fx.letters
            .push(game.letter(format!("welcome-{}", role.lowercase()), role, &subject, view));
    }
    fx.log
        .push(format!("created: {} with {}", kind.title, setup.sides.join(", ")));
    Ok(fx)
}

/// Acts on the commands of an authenticated message.
pub fn act(
    game: &mut Game,
    role: Role,
    commands: Vec<Numbered>,
    mut errors: Vec<LineError>,
    stem: &str,
    log: &mut Vec<String>,
) -> Result<Vec<Letter>, GameError> {
    let kind = kind(game)?;
    let (mut g, mut dice, setup) = current(game)?;
    // The game's roles are its sides, in seat order.
    let sides = game.roles_in_order();
    let side = sides
        .iter()
        .position(|&s| s == role)
        .filter(|&i| i < setup.sides.len())
        .ok_or_else(|| not_a_side(role, &setup))?;
    let mut done = Vec::new();
    let mut letters = Vec::new();
    for (
        k,
        Numbered {
            line,
            text: written,
            command,
        },
    ) in commands.into_iter().enumerate()
    {
        let result: Result<Said, Refusal> = match command {
            Command::Order(text) if game.state.finished.is_some() => Err(Refusal::MoveAfterTheEnd { text }),
            Command::Order(text) => {
                if g.to_move() != Some(side) && !g.out_of_turn(side, &text) {
                    Err(match g.to_move() {
                        Some(i) => Refusal::NotYourTurn {
                            to_move: setup.sides[i].clone(),
                        },
                        None => Refusal::GameIsOver,
                    })
                } else {
                    match g.play(side, &text, &mut dice) {
                        // The game's refusal as a value, worded in the reader's language.
                        Err(e) => Err(Refusal::OfTheKind(KindWords {
                            en: e.words(Lang::En),
                            fr: e.words(Lang::Fr),
                        })),
                        Ok(played) => {
                            game.state.moves.push(MoveRow {
                                side: role.to_string(),
                                text: text.clone(),
                            });
                            let number = game.state.moves.len();
                            let to_move = to_move_name(g.as_ref(), &setup);
                            let finish = g.finish();
                            // The same move told to every side and observer, each in its own
                            // words: the board and its picture (DIAM and Diabolik Fleet have
                            // one, the other games none) drawn once per language.
                            let boards = Boards::new(g.as_ref());
                            let told = |common: views::Common, lang: crate::lang::Lang| views::BoardMove {
                                common,
                                number,
                                by: role.name_in(lang).to_string(),
                                summary: played.summary.words(lang),
                                notes: words(&played.notes, lang),
                                board: boards.get(lang),
                                to_move: kind.side_in(&to_move, lang).to_string(),
                                over: finish.as_ref().map(|f| f.summary.words(lang)).unwrap_or_default(),
                            };
                            let subject_in = |lang| {
                                crate::words::pick(
                                    lang,
                                    &format!("move {number}: {}", played.summary.words(lang)),
                                    // A comma, not a second colon after the subject's own.
                                    &format!("coup {number}, {}", played.summary.words(lang)),
                                )
                            };
                            for r in game.roles() {
                                let lang = game.config.reader(r).lang;
                                let subject = subject_in(lang);
                                let view = told(game.common(r), lang);
                                letters.push(
                                    game.letter(format!("{stem}-move{k}-{}", r.lowercase()), r, &subject, view)
                                        .broadcast(&game.config.game)
                                        .with_picture(boards.picture(lang)),
                                );
                            }
                            let observed =
                                game.to_observers(&format!("{stem}-move{k}"), &subject_in(game.config.language), |c| {
                                    told(c, game.config.language)
                                });
                            let picture = boards.picture(game.config.language);
                            letters.extend(observed.into_iter().map(|l| l.with_picture(picture.clone())));
                            if let Some(f) = finish {
                                // state.yaml keeps the English words, as every file does.
                                let finished = Finished {
                                    after: format!("move {number}"),
                                    winners: f.winners.clone(),
                                    summary: f.summary.to_string(),
                                };
                                let finals = game.final_letters(&finished, |common, mut ending, reader| {
                                    ending.summary = f.summary.words(reader.lang);
                                    views::BoardFinal {
                                        common,
                                        ending,
                                        boardgame: true,
                                        board: boards.get(reader.lang),
                                    }
                                });
                                letters.extend(finals.into_iter().map(|l| l.broadcast(&game.config.game)));
                                game.state.finished = Some(finished);
                                log.push(format!("game over: {}", f.summary));
                            }
                            Ok(Said::MoveAccepted {
                                number,
                                summary: played.summary.words(game.config.reader(role).lang),
                            })
                        }
                    }
                }
            }
            Command::Press { to, lines, grey, end } => game
                .press(role, &to, &lines, grey, &end, &format!("{stem}-p{k}"), |n| {
                    sides
                        .iter()
                        .copied()
                        // A side by its name or, for a French player, by its French name.
                        .find(|s| s.text().eq_ignore_ascii_case(n) || s.name_in(Lang::Fr).eq_ignore_ascii_case(n))
                        .ok_or_else(|| Refusal::PressNotASide {
                            name: n.to_string(),
                            sides: setup.sides.clone(),
                        })
                })
                .map(|(done, mut press)| {
                    letters.append(&mut press);
                    done
                }),
            Command::Status => Ok(Said::Status),
            // Taken apart before the game acts (`ask::split`).
            Command::Question(_)
            | Command::Setting(_)
            | Command::Observe { .. }
            | Command::Join { .. }
            | Command::Confirm { .. } => Err(Refusal::AnsweredApart),
            Command::Signon { .. } => Err(Refusal::OneSignon),
            Command::Clear
            | Command::Verb { .. }
            | Command::VoteDraw
            | Command::VoteContinue
            | Command::SetAbsence { .. } => Err(Refusal::NotACommandOf {
                title: kind.title.to_string(),
            }),
        };
        match result {
            Ok(d) => done.push((Some(line), d)),
            Err(message) => errors.push(LineError {
                line,
                text: written,
                message,
            }),
        }
    }
    errors.sort_by_key(|e| e.line);
    let lang = game.config.reader(role).lang;
    let subject = crate::game::received_in(errors.len(), lang);
    let view = views::BoardReply {
        common: game.common(role),
        boardgame: true,
        board: g.board(lang),
        to_move: kind.side_in(&to_move_name(g.as_ref(), &setup), lang).to_string(),
        notation: (!errors.is_empty()).then(|| kind.notation_in(lang).to_string()),
        answered: crate::game::said::answered(&done, &errors, lang),
    };
    letters.insert(
        0,
        game.letter(format!("{stem}-reply-{}", role.lowercase()), role, &subject, view),
    );
    Ok(letters)
}

/// The referee's view of a board game, as YAML.
pub fn status(game: &Game) -> Result<String, GameError> {
    let (g, dice, setup) = current(game)?;
    let mut w = crate::yaml::Writer::default();
    w.key(0, "game", &game.config.game);
    w.key(0, "variant", &game.config.variant);
    w.key(0, "to_move", &to_move_name(g.as_ref(), &setup));
    w.key(0, "moves", &game.state.moves.len().to_string());
    w.key(0, "dice_words_drawn", &dice.words.to_string());
    let rules: Vec<String> = game.house_rules()?.iter().map(|r| r.name.to_string()).collect();
    if !rules.is_empty() {
        w.flow_list(0, "house_rules", &rules);
    }
    w.raw(0, "board: |");
    for l in g.board(Lang::En).lines() {
        w.raw(1, l);
    }
    game.write_players_and_end(&mut w, |_| Ok(None))?;
    Ok(w.finish())
}

/// The most players a board game is for, to list every side of every game.
const MOST_PLAYERS: usize = 8;

impl kind::Kind for Kind {
    fn name(&self) -> &'static str {
        self.variant
    }

    fn title(&self) -> &'static str {
        self.title
    }

    /// The sides, in seat order.
    fn roles(&self, players: usize) -> Result<Vec<Role>, String> {
        let sides = (self.sides)(players).map_err(|e| e.to_string())?;
        Ok(sides.into_iter().map(Role::Named).collect())
    }

    /// Every side of any number of players, each a player like any other.
    fn named_roles(&self) -> Vec<NamedRole> {
        let mut all: Vec<NamedRole> = Vec::new();
        for side in (1..=MOST_PLAYERS).filter_map(|n| (self.sides)(n).ok()).flatten() {
            if !all.iter().any(|n| n.name == side) {
                // A side the French text names otherwise (Les Belligérants' Jaune and
                // Rose) is said so in every French letter, and may be signed on as.
                let french = self.sides_fr.iter().find(|(en, _)| *en == side).map(|(_, fr)| *fr);
                all.push(NamedRole {
                    french,
                    ..NamedRole::side(side)
                });
            }
        }
        all
    }

    fn house_rules(&self) -> &'static [boardgame::HouseRule] {
        self.house_rules
    }

    fn players_file(&self) -> PlayersFileRules {
        PlayersFileRules {
            needs_start: false,
            every_role_played: false,
            no_options: None,
            not_a_role: format!("is not a side of {}", self.title),
        }
    }

    /// The game checks its own options when it starts: start one now, on any seed.
    fn check_options(
        &self,
        players: usize,
        options: BTreeMap<String, String>,
        house_rules: &[String],
    ) -> Result<(), String> {
        let setup = Setup {
            house_rules: house_rules.to_vec(),
            sides: (self.sides)(players)
                .unwrap_or_default()
                .iter()
                .map(|s| s.to_string())
                .collect(),
            options,
        };
        match (self.start)(&setup, &mut Dice::new(Seed([0; 32]))) {
            Ok(_) => Ok(()),
            Err(e) => Err(e.to_string()),
        }
    }

    fn start(&self, game: &mut Game, _first_deadline: Option<Now>) -> Result<Effects, GameError> {
        start(game)
    }

    fn act(
        &self,
        game: &mut Game,
        role: Role,
        commands: Vec<Numbered>,
        errors: Vec<LineError>,
        stem: &str,
        _arrived: Now,
        log: &mut Vec<String>,
    ) -> Result<Vec<Letter>, GameError> {
        act(game, role, commands, errors, stem, log)
    }

    fn ending(&self, game: &Game, f: &Finished, lang: Lang) -> String {
        ending(game, f, lang)
    }

    /// A board game has no phases: its subjects name the game.
    fn phase_label(&self, _game: &Game) -> String {
        self.title.to_string()
    }

    /// The board, and the side to move.
    fn position_text(&self, game: &Game, lang: Lang) -> Result<String, GameError> {
        let (board, to_move) = board_now(game, lang)?;
        Ok(if to_move.is_empty() {
            board
        } else {
            match lang {
                Lang::En => format!("{board}\n{to_move} is to move."),
                Lang::Fr => format!(
                    "{board}\n{} de jouer.",
                    crate::lang::fr::capitalised(
                        &crate::map::standard_french_names()
                            .say(self.side_in(&to_move, lang), crate::lang::fr::Form::To)
                    )
                ),
            }
        })
    }

    /// The same picture for every side, in the reader's language.
    fn picture_now(&self, game: &Game, role: Role) -> Option<Arc<[u8]>> {
        picture_now(game, game.config.reader(role).lang)
    }

    /// The game's rules in players' words (templates/rules-GAME(.fr).txt); the readings
    /// of docs/boardgames.md are for developers (issue #24).
    fn players_rules(&self, lang: Lang) -> String {
        self.rules_in(lang).trim_end().to_string()
    }

    fn status(&self, game: &Game) -> Result<String, GameError> {
        status(game)
    }

    fn play(&self) -> Play<'_> {
        Play::Moves(self)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

impl Moves for Kind {
    fn to_move(&self, game: &Game) -> Result<String, GameError> {
        let (g, _, setup) = current(game)?;
        Ok(to_move_name(g.as_ref(), &setup))
    }

    fn notation(&self, lang: Lang) -> &'static str {
        self.notation_in(lang)
    }
}

#[cfg(test)]
mod tests {
    use super::{not_a_side, GameError, Role, Setup};

    /// game.yaml edited by hand so that a player's role is none of the sides: the file, the
    /// key and the role, and the sides to choose from.
    #[test]
    fn a_role_that_is_no_side_names_game_yaml_and_the_sides() {
        let setup = Setup {
            sides: vec!["South".into(), "North".into()],
            ..Default::default()
        };
        let e = not_a_side(Role::Named("West"), &setup);
        let GameError::File(f) = &e else {
            panic!("not a file error: {e:?}")
        };
        assert_eq!(
            (f.file.as_str(), f.key.as_deref(), f.token.as_deref()),
            ("game.yaml", Some("players"), Some("West"))
        );
        assert_eq!(
            e.to_string(),
            "game.yaml: players: \"West\" is not a side of this game: the sides are South, North"
        );
    }
}
