//! The reply budget: how much caller-supplied content one envelope may carry.
//!
//! Everything an envelope writes that comes from the error's values — the message (its
//! template filled with field values), the `details` text, every data field, the request's
//! context and the stack of `MCP_ERRORS_VERBOSE` (as deep as the program's recursion) — is
//! written through one [`Meter`] per envelope. Each string costs its JSON-escaped length (plus its
//! quotes), each other scalar a few bytes. A string that does not fit in what is left is cut at
//! a character boundary and ends with [`TRUNCATION_MARK`]; once the budget is spent, arrays
//! and maps inside fields stop taking elements; a value nested deeper than [`MAX_DEPTH`] is
//! replaced by the mark. The stack, written last, takes whole frames while they fit (it stays
//! an array of frames, or a string of whole lines). The envelope then adds `"truncated": true` (to `data`, `_meta` or
//! `details`), so a client can tell a cut reply from a short one.
//!
//! The catalog's own strings (symbol, domain, `help`) and the envelope's structure are not
//! counted: they are bounded by the type. With the default budget of
//! [`ReplyBudget::DEFAULT_BYTES`] an error reply stays well under 64 KiB, whatever the values.

use core::cell::Cell;
use core::fmt;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use serde::ser::{
    Serialize, SerializeMap, SerializeSeq, SerializeStruct, SerializeStructVariant, SerializeTuple,
    SerializeTupleStruct, SerializeTupleVariant, Serializer,
};

/// What a cut string ends with.
pub const TRUNCATION_MARK: &str = "…[truncated]";

/// How deep a data field's value may nest (the field's own value is level 1). Envelopes put
/// `data` two to four levels below the top of a message, so an envelope stays far inside
/// `serde_json`'s parsing limit of 128 levels even inside a client's own wrapping; decoding
/// refuses `data` nested deeper than this too (see `decode::MAX_DEPTH`), so whatever decodes
/// re-encodes unchanged.
pub const MAX_DEPTH: usize = 63;

/// How much caller-supplied content an envelope may carry: the JSON-escaped bytes of the
/// message, the `details` text, the data fields, the request's context and the verbose stack
/// together.
///
/// Envelopes use [`ReplyBudget::current`] unless given one with `.budget(...)`; the process
/// default is [`DEFAULT_BYTES`](ReplyBudget::DEFAULT_BYTES) (16 KiB) and can be changed once
/// at startup with [`set_default`](ReplyBudget::set_default).
///
/// ```
/// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
/// # use sample::PlaywrightError;
/// use mcp_errors_core::{McpErrorExt, ReplyBudget};
///
/// let err = PlaywrightError::Nav { reason: "r".repeat(5_000_000), url: "u".into() };
/// let wire = err.to_jsonrpc(1).to_json_value().unwrap();
/// let details = wire["error"]["data"]["details"].as_str().unwrap();
/// assert!(details.len() < 17_000 && details.ends_with("…[truncated]"));
/// assert_eq!(wire["error"]["data"]["truncated"], true);
///
/// // A smaller budget for this envelope only.
/// let small = err.to_jsonrpc(1).budget(ReplyBudget::bytes(100)).to_json_string().unwrap();
/// assert!(small.len() < 400);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReplyBudget {
    bytes: usize,
}

/// The process-wide default, in bytes.
static DEFAULT: AtomicUsize = AtomicUsize::new(ReplyBudget::DEFAULT_BYTES);

impl ReplyBudget {
    /// The default budget: 16 KiB of escaped caller content, so that an error reply (with the
    /// envelope's own members and the marks of cut strings) stays well under 64 KiB.
    pub const DEFAULT_BYTES: usize = 16 * 1024;

    /// No limit on size (the nesting limit of 63 levels still applies).
    pub const UNLIMITED: ReplyBudget = ReplyBudget { bytes: usize::MAX };

    /// A budget of `bytes` escaped bytes of caller content.
    pub const fn bytes(bytes: usize) -> ReplyBudget {
        ReplyBudget { bytes }
    }

    /// The budget's size in bytes.
    pub const fn get(self) -> usize {
        self.bytes
    }

    /// The process-wide default that envelopes without their own `.budget(...)` use.
    pub fn current() -> ReplyBudget {
        ReplyBudget {
            bytes: DEFAULT.load(Relaxed),
        }
    }

