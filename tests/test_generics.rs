//! Generic and lifetime-parameterized error types. The catalog does not depend on the
//! parameters; bounds are inferred as thiserror infers them: `Display` where a template
//! names a field of a parameter's type, `Serialize` where it goes into `data`,
//! `Error + 'static` for sources.

mod derive_support;

use std::error::Error as _;
use std::fmt;

use derive_support::data_of;
use mcp_errors::{ErrorCatalog, McpError};
use serde_json::json;

/// Displays, but does not serialize.
#[derive(Debug)]
struct Backend(&'static str);

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "backend {}", self.0)
    }
}

/// Serializes, but does not display.
#[derive(Debug, serde::Serialize)]
struct Args {
    n: u32,
}

#[derive(Debug, McpError)]
#[mcp(domain = "tools", range = 2700..=2799, symbol_prefix = "E_TOOL_", data_fields)]
enum ToolError<B, A, S> {
    #[mcp(code = 2700, message = "tool failed in {backend}")]
    Failed {
        #[mcp(details)]
        backend: B,
    },
    /// Bad arguments
    #[mcp(code = 2701, kind = "validation")]
    BadArgs { args: A },
    /// Upstream failed
    #[mcp(code = 2702)]
    Upstream(#[mcp(source)] S),
}

#[derive(Debug, McpError)]
#[mcp(domain = "parser", range = 2800..=2899, data_fields)]
enum ParseError<'src> {
    #[mcp(
        code = 2800,
        kind = "validation",
        message = "unexpected token `{token}`"
    )]
    Unexpected { token: &'src str, offset: usize },
    /// Input ended early
    #[mcp(code = 2801, kind = "validation")]
    Eof,
}

type Concrete = ToolError<Backend, Args, std::io::Error>;

#[test]
fn bounds_are_inferred_per_use() {
    let failed: Concrete = ToolError::Failed {
        backend: Backend("sqlite"),
    };
    assert_eq!(failed.to_string(), "tool failed in backend sqlite");
    assert_eq!(data_of(&failed), json!({"details": "backend sqlite"}));
    let bad: Concrete = ToolError::BadArgs {
        args: Args { n: 7 },
    };
    assert_eq!(data_of(&bad), json!({"args": {"n": 7}}));
    let up: Concrete = ToolError::Upstream(std::io::Error::other("pipe"));
    assert_eq!(up.source().unwrap().to_string(), "pipe");
    assert_eq!(up.code(), 2702);
}

#[test]
fn the_catalog_is_the_same_for_every_instantiation() {
    assert_eq!(
        Concrete::ENTRIES,
        <ToolError<(), (), std::io::Error>>::ENTRIES
    );
    assert_eq!(Concrete::E_TOOL_BAD_ARGS, 2701);
    let boxed: Box<dyn McpError> = Box::new(Concrete::BadArgs {
        args: Args { n: 1 },
    });
    assert_eq!(boxed.symbol(), "E_TOOL_BAD_ARGS");
}

#[test]
fn lifetime_parameterized_errors_borrow_their_input() {
    let input = String::from("let x = ;");
    let e = ParseError::Unexpected {
        token: &input[8..9],
        offset: 8,
    };
    assert_eq!(e.to_string(), "unexpected token `;`");
    assert_eq!(data_of(&e), json!({"token": ";", "offset": 8}));
    assert_eq!(ParseError::Eof.code(), 2801);
    assert_eq!(ParseError::ENTRIES.len(), 2);
}

mcp_errors::assert_disjoint!(Concrete, ParseError<'static>);

#[derive(Debug, McpError)]
#[mcp(domain = "numbers", code = 2890, symbol = "E_NUM_HEX")]
#[mcp(message = "{n:x} {n:X} {n:#o} {n:b} {f:e} {f:E}", data_fields)]
struct Formats<N, F> {
    n: N,
    f: F,
}

#[test]
fn bounds_are_inferred_per_format_trait() {
    // `N: LowerHex + UpperHex + Octal + Binary`, `F: LowerExp + UpperExp`, and no `Display`.
    let e = Formats {
        n: 10u8,
        f: 1500.0f64,
    };
    assert_eq!(e.to_string(), "a A 0o12 1010 1.5e3 1.5E3");
}
