//! `#[mcp(from)]`: thiserror's `#[from]`. The field is the variant's source, and the derive
//! writes `From<FieldType>` so `?` in a tool body converts foreign errors.

mod derive_support;

use std::error::Error as _;

use derive_support::data_of;
use mcp_errors::{CommonError, ErrorCatalog, FieldRole, McpError, McpErrorExt};
use serde_json::json;

/// The error enum of a sandboxed filesystem server, as it reads after the port.
#[derive(Debug, McpError)]
#[mcp(domain = "filesystem", range = 2500..=2599, symbol_prefix = "E_FS_", data_fields)]
enum FsError {
    /// File system operation failed
    #[mcp(code = 2500, kind = "unavailable")]
    Io(#[mcp(from)] std::io::Error),
    /// Invalid JSON in the file
    #[mcp(code = 2501, kind = "validation")]
    Json {
        #[mcp(from)]
        source: serde_json::Error,
    },
    /// File is not UTF-8
    #[mcp(code = 2502, kind = "validation")]
    NotUtf8 {
        #[mcp(from)]
        source: Option<std::string::FromUtf8Error>,
    },
    /// Path outside the allowed roots
    #[mcp(code = 2503, kind = "permission")]
    Denied { path: String },
    /// Invalid number
    #[mcp(code = 2504, kind = "validation")]
    BadNumber(#[mcp(from, details)] std::num::ParseIntError),
    #[mcp(transparent)]
    Common(#[mcp(from)] CommonError),
}

fn read_config(text: &[u8]) -> Result<serde_json::Value, FsError> {
    let text = String::from_utf8(text.to_vec())?;
    Ok(serde_json::from_str(&text)?)
}

fn open(path: &str) -> Result<Vec<u8>, FsError> {
    if path.starts_with("/etc") {
        return Err(FsError::Denied { path: path.into() });
    }
    Ok(std::fs::read(path)?)
}

fn limit(n: &str) -> Result<u32, FsError> {
    let n: u32 = n.parse()?;
    if n > 10 {
        return Err(CommonError::LimitExceeded {
            details: Some(format!("{n} > 10")),
        }
        .into());
    }
    Ok(n)
}

#[test]
fn question_mark_converts_each_foreign_error() {
    let io = open("/definitely/not/here").unwrap_err();
    assert!(matches!(io, FsError::Io(_)));
    assert_eq!((io.code(), io.symbol()), (2500, "E_FS_IO"));

    let json = read_config(b"{nope").unwrap_err();
    assert!(matches!(json, FsError::Json { .. }));
    assert_eq!(json.code(), 2501);

    let utf8 = read_config(&[0xff, 0xfe]).unwrap_err();
    assert!(matches!(utf8, FsError::NotUtf8 { source: Some(_) }));

    assert!(matches!(limit("x").unwrap_err(), FsError::BadNumber(_)));
    let common = limit("11").unwrap_err();
    assert_eq!((common.code(), common.domain()), (1002, "filesystem"));
    assert_eq!(limit("3").unwrap(), 3);
}

#[test]
fn the_from_field_is_the_source() {
    let io = FsError::from(std::io::Error::new(
        std::io::ErrorKind::NotFound,
        "no such file",
    ));
    let source = io.source().expect("from field is the source");
    assert_eq!(source.to_string(), "no such file");
    assert!(source.downcast_ref::<std::io::Error>().is_some());

    let none = FsError::NotUtf8 { source: None };
    assert!(none.source().is_none(), "an absent optional source");

    let roles: Vec<FieldRole> = FsError::ENTRIES
        .iter()
        .flat_map(|e| e.fields.iter().map(|f| f.role))
        .collect();
    assert_eq!(
        roles,
        [
            FieldRole::Source,
            FieldRole::Source,
            FieldRole::Source,
            FieldRole::Data,
            FieldRole::Details,
        ]
    );
}

#[test]
fn from_fields_stay_off_the_wire_unless_details() {
    let io = FsError::from(std::io::Error::other("disk on fire at /home/alice"));
    assert_eq!(data_of(&io), json!({}));
    let wire = serde_json::to_string(&io.to_error_object()).unwrap();
    assert!(!wire.contains("alice"), "{wire}");
    assert_eq!(io.to_string(), "File system operation failed");

    let bad = limit("twelve").unwrap_err();
    assert_eq!(
        data_of(&bad),
        json!({"details": "invalid digit found in string"})
    );
}

#[test]
fn a_transparent_from_delegates_code_and_domain_stays() {
    let e: FsError = CommonError::Timeout { details: None }.into();
    assert_eq!((e.code(), e.symbol()), (1001, "E_TIMEOUT"));
    assert_eq!(e.domain(), "filesystem");
}
