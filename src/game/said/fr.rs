//! The French words of the mail game's outcomes and refusals ([`super::Said`],
//! [`super::Refusal`]), as a French reader writes them (names with their articles, from
//! [`crate::lang::fr`]): one file per language, as the templates are.

use super::*;

/// A power's or side's name in a French sentence (`l'Italie`, `de l'Italie`).
pub fn fr_name(name: &str, form: Form) -> String {
    crate::map::standard_french_names().say(side_fr(name), form)
}

/// A role's name as a French letter writes it: a board game's side by the French name its
/// kind gives it (`Rouge`); any other name as it is (the French names of the powers are
/// given by [`fr_name`]).
fn side_fr(name: &str) -> &str {
    match crate::game::role::Role::from_name(name) {
        Some(role @ crate::game::role::Role::Named(_)) => role.name_in(Lang::Fr),
        _ => name,
    }
}

/// A phase as the state writes it, in a French sentence: `au printemps 1901, mouvements`,
/// `du printemps 1901, mouvements`.
pub fn fr_phase(phase: &str, form: Form) -> String {
    fr_name(&crate::words::phase_text(phase, Lang::Fr), form)
}

pub fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// What was done, in French.
pub fn fr(said: &Said) -> String {
    use Said as S;
    match said {
        S::OnFile { order } => format!("{order} : enregistré"),
        S::Replaces { order, old } => format!("{order} : enregistré, à la place de {old}"),
        S::Cleared => "EFFACER : tous vos ordres de la phase sont retirés".into(),
        S::Status => "ÉTAT : voir ci-dessous".into(),
        S::PressSent { to } if to.is_empty() => "presse envoyée à tous".into(),
        S::PressSent { to } => format!("presse envoyée {}", Role::fr_list(to, Form::To)),
        S::Voted { draw } => format!(
            "vous votez pour {}",
            if *draw {
                "la partie nulle"
            } else {
                "poursuivre la partie"
            }
        ),
        S::MoveAccepted { number, summary } => format!("coup {number} accepté : {summary}"),
        S::Answered { command } => format!("{command} : réponse dans une lettre à part"),
        S::PasswordChanged => "mot de passe changé ; une confirmation part à votre adresse".into(),
        S::TimezoneSet { zone } => format!("fuseau horaire : les échéances vous sont données dans le fuseau {zone}"),
        S::LanguageSet { lang } => format!(
            "langue : {}",
            match lang {
                Lang::En => "anglais",
                Lang::Fr => "français",
            }
        ),
        S::AddressCodeSent { address } => format!(
            "changement d'adresse : un code a été envoyé à {address} ; le changement est fait quand il en revient"
        ),
        S::ResignAsked => {
            "démission demandée ; écrivez DEMISSION CONFIRMER (ou RESIGN CONFIRM) pour la confirmer".into()
        }
        S::ResignConfirmed => "démission confirmée : l'arbitre est prévenu, et décide".into(),
        S::Wait { on: true } => "attente : cette phase attend son échéance, même quand tous les ordres sont là ; \
                                 CHANGER SANSATTENTE (SET NOWAIT) la lève"
            .into(),
        S::Wait { on: false } => "sans attente : cette phase peut être jouée dès que tous les ordres sont là, \
                                  sauf si un autre joueur attend"
            .into(),
        S::GreyPressSent { to } if to.is_empty() => "presse grise envoyée à tous, sans votre nom".into(),
        S::GreyPressSent { to } => format!("presse grise envoyée {}, sans votre nom", Role::fr_list(to, Form::To)),
        S::ByReferee(said) => format!("saisi par l'arbitre : {}", fr(said)),
        S::Late(said) => format!("{} (en retard : après l'échéance, pendant le délai de grâce)", fr(said)),
        S::ToTheEnd(said) => format!(
            "{} (aucune ligne FIN PRESSE n'a été trouvée : la presse va jusqu'à la fin de votre message)",
            fr(said)
        ),
        S::ReadAs { said, assumed } => {
            let read: Vec<String> = assumed.iter().map(ReadAs::fr).collect();
            // No colon inside: the line has one already (« A PAR - BUR : enregistré »).
            format!("{} ({})", fr(said), read.join("\u{202f}; "))
        }
        S::AbsenceNoted {
            from,
            to,
            allowance,
            deadline,
            zone,
        } => {
            let days = Lang::Fr.count(*allowance as usize, "jour", "jours");
            let noted = format!(
                "absence du {from} au {to} notée : une échéance qui y tombe est reportée après elle, \
                 dans la limite de {days} par an"
            );
            match deadline {
                AbsenceDeadline::Moved(due) => {
                    format!(
                        "{noted} ; l'échéance passe à {}",
                        crate::words::moment(*due, *zone, Lang::Fr)
                    )
                }
                AbsenceDeadline::Kept(due) => format!(
                    "{noted} ; l'échéance actuelle, {}, y tombe mais reste : la reporter après l'absence \
                     prendrait plus de jours qu'il ne vous en reste",
                    crate::words::moment(*due, *zone, Lang::Fr)
                ),
                AbsenceDeadline::Untouched => noted,
            }
        }
        S::OfTheKind(w) => w.words(Lang::Fr),
    }
}

