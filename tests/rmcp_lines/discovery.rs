//! The catalog's discovery helpers on this rmcp line (docs/discovery.md), by value: the
//! `resources` capability, the catalog resource appended to a server's own list and read back,
//! and the tools' error symbols under `_meta` (absent on 0.8.x, whose `Tool` has no `_meta`).
//! Included by `conversions.rs`, so `.ci/rmcp_lines.sh` type-checks it against each line's
//! lowest release and runs it on the highest.

use mcp_errors::discovery::{CATALOG_URI, ErrorDiscovery, TOOL_ERRORS_META_KEY};
use rmcp::ServerHandler;
use rmcp::model::ListResourcesResult;
use serde_json::{Value, json};

use super::{PwError, Server, line};

const CATALOG: &str = r#"{"format":"mcp-errors-catalog","version":1,"enums":[]}"#;

fn discovery() -> ErrorDiscovery {
    ErrorDiscovery::new(CATALOG).tool::<PwError>("navigate")
}

#[test]
fn the_catalog_resource_and_the_tools_symbols() {
    let d = discovery();
    let info = line::catalog_capability(Server::new().get_info());
    assert!(info.capabilities.resources.is_some());

    let listed = serde_json::to_value(line::list_resources_with_catalog(
        &d,
        ListResourcesResult::default(),
    ))
    .unwrap();
    assert_eq!(listed["resources"][0]["uri"], CATALOG_URI, "{listed}");
    assert_eq!(listed["resources"][0]["mimeType"], "application/json");

    let read = serde_json::to_value(line::read_catalog_resource(&d, CATALOG_URI).unwrap()).unwrap();
    assert_eq!(read["contents"][0]["text"], CATALOG, "{read}");
    assert!(line::read_catalog_resource(&d, "file:///other").is_none());

    let tools = line::tools_with_errors(&d, Server::tool_router().list_all());
    let listed: Vec<Value> = tools.iter().map(|t| serde_json::to_value(t).unwrap()).collect();
    let navigate = listed.iter().find(|t| t["name"] == "navigate").unwrap();
    let other = listed.iter().find(|t| t["name"] == "navigate_rpc").unwrap();
    assert!(other.get("_meta").is_none(), "{other}");
    let routed = line::tool_router_with_errors(&d, Server::tool_router());
    let from_router = routed
        .list_all()
        .iter()
        .map(|t| serde_json::to_value(t).unwrap())
        .find(|t| t["name"] == "navigate")
        .unwrap();
    if cfg!(feature = "line-0") && navigate.get("_meta").is_none() {
        return; // 0.8.x: no `_meta` on a tool
    }
    let expected = json!({ "symbols": ["E_PW_NAV", "E_PW_SESSION_EXPIRED"], "catalog": CATALOG_URI });
    assert_eq!(navigate["_meta"][TOOL_ERRORS_META_KEY], expected, "{navigate}");
    assert_eq!(from_router["_meta"][TOOL_ERRORS_META_KEY], expected);
}
