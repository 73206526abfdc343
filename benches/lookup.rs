//! Code → catalog row lookup: the derive's `match` versus the trait's default linear scan
//! over the same `ENTRIES`, for a 7-entry catalog (`CommonError`) and a 100-entry one.
//!
//! Run with `cargo bench --bench lookup`. `derived` is `ErrorCatalog::entry_by_code` as
//! `#[derive(McpError)]` generates it (a `match` on literal codes, falling back to the
//! `transparent` inner types); `linear` is a hand-written `ErrorCatalog` impl with the same
//! `ENTRIES` that keeps the provided default (`ENTRIES.iter().find(..)`). Each iteration looks
//! up every code of the catalog once, plus one unknown code; the summary prints the mean per
//! lookup.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use mcp_errors::{CodeRange, CommonError, ErrorCatalog, ErrorEntry, McpError};

/// A large taxonomy: 100 codes.
#[derive(Debug, McpError)]
#[mcp(domain = "big", range = 5000..=5999, symbol_prefix = "E_BIG_")]
pub enum BigError {
    /// Failure number 0
    #[mcp(code = 5000)]
    Case0,
    /// Failure number 1
    #[mcp(code = 5001)]
    Case1,
    /// Failure number 2
    #[mcp(code = 5002)]
    Case2,
    /// Failure number 3
    #[mcp(code = 5003)]
    Case3,
    /// Failure number 4
    #[mcp(code = 5004)]
    Case4,
    /// Failure number 5
    #[mcp(code = 5005)]
    Case5,
    /// Failure number 6
    #[mcp(code = 5006)]
    Case6,
    /// Failure number 7
    #[mcp(code = 5007)]
    Case7,
    /// Failure number 8
    #[mcp(code = 5008)]
    Case8,
    /// Failure number 9
    #[mcp(code = 5009)]
    Case9,
    /// Failure number 10
    #[mcp(code = 5010)]
    Case10,
    /// Failure number 11
    #[mcp(code = 5011)]
    Case11,
    /// Failure number 12
    #[mcp(code = 5012)]
    Case12,
    /// Failure number 13
    #[mcp(code = 5013)]
    Case13,
    /// Failure number 14
    #[mcp(code = 5014)]
    Case14,
    /// Failure number 15
    #[mcp(code = 5015)]
    Case15,
    /// Failure number 16
    #[mcp(code = 5016)]
    Case16,
    /// Failure number 17
    #[mcp(code = 5017)]
    Case17,
    /// Failure number 18
    #[mcp(code = 5018)]
    Case18,
    /// Failure number 19
    #[mcp(code = 5019)]
    Case19,
    /// Failure number 20
    #[mcp(code = 5020)]
    Case20,
    /// Failure number 21
    #[mcp(code = 5021)]
    Case21,
    /// Failure number 22
    #[mcp(code = 5022)]
    Case22,
    /// Failure number 23
    #[mcp(code = 5023)]
    Case23,
    /// Failure number 24
    #[mcp(code = 5024)]
    Case24,
    /// Failure number 25
    #[mcp(code = 5025)]
    Case25,
    /// Failure number 26
    #[mcp(code = 5026)]
    Case26,
    /// Failure number 27
    #[mcp(code = 5027)]
    Case27,
    /// Failure number 28
    #[mcp(code = 5028)]
    Case28,
    /// Failure number 29
    #[mcp(code = 5029)]
    Case29,
    /// Failure number 30
    #[mcp(code = 5030)]
    Case30,
    /// Failure number 31
    #[mcp(code = 5031)]
    Case31,
    /// Failure number 32
    #[mcp(code = 5032)]
    Case32,
    /// Failure number 33
    #[mcp(code = 5033)]
    Case33,
    /// Failure number 34
    #[mcp(code = 5034)]
    Case34,
    /// Failure number 35
    #[mcp(code = 5035)]
    Case35,
    /// Failure number 36
    #[mcp(code = 5036)]
    Case36,
    /// Failure number 37
    #[mcp(code = 5037)]
    Case37,
    /// Failure number 38
    #[mcp(code = 5038)]
    Case38,
    /// Failure number 39
    #[mcp(code = 5039)]
    Case39,
    /// Failure number 40
    #[mcp(code = 5040)]
    Case40,
    /// Failure number 41
    #[mcp(code = 5041)]
    Case41,
    /// Failure number 42
    #[mcp(code = 5042)]
    Case42,
    /// Failure number 43
    #[mcp(code = 5043)]
    Case43,
    /// Failure number 44
    #[mcp(code = 5044)]
    Case44,
    /// Failure number 45
    #[mcp(code = 5045)]
    Case45,
    /// Failure number 46
    #[mcp(code = 5046)]
    Case46,
    /// Failure number 47
    #[mcp(code = 5047)]
    Case47,
    /// Failure number 48
    #[mcp(code = 5048)]
    Case48,
    /// Failure number 49
    #[mcp(code = 5049)]
    Case49,
    /// Failure number 50
    #[mcp(code = 5050)]
    Case50,
    /// Failure number 51
    #[mcp(code = 5051)]
    Case51,
    /// Failure number 52
    #[mcp(code = 5052)]
    Case52,
    /// Failure number 53
    #[mcp(code = 5053)]
    Case53,
    /// Failure number 54
    #[mcp(code = 5054)]
    Case54,
    /// Failure number 55
    #[mcp(code = 5055)]
    Case55,
    /// Failure number 56
    #[mcp(code = 5056)]
    Case56,
    /// Failure number 57
    #[mcp(code = 5057)]
    Case57,
    /// Failure number 58
    #[mcp(code = 5058)]
    Case58,
    /// Failure number 59
    #[mcp(code = 5059)]
    Case59,
    /// Failure number 60
    #[mcp(code = 5060)]
    Case60,
    /// Failure number 61
    #[mcp(code = 5061)]
    Case61,
    /// Failure number 62
    #[mcp(code = 5062)]
    Case62,
    /// Failure number 63
    #[mcp(code = 5063)]
    Case63,
    /// Failure number 64
    #[mcp(code = 5064)]
    Case64,
    /// Failure number 65
    #[mcp(code = 5065)]
    Case65,
    /// Failure number 66
    #[mcp(code = 5066)]
    Case66,
    /// Failure number 67
    #[mcp(code = 5067)]
    Case67,
    /// Failure number 68
    #[mcp(code = 5068)]
    Case68,
    /// Failure number 69
    #[mcp(code = 5069)]
    Case69,
    /// Failure number 70
    #[mcp(code = 5070)]
    Case70,
    /// Failure number 71
    #[mcp(code = 5071)]
    Case71,
    /// Failure number 72
    #[mcp(code = 5072)]
    Case72,
    /// Failure number 73
    #[mcp(code = 5073)]
    Case73,
    /// Failure number 74
    #[mcp(code = 5074)]
    Case74,
    /// Failure number 75
    #[mcp(code = 5075)]
    Case75,
    /// Failure number 76
    #[mcp(code = 5076)]
    Case76,
    /// Failure number 77
    #[mcp(code = 5077)]
    Case77,
    /// Failure number 78
    #[mcp(code = 5078)]
    Case78,
    /// Failure number 79
    #[mcp(code = 5079)]
    Case79,
    /// Failure number 80
    #[mcp(code = 5080)]
    Case80,
    /// Failure number 81
    #[mcp(code = 5081)]
    Case81,
    /// Failure number 82
    #[mcp(code = 5082)]
    Case82,
    /// Failure number 83
    #[mcp(code = 5083)]
    Case83,
    /// Failure number 84
    #[mcp(code = 5084)]
    Case84,
    /// Failure number 85
    #[mcp(code = 5085)]
    Case85,
    /// Failure number 86
    #[mcp(code = 5086)]
    Case86,
    /// Failure number 87
    #[mcp(code = 5087)]
    Case87,
    /// Failure number 88
    #[mcp(code = 5088)]
    Case88,
    /// Failure number 89
    #[mcp(code = 5089)]
    Case89,
    /// Failure number 90
    #[mcp(code = 5090)]
    Case90,
    /// Failure number 91
    #[mcp(code = 5091)]
    Case91,
    /// Failure number 92
    #[mcp(code = 5092)]
    Case92,
    /// Failure number 93
    #[mcp(code = 5093)]
    Case93,
    /// Failure number 94
    #[mcp(code = 5094)]
    Case94,
    /// Failure number 95
    #[mcp(code = 5095)]
    Case95,
    /// Failure number 96
    #[mcp(code = 5096)]
    Case96,
    /// Failure number 97
    #[mcp(code = 5097)]
    Case97,
    /// Failure number 98
    #[mcp(code = 5098)]
    Case98,
    /// Failure number 99
    #[mcp(code = 5099)]
    Case99,
}

