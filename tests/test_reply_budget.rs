//! The reply budget: whatever the values hold, every envelope stays bounded and says when it
//! was cut. Also the round-trip limits the fuzzing campaign found (docs/envelopes.md, "Round trips").

use mcp_errors::{ErrorObject, McpError, McpErrorExt, ReplyBudget, TRUNCATION_MARK, Verbosity};
use serde_json::{Value, json};

#[derive(Debug, McpError)]
#[mcp(domain = "budget", range = 4700..=4799, symbol_prefix = "E_B_", decode, data_fields)]
enum BudgetError {
    /// Navigation failed
    #[mcp(code = 4700, retryable, kind = "network")]
    Nav {
        url: String,
        #[mcp(details)]
        reason: String,
        pages: Vec<String>,
    },
    /// Could not open {path}
    #[mcp(code = 4701)]
    Open { path: String },
    /// Flaky
    #[mcp(code = 4702)]
    Flaky {
        #[mcp(retryable)]
        transient: Option<bool>,
    },
    /// The file's size.
    #[mcp(code = 4703, message = "Size {size_mb}MB")]
    Size { size_mb: f64 },
}

const FIVE_MB: usize = 5 * 1024 * 1024;

fn forms(err: &BudgetError) -> Vec<(&'static str, String)> {
    vec![
        (
            "to_jsonrpc",
            err.to_jsonrpc(1)
                .verbosity(Verbosity::Off)
                .to_json_string()
                .unwrap(),
        ),
        (
            "plain_data",
            err.to_error_object()
                .plain_data()
                .code_as_string()
                .to_json_string()
                .unwrap(),
        ),
        (
            "to_tool_result",
            err.to_tool_result().to_json_string().unwrap(),
        ),
        (
            "structured_content",
            err.to_tool_result()
                .structured_content()
                .to_json_string()
                .unwrap(),
        ),
        (
            "to_error_response",
            err.to_error_response()
                .verbosity(Verbosity::Off)
                .to_json_string()
                .unwrap(),
        ),
        (
            "to_jsonrpc_result",
            err.to_jsonrpc_result(1).to_json_string().unwrap(),
        ),
    ]
}

#[test]
fn five_megabytes_of_arguments_make_a_reply_under_64_kib() {
    let url = format!("https://{}", "a".repeat(FIVE_MB));
    let err = BudgetError::Nav {
        reason: format!("net::ERR_NAME_NOT_RESOLVED at {url}"),
        url,
        pages: vec!["\u{1}".repeat(1000); 10_000],
    };
    for (form, text) in forms(&err) {
        assert!(text.len() < 20 * 1024, "{form}: {} bytes", text.len());
        let wire: Value = serde_json::from_str(&text).unwrap();
        if form == "to_tool_result" || form == "structured_content" {
            // The tool error's text and `_meta` carry the details and the fields (the default
            // `ToolErrorFormat`): cut within the budget and marked. `structuredContent` is
            // written under the same budget, not one of its own.
            assert_eq!(wire["_meta"]["truncated"], true, "{form}");
            // The details are cut; the retry line after them is the catalog's and stays.
            let text = wire["content"][0]["text"].as_str().unwrap();
            assert!(
                text.ends_with(&format!("{TRUNCATION_MARK}\nRetryable: yes")),
                "{form}: {}",
                &text[text.len() - 60..]
            );
            if form == "structured_content" {
                assert_eq!(
                    wire["structuredContent"]["error"]["data"]["truncated"], true,
                    "{form}"
                );
            }
            continue;
        }
        let flag = match form {
            "to_jsonrpc" => &wire["error"]["data"]["truncated"],
            "plain_data" => &wire["data"]["truncated"],
            "to_error_response" => &wire["details"]["truncated"],
            _ => &wire["result"]["error"]["details"]["truncated"],
        };
        assert_eq!(flag, true, "{form}");
        assert!(text.contains(TRUNCATION_MARK), "{form}");
    }
    // The budget is spent in the fields' order: `url` takes it, `details` and `pages` get the
    // mark alone.
    let wire = err.to_jsonrpc(1).to_json_value().unwrap();
    let data = &wire["error"]["data"];
    let url = data["url"].as_str().unwrap();
    assert!(url.len() > 16_000 && url.ends_with(TRUNCATION_MARK));
    assert!(data["details"] == TRUNCATION_MARK, "details");
    assert!(data["pages"] == TRUNCATION_MARK, "pages");
}

