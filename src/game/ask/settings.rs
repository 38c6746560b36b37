//! The players' settings (`SET PASSWORD`, `SET ADDRESS`, `SET TIMEZONE`, `SET LANGUAGE`,
//! `SET WAIT`, `RESIGN`…): each changes the player's own entry only, and is answered by a letter of
//! its own.

use super::*;

impl Game {
    /// `SET PASSWORD`: the hash the intake made of the new password (the archive holds no
    /// clear password), or, for a message archived unredacted, the password itself.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn set_password(
        &mut self,
        who: Role,
        line: usize,
        new: &str,
        intake: &FromIntake,
        id: &str,
        stem: &str,
        letters: &mut Vec<Letter>,
    ) -> Result<Result<Said, Refusal>, GameError> {
        let role = who;
        let hash = match &intake.new_password {
            Some((l, verdict)) if *l == line => verdict.clone(),
            _ if new != REDACTED => check_new_password(new)
                .map(|()| hash_password(new, &new_salt()))
                .map_err(Refusal::Password),
            _ => Err(Refusal::PasswordUnread),
        };
        let hash = match hash {
            Ok(h) => h,
            Err(why) => return Ok(Err(why)),
        };
        self.change_player(who, |p| p.password_hash = hash)?;
        let view = views::Setting {
            common: self.common(role),
            what: "password".into(),
            ..Default::default()
        };
        letters.push(self.answer_letter(
            At { stem, line, id },
            "password",
            role,
            &self.say(role, "your password was changed", "votre mot de passe a été changé"),
            view,
        ));
        Ok(Ok(Said::PasswordChanged))
    }

    /// Changes the player of `role` in `game.yaml`, and here.
    pub(super) fn change_player(
        &mut self,
        role: Role,
        change: impl FnOnce(&mut crate::game::config::Player),
    ) -> Result<(), GameError> {
        self.config = update_game_config(&self.dir, |c| {
            let p = c
                .players
                .iter_mut()
                .find(|p| p.role == role)
                .ok_or_else(|| GameError::NoPlayer { role: role.to_string() })?;
            change(p);
            Ok(())
        })?;
        Ok(())
    }

    /// The other settings.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn setting(
        &mut self,
        who: Role,
        s: Setting,
        line: usize,
        id: &str,
        stem: &str,
        arrived: Now,
        letters: &mut Vec<Letter>,
    ) -> Result<Result<Said, Refusal>, GameError> {
        let role = who;
        let notice = |game: &Game, what: &str, value: &str, code: &str| views::Setting {
            common: game.common(role),
            what: what.into(),
            value: value.into(),
            code: code.into(),
        };
        let done = match s {
            Setting::Password(_) => unreachable!("SET PASSWORD is done by set_password"),
            Setting::Timezone(zone) => {
                let z = zone.clone();
                self.change_player(who, |p| p.timezone = Some(z))?;
                let view = notice(self, "timezone", &zone, "");
                let subject = self.say(role, "your time zone", "votre fuseau horaire");
                letters.push(self.answer_letter(At { stem, line, id }, "timezone", role, &subject, view));
                Said::TimezoneSet { zone }
            }
            Setting::Language(lang) => {
                self.change_player(who, |p| p.language = Some(lang))?;
                let view = notice(self, "language", lang.code(), "");
                let subject = self.say(role, "your language", "votre langue");
                letters.push(self.answer_letter(At { stem, line, id }, "language", role, &subject, view));
                Said::LanguageSet { lang }
            }
            Setting::Address(address) => {
                if address.parse::<lettre::Address>().is_err() {
                    return Ok(Err(Refusal::NotAMailAddress { address }));
                }
                let old = self.config.player(role).map(|p| p.email.clone()).unwrap_or_default();
                if address.eq_ignore_ascii_case(&old) {
                    return Ok(Err(Refusal::AlreadyYourAddress { address }));
                }
                let code = code(self, "address", &[role.text(), &address, stem]);
                self.state.address_changes.insert(
                    who,
                    AddressChange {
                        address: address.clone(),
                        code: code.clone(),
                        asked: arrived.to_rfc3339(),
                    },
                );
                // The code to the new address, which must send it back; a word to the old.
                let mut to_new = self.answer_letter(
                    At { stem, line, id },
                    "address-code",
                    role,
                    &self.say(role, "confirm your new address", "confirmez votre nouvelle adresse"),
                    notice(self, "address-code", &address, &code),
                );
                to_new.to.email = address.clone();
                to_new.in_reply_to = None;
                letters.push(to_new);
                let view = notice(self, "address-asked", &address, "");
                letters.push(self.answer_letter(
                    At { stem, line, id },
                    "address-asked",
                    role,
                    &self.say(role, "a change of address", "un changement d'adresse"),
                    view,
                ));
                Said::AddressCodeSent { address }
            }
            Setting::Wait(on) => {
                // A game played move by move has no deadline for the phase to wait for.
                if matches!(self.kind().play(), crate::game::kind::Play::Moves(_)) {
                    return Ok(Err(Refusal::WaitNeedsDeadlines));
                }
                if on {
                    self.state.wait.insert(who);
                } else {
                    self.state.wait.remove(&who);
                }
                let what = if on { "wait" } else { "nowait" };
                let view = notice(self, what, "", "");
                let subject = self.say(role, "waiting for the deadline", "l'attente de l'échéance");
                letters.push(self.answer_letter(At { stem, line, id }, what, role, &subject, view));
                Said::Wait { on }
            }
            Setting::Resign { confirm: false } => {
                if self.state.resignations.get(&who).is_some_and(|r| r.confirmed.is_some()) {
                    return Ok(Err(Refusal::ResignConfirmedAlready));
                }
                self.state.resignations.insert(
                    who,
                    Resignation {
                        asked: arrived.to_rfc3339(),
                        confirmed: None,
                    },
                );
                let view = notice(self, "resign-asked", "", "");
                let subject = self.say(role, "your resignation", "votre démission");
                letters.push(self.answer_letter(At { stem, line, id }, "resign", role, &subject, view));
                Said::ResignAsked
            }
            Setting::Resign { confirm: true } => {
                let Some(r) = self.state.resignations.get_mut(&who) else {
                    return Ok(Err(Refusal::ResignFirst));
                };
                if r.confirmed.is_some() {
                    return Ok(Err(Refusal::ResignConfirmedAlready));
                }
                r.confirmed = Some(arrived.to_rfc3339());
                let r = r.clone();
                let view = notice(self, "resign-sent", "", "");
                let subject = self.say(role, "your resignation", "votre démission");
                letters.push(self.answer_letter(At { stem, line, id }, "resign", role, &subject, view));
                let tz = self.config.timezone.clone();
                let player = self.config.player(role).cloned();
                let view = views::Resignation {
                    common: views::Common {
                        role: role.to_string(),
                        name: player.as_ref().map(|p| p.name.clone()).unwrap_or_default(),
                        ..self.common(role)
                    },
                    email: player.map(|p| p.email).unwrap_or_default(),
                    asked: crate::game::show_time(&r.asked, &tz),
                    confirmed: crate::game::show_time(r.confirmed.as_deref().unwrap_or_default(), &tz),
                };
                letters.push(Letter {
                    stem: format!("{stem}-l{line}-resignation-{}", role.lowercase()),
                    to: self.config.referee.clone(),
                    subject: self.subject(
                        &match self.config.language {
                            crate::lang::Lang::En => format!("{role} resigns"),
                            crate::lang::Lang::Fr => format!("démission {}", role.fr(crate::lang::fr::Form::Of)),
                        },
                        self.config.language,
                    ),
                    view: view.into(),
                    in_reply_to: None,
                    lang: self.config.language,
                    kind: crate::report::Kind::Own,
                    picture: None,
                });
                Said::ResignConfirmed
            }
        };
        Ok(Ok(done))
    }
}
