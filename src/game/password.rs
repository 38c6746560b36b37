//! Players' passwords: kept only as salted hashes (Argon2id with OWASP's parameters; the
//! older `sha256i$` hashes still read and upgraded at the next sign-on), checked in constant
//! time, and a new hash written into the game's `game.yaml`; the one rule a player's
//! password follows, whoever chooses it ([`check_new_password`]); and the passwords arbitre
//! makes itself ([`fresh_password`]).

mod verify;

use crate::dice::unhex;
use crate::game::error::GameError;
use crate::game::role::Role;
use crate::game::said::PasswordProblem;
use crate::yaml::FileError;
use sha2::{Digest, Sha256};

/// The shortest password a player may have: six characters, the length from which the
/// archive's redaction takes every copy of a password out of a message, even one written
/// again inside an order or a press line (docs/security.md).
pub const PASSWORD_MIN: usize = 6;

/// The one rule for a player's password, wherever it is chosen: in the players file, by
/// `SET PASSWORD`, on a `JOIN` line. One word (it is written on a SIGNON line), at least
/// [`PASSWORD_MIN`] characters, no control character, and not the archive's mask
/// `********`. docs/mail-commands.md states it for the players.
pub fn check_new_password(new: &str) -> Result<(), PasswordProblem> {
    if new == crate::mail::incoming::REDACTED {
        return Err(PasswordProblem::Redacted);
    }
    if new.chars().any(char::is_control) {
        return Err(PasswordProblem::ControlCharacter);
    }
    if new.chars().any(char::is_whitespace) {
        return Err(PasswordProblem::Blank);
    }
    if new.chars().count() < PASSWORD_MIN {
        return Err(PasswordProblem::TooShort { min: PASSWORD_MIN });
    }
    Ok(())
}

/// A fresh password made by arbitre (for a player listed without one, a newcomer, a
/// password the referee renews): 12 letters and digits from the operating system's
/// random source, without the look-alikes (no `i`, `l`, `o`, `0`, `1`).
pub fn fresh_password() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let mut rng = rand::rng();
    (0..12)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// Argon2id's memory cost, in KiB: OWASP's recommended minimum (19 MiB).
pub const ARGON2_MEMORY_KIB: u32 = 19 * 1024;
/// Argon2id's passes over the memory (OWASP: 2 with 19 MiB).
pub const ARGON2_PASSES: u32 = 2;
/// Argon2id's lanes (OWASP: 1).
pub const ARGON2_LANES: u32 = 1;
/// The Argon2id parameters new hashes are made with.
fn argon2_params() -> argon2::Params {
    argon2::Params::new(ARGON2_MEMORY_KIB, ARGON2_PASSES, ARGON2_LANES, None).expect("OWASP's parameters are valid")
}

fn argon2id() -> argon2::Argon2<'static> {
    argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, argon2_params())
}

/// A password's hash, as `game.yaml` keeps it: Argon2id with OWASP's parameters and the
/// player's own salt, in the PHC string format (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`).
pub fn hash_password(password: &str, salt: &[u8; 16]) -> String {
    use argon2::password_hash::{PasswordHasher, SaltString};
    let salt = SaltString::encode_b64(salt).expect("16 bytes make a valid salt");
    argon2id()
        .hash_password(password.as_bytes(), &salt)
        .expect("Argon2id hashes any password with valid parameters")
        .to_string()
}

/// A fresh 16-byte salt.
pub fn new_salt() -> [u8; 16] {
    let mut salt = [0u8; 16];
    rand::fill(&mut salt);
    salt
}

/// Does `password` match a stored hash? Reads Argon2 PHC strings (with the parameters they
/// name) and the older `sha256i$<rounds>$<salt hex>$<hash hex>` (SHA-256 of salt and
/// password, re-hashed with the salt `rounds` times). Compared in constant time.
pub fn check_password(password: &str, stored: &str) -> bool {
    let start = crate::clock::process_cpu();
    let matches = check(password, stored);
    if let (Some(start), Some(end)) = (start, crate::clock::process_cpu()) {
        CHECKS_CPU_NS.fetch_add((end - start).as_nanos() as u64, std::sync::atomic::Ordering::Relaxed);
    }
    matches
}

/// The CPU time this process has spent in [`check_password`] so far, where the system tells
/// it (Linux). `arbitre mail` reports it when [`REPORT_CHECKS_VAR`] is set, so that the
/// benchmark of the mail path (`benches/mail_path.rs`, issue #27) can take from each message
/// the cost of its own Argon2id check, made slow on purpose, and time the rest exactly.
pub fn checks_cpu() -> Option<std::time::Duration> {
    crate::clock::process_cpu()
        .map(|_| std::time::Duration::from_nanos(CHECKS_CPU_NS.load(std::sync::atomic::Ordering::Relaxed)))
}

