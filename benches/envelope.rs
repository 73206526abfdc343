//! Serializing a JSON-RPC error envelope: `mcp_errors` views versus the way the reference
//! taxonomies' servers build one (a `serde_json::json!` tree from the error's fields, then `to_string`).
//!
//! Run with `cargo bench --bench envelope`. Besides criterion's timings it prints the
//! allocations and bytes allocated per envelope, counted by `allocation-counter`'s global
//! allocator, and the speed-up of each of our paths over the `json!` baseline.
//!
//! `cargo bench --bench envelope -- --figures` prints only issue 16's figures: the JSON-RPC
//! error of the navigate error into a reused `Vec` (ours), the same object built with `json!`
//! and written, rmcp's `ErrorData` + `JsonRpcError` written, the same bytes written by
//! hand, the view handed to `serde_json::to_writer` (the serde path: for `serde_json`'s
//! compact serializer over a `Vec<u8>`, the raw route, the optimistic writer's bytes copied)
//! and the same shape as `#[derive(Serialize)]` structs (the floor of any structured
//! `Serialize` impl: every key and string goes through `serde_json`'s escaping), each the
//! fastest mean of interleaved batches, with the ratios; then the view's structured, metered
//! `Serialize` (what every other serializer gets) and the two ways `RawValue`'s public
//! constructors could hand `write_json`'s bytes to `serde_json` (`figures::raw`: measured, not
//! shipped, see the serde-path note under docs/operating.md's Benchmarks). `--smoke` runs every
//! path a few times only (CI: the bench cannot rot). `--only NAME --iters N` runs one path N
//! times and nothing else, for an instruction count under `valgrind --tool=callgrind`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use mcp_errors::{McpError, McpErrorExt, Verbosity};
use serde_json::json;

/// A realistic server error: a details text, two data fields, a `skip`ped secret.
#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_")]
enum PlaywrightError {
    /// Navigation failed
    #[mcp(code = 2100, retryable, kind = "network")]
    Nav {
        #[mcp(details)]
        reason: String,
        #[mcp(data)]
        url: String,
        #[mcp(data)]
        status: u16,
        #[mcp(skip)]
        cookie: String,
    },
    /// Browser launch failed: {reason}
    #[mcp(code = 2101, kind = "internal")]
    Launch {
        #[mcp(data)]
        reason: String,
    },
}

fn sample() -> PlaywrightError {
    PlaywrightError::Nav {
        reason: "net::ERR_NAME_NOT_RESOLVED at https://example.invalid/login".into(),
        url: "https://example.invalid/login?next=%2Fdashboard".into(),
        status: 502,
        cookie: "session=secret".into(),
    }
}

/// What the Node fleet's harness does: copy the error's fields into a JSON tree, then print it.
fn json_macro_envelope(id: i64, err: &PlaywrightError) -> String {
    serde_json::to_string(&json_macro_value(id, err)).expect("a Value always serializes")
}

/// Ours, into a reused buffer: the hot path of a server writing responses.
fn ours_reused(buf: &mut Vec<u8>, id: i64, err: &PlaywrightError) {
    buf.clear();
    err.to_jsonrpc(id)
        .verbosity(Verbosity::Off)
        .write_json(&mut *buf)
        .expect("serializes");
}

/// Ours, into a fresh `String` each time, like the baseline.
fn ours_string(id: i64, err: &PlaywrightError) -> String {
    err.to_jsonrpc(id)
        .verbosity(Verbosity::Off)
        .to_json_string()
        .expect("serializes")
}

/// Ours, through `Box<dyn McpError + Send + Sync>` (each data field becomes a `Value`).
fn ours_dyn(buf: &mut Vec<u8>, id: i64, err: &(dyn McpError + Send + Sync)) {
    buf.clear();
    err.to_jsonrpc(id)
        .verbosity(Verbosity::Off)
        .write_json(&mut *buf)
        .expect("serializes");
}

