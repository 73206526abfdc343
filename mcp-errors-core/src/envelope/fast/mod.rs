//! The optimistic writer: the JSON-RPC error shapes written straight into bytes, without the
//! [`Meter`](super::budget::Meter), for the common reply that is far inside its
//! [`ReplyBudget`](super::ReplyBudget).
//!
//! The output methods of a view (`write_json`, `to_json_vec`, ...) first try this writer.
//! It writes the envelope's own keys and punctuation as constant bytes, escapes the message,
//! the details and the catalog's strings itself (or copies them, when the derive vouches they
//! need nothing: `McpError::__plain_catalog_text`), writes each data field's scalar value
//! itself (`scalar.rs`) and hands compound values to a `serde_json::Serializer` on the same
//! buffer: no trait object and no allocation per field (for a sized error). It stops as soon as the output grows past an eighth of the budget,
//! and afterwards counts the brackets it wrote; when either bound is passed, when a shape or
//! an option it does not handle is asked for, or when anything fails, it gives up and the
//! caller serializes the view through its metered `Serialize` instead.
//!
//! Why the result is the same bytes: the meter charges every piece of caller content at most
//! eight times the bytes it writes (a scalar costs 8 and takes at least one byte, a string
//! its escaped length plus its quotes, a compound 2 for its two brackets, bytes 4 each plus
//! 2), so output of at most `budget / 8` bytes is never cut; and a value whose output holds
//! at most [`MAX_DEPTH`] brackets is not nested deeper than that. Under both bounds the
//! metered path would cut nothing and write exactly these bytes.

mod scalar;

use core::fmt;
use std::io;

use serde::Serialize;

use super::budget::{MAX_DEPTH, ReplyBudget};
use super::error_object::{DETAILS, DOMAIN, RETRY_AFTER_MS, RETRYABLE, SYMBOL};
use super::fields::{TRUNCATED, has_details_field, retry_after_ms};
use super::view::EnvelopeView;
use super::{ErrorObjectShape, JsonRpcErrorShape, RequestId};
use crate::field_types::retryable_on_wire;
use crate::{FieldSink, Verbosity, VisitData};
use scalar::{NotScalar, ScalarSerializer};

/// Writes `view` into `out` unmetered, or returns `false` (with `out` holding garbage past
/// `start`) when the metered path must write it.
pub(super) fn write_error_object<E: ?Sized + VisitData>(
    view: &EnvelopeView<'_, E, ErrorObjectShape>,
    out: &mut Vec<u8>,
) -> bool {
    let Some(mut out) = Bounded::new(out, view.options.budget) else {
        return false;
    };
    error_object(view, &mut out).is_ok()
}

