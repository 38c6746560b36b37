//! Files that must never be half-written: every write goes to a temporary file in the same
//! folder, is flushed to disk, and is then renamed over the target, so a reader (or the
//! next run after a crash) sees the old file or the new one, never a mix. A write that
//! fails removes its temporary file.
//!
//! A run killed between writing a temporary file and renaming it (`kill -9`, a power cut)
//! leaves that file behind: `.NAME.tmp-PID`. The next run on the folder removes such
//! leftovers ([`sweep`]): those of a process that is no longer running, and any older than
//! [`LEFTOVER_AGE`]; never the file of a run still writing it. A folder's runs sweep when
//! its lock shows that the run before was killed holding it ([`lock_folder`]); the cron run
//! (`arbitre process`) sweeps each game whatever the lock shows.
//!
//! Everything a game folder holds may be secret (the seed, the password hashes, the divine
//! roles, the players' mail), so on Unix every file written here is created readable by its
//! owner only (mode 0600) and every folder made here is 0700, whatever the umask. The one
//! exception is asked for by name: [`write_public`], for the pages `arbitre publish` writes
//! outside the game folders (0644, folders 0755).

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The mode of every file a game folder holds (Unix): its owner's only.
pub const FILE_MODE: u32 = 0o600;
/// The mode of the game folder and its sub-folders (Unix).
pub const DIR_MODE: u32 = 0o700;

/// Opens `path` for writing, creating it with [`FILE_MODE`] if it does not exist.
pub fn open_private(path: &Path, append: bool) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create(true);
    if append {
        options.append(true);
    } else {
        options.truncate(true);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(FILE_MODE);
    }
    options.open(path)
}

/// Creates `dir` and its missing parents; the folders it makes are [`DIR_MODE`].
pub fn create_dir_private(dir: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(DIR_MODE);
    }
    builder.create(dir)
}

/// The mode of a file published for a web server to read (`arbitre publish`, Unix): anyone
/// may read it. Never a game folder's file.
pub const PUBLIC_FILE_MODE: u32 = 0o644;
/// The mode of a folder published for a web server (Unix): anyone may list and enter it.
pub const PUBLIC_DIR_MODE: u32 = 0o755;

/// Creates `dir` and its missing parents for the public: each folder made here is
/// [`PUBLIC_DIR_MODE`] whatever the umask (a folder that exists is left as it is).
pub fn create_dir_public(dir: &Path) -> io::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        create_dir_public(parent)?;
    }
    match fs::create_dir(dir) {
        Ok(()) => set_mode(dir, PUBLIC_DIR_MODE),
        // Made meanwhile by another run: its mode is that run's.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists && dir.is_dir() => Ok(()),
        Err(e) => Err(e),
    }
}

/// Sets the mode of `path` (Unix; nothing elsewhere). Unlike the mode given when a file is
/// made, this one is not cut by the umask.
pub fn set_mode(path: &Path, mode: u32) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(mode))?;
    }
    #[cfg(not(unix))]
    let _ = (path, mode);
    Ok(())
}

/// Writes `bytes` to `path` atomically, as [`write_atomic`] does, for the public: the file is
/// [`PUBLIC_FILE_MODE`] and the folders made for it [`PUBLIC_DIR_MODE`], whatever the umask.
/// Only for what `arbitre publish` writes outside the game folders.
pub fn write_public(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_with(path, bytes, Some(PUBLIC_FILE_MODE))
}

/// Writes `bytes` to `path` atomically (write, fsync, rename, fsync the folder). The file is
/// created with [`FILE_MODE`]; on failure no temporary file is left behind.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_with(path, bytes, None)
}

