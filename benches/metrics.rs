//! Counting errors: the lock-free `ErrorStats` versus a `Mutex<HashMap>` doing the same work
//! (total, by code, by domain, by symbol), on one thread and on two threads at once; and the
//! cost of recording while metrics are off.
//!
//! Run with `cargo bench --bench metrics`. After criterion's timings it prints a summary of
//! plain-loop means and the speed-up of `ErrorStats` over the mutex baseline.

use std::collections::HashMap;
use std::hint::black_box;
use std::sync::{Barrier, Mutex};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use mcp_errors::metrics::{self, ErrorStats, MetricsConfig};
use mcp_errors::{CommonError, McpError};

/// A small server taxonomy with a `transparent` common variant.
#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_")]
pub enum PlaywrightError {
    /// Navigation failed
    #[mcp(code = 2100, retryable, kind = "network")]
    Nav,
    /// Browser launch failed
    #[mcp(code = 2101)]
    Launch,
    /// Selector not found
    #[mcp(code = 2102, kind = "not_found")]
    Selector,
    /// A common error, counted under `playwright`.
    #[mcp(transparent)]
    Common(CommonError),
}

/// A mix of four errors, one of them a `transparent` common error.
fn errors() -> Vec<PlaywrightError> {
    vec![
        PlaywrightError::Nav,
        PlaywrightError::Launch,
        PlaywrightError::Selector,
        PlaywrightError::Common(CommonError::InputTooLarge { details: None }),
    ]
}

/// The baseline: the counters of the Node fleet's harness behind one lock.
#[derive(Default)]
struct MutexStats {
    inner: Mutex<Counters>,
}

#[derive(Default)]
struct Counters {
    total: u64,
    by_code: HashMap<i32, u64>,
    by_domain: HashMap<&'static str, u64>,
    by_symbol: HashMap<&'static str, u64>,
}

impl MutexStats {
    fn record<E: McpError + ?Sized>(&self, err: &E) {
        let (code, domain, symbol) = (err.code(), err.domain(), err.symbol());
        let mut c = self.inner.lock().unwrap();
        c.total += 1;
        *c.by_code.entry(code).or_default() += 1;
        *c.by_domain.entry(domain).or_default() += 1;
        *c.by_symbol.entry(symbol).or_default() += 1;
    }
}

/// Runs `record` `iters` times on each of `threads` threads started together; returns the
/// wall time divided by `iters` (time per record per thread: equal to the uncontended time
/// when the threads do not slow each other down).
fn parallel(threads: usize, iters: u64, record: &(dyn Fn(&PlaywrightError) + Sync)) -> Duration {
    let errs = errors();
    let barrier = Barrier::new(threads + 1);
    std::thread::scope(|s| {
        for t in 0..threads {
            let (errs, barrier) = (&errs, &barrier);
            s.spawn(move || {
                barrier.wait();
                let mut k = t;
                for _ in 0..iters {
                    k = (k + 1) & 3;
                    record(black_box(&errs[k]));
                }
            });
        }
        barrier.wait();
        let start = Instant::now();
        // Joined at the end of the scope.
        start
    })
    .elapsed()
}

fn bench_record(c: &mut Criterion) {
    let errs = errors();
    let mut g = c.benchmark_group("record");
    g.measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));

    let stats = ErrorStats::new(MetricsConfig::enabled());
    let mut i = 0usize;
    g.bench_function("error_stats", |b| {
        b.iter(|| {
            i = (i + 1) & 3;
            stats.record(black_box(&errs[i]));
        });
    });
    let boxed: Vec<Box<dyn McpError + Send + Sync>> = errors()
        .into_iter()
        .map(|e| Box::new(e) as Box<dyn McpError + Send + Sync>)
        .collect();
    g.bench_function("error_stats_dyn", |b| {
        b.iter(|| {
            i = (i + 1) & 3;
            stats.record(black_box(&*boxed[i]));
        });
    });
    let mutex = MutexStats::default();
    g.bench_function("mutex_hashmap", |b| {
        b.iter(|| {
            i = (i + 1) & 3;
            mutex.record(black_box(&errs[i]));
        });
    });
    let sampled = ErrorStats::new(MetricsConfig::enabled().with_sample(100));
    g.bench_function("error_stats_sample_100", |b| {
        b.iter(|| {
            i = (i + 1) & 3;
            sampled.record(black_box(&errs[i]));
        });
    });

    let stats2 = ErrorStats::new(MetricsConfig::enabled());
    g.bench_function("error_stats_2_threads", |b| {
        b.iter_custom(|iters| parallel(2, iters, &|e| stats2.record(e)));
    });
    let mutex2 = MutexStats::default();
    g.bench_function("mutex_hashmap_2_threads", |b| {
        b.iter_custom(|iters| parallel(2, iters, &|e| mutex2.record(e)));
    });
    g.finish();

    let mut g = c.benchmark_group("record_disabled");
    g.measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    let off = ErrorStats::new(MetricsConfig::disabled());
    g.bench_function("error_stats_disabled", |b| {
        b.iter(|| off.record(black_box(&errs[0])));
    });
    g.bench_function("global_disabled", |b| {
        b.iter(|| metrics::record(black_box(&errs[0])));
    });
    g.bench_function("nothing", |b| b.iter(|| black_box(&errs[0])));
    g.finish();
}

