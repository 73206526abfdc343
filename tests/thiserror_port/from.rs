//! thiserror's `tests/test_from.rs`, ported by renaming (1 case).

use mcp_errors::McpError;
use std::io;

#[derive(McpError, Debug)]
#[mcp(domain = "port", code = 1, message = "...")]
pub struct ErrorStruct {
    #[mcp(from)]
    source: io::Error,
}

#[derive(McpError, Debug)]
#[mcp(domain = "port", code = 1, message = "...")]
pub struct ErrorStructOptional {
    #[mcp(from)]
    source: Option<io::Error>,
}

#[derive(McpError, Debug)]
#[mcp(domain = "port", code = 1, message = "...")]
pub struct ErrorTuple(#[mcp(from)] io::Error);

#[derive(McpError, Debug)]
#[mcp(domain = "port", code = 1, message = "...")]
pub struct ErrorTupleOptional(#[mcp(from)] Option<io::Error>);

#[derive(McpError, Debug)]
#[mcp(domain = "port", message = "...")]
pub enum ErrorEnum {
    #[mcp(code = 1)]
    Test {
        #[mcp(from)]
        source: io::Error,
    },
}

#[derive(McpError, Debug)]
#[mcp(domain = "port", message = "...")]
pub enum ErrorEnumOptional {
    #[mcp(code = 1)]
    Test {
        #[mcp(from)]
        source: Option<io::Error>,
    },
}

#[derive(McpError, Debug)]
#[mcp(domain = "port", message = "...")]
pub enum Many {
    #[mcp(code = 1)]
    Any(#[mcp(from)] anyhow::Error),
    #[mcp(code = 2)]
    Io(#[mcp(from)] io::Error),
}

fn assert_impl<T: From<io::Error>>() {}

#[test]
fn test_from() {
    assert_impl::<ErrorStruct>();
    assert_impl::<ErrorStructOptional>();
    assert_impl::<ErrorTuple>();
    assert_impl::<ErrorTupleOptional>();
    assert_impl::<ErrorEnum>();
    assert_impl::<ErrorEnumOptional>();
    assert_impl::<Many>();
}
