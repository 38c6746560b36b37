//! The Argon2 check of a password against its PHC string, with its working memory taken
//! from the system as huge pages where it can be (issue #27).
//!
//! The argon2 crate's own `verify_password` takes its memory (19 MiB with OWASP's parameters)
//! as a vector of zeroed blocks: the zeroing, and the 4,900 faults of 4 KiB pages that it
//! makes, cost a message's process about a third of the check (7 ms of 21 on the two-core
//! machine of BENCHMARKS.md). Here the same computation, `hash_password_into_with_memory`,
//! runs in an anonymous mapping that the kernel is asked to back with 2 MiB pages
//! (`MADV_HUGEPAGE`): already zero, and a few hundred faults instead of thousands. Where
//! the system gives no huge pages (transparent huge pages off, another system), it is the
//! same mapping in small pages, or a vector elsewhere; the result is the same bytes.
//!
//! A risk to know of: where the kernel compacts memory to find huge pages for a region that
//! asks for them (`/sys/kernel/mm/transparent_hugepage/defrag` set to `madvise`, a common
//! default), a long-running machine with fragmented memory may spend some of that time in
//! the check; `defer` there leaves the compaction to the kernel's own thread.

use argon2::password_hash::{Output, PasswordHash};
use argon2::{Algorithm, Argon2, Block, Params, Version};

/// Does `password` give the hash that `hash` holds, with the algorithm, version, parameters
/// and salt it names? The outputs are compared in constant time (`Output`'s equality).
pub(super) fn matches(password: &[u8], hash: &PasswordHash) -> bool {
    let (Some(salt), Some(expected)) = (hash.salt, hash.hash) else {
        return false;
    };
    let Ok(algorithm) = Algorithm::try_from(hash.algorithm) else {
        return false;
    };
    let version = match hash.version.map(Version::try_from) {
        None => Version::default(),
        Some(Ok(v)) => v,
        Some(Err(_)) => return false,
    };
    let Ok(params) = Params::try_from(hash) else {
        return false;
    };
    let mut salt_bytes = [0u8; 64];
    let Ok(salt) = salt.decode_b64(&mut salt_bytes) else {
        return false;
    };
    let mut out = vec![0u8; expected.len()];
    let mut memory = Memory::new(params.block_count());
    let computed = Argon2::new(algorithm, version, params).hash_password_into_with_memory(
        password,
        salt,
        &mut out,
        memory.blocks(),
    );
    computed.is_ok() && Output::new(&out).is_ok_and(|o| o == expected)
}

/// The working memory of one computation: `n` blocks of 1 KiB, zero. A size that does not
/// fit the address space (a 32-bit system and a hash asking for gigabytes) takes the vector,
/// which refuses it as the argon2 crate's own check did.
enum Memory {
    /// An anonymous mapping (Linux), given back to the system when dropped.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    Mapped {
        ptr: std::ptr::NonNull<Block>,
        n: usize,
    },
    Vector(Vec<Block>),
}

impl Memory {
    fn new(n: usize) -> Memory {
        #[cfg(any(target_os = "linux", target_os = "android"))]
        if let Some(bytes) = n.checked_mul(std::mem::size_of::<Block>()) {
            // SAFETY: a new private anonymous mapping of `bytes` bytes, read and written by this
            // process only; the result is checked before use.
            let ptr = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    bytes,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                )
            };
            if ptr != libc::MAP_FAILED && bytes > 0 {
                // A request only: refused or ignored, the mapping is in small pages.
                // SAFETY: the range is the mapping just made.
                let _ = unsafe { libc::madvise(ptr, bytes, libc::MADV_HUGEPAGE) };
                if let Some(ptr) = std::ptr::NonNull::new(ptr.cast::<Block>()) {
                    return Memory::Mapped { ptr, n };
                }
            }
        }
        Memory::Vector(vec![Block::default(); n])
    }

    fn blocks(&mut self) -> &mut [Block] {
        match self {
            // SAFETY: the mapping holds `n` blocks, is page-aligned (more than a block's
            // alignment of 64 bytes), zero-filled by the system (all zeros is a block), and
            // lives as long as `self`, which this borrow does not outlive.
            #[cfg(any(target_os = "linux", target_os = "android"))]
            Memory::Mapped { ptr, n } => unsafe { std::slice::from_raw_parts_mut(ptr.as_ptr(), *n) },
            Memory::Vector(v) => v,
        }
    }
}

impl Drop for Memory {
    fn drop(&mut self) {
        #[cfg(any(target_os = "linux", target_os = "android"))]
        if let Memory::Mapped { ptr, n } = self {
            // SAFETY: the mapping made in `new`, of this length (which did not overflow there),
            // no longer borrowed.
            unsafe { libc::munmap(ptr.as_ptr().cast(), *n * std::mem::size_of::<Block>()) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::password_hash::{PasswordHasher, PasswordVerifier, SaltString};

    /// The same answer as the argon2 crate's own check, for the right password and wrong
    /// ones, over each algorithm, both versions, one lane and several, and OWASP's parameters.
    #[test]
    fn the_check_answers_as_the_argon2_crate_does() {
        let salt = SaltString::encode_b64(&[7u8; 16]).unwrap();
        let small = |m, t, p| Params::new(m, t, p, None).unwrap();
        let cases = [
            (Algorithm::Argon2id, Version::V0x13, super::super::argon2_params()),
            (Algorithm::Argon2id, Version::V0x13, small(64, 1, 1)),
            (Algorithm::Argon2id, Version::V0x13, small(256, 3, 4)),
            (Algorithm::Argon2i, Version::V0x13, small(64, 2, 1)),
            (Algorithm::Argon2d, Version::V0x10, small(128, 1, 2)),
        ];
        for (algorithm, version, params) in cases {
            let ctx = Argon2::new(algorithm, version, params);
            let stored = ctx.hash_password(b"s3cret", &salt).unwrap().to_string();
            let hash = PasswordHash::new(&stored).unwrap();
            for tried in [&b"s3cret"[..], b"s3cret ", b"", b"S3cret"] {
                let theirs = Argon2::default().verify_password(tried, &hash).is_ok();
                assert_eq!(matches(tried, &hash), theirs, "{stored} with {tried:?}");
            }
            assert!(matches(b"s3cret", &hash), "{stored}");
        }
    }

    /// A hash whose parts do not make a computation is no match, and no panic.
    #[test]
    fn a_hash_that_cannot_be_computed_matches_nothing() {
        for stored in [
            "$argon2id$v=19$m=19456,t=2,p=1$BwcHBwcHBwcHBwcHBwcHBw",
            "$argon2id$v=18$m=19456,t=2,p=1$BwcHBwcHBwcHBwcHBwcHBw$9llrBDR1rWnr4DJkDAhk5b7lbU9aBFlYA/mjLCDzHkM",
            "$scrypt$ln=16,r=8,p=1$aM15713r3Xsvxbi31lqr1Q$nFNh2CVHVjNldFVKDHDlm4CbdRSCdEBsjjJxD+iCs5E",
        ] {
            let hash = PasswordHash::new(stored).unwrap();
            assert!(!matches(b"s3cret-france", &hash), "{stored}");
        }
    }
}
