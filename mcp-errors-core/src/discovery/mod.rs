//! Discovery of a server's errors from the server itself (docs/discovery.md).
//!
//! A server publishes its catalog over MCP as a resource, [`CATALOG_URI`]
//! (`mcp-errors://catalog`, [`CATALOG_MIME_TYPE`] `application/json`), whose text is the catalog
//! JSON `Registry::to_json` writes (what the example server's `--catalog` prints), and lists, per
//! tool of `tools/list`, the symbols the tool can return under `_meta[`[`TOOL_ERRORS_META_KEY`]`]`.
//!
//! - The server's side (any rmcp feature): [`ErrorDiscovery`], what the server publishes, and
//!   the helpers of each line (`integrations::rmcp_N::list_resources_with_catalog`,
//!   `read_catalog_resource`, `catalog_capability`, `tool_router_with_errors`), which add to
//!   a handler's own resources and tools rather than replace them.
//! - The client's side (feature `client`): [`DiscoveredCatalog`], a catalog read at run time
//!   (at most [`MAX_CATALOG_BYTES`]), which decodes that server's errors by symbol without a
//!   generated module; a catalog that is too large, not JSON or of the wrong shape is refused
//!   with a [`CatalogRejected`] and the catalog loaded before stays in use.

#[cfg(feature = "client")]
mod client;
#[cfg(any(
    feature = "rmcp-0",
    feature = "rmcp-1",
    feature = "rmcp-2",
    feature = "rmcp-3"
))]
mod server;

#[cfg(feature = "client")]
pub use client::{CatalogRejected, DiscoveredCatalog, DiscoveredEntry, DiscoveredError};
#[cfg(any(
    feature = "rmcp-0",
    feature = "rmcp-1",
    feature = "rmcp-2",
    feature = "rmcp-3"
))]
pub use server::ErrorDiscovery;

/// The URI of the catalog resource.
pub const CATALOG_URI: &str = "mcp-errors://catalog";

/// The MIME type of the catalog resource.
pub const CATALOG_MIME_TYPE: &str = "application/json";

/// The name the catalog resource is listed under (`resources/list`'s `name`).
pub const CATALOG_NAME: &str = "mcp-errors catalog";

/// The key of a tool's `_meta` (in `tools/list`) that lists the symbols the tool can return:
/// `{"symbols": ["E_PW_NAV", ...], "catalog": "mcp-errors://catalog"}`.
///
/// MCP reserves `_meta` keys without a prefix and those whose prefix is
/// `io.modelcontextprotocol` or `dev.mcp`; a prefix is a reversed DNS name the author
/// controls. This one is the crate's registry name (`crates.io/crates/mcp-errors`) reversed,
/// the one name this project owns whatever host its repository moves to.
pub const TOOL_ERRORS_META_KEY: &str = "io.crates.mcp-errors/errors";

/// The largest catalog text a client loads, in bytes (1 MiB; the example server's catalog,
/// 30 errors, is 21 KiB). A larger text is refused without being parsed.
pub const MAX_CATALOG_BYTES: usize = 1 << 20;
