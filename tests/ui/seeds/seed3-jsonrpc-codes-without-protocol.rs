// The GitHub server's JSON-RPC 2.0 and MCP-specific members of `MCPErrorCode`, declared without
// `#[mcp(protocol)]`: every one lies in JSON-RPC's reserved range -32768..=-32000, which only
// a protocol enum may use, and each is reported. (examples/taxonomies/seed3.rs declares the
// enum with `protocol`.)

use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "github")]
enum GithubMcpError {
    /// Invalid JSON
    #[mcp(code = -32700)]
    ParseError,
    /// Malformed JSON-RPC request
    #[mcp(code = -32600)]
    InvalidRequest,
    /// Unknown method or tool
    #[mcp(code = -32601)]
    MethodNotFound,
    /// Parameter validation failed
    #[mcp(code = -32602, alias = "VALIDATION_ERROR")]
    InvalidParams,
    /// Server-side error
    #[mcp(code = -32603)]
    InternalError,
    /// Tool execution failed
    #[mcp(code = -32000)]
    ToolExecutionFailed,
    /// Resource not found
    #[mcp(code = -32001)]
    ResourceNotFound,
    /// Permission denied
    #[mcp(code = -32002)]
    PermissionDenied,
    /// GitHub API rate limit exceeded
    #[mcp(code = -31001, alias = "RATE_LIMITED")]
    GithubRateLimited,
}

fn main() {
    let errors: [&dyn McpError; 9] = [
        &GithubMcpError::ParseError,
        &GithubMcpError::InvalidRequest,
        &GithubMcpError::MethodNotFound,
        &GithubMcpError::InvalidParams,
        &GithubMcpError::InternalError,
        &GithubMcpError::ToolExecutionFailed,
        &GithubMcpError::ResourceNotFound,
        &GithubMcpError::PermissionDenied,
        &GithubMcpError::GithubRateLimited,
    ];
    let _ = errors;
}
