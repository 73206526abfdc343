//! The fleet in the other direction: `examples/ts_server` (TypeScript, built on the module
//! generated from `examples/mcp_server`'s catalog) fails its tools with `createError(...)
//! .toToolError()`, and this Rust client, through rmcp, decodes every error with the Rust
//! enums the catalog came from (`CommonError`, `ProtocolError`) and checks that the TypeScript
//! tool error is byte for byte the one the Rust server sends for the decoded value.
//!
//! Needs `node` (>= 20) on the PATH; without it the test says so and passes. The server runs
//! from the committed `examples/ts_server/dist/` (`.ci/polyglot.sh` rebuilds it with the
//! pinned TypeScript and fails when it is stale).

#![cfg(feature = "rmcp-3")]

use std::path::Path;

use mcp_errors::{CommonError, ErrorObject, McpErrorExt, ProtocolError};
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::serve_client;
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::transport::TokioChildProcess;
use serde_json::{Map, Value, json};

fn server_script() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/ts_server/dist/ts_server/server.js")
}

fn node_present() -> bool {
    std::process::Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

async fn connect() -> RunningService<RoleClient, ()> {
    let mut command = tokio::process::Command::new("node");
    command.arg(server_script());
    let transport = TokioChildProcess::new(command).expect("spawn node");
    serve_client((), transport)
        .await
        .expect("initialize with the TypeScript server")
}

/// The error object a tool error stands for: `_meta`'s code, symbol, domain, details and
/// data, as the Rust decoders read them.
fn error_object(result: &Value) -> ErrorObject {
    let meta = &result["_meta"];
    let mut data = meta["data"].as_object().cloned().unwrap_or_else(Map::new);
    for (key, from) in [
        ("symbol", "errorCode"),
        ("domain", "domain"),
        ("retryable", "retryable"),
        ("details", "details"),
    ] {
        if let Some(value) = meta.get(from) {
            data.insert(key.to_owned(), value.clone());
        }
    }
    let text = result["content"][0]["text"].as_str().unwrap_or_default();
    let message = text.split('\n').next().unwrap_or_default();
    let message = message.split_once(": ").map_or(message, |(_, m)| m);
    ErrorObject {
        code: i32::try_from(meta["code"].as_i64().expect("_meta.code")).unwrap(),
        message: message.to_owned(),
        data: Some(Value::Object(data)),
    }
}

async fn call(
    client: &RunningService<RoleClient, ()>,
    tool: &str,
    args: Value,
) -> Result<CallToolResult, ServiceError> {
    client
        .call_tool(
            CallToolRequestParams::new(tool.to_owned())
                .with_arguments(args.as_object().cloned().unwrap()),
        )
        .await
}

#[tokio::test]
async fn rust_client_decodes_the_typescript_servers_errors() {
    if !node_present() {
        eprintln!("test_ts_server: skipped, `node` is not installed (CI installs it)");
        return;
    }
    let client = connect().await;
    let mut tools: Vec<String> = client
        .list_all_tools()
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name.into_owned())
        .collect();
    tools.sort();
    assert_eq!(tools, ["echo", "fetch", "navigate", "open_session", "run"]);

    let cases = [
        (
            "open_session",
            json!({"id": "s-42"}),
            CommonError::SessionNotFound {
                details: Some("no session \"s-42\"".into()),
            },
        ),
        (
            "fetch",
            json!({"url": "https://slow.invalid/"}),
            CommonError::Timeout {
                details: Some("no answer from https://slow.invalid/ within 30 s".into()),
            },
        ),
        (
            "run",
            json!({"command": "gcc"}),
            CommonError::NotInstalled {
                details: Some("gcc: command not found".into()),
            },
        ),
        (
            "echo",
            json!({"text": 5}),
            CommonError::InvalidParams {
                details: Some("/text: expected a string".into()),
            },
        ),
    ];
    for (tool, args, expected) in cases {
        let result = call(&client, tool, args)
            .await
            .unwrap_or_else(|e| panic!("{tool}: {e}"));
        assert_eq!(result.is_error, Some(true), "{tool}");
        let mut got = serde_json::to_value(&result).unwrap();
        got.as_object_mut().unwrap().remove("resultType");
        let decoded = CommonError::from_error_object(&error_object(&got))
            .unwrap_or_else(|e| panic!("{tool}: {e}"));
        assert_eq!(decoded, expected, "{tool}");
        // The TypeScript tool error is the one the Rust server sends for the same error.
        assert_eq!(
            got,
            decoded.to_tool_result().to_json_value().unwrap(),
            "{tool}"
        );
    }

    let ok = call(&client, "echo", json!({"text": "hi"})).await.unwrap();
    assert_ne!(ok.is_error, Some(true));

    // The server's own domain, from its hand-written catalog (examples/ts_server/errors.toml):
    // a tool error under domain `puppeteer`, code 2200, as the catalog says.
    let nav = call(&client, "navigate", json!({"url": "http://x.invalid"}))
        .await
        .unwrap();
    let nav = serde_json::to_value(&nav).unwrap();
    let object = error_object(&nav);
    assert_eq!(
        (object.code, object.symbol(), object.domain()),
        (2200, Some("E_PT_NAV"), Some("puppeteer"))
    );
    assert_eq!(nav["_meta"]["retryable"], true);
    assert_eq!(nav["_meta"]["data"]["url"], "http://x.invalid");

    // An unknown tool: the JSON-RPC error INVALID_PARAMS, decoded by ProtocolError.
    match call(&client, "no_such_tool", json!({})).await {
        Err(ServiceError::McpError(error)) => {
            let object: ErrorObject =
                serde_json::from_value(serde_json::to_value(&error).unwrap()).unwrap();
            let decoded = ProtocolError::from_error_object(&object).unwrap();
            assert!(
                matches!(decoded, ProtocolError::InvalidParams { .. }),
                "{decoded:?}"
            );
            assert_eq!(object.symbol(), Some("INVALID_PARAMS"));
        }
        other => panic!("expected a JSON-RPC error, got {other:?}"),
    }
    client.cancel().await.unwrap();
}
