//! Golden tests of the negative-code GitHub server (a GitHub MCP server): every code of
//! `MCPErrorCode`, every legacy alias decoding to its variant, the `MCPErrorData` fields, the
//! GitHub error mapping and the rate limit's `retryAfter` feeding `retryAfterMs` and the retry
//! policy, against `examples/taxonomies/seed3.rs`.

#[path = "../examples/taxonomies/seed3.rs"]
mod seed3;

use std::time::Duration;

use mcp_errors::retry::RetryPolicy;
use mcp_errors::{
    DecodeError, ErrorCatalog, ErrorKind, ErrorObject, McpError, McpErrorExt, Verbosity, jsonrpc,
};
use seed3::{GithubInfo, GithubMcpError, GithubResponse, RateLimit, ValidationIssue};
use serde_json::{Value, json};

fn object(err: &GithubMcpError) -> Value {
    err.to_error_object()
        .verbosity(Verbosity::Off)
        .to_json_value()
        .unwrap()
}

fn received(value: &Value) -> ErrorObject {
    ErrorObject::from_json(&value.to_string()).unwrap()
}

/// "Task 1": every member of `MCPErrorCode` with its value, in the original's order.
#[test]
fn codes_table() {
    let rows: Vec<(&str, i32)> = GithubMcpError::ENTRIES
        .iter()
        .map(|e| (e.symbol, e.code))
        .collect();
    assert_eq!(
        rows,
        [
            ("PARSE_ERROR", -32700),
            ("INVALID_REQUEST", -32600),
            ("METHOD_NOT_FOUND", -32601),
            ("INVALID_PARAMS", -32602),
            ("INTERNAL_ERROR", -32603),
            ("TOOL_EXECUTION_FAILED", -32000),
            ("RESOURCE_NOT_FOUND", -32001),
            ("PERMISSION_DENIED", -32002),
            ("GITHUB_RATE_LIMITED", -31001),
            ("GITHUB_NOT_FOUND", -31002),
            ("GITHUB_UNAUTHORIZED", -31003),
            ("GITHUB_FORBIDDEN", -31004),
            ("GITHUB_VALIDATION_ERROR", -31005),
            ("GITHUB_SERVER_ERROR", -31006),
            ("PROTOCOL_VERSION_MISMATCH", -31100),
        ]
    );
    // The enum members as constants, legacy aliases included.
    let constants = [
        (GithubMcpError::PARSE_ERROR, -32700),
        (GithubMcpError::INVALID_REQUEST, -32600),
        (GithubMcpError::METHOD_NOT_FOUND, -32601),
        (GithubMcpError::INVALID_PARAMS, -32602),
        (GithubMcpError::INTERNAL_ERROR, -32603),
        (GithubMcpError::TOOL_EXECUTION_FAILED, -32000),
        (GithubMcpError::RESOURCE_NOT_FOUND, -32001),
        (GithubMcpError::PERMISSION_DENIED, -32002),
        (GithubMcpError::GITHUB_RATE_LIMITED, -31001),
        (GithubMcpError::GITHUB_NOT_FOUND, -31002),
        (GithubMcpError::GITHUB_UNAUTHORIZED, -31003),
        (GithubMcpError::GITHUB_FORBIDDEN, -31004),
        (GithubMcpError::GITHUB_VALIDATION_ERROR, -31005),
        (GithubMcpError::GITHUB_SERVER_ERROR, -31006),
        (GithubMcpError::PROTOCOL_VERSION_MISMATCH, -31100),
        (GithubMcpError::VALIDATION_ERROR, -32602),
        (GithubMcpError::UNAUTHORIZED, -31003),
        (GithubMcpError::RATE_LIMITED, -31001),
    ];
    for (constant, seed) in constants {
        assert_eq!(constant, seed);
    }
    // The JSON-RPC 2.0 members agree with the standard.
    assert_eq!(GithubMcpError::PARSE_ERROR, jsonrpc::PARSE_ERROR);
    assert_eq!(GithubMcpError::INVALID_REQUEST, jsonrpc::INVALID_REQUEST);
    assert_eq!(GithubMcpError::METHOD_NOT_FOUND, jsonrpc::METHOD_NOT_FOUND);
    assert_eq!(GithubMcpError::INVALID_PARAMS, jsonrpc::INVALID_PARAMS);
    assert_eq!(GithubMcpError::INTERNAL_ERROR, jsonrpc::INTERNAL_ERROR);
    // Every sample covers one code, in order.
    let codes: Vec<i32> = seed3::samples().iter().map(McpError::code).collect();
    let table: Vec<i32> = GithubMcpError::ENTRIES.iter().map(|e| e.code).collect();
    assert_eq!(codes, table);
}