/// [`write_error_object`] of the JSON-RPC error response `{"jsonrpc","id","error"}`.
pub(super) fn write_jsonrpc_error<E: ?Sized + VisitData>(
    view: &EnvelopeView<'_, E, JsonRpcErrorShape<'_>>,
    out: &mut Vec<u8>,
) -> bool {
    let Some(mut out) = Bounded::new(out, view.options.budget) else {
        return false;
    };
    let written = (|| {
        out.raw(br#"{"jsonrpc":"2.0","id":"#)?;
        match &view.shape.id {
            RequestId::Number(n) => out.integer(*n < 0, n.unsigned_abs())?,
            id => out.value(id)?,
        }
        out.raw(br#","error":"#)?;
        error_object(&view.reshaped(ErrorObjectShape), &mut out)?;
        out.raw(b"}")
    })();
    written.is_ok()
}

/// Gave up: the metered path writes the envelope.
struct GiveUp;

/// `{"code","message","data"}` with the data of a non-`plain_data` view, no stack and no
/// context (anything else gives up).
fn error_object<E: ?Sized + VisitData>(
    view: &EnvelopeView<'_, E, ErrorObjectShape>,
    out: &mut Bounded<'_>,
) -> Result<(), GiveUp> {
    let options = view.options;
    let verbosity = options.verbosity.unwrap_or_else(Verbosity::from_env);
    let format = options.json_rpc_format();
    if options.plain_data
        || format.doc_url()
        || view.context.is_some()
        || verbosity.is_enabled()
        || format.symbol_first()
    {
        return Err(GiveUp);
    }
    let error = view.error;
    let code = error.code();
    out.raw(if options.code_as_string {
        br#"{"code":""#
    } else {
        br#"{"code":"#
    })?;
    out.integer(code < 0, u64::from(code.unsigned_abs()))?;
    out.raw(if options.code_as_string {
        br#"","message":"#
    } else {
        br#","message":"#
    })?;
    // A derived enum's catalog text: a template without placeholders is the message itself
    // (copied, not formatted), the domain and the symbol need no escape.
    let plain = error.__plain_catalog_text();
    if !(plain && out.template(error.entry().message)?) {
        out.display(b"\"", &super::text::Message(error))?;
    }
    out.raw(br#","data":{"domain":"#)?;
    out.string(error.domain(), plain)?;
    out.raw(br#","symbol":"#)?;
    out.string(error.symbol(), plain)?;
    let retry_after = retry_after_ms(error);
    let retryable = retryable_on_wire(error.retryable(), retry_after.is_some());
    out.raw(if retryable {
        br#","retryable":true"#
    } else {
        br#","retryable":false"#
    })?;
    let mut sink = Sink {
        out,
        error: &|| has_details_field(error),
        retry_after: retry_after.is_some(),
        plain_keys: plain,
    };
    error.visit_data_any(&mut sink).map_err(|_| GiveUp)?;
    if let Some(ms) = retry_after {
        out.raw(br#","retryAfterMs":"#)?;
        out.integer(false, ms)?;
    }
    out.raw(b"}}")
}

/// Hands the data fields to the buffer, skipping keys the envelope writes itself (those of
/// the metered path's `Reserved`: with no stack and no context, the fixed four, `details`
/// when the variant has a details field, `retryAfterMs` when it is written).
struct Sink<'o, 'b, 'e> {
    out: &'o mut Bounded<'b>,
    /// Whether the variant has a `#[mcp(details)]` field (asked only of a field `details`).
    error: &'e dyn Fn() -> bool,
    retry_after: bool,
    /// The keys need no escape (`McpError::__plain_catalog_text`).
    plain_keys: bool,
}

impl Sink<'_, '_, '_> {
    #[inline]
    fn reserved(&self, key: &str) -> bool {
        match key {
            DOMAIN | SYMBOL | RETRYABLE | TRUNCATED => true,
            DETAILS => (self.error)(),
            RETRY_AFTER_MS => self.retry_after,
            _ => false,
        }
    }
}

impl FieldSink for Sink<'_, '_, '_> {
    type Error = serde_json::Error;

    #[inline]
    fn field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Self::Error> {
        if self.reserved(key) {
            return Ok(());
        }
        match self.out.member(key, self.plain_keys) {
            Ok(()) => self.out.value(value).map_err(|GiveUp| gave_up()),
            Err(GiveUp) => Err(gave_up()),
        }
    }

    fn details(&mut self, details: &dyn fmt::Display) -> Result<(), Self::Error> {
        self.out
            .display(br#","details":""#, details)
            .map_err(|GiveUp| gave_up())
    }
}

fn gave_up() -> serde_json::Error {
    <serde_json::Error as serde::ser::Error>::custom("over the optimistic bound")
}

/// The output, refusing to grow past `limit` bytes.
struct Bounded<'a> {
    out: &'a mut Vec<u8>,
    limit: usize,
}

impl<'a> Bounded<'a> {
    /// An eighth of the view's budget (its own, else the process default) past what `out`
    /// holds already; `None` when that leaves no room.
    fn new(out: &'a mut Vec<u8>, budget: Option<ReplyBudget>) -> Option<Bounded<'a>> {
        let bound = budget.unwrap_or_else(ReplyBudget::current).get() / 8;
        let limit = out.len().checked_add(bound)?;
        Some(Bounded { out, limit })
    }

    #[inline]
    fn raw(&mut self, bytes: &[u8]) -> Result<(), GiveUp> {
        if bytes.len() > self.limit - self.out.len() {
            return Err(GiveUp);
        }
        // `serde_json` writes quotes and punctuation one byte at a time: no copy call.
        if let [byte] = bytes {
            self.out.push(*byte);
        } else {
            self.out.extend_from_slice(bytes);
        }
        Ok(())
    }

    /// A `Serialize` value as `serde_json` writes it, nested at most [`MAX_DEPTH`] deep
    /// (only values nest: everything else this writer writes is a string or a constant).
    #[inline]
    fn value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), GiveUp> {
        let start = self.out.len();
        // A scalar by `ScalarSerializer` (a string escaped here), anything else by
        // `serde_json`, from where the refused attempt started.
        match value.serialize(ScalarSerializer { out: self }) {
            Ok(()) => {}
            Err(NotScalar::Failed) => return Err(GiveUp),
            Err(NotScalar::Refused) => {
                self.out.truncate(start);
                value
                    .serialize(&mut serde_json::Serializer::new(&mut *self))
                    .map_err(|_| GiveUp)?;
            }
        }
        // Fewer bytes than MAX_DEPTH cannot hold more brackets.
        let written = &self.out[start..];
        if written.len() <= MAX_DEPTH || within_depth(written) {
            Ok(())
        } else {
            Err(GiveUp)
        }
    }

    /// A string, quoted and escaped (`checked`: known to need no escape, a derived enum's
    /// domain or symbol).
    #[inline]
    fn string(&mut self, s: &str, checked: bool) -> Result<(), GiveUp> {
        self.quoted(b"\"", s, b"\"", checked)
    }

    /// `template` as a JSON string when it holds no placeholder (no `{` or `}`) and needs no
    /// escape, in one pass over it; `false` (nothing written) otherwise.
    #[inline]
    fn template(&mut self, template: &str) -> Result<bool, GiveUp> {
        if !plain_template(template) {
            return Ok(false);
        }
        self.framed(b"\"", template.as_bytes(), b"\"")?;
        Ok(true)
    }

    /// `,"key":`, a data field's key (`checked`: known to need no escape).
    #[allow(clippy::inline_always)] // once per data field: measured, a call otherwise
    #[inline(always)]
    fn member(&mut self, key: &str, checked: bool) -> Result<(), GiveUp> {
        self.quoted(b",\"", key, b"\":", checked)
    }

    /// `open`, `s` escaped, `close`: one copy when `s` is `checked` or needs no escape.
    /// Always inlined, as [`framed`](Self::framed) is, for the same reason.
    #[allow(clippy::inline_always)] // measured, see `framed`
    #[inline(always)]
    fn quoted(&mut self, open: &[u8], s: &str, close: &[u8], checked: bool) -> Result<(), GiveUp> {
        if checked || !needs_escape(s.as_bytes()) {
            return self.framed(open, s.as_bytes(), close);
        }
        self.raw(open)?;
        self.escaped(s)?;
        self.raw(close)
    }

    /// `open`, `bytes` and `close` as they are, after one bound check: the catalog's strings
    /// and the keys, nearly always, go in with one copy. Always inlined, so the frames are
    /// constants and their copies a move each (measured: a call per frame otherwise).
    #[allow(clippy::inline_always)] // measured, see above
    #[inline(always)]
    fn framed(&mut self, open: &[u8], bytes: &[u8], close: &[u8]) -> Result<(), GiveUp> {
        let len = open.len() + bytes.len() + close.len();
        if len > self.limit - self.out.len() {
            return Err(GiveUp);
        }
        self.out.reserve(len);
        self.out.extend_from_slice(open);
        self.out.extend_from_slice(bytes);
        self.out.extend_from_slice(close);
        Ok(())
    }

    /// An integer in decimal, as `serde_json` writes it: `-` when `negative`, then
    /// `magnitude`. The digits are made two at a time in a buffer of fixed size, which is
    /// copied whole when the output has room for it (a copy of known length is a few moves,
    /// not a call) and cut back to the digits.
    #[inline]
    fn integer(&mut self, negative: bool, magnitude: u64) -> Result<(), GiveUp> {
        const WIDTH: usize = 24;
        // Ids, codes and statuses are short: a few comparisons before the general count.
        let digits = match magnitude {
            0..=9 => 1,
            10..=99 => 2,
            100..=999 => 3,
            1_000..=9_999 => 4,
            _ => magnitude.ilog10() as usize + 1,
        };
        let len = digits + usize::from(negative);
        if len > self.limit - self.out.len() {
            return Err(GiveUp);
        }
        let mut buf = [b'-'; WIDTH];
        let mut at = len;
        let mut rest = magnitude;
        while rest >= 10 {
            // A remainder of a division by 100 indexes the table: the cast cannot truncate.
            #[allow(clippy::cast_possible_truncation)]
            let pair = 2 * (rest % 100) as usize;
            rest /= 100;
            at -= 2;
            buf[at] = PAIRS[pair];
            buf[at + 1] = PAIRS[pair + 1];
        }
        if at > usize::from(negative) {
            // One digit left (below 10): the cast cannot truncate.
            #[allow(clippy::cast_possible_truncation)]
            let digit = rest as u8;
            buf[at - 1] = b'0' + digit;
        }
        let end = self.out.len() + len;
        if self.out.capacity() - self.out.len() >= WIDTH {
            self.out.extend_from_slice(&buf);
            self.out.truncate(end);
        } else {
            self.out.extend_from_slice(&buf[..len]);
        }
        Ok(())
    }

    /// `open` (ending in the opening quote), then a `Display` value as the contents of a
    /// JSON string, then the closing quote. A `Display` that fails gives up: the metered
    /// path reports its error.
    #[inline]
    fn display(&mut self, open: &[u8], value: &dyn fmt::Display) -> Result<(), GiveUp> {
        struct Escaping<'o, 'b>(&'o mut Bounded<'b>);
        impl fmt::Write for Escaping<'_, '_> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                self.0.escaped(s).map_err(|GiveUp| fmt::Error)
            }
        }
        self.raw(open)?;
        fmt::write(&mut Escaping(self), format_args!("{value}")).map_err(|_| GiveUp)?;
        self.raw(b"\"")
    }

    /// The contents of a JSON string: `s` escaped as `serde_json` escapes it.
    #[inline]
    fn escaped(&mut self, s: &str) -> Result<(), GiveUp> {
        let bytes = s.as_bytes();
        // Escaped, a string is at least as long: a huge one gives up before it is read.
        if bytes.len() > self.limit - self.out.len() {
            return Err(GiveUp);
        }
        // Most strings need no escape: one pass over words, then one copy.
        if !needs_escape(bytes) {
            return self.raw(bytes);
        }
        let mut run = 0;
        for (i, &b) in bytes.iter().enumerate() {
            let escape: &[u8] = match b {
                b'"' => br#"\""#,
                b'\\' => br"\\",
                b'\n' => br"\n",
                b'\r' => br"\r",
                b'\t' => br"\t",
                0x08 => br"\b",
                0x0c => br"\f",
                0..=0x1f => &[
                    b'\\',
                    b'u',
                    b'0',
                    b'0',
                    HEX[usize::from(b >> 4)],
                    HEX[usize::from(b & 0xf)],
                ],
                _ => continue,
            };
            self.raw(&bytes[run..i])?;
            self.raw(escape)?;
            run = i + 1;
        }
        self.raw(&bytes[run..])
    }
}

