//! Runtime of [`mcp-errors`](https://docs.rs/mcp-errors): the traits that
//! `#[derive(McpError)]` implements and everything that reads them — catalog tables,
//! envelopes, decoding, the cross-enum registry, metrics and retry guidance.
//!
//! Depend on the `mcp-errors` facade rather than on this crate: it re-exports all of it
//! together with the derive.

#![deny(missing_docs)]

mod common;
#[cfg(feature = "client")]
#[doc(hidden)]
pub mod decode;
#[cfg(any(
    feature = "client",
    feature = "rmcp-0",
    feature = "rmcp-1",
    feature = "rmcp-2",
    feature = "rmcp-3"
))]
pub mod discovery;
#[doc(hidden)]
pub mod disjoint;
mod entry;
mod env;
mod error;
mod field_types;
mod kind;
#[cfg(any(feature = "registry", feature = "tracing"))]
mod line_safe;
mod object;
mod range;
#[cfg(feature = "client")]
mod recover;

mod envelope;
pub mod integrations;
mod ready;
#[cfg(feature = "registry")]
mod registry;
mod verbose;
mod visitor;

#[cfg(feature = "arguments")]
pub mod arguments;
#[cfg(feature = "http")]
pub mod http;
pub mod jsonrpc;
pub mod metrics;
pub mod retry;
pub mod tool_failure;
pub mod unknown;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

/// The runtime path for a crate that derives with an rmcp feature on but does not depend on
/// rmcp itself (the feature was turned on by another crate of the build):
/// `#[mcp(crate = "mcp_errors::unchecked")]` generates the same impls without checking the
/// crate's own `::rmcp` against the enabled rmcp lines. `CommonError`, `ProtocolError` and this
/// crate's tests use it.
#[doc(hidden)]
pub mod unchecked {
    /// [`__private`](crate::__private) with the unchecked integration hook.
    pub mod __private {
        pub use crate::__impl_integrations_unchecked as __impl_integrations;
        pub use crate::__private::*;
    }
}

pub use common::{CommonError, ProtocolError};
pub use entry::{Channel, ErrorEntry, FieldEntry, FieldRole};
pub use envelope::{
    EnvelopeView, ErrorObjectView, ErrorResponseView, JsonRpcErrorView, JsonRpcResultView,
    McpErrorExt, ReplyBudget, RequestId, TRUNCATION_MARK, ToolErrorFormat, ToolResultView,
    structured_error_allowed,
};
/// The wire shapes of [`EnvelopeView`] and the traits that say which options each takes.
/// Named through the view aliases ([`ErrorObjectView`], ...), not directly.
#[doc(hidden)]
pub mod envelope_shape {
    pub use crate::envelope::{
        ErrorObjectShape, ErrorResponseShape, JsonRpcErrorShape, JsonRpcResultShape, Shape,
        TakesOptions, TakesPlainData, ToolResultShape,
    };
}
#[cfg(feature = "client")]
pub use decode::DecodeError;
pub use envelope::JsonRpcMessageFormat;
pub use error::{ErrorCatalog, FieldSink, McpError, VisitData};
#[cfg(any(
    feature = "rmcp-0",
    feature = "rmcp-1",
    feature = "rmcp-2",
    feature = "rmcp-3"
))]
pub use integrations::Parameters;
pub use kind::ErrorKind;
pub use object::ErrorObject;
pub use range::CodeRange;
pub use ready::ReadySentinel;
#[cfg(feature = "registry")]
pub use registry::{
    LockChange, LockEntry, LockFile, RegisteredEnum, Registry, RegistryConflict, RegistryConflicts,
    StabilityError, StabilityReport,
};
pub use verbose::Verbosity;

/// Fails the build when two error types claim overlapping codes.
///
/// Expands to one `const` item. Each type's claim is its `range` or, without one, its lowest
/// to highest own code (`transparent` variants do not count), widened by its retired codes
/// (`reserved`): a code one type retired and another uses is reported as such. The types
/// may come from different crates.
///
/// ```
/// # use mcp_errors_core::{ErrorCatalog, ErrorEntry, CodeRange, assert_disjoint};
/// # struct A; struct B;
/// # impl ErrorCatalog for A { const NAME: &'static str = "A"; const DOMAIN: &'static str = "a";
/// #   const RANGE: Option<CodeRange> = Some(CodeRange::new(2000, 2099)); const ENTRIES: &'static [ErrorEntry] = &[]; }
/// # impl ErrorCatalog for B { const NAME: &'static str = "B"; const DOMAIN: &'static str = "b";
/// #   const RANGE: Option<CodeRange> = Some(CodeRange::new(2100, 2199)); const ENTRIES: &'static [ErrorEntry] = &[]; }
/// assert_disjoint!(A, B);
/// ```
///
/// A collision fails const evaluation with a message naming both types:
/// ``evaluation panicked: MCP error code 2101 is used by both `PlaywrightError` and `PythonError`; give one of the two variants another code ``.
#[macro_export]
macro_rules! assert_disjoint {
    ($($ty:ty),+ $(,)?) => {
        const _: () = $crate::__private::disjoint::check(&[
            $($crate::__private::disjoint::Item::of::<$ty>(::core::stringify!($ty))),+
        ]);
    };
}
