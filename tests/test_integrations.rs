//! The optional integrations other than rmcp, one module per feature: `jsonrpsee`,
//! `metrics` (the facade), `tracing` and `schemars`. Each module compiles only with its
//! feature (`cargo test --all-features` runs them all).

#![allow(dead_code)] // each module uses the shared enum differently

use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_", data_fields)]
enum PlaywrightError {
    /// Navigation failed
    #[mcp(code = 2100, retryable, kind = "network")]
    Nav {
        #[mcp(details)]
        reason: String,
        url: String,
    },
    /// Too many launches
    #[mcp(code = 2102, kind = "rate_limit")]
    Throttled {
        #[mcp(retry_after)]
        retry_after_secs: u64,
    },
    /// Browser crashed: {0}
    #[mcp(code = 2103, kind = "internal")]
    Crashed(String),
    /// Common codes, reported under `playwright`.
    #[mcp(transparent)]
    Common(mcp_errors::CommonError),
}

fn nav() -> PlaywrightError {
    PlaywrightError::Nav {
        reason: "net::ERR_NAME_NOT_RESOLVED".into(),
        url: "https://example.invalid".into(),
    }
}

fn too_large() -> PlaywrightError {
    PlaywrightError::Common(mcp_errors::CommonError::InputTooLarge {
        details: Some("selector".into()),
    })
}

#[cfg(feature = "jsonrpsee")]
mod jsonrpsee {
    use jsonrpsee_types::ErrorObjectOwned;
    use mcp_errors::{McpError, McpErrorExt};
    use serde_json::{Value, json};

    use super::{PlaywrightError, nav, too_large};

    fn data(object: &ErrorObjectOwned) -> Value {
        serde_json::from_str(object.data().expect("data").get()).unwrap()
    }

    #[test]
    fn from_error_is_the_spec_error_object() {
        let object = ErrorObjectOwned::from(nav());
        assert_eq!(object.code(), 2100);
        assert_eq!(object.message(), "Navigation failed");
        assert_eq!(
            data(&object),
            json!({"domain": "playwright", "symbol": "E_PW_NAV", "retryable": true,
                   "details": "net::ERR_NAME_NOT_RESOLVED", "url": "https://example.invalid"})
        );
        // jsonrpsee serializes it exactly as the core envelope.
        assert_eq!(
            serde_json::to_value(&object).unwrap(),
            nav().to_error_object().to_json_value().unwrap()
        );
    }

    #[test]
    fn transparent_variants_keep_the_outer_domain() {
        let object = ErrorObjectOwned::from(too_large());
        assert_eq!(object.code(), 1005);
        assert_eq!(data(&object)["symbol"], "E_INPUT_TOO_LARGE");
        assert_eq!(data(&object)["domain"], "playwright");
    }

    #[test]
    fn question_mark_and_boxed_trait_objects() {
        fn method() -> Result<(), ErrorObjectOwned> {
            Err(PlaywrightError::Throttled {
                retry_after_secs: 3,
            })?;
            Ok(())
        }
        let object = method().unwrap_err();
        assert_eq!(object.code(), 2102);
        assert_eq!(data(&object)["retryAfterMs"], 3000);

        let boxed: Box<dyn McpError + Send + Sync> = Box::new(nav());
        assert_eq!(ErrorObjectOwned::from(boxed), ErrorObjectOwned::from(nav()));
    }

    #[test]
    fn a_received_error_decodes_back_into_the_typed_variant() {
        let sent = mcp_errors::CommonError::LimitExceeded {
            details: Some("5 sessions".into()),
        };
        let wire = serde_json::to_string(&ErrorObjectOwned::from(sent.clone())).unwrap();
        let received: ErrorObjectOwned = serde_json::from_str(&wire).unwrap();
        let object = mcp_errors::ErrorObject::from(&received);
        assert_eq!(
            mcp_errors::CommonError::from_error_object(&object).unwrap(),
            sent
        );
    }
}

#[cfg(feature = "metrics")]
mod metrics_facade {
    use metrics_util::debugging::{DebugValue, DebuggingRecorder};
    use metrics_util::{CompositeKey, MetricKind};

    use super::{PlaywrightError, nav, too_large};

