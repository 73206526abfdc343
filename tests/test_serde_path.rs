//! The serde path: an envelope handed to a serde serializer as any `Serialize` value. Into
//! `serde_json`'s compact serializer over a `Vec<u8>` (`to_writer(&mut vec)`, `to_vec`,
//! `to_string`, also inside the caller's own `Serialize` type) the JSON-RPC error shapes are
//! the optimistic writer's bytes, handed over as raw JSON; every other serializer gets the
//! structured, metered `Serialize`. Both must give exactly `write_json`'s reply, for the five
//! reference taxonomies' errors and over the reply budget.

#[path = "../examples/taxonomies/seed0.rs"]
mod seed0;
#[path = "../examples/taxonomies/seed1.rs"]
mod seed1;
#[path = "../examples/taxonomies/seed2.rs"]
mod seed2;
#[path = "../examples/taxonomies/seed3.rs"]
mod seed3;
#[path = "../examples/taxonomies/seed4.rs"]
mod seed4;

use std::fmt::Write as _;

use mcp_errors::{McpError, McpErrorExt, ReplyBudget, TRUNCATION_MARK, Verbosity};
use serde::Serialize;
use serde::ser::{self, Impossible, SerializeMap, SerializeSeq, SerializeStruct, Serializer};
use serde_json::{Value, json};

/// Compact JSON through a formatter that is not `serde_json`'s own type: the structured path.
struct Compact;
impl serde_json::ser::Formatter for Compact {}

fn structured<V: Serialize + ?Sized>(value: &V) -> Vec<u8> {
    let mut out = Vec::new();
    value
        .serialize(&mut serde_json::Serializer::with_formatter(
            &mut out, Compact,
        ))
        .expect("the structured path serializes");
    out
}

/// A view's bytes through every `serde_json` entry point of the serde path, each equal to
/// `write_json`'s and to the structured path's.
macro_rules! same_everywhere {
    ($what:expr, $view:expr) => {{
        let view = $view;
        let what = $what;
        let mut written = Vec::new();
        view.write_json(&mut written).expect("write_json");
        let mut to_writer = Vec::new();
        serde_json::to_writer(&mut to_writer, &view).expect("to_writer");
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        assert_eq!(text(&to_writer), text(&written), "{what}: to_writer");
        assert_eq!(
            serde_json::to_vec(&view).expect("to_vec"),
            written,
            "{what}: to_vec"
        );
        assert_eq!(
            serde_json::to_string(&view).expect("to_string"),
            text(&written),
            "{what}: to_string"
        );
        assert_eq!(
            text(&structured(&view)),
            text(&written),
            "{what}: structured"
        );
        // Into a writer that already holds bytes: appended, the rest untouched.
        let mut appended = b"prefix ".to_vec();
        serde_json::to_writer(&mut appended, &view).expect("to_writer, appended");
        assert_eq!(&appended[7..], &written[..], "{what}: appended");
        written
    }};
}

/// Every shape of `err`, with the options the reference taxonomies use.
fn every_shape(what: &str, err: &(dyn McpError + Send + Sync)) {
    let what = |shape: &str| format!("{what}, {shape}");
    same_everywhere!(what("to_jsonrpc(1)"), err.to_jsonrpc(1));
    same_everywhere!(what("to_jsonrpc(\"req\")"), err.to_jsonrpc("req-\"1\""));
    same_everywhere!(
        what("to_jsonrpc, verbosity off"),
        err.to_jsonrpc(-1).verbosity(Verbosity::Off)
    );
    same_everywhere!(
        what("to_jsonrpc, code as string"),
        err.to_jsonrpc(2).code_as_string()
    );
    same_everywhere!(what("to_jsonrpc, plain"), err.to_jsonrpc(3).plain_data());
    same_everywhere!(what("to_error_object"), err.to_error_object());
    same_everywhere!(
        what("to_error_object, knowledge base"),
        err.to_error_object()
            .code_as_string()
            .plain_data()
            .verbosity(Verbosity::Off)
    );
    same_everywhere!(what("to_tool_result"), err.to_tool_result());
    same_everywhere!(what("to_error_response"), err.to_error_response());
    same_everywhere!(what("to_jsonrpc_result"), err.to_jsonrpc_result(4));
}