    /// Sets the process-wide default (for example from the server's configuration at
    /// startup). Envelopes being written at the same moment may use either value.
    ///
    /// ```
    /// use mcp_errors_core::ReplyBudget;
    /// ReplyBudget::bytes(4096).set_default();
    /// assert_eq!(ReplyBudget::current().get(), 4096);
    /// ReplyBudget::bytes(ReplyBudget::DEFAULT_BYTES).set_default();
    /// ```
    pub fn set_default(self) {
        DEFAULT.store(self.bytes, Relaxed);
    }
}

impl Default for ReplyBudget {
    /// [`ReplyBudget::current`].
    fn default() -> Self {
        ReplyBudget::current()
    }
}

/// The budget of one envelope being written. A clone is a trial run: it spends from a copy of
/// what is left.
#[derive(Clone)]
pub(crate) struct Meter {
    left: Cell<usize>,
    truncated: Cell<bool>,
    depth: Cell<usize>,
}

/// The cost of a number, a boolean or `null`.
const SCALAR: usize = 8;

impl Meter {
    pub(crate) fn new(budget: ReplyBudget) -> Meter {
        Meter {
            left: Cell::new(budget.bytes),
            truncated: Cell::new(false),
            depth: Cell::new(0),
        }
    }

    /// Whether something was cut or left out.
    pub(crate) fn truncated(&self) -> bool {
        self.truncated.get()
    }

    /// What is left of the budget.
    #[cfg(test)]
    pub(crate) fn left(&self) -> usize {
        self.left.get()
    }

    fn spent(&self) -> bool {
        self.left.get() == 0
    }

    fn mark_truncated(&self) {
        self.truncated.set(true);
    }

    /// Takes `cost` from the budget; when it does not fit, spends the rest and returns `false`.
    fn take(&self, cost: usize) -> bool {
        let left = self.left.get();
        if cost <= left {
            self.left.set(left - cost);
            true
        } else {
            self.left.set(0);
            self.truncated.set(true);
            false
        }
    }

    /// Takes `cost` from the budget when it fits whole, and says whether it did; when it does
    /// not, nothing is taken (the caller then writes through the cutting path).
    #[inline]
    pub(crate) fn take_whole(&self, cost: usize) -> bool {
        let left = self.left.get();
        if cost <= left {
            self.left.set(left - cost);
            true
        } else {
            false
        }
    }

    /// Takes the escaped length of `s`. `None` when all of `s` fits; else the longest prefix
    /// that fits (the budget is then spent).
    fn cut<'s>(&self, s: &'s str) -> Option<&'s str> {
        let left = self.left.get();
        // The common case: nothing to escape, so the cost is the length, and it fits.
        if s.len() <= left && !super::fast::needs_escape(s.as_bytes()) {
            self.left.set(left - s.len());
            return None;
        }
        let mut cost = 0usize;
        let mut end = 0;
        for (i, b) in s.bytes().enumerate() {
            cost += escaped_byte_len(b);
            if cost > left {
                // Back to the last character boundary at or before `i`.
                let mut cut = end.min(i);
                while !s.is_char_boundary(cut) {
                    cut -= 1;
                }
                self.left.set(0);
                self.truncated.set(true);
                return Some(&s[..cut]);
            }
            end = i + 1;
        }
        self.left.set(left - cost);
        None
    }

    /// How many of `items`, from the first, fit whole: each costs its escaped length and 3
    /// bytes (quotes and a separator). Takes their cost; when one does not fit, marks the
    /// envelope truncated and leaves the rest of the budget to what follows.
    pub(crate) fn whole(&self, items: &[String]) -> usize {
        let mut left = self.left.get();
        for (kept, item) in items.iter().enumerate() {
            let mut cost = 3;
            for &b in item.as_bytes() {
                cost += escaped_byte_len(b);
            }
            if cost > left {
                self.left.set(left);
                self.truncated.set(true);
                return kept;
            }
            left -= cost;
        }
        self.left.set(left);
        items.len()
    }
}

fn escaped_byte_len(b: u8) -> usize {
    match b {
        b'"' | b'\\' | b'\n' | b'\r' | b'\t' | 0x08 | 0x0c => 2,
        0..=0x1f => 6,
        _ => 1,
    }
}

