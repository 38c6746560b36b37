//! Any bytes as an incoming message: `read_message` must not panic, and the command
//! language must read whatever lines it finds; what the archive keeps of it (redacted)
//! reads again with the same command lines.
#![no_main]

use arbitre::game::commands::parse_commands;
use arbitre::mail::incoming::{read_message, redacted};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(mail) = read_message(data) {
        let (commands, errors) = parse_commands(&mail.lines);
        // Every command and error points at a line of the body.
        let last = mail.lines.last().map_or(0, |l| l.number);
        assert!(commands.iter().all(|c| c.line >= 1 && c.line <= last));
        assert!(errors.iter().all(|e| e.line >= 1 && e.line <= last));
        // What the archive keeps reads as a message with its command lines at the same
        // numbers.
        let kept = redacted(data, "X-Arbitre-Password: not-checked").expect("a readable message redacts");
        let again = read_message(&kept).expect("the redacted message reads");
        let numbers = |m: &arbitre::mail::incoming::Incoming| m.lines.iter().map(|l| l.number).collect::<Vec<_>>();
        assert_eq!(numbers(&again), numbers(&mail));
    }
});
