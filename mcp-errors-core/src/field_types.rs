//! The types a field may have in each role, as traits the generated code calls:
//! `#[mcp(retry_after)]` ([`IntoRetryAfter`], and `decode::FromRetryAfterMs` for decoding),
//! `#[mcp(retryable)]` ([`RetryableFlag`]), `#[mcp(source)]` ([`AsDynError`]), a field
//! sent in `data` ([`DataField`], handed over by [`data_field`]; a `text` one by
//! [`text_field`], a path by [`path_field`], a path in a template by [`path_display`]) and a
//! `transparent` inner error ([`Transparent`]).
//!
//! A missing impl names the field's type in the user's code; the traits are reached through
//! `__private`, not public API.

use core::time::Duration;
use std::error::Error;

use crate::visitor::{DataVisitor, VisitorSink};
use crate::{ErrorCatalog, ErrorEntry, McpError};

/// What a `#[mcp(retry_after)]` field may be: a `Duration`, whole seconds as an integer
/// (`u8` to `u64`, `i8` to `i64`, `usize`), `f64` seconds, or an `Option` of one of those.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a `retry_after` delay",
    label = "`#[mcp(retry_after)]` reads this field as the delay before a retry",
    note = "make it a `std::time::Duration`, whole seconds as an integer (`u8` to `u64`, `i8` \
            to `i64`, `usize`), `f64` seconds, or an `Option` of one of those; a delay kept as \
            text is parsed into one of them first"
)]
pub trait IntoRetryAfter {
    /// The delay, if known. Negative seconds are no delay at all.
    fn retry_after(&self) -> Option<Duration>;
}

impl IntoRetryAfter for Duration {
    fn retry_after(&self) -> Option<Duration> {
        Some(*self)
    }
}

macro_rules! retry_after_unsigned {
    ($($t:ty),*) => {$(
        impl IntoRetryAfter for $t {
            fn retry_after(&self) -> Option<Duration> {
                Some(Duration::from_secs(u64::from(*self)))
            }
        }
    )*};
}
retry_after_unsigned!(u8, u16, u32, u64);

macro_rules! retry_after_signed {
    ($($t:ty),*) => {$(
        impl IntoRetryAfter for $t {
            fn retry_after(&self) -> Option<Duration> {
                u64::try_from(*self).ok().map(Duration::from_secs)
            }
        }
    )*};
}
retry_after_signed!(i8, i16, i32, i64);

impl IntoRetryAfter for usize {
    fn retry_after(&self) -> Option<Duration> {
        u64::try_from(*self).ok().map(Duration::from_secs)
    }
}

impl IntoRetryAfter for f64 {
    fn retry_after(&self) -> Option<Duration> {
        Duration::try_from_secs_f64(*self).ok()
    }
}

impl<T: IntoRetryAfter> IntoRetryAfter for Option<T> {
    fn retry_after(&self) -> Option<Duration> {
        self.as_ref().and_then(IntoRetryAfter::retry_after)
    }
}

impl<T: IntoRetryAfter + ?Sized> IntoRetryAfter for &T {
    fn retry_after(&self) -> Option<Duration> {
        (**self).retry_after()
    }
}

/// The value of a `#[mcp(retryable)]` field: a `bool`, or an `Option<bool>` where `None`
/// falls back to the catalog.
pub trait RetryableFlag {
    /// The flag, if the value decides.
    fn flag(&self) -> Option<bool>;

    /// The value a decoded field takes when `data.retryable` is absent (`plain_data`
    /// envelopes leave it out): the catalog's `default`, or `None` that defers to it.
    fn from_catalog(default: bool) -> Self
    where
        Self: Sized;
}

impl RetryableFlag for bool {
    fn flag(&self) -> Option<bool> {
        Some(*self)
    }

    fn from_catalog(default: bool) -> Self {
        default
    }
}

impl RetryableFlag for Option<bool> {
    fn flag(&self) -> Option<bool> {
        *self
    }

    fn from_catalog(_: bool) -> Self {
        None
    }
}

/// Turns a `#[mcp(source)]` field into the `&dyn Error` that `Error::source` returns; works
/// for concrete errors and, through auto-deref, for `Box<dyn Error + Send + Sync>`.
pub trait AsDynError {
    /// The field as a trait object.
    fn as_dyn_error(&self) -> &(dyn Error + 'static);
}

impl<T: Error + 'static> AsDynError for T {
    fn as_dyn_error(&self) -> &(dyn Error + 'static) {
        self
    }
}

