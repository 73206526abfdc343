//! [`MetricsConfig`]: whether the counters count, their sampling and capacity, and how
//! `MCP_ERRORS_METRICS` / `MCP_ERRORS_METRICS_SAMPLE` map onto them (also read under their
//! deprecated names `MCP_ERROR_METRICS` / `MCP_ERROR_METRICS_SAMPLE`).

#[cfg(doc)]
use super::ErrorStats;
use crate::env::{self, is_truthy};
use core::num::IntErrorKind;

/// Default number of distinct errors (`(code, symbol, domain)` combinations) an
/// [`ErrorStats`] counts separately: about 120 KiB of keys and striped counters (see
/// [`MetricsConfig::with_capacity`]).
pub const DEFAULT_CAPACITY: usize = 1024;

/// The largest capacity; larger requests are clamped to it.
pub const MAX_CAPACITY: usize = 1 << 20;

/// How an [`ErrorStats`] behaves: whether it counts, its sampling rate and its capacity.
///
/// ```
/// use mcp_errors_core::metrics::MetricsConfig;
///
/// let config = MetricsConfig::from_vars(Some("yes"), Some("100"));
/// assert!(config.enabled);
/// assert_eq!(config.sample, 100);
/// assert_eq!(MetricsConfig::from_vars(None, None), MetricsConfig::disabled());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MetricsConfig {
    /// Whether occurrences are counted at all.
    pub enabled: bool,
    /// Record every `sample`th occurrence of each error; `0` and `1` record all.
    pub sample: u32,
    /// Distinct `(code, symbol, domain)` combinations counted separately (rounded up to a
    /// power of two, at most [`MAX_CAPACITY`]).
    pub capacity: usize,
}

impl MetricsConfig {
    /// Counting on, every occurrence, default capacities.
    pub const fn enabled() -> MetricsConfig {
        MetricsConfig {
            enabled: true,
            sample: 1,
            capacity: DEFAULT_CAPACITY,
        }
    }

    /// Counting off: [`ErrorStats::record`] does nothing and allocates nothing.
    pub const fn disabled() -> MetricsConfig {
        MetricsConfig {
            enabled: false,
            ..MetricsConfig::enabled()
        }
    }

    /// The same configuration recording every `n`th occurrence of each error.
    ///
    /// ```
    /// use mcp_errors_core::metrics::MetricsConfig;
    /// assert_eq!(MetricsConfig::enabled().with_sample(10).sample, 10);
    /// ```
    #[must_use]
    pub const fn with_sample(self, n: u32) -> MetricsConfig {
        MetricsConfig { sample: n, ..self }
    }

    /// The same configuration with another capacity: how many distinct
    /// `(code, symbol, domain)` combinations are counted separately (rounded up to a power of
    /// two, at most [`MAX_CAPACITY`]; `0` counts only `total` and `overflow`).
    ///
    /// An enabled instance allocates about 120 bytes per slot, all up front: a 56-byte key and
    /// one 8-byte counter in each of the 8 per-thread stripes (plus a 64-byte line per stripe
    /// for the overflow counter). That is about 120 KiB for [`DEFAULT_CAPACITY`], 8 KiB for
    /// 64 and 120 MiB for [`MAX_CAPACITY`]; a disabled instance allocates nothing.
    ///
    /// ```
    /// use mcp_errors_core::metrics::MetricsConfig;
    /// let small = MetricsConfig::enabled().with_capacity(64);
    /// assert_eq!(small.capacity, 64);
    /// ```
    #[must_use]
    pub const fn with_capacity(self, capacity: usize) -> MetricsConfig {
        MetricsConfig { capacity, ..self }
    }