/// [`write_atomic`], the file given `public` mode before it is put in place when asked (its
/// folders then made public too), else private.
fn write_with(path: &Path, bytes: &[u8], public: Option<u32>) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    match public {
        Some(_) => create_dir_public(dir)?,
        None => create_dir_private(dir)?,
    }
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::other(format!("{}: not a file name", path.display())))?;
    // A leading dot keeps half-written files out of every listing the game makes.
    let tmp = dir.join(format!(".{}{TMP_MARK}{}", name.to_string_lossy(), std::process::id()));
    let written = (|| {
        let mut f = open_private(&tmp, false)?;
        if let Some(mode) = public {
            set_mode(&tmp, mode)?;
        }
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        crash_point();
        fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    sync_dir(dir)?;
    crash_point();
    Ok(())
}

/// Writes `bytes` to `path` atomically, as [`write_atomic`] does, for a file rewritten by
/// every message (`state.yaml`), without making a new file or freeing one: the bytes are
/// written over the file that the last write replaced, kept beside it as `.NAME.before`, and
/// flushed; then the two files change places in one step (Linux's `renameat2` with
/// `RENAME_EXCHANGE`), and the folder is flushed. A reader, or the next run after a crash,
/// sees the old file or the new one, never a mix; `.NAME.before` then holds what `path` held
/// before (the state before the last message, which is no secret `path` did not hold).
///
/// Why (issue #27): on ext4 a new file costs the kernel a search of the inode bitmap that
/// passes over every inode freed in the last minutes, and a rename over a file frees one, so
/// a game taking a message every few milliseconds paid more for its temporary files than for
/// the rest of the message.
///
/// The kept file is written over only when it is what the last write left there: a regular
/// file with no other name (not a symbolic link, not a file shared with a backup made with
/// hard links, which must not change under it). Otherwise, and where the exchange is not
/// available (another system, a file system without it, the first write), it is removed
/// and the write is [`write_atomic`]'s. Callers hold the folder's lock (the kept file's name
/// is fixed). A reader that does not take the lock and holds the file open across two writes
/// could read the second one's bytes mixed with the first's; `state.yaml`'s readers read it
/// whole in one go.
pub fn write_exchanged(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    create_dir_private(dir)?;
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::other(format!("{}: not a file name", path.display())))?;
    let before = dir.join(format!(".{}{BEFORE_MARK}", name.to_string_lossy()));
    let Some(mut f) = open_kept(&before) else {
        let _ = fs::remove_file(&before);
        return write_atomic(path, bytes);
    };
    f.write_all(bytes)?;
    f.set_len(bytes.len() as u64)?;
    f.sync_all()?;
    drop(f);
    crash_point();
    if !exchange(&before, path) {
        fs::rename(&before, path)?;
    }
    sync_dir(dir)?;
    crash_point();
    Ok(())
}

/// What names the file [`write_exchanged`] keeps beside its target: `.NAME.before`.
pub const BEFORE_MARK: &str = ".before";

/// The kept file of [`write_exchanged`], opened (made if missing) to be written over: `None`
/// unless it is a regular file with one name, opened without following a symbolic link; its
/// mode made [`FILE_MODE`] if it is not.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn open_kept(before: &Path) -> Option<File> {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
    let f = OpenOptions::new()
        .write(true)
        .create(true)
        .mode(FILE_MODE)
        .custom_flags(libc::O_NOFOLLOW)
        .open(before)
        .ok()?;
    let meta = f.metadata().ok()?;
    if !meta.is_file() || meta.nlink() != 1 {
        return None;
    }
    if meta.mode() & 0o777 != FILE_MODE {
        f.set_permissions(fs::Permissions::from_mode(FILE_MODE)).ok()?;
    }
    Some(f)
}

/// Elsewhere there is no exchange: every write is [`write_atomic`]'s.
#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn open_kept(_: &Path) -> Option<File> {
    None
}

/// Exchanges the files `a` and `b` in one step; `false` when that was not done, whatever the
/// reason (this file system cannot, `b` does not exist…): the caller then renames.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn exchange(a: &Path, b: &Path) -> bool {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let c = |p: &Path| CString::new(p.as_os_str().as_bytes()).ok();
    let (Some(a), Some(b)) = (c(a), c(b)) else {
        return false;
    };
    // SAFETY: both are NUL-terminated paths that live across the call; AT_FDCWD makes them
    // relative to the working folder, as every other path here is.
    let rc = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE as _,
        )
    };
    rc == 0
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn exchange(_: &Path, _: &Path) -> bool {
    false
}

