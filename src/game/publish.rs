//! `arbitre publish ROOT DIR`: the public archive of every game under ROOT, put in DIR for a
//! web server to serve.
//!
//! ```text
//! DIR/index.html           the games, each with a link to its pages and its zine
//! DIR/GAME/index.html      a game's first page, its phase pages, their maps, its zine:
//! DIR/GAME/…               what its kind says is public (Kind::public_archive), and each
//!                          map (`S1901M.svg`) as PNG too (`S1901M.png`)
//! DIR/.arbitre-published   the manifest: every file publish wrote, one path a line
//! ```
//!
//! Nothing is copied by listing a game's folder: each kind names the files it makes public
//! (an allow-list), so the state, the mail, the outbox, the password hashes and the divine
//! players' reports, which are never among them, cannot leak by a folder's new file.
//!
//! The files are readable by all (0644) and the folders made here open to all (0755),
//! whatever the umask ([`store::write_public`]). Publishing again updates DIR in place: a
//! changed file is replaced atomically, an unchanged one is left as it is (its time too, for
//! the web's caches), and a file the archive no longer has (a phase undone by a rollback, a
//! game removed from ROOT) is removed, but only if the manifest says publish wrote it: a file
//! someone else put in DIR is never removed. The manifest is written first with the files
//! about to be written added, so that a run killed half-way still knows them.

use super::kind::Kinds;
use super::{games_under, lock, Game, GameError};
use crate::lang::Lang;
use crate::report::views::{Published, PublishedGame};
use crate::report::Templates;
use crate::store;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Component, Path, PathBuf};

/// The manifest of the files publish wrote, in DIR (readable by its owner only: it is not a
/// page).
pub const MANIFEST: &str = ".arbitre-published";

/// Why `arbitre publish` could not publish, or could not publish one game.
#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    /// A game that cannot be opened, or whose pages cannot be made; or a file or folder of
    /// DIR that cannot be read, written or removed (`GameError::Io`, with its path).
    #[error(transparent)]
    Game(#[from] GameError),
    /// ROOT has no game folder.
    #[error("{}: no game folder here (a game folder has game.yaml)", root.display())]
    NoGames { root: PathBuf },
    /// DIR is ROOT, or holds it: a web server serving DIR would serve the games' files.
    #[error(
        "{}: the folder to publish to holds the games of {}, and a web server serving it would \
         serve their private files; publish to a folder outside ROOT",
        dir.display(),
        root.display()
    )]
    HoldsTheGames { dir: PathBuf, root: PathBuf },
    /// DIR is inside a game's folder.
    #[error(
        "{}: the folder to publish to is inside the game folder {}; publish to a folder outside \
         every game",
        dir.display(),
        game.display()
    )]
    InsideAGame { dir: PathBuf, game: PathBuf },
    /// Two game folders under ROOT have the same `game:` name, which is the folder of each in DIR.
    #[error(
        "{}: this game is named \"{name}\", as the game of {} is; each game is published in DIR/{name}/, \
         so one of them must be renamed (its \"game:\") or left out of ROOT",
        second.display(),
        first.display()
    )]
    SameName {
        name: String,
        first: PathBuf,
        second: PathBuf,
    },
    /// A line of the manifest that is no path publish writes.
    #[error(
        "{}: line {line}: \"{entry}\" is not a file publish writes (index.html, or GAME/FILE); mend \
         the line or remove it (publish then leaves that file alone)",
        path.display()
    )]
    Manifest { path: PathBuf, line: usize, entry: String },
    /// A kind named a file that is no plain file name: a mistake of arbitre's.
    #[error("{}: the game's kind named \"{name}\" among its public files, which is no plain file name", game.display())]
    BadName { game: PathBuf, name: String },
}

fn io_err(path: &Path) -> impl Fn(std::io::Error) -> PublishError + '_ {
    move |source| GameError::io(path)(source).into()
}

