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
    /// A unit written out anywhere in the name, an abbreviation last, in either case style.
    #[mcp(code = 5, message = "slow down")]
    Ee {
        #[mcp(retry_after)]
        millis_left: u32,
    },
    #[mcp(code = 6, message = "slow down")]
    /// Camel case.
    Ff {
        #[mcp(retry_after)]
        #[allow(non_snake_case)]
        waitMs: u64,
    },
    /// Not units: `min` is a minimum, a leading `ms`/`us`/`ns` a name. Fine.
    #[mcp(code = 7, message = "slow down")]
    Gg {
        #[mcp(retry_after)]
        min_wait: u64,
    },
    #[mcp(code = 8, message = "slow down")]
    /// Fine.
    Hh {
        #[mcp(retry_after)]
        delay_min: u64,
    },
    #[mcp(code = 9, message = "slow down")]
    /// Fine.
    Ii {
        #[mcp(retry_after)]
        us_east_delay: u64,
    },
    #[mcp(code = 10, message = "slow down")]
    /// Fine.
    Jj {
        #[mcp(retry_after)]
        ms_graph_retry_after: u64,
    },
}

fn main() {}
