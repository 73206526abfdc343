//! The output methods (`write_json`, `write_json_line`, `to_json_vec`, `to_json_string`) write
//! the JSON-RPC error shapes optimistically, without the reply budget's meter, when the reply
//! is small. They must give exactly the bytes of the view's metered `Serialize` (written with
//! a compact formatter of the test's own, [`structured`], which the serde path's raw route
//! does not serve), whatever the values, options and budget; and so must the serde path
//! (`serde_json::to_vec(&view)`, which takes that route).

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use mcp_errors::{McpError, McpErrorExt, ReplyBudget, Verbosity};
use serde::Serialize;

#[derive(Debug, Serialize)]
struct Nested {
    label: String,
    items: Vec<serde_json::Value>,
}

#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_", data_fields)]
enum PwError {
    /// Navigation failed
    #[mcp(code = 2100, retryable, kind = "network")]
    Nav {
        #[mcp(details)]
        reason: String,
        url: String,
        status: u16,
        #[mcp(skip)]
        cookie: String,
    },
    /// Slow down: {why}
    #[mcp(code = 2101, kind = "rate_limit")]
    Throttled {
        why: String,
        #[mcp(retry_after)]
        wait: Duration,
        tags: Option<Vec<String>>,
    },
    /// Odd value
    #[mcp(code = 2102)]
    Odd {
        nested: Nested,
        map: BTreeMap<String, f64>,
    },
    /// No data at all
    #[mcp(code = 2103)]
    Unit,
    /// Broken display
    #[mcp(code = 2104)]
    Broken { value: FailingDisplay },
    /// Try later
    #[mcp(code = 2105, retryable = false)]
    Later {
        #[mcp(retry_after)]
        wait: u64,
    },
}

/// A field whose `Serialize` fails.
#[derive(Debug)]
struct FailingDisplay;

impl Serialize for FailingDisplay {
    fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom("refused"))
    }
}

impl fmt::Display for FailingDisplay {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        Err(fmt::Error)
    }
}

fn nested(depth: usize) -> serde_json::Value {
    let mut v = serde_json::json!("leaf");
    for _ in 0..depth {
        v = serde_json::json!([v]);
    }
    v
}

fn samples() -> Vec<PwError> {
    let tricky =
        "quote \" backslash \\ newline \n tab \t nul \u{0} bell \u{7} del \u{7f} é 💥 \u{1f}";
    vec![
        PwError::Nav {
            reason: "net::ERR_NAME_NOT_RESOLVED".into(),
            url: "https://example.invalid/login?next=%2F".into(),
            status: 502,
            cookie: "secret".into(),
        },
        PwError::Nav {
            reason: tricky.into(),
            url: tricky.repeat(3),
            status: 0,
            cookie: String::new(),
        },
        PwError::Nav {
            reason: "r".repeat(20_000),
            url: "u".into(),
            status: 1,
            cookie: String::new(),
        },
        PwError::Nav {
            reason: "r".into(),
            url: "[{".repeat(100),
            status: 1,
            cookie: String::new(),
        },
        PwError::Throttled {
            why: tricky.into(),
            wait: Duration::from_millis(1500),
            tags: Some(vec!["a".into(), "b\"".into()]),
        },
        PwError::Throttled {
            why: String::new(),
            wait: Duration::from_secs(u64::MAX),
            tags: None,
        },
        PwError::Odd {
            nested: Nested {
                label: "l".into(),
                items: vec![nested(3), serde_json::json!({"k": [1, 2.5, null, true]})],
            },
            map: [("x".to_owned(), 1.5), ("y\n".to_owned(), f64::NAN)].into(),
        },
        PwError::Odd {
            nested: Nested {
                label: "deep".into(),
                items: vec![nested(70)],
            },
            map: BTreeMap::new(),
        },
        PwError::Odd {
            nested: Nested {
                label: "wide".into(),
                items: (0..5000).map(serde_json::Value::from).collect(),
            },
            map: BTreeMap::new(),
        },
        PwError::Unit,
        // Not retryable in the catalog, but a known delay makes it retryable on the wire.
        PwError::Later { wait: 3 },
    ]
}