/// What one run of [`publish`] did.
#[derive(Debug, Default)]
pub struct Report {
    /// Each game published: its folder under ROOT, its folder in DIR, and its file count.
    pub games: Vec<(PathBuf, PathBuf, usize)>,
    /// The files written or replaced, in DIR.
    pub written: Vec<PathBuf>,
    /// How many files were already as they should be.
    pub unchanged: usize,
    /// The files removed: publish wrote them before, and the archive no longer has them.
    pub removed: Vec<PathBuf>,
    /// The games not published, each with why. What was published of them before is kept.
    pub failed: Vec<(PathBuf, PublishError)>,
    /// The maps published without their PNG, each with why (the SVG is published).
    pub no_picture: Vec<(PathBuf, String)>,
}

/// The PNG of the map `svg` (its bytes, to be published at `png`, both relative to `out`):
/// the one already published when the SVG beside it is the same and publish wrote both,
/// else rasterised again (which takes a while: a long game's maps are rasterised once).
fn picture(out: &Path, svg: &str, bytes: &[u8], png: &str, before: &BTreeSet<String>) -> Result<Vec<u8>, String> {
    if before.contains(svg) && before.contains(png) && fs::read(out.join(svg)).is_ok_and(|s| s == bytes) {
        if let Ok(kept) = fs::read(out.join(png)) {
            return Ok(kept);
        }
    }
    let text = std::str::from_utf8(bytes).map_err(|e| format!("the SVG is not UTF-8: {e}"))?;
    crate::picture::png(text).map_err(|e| e.to_string())
}

/// One game's part: its line in the list, its language and its files.
struct Part {
    /// The game's line, its ending in the game's language.
    entry: PublishedGame,
    lang: Lang,
    /// The ending in English, for a list of games in several languages.
    over_en: String,
    files: Vec<(String, Vec<u8>)>,
}