    /// A counter as recorded: name, sorted labels, count.
    type Counter = (String, Vec<(String, String)>, u64);
    /// A histogram as recorded: name, sorted labels, values.
    type Histogram = (String, Vec<(String, String)>, Vec<f64>);

    /// Every counter the closure recorded.
    fn counters(f: impl FnOnce()) -> Vec<Counter> {
        let recorder = DebuggingRecorder::new();
        let snapshotter = recorder.snapshotter();
        metrics::with_local_recorder(&recorder, f);
        let mut out: Vec<_> = snapshotter
            .snapshot()
            .into_vec()
            .into_iter()
            .map(|(key, _, _, value): (CompositeKey, _, _, _)| {
                assert_eq!(key.kind(), MetricKind::Counter);
                let DebugValue::Counter(n) = value else {
                    panic!("not a counter: {value:?}")
                };
                let mut labels: Vec<(String, String)> = key
                    .key()
                    .labels()
                    .map(|l| (l.key().to_owned(), l.value().to_owned()))
                    .collect();
                labels.sort();
                (key.key().name().to_owned(), labels, n)
            })
            .collect();
        out.sort();
        out
    }

    /// The labels of a JSON-RPC error: OpenTelemetry's `error.type` and
    /// `rpc.response.status_code` (the code as a string), and ours.
    fn labels(code: &str, domain: &str, symbol: &str) -> Vec<(String, String)> {
        let mut labels = tool_labels(code, domain, symbol);
        labels[0].1 = code.into();
        labels.push(("rpc.response.status_code".into(), code.into()));
        labels.sort();
        labels
    }

    /// The labels of a tool error: `error.type` is `tool_error`, no status code.
    fn tool_labels(code: &str, domain: &str, symbol: &str) -> Vec<(String, String)> {
        vec![
            ("error.type".into(), "tool_error".into()),
            ("mcp_errors.code".into(), code.into()),
            ("mcp_errors.domain".into(), domain.into()),
            ("mcp_errors.symbol".into(), symbol.into()),
        ]
    }

    #[test]
    fn record_increments_mcp_errors_total() {
        let got = counters(|| {
            mcp_errors::integrations::metrics::record(&nav());
            mcp_errors::integrations::metrics::record(&nav());
            mcp_errors::integrations::metrics::record(&too_large());
        });
        assert_eq!(
            got,
            vec![
                (
                    "mcp_errors_total".into(),
                    labels("1005", "playwright", "E_INPUT_TOO_LARGE"),
                    1
                ),
                (
                    "mcp_errors_total".into(),
                    labels("2100", "playwright", "E_PW_NAV"),
                    2
                ),
            ]
        );
    }

    #[test]
    fn a_tool_error_is_error_type_tool_error_without_a_status_code() {
        use mcp_errors::Channel;
        use mcp_errors::integrations::emit_as;
        let got = counters(|| {
            emit_as(&nav(), Channel::ToolError);
            mcp_errors::integrations::metrics::record_as(&nav(), Channel::JsonRpcError);
        });
        assert_eq!(
            got,
            vec![
                (
                    "mcp_errors_total".into(),
                    labels("2100", "playwright", "E_PW_NAV"),
                    1
                ),
                (
                    "mcp_errors_total".into(),
                    tool_labels("2100", "playwright", "E_PW_NAV"),
                    1
                ),
            ]
        );
    }

    /// Errors an SDK makes itself (rmcp's unknown tool, a code of its own) reach the facade
    /// under `ProtocolError`'s rows, or `SDK_ERROR`.
    #[test]
    fn errors_the_sdk_makes_reach_the_facade() {
        use mcp_errors::integrations::outcome::record_foreign;
        let got = counters(|| {
            record_foreign(-32602);
            record_foreign(-31999);
        });
        assert_eq!(
            got,
            vec![
                (
                    "mcp_errors_total".into(),
                    labels("-31999", "jsonrpc", "SDK_ERROR"),
                    1
                ),
                (
                    "mcp_errors_total".into(),
                    labels("-32602", "jsonrpc", "INVALID_PARAMS"),
                    1
                ),
            ]
        );
    }

