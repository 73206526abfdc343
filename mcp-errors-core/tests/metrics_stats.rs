//! `ErrorStats`: the Node fleet's snapshot, exact counts under concurrency, sampling, capacity.

mod registry_support;

use std::collections::BTreeMap;
use std::sync::Barrier;

use mcp_errors_core::ErrorKind;
use mcp_errors_core::metrics::{ErrorStats, MetricsConfig, StatsSnapshot};
use registry_support::{Hand, row};
use serde_json::json;

static INPUT_TOO_LARGE: mcp_errors_core::ErrorEntry = row(
    1005,
    "E_INPUT_TOO_LARGE",
    "common",
    ErrorKind::Validation,
    false,
);
static MB_FILE_NOT_FOUND: mcp_errors_core::ErrorEntry = row(
    2300,
    "E_MB_FILE_NOT_FOUND",
    "memory-bank",
    ErrorKind::NotFound,
    false,
);
static PW_NAV: mcp_errors_core::ErrorEntry =
    row(2100, "E_PW_NAV", "playwright", ErrorKind::Network, true);
static PROTOCOL: mcp_errors_core::ErrorEntry = row(
    -32601,
    "E_METHOD_NOT_FOUND",
    "protocol",
    ErrorKind::Protocol,
    false,
);

#[test]
fn seed_000_snapshot_counts_transparent_errors_under_the_outer_domain() {
    let stats = ErrorStats::new(MetricsConfig::enabled());
    // The Python server raises the common E_INPUT_TOO_LARGE through a transparent variant.
    let py_too_large = Hand::under(&INPUT_TOO_LARGE, "python");
    stats.record(&py_too_large);
    stats.record(&py_too_large);
    stats.record(&Hand::new(&MB_FILE_NOT_FOUND));

    let value = serde_json::to_value(stats.snapshot()).unwrap();
    assert_eq!(
        value,
        json!({
            "total": 3,
            "byCode": { "1005": 2, "2300": 1 },
            "byDomain": { "python": 2, "memory-bank": 1 },
            "bySymbol": { "E_INPUT_TOO_LARGE": 2, "E_MB_FILE_NOT_FOUND": 1 },
        })
    );
    // And the snapshot reads back (a client's side).
    #[cfg(feature = "client")]
    {
        let back: StatsSnapshot = serde_json::from_value(value).unwrap();
        assert_eq!(back, stats.snapshot());
    }
}

#[test]
fn trait_objects_and_negative_codes_are_counted() {
    let stats = ErrorStats::new(MetricsConfig::enabled());
    let boxed: Box<dyn mcp_errors_core::McpError + Send + Sync> = Box::new(Hand::new(&PROTOCOL));
    stats.record(&*boxed);
    let erased: &dyn mcp_errors_core::McpError = &Hand::new(&PW_NAV);
    stats.record(erased);
    let s = stats.snapshot();
    assert_eq!(s.total, 2);
    assert_eq!(s.by_code, BTreeMap::from([(-32601, 1), (2100, 1)]));
    assert_eq!(
        serde_json::to_value(&s).unwrap()["byCode"],
        json!({"-32601": 1, "2100": 1})
    );
}

#[test]
fn a_disabled_instance_counts_nothing() {
    let stats = ErrorStats::new(MetricsConfig::disabled());
    assert!(!stats.is_enabled());
    for _ in 0..100 {
        stats.record(&Hand::new(&PW_NAV));
        stats.record_parts(1, "x", "E_X");
    }
    assert_eq!(stats.snapshot(), StatsSnapshot::default().with_sample_one());
    assert_eq!(
        serde_json::to_value(stats.snapshot()).unwrap(),
        json!({"total": 0, "byCode": {}, "byDomain": {}, "bySymbol": {}})
    );
}

trait SampleOne {
    fn with_sample_one(self) -> Self;
}

impl SampleOne for StatsSnapshot {
    fn with_sample_one(mut self) -> Self {
        self.sample = 1;
        self
    }
}

/// `n` distinct codes/symbols over 4 domains, built once and leaked to be 'static.
fn leaked_entries(n: usize) -> Vec<&'static mcp_errors_core::ErrorEntry> {
    (0..n)
        .map(|i| {
            let symbol: &'static str = format!("E_K{i}").leak();
            let domain: &'static str = ["a", "b", "c", "d"][i % 4];
            &*Box::leak(Box::new(row(
                3000 + i32::try_from(i).unwrap(),
                symbol,
                domain,
                ErrorKind::Internal,
                false,
            )))
        })
        .collect()
}

