//! The public archive of a Diplomacy game, `DIR/pages/` (issue #15), and the zine made
//! from it.
//!
//! Each phase processed writes, all public:
//! - `CODE.yaml`, the phase's public record: its public report in the game's language and
//!   the public press of the phase; the pages and `arbitre zine` are made from it;
//! - `CODE.svg`, its public map (for a map with a picture);
//! - `CODE.html`, its page: the map, the report, the public press, links to the phases before and after it and
//!   to the index; the page before it is written again, now with its link to this one;
//! - `index.html`: every phase, the board now, the supply centres of each power year by year.
//!
//! The pages are plain HTML and CSS, without JavaScript. A phase undone by a rollback
//! leaves none of its files here (`desk::history` moves them to `history/`).

use super::mail as diplomacy;
use crate::game::{Game, GameError};
use crate::lang::Lang;
use crate::map::Map;
use crate::picture::{Geometry, PictureView};
use crate::report::views::{self, CentreCounts, PhaseLink, PublicPress, Report};
use crate::report::View;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The archive's folder in the game folder.
pub use crate::game::PAGES;

/// A phase's public record, `pages/CODE.yaml`.
#[derive(Serialize, Deserialize, Clone, Debug, Default)]
pub struct Record {
    /// The public report, in the game's language.
    pub report: Report,
    /// The public press of the phase, in the order it came.
    #[serde(default)]
    pub press: Vec<PublicPress>,
}

/// The record of phase `code`, when it has one (a phase processed before records were
/// kept has none).
pub fn read_record(dir: &Path, code: &str) -> Result<Option<Record>, GameError> {
    let path = dir.join(PAGES).join(format!("{code}.yaml"));
    match std::fs::read_to_string(&path) {
        Ok(text) => Ok(Some(crate::yaml::from_str(&text, &path.display().to_string())?)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(GameError::io(&path)(e)),
    }
}

/// The game's language, which its pages are written in.
fn lang(game: &Game) -> Lang {
    game.config.game_reader().lang
}

fn render(game: &Game, view: View) -> Result<String, GameError> {
    let name = crate::report::template_in(game.templates(), view.template(), "html", lang(game));
    Ok(game.templates().render(&name, &view.context()?)?)
}

/// The phases processed, as links, oldest first.
fn links(game: &Game) -> Vec<PhaseLink> {
    diplomacy::history(game)
        .iter()
        .map(|f| PhaseLink {
            code: f.phase.code(),
            name: crate::words::phase(f.phase, lang(game)),
        })
        .collect()
}

/// The page of a phase from its record, with its links.
fn page(
    game: &Game,
    record: &Record,
    previous: Option<PhaseLink>,
    next: Option<PhaseLink>,
) -> Result<String, GameError> {
    let code = &record.report.code;
    render(
        game,
        views::Page {
            game: game.config.game.clone(),
            title: game.title().into(),
            report: record.report.clone(),
            picture: if Geometry::of(map()).is_some() {
                format!("{code}.svg")
            } else {
                String::new()
            },
            previous,
            next,
            nav: true,
            press: record.press.clone(),
        }
        .into(),
    )
}

fn map() -> &'static Map {
    Map::standard()
}

/// The years played and each power's supply centres at the end of each (its last phase
/// processed).
pub fn centres_by_year(game: &Game) -> (Vec<String>, Vec<CentreCounts>) {
    let map = map();
    let history = diplomacy::history(game);
    let mut ends: Vec<&super::victory::PhaseFacts> = Vec::new();
    for f in &history {
        match ends.last_mut() {
            Some(last) if last.phase.year == f.phase.year => *last = f,
            _ => ends.push(f),
        }
    }
    // Only the years whose centres are counted: their autumn processed (centres change
    // hands after it), or the game over. After a spring the year has no count yet.
    let over = game.state.finished.is_some();
    ends.retain(|f| over || f.phase.season != crate::phase::Season::Spring);
    let years = ends.iter().map(|f| f.phase.year.to_string()).collect();
    let centres = map
        .all_powers()
        .map(|p| CentreCounts {
            power: map.power_name(p).to_string(),
            counts: ends.iter().map(|f| f.centers.get(&p).copied().unwrap_or(0)).collect(),
        })
        .collect();
    (years, centres)
}

/// The index: every phase processed, the board `now` (public), the centres year by year.
fn index(game: &Game, now: Option<&PictureView>, over: &str) -> Result<String, GameError> {
    let (years, centres) = centres_by_year(game);
    let map_svg = match (now, Geometry::of(map())) {
        (Some(view), Some(geometry)) => crate::picture::draw_in(map(), geometry, view, game.config.language),
        _ => String::new(),
    };
    render(
        game,
        views::Index {
            game: game.config.game.clone(),
            title: game.title().into(),
            phases: links(game),
            over: over.to_string(),
            map: map_svg,
            years,
            centres,
        }
        .into(),
    )
}

