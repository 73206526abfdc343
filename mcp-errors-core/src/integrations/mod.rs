//! Optional integrations with the MCP ecosystem, each behind a cargo feature.
//!
//! The derive emits `__impl_integrations!(Type);` after every enum. Each feature contributes
//! its impls through that macro; with every feature off it expands to nothing.

/// Emits the integration impls of every enabled feature for a derived type.
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_integrations {
    ($ty:ty) => {};
}