#[test]
fn small_replies_are_unchanged_and_the_budget_is_configurable() {
    let err = BudgetError::Open {
        path: "p".repeat(100),
    };
    let wire = err.to_error_object().to_json_value().unwrap();
    assert_eq!(wire["data"].get("truncated"), None);
    assert_eq!(wire["data"]["path"], "p".repeat(100));

    // The message alone is over a small budget: a plain `data` appears for the flag.
    let cut = err
        .to_error_object()
        .plain_data()
        .budget(ReplyBudget::bytes(20))
        .to_json_value()
        .unwrap();
    assert_eq!(
        cut["message"],
        // 20 bytes: the quotes, "Could not open " and three of the path's bytes.
        format!("Could not open {}{TRUNCATION_MARK}", "p".repeat(3))
    );
    assert_eq!(cut["data"]["truncated"], true);
    assert_eq!(cut["data"]["path"], TRUNCATION_MARK);

    let big = BudgetError::Open {
        path: "p".repeat(FIVE_MB),
    };
    let whole = big
        .to_error_object()
        .budget(ReplyBudget::UNLIMITED)
        .to_json_string()
        .unwrap();
    assert!(whole.len() > 2 * FIVE_MB);
    assert!(!whole.contains(TRUNCATION_MARK));
}

/// Fuzzing finding 1 (kept, documented): `Option<bool>` `None` is written as the catalog's
/// flag and decodes as `Some(flag)`; both are the same error on the wire.
#[test]
fn option_bool_retryable_none_decodes_as_the_catalog_flag() {
    let none = BudgetError::Flaky { transient: None };
    let wire: ErrorObject =
        serde_json::from_value(none.to_error_object().to_json_value().unwrap()).unwrap();
    assert_eq!(wire.data.as_ref().unwrap()["retryable"], false);
    let back = BudgetError::from_error_object(&wire).unwrap();
    assert!(matches!(
        back,
        BudgetError::Flaky {
            transient: Some(false)
        }
    ));
    assert_eq!(back.retryable(), none.retryable());
    assert_eq!(
        back.to_error_object().to_json_value().unwrap(),
        none.to_error_object().to_json_value().unwrap()
    );
}

/// Fuzzing finding 2 (kept, documented): without `serde_json`'s `float_roundtrip` a parsed
/// `f64` may be one ulp off; with it (as the fuzz crate builds) it is exact.
#[test]
fn float_fields_drift_by_at_most_one_ulp_per_hop() {
    let sent = 8.739_899_877_464_282e245_f64;
    let text = BudgetError::Size { size_mb: sent }
        .to_error_object()
        .to_json_string()
        .unwrap();
    let back = BudgetError::from_error_object(&ErrorObject::from_json(&text).unwrap()).unwrap();
    let BudgetError::Size { size_mb } = back else {
        unreachable!()
    };
    let exact_parser = serde_json::from_str::<f64>("8.739899877464282e245")
        .unwrap()
        .to_bits()
        == sent.to_bits();
    if exact_parser {
        assert_eq!(size_mb.to_bits(), sent.to_bits());
    } else {
        assert!(
            size_mb.to_bits().abs_diff(sent.to_bits()) <= 1,
            "{size_mb:e}"
        );
    }
}

/// Fuzzing finding 3: `data` deeper than an envelope writes is refused, so whatever decodes
/// re-encodes into an envelope that parses.
#[test]
fn decoding_refuses_data_deeper_than_envelopes_write() {
    #[derive(Debug, McpError)]
    #[mcp(domain = "deep", range = 4800..=4899, decode, data_fields)]
    enum Deep {
        /// Deep
        #[mcp(code = 4800)]
        Payload { payload: Value },
    }
    let nest = |levels: usize| {
        let mut v = Value::Null;
        for _ in 0..levels {
            v = Value::Array(vec![v]);
        }
        v
    };
    let object = |levels| ErrorObject {
        code: 4800,
        message: "m".into(),
        data: Some(json!({ "payload": nest(levels) })),
    };
    assert!(Deep::from_error_object(&object(63)).is_ok());
    assert!(Deep::from_error_object(&object(64)).is_err());
    let ok = Deep::from_error_object(&object(63)).unwrap();
    let text = ok.to_jsonrpc_result(1).to_json_string().unwrap();
    serde_json::from_str::<Value>(&text).unwrap();
    assert!(!text.contains(TRUNCATION_MARK));
}

