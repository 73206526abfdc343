//! An rmcp 1.3 server with the adoption traps of docs/adopt.md, each resolved, driven over an
//! in-memory pipe with raw JSON-RPC: `cargo run` prints every reply and checks it.
//!
//! - rmcp 1.0 to 1.3 take a tool's `Result<T, E>` only for `E: IntoContents`, so
//!   `Result<Json<T>, OurError>` fails in `#[tool_router]` (E0277, `IntoToolRoute`): the tool
//!   returns `Result<CallToolResult, ErrorData>` through `rmcp_1::tool_call_result`, which
//!   works on every 1.x release;
//! - rmcp-macros before 1.4 replace a hand-written `call_tool` under `#[tool_handler]`
//!   (E0201): `ServerHandler` is written by hand, `call_tool` and `list_tools`;
//! - the name clash: `ErrorData as McpError` stays, the derive is named by path;
//! - rmcp-macros list an `outputSchema` only for a `Json<T>` return type, so the
//!   `tool_call_result` route would drop it: `#[tool(output_schema = line::output_schema::<T>())]`
//!   keeps it, and `tools/list` is compared with the server's before adoption (`Before`).
//!
//! Built with rmcp 1.3 and again with rmcp 1.0 (and their rmcp-macros) by .ci/rmcp_lines.sh.

#[path = "../../session.rs"]
mod session;

use mcp_errors::Parameters;
use mcp_errors::integrations::rmcp_1::{self as line, tool_call_result};
use rmcp::ErrorData as McpError;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::handler::server::wrapper::Json;
use rmcp::model::{CallToolRequestParams, CallToolResult, ListToolsResult, PaginatedRequestParams};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler, tool, tool_router};
use serde_json::json;

#[derive(Debug, mcp_errors::McpError)]
#[mcp(domain = "browser", range = 2100..=2199, symbol_prefix = "E_PW_")]
enum BrowserError {
    /// Navigation failed
    #[mcp(code = 2100, retryable, kind = "network")]
    Nav {
        #[mcp(details)]
        reason: String,
    },
    /// The browser session expired
    #[mcp(code = 2101, protocol)]
    SessionExpired,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Url {
    url: String,
}

#[derive(serde::Serialize, schemars::JsonSchema)]
struct Page {
    title: String,
}

fn open(url: &str) -> Result<Page, BrowserError> {
    match url {
        "expired" => Err(BrowserError::SessionExpired),
        "https://example.com/" => Ok(Page {
            title: "Example".into(),
        }),
        _ => Err(BrowserError::Nav {
            reason: format!("cannot resolve {url}"),
        }),
    }
}

#[derive(Clone)]
struct Browser {
    tool_router: ToolRouter<Browser>,
}

#[tool_router]
impl Browser {
    fn new() -> Self {
        Browser {
            tool_router: Self::tool_router(),
        }
    }

    /// `Result<Json<Page>, BrowserError>` from 1.4 on; on 1.0 to 1.3 through
    /// `tool_call_result`, with the output schema `Json<Page>` would have listed.
    #[tool(description = "Open a URL", output_schema = line::output_schema::<Page>())]
    async fn navigate(
        &self,
        Parameters(Url { url }): Parameters<Url>,
    ) -> Result<CallToolResult, McpError> {
        tool_call_result(open(&url).map(Json))
    }
}

/// The same tool before adoption: `Json<Page>`, whose output schema rmcp-macros derive.
#[derive(Clone)]
struct Before {
    tool_router: ToolRouter<Before>,
}

#[tool_router]
impl Before {
    fn new() -> Self {
        Before {
            tool_router: Self::tool_router(),
        }
    }

    #[tool(description = "Open a URL")]
    async fn navigate(
        &self,
        rmcp::handler::server::wrapper::Parameters(Url { url }): rmcp::handler::server::wrapper::Parameters<Url>,
    ) -> Result<Json<Page>, McpError> {
        open(&url)
            .map(Json)
            .map_err(|e| McpError::internal_error(format!("{e:?}"), None))
    }
}

#[rmcp::tool_handler]
impl ServerHandler for Before {}

/// No `#[tool_handler]`: before rmcp-macros 1.4 it would replace this `call_tool`.
impl ServerHandler for Browser {
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let tcc = ToolCallContext::new(self, request, context);
        line::finish_tool_call(self.tool_router.call(tcc).await)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult {
            tools: self.tool_router.list_all(),
            meta: None,
            next_cursor: None,
        })
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut s = session::Session::start(Browser::new()).await;

    let reply = s
        .call("navigate", json!({ "url": "https://example.com/" }))
        .await;
    assert_eq!(
        reply["result"]["structuredContent"]["title"], "Example",
        "{reply}"
    );

    let reply = s.call("navigate", json!({ "url": "nowhere" })).await;
    assert_eq!(reply["result"]["isError"], true, "{reply}");
    assert_eq!(reply["result"]["_meta"]["errorCode"], "E_PW_NAV", "{reply}");

    let reply = s.call("navigate", json!({ "url": "expired" })).await;
    assert_eq!(reply["error"]["code"], 2101, "{reply}");

    // A bad argument: `finish_tool_call` in the hand-written `call_tool` makes it a tool error.
    let reply = s.call("navigate", json!({ "url": 42 })).await;
    assert_eq!(
        reply["result"]["_meta"]["data"]["pointer"], "/url",
        "{reply}"
    );

    // `tools/list` before and after adoption: the same tools, the same output schemas.
    let after = s.request("tools/list", json!({})).await;
    assert_eq!(after["result"]["tools"][0]["name"], "navigate", "{after}");
    let before = session::Session::start(Before::new())
        .await
        .request("tools/list", json!({}))
        .await;
    let schema = &before["result"]["tools"][0]["outputSchema"];
    assert!(schema["properties"]["title"].is_object(), "{before}");
    assert_eq!(
        after["result"]["tools"][0]["outputSchema"], *schema,
        "{after}"
    );
    let names = |list: &serde_json::Value| {
        list["result"]["tools"]
            .as_array()
            .map(|tools| tools.iter().map(|t| t["name"].clone()).collect::<Vec<_>>())
    };
    assert_eq!(names(&after), names(&before), "{after}");
    println!("adopt rmcp 1.x (tools/list keeps the output schema): ok");
}
