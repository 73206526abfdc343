//! `RetryPolicy`, `Backoff`, `retry`: the TypeScript hierarchy's retry table with injected
//! sleepers.

mod registry_support;

use std::time::Duration;

use mcp_errors_core::retry::{self, RetryPolicy, is_terminal, retry_with_sleep};
use mcp_errors_core::{ErrorEntry, ErrorKind, McpError};
use registry_support::{Hand, row};

static VALIDATION: ErrorEntry = row(
    1000,
    "E_INVALID_PARAMS",
    "common",
    ErrorKind::Validation,
    false,
);
static TIMEOUT: ErrorEntry = row(1001, "E_TIMEOUT", "common", ErrorKind::Timeout, true);
static NETWORK: ErrorEntry = row(2100, "E_PW_NAV", "playwright", ErrorKind::Network, true);
static UNKNOWN: ErrorEntry = row(2000, "E_PY_EXEC_FAIL", "python", ErrorKind::Internal, true);
static RATE: ErrorEntry = row(2701, "E_NOTION_RATE", "notion", ErrorKind::RateLimit, true);
/// A validation error someone marked retryable: the kind's budget (0) still wins.
static ODD_VALIDATION: ErrorEntry = row(1009, "E_ODD", "common", ErrorKind::Validation, true);

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

/// Runs `retry_with_sleep` over a fixed sequence of outcomes; returns the result, the number
/// of calls and the recorded sleeps.
fn run(
    policy: &RetryPolicy,
    outcomes: &[Result<u32, Hand>],
) -> (Result<u32, Hand>, usize, Vec<Duration>) {
    let mut slept = Vec::new();
    let mut calls = 0;
    let result = retry_with_sleep(
        policy,
        |d| slept.push(d),
        || {
            let outcome = outcomes[calls.min(outcomes.len() - 1)];
            calls += 1;
            outcome
        },
    );
    (result, calls, slept)
}

#[test]
fn seed_002_table_is_the_default() {
    let p = RetryPolicy::new();
    assert_eq!(p.max_retries(ErrorKind::Validation), 0);
    assert!((3..=5).contains(&p.max_retries(ErrorKind::Timeout)));
    assert!((3..=5).contains(&p.max_retries(ErrorKind::Network)));
    assert_eq!(p.max_retries(ErrorKind::Internal), 3);
    assert_eq!(p.base_delay(), secs(1));
    assert!((p.factor() - 2.0).abs() < f64::EPSILON);
    assert_eq!(p.max_delay(), secs(30));
    assert!((p.jitter() - 0.5).abs() < f64::EPSILON);
    assert_eq!(p.seed(), None);
    assert_eq!(p, RetryPolicy::default());
}

#[test]
fn terminal_errors_stop_at_once() {
    assert!(is_terminal(&Hand::new(&VALIDATION)));
    assert!(!is_terminal(&Hand::new(&TIMEOUT)));
    let erased: &dyn McpError = &Hand::new(&VALIDATION);
    assert!(is_terminal(erased));

    let (result, calls, slept) = run(&RetryPolicy::new(), &[Err(Hand::new(&VALIDATION))]);
    assert_eq!(result.unwrap_err().code(), 1000);
    assert_eq!(calls, 1);
    assert!(slept.is_empty());
}

#[test]
fn exponential_backoff_until_the_budget_is_spent() {
    let policy = RetryPolicy::new().with_jitter(0.0);
    let (result, calls, slept) = run(&policy, &[Err(Hand::new(&TIMEOUT))]);
    assert_eq!(result.unwrap_err().symbol(), "E_TIMEOUT");
    assert_eq!(calls, 4); // the first attempt and 3 retries
    assert_eq!(slept, [secs(1), secs(2), secs(4)]); // the TypeScript hierarchy: 1s, 2s, 4s

    let (_, calls, slept) = run(&policy, &[Err(Hand::new(&NETWORK))]);
    assert_eq!(calls, 6);
    assert_eq!(slept, [1, 2, 4, 8, 16].map(secs));

    let (_, calls, _) = run(&policy, &[Err(Hand::new(&UNKNOWN))]);
    assert_eq!(calls, 4);
}

