//! The `arbitre` command line. Thin: it reads arguments, calls the library, and maps
//! errors to messages and exit codes.
//!
//! The arguments are declared with clap's derive: the doc comment of each command and
//! argument below is its help text (`arbitre --help`, `arbitre COMMAND --help`).

use arbitre::game::config::PlayersFile;
use arbitre::game::desk::{self, journal::Who, Act};
use arbitre::game::intake::Delivered;
use arbitre::game::kind::{Play, Run};
use arbitre::game::{self, Game, Now};
use arbitre::kinds::REGISTRY;
use arbitre::mail::imap as imap_mail;
use arbitre::mail::smtp::{delivery_status, SmtpSettings};
use arbitre::map::Map;
use arbitre::position::{write_outcome, Position};
use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// arbitre: a play-by-email Diplomacy referee
#[derive(Parser)]
#[command(
    name = "arbitre",
    version,
    // A bare `arbitre` prints the help on stderr and exits 2, as it always has.
    arg_required_else_help = true,
    // A flag given twice keeps its last value, as it always has.
    args_override_self = true,
    after_help = "\
ROOT is a game folder or a folder of game folders. `--now TIME` (RFC 3339) replaces the
clock for new, mail, orders, process and send.
`arbitre COMMAND --help` explains the arguments of a command, with an example."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    New(NewArgs),
    Mail(MailArgs),
    Imap(ImapArgs),
    Orders(OrdersArgs),
    Process(ProcessArgs),
    Send(SendArgs),
    Run(RunArgs),
    Status(StatusArgs),
    Password(PasswordArgs),
    Adjudicate(AdjudicateArgs),
    // The referee's desk (issue #13).
    Deadline(DeadlineArgs),
    Pause(PauseArgs),
    Resume(ResumeArgs),
    Preview(PreviewArgs),
    Rollback(RollbackArgs),
    Replace(ReplaceArgs),
    Disorder(DisorderArgs),
    Player(PlayerArgs),
    Picture(PictureArgs),
    Zine(ZineArgs),
}

/// Create a game folder; the welcomes go to DIR/outbox
///
/// Every value of the players file is checked (a mistake is named with its line), the
/// passwords are kept only as Argon2id hashes, and a welcome for every player is written
/// to DIR/outbox for `arbitre send`.
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "Example:\n  arbitre new games/vopaliec --players players.yaml"
)]
struct NewArgs {
    /// The game folder to create (new, or empty)
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// The players file: the game, its variant, deadlines and players
    #[arg(long, value_name = "PLAYERS.yaml")]
    players: String,
    #[command(flatten)]
    clock: Clock,
}

/// Act on messages: from files, a Maildir, or standard input
///
/// Every message is first kept in GAME/mail/ (one that names no game in ROOT/unmatched/),
/// then acted on and answered in the outbox. The exit status is 0 once a message is kept,
/// even when its content is refused (the refusal is the reply), and 75 when it could not
/// be kept, so that the mail system tries again.
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "\
Examples:
  arbitre mail /srv/games < message.eml       (as procmail delivers)
  arbitre mail /srv/games --maildir ~/Maildir
  arbitre mail games/vopaliec a.eml b.eml"
)]
struct MailArgs {
    /// A game folder, or a folder of game folders: the SIGNON line picks the game
    #[arg(value_name = "ROOT")]
    root: PathBuf,
    /// The messages, one per file (none: one is read on standard input)
    #[arg(value_name = "FILE.eml", conflicts_with = "maildir")]
    files: Vec<String>,
    /// Act on every message in MAILDIR/new, then move it to MAILDIR/cur as seen
    #[arg(long, value_name = "MAILDIR")]
    maildir: Option<PathBuf>,
    #[command(flatten)]
    clock: Clock,
}

/// Record a turn file's orders: and divine: (referee)
///
/// The turn file has the keys of a position file; its phase: must name the current phase.
/// Everything is recorded or, when a line is bad, nothing (every bad line is named); the
/// acknowledgements go to the outbox, as for orders by mail.
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "Example:\n  arbitre orders games/vopaliec turn.yaml"
)]
struct OrdersArgs {
    /// The game folder
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// The turn file: phase:, orders: and divine:
    #[arg(value_name = "TURN.yaml")]
    turn: String,
    #[command(flatten)]
    clock: Clock,
}

