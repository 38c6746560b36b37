//! The `arbitre` command line. Thin: it reads arguments, calls the library, and maps
//! errors to messages and exit codes.

use arbitre::game::config::PlayersFile;
use arbitre::game::intake::Delivered;
use arbitre::game::{self, diplomacy, Game, Now};
use arbitre::mail::smtp::{delivery_status, send_outbox_at, SmtpSettings};
use arbitre::map::Map;
use arbitre::position::{write_outcome, Position};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "\
arbitre: a play-by-email Diplomacy referee

usage:
  arbitre new DIR --players PLAYERS.yaml   create a game folder; welcomes go to DIR/outbox
  arbitre mail ROOT [FILE.eml ...]         act on messages: each FILE, or one on standard input
  arbitre mail ROOT --maildir MAILDIR      act on every new message of a Maildir
  arbitre orders DIR TURN.yaml             record a turn file's orders: and divine: (referee)
  arbitre process ROOT                     adjudicate every game whose deadline has passed
                                           or whose orders are all in; send reminders
  arbitre send ROOT [--smtp URL] [--smtp-config FILE] [--ca-file PEM]
                                           deliver the outboxes; sent messages go to sent/,
                                           refused ones to failed/ (4xx: retried for 3 days)
  arbitre status DIR                       the referee's view of a game, as YAML
  arbitre password                         read a password on standard input and print its
                                           hash, for `password_hash:` in a players file
  arbitre adjudicate POSITION.yaml         resolve one phase and print the result as YAML
                                           (`-` reads the position from standard input)
  arbitre help                             this text

ROOT is a game folder or a folder of game folders. `--now TIME` (RFC 3339) replaces the
clock for new, mail, orders, process and send. SMTP settings: --smtp, --smtp-config, or the
environment (ARBITRE_SMTP_URL, ARBITRE_SMTP_USER, ARBITRE_SMTP_PASSWORD,
ARBITRE_SMTP_CA_FILE). --ca-file trusts a private authority in addition to the system's
roots; certificates are always verified.
";

/// Exit code when a message could not be kept: the mail system should retry (EX_TEMPFAIL).
const TEMPFAIL: u8 = 75;

enum Failure {
    /// A message for the user, exit 1.
    Usage(String),
    /// The message could not be stored: exit 75 so that the MTA retries.
    NotKept(String),
}

impl From<String> for Failure {
    fn from(s: String) -> Failure {
        Failure::Usage(s)
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or_default();
    let result = match args.first().map(String::as_str) {
        Some("adjudicate") => adjudicate(rest).map_err(Failure::from),
        Some("new") => new(rest).map_err(Failure::from),
        Some("mail") => mail(rest),
        Some("orders") => orders(rest).map_err(Failure::from),
        Some("process") => process(rest).map_err(Failure::from),
        Some("send") => send(rest).map_err(Failure::from),
        Some("status") => status(rest).map_err(Failure::from),
        Some("password") => password(rest).map_err(Failure::from),
        Some("help") | Some("--help") | Some("-h") => {
            print!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(Failure::Usage(format!("unknown command `{other}`\n\n{USAGE}"))),
        None => {
            eprint!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(e)) => {
            eprintln!("arbitre: {}", e.trim_end());
            ExitCode::FAILURE
        }
        Err(Failure::NotKept(e)) => {
            eprintln!("arbitre: {}", e.trim_end());
            ExitCode::from(TEMPFAIL)
        }
    }
}

/// `--name VALUE` options, in the order given.
type Options = Vec<(String, String)>;

/// Splits arguments into positionals and `--flag VALUE` options (all flags take a value).
fn split(args: &[String], flags: &[&str]) -> Result<(Vec<String>, Options), String> {
    let mut pos = Vec::new();
    let mut opts = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if let Some(name) = a.strip_prefix("--") {
            let (name, value) = match name.split_once('=') {
                Some((n, v)) => (n.to_string(), v.to_string()),
                None => {
                    i += 1;
                    let v = args.get(i).ok_or_else(|| format!("--{name} needs a value"))?;
                    (name.to_string(), v.clone())
                }
            };
            if !flags.contains(&name.as_str()) {
                return Err(format!("unknown option --{name} (this command takes: {})", list(flags)));
            }
            opts.push((name, value));
        } else {
            pos.push(a.clone());
        }
        i += 1;
    }
    Ok((pos, opts))
}

fn list(flags: &[&str]) -> String {
    if flags.is_empty() {
        return "no options".into();
    }
    flags.iter().map(|f| format!("--{f}")).collect::<Vec<_>>().join(", ")
}

fn opt<'a>(opts: &'a [(String, String)], name: &str) -> Option<&'a str> {
    opts.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
}

