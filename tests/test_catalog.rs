//! `ErrorCatalog` rows, symbol constants and the defaults of symbol, kind and retryable.

use mcp_errors::{CodeRange, ErrorCatalog, ErrorEntry, ErrorKind, FieldEntry, FieldRole, McpError};

#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_", data_fields)]
enum PlaywrightError {
    /// Navigation failed
    #[mcp(code = 2100, retryable, kind = "network")]
    Nav {
        #[mcp(details)]
        reason: String,
    },
    #[mcp(
        code = 2101,
        symbol = "E_PW_LAUNCH",
        message = "Browser launch failed: {reason}",
        alias = "E_PW_START",
        alias = "PW_LAUNCH_FAILED",
        help = "Install browsers with `npx playwright install`"
    )]
    Launch {
        reason: String,
        #[mcp(skip)]
        api_key: String,
        #[mcp(source)]
        cause: std::io::Error,
    },
    /// Timed out
    #[mcp(code = 2102, kind = "timeout")]
    Timeout,
    /// Timed out, but do not retry
    #[mcp(code = 2103, kind = "timeout", retryable = false)]
    TimeoutFinal,
    /// HTTP/2 failure
    #[mcp(code = 2104)]
    HTTP2Error,
    /// File not found
    #[mcp(code = 2105, kind = "not_found")]
    FileNotFound(#[mcp(rename = "path")] String),
}

/// An enum with defaults for every variant and no range or prefix.
#[derive(Debug, McpError)]
#[mcp(domain = "memory-bank", kind = "unavailable", retryable = false)]
enum Defaults {
    /// Enum kind, enum retryable
    #[mcp(code = -5)]
    Down,
    /// Variant retryable beats the enum's
    #[mcp(code = 9, retryable)]
    DownRetry,
    /// Variant kind beats the enum's; retryable still from the enum
    #[mcp(code = 3, kind = "rate_limit")]
    Throttled,
}

/// Without any kind: `internal`, not retryable.
#[derive(Debug, McpError)]
#[mcp(domain = "plain")]
enum Plain {
    /// Oops
    #[mcp(code = 50)]
    Oops,
}

#[test]
fn catalog_constants() {
    assert_eq!(PlaywrightError::NAME, "PlaywrightError");
    assert_eq!(PlaywrightError::DOMAIN, "playwright");
    assert_eq!(PlaywrightError::RANGE, Some(CodeRange::new(2100, 2199)));
    assert_eq!(PlaywrightError::SPAN, Some(CodeRange::new(2100, 2199)));
    assert_eq!(PlaywrightError::ENTRIES.len(), 6);
    // Without a range, the span is lowest to highest own code.
    assert_eq!(Defaults::RANGE, None);
    assert_eq!(Defaults::SPAN, Some(CodeRange::new(-5, 9)));
}

#[test]
fn full_rows() {
    assert_eq!(
        PlaywrightError::ENTRIES[0],
        ErrorEntry {
            code: 2100,
            symbol: "E_PW_NAV",
            domain: "playwright",
            message: "Navigation failed",
            retryable: true,
            kind: ErrorKind::Network,
            variant: "Nav",
            doc: "Navigation failed",
            aliases: &[],
            help: None,
            channel: mcp_errors::Channel::ToolError,
            error_type: None,
            fields: &[FieldEntry {
                name: "reason",
                key: "details",
                role: FieldRole::Details
            }],
        }
    );
    assert_eq!(
        PlaywrightError::ENTRIES[1],
        ErrorEntry {
            code: 2101,
            symbol: "E_PW_LAUNCH",
            domain: "playwright",
            message: "Browser launch failed: {reason}",
            retryable: false,
            kind: ErrorKind::Internal,
            variant: "Launch",
            doc: "",
            aliases: &["E_PW_START", "PW_LAUNCH_FAILED"],
            help: Some("Install browsers with `npx playwright install`"),
            channel: mcp_errors::Channel::ToolError,
            error_type: None,
            fields: &[
                FieldEntry {
                    name: "reason",
                    key: "reason",
                    role: FieldRole::Data
                },
                FieldEntry {
                    name: "api_key",
                    key: "api_key",
                    role: FieldRole::Skip
                },
                FieldEntry {
                    name: "cause",
                    key: "cause",
                    role: FieldRole::Source
                },
            ],
        }
    );
    assert_eq!(
        PlaywrightError::ENTRIES[5].fields,
        &[FieldEntry {
            name: "0",
            key: "path",
            role: FieldRole::Data
        }]
    );
}

#[test]
fn symbol_defaults_and_constants() {
    let symbols: Vec<&str> = PlaywrightError::ENTRIES.iter().map(|e| e.symbol).collect();
    assert_eq!(
        symbols,
        [
            "E_PW_NAV",
            "E_PW_LAUNCH",
            "E_PW_TIMEOUT",
            "E_PW_TIMEOUT_FINAL",
            "E_PW_HTTP2_ERROR",
            "E_PW_FILE_NOT_FOUND"
        ]
    );
    assert_eq!(PlaywrightError::E_PW_NAV, 2100);
    assert_eq!(PlaywrightError::E_PW_LAUNCH, 2101);
    assert_eq!(
        PlaywrightError::E_PW_START,
        2101,
        "aliases get constants too"
    );
    assert_eq!(PlaywrightError::PW_LAUNCH_FAILED, 2101);
    assert_eq!(PlaywrightError::E_PW_HTTP2_ERROR, 2104);
    assert_eq!(Defaults::DOWN, -5);
    assert_eq!(Plain::OOPS, 50);
    // The constants are usable as patterns, which is what clients do with received codes.
    let describe = |code: i32| match code {
        PlaywrightError::E_PW_NAV => "nav",
        PlaywrightError::E_PW_LAUNCH => "launch",
        _ => "other",
    };
    assert_eq!(describe(2101), "launch");
}

