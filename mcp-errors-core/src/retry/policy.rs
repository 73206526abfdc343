//! The retry policy: exponential backoff with jitter, a budget per [`ErrorKind`], and the
//! error's own `retry_after` as the floor (the [module docs](super) give the defaults).
//!
//! ```
//! # use mcp_errors_core::{ErrorEntry, ErrorKind, McpError};
//! # #[derive(Debug)] struct Timeout;
//! # impl std::fmt::Display for Timeout {
//! #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("Operation timed out") } }
//! # impl std::error::Error for Timeout {}
//! # static ENTRY: ErrorEntry = ErrorEntry { code: 1001, symbol: "E_TIMEOUT", domain: "common",
//! #     message: "Operation timed out", retryable: true, kind: ErrorKind::Timeout, variant: "Timeout",
//! #     doc: "", aliases: &[], help: None, channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] };
//! # impl McpError for Timeout {
//! #     fn entry(&self) -> &'static ErrorEntry { &ENTRY }
//! #     fn domain(&self) -> &'static str { "common" } }
//! use std::time::Duration;
//! use mcp_errors_core::retry::{RetryPolicy, retry_with_sleep};
//!
//! let policy = RetryPolicy::new().with_base_delay(Duration::from_millis(100)).with_jitter(0.0);
//! let mut slept = Vec::new();
//! let mut calls = 0;
//! let result = retry_with_sleep(&policy, |d| slept.push(d), || {
//!     calls += 1;
//!     if calls < 3 { Err(Timeout) } else { Ok(calls) }
//! });
//! assert_eq!(result.unwrap(), 3);
//! assert_eq!(slept, [Duration::from_millis(100), Duration::from_millis(200)]);
//! ```

use core::time::Duration;
use std::hash::{BuildHasher, Hasher};

use crate::{ErrorKind, McpError};

/// Whether `err` is terminal: not worth retrying unchanged (`isTerminalError` of a TypeScript
/// error hierarchy).
///
/// Works on concrete errors and on `&dyn McpError` alike.
///
/// ```
/// # use mcp_errors_core::{ErrorEntry, ErrorKind, McpError};
/// # #[derive(Debug)] struct BadPort;
/// # impl std::fmt::Display for BadPort {
/// #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("Invalid port") } }
/// # impl std::error::Error for BadPort {}
/// # static ENTRY: ErrorEntry = ErrorEntry { code: 1000, symbol: "E_INVALID_PARAMS", domain: "common",
/// #     message: "Invalid port", retryable: false, kind: ErrorKind::Validation, variant: "BadPort",
/// #     doc: "", aliases: &[], help: None, channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] };
/// # impl McpError for BadPort {
/// #     fn entry(&self) -> &'static ErrorEntry { &ENTRY }
/// #     fn domain(&self) -> &'static str { "common" } }
/// use mcp_errors_core::retry::is_terminal;
/// assert!(is_terminal(&BadPort));
/// let erased: &dyn McpError = &BadPort;
/// assert!(is_terminal(erased));
/// ```
pub fn is_terminal<E: McpError + ?Sized>(err: &E) -> bool {
    !err.retryable()
}

