use std::time::Duration;

use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    /// Throttled, the delay in milliseconds.
    #[mcp(code = 1, message = "slow down")]
    Aa {
        #[mcp(retry_after)]
        retry_after_ms: u64,
    },
    /// A tuple field is named by its index, and a `Duration` carries its unit: both fine.
    #[mcp(code = 2, message = "slow down")]
    Bb(#[mcp(retry_after)] u64),
    /// Fine.
    #[mcp(code = 3, message = "slow down")]
    Cc {
        #[mcp(retry_after)]
        wait_ms: Duration,
    },
    /// Minutes.
    #[mcp(code = 4, message = "slow down")]
    Dd {
        #[mcp(retry_after, skip)]
        cool_down_Minutes: Option<u32>,
    },
}

fn main() {}