pub(super) fn example_fr(french: bool, en: &str, fr: &str) -> String {
    if french {
        format!("écrivez par exemple « CHANGER {fr} »")
    } else {
        format!("écrivez par exemple « SET {en} »")
    }
}

pub(super) fn phase_form_fr(form: &PhaseForm) -> String {
    match form {
        PhaseForm::History { keyword: k } => {
            let all = if k == "HISTORIQUE" { "TOUT" } else { "ALL" };
            format!("{k} [<phase>|{all}], par exemple « {k} P1901M » ou « {k} {all} »")
        }
        // The French players' code of the phase (P printemps, A automne, H hiver).
        PhaseForm::GetReport => "GET REPORT <phase>, par exemple « GET REPORT P1901M »".into(),
        PhaseForm::Rapport => "RAPPORT <phase>, par exemple « RAPPORT P1901M »".into(),
    }
}

/// Why not, in French.
pub fn refused_fr(r: &Refusal) -> String {
    use Refusal as R;
    match r {
        R::TooLate { deadline, zone, phase } => format!(
            "trop tard : l'échéance était {} ; la phase {} est jugée avec ce qui était enregistré alors",
            crate::words::moment_text(deadline, zone.parse().unwrap_or(chrono_tz::UTC), Lang::Fr),
            fr_phase(phase, Form::Of)
        ),
        R::OneSignon => "une seule ligne SIGNON par message : celle-ci est ignorée".into(),
        R::BeforeSignon => "ignorée : elle vient avant la ligne SIGNON".into(),
        R::Unread { line, after, most } => format!(
            "la ligne {line} et {after} ligne{s} de commande à sa suite n'ont pas été lues : un message contient au plus {most} commandes",
            s = if *after > 1 { "s" } else { "" }
        ),
        R::NotAnOrder { text } => format!("« {text} » n'est pas un ordre"),
        R::AnotherPowersOrders { named, yours } => {
            // Both powers by their French names: `England:` from a French player is
            // « Angleterre » to him, as `Angleterre :` would have been.
            let names = crate::map::standard_french_names();
            format!(
                "ces ordres sont précédés de « {} », et vous jouez {} : écrivez vos propres ordres, sans rien devant",
                names.say(named, Form::Bare),
                names.say(yours, Form::The)
            )
        }
        R::Void(reason) => reason.words(Lang::Fr),
        R::OtherType { refusal, unit } => format!("{} ({})", refusal.words(Lang::Fr), unit.fr()),
        R::ArmyBuiltOnCoast { written, army, fleet } => format!(
            "{written} : une armée est mobilisée dans une province, pas sur une côte, et une côte est \
             pour une flotte : écrivez « {army} » pour une armée, ou « {fleet} » pour une flotte"
        ),
        R::VerbOfAnotherGame { verb, owner } => format!("{verb} appartient au jeu {owner}, pas à celui-ci"),
        R::NotAVerbHere { verb } => format!("{verb} n'est pas une commande de ce jeu"),
        R::PressNotAPower { name } => {
            format!("« {name} » n'est pas une puissance ; cette presse n'a pas été envoyée")
        }
        R::PressNotASide { name, sides } => {
            format!(
                "« {name} » n'est pas un camp ; les camps sont {}",
                sides.iter().map(|s| side_fr(s)).collect::<Vec<_>>().join(", ")
            )
        }
        R::NameAnotherPlayer => "nommez au moins un autre joueur".into(),
        R::OnlyPowersVote => "seules les puissances votent".into(),
        R::OutOfTheGame { power } => format!("{} est hors jeu", capital(&fr_name(power, Form::The))),
        R::AnsweredApart => "réponse à part".into(),
        R::NotYourTurn { to_move } => format!("ce n'est pas votre tour : c'est {} de jouer", fr_name(to_move, Form::To)),
        R::GameIsOver => "la partie est terminée".into(),
        R::MoveAfterTheEnd { text } => format!("« {text} » : la partie est terminée"),
        R::NotACommandOf { title } => format!("ce n'est pas une commande du jeu {title}"),
        R::WriteSignon => "écrivez SIGNON <rôle> <partie> <mot de passe>".into(),
        R::WriteVote => "écrivez VOTE NULLE ou VOTE CONTINUER".into(),
        R::WritePress => {
            "écrivez PRESSE À TOUS ou PRESSE À <puissance> [<puissance> …] ; cette presse n'a pas été envoyée".into()
        }
        R::PressNotEnded { line, text } => format!(
            "cette presse n'a pas de ligne FIN PRESSE, et la ligne {line} de votre message, dans la presse, se lit comme un ordre ou une \
             commande : « {text} » ; la presse n'a pas été envoyée et aucune de ses lignes n'a été prise \
             en compte : mettez FIN PRESSE là où la presse se termine, et renvoyez le message"
        ),
        R::PressEmpty => {
            "cette presse n'a pas de texte : rien n'a été envoyé (écrivez ses lignes entre PRESSE et FIN PRESSE)".into()
        }
        R::WriteAbsence { french } => format!(
            "écrivez {} ABSENCE <du> <au>, avec des dates comme 2026-12-20",
            if *french { "CHANGER" } else { "SET" }
        ),
        R::EndpressWithoutPress => "FIN PRESSE sans PRESSE À … au-dessus".into(),
        R::TakesNothing { form } => format!("{form} ne prend rien après lui : écrivez « {form} » seul"),
        R::NotUnderstood { text, hint } => format!(
            "pas compris : « {text} » ; {} (AIDE donne toutes les commandes)",
            match hint {
                Hint::Get => "écrivez GET REPORT <phase>, GET RULES ou GET MAP".into(),
                Hint::Set { french: true } => "écrivez CHANGER MOTDEPASSE, ADRESSE, FUSEAU ou LANGUE".into(),
                Hint::Set { french: false } => "écrivez SET PASSWORD, SET ADDRESS, SET TIMEZONE ou SET LANGUAGE".into(),
                Hint::Near { fr, .. } => format!("vouliez-vous dire {fr} ?"),
            }
        ),
        R::Setting { problem, french } => {
            let ex = |en: &str, fr: &str| example_fr(*french, en, fr);
            match problem {
                SettingProblem::PasswordForm => format!(
                    "un seul mot, le nouveau mot de passe : {}",
                    ex("PASSWORD n3w-s3cret", "MOTDEPASSE n3w-s3cret")
                ),
                SettingProblem::AddressForm => format!(
                    "donnez la nouvelle adresse : {}",
                    ex("ADDRESS ann@example.org", "ADRESSE ann@example.org")
                ),
                SettingProblem::NotATimezone { zone } => format!(
                    "« {zone} » n'est pas un fuseau horaire de la liste IANA : {}",
                    ex("TIMEZONE Europe/Paris", "FUSEAU Europe/Paris")
                ),
                SettingProblem::NameATimezone => format!(
                    "donnez un fuseau horaire de la liste IANA : {}",
                    ex("TIMEZONE America/Montreal", "FUSEAU America/Montreal")
                ),
                SettingProblem::NotALanguage { code } => format!(
                    "« {code} » : les langues sont en (anglais) et fr (français) : {}",
                    ex("LANGUAGE fr", "LANGUE fr")
                ),
                SettingProblem::NameALanguage => {
                    format!("donnez en ou fr : {}", ex("LANGUAGE fr", "LANGUE en"))
                }
            }
        }
        R::ResignForm { keyword } => {
            let confirm = if keyword == "RESIGN" { "CONFIRM" } else { "CONFIRMER" };
            format!("écrivez « {keyword} », puis « {keyword} {confirm} » pour confirmer")
        }
        R::ObserveForm { keyword } => format!("nommez la partie : écrivez par exemple « {keyword} vopaliec »"),
        R::JoinForm { keyword } => format!(
            "nommez la partie et un mot de passe : écrivez par exemple « {keyword} vopaliec mon-s3cret France Italie * »"
        ),
        R::ConfirmForm { keyword } => format!(
            "écrivez « {keyword} <partie> <code> », avec le code que vous avez reçu, par exemple « {keyword} vopaliec 5F2C9A1B »"
        ),
        R::NameAPhase { form } => format!("nommez une phase : écrivez {}", phase_form_fr(form)),
        R::NotAPhase { text, form, .. } => {
            format!("« {text} » n'est pas une phase : écrivez {}", phase_form_fr(form))
        }
        R::OnePasswordPerMessage => "un seul changement de mot de passe par message : celui-ci est ignoré".into(),
        R::ObserveAsPlayer => {
            "OBSERVER est pour ceux qui ne jouent pas : comme joueur, vous recevez déjà tous les rapports publics"
                .into()
        }
        R::JoinApart => "envoyez REJOINDRE dans un message à part, sans ligne SIGNON".into(),
        R::ConfirmApart => {
            "envoyez CONFIRMER depuis la nouvelle adresse, dans un message à part, sans ligne SIGNON".into()
        }
        R::NotAQuestion => "ce n'est ni une question ni un réglage".into(),
        R::PasswordUnread => {
            "le nouveau mot de passe n'a pas pu être lu : renvoyez CHANGER MOTDEPASSE (ou SET PASSWORD)".into()
        }
        R::Password(problem) => format!(
            "{} : écrivez par exemple « CHANGER MOTDEPASSE n3w-s3cret »",
            problem.words(Lang::Fr)
        ),
        R::NotAMailAddress { address } => format!(
            "« {address} » n'est pas une adresse électronique : écrivez par exemple « CHANGER ADRESSE ann@example.org »"
        ),
        R::AlreadyYourAddress { address } => format!("{address} est déjà votre adresse"),
        R::ResignConfirmedAlready => "votre démission est déjà confirmée ; l'arbitre décide".into(),
        R::ResignFirst => "écrivez d'abord DEMISSION, puis DEMISSION CONFIRMER".into(),
        R::WaitNeedsDeadlines => "cette partie attend chaque coup et n'a pas d'échéance à attendre".into(),
        R::NoPressInThisGame => {
            "cette partie n'a pas de presse entre joueurs (une partie muette) ; cette presse n'a pas été envoyée".into()
        }
        R::NoGreyPress => "cette partie n'a pas de presse grise : écrivez PRESS TO sans GREY, et votre nom \
                           l'accompagne ; cette presse n'a pas été envoyée"
            .into(),
        R::Chatter => "pas compris".into(),
        R::Absence(problem) => absence_fr(problem),
        R::Words(w) => w.clone(),
        R::OfTheKind(r) => r.words(Lang::Fr),
    }
}

/// Why `SET ABSENCE` noted nothing, in French.
fn absence_fr(problem: &crate::game::desk::absence::AbsenceError) -> String {
    use crate::game::desk::absence::{AbsenceError as A, MOST};
    match problem {
        A::NotADate { text } => format!("« {text} » n'est pas une date : écrivez-la comme 2026-12-20"),
        A::EndsBeforeItBegins { first, last } => {
            format!("l'absence finit ({last}) avant de commencer ({first}) : donnez le premier jour, puis le dernier")
        }
        A::Over { last } => format!("l'absence est déjà passée ({last}) : donnez des jours à venir"),
        A::TooMany => format!("{MOST} absences sont déjà déclarées : demandez à l'arbitre"),
    }
}
