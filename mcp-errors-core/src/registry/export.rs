//! The catalog as Markdown ([`Registry::to_markdown`]) and JSON ([`Registry::to_json`]).

use core::fmt::Write as _;

use super::{RegisteredEnum, Registry, sorted_entries};
#[cfg(doc)]
use crate::ErrorEntry;

impl Registry {
    /// The catalog as GitHub-flavoured Markdown: a table of ranges (one row per enum: range,
    /// domain, enum, number of codes), then one section per enum with a table of its codes
    /// (Code | Symbol | Message | Retryable | Kind | Variant | Aliases | Help), enums ordered
    /// by range, codes by value. Text is escaped so that `|`, `*`, `_`, `<` and friends in
    /// messages cannot break the table or its formatting; line breaks become `<br>`.
    ///
    /// ```
    /// # use mcp_errors_core::{CodeRange, ErrorCatalog, ErrorEntry, ErrorKind};
    /// # struct NotionError;
    /// # impl ErrorCatalog for NotionError { const NAME: &'static str = "NotionError"; const DOMAIN: &'static str = "notion";
    /// #   const RANGE: Option<CodeRange> = Some(CodeRange::new(2700, 2799));
    /// #   const ENTRIES: &'static [ErrorEntry] = &[ErrorEntry { code: 2701, symbol: "E_NOTION_RATE", domain: "notion",
    /// #     message: "Rate limited | retry later", retryable: true, kind: ErrorKind::RateLimit, variant: "Rate",
    /// #     doc: "", aliases: &[], help: Some("wait for `retryAfterMs`"), channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] }]; }
    /// use mcp_errors_core::Registry;
    ///
    /// let md = Registry::new().with::<NotionError>().to_markdown();
    /// assert!(md.contains("| 2700–2799 | notion | `NotionError` | 1 |"));
    /// assert!(md.contains(
    ///     "| 2701 | `E_NOTION_RATE` | Rate limited \\| retry later | yes | rate\\_limit | `Rate` |  | wait for \\`retryAfterMs\\` |"
    /// ));
    /// ```
    #[inline]
    pub fn to_markdown(&self) -> String {
        let sorted = self.sorted();
        let mut out = String::new();
        out.push_str("## Ranges\n\n| Range | Domain | Enum | Codes |\n|---|---|---|---|\n");
        for e in &sorted {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} |",
                range_cell(e),
                md_text(e.domain),
                md_code(e.name),
                e.entries.len()
            );
        }
        for e in &sorted {
            let _ = write!(
                out,
                "\n## {}: {}, {}\n\n",
                md_code(e.name),
                md_text(e.domain),
                range_cell(e)
            );
            out.push_str(
                "| Code | Symbol | Message | Retryable | Kind | Variant | Aliases | Help |\n\
                 |---:|---|---|---|---|---|---|---|\n",
            );
            for entry in sorted_entries(e.entries) {
                let aliases: Vec<String> = entry.aliases.iter().map(|a| md_code(a)).collect();
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} | {} | {} | {} | {} |",
                    entry.code,
                    md_code(entry.symbol),
                    md_text(entry.message),
                    if entry.retryable { "yes" } else { "no" },
                    md_text(entry.kind.as_str()),
                    md_code(entry.variant),
                    aliases.join(", "),
                    entry.help.map(md_text).unwrap_or_default(),
                );
            }
        }
        out
    }

    /// The catalog as JSON, in a stable shape and order:
    ///
    /// ```json
    /// {"format": "mcp-errors-catalog", "version": 1,
    ///  "enums": [{"name": "CommonError", "domain": "common",
    ///             "range": {"start": 1000, "end": 1099}, "span": {"start": 1000, "end": 1099},
    ///             "entries": [{"code": 1000, "symbol": "E_INVALID_PARAMS", ...}]}]}
    /// ```
    ///
    /// Enums are ordered by range, entries by code; each entry is an [`ErrorEntry`] as it
    /// serializes. `range` is `null` for an enum without a declared range, `span` for an enum
    /// without codes.
    #[inline]
    pub fn to_json(&self) -> serde_json::Value {
        let enums: Vec<serde_json::Value> = self
            .sorted()
            .into_iter()
            .map(|e| {
                let mut one = serde_json::json!({
                    "name": e.name,
                    "domain": e.domain,
                    "range": e.range,
                    "span": e.span,
                    "entries": sorted_entries(e.entries),
                });
                add_doc_urls(&mut one["entries"], e);
                // Retired codes, as a fleet file and a hand-written catalog write them: a
                // code, or an inclusive `[lo, hi]` pair.
                if !e.reserved.is_empty() {
                    let reserved: Vec<serde_json::Value> = e
                        .reserved
                        .iter()
                        .map(|r| {
                            if r.start == r.end {
                                serde_json::json!(r.start)
                            } else {
                                serde_json::json!([r.start, r.end])
                            }
                        })
                        .collect();
                    one["reserved"] = serde_json::Value::Array(reserved);
                }
                one
            })
            .collect();
        serde_json::json!({
            "format": "mcp-errors-catalog",
            "version": 1,
            "enums": enums,
        })
    }
}

