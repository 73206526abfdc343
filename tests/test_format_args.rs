//! Extra format arguments: `message("...", args)`, thiserror's `#[error("...", args)]`.
//! Arguments are expressions; `.field` and `.0` name the variant's fields. Also the
//! enum-level default message and `fmt = path`.

// The argument lists are written to test where an argument ends (casts before comparisons, a
// closure with two parameters), not as the lints would have them.
#![allow(clippy::cast_lossless, clippy::unnecessary_fold)]

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
#[mcp(domain = "sqlite", range = 2600..=2699, symbol_prefix = "E_SQL_", data_fields)]
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

/// A `Display` type behind a trait with an associated type, for a format argument whose type
/// has a generic argument list with an equality constraint.
trait Described<T>: fmt::Display {
    type Assoc;
}

impl<T> Described<T> for i32 {
    type Assoc = i32;
}

const LIMIT_NAME: &str = "rows";

#[derive(Debug, McpError)]
#[mcp(domain = "sqlite-shorthand", range = 2800..=2899, symbol_prefix = "E_SH_", data_fields)]
enum ShorthandError {
    #[mcp(code = 2800, message("{intro}: {0}", intro = match .1 {
        Some(n) => format!("failed at row {n}"),
        None => "failed".to_owned(),
    }))]
    Matched(String, Option<usize>),
    #[mcp(code = 2801, message("shift {} by {bits}", if *.left { "left" } else { "right" }))]
    Deref { left: bool, bits: u8 },
    #[mcp(code = 2802, message("{} {} {}", None::<i32>.is_some(), Vec::<Vec<u8>>::new().len(),
        (0..3).filter(|_| Option::<Box<dyn Fn(u8) -> u8>>::None.is_none()).count()))]
    Turbofish,
    #[mcp(code = 2803, message("{b} {a}", b = &0 as &dyn Described<i32, Assoc = i32>, a = .0))]
    Constraint(u8),
    #[mcp(code = 2804, message = "{LIMIT_NAME} over {n}")]
    Constant { n: u32 },
    #[mcp(code = 2805, message = "{self:?}")]
    SelfDebug,
    #[mcp(code = 2806, message = "{field:p}")]
    Pointer { field: Box<i32> },
    // Casts followed by comparisons and closures with several parameters: the comma after
    // each argument ends it, the ones inside generic arguments and parameters do not.
    #[mcp(code = 2807, message("{} {} {n} {}", *.len as u64 <= 3, *.len as i64 - 1 < 0,
        [1u8, 2].iter().fold(0, |a, b| a + b), n = .len))]
    Casts { len: u32 },
    // A raw name is the argument its unraw placeholder names, as in `format!`.
    #[mcp(code = 2808, message("{match} {type}", r#match = .r#type + 1))]
    Raw { r#type: u8 },
}

#[test]
fn shorthands_work_inside_any_expression() {
    assert_eq!(
        ShorthandError::Matched("x".into(), Some(3)).to_string(),
        "failed at row 3: x"
    );
    assert_eq!(
        ShorthandError::Matched("x".into(), None).to_string(),
        "failed: x"
    );
    let e = ShorthandError::Deref {
        left: true,
        bits: 9,
    };
    assert_eq!(e.to_string(), "shift left by 9");
    assert_eq!(ShorthandError::Turbofish.to_string(), "false 0 3");
    assert_eq!(ShorthandError::Constraint(7).to_string(), "0 7");
    assert_eq!(
        ShorthandError::Casts { len: 0 }.to_string(),
        "true true 0 3"
    );
    assert_eq!(ShorthandError::Raw { r#type: 4 }.to_string(), "5 4");
}

#[test]
fn constants_and_self_are_captured_from_scope() {
    let e = ShorthandError::Constant { n: 5 };
    assert_eq!(e.to_string(), "rows over 5");
    let object = serde_json::to_value(e.to_error_object()).unwrap();
    assert_eq!(object["message"], json!("rows over 5"));
    assert_eq!(ShorthandError::SelfDebug.to_string(), "SelfDebug");
}

#[test]
fn a_pointer_placeholder_shows_the_fields_value() {
    let e = ShorthandError::Pointer {
        field: Box::new(-1),
    };
    let ShorthandError::Pointer { field } = &e else {
        unreachable!()
    };
    // The box's heap address, as `format!("{:p}", value.field)` shows it in thiserror.
    assert_eq!(e.to_string(), format!("{:p}", *field));
    assert_ne!(e.to_string(), format!("{field:p}"));
}

#[derive(Debug)]
struct Inner {
    depth: usize,
}

#[derive(Debug, McpError)]
#[mcp(domain = "sqlite-plain", range = 2900..=2999, symbol_prefix = "E_PLAIN_", data_fields)]
enum PlainError<'a> {
    /// A field named as a plain identifier in an argument is bound, as thiserror binds
    /// every field.
    #[mcp(code = 2900, message("unexpected token: {:?}", token))]
    Unexpected { token: &'a str },
    /// The lone tuple field named by a `.0` shorthand is shown by the message only, as
    /// when the template names `{0}`: it need not serialize.
    #[mcp(code = 2901, message("depth {}", .0.depth))]
    TooDeep(Inner),
}

#[test]
fn plain_field_names_and_shorthands_of_a_lone_field() {
    let e = PlainError::Unexpected { token: "fn" };
    assert_eq!(e.to_string(), "unexpected token: \"fn\"");
    assert_eq!(data_of(&e), json!({"token": "fn"}));
    let e = PlainError::TooDeep(Inner { depth: 65 });
    assert_eq!(e.to_string(), "depth 65");
    assert_eq!(data_of(&e), json!({}));
}
