//! `#[derive(McpError)]` in a crate whose mcp-errors has no `client` feature: a server's enum
//! builds and emits its envelopes, and `#[mcp(decode)]` is one error, at `decode`, that names
//! the feature; `mcp_errors::Registry` without the `registry` feature is an error that names
//! that feature.
//!
//! Regenerate after an intended change with
//! `TRYBUILD=overwrite cargo test --manifest-path tests/no-client/Cargo.toml`, then read every
//! changed `.stderr`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/server-without-client.rs");
    t.compile_fail("tests/ui/decode-without-client.rs");
    t.compile_fail("tests/ui/decode-generic-without-client.rs");
    t.compile_fail("tests/ui/registry-without-feature.rs");
}