/// Many threads, many keys, all starting at once so that they race to claim fresh slots:
/// every count must be exact.
fn concurrent_records_are_exact_with_capacity(capacity: usize) {
    concurrent_records_are_exact_with(8, capacity);
}

fn concurrent_records_are_exact_with(threads: usize, capacity: usize) {
    const PER_THREAD: usize = 20_000;
    let entries = leaked_entries(64);

    let stats = ErrorStats::new(MetricsConfig::enabled().with_capacity(capacity));
    let barrier = Barrier::new(threads);
    std::thread::scope(|s| {
        for t in 0..threads {
            let (stats, entries, barrier) = (&stats, &entries, &barrier);
            s.spawn(move || {
                barrier.wait();
                for n in 0..PER_THREAD {
                    // Each thread walks the keys in a different order.
                    let entry = entries[(n * (2 * t + 1) + t) % entries.len()];
                    stats.record(&Hand::new(entry));
                }
            });
        }
    });

    // The expected counts, computed sequentially.
    let mut by_code = BTreeMap::<i32, u64>::new();
    let mut by_domain = BTreeMap::<String, u64>::new();
    let mut by_symbol = BTreeMap::<String, u64>::new();
    for t in 0..threads {
        for n in 0..PER_THREAD {
            let entry = entries[(n * (2 * t + 1) + t) % entries.len()];
            *by_code.entry(entry.code).or_default() += 1;
            *by_domain.entry(entry.domain.to_owned()).or_default() += 1;
            *by_symbol.entry(entry.symbol.to_owned()).or_default() += 1;
        }
    }
    let snapshot = stats.snapshot();
    assert_eq!(snapshot.total, (threads * PER_THREAD) as u64);
    assert_eq!(snapshot.by_code, by_code);
    assert_eq!(snapshot.by_domain, by_domain);
    assert_eq!(snapshot.by_symbol, by_symbol);
    assert_eq!(snapshot.overflow, 0);
}

#[test]
fn concurrent_records_are_exact() {
    concurrent_records_are_exact_with_capacity(1024);
}

/// 64 keys in 64 slots: most keys live away from their home slot, so threads race through
/// the probing path to claim slots.
#[test]
fn concurrent_records_are_exact_in_a_full_table() {
    concurrent_records_are_exact_with_capacity(64);
}

/// More threads than the counters have stripes (8): threads share stripes, counts stay exact.
#[test]
fn concurrent_records_are_exact_with_more_threads_than_stripes() {
    concurrent_records_are_exact_with(20, 1024);
}

/// Threads recording the same few errors at once (each error's counter is striped per
/// thread), with snapshots taken meanwhile: every snapshot adds up, the final one is exact.
#[test]
fn many_threads_on_the_same_keys_count_exactly() {
    const THREADS: u64 = 12;
    const PER_THREAD: u64 = 30_000;
    let keys = [&PW_NAV, &MB_FILE_NOT_FOUND, &PROTOCOL];
    let stats = ErrorStats::new(MetricsConfig::enabled());
    let barrier = Barrier::new(usize::try_from(THREADS).unwrap() + 1);
    std::thread::scope(|s| {
        for t in 0..THREADS {
            let (stats, barrier) = (&stats, &barrier);
            s.spawn(move || {
                barrier.wait();
                for n in 0..PER_THREAD {
                    let key = keys[usize::try_from((n + t) % 3).unwrap()];
                    stats.record(&Hand::new(key));
                }
            });
        }
        barrier.wait();
        let mut last = 0;
        for _ in 0..100 {
            let snap = stats.snapshot();
            assert_eq!(snap.total, snap.by_code.values().sum::<u64>());
            assert_eq!(snap.total, snap.by_symbol.values().sum::<u64>());
            assert_eq!(snap.total, snap.by_domain.values().sum::<u64>());
            assert!(snap.total >= last);
            last = snap.total;
        }
    });
    let s = stats.snapshot();
    assert_eq!(s.total, THREADS * PER_THREAD);
    // 30 000 per thread is a multiple of 3: each key gets a third.
    for key in keys {
        assert_eq!(s.by_symbol[key.symbol], THREADS * PER_THREAD / 3);
        assert_eq!(s.by_code[&key.code], THREADS * PER_THREAD / 3);
    }
    assert_eq!(s.overflow, 0);
}

