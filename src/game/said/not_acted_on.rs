//! Why a whole message was not acted on ([`NotActedOn`]): the reason a refusal gives its
//! sender. The refusal goes to whoever sent the message, whose language is not known (a
//! refusal in the game's language would tell that the game exists), so it says the reason
//! in English and in French at once, each half in its own words.

use super::Refusal;
use crate::lang::{Lang, Worded};
use crate::mail::authres::Forged;

/// Why a message was not acted on at all. Each depends on nothing but what the sender wrote
/// and the game's limits: never on who plays what, nor on which part of a sign-on failed.
#[derive(Clone, Debug, PartialEq)]
pub enum NotActedOn {
    /// The message has no SIGNON line.
    NoSignon,
    /// Its first SIGNON line cannot be read: the line's number, and what is wrong with it.
    BadSignon { line: usize, wrong: Refusal },
    /// The SIGNON line does not match a game, role, password and sender address registered
    /// here: one reason whatever did not match, so that no probe learns which.
    NoMatch,
    /// The message is `bytes` long, over the game's `limit`.
    TooLarge { bytes: usize, limit: u64 },
    /// The server that received it for the referee could not confirm its sender: these
    /// checks failed.
    Unauthenticated { forged: Forged },
    /// It holds `blocks` PRESS blocks, over the `most` one message may hold.
    TooManyPress { blocks: usize, most: usize },
}

impl Worded for NotActedOn {
    fn words(&self, lang: Lang) -> String {
        match lang {
            Lang::En => en(self),
            Lang::Fr => fr(self),
        }
    }
}

fn en(why: &NotActedOn) -> String {
    use NotActedOn as N;
    match why {
        N::NoSignon => "no SIGNON line: begin with SIGNON <role> <game> <password>".into(),
        N::BadSignon { line, wrong } => format!("line {line}: {}", wrong.words(Lang::En)),
        N::NoMatch => "the SIGNON line does not match a game, role, password and sender address registered here".into(),
        N::TooLarge { bytes, limit } => format!(
            "the message is {bytes} bytes long, and this game takes messages of at most {limit} bytes; \
             send the commands alone, as plain text"
        ),
        N::Unauthenticated { forged } => format!(
            "the mail server that received it for the referee could not confirm that it comes from \
             the address it is from (the {} failed); nothing in it was read. If you sent it, \
             ask your mail provider why your mail fails them",
            forged.checks()
        ),
        N::TooManyPress { blocks, most } => format!(
            "the message holds {blocks} PRESS blocks, and one message may hold at most {most}; \
             nothing in it was done: send the press in several messages"
        ),
    }
}

/// The French words, with French typography (a refusal is not a French letter, which
/// would be given it as a whole: only its French half is French).
fn fr(why: &NotActedOn) -> String {
    use NotActedOn as N;
    let words = match why {
        N::NoSignon => "aucune ligne SIGNON : commencez par SIGNON <rôle> <partie> <mot de passe>".into(),
        N::BadSignon { line, wrong } => format!("ligne {line} : {}", wrong.words(Lang::Fr)),
        N::NoMatch => "la ligne SIGNON ne correspond pas à une partie, un rôle, un mot de passe et une \
                       adresse d'expéditeur inscrits ici"
            .into(),
        N::TooLarge { bytes, limit } => format!(
            "le message fait {bytes} octets, et cette partie ne prend que des messages d'au plus \
             {limit} octets ; envoyez les commandes seules, en texte brut"
        ),
        N::Unauthenticated { forged } => format!(
            "le serveur de courrier qui l'a reçu pour l'arbitre n'a pas pu confirmer qu'il vient de \
             l'adresse qui l'envoie ({}) ; rien n'en a été lu. Si vous l'avez envoyé, demandez \
             à votre fournisseur de courrier pourquoi vos messages y échouent",
            match forged {
                Forged::Dmarc => "la vérification DMARC a échoué",
                Forged::SpfAndDkim => "les vérifications SPF et DKIM ont échoué",
            }
        ),
        N::TooManyPress { blocks, most } => format!(
            "le message contient {blocks} blocs PRESS, et un message peut en contenir au plus \
             {most} ; rien n'en a été fait : envoyez la presse en plusieurs messages"
        ),
    };
    crate::lang::fr::typography(&words)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// One value of every reason, for the shared test of words.
    pub(crate) fn every_reason() -> Vec<NotActedOn> {
        use NotActedOn as N;
        vec![
            N::NoSignon,
            N::BadSignon {
                line: 2,
                wrong: Refusal::WriteSignon,
            },
            N::NoMatch,
            N::TooLarge {
                bytes: 300_000,
                limit: 262_144,
            },
            N::Unauthenticated { forged: Forged::Dmarc },
            N::Unauthenticated {
                forged: Forged::SpfAndDkim,
            },
            N::TooManyPress { blocks: 12, most: 10 },
        ]
    }

    /// The French words keep French typography: a non-breaking space before `:` and a
    /// narrow one before `;`, none ordinary.
    #[test]
    fn the_french_reason_has_french_typography() {
        for why in every_reason() {
            let fr = why.words(Lang::Fr);
            assert!(!fr.contains(" :") && !fr.contains(" ;"), "{fr:?}");
        }
        assert_eq!(
            NotActedOn::NoSignon.words(Lang::Fr),
            "aucune ligne SIGNON\u{a0}: commencez par SIGNON <rôle> <partie> <mot de passe>"
        );
        assert_eq!(
            NotActedOn::BadSignon {
                line: 3,
                wrong: Refusal::WriteSignon
            }
            .words(Lang::Fr),
            "ligne 3\u{a0}: écrivez SIGNON <rôle> <partie> <mot de passe>"
        );
    }
}
