//! The clock a game reads: now, or the `--now` a command was given, as a time with its
//! offset. A leaf: it knows no game.

use chrono::{DateTime, FixedOffset};

/// The CPU time this process has used so far, all threads, user and system (Linux; `None`
/// elsewhere): what a password check costs (`game::password`) and what the benchmarks time.
pub fn process_cpu() -> Option<std::time::Duration> {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `t` is a valid timespec to write to; the clock id is a constant.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
        (rc == 0).then(|| std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    None
}

/// The game's clock: now, or `--now`.
pub type Now = DateTime<FixedOffset>;
