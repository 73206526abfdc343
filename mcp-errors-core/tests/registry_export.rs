//! `Registry::to_markdown` and `Registry::to_json`.

mod registry_support;

use mcp_errors_core::{CodeRange, ErrorEntry, ErrorKind, FieldEntry, FieldRole, Registry};
use serde_json::json;

const INVALID: ErrorEntry = ErrorEntry {
    code: 1000,
    symbol: "E_INVALID_PARAMS",
    domain: "common",
    message: "Invalid parameters",
    retryable: false,
    kind: ErrorKind::Validation,
    variant: "InvalidParams",
    doc: "Invalid parameters",
    aliases: &[],
    help: Some("check the tool's input schema"),
    channel: mcp_errors_core::Channel::ToolError,
    error_type: None,
    fields: &[],
};
const TIMEOUT: ErrorEntry = ErrorEntry {
    code: 1001,
    symbol: "E_TIMEOUT",
    domain: "common",
    message: "Operation timed out after {secs}s",
    retryable: true,
    kind: ErrorKind::Timeout,
    variant: "Timeout",
    doc: "",
    aliases: &["E_TIMED_OUT"],
    help: None,
    channel: mcp_errors_core::Channel::JsonRpcError,
    error_type: None,
    fields: &[FieldEntry {
        name: "secs",
        key: "secs",
        role: FieldRole::Data,
    }],
};
const NAV: ErrorEntry = ErrorEntry {
    code: 2100,
    symbol: "E_PW_NAV",
    domain: "playwright",
    message: "Navigation failed | *blocked* <script>",
    retryable: true,
    kind: ErrorKind::Network,
    variant: "Nav",
    doc: "Navigation failed\nsecond line",
    aliases: &[],
    help: Some("check the URL\nand the network"),
    channel: mcp_errors_core::Channel::ToolError,
    error_type: Some("NavigationError"),
    fields: &[FieldEntry {
        name: "reason",
        key: "details",
        role: FieldRole::Details,
    }],
};

// Declared out of code order: exports sort by code.
catalog!(
    CommonError,
    "common",
    Some(CodeRange::new(1000, 1099)),
    [TIMEOUT, INVALID]
);
catalog!(PlaywrightError, "playwright", None, [NAV]);

fn registry() -> Registry {
    Registry::new()
        .with::<PlaywrightError>()
        .with::<CommonError>()
}

#[test]
fn markdown_has_a_ranges_table_and_a_code_table_per_enum() {
    let expected = "\
## Ranges

| Range | Domain | Enum | Codes |
|---|---|---|---|
| 1000–1099 | common | `CommonError` | 2 |
| 2100–2100 (codes) | playwright | `PlaywrightError` | 1 |

## `CommonError`: common, 1000–1099

| Code | Symbol | Message | Retryable | Kind | Variant | Aliases | Help |
|---:|---|---|---|---|---|---|---|
| 1000 | `E_INVALID_PARAMS` | Invalid parameters | no | validation | `InvalidParams` |  | check the tool's input schema |
| 1001 | `E_TIMEOUT` | Operation timed out after {secs}s | yes | timeout | `Timeout` | `E_TIMED_OUT` |  |

## `PlaywrightError`: playwright, 2100–2100 (codes)

| Code | Symbol | Message | Retryable | Kind | Variant | Aliases | Help |
|---:|---|---|---|---|---|---|---|
| 2100 | `E_PW_NAV` | Navigation failed \\| \\*blocked\\* \\<script\\> | yes | network | `Nav` |  | check the URL<br>and the network |
";
    assert_eq!(registry().to_markdown(), expected);
}

/// Every table row has as many cell separators as its header: escaped pipes do not count.
#[test]
fn markdown_tables_are_well_formed() {
    let md = registry().to_markdown();
    let mut columns = None;
    for line in md.lines() {
        if !line.starts_with('|') {
            columns = None;
            continue;
        }
        let bytes = line.as_bytes();
        let separators = (0..bytes.len())
            .filter(|&i| bytes[i] == b'|' && (i == 0 || bytes[i - 1] != b'\\'))
            .count();
        match columns {
            None => columns = Some(separators),
            Some(n) => assert_eq!(n, separators, "{line}"),
        }
    }
}