/// Writes `bytes` over what `path` held, in place (no temporary file, no rename, no `fsync`:
/// a new file and a rename cost the kernel more than the rest of the write), for a copy
/// that can be made again and whose reader checks it whole (the compact copies of
/// `game.yaml` and `state.yaml`): a reader during the write, or after a crash, may find it
/// cut short or mixed, and does not use it. Not a step of the crash tests. Private
/// ([`FILE_MODE`]) when made.
pub fn write_unsynced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut options = OpenOptions::new();
    options.write(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(FILE_MODE);
    }
    let mut f = options.open(path)?;
    f.write_all(bytes)?;
    f.set_len(bytes.len() as u64)
}

/// The environment variable of the crash tests: `ARBITRE_CRASH_AT=N` makes the process
/// abort, as if killed, at the N-th step of writing. Each atomic write has two steps: the
/// temporary file written (not yet in place), then the file in place. `arbitre send` adds
/// one: a delivery recorded in the journal, its file not yet moved to `sent/`.
pub const CRASH_VAR: &str = "ARBITRE_CRASH_AT";

/// With [`CRASH_VAR`], the process stops at its step instead of aborting, and waits there
/// to be killed from outside (`kill -9`): the crash tests kill a run in the middle of a write.
pub const CRASH_HOLD_VAR: &str = "ARBITRE_CRASH_HOLD";

/// One step of writing, where the crash tests may kill the process ([`CRASH_VAR`]).
pub fn crash_point() {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::OnceLock;
    static AT: OnceLock<Option<u64>> = OnceLock::new();
    static STEPS: AtomicU64 = AtomicU64::new(0);
    let at = AT.get_or_init(|| std::env::var(CRASH_VAR).ok().and_then(|v| v.parse().ok()));
    if let Some(at) = *at {
        if STEPS.fetch_add(1, Ordering::SeqCst) + 1 == at {
            if std::env::var_os(CRASH_HOLD_VAR).is_some() {
                loop {
                    std::thread::sleep(Duration::from_secs(1));
                }
            }
            std::process::abort();
        }
    }
}

/// Writes a new file that must not replace an existing one: the first free name among
/// `stem.ext`, `stem-2.ext`, `stem-3.ext`… Returns the path written.
pub fn write_new(dir: &Path, stem: &str, ext: &str, bytes: &[u8]) -> io::Result<PathBuf> {
    create_dir_private(dir)?;
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

/// What names a temporary file of [`write_atomic`]: `.NAME.tmp-PID`.
const TMP_MARK: &str = ".tmp-";

/// The name of the lock file of a folder that its own runs take (a game's): [`sweep`] leaves
/// the folders holding one to those runs.
pub const LOCK_FILE: &str = ".lock";

/// A folder's lock file, held for as long as the value lives: the runs on one folder take
/// turns. While held it names the holder (its process number); a run that ends, well or in
/// error, empties it. So a run that finds a number there knows the holder before it was
/// killed mid-run, and only then reads the folder for what that run left ([`sweep`]): a
/// message on a quiet game pays a read of one small file, not a walk of the folder.
pub struct FolderLock {
    file: File,
}

/// Takes the lock file `dir/name`, waiting for the run that holds it; sweeps `dir` when
/// the run before ended without letting go ([`FolderLock`]). Returns whether it swept.
pub fn lock_folder(dir: &Path, name: &str) -> io::Result<(FolderLock, bool)> {
    let file = open_lock(dir, name)?;
    file.lock()?;
    take_lock(dir, file)
}

/// [`lock_folder`] if no other run holds the lock now, without waiting: `None` when one does.
pub fn try_lock_folder(dir: &Path, name: &str) -> io::Result<Option<(FolderLock, bool)>> {
    let file = open_lock(dir, name)?;
    match file.try_lock() {
        Ok(()) => take_lock(dir, file).map(Some),
        Err(fs::TryLockError::WouldBlock) => Ok(None),
        Err(fs::TryLockError::Error(e)) => Err(e),
    }
}

fn open_lock(dir: &Path, name: &str) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(FILE_MODE);
    }
    options.open(dir.join(name))
}

/// The lock just taken on `file`: sweeps `dir` if the run before was killed holding it, then
/// names this run in it.
fn take_lock(dir: &Path, mut file: File) -> io::Result<(FolderLock, bool)> {
    use std::io::{Read, Seek};
    let mut holder = String::new();
    file.read_to_string(&mut holder)?;
    let killed = !holder.trim().is_empty();
    if killed {
        sweep(dir);
        file.set_len(0)?;
        file.seek(io::SeekFrom::Start(0))?;
    }
    file.write_all(std::process::id().to_string().as_bytes())?;
    Ok((FolderLock { file }, killed))
}