fn now(opts: &[(String, String)]) -> Result<Now, String> {
    match opt(opts, "now") {
        Some(t) => chrono::DateTime::parse_from_rfc3339(t)
            .map_err(|_| format!("--now `{t}`: write a time like 2026-12-04T20:00:00+01:00")),
        None => Ok(chrono::Utc::now().fixed_offset()),
    }
}

fn adjudicate(args: &[String]) -> Result<(), String> {
    let [file] = args else {
        return Err("usage: arbitre adjudicate POSITION.yaml".into());
    };
    let text = if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("standard input: {e}"))?;
        s
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?
    };
    let origin = if file == "-" { "<stdin>" } else { file.as_str() };
    // DIAM and Diabolik Fleet positions are judged beside those games.
    if let Some(judged) = arbitre::boardgame::position::adjudicate(&text, origin) {
        print!("{}", judged.map_err(|e| e.to_string())?);
        return Ok(());
    }
    let map = Map::standard();
    let position = Position::parse(map, &text, origin).map_err(|e| e.to_string())?;
    let (mut outcome, divine) = arbitre::variant::adjudicate(map, &position);
    // A retreat phase with nowhere to go is skipped, its units listed as disbanded.
    let disbanded = arbitre::variant::skip_empty_retreat(map, &position.variant, &mut outcome)
        .map(|s| s.disbanded)
        .unwrap_or_default();
    print!("{}", write_outcome(map, &outcome, divine.as_ref(), &disbanded));
    Ok(())
}

fn new(args: &[String]) -> Result<(), String> {
    let (pos, opts) = split(args, &["players", "now"])?;
    let ([dir], Some(players)) = (pos.as_slice(), opt(&opts, "players")) else {
        return Err("usage: arbitre new DIR --players PLAYERS.yaml".into());
    };
    let text = std::fs::read_to_string(players).map_err(|e| format!("{players}: {e}"))?;
    let checked = PlayersFile::parse(&text, players)
        .and_then(|f| f.validate(Map::standard(), &text, players))
        .map_err(|e| e.to_string())?;
    let now = now(&opts)?;
    if let Some(start) = checked.start.filter(|start| *start <= now) {
        let line = arbitre::yaml::line_of(&text, "start", "").unwrap_or(1);
        eprintln!(
            "{players}:{line}: note: start: {start} is already past; \
             the first `arbitre process` will judge the first phase at once"
        );
    }
    let game = Game::create(Path::new(dir), checked, now)?;
    println!(
        "{}: game {} created; {} welcome messages in {}/outbox",
        dir,
        game.config.game,
        game.config.players.len(),
        dir
    );
    Ok(())
}

fn mail(args: &[String]) -> Result<(), Failure> {
    let (pos, opts) = split(args, &["maildir", "now"])?;
    let Some((root, files)) = pos.split_first() else {
        return Err(Failure::Usage(
            "usage: arbitre mail ROOT [FILE.eml ...] | --maildir MAILDIR".into(),
        ));
    };
    let root = PathBuf::from(root);
    let now = now(&opts)?;
    if !root.is_dir() {
        return Err(Failure::NotKept(format!(
            "{}: no such folder; the message was not kept",
            root.display()
        )));
    }
    if let Some(maildir) = opt(&opts, "maildir") {
        if !files.is_empty() {
            return Err(Failure::Usage("give either files or --maildir, not both".into()));
        }
        return read_maildir(&root, Path::new(maildir), now);
    }
    if files.is_empty() {
        let mut raw = Vec::new();
        std::io::stdin()
            .read_to_end(&mut raw)
            .map_err(|e| Failure::NotKept(format!("standard input: {e}")))?;
        if raw.is_empty() {
            return Err(Failure::Usage("no message on standard input".into()));
        }
        return deliver(&root, &raw, now, now);
    }
    // Every file is tried; each failure is told as it happens, and one that was not kept
    // decides the exit code, so that it is retried.
    let (mut unread, mut not_kept) = (0, 0);
    for f in files {
        let failure = match std::fs::read(f) {
            Ok(raw) => deliver(&root, &raw, now, now).err(),
            Err(e) => Some(Failure::Usage(format!("{f}: {e}"))),
        };
        match failure {
            None => {}
            Some(Failure::Usage(e)) => {
                eprintln!("arbitre: {e}");
                unread += 1;
            }
            Some(Failure::NotKept(e)) => {
                eprintln!("arbitre: {f}: {e}");
                not_kept += 1;
            }
        }
    }
    match (unread, not_kept) {
        (0, 0) => Ok(()),
        (_, 0) => Err(Failure::Usage(format!("{unread} of {} file(s) not read", files.len()))),
        _ => Err(Failure::NotKept(format!(
            "{not_kept} of {} message(s) not kept",
            files.len()
        ))),
    }
}