/// Gives [`retry`] access to an error's retry guidance, whether the error is a concrete
/// [`McpError`] or a boxed trait object.
///
/// Implemented for every sized `McpError` and for `Box<dyn McpError>` (also `+ Send` and
/// `+ Send + Sync`), which does not itself implement `McpError`; and for the errors of other
/// libraries most code returns (`std::io::Error`, `Box<dyn Error>`, also `+ Send` and
/// `+ Send + Sync`), which are unknown errors
/// ([`UnknownError`](crate::unknown::UnknownError)): retried, at most as often as the
/// `internal` kind allows (3 by default). Wrap any other error type in
/// [`Foreign`](crate::unknown::Foreign) for the same treatment.
///
/// ```
/// use mcp_errors_core::retry::{RetryPolicy, retry_with_sleep};
/// use mcp_errors_core::unknown::Foreign;
///
/// let mut calls = 0;
/// let result: Result<(), std::io::Error> = retry_with_sleep(&RetryPolicy::new(), |_| {}, || {
///     calls += 1;
///     Err(std::io::Error::other("flaky"))
/// });
/// assert!(result.is_err());
/// assert_eq!(calls, 4); // the first call and 3 retries
///
/// #[derive(Debug)]
/// struct Vendor;
/// impl std::fmt::Display for Vendor {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("vendor") }
/// }
/// impl std::error::Error for Vendor {}
/// let mut calls = 0;
/// let _ = retry_with_sleep(&RetryPolicy::new(), |_| {}, || -> Result<(), _> {
///     calls += 1;
///     Err(Foreign(Vendor))
/// });
/// assert_eq!(calls, 4);
/// ```
///
/// ```
/// # use mcp_errors_core::{ErrorEntry, ErrorKind, McpError};
/// # #[derive(Debug)] struct Nav;
/// # impl std::fmt::Display for Nav {
/// #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("Navigation failed") } }
/// # impl std::error::Error for Nav {}
/// # static ENTRY: ErrorEntry = ErrorEntry { code: 2100, symbol: "E_PW_NAV", domain: "playwright",
/// #     message: "Navigation failed", retryable: true, kind: ErrorKind::Network, variant: "Nav",
/// #     doc: "", aliases: &[], help: None, channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] };
/// # impl McpError for Nav {
/// #     fn entry(&self) -> &'static ErrorEntry { &ENTRY }
/// #     fn domain(&self) -> &'static str { "playwright" } }
/// use mcp_errors_core::retry::AsMcpError;
///
/// let boxed: Box<dyn McpError + Send + Sync> = Box::new(Nav);
/// assert_eq!(boxed.as_mcp_error().code(), 2100);
/// assert_eq!(Nav.as_mcp_error().symbol(), "E_PW_NAV");
/// ```
pub trait AsMcpError {
    /// The error as a trait object.
    fn as_mcp_error(&self) -> &(dyn McpError + '_);
}

impl<E: McpError> AsMcpError for E {
    fn as_mcp_error(&self) -> &(dyn McpError + '_) {
        self
    }
}

macro_rules! as_mcp_error_for_box {
    ($($ty:ty),*) => {$(
        impl AsMcpError for Box<$ty> {
            fn as_mcp_error(&self) -> &(dyn McpError + '_) {
                &**self
            }
        }
    )*};
}

as_mcp_error_for_box!(
    dyn McpError + '_,
    dyn McpError + Send + '_,
    dyn McpError + Send + Sync + '_
);

// Errors from outside the taxonomy are unknown errors: retried, at most as often
// as the `internal` kind allows (3 by default).
macro_rules! as_mcp_error_for_foreign {
    ($($ty:ty),*) => {$(
        impl AsMcpError for $ty {
            fn as_mcp_error(&self) -> &(dyn McpError + '_) {
                &crate::unknown::UnknownError
            }
        }
    )*};
}

as_mcp_error_for_foreign!(
    std::io::Error,
    Box<dyn std::error::Error + '_>,
    Box<dyn std::error::Error + Send + '_>,
    Box<dyn std::error::Error + Send + Sync + '_>
);

const KINDS: usize = ErrorKind::ALL.len();

/// The default retry budget of each kind (see the [module docs](crate::retry)).
const fn default_max_retries(kind: ErrorKind) -> u32 {
    match kind {
        ErrorKind::Validation | ErrorKind::Permission => 0,
        ErrorKind::Network | ErrorKind::Unavailable | ErrorKind::RateLimit => 5,
        ErrorKind::Timeout
        | ErrorKind::NotFound
        | ErrorKind::Internal
        | ErrorKind::Protocol
        | ErrorKind::Adapter
        | ErrorKind::Business => 3,
    }
}

const fn default_budgets() -> [u32; KINDS] {
    let mut out = [0; KINDS];
    let mut i = 0;
    while i < KINDS {
        out[i] = default_max_retries(ErrorKind::ALL[i]);
        i += 1;
    }
    out
}

/// How errors are retried: exponential backoff with jitter and a retry budget per
/// [`ErrorKind`].
///
/// Built with `with_*` methods from [`RetryPolicy::new`] (the documented defaults of the
/// [module](crate::retry)); every setter accepts any value and clamps nonsense (a factor below 1 or
/// NaN becomes 1, a jitter outside `0..=1` is clamped) instead of panicking. A policy is
/// immutable and `Sync`: share one between threads; the per-operation state lives in a
/// [`Backoff`].
///
/// ```
/// use std::time::Duration;
/// use mcp_errors_core::{ErrorKind, retry::RetryPolicy};
///
/// let policy = RetryPolicy::new()
///     .with_base_delay(Duration::from_millis(50))
///     .with_factor(3.0)
///     .with_max_delay(Duration::from_secs(1))
///     .with_max_retries(ErrorKind::Timeout, 5);
/// assert_eq!(policy.max_retries(ErrorKind::Timeout), 5);
/// assert_eq!(policy.max_retries(ErrorKind::Validation), 0);
/// assert_eq!(policy.nominal_delay(1), Duration::from_millis(50));
/// assert_eq!(policy.nominal_delay(3), Duration::from_millis(450));
/// assert_eq!(policy.nominal_delay(10), Duration::from_secs(1));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct RetryPolicy {
    base: Duration,
    factor: f64,
    max_delay: Duration,
    jitter: f64,
    budgets: [u32; KINDS],
    seed: Option<u64>,
    max_retry_after: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy::new()
    }
}

