//! `mcp-errors diff` on real catalog changes: two releases of a server's enums, declared with
//! the derive, exported with `Registry::to_json`, compared as CI would compare them.

// The enums exist for their catalogs; no value of them is ever built.
#![allow(dead_code)]

use mcp_errors::{McpError, Registry};
use mcp_errors_cli::{Catalog, diff};

/// The catalog of a registry, read back as the command reads a file.
fn catalog(registry: &Registry) -> Catalog {
    Catalog::from_json(&registry.to_json().to_string()).expect("Registry::to_json is a catalog")
}

mod v1 {
    use super::McpError;

    #[derive(Debug, McpError)]
    #[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_")]
    pub enum PlaywrightError {
        /// Navigation failed
        #[mcp(code = 2100, retryable, kind = "network")]
        Nav,
        /// Browser launch failed
        #[mcp(code = 2101, kind = "unavailable")]
        Launch,
        /// Element not found
        #[mcp(code = 2102, kind = "not_found")]
        NoElement,
        /// Screenshot failed
        #[mcp(code = 2103)]
        Screenshot,
    }
}

/// The next release, compatible: one code added, messages reworded.
mod v2_compatible {
    use super::McpError;

    #[derive(Debug, McpError)]
    #[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_")]
    pub enum PlaywrightError {
        /// Could not navigate
        #[mcp(code = 2100, retryable, kind = "network")]
        Nav,
        /// Browser launch failed
        #[mcp(code = 2101, kind = "unavailable")]
        Launch,
        /// Element not found
        #[mcp(code = 2102, kind = "not_found")]
        NoElement,
        /// Screenshot failed
        #[mcp(code = 2103)]
        Screenshot,
        /// Download failed
        #[mcp(code = 2104, retryable)]
        Download,
    }
}

/// The next release, breaking: `Launch` removed (2101 gone), `NoElement` renamed (2102 now
/// `E_PW_ELEMENT_MISSING`), 2103 reused for `Nav`, which moved there from 2100.
mod v2_breaking {
    use super::McpError;

    #[derive(Debug, McpError)]
    #[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_")]
    pub enum PlaywrightError {
        /// Element not found
        #[mcp(code = 2102, kind = "not_found")]
        ElementMissing,
        /// Navigation failed
        #[mcp(code = 2103, retryable, kind = "network")]
        Nav,
    }
}

/// The enum's domain and range moved.
mod v2_moved {
    use super::McpError;

    #[derive(Debug, McpError)]
    #[mcp(domain = "browser", range = 2200..=2299, symbol_prefix = "E_PW_")]
    pub enum PlaywrightError {
        /// Navigation failed
        #[mcp(code = 2200, retryable, kind = "network")]
        Nav,
    }
}

fn v1() -> Catalog {
    catalog(&Registry::new().with::<v1::PlaywrightError>())
}

#[test]
fn an_added_code_is_not_breaking() {
    let new = catalog(&Registry::new().with::<v2_compatible::PlaywrightError>());
    assert_eq!(diff::breaking_changes(&v1(), &new), Vec::<String>::new());
    assert_eq!(diff::added_codes(&v1(), &new), ["2104 E_PW_DOWNLOAD"]);
}

#[test]
fn removal_rename_and_reuse_are_breaking() {
    let new = catalog(&Registry::new().with::<v2_breaking::PlaywrightError>());
    assert_eq!(
        diff::breaking_changes(&v1(), &new),
        [
            "symbol E_PW_NAV moved from code 2100 to 2103; code 2100 removed",
            "code 2101 (E_PW_LAUNCH) removed",
            "code 2102: symbol renamed from E_PW_NO_ELEMENT to E_PW_ELEMENT_MISSING",
            "code 2103 reused: was E_PW_SCREENSHOT, now E_PW_NAV",
        ]
    );
}

#[test]
fn moved_domain_and_range_are_breaking() {
    let new = catalog(&Registry::new().with::<v2_moved::PlaywrightError>());
    let findings = diff::breaking_changes(&v1(), &new);
    assert_eq!(
        findings[..2],
        [
            "enum PlaywrightError: domain moved from playwright to browser",
            "enum PlaywrightError: range moved from 2100..=2199 to 2200..=2299",
        ]
    );
    assert!(
        findings.contains(
            &"symbol E_PW_NAV moved from code 2100 to 2200; code 2100 removed".to_owned()
        )
    );
}

#[test]
fn a_removed_enum_is_breaking() {
    let both = catalog(
        &Registry::new()
            .with::<mcp_errors::CommonError>()
            .with::<v1::PlaywrightError>(),
    );
    let findings = diff::breaking_changes(&both, &v1());
    assert_eq!(findings[0], "enum CommonError (domain common) removed");
    assert!(findings.contains(&"code 1000 (E_INVALID_PARAMS) removed".to_owned()));
}