#[test]
fn success_after_failures_returns_the_value() {
    let policy = RetryPolicy::new().with_jitter(0.0);
    let (result, calls, slept) = run(
        &policy,
        &[Err(Hand::new(&NETWORK)), Err(Hand::new(&TIMEOUT)), Ok(7)],
    );
    assert_eq!(result.unwrap(), 7);
    assert_eq!(calls, 3);
    assert_eq!(slept, [secs(1), secs(2)]);
}

#[test]
fn the_budget_of_the_latest_errors_kind_applies() {
    let policy = RetryPolicy::new().with_jitter(0.0);
    // Three network failures spend three retries; a timeout (budget 3) then ends it.
    let (result, calls, _) = run(
        &policy,
        &[
            Err(Hand::new(&NETWORK)),
            Err(Hand::new(&NETWORK)),
            Err(Hand::new(&NETWORK)),
            Err(Hand::new(&TIMEOUT)),
            Ok(1),
        ],
    );
    assert_eq!(result.unwrap_err().code(), 1001);
    assert_eq!(calls, 4);
    // A retryable validation error is still not retried: its kind's budget is 0.
    let (_, calls, _) = run(&policy, &[Err(Hand::new(&ODD_VALIDATION))]);
    assert_eq!(calls, 1);
    assert!(!is_terminal(&Hand::new(&ODD_VALIDATION)));
}

#[test]
fn budgets_can_be_overridden_per_kind() {
    let policy = RetryPolicy::new()
        .with_jitter(0.0)
        .with_max_retries(ErrorKind::Timeout, 5)
        .with_max_retries(ErrorKind::Network, 1);
    assert_eq!(run(&policy, &[Err(Hand::new(&TIMEOUT))]).1, 6);
    assert_eq!(run(&policy, &[Err(Hand::new(&NETWORK))]).1, 2);
    let never = RetryPolicy::never();
    assert_eq!(run(&never, &[Err(Hand::new(&NETWORK))]).1, 1);
    let all = RetryPolicy::new().with_max_retries_all(2);
    assert_eq!(all.max_retries(ErrorKind::Validation), 2);
    assert_eq!(run(&all.with_jitter(0.0), &[Err(Hand::new(&RATE))]).1, 3);
}

#[test]
fn delays_are_capped_at_max_delay() {
    let policy = RetryPolicy::new()
        .with_jitter(0.0)
        .with_max_retries(ErrorKind::Network, 8)
        .with_max_delay(secs(10));
    let (_, _, slept) = run(&policy, &[Err(Hand::new(&NETWORK))]);
    assert_eq!(slept, [1, 2, 4, 8, 10, 10, 10, 10].map(secs));
    assert_eq!(policy.nominal_delay(0), secs(1));
    assert_eq!(policy.nominal_delay(u32::MAX), secs(10));
}

#[test]
fn retry_after_is_the_minimum_wait() {
    let policy = RetryPolicy::new().with_jitter(0.0);
    let slow = Hand::new(&RATE).retry_after(secs(7));
    let (_, _, slept) = run(&policy, &[Err(slow)]);
    // 7 s beats 1, 2 and 4 s; 8 and 16 s beat 7 s.
    assert_eq!(slept, [7, 7, 7, 8, 16].map(secs));
    // Even beyond max_delay: the server knows best.
    let long = Hand::new(&RATE).retry_after(secs(120));
    assert_eq!(policy.next_delay(0, &long), Some(secs(120)));
    // But a terminal error is not retried whatever its retry_after.
    let terminal = Hand::new(&VALIDATION).retry_after(secs(1));
    assert_eq!(policy.next_delay(0, &terminal), None);
}