/// Publishes every game under `root` to `out` (see the module's documentation). A game that
/// fails is in the report's `failed`, and the others are published; `Err` means nothing was
/// published (no game, DIR in the wrong place, DIR or its manifest unusable).
pub fn publish(root: &Path, out: &Path, kinds: &Kinds) -> Result<Report, PublishError> {
    let games = games_under(root)?;
    if games.is_empty() {
        return Err(PublishError::NoGames {
            root: root.to_path_buf(),
        });
    }
    check_place(root, out, &games)?;
    store::create_dir_public(out).map_err(io_err(out))?;
    let manifest = out.join(MANIFEST);
    let before = read_manifest(&manifest)?;

    let mut report = Report::default();
    let mut files: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    let mut parts: BTreeMap<String, (PathBuf, Part)> = BTreeMap::new();
    for dir in games {
        let part = match game_part(&dir, kinds) {
            Ok(part) => part,
            Err(e) => {
                report.failed.push((dir, e));
                continue;
            }
        };
        let name = part.entry.game.clone();
        if let Some((first, _)) = parts.get(&name) {
            let first = first.clone();
            report.failed.push((
                dir.clone(),
                PublishError::SameName {
                    name,
                    first,
                    second: dir,
                },
            ));
            continue;
        }
        parts.insert(name, (dir, part));
    }
    for (name, (dir, part)) in &parts {
        let mut count = 0;
        for (file, bytes) in &part.files {
            let rel = format!("{name}/{file}");
            if let Some(stem) = file.strip_suffix(".svg") {
                let png = format!("{name}/{stem}.png");
                match picture(out, &rel, bytes, &png, &before) {
                    Ok(p) => {
                        files.insert(png, p);
                        count += 1;
                    }
                    Err(why) => report.no_picture.push((out.join(&rel), why)),
                }
            }
            files.insert(rel, bytes.clone());
            count += 1;
        }
        report.games.push((dir.clone(), out.join(name), count));
    }
    files.insert("index.html".into(), list(&parts)?.into_bytes());

    // What publish wrote before and will not write now. When a game failed, its folder in DIR
    // is unknown (its name may be what failed to read): then only the folders of the games
    // published now are cleaned, and the rest waits for a run without failures.
    let stale: Vec<&String> = before
        .iter()
        .filter(|p| !files.contains_key(*p))
        .filter(|p| report.failed.is_empty() || p.split_once('/').is_some_and(|(game, _)| parts.contains_key(game)))
        .collect();

    // The manifest first, with what is about to be written: a run killed from here on
    // leaves no file that the next run does not know it wrote.
    let mut known: BTreeSet<String> = before.clone();
    known.extend(files.keys().cloned());
    write_manifest(&manifest, &known)?;

    for (rel, bytes) in &files {
        let path = out.join(rel);
        let same = match fs::read(&path) {
            Ok(there) => there == *bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
            Err(e) => return Err(io_err(&path)(e)),
        };
        if same {
            store::set_mode(&path, store::PUBLIC_FILE_MODE).map_err(io_err(&path))?;
            report.unchanged += 1;
        } else {
            store::write_public(&path, bytes).map_err(io_err(&path))?;
            report.written.push(path);
        }
    }
    for rel in &stale {
        let path = out.join(rel);
        match fs::remove_file(&path) {
            Ok(()) => report.removed.push(path.clone()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(io_err(&path)(e)),
        }
        // A game's folder goes with its last file (and stays while anything else is in it).
        if let Some(folder) = path.parent().filter(|f| *f != out) {
            let _ = fs::remove_dir(folder);
        }
    }
    let kept: BTreeSet<String> = known.into_iter().filter(|p| !stale.contains(&p)).collect();
    write_manifest(&manifest, &kept)?;
    Ok(report)
}

/// One game, under its lock: its line in the list and its public files.
fn game_part(dir: &Path, kinds: &Kinds) -> Result<Part, PublishError> {
    let _lock = lock(dir)?;
    let game = Game::open(dir, kinds)?;
    let files = game.kind().public_archive(&game)?;
    for (name, _) in &files {
        if !plain(name) {
            return Err(PublishError::BadName {
                game: dir.to_path_buf(),
                name: name.clone(),
            });
        }
    }
    let has = |n: &str| files.iter().any(|(name, _)| name == n);
    let lang = game.config.game_reader().lang;
    let entry = PublishedGame {
        game: game.config.game.clone(),
        title: game.title().to_string(),
        // Worded in the list's language, once it is known (`list`).
        phase: match &game.state.finished {
            Some(_) => String::new(),
            None => game.phase_label(),
        },
        over: game
            .state
            .finished
            .as_ref()
            .map(|f| game.ending_in(f, lang))
            .unwrap_or_default(),
        index: has("index.html"),
        zine: has("zine.html"),
    };
    Ok(Part {
        entry,
        lang,
        over_en: game
            .state
            .finished
            .as_ref()
            .map(|f| game.ending_in(f, Lang::En))
            .unwrap_or_default(),
        files,
    })
}

/// DIR's first page, the list of the games: in the games' language when they all have the
/// same, else in English.
fn list(parts: &BTreeMap<String, (PathBuf, Part)>) -> Result<String, PublishError> {
    let mut langs = parts.values().map(|(_, p)| p.lang);
    let first = langs.next().unwrap_or_default();
    let lang = if langs.all(|l| l == first) { first } else { Lang::En };
    let templates = Templates::load(None).map_err(GameError::from)?;
    let games = parts.values().map(|(_, p)| PublishedGame {
        phase: crate::words::phase_text(&p.entry.phase, lang),
        over: match lang == p.lang {
            true => p.entry.over.clone(),
            false => p.over_en.clone(),
        },
        ..p.entry.clone()
    });
    let view: crate::report::View = Published { games: games.collect() }.into();
    let name = crate::report::template_in(&templates, view.template(), "html", lang);
    let context = view.context().map_err(GameError::from)?;
    Ok(templates.render(&name, &context).map_err(GameError::from)?)
}

/// Refuses a DIR that is ROOT or holds it (a web server would serve the games), or that is
/// inside a game.
fn check_place(root: &Path, out: &Path, games: &[PathBuf]) -> Result<(), PublishError> {
    let dir = absolute(out).map_err(io_err(out))?;
    let root_abs = absolute(root).map_err(io_err(root))?;
    if root_abs.starts_with(&dir) {
        return Err(PublishError::HoldsTheGames {
            dir: out.to_path_buf(),
            root: root.to_path_buf(),
        });
    }
    for game in games {
        if dir.starts_with(absolute(game).map_err(io_err(game))?) {
            return Err(PublishError::InsideAGame {
                dir: out.to_path_buf(),
                game: game.clone(),
            });
        }
    }
    Ok(())
}

/// `path` made absolute with its links resolved, as far as it exists.
fn absolute(path: &Path) -> std::io::Result<PathBuf> {
    match path.canonicalize() {
        Ok(p) => Ok(p),
        Err(_) if path.parent().is_some_and(|p| !p.as_os_str().is_empty()) && path.file_name().is_some() => {
            let parent = path.parent().unwrap_or(Path::new("."));
            Ok(absolute(parent)?.join(path.file_name().unwrap_or_default()))
        }
        Err(_) if path.file_name().is_some() => Ok(std::env::current_dir()?.join(path)),
        Err(e) => Err(e),
    }
}

/// A file name of one part, not hidden: what a kind may name and a manifest may list under a
/// game.
fn plain(name: &str) -> bool {
    let mut parts = Path::new(name).components();
    matches!((parts.next(), parts.next()), (Some(Component::Normal(_)), None)) && !name.starts_with('.')
}

/// The manifest's paths; none when there is no manifest yet.
fn read_manifest(path: &Path) -> Result<BTreeSet<String>, PublishError> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(BTreeSet::new()),
        Err(e) => return Err(io_err(path)(e)),
    };
    let mut out = BTreeSet::new();
    for (i, line) in text.lines().enumerate() {
        if line.is_empty() {
            continue;
        }
        let ok = line == "index.html"
            || line
                .split_once('/')
                .is_some_and(|(game, file)| plain(game) && plain(file));
        if !ok {
            return Err(PublishError::Manifest {
                path: path.to_path_buf(),
                line: i + 1,
                entry: line.to_string(),
            });
        }
        out.insert(line.to_string());
    }
    Ok(out)
}

