//! Nothing reaches the wire unless its author chose it: a field without a wire attribute stays
//! out of every envelope (the JSON-RPC error and its `data`, the tool error's text, `_meta` and
//! `structuredContent`, the error response, the plain `data`, the rmcp and jsonrpsee
//! conversions), while `Display` shows what its message names; `data`, `rename`, `text` and
//! `data_fields` (on the variant or the enum) send fields.

use std::path::PathBuf;

use mcp_errors::{ErrorCatalog, FieldRole, McpError, McpErrorExt, ToolErrorFormat};
use serde_json::{Value, json};

/// Neither `Serialize` nor `Display`: a field that stays off the wire needs neither.
#[derive(Debug)]
struct Connection {
    #[allow(dead_code)] // read by `Debug` only, as a ported thiserror enum's field would be
    dsn: &'static str,
}

/// Someone else's id: `Display`, not `Serialize`.
#[derive(Debug)]
struct Id(u32);

impl std::fmt::Display for Id {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "id-{}", self.0)
    }
}

/// A thiserror enum ported by renaming, and a variant whose author chose its wire.
#[derive(Debug, McpError)]
#[mcp(domain = "store", range = 4100..=4199, symbol_prefix = "E_STORE_")]
enum StoreError {
    #[mcp(code = 4100, message = "query failed on {table}")]
    Query {
        table: String,
        sql: String,
        conn: Connection,
    },
    /// Upstream refused the request
    #[mcp(code = 4101, kind = "network")]
    Upstream(String),
    #[mcp(code = 4102, kind = "validation", message = "invalid input: {0}")]
    Invalid(String),
    #[mcp(code = 4103, kind = "rate_limit", message = "slow down")]
    Throttled {
        #[mcp(retry_after)]
        wait_secs: u64,
        body: String,
    },
    #[mcp(code = 4104, kind = "not_found", message = "no file at {path}")]
    Chosen {
        path: PathBuf,
        #[mcp(data)]
        tried: u32,
        #[mcp(rename = "expectedType")]
        expected: String,
        #[mcp(text)]
        id: Id,
        #[mcp(retry_after, data)]
        again_secs: u64,
        #[mcp(data)]
        hint: Option<String>,
        response_body: String,
    },
    /// Upstream refused the request
    #[mcp(code = 4105, kind = "network")]
    Lone(#[mcp(data)] String),
}

/// Every secret the values below carry: none may appear in any envelope.
const SECRETS: &[&str] = &[
    "SELECT-secret",
    "postgres-secret",
    "upstream-secret",
    "body-secret",
    "response-secret",
];

fn unchosen() -> Vec<StoreError> {
    vec![
        StoreError::Query {
            table: "users".into(),
            sql: "SELECT-secret * FROM users".into(),
            conn: Connection {
                dsn: "postgres-secret://u:p@db",
            },
        },
        StoreError::Upstream("upstream-secret 502".into()),
        StoreError::Throttled {
            wait_secs: 2,
            body: "body-secret".into(),
        },
        chosen(),
    ]
}

fn chosen() -> StoreError {
    StoreError::Chosen {
        path: "/srv/a.md".into(),
        tried: 3,
        expected: "string".into(),
        id: Id(7),
        again_secs: 1,
        hint: None,
        response_body: "response-secret".into(),
    }
}

/// Every envelope of `err`, in every shape and option, as JSON text.
fn envelopes(err: &StoreError) -> Vec<(&'static str, String)> {
    let context = json!({"request": "r-1"});
    let context = context.as_object().unwrap();
    let mut out = vec![
        (
            "error object",
            err.to_error_object().to_json_string().unwrap(),
        ),
        (
            "error object (serde)",
            serde_json::to_string(&err.to_error_object()).unwrap(),
        ),
        ("jsonrpc", err.to_jsonrpc(1).to_json_string().unwrap()),
        (
            "jsonrpc (serde)",
            serde_json::to_string(&err.to_jsonrpc(1)).unwrap(),
        ),
        (
            "jsonrpc, code as string, context",
            err.to_jsonrpc("a")
                .code_as_string()
                .with_context(context)
                .to_json_string()
                .unwrap(),
        ),
        (
            "jsonrpc, plain data",
            err.to_jsonrpc(1).plain_data().to_json_string().unwrap(),
        ),
        (
            "tool result",
            err.to_tool_result().to_json_string().unwrap(),
        ),
        (
            "tool result, structured",
            err.to_tool_result()
                .structured_content()
                .format(ToolErrorFormat::MODEL)
                .to_json_string()
                .unwrap(),
        ),
        (
            "error response",
            err.to_error_response().to_json_string().unwrap(),
        ),
        (
            "jsonrpc result",
            err.to_jsonrpc_result(1).to_json_string().unwrap(),
        ),
    ];
    let boxed: &dyn McpError = err;
    out.push((
        "trait object",
        boxed.to_jsonrpc(1).to_json_string().unwrap(),
    ));
    #[cfg(feature = "rmcp")]
    {
        let data = mcp_errors::integrations::rmcp::plain_error_data(err);
        out.push(("rmcp plain", serde_json::to_string(&data).unwrap()));
    }
    out
}

#[test]
fn a_field_its_author_never_mentioned_reaches_no_envelope() {
    for err in unchosen() {
        for (shape, text) in envelopes(&err) {
            for secret in SECRETS {
                assert!(
                    !text.contains(secret),
                    "{shape} of {err:?} sends {secret}: {text}"
                );
            }
        }
    }
}

#[test]
fn the_message_still_shows_what_it_names_and_debug_everything() {
    let [query, upstream, ..] = &unchosen()[..] else {
        unreachable!()
    };
    assert_eq!(query.to_string(), "query failed on users");
    let object = query.to_error_object().to_json_value().unwrap();
    assert_eq!(
        object["data"],
        json!({"domain": "store", "symbol": "E_STORE_QUERY", "retryable": false})
    );
    assert!(format!("{query:?}").contains("postgres-secret"));
    assert_eq!(upstream.to_string(), "Upstream refused the request");
    // The lone unnamed field the message names is sent once, in the message.
    let invalid = StoreError::Invalid("depth -1".into());
    let object = invalid.to_error_object().to_json_value().unwrap();
    assert_eq!(object["message"], "invalid input: depth -1");
    assert_eq!(
        object["data"],
        json!({"domain": "store", "symbol": "E_STORE_INVALID", "retryable": false})
    );
}

#[test]
fn retry_after_alone_sends_the_delay_not_the_field() {
    let throttled = &unchosen()[2];
    let data = throttled.to_error_object().to_json_value().unwrap()["data"].clone();
    assert_eq!(
        data,
        json!({"domain": "store", "symbol": "E_STORE_THROTTLED", "retryable": true,
               "retryAfterMs": 2000})
    );
}

#[test]
fn data_rename_and_text_choose_the_wire() {
    let object = chosen().to_error_object().to_json_value().unwrap();
    assert_eq!(object["message"], "no file at /srv/a.md");
    assert_eq!(
        object["data"],
        json!({"domain": "store", "symbol": "E_STORE_CHOSEN", "retryable": true,
               "tried": 3, "expectedType": "string", "id": "id-7", "again_secs": 1,
               "retryAfterMs": 1000})
    );
    // `data` alone keeps the key a lone unnamed field had: `value`.
    let lone = StoreError::Lone("502".into())
        .to_error_object()
        .to_json_value();
    assert_eq!(lone.unwrap()["data"]["value"], "502");
    let tool = chosen().to_tool_result().to_json_value().unwrap();
    assert_eq!(tool["_meta"]["data"]["tried"], 3);
}

#[test]
fn the_catalog_says_which_fields_are_sent() {
    let roles = |index: usize| -> Vec<(&str, &str, FieldRole)> {
        StoreError::ENTRIES[index]
            .fields
            .iter()
            .map(|f| (f.name, f.key, f.role))
            .collect()
    };
    assert_eq!(
        roles(0),
        [
            ("table", "table", FieldRole::Message),
            ("sql", "sql", FieldRole::Message),
            ("conn", "conn", FieldRole::Message),
        ]
    );
    assert_eq!(roles(1), [("0", "0", FieldRole::Message)]);
    assert_eq!(
        roles(4),
        [
            ("path", "path", FieldRole::Message),
            ("tried", "tried", FieldRole::Data),
            ("expected", "expectedType", FieldRole::Data),
            ("id", "id", FieldRole::Data),
            ("again_secs", "again_secs", FieldRole::RetryAfter),
            ("hint", "hint", FieldRole::Data),
            ("response_body", "response_body", FieldRole::Message),
        ]
    );
    assert_eq!(roles(5), [("0", "value", FieldRole::Data)]);
}

/// Today's behaviour in one line: `data_fields` on the enum.
#[derive(Debug, McpError)]
#[mcp(domain = "legacy", range = 4200..=4299, symbol_prefix = "E_OLD_", data_fields)]
enum Legacy {
    #[mcp(code = 4200, message = "query failed on {table}")]
    Query {
        table: String,
        sql: String,
        #[mcp(skip)]
        password: String,
    },
    /// Upstream refused the request
    #[mcp(code = 4201)]
    Upstream(String),
    #[mcp(code = 4202, message = "invalid input: {0}")]
    Invalid(String),
    #[mcp(code = 4203, kind = "rate_limit", message = "slow down")]
    Throttled {
        #[mcp(retry_after)]
        wait_secs: u64,
    },
}

/// The same, on one variant.
#[derive(Debug, McpError)]
#[mcp(domain = "mixed", range = 4300..=4399, symbol_prefix = "E_MIX_")]
enum Mixed {
    #[mcp(code = 4300, message = "failed", data_fields)]
    All { a: u8, b: String },
    #[mcp(code = 4301, message = "failed")]
    None { a: u8, b: String },
}

fn data(err: &impl McpError) -> Value {
    let mut data = err.to_error_object().to_json_value().unwrap()["data"].clone();
    for key in ["domain", "symbol", "retryable"] {
        data.as_object_mut().unwrap().remove(key);
    }
    data
}

#[test]
fn data_fields_sends_every_field_a_role_does_not_keep_out() {
    let query = Legacy::Query {
        table: "users".into(),
        sql: "SELECT 1".into(),
        password: "hunter2".into(),
    };
    assert_eq!(data(&query), json!({"table": "users", "sql": "SELECT 1"}));
    assert_eq!(
        data(&Legacy::Upstream("502".into())),
        json!({"value": "502"})
    );
    assert_eq!(data(&Legacy::Invalid("x".into())), json!({}));
    assert_eq!(
        data(&Legacy::Throttled { wait_secs: 2 }),
        json!({"wait_secs": 2, "retryAfterMs": 2000})
    );
    let all = Mixed::All {
        a: 1,
        b: "b".into(),
    };
    assert_eq!(data(&all), json!({"a": 1, "b": "b"}));
    let none = Mixed::None {
        a: 1,
        b: "b".into(),
    };
    assert_eq!(data(&none), json!({}));
    assert_eq!(Mixed::ENTRIES[0].fields[0].role, FieldRole::Data);
    assert_eq!(Mixed::ENTRIES[1].fields[0].role, FieldRole::Message);
}

/// A generic field that stays off the wire needs no `Serialize` bound: `Connection` is not.
#[derive(Debug, McpError)]
#[mcp(domain = "generic", range = 4400..=4499)]
enum Pool<T: std::fmt::Debug> {
    #[mcp(code = 4400, message = "pool exhausted")]
    Exhausted { conn: T },
}

#[test]
fn a_generic_field_off_the_wire_needs_no_serialize() {
    let err = Pool::Exhausted {
        conn: Connection {
            dsn: "postgres-secret://",
        },
    };
    let text = err.to_jsonrpc(1).to_json_string().unwrap();
    assert!(!text.contains("postgres-secret"), "{text}");
    assert_eq!(err.to_string(), "pool exhausted");
}

#[cfg(feature = "jsonrpsee")]
#[test]
fn jsonrpsee_sends_only_the_chosen_fields() {
    for err in unchosen() {
        let object = jsonrpsee_types::ErrorObjectOwned::from(err);
        let text = serde_json::to_string(&object).unwrap();
        for secret in SECRETS {
            assert!(!text.contains(secret), "{text}");
        }
    }
}

#[cfg(feature = "rmcp")]
#[test]
fn rmcp_sends_only_the_chosen_fields() {
    for err in unchosen() {
        let data = rmcp::model::ErrorData::from(err);
        let text = serde_json::to_string(&data).unwrap();
        for secret in SECRETS {
            assert!(!text.contains(secret), "{text}");
        }
    }
}
