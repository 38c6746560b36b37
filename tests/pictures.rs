//! Pictures of the board (issue #15).

use arbitre::judge::Board;
use arbitre::judge::Verdict;
use arbitre::kinds::diplomacy::diable::picture::Secrets;
use arbitre::kinds::diplomacy::diable::Protected;
use arbitre::lang::Lang;
use arbitre::map::{Kind, Loc, Map, Power, ProvId};
use arbitre::phase::{Phase, PhaseKind};
use arbitre::picture::Reader;
use arbitre::picture::{self, Geometry, Mark, PictureView};
use arbitre::position::Position;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The map's borders that the drawing does not show as a shared border, and the shared
/// borders of the drawing that are no border of the map.
fn border_differences(map: &Map, text: &str) -> (Vec<String>, Vec<String>) {
    let drawn = Geometry::touching(map, text).unwrap();
    let mut missing = Vec::new();
    for a in 0..map.provinces.len() as u32 {
        for b in map.any_borders(a) {
            if a < b && !drawn.contains(&(a, b)) {
                missing.push(format!("{}-{}", map.code(a), map.code(b)));
            }
        }
    }
    let extra = drawn
        .iter()
        .filter(|&&(a, b)| !map.any_borders(a).any(|x| x == b))
        // Nobody crosses from or into an impassable province: it touches whom it likes.
        .filter(|&&(a, b)| ![a, b].iter().any(|&p| map.province(p).kind == Kind::Impassable))
        .map(|&(a, b)| format!("{}-{}", map.code(a), map.code(b)))
        .collect();
    (missing, extra)
}

const GEOMETRY: &str = include_str!("../maps/standard.geometry.yaml");

#[test]
fn every_province_has_an_area_a_label_and_a_unit_point_and_every_coast_a_point() {
    let map = Map::standard();
    let geo = Geometry::standard();
    assert_eq!(geo.provinces.len(), map.provinces.len());
    for (i, p) in map.provinces.iter().enumerate() {
        let g = &geo.provinces[i];
        assert!(
            g.path.starts_with('M') && g.path.ends_with('Z'),
            "{}: no outline",
            p.code
        );
        for pt in [g.label, g.unit] {
            assert!(
                pt.x > 0.0 && pt.x < geo.width && pt.y > 0.0 && pt.y < geo.height,
                "{}",
                p.code
            );
        }
        for &c in &p.coasts {
            let at = geo.unit_point(Loc {
                prov: i as ProvId,
                coast: Some(c),
            });
            assert_ne!(at, g.unit, "{}/{}: the coast has no point of its own", p.code, c.code());
        }
    }
    // The six named coasts of the board.
    let coasts: usize = map.provinces.iter().map(|p| p.coasts.len()).sum();
    assert_eq!(coasts, 6);
}

/// The drawing agrees with the rules: two provinces share a drawn border exactly when an
/// army or a fleet may cross between them (Switzerland, impassable, aside).
#[test]
fn drawn_borders_are_the_borders_of_the_map() {
    let (missing, extra) = border_differences(Map::standard(), GEOMETRY);
    assert!(missing.is_empty(), "borders of the map not drawn: {missing:?}");
    assert!(extra.is_empty(), "drawn borders that the map does not have: {extra:?}");
}

