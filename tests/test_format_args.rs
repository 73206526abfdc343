//! Extra format arguments: `message("...", args)`, thiserror's `#[error("...", args)]`.
//! Arguments are expressions; `.field` and `.0` name the variant's fields. Also the
//! enum-level default message and `fmt = path`.

mod derive_support;

use core::fmt;

use derive_support::data_of;
use mcp_errors::{ErrorCatalog, McpError, McpErrorExt};
use serde_json::json;

#[derive(Debug, serde::Serialize)]
struct TableRef {
    schema: &'static str,
    name: &'static str,
}

#[allow(clippy::ptr_arg)] // a `fmt` function gets each field by reference, as in thiserror
fn first_line(sql: &String, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "query failed: {}", sql.lines().next().unwrap_or(""))
}

fn busy(f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str("database is busy")
}

#[derive(Debug, McpError)]
#[mcp(domain = "sqlite", range = 2600..=2699, symbol_prefix = "E_SQL_")]
enum SqliteError {
    #[mcp(code = 2600, message("query returned {} rows, limit {max}", .rows.len(), max = .limit))]
    TooManyRows { rows: Vec<u32>, limit: usize },
    #[mcp(code = 2601, message("no table {}.{}", .table.schema, .table.name))]
    MissingTable { table: TableRef },
    #[mcp(code = 2602, message("{kind} constraint failed", kind = if *.unique { "UNIQUE" } else { "CHECK" }))]
    Constraint { unique: bool },
    #[mcp(code = 2603, message("{0} ({})", .0.len()))]
    Syntax(String),
    /// Query failed
    #[mcp(code = 2604, fmt = first_line)]
    Query {
        sql: String,
        #[mcp(skip)]
        password: String,
    },
    #[mcp(code = 2605, fmt = busy, kind = "unavailable")]
    Busy,
}

#[test]
fn arguments_and_member_access() {
    let e = SqliteError::TooManyRows {
        rows: vec![1, 2, 3],
        limit: 2,
    };
    assert_eq!(e.to_string(), "query returned 3 rows, limit 2");
    assert_eq!(data_of(&e), json!({"rows": [1, 2, 3], "limit": 2}));
    let e = SqliteError::MissingTable {
        table: TableRef {
            schema: "main",
            name: "users",
        },
    };
    assert_eq!(e.to_string(), "no table main.users");
    assert_eq!(
        SqliteError::Constraint { unique: true }.to_string(),
        "UNIQUE constraint failed"
    );
    assert_eq!(SqliteError::Syntax("SELEC".into()).to_string(), "SELEC (5)");
}

#[test]
fn the_catalog_keeps_the_template_as_written() {
    assert_eq!(
        SqliteError::ENTRIES[0].message,
        "query returned {} rows, limit {max}"
    );
}

#[test]
fn fmt_path_formats_with_a_function_of_the_fields() {
    let e = SqliteError::Query {
        sql: "SELECT *\nFROM t".into(),
        password: "hunter2".into(),
    };
    assert_eq!(e.to_string(), "query failed: SELECT *");
    let object = serde_json::to_value(e.to_error_object()).unwrap();
    assert_eq!(object["message"], json!("query failed: SELECT *"));
    assert_eq!(
        SqliteError::ENTRIES[4].message,
        "Query failed",
        "the catalog shows the doc line"
    );
    assert_eq!(SqliteError::Busy.to_string(), "database is busy");
    assert_eq!(SqliteError::ENTRIES[5].message, "busy", "else the path");
}

#[derive(Debug, McpError)]
#[mcp(domain = "sqlite-pool", range = 2700..=2799, message = "pool error: {0}")]
enum PoolError {
    /// Pool exhausted (documentation only: the enum's message is inherited)
    #[mcp(code = 2700, kind = "unavailable")]
    Exhausted(String),
    #[mcp(code = 2701)]
    Closed(&'static str),
    #[mcp(code = 2702, message = "misconfigured")]
    Config,
}

#[test]
fn an_enum_level_message_is_inherited() {
    assert_eq!(
        PoolError::Exhausted("32 of 32".into()).to_string(),
        "pool error: 32 of 32"
    );
    assert_eq!(
        PoolError::Closed("shutdown").to_string(),
        "pool error: shutdown"
    );
    assert_eq!(PoolError::Config.to_string(), "misconfigured");
    assert_eq!(PoolError::ENTRIES[0].message, "pool error: {0}");
    assert_eq!(
        PoolError::ENTRIES[0].doc,
        "Pool exhausted (documentation only: the enum's message is inherited)"
    );
}