/// Whether any byte of `bytes` is a control character, `"` or `\\`: sixteen bytes at a time,
/// the last bytes as one overlapping word, only a string shorter than a word through a table.
#[inline]
pub(super) fn needs_escape(bytes: &[u8]) -> bool {
    scan(bytes, false)
}

/// Whether a catalog template is its own JSON string's contents: no placeholder (no `{` or
/// `}`) and nothing to escape. With `McpError::__plain_catalog_text`, such a template is the
/// wire message as it stands.
#[inline]
pub(super) fn plain_template(template: &str) -> bool {
    !scan(template.as_bytes(), true)
}

/// [`needs_escape`], and with `braces` also whether any byte is `{` or `}`.
#[inline]
fn scan(bytes: &[u8], braces: bool) -> bool {
    let mut rest = bytes;
    while let Some((pair, tail)) = rest.split_first_chunk::<16>() {
        let (a, b) = pair.split_at(8);
        if special(word(a), braces) | special(word(b), braces) != 0 {
            return true;
        }
        rest = tail;
    }
    if let Some(last) = bytes.last_chunk::<8>() {
        // Up to 15 bytes left: the word at `rest` when there are more than 8, and the last
        // word of `bytes`, which may overlap bytes already read (they passed).
        let mut hit = special(u64::from_ne_bytes(*last), braces);
        if rest.len() > 8 {
            hit |= special(word(&rest[..8]), braces);
        }
        return hit != 0;
    }
    let table = if braces { &ESCAPED_OR_BRACE } else { &ESCAPED };
    let mut hit = false;
    for &b in rest {
        hit |= table[usize::from(b)];
    }
    hit
}

