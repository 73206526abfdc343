//! thiserror 2.0.21's own tests (`tests/test_*.rs`), ported to `#[derive(McpError)]` by
//! renaming, as the README's "Coming from thiserror" table says: `#[error(..)]` becomes
//! `#[mcp(message = ..)]` / `#[mcp(message(..))]` / `#[mcp(fmt = ..)]`, `#[error(transparent)]`
//! `#[mcp(transparent)]` (with a `code` over a foreign error), `#[from]` / `#[source]`
//! `#[mcp(from)]` / `#[mcp(source)]`; each type gets a `domain` and each variant a `code`; a
//! field that cannot go into `data` gets `#[mcp(text)]`, `#[mcp(message_only)]` or
//! `#[mcp(skip)]`. One module per thiserror test file.
//!
//! The 55 cases: the 47 `#[test]` functions of `test_display.rs` (29), `test_expr.rs` (4),
//! `test_generics.rs` (3), `test_source.rs` (4), `test_from.rs` (1) and `test_transparent.rs`
//! (6); the 6 types of `test_error.rs`, which must compile; `test_source.rs`'s `MacroSource`;
//! and `test_generics.rs`'s generic declarations, which must compile. All 55 pass.

#![allow(
    dead_code,
    unused_qualifications,
    non_camel_case_types,
    clippy::elidable_lifetime_names,
    clippy::needless_lifetimes,
    clippy::needless_raw_string_hashes,
    clippy::trivially_copy_pass_by_ref,
    clippy::uninlined_format_args,
    clippy::iter_cloned_collect,
    clippy::items_after_statements,
    clippy::extra_unused_type_parameters,
    clippy::needless_late_init,
    clippy::empty_enums
)]

#[path = "thiserror_port/display.rs"]
mod display;
#[path = "thiserror_port/error.rs"]
mod error;
#[path = "thiserror_port/expr.rs"]
mod expr;
#[path = "thiserror_port/from.rs"]
mod from;
#[path = "thiserror_port/generics.rs"]
mod generics;
#[path = "thiserror_port/source.rs"]
mod source;
#[path = "thiserror_port/transparent.rs"]
mod transparent;

/// thiserror's `test_display.rs` names `crate::util::octal`.
mod util {
    use core::fmt::{self, Octal};

    pub fn octal<T: Octal>(value: &T, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "0o{:o}", value)
    }
}
