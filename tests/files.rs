//! The files of a game folder: `arbitre new` makes the whole folder or nothing, refuses
//! names and addresses that would break a header, and every file that holds a secret is
//! readable by the referee only, whatever the umask.

use crate::support;

use std::path::Path;
use std::process::Command;
use support::*;

const NOW: &str = "2026-11-30T19:00:00+01:00";

fn players(tmp: &Tmp, anne: &str) -> std::path::PathBuf {
    tmp.file(
        "players.yaml",
        &format!(
            "game: g1\nvariant: standard\nreferee: {{name: Referee, email: referee@example.org}}\n\
             start: 2026-12-01T20:00:00+01:00\nplayers:\n\
             - {{name: {anne}, email: anne@example.net, role: England, password: pass-a}}\n\
             - {{name: Bruno, email: bruno@example.net, role: France, password: pass-b}}\n\
             - {{name: Carl, email: carl@example.net, role: Germany, password: pass-c}}\n\
             - {{name: Dora, email: dora@example.net, role: Italy, password: pass-d}}\n\
             - {{name: Emil, email: emil@example.net, role: Austria, password: pass-e}}\n\
             - {{name: Fay, email: fay@example.net, role: Russia, password: pass-f}}\n\
             - {{name: Gus, email: gus@example.net, role: Turkey, password: pass-g}}\n"
        ),
    )
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_new_killed_half_way_leaves_no_game_folder() {
    let tmp = Tmp::new();
    let players = players(&tmp, "Anne");
    let dir = tmp.path("g1");
    let args = [
        "new",
        dir.to_str().unwrap(),
        "--players",
        players.to_str().unwrap(),
        "--now",
        NOW,
    ];
    // Killed at each of its first writes: game.yaml, then the first welcomes.
    for n in 1..=4 {
        let out = Command::new(BIN)
            .args(args)
            .env("ARBITRE_CRASH_AT", n.to_string())
            .output()
            .unwrap();
        assert!(!out.status.success(), "step {n}");
        assert!(!dir.exists(), "step {n}: a half-made {} is left", dir.display());
    }
    // Nothing stands in the way of the next try.
    create(&dir, &players, NOW);
    assert!(names(&dir).contains(&"game.yaml".to_string()));
    assert_eq!(names(&dir.join("outbox")).len(), 7);
}

#[test]
fn a_line_break_in_a_name_is_refused_with_its_line() {
    let tmp = Tmp::new();
    let players = players(&tmp, "\"Anne\\r\\nBcc: all@evil.example\"");
    let dir = tmp.path("g1");
    let out = arbitre(
        &[
            "new",
            dir.to_str().unwrap(),
            "--players",
            players.to_str().unwrap(),
            "--now",
            NOW,
        ],
        None,
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("players.yaml:6:") && err.contains("control character (CR"),
        "{err}"
    );
    assert!(!dir.exists());
}

#[cfg(unix)]
#[test]
fn secret_files_are_the_referee_s_only_whatever_the_umask() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = Tmp::new();
    let players = players(&tmp, "Anne");
    let dir = tmp.path("g1");
    let d = dir.to_str().unwrap();
    // As a referee whose umask lets everyone read everything.
    let permissive = |args: &[&str], stdin: &[u8]| {
        use std::io::Write;
        let mut child = Command::new("sh")
            .arg("-c")
            .arg("umask 000; exec \"$0\" \"$@\"")
            .arg(BIN)
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(stdin).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    permissive(&["new", d, "--players", players.to_str().unwrap(), "--now", NOW], b"");
    permissive(
        &["mail", d, "--now", NOW],
        b"From: Anne <anne@example.net>\r\nSubject: orders\r\n\r\nSIGNON England g1 pass-a\r\nA LON-NTH\r\n",
    );
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&dir), 0o700, "the game folder");
    for sub in ["mail", "outbox", "spool"] {
        assert_eq!(mode(&dir.join(sub)), 0o700, "{sub}/");
        for name in names(&dir.join(sub)) {
            assert_eq!(mode(&dir.join(sub).join(&name)), 0o600, "{sub}/{name}");
        }
    }
    for name in ["game.yaml", "state.yaml"] {
        assert_eq!(mode(&dir.join(name)), 0o600, "{name}");
    }
    assert_eq!(names(&dir.join("mail")).len(), 1);
}