/// The first eight bytes of `bytes` (which holds at least eight) as a word.
#[inline]
fn word(bytes: &[u8]) -> u64 {
    let mut word = [0; 8];
    word.copy_from_slice(&bytes[..8]);
    u64::from_ne_bytes(word)
}

/// Nonzero when a byte of `w` is below 0x20, `"` or `\\` (or, with `braces`, `{` or `}`).
///
/// `w - n` (bytewise `n`) borrows into the high bit of a byte below `n`, and `(w ^ c) - 1`
/// into that of a byte equal to `c`; borrows start only at such bytes, so a high bit set
/// where `w` has none is a hit. Every `c` is below 0x80, so `w ^ c` has the high bits of
/// `w`: one mask of `!w` serves every comparison.
#[inline]
fn special(w: u64, braces: bool) -> u64 {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let equal = |b: u8| (w ^ (ONES * u64::from(b))).wrapping_sub(ONES);
    let mut borrows = w.wrapping_sub(ONES * 0x20) | equal(b'"') | equal(b'\\');
    if braces {
        borrows |= equal(b'{') | equal(b'}');
    }
    borrows & !w & HIGHS
}

/// The bytes JSON escapes in a string.
static ESCAPED: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = true;
        b += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table
};

/// [`ESCAPED`], and `{` and `}`: what keeps a template from being its own text.
static ESCAPED_OR_BRACE: [bool; 256] = {
    let mut table = ESCAPED;
    table[b'{' as usize] = true;
    table[b'}' as usize] = true;
    table
};

