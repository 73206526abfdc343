//! An rmcp 3.x server with the adoption traps of docs/adopt.md, each resolved, driven over an
//! in-memory pipe with raw JSON-RPC: `cargo run` prints every reply and checks it.
//!
//! - `Result<Json<T>, OurError>` straight from a `#[tool]` (rmcp 1.4 and later);
//! - `#[tool_handler]` keeps the hand-written `call_tool` (rmcp-macros 1.4 and later);
//! - the name clash: `ErrorData as McpError` stays, the derive is named by path;
//! - `.map_err(|e| e.into())?` becomes `?`;
//! - the old wire kept exactly: `-32602` with `data: {"code": "invalid_input"}`, a JSON-RPC
//!   error, not a tool error.

#[path = "../../session.rs"]
mod session;

use mcp_errors::Parameters;
use mcp_errors::integrations::rmcp_3::{self as line, plain_error_data};
use rmcp::ErrorData as McpError;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::handler::server::wrapper::Json;
use rmcp::model::{CallToolRequestParams, CallToolResponse};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler, tool, tool_handler, tool_router};
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
}

/// The errors the server sent before the port, kept exactly on the wire.
#[derive(Debug, mcp_errors::McpError)]
#[mcp(domain = "browser", protocol)]
enum WireError {
    #[mcp(code = -32602, shared_code, message = "Invalid input: {0}", data(code = "invalid_input"))]
    InvalidInput(String),
    /// Session expired
    #[mcp(code = -32001, legacy, data(code = "session_expired"))]
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
        "https://example.com/" => Ok(Page {
            title: "Example".into(),
        }),
        _ => Err(BrowserError::Nav {
            reason: format!("cannot resolve {url}"),
        }),
    }
}

fn check(url: &str) -> Result<(), WireError> {
    match url {
        "" => Err(WireError::InvalidInput("url is empty".into())),
        "expired" => Err(WireError::SessionExpired),
        _ => Ok(()),
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

    /// The rmcp guide's way (docs/rmcp.md): `Result<Json<T>, E>`.
    #[tool(description = "Open a URL")]
    async fn navigate(
        &self,
        Parameters(Url { url }): Parameters<Url>,
    ) -> Result<Json<Page>, BrowserError> {
        open(&url).map(Json)
    }

    /// Code that wrote `.map_err(|e| e.into())?` before the port: `?` alone.
    #[tool(description = "A URL's title, JSON-RPC errors")]
    async fn title(&self, Parameters(Url { url }): Parameters<Url>) -> Result<String, McpError> {
        Ok(open(&url)?.title)
    }

    /// The old wire, exactly.
    #[tool(description = "Check a URL")]
    async fn check(&self, Parameters(Url { url }): Parameters<Url>) -> Result<String, McpError> {
        check(&url).map_err(|e| plain_error_data(&e))?;
        Ok("ok".into())
    }
}

#[tool_handler]
impl ServerHandler for Browser {
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let tcc = ToolCallContext::new(self, request, context);
        line::finish_tool_call(self.tool_router.call(tcc).await)
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

    let reply = s.call("navigate", json!({ "url": 42 })).await;
    assert_eq!(
        reply["result"]["_meta"]["data"]["pointer"], "/url",
        "{reply}"
    );

    let reply = s.call("title", json!({ "url": "nowhere" })).await;
    assert_eq!(reply["error"]["data"]["symbol"], "E_PW_NAV", "{reply}");

    let reply = s.call("check", json!({ "url": "" })).await;
    assert_eq!(
        reply["error"],
        json!({ "code": -32602, "message": "Invalid input: url is empty", "data": { "code": "invalid_input" } }),
        "{reply}"
    );
    let reply = s.call("check", json!({ "url": "expired" })).await;
    assert_eq!(
        reply["error"],
        json!({ "code": -32001, "message": "Session expired", "data": { "code": "session_expired" } }),
        "{reply}"
    );
    println!("adopt rmcp 3: ok");
}