/// 64 keys racing for 16 slots on 8 threads: the table fills with 16 of them, each counted
/// exactly (all its occurrences, since a key that got a slot is always found in it, also
/// once the table is full and lookups stop early), and every occurrence of the other 48 is
/// overflow.
#[test]
fn a_table_filled_concurrently_counts_each_key_in_full_or_as_overflow() {
    const THREADS: usize = 8;
    const PER_THREAD: usize = 20_000;
    let entries = leaked_entries(64);
    let stats = ErrorStats::new(MetricsConfig::enabled().with_capacity(16));
    let barrier = Barrier::new(THREADS);
    let order = |t: usize, n: usize| entries[(n * (2 * t + 1) + t) % entries.len()];
    std::thread::scope(|s| {
        for t in 0..THREADS {
            let (stats, barrier, order) = (&stats, &barrier, &order);
            s.spawn(move || {
                barrier.wait();
                for n in 0..PER_THREAD {
                    stats.record(&Hand::new(order(t, n)));
                }
            });
        }
    });
    let mut expected = BTreeMap::<&str, u64>::new();
    for t in 0..THREADS {
        for n in 0..PER_THREAD {
            *expected.entry(order(t, n).symbol).or_default() += 1;
        }
    }
    let s = stats.snapshot();
    assert_eq!(s.total, (THREADS * PER_THREAD) as u64);
    assert_eq!(s.by_symbol.len(), 16);
    for (symbol, &count) in &s.by_symbol {
        assert_eq!(count, expected[symbol.as_str()], "{symbol}");
    }
    let missing: u64 = expected
        .iter()
        .filter(|(symbol, _)| !s.by_symbol.contains_key(**symbol))
        .map(|(_, &count)| count)
        .sum();
    assert_eq!(s.overflow, missing);
    // And later records of every key go where their first ones went.
    for entry in &entries {
        stats.record(&Hand::new(entry));
    }
    let after = stats.snapshot();
    assert_eq!(after.overflow, missing + 48);
    for (symbol, &count) in &s.by_symbol {
        assert_eq!(after.by_symbol[symbol], count + 1, "{symbol}");
    }
}

#[test]
fn sampling_records_the_first_and_every_nth_occurrence_per_symbol() {
    let stats = ErrorStats::new(MetricsConfig::enabled().with_sample(10));
    assert_eq!(stats.sample(), 10);
    for _ in 0..25 {
        stats.record(&Hand::new(&PW_NAV)); // occurrences 1, 11, 21 are recorded
    }
    for _ in 0..3 {
        stats.record(&Hand::new(&MB_FILE_NOT_FOUND)); // occurrence 1 is recorded
    }
    assert_eq!(
        serde_json::to_value(stats.snapshot()).unwrap(),
        json!({
            "total": 4,
            "byCode": {"2100": 3, "2300": 1},
            "byDomain": {"playwright": 3, "memory-bank": 1},
            "bySymbol": {"E_PW_NAV": 3, "E_MB_FILE_NOT_FOUND": 1},
            "sample": 10,
        })
    );
}

#[test]
fn sampling_is_exact_under_concurrency() {
    let stats = ErrorStats::new(MetricsConfig::enabled().with_sample(7));
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for _ in 0..7_000 {
                    stats.record(&Hand::new(&PW_NAV));
                }
            });
        }
    });
    // 28 000 occurrences, one in seven recorded, whichever thread saw it.
    assert_eq!(stats.snapshot().by_symbol["E_PW_NAV"], 4_000);
    assert_eq!(stats.snapshot().total, 4_000);
}

#[test]
fn a_full_table_never_loses_the_total() {
    let stats = ErrorStats::new(MetricsConfig::enabled().with_capacity(4));
    let entries: Vec<&'static mcp_errors_core::ErrorEntry> = (0..10)
        .map(|i| {
            let symbol: &'static str = format!("E_CAP{i}").leak();
            &*Box::leak(Box::new(row(i, symbol, "cap", ErrorKind::Internal, false)))
        })
        .collect();
    for _ in 0..3 {
        for entry in &entries {
            stats.record(&Hand::new(entry));
        }
    }
    let s = stats.snapshot();
    assert_eq!(s.total, 30);
    // The first four errors have slots; the other six are counted as overflow.
    assert_eq!(s.by_code, BTreeMap::from([(0, 3), (1, 3), (2, 3), (3, 3)]));
    assert_eq!(s.by_symbol.len(), 4);
    assert_eq!(s.by_domain, BTreeMap::from([("cap".to_owned(), 12)]));
    assert_eq!(s.overflow, 18);
    assert_eq!(serde_json::to_value(&s).unwrap()["overflow"], 18);

    // Once full, known errors are still counted per key, new ones as overflow, in any order.
    for entry in entries.iter().rev() {
        stats.record(&Hand::new(entry));
    }
    let s = stats.snapshot();
    assert_eq!(s.total, 40);
    assert_eq!(s.by_code, BTreeMap::from([(0, 4), (1, 4), (2, 4), (3, 4)]));
    assert_eq!(s.overflow, 24);
}