/// `serde_json`'s compact output, through a formatter that is not `serde_json`'s own type.
struct Compact;
impl serde_json::ser::Formatter for Compact {}

/// `value` through its structured `Serialize` (the metered path of a view).
fn structured<V: Serialize>(value: &V) -> Result<Vec<u8>, serde_json::Error> {
    let mut out = Vec::new();
    value.serialize(&mut serde_json::Serializer::with_formatter(
        &mut out, Compact,
    ))?;
    Ok(out)
}

/// Every output method of `view`, and the serde path, against its metered `Serialize`.
fn check<V: Serialize>(
    what: &str,
    view: &V,
    outputs: [Result<Vec<u8>, serde_json::Error>; 4],
) -> Vec<u8> {
    let expected = structured(view).expect("the oracle serializes");
    assert_eq!(
        String::from_utf8_lossy(&serde_json::to_vec(view).expect("to_vec")),
        String::from_utf8_lossy(&expected),
        "{what}: the serde path"
    );
    let [vec, string, written, line] = outputs;
    assert_eq!(
        String::from_utf8_lossy(&vec.expect("to_json_vec")),
        String::from_utf8_lossy(&expected),
        "{what}: to_json_vec"
    );
    assert_eq!(
        string.expect("to_json_string"),
        expected,
        "{what}: to_json_string"
    );
    assert_eq!(written.expect("write_json"), expected, "{what}: write_json");
    let mut with_newline = expected.clone();
    with_newline.push(b'\n');
    assert_eq!(
        line.expect("write_json_line"),
        with_newline,
        "{what}: write_json_line"
    );
    expected
}

macro_rules! outputs {
    ($view:expr) => {{
        let view = $view;
        let mut written = Vec::new();
        let mut line = Vec::new();
        [
            view.to_json_vec(),
            view.to_json_string().map(String::into_bytes),
            view.write_json(&mut written).map(|()| written),
            view.write_json_line(&mut line).map(|()| line),
        ]
    }};
}

#[test]
fn same_bytes_as_the_metered_serializer() {
    let budgets = [
        None,
        Some(ReplyBudget::bytes(0)),
        Some(ReplyBudget::bytes(30)),
        Some(ReplyBudget::bytes(200)),
        Some(ReplyBudget::bytes(1000)),
        Some(ReplyBudget::bytes(4000)),
        Some(ReplyBudget::UNLIMITED),
    ];
    let context = serde_json::json!({"requestId": "req-7"});
    let context = context.as_object().unwrap();
    for (i, err) in samples().iter().enumerate() {
        let boxed: Box<dyn McpError + Send + Sync> = Box::new(samples().swap_remove(i));
        for budget in budgets {
            macro_rules! with {
                ($v:expr) => {
                    match budget {
                        Some(b) => $v.budget(b),
                        None => $v,
                    }
                };
            }
            let what = format!("sample {i}, budget {budget:?}");
            check(
                &what,
                &with!(err.to_jsonrpc(7)),
                outputs!(with!(err.to_jsonrpc(7))),
            );
            let v = with!(err.to_jsonrpc("a\"b")).code_as_string();
            check(&what, &v, outputs!(v.clone()));
            let v = with!(err.to_jsonrpc(1)).verbosity(Verbosity::Off);
            check(&what, &v, outputs!(v.clone()));
            let v = with!(err.to_jsonrpc(1)).plain_data();
            check(&what, &v, outputs!(v.clone()));
            let v = with!(err.to_jsonrpc(1)).with_context(context);
            check(&what, &v, outputs!(v.clone()));
            let v = with!(err.to_error_object());
            check(&what, &v, outputs!(v));
            let v = with!(boxed.to_jsonrpc(3));
            check(&what, &v, outputs!(v.clone()));
            // Other shapes keep their `Serialize`.
            let v = with!(err.to_tool_result());
            check(&what, &v, outputs!(v));
        }
    }
}