#[test]
fn every_reference_taxonomy_gives_write_json_bytes() {
    let mut errors: Vec<(String, Box<dyn McpError + Send + Sync>)> = Vec::new();
    for (i, err) in seed0::samples().into_iter().enumerate() {
        errors.push((format!("Node fleet {i}"), err));
    }
    errors.push((
        "categorized order_not_found".into(),
        Box::new(seed1::order_not_found()),
    ));
    errors.push((
        "categorized invalid_email_param".into(),
        Box::new(seed1::invalid_email_param()),
    ));
    for (i, err) in seed2::samples().into_iter().enumerate() {
        errors.push((format!("TypeScript hierarchy {i}"), Box::new(err)));
    }
    for (i, err) in seed3::samples().into_iter().enumerate() {
        errors.push((format!("GitHub server {i}"), Box::new(err)));
    }
    let kb = seed4::seed_examples()
        .into_iter()
        .chain(seed4::other_errors());
    for (i, err) in kb.enumerate() {
        errors.push((format!("knowledge base {i}"), Box::new(err)));
    }
    assert!(errors.len() > 40, "{} errors", errors.len());
    for (what, err) in &errors {
        every_shape(what, &**err);
    }
    // Sized errors take their own instantiation of the views.
    for err in seed3::samples() {
        same_everywhere!("GitHub server, sized", err.to_jsonrpc(9));
        same_everywhere!("GitHub server, sized", err.to_error_object());
    }
    for err in seed4::seed_examples() {
        same_everywhere!("knowledge base, sized", err.to_jsonrpc(9));
        // The knowledge base's own wire struct, a user type holding a view.
        let wire = seed4::wire(&err);
        assert_eq!(serde_json::to_vec(&wire).unwrap(), structured(&wire));
    }
    // The Node fleet's golden reply, byte for byte.
    let nav = seed0::nav_failed();
    let text = serde_json::to_string(&nav.to_jsonrpc(1).verbosity(Verbosity::Off)).unwrap();
    assert_eq!(
        text,
        r#"{"jsonrpc":"2.0","id":1,"error":{"code":2100,"message":"Navigation failed","data":{"domain":"playwright","symbol":"E_PW_NAV","retryable":true,"details":"net::ERR_NAME_NOT_RESOLVED"}}}"#
    );
}

#[test]
fn over_the_budget_the_serde_path_is_metered() {
    let err = seed0::PlaywrightError::Nav {
        reason: "net::ERR_NAME_NOT_RESOLVED ".repeat(50),
    };
    for budget in [
        ReplyBudget::bytes(0),
        ReplyBudget::bytes(40),
        ReplyBudget::bytes(300),
    ] {
        let what = format!("budget {budget:?}");
        let bytes = same_everywhere!(&what, err.to_jsonrpc(1).budget(budget));
        let value: Value = serde_json::from_slice(&bytes).unwrap();
        let details = value["error"]["data"]["details"].as_str().unwrap();
        assert!(details.ends_with(TRUNCATION_MARK), "{what}: {details}");
        assert_eq!(value["error"]["data"]["truncated"], true, "{what}");
        same_everywhere!(&what, err.to_error_object().budget(budget));
    }
    // The default budget, far above the reply: the raw route, nothing cut.
    let bytes = same_everywhere!("default budget", err.to_jsonrpc(1));
    assert!(!String::from_utf8_lossy(&bytes).contains(TRUNCATION_MARK));
}

/// A data field that records the serializer each write hands it: the optimistic writer's
/// own, or the reply budget's meter (the structured path).
#[derive(Debug)]
struct Spy;

thread_local! {
    static SEEN: std::cell::RefCell<Vec<&'static str>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Serialize for Spy {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SEEN.with_borrow_mut(|seen| seen.push(std::any::type_name::<S>()));
        serializer.serialize_u8(7)
    }
}

#[derive(Debug, McpError)]
#[mcp(domain = "spy", range = 4000..=4099, symbol_prefix = "E_SPY_", data_fields)]
enum SpyError {
    /// Watched
    #[mcp(code = 4000)]
    Watched { spy: Spy },
}

/// Whether writing with `write` went through the meter: `Some(true)` metered, `Some(false)`
/// the optimistic writer, `None` when the field was not written exactly once.
fn metered(write: impl FnOnce()) -> Option<bool> {
    SEEN.with_borrow_mut(Vec::clear);
    write();
    let seen = SEEN.with_borrow_mut(std::mem::take);
    match seen.as_slice() {
        [one] => Some(one.contains("MeteredSerializer")),
        _ => None,
    }
}

