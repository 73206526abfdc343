//! Reading environment variables: every variable of this crate is named `MCP_ERRORS_*`
//! ([`METRICS`], [`METRICS_SAMPLE`], [`VERBOSE`], [`UPDATE_LOCK`]), and [`is_truthy`] is the
//! one rule for "on".
//!
//! Two had the prefix `MCP_ERROR_` before: `MCP_ERROR_METRICS` and `MCP_ERROR_METRICS_SAMPLE`
//! (the names the Node fleet's servers set). They are still read, under their deprecated
//! names: the new name wins when both are set. A server does not print anything about it
//! (a line on stderr from every server of a fleet is noise nobody asked for); with the
//! `tracing` feature, the first read of a deprecated name emits one `WARN` event (target
//! `mcp_errors`) naming the variable to set instead.

use core::sync::atomic::{AtomicBool, Ordering};

/// One environment variable: its name, and the name it had before, still read.
pub(crate) struct Var {
    /// The name to set.
    pub(crate) name: &'static str,
    /// The deprecated name, read when `name` is unset.
    former: Option<&'static str>,
    /// Whether reading `former` was reported already.
    reported: AtomicBool,
}

/// Whether the process-wide error counters count (`metrics::global()`).
pub(crate) static METRICS: Var = Var::renamed("MCP_ERRORS_METRICS", "MCP_ERROR_METRICS");
/// The sampling rate of the process-wide error counters.
pub(crate) static METRICS_SAMPLE: Var =
    Var::renamed("MCP_ERRORS_METRICS_SAMPLE", "MCP_ERROR_METRICS_SAMPLE");
/// `Verbosity::from_env`: a sanitized stack in `data.stack`.
pub(crate) static VERBOSE: Var = Var::new(VERBOSE_NAME);
/// [`VERBOSE`]'s name, for the public constant `Verbosity::ENV_VAR` (a constant cannot read
/// a static that has interior mutability).
pub(crate) const VERBOSE_NAME: &str = "MCP_ERRORS_VERBOSE";
/// `Registry::assert_stable` may add new codes to the lock file.
#[cfg(feature = "registry")]
pub(crate) static UPDATE_LOCK: Var = Var::new("MCP_ERRORS_UPDATE_LOCK");

impl Var {
    const fn new(name: &'static str) -> Var {
        Var {
            name,
            former: None,
            reported: AtomicBool::new(false),
        }
    }

    const fn renamed(name: &'static str, former: &'static str) -> Var {
        Var {
            former: Some(former),
            ..Var::new(name)
        }
    }

    /// The variable's value in the process environment, under its name or else its former
    /// one; a value that is not UTF-8 counts as unset.
    pub(crate) fn get(&self) -> Option<String> {
        self.get_with(|name| std::env::var(name).ok())
    }

    /// [`get`](Var::get) with `lookup` in place of the process environment.
    pub(crate) fn get_with(&self, lookup: impl Fn(&str) -> Option<String>) -> Option<String> {
        let value = lookup(self.name);
        let Some(former) = self.former else {
            return value;
        };
        let Some(old) = lookup(former) else {
            return value;
        };
        self.report(former, value.is_some());
        value.or(Some(old))
    }

    /// Says once per process, through `tracing` when the feature is on, that `former` was
    /// found (and whether the new name overrode it).
    fn report(&self, former: &str, overridden: bool) {
        if self.reported.swap(true, Ordering::Relaxed) {
            return;
        }
        #[cfg(feature = "tracing")]
        if overridden {
            ::tracing::warn!(
                target: "mcp_errors",
                "the environment variable {former} is deprecated and ignored: {} is set; unset {former}",
                self.name,
            );
        } else {
            ::tracing::warn!(
                target: "mcp_errors",
                "the environment variable {former} is deprecated: set {} instead (it is read the same way)",
                self.name,
            );
        }
        #[cfg(not(feature = "tracing"))]
        let _ = (former, overridden);
    }
}

/// Whether an environment value counts as "on": `1`, `true`, `yes` or `on`, in any case,
/// with surrounding whitespace ignored. Everything else (including `0`, `false` and the empty
/// string) is off.
pub(crate) fn is_truthy(value: &str) -> bool {
    // A lowercased copy: `eq_ignore_ascii_case` would compile its chunked loop into the
    // default build (`Verbosity::parse` reads `full` the same way).
    matches!(
        value.trim().to_ascii_lowercase().as_str(),
        "1" | "true" | "yes" | "on"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truthy_values() {
        for v in ["1", "true", "TRUE", "Yes", "on", " on\n"] {
            assert!(is_truthy(v), "{v:?}");
        }
        for v in ["", "0", "false", "no", "off", "2", "y", "enable"] {
            assert!(!is_truthy(v), "{v:?}");
        }
    }

    fn lookup<'a>(vars: &'a [(&str, &str)]) -> impl Fn(&str) -> Option<String> + 'a {
        |name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn the_new_name_is_read() {
        let var = Var::renamed("MCP_ERRORS_X", "MCP_ERROR_X");
        assert_eq!(
            var.get_with(lookup(&[("MCP_ERRORS_X", "1")])).as_deref(),
            Some("1")
        );
        assert!(!var.reported.load(Ordering::Relaxed));
    }

    #[test]
    fn the_former_name_is_still_read_and_reported() {
        let var = Var::renamed("MCP_ERRORS_X", "MCP_ERROR_X");
        assert_eq!(
            var.get_with(lookup(&[("MCP_ERROR_X", "7")])).as_deref(),
            Some("7")
        );
        assert!(var.reported.load(Ordering::Relaxed));
    }

    #[test]
    fn the_new_name_wins_when_both_are_set() {
        let var = Var::renamed("MCP_ERRORS_X", "MCP_ERROR_X");
        let both = [("MCP_ERROR_X", "1"), ("MCP_ERRORS_X", "0")];
        assert_eq!(var.get_with(lookup(&both)).as_deref(), Some("0"));
        assert!(var.reported.load(Ordering::Relaxed));
    }

    #[test]
    fn neither_name_is_unset() {
        let var = Var::renamed("MCP_ERRORS_X", "MCP_ERROR_X");
        assert_eq!(var.get_with(lookup(&[("MCP_ERRORS_Y", "1")])), None);
        assert_eq!(Var::new("MCP_ERRORS_Y").get_with(lookup(&[])), None);
    }

    #[test]
    fn every_name_has_the_one_prefix() {
        for var in [&METRICS, &METRICS_SAMPLE, &VERBOSE] {
            assert!(var.name.starts_with("MCP_ERRORS_"), "{}", var.name);
        }
        #[cfg(feature = "registry")]
        assert!(
            UPDATE_LOCK.name.starts_with("MCP_ERRORS_"),
            "{}",
            UPDATE_LOCK.name
        );
    }
}
