//! The `arbitre` command line. Thin: it reads arguments, calls the library's top layer
//! (`arbitre::cli`, a function per command), and maps errors to messages and exit codes.
//!
//! The arguments are declared with clap's derive: the doc comment of each command and
//! argument below is its help text (`arbitre --help`, `arbitre COMMAND --help`).

use arbitre::cli::desk::{Account, Verb};
use arbitre::cli::{self, Failure};
use arbitre::clock::Now;
use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
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
ROOT is a game folder or a folder of game folders. \"--now TIME\" (RFC 3339) replaces the
clock for every command that takes it (those that act on a game or its mail: new, mail,
imap, orders, process, send, run and the desk's deadline, pause, resume, preview,
rollback, replace, disorder and player).
\"arbitre COMMAND --help\" explains the arguments of a command, with an example."
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
    Publish(PublishArgs),
}

/// Create a game folder; the welcomes go to DIR/outbox
///
/// Every value of the players file is checked (a mistake is named with its line), the
/// passwords are kept only as Argon2id hashes, and a welcome for every player is written
/// to DIR/outbox for `arbitre send`.
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "\
The players file (YAML), its main keys:
  game:       the game's name, typed in every SIGNON line
  variant:    standard, diable-et-bon-dieu, diam, diabolik-fleet, belligerants or jomini
  referee:    {name: …, email: …, password: …} (the password, for the desk by mail, optional)
  timezone:   where the deadlines are, like Europe/Paris (UTC when left out)
  language:   en or fr, of every player who sets none (en when left out)
  deadlines:  {movement: 72h, retreat: 24h, adjustment: 24h}, or days and a time
  start:      the first deadline, like 2026-12-01T20:00:00+01:00 (Diplomacy)
  players:    one entry per role: {name: …, email: …, role: France, password: …}
              (password: optional, arbitre makes one; language: and timezone: optional)
Every key, with the optional ones: README.md, \"1. Create the game\";
an example: turns/vopaliec/players.yaml.

Example:
  arbitre new games/vopaliec --players players.yaml"
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
#[derive(Args, Debug)]
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

/// Write the public archive of every game under ROOT to DIR, for a web server
///
/// DIR/index.html lists the games; DIR/GAME/ holds each game's phase pages (with the
/// phase's public press), their maps (SVG and PNG), its index and its zine. Nothing private: no state, no
/// mail, no outbox, no password hash, no divine report. Files are 0644 and folders 0755,
/// whatever the umask. Run it again to update DIR in place: changed files are replaced
/// atomically, and files it wrote that the archive no longer has are removed (it keeps
/// their list in DIR/.arbitre-published; it never removes a file it did not write).
#[derive(Args)]
#[command(
    verbatim_doc_comment,
    after_help = "\
Examples:
  arbitre publish /srv/games /var/www/diplomacy
  */10 * * * * arbitre publish /srv/games /var/www/diplomacy >/dev/null   (a cron line)"
)]
struct PublishArgs {
    /// A game folder, or a folder of game folders
    #[arg(value_name = "ROOT")]
    root: PathBuf,
    /// The folder a web server serves (made if missing; outside ROOT)
    #[arg(value_name = "DIR")]
    dir: PathBuf,
}

// `--now TIME`, for the commands whose clock a test or a replay can set (a plain comment:
// a doc comment here would become the about of the commands it is flattened into).
#[derive(Args, Debug)]
struct Clock {
    /// Use TIME as the clock (RFC 3339, e.g. 2026-12-04T20:00:00+01:00)
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    now: Option<Now>,
}

impl Clock {
    fn now(&self) -> Now {
        cli::now(self.now)
    }
}

fn parse_time(t: &str) -> Result<Now, String> {
    chrono::DateTime::parse_from_rfc3339(t).map_err(|_| "write a time like 2026-12-04T20:00:00+01:00".to_string())
}

/// Exit code when a message could not be kept: the mail system should retry (EX_TEMPFAIL).
const TEMPFAIL: u8 = 75;

/// The command line of this process. `arbitre mail`, run once per incoming message, is
/// first read by a command line that knows only `mail`: building all twenty-one commands
/// with their help was a tenth of what an accepted message costs. Only what that reading
/// accepts is taken from it (the same `MailArgs`, the same settings); anything else (an
/// error, `--help`, another command) is read again by the whole command line, so every
/// answer but a successful `mail` comes from there, as before.
fn parse(args: Vec<std::ffi::OsString>) -> Result<Cli, clap::Error> {
    match mail_only(&args) {
        Some(a) => Ok(Cli {
            command: Command::Mail(a),
        }),
        None => Cli::try_parse_from(args),
    }
}

/// `args` read by a command line that knows only `mail`, when they are a `mail` it accepts.
fn mail_only(args: &[std::ffi::OsString]) -> Option<MailArgs> {
    if args.get(1)? != "mail" {
        return None;
    }
    let only_mail = clap::Command::new("arbitre")
        .args_override_self(true)
        .subcommand(MailArgs::augment_args(clap::Command::new("mail")));
    let matches = only_mail.try_get_matches_from(args).ok()?;
    match matches.subcommand() {
        Some(("mail", sub)) => <MailArgs as clap::FromArgMatches>::from_arg_matches(sub).ok(),
        _ => None,
    }
}