#[test]
fn the_compact_serializer_gets_the_optimistic_writers_bytes() {
    let err = SpyError::Watched { spy: Spy };
    let view = err.to_jsonrpc(1);
    let mut buf = Vec::new();
    assert_eq!(metered(|| view.write_json(&mut buf).unwrap()), Some(false));
    assert_eq!(
        metered(|| serde_json::to_writer(&mut buf, &view).unwrap()),
        Some(false)
    );
    assert_eq!(
        metered(|| drop(serde_json::to_vec(&view).unwrap())),
        Some(false)
    );
    assert_eq!(
        metered(|| drop(serde_json::to_string(&err.to_error_object()).unwrap())),
        Some(false)
    );
    assert_eq!(
        metered(|| drop(serde_json::to_vec(std::slice::from_ref(&view)).unwrap())),
        Some(false)
    );
    // Every other serializer, and options the optimistic writer does not handle: metered.
    assert_eq!(
        metered(|| drop(serde_json::to_value(&view).unwrap())),
        Some(true)
    );
    assert_eq!(
        metered(|| drop(serde_json::to_vec_pretty(&view).unwrap())),
        Some(true)
    );
    assert_eq!(metered(|| drop(structured(&view))), Some(true));
    assert_eq!(
        metered(|| view.serialize(&mut Events::default()).unwrap()),
        Some(true)
    );
    let plain = err.to_jsonrpc(1).plain_data();
    assert_eq!(
        metered(|| drop(serde_json::to_vec(&plain).unwrap())),
        Some(true)
    );
    let small = err.to_jsonrpc(1).budget(ReplyBudget::bytes(8));
    assert_eq!(
        metered(|| drop(serde_json::to_vec(&small).unwrap())),
        Some(true)
    );
    // A tool result has no optimistic writer: metered on every path.
    let tool = err.to_tool_result();
    assert_eq!(
        metered(|| drop(serde_json::to_vec(&tool).unwrap())),
        Some(true)
    );
}

/// A server's own reply types, holding envelopes.
#[derive(Serialize)]
struct Batch<'a> {
    replies: Vec<mcp_errors::JsonRpcErrorView<'a, dyn McpError + Send + Sync>>,
    #[serde(rename = "first")]
    error: mcp_errors::ErrorObjectView<'a, seed0::PlaywrightError>,
    note: &'a str,
    tool: mcp_errors::ToolResultView<'a, seed0::PlaywrightError>,
}

#[test]
fn an_envelope_inside_a_users_own_serialize_type() {
    let nav = seed0::nav_failed();
    let errors = seed0::samples();
    let batch = Batch {
        replies: errors.iter().take(3).map(|e| e.to_jsonrpc(5)).collect(),
        error: nav.to_error_object(),
        note: "three \"replies\"",
        tool: nav.to_tool_result(),
    };
    let bytes = serde_json::to_vec(&batch).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&bytes),
        String::from_utf8_lossy(&structured(&batch))
    );
    // The same as each envelope's own reply, put together by hand.
    let mut expected = String::from(r#"{"replies":["#);
    for (i, e) in errors.iter().take(3).enumerate() {
        if i > 0 {
            expected.push(',');
        }
        expected.push_str(&e.to_jsonrpc(5).to_json_string().unwrap());
    }
    write!(
        expected,
        r#"],"first":{},"note":"three \"replies\"","tool":{}}}"#,
        nav.to_error_object().to_json_string().unwrap(),
        nav.to_tool_result().to_json_string().unwrap()
    )
    .unwrap();
    assert_eq!(String::from_utf8_lossy(&bytes), expected);
    // As a map value and in a tuple too.
    let map =
        std::collections::BTreeMap::from([("a", nav.to_jsonrpc(1)), ("b", nav.to_jsonrpc(2))]);
    assert_eq!(serde_json::to_vec(&map).unwrap(), structured(&map));
    let tuple = (nav.to_error_object(), 7, nav.to_jsonrpc(3));
    assert_eq!(serde_json::to_vec(&tuple).unwrap(), structured(&tuple));
}