impl RetryPolicy {
    /// The default `max_retry_after`: 5 minutes.
    pub const DEFAULT_MAX_RETRY_AFTER: Duration = Duration::from_secs(5 * 60);

    /// The default policy: base 1 s, factor 2, max delay 30 s, jitter 0.5, budgets per the
    /// table of the [module docs](crate::retry), random jitter, errors asking to wait more than
    /// 5 minutes not retried.
    pub const fn new() -> RetryPolicy {
        RetryPolicy {
            base: Duration::from_secs(1),
            factor: 2.0,
            max_delay: Duration::from_secs(30),
            jitter: 0.5,
            budgets: default_budgets(),
            seed: None,
            max_retry_after: RetryPolicy::DEFAULT_MAX_RETRY_AFTER,
        }
    }

    /// A policy that never retries anything.
    ///
    /// ```
    /// use mcp_errors_core::{ErrorKind, retry::RetryPolicy};
    /// assert!(ErrorKind::ALL.iter().all(|&k| RetryPolicy::never().max_retries(k) == 0));
    /// ```
    pub const fn never() -> RetryPolicy {
        RetryPolicy::new().with_max_retries_all(0)
    }

    /// The delay before the first retry.
    #[must_use]
    pub const fn with_base_delay(self, base: Duration) -> RetryPolicy {
        RetryPolicy { base, ..self }
    }

    /// The growth of the delay from one retry to the next (values below 1, and NaN, mean 1:
    /// a constant delay).
    #[must_use]
    pub fn with_factor(self, factor: f64) -> RetryPolicy {
        let factor = if factor >= 1.0 { factor } else { 1.0 };
        RetryPolicy { factor, ..self }
    }

    /// The longest computed delay. An error's own `retry_after` may still ask for more, up
    /// to [`max_retry_after`](RetryPolicy::with_max_retry_after).
    #[must_use]
    pub const fn with_max_delay(self, max_delay: Duration) -> RetryPolicy {
        RetryPolicy { max_delay, ..self }
    }

    /// The longest wait an error may ask for with its `retry_after()` (default
    /// [5 minutes](RetryPolicy::DEFAULT_MAX_RETRY_AFTER)). An error that asks for more is not
    /// retried: the policy gives up and the error is returned, rather than sleeping that
    /// long or retrying sooner than the server allows (see the [module docs](crate::retry)).
    /// `Duration::MAX` honours any delay.
    ///
    /// ```
    /// # use mcp_errors_core::{ErrorEntry, ErrorKind, McpError};
    /// # use std::time::Duration;
    /// # #[derive(Debug)] struct Busy(u64);
    /// # impl std::fmt::Display for Busy {
    /// #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("Busy") } }
    /// # impl std::error::Error for Busy {}
    /// # static ENTRY: ErrorEntry = ErrorEntry { code: 2701, symbol: "E_NOTION_RATE", domain: "notion",
    /// #     message: "Busy", retryable: true, kind: ErrorKind::RateLimit, variant: "Rate",
    /// #     doc: "", aliases: &[], help: None, channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] };
    /// # impl McpError for Busy {
    /// #     fn entry(&self) -> &'static ErrorEntry { &ENTRY }
    /// #     fn domain(&self) -> &'static str { "notion" }
    /// #     fn retry_after(&self) -> Option<Duration> { Some(Duration::from_secs(self.0)) } }
    /// use mcp_errors_core::retry::RetryPolicy;
    ///
    /// let policy = RetryPolicy::new().with_max_retry_after(Duration::from_secs(60));
    /// assert_eq!(policy.next_delay(0, &Busy(60)), Some(Duration::from_secs(60)));
    /// assert_eq!(policy.next_delay(0, &Busy(61)), None); // gives up instead
    /// assert_eq!(RetryPolicy::new().next_delay(0, &Busy(u64::MAX)), None);
    /// ```
    #[must_use]
    pub const fn with_max_retry_after(self, max_retry_after: Duration) -> RetryPolicy {
        RetryPolicy {
            max_retry_after,
            ..self
        }
    }