/// The environment variable that makes `arbitre mail` write [`checks_cpu`] to its standard
/// error when it ends (`arbitre: password checks: 21034112 ns of CPU`).
pub const REPORT_CHECKS_VAR: &str = "ARBITRE_REPORT_CHECKS";

static CHECKS_CPU_NS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn check(password: &str, stored: &str) -> bool {
    if stored.starts_with('$') {
        return argon2::password_hash::PasswordHash::new(stored)
            .is_ok_and(|hash| verify::matches(password.as_bytes(), &hash));
    }
    let parts: Vec<&str> = stored.split('$').collect();
    let [kind, rounds, salt, hash] = parts.as_slice() else {
        return false;
    };
    if *kind != "sha256i" {
        return false;
    }
    let (Ok(rounds), Some(salt), Some(hash)) = (rounds.parse::<u32>(), unhex(salt), unhex(hash)) else {
        return false;
    };
    let digest = stretch(password, &salt, rounds);
    digest.len() == hash.len() && digest.iter().zip(&hash).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

fn stretch(password: &str, salt: &[u8], rounds: u32) -> [u8; 32] {
    let mut h: [u8; 32] = Sha256::new()
        .chain_update(salt)
        .chain_update(password.as_bytes())
        .finalize()
        .into();
    for _ in 0..rounds {
        h = Sha256::new().chain_update(h).chain_update(salt).finalize().into();
    }
    h
}

/// Is `text` a hash [`check_password`] can read (an Argon2 PHC string, or `sha256i$…`)?
pub fn is_password_hash(text: &str) -> bool {
    if text.starts_with('$') {
        return argon2::password_hash::PasswordHash::new(text)
            .is_ok_and(|h| h.algorithm.as_str().starts_with("argon2") && h.hash.is_some());
    }
    let parts: Vec<&str> = text.split('$').collect();
    matches!(parts.as_slice(), ["sha256i", rounds, salt, hash]
        if rounds.parse::<u32>().is_ok() && unhex(salt).is_some() && unhex(hash).is_some_and(|h| h.len() == 32))
}

/// Should this stored hash be made again at the next successful sign-on? Yes for anything
/// but Argon2id with the parameters [`hash_password`] uses now (an old `sha256i$` hash, or
/// Argon2 with weaker parameters).
pub fn needs_upgrade(stored: &str) -> bool {
    use argon2::password_hash::PasswordHash;
    let Ok(hash) = PasswordHash::new(stored) else {
        return true;
    };
    let now = argon2_params();
    let param = |name: &str| hash.params.get_decimal(name);
    hash.algorithm.as_str() != "argon2id"
        || hash.version != Some(0x13)
        || param("m").is_none_or(|m| m < now.m_cost())
        || param("t").is_none_or(|t| t < now.t_cost())
        || param("p").is_none_or(|p| p < now.p_cost())
}

/// Replaces `role`'s password hash in `DIR/game.yaml`, atomically. The file's text is kept
/// as it is but for the hash (a referee's comments stay), unless the old hash cannot be found
/// once in it, in which case the file is written anew from its contents.
pub fn store_password_hash(dir: &std::path::Path, role: Role, new_hash: &str) -> Result<(), GameError> {
    use crate::game::state::GameConfig;
    let path = dir.join("game.yaml");
    let origin = path.display().to_string();
    let text = std::fs::read_to_string(&path).map_err(GameError::io(&path))?;
    let mut config: GameConfig = crate::yaml::from_str(&text, &origin)?;
    let player = config
        .players
        .iter_mut()
        .find(|p| p.role == role)
        .ok_or_else(|| FileError {
            key: Some("players".into()),
            token: Some(role.text().into()),
            ..FileError::new(&origin, format!("no player plays {role}"))
        })?;
    let old_hash = std::mem::replace(&mut player.password_hash, new_hash.to_string());
    let quoted = format!("\"{new_hash}\"");
    let edited = match text.matches(old_hash.as_str()).count() {
        1 => {
            let at = text.find(old_hash.as_str()).expect("found once");
            let bare = !text[..at].ends_with(['"', '\'']);
            let replacement = if bare { quoted.as_str() } else { new_hash };
            Some(format!("{}{replacement}{}", &text[..at], &text[at + old_hash.len()..]))
        }
        _ => None,
    }
    // Kept only if it reads back as the same game with the new hash.
    .filter(|t| crate::yaml::from_str::<GameConfig>(t, &origin).is_ok_and(|c| c == config));
    let new_text = match edited {
        Some(t) => t,
        None => serde_yaml::to_string(&config)?,
    };
    crate::store::write_atomic(&path, new_text.as_bytes()).map_err(GameError::io(&path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::hex;

    #[test]
    fn one_rule_for_every_password_a_player_chooses() {
        assert_eq!(check_new_password("s3cret"), Ok(()));
        assert_eq!(
            check_new_password("short"),
            Err(PasswordProblem::TooShort { min: PASSWORD_MIN })
        );
        assert_eq!(check_new_password("two words"), Err(PasswordProblem::Blank));
        assert_eq!(check_new_password("tab\there"), Err(PasswordProblem::ControlCharacter));
        assert_eq!(check_new_password("********"), Err(PasswordProblem::Redacted));
        // What arbitre makes follows the rule, and never repeats itself in practice.
        let (a, b) = (fresh_password(), fresh_password());
        assert_eq!((check_new_password(&a), a.len()), (Ok(()), 12));
        assert_ne!(a, b);
        assert!(!a.contains(['i', 'l', 'o', '0', '1']), "{a}");
    }

    #[test]
    fn passwords_are_kept_only_as_salted_hashes() {
        let h = hash_password("s3cret", &[1; 16]);
        assert!(!h.contains("s3cret"));
        assert!(check_password("s3cret", &h));
        assert!(!check_password("s3cret ", &h));
        assert_ne!(h, hash_password("s3cret", &[2; 16]), "the salt changes the hash");
        assert!(!check_password("s3cret", "garbage"));
    }

    /// `sha256i$20000$…` of "s3cret" with the salt 01…01, as games created before Argon2id
    /// keep it.
    fn old_hash() -> String {
        format!(
            "sha256i$20000${}${}",
            hex(&[1; 16]),
            hex(&stretch("s3cret", &[1; 16], 20_000))
        )
    }

    #[test]
    fn new_hashes_are_argon2id_with_owasp_parameters() {
        let h = hash_password("s3cret", &[1; 16]);
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(!needs_upgrade(&h));
        assert!(check_password("s3cret", &h));
        // Old hashes are still accepted, and marked for upgrade.
        assert!(check_password("s3cret", &old_hash()));
        assert!(!check_password("s3cret!", &old_hash()));
        assert!(needs_upgrade(&old_hash()));
        // Argon2 with weaker parameters, or Argon2i, are upgraded too.
        let weak = "$argon2id$v=19$m=8,t=1,p=1$AQEBAQEBAQEBAQEBAQEBAQ$ZHV0eWR1dHlkdXR5ZHV0eQ";
        assert!(needs_upgrade(weak));
        assert!(needs_upgrade(&h.replace("argon2id", "argon2i")));
    }

    #[test]
    fn a_new_hash_replaces_only_the_old_one_in_game_yaml() {
        let dir = std::env::temp_dir().join(format!("arbitre-config-upgrade-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let old = old_hash();
        let game = format!(
            "# kept by hand\ngame: g\nvariant: standard\nreferee: {{name: R, email: r@example.org}}\n\
             timezone: UTC\ndeadlines: {{movement: 72h, retreat: 24h, adjustment: 24h}}\nreminder: 24h\n\
             seed: '00'\ncommitment: '00'\nplayers:\n\
             - {{name: A, email: a@example.org, role: England, password_hash: {old}}}\n\
             - {{name: B, email: b@example.org, role: France, password_hash: {old}x}}\n"
        );
        std::fs::write(dir.join("game.yaml"), &game).unwrap();
        let new = hash_password("s3cret", &[3; 16]);
        let england = Role::from_name("england").unwrap();
        store_password_hash(&dir, england, &new).unwrap();
        let text = std::fs::read_to_string(dir.join("game.yaml")).unwrap();
        // The old hash is found twice (France's starts with it): the file is written anew.
        assert!(!text.contains("kept by hand") && text.contains(&new), "{text}");
        // Once found once, only the hash changes.
        let game = game.replace(&format!("{old}x"), "other");
        std::fs::write(dir.join("game.yaml"), &game).unwrap();
        store_password_hash(&dir, england, &new).unwrap();
        let text = std::fs::read_to_string(dir.join("game.yaml")).unwrap();
        assert_eq!(text, game.replace(&old, &format!("\"{new}\"")));
        // A role nobody plays is named, under `players:`, with the file's path.
        let e = store_password_hash(&dir, Role::from_name("Turkey").unwrap(), &new).unwrap_err();
        let GameError::File(f) = &e else {
            panic!("not a file error: {e:?}")
        };
        assert_eq!(
            (f.key.as_deref(), f.token.as_deref()),
            (Some("players"), Some("Turkey"))
        );
        assert_eq!(
            e.to_string(),
            format!("{}: no player plays Turkey", dir.join("game.yaml").display())
        );
        std::fs::remove_dir_all(&dir).unwrap();
        // A folder without game.yaml: the I/O error keeps the path.
        let e = store_password_hash(&dir, england, &new).unwrap_err();
        assert!(
            matches!(&e, GameError::Io { path, .. } if path == &dir.join("game.yaml")),
            "{e:?}"
        );
    }
}
