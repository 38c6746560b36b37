//! Where a mail setting was given, so that a setting's error can point at it: a key of a
//! settings file (with its line), an environment variable, a command-line option, or a
//! value the program set itself.

use std::fmt;
use std::path::PathBuf;

/// Where a setting was given. Shown in front of the setting's error, ending in `: ` (or as
/// nothing for a value the program set, whose message names the setting itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// The key `key` of the settings file `path`, on `line` (from 1) when it is known.
    File {
        path: PathBuf,
        line: Option<usize>,
        key: &'static str,
    },
    /// An environment variable.
    Env(&'static str),
    /// A command-line option (`--smtp`).
    Option(&'static str),
    /// A value set by the program (a library caller, a test): nothing to point at.
    Program,
}

impl Place {
    /// The key `key` of the settings file `path` whose text is `text`: the line is the one
    /// that opens `key:`, when there is one.
    pub fn in_file(path: &std::path::Path, text: &str, key: &'static str) -> Place {
        Place::File {
            path: path.to_path_buf(),
            line: crate::yaml::line_of(text, key, ""),
            key,
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::File { path, line, key } => {
                write!(f, "{}", path.display())?;
                if let Some(line) = line {
                    write!(f, ":{line}")?;
                }
                write!(f, ": {key}: ")
            }
            Place::Env(name) | Place::Option(name) => write!(f, "{name}: "),
            Place::Program => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_names_file_line_and_key_or_the_variable() {
        let text = "# the server\nurl: smtp://x\ntimeout_secs: 0\n";
        let place = Place::in_file(std::path::Path::new("smtp.yaml"), text, "timeout_secs");
        assert_eq!(place.to_string(), "smtp.yaml:3: timeout_secs: ");
        let absent = Place::in_file(std::path::Path::new("smtp.yaml"), text, "ca_file");
        assert_eq!(absent.to_string(), "smtp.yaml: ca_file: ");
        assert_eq!(Place::Env("ARBITRE_SMTP_URL").to_string(), "ARBITRE_SMTP_URL: ");
        assert_eq!(Place::Option("--smtp").to_string(), "--smtp: ");
        assert_eq!(Place::Program.to_string(), "");
    }
}