    /// The share of each delay that is random: the `n`th delay is drawn uniformly from
    /// `[d × (1 − jitter), d]` where `d` is the [nominal delay](RetryPolicy::nominal_delay).
    /// `0` gives exact delays; values are clamped to `0..=1` (NaN means 0).
    #[must_use]
    pub fn with_jitter(self, jitter: f64) -> RetryPolicy {
        let jitter = if jitter.is_nan() {
            0.0
        } else {
            jitter.clamp(0.0, 1.0)
        };
        RetryPolicy { jitter, ..self }
    }

    /// The most retries (after the first attempt) for an error of `kind`.
    #[must_use]
    pub const fn with_max_retries(mut self, kind: ErrorKind, retries: u32) -> RetryPolicy {
        self.budgets[kind as usize] = retries;
        self
    }

    /// The same retry budget for every kind.
    #[must_use]
    pub const fn with_max_retries_all(mut self, retries: u32) -> RetryPolicy {
        self.budgets = [retries; KINDS];
        self
    }

    /// Seeds the jitter, making delays reproducible (tests, simulations). Without a seed
    /// every [`Backoff`] draws a fresh random seed from the standard library's hasher keys.
    #[must_use]
    pub const fn with_seed(self, seed: u64) -> RetryPolicy {
        RetryPolicy {
            seed: Some(seed),
            ..self
        }
    }

    /// The delay before the first retry.
    pub const fn base_delay(&self) -> Duration {
        self.base
    }

    /// The growth factor between retries (at least 1).
    pub const fn factor(&self) -> f64 {
        self.factor
    }

    /// The cap of computed delays.
    pub const fn max_delay(&self) -> Duration {
        self.max_delay
    }

    /// The longest `retry_after` an error may ask for and still be retried.
    pub const fn max_retry_after(&self) -> Duration {
        self.max_retry_after
    }

    /// The random share of each delay, in `0..=1`.
    pub const fn jitter(&self) -> f64 {
        self.jitter
    }

    /// The jitter seed, when set.
    pub const fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The most retries for an error of `kind`.
    pub const fn max_retries(&self, kind: ErrorKind) -> u32 {
        self.budgets[kind as usize]
    }

    /// The delay before retry number `retry` (1 for the first retry; 0 is treated as 1)
    /// before jitter: `base × factor^(retry−1)`, capped at [`max_delay`](RetryPolicy::max_delay).
    pub fn nominal_delay(&self, retry: u32) -> Duration {
        if self.base.is_zero() {
            // Not `0 × ∞` (NaN) with an infinite factor.
            return Duration::ZERO;
        }
        let exponent = i32::try_from(retry.saturating_sub(1)).unwrap_or(i32::MAX);
        let secs = self.base.as_secs_f64() * self.factor.powi(exponent);
        match Duration::try_from_secs_f64(secs) {
            Ok(d) if d <= self.max_delay => d,
            _ => self.max_delay,
        }
    }

    /// Whether an operation that failed with `err` after `retries_done` retries should be
    /// tried again: `err` is retryable, its kind's budget is not spent, and its
    /// `retry_after()`, if any, is at most [`max_retry_after`](RetryPolicy::max_retry_after).
    pub fn should_retry<E: McpError + ?Sized>(&self, retries_done: u32, err: &E) -> bool {
        err.retryable()
            && retries_done < self.max_retries(err.kind())
            && err
                .retry_after()
                .is_none_or(|wait| wait <= self.max_retry_after)
    }

