//! Doc URLs: `#[mcp(doc_url = "...")]` on an enum (a template) and on a variant (its own, which
//! wins), read back through `McpError::doc_url`, `ErrorCatalog::DOC_URLS` and the catalog JSON,
//! and written on the wire only when a server asks (`with_doc_url`, `meta_doc_url`).

use mcp_errors::{ErrorCatalog, McpError, McpErrorExt, ToolErrorFormat};
use serde_json::json;

#[derive(Debug, McpError)]
#[mcp(
    domain = "playwright",
    range = 2100..=2199,
    symbol_prefix = "E_PW_",
    doc_url = "https://errors.acme.dev/{domain}#{symbol}-{code}"
)]
enum PlaywrightError {
    /// Navigation failed
    #[mcp(code = 2100, retryable, help = "check the URL")]
    Nav {
        #[mcp(data)]
        url: String,
    },
    /// Browser gone
    #[mcp(code = 2101, doc_url = "http://wiki.acme.dev/{{browser}}/{symbol}")]
    Gone,
    #[mcp(transparent)]
    Files(FilesError),
}

/// No doc URL anywhere: the trait's default, no `DOC_URLS`.
#[derive(Debug, McpError)]
#[mcp(domain = "files", range = 2500..=2599, symbol_prefix = "E_FS_")]
enum FilesError {
    /// Not found
    #[mcp(code = 2500)]
    NotFound,
}

/// One variant with a URL, one without.
#[derive(Debug, McpError)]
#[mcp(domain = "mixed", range = 2600..=2699)]
enum MixedError {
    /// With
    #[mcp(code = 2600, doc_url = "https://acme.dev/with")]
    With,
    /// Without
    #[mcp(code = 2601)]
    Without,
}

fn nav() -> PlaywrightError {
    PlaywrightError::Nav {
        url: "https://a.invalid/".into(),
    }
}

#[test]
fn the_variant_wins_over_the_enum_template() {
    assert_eq!(
        nav().doc_url(),
        Some("https://errors.acme.dev/playwright#E_PW_NAV-2100")
    );
    assert_eq!(
        PlaywrightError::Gone.doc_url(),
        Some("http://wiki.acme.dev/{browser}/E_PW_GONE")
    );
    assert_eq!(
        PlaywrightError::DOC_URLS,
        [
            Some("https://errors.acme.dev/playwright#E_PW_NAV-2100"),
            Some("http://wiki.acme.dev/{browser}/E_PW_GONE"),
        ]
    );
    // A transparent variant asks its inner error, which has none.
    assert_eq!(PlaywrightError::Files(FilesError::NotFound).doc_url(), None);
    assert_eq!(FilesError::NotFound.doc_url(), None);
    assert!(FilesError::DOC_URLS.is_empty());
    assert_eq!(MixedError::With.doc_url(), Some("https://acme.dev/with"));
    assert_eq!(MixedError::Without.doc_url(), None);
    assert_eq!(MixedError::DOC_URLS, [Some("https://acme.dev/with"), None]);
}

#[cfg(feature = "registry")]
#[test]
fn the_catalog_json_has_doc_url_where_there_is_one() {
    let catalog = mcp_errors::Registry::new()
        .with::<PlaywrightError>()
        .with::<MixedError>()
        .to_json();
    let entries = |i: usize| catalog["enums"][i]["entries"].as_array().unwrap().clone();
    assert_eq!(
        entries(0)[0]["docUrl"],
        "https://errors.acme.dev/playwright#E_PW_NAV-2100"
    );
    assert_eq!(entries(1)[0]["docUrl"], "https://acme.dev/with");
    assert!(entries(1)[1].get("docUrl").is_none());
}

#[test]
fn the_wire_has_no_doc_url_unless_asked() {
    let err = nav();
    // Off: the bytes of a view without the option.
    let plain = err.to_error_object().to_json_string().unwrap();
    assert!(!plain.contains("docUrl"), "{plain}");
    let tool = err.to_tool_result().to_json_value().unwrap();
    assert!(tool["_meta"].get("docUrl").is_none());
    assert!(
        !tool["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("acme.dev")
    );

    // On: `data.docUrl` of a JSON-RPC error.
    let object = err
        .to_error_object()
        .with_doc_url()
        .to_json_value()
        .unwrap();
    assert_eq!(
        object["data"],
        json!({
            "domain": "playwright", "symbol": "E_PW_NAV", "retryable": true,
            "url": "https://a.invalid/",
            "docUrl": "https://errors.acme.dev/playwright#E_PW_NAV-2100",
        })
    );
    let response = err.to_jsonrpc(7).with_doc_url().to_json_value().unwrap();
    assert_eq!(
        response["error"]["data"]["docUrl"],
        object["data"]["docUrl"]
    );
    // The same option on an error without a doc URL changes nothing.
    assert_eq!(
        FilesError::NotFound
            .to_error_object()
            .with_doc_url()
            .to_json_string()
            .unwrap(),
        FilesError::NotFound
            .to_error_object()
            .to_json_string()
            .unwrap()
    );

    // On: a tool error's `_meta.docUrl`, never its text.
    let format = ToolErrorFormat::MODEL.with_meta_doc_url(true);
    let tool = err.to_tool_result().format(format).to_json_value().unwrap();
    assert_eq!(
        tool["_meta"]["docUrl"],
        "https://errors.acme.dev/playwright#E_PW_NAV-2100"
    );
    assert!(
        !tool["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("acme.dev")
    );
    let minimal = ToolErrorFormat::MINIMAL.with_meta_doc_url(true);
    let tool = FilesError::NotFound
        .to_tool_result()
        .format(minimal)
        .to_json_value()
        .unwrap();
    assert!(tool["_meta"].get("docUrl").is_none());
    assert!(!ToolErrorFormat::MODEL.meta_doc_url() && !ToolErrorFormat::MINIMAL.meta_doc_url());
}
