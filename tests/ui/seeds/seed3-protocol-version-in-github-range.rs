// The GitHub server lists "GitHub API Errors (-31000 to -31999)" and, as a separate category,
// "Protocol Errors: PROTOCOL_VERSION_MISMATCH = -31100". Declared as two enums the way the
// original groups them, the protocol error's code lies inside the GitHub range, and
// `assert_disjoint!` rejects the pair. (examples/taxonomies/seed3.rs keeps the original's single
// `MCPErrorCode` enum, where the code is simply one more member.)

use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "github", range = -31999..=-31000)]
enum GithubApiError {
    /// GitHub API rate limit exceeded
    #[mcp(code = -31001, alias = "RATE_LIMITED")]
    GithubRateLimited,
    /// GitHub resource not found
    #[mcp(code = -31002)]
    GithubNotFound,
    /// GitHub authentication failed
    #[mcp(code = -31003, alias = "UNAUTHORIZED")]
    GithubUnauthorized,
    /// GitHub denied access
    #[mcp(code = -31004)]
    GithubForbidden,
    /// GitHub rejected the request
    #[mcp(code = -31005)]
    GithubValidationError,
    /// GitHub server error
    #[mcp(code = -31006)]
    GithubServerError,
}

#[derive(Debug, McpError)]
#[mcp(domain = "mcp-protocol")]
enum ProtocolErrors {
    /// Unsupported protocol version
    #[mcp(code = -31100)]
    ProtocolVersionMismatch,
}

mcp_errors::assert_disjoint!(GithubApiError, ProtocolErrors);

fn main() {
    let errors: [&dyn McpError; 7] = [
        &GithubApiError::GithubRateLimited,
        &GithubApiError::GithubNotFound,
        &GithubApiError::GithubUnauthorized,
        &GithubApiError::GithubForbidden,
        &GithubApiError::GithubValidationError,
        &GithubApiError::GithubServerError,
        &ProtocolErrors::ProtocolVersionMismatch,
    ];
    let _ = errors;
}
