//! thiserror's `tests/test_error.rs`, ported by renaming (6 cases, which must compile): no
//! message at all, `Display` written by hand.

use core::fmt::{self, Display};
use mcp_errors::McpError;
use std::io;

macro_rules! unimplemented_display {
    ($ty:ty) => {
        impl Display for $ty {
            fn fmt(&self, _formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
                unimplemented!()
            }
        }
    };
}

#[derive(McpError, Debug)]
#[mcp(domain = "port", code = 1)]
struct BracedError {
    msg: String,
    pos: usize,
}

#[derive(McpError, Debug)]
#[mcp(domain = "port", code = 1)]
struct TupleError(String, usize);

#[derive(McpError, Debug)]
#[mcp(domain = "port", code = 1)]
struct UnitError;

#[derive(McpError, Debug)]
#[mcp(domain = "port", code = 1)]
struct WithSource {
    #[mcp(source)]
    cause: io::Error,
}

#[derive(McpError, Debug)]
#[mcp(domain = "port", code = 1)]
struct WithAnyhow {
    #[mcp(source)]
    cause: anyhow::Error,
}

#[derive(McpError, Debug)]
#[mcp(domain = "port")]
enum EnumError {
    #[mcp(code = 1)]
    Braced {
        #[mcp(source)]
        cause: io::Error,
    },
    #[mcp(code = 2)]
    Tuple(#[mcp(source)] io::Error),
    #[mcp(code = 3)]
    Unit,
}

unimplemented_display!(BracedError);
unimplemented_display!(TupleError);
unimplemented_display!(UnitError);
unimplemented_display!(WithSource);
unimplemented_display!(WithAnyhow);
unimplemented_display!(EnumError);
