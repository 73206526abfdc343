//! Discovery of the catalog from the server (docs/discovery.md), end to end through rmcp's own
//! client: the example server (`examples/mcp_server/main.rs`) lists the resource
//! `mcp-errors://catalog`, serves the `--catalog` JSON under it, lists each tool's symbols under
//! `_meta["io.crates.mcp-errors/errors"]`, and a client with no generated type for the server
//! decodes its errors by symbol with the catalog it read. Then hostile catalogs: each refused,
//! the catalog loaded before kept.

#![cfg(feature = "rmcp-3")]

mod example_server;

use std::process::Command;

use mcp_errors::ErrorObject;
use mcp_errors::discovery::{
    CATALOG_MIME_TYPE, CATALOG_URI, CatalogRejected, DiscoveredCatalog, MAX_CATALOG_BYTES,
    TOOL_ERRORS_META_KEY,
};
use mcp_errors::integrations::rmcp_3::discovered_catalog;
use rmcp::model::{CallToolRequestParams, ReadResourceRequestParams};
use rmcp::serve_client;
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::transport::TokioChildProcess;
use serde_json::{Value, json};

use example_server::server_binary;

async fn connect() -> RunningService<RoleClient, ()> {
    let mut command = tokio::process::Command::new(server_binary());
    command.current_dir(std::env::temp_dir());
    for var in [
        "MCP_ERRORS_VERBOSE",
        "MCP_ERRORS_METRICS",
        "MCP_ERROR_METRICS",
    ] {
        command.env_remove(var);
    }
    let transport = TokioChildProcess::new(command).expect("spawn the example server");
    serve_client((), transport)
        .await
        .expect("initialize with the example server")
}

/// What `mcp_server --catalog` prints.
fn printed_catalog() -> Value {
    let output = Command::new(server_binary())
        .arg("--catalog")
        .output()
        .expect("run mcp_server --catalog");
    assert!(output.status.success());
    serde_json::from_slice(&output.stdout).expect("--catalog prints JSON")
}

fn arguments(value: Value) -> serde_json::Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => serde_json::Map::new(),
    }
}

#[tokio::test]
async fn a_client_without_generated_types_decodes_the_servers_errors_by_symbol() {
    let client = connect().await;
    let info = client.peer_info().expect("the server's initialize result");
    assert!(
        info.capabilities.resources.is_some(),
        "the resources capability is declared"
    );

    // resources/list names the catalog, with its MIME type.
    let listed = serde_json::to_value(client.list_resources(None).await.unwrap()).unwrap();
    let catalogs: Vec<&Value> = listed["resources"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["uri"] == CATALOG_URI)
        .collect();
    assert_eq!(catalogs.len(), 1, "{listed}");
    assert_eq!(catalogs[0]["mimeType"], CATALOG_MIME_TYPE);

    // resources/read: the --catalog JSON, by value.
    let read = client
        .read_resource(ReadResourceRequestParams::new(CATALOG_URI))
        .await
        .unwrap();
    let read_json = serde_json::to_value(&read).unwrap();
    let content = &read_json["contents"][0];
    assert_eq!(content["uri"], CATALOG_URI);
    assert_eq!(content["mimeType"], CATALOG_MIME_TYPE);
    let text = content["text"].as_str().expect("a text content");
    assert_eq!(
        serde_json::from_str::<Value>(text).unwrap(),
        printed_catalog()
    );
    let catalog = discovered_catalog(&read).expect("the served catalog loads");

    // tools/list: each tool's symbols, every one of them in the catalog.
    let tools = client.list_all_tools().await.unwrap();
    let symbols_of = |name: &str| -> Vec<String> {
        let tool = tools.iter().find(|t| t.name == name).expect(name);
        let meta = serde_json::to_value(&tool.meta).unwrap();
        assert_eq!(meta[TOOL_ERRORS_META_KEY]["catalog"], CATALOG_URI);
        serde_json::from_value(meta[TOOL_ERRORS_META_KEY]["symbols"].clone()).unwrap()
    };
    let navigate = symbols_of("navigate");
    for symbol in ["E_PW_NAV", "MISSING_CLIENT_CAPABILITY", "E_INVALID_PARAMS"] {
        assert!(
            navigate.iter().any(|s| s == symbol),
            "{symbol} in {navigate:?}"
        );
    }
    let read_file = symbols_of("read_file");
    assert!(
        read_file.iter().any(|s| s == "E_FS_PATH_ESCAPE"),
        "{read_file:?}"
    );
    assert!(!read_file.iter().any(|s| s == "E_PW_NAV"), "{read_file:?}");
    for symbol in navigate.iter().chain(&read_file) {
        assert!(
            catalog.entry_by_symbol(symbol).is_some(),
            "{symbol} not in the catalog"
        );
    }

    // A tool error, decoded with the catalog alone.
    let result = client
        .call_tool(
            CallToolRequestParams::new("navigate")
                .with_arguments(arguments(json!({"url": "https://example.invalid/page"}))),
        )
        .await
        .unwrap();
    let decoded = catalog
        .decode_tool_result(&serde_json::to_value(&result).unwrap())
        .expect("the tool error decodes");
    assert_eq!(decoded.entry.symbol, "E_PW_NAV");
    assert_eq!(decoded.entry.kind, "network");
    assert_eq!(decoded.entry.code, 2100);
    assert!(decoded.retryable);
    assert_eq!(decoded.domain, "playwright");

    // A JSON-RPC error, decoded with the catalog alone.
    let error = client
        .call_tool(
            CallToolRequestParams::new("navigate").with_arguments(arguments(
                json!({"url": "https://example.invalid/page", "confirm": true}),
            )),
        )
        .await;
    let Err(ServiceError::McpError(error)) = error else {
        panic!("expected a JSON-RPC error, got {error:?}");
    };
    let decoded = catalog
        .decode(&ErrorObject::from(error))
        .expect("the JSON-RPC error decodes");
    assert_eq!(decoded.entry.symbol, "MISSING_CLIENT_CAPABILITY");
    assert_eq!(decoded.entry.code, -32021);
    assert!(!decoded.retryable);

    // Another URI is still the server's to answer: resource not found.
    let other = client
        .read_resource(ReadResourceRequestParams::new("mcp-errors://other"))
        .await;
    assert!(
        matches!(&other, Err(ServiceError::McpError(e)) if e.code.0 == -32602 || e.code.0 == -32002),
        "{other:?}"
    );
    client.cancel().await.unwrap();
}

