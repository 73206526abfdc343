//! The `ServerHandler` docs/adopt.md gives for rmcp 1.x (any 1.x release, and rmcp-macros before 1.4): the lines between `docs:begin` and
//! `docs:end` are the guide's snippet, which .ci/rmcp_lines.sh finds there word for word.
//! `conversions.rs` includes this module in the crates of rmcp 1.0.0 (with rmcp-macros 1.0.0) and the newest 1.x, so the snippet
//! type-checks against each.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{tool, tool_router};

#[derive(Clone)]
pub struct Browser {
    tool_router: ToolRouter<Browser>,
}

#[tool_router]
impl Browser {
    #[tool(description = "Open a URL")]
    async fn navigate(&self) -> String {
        String::new()
    }
}

// docs:begin
use mcp_errors::integrations::rmcp_1::finish_tool_call;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{CallToolRequestParams, CallToolResult, ListToolsResult, PaginatedRequestParams};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};

// No `#[tool_handler]`: before rmcp-macros 1.4 it writes its own `call_tool`.
impl ServerHandler for Browser {
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let tcc = ToolCallContext::new(self, request, context);
        finish_tool_call(self.tool_router.call(tcc).await)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(self.tool_router.list_all()))
    }
}
// docs:end
