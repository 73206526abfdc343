//! JSON Schemas (feature `schemars`) of the envelopes, the catalog JSON and the
//! `sys/errorStats` snapshot, for client authors and contract tests.
//!
//! The envelope schemas are functions, because an envelope is a serializer view rather than a
//! data type; the data types (catalog rows, ranges, kinds, the snapshot, the received
//! [`ErrorObject`]) implement [`schemars::JsonSchema`], so they compose with your own schemas.
//!
//! | schema | describes |
//! |---|---|
//! | [`error_object`] | [`to_error_object`](crate::McpErrorExt::to_error_object): `{"code","message","data"}` |
//! | [`jsonrpc_error`] | [`to_jsonrpc`](crate::McpErrorExt::to_jsonrpc): `{"jsonrpc":"2.0","id","error"}` |
//! | [`tool_result`] | [`to_tool_result`](crate::McpErrorExt::to_tool_result): `{"content","isError":true,"_meta"}` |
//! | [`error_response`] | [`to_error_response`](crate::McpErrorExt::to_error_response): `result.error`, `{"code","message","retryable","details"}` |
//! | [`jsonrpc_result`] | [`to_jsonrpc_result`](crate::McpErrorExt::to_jsonrpc_result): `{"jsonrpc":"2.0","id","result":{"error"}}` |
//! | [`catalog`] | [`Registry::to_json`](crate::Registry::to_json) |
//! | [`error_stats`] | the `sys/errorStats` result, [`StatsSnapshot`] |
//!
//! The envelope schemas describe the default output (with `data.domain`, `data.symbol`,
//! `data.retryable` required) and accept a code written as a string of digits
//! (`code_as_string()`). `plain_data()` output, the dialect of string-coded servers whose
//! `data` holds the variant's fields only, is outside them. In `result.error`'s `details`,
//! `reason` and `suggestion` are the details and help text when the error has them, else may
//! be data fields of any type under those names.
//!
//! ```
//! use mcp_errors_core::integrations::schemars as schemas;
//!
//! let schema = schemas::tool_result();
//! assert_eq!(schema.get("title").and_then(|t| t.as_str()), Some("McpToolError"));
//! let required = schema.get("required").unwrap();
//! assert!(required.as_array().unwrap().iter().any(|k| k == "_meta"));
//! ```

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde_json::{Value, json};

use crate::metrics::StatsSnapshot;
use crate::{CodeRange, ErrorEntry, ErrorKind, ErrorObject, FieldEntry, FieldRole};

/// The JSON Schema dialect of every schema here.
pub const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// `^[A-Z][A-Z0-9_]*[A-Z0-9]$`, at most 63 characters (the derive's rule).
const SYMBOL_PATTERN: &str = "^[A-Z][A-Z0-9_]*[A-Z0-9]$";

fn code() -> Value {
    json!({
        "description": "The stable numeric code; a string of digits with `code_as_string()`.",
        "anyOf": [
            {"type": "integer", "minimum": i32::MIN, "maximum": i32::MAX},
            {"type": "string", "pattern": "^-?[0-9]+$"}
        ]
    })
}

fn symbol() -> Value {
    json!({"type": "string", "pattern": SYMBOL_PATTERN, "maxLength": 63})
}

fn domain() -> Value {
    json!({"type": "string", "minLength": 1})
}

fn retry_after_ms() -> Value {
    json!({"type": "integer", "minimum": 0, "description": "Milliseconds to wait before a retry."})
}

/// An array of frames, or (`stack_as_string`) one string of lines.
fn stack() -> Value {
    json!({
        "type": ["array", "string"],
        "items": {"type": "string"},
        "description": "Stack frames (or one string of them, a frame per line); only under MCP_ERRORS_VERBOSE."
    })
}

/// The flag an envelope adds when its reply budget cut something: present only as `true`.
fn truncated() -> Value {
    json!({"const": true, "description": "The reply budget cut something in this envelope."})
}

