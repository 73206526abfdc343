//! Fuzz target `hostile`: see `harness::hostile`.
#![no_main]

#[path = "../harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::hostile::run(data));
