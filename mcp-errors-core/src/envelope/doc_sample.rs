// The error used by the envelope doctests: what `#[derive(McpError)]` generates for
//
//     #[derive(Debug, McpError)]
//     #[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_")]
//     pub enum PlaywrightError {
//         /// Navigation failed
//         #[mcp(code = 2100, retryable, kind = "network", help = "check the URL")]
//         Nav { #[mcp(details)] reason: String, url: String },
//         #[mcp(code = 2102, retryable, kind = "rate_limit", message = "Too many launches")]
//         Throttled { #[mcp(retry_after)] retry_after_secs: u64 },
//     }
//
// written by hand, so the core crate's doctests need no proc macro. Not a module of the
// crate: doctests `include!` it.

use mcp_errors_core::{
    ErrorCatalog, ErrorEntry, ErrorKind, FieldEntry, FieldRole, FieldSink, McpError,
};

#[derive(Debug)]
pub enum PlaywrightError {
    Nav { reason: String, url: String },
    Throttled { retry_after_secs: u64 },
}

const NAV_FIELDS: &[FieldEntry] = &[
    FieldEntry {
        name: "reason",
        key: "details",
        role: FieldRole::Details,
    },
    FieldEntry {
        name: "url",
        key: "url",
        role: FieldRole::Data,
    },
];
const THROTTLED_FIELDS: &[FieldEntry] = &[FieldEntry {
    name: "retry_after_secs",
    key: "retry_after_secs",
    role: FieldRole::RetryAfter,
}];

impl ErrorCatalog for PlaywrightError {
    const NAME: &'static str = "PlaywrightError";
    const DOMAIN: &'static str = "playwright";
    const RANGE: Option<mcp_errors_core::CodeRange> =
        Some(mcp_errors_core::CodeRange::new(2100, 2199));
    const ENTRIES: &'static [ErrorEntry] = &[
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
            help: Some("check the URL"),
            fields: NAV_FIELDS,
        },
        ErrorEntry {
            code: 2102,
            symbol: "E_PW_THROTTLED",
            domain: "playwright",
            message: "Too many launches",
            retryable: true,
            kind: ErrorKind::RateLimit,
            variant: "Throttled",
            doc: "",
            aliases: &[],
            help: None,
            fields: THROTTLED_FIELDS,
        },
    ];
}

impl McpError for PlaywrightError {
    fn entry(&self) -> &'static ErrorEntry {
        match self {
            PlaywrightError::Nav { .. } => &<Self as ErrorCatalog>::ENTRIES[0],
            PlaywrightError::Throttled { .. } => &<Self as ErrorCatalog>::ENTRIES[1],
        }
    }

    fn domain(&self) -> &'static str {
        "playwright"
    }

    fn retry_after(&self) -> Option<core::time::Duration> {
        match self {
            PlaywrightError::Throttled { retry_after_secs } => {
                Some(core::time::Duration::from_secs(*retry_after_secs))
            }
            PlaywrightError::Nav { .. } => None,
        }
    }

    fn visit_data<S: FieldSink>(&self, sink: &mut S) -> Result<(), S::Error> {
        match self {
            PlaywrightError::Nav { reason, url } => {
                sink.details(reason)?;
                sink.field("url", url)
            }
            PlaywrightError::Throttled { .. } => Ok(()),
        }
    }

    fn __visit_data_dyn(
        &self,
        sink: &mut dyn mcp_errors_core::__private::DynFieldSink,
    ) -> Result<(), mcp_errors_core::__private::serde_json::Error> {
        self.visit_data(&mut mcp_errors_core::__private::DynAdapter(sink))
    }
}

impl core::fmt::Display for PlaywrightError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PlaywrightError::Nav { .. } => f.write_str("Navigation failed"),
            PlaywrightError::Throttled { .. } => f.write_str("Too many launches"),
        }
    }
}

impl std::error::Error for PlaywrightError {}