#[test]
fn json_catalog_is_stable_and_complete() {
    let value = registry().to_json();
    assert_eq!(
        value,
        json!({
            "format": "mcp-errors-catalog",
            "version": 1,
            "enums": [
                {
                    "name": "CommonError",
                    "domain": "common",
                    "range": {"start": 1000, "end": 1099},
                    "span": {"start": 1000, "end": 1099},
                    "entries": [
                        {
                            "code": 1000, "symbol": "E_INVALID_PARAMS", "domain": "common",
                            "message": "Invalid parameters", "retryable": false,
                            "kind": "validation", "variant": "InvalidParams",
                            "doc": "Invalid parameters", "aliases": [],
                            "help": "check the tool's input schema",
                            "channel": "tool_error", "errorType": "ValidationError",
                            "fields": [],
                        },
                        {
                            "code": 1001, "symbol": "E_TIMEOUT", "domain": "common",
                            "message": "Operation timed out after {secs}s", "retryable": true,
                            "kind": "timeout", "variant": "Timeout", "doc": "",
                            "aliases": ["E_TIMED_OUT"], "help": null,
                            "channel": "jsonrpc", "errorType": "TimeoutError",
                            "fields": [{"name": "secs", "key": "secs", "role": "data"}],
                        },
                    ],
                },
                {
                    "name": "PlaywrightError",
                    "domain": "playwright",
                    "range": null,
                    "span": {"start": 2100, "end": 2100},
                    "entries": [{
                        "code": 2100, "symbol": "E_PW_NAV", "domain": "playwright",
                        "message": "Navigation failed | *blocked* <script>", "retryable": true,
                        "kind": "network", "variant": "Nav",
                        "doc": "Navigation failed\nsecond line", "aliases": [],
                        "help": "check the URL\nand the network",
                        "channel": "tool_error", "errorType": "NavigationError",
                        "fields": [{"name": "reason", "key": "details", "role": "details"}],
                    }],
                },
            ],
        })
    );
    // Registration order does not matter.
    let reversed = Registry::new()
        .with::<CommonError>()
        .with::<PlaywrightError>();
    assert_eq!(reversed.to_json(), value);
    assert_eq!(reversed.to_markdown(), registry().to_markdown());
}

#[test]
fn empty_registry_exports_empty_tables() {
    let registry = Registry::new();
    assert_eq!(
        registry.to_json(),
        json!({"format": "mcp-errors-catalog", "version": 1, "enums": []})
    );
    assert_eq!(
        registry.to_markdown(),
        "## Ranges\n\n| Range | Domain | Enum | Codes |\n|---|---|---|---|\n"
    );
}

catalog!(
    Retiring,
    "retiring",
    Some(CodeRange::new(2100, 2199)),
    [ErrorEntry {
        domain: "retiring",
        ..NAV
    }],
    [CodeRange::new(2150, 2150), CodeRange::new(2160, 2169)]
);

/// Retired codes in the shape a fleet file and a hand-written catalog write them (a code, or
/// an inclusive `[lo, hi]` pair); no member at all for an enum that retired none.
#[test]
fn json_catalog_lists_retired_codes() {
    let json = Registry::new()
        .with::<Retiring>()
        .with::<PlaywrightError>()
        .to_json();
    let enums = json["enums"].as_array().unwrap();
    let retiring = enums.iter().find(|e| e["name"] == "Retiring").unwrap();
    assert_eq!(retiring["reserved"], json!([2150, [2160, 2169]]));
    let other = enums
        .iter()
        .find(|e| e["name"] == "PlaywrightError")
        .unwrap();
    assert!(other.get("reserved").is_none(), "{other}");
}