    /// Stateless form of [`Backoff::next_delay`]: how long to wait before retrying an
    /// operation that failed with `err` after `retries_done` retries, or `None` when it should
    /// not be retried (see [`should_retry`](RetryPolicy::should_retry)). The jitter comes
    /// from the seed mixed with `retries_done` (or is random without a seed).
    ///
    /// ```
    /// # use mcp_errors_core::{ErrorEntry, ErrorKind, McpError};
    /// # #[derive(Debug)] struct Timeout;
    /// # impl std::fmt::Display for Timeout {
    /// #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("Operation timed out") } }
    /// # impl std::error::Error for Timeout {}
    /// # static ENTRY: ErrorEntry = ErrorEntry { code: 1001, symbol: "E_TIMEOUT", domain: "common",
    /// #     message: "Operation timed out", retryable: true, kind: ErrorKind::Timeout, variant: "Timeout",
    /// #     doc: "", aliases: &[], help: None, channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] };
    /// # impl McpError for Timeout {
    /// #     fn entry(&self) -> &'static ErrorEntry { &ENTRY }
    /// #     fn domain(&self) -> &'static str { "common" } }
    /// use std::time::Duration;
    /// use mcp_errors_core::retry::RetryPolicy;
    ///
    /// let policy = RetryPolicy::new().with_jitter(0.0);
    /// assert_eq!(policy.next_delay(0, &Timeout), Some(Duration::from_secs(1)));
    /// assert_eq!(policy.next_delay(2, &Timeout), Some(Duration::from_secs(4)));
    /// assert_eq!(policy.next_delay(3, &Timeout), None); // timeouts: 3 retries by default
    /// ```
    pub fn next_delay<E: McpError + ?Sized>(&self, retries_done: u32, err: &E) -> Option<Duration> {
        if !self.should_retry(retries_done, err) {
            return None;
        }
        let seed = match self.seed {
            Some(seed) => seed ^ u64::from(retries_done).wrapping_mul(0xA076_1D64_78BD_642F),
            None => random_seed(),
        };
        let mut rng = SplitMix64(seed);
        Some(self.delay_for(retries_done.saturating_add(1), err.retry_after(), &mut rng))
    }

    /// Per-operation retry state: count failures with [`Backoff::next_delay`]. Use it to
    /// drive retries from async code with the runtime's own timer.
    ///
    /// ```
    /// # use mcp_errors_core::{ErrorEntry, ErrorKind, McpError};
    /// # #[derive(Debug)] struct Busy;
    /// # impl std::fmt::Display for Busy {
    /// #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("Busy") } }
    /// # impl std::error::Error for Busy {}
    /// # static ENTRY: ErrorEntry = ErrorEntry { code: 2701, symbol: "E_NOTION_RATE", domain: "notion",
    /// #     message: "Busy", retryable: true, kind: ErrorKind::RateLimit, variant: "Rate",
    /// #     doc: "", aliases: &[], help: None, channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] };
    /// # impl McpError for Busy {
    /// #     fn entry(&self) -> &'static ErrorEntry { &ENTRY }
    /// #     fn domain(&self) -> &'static str { "notion" } }
    /// # fn call() -> Result<(), Busy> { Err(Busy) }
    /// # async fn sleep(_: std::time::Duration) {}
    /// # async fn run() -> Result<(), Busy> {
    /// use mcp_errors_core::retry::RetryPolicy;
    ///
    /// let policy = RetryPolicy::new();
    /// let mut backoff = policy.backoff();
    /// loop {
    ///     match call() {
    ///         Ok(v) => return Ok(v),
    ///         Err(e) => match backoff.next_delay(&e) {
    ///             Some(delay) => sleep(delay).await,
    ///             None => return Err(e),
    ///         },
    ///     }
    /// }
    /// # }
    /// ```
    pub fn backoff(&self) -> Backoff<'_> {
        Backoff {
            policy: self,
            retries: 0,
            rng: SplitMix64(self.seed.unwrap_or_else(random_seed)),
        }
    }

    /// The jittered delays before each retry of an operation failing with errors of `kind`,
    /// as many as the kind's budget allows. For callers that sleep on their own and do not
    /// look at each error (the error's `retry_after` is not known here, so neither it nor
    /// `max_retry_after` applies: use [`backoff`](RetryPolicy::backoff) to follow them).
    ///
    /// ```
    /// use std::time::Duration;
    /// use mcp_errors_core::{ErrorKind, retry::RetryPolicy};
    ///
    /// let policy = RetryPolicy::new().with_jitter(0.0);
    /// let delays: Vec<_> = policy.delays(ErrorKind::Timeout).collect();
    /// assert_eq!(delays, [1, 2, 4].map(Duration::from_secs));
    /// assert_eq!(policy.delays(ErrorKind::Validation).count(), 0);
    /// ```
    pub fn delays(&self, kind: ErrorKind) -> Delays<'_> {
        Delays {
            policy: self,
            next: 1,
            last: u64::from(self.max_retries(kind)),
            rng: SplitMix64(self.seed.unwrap_or_else(random_seed)),
        }
    }

    /// The jittered delay before retry number `retry` (1-based), at least `retry_after`.
    fn delay_for(
        &self,
        retry: u32,
        retry_after: Option<Duration>,
        rng: &mut SplitMix64,
    ) -> Duration {
        let nominal = self.nominal_delay(retry);
        let delay = if self.jitter > 0.0 {
            // Not `Duration::mul_f64`, which panics when `nominal` is near `Duration::MAX`
            // (its `f64` seconds round up past it). The scale is in `(0, 1]`.
            let scale = 1.0 - self.jitter * rng.next_unit();
            Duration::try_from_secs_f64(nominal.as_secs_f64() * scale)
                .map_or(nominal, |d| d.min(nominal))
        } else {
            nominal
        };
        match retry_after {
            Some(min) if min > delay => min,
            _ => delay,
        }
    }
}