#[test]
fn overflow_is_sampled_too() {
    let stats = ErrorStats::new(MetricsConfig::enabled().with_capacity(0).with_sample(4));
    for _ in 0..9 {
        stats.record(&Hand::new(&PW_NAV));
    }
    let s = stats.snapshot();
    // Occurrences 1, 5 and 9.
    assert_eq!((s.total, s.overflow), (3, 3));
    assert!(s.by_code.is_empty() && s.by_symbol.is_empty() && s.by_domain.is_empty());
}

#[test]
fn same_code_under_two_domains_is_two_errors() {
    let stats = ErrorStats::new(MetricsConfig::enabled().with_sample(2));
    for _ in 0..3 {
        stats.record(&Hand::under(&INPUT_TOO_LARGE, "python"));
        stats.record(&Hand::under(&INPUT_TOO_LARGE, "memory-bank"));
    }
    // Each domain samples its own occurrences: 1st and 3rd of each.
    assert_eq!(
        serde_json::to_value(stats.snapshot()).unwrap(),
        json!({
            "total": 4,
            "byCode": {"1005": 4},
            "byDomain": {"python": 2, "memory-bank": 2},
            "bySymbol": {"E_INPUT_TOO_LARGE": 4},
            "sample": 2,
        })
    );
}

#[test]
fn snapshots_taken_while_recording_always_add_up() {
    let stats = ErrorStats::new(MetricsConfig::enabled());
    std::thread::scope(|s| {
        s.spawn(|| {
            for _ in 0..200_000 {
                stats.record(&Hand::new(&PW_NAV));
                stats.record(&Hand::new(&MB_FILE_NOT_FOUND));
            }
        });
        let mut last = 0;
        for _ in 0..200 {
            let snap = stats.snapshot();
            assert_eq!(snap.total, snap.by_code.values().sum::<u64>());
            assert_eq!(snap.total, snap.by_domain.values().sum::<u64>());
            assert_eq!(snap.total, snap.by_symbol.values().sum::<u64>());
            assert!(snap.total >= last, "counts never go back");
            last = snap.total;
        }
    });
    assert_eq!(stats.snapshot().total, 400_000);
}

#[test]
fn config_from_vars_reads_truthy_values_and_sample() {
    for on in ["1", "true", "TRUE", "yes", "On", " 1 "] {
        assert!(MetricsConfig::from_vars(Some(on), None).enabled, "{on:?}");
    }
    for off in ["", "0", "false", "no", "off", "2", "enabled"] {
        assert!(
            !MetricsConfig::from_vars(Some(off), None).enabled,
            "{off:?}"
        );
    }
    assert!(!MetricsConfig::from_vars(None, Some("5")).enabled);
    assert_eq!(MetricsConfig::from_vars(Some("1"), Some("100")).sample, 100);
    // A huge rate still samples (saturated), rather than counting everything.
    for huge in [
        "4294967296",
        "99999999999",
        " 99999999999999999999999 ",
        "+4294967296",
    ] {
        assert_eq!(
            MetricsConfig::from_vars(Some("1"), Some(huge)).sample,
            u32::MAX,
            "{huge:?}"
        );
    }
    for ignored in ["0", "-3", "abc", "", "1.5", "-99999999999", "1e12"] {
        assert_eq!(
            MetricsConfig::from_vars(Some("1"), Some(ignored)).sample,
            1,
            "{ignored:?}"
        );
    }
    assert_eq!(MetricsConfig::default(), MetricsConfig::disabled());
}

#[test]
fn debug_output_is_short() {
    let stats = ErrorStats::default();
    stats.record(&Hand::new(&PW_NAV));
    let text = format!("{stats:?}");
    assert_eq!(
        text,
        "ErrorStats { enabled: true, sample: 1, capacity: 1024, .. }"
    );
}
