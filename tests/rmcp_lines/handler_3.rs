//! The `ServerHandler` docs/adopt.md gives for rmcp 3.x: the lines between `docs:begin` and
//! `docs:end` are the guide's snippet, which .ci/rmcp_lines.sh finds there word for word.
//! `conversions.rs` includes this module in the crates of rmcp 3.0.0 and the newest 3.x, so the snippet
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
use mcp_errors::integrations::rmcp_3::finish_tool_call;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{CallToolRequestParams, CallToolResponse};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler, tool_handler};

// `#[tool_handler]` keeps this `call_tool` and writes `list_tools`; 3.x answers a
// `CallToolResponse`.
#[tool_handler]
impl ServerHandler for Browser {
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let tcc = ToolCallContext::new(self, request, context);
        finish_tool_call(self.tool_router.call(tcc).await)
    }
}
// docs:end
