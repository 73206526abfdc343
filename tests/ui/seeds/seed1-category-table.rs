// The categorized error model's "Standard Codes" declared literally: every code in the enum of its
// Category column, every enum with the range the original's "Code Ranges" table gives its
// category. The original contradicts itself: 3001 and 3002 are "System" but lie in Business's
// 3000–3999, and 4001 is "Adapter" but lies in System's 4000–4999. The derive reports all
// three. (examples/taxonomies/seed1.rs keeps the published codes and resolves it.)

use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "protocol", range = 1000..=1999)]
enum Protocol {}

#[derive(Debug, McpError)]
#[mcp(domain = "validation", range = 2000..=2999, kind = "validation")]
enum Validation {
    /// Parameters failed schema/format checks
    #[mcp(code = 2001, symbol = "VALIDATION_ERROR")]
    ValidationError,
    /// Required field missing
    #[mcp(code = 2002)]
    MissingRequiredField,
    /// Field format incorrect
    #[mcp(code = 2003)]
    InvalidFormat,
}

#[derive(Debug, McpError)]
#[mcp(domain = "business", range = 3000..=3999)]
enum Business {}

#[derive(Debug, McpError)]
#[mcp(domain = "system", range = 4000..=4999)]
enum System {
    /// Too many requests
    #[mcp(code = 3001, kind = "rate_limit")]
    RateLimitExceeded,
    /// Operation exceeded time limit
    #[mcp(code = 3002, kind = "timeout")]
    Timeout,
    /// Downstream service unavailable
    #[mcp(code = 4002, kind = "unavailable")]
    BackendUnavailable,
}

#[derive(Debug, McpError)]
#[mcp(domain = "adapter", range = 5000..=5999, kind = "adapter")]
enum Adapter {
    /// Backend integration error (retry per data)
    #[mcp(code = 4001, symbol = "ADAPTER_ERROR")]
    AdapterError {
        #[mcp(retryable)]
        retryable: bool,
    },
    /// Tool unsupported by adapter
    #[mcp(code = 5001)]
    NotImplemented,
}

// The ranges themselves are disjoint: only the per-enum range check can see the mistake.
mcp_errors::assert_disjoint!(Protocol, Validation, Business, System, Adapter);

fn main() {
    let errors: [&dyn McpError; 7] = [
        &Validation::ValidationError,
        &Validation::MissingRequiredField,
        &Validation::InvalidFormat,
        &System::RateLimitExceeded,
        &System::Timeout,
        &System::BackendUnavailable,
        &Adapter::NotImplemented,
    ];
    let _ = (errors, Adapter::AdapterError { retryable: true });
    let _ = |p: &Protocol, b: &Business| -> (i32, i32) { (p.code(), b.code()) };
}