#[test]
fn jitter_stays_within_its_share_and_is_reproducible_with_a_seed() {
    let policy = RetryPolicy::new()
        .with_jitter(0.5)
        .with_max_retries(ErrorKind::Network, 5)
        .with_seed(42);
    let err = Hand::new(&NETWORK);
    let run_once = || {
        let mut backoff = policy.backoff();
        std::iter::from_fn(|| backoff.next_delay(&err)).collect::<Vec<_>>()
    };
    let first = run_once();
    assert_eq!(first.len(), 5);
    assert_eq!(first, run_once(), "a seeded policy repeats itself");
    for (n, d) in first.iter().enumerate() {
        let nominal = policy.nominal_delay(u32::try_from(n).unwrap() + 1);
        assert!(
            *d <= nominal && *d >= nominal / 2,
            "retry {n}: {d:?} vs {nominal:?}"
        );
    }
    // Jitter actually varies the delays.
    let other = {
        let p = policy.clone().with_seed(43);
        let mut backoff = p.backoff();
        std::iter::from_fn(|| backoff.next_delay(&err)).collect::<Vec<_>>()
    };
    assert_ne!(first, other);

    // Unseeded policies draw different jitter per backoff (with overwhelming probability).
    let unseeded = RetryPolicy::new().with_jitter(1.0);
    let a: Vec<_> = unseeded.delays(ErrorKind::Network).collect();
    let b: Vec<_> = unseeded.delays(ErrorKind::Network).collect();
    assert_ne!(a, b);
}

#[test]
fn stateless_next_delay_matches_the_budget() {
    let policy = RetryPolicy::new().with_jitter(0.0);
    let err = Hand::new(&TIMEOUT);
    let delays: Vec<_> = (0..5).map(|n| policy.next_delay(n, &err)).collect();
    assert_eq!(
        delays,
        [Some(secs(1)), Some(secs(2)), Some(secs(4)), None, None]
    );
    assert!(policy.should_retry(2, &err));
    assert!(!policy.should_retry(3, &err));
    let seeded = RetryPolicy::new().with_seed(9);
    assert_eq!(seeded.next_delay(1, &err), seeded.next_delay(1, &err));
}

#[test]
fn delays_iterator_is_exact_sized() {
    let policy = RetryPolicy::new().with_jitter(0.0);
    let mut delays = policy.delays(ErrorKind::Network);
    assert_eq!(delays.len(), 5);
    assert_eq!(delays.next(), Some(secs(1)));
    assert_eq!(delays.len(), 4);
    assert_eq!(delays.by_ref().count(), 4);
    assert_eq!(delays.next(), None);
    // A huge budget neither overflows nor panics.
    let huge = RetryPolicy::new()
        .with_max_retries_all(u32::MAX)
        .with_jitter(0.0);
    let delays = huge.delays(ErrorKind::Timeout);
    assert_eq!(delays.size_hint().0, usize::try_from(u32::MAX).unwrap());
    assert_eq!(delays.take(40).last(), Some(secs(30)));
}

#[test]
fn nonsense_settings_are_clamped() {
    let p = RetryPolicy::new()
        .with_factor(f64::NAN)
        .with_jitter(f64::NAN);
    assert!((p.factor() - 1.0).abs() < f64::EPSILON);
    assert!(p.jitter().abs() < f64::EPSILON);
    assert_eq!(p.nominal_delay(10), secs(1));
    let p = RetryPolicy::new().with_factor(0.1).with_jitter(7.0);
    assert!((p.factor() - 1.0).abs() < f64::EPSILON);
    assert!((p.jitter() - 1.0).abs() < f64::EPSILON);
    let p = RetryPolicy::new()
        .with_factor(f64::INFINITY)
        .with_jitter(-1.0);
    assert_eq!(p.nominal_delay(1), secs(1));
    assert_eq!(p.nominal_delay(2), secs(30));
    assert!(p.jitter().abs() < f64::EPSILON);
    // Huge base delays saturate at max_delay.
    let p = RetryPolicy::new().with_base_delay(Duration::MAX);
    assert_eq!(p.nominal_delay(1), secs(30));
}

