//! Diplomacy as a game kind of the mail game: every [`Ruleset`] is played by mail through
//! [`Diplomacy`], which answers the mail game's questions ([`crate::game::kind::Kind`]) with
//! the Diplomacy mail game ([`super::mail`], [`super::pages`]) and the ruleset's own part.

use super::{mail, pages, process, Ruleset};
use crate::game::commands::{LineError, Numbered};
use crate::game::kind::{Kind, Phases, Play, PlayersFileRules, Run};
use crate::game::role::{NamedRole, Role};
use crate::game::state::Finished;
use crate::game::{Effects, Game, GameError, Now};
use crate::lang::Lang;
use crate::map::{Map, Power};
use crate::phase::Phase;
use crate::report::views::WelcomePart;
use crate::report::Letter;
use std::sync::Arc;

/// A ruleset of Diplomacy, played by mail on the standard map.
pub struct Diplomacy(pub &'static dyn Ruleset);

impl Kind for Diplomacy {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn title(&self) -> &'static str {
        self.0.title()
    }

    /// The map's powers, then the ruleset's extra roles, whatever the number of players.
    fn roles(&self, _players: usize) -> Result<Vec<Role>, String> {
        let powers = (0..Map::standard_powers().len()).map(|i| Role::Power(Power(i as u8)));
        Ok(powers.chain(self.0.extra_roles().iter().map(NamedRole::role)).collect())
    }

    fn named_roles(&self) -> Vec<NamedRole> {
        self.0.extra_roles().to_vec()
    }

    fn verbs(&self) -> &'static [crate::game::kind::Verb] {
        self.0.verbs()
    }

    fn has_divine_players(&self) -> bool {
        self.0.has_divine_players()
    }

    fn state(&self) -> Option<crate::game::state::KindState> {
        self.0.state()
    }

    fn players_file(&self) -> PlayersFileRules {
        PlayersFileRules {
            needs_start: true,
            every_role_played: true,
            no_options: Some("are for the board games; Diplomacy has none"),
            not_a_role: "is not a role of this game".into(),
        }
    }

    fn start(&self, game: &mut Game, first_deadline: Option<Now>) -> Result<Effects, GameError> {
        mail::start(game, first_deadline.ok_or(GameError::NoStart)?)
    }

    fn act(
        &self,
        game: &mut Game,
        role: Role,
        commands: Vec<Numbered>,
        errors: Vec<LineError>,
        stem: &str,
        arrived: Now,
        _log: &mut Vec<String>,
    ) -> Result<Vec<Letter>, GameError> {
        mail::act(game, role, commands, errors, stem, arrived)
    }

    /// The words are made from the game's history; those of `state.yaml` when it has none.
    fn ending(&self, game: &Game, f: &Finished, lang: Lang) -> String {
        process::ending(game, lang).unwrap_or_else(|| f.summary.clone())
    }

    fn phase_label(&self, game: &Game) -> String {
        game.state.phase.clone()
    }

    fn position_text(&self, game: &Game, lang: Lang) -> Result<String, GameError> {
        position_text(game, lang)
    }

    fn picture_now(&self, game: &Game, role: Role) -> Option<Arc<[u8]>> {
        process::picture_now(game, role)
    }

    /// None: Diplomacy's rules go to players in their own words and language, from the
    /// templates rules-diplomacy(.fr).txt and rules-diable(.fr).txt; the notes of docs/ are
    /// for developers (issue #24).
    fn players_rules(&self, _lang: Lang) -> String {
        String::new()
    }

    fn status(&self, game: &Game) -> Result<String, GameError> {
        process::status(game)
    }

    fn zine(&self, game: &Game) -> Result<String, GameError> {
        pages::zine(game)
    }

    fn public_archive(&self, game: &Game) -> Result<Vec<(String, Vec<u8>)>, GameError> {
        pages::public_archive(game)
    }

    /// A line with no unit, no province and no order word is no order (issue #24).
    fn may_be_an_order(&self, line: &str) -> bool {
        crate::order::looks_like_an_order(crate::map::Map::standard(), line)
    }

    /// The order reader of a mail's order lines reads it (several orders on a line each
    /// alone).
    fn reads_as_an_order(&self, line: &str, lang: crate::lang::Lang) -> bool {
        let map = crate::map::Map::standard();
        let mut reader = crate::order::Reader::default();
        crate::order::split_orders(map, line)
            .iter()
            .any(|o| reader.read(map, lang, o).is_ok())
    }

    fn play(&self) -> Play<'_> {
        Play::Phases(self)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

