//! The environment variables under their deprecated names (`MCP_ERROR_METRICS`,
//! `MCP_ERROR_METRICS_SAMPLE`): still read, the new name winning, and reported once through
//! `tracing` (docs/operating.md, "Environment").
//!
//! Each case runs in a child process (this test binary, re-executed with the variables set),
//! so no test mutates the environment of a running process.
#![cfg(feature = "tracing")]

use std::process::Command;
use std::sync::{Arc, Mutex};

use mcp_errors::metrics::MetricsConfig;

const NAMES: [&str; 4] = [
    "MCP_ERRORS_METRICS",
    "MCP_ERRORS_METRICS_SAMPLE",
    "MCP_ERROR_METRICS",
    "MCP_ERROR_METRICS_SAMPLE",
];

#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Buffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// In the child: reads the configuration twice under a `fmt` subscriber and prints it and
/// what the subscriber wrote, between markers the parent finds.
#[test]
fn child_reads_the_configuration() {
    if std::env::var_os("MCP_ERRORS_TEST_CHILD").is_none() {
        return;
    }
    let buffer = Buffer::default();
    let writer = buffer.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .without_time()
        .finish();
    let config = tracing::subscriber::with_default(subscriber, || {
        let first = MetricsConfig::from_env();
        assert_eq!(MetricsConfig::from_env(), first);
        first
    });
    let log = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
    println!(
        "<config>{} {}</config><log>{log}</log>",
        config.enabled, config.sample
    );
}

/// The configuration the child read with `vars` set, and the lines its subscriber wrote.
fn read_in_child(vars: &[(&str, &str)]) -> ((bool, u32), Vec<String>) {
    let mut cmd = Command::new(std::env::current_exe().unwrap());
    cmd.args([
        "--exact",
        "child_reads_the_configuration",
        "--nocapture",
        "--test-threads=1",
    ])
    .env("MCP_ERRORS_TEST_CHILD", "1");
    for name in NAMES {
        cmd.env_remove(name);
    }
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "child failed: {stdout}");
    let between = |open: &str, close: &str| {
        let start = stdout.find(open).expect(open) + open.len();
        let end = stdout[start..].find(close).expect(close) + start;
        stdout[start..end].to_owned()
    };
    let config = between("<config>", "</config>");
    let (enabled, sample) = config.split_once(' ').unwrap();
    let log = between("<log>", "</log>");
    (
        (enabled.parse().unwrap(), sample.parse().unwrap()),
        log.lines().map(str::to_owned).collect(),
    )
}

#[test]
fn the_new_names_are_read_silently() {
    let (config, log) = read_in_child(&[
        ("MCP_ERRORS_METRICS", "1"),
        ("MCP_ERRORS_METRICS_SAMPLE", "4"),
    ]);
    assert_eq!(config, (true, 4));
    assert_eq!(log, Vec::<String>::new());
}

#[test]
fn the_deprecated_names_are_read_and_reported_once_each() {
    let (config, log) = read_in_child(&[
        ("MCP_ERROR_METRICS", "yes"),
        ("MCP_ERROR_METRICS_SAMPLE", "3"),
    ]);
    assert_eq!(config, (true, 3));
    assert_eq!(
        log,
        [
            " WARN mcp_errors: the environment variable MCP_ERROR_METRICS is deprecated: set \
             MCP_ERRORS_METRICS instead (it is read the same way)",
            " WARN mcp_errors: the environment variable MCP_ERROR_METRICS_SAMPLE is deprecated: \
             set MCP_ERRORS_METRICS_SAMPLE instead (it is read the same way)",
        ]
    );
}

#[test]
fn with_both_names_the_new_one_wins_and_the_old_one_is_reported_ignored() {
    let (config, log) = read_in_child(&[("MCP_ERROR_METRICS", "1"), ("MCP_ERRORS_METRICS", "0")]);
    assert_eq!(config, (false, 1));
    assert_eq!(
        log,
        [
            " WARN mcp_errors: the environment variable MCP_ERROR_METRICS is deprecated and \
             ignored: MCP_ERRORS_METRICS is set; unset MCP_ERROR_METRICS"
        ]
    );
}
