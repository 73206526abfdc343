//! The process-wide counters: configured once, from the environment or `init_global`.
//!
//! Environment-driven cases run in a child process (this test binary, re-executed with the
//! variables set), so no test mutates the environment of a running process.

mod registry_support;

use std::process::Command;

use mcp_errors_core::ErrorKind;
use mcp_errors_core::metrics::{self, MetricsConfig};
use registry_support::{Hand, row};

static TIMEOUT: mcp_errors_core::ErrorEntry =
    row(1001, "E_TIMEOUT", "common", ErrorKind::Timeout, true);

/// Runs `test` of this binary in a child process with `vars` set; returns its success.
fn run_child(test: &str, vars: &[(&str, &str)]) -> bool {
    let mut cmd = Command::new(std::env::current_exe().unwrap());
    cmd.args(["--exact", test, "--test-threads=1"])
        .env_remove("MCP_ERRORS_METRICS")
        .env_remove("MCP_ERRORS_METRICS_SAMPLE")
        .env_remove("MCP_ERROR_METRICS")
        .env_remove("MCP_ERROR_METRICS_SAMPLE")
        .env("MCP_ERRORS_TEST_CHILD", "1");
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("1 passed"),
        "child did not run {test}: {stdout}"
    );
    out.status.success()
}

fn in_child() -> bool {
    std::env::var_os("MCP_ERRORS_TEST_CHILD").is_some()
}

#[test]
fn child_env_enabled_with_sample() {
    if !in_child() {
        return;
    }
    let stats = metrics::global();
    assert!(stats.is_enabled());
    assert_eq!(stats.sample(), 3);
    for _ in 0..7 {
        metrics::record(&Hand::new(&TIMEOUT));
    }
    // Occurrences 1, 4 and 7.
    assert_eq!(stats.snapshot().total, 3);
    // Configured already: init_global reports the existing instance.
    assert!(metrics::init_global(MetricsConfig::disabled()).is_err());
}

#[test]
fn child_env_disabled() {
    if !in_child() {
        return;
    }
    for _ in 0..7 {
        metrics::record(&Hand::new(&TIMEOUT));
    }
    let stats = metrics::global();
    assert!(!stats.is_enabled());
    assert_eq!(stats.snapshot().total, 0);
    let reply = stats
        .answer_request(r#"{"jsonrpc":"2.0","id":1,"method":"sys/errorStats"}"#)
        .unwrap();
    let reply: serde_json::Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(reply["error"]["code"], -32601);
}

#[test]
fn child_init_global_wins_over_env() {
    if !in_child() {
        return;
    }
    let stats = metrics::init_global(MetricsConfig::enabled()).unwrap();
    metrics::record(&Hand::new(&TIMEOUT));
    assert_eq!(stats.snapshot().by_code[&1001], 1);
    assert!(std::ptr::eq(stats, metrics::global()));
}

#[test]
fn global_reads_the_environment_once() {
    if in_child() {
        return;
    }
    assert!(run_child(
        "child_env_enabled_with_sample",
        &[
            ("MCP_ERRORS_METRICS", "yes"),
            ("MCP_ERRORS_METRICS_SAMPLE", "3")
        ]
    ));
    assert!(run_child(
        "child_env_disabled",
        &[("MCP_ERRORS_METRICS", "0")]
    ));
    assert!(run_child("child_env_disabled", &[]));
    assert!(run_child(
        "child_init_global_wins_over_env",
        &[("MCP_ERRORS_METRICS", "0")]
    ));
}

/// The names before the one prefix, which the Node fleet's servers set, are still read.
#[test]
fn the_deprecated_names_are_still_read() {
    if in_child() {
        return;
    }
    assert!(run_child(
        "child_env_enabled_with_sample",
        &[
            ("MCP_ERROR_METRICS", "yes"),
            ("MCP_ERROR_METRICS_SAMPLE", "3")
        ]
    ));
    assert!(run_child(
        "child_env_disabled",
        &[("MCP_ERROR_METRICS", "0")]
    ));
}

/// With both names set, the new one wins, each variable on its own.
#[test]
fn the_new_name_wins_over_the_deprecated_one() {
    if in_child() {
        return;
    }
    assert!(run_child(
        "child_env_enabled_with_sample",
        &[
            ("MCP_ERROR_METRICS", "0"),
            ("MCP_ERRORS_METRICS", "1"),
            ("MCP_ERROR_METRICS_SAMPLE", "9"),
            ("MCP_ERRORS_METRICS_SAMPLE", "3")
        ]
    ));
    assert!(run_child(
        "child_env_disabled",
        &[("MCP_ERROR_METRICS", "1"), ("MCP_ERRORS_METRICS", "0")]
    ));
}
