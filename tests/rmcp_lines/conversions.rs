//! One rmcp line, end to end in one process: an rmcp server built with that line's macros
//! and mcp-errors' `rmcp-N` feature, driven with raw JSON-RPC lines over an in-memory pipe
//! (what any client sees on the wire, independent of the line's client API).
//!
//! Built and run by `.ci/rmcp_lines.sh`, once per line, in a throw-away crate whose manifest
//! names the line's rmcp and the feature `line-0` (0.x), `line-1`, `line-2` or `line-3`;
//! `line-1-early` (with `line-1`) for rmcp 1.0 to 1.3, whose `Result<T, E>` tool route is
//! 0.x's (`E: IntoContents`): tools take `tool_call_result` there, as on 0.x.

use mcp_errors::metrics::{self, MetricsConfig};
use mcp_errors::{McpError, Parameters};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::ToolCallContext;
#[cfg(not(feature = "line-3"))]
use rmcp::model::CallToolResult;
use rmcp::model::ErrorData;
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler, ServiceExt, tool, tool_router};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

#[cfg(feature = "line-0")]
use mcp_errors::integrations::rmcp_0 as line;
#[cfg(feature = "line-1")]
use mcp_errors::integrations::rmcp_1 as line;
#[cfg(feature = "line-2")]
use mcp_errors::integrations::rmcp_2 as line;
#[cfg(feature = "line-3")]
use mcp_errors::integrations::rmcp_3 as line;

#[cfg(feature = "line-0")]
use rmcp::model::CallToolRequestParam as CallParams;
#[cfg(any(feature = "line-1", feature = "line-2"))]
use rmcp::model::CallToolRequestParams as CallParams;
#[cfg(feature = "line-3")]
use rmcp::model::CallToolRequestParams as CallParams;
/// The line's `ServerHandler` snippet of docs/adopt.md, type-checked with this line's rmcp.
#[cfg(feature = "line-0")]
#[path = "handler_0.rs"]
#[allow(dead_code)]
mod handler;
#[cfg(feature = "line-1")]
#[path = "handler_1.rs"]
#[allow(dead_code)]
mod handler;
#[cfg(feature = "line-2")]
#[path = "handler_2.rs"]
#[allow(dead_code)]
mod handler;
#[cfg(feature = "line-3")]
#[path = "handler_3.rs"]
#[allow(dead_code)]
mod handler;

/// The catalog's discovery helpers (docs/discovery.md) on this line.
mod discovery;

#[cfg(not(feature = "line-3"))]
type Response = CallToolResult;
#[cfg(feature = "line-3")]
type Response = rmcp::model::CallToolResponse;

#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_")]
enum PwError {
    /// Navigation failed
    #[mcp(code = 2100, retryable, kind = "network")]
    Nav {
        #[mcp(details)]
        reason: String,
    },
    /// The browser session expired
    #[mcp(code = 2101, protocol)]
    SessionExpired {
        #[mcp(data)]
        session: u32,
    },
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
struct Args {
    url: String,
}

fn open(url: &str) -> Result<String, PwError> {
    Err(PwError::Nav {
        reason: format!("cannot resolve {url}"),
    })
}

/// What `navigate` returns: `Result<T, E>` itself, or on 0.x and 1.0 to 1.3 the whole tool
/// result that `tool_call_result` makes of it (rmcp 0.x's own `Result<T, E>` keeps the
/// contents only; 1.0 to 1.3 take no `Result<T, E>` of a derived enum).
#[cfg(not(any(feature = "line-0", feature = "line-1-early")))]
type Whole = Result<String, PwError>;
#[cfg(any(feature = "line-0", feature = "line-1-early"))]
type Whole = Result<CallToolResult, ErrorData>;

#[cfg(not(any(feature = "line-0", feature = "line-1-early")))]
fn whole(result: Result<String, PwError>) -> Whole {
    result
}
#[cfg(any(feature = "line-0", feature = "line-1-early"))]
fn whole(result: Result<String, PwError>) -> Whole {
    line::tool_call_result(result)
}

/// What `navigate_contents` returns: the line's own `Result<T, E>`, which rmcp 1.0 to 1.3 do
/// not take for a derived enum.
#[cfg(not(feature = "line-1-early"))]
type Contents = Result<String, PwError>;
#[cfg(feature = "line-1-early")]
type Contents = Whole;

#[derive(Clone)]
struct Server {
    tool_router: ToolRouter<Server>,
}

#[tool_router]
impl Server {
    fn new() -> Self {
        Server {
            tool_router: Self::tool_router(),
        }
    }