/// Adjudicate every game that is due (deadline passed or all orders in)
///
/// Messages kept but not yet acted on are acted on first. Missing orders are reminded once,
/// `reminder:` (24h) before the deadline. The reports and reminders go to each game's
/// outbox, for `arbitre send`. Running it twice changes nothing.
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "\
Examples:
  arbitre process /srv/games                    (from cron, say every ten minutes)
  arbitre process games/vopaliec --now 2026-12-01T20:00:00+01:00"
)]
struct ProcessArgs {
    /// A game folder, or a folder of game folders
    #[arg(value_name = "ROOT")]
    root: PathBuf,
    /// Adjudicate the phase of this one game now, before its deadline, with the orders on
    /// file (units without orders hold, builds not ordered are waived); journaled
    #[arg(long)]
    force: bool,
    /// Why, for the journal (with --force)
    #[arg(long, value_name = "TEXT", requires = "force")]
    why: Option<String>,
    #[command(flatten)]
    clock: Clock,
}

/// Deliver the outboxes by SMTP; refused messages go to failed/
///
/// Without --smtp or --smtp-config the server comes from the environment:
/// ARBITRE_SMTP_URL, ARBITRE_SMTP_USER, ARBITRE_SMTP_PASSWORD, ARBITRE_SMTP_TIMEOUT,
/// ARBITRE_SMTP_CA_FILE.
/// Sent messages go to sent/. A message refused for good (5xx) goes to failed/ at once;
/// one refused for now (4xx) is tried again for three days.
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "\
Examples:
  arbitre send /srv/games --smtp smtp://localhost:25
  arbitre send /srv/games --smtp-config smtp.yaml"
)]
struct SendArgs {
    /// A game folder, or a folder of game folders
    #[arg(value_name = "ROOT")]
    root: PathBuf,
    /// The server: smtp://host:25, smtp://host:587?tls=starttls or smtps://host:465
    #[arg(long, value_name = "URL", conflicts_with = "smtp_config")]
    smtp: Option<String>,
    /// A YAML file with the server's url, username, password, timeout_secs and ca_file
    #[arg(long = "smtp-config", value_name = "FILE")]
    smtp_config: Option<PathBuf>,
    /// A private certificate authority to trust besides the system's roots (PEM);
    /// certificates are always verified. Wins over ARBITRE_SMTP_CA_FILE and ca_file
    #[arg(long = "ca-file", value_name = "PEM")]
    ca_file: Option<PathBuf>,
    #[command(flatten)]
    clock: Clock,
    /// Settings already read (by `arbitre run`).
    #[arg(skip)]
    settings: Option<SmtpSettings>,
}

/// Act on the new messages of an IMAP folder as `mail` does
///
/// The mailbox comes from --imap-config FILE (YAML keys url, username, password, ca_file)
/// or the environment: ARBITRE_IMAP_URL, ARBITRE_IMAP_USER, ARBITRE_IMAP_PASSWORD,
/// ARBITRE_IMAP_CA_FILE; never a password on the command line. URLs are
/// imaps://host:993/INBOX or imap://host:143/INBOX?tls=starttls (add &processed=FOLDER to
/// name where messages go; Processed by default).
/// Each message is moved to the processed folder only once its effect is committed; the
/// last UID taken in is kept in ROOT/.imap-state.yaml, so a rerun acts on each message once.
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "\
Examples:
  arbitre imap /srv/games --imap-config imap.yaml
  arbitre imap /srv/games --watch                 (IDLE, reconnecting after network errors)"
)]
struct ImapArgs {
    /// A game folder, or a folder of game folders
    #[arg(value_name = "ROOT")]
    root: PathBuf,
    /// Keep watching the folder (IDLE where offered, else every minute)
    #[arg(long)]
    watch: bool,
    /// A YAML file with the mailbox's url, username, password and ca_file
    #[arg(long = "imap-config", value_name = "FILE")]
    imap_config: Option<PathBuf>,
    /// A private certificate authority to trust besides the system's roots (PEM);
    /// certificates are always verified
    #[arg(long = "ca-file", value_name = "PEM")]
    ca_file: Option<PathBuf>,
    #[command(flatten)]
    clock: Clock,
}

/// One cycle, or forever: IMAP intake, process, send
///
/// The IMAP intake runs when a mailbox is set (--imap-config or ARBITRE_IMAP_URL), the
/// sending when a server is (--smtp-config or ARBITRE_SMTP_URL), as for `imap` and `send`.
/// With --watch it never ends: it wakes when mail arrives (IDLE) or every minute.
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "\
Examples:
  */5 * * * * arbitre run /srv/games            (one cron line, settings in the environment)
  arbitre run /srv/games --watch                (one long-running process)"
)]
struct RunArgs {
    /// A game folder, or a folder of game folders
    #[arg(value_name = "ROOT")]
    root: PathBuf,
    /// Never end: wait for mail (IDLE) or a minute between cycles
    #[arg(long)]
    watch: bool,
    /// A YAML file with the mailbox's url, username, password and ca_file
    #[arg(long = "imap-config", value_name = "FILE")]
    imap_config: Option<PathBuf>,
    /// A YAML file with the SMTP server's url, username, password, timeout_secs and ca_file
    #[arg(long = "smtp-config", value_name = "FILE")]
    smtp_config: Option<PathBuf>,
    #[command(flatten)]
    clock: Clock,
}

