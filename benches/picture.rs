//! Drawing the board (issue #15): the standard map's SVG for a busy phase, and its PNG.
//!
//! The phase is `tests/golden/pictures/supports.yaml` (22 units, every one ordered: moves,
//! supports to move and to hold, a cut support, a dislodgement with its retreats). Timed:
//! - the geometry read and its areas computed (`Geometry::from_yaml`), once per process;
//! - the picture's view built from the outcome and the SVG drawn (target: under 5 ms);
//! - the SVG rasterised and written as PNG (target: under 50 ms), fonts already loaded.
//!
//! Then the board games' pictures, each from a position file of tests/boardgame-positions/
//! after its moves: DIAM in mid-game (`diam-midgame.yaml`, 13 pieces, a move that carries)
//! and Diabolik Fleet with four fleets on 12×12 (`diabolik-four.yaml`, 23 ships, a turn
//! with a sinking). Timed: the game's view built and drawn (`BoardGame::picture`), and its
//! PNG.
//!
//! CPU time of the process, median of `BENCH_ROUNDS` batches (default 9). `cargo bench
//! --bench picture`; as a test (`cargo test --benches`) it draws the picture once, untimed.

mod common;

use arbitre::map::Map;
use arbitre::picture::{self, Geometry};
use arbitre::position::Position;
use common::{cpu_now, fmt_int, fmt_time, is_bench, machine, once, rounds, single};
use std::hint::black_box;

const PHASE: &str = include_str!("../tests/golden/pictures/supports.yaml");
const GEOMETRY: &str = include_str!("../maps/standard.geometry.yaml");
/// The board games' positions drawn: (what, file name, text).
const BOARDS: [(&str, &str, &str); 2] = [
    (
        "DIAM, mid-game",
        "diam-midgame.yaml",
        include_str!("../tests/boardgame-positions/diam-midgame.yaml"),
    ),
    (
        "Diabolik Fleet, 4 fleets on 12x12",
        "diabolik-four.yaml",
        include_str!("../tests/boardgame-positions/diabolik-four.yaml"),
    ),
];

fn main() {
    let map = Map::standard();
    let position =
        Position::parse(map, &arbitre::kinds::VARIANTS, PHASE, "supports.yaml").expect("the bench's phase reads");
    let (outcome, divine) = arbitre::kinds::diplomacy::adjudicate(map, &position);
    let geo = Geometry::standard();
    let draw = || {
        let view = arbitre::kinds::diplomacy::picture(map, &position, &outcome, divine.as_ref());
        picture::draw(map, geo, &view)
    };
    let svg = draw();
    let boards: Vec<_> = BOARDS
        .iter()
        .map(|(what, name, text)| {
            let game = arbitre::kinds::play_out_board(text, name)
                .expect("a board game's position")
                .expect("the bench's position reads");
            (what, game)
        })
        .collect();
    if !is_bench() {
        let png = picture::png(&svg).expect("the picture rasterises");
        assert!(png.len() < 200 * 1024);
        for (what, game) in &boards {
            let svg = game.picture().unwrap_or_else(|| panic!("{what}: no picture"));
            assert!(picture::png(&svg).expect("the picture rasterises").len() < 200 * 1024);
        }
        return;
    }
    println!("{}", machine());
    let (_, load) = once(|| Geometry::from_yaml(map, GEOMETRY, "geometry").unwrap());
    // The fonts are loaded by the first PNG; not counted below.
    let (png, first) = once(|| picture::png(&svg).unwrap());
    let rounds = rounds();
    let svg_time = single(
        &mut |n| {
            let t = cpu_now();
            for _ in 0..n {
                black_box(draw());
            }
            cpu_now() - t
        },
        rounds,
    );
    let png_time = single(
        &mut |n| {
            let t = cpu_now();
            for _ in 0..n {
                black_box(picture::png(black_box(&svg)).unwrap());
            }
            cpu_now() - t
        },
        rounds,
    );
    println!("geometry read, areas computed (once): {}", fmt_time(load.as_secs_f64()));
    println!(
        "SVG (view and drawing):               {}  ({} bytes)",
        fmt_time(svg_time),
        fmt_int(svg.len() as u64)
    );
    println!(
        "PNG (rasterised and encoded):         {}  ({} bytes; the first, with the fonts loaded: {})",
        fmt_time(png_time),
        fmt_int(png.len() as u64),
        fmt_time(first.as_secs_f64())
    );
    for (what, game) in &boards {
        let svg = game.picture().unwrap();
        let svg_time = single(
            &mut |n| {
                let t = cpu_now();
                for _ in 0..n {
                    black_box(game.picture());
                }
                cpu_now() - t
            },
            rounds,
        );
        let png = picture::png(&svg).unwrap();
        let png_time = single(
            &mut |n| {
                let t = cpu_now();
                for _ in 0..n {
                    black_box(picture::png(black_box(&svg)).unwrap());
                }
                cpu_now() - t
            },
            rounds,
        );
        println!(
            "{what}: SVG (view and drawing) {}  ({} bytes); PNG {}  ({} bytes)",
            fmt_time(svg_time),
            fmt_int(svg.len() as u64),
            fmt_time(png_time),
            fmt_int(png.len() as u64)
        );
    }
}