/// Games made before Argon2id keep `sha256i$20000$<salt>$<hash>`: this one is England's
/// password `a` with the salt 01…01.
const OLD_HASH: &str =
    "sha256i$20000$01010101010101010101010101010101$877ce0f9d4c213cbecbda4c1d580e4f6d6b185d50211b900a499fa10f7c09c14";

fn signon(n: u32, password: &str) -> Vec<u8> {
    format!(
        "From: Anne <anne@example.net>\r\nSubject: orders\r\nMessage-ID: <{n}@files.example>\r\n\r\n\
         SIGNON England g1 {password}\r\nA LON-NTH\r\n"
    )
    .into_bytes()
}

fn england_hash(dir: &Path) -> String {
    let yaml: serde_yaml::Value =
        serde_yaml::from_str(&std::fs::read_to_string(dir.join("game.yaml")).unwrap()).unwrap();
    yaml["players"][0]["password_hash"].as_str().unwrap().to_string()
}

#[test]
fn passwords_are_argon2id_and_old_hashes_are_upgraded_at_the_next_sign_on() {
    let tmp = Tmp::new();
    let players = players(&tmp, "Anne");
    let dir = tmp.path("g1");
    let d = dir.to_str().unwrap();
    create(&dir, &players, NOW);
    assert!(england_hash(&dir).starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
    // As a game made before: the old hash of the same password.
    let text = std::fs::read_to_string(dir.join("game.yaml")).unwrap();
    let written = text.replace(&england_hash(&dir), OLD_HASH);
    std::fs::write(dir.join("game.yaml"), &written).unwrap();

    // A wrong password changes nothing.
    ok(&["mail", d, "--now", NOW], Some(&signon(1, "b")));
    assert_eq!(england_hash(&dir), OLD_HASH);
    // The right one signs on, and the hash is Argon2id from then on.
    ok(&["mail", d, "--now", NOW], Some(&signon(2, "a")));
    let upgraded = england_hash(&dir);
    assert!(upgraded.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{upgraded}");
    ok(&["mail", d, "--now", NOW], Some(&signon(3, "a")));
    assert_eq!(england_hash(&dir), upgraded, "made once");
    let outbox = names(&dir.join("outbox"));
    for (stem, what) in [
        ("m00002-reply-england", "old hash"),
        ("m00003-reply-england", "new hash"),
    ] {
        assert!(outbox.contains(&format!("{stem}.eml")), "{what}: {outbox:?}");
    }
    // The wrong password's refusal, and only that one.
    let refusals = outbox.iter().filter(|n| n.starts_with("rejection-")).count();
    assert_eq!(refusals, 1, "wrong password: {outbox:?}");
    // Only England's hash changed in game.yaml.
    assert_eq!(
        std::fs::read_to_string(dir.join("game.yaml")).unwrap(),
        written.replace(OLD_HASH, &format!("\"{upgraded}\""))
    );
}

#[test]
fn arbitre_password_makes_a_hash_for_a_players_file() {
    let tmp = Tmp::new();
    let hash = ok(&["password"], Some(b"s3cret\n")).trim().to_string();
    assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
    assert!(!hash.contains("s3cret"));
    // No password, no hash.
    let out = arbitre(&["password"], Some(b""));
    assert!(!out.status.success());

    let players = players(&tmp, "Anne");
    let text = std::fs::read_to_string(&players).unwrap().replace(
        "role: England, password: pass-a",
        &format!("role: England, password_hash: \"{hash}\""),
    );
    std::fs::write(&players, &text).unwrap();
    let dir = tmp.path("g1");
    create(&dir, &players, NOW);
    assert_eq!(england_hash(&dir), hash);
    ok(
        &["mail", dir.to_str().unwrap(), "--now", NOW],
        Some(&signon(1, "s3cret")),
    );
    assert!(names(&dir.join("outbox")).contains(&"m00001-reply-england.eml".to_string()));

    // Both, or a hash this program cannot read, are refused with the line.
    for bad in [
        format!("role: England, password: pass-a, password_hash: \"{hash}\""),
        "role: England, password_hash: \"s3cret\"".to_string(),
    ] {
        let text = std::fs::read_to_string(&players)
            .unwrap()
            .replace(&format!("role: England, password_hash: \"{hash}\""), &bad);
        let file = tmp.file("bad.yaml", &text);
        let out = arbitre(
            &[
                "new",
                tmp.path("g2").to_str().unwrap(),
                "--players",
                file.to_str().unwrap(),
                "--now",
                NOW,
            ],
            None,
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains("bad.yaml:6:"), "{bad}: {err}");
    }
}