/// Whether `bytes` open at most [`MAX_DEPTH`] arrays and objects (counting brackets inside
/// strings too: a bound, not a parse). `[` and `{` are the two bytes whose value with bit 5
/// set is `{`.
fn within_depth(bytes: &[u8]) -> bool {
    let opened = bytes
        .iter()
        .fold(0usize, |n, &b| n + usize::from(b | 0x20 == b'{'));
    opened <= MAX_DEPTH
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// `00` to `99`, the two digits of each number below 100 side by side.
static PAIRS: [u8; 200] = {
    let mut table = [0u8; 200];
    let mut n = 0;
    while n < 100 {
        // Digits: below 10, the casts cannot truncate.
        #[allow(clippy::cast_possible_truncation)]
        {
            table[2 * n] = b'0' + (n / 10) as u8;
            table[2 * n + 1] = b'0' + (n % 10) as u8;
        }
        n += 1;
    }
    table
};

impl io::Write for Bounded<'_> {
    #[inline]
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.raw(buf)
            .map_err(|GiveUp| io::Error::from(io::ErrorKind::OutOfMemory))?;
        Ok(buf.len())
    }

    #[inline]
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.write(buf).map(drop)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::McpErrorExt;
    use crate::unknown::UnknownError;

    #[test]
    fn escape_check_matches_the_table() {
        // Every byte at every place of strings up to three words and a half long, among
        // neighbours that are plain, high (no mask bit) or next to the special bytes.
        for filler in [b'a', 0xff, 0x21, 0x80, b'|'] {
            for len in 1..=28 {
                for at in 0..len {
                    for b in 0..=255u8 {
                        let mut bytes = vec![filler; len];
                        bytes[at] = b;
                        let expected = bytes.iter().any(|&b| ESCAPED[usize::from(b)]);
                        assert_eq!(needs_escape(&bytes), expected, "{b:#x} at {at} of {len}");
                        let brace = bytes.iter().any(|&b| ESCAPED_OR_BRACE[usize::from(b)]);
                        assert_eq!(scan(&bytes, true), brace, "{b:#x} at {at} of {len}, braces");
                    }
                }
            }
        }
        assert!(!needs_escape(b""));
    }

    /// Compact JSON through a formatter that is not `serde_json`'s own type.
    struct Compact;
    impl serde_json::ser::Formatter for Compact {}

    #[test]
    fn small_replies_take_the_optimistic_path_and_others_give_up() {
        let error = UnknownError;
        let mut out = Vec::new();
        assert!(write_jsonrpc_error(&error.to_jsonrpc(1), &mut out));
        // The metered path's bytes (a formatter of the test's own: `to_vec` would take the
        // serde path's raw route, which is this writer).
        let mut metered = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(&mut metered, Compact);
        Serialize::serialize(&error.to_jsonrpc(1), &mut ser).unwrap();
        assert_eq!(out, metered);
        out.clear();
        assert!(write_error_object(&error.to_error_object(), &mut out));
        let tight = error.to_jsonrpc(1).budget(ReplyBudget::bytes(16));
        assert!(!write_jsonrpc_error(&tight, &mut Vec::new()));
        let plain = error.to_jsonrpc(1).plain_data();
        assert!(!write_jsonrpc_error(&plain, &mut Vec::new()));
        assert!(!within_depth(&[b'['; MAX_DEPTH + 1]));
        assert!(within_depth(&[b'{'; MAX_DEPTH]));
    }
}
