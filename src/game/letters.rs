//! The letters a game writes: what every letter's template can use, a letter to a role,
//! the final report, the reply once the game is over, and the subject of a reply.

use super::{state, Game};
use crate::game::role::Role;
use crate::report::{views, Letter, View};

impl Game {
    /// What every letter's template can use, as a view's fields.
    pub fn common(&self, role: Role) -> views::Common {
        // The phase in the reader's language, the deadline in the reader's zone and UTC.
        let reader = self.config.reader(role);
        views::Common {
            game: self.config.game.clone(),
            title: self.title().to_string(),
            referee: self.config.referee.name.clone(),
            role: role.name_in(reader.lang).to_string(),
            name: self.config.player(role).map(|p| p.name.clone()).unwrap_or_default(),
            phase: crate::words::phase_text(&self.state.phase, reader.lang),
            deadline: self
                .state
                .deadline
                .as_deref()
                .map(|d| crate::words::moment_text(d, reader.timezone, reader.lang))
                .unwrap_or_default(),
            commitment: self.config.commitment.clone(),
        }
    }

    /// A letter to a role's registered address, saying `view`. The subject names the game
    /// and the phase.
    pub fn letter(&self, stem: String, role: Role, subject: &str, view: impl Into<View>) -> Letter {
        let lang = self.config.reader(role).lang;
        Letter {
            stem,
            to: self.person(role).unwrap_or_else(|| self.config.referee.clone()),
            subject: self.subject(subject, lang),
            view: view.into(),
            in_reply_to: None,
            lang,
            kind: crate::report::Kind::Own,
            picture: None,
        }
    }

    /// A subject in `lang`: the game, what its kind names after it (the phase now), then
    /// `what` the letter is ([`subject_of`]).
    pub fn subject(&self, what: &str, lang: crate::lang::Lang) -> String {
        subject_of(&self.config.game, &self.phase_label(), what, lang)
    }

    /// The final report, to every player: who played what, the winners, the seed.
    /// `view` makes each player's letter from these and what the kind of game shows
    /// besides (the last report, the board).
    pub fn final_letters<V: Into<View>>(
        &self,
        f: &state::Finished,
        view: impl Fn(views::Common, views::Ending, state::Reader) -> V,
    ) -> Vec<Letter> {
        // An anonymous game keeps its players' names from one another to the end.
        let anonymous = self.config.anonymous;
        // Who played what, each role as the reader's letters name it (a board game's side
        // by its French name in a French letter).
        let players = |lang| -> Vec<views::PlayerRow> {
            self.config
                .players
                .iter()
                .filter(|_| !anonymous)
                .map(|p| views::PlayerRow {
                    role: p.role.name_in(lang).to_string(),
                    name: p.name.clone(),
                })
                .collect()
        };
        // How it ended, in each reader's words: the same for every reader of one language.
        let ending = |lang| views::Ending {
            summary: self.ending_in(f, lang),
            winners: (f.winners.iter())
                .map(|w| Role::from_name(w).map_or_else(|| w.clone(), |r| r.name_in(lang).to_string()))
                .collect(),
            seed: self.config.seed.clone(),
            players: players(lang),
            anonymous,
        };
        let mut letters: Vec<Letter> = self
            .roles()
            .into_iter()
            .map(|role| {
                let lang = self.config.reader(role).lang;
                let subject = crate::words::pick(lang, "the final report", "le rapport final");
                self.letter(
                    format!("final-{}", role.lowercase()),
                    role,
                    &subject,
                    view(self.common(role), ending(lang), self.config.reader(role)),
                )
            })
            .collect();
        let subject = crate::words::pick(self.config.language, "the final report", "le rapport final");
        let game = self.config.game_reader();
        letters.extend(self.to_observers("final", &subject, |common| view(common, ending(game.lang), game)));
        letters
    }

    /// How the game ended, in `lang`, in its kind's words ([`Kind::ending`](crate::game::kind::Kind::ending)).
    pub fn ending_in(&self, f: &state::Finished, lang: crate::lang::Lang) -> String {
        self.kind.ending(self, f, lang)
    }

