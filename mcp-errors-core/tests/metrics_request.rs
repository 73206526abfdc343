//! `ErrorStats::answer_request`: the `sys/errorStats` JSON-RPC method, by value.

mod registry_support;

use mcp_errors_core::ErrorKind;
use mcp_errors_core::jsonrpc::{INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR};
use mcp_errors_core::metrics::{ErrorStats, MetricsConfig};
use registry_support::{Hand, row};
use serde_json::{Value, json};

static NAV: mcp_errors_core::ErrorEntry =
    row(2100, "E_PW_NAV", "playwright", ErrorKind::Network, true);

fn answer(stats: &ErrorStats, line: &str) -> Option<Value> {
    stats
        .answer_request(line)
        .map(|reply| serde_json::from_str(&reply).expect("replies are valid JSON"))
}

fn enabled() -> ErrorStats {
    let stats = ErrorStats::new(MetricsConfig::enabled());
    stats.record(&Hand::new(&NAV));
    stats
}

#[test]
fn answers_with_the_snapshot_and_the_same_id() {
    let stats = enabled();
    let result = json!({
        "total": 1, "byCode": {"2100": 1}, "byDomain": {"playwright": 1},
        "bySymbol": {"E_PW_NAV": 1},
    });
    for id in [
        json!(7),
        json!("abc"),
        json!(null),
        json!(-1.5),
        json!(u64::MAX),
    ] {
        let line = json!({"jsonrpc": "2.0", "id": id, "method": "sys/errorStats"}).to_string();
        assert_eq!(
            answer(&stats, &line),
            Some(json!({"jsonrpc": "2.0", "id": id, "result": result})),
            "{line}"
        );
    }
    // Params and unknown members are ignored; surrounding whitespace is fine.
    let line = "  {\"method\":\"sys/errorStats\",\"params\":{\"x\":[1,2]},\"id\":1,\"extra\":true,\"jsonrpc\":\"2.0\"}\n";
    assert_eq!(answer(&stats, line).unwrap()["result"], result);
}

#[test]
fn method_not_found_when_metrics_are_off() {
    let stats = ErrorStats::new(MetricsConfig::disabled());
    let reply = answer(
        &stats,
        r#"{"jsonrpc":"2.0","id":3,"method":"sys/errorStats"}"#,
    )
    .unwrap();
    assert_eq!(reply["jsonrpc"], "2.0");
    assert_eq!(reply["id"], 3);
    assert_eq!(reply["error"]["code"], METHOD_NOT_FOUND);
    assert_eq!(reply["error"]["message"], "Method not found");
    assert!(reply.get("result").is_none());
}

#[test]
fn other_methods_and_non_requests_pass_through() {
    let stats = enabled();
    for line in [
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"sys/errorstats"}"#,
        r#"{"jsonrpc":"2.0","id":1,"result":{}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":42}"#,
        r#"{"jsonrpc":"2.0","method":"sys/errorStats","method":"x","id":1}"#,
        r#"[{"jsonrpc":"2.0","id":1,"method":"sys/errorStats"}]"#,
        // Fuzzing finding 5: an array was read as a request by position.
        r#"["sys/errorStats",1]"#,
        r#"["2.0","sys/errorStats",1]"#,
        "42",
        "\"sys/errorStats\"",
        "null",
    ] {
        assert_eq!(stats.answer_request(line), None, "{line}");
    }
}

#[test]
fn notifications_get_no_answer() {
    let stats = enabled();
    assert_eq!(
        stats.answer_request(r#"{"jsonrpc":"2.0","method":"sys/errorStats"}"#),
        None
    );
    let off = ErrorStats::new(MetricsConfig::disabled());
    assert_eq!(
        off.answer_request(r#"{"jsonrpc":"2.0","method":"sys/errorStats"}"#),
        None
    );
}

#[test]
fn malformed_json_is_a_parse_error_with_a_null_id() {
    let stats = enabled();
    for line in [
        "",
        "{",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"sys/errorStats\"",
        "{\"id\":1,\"method\":\"sys/errorStats\"} trailing",
        "{'id':1}",
        "\u{0}",
    ] {
        let reply = answer(&stats, line).unwrap_or_else(|| panic!("no reply to {line:?}"));
        assert_eq!(reply["id"], Value::Null, "{line:?}");
        assert_eq!(reply["error"]["code"], PARSE_ERROR, "{line:?}");
        assert_eq!(reply["error"]["message"], "Parse error");
    }
}

#[test]
fn invalid_ids_are_invalid_requests() {
    let stats = enabled();
    for id in [json!({"a": 1}), json!([1]), json!(true)] {
        let line = json!({"jsonrpc": "2.0", "id": id, "method": "sys/errorStats"}).to_string();
        let reply = answer(&stats, &line).unwrap();
        assert_eq!(reply["error"]["code"], INVALID_REQUEST, "{line}");
        assert_eq!(reply["id"], Value::Null);
    }
}

/// Fuzzing finding 5: a `sys/errorStats` call that is not a JSON-RPC 2.0 request (no or
/// another `jsonrpc`, `params` a scalar) is an invalid request, answered with its id.
#[test]
fn requests_that_are_not_json_rpc_2_are_invalid_requests() {
    let stats = enabled();
    for (line, id) in [
        (r#"{"id":1,"method":"sys/errorStats"}"#, json!(1)),
        (
            r#"{"jsonrpc":"1.0","id":"a","method":"sys/errorStats"}"#,
            json!("a"),
        ),
        (
            r#"{"jsonrpc":2.0,"id":2,"method":"sys/errorStats"}"#,
            json!(2),
        ),
        (
            r#"{"jsonrpc":"2.0","id":3,"method":"sys/errorStats","params":5}"#,
            json!(3),
        ),
        (
            r#"{"jsonrpc":"2.0","id":4,"method":"sys/errorStats","params":null}"#,
            json!(4),
        ),
    ] {
        let reply = answer(&stats, line).unwrap_or_else(|| panic!("no reply to {line}"));
        assert_eq!(reply["error"]["code"], INVALID_REQUEST, "{line}");
        assert_eq!(reply["id"], id, "{line}");
    }
    // `params` as an array is structured, and the last of two ids counts.
    let reply = answer(
        &stats,
        r#"{"jsonrpc":"2.0","id":1,"id":5,"method":"sys/errorStats","params":[]}"#,
    )
    .unwrap();
    assert_eq!(
        (reply["id"].clone(), reply["result"]["total"].clone()),
        (json!(5), json!(1))
    );
}

#[test]
fn hostile_input_never_panics() {
    let stats = enabled();
    let deep_array = "[".repeat(200_000);
    let deep_object = format!(
        "{{\"method\":\"sys/errorStats\",\"id\":1,\"x\":{}",
        "[".repeat(200_000)
    );
    let huge_string = format!("{{\"method\":\"{}\",\"id\":1}}", "a".repeat(1 << 20));
    let escapes = r#"{"method":"sys\/errorStats","id":"\ud800"}"#;
    for line in [
        deep_array.as_str(),
        deep_object.as_str(),
        huge_string.as_str(),
        escapes,
        "{\"id\":1e999999,\"method\":\"sys/errorStats\"}",
    ] {
        // Whatever the answer, it is valid JSON (or nothing).
        if let Some(reply) = stats.answer_request(line) {
            serde_json::from_str::<Value>(&reply).unwrap();
        }
    }
    // An escaped method name is the same method.
    let reply = answer(
        &stats,
        r#"{"jsonrpc":"2.0","method":"sys\/errorStats","id":2}"#,
    )
    .unwrap();
    assert_eq!(reply["result"]["total"], 1);
}
