//! Compile-time machinery of [`assert_disjoint!`](crate::assert_disjoint).
//!
//! `check` runs in a `const` item: it sorts the `k` spans by their start (heapsort, in place,
//! `O(k log k)`), sweeps them once keeping the span that reaches furthest, and reports the
//! first overlap it meets. Only for the one failing pair does it look at individual codes, to
//! name the first code both types use, by merging their ascending `OWN_CODES`: the catalog
//! rows (`ENTRIES`) are never evaluated, which would cost the compiler more than the check.
//! Nothing here allocates; the message is written into a fixed buffer.
//!
//! It all runs in const evaluation, so no crate needs its machine code: the helpers of the
//! generic `check` are `#[inline]`, which keeps a clean build of the core from compiling them.

#![allow(clippy::many_single_char_names)]

use crate::{CodeRange, ErrorCatalog};

/// One type named in `assert_disjoint!`.
#[derive(Clone, Copy)]
pub struct Item {
    name: &'static str,
    /// [`ErrorCatalog::NAME`] and [`ErrorCatalog::DOMAIN`]: one type named by two paths.
    id: (&'static str, &'static str),
    span: Option<CodeRange>,
    /// [`ErrorCatalog::OWN_CODES`], ascending.
    codes: &'static [i32],
    /// [`ErrorCatalog::RESERVED`]: retired codes, part of `span`.
    reserved: &'static [CodeRange],
}

impl Item {
    /// The item for `T`, named as the macro's caller wrote it.
    pub const fn of<T: ErrorCatalog + ?Sized>(name: &'static str) -> Item {
        Item {
            name,
            id: (T::NAME, T::DOMAIN),
            span: T::SPAN,
            codes: T::OWN_CODES,
            reserved: T::RESERVED,
        }
    }
}

/// Fails const evaluation, naming both types, when two items' spans overlap.
pub const fn check<const N: usize>(items: &[Item; N]) {
    // Indices of the items that claim codes, heap-sorted by (start, end).
    let mut order = [0usize; N];
    let mut m = 0;
    let mut i = 0;
    while i < N {
        if items[i].span.is_some() {
            order[m] = i;
            m += 1;
        }
        i += 1;
    }
    heapsort(items, &mut order, m);

    if m < 2 {
        return;
    }
    let mut reach = order[0];
    let mut j = 1;
    while j < m {
        let next = order[j];
        if start(items, next) <= end(items, reach) {
            let (a, b) = if reach < next {
                (reach, next)
            } else {
                (next, reach)
            };
            report(&items[a], &items[b]);
        }
        if end(items, next) > end(items, reach) {
            reach = next;
        }
        j += 1;
    }
}

#[inline]
const fn span(items: &[Item], i: usize) -> CodeRange {
    match items[i].span {
        Some(s) => s,
        None => CodeRange { start: 0, end: 0 },
    }
}

#[inline]
const fn start(items: &[Item], i: usize) -> i32 {
    span(items, i).start
}

#[inline]
const fn end(items: &[Item], i: usize) -> i32 {
    span(items, i).end
}

#[inline]
const fn less(items: &[Item], a: usize, b: usize) -> bool {
    let (x, y) = (span(items, a), span(items, b));
    x.start < y.start || (x.start == y.start && x.end < y.end)
}

#[inline]
const fn heapsort(items: &[Item], order: &mut [usize], len: usize) {
    let mut n = len / 2;
    while n > 0 {
        n -= 1;
        sift_down(items, order, n, len);
    }
    let mut end = len;
    while end > 1 {
        end -= 1;
        order.swap(0, end);
        sift_down(items, order, 0, end);
    }
}

#[inline]
const fn sift_down(items: &[Item], order: &mut [usize], mut root: usize, len: usize) {
    loop {
        let mut child = 2 * root + 1;
        if child >= len {
            return;
        }
        if child + 1 < len && less(items, order[child], order[child + 1]) {
            child += 1;
        }
        if !less(items, order[root], order[child]) {
            return;
        }
        order.swap(root, child);
        root = child;
    }
}

/// The smallest code that both items' own variants use: one merge of the two ascending
/// code lists, `O(n + m)`.
#[inline]
const fn first_shared_code(a: &Item, b: &Item) -> Option<i32> {
    let (mut i, mut j) = (0, 0);
    while i < a.codes.len() && j < b.codes.len() {
        let (x, y) = (a.codes[i], b.codes[j]);
        if x == y {
            return Some(x);
        }
        if x < y {
            i += 1;
        } else {
            j += 1;
        }
    }
    None
}