    pub(super) fn game_over_reply(&self, role: Role, stem: &str) -> Letter {
        let f = self.state.finished.clone().expect("finished");
        let view = views::OverReply {
            common: self.common(role),
            answered: views::Answered::default(),
            over: self.ending_in(&f, self.config.reader(role).lang),
        };
        let subject = crate::words::pick(
            self.config.reader(role).lang,
            "the game is over",
            "la partie est terminée",
        );
        self.letter(format!("{stem}-reply-{}", role.lowercase()), role, &subject, view)
    }
}

/// A subject as its reader reads it: the game, `label` (a phase as the state writes it, or
/// a board game's title) in the reader's words, then `what` the letter is. English
/// `vopaliec, Spring 1901 Movement: received`; French `vopaliec, printemps 1901, mouvements :
/// reçu`, the season in lower case after the game's name and a space before the colon,
/// which the letter's French typography makes non-breaking.
pub fn subject_of(game: &str, label: &str, what: &str, lang: crate::lang::Lang) -> String {
    let label = crate::words::phase_text(label, lang);
    match lang {
        crate::lang::Lang::En => format!("{game}, {label}: {what}"),
        crate::lang::Lang::Fr => format!("{game}, {label} : {what}"),
    }
}

/// The welcome's subject, `role` named as its reader names it: `welcome: you play France`,
/// « bienvenue, vous jouez la France », « … le Bon Dieu » (a comma, not a second colon
/// after the subject's own).
pub fn welcome_subject(role: Role, lang: crate::lang::Lang) -> String {
    match lang {
        crate::lang::Lang::En => format!("welcome: you play {role}"),
        crate::lang::Lang::Fr => format!("bienvenue, vous jouez {}", role.fr(crate::lang::fr::Form::The)),
    }
}

/// The subject of the reply to a message.
pub fn received(errors: usize) -> String {
    received_in(errors, crate::lang::Lang::En)
}

/// [`received`] in the reader's language.
pub fn received_in(errors: usize, lang: crate::lang::Lang) -> String {
    use crate::lang::Lang;
    match (errors, lang) {
        (0, Lang::En) => "received".into(),
        (1, Lang::En) => "received, with 1 error".into(),
        (n, Lang::En) => format!("received, with {n} errors"),
        (0, Lang::Fr) => "reçu".into(),
        (1, Lang::Fr) => "reçu, avec 1 erreur".into(),
        (n, Lang::Fr) => format!("reçu, avec {n} erreurs"),
    }
}

#[cfg(test)]
mod tests {
    use super::{received_in, subject_of, welcome_subject};
    use crate::game::role::Role;
    use crate::lang::Lang;

    #[test]
    fn a_subject_names_the_game_and_the_phase_in_its_readers_words() {
        assert_eq!(
            subject_of("vopaliec", "Spring 1901 Movement", "received", Lang::En),
            "vopaliec, Spring 1901 Movement: received"
        );
        // The season in lower case after the game's name, a space before the colon.
        assert_eq!(
            subject_of("vopaliec", "Fall 1901 Retreat", "reçu", Lang::Fr),
            "vopaliec, automne 1901, retraites : reçu"
        );
        // A board game's title is no phase: as it is.
        assert_eq!(subject_of("table", "DIAM", "coup 1", Lang::Fr), "table, DIAM : coup 1");
    }

    #[test]
    fn a_welcome_names_the_role_with_its_article() {
        assert_eq!(welcome_subject(Role::Named("God"), Lang::En), "welcome: you play God");
        assert_eq!(
            welcome_subject(Role::Named("God"), Lang::Fr),
            "bienvenue, vous jouez le Bon Dieu"
        );
        let england = Role::from_name("England").unwrap();
        assert_eq!(welcome_subject(england, Lang::Fr), "bienvenue, vous jouez l'Angleterre");
    }

    /// A reply's subject counts its errors with the noun's own plural, in both languages
    /// (not `1 error(s)`).
    #[test]
    fn received_counts_errors_in_words() {
        assert_eq!(received_in(0, Lang::En), "received");
        assert_eq!(received_in(1, Lang::En), "received, with 1 error");
        assert_eq!(received_in(4, Lang::En), "received, with 4 errors");
        assert_eq!(received_in(1, Lang::Fr), "reçu, avec 1 erreur");
        assert_eq!(received_in(4, Lang::Fr), "reçu, avec 4 erreurs");
    }
}