fn request_id() -> Value {
    json!({"type": ["integer", "string", "null"]})
}

fn error_object_value() -> Value {
    json!({
        "title": "McpErrorObject",
        "description": "The JSON-RPC `error` member of an mcp-errors error.",
        "type": "object",
        "required": ["code", "message", "data"],
        "properties": {
            "code": code(),
            "message": {"type": "string"},
            "data": {
                "type": "object",
                "required": ["domain", "symbol", "retryable"],
                "properties": {
                    "domain": domain(),
                    "symbol": symbol(),
                    "retryable": {"type": "boolean"},
                    "details": {"type": "string"},
                    "retryAfterMs": retry_after_ms(),
                    "stack": stack(),
                    "truncated": truncated()
                },
                "additionalProperties": true
            }
        },
        "additionalProperties": false
    })
}

fn error_response_value() -> Value {
    json!({
        "title": "McpErrorResponse",
        "description": "An `ErrorResponse`: the `error` a tool returns inside a successful `result`.",
        "type": "object",
        "required": ["code", "message", "retryable"],
        "properties": {
            "code": code(),
            "message": {"type": "string"},
            "retryable": {"type": "boolean"},
            "details": {
                "type": "object",
                "properties": {
                    // The `#[mcp(details)]` text and the help, when the error has them; else a
                    // data field or constant member of that name, whatever its type.
                    "reason": {"description": "The details text (a string), else a data field named `reason`."},
                    "suggestion": {"description": "The help text (a string), else a data field named `suggestion`."},
                    "retryAfterMs": retry_after_ms(),
                    "stack": stack(),
                    "truncated": truncated()
                },
                "additionalProperties": true
            }
        },
        "additionalProperties": false
    })
}

fn with_dialect(mut value: Value) -> Schema {
    if let Value::Object(map) = &mut value {
        map.insert("$schema".into(), DIALECT.into());
    }
    // Every value built here is a JSON object, which is always a valid schema.
    Schema::try_from(value).unwrap_or_else(|_| Schema::from(true))
}

/// The schema of [`to_error_object`](crate::McpErrorExt::to_error_object): the JSON-RPC
/// `error` member, `{"code","message","data"}`.
pub fn error_object() -> Schema {
    with_dialect(error_object_value())
}

/// The schema of [`to_jsonrpc`](crate::McpErrorExt::to_jsonrpc): a JSON-RPC 2.0 error
/// response.
pub fn jsonrpc_error() -> Schema {
    with_dialect(json!({
        "title": "McpJsonRpcError",
        "type": "object",
        "required": ["jsonrpc", "id", "error"],
        "properties": {
            "jsonrpc": {"const": "2.0"},
            "id": request_id(),
            "error": error_object_value()
        },
        "additionalProperties": false
    }))
}

/// The schema of [`to_tool_result`](crate::McpErrorExt::to_tool_result): an MCP
/// `CallToolResult` with `isError: true` and its `_meta` (`errorType`, `errorCode`,
/// `retryable`, ...).
pub fn tool_result() -> Schema {
    with_dialect(json!({
        "title": "McpToolError",
        "description": "An MCP `CallToolResult` reporting an error (`isError: true`, with `_meta` for programs).",
        "type": "object",
        "required": ["content", "isError", "_meta"],
        "properties": {
            "content": {
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "required": ["type", "text"],
                    "properties": {
                        "type": {"const": "text"},
                        "text": {"type": "string", "description": "`SYMBOL: message`"}
                    }
                }
            },
            "isError": {"const": true},
            "_meta": {
                "type": "object",
                "required": ["errorType", "errorCode", "retryable", "code", "domain"],
                "properties": {
                    "errorType": {"type": "string", "pattern": "^[A-Z][A-Za-z]*Error$"},
                    "errorCode": symbol(),
                    "retryable": {"type": "boolean"},
                    "code": {"type": "integer", "minimum": i32::MIN, "maximum": i32::MAX},
                    "domain": domain(),
                    "retryAfterMs": retry_after_ms(),
                    "details": {"type": "string"},
                    "help": {"type": "string"},
                    "data": {"type": "object", "description": "The variant's serialized fields."},
                    "context": {
                        "description": "The request's context (`with_context`); the truncation mark when the budget was spent before it.",
                        "anyOf": [{"type": "object"}, {"const": crate::TRUNCATION_MARK}]
                    },
                    "truncated": truncated()
                },
                "additionalProperties": true
            },
            "structuredContent": {
                "type": "object",
                "required": ["error"],
                "properties": {"error": error_object_value()},
                "additionalProperties": false
            }
        }
    }))
}

