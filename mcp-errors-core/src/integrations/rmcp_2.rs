//! [rmcp](https://docs.rs/rmcp) 2.x (feature `rmcp-2`).
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

crate::integrations::rmcp_lines::line_glue!(rmcp_2, CallToolResult);
crate::integrations::rmcp_discovery::discovery_glue!(rmcp_2);
crate::integrations::rmcp_discovery::discovery_service_glue!(rmcp_2);
crate::integrations::rmcp_lines::error_stats_glue!(rmcp_2);
crate::integrations::rmcp_lines::boxed_tool_results_glue!(rmcp_2, CallToolResult);
