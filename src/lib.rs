//! mcp-errors facade.
#![doc = include_str!("../docs/attributes.md")]
#![deny(missing_docs)]

#[allow(unused_extern_crates)] // generated code in this crate names `::mcp_errors`
extern crate self as mcp_errors;

pub use mcp_errors_core::*;
pub use mcp_errors_derive::McpError;

mod common;

/// The runtime path for a crate that derives with an rmcp feature on but does not depend on
/// rmcp itself (the feature was turned on by another crate of the build):
/// `#[mcp(crate = "mcp_errors::unchecked")]` generates the same impls without checking the
/// crate's own `::rmcp` against the enabled rmcp lines. This crate's own enums use it.
#[doc(hidden)]
pub mod unchecked {
    /// [`mcp_errors::__private`](crate::__private) with the unchecked integration hook.
    pub mod __private {
        pub use mcp_errors_core::__impl_integrations_unchecked as __impl_integrations;
        pub use mcp_errors_core::__private::*;
    }
}
pub use common::{CommonError, ProtocolError};

// README.md compiles as doctests: its quick start, and its rmcp server, which needs the `rmcp`
// feature and the dev-dependencies (rmcp's server macros, tokio, schemars). The README's test
// command, `cargo test --workspace --all-features`, runs both.
#[cfg(all(doctest, feature = "rmcp"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