/// Print the referee's view of a game
///
/// The phase, the deadline (the game's zone and UTC), who has orders on file (never what),
/// the pause, civil disorder, the mail waiting or failed, and the journal's last entries.
/// With --yaml: the phase, units, centres, deadline, how many orders each role has on
/// file and which casts are on file (never what: `arbitre preview` shows that), the
/// protected powers, the seed and the same facts, as YAML; under delivery:, the messages
/// that failed or wait for another try.
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "Examples:\n  arbitre status games/vopaliec\n  arbitre status games/vopaliec --yaml"
)]
struct StatusArgs {
    /// The game folder
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// Print YAML, for scripts
    #[arg(long)]
    yaml: bool,
}

// The referee's desk (issue #13): every verb takes the game's lock, acts on the mail
// waiting, does one thing, tells the players who must know, and writes the journal.

/// What every desk verb takes: the game folder, why (for the journal), the clock.
#[derive(Args)]
struct DeskArgs {
    /// The game folder
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// Why, for the journal
    #[arg(long, value_name = "TEXT")]
    why: Option<String>,
    #[command(flatten)]
    clock: Clock,
}

/// Move the current deadline; every player is told
///
/// WHEN is +2d or +36h (from the current deadline; -12h brings it nearer), an RFC 3339
/// time, or a date and time in the game's time zone.
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "Examples:\n  arbitre deadline games/vopaliec +2d --why \"Bruno is travelling\"\n  arbitre deadline games/vopaliec \"2026-12-03 20:00\""
)]
struct DeadlineArgs {
    #[command(flatten)]
    desk: DeskArgs,
    /// The new deadline
    #[arg(value_name = "WHEN", allow_hyphen_values = true)]
    when: String,
}

/// Pause a game: orders and press are still taken, nothing is judged or reminded
///
/// Every player is told, with the reason.
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "Example:\n  arbitre pause games/vopaliec --why \"the holidays, back on 3 January\""
)]
struct PauseArgs {
    #[command(flatten)]
    desk: DeskArgs,
}

/// Resume a paused game; every player is told the deadline
///
/// Without --deadline the players get back the time they had left when it was paused.
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "Example:\n  arbitre resume games/vopaliec --deadline +3d"
)]
struct ResumeArgs {
    #[command(flatten)]
    desk: DeskArgs,
    /// The new deadline: +3d (from now), an RFC 3339 time, or a date and time in the game's zone
    #[arg(long, value_name = "WHEN", allow_hyphen_values = true)]
    deadline: Option<String>,
}

/// Judge the phase as if its deadline had passed; the letters go to DIR/preview only
///
/// Nothing in the game changes: state.yaml and the outbox stay as they are.
#[derive(Args)]
#[command(verbatim_doc_comment, after_help = "Example:\n  arbitre preview games/vopaliec")]
struct PreviewArgs {
    #[command(flatten)]
    desk: DeskArgs,
}

/// Go back to the start of the last phase judged, from the kept history
///
/// Units, orders as submitted, divine casts and draws are as they were; the phase gets a
/// fresh deadline and every player is told. --redo undoes the rollback until new orders
/// arrive.
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "Examples:\n  arbitre rollback games/vopaliec --why \"MAO was misspelt in the map\"\n  arbitre rollback games/vopaliec --redo"
)]
struct RollbackArgs {
    #[command(flatten)]
    desk: DeskArgs,
    /// Undo the last rollback instead
    #[arg(long)]
    redo: bool,
}

/// Give a role to a new player, with a fresh password
///
/// The newcomer is welcomed with the password and the position, the leaving player is
/// told, and every other player hears that a player was replaced (never which role).
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "Example:\n  arbitre replace games/vopaliec France --name \"Nina Dupont\" --address nina@example.org"
)]
struct ReplaceArgs {
    #[command(flatten)]
    desk: DeskArgs,
    /// The role: a power, God or the Devil
    #[arg(value_name = "ROLE")]
    role: String,
    /// The newcomer's name
    #[arg(long, value_name = "NAME")]
    name: String,
    /// The newcomer's address
    #[arg(long, value_name = "ADDRESS")]
    address: String,
}

