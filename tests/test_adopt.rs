//! Adopting mcp-errors in an existing rmcp server (docs/adopt.md), the traps that compile:
//!
//! - rmcp's examples write `use rmcp::ErrorData as McpError`; the derive is then named by path,
//!   `#[derive(mcp_errors::McpError)]`, and the trait's methods come from
//!   `use mcp_errors::McpError as _`;
//! - `.map_err(|e| e.into())?` turns ambiguous (E0283, `tests/ui/adopt/map-err-into.rs`) once
//!   a derive adds `From<E> for ErrorData`: `?` alone, or `.map_err(McpError::from)?`;
//! - the old wire kept exactly: `plain_error_data` and constant `data(...)` members, and a
//!   `data` that is not an object set on its result;
//! - a variant named like the prefix's last word (`Imap` under `E_IMAP_`) is `E_IMAP`, not
//!   `E_IMAP_IMAP`.

#![cfg(feature = "rmcp-3")]

use mcp_errors::McpError as _;
use mcp_errors::integrations::rmcp_3::plain_error_data;
use rmcp::ErrorData as McpError;
use serde_json::json;

#[derive(Debug, mcp_errors::McpError)]
#[mcp(domain = "browser", range = 2100..=2199, symbol_prefix = "E_PW_")]
enum BrowserError {
    /// Navigation failed
    #[mcp(code = 2100, retryable, kind = "network")]
    Nav,
}

/// The wire a server sent before the port: -32602 told apart by `data.code`.
#[derive(Debug, mcp_errors::McpError)]
#[mcp(domain = "browser", protocol)]
enum WireError {
    #[mcp(code = -32602, shared_code, message = "Invalid input: {0}", data(code = "invalid_input"))]
    InvalidInput(String),
}

fn rmcp_step() -> Result<u8, McpError> {
    Err(McpError::internal_error("step failed", None))
}

fn our_step() -> Result<u8, BrowserError> {
    Err(BrowserError::Nav)
}

/// What `.map_err(|e| e.into())?` becomes: `?` where the error already is `ErrorData` or a
/// derived enum, `McpError::from` (that is, `ErrorData::from`) where a closure is wanted.
fn tool() -> Result<u8, McpError> {
    let a = rmcp_step().or_else(|_| rmcp_step())?;
    let b = our_step().map_err(McpError::from)?;
    let c = our_step()?;
    let d = our_step().map_err(|e| -> McpError { e.into() })?;
    Ok(a + b + c + d)
}

#[test]
fn the_alias_and_the_derive_by_path_live_together() {
    // The trait's methods, through `use mcp_errors::McpError as _`.
    assert_eq!(BrowserError::Nav.symbol(), "E_PW_NAV");
    let data: McpError = BrowserError::Nav.into();
    assert_eq!(data.code.0, 2100);
}

#[test]
fn question_mark_replaces_map_err_into() {
    let err = tool().unwrap_err();
    assert_eq!(&*err.message, "step failed");
}

#[test]
fn the_old_wire_exactly() {
    let err = WireError::InvalidInput("url is empty".into());
    let data = plain_error_data(&err);
    assert_eq!(data.code.0, -32602);
    assert_eq!(&*data.message, "Invalid input: url is empty");
    assert_eq!(data.data, Some(json!({ "code": "invalid_input" })));
    // `?` (the generated `From`) sends the full `data` instead.
    let full = McpError::from(err);
    assert_eq!(
        full.data.as_ref().map(|d| &d["symbol"]),
        Some(&json!("INVALID_INPUT"))
    );
    assert_eq!(
        full.data.as_ref().map(|d| &d["code"]),
        Some(&json!("invalid_input"))
    );
}

/// A mail server's enum: the variant for the IMAP backend repeats the prefix's last word.
#[derive(Debug, mcp_errors::McpError)]
#[mcp(domain = "mail", range = 2600..=2699, symbol_prefix = "E_IMAP_")]
enum MailError {
    /// The IMAP server refused the command
    #[mcp(code = 2600)]
    Imap,
    /// Login failed
    #[mcp(code = 2601)]
    ImapLogin,
    /// The old doubled symbol, kept on purpose
    #[mcp(code = 2602, symbol = "E_IMAP_IMAP")]
    Legacy,
}

#[test]
fn a_variant_named_like_the_prefix_is_not_doubled() {
    use mcp_errors::ErrorCatalog as _;
    assert_eq!(MailError::Imap.symbol(), "E_IMAP");
    assert_eq!(MailError::E_IMAP, 2600);
    assert_eq!(MailError::ImapLogin.symbol(), "E_IMAP_IMAP_LOGIN");
    assert_eq!(MailError::Legacy.symbol(), "E_IMAP_IMAP");
    let wire: McpError = MailError::Imap.into();
    assert_eq!(
        wire.data.as_ref().map(|d| &d["symbol"]),
        Some(&json!("E_IMAP"))
    );
    assert_eq!(
        MailError::entry_by_symbol("E_IMAP").map(|e| e.code),
        Some(2600)
    );
}

/// The old wire's `data` was a string, which `plain_error_data` (object members only) cannot
/// produce: the helper of docs/adopt.md sets it on the result.
fn with_text_data<E: mcp_errors::VisitData>(err: &E, text: String) -> McpError {
    McpError {
        data: Some(serde_json::Value::String(text)),
        ..plain_error_data(err)
    }
}

#[test]
fn a_string_data_is_kept_by_the_helper() {
    let before = McpError::invalid_params("Invalid input: url is empty", Some(json!("url")));
    let err = WireError::InvalidInput("url is empty".into());
    assert_eq!(
        plain_error_data(&err).data,
        Some(json!({ "code": "invalid_input" }))
    );
    let after = with_text_data(&err, "url".into());
    assert_eq!(
        serde_json::to_value(&after).ok(),
        serde_json::to_value(&before).ok()
    );
}
