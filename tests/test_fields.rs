//! Field roles: what `visit_data` hands to the sink, `retry_after`, per-value `retryable`,
//! and the `source` chain.

mod derive_support;

use std::error::Error as _;
use std::time::Duration;

use derive_support::{data_of, data_of_dyn};
use mcp_errors::{ErrorCatalog, FieldRole, McpError};
use serde_json::json;

#[derive(Debug, serde::Serialize)]
struct Location {
    line: u32,
    column: u32,
}

#[derive(Debug, McpError)]
#[mcp(domain = "fields", range = 4000..=4099, data_fields)]
enum FieldError {
    /// Adapter error
    #[mcp(code = 4001, kind = "adapter")]
    Adapter {
        #[mcp(details)]
        reason: String,
        #[mcp(rename = "originalError")]
        original_error: &'static str,
        #[mcp(skip)]
        token: String,
        #[mcp(retryable)]
        transient: bool,
        at: Location,
    },
    /// Rate limited
    #[mcp(code = 4002, kind = "rate_limit")]
    RateLimited {
        #[mcp(retry_after)]
        retry_after_secs: u64,
    },
    /// Rate limited (quietly)
    #[mcp(code = 4003, kind = "rate_limit")]
    Quiet {
        #[mcp(retry_after, skip)]
        wait: Duration,
    },
    /// Maybe retry
    #[mcp(code = 4004, retryable)]
    Maybe {
        #[mcp(retryable)]
        decided: Option<bool>,
        #[mcp(retry_after)]
        after: Option<f64>,
    },
    /// Read failed: {0}
    #[mcp(code = 4005)]
    Io(#[mcp(source, details)] std::io::Error),
    /// Wrapped
    #[mcp(code = 4006)]
    Wrapped {
        #[mcp(source)]
        cause: Box<dyn std::error::Error + Send + Sync>,
        #[mcp(skip)]
        secret: &'static str,
    },
    /// Optional cause
    #[mcp(code = 4007)]
    OptionalCause {
        #[mcp(source)]
        cause: Option<std::io::Error>,
    },
    /// Tuple data
    #[mcp(code = 4008)]
    Tuple(u8, #[mcp(rename = "second")] &'static str, Option<u8>),
    /// Optional details
    #[mcp(code = 4009)]
    OptionalDetails {
        #[mcp(details)]
        note: Option<String>,
        hint: Option<String>,
    },
    /// No data
    #[mcp(code = 4010)]
    Nothing,
}

fn adapter(transient: bool) -> FieldError {
    FieldError::Adapter {
        reason: "backend said no".into(),
        original_error: "ORDER_NOT_FOUND",
        token: "sk-secret".into(),
        transient,
        at: Location { line: 3, column: 9 },
    }
}

#[test]
fn visit_data_hands_out_serialized_fields_and_details() {
    let expected = json!({
        "details": "backend said no",
        "originalError": "ORDER_NOT_FOUND",
        "at": {"line": 3, "column": 9},
    });
    let e = adapter(true);
    assert_eq!(data_of(&e), expected);
    assert_eq!(data_of_dyn(&e), expected, "object-safe path agrees");
    let text = serde_json::to_string(&data_of(&e)).unwrap();
    assert!(
        !text.contains("sk-secret"),
        "skip fields never reach the sink"
    );
}

#[test]
fn retryable_field_decides_per_value() {
    assert!(adapter(true).retryable());
    assert!(!adapter(false).retryable());
    assert_eq!(
        FieldError::ENTRIES[0].fields[3].role,
        FieldRole::Retryable,
        "the catalog shows the role"
    );
    // Option<bool>: None falls back to the catalog's value (here explicitly retryable).
    let maybe = |decided| FieldError::Maybe {
        decided,
        after: None,
    };
    assert!(maybe(None).retryable());
    assert!(!maybe(Some(false)).retryable());
    assert!(maybe(Some(true)).retryable());
    assert!(
        !FieldError::Nothing.retryable(),
        "other variants read the catalog"
    );
    let boxed: Box<dyn McpError> = Box::new(adapter(false));
    assert!(!boxed.retryable(), "trait objects see the per-value flag");
}

#[test]
fn retry_after_is_known_and_still_serialized() {
    let e = FieldError::RateLimited {
        retry_after_secs: 30,
    };
    assert_eq!(e.retry_after(), Some(Duration::from_secs(30)));
    assert_eq!(data_of(&e), json!({"retry_after_secs": 30}));
    assert!(e.retryable(), "rate_limit kind");

    let quiet = FieldError::Quiet {
        wait: Duration::from_millis(1500),
    };
    assert_eq!(quiet.retry_after(), Some(Duration::from_millis(1500)));
    assert_eq!(data_of(&quiet), json!({}), "`skip` keeps it off the wire");

    let maybe = FieldError::Maybe {
        decided: None,
        after: Some(0.25),
    };
    assert_eq!(maybe.retry_after(), Some(Duration::from_millis(250)));
    assert_eq!(data_of(&maybe), json!({"after": 0.25}));
    let never = FieldError::Maybe {
        decided: None,
        after: None,
    };
    assert_eq!(never.retry_after(), None);
    assert_eq!(data_of(&never), json!({}), "None options are left out");
    assert_eq!(FieldError::Nothing.retry_after(), None);
}

#[test]
fn source_chain() {
    let io = FieldError::Io(std::io::Error::other("disk on fire"));
    assert_eq!(io.to_string(), "Read failed: disk on fire");
    assert_eq!(io.source().unwrap().to_string(), "disk on fire");
    assert_eq!(
        data_of(&io),
        json!({"details": "disk on fire"}),
        "source + details is on the wire as details"
    );

    let wrapped = FieldError::Wrapped {
        cause: Box::new(FieldError::Io(std::io::Error::other("inner"))),
        secret: "hunter2",
    };
    let first = wrapped.source().expect("boxed source");
    assert_eq!(first.to_string(), "Read failed: inner");
    assert_eq!(first.source().unwrap().to_string(), "inner");
    assert_eq!(
        data_of(&wrapped),
        json!({}),
        "source text stays off the wire"
    );

    let none = FieldError::OptionalCause { cause: None };
    assert!(none.source().is_none());
    let some = FieldError::OptionalCause {
        cause: Some(std::io::Error::other("x")),
    };
    assert_eq!(some.source().unwrap().to_string(), "x");
    assert!(FieldError::Nothing.source().is_none());
    if let FieldError::Wrapped { secret, .. } = wrapped {
        assert_eq!(secret, "hunter2");
    }
}

#[test]
fn tuple_fields_are_keyed_by_index_unless_renamed() {
    let e = FieldError::Tuple(1, "two", Some(3));
    assert_eq!(data_of(&e), json!({"0": 1, "second": "two", "2": 3}));
    let e = FieldError::Tuple(1, "two", None);
    assert_eq!(data_of(&e), json!({"0": 1, "second": "two"}));
    let keys: Vec<&str> = FieldError::ENTRIES[7]
        .fields
        .iter()
        .map(|f| f.key)
        .collect();
    assert_eq!(keys, ["0", "second", "2"]);
}

#[test]
fn optional_details_are_left_out_when_none() {
    let none = FieldError::OptionalDetails {
        note: None,
        hint: None,
    };
    assert_eq!(data_of(&none), json!({}));
    let some = FieldError::OptionalDetails {
        note: Some("n".into()),
        hint: Some("h".into()),
    };
    assert_eq!(data_of(&some), json!({"details": "n", "hint": "h"}));
    assert_eq!(data_of_dyn(&some), json!({"details": "n", "hint": "h"}));
    assert_eq!(data_of(&FieldError::Nothing), json!({}));
}

/// Sink errors propagate out of `visit_data` (the first failing field stops the visit).
#[test]
fn sink_errors_propagate() {
    struct Failing(usize);
    impl mcp_errors::FieldSink for Failing {
        type Error = String;
        fn field<T: ?Sized + serde::Serialize>(
            &mut self,
            key: &'static str,
            _: &T,
        ) -> Result<(), String> {
            self.0 += 1;
            Err(format!("refused {key}"))
        }
        fn details(&mut self, _: &dyn core::fmt::Display) -> Result<(), String> {
            self.0 += 1;
            Ok(())
        }
    }
    let mut sink = Failing(0);
    assert_eq!(
        adapter(true).visit_data(&mut sink),
        Err("refused originalError".to_owned())
    );
    assert_eq!(sink.0, 2, "details, then the failing field, then stop");
}
