//! The map in the mail (issue #15), end to end through the `arbitre` command: every phase
//! report carries its picture inline (a `multipart/alternative` of the plain text and an
//! HTML part in a `multipart/related` with the PNG), each reader the picture they may see,
//! and `GET MAP` answers with the picture too.

use crate::support;

use mail_parser::{MessageParser, MimeHeaders, PartType};
use std::path::{Path, PathBuf};
use support::*;

const CREATED: &str = "2026-11-28T10:00:00+01:00";
const EVENING: &str = "2026-11-30T19:00:00+01:00";
const DEADLINE: &str = "2026-12-01T20:00:00+01:00";

const POWERS: [&str; 7] = ["France", "England", "Germany", "Italy", "Austria", "Russia", "Turkey"];

fn email(who: usize) -> String {
    format!("p{who}@vopaliec.example")
}

fn players_file(variant: &str) -> String {
    let mut s = format!(
        "game: vopaliec\nvariant: {variant}\nreferee: {{name: Arbitre, email: arbitre@vopaliec.example}}\n\
         timezone: Europe/Paris\ndeadlines: {{movement: 72h, retreat: 24h, adjustment: 24h}}\n\
         start: {DEADLINE}\nseed: 8f2c41d7a09b3e5566c1f0e2d4b79a8c13e5f70926bd4a8e0c71f3d5a2b69e04\nplayers:\n"
    );
    let mut roles: Vec<&str> = POWERS.to_vec();
    if variant == "diable-et-bon-dieu" {
        roles.extend(["God", "Devil"]);
    }
    for (i, role) in roles.iter().enumerate() {
        s += &format!(
            "  - {{name: Player {i}, email: {}, role: {role}, password: pass-{i}}}\n",
            email(i)
        );
    }
    s
}

/// Mails `lines` as the player of `role` (index `who`) at `now`.
fn send(dir: &Path, who: usize, role: &str, id: &str, lines: &str, now: &str) {
    let raw = format!(
        "From: Player {who} <{}>\r\nTo: arbitre@vopaliec.example\r\nSubject: orders\r\n\
         Date: Mon, 30 Nov 2026 18:00:00 +0100\r\nMessage-ID: <{id}@test.example>\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\nSIGNON {role} vopaliec pass-{who}\n{lines}\r\n",
        email(who)
    );
    ok(&["mail", dir.to_str().unwrap(), "--now", now], Some(raw.as_bytes()));
}

fn new_game(tmp: &Tmp, variant: &str) -> PathBuf {
    let dir = tmp.path("game");
    let file = tmp.file("players.yaml", &players_file(variant));
    create(&dir, &file, CREATED);
    dir
}

/// A spring with a bounce, a move and, in Diable et Bon Dieu, a blessing and a curse.
fn play_spring(dir: &Path, divine: bool) {
    send(
        dir,
        0,
        "France",
        "f",
        "A PAR - BUR\nA MAR S A PAR - BUR\nF BRE - MAO",
        EVENING,
    );
    send(dir, 2, "Germany", "g", "A MUN - BUR\nF KIE - DEN", EVENING);
    send(dir, 5, "Russia", "r", "A WAR - GAL", EVENING);
    send(dir, 4, "Austria", "a", "A VIE - GAL", EVENING);
    if divine {
        send(dir, 7, "God", "god", "BLESS A PAR", EVENING);
        send(dir, 8, "Devil", "devil", "CURSE F KIE", EVENING);
    }
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
}

/// What a letter with a picture is made of.
struct Shown {
    /// The plain text, as the reader's mail program gives it.
    text: String,
    html: String,
    png: Vec<u8>,
}

/// Reads a letter that must carry a picture, checking its structure on the way: a
/// `multipart/alternative` of a `text/plain` part and a `multipart/related` of the HTML and
/// the PNG, which the HTML shows by its Content-ID.
fn shown(raw: &[u8]) -> Shown {
    let m = MessageParser::default().parse(raw).expect("an RFC 5322 message");
    let root = &m.parts[0];
    assert!(root
        .content_type()
        .is_some_and(|c| c.ctype() == "multipart" && c.subtype() == Some("alternative")));
    let PartType::Multipart(children) = &root.body else {
        panic!("the root is not multipart")
    };
    assert_eq!(children.len(), 2, "the text and the HTML with its picture");
    let text_part = &m.parts[children[0] as usize];
    assert!(text_part
        .content_type()
        .is_some_and(|c| c.ctype() == "text" && c.subtype() == Some("plain")));
    let related = &m.parts[children[1] as usize];
    assert!(related
        .content_type()
        .is_some_and(|c| c.ctype() == "multipart" && c.subtype() == Some("related")));
    let PartType::Multipart(inside) = &related.body else {
        panic!("the related part is not multipart")
    };
    assert_eq!(inside.len(), 2, "the HTML and its picture");
    let html = m.parts[inside[0] as usize]
        .text_contents()
        .expect("an HTML part")
        .to_string();
    let image = &m.parts[inside[1] as usize];
    assert!(image
        .content_type()
        .is_some_and(|c| c.ctype() == "image" && c.subtype() == Some("png")));
    let id = image.content_id().expect("the picture's Content-ID");
    assert!(
        html.contains(&format!("src=\"cid:{id}\"")),
        "the HTML does not show {id}:\n{html}"
    );
    let png = image.contents().to_vec();
    Shown {
        text: text_part.text_contents().unwrap().replace("\r\n", "\n"),
        html,
        png,
    }
}