/// The schema of [`to_error_response`](crate::McpErrorExt::to_error_response): the
/// `result.error` shape `{"code","message","retryable","details"}`.
pub fn error_response() -> Schema {
    with_dialect(error_response_value())
}

/// The schema of [`to_jsonrpc_result`](crate::McpErrorExt::to_jsonrpc_result): a successful
/// JSON-RPC response whose `result.error` is an `ErrorResponse`.
pub fn jsonrpc_result() -> Schema {
    with_dialect(json!({
        "title": "McpJsonRpcErrorResult",
        "type": "object",
        "required": ["jsonrpc", "id", "result"],
        "properties": {
            "jsonrpc": {"const": "2.0"},
            "id": request_id(),
            "result": {
                "type": "object",
                "required": ["error"],
                "properties": {"error": error_response_value()},
                "additionalProperties": false
            }
        },
        "additionalProperties": false
    }))
}

/// The schema of [`Registry::to_json`](crate::Registry::to_json), the catalog of every
/// registered enum, with the row types under `$defs`.
pub fn catalog() -> Schema {
    let mut generator = SchemaGenerator::default();
    let range = generator.subschema_for::<Option<CodeRange>>();
    let entry = generator.subschema_for::<ErrorEntry>();
    let defs = generator.take_definitions(true);
    with_dialect(json!({
        "title": "McpErrorCatalog",
        "type": "object",
        "required": ["format", "version", "enums"],
        "properties": {
            "format": {"const": "mcp-errors-catalog"},
            "version": {"const": 1},
            "enums": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["name", "domain", "range", "span", "entries"],
                    "properties": {
                        "name": {"type": "string"},
                        "domain": domain(),
                        "range": range,
                        "span": range,
                        "entries": {"type": "array", "items": entry}
                    },
                    "additionalProperties": false
                }
            }
        },
        "$defs": defs
    }))
}

/// The schema of the `sys/errorStats` result, [`StatsSnapshot`].
pub fn error_stats() -> Schema {
    SchemaGenerator::default().into_root_schema_for::<StatsSnapshot>()
}

fn counts(keys: &Value) -> Value {
    json!({
        "type": "object",
        "propertyNames": keys,
        "additionalProperties": {"type": "integer", "minimum": 0}
    })
}

impl JsonSchema for StatsSnapshot {
    fn schema_name() -> Cow<'static, str> {
        "StatsSnapshot".into()
    }

    fn schema_id() -> Cow<'static, str> {
        "mcp_errors::metrics::StatsSnapshot".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "The result of `sys/errorStats`.",
            "type": "object",
            "required": ["total", "byCode", "byDomain", "bySymbol"],
            "properties": {
                "total": {"type": "integer", "minimum": 0},
                "byCode": counts(&json!({"pattern": "^-?[0-9]+$"})),
                "byDomain": counts(&json!({"minLength": 1})),
                "bySymbol": counts(&json!({"pattern": SYMBOL_PATTERN})),
                "sample": {"type": "integer", "minimum": 2, "description": "Present when sampling: every how many occurrences one was recorded."},
                "overflow": {"type": "integer", "minimum": 1, "description": "Present when a table was full."}
            },
            "additionalProperties": false
        })
    }
}

