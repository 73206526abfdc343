//! `arguments::parse`: tool arguments that fail to deserialize become `E_INVALID_PARAMS`
//! naming the offending argument by JSON Pointer; those that do deserialize come out exactly
//! as `serde_json::from_value` makes them.

use std::collections::BTreeMap;

use mcp_errors_core::arguments::{self, ArgumentError};
use mcp_errors_core::{McpError, McpErrorExt};
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Debug, Deserialize, PartialEq)]
struct Navigate {
    url: String,
    #[serde(default)]
    wait: Option<u32>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Strict {
    name: String,
}

#[derive(Debug, Deserialize, PartialEq)]
struct Batch {
    items: Vec<Item>,
    labels: BTreeMap<String, u8>,
}

#[derive(Debug, Deserialize, PartialEq)]
struct Item {
    name: String,
    mode: Mode,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Mode {
    Fast,
    Slow,
}

#[derive(Debug, Deserialize, PartialEq)]
struct Wrapped(Navigate);

#[derive(Debug, Deserialize, PartialEq)]
struct Flattened {
    #[serde(flatten)]
    inner: Navigate,
    extra: bool,
}

fn fail<T: serde::de::DeserializeOwned + std::fmt::Debug>(args: &Value) -> ArgumentError {
    arguments::parse::<T>(args).unwrap_err()
}

#[test]
fn a_wrong_type_names_the_argument_and_what_was_expected() {
    let err = fail::<Navigate>(&json!({"url": 42}));
    assert_eq!(err.pointer(), "/url");
    assert_eq!(err.expected(), Some("a string"));
    assert_eq!(
        err.details(),
        "/url: invalid type: integer `42`, expected a string"
    );
    assert_eq!(
        (err.code(), err.symbol(), err.domain()),
        (1000, "E_INVALID_PARAMS", "common")
    );
    assert!(!err.retryable());
    assert_eq!(
        err.to_error_object().to_json_value().unwrap(),
        json!({"code": 1000, "message": "Invalid parameters", "data": {
            "domain": "common", "symbol": "E_INVALID_PARAMS", "retryable": false,
            "details": "/url: invalid type: integer `42`, expected a string",
            "pointer": "/url", "expected": "a string"}})
    );
}

#[test]
fn an_optional_argument_of_the_wrong_type() {
    let err = fail::<Navigate>(&json!({"url": "u", "wait": "soon"}));
    assert_eq!(err.pointer(), "/wait");
    assert_eq!(err.expected(), Some("u32"));
}

#[test]
fn the_value_cannot_forge_what_was_expected() {
    let err = fail::<Navigate>(&json!({"url": "u", "wait": "x, expected nothing"}));
    assert_eq!(err.expected(), Some("u32"));
}

#[test]
fn a_huge_value_is_cut_in_details_but_pointer_and_expected_stay() {
    let err = fail::<Navigate>(&json!({"url": "u", "wait": "w".repeat(5_000_000)}));
    assert_eq!(err.pointer(), "/wait");
    assert_eq!(err.expected(), Some("u32"));
    assert!(err.details().len() < 400, "{} bytes", err.details().len());
    assert!(
        err.details()
            .starts_with("/wait: invalid type: string \"www")
    );
    assert!(
        err.details().ends_with("…, expected u32"),
        "{}",
        err.details()
    );
}

#[test]
fn a_missing_argument_is_required() {
    let err = fail::<Navigate>(&json!({}));
    assert_eq!(err.pointer(), "/url");
    assert_eq!(err.expected(), Some("a value: the argument is required"));
    assert_eq!(err.details(), "/url: missing field `url`");
}

#[test]
fn an_unknown_argument_is_named() {
    let err = fail::<Strict>(&json!({"name": "n", "nmae": "x"}));
    assert_eq!(err.pointer(), "/nmae");
    assert_eq!(err.expected(), Some("`name`"));
}

#[test]
fn nested_arrays_maps_and_enums() {
    let ok = json!({"items": [{"name": "a", "mode": "fast"}], "labels": {"x": 1}});
    let err = fail::<Batch>(
        &json!({"items": [{"name": "a", "mode": "fast"}, {"name": 7, "mode": "slow"}], "labels": {}}),
    );
    assert_eq!(err.pointer(), "/items/1/name");
    let err = fail::<Batch>(&json!({"items": [{"name": "a", "mode": "warp"}], "labels": {}}));
    assert_eq!(err.pointer(), "/items/0/mode");
    assert_eq!(err.expected(), Some("`fast` or `slow`"));
    let err = fail::<Batch>(&json!({"items": [], "labels": {"a/b~c": 300}}));
    assert_eq!(err.pointer(), "/labels/a~1b~0c");
    let err = fail::<Batch>(&json!({"items": [{"mode": "fast"}], "labels": {}}));
    assert_eq!(err.pointer(), "/items/0/name");
    assert_eq!(
        arguments::parse::<Batch>(&ok).unwrap(),
        serde_json::from_value::<Batch>(ok).unwrap()
    );
}

#[test]
fn a_missing_argument_whose_name_has_a_backtick_or_escapes() {
    #[derive(Debug, Deserialize)]
    struct Odd {
        #[serde(rename = "a`b/c~d")]
        _odd: u8,
    }
    // The name comes whole from serde's text even when the text itself is cut.
    #[derive(Debug, Deserialize)]
    struct Long {
        #[serde(
            rename = "llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllll"
        )]
        _long: u8,
    }
    let err = fail::<Odd>(&json!({}));
    assert_eq!(err.pointer(), "/a`b~1c~0d");
    assert_eq!(err.details(), "/a`b~1c~0d: missing field `a`b/c~d`");
    let err = fail::<Long>(&json!({}));
    assert_eq!(err.pointer(), format!("/{}", "l".repeat(300)));
    assert_eq!(err.expected(), Some("a value: the argument is required"));
}