#[test]
fn boxed_trait_objects_work() {
    let policy = RetryPolicy::new().with_jitter(0.0);
    let mut slept = Vec::new();
    let mut calls = 0;
    let result = retry_with_sleep(
        &policy,
        |d| slept.push(d),
        || -> Result<(), Box<dyn McpError + Send + Sync>> {
            calls += 1;
            Err(Box::new(Hand::new(&TIMEOUT)))
        },
    );
    assert_eq!(result.unwrap_err().code(), 1001);
    assert_eq!((calls, slept.len()), (4, 3));

    let mut calls = 0;
    let result = retry_with_sleep(
        &policy,
        |_| {},
        || -> Result<u8, Box<dyn McpError>> {
            calls += 1;
            if calls == 1 {
                Err(Box::new(Hand::new(&NETWORK)))
            } else {
                Ok(5)
            }
        },
    );
    assert_eq!(result.unwrap(), 5);
}

#[test]
fn the_blocking_retry_really_sleeps() {
    let policy = RetryPolicy::new()
        .with_jitter(0.0)
        .with_base_delay(Duration::from_millis(20));
    let start = std::time::Instant::now();
    let mut calls = 0;
    let result = retry::retry(&policy, || {
        calls += 1;
        if calls < 3 {
            Err(Hand::new(&NETWORK))
        } else {
            Ok(())
        }
    });
    assert!(result.is_ok());
    assert!(start.elapsed() >= Duration::from_millis(60)); // 20 + 40 ms
}

#[test]
fn retry_after_beyond_the_cap_gives_up_instead_of_sleeping() {
    let policy = RetryPolicy::new().with_jitter(0.0);
    assert_eq!(policy.max_retry_after(), secs(300));
    assert_eq!(
        RetryPolicy::DEFAULT_MAX_RETRY_AFTER,
        policy.max_retry_after()
    );
    // The knowledge base's hostile `retry_after_seconds`: u64::MAX seconds.
    let forever = Hand::new(&RATE).retry_after(secs(u64::MAX));
    assert!(!policy.should_retry(0, &forever));
    assert_eq!(policy.next_delay(0, &forever), None);
    assert_eq!(policy.backoff().next_delay(&forever), None);
    let (result, calls, slept) = run(&policy, &[Err(forever)]);
    assert_eq!(result.unwrap_err().retry_after, Some(secs(u64::MAX)));
    assert_eq!((calls, slept.len()), (1, 0), "returned at once, no sleep");
    // `retry` itself returns instead of sleeping for ever.
    let mut calls = 0;
    let result = retry::retry(&policy, || -> Result<(), Hand> {
        calls += 1;
        Err(Hand::new(&RATE).retry_after(Duration::MAX))
    });
    assert!(result.is_err());
    assert_eq!(calls, 1);

    // Exactly the cap is still honoured; one nanosecond more is not.
    let at_cap = Hand::new(&RATE).retry_after(secs(300));
    assert_eq!(policy.next_delay(0, &at_cap), Some(secs(300)));
    let over = Hand::new(&RATE).retry_after(secs(300) + Duration::from_nanos(1));
    assert_eq!(policy.next_delay(0, &over), None);

    // A later error asking for too long ends a backoff that was going on.
    let mut backoff = policy.backoff();
    assert_eq!(backoff.next_delay(&Hand::new(&RATE)), Some(secs(1)));
    assert_eq!(backoff.next_delay(&over), None);
    assert_eq!(backoff.retries(), 1);
    let outcomes = [
        Err(Hand::new(&RATE).retry_after(secs(3))),
        Err(Hand::new(&RATE).retry_after(secs(3_600))),
        Ok(7),
    ];
    let (result, calls, slept) = run(&policy, &outcomes);
    assert_eq!(result.unwrap_err().retry_after, Some(secs(3_600)));
    assert_eq!((calls, slept), (2, vec![secs(3)]));

    // The cap is configurable, up to honouring anything.
    let patient = policy.clone().with_max_retry_after(Duration::MAX);
    assert_eq!(
        patient.next_delay(0, &over),
        Some(over.retry_after.unwrap())
    );
    let forever = Hand::new(&RATE).retry_after(Duration::MAX);
    assert_eq!(patient.next_delay(0, &forever), Some(Duration::MAX));
    let strict = policy.clone().with_max_retry_after(secs(2));
    assert_eq!(strict.next_delay(0, &at_cap), None);
    // Errors without retry_after are unaffected, even under a zero cap.
    let zero = policy.with_max_retry_after(Duration::ZERO);
    assert_eq!(zero.next_delay(0, &Hand::new(&RATE)), Some(secs(1)));
}

