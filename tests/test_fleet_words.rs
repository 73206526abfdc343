//! One deliberate overlap, `tests/fleet/overlap/fleet.toml` (playwright's range starts inside
//! python's), fails in all three places with the same words: the derive (an enum tied to that
//! fleet: `tests/ui/fleet/overlap.rs`, whose `.stderr` compiletest keeps true), `mcp-errors
//! check` on the fleet file, and `Registry::check` on two enums that claim the two ranges.
//! Each adds only where: the derive a span and the fleet file's position, the CLI
//! `PATH:LINE:COLUMN: error:`, the registry the enums' names.
//!
//! Also here: retired codes (`reserved`) in the catalog, and, with the `fleet` feature, an enum
//! that keeps to its allocation compiling.

// The enums exist for their catalogs: no value of them is built.
#![allow(dead_code)]

use std::path::Path;

use mcp_errors::{ErrorCatalog, McpError, Registry, RegistryConflict};

/// The words all three must say.
const WORDS: &str =
    "range 2100..=2199 of `playwright` overlaps range 2000..=2149 of `python` from code 2100";

#[derive(Debug, McpError)]
#[mcp(domain = "python", range = 2000..=2149)]
enum PythonError {
    /// Execution failed
    #[mcp(code = 2000)]
    ExecFail,
}

#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199)]
enum PlaywrightError {
    /// Navigation failed
    #[mcp(code = 2100)]
    Nav,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The derive's message for the overlap, from the reviewed `.stderr`, without the fleet
/// file's position it appends.
fn derive_words() -> String {
    let stderr = std::fs::read_to_string(root().join("tests/ui/fleet/overlap.stderr")).unwrap();
    let line = stderr
        .lines()
        .find_map(|l| l.strip_prefix("error: "))
        .expect("the derive reports an error");
    let (words, position) = line
        .split_once(" (fleet file ")
        .expect("the fleet file's position");
    assert!(
        position.ends_with("tests/fleet/overlap/fleet.toml:13:9)"),
        "{line}"
    );
    words.to_owned()
}

/// `mcp-errors check`'s message for the overlap.
fn cli_words() -> String {
    let report = mcp_errors_cli::check::check(&root().join("tests/fleet/overlap/fleet.toml"));
    let overlaps: Vec<_> = report
        .problems
        .iter()
        .filter(|p| p.kind == "overlapping-ranges")
        .collect();
    assert_eq!(overlaps.len(), 1, "{:?}", report.problems);
    overlaps[0].message.clone()
}

/// `Registry::check`'s message for the overlap, without the enums' names before it.
fn registry_words() -> String {
    let conflicts = Registry::new()
        .with::<PythonError>()
        .with::<PlaywrightError>()
        .check()
        .unwrap_err();
    assert_eq!(conflicts.len(), 1, "{conflicts}");
    assert!(matches!(
        conflicts[0],
        RegistryConflict::OverlappingRanges { code: 2100, .. }
    ));
    let line = conflicts[0].to_string();
    assert_eq!(
        line,
        format!(
            "`PythonError` and `PlaywrightError`: {}",
            conflicts[0].finding()
        )
    );
    conflicts[0].finding().to_string()
}

#[test]
fn one_overlap_reads_the_same_in_the_derive_the_cli_and_the_registry() {
    assert_eq!(derive_words(), WORDS);
    assert_eq!(cli_words(), WORDS);
    assert_eq!(registry_words(), WORDS);
}

/// Retired codes reach the catalog: `RESERVED`, the span, the JSON.
#[derive(Debug, McpError)]
#[mcp(domain = "retiring", range = 2100..=2199, reserved = [2150, 2160..=2169])]
enum Retiring {
    /// Navigation failed
    #[mcp(code = 2100)]
    Nav,
}

#[test]
fn retired_codes_are_in_the_catalog() {
    // Without a range, retired codes widen the span.
    #[derive(Debug, McpError)]
    #[mcp(domain = "wide", reserved = [2190..=2199])]
    enum Wide {
        /// A
        #[mcp(code = 2100)]
        Aa,
    }
    assert_eq!(
        Retiring::RESERVED,
        [
            mcp_errors::CodeRange::new(2150, 2150),
            mcp_errors::CodeRange::new(2160, 2169)
        ]
    );
    let json = Registry::new().with::<Retiring>().to_json();
    assert_eq!(
        json["enums"][0]["reserved"],
        serde_json::json!([2150, [2160, 2169]])
    );
    assert_eq!(Wide::SPAN, Some(mcp_errors::CodeRange::new(2100, 2199)));
}

/// An enum that keeps to its allocation compiles (the compile-fail side is `tests/ui/fleet/`).
#[cfg(feature = "fleet")]
mod fleet {
    use mcp_errors::McpError;

    #[derive(Debug, McpError)]
    #[mcp(domain = "playwright", range = 2100..=2149, fleet = "tests/ui/fleet/acme.toml")]
    enum PlaywrightError {
        /// Navigation failed
        #[mcp(code = 2100)]
        Nav,
    }

    #[test]
    fn an_enum_inside_its_allocation_compiles() {
        assert_eq!(PlaywrightError::Nav.code(), 2100);
    }
}
