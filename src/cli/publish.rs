//! `arbitre publish`: the public archive of the games, written where a web server reads it.

use crate::game::publish::{self, Report};
use crate::kinds::REGISTRY;
use crate::lang::Lang;
use std::path::Path;

/// `arbitre publish ROOT DIR`: every game under `root` published to `dir`
/// ([`crate::game::publish`]), a line per game and one for DIR; a game that fails is told
/// and the others are published.
pub fn publish(root: &Path, dir: &Path) -> Result<(), String> {
    let report = publish::publish(root, dir, &REGISTRY).map_err(|e| e.to_string())?;
    print!("{}", said(&report, dir));
    for (svg, why) in &report.no_picture {
        eprintln!("arbitre: {}: published without its PNG: {why}", svg.display());
    }
    for (game, e) in &report.failed {
        eprintln!("arbitre: {}: not published: {e}", game.display());
    }
    if report.failed.is_empty() {
        Ok(())
    } else {
        let games: Vec<String> = report.failed.iter().map(|(g, _)| g.display().to_string()).collect();
        Err(format!("not published: {}", games.join(", ")))
    }
}

/// What a run did, a line per game and one for the whole.
fn said(report: &Report, dir: &Path) -> String {
    let mut out = String::new();
    for (game, there, files) in &report.games {
        let files = Lang::En.count(*files, "public file", "public files");
        out += &format!("{}: {files} in {}\n", game.display(), there.display());
    }
    out += &format!(
        "{}: {} written, {} unchanged, {} removed\n",
        dir.display(),
        Lang::En.count(report.written.len(), "file", "files"),
        report.unchanged,
        report.removed.len()
    );
    out
}