impl Phases for Diplomacy {
    fn ready(&self, game: &Game, role: Role) -> Result<bool, GameError> {
        mail::ready(game, role)
    }

    fn due(&self, game: &Game, phase: Phase, opened: Now) -> Result<Now, GameError> {
        process::due(game, phase, opened)
    }

    fn process(&self, game: &mut Game, now: Now, run: Run) -> Result<Option<Effects>, GameError> {
        process::process_with(game, now, run)
    }

    fn preview(&self, game: &mut Game, now: Now) -> Result<Effects, GameError> {
        process::adjudicate_preview(game, now)
    }

    fn record_turn(&self, game: &mut Game, text: &str, origin: &str) -> Result<Vec<Letter>, Vec<String>> {
        mail::record_turn(game, text, origin)
    }

    fn welcome(&self, game: &Game, role: Role) -> WelcomePart {
        self.0.welcome(game, role)
    }
}

/// The position now as text, in `lang`: each power's units and centres, and the neutral
/// centres, in the notation of a reader of `lang` (`A VAR`, `SEB` for a French reader).
fn position_text(game: &Game, lang: Lang) -> Result<String, GameError> {
    let map = crate::map::Map::standard();
    let b = game.board()?;
    let unit = |u: &crate::judge::Unit| crate::order::unit_text_in(map, &u.unit_ref(), lang);
    let code = |c: crate::map::ProvId| crate::order::province_text_in(map, c, lang).to_string();
    let mut out = Vec::new();
    for p in map.all_powers() {
        if !b.in_game(p) {
            continue;
        }
        let units: Vec<String> = b.units.iter().filter(|u| u.power == p).map(unit).collect();
        let centres: Vec<String> = b
            .centers
            .iter()
            .filter(|(_, &o)| o == p)
            .map(|(&c, _)| code(c))
            .collect();
        let list = |items: Vec<String>, none: &str| {
            if items.is_empty() {
                none.to_string()
            } else {
                items.join(", ")
            }
        };
        let (n_centres, n_units) = (centres.len(), units.len());
        out.push(match lang {
            Lang::En => format!(
                "{}: {n_centres} centres, {n_units} units\n  units: {}\n  centres: {}",
                map.power_name(p),
                list(units, "none"),
                list(centres, "none"),
            ),
            Lang::Fr => format!(
                "{} : {n_centres} centre{}, {n_units} unité{}\n  unités : {}\n  centres : {}",
                crate::map::standard_french_names().say(map.power_name(p), crate::lang::fr::Form::Bare),
                if n_centres > 1 { "s" } else { "" },
                if n_units > 1 { "s" } else { "" },
                list(units, "aucune"),
                list(centres, "aucun"),
            ),
        });
        for d in b.dislodged.iter().filter(|d| d.unit.power == p) {
            out.push(match lang {
                Lang::En => format!("  dislodged: {}", unit(&d.unit)),
                Lang::Fr => format!("  délogée : {}", unit(&d.unit)),
            });
        }
    }
    let neutral: Vec<String> = map.centers().filter(|c| !b.centers.contains_key(c)).map(code).collect();
    if !neutral.is_empty() {
        out.push(match lang {
            Lang::En => format!("Neutral centres: {}", neutral.join(", ")),
            Lang::Fr => format!("Centres neutres : {}", neutral.join(", ")),
        });
    }
    Ok(out.join("\n"))
}