fn bench_envelopes(c: &mut Criterion) {
    let err = sample();
    let boxed: Box<dyn McpError + Send + Sync> = Box::new(sample());
    let mut buf = Vec::with_capacity(1024);

    // Same JSON from every path.
    ours_reused(&mut buf, 1, &err);
    let ours: serde_json::Value = serde_json::from_slice(&buf).unwrap();
    let baseline: serde_json::Value = serde_json::from_str(&json_macro_envelope(1, &err)).unwrap();
    assert_eq!(ours, baseline, "both paths must build the same envelope");
    let launch = PlaywrightError::Launch {
        reason: "no display".into(),
    };
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&ours_string(2, &launch)).unwrap(),
        serde_json::from_str::<serde_json::Value>(&json_macro_envelope(2, &launch)).unwrap(),
    );

    let mut group = c.benchmark_group("jsonrpc_error");
    group
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1))
        .sample_size(50);
    group.bench_function("json_macro_to_string", |b| {
        b.iter(|| json_macro_envelope(black_box(1), black_box(&err)));
    });
    group.bench_function("ours_to_string", |b| {
        b.iter(|| ours_string(black_box(1), black_box(&err)));
    });
    group.bench_function("ours_reused_buffer", |b| {
        b.iter(|| ours_reused(&mut buf, black_box(1), black_box(&err)));
    });
    group.bench_function("ours_dyn_reused_buffer", |b| {
        b.iter(|| ours_dyn(&mut buf, black_box(1), black_box(&*boxed)));
    });
    group.finish();
}

criterion_group!(benches, bench_envelopes);

/// Fastest mean time of one call of each path, over interleaved batches: the minimum of many
/// short batches is robust against other processes sharing the machine.
fn fastest_times<const N: usize>(
    paths: &mut [&mut dyn FnMut(); N],
    rounds: usize,
    batch: u32,
) -> [Duration; N] {
    let mut best = [Duration::MAX; N];
    for _ in 0..rounds {
        for (path, best) in paths.iter_mut().zip(&mut best) {
            let start = Instant::now();
            for _ in 0..batch {
                path();
            }
            *best = (*best).min(start.elapsed() / batch);
        }
    }
    best
}

/// Allocations and bytes allocated by one call of `f`.
fn allocated(f: impl FnOnce()) -> (u64, u64) {
    let info = allocation_counter::measure(f);
    (info.count_total, info.bytes_total)
}

/// Prints allocations per envelope and the speed-up over the `json!` baseline.
fn summary_rounds(rounds: usize, batch: u32) {
    let err = sample();
    let boxed: Box<dyn McpError + Send + Sync> = Box::new(sample());
    let mut buf = Vec::with_capacity(1024);
    ours_reused(&mut buf, 1, &err); // reads MCP_ERRORS_VERBOSE once, sizes the buffer

    println!("\nPer envelope ({} bytes of JSON):", buf.len());
    let rows: [(&str, (u64, u64)); 4] = [
        (
            "json_macro_to_string",
            allocated(|| drop(black_box(json_macro_envelope(1, &err)))),
        ),
        (
            "ours_to_string",
            allocated(|| drop(black_box(ours_string(1, &err)))),
        ),
        (
            "ours_reused_buffer",
            allocated(|| ours_reused(&mut buf, 1, &err)),
        ),
        (
            "ours_dyn_reused_buffer",
            allocated(|| ours_dyn(&mut buf, 1, &*boxed)),
        ),
    ];
    for (name, (count, bytes)) in rows {
        println!("  {name:<24} {count:>3} allocations, {bytes:>5} bytes allocated");
    }

    let mut dyn_buf = Vec::with_capacity(1024);
    let times = fastest_times(
        &mut [
            &mut || drop(black_box(json_macro_envelope(1, black_box(&err)))),
            &mut || drop(black_box(ours_string(1, black_box(&err)))),
            &mut || ours_reused(&mut buf, 1, black_box(&err)),
            &mut || ours_dyn(&mut dyn_buf, 1, black_box(&*boxed)),
        ],
        rounds,
        batch,
    );
    let baseline = times[0];
    println!("\nFastest mean time per envelope ({rounds} interleaved batches of {batch} calls):");
    for (name, t) in [
        "json_macro_to_string",
        "ours_to_string",
        "ours_reused_buffer",
        "ours_dyn_reused_buffer",
    ]
    .into_iter()
    .zip(times)
    {
        println!(
            "  {name:<24} {:>8.1} ns   {:>5.2}x faster than json_macro_to_string",
            t.as_secs_f64() * 1e9,
            baseline.as_secs_f64() / t.as_secs_f64()
        );
    }
}

