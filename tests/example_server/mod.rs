//! The example server (`examples/mcp_server/`) as a child process of a test: its executable,
//! built once per test binary with the features the test was built with.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use serde_json::Value;

/// The example server, built by `cargo build --example mcp_server` with this test's own
/// features, profile and target directory: a no-op when `cargo test` has just built it (it
/// builds examples before running tests), and a rebuild when it is stale or missing (a run
/// filtered with `--test`).
pub fn server_binary() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let exe = std::env::current_exe().expect("current test executable");
        // target/<profile>/deps/<this test>
        let profile_dir = exe
            .parent()
            .and_then(Path::parent)
            .expect("test executables live in target/<profile>/deps");
        let target_dir = profile_dir.parent().expect("target/<profile>");
        let features: Vec<&str> = [
            ("rmcp-3", cfg!(feature = "rmcp-3")),
            ("jsonrpsee", cfg!(feature = "jsonrpsee")),
            ("metrics", cfg!(feature = "metrics")),
            ("tracing", cfg!(feature = "tracing")),
            ("schemars", cfg!(feature = "schemars")),
        ]
        .into_iter()
        .filter_map(|(name, on)| on.then_some(name))
        .collect();
        let mut cargo = Command::new(env!("CARGO"));
        cargo
            .args(["build", "--quiet", "--example", "mcp_server"])
            .args([
                "--message-format",
                "json",
                "--features",
                &features.join(","),
            ])
            .arg("--target-dir")
            .arg(target_dir)
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        if profile_dir.file_name().is_some_and(|p| p == "release") {
            cargo.arg("--release");
        }
        let output = cargo
            .output()
            .expect("run cargo build --example mcp_server");
        assert!(
            output.status.success(),
            "cargo build --example mcp_server failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter_map(|line| serde_json::from_str::<Value>(line).ok())
            .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == "mcp_server")
            .find_map(|m| m["executable"].as_str().map(PathBuf::from))
            .expect("cargo reported the mcp_server executable")
    })
}