/// The smallest code of `b`'s own that `a` retired, with `a`'s reserved entry holding it:
/// for each of `a`'s few reserved entries, a binary search of `b`'s ascending codes.
#[inline]
const fn first_retired_code(a: &Item, b: &Item) -> Option<(i32, CodeRange)> {
    let mut found: Option<(i32, CodeRange)> = None;
    let mut r = 0;
    while r < a.reserved.len() {
        let retired = a.reserved[r];
        // The first of `b`'s codes at or above the entry's start.
        let (mut lo, mut hi) = (0, b.codes.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if b.codes[mid] < retired.start {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if lo < b.codes.len() && b.codes[lo] <= retired.end {
            let code = b.codes[lo];
            found = match found {
                Some((c, _)) if c <= code => found,
                _ => Some((code, retired)),
            };
        }
        r += 1;
    }
    found
}

const CAP: usize = 512;

struct Msg {
    buf: [u8; CAP],
    len: usize,
}

impl Msg {
    #[inline]
    const fn push(&mut self, s: &str) {
        let bytes = s.as_bytes();
        let mut i = 0;
        while i < bytes.len() && self.len < CAP {
            self.buf[self.len] = bytes[i];
            self.len += 1;
            i += 1;
        }
    }

    #[inline]
    const fn push_code(&mut self, code: i32) {
        let mut digits = [0u8; 11];
        let mut n = code.unsigned_abs();
        let mut k = digits.len();
        loop {
            k -= 1;
            digits[k] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        if code < 0 {
            k -= 1;
            digits[k] = b'-';
        }
        let (_, tail) = digits.split_at(k);
        match core::str::from_utf8(tail) {
            Ok(s) => self.push(s),
            Err(_) => self.push("?"),
        }
    }

    #[inline]
    const fn push_range(&mut self, r: CodeRange) {
        self.push_code(r.start);
        self.push("..=");
        self.push_code(r.end);
    }

    #[inline]
    const fn as_str(&self) -> &str {
        let (head, _) = self.buf.split_at(self.len);
        match core::str::from_utf8(head) {
            Ok(s) => s,
            // A long name cut in the middle of a character: up to the cut character.
            Err(e) => {
                let (valid, _) = head.split_at(e.valid_up_to());
                match core::str::from_utf8(valid) {
                    Ok(s) => s,
                    Err(_) => "MCP error codes collide",
                }
            }
        }
    }
}

#[inline]
const fn report(a: &Item, b: &Item) {
    let mut msg = Msg {
        buf: [0; CAP],
        len: 0,
    };
    if same_text(a.name, b.name) {
        msg.push("`");
        msg.push(a.name);
        msg.push("` is listed twice in `assert_disjoint!`; list each type once");
    } else if same_type(a, b) {
        msg.push("`");
        msg.push(a.name);
        msg.push("` and `");
        msg.push(b.name);
        msg.push(
            "` look like one error type named twice in `assert_disjoint!` (the same name, \
             domain and codes); list it once",
        );
    } else if let Some((by, user, (code, retired))) =
        match (first_retired_code(a, b), first_retired_code(b, a)) {
            (Some(found), _) => Some((a, b, found)),
            (None, Some(found)) => Some((b, a, found)),
            (None, None) => None,
        }
    {
        // `Registry::check`'s words for the same mistake (the rule's, and the two types).
        msg.push("`");
        msg.push(by.name);
        msg.push("` and `");
        msg.push(user.name);
        msg.push("`: code ");
        msg.push_code(code);
        if retired.start == retired.end {
            msg.push(" is reserved (retired); use a new code");
        } else {
            msg.push(" is reserved (retired with ");
            msg.push_range(retired);
            msg.push("); use a new code");
        }
    } else if let Some(code) = first_shared_code(a, b) {
        msg.push("MCP error code ");
        msg.push_code(code);
        msg.push(" is used by both `");
        msg.push(a.name);
        msg.push("` and `");
        msg.push(b.name);
        msg.push("`; give one of the two variants another code");
    } else {
        let (Some(sa), Some(sb)) = (a.span, b.span) else {
            return;
        };
        msg.push("MCP error code ranges overlap: `");
        msg.push(a.name);
        msg.push("` claims ");
        msg.push_range(sa);
        msg.push(" and `");
        msg.push(b.name);
        msg.push("` claims ");
        msg.push_range(sb);
        msg.push("; move one clear of the other (its `range`, or its codes)");
    }
    panic!("{}", msg.as_str());
}

/// Whether two items are one type named by two paths (a re-export): the same name, domain,
/// span and codes. Two enums of one domain that share a name (`browser::Error`,
/// `page::Error`) differ in their codes, so their collision is reported as one.
#[inline]
const fn same_type(a: &Item, b: &Item) -> bool {
    let spans = match (a.span, b.span) {
        (Some(x), Some(y)) => x.start == y.start && x.end == y.end,
        (None, None) => true,
        _ => false,
    };
    if !(spans
        && same_text(a.id.0, b.id.0)
        && same_text(a.id.1, b.id.1)
        && a.codes.len() == b.codes.len())
    {
        return false;
    }
    let mut i = 0;
    while i < a.codes.len() {
        if a.codes[i] != b.codes[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether two names are the same text (`==` on `str` is not `const`).
#[inline]
const fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The message `check` fails with, run outside const evaluation.
    fn failure(items: &[Item; 2]) -> String {
        let payload = std::panic::catch_unwind(|| check(items)).unwrap_err();
        payload
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default()
    }

    fn item(name: &'static str, start: i32, end: i32, codes: &'static [i32]) -> Item {
        Item {
            name,
            id: (name, "d"),
            span: Some(CodeRange::new(start, end)),
            codes,
            reserved: &[],
        }
    }

    #[test]
    fn a_code_one_type_retired_is_named() {
        const RETIRED: &[CodeRange] = &[CodeRange::new(5, 5), CodeRange::new(7, 9)];
        let a = Item {
            reserved: RETIRED,
            ..item("A", 1, 9, &[1, 2])
        };
        // Whichever of the two retired it, in either order.
        assert_eq!(
            failure(&[a, item("B", 8, 20, &[8, 20])]),
            "`A` and `B`: code 8 is reserved (retired with 7..=9); use a new code"
        );
        assert_eq!(
            failure(&[item("B", 5, 20, &[5, 20]), a]),
            "`A` and `B`: code 5 is reserved (retired); use a new code"
        );
    }

    #[test]
    fn messages_name_the_fix() {
        let a = item("A", 1, 2, &[1, 2]);
        assert_eq!(
            failure(&[a, item("B", 2, 3, &[2, 3])]),
            "MCP error code 2 is used by both `A` and `B`; give one of the two variants another code"
        );
        assert_eq!(
            failure(&[a, item("B", 2, 3, &[3])]),
            "MCP error code ranges overlap: `A` claims 1..=2 and `B` claims 2..=3; move one clear \
             of the other (its `range`, or its codes)"
        );
        assert_eq!(
            failure(&[a, a]),
            "`A` is listed twice in `assert_disjoint!`; list each type once"
        );
        // One type by two paths (a re-export): not a collision between two types.
        let by_path = Item {
            name: "crate_b::A",
            ..a
        };
        assert_eq!(
            failure(&[a, by_path]),
            "`A` and `crate_b::A` look like one error type named twice in `assert_disjoint!` (the \
             same name, domain and codes); list it once"
        );
        // Two enums of one domain and one bare name (`browser::Error`, `page::Error`) that
        // collide: a collision, not one type.
        let page = Item {
            name: "page::A",
            ..item("A", 1, 2, &[2])
        };
        assert_eq!(
            failure(&[a, page]),
            "MCP error code 2 is used by both `A` and `page::A`; give one of the two variants \
             another code"
        );
    }

    #[test]
    fn a_long_name_is_cut_at_a_character() {
        // 300 two-byte characters: the message's 512 bytes end inside one.
        let name: &'static str = "É".repeat(300).leak();
        let message = failure(&[item(name, 1, 1, &[1]), item(name, 1, 1, &[1])]);
        assert!(message.starts_with("`ÉÉ"), "{message}");
        assert!(
            message.len() <= CAP && message.len() >= CAP - 1,
            "{}",
            message.len()
        );
        assert!(message.chars().skip(1).all(|c| c == 'É'), "{message}");
    }
}
