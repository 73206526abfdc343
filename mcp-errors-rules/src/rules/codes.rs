//! Codes against their owner's declarations: [`code_in_range`], [`reserved_code`]; and
//! [`CodeSpan`], the inclusive range both speak of.

use core::fmt;

use super::finding::Finding;

/// An inclusive range of codes, `lo..=hi` (`lo == hi` for one code). `Display` writes
/// `2160..=2169`, the DSL's spelling, or `2150` for one code.
#[derive(Clone, Copy)]
#[cfg_attr(not(proc_macro), derive(Debug, PartialEq, Eq, PartialOrd, Ord, Hash))]
pub struct CodeSpan {
    /// The lowest code.
    pub lo: i32,
    /// The highest code.
    pub hi: i32,
}

impl CodeSpan {
    /// `lo..=hi`.
    #[inline]
    pub const fn new(lo: i32, hi: i32) -> CodeSpan {
        CodeSpan { lo, hi }
    }

    /// The one code `code`.
    #[cfg(not(proc_macro))]
    #[inline]
    pub const fn single(code: i32) -> CodeSpan {
        CodeSpan { lo: code, hi: code }
    }

    /// Whether `code` is in the range.
    #[inline]
    pub const fn contains(self, code: i32) -> bool {
        self.lo <= code && code <= self.hi
    }

    /// Whether the two ranges share a code.
    #[cfg(not(proc_macro))]
    #[inline]
    pub const fn overlaps(self, other: CodeSpan) -> bool {
        self.lo <= other.hi && other.lo <= self.hi
    }
}

impl fmt::Display for CodeSpan {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.lo == self.hi {
            write!(f, "{}", self.lo)
        } else {
            write!(f, "{}..={}", self.lo, self.hi)
        }
    }
}

/// The rule: a code lies inside the range its owner declared (what cross-catalog checks rely
/// on: a code outside it would collide with another catalog without either check noticing).
/// Finding: "code 2200 is outside the range 2100..=2199".
#[inline]
pub fn code_in_range(code: i32, range: CodeSpan) -> Option<Finding<'static>> {
    if range.contains(code) {
        None
    } else {
        Some(Finding::CodeOutsideRange { code, range })
    }
}

/// The rule: no entry uses a code its catalog retired. `reserved` is the catalog's list, each
/// entry one code or an inclusive range; a linear scan (a catalog retires a handful). Finding:
/// "code 2150 is reserved (retired); use a new code".
#[inline]
pub fn reserved_code(code: i32, reserved: &[CodeSpan]) -> Option<Finding<'static>> {
    for &retired in reserved {
        if retired.contains(code) {
            return Some(Finding::ReservedCode { code, retired });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_contain_and_display() {
        let r = CodeSpan::new(2100, 2199);
        assert!(r.contains(2100) && r.contains(2199) && !r.contains(2200));
        assert!(r.overlaps(CodeSpan::new(2199, 2300)) && !r.overlaps(CodeSpan::single(2000)));
        assert_eq!(r.to_string(), "2100..=2199");
        assert_eq!(CodeSpan::single(-5).to_string(), "-5");
        assert_eq!(
            code_in_range(2200, r).unwrap().to_string(),
            "code 2200 is outside the range 2100..=2199"
        );
        assert_eq!(code_in_range(2150, r), None);
    }

    #[test]
    fn retired_codes_stay_retired() {
        let reserved = [CodeSpan::single(2150), CodeSpan::new(2160, 2169)];
        assert_eq!(reserved_code(2151, &reserved), None);
        assert_eq!(
            reserved_code(2150, &reserved).unwrap().to_string(),
            "code 2150 is reserved (retired); use a new code"
        );
        let f = reserved_code(2165, &reserved).unwrap();
        assert_eq!(f.kind(), "reserved-code");
        assert_eq!(
            f.to_string(),
            "code 2165 is reserved (retired with 2160..=2169); use a new code"
        );
    }
}