/// The same JSON-RPC error written into a reused buffer in four ways: ours, `json!`, rmcp's
/// types, and by hand. Every path writes through `serde_json::to_writer`.
mod figures {
    use super::{PlaywrightError, json, json_macro_value, sample};
    use mcp_errors::{McpError, McpErrorExt};
    use std::borrow::Cow;

    pub(crate) const PATHS: [&str; 9] = [
        "ours",
        "json_macro",
        "rmcp",
        "by_hand",
        "ours_serialize",
        "serde_derive",
        "ours_structured",
        "raw_checked",
        "raw_from_string",
    ];

    /// `to_jsonrpc(id)`, as a server writes a reply (default options), with the view's
    /// `write_json` (the optimistic writer, then `serde_json::to_writer` if over budget).
    pub(crate) fn ours(buf: &mut Vec<u8>, id: i64, err: &PlaywrightError) {
        buf.clear();
        err.to_jsonrpc(id)
            .write_json(&mut *buf)
            .expect("serializes");
    }

    /// The same view handed to `serde_json::to_writer` as any `Serialize` value: the serde
    /// path, which for this serializer (compact, over a `Vec<u8>`) is the raw route, the
    /// optimistic writer's bytes copied by `serde_json`.
    pub(crate) fn ours_serialize(buf: &mut Vec<u8>, id: i64, err: &PlaywrightError) {
        buf.clear();
        serde_json::to_writer(&mut *buf, &err.to_jsonrpc(id)).expect("serializes");
    }

