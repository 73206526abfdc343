//! An rmcp 0.9 server with the adoption traps of docs/adopt.md, each resolved, driven over an
//! in-memory pipe with raw JSON-RPC: `cargo run` prints every reply and checks it.
//!
//! - the name clash: rmcp's own `ErrorData as McpError` alias stays, the derive is named by
//!   path (`#[derive(mcp_errors::McpError)]`);
//! - `.map_err(|e| e.into())?` (E0283 once the derive adds `From<_> for ErrorData`) becomes
//!   `.map_err(McpError::from)?`;
//! - several contents: `tool_call_result` takes a `Vec<Content>` success value;
//! - the old wire kept exactly: `-32602` with `data: {"code": "invalid_input"}`.

#[path = "../../session.rs"]
mod session;

use mcp_errors::Parameters;
use mcp_errors::integrations::rmcp_0::{plain_error_data, tool_call_result};
use rmcp::ErrorData as McpError;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{CallToolResult, Content};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

/// The server's errors, new with the port.
#[derive(Debug, mcp_errors::McpError)]
#[mcp(domain = "notes", range = 2200..=2299, symbol_prefix = "E_NOTES_")]
enum NotesError {
    /// Note not found
    #[mcp(code = 2200, kind = "not_found", help = "list the notes first")]
    NotFound {
        #[mcp(data)]
        id: u32,
    },
}

/// The errors the server sent before the port, kept exactly on the wire.
#[derive(Debug, mcp_errors::McpError)]
#[mcp(domain = "notes", protocol)]
enum WireError {
    #[mcp(code = -32602, shared_code, message = "Invalid input: {0}", data(code = "invalid_input"))]
    InvalidInput(String),
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Id {
    id: u32,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Title {
    title: String,
}

fn find(id: u32) -> Result<&'static str, NotesError> {
    match id {
        1 => Ok("groceries"),
        _ => Err(NotesError::NotFound { id }),
    }
}

fn validate(title: &str) -> Result<(), WireError> {
    if title.is_empty() {
        return Err(WireError::InvalidInput("title is empty".into()));
    }
    Ok(())
}

#[derive(Clone)]
struct Notes {
    tool_router: ToolRouter<Notes>,
}

#[tool_router]
impl Notes {
    fn new() -> Self {
        Notes {
            tool_router: Self::tool_router(),
        }
    }

    /// Several contents (`Vec<Content>`) as the success value.
    #[tool(description = "All notes, one content each")]
    async fn list(&self) -> Result<CallToolResult, McpError> {
        let all: Result<Vec<Content>, NotesError> =
            Ok(vec![Content::text("groceries"), Content::text("todo")]);
        tool_call_result(all)
    }

    /// The whole tool error (`_meta`) of a derived enum.
    #[tool(description = "One note")]
    async fn get(&self, Parameters(Id { id }): Parameters<Id>) -> Result<CallToolResult, McpError> {
        tool_call_result(find(id).map(|title| title.to_owned()))
    }

    /// Code that wrote `.map_err(|e| e.into())?` before the port.
    #[tool(description = "One note's title, JSON-RPC errors")]
    async fn title(&self, Parameters(Id { id }): Parameters<Id>) -> Result<String, McpError> {
        let title = find(id).map_err(McpError::from)?;
        Ok(title.to_owned())
    }

    /// The old wire, exactly.
    #[tool(description = "Create a note")]
    async fn create(
        &self,
        Parameters(Title { title }): Parameters<Title>,
    ) -> Result<String, McpError> {
        validate(&title).map_err(|e| plain_error_data(&e))?;
        Ok(format!("created {title}"))
    }
}

#[tool_handler]
impl ServerHandler for Notes {}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut s = session::Session::start(Notes::new()).await;

    let reply = s.call("list", json!({})).await;
    assert_eq!(
        reply["result"]["content"].as_array().map(Vec::len),
        Some(2),
        "{reply}"
    );

    let reply = s.call("get", json!({ "id": 9 })).await;
    assert_eq!(reply["result"]["isError"], true, "{reply}");
    assert_eq!(
        reply["result"]["_meta"]["errorCode"], "E_NOTES_NOT_FOUND",
        "{reply}"
    );

    let reply = s.call("title", json!({ "id": 9 })).await;
    assert_eq!(reply["error"]["code"], 2200, "{reply}");

    let reply = s.call("create", json!({ "title": "" })).await;
    assert_eq!(
        reply["error"],
        json!({ "code": -32602, "message": "Invalid input: title is empty", "data": { "code": "invalid_input" } }),
        "{reply}"
    );
    println!("adopt rmcp 0.9: ok");
}