criterion_group!(benches, bench_record);

/// Mean nanoseconds per call of `f` over a plain loop running for about `budget`.
///
/// The iteration count doubles until one run lasts `budget`. It is a `u64` (a sub-nanosecond
/// call needs more than 2^32 iterations to fill a few seconds, which a `u32` wrapped to 0,
/// looping forever) and the mean is computed in `f64`.
fn mean_time(budget: Duration, mut f: impl FnMut()) -> f64 {
    let mut iters = 1u64;
    loop {
        let start = Instant::now();
        for _ in 0..iters {
            f();
        }
        let elapsed = start.elapsed();
        // (Should a loop ever be optimized away, stop before the count overflows.)
        match iters.checked_mul(2) {
            Some(more) if elapsed < budget => iters = more,
            _ => return per_iteration_ns(elapsed, iters),
        }
    }
}

/// Nanoseconds per record per thread, two threads recording at once, over about `budget`.
fn parallel_mean(budget: Duration, record: &(dyn Fn(&PlaywrightError) + Sync)) -> f64 {
    let mut iters = 1u64;
    loop {
        let elapsed = parallel(2, iters, record);
        match iters.checked_mul(2) {
            Some(more) if elapsed < budget => iters = more,
            _ => return per_iteration_ns(elapsed, iters),
        }
    }
}

/// `elapsed / iters` in nanoseconds. The conversion to `f64` is exact for any count a run
/// of seconds reaches (below 2^53), and only rounds beyond.
#[allow(clippy::cast_precision_loss)]
fn per_iteration_ns(elapsed: Duration, iters: u64) -> f64 {
    elapsed.as_secs_f64() * 1e9 / iters.max(1) as f64
}

fn summary() {
    let errs = errors();
    let budget = Duration::from_millis(1500);
    let stats = ErrorStats::new(MetricsConfig::enabled());
    let mutex = MutexStats::default();
    let mut i = 0usize;
    let ours = mean_time(budget, || {
        i = (i + 1) & 3;
        stats.record(black_box(&errs[i]));
    });
    let theirs = mean_time(budget, || {
        i = (i + 1) & 3;
        mutex.record(black_box(&errs[i]));
    });
    let stats2 = ErrorStats::new(MetricsConfig::enabled());
    let mutex2 = MutexStats::default();
    let ours2 = parallel_mean(budget, &|e| stats2.record(e));
    let theirs2 = parallel_mean(budget, &|e| mutex2.record(e));
    let off = ErrorStats::new(MetricsConfig::disabled());
    let disabled = mean_time(budget, || off.record(black_box(&errs[0])));
    let global = mean_time(budget, || metrics::record(black_box(&errs[0])));

    println!("\nMean time per record (plain loop, {budget:?} each):");
    let (ratio, ratio2) = (theirs / ours, theirs2 / ours2);
    println!(
        "  1 thread:  ErrorStats {ours:>7.1} ns   Mutex<HashMap> {theirs:>7.1} ns   {ratio:>5.1}x"
    );
    println!(
        "  2 threads: ErrorStats {ours2:>7.1} ns   Mutex<HashMap> {theirs2:>7.1} ns   {ratio2:>5.1}x  \
         (wall time / records per thread)"
    );
    println!(
        "  metrics off: ErrorStats::record {disabled:>5.2} ns, metrics::record (global) {global:>5.2} ns"
    );
    assert_eq!(
        stats.snapshot().by_domain.len(),
        1,
        "a transparent error counts under playwright"
    );
}

fn main() {
    // The global counters stay off for the `global_disabled` case, whatever the environment.
    let _ = metrics::init_global(MetricsConfig::disabled());
    benches();
    Criterion::default().configure_from_args().final_summary();
    summary();
}
