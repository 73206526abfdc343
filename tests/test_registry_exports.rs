//! The registry's types have one public path each, `mcp_errors::Registry`, ...: the facade's
//! glob re-export of the core brings them, and `src/lib.rs` names them once more (the same
//! path) so that rustc's error in a build without the `registry` feature says which feature
//! they are gated behind (a glob re-export carries no such note). This test keeps that list
//! equal to the core's, so a new registry type is not left out of one of them.

/// The names of the `#[cfg(feature = "registry")] pub use PATH::{...};` of `source`.
fn registry_exports(source: &str, path: &str) -> Vec<String> {
    let open = format!("#[cfg(feature = \"registry\")]\npub use {path}::{{");
    let start = source
        .find(&open)
        .unwrap_or_else(|| panic!("no `{open}` in the source"))
        + open.len();
    let end = start + source[start..].find("};").expect("the list's `};`");
    let mut names: Vec<String> = source[start..end]
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .map(str::to_owned)
        .collect();
    names.sort();
    names
}

#[test]
fn the_facade_names_the_registry_types_the_core_exports() {
    let facade = registry_exports(include_str!("../src/lib.rs"), "mcp_errors_core");
    let core = registry_exports(include_str!("../mcp-errors-core/src/lib.rs"), "registry");
    assert!(core.contains(&"Registry".to_owned()), "{core:?}");
    assert_eq!(facade, core);
}

/// Each name of the list resolves at the root, in a build with the feature.
#[cfg(feature = "registry")]
#[test]
fn the_registry_types_are_at_the_root() {
    #[allow(unused_imports)]
    use mcp_errors::{
        LockChange, LockEntry, LockFile, RegisteredEnum, Registry, RegistryConflict,
        RegistryConflicts, StabilityError, StabilityReport,
    };
    assert!(Registry::new().check().is_ok());
}
