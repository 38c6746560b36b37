//! The public archive and the zine (issue #15), end to end through the `arbitre` command:
//! each phase's page shows its map and links to the phases before and after it and to the
//! index; the index shows the board now and the supply centres year by year; `arbitre zine`
//! writes the whole game as one printable document. The HTML is checked by html5lib's
//! strict parser, and a page is drawn by headless Chromium (both installed by
//! `.ci/setup-pages.sh`; a test without them says it is skipped, and fails under
//! ARBITRE_REQUIRE_SERVERS=1).

use crate::support;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::servers::skip;
use support::*;

const CREATED: &str = "2026-11-28T10:00:00+01:00";
const EVENING: &str = "2026-11-30T19:00:00+01:00";
const DEADLINE: &str = "2026-12-01T20:00:00+01:00";
const AUTUMN_EVENING: &str = "2026-12-03T19:00:00+01:00";
const AUTUMN: &str = "2026-12-04T20:00:00+01:00";

const POWERS: [&str; 7] = ["France", "England", "Germany", "Italy", "Austria", "Russia", "Turkey"];

/// A players file; in Diable et Bon Dieu God is played by `god` and the Devil by `devil`
/// (indexes 7 and 8, in either order).
fn players_file(variant: &str, god: usize, devil: usize) -> String {
    let mut s = format!(
        "game: vopaliec\nvariant: {variant}\nreferee: {{name: Arbitre, email: arbitre@vopaliec.example}}\n\
         timezone: Europe/Paris\ndeadlines: {{movement: 72h, retreat: 24h, adjustment: 24h}}\n\
         start: {DEADLINE}\nseed: 8f2c41d7a09b3e5566c1f0e2d4b79a8c13e5f70926bd4a8e0c71f3d5a2b69e04\nplayers:\n"
    );
    let mut roles: Vec<(&str, usize)> = POWERS.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    if variant == "diable-et-bon-dieu" {
        roles.extend([("God", god), ("Devil", devil)]);
    }
    for (role, i) in roles {
        s += &format!("  - {{name: Player {i}, email: p{i}@vopaliec.example, role: {role}, password: pass-{i}}}\n");
    }
    s
}

fn send(dir: &Path, who: usize, role: &str, id: &str, lines: &str, now: &str) {
    let raw = format!(
        "From: Player {who} <p{who}@vopaliec.example>\r\nTo: arbitre@vopaliec.example\r\nSubject: orders\r\n\
         Date: Mon, 30 Nov 2026 18:00:00 +0100\r\nMessage-ID: <{id}@test.example>\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\nSIGNON {role} vopaliec pass-{who}\n{lines}\r\n"
    );
    ok(&["mail", dir.to_str().unwrap(), "--now", now], Some(raw.as_bytes()));
}