#[test]
fn a_failing_field_is_an_error_not_a_panic() {
    let err = PwError::Broken {
        value: FailingDisplay,
    };
    assert!(err.to_jsonrpc(1).to_json_vec().is_err());
    assert!(err.to_jsonrpc(1).to_json_string().is_err());
    assert!(err.to_jsonrpc(1).write_json(Vec::new()).is_err());
    assert!(err.to_error_object().write_json_line(Vec::new()).is_err());
}

/// An envelope written from inside another's `Display` (the scratch buffer is in use).
#[derive(Debug)]
struct Reentrant;

impl fmt::Display for Reentrant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let inner = PwError::Unit;
        let mut out = Vec::new();
        inner
            .to_jsonrpc(2)
            .write_json(&mut out)
            .map_err(|_| fmt::Error)?;
        f.write_str(&String::from_utf8_lossy(&out))
    }
}

#[derive(Debug, McpError)]
#[mcp(domain = "nest", range = 3000..=3099, symbol_prefix = "E_N_", data_fields)]
enum NestError {
    /// outer {inner}
    #[mcp(code = 3000)]
    Outer { inner: Reentrant },
}

impl Serialize for Reentrant {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[test]
fn writes_from_inside_a_display() {
    let err = NestError::Outer { inner: Reentrant };
    let view = err.to_jsonrpc(1);
    check("reentrant", &view, outputs!(view.clone()));
    let mut out = Vec::new();
    view.write_json(&mut out).unwrap();
    let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert!(value["error"]["message"].as_str().unwrap().contains("2103"));
}

/// Catalog text at the edges of what the optimistic writer copies instead of formatting: a
/// template whose braces are escaped, one with characters JSON escapes, a `rename`d key that
/// needs escaping (the enum's text is then scanned as any other), text beyond ASCII.
#[derive(Debug, McpError)]
#[mcp(domain = "edge-text", data_fields)]
enum EdgeText {
    /// Braces {{kept}} as text
    #[mcp(code = 1)]
    Braces,
    #[mcp(code = 2, message = "a \"quoted\"\nline\twith\\escapes")]
    Escapes,
    #[mcp(code = 3, message = "renamed key")]
    Renamed {
        #[mcp(rename = "we\"ird\\key")]
        value: u8,
    },
    #[mcp(code = 4, message = "ünïcödé ✓ {n}")]
    Unicode { n: u8 },
    /// Every kind of scalar, and values the scalar writer hands to `serde_json`
    #[mcp(code = 5)]
    Scalars {
        text: String,
        ch: char,
        bytes: Vec<u8>,
        nan: f32,
        wide: i64,
        unsigned: u64,
        small: u8,
        negative: i32,
        zero: u16,
        hundred: i64,
        short: i8,
        none: Option<String>,
        some: Option<&'static str>,
        unit: (),
        unit_struct: UnitStruct,
        newtype: Newtype,
        choice: Choice,
        ip: std::net::IpAddr,
        shown: Shown,
    },
}

#[derive(Debug, Serialize)]
struct UnitStruct;

#[derive(Debug, Serialize)]
struct Newtype(String);

#[derive(Debug, Serialize)]
enum Choice {
    Plain,
}

/// A value serialized through `collect_str` (its `Display`), with characters to escape.
#[derive(Debug)]
struct Shown;

impl Serialize for Shown {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!("tab\there \"{}\"", 42))
    }
}

/// Plain text on both sides of a `transparent` variant (the inner enum's rows and text).
#[derive(Debug, McpError)]
#[mcp(domain = "edge-outer", data_fields)]
enum EdgeOuter {
    #[mcp(transparent)]
    Inner(EdgePlain),
    #[mcp(code = 20, message = "own text")]
    Own { key: String },
}

#[derive(Debug, McpError)]
#[mcp(domain = "edge-plain", data_fields)]
enum EdgePlain {
    #[mcp(code = 10, message = "inner text")]
    Plain { key: String },
}

