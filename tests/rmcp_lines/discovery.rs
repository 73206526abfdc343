//! The catalog's discovery helpers on this rmcp line (docs/discovery.md), by value: the
//! `resources` capability, the catalog resource appended to a server's own list and read back,
//! and the tools' error symbols under `_meta` (absent on 0.8.x, whose `Tool` has no `_meta`);
//! then the one call, `with_error_discovery`, on the wire: the catalog published and the
//! wrapped handler's own methods still answering.
//! Included by `conversions.rs`, so `.ci/rmcp_lines.sh` type-checks it against each line's
//! lowest release and runs it on the highest.

use mcp_errors::discovery::{CATALOG_URI, ErrorDiscovery, TOOL_ERRORS_META_KEY};
use rmcp::model::{InitializeResult, ListResourcesResult, ListToolsResult};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler};
use serde_json::{Value, json};

use super::{CallParams, ErrorData, PwError, Response, Server, Session, line};

#[cfg(feature = "line-0")]
use rmcp::model::PaginatedRequestParam as PageParams;
#[cfg(not(feature = "line-0"))]
use rmcp::model::PaginatedRequestParams as PageParams;

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

/// A handler with methods of its own (name, tools, a tool call, `sys/errorStats`), which the
/// wrapper must still reach.
struct Own(Server);

impl ServerHandler for Own {
    fn get_info(&self) -> InitializeResult {
        let mut info = self.0.get_info();
        info.server_info.name = "own-server".into();
        info.capabilities.tools = Some(Default::default());
        info
    }

    async fn list_tools(
        &self,
        _request: Option<PageParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let mut list = ListToolsResult::default();
        list.tools = Server::tool_router().list_all();
        Ok(list)
    }

    async fn call_tool(
        &self,
        request: CallParams,
        context: RequestContext<RoleServer>,
    ) -> Result<Response, ErrorData> {
        self.0.call_tool(request, context).await
    }

    #[cfg(not(feature = "line-0"))]
    async fn on_custom_request(
        &self,
        request: rmcp::model::CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::CustomResult, ErrorData> {
        self.0.on_custom_request(request, context).await
    }
}

#[tokio::test]
async fn one_call_publishes_and_forwards() {
    let mut s = Session::serving(line::with_error_discovery(Own(Server::new()), discovery())).await;

    let init = &s.init["result"];
    assert_eq!(init["serverInfo"]["name"], "own-server", "{init}");
    assert!(init["capabilities"]["resources"].is_object(), "{init}");
    assert!(init["capabilities"]["tools"].is_object(), "{init}");

    let listed = s.request("resources/list", json!({})).await;
    let resources = listed["result"]["resources"].as_array().expect("a list");
    assert!(resources.iter().any(|r| r["uri"] == CATALOG_URI), "{listed}");
    let read = s.request("resources/read", json!({ "uri": CATALOG_URI })).await;
    assert_eq!(read["result"]["contents"][0]["text"], CATALOG, "{read}");
    let other = s.request("resources/read", json!({ "uri": "file:///other" })).await;
    assert!(other.get("error").is_some(), "{other}");

    // The handler's own `call_tool`: the tool error with its `_meta`.
    let called = s.call("navigate", json!({ "url": "https://example.invalid/" })).await;
    assert_eq!(called["result"]["isError"], true, "{called}");
    assert_eq!(called["result"]["_meta"]["errorCode"], "E_PW_NAV", "{called}");

    // The handler's own `on_custom_request` (`sys/errorStats`, answered once metrics are on).
    #[cfg(not(feature = "line-0"))]
    {
        let _ = super::stats();
        let stats = s.request("sys/errorStats", json!({})).await;
        assert!(stats.get("result").is_some(), "{stats}");
    }

    let tools = s.request("tools/list", json!({})).await;
    let listed = tools["result"]["tools"].as_array().expect("tools");
    let navigate = listed.iter().find(|t| t["name"] == "navigate").expect("navigate");
    if cfg!(feature = "line-0") && navigate.get("_meta").is_none() {
        return; // 0.8.x: no `_meta` on a tool
    }
    assert_eq!(
        navigate["_meta"][TOOL_ERRORS_META_KEY]["symbols"],
        json!(["E_PW_NAV", "E_PW_SESSION_EXPIRED"]),
        "{navigate}"
    );
}