/// Put a power in civil disorder: its units hold, it builds nothing
///
/// Removals it owes are made by the rules (DATC 4.D.8). Every player is told.
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "Example:\n  arbitre disorder games/vopaliec Italy"
)]
struct DisorderArgs {
    #[command(flatten)]
    desk: DeskArgs,
    /// The power
    #[arg(value_name = "POWER")]
    power: String,
}

/// Change a player's address, or mail them a new password
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "Examples:\n  arbitre player games/vopaliec France --address alice@new.example\n  arbitre player games/vopaliec France --new-password"
)]
#[command(group = clap::ArgGroup::new("change").required(true).args(["address", "new_password"]))]
struct PlayerArgs {
    #[command(flatten)]
    desk: DeskArgs,
    /// The role
    #[arg(value_name = "ROLE")]
    role: String,
    /// The player's new address (both the old and the new one are told)
    #[arg(long, value_name = "ADDRESS")]
    address: Option<String>,
    /// Make a new password and mail it to the player
    #[arg(long = "new-password")]
    new_password: bool,
}

/// Hash a password read on standard input, for a players file
///
/// The first line of standard input is the password. The hash printed goes in the
/// players file as `password_hash: "$argon2id$…"`, in place of `password:`.
#[derive(Args)]
#[command(verbatim_doc_comment, after_help = "Example:\n  arbitre password < secret.txt")]
struct PasswordArgs {}

/// Resolve one phase of a position file; print the results as YAML
///
/// The position file holds the board at the start of a phase and the orders given
/// (docs/position-file.md); the results say why every order succeeded or failed.
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "\
Examples:
  arbitre adjudicate turns/spring-1901.yaml
  arbitre adjudicate - < position.yaml"
)]
struct AdjudicateArgs {
    /// The position file; `-` reads it from standard input
    #[arg(value_name = "POSITION.yaml")]
    position: String,
}

/// Draw a position file's phase: the board, and its orders with their results
///
/// With orders, the phase is adjudicated and drawn as it ended (arrows, failed orders
/// dashed, dislodged units with their retreats, builds and removals); without, the board
/// alone. A DIAM or Diabolik Fleet position is drawn after its moves, the last one
/// shown. The picture is SVG, or PNG when OUT ends in `.png` (docs/pictures.md).
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "\
Examples:
  arbitre picture turns/spring-1901.yaml -o spring-1901.png
  arbitre picture position.yaml > board.svg"
)]
struct PictureArgs {
    /// The position file; `-` reads it from standard input
    #[arg(value_name = "POSITION.yaml")]
    position: String,
    /// Where to write the picture (`.svg` or `.png`); standard output (SVG) when not given
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
}

/// Write the whole game so far as one printable HTML document
///
/// A page per phase processed, as a zine would publish it: the map, every order with its
/// result, what was cast (Diable et Bon Dieu), the dislodged units, the supply centres,
/// and the public press of the phase. Made from the public records in DIR/pages/; nothing
/// in it is secret. Print it to PDF from a browser (each phase starts a new page).
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "\
Examples:
  arbitre zine games/vopaliec -o vopaliec.html
  arbitre zine games/vopaliec > vopaliec.html"
)]
struct ZineArgs {
    /// The game folder
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// Where to write the document; standard output when not given
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
}

// `--now TIME`, for the commands whose clock a test or a replay can set (a plain comment:
// a doc comment here would become the about of the commands it is flattened into).
#[derive(Args)]
struct Clock {
    /// Use TIME as the clock (RFC 3339, e.g. 2026-12-04T20:00:00+01:00)
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    now: Option<Now>,
}

impl Clock {
    fn now(&self) -> Now {
        self.now.unwrap_or_else(|| chrono::Utc::now().fixed_offset())
    }
}