#[test]
fn kind_and_retryable_defaults() {
    let row = |e: &[ErrorEntry], i: usize| (e[i].kind, e[i].retryable);
    let pw = PlaywrightError::ENTRIES;
    assert_eq!(row(pw, 0), (ErrorKind::Network, true), "explicit");
    assert_eq!(row(pw, 1), (ErrorKind::Internal, false), "internal default");
    assert_eq!(row(pw, 2), (ErrorKind::Timeout, true), "from the kind");
    assert_eq!(
        row(pw, 3),
        (ErrorKind::Timeout, false),
        "variant beats kind"
    );
    assert_eq!(row(pw, 5), (ErrorKind::NotFound, false));
    let d = Defaults::ENTRIES;
    assert_eq!(
        row(d, 0),
        (ErrorKind::Unavailable, false),
        "enum beats kind"
    );
    assert_eq!(
        row(d, 1),
        (ErrorKind::Unavailable, true),
        "variant beats enum"
    );
    assert_eq!(
        row(d, 2),
        (ErrorKind::RateLimit, false),
        "enum retryable kept"
    );
    assert_eq!(row(Plain::ENTRIES, 0), (ErrorKind::Internal, false));
}

#[test]
fn lookups_by_code_and_symbol() {
    assert_eq!(
        PlaywrightError::entry_by_code(2104).map(|e| e.variant),
        Some("HTTP2Error")
    );
    assert_eq!(PlaywrightError::entry_by_code(2199), None);
    assert_eq!(Defaults::entry_by_code(-5).map(|e| e.variant), Some("Down"));
    assert_eq!(
        PlaywrightError::entry_by_symbol("PW_LAUNCH_FAILED").map(|e| e.code),
        Some(2101)
    );
    assert_eq!(PlaywrightError::entry_by_symbol("E_PW_NOPE"), None);
}

#[test]
fn values_read_their_rows() {
    let e = PlaywrightError::Launch {
        reason: "x".into(),
        api_key: "secret".into(),
        cause: std::io::Error::other("io"),
    };
    assert_eq!(e.code(), 2101);
    assert_eq!(e.symbol(), "E_PW_LAUNCH");
    assert_eq!(e.domain(), "playwright");
    assert!(!e.retryable());
    assert_eq!(e.kind(), ErrorKind::Internal);
    assert_eq!(
        e.help(),
        Some("Install browsers with `npx playwright install`")
    );
    assert_eq!(e.retry_after(), None);
    assert_eq!(*e.entry(), PlaywrightError::ENTRIES[1]);
    let nav = PlaywrightError::Nav {
        reason: "dns".into(),
    };
    assert!(nav.retryable());
    assert_eq!(nav.entry().variant, "Nav");
    assert_eq!(PlaywrightError::HTTP2Error.to_string(), "HTTP/2 failure");
    if let PlaywrightError::Launch { api_key, .. } = &e {
        assert_eq!(api_key, "secret", "skip fields stay readable in Rust");
    }
    assert!(!PlaywrightError::TimeoutFinal.retryable());
    let missing = PlaywrightError::FileNotFound("/x".into());
    assert_eq!(
        (missing.code(), missing.to_string().as_str()),
        (2105, "File not found")
    );
}

#[test]
fn works_as_trait_objects() {
    let boxed: Box<dyn McpError + Send + Sync> = Box::new(PlaywrightError::Timeout);
    assert_eq!(
        (boxed.code(), boxed.symbol(), boxed.retryable()),
        (2102, "E_PW_TIMEOUT", true)
    );
    let as_ref: &dyn McpError = &Defaults::Throttled;
    assert_eq!(as_ref.domain(), "memory-bank");
    let codes: Vec<i32> = [Defaults::Down, Defaults::DownRetry]
        .iter()
        .map(McpError::code)
        .collect();
    assert_eq!(codes, [-5, 9]);
    assert_eq!(Plain::Oops.symbol(), "OOPS");
}

mcp_errors::assert_disjoint!(PlaywrightError, Defaults, Plain, mcp_errors::CommonError);

/// Variants named like symbols (thiserror ports: `I16`, `E0`) need no `symbol_prefix`:
/// the symbol stays the variant's name, its constant takes `_CODE` (the variant would shadow
/// a constant of the same name).
#[derive(Debug, McpError)]
#[mcp(domain = "numbers", range = 2300..=2399)]
enum SymbolNamed {
    /// 16 bits
    #[mcp(code = 2300)]
    I16,
    /// Error zero
    #[mcp(code = 2301)]
    E0,
    /// Ab
    #[mcp(code = 2302, alias = "LEGACY_AB")]
    AB,
    /// Spelled otherwise
    #[mcp(code = 2303)]
    Other,
}

#[test]
fn symbols_naming_variants_get_code_constants() {
    assert_eq!(SymbolNamed::I16.symbol(), "I16");
    assert_eq!(
        (
            SymbolNamed::I16_CODE,
            SymbolNamed::E0_CODE,
            SymbolNamed::AB_CODE
        ),
        (2300, 2301, 2302)
    );
    assert_eq!((SymbolNamed::LEGACY_AB, SymbolNamed::OTHER), (2302, 2303));
    assert_eq!(SymbolNamed::entry_by_symbol("E0").unwrap().code, 2301);
    assert!(matches!(2300, SymbolNamed::I16_CODE));
    let codes = [SymbolNamed::E0, SymbolNamed::AB, SymbolNamed::Other].map(|e| e.code());
    assert_eq!(codes, [2301, 2302, 2303]);
}
