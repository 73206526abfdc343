//! Golden tests of the Node fleet (the shared JSON-RPC harness): every JSON example the original
//! prints, by value, and its tables and guidelines checked against the taxonomy of
//! `examples/taxonomies/seed0.rs`.

#[path = "../examples/taxonomies/seed0.rs"]
mod seed0;

use mcp_errors::metrics::{ErrorStats, MetricsConfig, StatsSnapshot};
use mcp_errors::{
    CodeRange, CommonError, ErrorCatalog, McpError, McpErrorExt, ReadySentinel, Registry, Verbosity,
};
use seed0::{
    FilesystemError, KgMemoryError, MemoryBankError, MiscError, NotionError, PlaywrightError,
    PuppeteerError, PythonError, SqlServerError, TavilyError,
};
use serde_json::{Value, json};

fn registry() -> Registry {
    Registry::new()
        .with::<CommonError>()
        .with::<PythonError>()
        .with::<PlaywrightError>()
        .with::<PuppeteerError>()
        .with::<MemoryBankError>()
        .with::<KgMemoryError>()
        .with::<FilesystemError>()
        .with::<SqlServerError>()
        .with::<NotionError>()
        .with::<TavilyError>()
        .with::<MiscError>()
}

/// "Error Object Shape", copied from the original (JSONC trailing commas removed).
#[test]
fn error_object_shape() {
    let expected = json!({
      "jsonrpc": "2.0",
      "id": 1,
      "error": {
        "code": 2100,
        "message": "Navigation failed",
        "data": {
          "domain": "playwright",
          "symbol": "E_PW_NAV",
          "details": "net::ERR_NAME_NOT_RESOLVED",
          "retryable": true
        }
      }
    });
    let nav = seed0::nav_failed();
    let wire = nav.to_jsonrpc(1).verbosity(Verbosity::Off);
    assert_eq!(wire.to_json_value().unwrap(), expected);
    // The compact text parses back to the same value.
    let text = wire.to_json_string().unwrap();
    assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), expected);
    // Through a trait object, as a harness holding `Box<dyn McpError>` sends it.
    let boxed: Box<dyn McpError + Send + Sync> = Box::new(seed0::nav_failed());
    assert_eq!(
        boxed
            .to_jsonrpc(1)
            .verbosity(Verbosity::Off)
            .to_json_value()
            .unwrap(),
        expected
    );
}

/// "`sys/errorStats` RPC": the snapshot after the original's three errors.
#[test]
fn sys_error_stats_snapshot() {
    let expected = json!({
      "jsonrpc": "2.0",
      "id": 7,
      "result": {
        "total": 3,
        "byCode": { "1005": 2, "2300": 1 },
        "byDomain": { "python": 2, "memory-bank": 1 },
        "bySymbol": { "E_INPUT_TOO_LARGE": 2, "E_MB_FILE_NOT_FOUND": 1 }
      }
    });
    let stats = ErrorStats::new(MetricsConfig::enabled());
    for err in seed0::stats_example_errors() {
        stats.record(&*err);
    }
    let reply = stats.answer_request(seed0::STATS_REQUEST).unwrap();
    let reply: Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(reply, expected);
    assert_eq!(
        serde_json::to_value(stats.snapshot()).unwrap(),
        expected["result"]
    );
    // A client reads the snapshot back.
    let read: StatsSnapshot = serde_json::from_value(expected["result"].clone()).unwrap();
    assert_eq!(read, stats.snapshot());
}

/// "Suggested Client Behavior": without `MCP_ERRORS_METRICS` the method is missing (-32601), so
/// clients feature-detect it.
#[test]
fn sys_error_stats_is_missing_when_metrics_are_off() {
    let stats = ErrorStats::new(MetricsConfig::disabled());
    for err in seed0::stats_example_errors() {
        stats.record(&*err);
    }
    let reply: Value =
        serde_json::from_str(&stats.answer_request(seed0::STATS_REQUEST).unwrap()).unwrap();
    assert_eq!(reply["id"], 7);
    assert_eq!(reply["error"]["code"], -32601);
    assert!(reply.get("result").is_none());
}

