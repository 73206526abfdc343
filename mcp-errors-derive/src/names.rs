//! Pure functions on names: case conversion and the format rules of symbols and domains. The
//! rules are the shared crate's (`crate::rules::names`); only what reads a Rust
//! identifier is here.

pub use crate::rules::names::{is_valid_symbol_prefix, replace, screaming_snake, symbol_problem};

/// The identifier without `r#`.
pub fn unraw(ident: &proc_macro2::Ident) -> String {
    let name = ident.to_string();
    match name.strip_prefix("r#") {
        Some(raw) => raw.to_owned(),
        None => name,
    }
}