/// `BigError`'s rows behind the provided (linear) `entry_by_code`.
struct LinearBig;

impl ErrorCatalog for LinearBig {
    const NAME: &'static str = "LinearBig";
    const DOMAIN: &'static str = "big";
    const RANGE: Option<CodeRange> = <BigError as ErrorCatalog>::RANGE;
    const ENTRIES: &'static [ErrorEntry] = <BigError as ErrorCatalog>::ENTRIES;
}

/// `CommonError`'s rows behind the provided (linear) `entry_by_code`.
struct LinearCommon;

impl ErrorCatalog for LinearCommon {
    const NAME: &'static str = "LinearCommon";
    const DOMAIN: &'static str = "common";
    const RANGE: Option<CodeRange> = <CommonError as ErrorCatalog>::RANGE;
    const ENTRIES: &'static [ErrorEntry] = <CommonError as ErrorCatalog>::ENTRIES;
}

/// Every code of `C`, in a scrambled order, plus one code it does not have.
fn probe_codes<C: ErrorCatalog>() -> Vec<i32> {
    let mut codes: Vec<i32> = C::ENTRIES.iter().map(|e| e.code).collect();
    let n = codes.len();
    for i in 0..n {
        codes.swap(i, (i * 7 + 3) % n);
    }
    codes.push(-1);
    codes
}

