//! `shared_code`: an explicit opt-in for several variants on one wire code, for servers that
//! migrate from "-32602 plus a string code in data". Each variant keeps its own symbol;
//! decoding goes by symbol; `Registry` and `assert_disjoint!` treat the shared code as
//! declared. Uniqueness stays the default.

mod derive_support;

use mcp_errors::{ErrorCatalog, ErrorObject, McpError, McpErrorExt, Registry};
use serde_json::json;

#[derive(Debug, PartialEq, McpError)]
#[mcp(domain = "legacy-fs", symbol_prefix = "E_FS_", decode, data_fields)]
enum LegacyFsError {
    #[mcp(
        code = 2400,
        shared_code,
        kind = "validation",
        message = "invalid path: {path}"
    )]
    InvalidPath { path: String },
    #[mcp(
        code = 2400,
        shared_code,
        kind = "validation",
        message = "invalid range"
    )]
    InvalidRange { start: u64, end: u64 },
    /// Disk full
    #[mcp(code = 2401, kind = "unavailable")]
    DiskFull,
}

#[derive(Debug, McpError)]
#[mcp(domain = "legacy-db", symbol_prefix = "E_DB_")]
enum LegacyDbError {
    #[mcp(
        code = 2400,
        shared_code,
        kind = "validation",
        message = "invalid query"
    )]
    InvalidQuery,
    /// Locked
    #[mcp(code = 2402)]
    Locked,
}

mcp_errors::assert_disjoint!(LegacyFsError, LegacyDbError);

#[test]
fn each_variant_keeps_its_symbol_on_one_code() {
    let path = LegacyFsError::InvalidPath { path: "..".into() };
    let range = LegacyFsError::InvalidRange { start: 9, end: 1 };
    assert_eq!((path.code(), path.symbol()), (2400, "E_FS_INVALID_PATH"));
    assert_eq!((range.code(), range.symbol()), (2400, "E_FS_INVALID_RANGE"));
    assert_eq!(
        LegacyFsError::E_FS_INVALID_PATH,
        LegacyFsError::E_FS_INVALID_RANGE
    );
    assert_eq!(LegacyFsError::ENTRIES.len(), 3);
}

#[test]
fn decoding_goes_by_symbol() {
    let range = LegacyFsError::InvalidRange { start: 9, end: 1 };
    let object: ErrorObject =
        serde_json::from_value(serde_json::to_value(range.to_error_object()).unwrap()).unwrap();
    assert_eq!(LegacyFsError::from_error_object(&object).unwrap(), range);

    let without_symbol: ErrorObject =
        serde_json::from_value(json!({"code": 2400, "message": "invalid range"})).unwrap();
    let err = LegacyFsError::from_error_object(&without_symbol).unwrap_err();
    assert!(err.to_string().contains("E_FS_INVALID_PATH"), "{err}");

    let unique: ErrorObject =
        serde_json::from_value(json!({"code": 2401, "message": "Disk full"})).unwrap();
    assert_eq!(
        LegacyFsError::from_error_object(&unique).unwrap(),
        LegacyFsError::DiskFull
    );
}

#[test]
fn only_declared_codes_are_shared() {
    assert_eq!(LegacyDbError::SHARED_CODES, [2400]);
    assert_eq!(LegacyDbError::OWN_CODES, [2402]);
    assert_eq!(LegacyDbError::InvalidQuery.code(), 2400);
    assert_eq!(LegacyDbError::Locked.code(), 2402);
    assert_eq!(
        LegacyFsError::entry_by_code(2400).map(|e| e.symbol),
        Some("E_FS_INVALID_PATH"),
        "a shared code's first variant"
    );
}

#[test]
fn the_registry_treats_shared_codes_as_declared() {
    let registry = Registry::new()
        .with::<LegacyFsError>()
        .with::<LegacyDbError>();
    registry
        .check()
        .expect("shared codes are declared, not collisions");
}