fn parse_time(t: &str) -> Result<Now, String> {
    chrono::DateTime::parse_from_rfc3339(t).map_err(|_| "write a time like 2026-12-04T20:00:00+01:00".to_string())
}

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
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout, every other case to stderr.
            let _ = e.print();
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => ExitCode::SUCCESS,
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => ExitCode::from(2),
                _ => ExitCode::FAILURE,
            };
        }
    };
    let result = match cli.command {
        Command::New(a) => new(a).map_err(Failure::from),
        Command::Mail(a) => mail(a),
        Command::Imap(a) => imap(a).map_err(Failure::from),
        Command::Run(a) => run(a).map_err(Failure::from),
        Command::Orders(a) => orders(a).map_err(Failure::from),
        Command::Process(a) => process(a).map_err(Failure::from),
        Command::Send(a) => send(a).map_err(Failure::from),
        Command::Status(a) => status(a).map_err(Failure::from),
        Command::Password(PasswordArgs {}) => password().map_err(Failure::from),
        Command::Adjudicate(a) => adjudicate(a).map_err(Failure::from),
        Command::Deadline(a) => at_desk(&a.desk, "deadline", |g, act| desk::deadline(g, act, &a.when)),
        Command::Pause(a) => at_desk(&a.desk, "pause", desk::pause),
        Command::Resume(a) => at_desk(&a.desk, "resume", |g, act| desk::resume(g, act, a.deadline.as_deref())),
        Command::Preview(a) => preview(a).map_err(Failure::from),
        Command::Rollback(a) if a.redo => at_desk(&a.desk, "rollback --redo", desk::history::redo),
        Command::Rollback(a) => at_desk(&a.desk, "rollback", desk::history::rollback),
        Command::Replace(a) => at_desk(&a.desk, "replace", |g, act| {
            desk::replace(g, act, desk::role_named(g, &a.role)?, &a.name, &a.address)
        }),
        Command::Disorder(a) => at_desk(&a.desk, "disorder", |g, act| {
            desk::disorder(g, act, desk::role_named(g, &a.power)?)
        }),
        Command::Player(a) => {
            let change = match &a.address {
                Some(address) => desk::Account::Address(address.clone()),
                None => desk::Account::NewPassword,
            };
            at_desk(&a.desk, "player", |g, act| {
                desk::player(g, act, desk::role_named(g, &a.role)?, change)
            })
        }
        Command::Picture(a) => picture(a).map_err(Failure::from),
        Command::Zine(a) => zine(a).map_err(Failure::from),
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

fn adjudicate(args: AdjudicateArgs) -> Result<(), String> {
    let file = args.position.as_str();
    let text = if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("standard input: {e}"))?;
        s
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?
    };
    let origin = if file == "-" { "<stdin>" } else { file };
    // DIAM and Diabolik Fleet positions are judged beside those games.
    if let Some(judged) = arbitre::kinds::adjudicate_board(&text, origin) {
        print!("{}", judged.map_err(|e| e.to_string())?);
        return Ok(());
    }
    let map = Map::standard();
    let position = Position::parse(map, &arbitre::kinds::VARIANTS, &text, origin).map_err(|e| e.to_string())?;
    let (mut outcome, divine) = arbitre::kinds::diplomacy::adjudicate(map, &position);
    // A retreat phase with nowhere to go is skipped, its units listed as disbanded.
    let disbanded = arbitre::kinds::diplomacy::skip_empty_retreat(map, &position.variant, &mut outcome)
        .map(|s| s.disbanded)
        .unwrap_or_default();
    print!("{}", write_outcome(map, &outcome, divine.as_ref(), &disbanded));
    Ok(())
}