macro_rules! as_dyn_error_for_dyn {
    ($($ty:ty),*) => {$(
        impl AsDynError for $ty {
            fn as_dyn_error(&self) -> &(dyn Error + 'static) {
                self
            }
        }
    )*};
}
as_dyn_error_for_dyn!(
    dyn Error + 'static,
    dyn Error + Send + 'static,
    dyn Error + Sync + 'static,
    dyn Error + Send + Sync + 'static
);

/// The wire's `retryable`: the error's flag (the catalog's, or the value's), or a known retry
/// delay (the retry contract, [`retry`](crate::retry)). The one place this rule is written:
/// every writer of `retryable` (the envelopes, the optimistic writer, a tool error's `_meta`
/// and text, `ToolFailure`, the HTTP layer's rejections) and the readers that fill it in
/// (`ToolFailure::is_retryable`, the discovery client's `decode`) call it, a writer that
/// already holds the delay with the delay, so it is asked once.
pub(crate) const fn retryable_on_wire(flag: bool, delay_known: bool) -> bool {
    flag || delay_known
}

/// [`retryable_on_wire`] of an error value.
pub(crate) fn wire_retryable<E: McpError + ?Sized>(err: &E) -> bool {
    retryable_on_wire(err.retryable(), err.retry_after().is_some())
}

/// A delay in whole milliseconds, saturating: how envelopes write `retryAfterMs` (and how
/// decoding compares a field with it).
pub(crate) fn whole_ms(delay: Duration) -> u64 {
    // Rounded up (the retry contract): waiting 1 ms too long is harmless, too short is not.
    let ms = delay.as_millis() + u128::from(!delay.subsec_nanos().is_multiple_of(1_000_000));
    u64::try_from(ms).unwrap_or(u64::MAX)
}

/// What a field sent in `data` (`#[mcp(data)]`, `rename`, or under `data_fields`) must be:
/// `Serialize`. Generated code
/// hands such a field to the sink by [`data_field`], so a missing `Serialize` is reported as this
/// trait, at the field, with the ways out (`do_not_recommend` keeps rustc from reporting
/// serde's bound instead).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot go into `data`: the field is sent there (`#[mcp(data)]`, \
               `rename`, or `data_fields` on its variant or enum)",
    label = "this field's type does not implement `serde::Serialize`",
    note = "keep it off the wire: remove `data` / `rename` (a field without a wire attribute \
            is not sent), or under `data_fields` mark it `#[mcp(skip)]`; if it is the cause, \
            mark it `#[mcp(source)]` or `#[mcp(from)]`; to send its `Display` text under its \
            key, mark it `#[mcp(text)]` (or `#[mcp(details)]` for `data.details`); or derive \
            `serde::Serialize` for it"
)]
pub trait DataField {
    /// Serializes the field.
    fn serialize_field<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>;
}

#[diagnostic::do_not_recommend]
impl<T: ?Sized + serde::Serialize> DataField for T {
    fn serialize_field<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.serialize(serializer)
    }
}

/// A `data` field as [`data_field`] hands it to a `FieldSink` (see [`DataField`]).
pub struct Data<'a, T: ?Sized>(pub &'a T);

/// Hands one `data` field to the visitor: what generated code calls for each field
/// (`data_field(visitor, "key", field);`). One call of a plain generic function per field is
/// what the user's crate type-checks; a field that is not `Serialize` is reported as
/// [`DataField`], at the field.
#[inline]
pub fn data_field<V: DataVisitor, T: ?Sized + DataField>(
    visitor: &mut V,
    key: &'static str,
    value: &T,
) {
    visitor.field(key, &Data(value));
}

/// [`data_field`] of a `#[mcp(text)]` field: its `Display` text (see `TextField`).
#[inline]
pub fn text_field<V: DataVisitor, T: ?Sized + TextField>(
    visitor: &mut V,
    key: &'static str,
    value: &T,
) {
    visitor.field(key, &TextData(value));
}

/// [`data_field`] of a `Path`/`PathBuf` field: its text, lossily (see `PathData`).
#[inline]
pub fn path_field<V: DataVisitor, P: ?Sized + AsRef<std::path::Path>>(
    visitor: &mut V,
    key: &'static str,
    value: &P,
) {
    visitor.field(key, &PathData(value));
}