    #[test]
    fn operation_duration_is_the_otel_histogram() {
        use std::time::Duration;

        use mcp_errors::Channel;
        use mcp_errors::integrations::metrics::{record_failed_operation, record_operation};

        let recorder = DebuggingRecorder::new();
        let snapshotter = recorder.snapshotter();
        metrics::with_local_recorder(&recorder, || {
            record_operation("tools/list", Duration::from_millis(250));
            record_failed_operation(
                "tools/call",
                Duration::from_millis(500),
                &nav(),
                Channel::ToolError,
            );
            record_failed_operation(
                "tools/call",
                Duration::from_secs(2),
                &too_large(),
                Channel::JsonRpcError,
            );
        });
        let mut got: Vec<Histogram> = snapshotter
            .snapshot()
            .into_vec()
            .into_iter()
            .map(|(key, _, _, value): (CompositeKey, _, _, _)| {
                assert_eq!(key.kind(), MetricKind::Histogram);
                let DebugValue::Histogram(values) = value else {
                    panic!("not a histogram: {value:?}")
                };
                let mut labels: Vec<(String, String)> = key
                    .key()
                    .labels()
                    .map(|l| (l.key().to_owned(), l.value().to_owned()))
                    .collect();
                labels.sort();
                let values = values.into_iter().map(|v| v.0).collect();
                (key.key().name().to_owned(), labels, values)
            })
            .collect();
        got.sort_by(|a, b| a.1.cmp(&b.1));
        let pairs = |p: &[(&str, &str)]| -> Vec<(String, String)> {
            p.iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect()
        };
        let name = "mcp.server.operation.duration".to_owned();
        assert_eq!(
            got,
            vec![
                (
                    name.clone(),
                    pairs(&[
                        ("error.type", "1005"),
                        ("mcp.method.name", "tools/call"),
                        ("rpc.response.status_code", "1005"),
                    ]),
                    vec![2.0],
                ),
                (
                    name.clone(),
                    pairs(&[
                        ("error.type", "tool_error"),
                        ("mcp.method.name", "tools/call")
                    ]),
                    vec![0.5],
                ),
                (
                    name,
                    pairs(&[("mcp.method.name", "tools/list")]),
                    vec![0.25]
                ),
            ]
        );
    }

    #[test]
    fn emit_reaches_the_facade_and_trait_objects_work() {
        let boxed: Box<dyn mcp_errors::McpError + Send + Sync> =
            Box::new(PlaywrightError::Crashed("segfault".into()));
        let got = counters(|| mcp_errors::integrations::emit(&*boxed));
        assert_eq!(
            got,
            vec![(
                "mcp_errors_total".into(),
                labels("2103", "playwright", "E_PW_CRASHED"),
                1
            )]
        );
    }
}

#[cfg(feature = "tracing")]
mod tracing_events {
    use std::collections::BTreeMap;
    use std::sync::{Arc, Mutex};

    use tracing::field::{Field, Visit};
    use tracing::{Event, Level, Subscriber};
    use tracing_subscriber::layer::{Context, Layer, SubscriberExt};

    use super::{PlaywrightError, nav, too_large};

    #[derive(Debug, PartialEq)]
    struct Captured {
        target: String,
        level: Level,
        fields: BTreeMap<String, String>,
    }

    #[derive(Clone, Default)]
    struct Capture(Arc<Mutex<Vec<Captured>>>);