impl Drop for FolderLock {
    fn drop(&mut self) {
        // Emptied, the file tells the next run that this one ended. If this fails the next
        // run sweeps for nothing, which is harmless.
        let _ = self.file.set_len(0);
    }
}

/// How old a temporary file must be to be removed even when its process seems alive (its
/// number taken again by another process since, or a run the process table does not show):
/// no write lasts that long.
pub const LEFTOVER_AGE: Duration = Duration::from_secs(60 * 60);

/// Removes the temporary files that killed runs left in `dir` and its sub-folders, but for
/// the sub-folders holding a [`LOCK_FILE`] (a folder of games does not sweep its games: each
/// is swept by its own runs). A file is removed when the process that wrote it is not
/// running, or when it is older than [`LEFTOVER_AGE`]; the files of this process are left
/// alone. Returns the files removed. Call it at the start of a run on the folder; a file
/// that cannot be listed or removed is left for the next run.
pub fn sweep(dir: &Path) -> Vec<PathBuf> {
    let mut removed = Vec::new();
    sweep_into(dir, &mut removed, &|pid| process_alive(pid), SystemTime::now());
    removed
}

fn sweep_into(dir: &Path, removed: &mut Vec<PathBuf>, alive: &dyn Fn(u32) -> Option<bool>, now: SystemTime) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    // A game's archive may list thousands of files: each is looked at without a path made
    // for it, and only a hidden one's name is read further.
    for entry in entries.flatten() {
        let Ok(kind) = entry.file_type() else { continue };
        if kind.is_dir() {
            let path = entry.path();
            if !path.join(LOCK_FILE).exists() {
                sweep_into(&path, removed, alive, now);
            }
            continue;
        }
        if let Some(path) = remove_leftover_with(&entry, alive, now) {
            removed.push(path);
        }
    }
}

/// Removes `entry` when it is the temporary file of a killed run (as [`sweep`] would), for a
/// caller that reads the folder anyway; returns whether it did. The file of a run still
/// writing it stays.
pub fn remove_leftover(entry: &fs::DirEntry) -> bool {
    remove_leftover_with(entry, &|pid| process_alive(pid), SystemTime::now()).is_some()
}

fn remove_leftover_with(entry: &fs::DirEntry, alive: &dyn Fn(u32) -> Option<bool>, now: SystemTime) -> Option<PathBuf> {
    let name = entry.file_name();
    if !name.as_encoded_bytes().starts_with(b".") {
        return None;
    }
    let pid = leftover_pid(&name.to_string_lossy())?;
    if pid == std::process::id() {
        return None;
    }
    let old = entry
        .metadata()
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| now.duration_since(t).ok())
        .is_some_and(|age| age > LEFTOVER_AGE);
    let path = entry.path();
    ((alive(pid) == Some(false) || old) && fs::remove_file(&path).is_ok()).then_some(path)
}

/// The process number of a temporary file's name (`.NAME.tmp-PID`); `None` for any other.
fn leftover_pid(name: &str) -> Option<u32> {
    let (stem, pid) = name.rsplit_once(TMP_MARK)?;
    if !name.starts_with('.') || stem.len() < 2 || pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok()
}

/// Whether process `pid` is running: `None` where the system does not say (no `/proc`).
fn process_alive(pid: u32) -> Option<bool> {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return None;
    }
    Some(proc.join(pid.to_string()).exists())
}

fn sync_dir(dir: &Path) -> io::Result<()> {
    // Making the rename itself durable needs the folder flushed (on Unix).
    match File::open(dir) {
        Ok(d) => d.sync_all().or(Ok(())),
        Err(_) => Ok(()),
    }
}

/// A file the user named that cannot be read: what it is to arbitre (`the players file`),
/// its path as the user wrote it, and why, said in arbitre's words with what to do (never
/// the system's `No such file or directory (os error 2)`). The one way every command that
/// takes a file argument says so.
#[derive(Debug, thiserror::Error)]
#[error("cannot read {what} {path}: {}", why_unreadable(.cause, Path::new(.path)))]
pub struct Unreadable {
    /// What the file is, with its article: `the players file`, `the message`.
    pub what: &'static str,
    /// The path as given.
    pub path: String,
    #[source]
    pub cause: io::Error,
}