/// The `#[mcp(details)]` field: its `Display` text, under `details`.
#[inline]
pub fn details_field<V: DataVisitor>(visitor: &mut V, details: &dyn core::fmt::Display) {
    visitor.details(details);
}

impl<T: ?Sized + DataField> serde::Serialize for Data<'_, T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize_field(serializer)
    }
}

/// A `Path`/`PathBuf` field in `data`: its text, lossily, so that a path that is not UTF-8
/// (which serde's own impl refuses) cannot fail an envelope.
pub struct PathData<'a, P: ?Sized>(pub &'a P);

impl<P: ?Sized + AsRef<std::path::Path>> serde::Serialize for PathData<'_, P> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0.as_ref().display())
    }
}

/// What a `#[mcp(text)]` field must be: `Display`. Generated code hands such a field to the
/// sink by [`text_field`], as [`TextData`], so a missing `Display` is reported as this trait,
/// at the field (`do_not_recommend` keeps rustc from reporting `Serialize` of `TextData`
/// instead).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot go into `data` as text: it does not implement `Display`",
    label = "`#[mcp(text)]` sends this field's `Display` text",
    note = "keep it out of `data` with `#[mcp(message_only)]` (the message may still show it \
            with `{{field:?}}`) or `#[mcp(skip)]`; or implement `Display` for it"
)]
pub trait TextField {
    /// Writes the field's text.
    fn write_text(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result;
}

#[diagnostic::do_not_recommend]
impl<T: ?Sized + core::fmt::Display> TextField for T {
    fn write_text(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(self, f)
    }
}

/// A `#[mcp(text)]` field in `data`: its `Display` text, for a type that is not `Serialize`
/// (someone else's error or id type).
pub struct TextData<'a, T: ?Sized>(pub &'a T);

impl<T: ?Sized + TextField> core::fmt::Display for TextData<'_, T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.write_text(f)
    }
}

impl<T: ?Sized + TextField> serde::Serialize for TextData<'_, T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A `Path`/`PathBuf` field in a template: its `display()`.
pub fn path_display<P: ?Sized + AsRef<std::path::Path>>(path: &P) -> std::path::Display<'_> {
    path.as_ref().display()
}

/// The inner error of a `transparent` variant: an `McpError` with a catalog. Generated code
/// reaches the inner error only through this trait, so a foreign inner type is reported once,
/// as this trait, with the way out (`do_not_recommend` keeps rustc from reporting the bounds
/// of the blanket impl instead; methods rather than an associated type, whose projection
/// would report them again).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an `McpError`, so `transparent` cannot take its code, symbol \
               and message",
    label = "`transparent` needs an inner error that derives `McpError`",
    note = "for a foreign error (`std::io::Error`, `anyhow::Error`, `Box<dyn Error>`), give \
            the variant a code of its own, which makes it a `catch_all` (it also converts from \
            it): `#[mcp(code = ..., transparent)] Io(std::io::Error)`"
)]
pub trait Transparent {
    /// The inner error, for the methods of `McpError`, `Display` and `Error`.
    fn inner(&self) -> &dyn McpError;
    /// The inner error's fields, through its [`McpError::visit_data`] (generic, so not
    /// through `inner`; a hand-written inner impl overrides that method).
    fn visit<V: DataVisitor>(&self, visitor: &mut V);
    /// [`ErrorCatalog::entry_by_code`] of the inner type.
    fn entry_by_code(code: i32) -> Option<&'static ErrorEntry>;
    /// [`ErrorCatalog::entry_by_symbol`] of the inner type.
    fn entry_by_symbol(symbol: &str) -> Option<&'static ErrorEntry>;
}

#[diagnostic::do_not_recommend]
impl<T: McpError + ErrorCatalog> Transparent for T {
    fn inner(&self) -> &dyn McpError {
        self
    }
    fn visit<V: DataVisitor>(&self, visitor: &mut V) {
        let Ok(()) = McpError::visit_data(self, &mut VisitorSink(visitor));
    }
    fn entry_by_code(code: i32) -> Option<&'static ErrorEntry> {
        <T as ErrorCatalog>::entry_by_code(code)
    }
    fn entry_by_symbol(symbol: &str) -> Option<&'static ErrorEntry> {
        <T as ErrorCatalog>::entry_by_symbol(symbol)
    }
}
