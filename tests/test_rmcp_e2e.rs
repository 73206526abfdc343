//! End to end through rmcp's own client: starts `examples/mcp_server/main.rs` as a child process
//! over stdio and checks every call of `tests/e2e/cases.json` by value, `sys/errorStats` with
//! `MCP_ERRORS_METRICS=1`, and `-32601` without it.
//!
//! The example binary is (re)built with this test's features by `cargo build --example
//! mcp_server`, a no-op right after `cargo test --features rmcp-3` or `--all-features`, which
//! build examples before running tests.

#![cfg(feature = "rmcp-3")]

mod example_server;

use std::path::{Path, PathBuf};
use std::process::Command;

use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientRequest, CustomRequest, ServerResult,
};
use rmcp::serve_client;
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::transport::TokioChildProcess;
use serde_json::{Value, json};

const CASES: &str = include_str!("e2e/cases.json");

fn cases() -> Value {
    serde_json::from_str(CASES).expect("tests/e2e/cases.json is JSON")
}

use example_server::server_binary;

/// A fresh directory laid out as `cases.json` says, and a directory outside it; both are
/// removed on drop.
struct Sandbox {
    root: PathBuf,
    outside: PathBuf,
}

impl Sandbox {
    fn new(tag: &str) -> Sandbox {
        let base = std::env::temp_dir().join(format!(
            "mcp-errors-e2e-rs-{tag}-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        let root = base.join("root");
        let outside = base.join("outside");
        std::fs::create_dir_all(root.join("sub")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        for (name, text) in cases()["files"].as_object().unwrap() {
            std::fs::write(root.join(name), text.as_str().unwrap()).unwrap();
        }
        std::fs::write(root.join("notes.bin"), [0xff, 0xfe, 0x00, 0x80]).unwrap();
        std::fs::write(outside.join("secret.txt"), "outside the root\n").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(outside.join("secret.txt"), root.join("link_out")).unwrap();
        Sandbox {
            root: root.canonicalize().unwrap(),
            outside,
        }
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        if let Some(base) = self.outside.parent() {
            let _ = std::fs::remove_dir_all(base);
        }
    }
}

/// Starts the server in `root` (its working directory), or in another directory with `root`
/// as its argument.
async fn connect(root: &Path, metrics: bool) -> RunningService<RoleClient, ()> {
    spawn(root, None, metrics).await
}

async fn spawn(root: &Path, cwd: Option<&Path>, metrics: bool) -> RunningService<RoleClient, ()> {
    let mut command = tokio::process::Command::new(server_binary());
    match cwd {
        None => command.current_dir(root),
        Some(cwd) => command.current_dir(cwd).arg(root),
    };
    // The answers are compared by value: no stack (MCP_ERRORS_VERBOSE) and no sampling
    // (MCP_ERRORS_METRICS_SAMPLE) from the environment the tests run in, under either name.
    for var in [
        "MCP_ERRORS_METRICS",
        "MCP_ERRORS_METRICS_SAMPLE",
        "MCP_ERROR_METRICS",
        "MCP_ERROR_METRICS_SAMPLE",
        "MCP_ERRORS_VERBOSE",
    ] {
        command.env_remove(var);
    }
    if metrics {
        command.env("MCP_ERRORS_METRICS", "1");
    }
    let transport = TokioChildProcess::new(command).expect("spawn the example server");
    serve_client((), transport)
        .await
        .expect("initialize with the example server")
}

fn arguments(value: &Value) -> serde_json::Map<String, Value> {
    value.as_object().cloned().unwrap_or_default()
}

async fn error_stats(client: &RunningService<RoleClient, ()>) -> Result<Value, ServiceError> {
    let request = ClientRequest::CustomRequest(CustomRequest::new("sys/errorStats", None));
    match client.send_request(request).await? {
        ServerResult::CustomResult(result) => Ok(result.0),
        other => panic!("sys/errorStats answered {other:?}"),
    }
}

fn tool_result_json(result: &CallToolResult) -> Value {
    let mut value = serde_json::to_value(result).unwrap();
    // `resultType` (protocol 2026-07-28) is rmcp's own addition, not part of our envelope.
    if let Some(map) = value.as_object_mut() {
        map.remove("resultType");
    }
    value
}

#[tokio::test]
async fn every_case_and_the_error_counts() {
    let sandbox = Sandbox::new("cases");
    let cases = cases();
    let client = connect(&sandbox.root, true).await;

    let mut tools: Vec<String> = client
        .list_all_tools()
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name.into_owned())
        .collect();
    tools.sort();
    assert_eq!(tools, ["navigate", "read_file"]);

    for case in cases["calls"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        let tool = case["tool"].as_str().unwrap().to_owned();
        let params = CallToolRequestParams::new(tool).with_arguments(arguments(&case["arguments"]));
        let got = client.call_tool(params).await;
        if let Some(expected) = case.get("error") {
            match got {
                Err(ServiceError::McpError(error)) => {
                    assert_eq!(serde_json::to_value(&error).unwrap(), *expected, "{name}");
                }
                other => panic!("{name}: expected a JSON-RPC error, got {other:?}"),
            }
        } else if let Some(expected) = case.get("result") {
            let result = got.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(tool_result_json(&result), *expected, "{name}");
        } else {
            let result = got.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_ne!(result.is_error, Some(true), "{name}");
            assert_eq!(
                serde_json::to_value(&result.content).unwrap(),
                json!([{"type": "text", "text": case["text"]}]),
                "{name}"
            );
        }
    }

    assert_eq!(error_stats(&client).await.unwrap(), cases["stats"]);
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn error_stats_is_method_not_found_without_metrics() {
    let sandbox = Sandbox::new("plain");
    let client = connect(&sandbox.root, false).await;
    match error_stats(&client).await {
        Err(ServiceError::McpError(error)) => {
            assert_eq!(error.code.0, mcp_errors::jsonrpc::METHOD_NOT_FOUND);
        }
        other => panic!("expected -32601, got {other:?}"),
    }
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn reads_a_file_but_not_the_file_a_symlink_escapes_to() {
    let sandbox = Sandbox::new("read");
    // The root as the argument, the working directory elsewhere.
    let client = spawn(&sandbox.root, Some(&sandbox.outside), false).await;
    let read = |path: &str| {
        CallToolRequestParams::new("read_file").with_arguments(arguments(&json!({ "path": path })))
    };

    let ok = client.call_tool(read("./sub/../hello.txt")).await;
    // `..` is refused even when it would stay inside the root.
    let ok = ok.unwrap();
    assert_eq!(ok.is_error, Some(true));
    assert_eq!(
        ok.meta.as_ref().unwrap().0["errorCode"],
        json!("E_FS_PATH_ESCAPE")
    );

    let ok = client.call_tool(read("./hello.txt")).await.unwrap();
    assert_ne!(ok.is_error, Some(true));
    assert_eq!(
        serde_json::to_value(&ok.content).unwrap(),
        json!([{"type": "text", "text": "hello from the e2e root\n"}])
    );

    let escaped = client.call_tool(read("link_out")).await.unwrap();
    let text = serde_json::to_string(&escaped).unwrap();
    assert!(!text.contains("outside the root"), "{text}");
    assert!(
        !text.contains(sandbox.outside.to_str().unwrap()),
        "the resolved target must not leak: {text}"
    );
    client.cancel().await.unwrap();
}

#[test]
fn cases_file_counts_match_its_calls() {
    // The expected `sys/errorStats` of cases.json follows from its calls.
    let cases = cases();
    let mut total = 0;
    let mut by_symbol = serde_json::Map::new();
    for case in cases["calls"].as_array().unwrap() {
        let symbol = if let Some(counted) = case.get("countedAs") {
            counted.clone()
        } else if let Some(error) = case.get("error") {
            error["data"]["symbol"].clone()
        } else if let Some(result) = case.get("result") {
            result["_meta"]["errorCode"].clone()
        } else {
            continue;
        };
        total += 1;
        let key = symbol.as_str().unwrap().to_owned();
        let n = by_symbol.get(&key).and_then(Value::as_u64).unwrap_or(0);
        by_symbol.insert(key, json!(n + 1));
    }
    assert_eq!(cases["stats"]["total"], json!(total));
    assert_eq!(cases["stats"]["bySymbol"], Value::Object(by_symbol));
}

/// The rmcp guide's first example shows what `navigate` answers: it is the answer this suite
/// expects of the example server, by value.
#[test]
fn rmcp_guide_shows_the_navigate_reply_of_the_cases() {
    let readme = include_str!("../docs/rmcp.md");
    let marker = "<!-- navigate-reply -->\n```json\n";
    let start = readme
        .find(marker)
        .expect("docs/rmcp.md marks the navigate reply")
        + marker.len();
    let shown: Value =
        serde_json::from_str(&readme[start..start + readme[start..].find("```").unwrap()])
            .expect("the rmcp guide's navigate reply is JSON");
    let cases = cases();
    let expected = cases["calls"]
        .as_array()
        .unwrap()
        .iter()
        .find(|case| case["tool"] == "navigate" && case["arguments"] == shown_arguments(&shown))
        .expect("a case calls navigate with the rmcp guide's URL");
    assert_eq!(shown["result"], expected["result"]);
}

/// The arguments of the rmcp guide's navigate call: its URL, as `_meta.data` echoes it.
fn shown_arguments(shown: &Value) -> Value {
    json!({ "url": shown["result"]["_meta"]["data"]["url"] })
}

/// `mcp_server --catalog` prints the server's catalog and nothing else, and it is the one
/// `examples/mcp_server/clients/` was generated from (the generated modules themselves are
/// checked against it by `mcp-errors-cli`'s tests).
#[test]
fn catalog_flag_prints_the_committed_catalog() {
    let output = Command::new(server_binary())
        .arg("--catalog")
        .output()
        .expect("run mcp_server --catalog");
    assert!(output.status.success());
    let printed: Value =
        serde_json::from_slice(&output.stdout).expect("mcp_server --catalog prints JSON only");
    let committed: Value =
        serde_json::from_str(include_str!("../examples/mcp_server/clients/catalog.json")).unwrap();
    assert_eq!(
        printed, committed,
        "examples/mcp_server/clients/catalog.json is stale: regenerate it with \
         `mcp_server --catalog > examples/mcp_server/clients/catalog.json`, then the modules \
         with `MCP_ERRORS_BLESS=1 cargo test -p mcp-errors-cli --test cli`"
    );
}

/// `MCP_EXAMPLE_SYMBOL_PREFIX=1` (`JsonRpcMessageFormat::SYMBOL_FIRST`): the JSON-RPC error's
/// message starts with its symbol, `data` unchanged, and what a gateway keeps of it (the
/// message, under a code of its own, `data: null`) decodes back to the same error.
#[test]
fn symbol_prefix_env_puts_the_symbol_first_and_survives_a_message_only_gateway() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    use std::time::Duration;

    use mcp_errors::McpError;

    #[derive(Debug, McpError)]
    #[mcp(domain = "session", protocol, decode)]
    enum Session {
        /// Missing required client capability
        #[mcp(code = -32021, symbol = "MISSING_CLIENT_CAPABILITY")]
        MissingCapability {
            #[mcp(rename = "requiredCapabilities")]
            required: Option<Value>,
        },
    }

    let mut child = Command::new(server_binary())
        .arg(env!("CARGO_MANIFEST_DIR"))
        .env("MCP_EXAMPLE_SYMBOL_PREFIX", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn the example server");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    for message in [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "symbol-prefix", "version": "0"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "navigate", "arguments": {"url": "https://a.invalid/", "confirm": true}}}),
    ] {
        writeln!(stdin, "{message}").unwrap();
    }
    stdin.flush().unwrap();
    let reply = loop {
        let line = received
            .recv_timeout(Duration::from_secs(30))
            .expect("the server answers within 30 s");
        let value: Value = serde_json::from_str(&line).unwrap();
        if value["id"] == 2 {
            break value;
        }
    };
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    let error = &reply["error"];
    assert_eq!(error["code"], -32021, "{reply}");
    assert_eq!(
        error["message"], "MISSING_CLIENT_CAPABILITY: Missing required client capability",
        "{reply}"
    );
    assert_eq!(error["data"]["symbol"], "MISSING_CLIENT_CAPABILITY");
    // A gateway that kept only the message, under its own code.
    let kept = mcp_errors::ErrorObject {
        code: -32603,
        message: error["message"].as_str().unwrap().to_owned(),
        data: None,
    };
    let decoded = Session::from_error_object(&kept).unwrap();
    assert_eq!(
        (decoded.code(), decoded.symbol()),
        (-32021, "MISSING_CLIENT_CAPABILITY")
    );
    // One that made it a tool result of that text.
    let tool = json!({"content": [{"type": "text", "text": error["message"]}], "isError": true});
    let from_tool = mcp_errors::ErrorObject::from_tool_result(&tool).unwrap();
    assert!(Session::from_error_object(&from_tool).is_ok());
}
