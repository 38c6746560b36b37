//! Any bytes as an incoming message: `read_message` must not panic, and the command
//! language must read whatever lines it finds.
#![no_main]

use arbitre::game::commands::parse_commands;
use arbitre::mail::incoming::read_message;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(mail) = read_message(data) {
        let (commands, errors) = parse_commands(&mail.lines);
        // Every command and error points at a line of the body.
        let last = mail.lines.last().map_or(0, |l| l.number);
        assert!(commands.iter().all(|c| c.line >= 1 && c.line <= last));
        assert!(errors.iter().all(|e| e.line >= 1 && e.line <= last));
    }
});