/// Keeps one message that arrived at `arrived` (taken before waiting for any lock), then
/// acts on it. Only a failure to keep it is an error.
fn deliver(root: &Path, raw: &[u8], arrived: Now, now: Now) -> Result<(), Failure> {
    match game::intake::deliver(root, raw, arrived, now).map_err(Failure::NotKept)? {
        Delivered::Unmatched(path) => {
            eprintln!("arbitre: the message names no game here; kept as {}", path.display());
        }
        Delivered::TooLarge(path) => {
            eprintln!(
                "arbitre: the message is over the size limit; kept as {}",
                path.display()
            );
        }
        Delivered::Game { acted: Ok(()), .. } => {}
        Delivered::Game { kept, acted: Err(e) } => eprintln!(
            "arbitre: the message is kept as {}, but acting on it failed: {e}\n\
             (fix the cause; the next `arbitre mail` or `arbitre process` acts on it)",
            kept.display()
        ),
    }
    Ok(())
}

/// When a Maildir message was delivered: the seconds its name begins with (`1764612000.
/// M1P2.host`, the Maildir convention), no later than `now`; else `now`.
fn delivery_time(name: &str, now: Now) -> Now {
    name.split('.')
        .next()
        .and_then(|s| s.parse::<i64>().ok())
        .and_then(|s| chrono::DateTime::from_timestamp(s, 0))
        .map(|t| t.fixed_offset())
        .filter(|t| *t <= now)
        .unwrap_or(now)
}