/// A game of two phases: a spring with a bounce, a supported move and public and private
/// press; an autumn in which France takes Portugal and Spain, and England sends press.
fn play(tmp: &Tmp, variant: &str, god: usize, devil: usize) -> PathBuf {
    let dir = tmp.path("game");
    create(
        &dir,
        &tmp.file("players.yaml", &players_file(variant, god, devil)),
        CREATED,
    );
    send(
        &dir,
        0,
        "France",
        "f",
        "A PAR - BUR\nA MAR S A PAR - BUR\nF BRE - MAO\nPRESS TO ALL\nLa Bourgogne & nous <3.\nENDPRESS\n\
         PRESS TO Germany\nA secret word for Germany.\nENDPRESS",
        EVENING,
    );
    send(&dir, 2, "Germany", "g", "A MUN - BUR\nF KIE - DEN", EVENING);
    send(&dir, 5, "Russia", "r", "A WAR - GAL", EVENING);
    send(&dir, 4, "Austria", "a", "A VIE - GAL", EVENING);
    if variant == "diable-et-bon-dieu" {
        send(&dir, god, "God", "god", "BLESS A BER", EVENING);
        send(&dir, devil, "Devil", "devil", "CURSE F KIE", EVENING);
    }
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
    send(&dir, 0, "France", "f2", "F MAO - POR\nA MAR - SPA", AUTUMN_EVENING);
    send(
        &dir,
        1,
        "England",
        "e2",
        "PRESS TO ALL\nAn English word.\nENDPRESS",
        AUTUMN_EVENING,
    );
    if variant == "diable-et-bon-dieu" {
        send(&dir, god, "God", "god2", "BLESS NONE", AUTUMN_EVENING);
        send(&dir, devil, "Devil", "devil2", "CURSE NONE", AUTUMN_EVENING);
    }
    ok(&["process", dir.to_str().unwrap(), "--now", AUTUMN], None);
    dir
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn each_page_shows_its_map_and_links_the_phases_and_the_index() {
    let tmp = Tmp::new();
    let dir = play(&tmp, "standard", 0, 0);
    let pages = dir.join("pages");
    let spring = read(&pages.join("S1901M.html"));
    let autumn = read(&pages.join("F1901M.html"));
    // The map beside the page, drawn by arbitre.
    assert!(spring.contains("<img src=\"S1901M.svg\""), "{spring}");
    let svg = read(&pages.join("S1901M.svg"));
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.contains("Spring 1901"));
    assert!(read(&pages.join("F1901M.svg")).contains("Fall 1901"));
    // Titled by the game's name and the phase, not by the map's name.
    assert!(svg.contains("<title>vopaliec — Spring 1901 Movement</title>"), "{svg}");
    assert!(!svg.contains("standard —"));
    // The spring links to the autumn, written after it; the autumn back to the spring and
    // to nothing after it yet; both to the index.
    assert!(spring.contains("href=\"F1901M.html\"") && !spring.contains("rel=\"prev\""));
    assert!(autumn.contains("href=\"S1901M.html\"") && !autumn.contains("rel=\"next\""));
    assert!(spring.contains("href=\"index.html\"") && autumn.contains("href=\"index.html\""));
    // The page still says the report: orders and results.
    assert!(spring.contains("A PAR - BUR"), "{spring}");
    assert!(autumn.contains("F MAO - POR"), "{autumn}");
    // The index: the board now, drawn inline (Winter 1901, France with Spain and Portugal), and the
    // supply centres by power and year.
    let index = read(&pages.join("index.html"));
    assert!(index.contains("<svg") && index.contains("Winter 1901"), "the board now");
    assert!(
        index.contains("<title>vopaliec — Winter 1901 Adjustment</title>"),
        "{index}"
    );
    assert!(index.contains("<th>1901</th>"), "{index}");
    assert!(index.contains("<tr><td>France</td><td>5</td></tr>"), "{index}");
    assert!(index.contains("<tr><td>Turkey</td><td>3</td></tr>"), "{index}");
    assert!(index.contains("href=\"S1901M.html\"") && index.contains("href=\"F1901M.html\""));
    // No JavaScript anywhere.
    for page in [&spring, &autumn, &index] {
        assert!(!page.to_lowercase().contains("<script"));
    }
}

#[test]
fn the_zine_has_a_page_per_phase_with_map_orders_results_and_public_press() {
    let tmp = Tmp::new();
    let dir = play(&tmp, "standard", 0, 0);
    let out = tmp.path("zine.html");
    ok(&["zine", dir.to_str().unwrap(), "-o", out.to_str().unwrap()], None);
    let zine = read(&out);
    // Standard output gives the same document.
    assert_eq!(ok(&["zine", dir.to_str().unwrap()], None), zine);
    // A page per phase, each starting a new printed page, each with its map inline.
    assert_eq!(zine.matches("<section class=\"phase\"").count(), 2);
    assert!(zine.contains("break-before: page") && zine.contains("@page"));
    let spring = &zine[zine.find("id=\"S1901M\"").unwrap()..zine.find("id=\"F1901M\"").unwrap()];
    let autumn = &zine[zine.find("id=\"F1901M\"").unwrap()..];
    assert!(spring.contains("<svg") && spring.contains("Spring 1901 Movement"));
    assert!(autumn.contains("<svg") && autumn.contains("Fall 1901 Movement"));
    // The orders with their results: the bounce in Galicia, the supported move.
    assert!(
        spring.contains("A WAR - GAL <span class=\"fails\">fails</span>"),
        "{spring}"
    );
    assert!(spring.contains("<li>A PAR - BUR</li>"), "{spring}");
    // The public press of each phase, escaped, and never the private one.
    assert!(spring.contains("La Bourgogne &amp; nous &lt;3."), "{spring}");
    assert!(autumn.contains("An English word.") && !spring.contains("An English word."));
    assert!(!zine.contains("secret word"));
    // The cover: the board now and the centres by year.
    let cover = &zine[..zine.find("<section class=\"phase\"").unwrap()];
    assert!(cover.contains("<svg") && cover.contains("<th>1901</th>"));
    assert!(!zine.to_lowercase().contains("<script"));
}

#[test]
fn the_zine_is_the_same_whoever_the_divine_players_are() {
    let mut zines = Vec::new();
    for (god, devil) in [(7, 8), (8, 7)] {
        let tmp = Tmp::new();
        let dir = play(&tmp, "diable-et-bon-dieu", god, devil);
        let zine = ok(&["zine", dir.to_str().unwrap()], None);
        assert!(
            zine.contains("Heaven and hell") && zine.contains("A BER"),
            "the blessing is told"
        );
        for secret in ["Player 7", "Player 8", "protect"] {
            assert!(!zine.contains(secret), "the zine says {secret}");
        }
        zines.push(zine);
    }
    assert!(
        zines[0] == zines[1],
        "the zine differs with who plays God and the Devil"
    );
}

