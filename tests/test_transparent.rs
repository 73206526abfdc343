//! `transparent` variants: everything but the domain comes from the inner error.

mod derive_support;

use std::error::Error as _;
use std::time::Duration;

use derive_support::{data_of, data_of_dyn};
use mcp_errors::{CommonError, ErrorCatalog, ErrorKind, McpError};
use serde_json::json;

#[derive(Debug, McpError)]
#[mcp(domain = "inner", range = 3000..=3099, symbol_prefix = "E_IN_", data_fields)]
enum InnerError {
    /// Inner failed: {reason}
    #[mcp(code = 3000, kind = "timeout", help = "wait")]
    Failed {
        reason: String,
        #[mcp(retry_after)]
        after: u32,
        #[mcp(source)]
        cause: std::io::Error,
    },
    /// Maybe
    #[mcp(code = 3001, alias = "E_IN_OLD")]
    Maybe {
        #[mcp(retryable)]
        flag: bool,
    },
}

#[derive(Debug, McpError)]
#[mcp(domain = "python", range = 2000..=2099, symbol_prefix = "E_PY_")]
enum PythonError {
    /// Execution failed
    #[mcp(code = 2000)]
    ExecFail,
    #[mcp(transparent)]
    Common(CommonError),
    #[mcp(transparent)]
    Inner { inner: InnerError },
}

/// Only transparent variants: no rows of its own.
#[derive(Debug, McpError)]
#[mcp(domain = "wrapper")]
enum Wrapper {
    #[mcp(transparent)]
    Py(PythonError),
}

fn failed() -> InnerError {
    InnerError::Failed {
        reason: "boom".into(),
        after: 7,
        cause: std::io::Error::other("io boom"),
    }
}

#[test]
fn domain_stays_outer_everything_else_is_inner() {
    let e = PythonError::Common(CommonError::InputTooLarge {
        details: Some("code is 2 MB".into()),
    });
    assert_eq!(
        e.domain(),
        "python",
        "the Node fleet counts it under python"
    );
    assert_eq!(e.code(), 1005);
    assert_eq!(e.symbol(), "E_INPUT_TOO_LARGE");
    assert_eq!(e.kind(), ErrorKind::Validation);
    assert!(!e.retryable());
    assert_eq!(e.entry().domain, "common", "the row is the inner's");
    assert_eq!(e.to_string(), "Input too large");
    assert_eq!(data_of(&e), json!({"details": "code is 2 MB"}));
    assert_eq!(data_of_dyn(&e), json!({"details": "code is 2 MB"}));
}

#[test]
fn retry_after_retryable_help_and_source_delegate() {
    let e = PythonError::Inner { inner: failed() };
    assert_eq!(e.retry_after(), Some(Duration::from_secs(7)));
    assert!(e.retryable(), "timeout kind of the inner row");
    assert_eq!(e.help(), Some("wait"));
    assert_eq!(e.to_string(), "Inner failed: boom");
    assert_eq!(e.source().unwrap().to_string(), "io boom");
    assert_eq!(data_of(&e), json!({"reason": "boom", "after": 7}));

    let maybe = |flag| PythonError::Inner {
        inner: InnerError::Maybe { flag },
    };
    assert!(maybe(true).retryable(), "per-value flag of the inner");
    assert!(!maybe(false).retryable());
    assert!(PythonError::ExecFail.source().is_none());
    assert_eq!(PythonError::ExecFail.retry_after(), None);
    assert_eq!(PythonError::ExecFail.domain(), "python");
}

