//! `arbitre publish ROOT DIR` (issue #26), end to end: a game of Diable et Bon Dieu played by
//! mail with public and private press, published, and DIR served by a real web server
//! (Python's `http.server`, started and killed here): the pages and maps are served, no file
//! of the game folder is, and no secret is in any published byte; the modes a web server
//! reads whatever the umask; publishing again after another phase and after a rollback
//! updates DIR in place. And `arbitre send` to a server that is not there says so once.

use crate::support;

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use support::servers::{free_port, skip};
use support::*;

const CREATED: &str = "2026-11-28T10:00:00+01:00";
const EVENING: &str = "2026-11-30T19:00:00+01:00";
const DEADLINE: &str = "2026-12-01T20:00:00+01:00";
const AUTUMN_EVENING: &str = "2026-12-03T19:00:00+01:00";
const AUTUMN: &str = "2026-12-04T20:00:00+01:00";
const SEED: &str = "8f2c41d7a09b3e5566c1f0e2d4b79a8c13e5f70926bd4a8e0c71f3d5a2b69e04";

const POWERS: [&str; 7] = ["France", "England", "Germany", "Italy", "Austria", "Russia", "Turkey"];
const PUBLIC_PRESS: &str = "La Bourgogne & nous <3, dit la France.";
const PRIVATE_PRESS: &str = "Un mot secret pour l'Allemagne seule.";
const LATER_PRESS: &str = "An English word in the autumn.";

/// A Diable et Bon Dieu game named `name`: God is Player 7, the Devil Player 8.
fn players_file(name: &str) -> String {
    let mut s = format!(
        "game: {name}\nvariant: diable-et-bon-dieu\nreferee: {{name: Arbitre, email: arbitre@{name}.example, password: ref-pw}}\n\
         timezone: Europe/Paris\ndeadlines: {{movement: 72h, retreat: 24h, adjustment: 24h}}\n\
         start: {DEADLINE}\nseed: {SEED}\nplayers:\n"
    );
    let roles = POWERS.iter().copied().chain(["God", "Devil"]);
    for (i, role) in roles.enumerate() {
        s += &format!("  - {{name: Player {i}, email: p{i}@{name}.example, role: {role}, password: pass-pw{i}}}\n");
    }
    s
}

fn mail(dir: &Path, who: usize, role: &str, id: &str, lines: &str, now: &str) {
    let game = dir.file_name().unwrap().to_str().unwrap();
    let raw = format!(
        "From: Player {who} <p{who}@{game}.example>\r\nTo: arbitre@{game}.example\r\nSubject: orders\r\n\
         Message-ID: <{id}@test.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
         SIGNON {role} {game} pass-pw{who}\n{lines}\r\n"
    );
    ok(&["mail", dir.to_str().unwrap(), "--now", now], Some(raw.as_bytes()));
}

/// The spring, processed: orders, public and private press, God's blessing and the Devil's
/// curse.
fn spring(dir: &Path) {
    mail(
        dir,
        0,
        "France",
        "f",
        &format!("A PAR - BUR\nA MAR S A PAR - BUR\nPRESS TO ALL\n{PUBLIC_PRESS}\nENDPRESS\nPRESS TO Germany\n{PRIVATE_PRESS}\nENDPRESS"),
        EVENING,
    );
    mail(dir, 2, "Germany", "g", "A MUN - BUR\nF KIE - DEN", EVENING);
    mail(dir, 7, "God", "god", "BLESS A BER", EVENING);
    mail(dir, 8, "Devil", "devil", "CURSE F KIE", EVENING);
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
}

/// The autumn, processed, with English press.
fn autumn(dir: &Path) {
    mail(dir, 0, "France", "f2", "F BRE - MAO", AUTUMN_EVENING);
    mail(
        dir,
        1,
        "England",
        "e2",
        &format!("PRESS TO ALL\n{LATER_PRESS}\nENDPRESS"),
        AUTUMN_EVENING,
    );
    mail(dir, 7, "God", "god2", "BLESS NONE", AUTUMN_EVENING);
    mail(dir, 8, "Devil", "devil2", "CURSE NONE", AUTUMN_EVENING);
    ok(&["process", dir.to_str().unwrap(), "--now", AUTUMN], None);
}

