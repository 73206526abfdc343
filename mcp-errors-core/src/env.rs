//! Reading environment variables: the one rule for "on" that every variable of this crate
//! follows (`MCP_ERROR_METRICS`, `MCP_ERRORS_UPDATE_LOCK`).

/// Whether an environment value counts as "on": `1`, `true`, `yes` or `on`, in any case,
/// with surrounding whitespace ignored. Everything else (including `0`, `false` and the empty
/// string) is off.
///
/// ```
/// use mcp_errors_core::metrics::is_truthy;
/// assert!(is_truthy("1") && is_truthy(" TRUE ") && is_truthy("yes") && is_truthy("On"));
/// assert!(!is_truthy("0") && !is_truthy("") && !is_truthy("enabled"));
/// ```
pub fn is_truthy(value: &str) -> bool {
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
}
