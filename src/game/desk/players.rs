//! The referee's verbs on the players: a replacement, civil disorder, a player's address
//! and password changed.

use super::*;
use crate::game::config::{address_in_use, hash_password, new_salt, update_game_config, Person};
use crate::game::kind::Play;
use crate::game::role::Role;
use crate::game::{Effects, Game, GameError};
use crate::report::views::{AccountChange, DeskAccount, DeskWelcome, DislodgedUnit, Notice, PositionRow};
use journal::Done;

/// The position for a newcomer: each power's units and centres.
fn position_rows(game: &Game) -> Vec<PositionRow> {
    let Some(b) = &game.state.board else {
        return Vec::new();
    };
    map()
        .powers
        .iter()
        .filter_map(|p| {
            let units = b.units.get(&p.name).cloned().unwrap_or_default();
            let centres = b.supply_centers.get(&p.name).cloned().unwrap_or_default();
            let dislodged: Vec<DislodgedUnit> = b
                .dislodged
                .get(&p.name)
                .into_iter()
                .flatten()
                .map(|d| DislodgedUnit {
                    unit: d.unit.clone(),
                    retreats: d.retreats.clone(),
                })
                .collect();
            if units.is_empty() && centres.is_empty() && dislodged.is_empty() {
                return None;
            }
            Some(PositionRow {
                power: p.name.clone(),
                centres,
                units,
                dislodged,
            })
        })
        .collect()
}

/// `arbitre replace DIR ROLE --name N --address A`: a newcomer takes the role, with a fresh
/// password, and is welcomed with the position; the leaving player is told; every other
/// player is told that a player was replaced, in words that name no role.
pub fn replace(game: &mut Game, act: &Act, who: Role, name: &str, address: &str) -> Result<Effects, DeskError> {
    let role = who.to_string();
    let name = name.trim();
    if name.is_empty() {
        return Err(DeskError::NoName);
    }
    check_address(address)?;
    let leaving = game.person(who).ok_or_else(|| not_played(game, who))?;
    // As `arbitre new` checks the players file: one address, one role.
    if let Some(other) = game
        .config
        .players
        .iter()
        .find(|p| p.role != who && address_in_use(std::iter::once(p.email.as_str()), address))
    {
        return Err(DeskError::AddressInUse {
            address: address.to_string(),
            role: other.role,
        });
    }
    let leaving_reader = game.config.reader(who);
    let password = fresh_password();
    let hash = hash_password(&password, &new_salt());
    game.config = update_game_config(&game.dir, |c| {
        let p = c
            .players
            .iter_mut()
            .find(|p| p.role == who)
            .ok_or_else(|| GameError::NoPlayer { role: role.to_string() })?;
        p.name = name.to_string();
        p.email = address.to_string();
        p.password_hash = hash.clone();
        // The newcomer reads in the game's language and zone until they say otherwise.
        p.language = None;
        p.timezone = None;
        Ok(())
    })?;
    let s = &mut game.state;
    s.throttle.remove(&who);
    s.digests.remove(&who);
    s.desk.missed.remove(&who);
    s.desk.disorder.retain(|&p| p != who);
    // The leaving player's resignation, if any, is answered by the replacement.
    s.resignations.remove(&who);
    let n = next_act(game);
    let mut letters = Vec::new();
    // The leaving player is written to in the words they read (the role's settings were
    // theirs until now).
    let mut letter = notice_in(
        game,
        format!("d{n:04}-leaving-{}", who.lowercase()),
        who,
        leaving_reader,
        &|_| Notice::Leaving { role: role.clone() },
    );
    letter.to = leaving.clone();
    letters.push(letter);
    // A role whose player is secret (God, the Devil) is welcomed as such.
    let divine = game.kind().role_info(who).secret;
    let welcome = DeskWelcome {
        common: game.common(who),
        divine,
        variant: match game.kind().play() {
            Play::Phases(phases) => phases.welcome(game, who),
            Play::Moves(_) => Default::default(),
        },
        password,
        position: position_rows(game),
    };
    let subject = crate::game::welcome_subject(who, game.config.reader(who).lang);
    letters.push(game.letter(format!("d{n:04}-welcome-{}", who.lowercase()), who, &subject, welcome));
    letters.extend(tell_all(game, n, "replaced", Some(who), |_| Notice::Replaced));
    Ok(Effects {
        letters,
        journal: vec![act.entry(
            Done::Replaced {
                role: who,
                was_name: leaving.name.clone(),
                was_address: leaving.email.clone(),
                name: name.to_string(),
                address: address.to_string(),
            },
            &game.config.timezone,
        )],
        ..Default::default()
    })
}