/// `arbitre publish ROOT DIR` under the umask 077, which must succeed.
fn publish(root: &Path, dir: &Path) -> String {
    let out = Command::new("sh")
        .arg("-c")
        .arg("umask 077 && exec \"$0\" \"$@\"")
        .arg(BIN)
        .args(["publish", root.to_str().unwrap(), dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "arbitre publish failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Every file under `dir`, by its path relative to `dir`, with its bytes.
fn files_under(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(base: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                walk(base, &path, out);
            } else {
                let rel = path.strip_prefix(base).unwrap().to_string_lossy().into_owned();
                out.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Python's `http.server` serving a folder on a free loopback port, killed when dropped.
struct Http {
    child: Child,
    port: u16,
}

impl Http {
    fn serve(dir: &Path, test: &str) -> Option<Http> {
        let port = free_port();
        let python = std::env::var("ARBITRE_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
        let child = Command::new(&python)
            .args([
                "-m",
                "http.server",
                &port.to_string(),
                "--bind",
                "127.0.0.1",
                "--directory",
            ])
            .arg(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        let mut server = match child {
            Ok(child) => Http { child, port },
            Err(e) => {
                skip(test, &format!("cannot run {python}: {e}"));
                return None;
            }
        };
        let start = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            if let Ok(Some(status)) = server.child.try_wait() {
                panic!("{python} -m http.server ended ({status}) before listening");
            }
            assert!(start.elapsed() < Duration::from_secs(10), "http.server did not listen");
            std::thread::sleep(Duration::from_millis(25));
        }
        Some(server)
    }

    /// GET `path`: the status code and the body.
    fn get(&self, path: &str) -> (u16, Vec<u8>) {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        write!(s, "GET /{path} HTTP/1.0\r\nHost: localhost\r\n\r\n").unwrap();
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).unwrap();
        let head_end = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("an HTTP answer");
        let head = String::from_utf8_lossy(&raw[..head_end]);
        let code = head.split(' ').nth(1).and_then(|c| c.parse().ok()).expect("a status");
        (code, raw[head_end + 4..].to_vec())
    }
}

impl Drop for Http {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The secrets a game folder holds that no published byte may show: the password hashes,
/// the seed, the private press, the divine players' names and addresses and the lines of
/// their own reports that the public report does not have.
fn secrets(game: &Path) -> Vec<String> {
    let mut out = vec![
        SEED.to_string(),
        PRIVATE_PRESS.to_string(),
        "Player 7".into(),
        "Player 8".into(),
    ];
    out.push("p7@".into());
    out.push("p8@".into());
    let config = std::fs::read_to_string(game.join("game.yaml")).unwrap();
    let hashes: Vec<String> = config
        .split(|c: char| c.is_whitespace() || c == '\'' || c == '"')
        .filter(|w| w.starts_with("$argon2"))
        .map(str::to_string)
        .collect();
    assert!(hashes.len() >= 10, "the players' and the referee's hashes: {hashes:?}");
    out.extend(hashes);
    let outbox = support::outbox(game);
    let public: String = outbox
        .iter()
        .filter(|(n, _)| n.contains("-report-"))
        .map(|(_, m)| m.text.clone())
        .collect();
    let mut divine = 0;
    for (name, m) in &outbox {
        if name.contains("divine") {
            for line in m.text.lines().map(str::trim).filter(|l| l.len() > 25) {
                if !public.contains(line) {
                    out.push(line.to_string());
                    divine += 1;
                }
            }
        }
    }
    assert!(divine > 0, "the divine reports have lines of their own");
    out
}

/// Checks the modes a web server reads: files 0644, folders 0755 (the manifest, not a page,
/// its owner's only).
fn check_modes(dir: &Path) {
    fn walk(dir: &Path) {
        assert_eq!(
            std::fs::metadata(dir).unwrap().permissions().mode() & 0o777,
            0o755,
            "{}",
            dir.display()
        );
        for e in std::fs::read_dir(dir).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                walk(&path);
            } else if !path.ends_with(".arbitre-published") {
                let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
                assert_eq!(mode, 0o644, "{}", path.display());
            }
        }
    }
    walk(dir);
}

#[test]
fn the_published_archive_is_served_with_nothing_private_and_updated_in_place() {
    let test = "the_published_archive_is_served_with_nothing_private_and_updated_in_place";
    let tmp = Tmp::new();
    let root = tmp.path("games");
    std::fs::create_dir_all(&root).unwrap();
    let game = root.join("vopaliec");
    create(&game, &tmp.file("players.yaml", &players_file("vopaliec")), CREATED);
    spring(&game);
    let www = tmp.path("www");
    let said = publish(&root, &www);
    assert!(said.contains(" public files in ") && said.contains("written"), "{said}");
    check_modes(&www);
    let published = files_under(&www);
    for name in [
        "index.html",
        "vopaliec/index.html",
        "vopaliec/S1901M.html",
        "vopaliec/S1901M.svg",
        "vopaliec/S1901M.png",
        "vopaliec/zine.html",
    ] {
        assert!(published.contains_key(name), "{name} not in {:?}", published.keys());
    }

    // No secret in any published byte.
    let secrets = secrets(&game);
    for (name, bytes) in &published {
        let t = text(bytes);
        for s in &secrets {
            assert!(!t.contains(s.as_str()), "{name} holds `{s}`");
        }
    }

    let Some(http) = Http::serve(&www, test) else {
        return;
    };
    // The list of games, the game's index, a phase page with its public press, its map.
    let (code, index) = http.get("");
    assert_eq!(code, 200);
    assert!(
        text(&index).contains("href=\"vopaliec/index.html\""),
        "{}",
        text(&index)
    );
    let (code, game_index) = http.get("vopaliec/index.html");
    assert!(code == 200 && text(&game_index).contains("href=\"S1901M.html\""));
    let (code, page) = http.get("vopaliec/S1901M.html");
    let page = text(&page);
    assert_eq!(code, 200);
    assert!(
        page.contains("A PAR - BUR") && page.contains("<img src=\"S1901M.svg\""),
        "{page}"
    );
    assert!(page.contains("La Bourgogne &amp; nous &lt;3, dit la France."), "{page}");
    assert!(!page.contains("secret"), "{page}");
    let (code, map) = http.get("vopaliec/S1901M.svg");
    assert!(code == 200 && text(&map).starts_with("<svg"), "{code}");
    let (code, png) = http.get("vopaliec/S1901M.png");
    assert!(code == 200 && png.starts_with(b"\x89PNG\r\n\x1a\n"), "{code}");
    // No file of the game folder is reachable, under the game's folder or at the top.
    let private = files_under(&game);
    for needed in ["state.yaml", "game.yaml", "pages/S1901M.yaml"] {
        assert!(private.contains_key(needed), "{needed}");
    }
    assert!(private.keys().any(|k| k.starts_with("outbox/") && k.contains("divine")));
    assert!(private.keys().any(|k| k.starts_with("mail/")));
    for rel in private.keys() {
        for path in [format!("vopaliec/{rel}"), rel.clone()] {
            assert_eq!(http.get(&path).0, 404, "{path} is served");
        }
    }

    // Another phase: the new page and map added, the spring's page replaced (its link to the
    // autumn), its map left as it was; a file publish did not write is left alone.
    std::fs::write(www.join("README.txt"), "the referee's own file").unwrap();
    let svg_before = std::fs::metadata(www.join("vopaliec/S1901M.svg")).unwrap();
    let png_before = std::fs::metadata(www.join("vopaliec/S1901M.png")).unwrap();
    autumn(&game);
    publish(&root, &www);
    check_modes(&www);
    let (code, autumn_page) = http.get("vopaliec/F1901M.html");
    assert_eq!(code, 200);
    assert!(text(&autumn_page).contains(LATER_PRESS), "{}", text(&autumn_page));
    assert!(text(&http.get("vopaliec/S1901M.html").1).contains("href=\"F1901M.html\""));
    assert_eq!(http.get("vopaliec/F1901M.svg").0, 200);
    let svg_after = std::fs::metadata(www.join("vopaliec/S1901M.svg")).unwrap();
    assert_eq!(
        (svg_before.ino(), svg_before.mtime_nsec()),
        (svg_after.ino(), svg_after.mtime_nsec())
    );
    let png_after = std::fs::metadata(www.join("vopaliec/S1901M.png")).unwrap();
    assert_eq!(
        (png_before.ino(), png_before.mtime_nsec()),
        (png_after.ino(), png_after.mtime_nsec())
    );
    assert_eq!(http.get("vopaliec/F1901M.png").0, 200);

    // The autumn undone: its files go, and only those.
    ok(&["rollback", game.to_str().unwrap(), "--now", AUTUMN], None);
    let said = publish(&root, &www);
    assert!(said.contains("3 removed"), "{said}");
    assert_eq!(http.get("vopaliec/F1901M.html").0, 404);
    assert_eq!(http.get("vopaliec/F1901M.svg").0, 404);
    assert_eq!(http.get("vopaliec/F1901M.png").0, 404);
    assert_eq!(http.get("vopaliec/S1901M.html").0, 200);
    assert_eq!(
        std::fs::read_to_string(www.join("README.txt")).unwrap(),
        "the referee's own file"
    );
    let names: Vec<String> = files_under(&www)
        .into_keys()
        .filter(|n| n.starts_with('.') || n.contains("/."))
        .collect();
    assert_eq!(names, [".arbitre-published"], "no temporary file left");

    // The game gone from ROOT: its folder goes with it. The one game left is French, and so
    // is the list, with its phase in French words.
    std::fs::rename(&game, tmp.path("vopaliec-away")).unwrap();
    create(
        &root.join("other"),
        &tmp.file("other.yaml", &format!("{}language: fr\n", players_file("other"))),
        CREATED,
    );
    publish(&root, &www);
    assert!(!www.join("vopaliec").exists());
    assert_eq!(http.get("vopaliec/S1901M.html").0, 404);
    let (_, index) = http.get("index.html");
    assert!(
        !text(&index).contains("vopaliec") && text(&index).contains("other"),
        "{}",
        text(&index)
    );
    assert!(
        text(&index).contains("<h1>Les parties</h1>") && text(&index).contains("printemps 1901"),
        "{}",
        text(&index)
    );
}

#[test]
fn publish_refuses_to_write_where_the_games_would_be_served() {
    let tmp = Tmp::new();
    let root = tmp.path("games");
    std::fs::create_dir_all(&root).unwrap();
    let game = root.join("vopaliec");
    create(&game, &tmp.file("players.yaml", &players_file("vopaliec")), CREATED);
    for (out, why) in [
        (tmp.0.clone(), "holds the games"),
        (root.clone(), "holds the games"),
        (game.join("www"), "inside the game folder"),
    ] {
        let run = arbitre(&["publish", root.to_str().unwrap(), out.to_str().unwrap()], None);
        let said = text(&run.stderr);
        assert_eq!(run.status.code(), Some(1), "{said}");
        assert!(said.contains(why) && said.contains(out.to_str().unwrap()), "{said}");
    }
    assert!(!game.join("www").exists());
}

/// `arbitre send` to a port nothing listens on: one line, with the count of the messages
/// kept in the outboxes (the welcomes of two games), and every message still there.
#[test]
fn send_to_a_dead_server_says_so_once_with_the_count() {
    let tmp = Tmp::new();
    let root = tmp.path("games");
    std::fs::create_dir_all(&root).unwrap();
    for name in ["one", "two"] {
        create(
            &root.join(name),
            &tmp.file(&format!("{name}.yaml"), &players_file(name)),
            CREATED,
        );
    }
    let count = |dir: &Path| std::fs::read_dir(dir.join("outbox")).unwrap().count();
    let kept: usize = ["one", "two"].iter().map(|n| count(&root.join(n))).sum();
    assert_eq!(kept, 18, "nine welcomes, twice");
    let url = format!("smtp://127.0.0.1:{}", free_port());
    let run = Command::new(BIN)
        .args(["send", root.to_str().unwrap(), "--smtp", &url])
        .env_remove("ARBITRE_SMTP_CA_FILE")
        .env_remove("ARBITRE_SMTP_USER")
        .env_remove("ARBITRE_SMTP_PASSWORD")
        .output()
        .unwrap();
    let said = text(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{said}");
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines.len(), 1, "{said}");
    assert!(lines[0].contains(&url[7..]), "the server named: {said}");
    assert!(lines[0].contains(&format!("{kept} messages not sent")), "{said}");
    assert!(run.stdout.is_empty(), "{}", text(&run.stdout));
    let still: usize = ["one", "two"].iter().map(|n| count(&root.join(n))).sum();
    assert_eq!(still, kept);
}
