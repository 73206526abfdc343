//! [`ErrorDiscovery`]: what a server publishes about its errors.

use std::sync::Arc;

use serde_json::{Map, Value};

use super::{CATALOG_URI, TOOL_ERRORS_META_KEY};
use crate::ErrorCatalog;

/// What a server publishes about its errors: the catalog JSON, served as the resource
/// [`CATALOG_URI`], and the symbols each tool can return, listed in the tool's `_meta` under
/// [`TOOL_ERRORS_META_KEY`].
///
/// Build it once (a `static` `LazyLock`, or a field of the server) and hand it to the helpers
/// of your rmcp line (`integrations::rmcp_3::list_resources_with_catalog`, ...,
/// docs/discovery.md). Cloning is cheap (the catalog text is shared).
///
/// ```
/// # use mcp_errors_core as mcp_errors;
/// use mcp_errors::discovery::ErrorDiscovery;
///
/// let discovery = ErrorDiscovery::new(r#"{"format":"mcp-errors-catalog","version":1,"enums":[]}"#)
///     .tool::<mcp_errors::CommonError>("navigate");
/// assert!(discovery.symbols_of("navigate").unwrap().contains(&"E_INVALID_PARAMS"));
/// ```
#[derive(Clone, Debug)]
pub struct ErrorDiscovery {
    catalog: Arc<str>,
    tools: Vec<(String, Vec<&'static str>)>,
}

impl ErrorDiscovery {
    /// Publishes `catalog_json`, the catalog's JSON text as `Registry::to_json` writes it (a
    /// file generated at build time, `include_str!`, or the registry's output).
    pub fn new(catalog_json: impl Into<String>) -> Self {
        Self {
            catalog: Arc::from(catalog_json.into()),
            tools: Vec::new(),
        }
    }

    /// Publishes the catalog of `registry` (its `to_json`, as `--catalog` prints it).
    #[cfg(feature = "registry")]
    #[inline]
    pub fn from_registry(registry: &crate::Registry) -> Self {
        Self::new(format!("{:#}", registry.to_json()))
    }

    /// Adds the symbols of `E` (its own variants: name the enums of its `transparent`
    /// variants too, one call each) to those the tool `name` can return.
    #[must_use]
    pub fn tool<E: ErrorCatalog>(self, name: &str) -> Self {
        let symbols: Vec<&'static str> = E::ENTRIES.iter().map(|e| e.symbol).collect();
        self.tool_symbols(name, &symbols)
    }

    /// Adds `symbols` to those the tool `name` can return (kept in order, each once).
    #[must_use]
    pub fn tool_symbols(mut self, name: &str, symbols: &[&'static str]) -> Self {
        let at = if let Some(at) = self.tools.iter().position(|(tool, _)| tool == name) {
            at
        } else {
            self.tools.push((name.to_owned(), Vec::new()));
            self.tools.len() - 1
        };
        let list = &mut self.tools[at].1;
        for symbol in symbols {
            if !list.contains(symbol) {
                list.push(symbol);
            }
        }
        self
    }

    /// The catalog's JSON text, the resource's content.
    pub fn catalog_json(&self) -> &str {
        &self.catalog
    }

    /// The symbols the tool `name` can return, when said.
    pub fn symbols_of(&self, name: &str) -> Option<&[&'static str]> {
        self.tools
            .iter()
            .find(|(tool, _)| tool == name)
            .map(|(_, symbols)| symbols.as_slice())
    }

    /// The catalog resource as `resources/list` lists it.
    pub(crate) fn resource_json(&self) -> Value {
        serde_json::json!({
            "uri": CATALOG_URI,
            "name": super::CATALOG_NAME,
            "description": "The errors this server can send (mcp-errors catalog JSON): code, symbol, domain, kind, retryable, message, help",
            "mimeType": super::CATALOG_MIME_TYPE,
            "size": self.catalog.len(),
        })
    }

    /// `resources/read`'s result for the catalog.
    pub(crate) fn read_result_json(&self) -> Value {
        serde_json::json!({
            "contents": [{
                "uri": CATALOG_URI,
                "mimeType": super::CATALOG_MIME_TYPE,
                "text": &*self.catalog,
            }]
        })
    }

    /// `tool` (a `Tool` as JSON) with its symbols under `_meta`, when any are said; other
    /// `_meta` keys are kept. `None` when nothing was said of this tool.
    pub(crate) fn annotate_tool_json(&self, mut tool: Value) -> Option<Value> {
        let name = tool.get("name")?.as_str()?;
        let symbols = self.symbols_of(name)?;
        let value = serde_json::json!({ "symbols": symbols, "catalog": CATALOG_URI });
        let object = tool.as_object_mut()?;
        let meta = object
            .entry("_meta")
            .or_insert_with(|| Value::Object(Map::new()));
        if !meta.is_object() {
            *meta = Value::Object(Map::new());
        }
        meta.as_object_mut()?
            .insert(TOOL_ERRORS_META_KEY.to_owned(), value);
        Some(tool)
    }
}