    /// The floor of any `Serialize` impl of this shape: structs of borrowed fields with
    /// `#[derive(Serialize)]`, through `serde_json::to_writer` (no budget, nothing checked).
    pub(crate) fn serde_derive(buf: &mut Vec<u8>, id: i64, err: &PlaywrightError) {
        #[derive(serde::Serialize)]
        struct Reply<'a> {
            jsonrpc: &'a str,
            id: i64,
            error: Object<'a>,
        }
        #[derive(serde::Serialize)]
        struct Object<'a> {
            code: i32,
            message: &'a str,
            data: Data<'a>,
        }
        #[derive(serde::Serialize)]
        struct Data<'a> {
            domain: &'a str,
            symbol: &'a str,
            retryable: bool,
            details: &'a str,
            url: &'a str,
            status: u16,
        }
        buf.clear();
        let PlaywrightError::Nav {
            reason,
            url,
            status,
            ..
        } = err
        else {
            unreachable!("the sample is a Nav")
        };
        let reply = Reply {
            jsonrpc: "2.0",
            id,
            error: Object {
                code: err.code(),
                message: err.entry().message,
                data: Data {
                    domain: err.domain(),
                    symbol: err.symbol(),
                    retryable: err.retryable(),
                    details: reason,
                    url,
                    status: *status,
                },
            },
        };
        serde_json::to_writer(&mut *buf, &reply).expect("serializes");
    }

    /// The view through its structured, metered `Serialize` (compact JSON through a formatter
    /// of the bench's own, which the raw route does not serve): what every serializer other
    /// than `serde_json`'s compact one over a `Vec<u8>` gets, and the serde path before the
    /// raw route.
    pub(crate) fn ours_structured(buf: &mut Vec<u8>, id: i64, err: &PlaywrightError) {
        struct Compact;
        impl serde_json::ser::Formatter for Compact {}
        buf.clear();
        let mut ser = serde_json::Serializer::with_formatter(&mut *buf, Compact);
        serde::Serialize::serialize(&err.to_jsonrpc(id), &mut ser).expect("serializes");
    }

    /// The alternatives to the shipped raw route (`mcp-errors-core/src/envelope/raw.rs`, the
    /// `ours_serialize` path), measured: `write_json`'s bytes handed to `serde_json` through
    /// `serde_json::value::RawValue`'s public constructors, which parse the text to check it.
    /// Neither recognises the serializer (the shipped route's few nanoseconds): the cost
    /// here is the parse alone. docs/operating.md's serde-path note compares them.
    pub(crate) mod raw {
        use super::PlaywrightError;
        use mcp_errors::McpErrorExt;
        use serde::ser::Serialize;
        use serde_json::value::RawValue;
        use std::cell::RefCell;

        /// How the bytes become raw JSON.
        #[derive(Clone, Copy)]
        pub(crate) enum Hand {
            /// `serde_json::from_slice::<&RawValue>`: parses the bytes to check them.
            Checked,
            /// `RawValue::from_string`: a `String` and the same parse.
            FromString,
        }

        pub(crate) fn write(buf: &mut Vec<u8>, id: i64, err: &PlaywrightError, hand: Hand) {
            thread_local! {
                static BYTES: RefCell<Vec<u8>> = RefCell::new(Vec::with_capacity(1024));
            }
            buf.clear();
            BYTES.with_borrow_mut(|bytes| {
                bytes.clear();
                err.to_jsonrpc(id).write_json(&mut *bytes).expect("writes");
                let mut ser = serde_json::Serializer::new(&mut *buf);
                match hand {
                    Hand::Checked => serde_json::from_slice::<&RawValue>(bytes)
                        .expect("valid JSON")
                        .serialize(&mut ser),
                    Hand::FromString => {
                        let text = String::from_utf8(bytes.clone()).expect("UTF-8");
                        RawValue::from_string(text)
                            .expect("valid JSON")
                            .serialize(&mut ser)
                    }
                }
                .expect("serializes");
            });
        }
    }

    /// The reference servers' way: a `json!` tree, then written.
    pub(crate) fn json_macro(buf: &mut Vec<u8>, id: i64, err: &PlaywrightError) {
        buf.clear();
        let value = json_macro_value(id, err);
        serde_json::to_writer(&mut *buf, &value).expect("serializes");
    }

    /// What an rmcp server without mcp-errors builds: `ErrorData` (data as a `json!` tree)
    /// inside a `JsonRpcError`.
    pub(crate) fn rmcp(buf: &mut Vec<u8>, id: i64, err: &PlaywrightError) {
        buf.clear();
        let PlaywrightError::Nav {
            reason,
            url,
            status,
            ..
        } = err
        else {
            unreachable!("the sample is a Nav")
        };
        let data = json!({
            "domain": err.domain(),
            "symbol": err.symbol(),
            "retryable": err.retryable(),
            "details": reason,
            "url": url,
            "status": status,
        });
        let error = rmcp::model::ErrorData::new(
            rmcp::model::ErrorCode(err.code()),
            Cow::Owned(err.to_string()),
            Some(data),
        );
        let reply = rmcp::model::JsonRpcError {
            jsonrpc: rmcp::model::JsonRpcVersion2_0,
            id: Some(rmcp::model::NumberOrString::Number(id)),
            error,
        };
        serde_json::to_writer(&mut *buf, &reply).expect("serializes");
    }

    /// The same bytes, written by hand: constants copied, strings escaped by `serde_json`.
    pub(crate) fn by_hand(buf: &mut Vec<u8>, id: i64, err: &PlaywrightError) {
        buf.clear();
        let PlaywrightError::Nav {
            reason,
            url,
            status,
            ..
        } = err
        else {
            unreachable!("the sample is a Nav")
        };
        buf.extend_from_slice(br#"{"jsonrpc":"2.0","id":"#);
        serde_json::to_writer(&mut *buf, &id).expect("serializes");
        buf.extend_from_slice(
            br#","error":{"code":2100,"message":"Navigation failed","data":{"domain":"playwright","symbol":"E_PW_NAV","retryable":true,"details":"#,
        );
        serde_json::to_writer(&mut *buf, reason).expect("serializes");
        buf.extend_from_slice(br#","url":"#);
        serde_json::to_writer(&mut *buf, url).expect("serializes");
        buf.extend_from_slice(br#","status":"#);
        serde_json::to_writer(&mut *buf, status).expect("serializes");
        buf.extend_from_slice(b"}}}");
    }

    pub(crate) fn run(name: &str) -> fn(&mut Vec<u8>, i64, &PlaywrightError) {
        match name {
            "ours" => ours,
            "json_macro" => json_macro,
            "rmcp" => rmcp,
            "by_hand" => by_hand,
            "ours_serialize" => ours_serialize,
            "serde_derive" => serde_derive,
            "ours_structured" => ours_structured,
            "raw_checked" => |buf, id, err| raw::write(buf, id, err, raw::Hand::Checked),
            "raw_from_string" => |buf, id, err| raw::write(buf, id, err, raw::Hand::FromString),
            other => panic!("unknown path {other}: one of {PATHS:?}"),
        }
    }

    /// Every path writes the same JSON value; ours, the serde path, the structured path
    /// and the raw alternatives the same bytes.
    pub(crate) fn check() {
        let err = sample();
        let mut expected = Vec::new();
        ours(&mut expected, 7, &err);
        for name in PATHS {
            let mut buf = Vec::new();
            run(name)(&mut buf, 7, &err);
            if name.starts_with("ours") || name.starts_with("raw") {
                assert_eq!(buf, expected, "{name} writes other bytes");
            }
            let got: serde_json::Value = serde_json::from_slice(&buf).unwrap();
            let expected: serde_json::Value = serde_json::from_slice(&expected).unwrap();
            assert_eq!(got, expected, "{name} writes another value");
        }
    }
}

/// The `json!` tree of [`json_macro_envelope`].
fn json_macro_value(id: i64, err: &PlaywrightError) -> serde_json::Value {
    let data = match err {
        PlaywrightError::Nav {
            reason,
            url,
            status,
            ..
        } => json!({
            "domain": err.domain(),
            "symbol": err.symbol(),
            "retryable": err.retryable(),
            "details": reason,
            "url": url,
            "status": status,
        }),
        PlaywrightError::Launch { reason } => json!({
            "domain": err.domain(),
            "symbol": err.symbol(),
            "retryable": err.retryable(),
            "reason": reason,
        }),
    };
    json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": err.code(), "message": err.to_string(), "data": data},
    })
}