/// Looks up every probe code; returns how many were found (so nothing is optimized away).
fn lookup_all<C: ErrorCatalog>(codes: &[i32]) -> usize {
    codes
        .iter()
        .filter(|&&c| C::entry_by_code(black_box(c)).is_some())
        .count()
}

fn bench_lookup(c: &mut Criterion) {
    let mut g = c.benchmark_group("entry_by_code");
    g.measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    let common = probe_codes::<CommonError>();
    let big = probe_codes::<BigError>();
    g.bench_function("common_7_derived", |b| {
        b.iter(|| lookup_all::<CommonError>(&common));
    });
    g.bench_function("common_7_linear", |b| {
        b.iter(|| lookup_all::<LinearCommon>(&common));
    });
    g.bench_function("big_100_derived", |b| {
        b.iter(|| lookup_all::<BigError>(&big));
    });
    g.bench_function("big_100_linear", |b| {
        b.iter(|| lookup_all::<LinearBig>(&big));
    });
    g.finish();
}

criterion_group!(benches, bench_lookup);

fn mean_per_lookup(budget: Duration, codes: &[i32], f: fn(&[i32]) -> usize) -> f64 {
    let mut iters = 1u32;
    loop {
        let start = Instant::now();
        for _ in 0..iters {
            black_box(f(codes));
        }
        let elapsed = start.elapsed();
        if elapsed >= budget {
            #[allow(clippy::cast_precision_loss)]
            let lookups = f64::from(iters) * codes.len() as f64;
            return elapsed.as_secs_f64() * 1e9 / lookups;
        }
        iters *= 2;
    }
}

fn summary() {
    assert_eq!(lookup_all::<BigError>(&probe_codes::<BigError>()), 100);
    assert_eq!(lookup_all::<LinearBig>(&probe_codes::<BigError>()), 100);
    let budget = Duration::from_secs(1);
    let common = probe_codes::<CommonError>();
    let big = probe_codes::<BigError>();
    println!("\nMean time per entry_by_code lookup (plain loop, {budget:?} each):");
    for (name, codes, derived, linear) in [
        (
            "CommonError (7)",
            &common,
            lookup_all::<CommonError> as fn(&[i32]) -> usize,
            lookup_all::<LinearCommon> as fn(&[i32]) -> usize,
        ),
        (
            "BigError (100)",
            &big,
            lookup_all::<BigError>,
            lookup_all::<LinearBig>,
        ),
    ] {
        let d = mean_per_lookup(budget, codes, derived);
        let l = mean_per_lookup(budget, codes, linear);
        println!(
            "  {name:<16} derived match {d:>6.2} ns   linear scan {l:>6.2} ns   {:>5.1}x",
            l / d
        );
    }
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    summary();
}