    struct Fields<'a>(&'a mut BTreeMap<String, String>);

    impl Visit for Fields<'_> {
        fn record_i64(&mut self, field: &Field, value: i64) {
            self.0.insert(field.name().into(), format!("i64:{value}"));
        }
        fn record_bool(&mut self, field: &Field, value: bool) {
            self.0.insert(field.name().into(), format!("bool:{value}"));
        }
        fn record_str(&mut self, field: &Field, value: &str) {
            self.0.insert(field.name().into(), format!("str:{value}"));
        }
        fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
            self.0.insert(field.name().into(), format!("{value:?}"));
        }
    }

    impl<S: Subscriber> Layer<S> for Capture {
        fn on_event(&self, event: &Event<'_>, _: Context<'_, S>) {
            let mut fields = BTreeMap::new();
            event.record(&mut Fields(&mut fields));
            self.0.lock().unwrap().push(Captured {
                target: event.metadata().target().into(),
                level: *event.metadata().level(),
                fields,
            });
        }
    }

    fn capture(f: impl FnOnce()) -> Vec<Captured> {
        let capture = Capture::default();
        let subscriber = tracing_subscriber::registry().with(capture.clone());
        tracing::subscriber::with_default(subscriber, f);
        std::mem::take(&mut *capture.0.lock().unwrap())
    }

    fn fields(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn one_event_per_error_with_its_fields() {
        let events = capture(|| {
            mcp_errors::integrations::tracing::record(&nav());
            mcp_errors::integrations::emit(&too_large());
        });
        assert_eq!(
            events,
            vec![
                Captured {
                    target: "mcp_errors".into(),
                    level: Level::WARN,
                    fields: fields(&[
                        ("error.type", "2100"),
                        ("rpc.response.status_code", "2100"),
                        ("mcp_errors.code", "i64:2100"),
                        ("mcp_errors.domain", "str:playwright"),
                        ("mcp_errors.symbol", "str:E_PW_NAV"),
                        ("mcp_errors.retryable", "bool:true"),
                        ("mcp_errors.kind", "str:network"),
                        ("message", "Navigation failed"),
                    ]),
                },
                Captured {
                    target: "mcp_errors".into(),
                    level: Level::WARN,
                    fields: fields(&[
                        ("error.type", "1005"),
                        ("rpc.response.status_code", "1005"),
                        ("mcp_errors.code", "i64:1005"),
                        ("mcp_errors.domain", "str:playwright"),
                        ("mcp_errors.symbol", "str:E_INPUT_TOO_LARGE"),
                        ("mcp_errors.retryable", "bool:false"),
                        ("mcp_errors.kind", "str:validation"),
                        ("message", "Input too large"),
                    ]),
                },
            ]
        );
    }

    #[test]
    fn internal_errors_are_logged_at_error_level() {
        let events = capture(|| {
            mcp_errors::integrations::tracing::record(&PlaywrightError::Crashed("segfault".into()));
        });
        assert_eq!(events.len(), 1);
        assert_eq!(events[0].level, Level::ERROR);
        assert_eq!(events[0].fields["message"], "Browser crashed: segfault");
        assert_eq!(events[0].fields["mcp_errors.kind"], "str:internal");
    }

    /// The message is a log line: a newline or escape from a request's value is escaped, a
    /// huge value stops at the reply budget, and a `Display` that fails does not make the
    /// subscriber's formatting panic (`emit` never panics).
    #[test]
    fn the_message_is_escaped_bounded_and_infallible() {
        struct Fails;
        impl std::fmt::Display for Fails {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("half")?;
                Err(std::fmt::Error)
            }
        }
        impl std::fmt::Debug for Fails {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("Fails")
            }
        }
        #[derive(Debug, mcp_errors::McpError)]
        #[mcp(domain = "logs", range = 4100..=4199, symbol_prefix = "E_LOGF_")]
        enum FailingError {
            #[mcp(code = 4100, message = "shown: {0}")]
            Shown(#[mcp(details)] Fails),
        }
        let events = capture(|| {
            mcp_errors::integrations::emit(&PlaywrightError::Crashed(
                "x\n ERROR forged line \u{1b}[31m\r\u{2028}z\u{202e}".into(),
            ));
            mcp_errors::integrations::emit(&PlaywrightError::Crashed("y".repeat(100_000)));
            mcp_errors::integrations::emit(&FailingError::Shown(Fails));
        });
        assert_eq!(
            events[0].fields["message"],
            r"Browser crashed: x\n ERROR forged line \u{1b}[31m\r\u{2028}z\u{202e}"
        );
        let long = &events[1].fields["message"];
        assert!(long.len() <= 16 * 1024 + 20, "{} bytes", long.len());
        assert!(
            long.ends_with("…[truncated]"),
            "{}",
            &long[long.len() - 30..]
        );
        assert_eq!(events[2].fields["message"], "shown: half");
    }

    #[test]
    fn a_tool_error_has_error_type_tool_error_and_no_status_code() {
        use mcp_errors::Channel;
        use mcp_errors::integrations::emit_as;
        let events = capture(|| emit_as(&nav(), Channel::ToolError));
        assert_eq!(events.len(), 1);
        let fields = &events[0].fields;
        assert_eq!(fields["error.type"], "tool_error");
        assert!(
            !fields.contains_key("rpc.response.status_code"),
            "{fields:?}"
        );
        assert_eq!(fields["mcp_errors.code"], "i64:2100");
    }

    /// rmcp's conversions name their channel: `ErrorData` is a JSON-RPC error, a tool result
    /// with `isError: true` a tool error.
    #[cfg(feature = "rmcp-3")]
    #[test]
    fn rmcp_conversions_report_their_channel() {
        use rmcp::handler::server::tool::IntoCallToolResult;
        let events = capture(|| {
            let _ = rmcp::model::ErrorData::from(nav());
            let _ = Err::<(), _>(nav()).into_call_tool_result();
        });
        let types: Vec<&str> = events
            .iter()
            .map(|e| e.fields["error.type"].as_str())
            .collect();
        assert_eq!(types, ["2100", "tool_error"]);
    }

    /// The field names are the ones `integrations::semconv` documents.
    #[test]
    fn field_names_are_the_semconv_names() {
        use mcp_errors::integrations::semconv;
        let events = capture(|| mcp_errors::integrations::tracing::record(&nav()));
        let names: Vec<&str> = events[0].fields.keys().map(String::as_str).collect();
        let mut expected = vec![
            semconv::ERROR_TYPE,
            semconv::RPC_RESPONSE_STATUS_CODE,
            semconv::CODE,
            semconv::DOMAIN,
            semconv::SYMBOL,
            semconv::RETRYABLE,
            semconv::KIND,
            "message",
        ];
        expected.sort_unstable();
        assert_eq!(names, expected);
    }

    /// The operating guide's `tracing` section (docs/operating.md) shows this output; keep them equal.
    #[test]
    fn operating_guide_shows_the_event_as_the_fmt_subscriber_prints_it() {
        #[derive(Clone, Default)]
        struct Buffer(Arc<Mutex<Vec<u8>>>);
        impl std::io::Write for Buffer {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(bytes);
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let buffer = Buffer::default();
        let writer = buffer.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .without_time()
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            use mcp_errors::Channel;
            use mcp_errors::integrations::emit_as;
            emit_as(&nav(), Channel::JsonRpcError);
            emit_as(&too_large(), Channel::ToolError);
        });
        let printed = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
        let readme = include_str!("../docs/operating.md");
        let start = readme
            .find("<!-- tracing-output -->\n```text\n")
            .expect("docs/operating.md marks the tracing output")
            + "<!-- tracing-output -->\n```text\n".len();
        let shown = &readme[start..start + readme[start..].find("```").unwrap()];
        assert_eq!(shown, printed);
    }
}

