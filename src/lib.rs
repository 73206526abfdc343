// The crate's front page is README.md, and the guides are docs/*.md: on GitHub they link each
// other by relative paths, here by the link definitions written before each file, which win
// over the file's own (the first definition of a label is the one Markdown uses). Every
// example of the README and of the guides is a doctest.
#![doc = "[thiserror]: crate::guide::thiserror"]
#![doc = "[rmcp]: crate::guide::rmcp"]
#![doc = "[adopt]: crate::guide::adopt"]
#![doc = "[http]: crate::guide::http"]
#![doc = "[polyglot]: crate::guide::polyglot"]
#![doc = "[discovery]: crate::guide::discovery"]
#![doc = "[fleet]: crate::guide::fleet"]
#![doc = "[reference]: crate::guide::reference"]
#![doc = "[operating]: crate::guide::operating"]
#![doc = "[attributes]: crate::attributes"]
#![doc = "[envelopes]: crate::envelopes"]
#![doc = "[taxonomies]: crate::guide::taxonomies"]
#![doc = "[gateways]: crate::guide::gateways"]
#![doc = "[http-mod]: crate::http"]
#![doc = "[metrics-mod]: crate::metrics"]
#![doc = "[retry-mod]: crate::retry"]
#![doc = "[integrations-mod]: crate::integrations"]
#![doc = "[architecture]: https://example.invalid/mcp-errors/blob/main/ARCHITECTURE.md"]
#![doc = "[fuzz]: https://example.invalid/mcp-errors/blob/main/fuzz/README.md"]
#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub use mcp_errors_core::*;
// The registry again by name, the same path (`mcp_errors::Registry`) as the glob's: in a build
// without the `registry` feature, rustc's error for it then says which feature it is gated
// behind, which a glob cannot. tests/test_registry_exports.rs keeps this list the core's.
#[cfg(feature = "registry")]
pub use mcp_errors_core::{
    LockChange, LockEntry, LockFile, RegisteredEnum, Registry, RegistryConflict, RegistryConflicts,
    StabilityError, StabilityReport,
};
pub use mcp_errors_derive::McpError;

#[doc = "[adopt]: crate::guide::adopt"]
#[doc = include_str!("../docs/attributes.md")]
pub mod attributes {}

#[doc = "[ext]: crate::McpErrorExt"]
#[doc = "[retry]: crate::retry"]
#[doc = "[jsonrpc]: crate::jsonrpc"]
#[doc = "[attributes]: crate::attributes"]
#[doc = "[taxonomies]: crate::guide::taxonomies"]
#[doc = include_str!("../docs/envelopes.md")]
pub mod envelopes {}

/// Guides: each owns its topic, and the others link to it. Their examples are doctests (with
/// the features each guide names).
pub mod guide {
    #[doc = "[adopt]: crate::guide::adopt"]
    #[doc = "[operating]: crate::guide::operating"]
    #[doc = "[http]: crate::guide::http"]
    #[doc = "[envelopes]: crate::envelopes#tool-errors"]
    #[doc = "[rmcp_3]: crate::integrations::rmcp_3"]
    #[cfg_attr(
        any(not(doctest), feature = "rmcp-3"),
        doc = include_str!("../docs/rmcp.md")
    )]
    pub mod rmcp {}

    #[doc = "[rmcp]: crate::guide::rmcp"]
    #[doc = "[rmcp-versions]: crate::guide::rmcp#rmcp-versions"]
    #[doc = "[rmcp-json]: crate::guide::rmcp#a-generic-helper-around-jsont"]
    #[doc = "[envelopes]: crate::envelopes"]
    #[doc = include_str!("../docs/adopt.md")]
    pub mod adopt {}

    #[doc = "[readme-table]: crate#coming-from-thiserror"]
    #[doc = "[attributes]: crate::attributes"]
    #[doc = "[operating]: crate::guide::operating#environment"]
    #[doc = include_str!("../docs/thiserror.md")]
    pub mod thiserror {}

    #[doc = "[layer]: crate::http::HttpErrorLayer"]
    #[doc = "[retry]: crate::retry"]
    #[cfg_attr(
        any(not(doctest), all(feature = "rmcp-3", feature = "http")),
        doc = include_str!("../docs/http.md")
    )]
    pub mod http {}

    #[doc = "[catalog]: crate::ErrorCatalog"]
    #[doc = "[registry]: crate::Registry"]
    #[doc = "[cli]: https://example.invalid/mcp-errors/blob/main/mcp-errors-cli/src/lib.rs"]
    #[doc = include_str!("../docs/polyglot.md")]
    pub mod polyglot {}

    #[doc = "[polyglot]: crate::guide::polyglot"]
    #[cfg_attr(
        any(not(doctest), feature = "rmcp-3"),
        doc = include_str!("../docs/discovery.md")
    )]
    pub mod discovery {}

    #[doc = "[polyglot]: crate::guide::polyglot"]
    #[doc = include_str!("../docs/fleet.md")]
    pub mod fleet {}

    #[doc = "[fleet]: crate::guide::fleet"]
    #[doc = "[polyglot]: crate::guide::polyglot"]
    #[doc = include_str!("../docs/reference.md")]
    pub mod reference {}

    #[doc = "[rmcp]: crate::guide::rmcp"]
    #[doc = "[retry]: crate::retry"]
    #[doc = include_str!("../docs/operating.md")]
    pub mod operating {}

    #[doc = "[envelopes]: crate::envelopes"]
    #[doc = include_str!("../docs/taxonomies.md")]
    pub mod taxonomies {}

    #[doc = "[layer]: crate::http::HttpErrorLayer"]
    #[doc = "[status]: crate::http::HttpErrorLayer::error_status"]
    #[cfg_attr(
        any(not(doctest), feature = "http"),
        doc = include_str!("../docs/gateways.md")
    )]
    pub mod gateways {}
}
