//! The `arbitre` command line. Thin: it reads arguments, calls the library, and maps
//! errors to messages and exit codes.

use arbitre::map::Map;
use arbitre::position::{write_outcome, Position};
use std::io::Read;
use std::process::ExitCode;

const USAGE: &str = "\
arbitre: a play-by-email Diplomacy referee

usage:
  arbitre adjudicate POSITION.yaml   resolve one phase and print the result as YAML
                                     (`-` reads the position from standard input)
  arbitre help                       this text
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("adjudicate") => adjudicate(&args[1..]),
        Some("help") | Some("--help") | Some("-h") => {
            print!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command `{other}`\n\n{USAGE}")),
        None => {
            eprint!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbitre: {}", e.trim_end());
            ExitCode::FAILURE
        }
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
    let map = Map::standard();
    let position = Position::parse(map, &text, origin).map_err(|e| e.to_string())?;
    let (outcome, divine) = arbitre::variant::adjudicate(map, &position);
    print!("{}", write_outcome(map, &outcome, divine.as_ref()));
    Ok(())
}