/// `arbitre disorder DIR POWER`: the power goes into civil disorder: its orders are not
/// used (units hold, dislodged units are disbanded, no builds, removals by the rules,
/// DATC 4.D.8), it no longer holds up an early adjudication, and it is not reminded.
/// Every player is told.
pub fn disorder(game: &mut Game, act: &Act, who: Role) -> Result<Effects, DeskError> {
    diplomacy_only(game, "disorder")?;
    let role = who.to_string();
    if who.power().is_none() {
        return Err(DeskError::NotAPower { role: who });
    }
    if game.state.desk.disorder.contains(&who) {
        return Err(DeskError::AlreadyInDisorder { power: who });
    }
    game.state.desk.disorder.push(who);
    game.state.orders.remove(&who);
    // A resignation waiting is answered by the civil disorder.
    game.state.resignations.remove(&who);
    let n = next_act(game);
    let phase = game.state.phase.clone();
    let letters = tell_all(game, n, "disorder", None, |r| Notice::Disorder {
        power: role.clone(),
        phase: phase_in(&phase, r),
    });
    Ok(Effects {
        letters,
        journal: vec![act.entry(
            Done::Disorder {
                role: who,
                phase: game.state.phase.clone(),
            },
            &game.config.timezone,
        )],
        ..Default::default()
    })
}

/// What `arbitre player` changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Account {
    /// The role's address.
    Address(String),
    /// A fresh password, mailed to the player.
    NewPassword,
}

/// `arbitre player DIR ROLE --address A | --new-password`.
pub fn player(game: &mut Game, act: &Act, who: Role, change: Account) -> Result<Effects, DeskError> {
    let role = who;
    let before = game.person(who).ok_or_else(|| not_played(game, who))?;
    if let Account::Address(address) = &change {
        check_address(address)?;
        if address.eq_ignore_ascii_case(&before.email) {
            return Err(DeskError::SameAddress {
                address: address.clone(),
                role,
            });
        }
    }
    let n = next_act(game);
    let mut letters = Vec::new();
    let detail = match change {
        Account::Address(address) => {
            game.config = update_game_config(&game.dir, |c| {
                if let Some(p) = c.players.iter_mut().find(|p| p.role == who) {
                    p.email = address.clone();
                }
                Ok(())
            })?;
            let view = |change: AccountChange| DeskAccount {
                common: game.common(who),
                password: String::new(),
                change,
            };
            let changed = crate::words::pick(
                game.config.reader(who).lang,
                "your address was changed",
                "votre adresse a été changée",
            );
            let mut old = game.letter(
                format!("d{n:04}-address-was-{}", who.lowercase()),
                who,
                &changed,
                view(AccountChange::AddressWas {
                    address: address.clone(),
                }),
            );
            old.to = Person {
                name: before.name.clone(),
                email: before.email.clone(),
            };
            letters.push(old);
            letters.push(game.letter(
                format!("d{n:04}-address-{}", who.lowercase()),
                who,
                &changed,
                view(AccountChange::AddressIs {
                    address: address.clone(),
                }),
            ));
            Done::AddressChanged {
                role: who,
                was: before.email.clone(),
                is: address.clone(),
            }
        }
        Account::NewPassword => {
            let password = fresh_password();
            let hash = hash_password(&password, &new_salt());
            game.config = update_game_config(&game.dir, |c| {
                if let Some(p) = c.players.iter_mut().find(|p| p.role == who) {
                    p.password_hash = hash.clone();
                }
                Ok(())
            })?;
            game.state.throttle.remove(&who);
            letters.push(game.letter(
                format!("d{n:04}-password-{}", who.lowercase()),
                who,
                &crate::words::pick(
                    game.config.reader(who).lang,
                    "your new password",
                    "votre nouveau mot de passe",
                ),
                DeskAccount {
                    common: game.common(who),
                    password,
                    change: AccountChange::NewPassword,
                },
            ));
            Done::NewPassword {
                role: who,
                to: before.email.clone(),
            }
        }
    };
    Ok(Effects {
        letters,
        journal: vec![act.entry(detail, &game.config.timezone)],
        ..Default::default()
    })
}
