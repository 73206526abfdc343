//! `#[derive(McpError)]`. See the `mcp-errors` crate for documentation.

use proc_macro::TokenStream;

/// Derives `McpError`, `ErrorCatalog`, `Display` and `std::error::Error` for an error enum.
#[proc_macro_derive(McpError, attributes(mcp))]
pub fn derive_mcp_error(input: TokenStream) -> TokenStream {
    let _ = input;
    TokenStream::new()
}
