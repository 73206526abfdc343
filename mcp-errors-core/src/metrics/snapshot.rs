//! [`StatsSnapshot`]: the `result` of `sys/errorStats`.

#[cfg(doc)]
use super::ErrorStats;
use std::collections::BTreeMap;

/// A point-in-time copy of an [`ErrorStats`]: the `result` of `sys/errorStats`.
///
/// Serializes as seed 000's shape, `{"total":3,"byCode":{"1005":2,"2300":1},
/// "byDomain":{...},"bySymbol":{...}}`, plus `"sample"` when sampling is on and `"overflow"`
/// when a table was full. Deserializes from the same shape, so a client can read a server's
/// answer.
///
/// ```
/// use mcp_errors_core::metrics::StatsSnapshot;
/// let s: StatsSnapshot = serde_json::from_str(
///     r#"{"total":3,"byCode":{"1005":2,"2300":1},"byDomain":{"python":2,"memory-bank":1},
///         "bySymbol":{"E_INPUT_TOO_LARGE":2,"E_MB_FILE_NOT_FOUND":1}}"#,
/// ).unwrap();
/// assert_eq!((s.total, s.by_code[&1005], s.sample, s.overflow), (3, 2, 1, 0));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatsSnapshot {
    /// Recorded occurrences, all errors together.
    pub total: u64,
    /// Recorded occurrences per code.
    pub by_code: BTreeMap<i32, u64>,
    /// Recorded occurrences per domain.
    pub by_domain: BTreeMap<String, u64>,
    /// Recorded occurrences per symbol.
    pub by_symbol: BTreeMap<String, u64>,
    /// The sampling rate in force (`1`: every occurrence; omitted from JSON when `1`).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub sample: u32,
    /// Recorded occurrences of errors that found the table full, counted in `total` only
    /// (omitted from JSON when `0`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub overflow: u64,
}

#[inline]
fn one() -> u32 {
    1
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
#[inline]
fn is_one(n: &u32) -> bool {
    *n == 1
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
#[inline]
fn is_zero(n: &u64) -> bool {
    *n == 0
}