/// The bytes of the file `path`, which is `what` (`the message`), or why not.
pub fn read_named(what: &'static str, path: &str) -> Result<Vec<u8>, Unreadable> {
    fs::read(path).map_err(|cause| Unreadable {
        what,
        path: path.to_string(),
        cause,
    })
}

/// The text of the file `path`, which is `what` (`the players file`), or why not (a file
/// that is not UTF-8 text among the reasons).
pub fn read_named_text(what: &'static str, path: &str) -> Result<String, Unreadable> {
    fs::read_to_string(path).map_err(|cause| Unreadable {
        what,
        path: path.to_string(),
        cause,
    })
}

/// Why `path` could not be read (`e`), and what to do, in plain words: the one wording of
/// every file arbitre is told to read (the players file, a settings file, a CA file…).
pub fn why_unreadable(e: &io::Error, path: &Path) -> String {
    if path.is_dir() {
        return "it is a folder: name a file".into();
    }
    match e.kind() {
        io::ErrorKind::NotFound => {
            "no such file: check its name and its folder (a relative path starts from the folder \
             arbitre is run in)"
                .into()
        }
        io::ErrorKind::PermissionDenied => {
            "arbitre is not allowed to read it: check the file's permissions and its owner".into()
        }
        // `read_to_string` on bytes that are not UTF-8.
        io::ErrorKind::InvalidData => "it is not UTF-8 text: save it as UTF-8 (Unicode)".into(),
        _ => {
            // The system's words, without its error number.
            let text = e.to_string();
            let text = text.split(" (os error").next().unwrap_or_default();
            let mut chars = text.chars();
            match chars.next() {
                Some(first) => format!("{}{}", first.to_lowercase(), chars.as_str()),
                None => "the system gave no reason".into(),
            }
        }
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

    /// The exchanged write: the file holds the new bytes, `.NAME.before` the old ones, and the
    /// second write reuses the first's file instead of making one (its inode number, on Linux,
    /// where the exchange is made).
    #[test]
    fn an_exchanged_write_keeps_the_bytes_before_and_reuses_its_file() {
        let d = temp("exchanged");
        let p = d.join("state.yaml");
        write_exchanged(&p, b"first, a longer text").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"first, a longer text");
        write_exchanged(&p, b"second").unwrap();
        let before = d.join(".state.yaml.before");
        assert_eq!(fs::read(&p).unwrap(), b"second");
        assert_eq!(fs::read(&before).unwrap(), b"first, a longer text");
        write_exchanged(&p, b"third").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"third");
        assert_eq!(fs::read(&before).unwrap(), b"second", "cut to the length written");
        let mut names: Vec<String> = fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into())
            .collect();
        names.sort();
        assert_eq!(names, [".state.yaml.before", "state.yaml"]);
        #[cfg(target_os = "linux")]
        {
            use std::os::unix::fs::MetadataExt;
            let inodes = || (fs::metadata(&p).unwrap().ino(), fs::metadata(&before).unwrap().ino());
            let (now, was) = inodes();
            write_exchanged(&p, b"fourth").unwrap();
            assert_eq!(inodes(), (was, now), "the two files changed places; none was made");
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            for f in [&p, &before] {
                assert_eq!(fs::metadata(f).unwrap().permissions().mode() & 0o777, FILE_MODE);
            }
        }
        fs::remove_dir_all(d).unwrap();
    }

    /// A kept file that is not this folder's own (a second name from a backup made with hard
    /// links, a symbolic link, a folder) is never written over: the write falls back to a new
    /// file renamed into place, and the other file keeps its bytes.
    #[cfg(target_os = "linux")]
    #[test]
    fn an_exchanged_write_never_writes_into_a_file_shared_with_another_name() {
        let d = temp("exchanged-shared");
        let p = d.join("state.yaml");
        let before = d.join(".state.yaml.before");
        write_exchanged(&p, b"one").unwrap();
        write_exchanged(&p, b"two").unwrap();
        // A backup by hard links: both files of the folder have a second name.
        let backup = temp("exchanged-backup");
        fs::create_dir_all(&backup).unwrap();
        fs::hard_link(&p, backup.join("state.yaml")).unwrap();
        fs::hard_link(&before, backup.join(".state.yaml.before")).unwrap();
        write_exchanged(&p, b"three").unwrap();
        write_exchanged(&p, b"four").unwrap();
        write_exchanged(&p, b"five").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"five");
        assert_eq!(fs::read(backup.join("state.yaml")).unwrap(), b"two");
        assert_eq!(fs::read(backup.join(".state.yaml.before")).unwrap(), b"one");
        // A symbolic link in its place: the file it names is left alone.
        let elsewhere = d.join("elsewhere");
        fs::write(&elsewhere, b"not ours").unwrap();
        fs::remove_file(&before).unwrap();
        std::os::unix::fs::symlink(&elsewhere, &before).unwrap();
        write_exchanged(&p, b"six").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"six");
        assert_eq!(fs::read(&elsewhere).unwrap(), b"not ours");
        // A folder in its place: the write still happens.
        let _ = fs::remove_file(&before);
        fs::create_dir_all(before.join("x")).unwrap();
        write_exchanged(&p, b"seven").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"seven");
        fs::remove_dir_all(d).unwrap();
        fs::remove_dir_all(backup).unwrap();
    }

    /// A run that holds the lock keeps another from taking it without waiting; once it lets
    /// go, the other takes it.
    #[test]
    fn a_lock_held_is_not_taken_without_waiting() {
        let d = temp("trylock");
        fs::create_dir_all(&d).unwrap();
        let held = lock_folder(&d, LOCK_FILE).unwrap();
        assert!(try_lock_folder(&d, LOCK_FILE).unwrap().is_none());
        drop(held);
        let (again, swept) = try_lock_folder(&d, LOCK_FILE).unwrap().expect("free now");
        assert!(!swept, "the run before ended well");
        drop(again);
        fs::remove_dir_all(d).unwrap();
    }

    #[test]
    fn a_failed_write_leaves_no_temporary_file() {
        let d = temp("failed");
        // A folder where the file should go: the rename cannot replace it.
        let p = d.join("state.yaml");
        fs::create_dir_all(p.join("inside")).unwrap();
        assert!(write_atomic(&p, b"one").is_err());
        let names: Vec<String> = fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into())
            .collect();
        assert_eq!(names, ["state.yaml"], "only the folder that was there");
        fs::remove_dir_all(d).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn files_are_private_whatever_was_there() {
        use std::os::unix::fs::PermissionsExt;
        let d = temp("mode");
        let p = d.join("sub").join("game.yaml");
        fs::create_dir_all(&d).unwrap();
        fs::set_permissions(&d, fs::Permissions::from_mode(0o755)).unwrap();
        write_atomic(&p, b"seed: secret").unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&p), 0o600);
        assert_eq!(mode(&d.join("sub")), 0o700);
        // A file that was readable by all is replaced by a private one.
        fs::set_permissions(&p, fs::Permissions::from_mode(0o644)).unwrap();
        write_atomic(&p, b"seed: other").unwrap();
        assert_eq!(mode(&p), 0o600);
        fs::remove_dir_all(d).unwrap();
    }

    /// A published file is readable by all and its new folders open to all, even where a
    /// private file was (the umask itself is tested through `arbitre publish`, in
    /// tests/publish.rs, since it is the whole process's).
    #[cfg(unix)]
    #[test]
    fn published_files_are_readable_by_all() {
        use std::os::unix::fs::PermissionsExt;
        let d = temp("public");
        let p = d.join("game").join("pages").join("index.html");
        write_public(&p, b"<p>one</p>").unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&p), 0o644);
        assert_eq!(mode(&d.join("game")), 0o755);
        assert_eq!(mode(&d.join("game").join("pages")), 0o755);
        write_atomic(&p, b"private").unwrap();
        assert_eq!(mode(&p), 0o600);
        write_public(&p, b"<p>two</p>").unwrap();
        assert_eq!((mode(&p), fs::read(&p).unwrap()), (0o644, b"<p>two</p>".to_vec()));
        let names: Vec<String> = fs::read_dir(p.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into())
            .collect();
        assert_eq!(names, ["index.html"], "no temporary file left");
        fs::remove_dir_all(d).unwrap();
    }

    /// A leftover of a dead run and an old one go; the file of a live run, this run's own,
    /// and files that only look alike stay.
    #[test]
    fn the_sweep_removes_what_dead_runs_left_and_nothing_else() {
        let d = temp("sweep");
        let sub = d.join("mail");
        let game = d.join("game");
        fs::create_dir_all(&sub).unwrap();
        fs::create_dir_all(&game).unwrap();
        fs::write(game.join(LOCK_FILE), "").unwrap();
        let me = std::process::id();
        let files = [
            (d.join(".state.yaml.tmp-111"), true),            // dead
            (sub.join(".00001-x.eml.tmp-111"), true),         // dead, in a sub-folder
            (d.join(".state.yaml.tmp-222"), false),           // alive
            (d.join(format!(".state.yaml.tmp-{me}")), false), // this run's own
            (d.join(".state.yaml.tmp-333"), false),           // unknown, young
            (d.join("state.yaml.tmp-111"), false),            // no leading dot
            (d.join(".state.yaml.tmp-11a"), false),           // not a process number
            (d.join(".tmp-111"), false),                      // no file name before it
            (game.join(".state.yaml.tmp-111"), false),        // a folder with its own lock
        ];
        for (f, _) in &files {
            fs::write(f, "half").unwrap();
        }
        let alive = |pid: u32| match pid {
            111 => Some(false),
            222 => Some(true),
            _ => None,
        };
        let mut removed = Vec::new();
        sweep_into(&d, &mut removed, &alive, SystemTime::now());
        removed.sort();
        let mut want: Vec<PathBuf> = files.iter().filter(|(_, gone)| *gone).map(|(f, _)| f.clone()).collect();
        want.sort();
        assert_eq!(removed, want);
        for (f, gone) in &files {
            assert_eq!(f.exists(), !gone, "{}", f.display());
        }
        // Past the bound, a file goes even when its process seems alive or is unknown; this
        // run's own stays.
        let later = SystemTime::now() + LEFTOVER_AGE + Duration::from_secs(1);
        let mut removed = Vec::new();
        sweep_into(&d, &mut removed, &alive, later);
        removed.sort();
        assert_eq!(removed, [d.join(".state.yaml.tmp-222"), d.join(".state.yaml.tmp-333")]);
        assert!(d.join(format!(".state.yaml.tmp-{me}")).exists());
        fs::remove_dir_all(d).unwrap();
    }

    /// The lock names its holder while held and is empty once let go; a run that finds a
    /// name there (its holder was killed) sweeps, and only then.
    #[test]
    fn a_lock_sweeps_only_after_a_run_killed_holding_it() {
        if !Path::new("/proc/self").exists() {
            return;
        }
        let d = temp("lock");
        fs::create_dir_all(&d).unwrap();
        // A process number that is no longer running: a finished child's.
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        let leftover = d.join(format!(".state.yaml.tmp-{dead}"));
        fs::write(&leftover, "half").unwrap();

        // The run before let go: the leftover is not looked for.
        let (held, swept) = lock_folder(&d, LOCK_FILE).unwrap();
        assert!(!swept);
        assert_eq!(
            fs::read_to_string(d.join(LOCK_FILE)).unwrap(),
            std::process::id().to_string()
        );
        drop(held);
        assert_eq!(fs::read_to_string(d.join(LOCK_FILE)).unwrap(), "");
        assert!(leftover.exists());

        // The run before was killed holding it: its number is still there, and the next
        // run sweeps.
        fs::write(d.join(LOCK_FILE), dead.to_string()).unwrap();
        let (held, swept) = lock_folder(&d, LOCK_FILE).unwrap();
        assert!(swept);
        assert!(!leftover.exists());
        drop(held);
        assert_eq!(fs::read_to_string(d.join(LOCK_FILE)).unwrap(), "");
        fs::remove_dir_all(d).unwrap();
    }

    #[test]
    fn this_process_is_alive_and_a_finished_child_is_not() {
        if !Path::new("/proc/self").exists() {
            assert_eq!(process_alive(std::process::id()), None);
            return;
        }
        assert_eq!(process_alive(std::process::id()), Some(true));
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        assert_eq!(process_alive(pid), Some(false));
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
