//! mcp-errors facade.
#![doc = include_str!("../docs/attributes.md")]
#![deny(missing_docs)]

#[allow(unused_extern_crates)] // generated code in this crate names `::mcp_errors`
extern crate self as mcp_errors;

pub use mcp_errors_core::*;
pub use mcp_errors_derive::McpError;

mod common;

pub use common::{CommonError, ProtocolError};

// README.md compiles as doctests: its quick start, and its rmcp server, which needs the `rmcp`
// feature and the dev-dependencies (rmcp's server macros, tokio, schemars). The README's test
// command, `cargo test --workspace --all-features`, runs both.
#[cfg(all(doctest, feature = "rmcp"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