#[cfg(feature = "schemars")]
mod schemas {
    use mcp_errors::integrations::schemars as schemas;
    use mcp_errors::metrics::{ErrorStats, MetricsConfig};
    use mcp_errors::{
        CommonError, ErrorObject, McpError, McpErrorExt, ProtocolError, Registry, ReplyBudget,
        ToolErrorFormat, Verbosity,
    };
    use serde_json::{Value, json};

    use super::{PlaywrightError, nav, too_large};

    fn validator(schema: &schemars::Schema) -> jsonschema::Validator {
        jsonschema::validator_for(schema.as_value()).expect("a valid JSON Schema")
    }

    fn assert_valid(schema: &schemars::Schema, instance: &Value) {
        let validator = validator(schema);
        let errors: Vec<String> = validator
            .iter_errors(instance)
            .map(|e| e.to_string())
            .collect();
        assert!(
            errors.is_empty(),
            "{instance}\nviolates the schema: {errors:#?}"
        );
    }

    fn assert_invalid(schema: &schemars::Schema, instance: &Value) {
        assert!(
            !validator(schema).is_valid(instance),
            "{instance} should violate the schema"
        );
    }

    fn samples() -> Vec<Box<dyn McpError + Send + Sync>> {
        vec![
            Box::new(nav()),
            Box::new(PlaywrightError::Throttled {
                retry_after_secs: 2,
            }),
            Box::new(PlaywrightError::Crashed("segfault".into())),
            Box::new(too_large()),
            Box::new(ProtocolError::MethodNotFound {
                method: Some("tools/frobnicate".into()),
            }),
        ]
    }

