//! [rmcp](https://docs.rs/rmcp) 0.8 to 0.16 (feature `rmcp-0`).
//!
//! Every `#[derive(McpError)]` enum `E` gets `From<E> for rmcp::model::ErrorData` (the
//! JSON-RPC error, for `Result<T, ErrorData>` and `?`) and `rmcp::model::IntoContents for E`.
//!
//! On 0.x, rmcp accepts a tool's `Result<T, E>` only where `E: IntoContents`, and makes it a
//! tool error from the contents alone: the model reads the error's text, but the result has
//! no `_meta` and every variant takes the tool-error channel. For the whole tool error
//! (`_meta`, and the JSON-RPC channel of protocol-class variants) return
//! `Result<CallToolResult, ErrorData>` through [`tool_call_result`], whose success value may
//! be several contents (`Vec<Content>`), a whole `CallToolResult`, `Json<T>`, a `String`
//! ([`ToolSuccess`]):
//!
//! ```ignore
//! #[tool(description = "Open a URL")]
//! async fn navigate(&self, Parameters(args): Parameters<Args>) -> Result<CallToolResult, ErrorData> {
//!     mcp_errors::integrations::rmcp_0::tool_call_result(self.open(&args.url).await)
//! }
//! ```
//!
//! The 0.x lines share this API from 0.8 to 0.16, so one feature spans them; the lines before
//! 0.12 have no custom JSON-RPC methods, so `sys/errorStats` is not answered on this line
//! (expose [`metrics::global()`](crate::metrics::global)`.snapshot()` as a tool instead).

crate::integrations::rmcp_lines::line_glue!(rmcp_0, CallToolResult);
crate::integrations::rmcp_discovery::discovery_glue!(rmcp_0);
crate::integrations::rmcp_discovery::discovery_service_glue!(rmcp_0);
crate::integrations::rmcp_lines::tool_success_glue!(rmcp_0);

/// The contents of `err`'s tool error (what rmcp 0.x keeps of a tool's `Err(E)`).
pub fn contents<E: ?Sized + VisitData>(err: &E) -> Vec<Content> {
    tool_result(err).content
}

impl IntoContents for Box<dyn McpError + Send + Sync + 'static> {
    fn into_contents(self) -> Vec<Content> {
        crate::integrations::emit_as(&*self, crate::Channel::ToolError);
        contents(&*self)
    }
}

/// Support for the generated impls. Not public API.
#[doc(hidden)]
pub mod contents_support {
    use super::{Content, VisitData};

    /// `IntoContents for E`: emits, then the contents of the tool error.
    pub fn emitted_contents<E: VisitData>(err: &E) -> Vec<Content> {
        crate::integrations::emit_as(err, crate::Channel::ToolError);
        super::contents(err)
    }
}