/// "Legacy Aliases": each alias decodes to the variant of the code it stands for, whether
/// the client sends the legacy symbol, the current symbol, or only the code.
#[test]
fn legacy_aliases_decode_to_the_same_variant() {
    let aliases = [
        ("VALIDATION_ERROR", "INVALID_PARAMS", -32602),
        ("UNAUTHORIZED", "GITHUB_UNAUTHORIZED", -31003),
        ("RATE_LIMITED", "GITHUB_RATE_LIMITED", -31001),
    ];
    let mut listed: Vec<(&str, &str)> = GithubMcpError::ENTRIES
        .iter()
        .flat_map(|e| e.aliases.iter().map(move |a| (*a, e.symbol)))
        .collect();
    listed.sort_unstable();
    let mut expected = aliases.map(|(alias, symbol, _)| (alias, symbol));
    expected.sort_unstable();
    assert_eq!(listed, expected, "exactly the original's three aliases");
    for sample in seed3::samples() {
        let Some((alias, symbol, code)) = aliases.iter().find(|a| a.1 == sample.symbol()) else {
            continue;
        };
        assert_eq!(sample.code(), *code);
        assert_eq!(
            GithubMcpError::entry_by_symbol(alias).unwrap().symbol,
            *symbol
        );
        let wire = object(&sample);
        let mut legacy = wire.clone();
        legacy["data"]["symbol"] = json!(alias);
        let mut bare = wire.clone();
        bare["data"].as_object_mut().unwrap().remove("symbol");
        for form in [&wire, &legacy, &bare] {
            let back = GithubMcpError::decode(&received(form)).unwrap();
            assert_eq!(back.symbol(), *symbol, "{form}");
            assert_eq!(object(&back), wire, "{form}");
        }
        // An alias sent with another variant's code is caught, not guessed.
        let mut wrong = legacy.clone();
        wrong["code"] = json!(-32603);
        assert!(matches!(
            GithubMcpError::decode(&received(&wrong)),
            Err(DecodeError::SymbolMismatch { code: -32603, .. })
        ));
    }
}

/// Every code round-trips: envelope -> received object -> typed error -> the same envelope.
#[test]
fn every_code_round_trips() {
    for sample in seed3::samples() {
        let wire = object(&sample);
        let back = GithubMcpError::decode(&received(&wire)).unwrap();
        assert_eq!(object(&back), wire);
        assert_eq!(back.retry_after(), sample.retry_after());
    }
    assert!(matches!(
        GithubMcpError::decode(&received(&json!({"code": -31999, "message": "?"}))),
        Err(DecodeError::UnknownCode { code: -31999, .. })
    ));
}

/// `MCPErrorData.rateLimit` `{limit, remaining, reset, retryAfter}` and `github`
/// `{status, message, documentation_url}`; `retryAfter` also becomes `data.retryAfterMs`.
#[test]
fn rate_limit_and_github_data() {
    assert_eq!(
        object(&seed3::rate_limited_example()),
        json!({
            "code": -31001,
            "message": "GitHub API rate limit exceeded",
            "data": {
                "domain": "github",
                "symbol": "GITHUB_RATE_LIMITED",
                "retryable": true,
                "rateLimit": { "limit": 5000, "remaining": 0, "reset": 1_769_792_400, "retryAfter": 60 },
                "github": {
                    "status": 403,
                    "message": "API rate limit exceeded for user ID 583231.",
                    "documentation_url": "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"
                },
                "retryAfterMs": 60_000
            }
        })
    );
    // `retryAfter?` is optional in the interface, and so are the `github` members.
    let no_retry_after = GithubMcpError::rate_limited(
        RateLimit {
            limit: 60,
            remaining: 0,
            reset: 1_769_792_400,
            retry_after: None,
        },
        GithubInfo::default(),
    );
    assert_eq!(
        object(&no_retry_after)["data"],
        json!({
            "domain": "github", "symbol": "GITHUB_RATE_LIMITED", "retryable": true,
            "rateLimit": { "limit": 60, "remaining": 0, "reset": 1_769_792_400 },
            "github": {}
        })
    );
    assert_eq!(no_retry_after.retry_after(), None);
}

