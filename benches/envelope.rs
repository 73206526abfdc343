//! Serializing a JSON-RPC error envelope: `mcp_errors` views versus the way the seeds'
//! servers build one (a `serde_json::json!` tree from the error's fields, then `to_string`).
//!
//! Run with `cargo bench --bench envelope`. Besides criterion's timings it prints the
//! allocations and bytes allocated per envelope, counted by `allocation-counter`'s global
//! allocator, and the speed-up of each of our paths over the `json!` baseline.

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
        url: String,
        status: u16,
        #[mcp(skip)]
        cookie: String,
    },
    /// Browser launch failed: {reason}
    #[mcp(code = 2101, kind = "internal")]
    Launch { reason: String },
}

fn sample() -> PlaywrightError {
    PlaywrightError::Nav {
        reason: "net::ERR_NAME_NOT_RESOLVED at https://example.invalid/login".into(),
        url: "https://example.invalid/login?next=%2Fdashboard".into(),
        status: 502,
        cookie: "session=secret".into(),
    }
}

/// What seed 000's harness does: copy the error's fields into a JSON tree, then print it.
fn json_macro_envelope(id: i64, err: &PlaywrightError) -> String {
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
    let envelope = json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": err.code(), "message": err.to_string(), "data": data},
    });
    serde_json::to_string(&envelope).expect("a Value always serializes")
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
fn fastest_times<const N: usize>(paths: &mut [&mut dyn FnMut(); N]) -> [Duration; N] {
    const BATCH: u32 = 2_000;
    const ROUNDS: usize = 60;
    let mut best = [Duration::MAX; N];
    for _ in 0..ROUNDS {
        for (path, best) in paths.iter_mut().zip(&mut best) {
            let start = Instant::now();
            for _ in 0..BATCH {
                path();
            }
            *best = (*best).min(start.elapsed() / BATCH);
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
fn summary() {
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
    let times = fastest_times(&mut [
        &mut || drop(black_box(json_macro_envelope(1, black_box(&err)))),
        &mut || drop(black_box(ours_string(1, black_box(&err)))),
        &mut || ours_reused(&mut buf, 1, black_box(&err)),
        &mut || ours_dyn(&mut dyn_buf, 1, black_box(&*boxed)),
    ]);
    let baseline = times[0];
    println!("\nFastest mean time per envelope (60 interleaved batches of 2000 calls):");
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

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    summary();
}
