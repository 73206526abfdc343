//! `catch_all`: a variant for foreign errors (anyhow, `io::Error`, `Box<dyn Error>`) with its
//! own code and symbol. `?` converts into it; its `Display` (logs) is the inner error's, its
//! wire message is the variant's own (the inner text reaches the wire only when the message
//! names `{0}`); `Error::source` continues with the inner error's chain, as thiserror's
//! `#[error(transparent)]` does.

mod derive_support;

use std::error::Error as _;

use derive_support::data_of;
use mcp_errors::{ErrorCatalog, McpError, McpErrorExt};
use serde_json::json;

#[derive(Debug, McpError)]
#[mcp(domain = "browser", range = 2100..=2199, symbol_prefix = "E_PW_", data_fields)]
enum BrowserError {
    /// Navigation failed
    #[mcp(code = 2100, kind = "network")]
    Navigation { url: String },
    /// Internal error
    #[mcp(code = 2199, catch_all)]
    Other(anyhow::Error),
}

#[derive(Debug, McpError)]
#[mcp(domain = "filesystem", range = 2500..=2599, symbol_prefix = "E_FS_")]
enum FsError {
    #[mcp(
        code = 2598,
        catch_all,
        kind = "unavailable",
        message = "I/O failed: {0}"
    )]
    Io(std::io::Error),
    /// Unexpected failure
    #[mcp(code = 2599, catch_all)]
    Boxed(Box<dyn std::error::Error + Send + Sync>),
}

fn navigate(url: &str) -> Result<(), BrowserError> {
    if url.is_empty() {
        return Err(BrowserError::Navigation { url: url.into() });
    }
    Err(anyhow::anyhow!("chromium crashed").context(format!("while loading {url}")))?;
    Ok(())
}

#[test]
fn question_mark_lands_in_the_catch_all_with_its_own_code() {
    let e = navigate("https://example.com").unwrap_err();
    assert!(matches!(e, BrowserError::Other(_)));
    assert_eq!((e.code(), e.symbol()), (2199, "E_PW_OTHER"));
    assert_eq!(BrowserError::E_PW_OTHER, 2199);
    assert_eq!(BrowserError::ENTRIES[1].message, "Internal error");
}

#[test]
fn logs_see_the_inner_text_the_wire_sees_the_message() {
    let e = navigate("https://example.com").unwrap_err();
    assert_eq!(e.to_string(), "while loading https://example.com");
    let object = serde_json::to_value(e.to_error_object()).unwrap();
    assert_eq!(object["message"], json!("Internal error"));
    let wire = object.to_string();
    assert!(!wire.contains("chromium"), "{wire}");
    assert_eq!(data_of(&e), json!({}));
}

#[test]
fn the_source_chain_is_kept() {
    let e = navigate("https://example.com").unwrap_err();
    let chain: Vec<String> = std::iter::successors(e.source(), |s| (*s).source())
        .map(ToString::to_string)
        .collect();
    assert_eq!(chain, ["chromium crashed"]);
}

#[test]
fn a_message_naming_the_inner_error_puts_it_on_the_wire() {
    let io: FsError = std::io::Error::other("disk full").into();
    assert_eq!(io.to_string(), "disk full");
    let object = serde_json::to_value(io.to_error_object()).unwrap();
    assert_eq!(object["message"], json!("I/O failed: disk full"));
    assert!(io.retryable(), "unavailable kind");

    let boxed: FsError = Box::<dyn std::error::Error + Send + Sync>::from("bad magic").into();
    assert_eq!(
        (boxed.code(), boxed.to_string()),
        (2599, "bad magic".to_owned())
    );
    let object = serde_json::to_value(boxed.to_error_object()).unwrap();
    assert_eq!(object["message"], json!("Unexpected failure"));
}

/// thiserror's spellings, ported by renaming: `transparent` with a `code` over a foreign
/// error is a `catch_all` (`from` on its field says it again); a `catch_all` without message
/// or doc line gets its kind's message; the enum's message is not inherited by it.
#[derive(Debug, McpError)]
#[mcp(domain = "ported", range = 2200..=2299, message = "this failed: {0}_{1}", data_fields)]
enum Ported {
    #[mcp(code = 2200)]
    This(i32, i32),
    #[mcp(code = 2201, transparent)]
    Other(#[mcp(from)] anyhow::Error),
    #[mcp(code = 2202, catch_all, kind = "unavailable")]
    Io(std::io::Error),
}

#[test]
fn transparent_with_a_code_over_a_foreign_error_is_a_catch_all() {
    let e = Ported::from(anyhow::anyhow!("inner").context("outer"));
    assert_eq!(e.to_string(), "outer");
    assert_eq!(e.source().unwrap().to_string(), "inner");
    assert_eq!((e.code(), e.symbol()), (2201, "OTHER"));
    let object = serde_json::to_value(e.to_error_object()).unwrap();
    assert_eq!(object["message"], json!("Internal error"));
    assert_eq!(Ported::This(-1, -1).to_string(), "this failed: -1_-1");
}

#[test]
fn a_catch_all_without_message_gets_its_kinds_and_ignores_the_enums() {
    let e = Ported::Io(std::io::Error::other("disk gone"));
    assert_eq!(e.to_string(), "disk gone");
    let object = serde_json::to_value(e.to_error_object()).unwrap();
    assert_eq!(object["message"], json!("Service unavailable"));
    assert_eq!(Ported::ENTRIES[1].message, "Internal error");
    assert_eq!(Ported::ENTRIES[2].message, "Service unavailable");
}