const SMALL: &str = r#"{"enums":[{"domain":"playwright","entries":[
  {"code":2100,"symbol":"E_PW_NAV","kind":"network","retryable":true,"message":"Navigation failed"}]}]}"#;

#[test]
fn hostile_catalogs_are_refused_and_the_loaded_one_kept() {
    let mut catalog = DiscoveredCatalog::default();
    catalog.load(SMALL).unwrap();
    let nav = ErrorObject::from_json(r#"{"code":2100,"message":"m","data":{"symbol":"E_PW_NAV"}}"#)
        .unwrap();

    // Too large: refused before it is parsed (a valid catalog padded with spaces).
    let big = format!("{SMALL}{}", " ".repeat(MAX_CATALOG_BYTES));
    assert_eq!(
        catalog.load(&big),
        Err(CatalogRejected::TooLarge { len: big.len() })
    );
    // Not JSON, truncated, nested past serde_json's limit.
    for text in [
        "",
        "not json",
        &SMALL[..SMALL.len() / 2],
        &"[".repeat(100_000),
    ] {
        assert!(
            matches!(catalog.load(text), Err(CatalogRejected::Malformed { .. })),
            "{text:.40}"
        );
    }
    // Wrong shapes: not an object, members of the wrong type, missing members.
    for text in [
        "[]",
        "null",
        r#"{"enums":{}}"#,
        r#"{"enums":[{"domain":7,"entries":[]}]}"#,
        r#"{"enums":[{"domain":"d","entries":[{"code":"2100","symbol":"E","kind":"k","retryable":true,"message":"m"}]}]}"#,
        r#"{"enums":[{"domain":"d","entries":[{"code":2100,"symbol":"E","kind":"k","retryable":"yes","message":"m"}]}]}"#,
        r#"{"enums":[{"domain":"d","entries":[{"code":9999999999,"symbol":"E","kind":"k","retryable":true,"message":"m"}]}]}"#,
        r#"{"enums":[{"domain":"d","entries":[{"symbol":"E","kind":"k","retryable":true,"message":"m"}]}]}"#,
    ] {
        assert!(
            matches!(catalog.load(text), Err(CatalogRejected::Malformed { .. })),
            "{text}"
        );
    }
    // One symbol with two codes.
    let twice = r#"{"enums":[{"domain":"d","entries":[
      {"code":1,"symbol":"E_X","kind":"k","retryable":true,"message":"m"},
      {"code":2,"symbol":"E_X","kind":"k","retryable":true,"message":"m"}]}]}"#;
    assert_eq!(
        catalog.load(twice),
        Err(CatalogRejected::DuplicateSymbol {
            symbol: "E_X".into()
        })
    );
    // A resources/read result without the catalog's text.
    assert_eq!(
        DiscoveredCatalog::from_read_result(&json!({"contents": [{"uri": "x", "text": SMALL}]}))
            .err(),
        Some(CatalogRejected::NoCatalogContent)
    );
    // After all of that, the first catalog still decodes.
    assert_eq!(catalog.decode(&nav).unwrap().entry.symbol, "E_PW_NAV");
    // An unknown symbol or code decodes to nothing, never a wrong row.
    let unknown =
        ErrorObject::from_json(r#"{"code":2100,"message":"m","data":{"symbol":"E_OTHER"}}"#)
            .unwrap();
    assert!(catalog.decode(&unknown).is_none());
    assert!(
        catalog
            .decode(&ErrorObject::from_json(r#"{"code":7,"message":"m"}"#).unwrap())
            .is_none()
    );
}

#[test]
fn the_committed_catalog_loads_and_every_row_decodes_by_symbol_and_code() {
    let text = include_str!("../examples/mcp_server/clients/catalog.json");
    let catalog = DiscoveredCatalog::from_json(text).unwrap();
    assert!(catalog.entries().len() > 20);
    for entry in catalog.entries() {
        let object = ErrorObject {
            code: entry.code,
            message: entry.message.clone(),
            data: Some(json!({"symbol": entry.symbol, "domain": entry.domain})),
        };
        assert_eq!(catalog.decode(&object).unwrap().entry, entry);
    }
}