fn main() -> ExitCode {
    let cli = match parse(std::env::args_os().collect()) {
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
        Command::New(a) => cli::new::new(&a.dir, &a.players, a.clock.now()).map_err(Failure::from),
        Command::Mail(a) => {
            let done = cli::mail::mail(&a.root, &a.files, a.maildir.as_deref(), a.clock.now());
            if std::env::var_os(arbitre::game::password::REPORT_CHECKS_VAR).is_some() {
                if let Some(cpu) = arbitre::game::password::checks_cpu() {
                    eprintln!("arbitre: password checks: {} ns of CPU", cpu.as_nanos());
                }
            }
            done
        }
        Command::Imap(a) => cli::imap::imap(
            &a.root,
            a.imap_config.as_deref(),
            a.ca_file.as_deref(),
            a.watch,
            a.clock.now,
        )
        .map_err(Failure::from),
        Command::Run(a) => cli::serve::run(
            &a.root,
            a.watch,
            a.imap_config.as_deref(),
            a.smtp_config.as_deref(),
            a.clock.now,
        )
        .map_err(Failure::from),
        Command::Orders(a) => cli::process::orders(&a.dir, &a.turn, a.clock.now()).map_err(Failure::from),
        Command::Process(a) if a.force => cli::desk::at_desk(&a.root, a.why.as_deref(), a.clock.now(), Verb::Force),
        Command::Process(a) => cli::process::process(&a.root, a.clock.now()).map_err(Failure::from),
        Command::Send(a) => cli::send::settings(a.smtp.as_deref(), a.smtp_config.as_deref(), a.ca_file.as_deref())
            .and_then(|settings| cli::send::send(&a.root, &settings, a.clock.now()))
            .map_err(Failure::from),
        Command::Status(a) => cli::show::status(&a.dir, a.yaml).map_err(Failure::from),
        Command::Password(PasswordArgs {}) => cli::new::password().map_err(Failure::from),
        Command::Adjudicate(a) => cli::position::adjudicate(&a.position).map_err(Failure::from),
        Command::Deadline(a) => at_desk(a.desk, Verb::Deadline(a.when)),
        Command::Pause(a) => {
            // The reason is told to the players, and journaled as the act's.
            let why = a.desk.why.clone().unwrap_or_default();
            at_desk(a.desk, Verb::Pause(why))
        }
        Command::Resume(a) => at_desk(a.desk, Verb::Resume(a.deadline)),
        Command::Preview(PreviewArgs { desk: a }) => at_desk(a, Verb::Preview),
        Command::Rollback(a) if a.redo => at_desk(a.desk, Verb::Redo),
        Command::Rollback(a) => at_desk(a.desk, Verb::Rollback),
        Command::Replace(a) => at_desk(
            a.desk,
            Verb::Replace {
                role: a.role,
                name: a.name,
                address: a.address,
            },
        ),
        Command::Disorder(a) => at_desk(a.desk, Verb::Disorder(a.power)),
        Command::Player(a) => {
            let change = match a.address {
                Some(address) => Account::Address(address),
                None => Account::NewPassword,
            };
            at_desk(a.desk, Verb::Player { role: a.role, change })
        }
        Command::Picture(a) => cli::position::picture(&a.position, a.output.as_deref()).map_err(Failure::from),
        Command::Zine(a) => cli::show::zine(&a.dir, a.output.as_deref()).map_err(Failure::from),
        Command::Publish(a) => cli::publish::publish(&a.root, &a.dir).map_err(Failure::from),
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

/// A desk verb, for the game, reason and clock of its arguments.
fn at_desk(args: DeskArgs, verb: Verb) -> Result<(), Failure> {
    cli::desk::at_desk(&args.dir, args.why.as_deref(), args.clock.now(), verb)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the whole command line makes of `args`, and what `parse` makes of them; and
    /// whether the short reading took them.
    fn both(args: &[&str]) -> (String, String, bool) {
        let args: Vec<std::ffi::OsString> = args.iter().map(|a| a.into()).collect();
        let show = |r: Result<Cli, clap::Error>| match r {
            Ok(Cli {
                command: Command::Mail(a),
            }) => format!("mail {a:?}"),
            Ok(_) => "another command".to_string(),
            Err(e) => format!("{:?}: {}", e.kind(), e.render()),
        };
        let short = mail_only(&args).is_some();
        (show(Cli::try_parse_from(&args)), show(parse(args)), short)
    }

    #[test]
    fn the_short_reading_of_mail_gives_what_the_whole_command_line_gives() {
        let taken = [
            &["arbitre", "mail", "/srv/games"][..],
            &["arbitre", "mail", "/srv/games", "--now", "2026-11-30T18:00:00Z"],
            &[
                "arbitre",
                "mail",
                "--now",
                "2026-11-30T18:00:00Z",
                "g",
                "a.eml",
                "b.eml",
            ],
            &[
                "arbitre",
                "mail",
                "g",
                "--now",
                "2026-11-30T18:00:00Z",
                "--now",
                "2026-12-01T18:00:00+01:00",
            ],
            &["arbitre", "mail", "g", "--maildir", "m", "--maildir", "n"],
            &["arbitre", "mail", "g", "--", "--now"],
        ];
        let left = [
            &["arbitre", "mail", "g", "a.eml", "--maildir", "m"][..],
            &["arbitre", "mail", "g", "--now", "yesterday"],
            &["arbitre", "mail"],
            &["arbitre", "mail", "--help"],
            &["arbitre", "mail", "-h"],
            &["arbitre", "mail", "g", "--version"],
            &["arbitre", "mail", "g", "--nwo", "x"],
            &["arbitre", "status", "g"],
            &["arbitre"],
        ];
        for (args, short) in taken.iter().map(|a| (a, true)).chain(left.iter().map(|a| (a, false))) {
            let (whole, parsed, took) = both(args);
            assert_eq!(parsed, whole, "{args:?}");
            assert_eq!(took, short, "{args:?}");
        }
    }
}