fn picture(args: PictureArgs) -> Result<(), String> {
    use arbitre::picture::{self, Geometry, PictureView};
    let file = args.position.as_str();
    let text = if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("standard input: {e}"))?;
        s
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?
    };
    let origin = if file == "-" { "<stdin>" } else { file };
    // A DIAM or Diabolik Fleet position: its moves played, the board drawn as they left it.
    let svg = if let Some(game) = arbitre::kinds::play_out_board(&text, origin) {
        let game = game.map_err(|e| e.to_string())?;
        game.picture()
            .ok_or_else(|| format!("{origin}: arbitre draws no picture of this game"))?
    } else {
        let map = Map::standard();
        let geometry = Geometry::of(map).ok_or_else(|| format!("the map `{}` has no geometry to draw it", map.name))?;
        let position = Position::parse(map, &arbitre::kinds::VARIANTS, &text, origin).map_err(|e| e.to_string())?;
        let view = if position.orders.is_empty() {
            PictureView::board(map, position.phase, &position.board)
        } else {
            let (outcome, divine) = arbitre::kinds::diplomacy::adjudicate(map, &position);
            arbitre::kinds::diplomacy::picture(map, &position, &outcome, divine.as_ref())
        };
        picture::draw(map, geometry, &view)
    };
    match &args.output {
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

fn zine(args: ZineArgs) -> Result<(), String> {
    let g = Game::open(&args.dir, &REGISTRY)?;
    let html = g.kind().zine(&g)?;
    match &args.output {
        None => print!("{html}"),
        Some(out) => std::fs::write(out, html).map_err(|e| format!("{}: {e}", out.display()))?,
    }
    Ok(())
}

fn new(args: NewArgs) -> Result<(), String> {
    let (dir, players) = (&args.dir, args.players.as_str());
    let text = std::fs::read_to_string(players).map_err(|e| format!("{players}: {e}"))?;
    let checked = PlayersFile::parse(&text, players)
        .and_then(|f| f.validate(&REGISTRY, &text, players))
        .map_err(|e| e.to_string())?;
    let now = args.clock.now();
    if let Some(start) = checked.start.filter(|start| *start <= now) {
        let line = arbitre::yaml::line_of(&text, "start", "").unwrap_or(1);
        eprintln!(
            "{players}:{line}: note: start: {start} is already past; \
             the first `arbitre process` will judge the first phase at once"
        );
    }
    let game = Game::create(dir, checked, now)?;
    println!(
        "{}: game {} created; {} welcome messages in {}/outbox",
        dir.display(),
        game.config.game,
        game.config.players.len(),
        dir.display()
    );
    Ok(())
}

fn mail(args: MailArgs) -> Result<(), Failure> {
    let (root, files) = (&args.root, &args.files);
    let now = args.clock.now();
    if !root.is_dir() {
        return Err(Failure::NotKept(format!(
            "{}: no such folder; the message was not kept",
            root.display()
        )));
    }
    if let Some(maildir) = &args.maildir {
        // clap refuses files given with --maildir.
        return read_maildir(root, maildir, now);
    }
    if files.is_empty() {
        let mut raw = Vec::new();
        std::io::stdin()
            .read_to_end(&mut raw)
            .map_err(|e| Failure::NotKept(format!("standard input: {e}")))?;
        if raw.is_empty() {
            return Err(Failure::Usage("no message on standard input".into()));
        }
        return deliver(root, &raw, now, now);
    }
    // Every file is tried; each failure is told as it happens, and one that was not kept
    // decides the exit code, so that it is retried.
    let (mut unread, mut not_kept) = (0, 0);
    for f in files {
        let failure = match std::fs::read(f) {
            Ok(raw) => deliver(root, &raw, now, now).err(),
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
    match game::intake::deliver(root, raw, arrived, now, &REGISTRY).map_err(|e| Failure::NotKept(e.to_string()))? {
        Delivered::Unmatched(path) => {
            eprintln!("arbitre: the message names no game here; kept as {}", path.display());
        }
        Delivered::TooLarge(path) => {
            eprintln!(
                "arbitre: the message is over the size limit; kept as {}",
                path.display()
            );
        }
        Delivered::Unauthenticated(path, forged) => {
            eprintln!(
                "arbitre: the message's sender is not authenticated (the {} failed); kept as {}",
                forged.checks(),
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

/// Every message in `MAILDIR/new`: kept and acted on, then moved to `cur` as seen.
fn read_maildir(root: &Path, maildir: &Path, now: Now) -> Result<(), Failure> {
    arbitre::mail::maildir::take_new(maildir, now, |raw, arrived| deliver(root, raw, arrived, now)).map_err(|e| match e
    {
        arbitre::mail::maildir::MaildirError::Taken(failure) => failure,
        e => Failure::Usage(e.to_string()),
    })
}

fn orders(args: OrdersArgs) -> Result<(), String> {
    let (dir, file) = (args.dir.as_path(), args.turn.as_str());
    let now = args.clock.now();
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    if !game::is_game(dir) {
        // Before the lock, which would write its file in any folder.
        return Err(format!("{}: not a game folder (no game.yaml)", dir.display()));
    }
    let _lock = game::lock(dir)?;
    let mut g = Game::open(dir, &REGISTRY)?;
    let Play::Phases(phases) = g.kind().play() else {
        return Err(format!(
            "{}: turn files are for Diplomacy games; a board game's moves come by mail",
            dir.display()
        ));
    };
    g.ingest(now)?;
    if g.state.finished.is_some() {
        return Err(format!("{}: the game is over", dir.display()));
    }
    match phases.record_turn(&mut g, &text, file) {
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

fn process(args: ProcessArgs) -> Result<(), String> {
    let root = &args.root;
    let now = args.clock.now();
    if args.force {
        if !game::is_game(root) {
            return Err(format!(
                "{}: --force adjudicates one game: name its folder (a game folder has game.yaml)",
                root.display()
            ));
        }
        let act = Act {
            who: Who::Cli,
            why: args.why.clone().unwrap_or_default(),
            now,
        };
        let said = desk::at_desk(root, &REGISTRY, now, |g| desk::force(g, &act)).map_err(|e| e.to_string())?;
        for line in said {
            println!("{}: {line}", root.display());
        }
        return Ok(());
    }
    let games = game::games_under(root)?;
    if games.is_empty() {
        return Err(format!(
            "{}: no game folder here (a game folder has game.yaml)",
            root.display()
        ));
    }
    let mut failed = Vec::new();
    for dir in games {
        let run = || -> Result<String, String> {
            let _lock = game::lock(&dir)?;
            let mut g = Game::open(&dir, &REGISTRY)?;
            let handled = g.ingest(now)?;
            let mut what = if handled > 0 {
                format!("{handled} message(s) acted on; ")
            } else {
                String::new()
            };
            if let Play::Phases(phases) = g.kind().play() {
                match phases.process(&mut g, now, Run::Due)? {
                    Some(fx) => {
                        let n = fx.letters.len();
                        g.commit(fx, now)?;
                        what.push_str(&format!("{n} message(s) written; now {}", g.state.phase));
                    }
                    None if g.state.finished.is_some() => what.push_str("the game is over"),
                    None if g.state.desk.paused.is_some() => {
                        let p = g.state.desk.paused.as_ref().expect("paused");
                        what.push_str(&format!("paused since {}: {}; not adjudicated", p.since, p.why))
                    }
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

fn send(args: SendArgs) -> Result<(), String> {
    // clap refuses --smtp given with --smtp-config.
    let mut settings = match (&args.settings, &args.smtp_config) {
        (Some(settings), _) => settings.clone(),
        (None, Some(file)) => SmtpSettings::from_file(file).map_err(|e| e.to_string())?,
        (None, None) => SmtpSettings::from_env(args.smtp.as_deref()).map_err(|e| e.to_string())?,
    };
    if let Some(pem) = args.ca_file {
        settings.ca_file = Some(pem);
        settings.endpoint().map_err(|e| e.to_string())?;
    }
    let now = args.clock.now().with_timezone(&chrono::Utc);
    let root = args.root.as_path();
    let mut dirs = game::games_under(root)?;
    if !game::is_game(root) && root.join("outbox").is_dir() {
        dirs.push(root.to_path_buf()); // rejections of messages that named no game
    }
    let mut unsent = 0;
    for dir in dirs {
        let report = game::mailroom::send_outbox_at(&dir, &settings, now).map_err(|e| e.to_string())?;
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

fn imap(args: ImapArgs) -> Result<(), String> {
    let root = args.root.as_path();
    if !root.is_dir() {
        return Err(format!("{}: no such folder", root.display()));
    }
    let mailbox = imap_mail::settings(args.imap_config.as_deref(), args.ca_file.as_deref())
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("no IMAP mailbox: give --imap-config FILE or set {}", imap_mail::URL_VAR))?;
    let now = || args.clock.now();
    if args.watch {
        game::mailroom::watch(root, &REGISTRY, &mailbox, &now, imap_mail::WATCH_WAIT, &mut |result| {
            if let Err(e) = show_intake(result) {
                eprintln!("arbitre: {e}");
            }
            true
        });
        return Ok(());
    }
    show_intake(game::mailroom::fetch_once(root, &REGISTRY, &mailbox, now))
}

/// Tells what one pass over the IMAP folder did.
fn show_intake(result: Result<imap_mail::IntakeReport, imap_mail::ImapError>) -> Result<(), String> {
    let report = result.map_err(|e| e.to_string())?;
    if let Some((old, new)) = report.uidvalidity_changed {
        eprintln!(
            "arbitre: the folder's UIDVALIDITY is {new}, not {old} as recorded (or another mailbox): every \
             message in it is taken in; those acted on before are not acted on twice"
        );
    }
    for (uid, taken) in &report.taken {
        match taken {
            imap_mail::Taken::Game(p) => println!("UID {uid}: kept as {}", p.display()),
            imap_mail::Taken::Kept(p, e) => eprintln!(
                "arbitre: UID {uid}: kept as {}, but acting on it failed: {e} (the next `arbitre process` acts on it)",
                p.display()
            ),
            imap_mail::Taken::Unmatched(p) => println!("UID {uid}: names no game here; kept as {}", p.display()),
            imap_mail::Taken::TooLarge(p) => println!("UID {uid}: over the size limit; kept as {}", p.display()),
            imap_mail::Taken::Unauthenticated(p) => {
                println!("UID {uid}: sender not authenticated; kept as {}", p.display())
            }
        }
    }
    for uid in &report.moved_only {
        println!("UID {uid}: taken in by an earlier run; now moved");
    }
    Ok(())
}

fn run(args: RunArgs) -> Result<(), String> {
    let root = args.root.clone();
    if !root.is_dir() {
        return Err(format!("{}: no such folder", root.display()));
    }
    let mailbox = imap_mail::settings(args.imap_config.as_deref(), None).map_err(|e| e.to_string())?;
    let smtp = match &args.smtp_config {
        Some(file) => Some(SmtpSettings::from_file(file).map_err(|e| e.to_string())?),
        None if std::env::var(arbitre::mail::smtp::URL_VAR).is_ok_and(|v| !v.is_empty()) => {
            Some(SmtpSettings::from_env(None).map_err(|e| e.to_string())?)
        }
        None => None,
    };
    if smtp.is_none() {
        eprintln!(
            "arbitre: no SMTP server (--smtp-config or {}): the outboxes are not sent",
            arbitre::mail::smtp::URL_VAR
        );
    }
    let clock = args.clock.now;
    // Process, then send; every failure is told and the cycle goes on.
    let rest = |errors: &mut Vec<String>| {
        if let Err(e) = process(ProcessArgs {
            root: root.clone(),
            force: false,
            why: None,
            clock: Clock { now: clock },
        }) {
            errors.push(e);
        }
        if let Some(settings) = &smtp {
            if let Err(e) = send(SendArgs {
                root: root.clone(),
                smtp: None,
                smtp_config: None,
                ca_file: None,
                clock: Clock { now: clock },
                settings: Some(settings.clone()),
            }) {
                errors.push(e);
            }
        }
    };
    let now = || clock.unwrap_or_else(|| chrono::Utc::now().fixed_offset());
    if !args.watch {
        let mut errors = Vec::new();
        if let Some(mailbox) = &mailbox {
            if let Err(e) = show_intake(game::mailroom::fetch_once(&root, &REGISTRY, mailbox, now)) {
                errors.push(e);
            }
        }
        rest(&mut errors);
        return match errors.as_slice() {
            [] => Ok(()),
            _ => Err(errors.join("\narbitre: ")),
        };
    }
    let cycle = |intake: Option<Result<imap_mail::IntakeReport, imap_mail::ImapError>>| {
        let mut errors = Vec::new();
        if let Some(Err(e)) = intake.map(show_intake) {
            errors.push(e);
        }
        rest(&mut errors);
        for e in errors {
            eprintln!("arbitre: {e}");
        }
        true
    };
    match &mailbox {
        Some(mailbox) => game::mailroom::watch(&root, &REGISTRY, mailbox, &now, imap_mail::WATCH_WAIT, &mut |r| {
            cycle(Some(r))
        }),
        None => loop {
            cycle(None);
            std::thread::sleep(imap_mail::WATCH_WAIT);
        },
    }
    Ok(())
}

fn status(args: StatusArgs) -> Result<(), String> {
    let dir = args.dir.as_path();
    let g = Game::open(dir, &REGISTRY)?;
    if !args.yaml {
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

/// A desk verb at the command line: the game locked, the mail waiting acted on, the verb,
/// then what it did, a line each.
fn at_desk(
    args: &DeskArgs,
    verb: &str,
    run: impl FnOnce(&mut Game, &Act) -> Result<game::Effects, desk::DeskError>,
) -> Result<(), Failure> {
    let now = args.clock.now();
    let act = Act {
        who: Who::Cli,
        why: args.why.clone().unwrap_or_default(),
        now,
    };
    let dir = args.dir.as_path();
    let said =
        desk::at_desk(dir, &REGISTRY, now, |g| run(g, &act)).map_err(|e| Failure::Usage(format!("{verb}: {e}")))?;
    for line in said {
        println!("{}: {line}", dir.display());
    }
    Ok(())
}

/// `arbitre preview DIR`: judged in memory, written to DIR/preview, nothing else changed.
fn preview(args: PreviewArgs) -> Result<(), String> {
    let a = &args.desk;
    let dir = a.dir.as_path();
    let now = a.clock.now();
    if !game::is_game(dir) {
        return Err(format!("{}: not a game folder (no game.yaml)", dir.display()));
    }
    let _lock = game::lock(dir)?;
    let mut g = Game::open(dir, &REGISTRY)?;
    let act = Act {
        who: Who::Cli,
        why: a.why.clone().unwrap_or_default(),
        now,
    };
    let p = desk::preview(&mut g, &act).map_err(|e| format!("preview: {e}"))?;
    desk::journal::append(dir, std::slice::from_ref(&p.entry))?;
    println!("{}: {}", dir.display(), p.entry.detail);
    for f in &p.files {
        println!("  {}", f.display());
    }
    Ok(())
}

/// `arbitre password`: the Argon2id hash of the password read on standard input (its first
/// line, without the line end), for a players file that should not hold the password.
fn password() -> Result<(), String> {
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