/// "Future Enhancements": `{ type:'ready', schema:{ errorCodes:1 } }`.
#[test]
fn readiness_sentinel() {
    assert_eq!(
        serde_json::to_value(ReadySentinel::CURRENT).unwrap(),
        json!({ "type": "ready", "schema": { "errorCodes": 1 } })
    );
    let mut line = Vec::new();
    ReadySentinel::CURRENT.write_line(&mut line).unwrap();
    assert_eq!(line.last(), Some(&b'\n'));
    assert_eq!(
        serde_json::from_slice::<Value>(&line).unwrap(),
        json!({ "type": "ready", "schema": { "errorCodes": 1 } })
    );
}

/// "Global Common Range (1000–1099)": code, symbol and message of every row.
#[test]
fn common_range_table() {
    let table = [
        (1000, "E_INVALID_PARAMS", "Invalid parameters"),
        (1001, "E_TIMEOUT", "Operation timed out"),
        (1002, "E_LIMIT_EXCEEDED", "Limit exceeded"),
        (1003, "E_NOT_INSTALLED", "Dependency not installed"),
        (1004, "E_SESSION_NOT_FOUND", "Session not found"),
        (1005, "E_INPUT_TOO_LARGE", "Input too large"),
        (1006, "E_UNSUPPORTED", "Unsupported operation"),
    ];
    let rows: Vec<_> = CommonError::ENTRIES
        .iter()
        .map(|e| (e.code, e.symbol, e.message))
        .collect();
    assert_eq!(rows, table);
    assert_eq!(CommonError::DOMAIN, "common");
    assert_eq!(CommonError::RANGE, Some(CodeRange::new(1000, 1099)));
}

/// "Domain Ranges": every range, domain and example code of the table.
#[test]
fn domain_ranges_table() {
    fn row<E: ErrorCatalog>() -> (&'static str, Option<CodeRange>, Vec<(i32, &'static str)>) {
        let codes = E::ENTRIES.iter().map(|e| (e.code, e.symbol)).collect();
        (E::DOMAIN, E::RANGE, codes)
    }
    let r = |a, b| Some(CodeRange::new(a, b));
    let rows = [
        row::<PythonError>(),
        row::<PlaywrightError>(),
        row::<PuppeteerError>(),
        row::<MemoryBankError>(),
        row::<KgMemoryError>(),
        row::<FilesystemError>(),
        row::<SqlServerError>(),
        row::<NotionError>(),
        row::<TavilyError>(),
        row::<MiscError>(),
    ];
    let expected = [
        (
            "python",
            r(2000, 2099),
            vec![(2000, "E_PY_EXEC_FAIL"), (2001, "E_PY_SECURITY")],
        ),
        (
            "playwright",
            r(2100, 2199),
            vec![(2100, "E_PW_NAV"), (2101, "E_PW_LAUNCH")],
        ),
        (
            "puppeteer",
            r(2200, 2299),
            vec![(2200, "E_PT_NAV"), (2201, "E_PT_LAUNCH")],
        ),
        (
            "memory-bank",
            r(2300, 2399),
            vec![(2300, "E_MB_FILE_NOT_FOUND"), (2301, "E_MB_READ")],
        ),
        (
            "kg-memory",
            r(2400, 2499),
            vec![(2400, "E_KG_FULL"), (2401, "E_KG_INVALID_TRIPLE")],
        ),
        (
            "filesystem",
            r(2500, 2599),
            vec![(2500, "E_FS_PATH_ESCAPE"), (2501, "E_FS_DENIED")],
        ),
        (
            "sql-server",
            r(2600, 2699),
            vec![(2600, "E_SQL_CONN"), (2601, "E_SQL_QUERY")],
        ),
        (
            "notion",
            r(2700, 2799),
            vec![(2700, "E_NOTION_AUTH"), (2701, "E_NOTION_RATE")],
        ),
        (
            "tavily",
            r(2800, 2899),
            vec![(2800, "E_TAVILY_HTTP"), (2801, "E_TAVILY_RATE")],
        ),
        ("misc", r(2900, 2999), vec![]),
    ];
    assert_eq!(rows, expected);
    // The generated constants agree, for clients that match on codes.
    assert_eq!(PlaywrightError::E_PW_NAV, 2100);
    assert_eq!(MemoryBankError::E_MB_FILE_NOT_FOUND, 2300);
    assert_eq!(TavilyError::E_TAVILY_RATE, 2801);
}

/// The eleven enums do not collide (`assert_disjoint!` in the taxonomy checks the same at
/// compile time), and none reaches into the JSON-RPC reserved range.
#[test]
fn ranges_are_disjoint_and_positive() {
    registry().check().unwrap();
    for e in registry().enums() {
        let range = e.range.unwrap();
        assert!(
            range.start >= 1000,
            "{}: application codes are >= 1000",
            e.name
        );
    }
}