    /// `Result<T, E>`, the tool-error form (on 0.x through `tool_call_result`).
    #[tool(description = "Open a URL")]
    async fn navigate(&self, Parameters(args): Parameters<Args>) -> Whole {
        whole(open(&args.url))
    }

    /// `Result<T, E>` as the line takes it (on 0.x: rmcp's `E: IntoContents`, contents only).
    #[tool(description = "Open a URL, plain Result<T, E>")]
    async fn navigate_contents(&self, Parameters(args): Parameters<Args>) -> Contents {
        #[cfg(feature = "line-1-early")]
        return whole(open(&args.url));
        #[cfg(not(feature = "line-1-early"))]
        open(&args.url)
    }

    /// `Result<T, E>` with a protocol-class variant: a JSON-RPC error, not a tool error.
    #[tool(description = "Open a URL in an expired session")]
    async fn navigate_expired(&self, Parameters(args): Parameters<Args>) -> Whole {
        let _ = args.url;
        whole(Err(PwError::SessionExpired { session: 7 }))
    }

    /// `Result<T, ErrorData>` and `?`: the JSON-RPC error.
    #[tool(description = "Open a URL, JSON-RPC errors")]
    async fn navigate_rpc(&self, Parameters(args): Parameters<Args>) -> Result<String, ErrorData> {
        Ok(open(&args.url)?)
    }
}

impl ServerHandler for Server {
    async fn call_tool(
        &self,
        request: CallParams,
        context: RequestContext<RoleServer>,
    ) -> Result<Response, ErrorData> {
        let tcc = ToolCallContext::new(self, request, context);
        line::finish_tool_call(self.tool_router.call(tcc).await)
    }

    #[cfg(not(feature = "line-0"))]
    async fn on_custom_request(
        &self,
        request: rmcp::model::CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::CustomResult, ErrorData> {
        line::on_custom_request(&request)
    }
}

/// A JSON-RPC session with the server over an in-memory pipe.
struct Session {
    write: tokio::io::WriteHalf<tokio::io::DuplexStream>,
    lines: tokio::io::Lines<BufReader<tokio::io::ReadHalf<tokio::io::DuplexStream>>>,
    next_id: u64,
    /// The server's answer to `initialize`.
    init: Value,
}

impl Session {
    async fn start() -> Session {
        Session::serving(Server::new()).await
    }

    /// A session with `service` (any rmcp server `Service` of this line).
    async fn serving<S: rmcp::Service<RoleServer>>(service: S) -> Session {
        let (client, server) = tokio::io::duplex(1 << 16);
        tokio::spawn(async move {
            let running = service.serve(server).await.expect("server starts");
            let _ = running.waiting().await;
        });
        let (read, write) = tokio::io::split(client);
        let mut session = Session {
            write,
            lines: BufReader::new(read).lines(),
            next_id: 0,
            init: Value::Null,
        };
        let init = session
            .request(
                "initialize",
                json!({
                    "protocolVersion": "2025-03-26",
                    "capabilities": {},
                    "clientInfo": { "name": "rmcp-lines", "version": "0" },
                }),
            )
            .await;
        assert!(init.get("result").is_some(), "initialize: {init}");
        session.init = init;
        session
            .send(json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }))
            .await;
        session
    }