fn write_manifest(path: &Path, paths: &BTreeSet<String>) -> Result<(), PublishError> {
    let text: String = paths.iter().map(|p| format!("{p}\n")).collect();
    store::write_atomic(path, text.as_bytes()).map_err(io_err(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_are_published_or_removed() {
        for good in ["index.html", "S1901M.svg", "zine.html"] {
            assert!(plain(good), "{good}");
        }
        for bad in [
            "",
            ".",
            "..",
            "../x",
            "a/b",
            "/etc/passwd",
            ".arbitre-published",
            ".lock",
        ] {
            assert!(!plain(bad), "{bad}");
        }
    }

    #[test]
    fn a_manifest_naming_a_file_outside_dir_is_refused_with_its_line() {
        let dir = std::env::temp_dir().join(format!("arbitre-publish-manifest-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join(MANIFEST);
        fs::write(&path, "index.html\nvopaliec/S1901M.html\n").unwrap();
        let read = read_manifest(&path).unwrap();
        assert_eq!(
            read.into_iter().collect::<Vec<_>>(),
            ["index.html", "vopaliec/S1901M.html"]
        );
        fs::write(&path, "index.html\nvopaliec/../../state.yaml\n").unwrap();
        let e = read_manifest(&path).unwrap_err();
        assert!(matches!(&e, PublishError::Manifest { line: 2, .. }), "{e:?}");
        assert!(e.to_string().contains("vopaliec/../../state.yaml"), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
