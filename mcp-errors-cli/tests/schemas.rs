//! `schemas/fleet.schema.json`, `schemas/catalog.schema.json` and `schemas/locale.schema.json`
//! against the readers: each
//! table's keys are exactly the keys the reader accepts (which the reader's own "unknown
//! field" error lists, so the two cannot drift), and the example files are valid.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn schema(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(root().join("schemas").join(name)).unwrap())
        .unwrap()
}

/// The keys an error message "unknown field `zz`, expected one of `a`, `b`" lists.
fn expected_keys(message: &str) -> BTreeSet<String> {
    let list = message
        .split_once("expected one of ")
        .or_else(|| message.split_once("expected "))
        .unwrap_or_else(|| panic!("no key list in {message:?}"))
        .1;
    list.split(", ")
        .map(|k| k.trim_matches(|c| c == '`' || c == ' ').to_owned())
        .collect()
}

fn properties(v: &Value) -> BTreeSet<String> {
    assert_eq!(v["additionalProperties"], false, "{v}");
    v["properties"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect()
}

fn fleet_error(text: &str) -> String {
    mcp_errors_rules::fleet::parse(text).unwrap_err().message
}

fn catalog_error(text: &str) -> String {
    mcp_errors_cli::handwritten::parse(text)
        .unwrap_err()
        .message
}

#[test]
fn fleet_schema_keys_are_the_readers() {
    let s = schema("fleet.schema.json");
    assert_eq!(properties(&s), expected_keys(&fleet_error("zz = 1\n")));
    assert_eq!(
        properties(&s["properties"]["fleet"]),
        expected_keys(&fleet_error("[fleet]\nzz = 1\n"))
    );
    assert_eq!(
        properties(&s["$defs"]["domain"]),
        expected_keys(&fleet_error("[fleet]\nname = \"a\"\n[[domain]]\nzz = 1\n"))
    );
}

#[test]
fn catalog_schema_keys_are_the_readers() {
    let s = schema("catalog.schema.json");
    assert_eq!(properties(&s), expected_keys(&catalog_error("zz = 1\n")));
    assert_eq!(
        properties(&s["$defs"]["error"]),
        expected_keys(&catalog_error("domain = \"a\"\n[[error]]\nzz = 1\n"))
    );
    assert_eq!(
        properties(&s["$defs"]["field"]["oneOf"][1]),
        expected_keys(&catalog_error(
            "domain = \"a\"\n[[error]]\ncode = 1\nsymbol = \"E_A\"\nmessage = \"m\"\nfields = { a = { zz = 1 } }\n"
        ))
    );
    // The value lists are the reader's too.
    let list = |v: &Value| -> Vec<String> {
        v["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(list(&s["$defs"]["kind"]), mcp_errors_cli::catalog::KINDS);
    assert_eq!(list(&s["$defs"]["role"]), mcp_errors_cli::catalog::ROLES);
    assert_eq!(
        list(&s["$defs"]["json_type"]),
        mcp_errors_cli::catalog::JSON_TYPES
    );
    assert_eq!(
        list(&s["$defs"]["error"]["properties"]["channel"]),
        mcp_errors_cli::catalog::CHANNELS
    );
}

fn toml_file(path: &str) -> Value {
    toml::from_str(&std::fs::read_to_string(root().join(path)).unwrap()).unwrap()
}

fn assert_valid(schema_name: &str, path: &str) {
    let validator = jsonschema::validator_for(&schema(schema_name)).unwrap();
    let instance = toml_file(path);
    let errors: Vec<String> = validator
        .iter_errors(&instance)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{path}: {errors:?}");
}

#[test]
fn the_examples_are_valid() {
    for fleet in [
        "examples/fleet/fleet.toml",
        "examples/fleet/broken/fleet.toml",
        "tests/fleet/overlap/fleet.toml",
    ] {
        assert_valid("fleet.schema.json", fleet);
    }
    for catalog in [
        "examples/fleet/python/errors.toml",
        "examples/ts_server/errors.toml",
        "examples/fleet/broken/python.toml",
    ] {
        assert_valid("catalog.schema.json", catalog);
    }
    // ... and a schema can fail: an unknown key, a reserved triple.
    let validator = jsonschema::validator_for(&schema("fleet.schema.json")).unwrap();
    let bad: Value = toml::from_str("[fleet]\nname = \"a\"\ncolour = 1\n").unwrap();
    assert!(!validator.is_valid(&bad));
    let bad: Value = toml::from_str(
        "[fleet]\nname = \"a\"\n[[domain]]\nname = \"a\"\nrange = [1, 2]\nreserved = [[1, 2, 3]]\n",
    )
    .unwrap();
    assert!(!validator.is_valid(&bad));
}

/// `schemas/locale.schema.json`: the translation file's keys are the reader's, and the
/// example's French file is valid; a bad locale is not.
#[test]
fn locale_schema_keys_are_the_readers() {
    let s = schema("locale.schema.json");
    let catalog =
        mcp_errors_cli::Catalog::load(&root().join("examples/fleet/python/errors.toml")).unwrap();
    let message = mcp_errors_cli::locale::parse("zz = 1\n", &catalog)
        .unwrap_err()
        .error
        .message;
    // (serde lists two keys as "`a` or `b`")
    assert_eq!(
        properties(&s),
        expected_keys(&message.replace("` or `", "`, `"))
    );
    assert_valid("locale.schema.json", "examples/fleet/python/errors.fr.toml");
    let validator = jsonschema::validator_for(&s).unwrap();
    for (tag, valid) in [
        ("fr-CA", true),
        ("pt_BR", true),
        ("fran\u{e7}ais", false),
        ("f", false),
    ] {
        let file = serde_json::json!({ "locale": tag });
        assert_eq!(validator.is_valid(&file), valid, "{tag}");
        assert_eq!(mcp_errors_cli::locale::valid_locale(tag), valid, "{tag}");
    }
}