/// `docUrl` on each entry of `e` that has one ([`ErrorCatalog::DOC_URLS`](crate::ErrorCatalog::DOC_URLS)).
fn add_doc_urls(entries: &mut serde_json::Value, e: &RegisteredEnum) {
    if e.doc_urls.is_empty() {
        return;
    }
    let Some(rows) = entries.as_array_mut() else {
        return;
    };
    for row in rows {
        let url = row["symbol"].as_str().and_then(|symbol| {
            let at = e.entries.iter().position(|entry| entry.symbol == symbol)?;
            e.doc_urls.get(at).copied().flatten()
        });
        if let (Some(url), Some(row)) = (url, row.as_object_mut()) {
            row.insert("docUrl".to_owned(), serde_json::Value::from(url));
        }
    }
}

#[inline]
fn range_cell(e: &RegisteredEnum) -> String {
    match (e.range, e.span) {
        (Some(r), _) => format!("{}–{}", r.start, r.end),
        (None, Some(s)) => format!("{}–{} (codes)", s.start, s.end),
        (None, None) => "—".to_owned(),
    }
}

/// Text for a table cell: Markdown punctuation backslash-escaped, line breaks as `<br>`.
#[inline]
pub fn md_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    // A lone `\r` ends a Markdown line too, and with it the table row.
    let mut lines = s
        .split(['\n', '\r'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .peekable();
    while let Some(line) = lines.next() {
        for c in line.chars() {
            if matches!(
                c,
                '\\' | '|' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '~' | '#' | '&'
            ) {
                out.push('\\');
            }
            out.push(c);
        }
        if lines.peek().is_some() {
            out.push_str("<br>");
        }
    }
    out
}

/// A code span for identifiers; falls back to escaped text when the identifier could break
/// out of a code span (a backtick, a line break).
#[inline]
pub fn md_code(s: &str) -> String {
    if s.is_empty() || s.contains(['`', '\n', '\r']) {
        md_text(s)
    } else {
        format!("`{}`", s.replace('|', "\\|"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_text_is_escaped() {
        assert_eq!(md_text("a|b"), "a\\|b");
        assert_eq!(md_text("x *y* _z_"), "x \\*y\\* \\_z\\_");
        assert_eq!(md_text("<script>"), "\\<script\\>");
        assert_eq!(md_text("one\n\ntwo\r\nthree"), "one<br>two<br>three");
        assert_eq!(md_text("one\rtwo|"), "one<br>two\\|");
        assert_eq!(md_code("E_PW_NAV"), "`E_PW_NAV`");
        assert_eq!(md_code("a`b"), "a\\`b");
        assert_eq!(md_code("a|b"), "`a\\|b`");
    }
}
