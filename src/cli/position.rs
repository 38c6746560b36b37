//! `arbitre adjudicate` and `arbitre picture`: one phase of a position file, judged or drawn.
//! No game folder is involved.

use crate::map::Map;
use crate::picture::{self, Geometry, PictureView};
use crate::position::{write_outcome, Position};
use std::io::Read;
use std::path::Path;

/// The text of a position file, and the name its errors give it: `-` is standard input.
fn read(file: &str) -> Result<(String, &str), String> {
    let text = if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("standard input: {e}"))?;
        s
    } else {
        crate::store::read_named_text("the position file", file).map_err(|e| e.to_string())?
    };
    let origin = if file == "-" { "<stdin>" } else { file };
    Ok((text, origin))
}

/// `arbitre adjudicate POSITION.yaml`: the results, as YAML on standard output.
pub fn adjudicate(file: &str) -> Result<(), String> {
    let (text, origin) = read(file)?;
    // DIAM and Diabolik Fleet positions are judged beside those games.
    if let Some(judged) = crate::kinds::adjudicate_board(&text, origin) {
        print!("{}", judged.map_err(|e| e.to_string())?);
        return Ok(());
    }
    let map = Map::standard();
    let position = Position::parse(map, &crate::kinds::VARIANTS, &text, origin).map_err(|e| e.to_string())?;
    let (mut outcome, divine) = crate::kinds::diplomacy::adjudicate(map, &position);
    // A retreat phase with nowhere to go is skipped, its units listed as disbanded.
    let disbanded = crate::kinds::diplomacy::skip_empty_retreat(map, &position.variant, &mut outcome)
        .map(|s| s.disbanded)
        .unwrap_or_default();
    print!("{}", write_outcome(map, &outcome, divine.as_ref(), &disbanded));
    Ok(())
}

/// `arbitre picture POSITION.yaml [-o OUT]`: the picture, to `output` (PNG when it ends in
/// `.png`, else SVG) or as SVG on standard output.
pub fn picture(file: &str, output: Option<&Path>) -> Result<(), String> {
    let (text, origin) = read(file)?;
    // A DIAM or Diabolik Fleet position: its moves played, the board drawn as they left it.
    let svg = if let Some(game) = crate::kinds::play_out_board(&text, origin) {
        let game = game.map_err(|e| e.to_string())?;
        game.picture()
            .ok_or_else(|| format!("{origin}: arbitre draws no picture of this game"))?
    } else {
        let map = Map::standard();
        let geometry =
            Geometry::of(map).ok_or_else(|| format!("the map \"{}\" has no geometry to draw it", map.name))?;
        let position = Position::parse(map, &crate::kinds::VARIANTS, &text, origin).map_err(|e| e.to_string())?;
        let view = if position.orders.is_empty() {
            PictureView::board(map, position.phase, &position.board)
                .named(crate::kinds::diplomacy::rules_of(&position.variant).title())
        } else {
            let (outcome, divine) = crate::kinds::diplomacy::adjudicate(map, &position);
            crate::kinds::diplomacy::picture(map, &position, &outcome, divine.as_ref())
        };
        picture::draw(map, geometry, &view)
    };
    match output {
        None => print!("{svg}"),
        Some(out) => {
            let png = out.extension().is_some_and(|e| e.eq_ignore_ascii_case("png"));
            let bytes = if png {
                picture::png(&svg).map_err(|e| e.to_string())?
            } else {
                svg.into_bytes()
            };
            std::fs::write(out, bytes).map_err(|e| format!("{}: {e}", out.display()))?;
        }
    }
    Ok(())
}
