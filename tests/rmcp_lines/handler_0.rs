//! The `ServerHandler` docs/adopt.md gives for rmcp 0.x (0.8 to 0.16): the lines between `docs:begin` and
//! `docs:end` are the guide's snippet, which .ci/rmcp_lines.sh finds there word for word.
//! `conversions.rs` includes this module in the crates of rmcp 0.8 and 0.16, so the snippet
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
use mcp_errors::integrations::rmcp_0::finish_tool_call;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{CallToolRequestParam, CallToolResult, ListToolsResult, PaginatedRequestParam};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};

// No `#[tool_handler]`: on 0.x it writes its own `call_tool`.
impl ServerHandler for Browser {
    async fn call_tool(
        &self,
        request: CallToolRequestParam,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let tcc = ToolCallContext::new(self, request, context);
        finish_tool_call(self.tool_router.call(tcc).await)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParam>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(self.tool_router.list_all()))
    }
}
// docs:end
