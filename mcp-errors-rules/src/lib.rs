//! The rules of an mcp-errors catalog, written once: the derive reports them as compile errors,
//! the run-time `Registry` as conflicts, and the `mcp-errors` CLI as findings, all with the same
//! words.
//!
//! Only `std` by default. The derive compiles `rules/` from source as a module of its own (one
//! definition, no crate more in a server's build), so that folder names only `std` and
//! `super::`; every rule is `#[inline]`, code-generated where it is called.

pub mod rules;

#[cfg(feature = "fleet")]
pub mod fleet;
