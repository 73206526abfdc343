//! mcp-errors facade.
#![deny(missing_docs)]

#[allow(unused_extern_crates)] // generated code in this crate names `::mcp_errors`
extern crate self as mcp_errors;

pub use mcp_errors_core::*;
pub use mcp_errors_derive::McpError;

mod common;
pub use common::{CommonError, ProtocolError};
