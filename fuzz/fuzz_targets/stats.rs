//! Fuzz target `stats`: see `harness::stats`.
#![no_main]

#[path = "../harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::stats::run(data));