/// The retry state of one operation under a [`RetryPolicy`]; see [`RetryPolicy::backoff`].
#[derive(Clone, Debug)]
pub struct Backoff<'a> {
    policy: &'a RetryPolicy,
    retries: u32,
    rng: SplitMix64,
}

impl Backoff<'_> {
    /// Called after a failure with `err`: the delay to wait before the next attempt, or
    /// `None` when `err` is terminal, its kind's retry budget is spent, or it asks to wait
    /// longer than [`max_retry_after`](RetryPolicy::with_max_retry_after). Each `Some` counts
    /// one retry.
    pub fn next_delay<E: McpError + ?Sized>(&mut self, err: &E) -> Option<Duration> {
        if !self.policy.should_retry(self.retries, err) {
            return None;
        }
        self.retries = self.retries.saturating_add(1);
        Some(
            self.policy
                .delay_for(self.retries, err.retry_after(), &mut self.rng),
        )
    }

    /// How many retries were granted so far.
    pub fn retries(&self) -> u32 {
        self.retries
    }
}

/// The delays of [`RetryPolicy::delays`].
#[derive(Clone, Debug)]
pub struct Delays<'a> {
    policy: &'a RetryPolicy,
    /// 1-based number of the next retry; `u64` so that it can pass a budget of `u32::MAX`.
    next: u64,
    last: u64,
    rng: SplitMix64,
}

impl Iterator for Delays<'_> {
    type Item = Duration;

    fn next(&mut self) -> Option<Duration> {
        if self.next > self.last {
            return None;
        }
        let retry = u32::try_from(self.next).unwrap_or(u32::MAX);
        let delay = self.policy.delay_for(retry, None, &mut self.rng);
        self.next = self.next.saturating_add(1);
        Some(delay)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.last.saturating_add(1).saturating_sub(self.next))
            .unwrap_or(usize::MAX);
        (left, Some(left))
    }
}

impl ExactSizeIterator for Delays<'_> {}

impl core::iter::FusedIterator for Delays<'_> {}

/// Runs `op` until it succeeds, fails with a terminal error, exhausts the retry budget of
/// its error's kind, or fails with an error asking to wait longer than the policy's
/// [`max_retry_after`](RetryPolicy::with_max_retry_after), sleeping the policy's delays in
/// between with `std::thread::sleep`. Returns the success or the last error.
///
/// `E` is any [`McpError`] or a `Box<dyn McpError + Send + Sync>` (see [`AsMcpError`]).
/// From async code use [`RetryPolicy::backoff`] instead: this function blocks the thread.
///
/// ```
/// # use mcp_errors_core::{ErrorEntry, ErrorKind, McpError};
/// # #[derive(Debug)] struct BadPort;
/// # impl std::fmt::Display for BadPort {
/// #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("Invalid port") } }
/// # impl std::error::Error for BadPort {}
/// # static ENTRY: ErrorEntry = ErrorEntry { code: 1000, symbol: "E_INVALID_PARAMS", domain: "common",
/// #     message: "Invalid port", retryable: false, kind: ErrorKind::Validation, variant: "BadPort",
/// #     doc: "", aliases: &[], help: None, channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] };
/// # impl McpError for BadPort {
/// #     fn entry(&self) -> &'static ErrorEntry { &ENTRY }
/// #     fn domain(&self) -> &'static str { "common" } }
/// use mcp_errors_core::retry::{RetryPolicy, retry};
///
/// let mut calls = 0;
/// // A validation error is terminal: one call, no sleep.
/// let result = retry(&RetryPolicy::new(), || -> Result<(), Box<dyn McpError + Send + Sync>> {
///     calls += 1;
///     Err(Box::new(BadPort))
/// });
/// assert!(result.is_err());
/// assert_eq!(calls, 1);
/// ```
pub fn retry<T, E, F>(policy: &RetryPolicy, op: F) -> Result<T, E>
where
    E: AsMcpError,
    F: FnMut() -> Result<T, E>,
{
    retry_with_sleep(policy, std::thread::sleep, op)
}