/// Every message in `MAILDIR/new`: kept and acted on, then moved to `cur` as seen.
fn read_maildir(root: &Path, maildir: &Path, now: Now) -> Result<(), Failure> {
    let new = maildir.join("new");
    let cur = maildir.join("cur");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&new)
        .map_err(|e| Failure::Usage(format!("{}: {e} (a Maildir has new/, cur/ and tmp/)", new.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')))
        .collect();
    files.sort();
    std::fs::create_dir_all(&cur).map_err(|e| Failure::Usage(format!("{}: {e}", cur.display())))?;
    for path in files {
        let raw = std::fs::read(&path).map_err(|e| Failure::Usage(format!("{}: {e}", path.display())))?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        deliver(root, &raw, delivery_time(&name, now), now)?;
        let seen = cur.join(format!("{}:2,S", name.split(':').next().unwrap_or(&name)));
        std::fs::rename(&path, &seen).map_err(|e| Failure::Usage(format!("{}: {e}", path.display())))?;
    }
    Ok(())
}

fn orders(args: &[String]) -> Result<(), String> {
    let (pos, opts) = split(args, &["now"])?;
    let [dir, file] = pos.as_slice() else {
        return Err("usage: arbitre orders DIR TURN.yaml".into());
    };
    let dir = Path::new(dir);
    let now = now(&opts)?;
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    if !game::is_game(dir) {
        // Before the lock, which would write its file in any folder.
        return Err(format!("{}: not a game folder (no game.yaml)", dir.display()));
    }
    let _lock = game::lock(dir)?;
    let mut g = Game::open(dir)?;
    if arbitre::boardgame::kind(&g.config.variant).is_some() {
        return Err(format!(
            "{}: turn files are for Diplomacy games; a board game's moves come by mail",
            dir.display()
        ));
    }
    g.ingest(now)?;
    if g.state.finished.is_some() {
        return Err(format!("{}: the game is over", dir.display()));
    }
    match diplomacy::record_turn(&mut g, &text, file) {
        Ok(letters) => {
            let n = letters.len();
            g.commit(
                game::Effects {
                    letters,
                    ..Default::default()
                },
                now,
            )?;
            println!(
                "{file}: recorded for {} ({n} acknowledgement(s) in the outbox)",
                g.state.phase
            );
            Ok(())
        }
        Err(errors) => Err(format!("{file}: nothing was recorded:\n  {}", errors.join("\n  "))),
    }
}

fn process(args: &[String]) -> Result<(), String> {
    let (pos, opts) = split(args, &["now"])?;
    let [root] = pos.as_slice() else {
        return Err("usage: arbitre process ROOT [--now TIME]".into());
    };
    let now = now(&opts)?;
    let games = game::games_under(Path::new(root))?;
    if games.is_empty() {
        return Err(format!("{root}: no game folder here (a game folder has game.yaml)"));
    }
    let mut failed = Vec::new();
    for dir in games {
        let run = || -> Result<String, String> {
            let _lock = game::lock(&dir)?;
            let mut g = Game::open(&dir)?;
            let handled = g.ingest(now)?;
            let mut what = if handled > 0 {
                format!("{handled} message(s) acted on; ")
            } else {
                String::new()
            };
            if arbitre::boardgame::kind(&g.config.variant).is_none() {
                match diplomacy::process(&mut g, now)? {
                    Some(fx) => {
                        let n = fx.letters.len();
                        g.commit(fx, now)?;
                        what.push_str(&format!("{n} message(s) written; now {}", g.state.phase));
                    }
                    None if g.state.finished.is_some() => what.push_str("the game is over"),
                    None => what.push_str(&format!("nothing due ({})", g.state.phase)),
                }
            } else {
                what.push_str("a board game: moves are relayed as they arrive");
            }
            Ok(what)
        };
        match run() {
            Ok(what) => println!("{}: {what}", dir.display()),
            Err(e) => {
                eprintln!("arbitre: {}: {e}", dir.display());
                failed.push(dir.display().to_string());
            }
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("not processed: {}", failed.join(", ")))
    }
}

fn send(args: &[String]) -> Result<(), String> {
    let (pos, opts) = split(args, &["smtp", "smtp-config", "ca-file", "now"])?;
    let [root] = pos.as_slice() else {
        return Err("usage: arbitre send ROOT [--smtp URL] [--smtp-config FILE] [--ca-file PEM]".into());
    };
    let mut settings = match (opt(&opts, "smtp-config"), opt(&opts, "smtp")) {
        (Some(_), Some(_)) => return Err("give either --smtp or --smtp-config, not both".into()),
        (Some(f), None) => SmtpSettings::from_file(Path::new(f))?,
        (None, url) => SmtpSettings::from_env(url)?,
    };
    if let Some(pem) = opt(&opts, "ca-file") {
        // --ca-file wins over ARBITRE_SMTP_CA_FILE and the config file's ca_file.
        settings.ca_file = Some(PathBuf::from(pem));
        settings.endpoint()?;
    }
    let now = now(&opts)?.with_timezone(&chrono::Utc);
    let root = Path::new(root);
    let mut dirs = game::games_under(root)?;
    if !game::is_game(root) && root.join("outbox").is_dir() {
        dirs.push(root.to_path_buf()); // rejections of messages that named no game
    }
    let mut unsent = 0;
    for dir in dirs {
        let report = send_outbox_at(&dir, &settings, now)?;
        if !report.sent.is_empty() {
            println!("{}: {} message(s) sent", dir.display(), report.sent.len());
        }
        for f in &report.failed {
            eprintln!(
                "arbitre: {}: moved to failed/: {}",
                dir.join("outbox").join(&f.name).display(),
                f.cause
            );
        }
        for d in &report.deferred {
            eprintln!(
                "arbitre: {}: {}; tried again from {}",
                d.path.display(),
                d.reason,
                d.next_try.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
            );
        }
        if let Some(digest) = &report.digest {
            eprintln!(
                "arbitre: {}: the referee is told of the failed deliveries",
                digest.display()
            );
        }
        for (path, why) in &report.unsent {
            eprintln!("arbitre: {}: {why}", path.display());
        }
        unsent += report.unsent.len();
    }
    if unsent > 0 {
        return Err(format!("{unsent} message(s) not sent; they stay in the outbox"));
    }
    Ok(())
}

fn status(args: &[String]) -> Result<(), String> {
    let [dir] = args else {
        return Err("usage: arbitre status DIR".into());
    };
    let g = Game::open(Path::new(dir))?;
    let text = if arbitre::boardgame::kind(&g.config.variant).is_some() {
        game::board::status(&g)?
    } else {
        diplomacy::status(&g)?
    };
    print!("{text}{}", delivery_status(Path::new(dir))?);
    Ok(())
}

/// `arbitre password`: the Argon2id hash of the password read on standard input (its first
/// line, without the line end), for a players file that should not hold the password.
fn password(args: &[String]) -> Result<(), String> {
    if !args.is_empty() {
        return Err("usage: arbitre password (the password is read on standard input)".into());
    }
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| format!("standard input: {e}"))?;
    let line = text.lines().next().unwrap_or_default();
    if line.trim().is_empty() {
        return Err("no password on standard input: write it there, e.g. `arbitre password < file`".into());
    }
    let hash = arbitre::game::config::hash_password(line, &arbitre::game::config::new_salt());
    println!("{hash}");
    Ok(())
}