#[test]
fn a_geometry_without_a_province_or_a_coast_is_refused_with_where() {
    let map = Map::standard();
    let without_swi: String = GEOMETRY
        .lines()
        .filter(|l| !l.trim_start().starts_with("SWI:"))
        .collect::<Vec<_>>()
        .join("\n");
    let e = Geometry::from_yaml(map, &without_swi, "g.yaml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("g.yaml") && e.contains("no geometry for SWI"), "{e}");

    let without_coast = GEOMETRY.replace(", SC: [689, 591]}", "}");
    assert_ne!(without_coast, GEOMETRY, "the test's needle is in the file");
    let e = Geometry::from_yaml(map, &without_coast, "g.yaml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("BUL: the coast SC needs a point"), "{e}");

    let unknown = GEOMETRY.replace(
        "  SWI:",
        "  XYZ: {seeds: [[1, 1]], label: [1, 1], unit: [1, 1]}\n  SWI:",
    );
    let e = Geometry::from_yaml(map, &unknown, "g.yaml").unwrap_err().to_string();
    assert!(e.contains("\"XYZ\" is not a province"), "{e}");

    let outside = GEOMETRY.replace("SKA: {seeds: [[476, 238]]", "SKA: {seeds: [[1476, 238]]");
    assert_ne!(outside, GEOMETRY, "the test's needle is in the file");
    let e = Geometry::from_yaml(map, &outside, "g.yaml").unwrap_err().to_string();
    assert!(e.contains("SKA: a seed (1476, 238) is outside the frame"), "{e}");
}

/// A map without a geometry file still works; it simply has no picture.
#[test]
fn a_map_without_geometry_has_no_picture() {
    let yaml = "name: tiny\npowers:\n  Red: {adjective: Red, french: Rouge}\nprovinces:\n  AAA: {kind: land, name: A, french: A}\n  BBB: {kind: land, name: B, french: B}\narmies:\n  AAA: [BBB]\n  BBB: [AAA]\nfleets: {}\nstarting_units:\n  Red: [A AAA]\n";
    let map = Map::from_yaml(yaml, "tiny.yaml").unwrap();
    assert!(Geometry::of(&map).is_none());
    assert!(Geometry::of(Map::standard()).is_some());
}

/// The phases of the golden tests: `tests/golden/pictures/NAME.yaml` is a position file,
/// `NAME.svg` its picture after adjudication.
const GOLDEN: [&str; 6] = ["moves", "supports", "convoys", "retreats", "builds", "diable"];

/// A golden phase adjudicated and drawn: its view and its public SVG.
fn golden_picture(name: &str) -> (PictureView, String) {
    let map = Map::standard();
    let path = format!("tests/golden/pictures/{name}.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let position = Position::parse(map, &arbitre::kinds::VARIANTS, &text, &path).unwrap_or_else(|e| panic!("{e}"));
    let (outcome, divine) = arbitre::kinds::diplomacy::adjudicate(map, &position);
    let view = arbitre::kinds::diplomacy::picture(map, &position, &outcome, divine.as_ref());
    let svg = picture::draw(map, Geometry::standard(), &view);
    (view, svg)
}

/// No province's name is hidden on the standard board: no unit standing at any place a unit
/// may stand (a coast included), no unit dislodged from there and drawn beside it, no ring
/// of a unit built there, and no other label lies over a label or its supply centre's dot,
/// and every unit, standing or dislodged, has a spot for a badge clear of every label
/// (issue #24).
#[test]
fn no_unit_and_no_other_label_covers_a_provinces_name() {
    let map = Map::standard();
    let found: Vec<String> = picture::room::crowding(map, Geometry::standard())
        .iter()
        .map(|c| c.describe(map))
        .collect();
    assert!(found.is_empty(), "{} names hidden:\n{}", found.len(), found.join("\n"));
}

/// The circles of a picture with radius `r` and outline `width`, as (x, y).
fn circles(svg: &str, r: f64, width: f64) -> Vec<(f64, f64)> {
    let attr = |tag: &str, name: &str| -> Option<f64> {
        let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        tag[at..].split('"').next()?.parse().ok()
    };
    svg.split("<circle")
        .skip(1)
        .map(|rest| &rest[..rest.find("/>").unwrap()])
        .filter(|tag| attr(tag, "r") == Some(r) && attr(tag, "stroke-width") == Some(width))
        .map(|tag| (attr(tag, "cx").unwrap(), attr(tag, "cy").unwrap()))
        .collect()
}

/// Pictures with a badge at every place a unit may stand: a unit built at each (`builds`,
/// with its ring), a unit with a struck sign at each (`signs`), and a unit dislodged from
/// each with the sign on it (`dislodged signs`).
fn badges_everywhere(map: &Map) -> [(&'static str, PictureView); 3] {
    use arbitre::judge::Unit;
    use arbitre::picture::{Adjustment, DislodgedMark, Sign, SignedUnit};
    let unit = |loc: Loc, kind| Unit {
        power: Power(0),
        kind,
        loc,
    };
    let places = picture::room::places(map);
    let mut winter = PictureView::board(map, Phase::parse("W1901A").unwrap(), &Board::starting(map));
    winter.units.clear();
    winter.adjustments = places
        .iter()
        .map(|&(at, kinds)| Adjustment::Build(unit(at, kinds[0])))
        .collect();
    let mut spring = PictureView::board(map, Phase::parse("S1901M").unwrap(), &Board::starting(map));
    spring.units = places.iter().map(|&(at, kinds)| unit(at, kinds[0])).collect();
    spring.signs = places
        .iter()
        .map(|&(at, _)| SignedUnit {
            sign: Sign::Minus,
            at,
            struck: true,
        })
        .collect();
    let mut retreat = spring.clone();
    retreat.phase = Phase::parse("S1901R").unwrap();
    retreat.dislodged = places
        .iter()
        .map(|&(at, kinds)| DislodgedMark {
            unit: unit(at, kinds[0]),
            retreats: Vec::new(),
        })
        .collect();
    [("builds", winter), ("signs", spring), ("dislodged signs", retreat)]
}

/// Every badge and build ring the drawing puts on the standard board stays off every
/// province's name (issue #24): a unit built at every place a unit may stand (its ring and
/// its `+`), a struck sign on a unit at every place, and one on a unit dislodged from every
/// place. The drawing takes its spots from `room::badge_at`; this reads them back from the
/// SVG, so that a drawing that put them elsewhere would fail.
#[test]
fn no_badge_and_no_build_ring_covers_a_provinces_name() {
    use arbitre::picture::room::{self, Rect, BADGE_R, BADGE_STRIKE, BUILD_RING_R, BUILD_RING_W};
    let map = Map::standard();
    let geo = Geometry::standard();
    let labels = room::label_boxes(map, geo);
    let places = room::places(map);
    let reach = (BADGE_R + 0.5).max(BADGE_STRIKE + 0.75);
    let mut hidden = Vec::new();
    let mut badges = 0;
    for (name, view) in badges_everywhere(map) {
        let svg = picture::draw(map, geo, &view);
        let drawn = circles(&svg, BADGE_R, 1.0);
        assert_eq!(drawn.len(), places.len(), "{name}: a badge for every place");
        badges += drawn.len();
        for (x, y) in drawn {
            let badge = Rect {
                x0: x - reach,
                y0: y - reach,
                x1: x + reach,
                y1: y + reach,
            };
            for (p, label) in labels.iter().enumerate() {
                if label.meets(&badge) {
                    hidden.push(format!("{name}: a badge at {x},{y} covers {}", map.code(p as ProvId)));
                }
            }
        }
        if name == "builds" {
            let rings = circles(&svg, BUILD_RING_R, BUILD_RING_W);
            assert_eq!(rings.len(), places.len(), "a ring for every unit built");
            for (x, y) in rings {
                let r = BUILD_RING_R + BUILD_RING_W / 2.0;
                for (p, l) in labels.iter().enumerate() {
                    let (cx, cy) = (x.clamp(l.x0, l.x1), y.clamp(l.y0, l.y1));
                    if (cx - x).powi(2) + (cy - y).powi(2) < r * r {
                        hidden.push(format!("a build ring at {x},{y} covers {}", map.code(p as ProvId)));
                    }
                }
            }
        }
    }
    assert_eq!(badges, 3 * places.len());
    assert!(
        hidden.is_empty(),
        "{} names hidden:\n{}",
        hidden.len(),
        hidden.join("\n")
    );
}

/// The legend's line under a power's name in a picture: `3 centres · 3 units`.
fn legend_line<'a>(svg: &'a str, name: &str) -> &'a str {
    let at = svg
        .find(&format!(">{name}</text><text "))
        .unwrap_or_else(|| panic!("{name} is not in the legend"));
    let rest = &svg[at + name.len() + 8..];
    let start = rest.find('>').unwrap() + 1;
    let end = rest.find("</text>").unwrap();
    &rest[start..end]
}

/// What the legend should say of each power, counted from the board itself: the centres
/// it owns and its units at the start of the phase (those dislodged and waiting to retreat
/// included), in English and in French.
fn counted_from(board: &Board, power: usize) -> (String, String) {
    let centres = board.centers.values().filter(|o| o.0 as usize == power).count();
    let dislodged = board.dislodged.iter().map(|d| &d.unit);
    let units = board
        .units
        .iter()
        .chain(dislodged)
        .filter(|u| u.power.0 as usize == power)
        .count();
    let en = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let fr = |n: usize, one: &str, many: &str| format!("{n} {}", if n <= 1 { one } else { many });
    (
        format!("{} · {}", en(centres, "centre", "centres"), en(units, "unit", "units")),
        format!(
            "{} · {}",
            fr(centres, "centre", "centres"),
            fr(units, "unité", "unités")
        ),
    )
}

/// The legend counts what docs/pictures.md says: per power its centres and its units at the
/// start of the phase, in every kind of phase (a movement phase that dislodges, a retreat
/// phase, a winter, and the spring after the winter's builds), in both languages.
#[test]
fn the_legend_counts_each_powers_centres_and_units_at_the_start_of_the_phase() {
    let map = Map::standard();
    let geo = Geometry::standard();
    let mut seen = Vec::new();
    for name in GOLDEN {
        let path = format!("tests/golden/pictures/{name}.yaml");
        let text = std::fs::read_to_string(&path).unwrap();
        let position = Position::parse(map, &arbitre::kinds::VARIANTS, &text, &path).unwrap();
        let (outcome, divine) = arbitre::kinds::diplomacy::adjudicate(map, &position);
        let view = arbitre::kinds::diplomacy::picture(map, &position, &outcome, divine.as_ref());
        // The phase as adjudicated, and the board the phase leaves for the next one.
        let next = PictureView::board(map, outcome.next_phase, &outcome.next);
        for (view, board) in [(&view, &position.board), (&next, &outcome.next)] {
            seen.push(view.phase.kind);
            let en = picture::draw_in(map, geo, view, Lang::En);
            let fr = picture::draw_in(map, geo, view, Lang::Fr);
            for (i, power) in map.powers.iter().enumerate() {
                let (want_en, want_fr) = counted_from(board, i);
                let (name_en, name_fr) = (map.power_name(Power(i as u8)), &power.french);
                assert_eq!(legend_line(&en, name_en), want_en, "{name}, {}: {name_en}", view.phase);
                assert_eq!(legend_line(&fr, name_fr), want_fr, "{name}, {}: {name_fr}", view.phase);
            }
        }
    }
    // Every kind of phase was seen, and a phase with units waiting to retreat.
    for kind in [PhaseKind::Movement, PhaseKind::Retreat, PhaseKind::Adjustment] {
        assert!(seen.contains(&kind), "no {kind:?} phase among the golden ones");
    }
}

/// The points of the cross that marks a failed move in `svg`, one `Vec` per cross.
fn failed_crosses(svg: &str) -> Vec<Vec<(f64, f64)>> {
    svg.split("<g class=\"failed\"")
        .skip(1)
        .map(|part| {
            let d = part.split("d=\"").nth(1).unwrap().split('"').next().unwrap();
            d.split(['M', 'L'])
                .filter(|p| !p.is_empty())
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

/// A failed move reads as failed whatever its length: across every border of the map (a
/// move between neighbours is the shortest arrow, too short for its dashes to show), the
/// failed arrow carries one cross of one size on its line, and a move that succeeds none.
#[test]
fn a_failed_move_is_crossed_however_short_its_arrow() {
    let map = Map::standard();
    let geo = Geometry::standard();
    let mut moves = Vec::new();
    for p in 0..map.provinces.len() as ProvId {
        for &to in map.army_borders(p) {
            moves.push((Loc { prov: p, coast: None }, Loc { prov: to, coast: None }));
        }
        let coasts = &map.province(p).coasts;
        let fleet_at: Vec<Loc> = match coasts.is_empty() {
            true => vec![Loc { prov: p, coast: None }],
            false => coasts
                .iter()
                .map(|&c| Loc {
                    prov: p,
                    coast: Some(c),
                })
                .collect(),
        };
        for from in fleet_at {
            moves.extend(map.fleet_borders(from).iter().map(|&to| (from, to)));
        }
    }
    assert!(moves.len() > 300, "{} moves", moves.len());
    let board = PictureView::board(map, Phase::parse("S1901M").unwrap(), &Board::default());
    let mut shortest = f64::MAX;
    let mut size = None;
    for (from, to) in moves {
        let (a, b) = (geo.unit_point(from), geo.unit_point(to));
        let length = ((b.x - a.x).powi(2) + (b.y - a.y).powi(2)).sqrt();
        shortest = shortest.min(length);
        let mark = |verdict| Mark::Move {
            power: Power(0),
            from,
            to,
            convoyed: false,
            verdict,
        };
        let mut view = board.clone();
        view.marks = vec![mark(Verdict::Succeeds)];
        assert!(failed_crosses(&picture::draw(map, geo, &view)).is_empty());
        view.marks = vec![mark(Verdict::Fails)];
        let crosses = failed_crosses(&picture::draw(map, geo, &view));
        let what = format!("{} - {}", map.code(from.prov), map.code(to.prov));
        assert_eq!(crosses.len(), 1, "{what}");
        let [p, q, r, t] = crosses[0][..] else {
            panic!("{what}: {:?}", crosses[0])
        };
        let dist = |p: (f64, f64), q: (f64, f64)| ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt();
        // Two arms of one length crossing at their middles, on the line between the units.
        let arm = dist(p, q);
        assert!((arm - dist(r, t)).abs() < 0.3, "{what}: arms {arm} and {}", dist(r, t));
        assert!(arm > 8.0, "{what}: a cross of {arm} is too small to see");
        assert!(
            (arm - *size.get_or_insert(arm)).abs() < 0.3,
            "{what}: a cross of another size"
        );
        let centre = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
        assert!(dist(centre, ((r.0 + t.0) / 2.0, (r.1 + t.1) / 2.0)) < 0.3, "{what}");
        let (a, b) = ((a.x, a.y), (b.x, b.y));
        assert!(
            (dist(a, centre) + dist(centre, b) - dist(a, b)).abs() < 0.5,
            "{what}: the cross at {centre:?} is off the arrow"
        );
    }
    // The dashes (7 and 4) show fewer than three times on the shortest arrows.
    assert!(shortest < 33.0, "the shortest move is {shortest} long");
}

/// Each golden phase draws exactly its `.svg`. `UPDATE_GOLDEN=1 cargo test --test it pictures::`
/// writes them again (then look at them, and at their diff, before committing).
#[test]
fn pictures_of_the_golden_phases_are_their_svg_files() {
    let update = std::env::var("UPDATE_GOLDEN").as_deref() == Ok("1");
    let mut differ = Vec::new();
    for name in GOLDEN {
        let (_, svg) = golden_picture(name);
        let path = format!("tests/golden/pictures/{name}.svg");
        if update {
            std::fs::write(&path, &svg).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e} (UPDATE_GOLDEN=1 writes it)"));
        if want != svg {
            differ.push(path);
        }
    }
    assert!(
        differ.is_empty(),
        "pictures differ from {differ:?} (UPDATE_GOLDEN=1 writes them again)"
    );
}

/// A picture as PNG stays under 200 KB (it goes into mail).
#[test]
fn every_golden_picture_rasterises_under_200_kb() {
    for name in GOLDEN {
        let (_, svg) = golden_picture(name);
        let png = picture::png(&svg).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{name}: not a PNG");
        assert!(png.len() < 200 * 1024, "{name}: {} bytes", png.len());
    }
}

/// The public picture of a Diable et Bon Dieu phase is the same, byte for byte, whoever
/// God and the Devil protect, whatever they have cast for the coming phase, and whichever
/// power is blessed for the coming winter: every power but the blessed one, and the
/// archive, get that one picture. God and the Devil get theirs, with what they are told.
/// A seeded loop over random assignments (the project's property tests use rand_chacha).
#[test]
fn the_public_picture_is_the_same_whatever_the_divine_secrets() {
    let map = Map::standard();
    let geo = Geometry::standard();
    let (view, public) = golden_picture("diable");
    assert!(
        public.contains("−") && public.contains(">+<"),
        "the announced blessing and curse are drawn"
    );
    let powers: Vec<Power> = map.all_powers().collect();
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    let mut private_seen = 0;
    for _ in 0..300 {
        let mut pair = powers.clone();
        pair.shuffle(&mut rng);
        let unit = |rng: &mut ChaCha8Rng| (rng.random_range(0..3) > 0).then(|| view.units.choose(rng).unwrap().loc);
        let secrets = Secrets {
            protected: Protected {
                god: pair[0],
                devil: pair[1],
            },
            blessing: unit(&mut rng),
            curse: unit(&mut rng),
            adjustment_blessing: (rng.random_range(0..2) == 0).then(|| *powers.choose(&mut rng).unwrap()),
        };
        let told = secrets.told();
        let for_reader = |r: Reader| picture::draw_for(map, geo, &view, Some(&told), r);
        assert_eq!(for_reader(Reader::Public), public);
        for &p in &powers {
            let picture = for_reader(Reader::Power(p));
            if secrets.adjustment_blessing == Some(p) {
                assert_ne!(picture, public, "the blessed power sees its blessing");
                assert!(picture.contains(&format!("adjustment blessing: {}", map.power_name(p))));
                assert!(!picture.contains("protects"));
                private_seen += 1;
            } else {
                assert_eq!(picture, public, "{} sees only the public picture", map.power_name(p));
            }
        }
        let god = for_reader(Reader::Role("God"));
        assert!(god.contains(&format!("God protects {}", map.power_name(pair[0]))));
        assert!(god.contains(&format!("the Devil protects {}", map.power_name(pair[1]))));
        let devil = for_reader(Reader::Role("Devil"));
        assert!(!devil.contains("God protects"));
        assert!(devil.contains(&format!("the Devil protects {}", map.power_name(pair[1]))));
        assert_eq!(
            devil.contains("stroke-dasharray=\"2 2\""),
            secrets.curse.is_some(),
            "the Devil sees his own curse"
        );
    }
    assert!(private_seen > 0, "the loop tried blessed powers");
    // No secrets known at all (a standard game): everyone gets the public picture.
    assert_eq!(picture::draw_for(map, geo, &view, None, Reader::Role("God")), public);
}

fn arbitre(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(args)
        .output()
        .unwrap()
}

/// `arbitre picture POSITION.yaml` draws what the library draws; `-o x.png` writes a PNG.
#[test]
fn arbitre_picture_draws_a_position_file_as_svg_or_png() {
    let out = arbitre(&["picture", "tests/golden/pictures/supports.yaml"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), golden_picture("supports").1);

    let dir = std::env::temp_dir().join(format!("arbitre-picture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("retreats.png");
    let out = arbitre(&[
        "picture",
        "tests/golden/pictures/retreats.yaml",
        "-o",
        png.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));

    // Without orders: the board alone, no arrow.
    let board = dir.join("board.yaml");
    std::fs::write(&board, "phase: Spring 1901 Movement\nunits:\n  France: [A PAR]\n").unwrap();
    let out = arbitre(&["picture", board.to_str().unwrap()]);
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(
        svg.contains("<svg") && !svg.contains("stroke-width=\"3\""),
        "no order drawn"
    );

    let out = arbitre(&["picture", "no-such-file.yaml"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-file.yaml"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[ignore = "a drawing aid: writes start.svg and .png, the golden phases in English and French and a badge at every place (everywhere-*.png) to /tmp/pic (or $PIC_DIR), and prints the border differences and the names something covers"]
fn sketch() {
    let dir = std::env::var("PIC_DIR").unwrap_or_else(|_| "/tmp/pic".to_string());
    let map = Map::standard();
    let text = std::fs::read_to_string("maps/standard.geometry.yaml").unwrap();
    let (missing, extra) = border_differences(map, &text);
    println!("missing: {}\nextra: {}", missing.join(" "), extra.join(" "));
    let geo = Geometry::from_yaml(map, &text, "geometry").unwrap();
    for c in picture::room::crowding(map, &geo) {
        println!("{}", c.describe(map));
    }
    let view = PictureView::board(map, Phase::parse("S1901M").unwrap(), &Board::starting(map));
    let svg = picture::draw(map, &geo, &view);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(format!("{dir}/start.svg"), &svg).unwrap();
    std::fs::write(format!("{dir}/start.png"), picture::png(&svg).unwrap()).unwrap();
    for name in GOLDEN {
        let (_, svg) = golden_picture(name);
        std::fs::write(format!("{dir}/{name}.png"), picture::png(&svg).unwrap()).unwrap();
        let (view, _) = golden_picture(name);
        let french = picture::draw_in(map, &geo, &view, Lang::Fr);
        std::fs::write(format!("{dir}/{name}-fr.png"), picture::png(&french).unwrap()).unwrap();
    }
    for (name, view) in badges_everywhere(map) {
        let svg = picture::draw(map, &geo, &view);
        let file = format!("{dir}/everywhere-{}.png", name.replace(' ', "-"));
        std::fs::write(file, picture::png(&svg).unwrap()).unwrap();
    }
}