/// Issue 16's envelope figures: the fastest mean of each path over interleaved batches, and
/// the ratios. `rounds` batches of `batch` calls each.
fn print_figures(rounds: usize, batch: u32) {
    figures::check();
    let err = sample();
    let mut bufs: [Vec<u8>; figures::PATHS.len()] =
        std::array::from_fn(|_| Vec::with_capacity(1024));
    let paths = figures::PATHS.map(figures::run);
    let mut best = [Duration::MAX; figures::PATHS.len()];
    for _ in 0..rounds {
        for ((path, buf), best) in paths.iter().zip(&mut bufs).zip(&mut best) {
            let start = Instant::now();
            for _ in 0..batch {
                path(buf, black_box(1), black_box(&err));
            }
            *best = (*best).min(start.elapsed() / batch);
        }
    }
    let ns = best.map(|t| t.as_secs_f64() * 1e9);
    println!(
        "envelope figures: to_jsonrpc(1) of the navigate error (3 data fields, {} bytes) into a reused Vec, fastest mean of {rounds} interleaved batches of {batch}",
        bufs[0].len()
    );
    for (name, t) in figures::PATHS.iter().zip(ns) {
        println!("  {name:<12} {t:>8.1} ns");
    }
    println!(
        "  json_macro / ours   {:>6.2}x   (goal >= 3x)",
        ns[1] / ns[0]
    );
    println!(
        "  rmcp / ours         {:>6.2}x   (goal >= 2x)",
        ns[2] / ns[0]
    );
    println!(
        "  ours / by_hand      {:>6.2}x   (goal <= 2x)",
        ns[0] / ns[3]
    );
    println!(
        "  ours_serialize / by_hand {:>6.2}x   (goal <= 2.5x)",
        ns[4] / ns[3]
    );
    println!(
        "  serde_derive / by_hand {:>6.2}x   (the floor of a structured Serialize impl)",
        ns[5] / ns[3]
    );
    println!(
        "  ours_structured / by_hand {:>6.2}x   (the metered path: other serializers)",
        ns[6] / ns[3]
    );
    for (i, name) in ["raw_checked", "raw_from_string"].iter().enumerate() {
        println!(
            "  {name} / by_hand {:>6.2}x   (RawValue's public constructors: not shipped, see docs/operating.md)",
            ns[7 + i] / ns[3]
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let flag = |name: &str| args.iter().any(|a| a == name);
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    if let Some(name) = value("--only") {
        let iters: u64 = value("--iters").map_or(100_000, |n| n.parse().expect("--iters N"));
        let path = figures::run(&name);
        let err = sample();
        let mut buf = Vec::with_capacity(1024);
        for _ in 0..iters {
            path(&mut buf, black_box(1), black_box(&err));
        }
        println!("{name}: {iters} calls, {} bytes each", buf.len());
        return;
    }
    if flag("--smoke") {
        print_figures(2, 10);
        summary_rounds(2, 10);
        return;
    }
    if flag("--figures") {
        print_figures(40, 2_000);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
    summary_rounds(60, 2_000);
    print_figures(40, 2_000);
}
