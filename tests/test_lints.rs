//! The derive's expansion compiles cleanly under strict lints (rustc and clippy) in the
//! user's crate, for every feature of the attribute language.

#![deny(
    warnings,
    missing_docs,
    unused_qualifications,
    rust_2018_idioms,
    unreachable_pub,
    clippy::all,
    clippy::pedantic
)]

/// The enums live in a public module so `missing_docs` and `unreachable_pub` see the
/// generated public items.
pub mod errors {
    use mcp_errors::{CommonError, McpError};

    /// Every variant-level and field-level feature.
    #[derive(Debug, McpError)]
    #[mcp(domain = "lint-check", range = 6000..=6099, symbol_prefix = "E_LINT_", decode)]
    pub enum Everything {
        /// Unit variant
        ///
        /// With a longer doc.
        #[mcp(code = 6000, kind = "network", retryable, help = "try again")]
        Unit,
        /// Named {name} {count:>4} {ratio:.2} {name:?} {{escaped}}
        #[mcp(code = 6001, alias = "E_LINT_LEGACY")]
        Named {
            /// A name.
            name: String,
            /// A count.
            count: u32,
            /// A ratio.
            ratio: f64,
        },
        /// Tuple {0} {1}
        #[mcp(code = 6002)]
        Tuple(u8, #[mcp(rename = "second")] String),
        /// Width [{value:>width$}]
        #[mcp(code = 6003)]
        Width {
            /// The value.
            value: u16,
            /// Its width.
            width: usize,
        },
        /// Roles
        #[mcp(code = 6004, kind = "adapter")]
        Roles {
            /// Details.
            #[mcp(details)]
            details: Option<String>,
            /// Secret.
            #[mcp(skip)]
            secret: String,
            /// Cause.
            #[mcp(source)]
            cause: Option<std::io::Error>,
            /// Retryable per value.
            #[mcp(retryable)]
            transient: bool,
            /// Delay.
            #[mcp(retry_after)]
            after: Option<u64>,
            /// Optional data.
            extra: Option<u8>,
        },
        /// Boxed source
        #[mcp(code = 6005, message = "optional source")]
        Boxed {
            /// Cause, shown as details too.
            #[mcp(source, details)]
            cause: Option<std::io::Error>,
            /// Delay that is not serialized.
            #[mcp(retry_after, skip)]
            wait: std::time::Duration,
        },
        /// Negative code, allowed outside the reserved range
        #[mcp(code = 6006, retryable = false, kind = "timeout")]
        NotRetried,
        /// Common errors.
        #[mcp(transparent)]
        Common(CommonError),
    }

    /// A protocol enum with negative codes and boxed trait-object sources.
    #[derive(Debug, McpError)]
    #[mcp(domain = "lint-protocol", protocol, decode)]
    pub enum Protocol {
        /// Parse error
        #[mcp(code = -32700, symbol = "LINT_PARSE_ERROR")]
        Parse {
            /// Cause.
            #[mcp(source)]
            cause: Option<Box<dyn std::error::Error + Send + Sync>>,
        },
        /// Custom
        #[mcp(code = -31000)]
        Custom,
    }

    /// Only transparent variants.
    #[derive(Debug, McpError)]
    #[mcp(domain = "lint-wrapper", decode)]
    pub enum Wrapper {
        /// Everything.
        #[mcp(transparent)]
        Everything {
            /// The inner error.
            inner: Everything,
        },
        /// Protocol.
        #[mcp(transparent)]
        Protocol(Protocol),
    }

    /// Sources behind trait objects, no `decode`.
    #[derive(Debug, McpError)]
    #[mcp(domain = "lint-boxing", range = 6100..=6199)]
    pub enum Boxing {
        /// Boxed: {cause}
        #[mcp(code = 6100)]
        Boxed {
            /// The cause, also the details.
            #[mcp(source, details)]
            cause: Box<dyn std::error::Error + Send + Sync>,
        },
        /// Plain io
        #[mcp(code = 6101)]
        Io(#[mcp(source)] std::io::Error),
    }

    /// No variants at all.
    #[derive(Debug, McpError)]
    #[mcp(domain = "lint-empty", decode)]
    pub enum Empty {}

    /// One variant without fields: every optional method keeps its default.
    #[derive(Debug, McpError)]
    #[mcp(domain = "lint-single")]
    pub enum Single {
        /// Only
        #[mcp(code = 1)]
        Only,
    }
}

use errors::{Boxing, Everything, Protocol, Single, Wrapper};
use mcp_errors::{ErrorCatalog, McpError};

mcp_errors::assert_disjoint!(
    Everything,
    Boxing,
    Protocol,
    Single,
    mcp_errors::CommonError
);

#[test]
fn lint_clean_expansion_behaves() {
    let e = Everything::Named {
        name: "n".to_owned(),
        count: 7,
        ratio: 0.5,
    };
    assert_eq!(e.to_string(), "Named n    7 0.50 \"n\" {escaped}");
    assert_eq!(Everything::E_LINT_LEGACY, 6001);
    assert_eq!(
        Everything::Tuple(1, "s".to_owned()).to_string(),
        "Tuple 1 s"
    );
    let w = Everything::Width { value: 5, width: 3 };
    assert_eq!(w.to_string(), "Width [  5]");
    let roles = Everything::Roles {
        details: None,
        secret: String::new(),
        cause: None,
        transient: true,
        after: Some(1),
        extra: None,
    };
    assert!(roles.retryable());
    assert_eq!(roles.retry_after(), Some(std::time::Duration::from_secs(1)));
    let boxed = Everything::Boxed {
        cause: None,
        wait: std::time::Duration::ZERO,
    };
    assert!(std::error::Error::source(&boxed).is_none());
    assert!(!Everything::NotRetried.retryable());
    assert!(Everything::Unit.retryable());
    let parse = Protocol::Parse {
        cause: Some("bad json".into()),
    };
    assert_eq!(
        std::error::Error::source(&parse).map(ToString::to_string),
        Some("bad json".to_owned())
    );
    assert_eq!(Protocol::CUSTOM, -31_000);
    let wrapped = Wrapper::Protocol(Protocol::Custom);
    assert_eq!(
        (wrapped.code(), wrapped.domain()),
        (-31_000, "lint-wrapper")
    );
    assert_eq!(Single::Only.code(), 1);
    let boxed = Boxing::Boxed {
        cause: "inner".into(),
    };
    assert_eq!(boxed.to_string(), "Boxed: inner");
    assert_eq!(
        std::error::Error::source(&boxed).map(ToString::to_string),
        Some("inner".to_owned())
    );
    let io = Boxing::Io(std::io::Error::other("io"));
    assert!(std::error::Error::source(&io).is_some());
    assert!(errors::Empty::ENTRIES.is_empty());
    if let Everything::Roles { secret, .. } = roles {
        assert!(secret.is_empty());
    }
}