    async fn send(&mut self, message: Value) {
        let mut line = message.to_string();
        line.push('\n');
        self.write.write_all(line.as_bytes()).await.expect("write");
        self.write.flush().await.expect("flush");
    }

    async fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }))
            .await;
        loop {
            let line = tokio::time::timeout(std::time::Duration::from_secs(20), self.lines.next_line())
                .await
                .expect("a reply within 20 s")
                .expect("read")
                .expect("the server closed the pipe");
            let message: Value = serde_json::from_str(&line).expect("JSON-RPC line");
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    async fn call(&mut self, tool: &str, arguments: Value) -> Value {
        self.request("tools/call", json!({ "name": tool, "arguments": arguments }))
            .await
    }
}

fn stats() -> &'static metrics::ErrorStats {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = metrics::init_global(MetricsConfig::from_vars(Some("1"), None));
    });
    metrics::global()
}

#[tokio::test]
async fn tool_error_with_meta() {
    let before = stats().snapshot();
    let mut s = Session::start().await;
    let reply = s.call("navigate", json!({ "url": "https://example.invalid/" })).await;
    let result = &reply["result"];
    assert_eq!(result["isError"], true, "{reply}");
    assert_eq!(result["_meta"]["errorCode"], "E_PW_NAV", "{reply}");
    assert_eq!(result["_meta"]["code"], 2100, "{reply}");
    assert_eq!(result["_meta"]["retryable"], true, "{reply}");
    let text = result["content"][0]["text"].as_str().expect("text content");
    assert!(text.contains("E_PW_NAV"), "{text}");
    assert!(stats().snapshot().by_code.get(&2100) > before.by_code.get(&2100));
}

#[tokio::test]
async fn json_rpc_error_through_question_mark() {
    let _ = stats();
    let mut s = Session::start().await;
    let reply = s.call("navigate_rpc", json!({ "url": "https://example.invalid/" })).await;
    let error = &reply["error"];
    assert_eq!(error["code"], 2100, "{reply}");
    assert_eq!(error["message"], "Navigation failed", "{reply}");
    assert_eq!(error["data"]["symbol"], "E_PW_NAV", "{reply}");
    assert_eq!(error["data"]["domain"], "playwright", "{reply}");
    assert!(reply.get("result").is_none(), "{reply}");
}

#[tokio::test]
async fn protocol_class_variant_is_a_json_rpc_error() {
    let before = stats().snapshot();
    let mut s = Session::start().await;
    let reply = s.call("navigate_expired", json!({ "url": "https://example.invalid/" })).await;
    assert!(reply.get("result").is_none(), "{reply}");
    assert_eq!(
        reply["error"],
        json!({ "code": 2101, "message": "The browser session expired", "data": {
            "domain": "playwright", "symbol": "E_PW_SESSION_EXPIRED", "retryable": false,
            "session": 7 } }),
        "{reply}"
    );
    assert!(stats().snapshot().by_code.get(&2101) > before.by_code.get(&2101));
}

#[tokio::test]
async fn wrong_argument_type_is_invalid_params_with_pointer() {
    let _ = stats();
    let mut s = Session::start().await;
    let reply = s.call("navigate", json!({ "url": 42 })).await;
    let result = &reply["result"];
    assert_eq!(result["isError"], true, "{reply}");
    assert_eq!(result["_meta"]["errorCode"], "E_INVALID_PARAMS", "{reply}");
    assert_eq!(result["_meta"]["code"], 1000, "{reply}");
    assert_eq!(result["_meta"]["domain"], "common", "{reply}");
    assert_eq!(result["_meta"]["data"]["pointer"], "/url", "{reply}");
    assert_eq!(result["_meta"]["data"]["expected"], "a string", "{reply}");
}