#[test]
fn catalog_text_copied_or_formatted_gives_the_same_bytes() {
    let errors: Vec<Box<dyn McpError + Send + Sync>> = vec![
        Box::new(EdgeText::Braces),
        Box::new(EdgeText::Escapes),
        Box::new(EdgeText::Renamed { value: 7 }),
        Box::new(EdgeText::Unicode { n: 3 }),
        Box::new(EdgeOuter::Inner(EdgePlain::Plain { key: "k".into() })),
        Box::new(EdgeOuter::Own {
            key: "\"q\"".into(),
        }),
        Box::new(EdgePlain::Plain {
            key: "\u{1}".into(),
        }),
        Box::new(scalars()),
    ];
    for (i, err) in errors.iter().enumerate() {
        let what = format!("edge {i}");
        let v = err.to_jsonrpc(i64::try_from(i).unwrap());
        let bytes = check(&what, &v, outputs!(v.clone()));
        let v = err.to_error_object();
        check(&what, &v, outputs!(v));
        let v = err.to_jsonrpc(1).code_as_string();
        check(&what, &v, outputs!(v.clone()));
        assert!(
            serde_json::from_slice::<serde_json::Value>(&bytes).is_ok(),
            "{what}: valid JSON"
        );
    }
    // The sized path too (the boxed one goes through the object-safe visit).
    let sized = scalars();
    let v = sized.to_jsonrpc(1);
    check("sized scalars", &v, outputs!(v.clone()));
    let v = EdgeText::Renamed { value: 1 }.to_jsonrpc(1);
    let bytes = check("sized renamed", &v, outputs!(v.clone()));
    assert!(String::from_utf8_lossy(&bytes).contains(r#""we\"ird\\key":1"#));
    let v = EdgeText::Braces.to_jsonrpc(1);
    let bytes = check("sized braces", &v, outputs!(v.clone()));
    assert!(String::from_utf8_lossy(&bytes).contains(r#""message":"Braces {kept} as text""#));
}

/// A protocol enum: negative codes (written by the optimistic writer's own digits, as ids and
/// integer fields are).
#[derive(Debug, McpError)]
#[mcp(domain = "edge-protocol", protocol, data_fields)]
enum EdgeProtocol {
    /// Invalid params
    #[mcp(code = -32602)]
    Invalid { at: i32, count: u8 },
}

#[test]
fn integers_written_by_the_optimistic_writer_give_the_same_bytes() {
    let err = EdgeProtocol::Invalid { at: -1, count: 99 };
    let ids = [
        0,
        -1,
        9,
        10,
        99,
        100,
        999,
        1_000,
        9_999,
        10_000,
        123_456_789,
        i64::MAX,
        i64::MIN,
    ];
    for id in ids {
        let v = err.to_jsonrpc(id);
        check(&format!("id {id}"), &v, outputs!(v.clone()));
        let v = err.to_jsonrpc(id).code_as_string();
        check(&format!("id {id}, code as string"), &v, outputs!(v.clone()));
        let later = PwError::Later {
            wait: id.unsigned_abs(),
        };
        let v = later.to_jsonrpc(id);
        check(&format!("retry after {id}"), &v, outputs!(v.clone()));
    }
}

fn scalars() -> EdgeText {
    EdgeText::Scalars {
        text: "line\nbreak \"q\" \\ \u{7f} é".into(),
        ch: '"',
        bytes: vec![0, 255],
        nan: f32::NAN,
        wide: i64::MIN,
        unsigned: u64::MAX,
        small: 7,
        negative: -10,
        zero: 0,
        hundred: 100,
        short: i8::MIN,
        none: None,
        some: Some("x"),
        unit: (),
        unit_struct: UnitStruct,
        newtype: Newtype("n\"t".into()),
        choice: Choice::Plain,
        ip: std::net::IpAddr::from([127, 0, 0, 1]),
        shown: Shown,
    }
}