    /// The configuration described by the values of `MCP_ERRORS_METRICS` and
    /// `MCP_ERRORS_METRICS_SAMPLE` (see the [module docs](crate::metrics)), without reading the
    /// environment: tests and embedders pass the values they want.
    ///
    /// ```
    /// use mcp_errors_core::metrics::MetricsConfig;
    /// assert!(!MetricsConfig::from_vars(Some("0"), None).enabled);
    /// assert_eq!(MetricsConfig::from_vars(Some("1"), Some("abc")).sample, 1);
    /// assert_eq!(MetricsConfig::from_vars(Some("1"), Some("99999999999")).sample, u32::MAX);
    /// ```
    pub fn from_vars(metrics: Option<&str>, sample: Option<&str>) -> MetricsConfig {
        let base = if metrics.is_some_and(is_truthy) {
            MetricsConfig::enabled()
        } else {
            MetricsConfig::disabled()
        };
        // A rate past `u32::MAX` is still a rate: it saturates rather than count everything.
        // (Read as a `usize`, whose parser the standard library already has compiled; std
        // targets have at least 32 bits.)
        let sample = sample
            .and_then(|s| match s.trim().parse::<usize>() {
                Ok(n) => Some(u32::try_from(n).unwrap_or(u32::MAX)),
                Err(e) if *e.kind() == IntErrorKind::PosOverflow => Some(u32::MAX),
                Err(_) => None,
            })
            .filter(|&n| n > 0)
            .unwrap_or(1);
        base.with_sample(sample)
    }

    /// Reads `MCP_ERRORS_METRICS` and `MCP_ERRORS_METRICS_SAMPLE` from the environment, each
    /// under its deprecated name (`MCP_ERROR_METRICS`, `MCP_ERROR_METRICS_SAMPLE`) when the
    /// new one is unset: the [module docs](crate::metrics#environment).
    /// Values that are not valid Unicode count as unset.
    pub fn from_env() -> MetricsConfig {
        MetricsConfig::from_lookup(|name| std::env::var(name).ok())
    }

    /// [`from_env`](MetricsConfig::from_env) with `lookup` in place of the environment.
    fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> MetricsConfig {
        let metrics = env::METRICS.get_with(&lookup);
        let sample = env::METRICS_SAMPLE.get_with(&lookup);
        MetricsConfig::from_vars(metrics.as_deref(), sample.as_deref())
    }
}

impl Default for MetricsConfig {
    /// [`MetricsConfig::disabled`]: counting is opt-in.
    fn default() -> Self {
        MetricsConfig::disabled()
    }
}

#[cfg(test)]
mod tests {
    use super::MetricsConfig;

    fn config(vars: &[(&str, &str)]) -> MetricsConfig {
        MetricsConfig::from_lookup(|name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_owned())
        })
    }

    #[test]
    fn new_names() {
        let c = config(&[
            ("MCP_ERRORS_METRICS", "1"),
            ("MCP_ERRORS_METRICS_SAMPLE", "4"),
        ]);
        assert_eq!(c, MetricsConfig::enabled().with_sample(4));
    }

    #[test]
    fn deprecated_names() {
        let c = config(&[
            ("MCP_ERROR_METRICS", "yes"),
            ("MCP_ERROR_METRICS_SAMPLE", "5"),
        ]);
        assert_eq!(c, MetricsConfig::enabled().with_sample(5));
    }

    #[test]
    fn both_names_the_new_one_wins() {
        let c = config(&[
            ("MCP_ERROR_METRICS", "1"),
            ("MCP_ERRORS_METRICS", "0"),
            ("MCP_ERROR_METRICS_SAMPLE", "5"),
            ("MCP_ERRORS_METRICS_SAMPLE", "2"),
        ]);
        assert_eq!(c, MetricsConfig::disabled().with_sample(2));
        let c = config(&[("MCP_ERROR_METRICS", "0"), ("MCP_ERRORS_METRICS", "on")]);
        assert_eq!(c, MetricsConfig::enabled());
    }

    #[test]
    fn one_of_each() {
        // Each variable falls back on its own: the new switch, the deprecated rate.
        let c = config(&[
            ("MCP_ERRORS_METRICS", "1"),
            ("MCP_ERROR_METRICS_SAMPLE", "3"),
        ]);
        assert_eq!(c, MetricsConfig::enabled().with_sample(3));
        assert_eq!(config(&[]), MetricsConfig::disabled());
    }
}