#[test]
fn extreme_settings_never_panic_or_overflow() {
    let err = Hand::new(&NETWORK);
    let policies = [
        RetryPolicy::new()
            .with_base_delay(Duration::MAX)
            .with_max_delay(Duration::MAX),
        RetryPolicy::new()
            .with_base_delay(Duration::MAX)
            .with_max_delay(Duration::MAX)
            // A jitter share so small that the scale rounds to exactly 1.0: the old
            // `Duration::mul_f64` on `Duration::MAX` panicked here.
            .with_jitter(1e-18),
        RetryPolicy::new()
            .with_base_delay(Duration::MAX)
            .with_max_delay(Duration::MAX)
            .with_jitter(1.0),
        RetryPolicy::new()
            .with_factor(f64::MAX)
            .with_max_delay(Duration::MAX),
        RetryPolicy::new()
            .with_factor(f64::INFINITY)
            .with_max_delay(Duration::MAX)
            .with_jitter(1e-18),
        RetryPolicy::new()
            .with_base_delay(Duration::ZERO)
            .with_factor(f64::INFINITY)
            .with_max_delay(Duration::MAX),
        RetryPolicy::new().with_base_delay(Duration::from_nanos(1)),
    ];
    for (i, policy) in policies.into_iter().enumerate() {
        let policy = policy
            .with_max_retries_all(u32::MAX)
            .with_max_retry_after(Duration::MAX)
            .with_seed(i as u64);
        for retry in [0, 1, 2, 63, 64, 1_000, u32::MAX - 1, u32::MAX] {
            let nominal = policy.nominal_delay(retry);
            assert!(nominal <= policy.max_delay(), "{i}: {retry}");
            let delay = policy.next_delay(retry.min(u32::MAX - 1), &err).unwrap();
            assert!(delay <= policy.max_delay(), "{i}: {retry}");
            let slow = Hand::new(&NETWORK).retry_after(Duration::MAX);
            assert_eq!(
                policy.next_delay(retry.min(u32::MAX - 1), &slow),
                Some(Duration::MAX)
            );
        }
        assert_eq!(policy.next_delay(u32::MAX, &err), None, "budget spent");
        let mut backoff = policy.backoff();
        for _ in 0..100 {
            assert!(backoff.next_delay(&err).unwrap() <= policy.max_delay());
        }
        let delays: Vec<_> = policy.delays(ErrorKind::Network).take(100).collect();
        assert!(delays.iter().all(|d| *d <= policy.max_delay()), "{i}");
    }
    // A zero base stays zero even with an infinite factor (not `0 × ∞`, NaN, read as the cap).
    let zero = RetryPolicy::new()
        .with_base_delay(Duration::ZERO)
        .with_factor(f64::INFINITY)
        .with_jitter(0.0);
    assert_eq!(zero.nominal_delay(5), Duration::ZERO);
    assert_eq!(zero.next_delay(3, &err), Some(Duration::ZERO));
}