/// `value`'s `Display`, cut to the budget (ending with [`TRUNCATION_MARK`] when cut). Formats
/// the whole value once, writing only what fits: no allocation.
pub(crate) struct Capped<'m, T: ?Sized> {
    pub(crate) value: &'m T,
    pub(crate) meter: &'m Meter,
}

impl<T: ?Sized + fmt::Display> fmt::Display for Capped<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match write_capped(self.value, self.meter, f) {
            Written::Whole | Written::Cut => Ok(()),
            Written::Failed { .. } => Err(fmt::Error),
        }
    }
}

/// How [`write_capped`] ended.
enum Written {
    /// All of the value.
    Whole,
    /// A prefix and [`TRUNCATION_MARK`].
    Cut,
    /// The value's `Display` failed: because `out` did (`by_output`), or on its own.
    Failed { by_output: bool },
}

/// `value`'s `Display` into `f`, cut to the meter: the one formatting of [`Capped`] and
/// [`CappedText`].
fn write_capped<T: ?Sized + fmt::Display>(
    value: &T,
    meter: &Meter,
    f: &mut fmt::Formatter<'_>,
) -> Written {
    struct Writer<'a, 'b> {
        out: &'a mut fmt::Formatter<'b>,
        meter: &'a Meter,
        cut: bool,
        out_failed: bool,
    }
    impl fmt::Write for Writer<'_, '_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            if self.cut {
                return Ok(());
            }
            let written = match self.meter.cut(s) {
                None => self.out.write_str(s),
                Some(prefix) => {
                    self.cut = true;
                    self.out.write_str(prefix)
                }
            };
            written.inspect_err(|_| self.out_failed = true)
        }
    }
    // The quotes around the text.
    let mut cut = !meter.take(2);
    if !cut {
        let mut writer = Writer {
            out: f,
            meter,
            cut: false,
            out_failed: false,
        };
        if fmt::write(&mut writer, format_args!("{value}")).is_err() {
            return Written::Failed {
                by_output: writer.out_failed,
            };
        }
        cut = writer.cut;
    }
    if !cut {
        return Written::Whole;
    }
    match f.write_str(TRUNCATION_MARK) {
        Ok(()) => Written::Cut,
        Err(_) => Written::Failed { by_output: true },
    }
}

/// `value`'s `Display` as a JSON string cut to the budget: [`Capped`] inside
/// [`Text`](super::text::Text) in one formatting pass (a `Display` that fails on its own makes
/// serialization return an error, as `Text` does).
pub(crate) struct CappedText<'m, T: ?Sized> {
    pub(crate) value: &'m T,
    pub(crate) meter: &'m Meter,
}

impl<T: ?Sized + fmt::Display> Serialize for CappedText<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Guarded<'a, T: ?Sized> {
            text: &'a CappedText<'a, T>,
            failed: &'a Cell<bool>,
        }
        impl<T: ?Sized + fmt::Display> fmt::Display for Guarded<'_, T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match write_capped(self.text.value, self.text.meter, f) {
                    Written::Whole | Written::Cut => Ok(()),
                    Written::Failed { by_output: true } => Err(fmt::Error),
                    Written::Failed { by_output: false } => {
                        self.failed.set(true);
                        Ok(())
                    }
                }
            }
        }
        let failed = Cell::new(false);
        let result = serializer.collect_str(&Guarded {
            text: self,
            failed: &failed,
        });
        if failed.get() {
            return Err(serde::ser::Error::custom(
                "a Display implementation returned an error",
            ));
        }
        result
    }
}

/// `value` serialized within the budget.
pub(crate) struct Metered<'m, T: ?Sized> {
    pub(crate) value: &'m T,
    pub(crate) meter: &'m Meter,
}

impl<T: ?Sized + Serialize> Serialize for Metered<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(MeteredSerializer {
            inner: serializer,
            meter: self.meter,
        })
    }
}

/// Forwards to `inner`, charging every value to the meter and cutting what does not fit.
struct MeteredSerializer<'m, S> {
    inner: S,
    meter: &'m Meter,
}

/// A sequence, map or struct being written: forwards while the budget lasts, then drops the
/// remaining elements. `Done` stands for a compound replaced by [`TRUNCATION_MARK`] (too deep,
/// or the budget spent before it began).
pub(crate) enum Compound<'m, C, Ok> {
    Open {
        inner: C,
        meter: &'m Meter,
        /// The levels this compound adds (2 for `{"Variant":[...]}`).
        levels: usize,
        /// The key of the entry being written was dropped, so its value goes too.
        skip_value: bool,
    },
    Done(Ok),
}