#[test]
fn other_serializers_get_the_structured_shape() {
    let nav = seed0::nav_failed();
    let view = nav.to_jsonrpc(1).verbosity(Verbosity::Off);
    let expected = json!({
        "jsonrpc": "2.0",
        "id": 1,
        "error": {
            "code": 2100,
            "message": "Navigation failed",
            "data": {
                "domain": "playwright",
                "symbol": "E_PW_NAV",
                "retryable": true,
                "details": "net::ERR_NAME_NOT_RESOLVED"
            }
        }
    });
    assert_eq!(serde_json::to_value(&view).unwrap(), expected);
    let pretty = serde_json::to_string_pretty(&view).unwrap();
    assert!(
        pretty.contains("\n  \"error\": {\n    \"code\": 2100,"),
        "{pretty}"
    );
    assert_eq!(serde_json::from_str::<Value>(&pretty).unwrap(), expected);
    assert_eq!(
        serde_json::from_slice::<Value>(&structured(&view)).unwrap(),
        expected
    );
    // A writer other than `&mut Vec<u8>`: the structured path, the same bytes.
    let mut cursor = std::io::Cursor::new(Vec::new());
    serde_json::to_writer(&mut cursor, &view).unwrap();
    assert_eq!(cursor.into_inner(), view.to_json_vec().unwrap());
    // A serializer of another format sees the envelope's map, never a raw-JSON token.
    let mut events = Events::default();
    view.serialize(&mut events).unwrap();
    assert_eq!(
        events.0,
        [
            "{",
            "jsonrpc",
            "\"2.0\"",
            "id",
            "1",
            "error",
            "{",
            "code",
            "2100",
            "message",
            "\"Navigation failed\"",
            "data",
            "{",
            "domain",
            "\"playwright\"",
            "symbol",
            "\"E_PW_NAV\"",
            "retryable",
            "true",
            "details",
            "\"net::ERR_NAME_NOT_RESOLVED\"",
            "}",
            "}",
            "}",
        ]
    );
    let mut events = Events::default();
    nav.to_error_object().serialize(&mut events).unwrap();
    assert_eq!(events.0.first().map(String::as_str), Some("{"));
    assert!(
        !events.0.iter().any(|e| e.contains("serde_json")),
        "{:?}",
        events.0
    );
}

/// A serializer of a format of its own: it records what it is asked to write, one event a
/// value (maps and sequences opened and closed, strings quoted, keys bare).
#[derive(Default)]
struct Events(Vec<String>);

#[derive(Debug)]
struct EventsError(String);
impl std::fmt::Display for EventsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for EventsError {}
impl ser::Error for EventsError {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        EventsError(msg.to_string())
    }
}

macro_rules! shown {
    ($($method:ident: $ty:ty),*) => {$(
        fn $method(self, v: $ty) -> Result<(), EventsError> {
            self.0.push(v.to_string());
            Ok(())
        }
    )*};
}

impl Serializer for &mut Events {
    type Ok = ();
    type Error = EventsError;
    type SerializeSeq = Self;
    type SerializeTuple = Impossible<(), EventsError>;
    type SerializeTupleStruct = Impossible<(), EventsError>;
    type SerializeTupleVariant = Impossible<(), EventsError>;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), EventsError>;

    shown!(serialize_bool: bool, serialize_i8: i8, serialize_i16: i16, serialize_i32: i32,
        serialize_i64: i64, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64, serialize_f32: f32, serialize_f64: f64, serialize_char: char);

    fn serialize_str(self, v: &str) -> Result<(), EventsError> {
        self.0.push(format!("\"{v}\""));
        Ok(())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), EventsError> {
        Err(ser::Error::custom("bytes"))
    }
    fn serialize_none(self) -> Result<(), EventsError> {
        self.0.push("null".into());
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<(), EventsError> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), EventsError> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), EventsError> {
        self.serialize_none()
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), EventsError> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), EventsError> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), EventsError> {
        Err(ser::Error::custom("newtype variant"))
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self, EventsError> {
        self.0.push("[".into());
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, EventsError> {
        Err(ser::Error::custom("tuple"))
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, EventsError> {
        Err(ser::Error::custom("tuple struct"))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, EventsError> {
        Err(ser::Error::custom("tuple variant"))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self, EventsError> {
        self.0.push("{".into());
        Ok(self)
    }
    fn serialize_struct(self, name: &'static str, _: usize) -> Result<Self, EventsError> {
        self.0.push(format!("struct {name}"));
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, EventsError> {
        Err(ser::Error::custom("struct variant"))
    }
}

impl SerializeSeq for &mut Events {
    type Ok = ();
    type Error = EventsError;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<(), EventsError> {
        v.serialize(&mut **self)
    }
    fn end(self) -> Result<(), EventsError> {
        self.0.push("]".into());
        Ok(())
    }
}

impl SerializeMap for &mut Events {
    type Ok = ();
    type Error = EventsError;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), EventsError> {
        key.serialize(&mut **self)?;
        // Keys are written bare.
        if let Some(last) = self.0.last_mut() {
            *last = last.trim_matches('"').to_owned();
        }
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<(), EventsError> {
        v.serialize(&mut **self)
    }
    fn end(self) -> Result<(), EventsError> {
        self.0.push("}".into());
        Ok(())
    }
}

impl SerializeStruct for &mut Events {
    type Ok = ();
    type Error = EventsError;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), EventsError> {
        self.0.push(key.to_owned());
        v.serialize(&mut **self)
    }
    fn end(self) -> Result<(), EventsError> {
        self.0.push("}".into());
        Ok(())
    }
}
