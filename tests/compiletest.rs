//! Compile-fail tests of `#[derive(McpError)]` and `assert_disjoint!`: one mistake per file
//! under `tests/ui/<topic>/`, each with the reviewed `.stderr` it must produce.
//!
//! Regenerate after an intended change with `TRYBUILD=overwrite cargo test --test compiletest`,
//! then read every changed `.stderr`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/**/*.rs");
}