impl<'m, S: Serializer> MeteredSerializer<'m, S> {
    /// Opens a compound `levels` deep, or writes the mark instead.
    fn open<C>(
        self,
        levels: usize,
        cost: usize,
        open: impl FnOnce(S) -> Result<C, S::Error>,
    ) -> Result<Compound<'m, C, S::Ok>, S::Error> {
        let meter = self.meter;
        let depth = meter.depth.get() + levels;
        if depth > MAX_DEPTH || meter.spent() || !meter.take(cost) {
            meter.mark_truncated();
            return self
                .inner
                .serialize_str(TRUNCATION_MARK)
                .map(Compound::Done);
        }
        meter.depth.set(depth);
        Ok(Compound::Open {
            inner: open(self.inner)?,
            meter,
            levels,
            skip_value: false,
        })
    }

    fn scalar(self, write: impl FnOnce(S) -> Result<S::Ok, S::Error>) -> Result<S::Ok, S::Error> {
        self.meter.take(SCALAR);
        write(self.inner)
    }
}

macro_rules! scalars {
    ($($method:ident: $t:ty),*) => {$(
        fn $method(self, v: $t) -> Result<S::Ok, S::Error> {
            self.scalar(|s| s.$method(v))
        }
    )*};
}

impl<'m, S: Serializer> Serializer for MeteredSerializer<'m, S> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = Compound<'m, S::SerializeSeq, S::Ok>;
    type SerializeTuple = Compound<'m, S::SerializeTuple, S::Ok>;
    type SerializeTupleStruct = Compound<'m, S::SerializeTupleStruct, S::Ok>;
    type SerializeTupleVariant = Compound<'m, S::SerializeTupleVariant, S::Ok>;
    type SerializeMap = Compound<'m, S::SerializeMap, S::Ok>;
    type SerializeStruct = Compound<'m, S::SerializeStruct, S::Ok>;
    type SerializeStructVariant = Compound<'m, S::SerializeStructVariant, S::Ok>;

    scalars!(
        serialize_bool: bool, serialize_i8: i8, serialize_i16: i16, serialize_i32: i32,
        serialize_i64: i64, serialize_i128: i128, serialize_u8: u8, serialize_u16: u16,
        serialize_u32: u32, serialize_u64: u64, serialize_u128: u128, serialize_f32: f32,
        serialize_f64: f64
    );

    fn serialize_char(self, v: char) -> Result<S::Ok, S::Error> {
        self.scalar(|s| s.serialize_char(v))
    }

    fn serialize_str(self, v: &str) -> Result<S::Ok, S::Error> {
        if !self.meter.take(2) {
            return self.inner.serialize_str(TRUNCATION_MARK);
        }
        match self.meter.cut(v) {
            None => self.inner.serialize_str(v),
            Some(prefix) => self
                .inner
                .collect_str(&format_args!("{prefix}{TRUNCATION_MARK}")),
        }
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<S::Ok, S::Error> {
        // JSON writes bytes as an array of numbers: up to four bytes each.
        if self.meter.take(v.len().saturating_mul(4).saturating_add(2)) {
            self.inner.serialize_bytes(v)
        } else {
            self.inner.serialize_str(TRUNCATION_MARK)
        }
    }

    fn serialize_none(self) -> Result<S::Ok, S::Error> {
        self.scalar(Serializer::serialize_none)
    }

    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<S::Ok, S::Error> {
        let meter = self.meter;
        self.inner.serialize_some(&Metered { value, meter })
    }

    fn serialize_unit(self) -> Result<S::Ok, S::Error> {
        self.scalar(Serializer::serialize_unit)
    }

    fn serialize_unit_struct(self, name: &'static str) -> Result<S::Ok, S::Error> {
        self.scalar(|s| s.serialize_unit_struct(name))
    }

    fn serialize_unit_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
    ) -> Result<S::Ok, S::Error> {
        self.meter.take(variant.len() + 2);
        self.inner.serialize_unit_variant(name, index, variant)
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        let meter = self.meter;
        self.inner
            .serialize_newtype_struct(name, &Metered { value, meter })
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        let meter = self.meter;
        let depth = meter.depth.get();
        if depth + 1 > MAX_DEPTH || meter.spent() || !meter.take(variant.len() + 5) {
            meter.mark_truncated();
            return self.inner.serialize_str(TRUNCATION_MARK);
        }
        meter.depth.set(depth + 1);
        let result =
            self.inner
                .serialize_newtype_variant(name, index, variant, &Metered { value, meter });
        meter.depth.set(depth);
        result
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, S::Error> {
        // No length: elements past the budget are left out.
        self.open(1, 2, |s| s.serialize_seq(None))
    }

    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple, S::Error> {
        self.open(1, 2, |s| s.serialize_tuple(len))
    }

    fn serialize_tuple_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleStruct, S::Error> {
        self.open(1, 2, |s| s.serialize_tuple_struct(name, len))
    }

    fn serialize_tuple_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant, S::Error> {
        self.open(2, variant.len() + 6, |s| {
            s.serialize_tuple_variant(name, index, variant, len)
        })
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, S::Error> {
        self.open(1, 2, |s| s.serialize_map(None))
    }

    fn serialize_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStruct, S::Error> {
        self.open(1, 2, |s| s.serialize_struct(name, len))
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant, S::Error> {
        self.open(2, variant.len() + 6, |s| {
            s.serialize_struct_variant(name, index, variant, len)
        })
    }

    fn collect_str<T: ?Sized + fmt::Display>(self, value: &T) -> Result<S::Ok, S::Error> {
        let meter = self.meter;
        self.inner.collect_str(&Capped { value, meter })
    }

    fn is_human_readable(&self) -> bool {
        self.inner.is_human_readable()
    }
}

impl<'m, C, Ok> Compound<'m, C, Ok> {
    /// Whether the next element may be written (one more byte for its separator).
    fn admit(&self) -> Option<&'m Meter> {
        match self {
            Compound::Open { meter, .. } if meter.take(1) => Some(*meter),
            Compound::Open { meter, .. } => {
                meter.mark_truncated();
                None
            }
            Compound::Done(_) => None,
        }
    }

    /// Closes the compound's levels.
    fn close(&self) {
        if let Compound::Open { meter, levels, .. } = self {
            meter.depth.set(meter.depth.get() - levels);
        }
    }
}

macro_rules! element_compound {
    ($($trait:ident::$method:ident),*) => {$(
        impl<C: $trait> $trait for Compound<'_, C, C::Ok> {
            type Ok = C::Ok;
            type Error = C::Error;

            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), C::Error> {
                let Some(meter) = self.admit() else {
                    return Ok(());
                };
                let Compound::Open { inner, .. } = self else {
                    return Ok(());
                };
                inner.$method(&Metered { value, meter })
            }

            fn end(self) -> Result<C::Ok, C::Error> {
                self.close();
                match self {
                    Compound::Open { inner, .. } => inner.end(),
                    Compound::Done(ok) => Ok(ok),
                }
            }
        }
    )*};
}