/// "Rate limit errors include retryAfter information": the tool error's `_meta` and the
/// retry policy both follow it.
#[test]
fn retry_after_feeds_meta_and_policy() {
    let limited = seed3::rate_limited_example();
    assert_eq!(limited.retry_after(), Some(Duration::from_secs(60)));
    let tool = limited.to_tool_result().to_json_value().unwrap();
    assert_eq!(tool["_meta"]["retryAfterMs"], 60_000);
    assert_eq!(tool["_meta"]["errorType"], "RateLimitError");
    // The backoff would say 1 s (minus jitter); GitHub's 60 s wins.
    let policy = RetryPolicy::new().with_seed(7);
    assert_eq!(
        policy.next_delay(0, &limited),
        Some(Duration::from_secs(60))
    );
    let mut backoff = policy.backoff();
    assert_eq!(backoff.next_delay(&limited), Some(Duration::from_secs(60)));
    // The same through a decoded error.
    let back = GithubMcpError::decode(&received(&object(&limited))).unwrap();
    assert_eq!(policy.next_delay(0, &back), Some(Duration::from_secs(60)));
    // The generated decoding alone restores the `skip` field from `data.retryAfterMs`...
    let generated = GithubMcpError::from_error_object(&received(&object(&limited))).unwrap();
    assert_eq!(generated.retry_after(), Some(Duration::from_secs(60)));
    assert_eq!(object(&generated), object(&limited));
    // ... which wins over `rateLimit.retryAfter` when they disagree.
    let mut wire = object(&limited);
    wire["data"]["retryAfterMs"] = json!(90_000);
    let back = GithubMcpError::decode(&received(&wire)).unwrap();
    assert_eq!(back.retry_after(), Some(Duration::from_secs(90)));
    // Without `retryAfterMs` (a `plain_data` envelope, as the original's servers send it),
    // `decode` falls back to `rateLimit.retryAfter`.
    let plain = limited
        .to_error_object()
        .plain_data()
        .verbosity(Verbosity::Off)
        .to_json_value()
        .unwrap();
    assert!(plain["data"].get("retryAfterMs").is_none());
    assert_eq!(
        GithubMcpError::from_error_object(&received(&plain))
            .unwrap()
            .retry_after(),
        None
    );
    let back = GithubMcpError::decode(&received(&plain)).unwrap();
    assert_eq!(back.retry_after(), Some(Duration::from_secs(60)));
    // A hostile delay is a decode error, not a panic or a wait of 584 million years.
    let mut wire = object(&limited);
    wire["data"]["retryAfterMs"] = json!(-1);
    assert!(matches!(
        GithubMcpError::decode(&received(&wire)),
        Err(DecodeError::InvalidField {
            field: "retryAfterMs",
            ..
        })
    ));
}

/// `MCPErrorData.protocol` `{requested, supported[]}` and "Task 3"'s supported versions.
#[test]
fn protocol_version_mismatch_data() {
    assert_eq!(
        object(&GithubMcpError::version_mismatch("2025-01-01")),
        json!({
            "code": -31100,
            "message": "Unsupported protocol version",
            "data": {
                "domain": "github",
                "symbol": "PROTOCOL_VERSION_MISMATCH",
                "retryable": false,
                "protocol": { "requested": "2025-01-01", "supported": ["2024-11-05"] }
            }
        })
    );
}