/// What a phase just processed writes in `pages/` (file name, contents): its record, its
/// map, its page, the page before it again with its link to this one, and the index.
/// `svg` is the phase's public picture; `now` the board the game goes on with.
pub fn phase_pages(
    game: &Game,
    report: &Report,
    press: Vec<PublicPress>,
    svg: Option<String>,
    now: Option<&PictureView>,
) -> Result<Vec<(String, String)>, GameError> {
    let code = report.code.clone();
    let record = Record {
        report: report.clone(),
        press,
    };
    let mut out = vec![(format!("{code}.yaml"), serde_yaml::to_string(&record)?)];
    if let Some(svg) = svg {
        out.push((format!("{code}.svg"), svg));
    }
    // The history already has this phase, last.
    let phases = links(game);
    let at = phases.iter().rposition(|p| p.code == code);
    let before = |i: usize| i.checked_sub(1).and_then(|j| phases.get(j)).cloned();
    let previous = at.and_then(before);
    out.push((format!("{code}.html"), page(game, &record, previous.clone(), None)?));
    if let Some(prev) = &previous {
        if let Some(kept) = read_record(&game.dir, &prev.code)? {
            let prev_previous = at.and_then(|i| i.checked_sub(1)).and_then(before);
            let this = phases.get(at.unwrap_or(0)).cloned();
            out.push((format!("{}.html", prev.code), page(game, &kept, prev_previous, this)?));
        }
    }
    out.push(("index.html".into(), index(game, now, &report.over)?));
    Ok(out)
}

/// The game's public archive, for `arbitre publish` (file name, bytes), made by name from
/// what `pages/` keeps, never by listing it: for each phase processed, its page made again
/// from its public record (so that a page written before pages showed press shows it now)
/// or, for a phase without a record, the page as it was written; its public map
/// (`CODE.svg`); the index (`index.html`); and the zine (`zine.html`). The phases' records
/// (`CODE.yaml`) stay in the game: they are the pages' source, not pages.
pub fn public_archive(game: &Game) -> Result<Vec<(String, Vec<u8>)>, GameError> {
    let dir = game.dir.join(PAGES);
    let kept = |name: &str| -> Result<Option<Vec<u8>>, GameError> {
        let path = dir.join(name);
        match std::fs::read(&path) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(GameError::io(&path)(e)),
        }
    };
    let phases = links(game);
    let mut out = Vec::new();
    for (i, link) in phases.iter().enumerate() {
        let html = format!("{}.html", link.code);
        let previous = i.checked_sub(1).and_then(|j| phases.get(j)).cloned();
        let page = match read_record(&game.dir, &link.code)? {
            Some(record) => Some(page(game, &record, previous, phases.get(i + 1).cloned())?.into_bytes()),
            None => kept(&html)?,
        };
        out.extend(page.map(|p| (html, p)));
        let svg = format!("{}.svg", link.code);
        out.extend(kept(&svg)?.map(|s| (svg, s)));
    }
    out.extend(kept("index.html")?.map(|i| ("index.html".to_string(), i)));
    if !phases.is_empty() {
        out.push(("zine.html".into(), zine(game)?.into_bytes()));
    }
    Ok(out)
}

/// `arbitre zine DIR`: the whole game so far as one printable HTML document, a page per
/// phase (its map, orders and results, public press), from the phases' public records.
/// A phase processed before records were kept is left out.
pub fn zine(game: &Game) -> Result<String, GameError> {
    let mut phases = Vec::new();
    for link in links(game) {
        let Some(record) = read_record(&game.dir, &link.code)? else {
            continue;
        };
        let svg = game.dir.join(PAGES).join(format!("{}.svg", link.code));
        let map_svg = match std::fs::read_to_string(&svg) {
            Ok(s) => s,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(GameError::io(&svg)(e)),
        };
        phases.push(views::ZinePhase {
            report: record.report,
            map: map_svg,
            press: record.press,
        });
    }
    let (years, centres) = centres_by_year(game);
    let now = match (diplomacy::phase(game), diplomacy::board(game), Geometry::of(map())) {
        (Ok(phase), Ok(board), Some(geometry)) => {
            let view = PictureView::board(map(), phase, &board).named(&game.config.game);
            crate::picture::draw_in(map(), geometry, &view, game.config.language)
        }
        _ => String::new(),
    };
    render(
        game,
        views::Zine {
            game: game.config.game.clone(),
            title: game.title().into(),
            phases,
            map: now,
            years,
            centres,
            over: game
                .state
                .finished
                .as_ref()
                .map(|f| game.ending_in(f, game.config.language))
                .unwrap_or_default(),
        }
        .into(),
    )
}
