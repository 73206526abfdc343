//! [`CodeRange`]: an inclusive range of error codes reserved by one enum.

use core::fmt;

/// An inclusive range of error codes, `start..=end`, as written in `#[mcp(range = A..=B)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CodeRange {
    /// The lowest code of the range.
    pub start: i32,
    /// The highest code of the range (inclusive).
    pub end: i32,
}

impl CodeRange {
    /// The range `start..=end`. Panics (at compile time, in a const) when `start > end`.
    pub const fn new(start: i32, end: i32) -> CodeRange {
        assert!(start <= end, "a code range must not be empty");
        CodeRange { start, end }
    }

    /// Whether `code` lies inside the range.
    pub const fn contains(&self, code: i32) -> bool {
        self.start <= code && code <= self.end
    }

    /// Whether the two ranges share at least one code.
    pub const fn overlaps(&self, other: &CodeRange) -> bool {
        self.start <= other.end && other.start <= self.end
    }

    /// The JSON-RPC 2.0 reserved range, `-32768..=-32000`.
    pub const JSONRPC_RESERVED: CodeRange = CodeRange {
        start: -32768,
        end: -32000,
    };
}

impl fmt::Display for CodeRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Through `pad`, so width and alignment apply to the whole range, as for `ErrorKind`.
        f.pad(&format!("{}..={}", self.start, self.end))
    }
}

impl serde::Serialize for CodeRange {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("CodeRange", 2)?;
        s.serialize_field("start", &self.start)?;
        s.serialize_field("end", &self.end)?;
        s.end()
    }
}

#[cfg(test)]
mod tests {
    use super::CodeRange;

    #[test]
    fn contains_and_overlaps_are_inclusive() {
        let a = CodeRange::new(2100, 2199);
        assert!(a.contains(2100) && a.contains(2199) && !a.contains(2200));
        assert!(a.overlaps(&CodeRange::new(2199, 2300)));
        assert!(!a.overlaps(&CodeRange::new(2200, 2300)));
        assert!(CodeRange::JSONRPC_RESERVED.contains(-32602));
        assert_eq!(a.to_string(), "2100..=2199");
        assert_eq!(
            format!("[{:>14}]", CodeRange::new(-32768, -32000)),
            "[-32768..=-32000]"
        );
        assert_eq!(format!("[{a:<13}]"), "[2100..=2199  ]");
    }
}