/// Guidelines 1 and 2 and "Backwards Compatibility": every error with a positive code carries
/// `domain`, `symbol` and `retryable` in `data`, and application codes are >= 1000. A common
/// code keeps its symbol but takes the server's domain.
#[test]
fn every_variant_carries_domain_symbol_and_retryable() {
    let samples = seed0::samples();
    let own: usize = registry()
        .enums()
        .iter()
        .filter(|e| e.name != "CommonError")
        .map(|e| e.entries.len())
        .sum();
    assert_eq!(samples.len(), own + 9, "one sample per variant");
    for err in &samples {
        let object = err
            .to_error_object()
            .verbosity(Verbosity::Off)
            .to_json_value()
            .unwrap();
        let data = &object["data"];
        assert!(object["code"].as_i64().unwrap() >= 1000, "{object}");
        assert_eq!(data["domain"], err.domain(), "{object}");
        assert_eq!(data["symbol"], err.symbol(), "{object}");
        assert_eq!(data["retryable"], err.retryable(), "{object}");
        assert_eq!(object["message"], err.to_string());
        if err.entry().domain == "common" {
            assert_ne!(err.domain(), "common", "reported under the server's domain");
        } else {
            assert_eq!(err.domain(), err.entry().domain);
        }
    }
}

/// Guideline 3 and "Verbose Stack Control": no stack unless asked; `N` frames at most.
#[test]
fn stacks_only_in_verbose_mode() {
    let nav = seed0::nav_failed();
    let quiet = nav
        .to_error_object()
        .verbosity(Verbosity::Off)
        .to_json_value()
        .unwrap();
    assert!(quiet["data"].get("stack").is_none());
    let five = nav
        .to_error_object()
        .verbosity(Verbosity::parse("5"))
        .to_json_value()
        .unwrap();
    let frames = five["data"]["stack"].as_array().unwrap();
    assert!(frames.len() <= 5);
    assert!(frames.iter().all(Value::is_string));
    assert_eq!(Verbosity::parse("full"), Verbosity::Full);
}

/// Guideline 4: the wrapped low-level error stays in the process; secrets never leave it.
#[test]
fn causes_and_secrets_stay_in_the_process() {
    for err in seed0::samples() {
        let text = err
            .to_jsonrpc(1)
            .verbosity(Verbosity::Off)
            .to_json_string()
            .unwrap();
        assert!(!text.contains("hunter2"), "{text}");
        assert!(!text.contains("exit status 127"), "{text}");
        assert!(!text.contains("os error 13"), "{text}");
    }
    let launch = PlaywrightError::Launch {
        reason: "chromium exited during startup".into(),
        cause: std::io::Error::other("exit status 127"),
    };
    let source = std::error::Error::source(&launch).unwrap();
    assert_eq!(source.to_string(), "exit status 127");
}

/// Retry guidance per value: a Tavily 5xx is worth a retry, a 401 is not; rate limits carry
/// their delay as `retryAfterMs`.
#[test]
fn retryable_and_retry_after() {
    assert!(TavilyError::http(503).retryable());
    assert!(!TavilyError::http(401).retryable());
    let rate = NotionError::Rate {
        retry_after: std::time::Duration::from_secs(3),
    };
    let data = rate
        .to_error_object()
        .verbosity(Verbosity::Off)
        .to_json_value()
        .unwrap()["data"]
        .clone();
    assert_eq!(
        data,
        json!({"domain": "notion", "symbol": "E_NOTION_RATE", "retryable": true, "retryAfterMs": 3000})
    );
}

/// Migration step 4 and the original's "don't change codes" spirit: the catalog's codes, symbols
/// and domains are locked in `tests/catalog.lock.json`. Adding a code is fine once the lock
/// is updated (`MCP_ERRORS_UPDATE_LOCK=1 cargo test --test golden_seed0`); renaming or
/// removing one fails.
#[test]
fn codes_are_stable() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/catalog.lock.json");
    let report = registry().assert_stable(path).unwrap();
    assert!(
        report.added.is_empty() || report.written,
        "new codes are not in {path} yet; run with MCP_ERRORS_UPDATE_LOCK=1: {:?}",
        report.added
    );
}
