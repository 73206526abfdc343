//! thiserror's `tests/test_source.rs`, ported by renaming (4 cases, and `MacroSource`).

use mcp_errors::McpError;
use std::error::Error as StdError;
use std::io;

#[derive(McpError, Debug)]
#[mcp(domain = "port", code = 1, message = "implicit source")]
pub struct ImplicitSource {
    source: io::Error,
}

#[derive(McpError, Debug)]
#[mcp(domain = "port", code = 1, message = "explicit source")]
pub struct ExplicitSource {
    source: String,
    #[mcp(source)]
    io: io::Error,
}

#[derive(McpError, Debug)]
#[mcp(domain = "port", code = 1, message = "boxed source")]
pub struct BoxedSource {
    #[mcp(source)]
    source: Box<dyn StdError + Send + 'static>,
}

#[test]
fn test_implicit_source() {
    let io = io::Error::other("oh no!");
    let error = ImplicitSource { source: io };
    error.source().unwrap().downcast_ref::<io::Error>().unwrap();
}

#[test]
fn test_explicit_source() {
    let io = io::Error::other("oh no!");
    let error = ExplicitSource {
        source: String::new(),
        io,
    };
    error.source().unwrap().downcast_ref::<io::Error>().unwrap();
}

#[test]
fn test_boxed_source() {
    let source = Box::new(io::Error::other("oh no!"));
    let error = BoxedSource { source };
    error.source().unwrap().downcast_ref::<io::Error>().unwrap();
}

macro_rules! error_from_macro {
    ($($variants:tt)*) => {
        #[derive(McpError)]
        #[derive(Debug)]
        #[mcp(domain = "port")]
        pub enum MacroSource {
            $($variants)*
        }
    }
}

// Test that we generate impls with the proper hygiene
#[rustfmt::skip]
error_from_macro! {
    #[mcp(code = 1, message = "Something")]
    Variant(#[mcp(from)] io::Error)
}

#[test]
fn test_not_source() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message = "{source} ==> {destination}")]
    pub struct NotSource {
        r#source: char,
        destination: char,
    }

    let error = NotSource {
        source: 'S',
        destination: 'D',
    };
    assert_eq!(error.to_string(), "S ==> D");
    assert!(error.source().is_none());
}