/// The PNG's width and height, read by the png crate (which also checks it decodes).
fn dimensions(png_bytes: &[u8]) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a PNG's size")];
    let info = reader.next_frame(&mut buf).expect("a PNG's pixels");
    (info.width, info.height)
}

#[test]
fn every_report_shows_the_map_each_reader_the_one_they_may_see() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    play_spring(&dir, true);
    let out = outbox(&dir);
    let public = shown(&out["S1901M-report-france.eml"].raw);
    // Under 200 KB, and the board's size (1000 wide, the legend under the map).
    assert!(public.png.len() < 200 * 1024, "{} bytes", public.png.len());
    let (w, h) = dimensions(&public.png);
    assert!(w == 1000 && h > 800, "{w} × {h}");
    // The plain text is the report as before, and the HTML part is the report too.
    assert_eq!(public.text, out["S1901M-report-france.eml"].text);
    assert!(public.text.contains("A PAR - BUR") && public.html.contains("A PAR - BUR"));
    // Every power and the divine players get the same public picture with the public report.
    for role in POWERS
        .iter()
        .map(|p| p.to_lowercase())
        .chain(["god".into(), "devil".into()])
    {
        let r = shown(&out[&format!("S1901M-report-{role}.eml")].raw);
        assert!(r.png == public.png, "{role}'s report has another picture");
    }
    // The divine players' own reports: each the picture of what they know, which is
    // neither the public one nor the other's; their text under it in the HTML.
    let god = shown(&out["S1901M-divine-god.eml"].raw);
    let devil = shown(&out["S1901M-divine-devil.eml"].raw);
    assert!(god.png != public.png && devil.png != public.png && god.png != devil.png);
    assert!(god.png.len() < 200 * 1024 && devil.png.len() < 200 * 1024);
    assert_eq!(god.text, out["S1901M-divine-god.eml"].text);
    assert!(god.html.contains("<pre") && god.html.contains("A PAR"), "{}", god.html);
}

/// The spring of [`play_spring`] as a position file, without God and the Devil.
const SPRING: &str = "variant: standard\nphase: Spring 1901 Movement\nunits:
  England: [F LON, F EDI, A LVP]
  France: [F BRE, A PAR, A MAR]
  Germany: [F KIE, A BER, A MUN]
  Italy: [F NAP, A ROM, A VEN]
  Austria: [A VIE, A BUD, F TRI]
  Russia: [A MOS, A WAR, F SEV, F STP/SC]
  Turkey: [F ANK, A CON, A SMY]
supply_centers:
  England: [LON, EDI, LVP]
  France: [BRE, PAR, MAR]
  Germany: [KIE, BER, MUN]
  Italy: [NAP, ROM, VEN]
  Austria: [VIE, BUD, TRI]
  Russia: [MOS, WAR, SEV, STP]
  Turkey: [ANK, CON, SMY]
orders:
  France: [A PAR - BUR, A MAR S A PAR - BUR, F BRE - MAO]
  Germany: [A MUN - BUR, F KIE - DEN]
  Russia: [A WAR - GAL]
  Austria: [A VIE - GAL]
";

#[test]
fn the_report_shows_the_phase_as_judged() {
    // The picture of the report is the one `arbitre picture` draws of the same phase.
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "standard");
    play_spring(&dir, false);
    let report = shown(&outbox(&dir)["S1901M-report-germany.eml"].raw);
    let position = tmp.file("spring.yaml", SPRING);
    let png = tmp.path("spring.png");
    ok(
        &["picture", position.to_str().unwrap(), "-o", png.to_str().unwrap()],
        None,
    );
    assert!(
        std::fs::read(&png).unwrap() == report.png,
        "the report's picture is not the phase's"
    );
}

#[test]
fn letters_without_a_report_carry_no_picture() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "standard");
    play_spring(&dir, false);
    for (name, m) in outbox(&dir) {
        let raw = String::from_utf8_lossy(&m.raw);
        let report = name.starts_with("S1901M-report-");
        assert_eq!(raw.contains("image/png"), report, "{name}");
    }
}

#[test]
fn get_map_answers_with_the_picture_the_reader_may_see() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    send(&dir, 7, "God", "god", "BLESS A PAR", EVENING);
    send(&dir, 0, "France", "f-map", "GET MAP", EVENING);
    send(&dir, 1, "England", "e-map", "GET MAP", EVENING);
    send(&dir, 7, "God", "god-map", "GET MAP", EVENING);
    let out = outbox(&dir);
    let find = |suffix: &str| {
        out.iter()
            .find(|(n, _)| n.contains(suffix) && n.contains("-map"))
            .unwrap_or_else(|| panic!("no map letter for {suffix}: {:?}", out.keys().collect::<Vec<_>>()))
            .1
    };
    let france = shown(&find("france").raw);
    let england = shown(&find("england").raw);
    let god = shown(&find("god").raw);
    // The text is still there, the board as words.
    assert!(france.text.contains("A PAR"), "{}", france.text);
    assert!(france.png.len() < 200 * 1024);
    // Two powers see the same public picture; God sees his blessing on file and whom he protects.
    assert!(france.png == england.png);
    assert!(god.png != france.png);
    let (w, h) = dimensions(&god.png);
    assert!(w == 1000 && h > 800, "{w} × {h}");
}
