//! [`StatsSnapshot`]: the `result` of `sys/errorStats`.

#[cfg(doc)]
use super::ErrorStats;
use std::collections::BTreeMap;

/// A point-in-time copy of an [`ErrorStats`]: the `result` of `sys/errorStats`.
///
/// Serializes as the Node fleet's shape, `{"total":3,"byCode":{"1005":2,"2300":1},
/// "byDomain":{...},"bySymbol":{...}}`, plus `"sample"` when sampling is on and `"overflow"`
/// when a table was full. With the `client` feature it also deserializes from the same shape,
/// so a client can read a server's answer.
///
/// ```
/// use mcp_errors_core::metrics::StatsSnapshot;
/// let mut s = StatsSnapshot { total: 3, sample: 1, ..StatsSnapshot::default() };
/// s.by_code.extend([(1005, 2), (2300, 1)]);
/// s.by_domain.extend([("python".to_owned(), 2), ("memory-bank".to_owned(), 1)]);
/// s.by_symbol.extend([("E_INPUT_TOO_LARGE".to_owned(), 2), ("E_MB_FILE_NOT_FOUND".to_owned(), 1)]);
/// assert_eq!(
///     serde_json::to_string(&s).unwrap(),
///     r#"{"total":3,"byCode":{"1005":2,"2300":1},"byDomain":{"memory-bank":1,"python":2},"bySymbol":{"E_INPUT_TOO_LARGE":2,"E_MB_FILE_NOT_FOUND":1}}"#
/// );
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "client", derive(serde::Deserialize))]
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
    #[serde(skip_serializing_if = "is_one")]
    #[cfg_attr(feature = "client", serde(default = "one"))]
    pub sample: u32,
    /// Recorded occurrences of errors that found the table full, counted in `total` only
    /// (omitted from JSON when `0`).
    #[serde(skip_serializing_if = "is_zero")]
    #[cfg_attr(feature = "client", serde(default))]
    pub overflow: u64,
}

#[cfg(feature = "client")]
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
