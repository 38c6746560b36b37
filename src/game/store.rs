//! Files that must never be half-written: every write goes to a temporary file in the same
//! folder, is flushed to disk, and is then renamed over the target, so a reader (or the
//! next run after a crash) sees the old file or the new one, never a mix.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` atomically (write, fsync, rename, fsync the folder).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::other(format!("{}: not a file name", path.display())))?;
    // A leading dot keeps half-written files out of every listing the game makes.
    let tmp = dir.join(format!(".{}.tmp-{}", name.to_string_lossy(), std::process::id()));
    {
        let mut f = OpenOptions::new().write(true).create(true).truncate(true).open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    crash_point();
    fs::rename(&tmp, path)?;
    sync_dir(dir)?;
    crash_point();
    Ok(())
}

/// The environment variable of the crash tests: `ARBITRE_CRASH_AT=N` makes the process
/// abort, as if killed, at the N-th step of writing. Each atomic write has two steps: the
/// temporary file written (not yet in place), then the file in place.
pub const CRASH_VAR: &str = "ARBITRE_CRASH_AT";

fn crash_point() {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::OnceLock;
    static AT: OnceLock<Option<u64>> = OnceLock::new();
    static STEPS: AtomicU64 = AtomicU64::new(0);
    let at = AT.get_or_init(|| std::env::var(CRASH_VAR).ok().and_then(|v| v.parse().ok()));
    if let Some(at) = *at {
        if STEPS.fetch_add(1, Ordering::SeqCst) + 1 == at {
            std::process::abort();
        }
    }
}

/// Writes a new file that must not replace an existing one: the first free name among
/// `stem.ext`, `stem-2.ext`, `stem-3.ext`… Returns the path written.
pub fn write_new(dir: &Path, stem: &str, ext: &str, bytes: &[u8]) -> io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    for n in 1.. {
        let name = if n == 1 {
            format!("{stem}.{ext}")
        } else {
            format!("{stem}-{n}.{ext}")
        };
        let path = dir.join(name);
        if path.exists() {
            continue;
        }
        write_atomic(&path, bytes)?;
        return Ok(path);
    }
    unreachable!("some name is free")
}

fn sync_dir(dir: &Path) -> io::Result<()> {
    // Making the rename itself durable needs the folder flushed (on Unix).
    match File::open(dir) {
        Ok(d) => d.sync_all().or(Ok(())),
        Err(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("arbitre-store-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn writes_replace_whole_files_and_leave_no_temporary() {
        let d = temp("atomic");
        let p = d.join("state.yaml");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two");
        let names: Vec<String> = fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into())
            .collect();
        assert_eq!(names, ["state.yaml"]);
        fs::remove_dir_all(d).unwrap();
    }

    #[test]
    fn new_files_never_overwrite() {
        let d = temp("new");
        let a = write_new(&d, "msg", "eml", b"a").unwrap();
        let b = write_new(&d, "msg", "eml", b"b").unwrap();
        assert_ne!(a, b);
        assert_eq!(fs::read(&a).unwrap(), b"a");
        assert_eq!(b.file_name().unwrap(), "msg-2.eml");
        fs::remove_dir_all(d).unwrap();
    }
}