/// The serde path: a view handed to `serde_json` as any `Serialize` value, alone or inside the
/// caller's own type, keeps the budget at its edges. The smallest budget that cuts nothing
/// writes the unlimited reply; one byte less cuts and says so; the bytes are those of
/// `to_json_vec` at every budget.
#[test]
fn the_serde_path_keeps_the_budget_at_its_edges() {
    #[derive(serde::Serialize)]
    struct Batch<'a> {
        batch: u32,
        reply: mcp_errors::JsonRpcErrorView<'a, BudgetError>,
    }
    let err = BudgetError::Nav {
        url: "u".repeat(40),
        reason: "r\"".repeat(10),
        pages: vec!["p".into(); 4],
    };
    let view = |bytes| {
        err.to_jsonrpc(1)
            .verbosity(Verbosity::Off)
            .budget(ReplyBudget::bytes(bytes))
    };
    let serde = |bytes| serde_json::to_vec(&view(bytes)).unwrap();
    let parse = |bytes: &[u8]| serde_json::from_slice::<Value>(bytes).unwrap();
    let unlimited = parse(&serde(usize::MAX));
    assert!(unlimited["error"]["data"].get("truncated").is_none());
    let fits = (0..1000)
        .find(|&bytes| {
            parse(&serde(bytes))["error"]["data"]
                .get("truncated")
                .is_none()
        })
        .unwrap();
    // The message (17 + 2 quotes), `url` (40 + 2), the details (ten `r\"`, 3 bytes each
    // escaped, + 2) and `pages` (2 brackets, 4 x (1 separator + 1 + 2 quotes)).
    assert_eq!(fits, 19 + 42 + 32 + 2 + 4 * 4);
    assert_eq!(parse(&serde(fits)), unlimited);
    let cut = parse(&serde(fits - 1));
    assert_eq!(cut["error"]["data"]["truncated"], true);
    assert_eq!(cut["error"]["data"]["pages"][2], "p");
    assert_ne!(
        cut["error"]["data"]["pages"],
        unlimited["error"]["data"]["pages"]
    );
    for bytes in [0, 1, 18, 19, 20, fits - 1, fits, fits + 1, usize::MAX] {
        assert_eq!(serde(bytes), view(bytes).to_json_vec().unwrap(), "{bytes}");
        let batch = serde_json::to_value(Batch {
            batch: 7,
            reply: view(bytes),
        })
        .unwrap();
        assert_eq!(batch["reply"], parse(&serde(bytes)), "{bytes}");
    }
    // The message alone just fits, then just does not.
    let just = parse(&serde(19));
    assert_eq!(just["error"]["message"], "Navigation failed");
    assert_eq!(just["error"]["data"]["truncated"], true);
    let over = parse(&serde(18));
    assert_eq!(over["error"]["message"], "Navigation faile…[truncated]");
}

/// On the serde path too, a value nested deeper than an envelope writes is replaced by the
/// mark at the depth limit, whatever the budget, alone or inside the caller's own type.
#[test]
fn the_serde_path_caps_nesting_whatever_the_budget() {
    #[derive(Debug, McpError)]
    #[mcp(domain = "deep", range = 4900..=4999)]
    enum Deep {
        /// Deep
        #[mcp(code = 4900)]
        Payload {
            #[mcp(data)]
            payload: Value,
        },
    }
    let nest = |levels: usize| {
        let mut v = Value::Null;
        for _ in 0..levels {
            v = Value::Array(vec![v]);
        }
        v
    };
    let depth = |mut v: &Value| {
        let mut levels = 0;
        while let Value::Array(items) = v {
            levels += 1;
            v = &items[0];
        }
        (levels, v.clone())
    };
    for budget in [
        ReplyBudget::UNLIMITED,
        ReplyBudget::bytes(ReplyBudget::DEFAULT_BYTES),
    ] {
        let exact = Deep::Payload { payload: nest(63) };
        let wire = serde_json::to_value(exact.to_error_object().budget(budget)).unwrap();
        assert_eq!(depth(&wire["data"]["payload"]), (63, Value::Null));
        assert!(wire["data"].get("truncated").is_none());
        let deeper = Deep::Payload { payload: nest(200) };
        let embedded = serde_json::to_value(vec![deeper.to_error_object().budget(budget)]).unwrap();
        let wire = &embedded[0];
        assert_eq!(
            depth(&wire["data"]["payload"]),
            (63, json!(TRUNCATION_MARK))
        );
        assert_eq!(wire["data"]["truncated"], true);
    }
}