#[test]
fn the_pages_and_the_zine_are_valid_html() {
    let tmp = Tmp::new();
    let dir = play(&tmp, "diable-et-bon-dieu", 7, 8);
    let zine = tmp.path("zine.html");
    ok(&["zine", dir.to_str().unwrap(), "-o", zine.to_str().unwrap()], None);
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("pages"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 3, "{files:?}");
    files.push(zine);
    // The validator must say no to a broken page, or its yes means nothing.
    let broken = tmp.file(
        "broken.html",
        "<!DOCTYPE html><html><head><title>x</title></head><body><p>a</div></body></html>",
    );
    match validate(&[broken]) {
        None => return,
        Some(Ok(())) => panic!("html5lib accepted a stray </div>"),
        Some(Err(_)) => {}
    }
    if let Some(Err(e)) = validate(&files) {
        panic!("invalid HTML:\n{e}");
    }
}

/// Checks `files` with html5lib's strict parser: `None` (and a line saying the test is
/// skipped) when html5lib is not installed.
fn validate(files: &[PathBuf]) -> Option<Result<(), String>> {
    const SCRIPT: &str = "\
import sys
try:
    import html5lib
except ImportError:
    sys.exit(3)
bad = []
for name in sys.argv[1:]:
    parser = html5lib.HTMLParser(strict=True)
    try:
        with open(name, 'rb') as f:
            parser.parse(f, transport_encoding='utf-8')
    except Exception as e:
        bad.append(f'{name}: {e} {parser.errors}')
print('\\n'.join(bad))
sys.exit(1 if bad else 0)
";
    let python = std::env::var("ARBITRE_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
    let out = Command::new(&python).arg("-c").arg(SCRIPT).args(files).output();
    match out {
        Ok(o) if o.status.code() == Some(3) => {
            skip("the_pages_and_the_zine_are_valid_html", "html5lib is not installed");
            None
        }
        Ok(o) if o.status.success() => Some(Ok(())),
        Ok(o) => Some(Err(format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        ))),
        Err(e) => {
            skip(
                "the_pages_and_the_zine_are_valid_html",
                &format!("cannot run {python}: {e}"),
            );
            None
        }
    }
}

/// Headless Chromium, where it is installed.
fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in ["chromium-headless-shell", "chromium", "chromium-browser"] {
        for dir in std::env::split_paths(&path) {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    let debian = PathBuf::from("/usr/lib/chromium/chromium-headless-shell");
    debian.is_file().then_some(debian)
}

#[test]
fn headless_chromium_draws_a_phase_page() {
    let Some(chromium) = chromium() else {
        skip(
            "headless_chromium_draws_a_phase_page",
            "no chromium-headless-shell or chromium on the PATH",
        );
        return;
    };
    let tmp = Tmp::new();
    let dir = play(&tmp, "standard", 0, 0);
    let page = dir.join("pages/S1901M.html");
    let shot = tmp.path("S1901M.png");
    let profile = tmp.path("chromium-profile");
    let mut child = Command::new(&chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", shot.display()))
        .arg("--window-size=1200,900")
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chromium");
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("{} did not finish in 120 s", chromium.display());
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert!(status.success(), "{} failed: {stderr}", chromium.display());
    let bytes = std::fs::read(&shot).unwrap_or_else(|e| panic!("no screenshot ({e}): {stderr}"));
    if let Some(keep) = std::env::var_os("ARBITRE_KEEP_SCREENSHOT") {
        std::fs::copy(&shot, keep).unwrap();
    }
    // A picture of the page: its size, and enough colours to be the map, not a blank page.
    let decoder = png::Decoder::new(std::io::Cursor::new(&bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!((info.width, info.height), (1200, 900));
    assert!(bytes.len() > 20_000, "{} bytes", bytes.len());
    let step = info.color_type.samples();
    let mut colours: Vec<&[u8]> = pixels[..info.buffer_size()].chunks(step).collect();
    colours.sort();
    colours.dedup();
    assert!(colours.len() > 50, "{} colours: the map is not drawn", colours.len());
}

/// After the spring alone no year has ended: the index has no table of centres by year yet
/// (issue #24: it showed 1901 after the spring).
#[test]
fn the_index_has_no_table_of_centres_before_a_year_ends() {
    let tmp = Tmp::new();
    let dir = tmp.path("game");
    create(
        &dir,
        &tmp.file("players.yaml", &players_file("standard", 0, 0)),
        CREATED,
    );
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
    let index = read(&dir.join("pages/index.html"));
    assert!(index.contains("href=\"S1901M.html\""), "{index}");
    assert!(!index.contains("<th>1901</th>"), "{index}");
}
