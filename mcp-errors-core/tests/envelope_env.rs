//! `MCP_ERRORS_VERBOSE` read from the real environment. Setting a variable inside a running
//! test races with other threads (and is `unsafe`), so each case re-runs this test binary as
//! a child process with the variable set, and the child reports what the envelopes did.

mod envelope_support;

use std::process::Command;

use envelope_support::Kb;
use mcp_errors_core::{McpErrorExt, Verbosity};
use serde_json::{Value, json};

/// Set in the child only: which case to report on.
const CHILD: &str = "MCP_ERRORS_ENVELOPE_ENV_CHILD";

/// Runs in the child: prints what the default (environment-driven) envelopes contain.
#[test]
fn child_reports_default_envelopes() {
    if std::env::var_os(CHILD).is_none() {
        return; // only meaningful inside `verbose_variable_drives_the_default`
    }
    let err = Kb::PathNotFound { path: "p".into() };
    let object = err.to_error_object().to_json_value().unwrap();
    let response = err.to_error_response().to_json_value().unwrap();
    let report = json!({
        "verbosity": format!("{:?}", Verbosity::from_env()),
        "objectStack": object["data"].get("stack"),
        "responseStack": response["details"].get("stack"),
        // An explicit setting still wins over the environment.
        "overridden": err.to_error_object().verbosity(Verbosity::Off).to_json_value().unwrap()["data"].get("stack"),
        // A tool error never carries a stack, its structuredContent neither.
        "toolResult": err.to_tool_result().structured_content().to_json_value().unwrap(),
    });
    println!("REPORT {report}");
}

fn run_child(verbose: Option<&str>) -> Value {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command
        .args(["child_reports_default_envelopes", "--exact", "--nocapture"])
        .env(CHILD, "1")
        .env_remove(Verbosity::ENV_VAR);
    if let Some(verbose) = verbose {
        command.env(Verbosity::ENV_VAR, verbose);
    }
    let output = command.output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "child failed: {stdout}");
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("REPORT "))
        .unwrap_or_else(|| panic!("no report in {stdout}"));
    serde_json::from_str(line).unwrap()
}

fn frames(stack: &Value) -> usize {
    stack.as_array().map_or(0, Vec::len)
}

#[test]
fn verbose_variable_drives_the_default() {
    for quiet in [
        None,
        Some(""),
        Some("0"),
        Some("yes"),
        Some("-2"),
        Some("full stack"),
    ] {
        let report = run_child(quiet);
        assert_eq!(report["verbosity"], "Off", "{quiet:?}");
        assert_eq!(report["objectStack"], Value::Null, "{quiet:?}");
        assert_eq!(report["responseStack"], Value::Null, "{quiet:?}");
    }

    let report = run_child(Some("2"));
    assert_eq!(report["verbosity"], "Frames(2)");
    assert!(report["objectStack"].is_array());
    assert!(frames(&report["objectStack"]) <= 2);
    if cfg!(debug_assertions) {
        // With debug info the child's own test function is among the frames.
        assert!(frames(&report["objectStack"]) >= 1, "{report}");
    }
    assert!(report["responseStack"].is_array());
    assert_eq!(report["overridden"], Value::Null);

    let report = run_child(Some(" FULL "));
    assert_eq!(report["verbosity"], "Full");
    assert!(report["objectStack"].is_array());
    assert!(report["responseStack"].is_array());
    assert_eq!(report["overridden"], Value::Null);
    let tool = &report["toolResult"];
    assert_eq!(
        tool["structuredContent"]["error"]["data"]["symbol"],
        "PATH_NOT_FOUND"
    );
    assert!(!tool.to_string().contains("stack"), "{tool}");
}
