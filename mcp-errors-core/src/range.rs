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
        let mut buf = [0u8; 24];
        let mut w = Buf {
            buf: &mut buf,
            len: 0,
        };
        fmt::write(&mut w, format_args!("{}..={}", self.start, self.end))?;
        let len = w.len;
        f.pad(core::str::from_utf8(&buf[..len]).map_err(|_| fmt::Error)?)
    }
}

/// A fixed buffer that `fmt::write` can fill: two `i32`s and `..=` fit in 24 bytes.
struct Buf<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl fmt::Write for Buf<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        self.buf
            .get_mut(self.len..end)
            .ok_or(fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
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
