//! `arbitre status` and `arbitre zine`: a game shown, nothing in it changed.

use crate::game::desk;
use crate::game::Game;
use crate::kinds::REGISTRY;
use crate::mail::smtp::delivery_status;
use std::path::Path;

/// `arbitre status DIR [--yaml]`: the referee's view of the game at `dir`, as text or (with
/// `yaml`) as YAML for scripts.
pub fn status(dir: &Path, yaml: bool) -> Result<(), String> {
    let g = Game::open(dir, &REGISTRY)?;
    // Open for sign-up: no phase yet, only the places.
    if let Some(status) = g.sign_up_status(yaml) {
        print!("{}", status?);
        return Ok(());
    }
    if !yaml {
        print!("{}", desk::status::text(&g)?);
        return Ok(());
    }
    let text = g.kind().status(&g)?;
    print!(
        "{text}{}{}",
        desk::status::yaml(&g)?,
        delivery_status(dir).map_err(|e| e.to_string())?
    );
    Ok(())
}

/// `arbitre zine DIR [-o OUT]`: the whole game so far as one HTML document, to `output` or
/// standard output.
pub fn zine(dir: &Path, output: Option<&Path>) -> Result<(), String> {
    let g = Game::open(dir, &REGISTRY)?;
    let html = g.kind().zine(&g)?;
    match output {
        None => print!("{html}"),
        Some(out) => std::fs::write(out, html).map_err(|e| format!("{}: {e}", out.display()))?,
    }
    Ok(())
}