#[test]
fn a_huge_argument_name_is_cut_in_the_pointer() {
    let name = format!("{}~/é", "k".repeat(5_000_000));
    for (err, prefix) in [
        (fail::<Strict>(&json!({"name": "n", name.clone(): 1})), "/"),
        (
            fail::<Batch>(&json!({"items": [], "labels": {name.clone(): "x"}})),
            "/labels/",
        ),
    ] {
        let pointer = err.pointer();
        assert!(
            pointer.len() <= 1024 + '…'.len_utf8(),
            "{} bytes",
            pointer.len()
        );
        assert!(pointer.starts_with(&format!("{prefix}kkk")), "{pointer}");
        assert!(pointer.ends_with("k…"), "{pointer}");
        assert!(err.details().len() < 2048, "{} bytes", err.details().len());
        // Both the pointer and what was expected reach the wire within the default budget.
        let data = err.to_error_object().to_json_value().unwrap()["data"].clone();
        assert_eq!(data["pointer"], pointer);
        assert!(data.get("truncated").is_none(), "{data}");
    }
    // A cut never leaves half an escape.
    let tildes = "~".repeat(5_000);
    let err = fail::<Strict>(&json!({"name": "n", tildes.clone(): 1}));
    assert!(err.pointer().ends_with("~0…"), "{}", err.pointer());
    let err = fail::<Strict>(&json!({"name": "n", format!("x{tildes}"): 1}));
    assert!(err.pointer().ends_with("~0…"), "{}", err.pointer());
}

#[test]
fn arguments_that_are_not_an_object() {
    let err = fail::<Navigate>(&json!([1, 2]));
    assert_eq!(err.pointer(), "/0");
    let err = fail::<Navigate>(&json!("url"));
    assert_eq!(err.pointer(), "");
    assert_eq!(err.expected(), Some("struct Navigate"));
    assert_eq!(
        err.details(),
        "invalid type: string \"url\", expected struct Navigate"
    );
}

#[test]
fn newtypes_and_flatten() {
    assert_eq!(fail::<Wrapped>(&json!({"url": false})).pointer(), "/url");
    // `flatten` buffers the map: the position inside it is lost, the error still names it.
    let err = fail::<Flattened>(&json!({"url": 1, "extra": true}));
    assert_eq!(err.expected(), Some("a string"));
    let ok = json!({"url": "u", "extra": true});
    assert_eq!(
        arguments::parse::<Flattened>(&ok).unwrap(),
        serde_json::from_value::<Flattened>(ok).unwrap()
    );
}

#[test]
fn parse_object_reads_missing_arguments_as_empty() {
    let err = arguments::parse_object::<Navigate>(None).unwrap_err();
    assert_eq!(err.pointer(), "/url");
    let args = json!({"url": "https://a.invalid/"});
    let parsed: Navigate = arguments::parse_object(args.as_object().cloned()).unwrap();
    assert_eq!(parsed.url, "https://a.invalid/");
}

#[test]
fn through_a_trait_object() {
    let err = fail::<Navigate>(&json!({"url": null}));
    let boxed: Box<dyn McpError + Send + Sync> = Box::new(err.clone());
    assert_eq!(
        boxed.to_error_object().to_json_value().unwrap(),
        err.to_error_object().to_json_value().unwrap()
    );
}