#[test]
fn catalog_has_only_own_rows_but_lookups_fall_through() {
    assert_eq!(PythonError::ENTRIES.len(), 1);
    assert_eq!(
        PythonError::SPAN.map(|r| (r.start, r.end)),
        Some((2000, 2099))
    );
    assert_eq!(
        PythonError::entry_by_code(1004).map(|e| e.symbol),
        Some("E_SESSION_NOT_FOUND")
    );
    assert_eq!(
        PythonError::entry_by_code(3001).map(|e| e.symbol),
        Some("E_IN_MAYBE"),
        "second transparent type"
    );
    assert_eq!(
        PythonError::entry_by_code(2000).map(|e| e.variant),
        Some("ExecFail")
    );
    assert_eq!(PythonError::entry_by_code(9999), None);
    assert_eq!(
        PythonError::entry_by_symbol("E_IN_OLD").map(|e| e.code),
        Some(3001)
    );
    assert_eq!(
        PythonError::entry_by_symbol("E_PY_EXEC_FAIL").map(|e| e.code),
        Some(2000)
    );
    assert_eq!(PythonError::entry_by_symbol("E_NOPE"), None);
}

#[test]
fn nesting_transparent_enums() {
    assert!(CommonWrapper::ENTRIES.is_empty());
    assert_eq!(Wrapper::SPAN, None, "transparent variants claim no codes");
    let e = Wrapper::Py(PythonError::Common(CommonError::Timeout { details: None }));
    assert_eq!(e.domain(), "wrapper");
    assert_eq!((e.code(), e.symbol()), (1001, "E_TIMEOUT"));
    assert!(e.retryable());
    assert_eq!(
        Wrapper::entry_by_code(2000).map(|e| e.variant),
        Some("ExecFail")
    );
    assert_eq!(
        Wrapper::entry_by_symbol("E_UNSUPPORTED").map(|e| e.code),
        Some(1006)
    );
}

mcp_errors::assert_disjoint!(PythonError, InnerError, CommonError, Wrapper);

/// thiserror's `#[error(transparent)] struct`: the struct is its inner error; with a `code`
/// over a foreign error it is a `catch_all`.
#[derive(Debug, McpError)]
#[mcp(domain = "wrapper", transparent)]
struct CommonWrapper(CommonError);

#[derive(Debug, McpError)]
#[mcp(domain = "wrapper", code = 2990, transparent)]
struct AnyWrapper(#[mcp(from)] anyhow::Error);

#[test]
fn a_transparent_struct_is_its_inner_error() {
    let e = CommonWrapper(CommonError::Unsupported {
        details: Some("bad".into()),
    });
    let inner = CommonError::Unsupported {
        details: Some("bad".into()),
    };
    assert_eq!((e.code(), e.symbol()), (inner.code(), inner.symbol()));
    assert_eq!(e.to_string(), inner.to_string());
    assert_eq!(e.domain(), "wrapper");
    assert!(CommonWrapper::ENTRIES.is_empty());
    let e = AnyWrapper::from(anyhow::anyhow!("inner").context("outer"));
    assert_eq!((e.code(), e.to_string()), (2990, "outer".to_owned()));
    assert_eq!(e.source().unwrap().to_string(), "inner");
}

/// The generated catalog is source text, without hygiene: its parameters must not be names a
/// user's items take (`code` and `symbol` as consts or statics once broke the parameter
/// patterns).
mod user_items_named_like_parameters {
    #![allow(non_upper_case_globals, dead_code)]

    use mcp_errors::{CommonError, McpError};

    const symbol: &str = "x";
    static code: i32 = 0;

    #[derive(Debug, McpError)]
    #[mcp(domain = "names-inner")]
    pub enum OnlyInner {
        #[mcp(transparent)]
        Common(CommonError),
    }

    #[derive(Debug, McpError)]
    #[mcp(domain = "names-own")]
    pub enum Mixed {
        #[mcp(code = 77001, message = "own")]
        Own,
        #[mcp(transparent)]
        Common(CommonError),
    }

    #[test]
    fn lookups_still_work() {
        use mcp_errors::ErrorCatalog;
        assert_eq!(Mixed::entry_by_code(77001).unwrap().symbol, "OWN");
        let common = CommonError::ENTRIES[0];
        assert_eq!(OnlyInner::entry_by_code(common.code), Some(&common));
        assert_eq!(Mixed::entry_by_symbol(common.symbol), Some(&common));
        assert_eq!(OnlyInner::entry_by_symbol("OWN"), None);
    }
}