#[tokio::test]
async fn unknown_tool_is_counted_by_code() {
    let before = stats().snapshot();
    let mut s = Session::start().await;
    let reply = s.call("no_such_tool", json!({})).await;
    let code = reply["error"]["code"].as_i64().expect("a JSON-RPC error") as i32;
    assert_eq!(code, -32602, "{reply}");
    let after = stats().snapshot();
    assert!(after.by_code.get(&code) > before.by_code.get(&code), "{after:?}");
}

#[cfg(not(feature = "line-0"))]
#[tokio::test]
async fn error_stats_method() {
    let _ = stats();
    let mut s = Session::start().await;
    let _ = s.call("navigate", json!({ "url": "x" })).await;
    let reply = s.request("sys/errorStats", json!({})).await;
    let result = &reply["result"];
    assert!(result["total"].as_u64().is_some_and(|n| n >= 1), "{reply}");
    assert!(result["byCode"]["2100"].as_u64().is_some_and(|n| n >= 1), "{reply}");
}

#[cfg(not(feature = "line-1-early"))]
#[tokio::test]
async fn plain_result_of_the_line() {
    let _ = stats();
    let mut s = Session::start().await;
    let reply = s.call("navigate_contents", json!({ "url": "x" })).await;
    let result = &reply["result"];
    assert_eq!(result["isError"], true, "{reply}");
    let text = result["content"][0]["text"].as_str().expect("text content");
    assert!(text.contains("E_PW_NAV"), "{text}");
    // 0.x keeps the contents only; 1.x and later the whole tool error.
    let meta = if cfg!(feature = "line-0") { json!(null) } else { json!("E_PW_NAV") };
    assert_eq!(result["_meta"]["errorCode"], meta, "{reply}");
}

#[test]
fn conversions_by_value() {
    let _ = stats();
    let data = ErrorData::from(PwError::Nav { reason: "dns".into() });
    assert_eq!((data.code.0, &*data.message), (2100, "Navigation failed"));
    let data = data.data.expect("data");
    assert_eq!((&data["symbol"], &data["details"]), (&json!("E_PW_NAV"), &json!("dns")));

    let result = line::tool_outcome(&PwError::Nav { reason: "dns".into() }).expect("tool error");
    let json = serde_json::to_value(&result).expect("serializes");
    assert_eq!(json["isError"], true);
    assert_eq!(json["_meta"]["errorCode"], "E_PW_NAV");
    assert_eq!(json["_meta"]["domain"], "playwright");

    let data = line::tool_outcome(&PwError::SessionExpired { session: 1 }).expect_err("JSON-RPC");
    assert_eq!((data.code.0, &*data.message), (2101, "The browser session expired"));
}

/// `tool_call_result`'s success values on the lines that have it (0.x, 1.x): several contents,
/// a whole result, structured content.
#[cfg(any(feature = "line-0", feature = "line-1"))]
#[test]
fn tool_call_result_success_values() {
    use rmcp::handler::server::wrapper::Json;
    use rmcp::model::Content;

    let _ = stats();
    let several = vec![Content::text("a"), Content::text("b")];
    let result = line::tool_call_result(Ok::<_, PwError>(several)).expect("a success");
    assert_eq!((result.content.len(), result.is_error), (2, Some(false)));

    let whole = CallToolResult::success(vec![Content::text("c")]);
    let result = line::tool_call_result(Ok::<_, PwError>(whole)).expect("a success");
    assert_eq!(result.content.len(), 1);

    let result = line::tool_call_result(Ok::<_, PwError>(Json(json!({ "k": 1 })))).expect("a success");
    let json = serde_json::to_value(&result).expect("serializes");
    assert_eq!(json["structuredContent"]["k"], 1, "{json}");

    let failed = Err::<Vec<Content>, _>(PwError::Nav { reason: "dns".into() });
    let result = line::tool_call_result(failed).expect("a tool error");
    let json = serde_json::to_value(&result).expect("serializes");
    assert_eq!((&json["isError"], &json["_meta"]["errorCode"]), (&json!(true), &json!("E_PW_NAV")));
}