    #[test]
    fn every_envelope_validates_against_its_schema() {
        for err in samples() {
            let object = err.to_error_object();
            assert_valid(&schemas::error_object(), &object.to_json_value().unwrap());
            assert_valid(
                &schemas::error_object(),
                &err.to_error_object()
                    .code_as_string()
                    .to_json_value()
                    .unwrap(),
            );
            assert_valid(
                &schemas::error_object(),
                &err.to_error_object()
                    .verbosity(Verbosity::Frames(3))
                    .to_json_value()
                    .unwrap(),
            );
            // The GitHub server's stack, one string of lines, in both shapes that carry a stack.
            assert_valid(
                &schemas::error_object(),
                &err.to_error_object()
                    .verbosity(Verbosity::Frames(3))
                    .stack_as_string()
                    .to_json_value()
                    .unwrap(),
            );
            assert_valid(
                &schemas::error_response(),
                &err.to_error_response()
                    .verbosity(Verbosity::Frames(3))
                    .stack_as_string()
                    .to_json_value()
                    .unwrap(),
            );
            for id in [json!(7), json!("req-7")] {
                let wire = match &id {
                    Value::String(s) => err.to_jsonrpc(s.as_str()).to_json_value(),
                    _ => err.to_jsonrpc(7).to_json_value(),
                };
                assert_valid(&schemas::jsonrpc_error(), &wire.unwrap());
            }
            assert_valid(
                &schemas::tool_result(),
                &err.to_tool_result().to_json_value().unwrap(),
            );
            assert_valid(
                &schemas::error_response(),
                &err.to_error_response().to_json_value().unwrap(),
            );
            assert_valid(
                &schemas::jsonrpc_result(),
                &err.to_jsonrpc_result(1).to_json_value().unwrap(),
            );
        }
    }

    /// Data keys that the categorized error model's `details` shares with the envelope's own
    /// `reason` and `suggestion`: a field or constant member there may be of any type.
    #[derive(Debug, McpError)]
    #[mcp(domain = "seed-one", range = 4000..=4099, data_fields)]
    enum SeedOneError {
        /// Rejected
        #[mcp(code = 4000)]
        Rejected { reason: u64, suggestion: Vec<u32> },
        /// Rejected by rule
        #[mcp(code = 4001, data(reason = 7, code = "invalid_input"))]
        ByRule,
    }

    #[test]
    fn every_option_combination_validates() {
        let validators = [
            schemas::error_object(),
            schemas::jsonrpc_error(),
            schemas::tool_result(),
            schemas::error_response(),
            schemas::jsonrpc_result(),
        ]
        .map(|schema| validator(&schema));
        let [object, jsonrpc, tool, response, result] = &validators;
        let check = |validator: &jsonschema::Validator, wire: Value| {
            let errors: Vec<String> = validator
                .iter_errors(&wire)
                .map(|e| e.to_string())
                .collect();
            assert!(
                errors.is_empty(),
                "{wire}\nviolates the schema: {errors:#?}"
            );
        };
        let context = json!({"requestId": "r-7"}).as_object().unwrap().clone();
        let mut errors = samples();
        errors.push(Box::new(SeedOneError::Rejected {
            reason: 5,
            suggestion: vec![1],
        }));
        errors.push(Box::new(SeedOneError::ByRule));
        let budgets = [ReplyBudget::DEFAULT_BYTES, 48];
        for err in &errors {
            for (as_string, budget) in [false, true]
                .into_iter()
                .flat_map(|a| budgets.map(|b| (a, b)))
            {
                let budget = ReplyBudget::bytes(budget);
                macro_rules! options {
                    ($view:expr) => {{
                        let view = $view
                            .verbosity(Verbosity::Frames(2))
                            .with_context(&context)
                            .budget(budget);
                        let view = if as_string {
                            view.code_as_string().stack_as_string()
                        } else {
                            view
                        };
                        view.to_json_value().unwrap()
                    }};
                }
                check(object, options!(err.to_error_object()));
                check(jsonrpc, options!(err.to_jsonrpc("req-7")));
                check(response, options!(err.to_error_response()));
                check(result, options!(err.to_jsonrpc_result(7)));
                for format in [ToolErrorFormat::MODEL, ToolErrorFormat::MINIMAL] {
                    let view = err.to_tool_result().format(format).with_context(&context);
                    check(tool, view.budget(budget).to_json_value().unwrap());
                    let view = err.to_tool_result().format(format).structured_content();
                    check(tool, view.budget(budget).to_json_value().unwrap());
                }
            }
        }
    }