/// [`retry`] with an injected sleeper: tests pass a closure that records the delays instead
/// of waiting; embedders can plug in their own blocking wait.
///
/// ```
/// # use mcp_errors_core::{ErrorEntry, ErrorKind, McpError};
/// # #[derive(Debug)] struct Nav;
/// # impl std::fmt::Display for Nav {
/// #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("Navigation failed") } }
/// # impl std::error::Error for Nav {}
/// # static ENTRY: ErrorEntry = ErrorEntry { code: 2100, symbol: "E_PW_NAV", domain: "playwright",
/// #     message: "Navigation failed", retryable: true, kind: ErrorKind::Network, variant: "Nav",
/// #     doc: "", aliases: &[], help: None, channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] };
/// # impl McpError for Nav {
/// #     fn entry(&self) -> &'static ErrorEntry { &ENTRY }
/// #     fn domain(&self) -> &'static str { "playwright" } }
/// use std::time::Duration;
/// use mcp_errors_core::retry::{RetryPolicy, retry_with_sleep};
///
/// // Navigation failures are retried 5 times by default; here twice, without jitter.
/// let policy = RetryPolicy::new().with_jitter(0.0).with_max_retries(ErrorKind::Network, 2);
/// let mut slept = Vec::new();
/// let result: Result<(), Nav> = retry_with_sleep(&policy, |d| slept.push(d), || Err(Nav));
/// assert!(result.is_err());
/// assert_eq!(slept, [Duration::from_secs(1), Duration::from_secs(2)]);
/// ```
pub fn retry_with_sleep<T, E, S, F>(policy: &RetryPolicy, mut sleep: S, mut op: F) -> Result<T, E>
where
    E: AsMcpError,
    S: FnMut(Duration),
    F: FnMut() -> Result<T, E>,
{
    let mut backoff = policy.backoff();
    loop {
        match op() {
            Ok(value) => return Ok(value),
            Err(err) => match backoff.next_delay(err.as_mcp_error()) {
                Some(delay) => sleep(delay),
                None => return Err(err),
            },
        }
    }
}

/// `SplitMix64` (Steele, Lea, Flood 2014): a tiny, well-distributed generator, enough for
/// jitter. Not for anything that needs unpredictability.
#[derive(Clone, Debug)]
struct SplitMix64(u64);

impl SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`, from the top 53 bits.
    #[allow(clippy::cast_precision_loss)] // 53 bits fit an f64 mantissa exactly
    fn next_unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

/// A seed from the standard library's randomly keyed hasher: no `rand` dependency.
fn random_seed() -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(0x6D63_705F_6572_7273);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_draws_stay_in_range_and_spread() {
        let mut rng = SplitMix64(42);
        let draws: Vec<f64> = (0..10_000).map(|_| rng.next_unit()).collect();
        assert!(draws.iter().all(|&u| (0.0..1.0).contains(&u)));
        let low = draws.iter().filter(|&&u| u < 0.5).count();
        assert!((4_500..5_500).contains(&low), "{low}");
    }

    #[test]
    fn default_budgets_follow_the_module_table() {
        let p = RetryPolicy::new();
        assert_eq!(p.max_retries(ErrorKind::Validation), 0);
        assert_eq!(p.max_retries(ErrorKind::Permission), 0);
        assert_eq!(p.max_retries(ErrorKind::Timeout), 3);
        assert_eq!(p.max_retries(ErrorKind::Network), 5);
        assert_eq!(p.max_retries(ErrorKind::Internal), 3);
    }

    #[test]
    fn random_seeds_differ() {
        assert_ne!(random_seed(), random_seed());
    }
}
