//! The rules of an mcp-errors catalog, written once: the derive reports them as compile errors,
//! the run-time `Registry` as conflicts, and the `mcp-errors` CLI as findings, all with the same
//! words.
//!
//! Only `std` by default, so the derive's build stays as cheap as it is; and every rule is
//! `#[inline]`, so that it is code-generated where it is called (the derive uses some, the
//! core's registry others): a clean build of this crate pays only its front end.

pub mod rules;

#[cfg(feature = "fleet")]
pub mod fleet;
