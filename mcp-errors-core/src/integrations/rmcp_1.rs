//! [rmcp](https://docs.rs/rmcp) 1.x (feature `rmcp-1`).
//!
//! Every `#[derive(McpError)]` enum `E` gets:
//!
//! - `impl From<E> for rmcp::model::ErrorData`: mcp-errors' JSON-RPC error, so a tool
//!   returning `Result<T, ErrorData>` can use `?` on a `Result<_, E>`;
//! - `impl rmcp::handler::server::tool::IntoCallToolResult for E`, so a `#[tool]` may return
//!   `Result<T, E>`: rmcp's `Result` impl sends the tool error ([`tool_outcome`]), or the
//!   JSON-RPC error of a protocol-class variant.
//!
//! Both conversions [`emit`](crate::integrations::emit) the error. [`Parameters`] replaces
//! rmcp's extractor and [`finish_tool_call`] turns its failures into tool errors and counts
//! rmcp's own; `sys/errorStats` is answered from `ServerHandler::on_custom_request` with
//! [`on_custom_request`].
//!
//! rmcp 1.0 to 1.3 accept a tool's `Result<T, E>` only where `E: IntoContents` (rmcp 1.4
//! made it generic), so there `Result<Json<T>, E>` fails in `#[tool_router]` (E0277,
//! `IntoToolRoute`). The route that works on every 1.x release: return
//! `Result<CallToolResult, ErrorData>` through [`tool_call_result`], as on 0.x:
//!
//! ```ignore
//! #[tool(description = "Open a URL")]
//! async fn navigate(&self, Parameters(args): Parameters<Args>) -> Result<CallToolResult, ErrorData> {
//!     mcp_errors::integrations::rmcp_1::tool_call_result(self.open(&args.url).await.map(Json))
//! }
//! ```
//!
//! rmcp-macros build a tool's `outputSchema` from a `Json<T>` return type only, so that route
//! lists the tool without one; [`output_schema`] gives it back, the schema rmcp computes for
//! `Json<T>`, in one attribute: `#[tool(output_schema = rmcp_1::output_schema::<Page>())]`.
//!
//! rmcp-macros before 1.4 also replace a hand-written `call_tool` under `#[tool_handler]`
//! (E0201): there write `impl ServerHandler` without `#[tool_handler]`, with `call_tool` and
//! `list_tools` (docs/adopt.md).

crate::integrations::rmcp_lines::line_glue!(rmcp_1, CallToolResult);
crate::integrations::rmcp_discovery::discovery_glue!(rmcp_1);
crate::integrations::rmcp_discovery::discovery_service_glue!(rmcp_1);
crate::integrations::rmcp_lines::tool_success_glue!(rmcp_1);
crate::integrations::rmcp_lines::error_stats_glue!(rmcp_1);
crate::integrations::rmcp_lines::boxed_tool_results_glue!(rmcp_1, CallToolResult);

/// The `outputSchema` rmcp 1.x lists for a tool returning `Json<T>` (rmcp's own
/// `schema_for_output`), for a tool that returns `Result<CallToolResult, ErrorData>` through
/// [`tool_call_result`] instead, whose output schema rmcp-macros cannot see:
///
/// ```ignore
/// #[tool(description = "Open a URL", output_schema = rmcp_1::output_schema::<Page>())]
/// async fn navigate(&self, Parameters(args): Parameters<Url>) -> Result<CallToolResult, ErrorData> {
///     rmcp_1::tool_call_result(open(&args.url).map(Json))
/// }
/// ```
///
/// rmcp evaluates the attribute when it lists the tools, as it does for `Json<T>`.
///
/// # Panics
///
/// When `T`'s schema is not an object (MCP wants an object at an output schema's root): the
/// panic rmcp's `Json<T>` route raises at the same point, with rmcp's message.
#[must_use]
pub fn output_schema<T: ::rmcp_1::schemars::JsonSchema + 'static>()
-> ::std::sync::Arc<::rmcp_1::model::JsonObject> {
    ::rmcp_1::handler::server::tool::schema_for_output::<T>().unwrap_or_else(|e| {
        panic!(
            "invalid output schema for {}: {e}",
            ::std::any::type_name::<T>()
        )
    })
}
