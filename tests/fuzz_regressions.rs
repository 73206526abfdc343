//! Replays every input kept under `fuzz/regressions/<target>/` through the same checks the
//! fuzz targets run (`fuzz/harness.rs`), as an ordinary test: the five findings of the first
//! campaign and every crash found since stay fixed without `cargo fuzz`.
//!
//! A file's bytes are the target's input: JSON text for `decode` and `stats`, the raw bytes
//! libFuzzer wrote (an `arbitrary` stream) for `roundtrip` and `hostile`.

#[path = "../fuzz/harness.rs"]
mod harness;

use std::path::PathBuf;

/// Runs `run` on every file of `fuzz/regressions/<target>/` and fails naming each input that
/// broke an invariant.
fn replay(target: &str, run: fn(&[u8])) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in {}", dir.display());
    let failed: Vec<String> = files
        .iter()
        .filter(|path| {
            let bytes = std::fs::read(path).unwrap();
            std::panic::catch_unwind(|| run(&bytes)).is_err()
        })
        .map(|path| path.display().to_string())
        .collect();
    assert!(failed.is_empty(), "inputs that fail: {failed:#?}");
}

#[test]
fn decode_regressions() {
    replay("decode", harness::decode::run);
}

#[test]
fn roundtrip_regressions() {
    replay("roundtrip", harness::roundtrip::run);
}

#[test]
fn hostile_regressions() {
    replay("hostile", harness::hostile::run);
}

#[test]
fn stats_regressions() {
    replay("stats", harness::stats::run);
}