    #[test]
    fn the_schemas_reject_broken_envelopes() {
        let object = nav().to_error_object().to_json_value().unwrap();
        let mut no_symbol = object.clone();
        no_symbol["data"].as_object_mut().unwrap().remove("symbol");
        assert_invalid(&schemas::error_object(), &no_symbol);
        let mut bad_symbol = object.clone();
        bad_symbol["data"]["symbol"] = json!("e_pw_nav");
        assert_invalid(&schemas::error_object(), &bad_symbol);
        let mut float_code = object;
        float_code["code"] = json!(2100.5);
        assert_invalid(&schemas::error_object(), &float_code);

        let tool = nav().to_tool_result().to_json_value().unwrap();
        let mut not_error = tool.clone();
        not_error["isError"] = json!(false);
        assert_invalid(&schemas::tool_result(), &not_error);
        let mut no_meta_code = tool;
        no_meta_code["_meta"]
            .as_object_mut()
            .unwrap()
            .remove("code");
        assert_invalid(&schemas::tool_result(), &no_meta_code);

        let mut wire = nav().to_jsonrpc(1).to_json_value().unwrap();
        wire["jsonrpc"] = json!("1.0");
        assert_invalid(&schemas::jsonrpc_error(), &wire);

        // What the envelopes write in one type only: `truncated` is `true`, `_meta.details`
        // and `_meta.help` are text, `_meta.data` an object, `structuredContent` the error
        // object; nothing beside `code`, `message` and `data` in an error object.
        let mut cut = nav().to_error_object().to_json_value().unwrap();
        cut["data"]["truncated"] = json!("yes");
        assert_invalid(&schemas::error_object(), &cut);
        let mut extra = nav().to_error_object().to_json_value().unwrap();
        extra["id"] = json!(1);
        assert_invalid(&schemas::error_object(), &extra);
        let tool = nav().to_tool_result().to_json_value().unwrap();
        for (key, value) in [
            ("details", json!(5)),
            ("help", json!(false)),
            ("data", json!("url")),
            ("truncated", json!(1)),
            ("context", json!(3)),
        ] {
            let mut broken = tool.clone();
            broken["_meta"][key] = value;
            assert_invalid(&schemas::tool_result(), &broken);
        }
        let mut structured = tool;
        structured["structuredContent"] = json!({"error": {"code": 2100}});
        assert_invalid(&schemas::tool_result(), &structured);
        let mut response = nav().to_error_response().to_json_value().unwrap();
        response["details"]["truncated"] = json!(false);
        assert_invalid(&schemas::error_response(), &response);
        let mut result = nav().to_jsonrpc_result(1).to_json_value().unwrap();
        result["result"]["content"] = json!([]);
        assert_invalid(&schemas::jsonrpc_result(), &result);
    }

    #[test]
    fn the_catalog_json_validates_against_its_schema() {
        let registry = Registry::new()
            .with::<CommonError>()
            .with::<ProtocolError>()
            .with::<PlaywrightError>();
        let catalog = registry.to_json();
        assert_valid(&schemas::catalog(), &catalog);

        let mut bad_kind = catalog.clone();
        bad_kind["enums"][0]["entries"][0]["kind"] = json!("cosmic-rays");
        assert_invalid(&schemas::catalog(), &bad_kind);
        let mut bad_format = catalog;
        bad_format["format"] = json!("something-else");
        assert_invalid(&schemas::catalog(), &bad_format);
    }

    #[test]
    fn stats_snapshots_and_received_objects_validate() {
        let stats = ErrorStats::new(MetricsConfig::enabled().with_sample(2));
        for err in samples() {
            stats.record(&*err);
        }
        let snapshot = serde_json::to_value(stats.snapshot()).unwrap();
        assert_eq!(snapshot["sample"], 2);
        assert_valid(&schemas::error_stats(), &snapshot);
        assert_valid(
            &schemas::error_stats(),
            &serde_json::to_value(ErrorStats::new(MetricsConfig::disabled()).snapshot()).unwrap(),
        );
        assert_invalid(&schemas::error_stats(), &json!({"total": -1}));

        let received = schemars::schema_for!(ErrorObject);
        assert_valid(&received, &json!({"code": "1001", "message": "m"}));
        assert_valid(&received, &nav().to_error_object().to_json_value().unwrap());
        assert_invalid(&received, &json!({"code": 1.5, "message": "m"}));
    }
}