impl JsonSchema for ErrorObject {
    fn schema_name() -> Cow<'static, str> {
        "ErrorObject".into()
    }

    fn schema_id() -> Cow<'static, str> {
        "mcp_errors::ErrorObject".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A received JSON-RPC `error` member, as `ErrorObject` accepts it.",
            "type": "object",
            "required": ["code", "message"],
            "properties": {
                "code": code(),
                "message": {"type": "string"},
                "data": true
            }
        })
    }
}

impl JsonSchema for CodeRange {
    fn schema_name() -> Cow<'static, str> {
        "CodeRange".into()
    }

    fn schema_id() -> Cow<'static, str> {
        "mcp_errors::CodeRange".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "An inclusive range of error codes.",
            "type": "object",
            "required": ["start", "end"],
            "properties": {
                "start": {"type": "integer", "minimum": i32::MIN, "maximum": i32::MAX},
                "end": {"type": "integer", "minimum": i32::MIN, "maximum": i32::MAX}
            },
            "additionalProperties": false
        })
    }
}

impl JsonSchema for ErrorKind {
    fn schema_name() -> Cow<'static, str> {
        "ErrorKind".into()
    }

    fn schema_id() -> Cow<'static, str> {
        "mcp_errors::ErrorKind".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names: Vec<&str> = ErrorKind::ALL.iter().map(|k| k.as_str()).collect();
        json_schema!({"type": "string", "enum": names})
    }
}

impl JsonSchema for FieldRole {
    fn schema_name() -> Cow<'static, str> {
        "FieldRole".into()
    }

    fn schema_id() -> Cow<'static, str> {
        "mcp_errors::FieldRole".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names: Vec<&str> = [
            FieldRole::Data,
            FieldRole::Skip,
            FieldRole::Details,
            FieldRole::Source,
            FieldRole::RetryAfter,
            FieldRole::Retryable,
            FieldRole::Transparent,
            FieldRole::Message,
        ]
        .iter()
        .map(|r| r.as_str())
        .collect();
        json_schema!({"type": "string", "enum": names})
    }
}

impl JsonSchema for FieldEntry {
    fn schema_name() -> Cow<'static, str> {
        "FieldEntry".into()
    }

    fn schema_id() -> Cow<'static, str> {
        "mcp_errors::FieldEntry".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let role = generator.subschema_for::<FieldRole>();
        json_schema!({
            "type": "object",
            "required": ["name", "key", "role"],
            "properties": {
                "name": {"type": "string"},
                "key": {"type": "string"},
                "role": role
            },
            "additionalProperties": false
        })
    }
}

impl JsonSchema for ErrorEntry {
    fn schema_name() -> Cow<'static, str> {
        "ErrorEntry".into()
    }

    fn schema_id() -> Cow<'static, str> {
        "mcp_errors::ErrorEntry".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let kind = generator.subschema_for::<ErrorKind>();
        let field = generator.subschema_for::<FieldEntry>();
        json_schema!({
            "description": "One row of an error catalog.",
            "type": "object",
            "required": ["code", "symbol", "domain", "message", "retryable", "kind",
                         "variant", "doc", "aliases", "help", "channel", "errorType",
                         "fields"],
            "properties": {
                "code": {"type": "integer", "minimum": i32::MIN, "maximum": i32::MAX},
                "symbol": symbol(),
                "domain": domain(),
                "message": {"type": "string"},
                "retryable": {"type": "boolean"},
                "kind": kind,
                "variant": {"type": "string"},
                "doc": {"type": "string"},
                "aliases": {"type": "array", "items": symbol()},
                "help": {"type": ["string", "null"]},
                "channel": {
                    "description": "How a tool reports it: an MCP tool error or a JSON-RPC error.",
                    "enum": ["tool_error", "jsonrpc"]
                },
                "errorType": {
                    "description": "The tool error's errorType: the variant's own, else its kind's.",
                    "type": "string"
                },
                "fields": {"type": "array", "items": field}
            },
            "additionalProperties": false
        })
    }
}
