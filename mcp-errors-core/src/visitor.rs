//! [`DataVisitor`]: how generated code hands a value's `data` fields over. It cannot fail and
//! returns nothing, so the code the derive emits per variant is a plain sequence of calls (no
//! `Result`, no `?`), the cheapest form for the user's crate to type-check. The fallible
//! [`FieldSink`] of [`McpError::visit_data`](crate::McpError::visit_data) is met through
//! [`SinkVisitor`], which keeps the sink's first error and skips the fields after it; a
//! `transparent` inner error is visited through [`VisitorSink`], the other way round.

use core::convert::Infallible;
use core::fmt;

use crate::FieldSink;

/// Receives the `data` fields of a value from generated code, in declaration order.
#[doc(hidden)]
pub trait DataVisitor {
    /// A serialized field, under its wire key.
    fn field<T: ?Sized + serde::Serialize>(&mut self, key: &'static str, value: &T);
    /// The `#[mcp(details)]` field, as its `Display` text.
    fn details(&mut self, details: &dyn fmt::Display);
}

/// A [`FieldSink`] as a [`DataVisitor`]: the sink's first error is kept, and the fields after
/// it are not handed over, as if the visit had stopped there.
pub(crate) struct SinkVisitor<'a, S: FieldSink> {
    sink: &'a mut S,
    error: Option<S::Error>,
}

impl<'a, S: FieldSink> SinkVisitor<'a, S> {
    pub(crate) fn new(sink: &'a mut S) -> Self {
        SinkVisitor { sink, error: None }
    }

    /// The visit's outcome: the sink's first error, if any.
    pub(crate) fn finish(self) -> Result<(), S::Error> {
        self.error.map_or(Ok(()), Err)
    }
}

impl<S: FieldSink> DataVisitor for SinkVisitor<'_, S> {
    #[inline]
    fn field<T: ?Sized + serde::Serialize>(&mut self, key: &'static str, value: &T) {
        if self.error.is_none()
            && let Err(error) = self.sink.field(key, value)
        {
            self.error = Some(error);
        }
    }

    #[inline]
    fn details(&mut self, details: &dyn fmt::Display) {
        if self.error.is_none()
            && let Err(error) = self.sink.details(details)
        {
            self.error = Some(error);
        }
    }
}

/// A [`DataVisitor`] as a [`FieldSink`] that never fails: how a `transparent` variant hands
/// its inner error's fields (visited through `visit_data`, which a hand-written impl may
/// override) to the outer visit.
pub(crate) struct VisitorSink<'a, V: DataVisitor>(pub(crate) &'a mut V);

impl<V: DataVisitor> FieldSink for VisitorSink<'_, V> {
    type Error = Infallible;

    #[inline]
    fn field<T: ?Sized + serde::Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Infallible> {
        self.0.field(key, value);
        Ok(())
    }

    #[inline]
    fn details(&mut self, details: &dyn fmt::Display) -> Result<(), Infallible> {
        self.0.details(details);
        Ok(())
    }
}