/// The other `MCPErrorData` members: `tool`, `resource {type, id?}`, `validation[]
/// {path, message, code}`, and `stack` only in verbose mode.
#[test]
fn other_error_data_members() {
    let samples = seed3::samples();
    let data = |symbol: &str| {
        let err = samples.iter().find(|e| e.symbol() == symbol).unwrap();
        object(err)["data"].clone()
    };
    assert_eq!(data("TOOL_EXECUTION_FAILED")["tool"], "list_workflows");
    assert_eq!(data("METHOD_NOT_FOUND")["tool"], "merge_everything");
    assert_eq!(
        data("RESOURCE_NOT_FOUND")["resource"],
        json!({ "type": "issue", "id": "octo/repo#42" })
    );
    assert_eq!(
        data("INVALID_PARAMS"),
        json!({
            "domain": "github", "symbol": "INVALID_PARAMS", "retryable": false,
            "tool": "create_issue",
            "validation": [{ "path": "owner", "message": "Required", "code": "invalid_type" }]
        })
    );
    // Every `data` key is a member of `MCPErrorData` or one of the envelope's own.
    let members = [
        "tool",
        "resource",
        "github",
        "rateLimit",
        "validation",
        "protocol",
        "stack",
        "domain",
        "symbol",
        "retryable",
        "details",
        "retryAfterMs",
    ];
    for err in &samples {
        for key in object(err)["data"].as_object().unwrap().keys() {
            assert!(members.contains(&key.as_str()), "{key} of {}", err.symbol());
        }
        let verbose = err
            .to_error_object()
            .verbosity(Verbosity::Frames(3))
            .to_json_value()
            .unwrap();
        assert!(verbose["data"]["stack"].is_array());
    }
}

/// "Task 2", `mapGitHubError`: HTTP status and rate-limit headers to codes.
#[test]
fn github_error_mapping() {
    let response = |status: u16, rate_limit: Option<RateLimit>| GithubResponse {
        status,
        message: Some("m".into()),
        documentation_url: None,
        rate_limit,
        errors: vec![],
    };
    let spent = RateLimit {
        limit: 5000,
        remaining: 0,
        reset: 1,
        retry_after: None,
    };
    let secondary = RateLimit {
        limit: 5000,
        remaining: 4000,
        reset: 1,
        retry_after: Some(30),
    };
    let left = RateLimit {
        limit: 5000,
        remaining: 4000,
        reset: 1,
        retry_after: None,
    };
    let cases = [
        (response(403, Some(spent)), "GITHUB_RATE_LIMITED"),
        (
            response(403, Some(secondary.clone())),
            "GITHUB_RATE_LIMITED",
        ),
        (response(429, Some(secondary)), "GITHUB_RATE_LIMITED"),
        (response(403, Some(left)), "GITHUB_FORBIDDEN"),
        (response(401, None), "GITHUB_UNAUTHORIZED"),
        (response(404, None), "GITHUB_NOT_FOUND"),
        (response(422, None), "GITHUB_VALIDATION_ERROR"),
        (response(502, None), "GITHUB_SERVER_ERROR"),
    ];
    for (response, symbol) in cases {
        let status = response.status;
        let err = seed3::map_github_error(response);
        assert_eq!(err.symbol(), symbol, "{status}");
        assert_eq!(object(&err)["data"]["github"]["status"], status);
    }
    let unprocessable = seed3::map_github_error(GithubResponse {
        status: 422,
        errors: vec![ValidationIssue {
            path: "title".into(),
            message: "title wasn't supplied".into(),
            code: "missing_field".into(),
        }],
        ..GithubResponse::default()
    });
    assert_eq!(
        object(&unprocessable)["data"]["validation"],
        json!([{ "path": "title", "message": "title wasn't supplied", "code": "missing_field" }])
    );
    // Rate limits and 5xx are transient, the rest is not.
    let kinds: Vec<(ErrorKind, bool)> = seed3::samples()[8..]
        .iter()
        .map(|e| (e.kind(), e.retryable()))
        .collect();
    assert_eq!(
        kinds,
        [
            (ErrorKind::RateLimit, true),
            (ErrorKind::NotFound, false),
            (ErrorKind::Permission, false),
            (ErrorKind::Permission, false),
            (ErrorKind::Validation, false),
            (ErrorKind::Unavailable, true),
            (ErrorKind::Protocol, false),
        ]
    );
}