element_compound!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

macro_rules! field_compound {
    ($($trait:ident),*) => {$(
        impl<C: $trait> $trait for Compound<'_, C, C::Ok> {
            type Ok = C::Ok;
            type Error = C::Error;

            fn serialize_field<T: ?Sized + Serialize>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), C::Error> {
                let Some(meter) = self.admit() else {
                    return Ok(());
                };
                if !meter.take(key.len() + 3) {
                    return Ok(());
                }
                let Compound::Open { inner, .. } = self else {
                    return Ok(());
                };
                inner.serialize_field(key, &Metered { value, meter })
            }

            fn end(self) -> Result<C::Ok, C::Error> {
                self.close();
                match self {
                    Compound::Open { inner, .. } => inner.end(),
                    Compound::Done(ok) => Ok(ok),
                }
            }
        }
    )*};
}

field_compound!(SerializeStruct, SerializeStructVariant);

impl<C: SerializeMap> SerializeMap for Compound<'_, C, C::Ok> {
    type Ok = C::Ok;
    type Error = C::Error;

    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), C::Error> {
        let admitted = self.admit();
        match self {
            Compound::Open {
                inner,
                meter,
                skip_value,
                ..
            } => {
                *skip_value = admitted.is_none();
                if *skip_value {
                    return Ok(());
                }
                inner.serialize_key(&Metered { value: key, meter })
            }
            Compound::Done(_) => Ok(()),
        }
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), C::Error> {
        match self {
            Compound::Open {
                inner,
                meter,
                skip_value: false,
                ..
            } => inner.serialize_value(&Metered { value, meter }),
            _ => Ok(()),
        }
    }

    fn end(self) -> Result<C::Ok, C::Error> {
        self.close();
        match self {
            Compound::Open { inner, .. } => inner.end(),
            Compound::Done(ok) => Ok(ok),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn metered(value: &Value, bytes: usize) -> (Value, bool) {
        let meter = Meter::new(ReplyBudget::bytes(bytes));
        let text = serde_json::to_string(&Metered {
            value,
            meter: &meter,
        })
        .unwrap();
        (serde_json::from_str(&text).unwrap(), meter.truncated())
    }

    #[test]
    fn small_values_pass_unchanged() {
        let v = json!({"a": [1, "two", null, {"b": true}], "c": 1.5});
        assert_eq!(metered(&v, 1000), (v, false));
    }

    #[test]
    fn strings_are_cut_at_a_character_boundary_with_the_mark() {
        let (out, cut) = metered(&json!("é".repeat(100)), 21);
        assert!(cut);
        let s = out.as_str().unwrap();
        assert!(s.ends_with(TRUNCATION_MARK), "{s}");
        assert_eq!(s.trim_end_matches(TRUNCATION_MARK), "é".repeat(9));
        // Control characters count as written: six bytes each.
        let (out, _) = metered(&json!("\u{1}".repeat(100)), 14);
        assert_eq!(out, json!(format!("\u{1}\u{1}{TRUNCATION_MARK}")));
    }

    #[test]
    fn collections_stop_taking_elements_and_depth_is_bounded() {
        let many: Vec<u32> = (0..10_000).collect();
        let (out, cut) = metered(&json!(many), 100);
        assert!(cut && out.as_array().unwrap().len() < 20);
        let mut deep = Value::Null;
        for _ in 0..200 {
            deep = Value::Array(vec![deep]);
        }
        let (out, cut) = metered(&deep, usize::MAX);
        assert!(cut);
        let mut levels = 0;
        let mut v = &out;
        while let Value::Array(items) = v {
            levels += 1;
            v = &items[0];
        }
        assert_eq!((levels, v), (MAX_DEPTH, &json!(TRUNCATION_MARK)));
        let mut exact = Value::Null;
        for _ in 0..MAX_DEPTH {
            exact = Value::Array(vec![exact]);
        }
        assert_eq!(metered(&exact, usize::MAX), (exact, false));
    }

    #[test]
    fn capped_text_is_capped_inside_text_in_one_pass() {
        struct Fails;
        impl fmt::Display for Fails {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("partial")?;
                Err(fmt::Error)
            }
        }
        struct Pieces;
        impl fmt::Display for Pieces {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("ab\"c")?;
                f.write_str("\u{1}é")?;
                write!(f, "{}", 12_345)
            }
        }
        // Every budget around the text's cost: 5 + 6 + 2 + 5 escaped bytes and the quotes.
        for budget in 0..=24 {
            let one = Meter::new(ReplyBudget::bytes(budget));
            let two = Meter::new(ReplyBudget::bytes(budget));
            let a = serde_json::to_string(&CappedText {
                value: &Pieces,
                meter: &one,
            })
            .unwrap();
            let b = serde_json::to_string(&super::super::text::Text(Capped {
                value: &Pieces,
                meter: &two,
            }))
            .unwrap();
            assert_eq!(a, b, "budget {budget}");
            assert_eq!((one.left(), one.truncated()), (two.left(), two.truncated()));
            assert_eq!(one.truncated(), budget < 20, "budget {budget}");
        }
        // A `Display` that fails on its own is an error, not a panic in `serde_json`.
        let meter = Meter::new(ReplyBudget::bytes(100));
        let text = CappedText {
            value: &Fails,
            meter: &meter,
        };
        assert!(serde_json::to_string(&text).is_err());
        assert!(serde_json::to_value(&text).is_err());
    }

    #[test]
    fn display_is_capped() {
        let meter = Meter::new(ReplyBudget::bytes(12));
        let text = Capped {
            value: &"0123456789abcdef",
            meter: &meter,
        }
        .to_string();
        assert_eq!(text, format!("0123456789{TRUNCATION_MARK}"));
        assert!(meter.truncated());
    }
}
