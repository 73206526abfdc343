//! How a value's data fields reach an envelope's map: [`MapSink`] drives a `SerializeMap` as
//! the error's [`FieldSink`], skipping keys the envelope writes itself ([`Reserved`]).

use core::fmt;

use serde::ser::{Serialize, SerializeMap};

use super::budget::{Capped, CappedText, Meter, Metered};
use super::view::Context;
use crate::field_types::whole_ms;
use crate::{FieldRole, FieldSink, McpError, VisitData};

/// What a dry run of [`McpError::visit_data`] saw: it serializes nothing, so it is free for a
/// sized error (through a trait object each field is converted once more). An `Option` field
/// that is `None` is not handed over.
#[derive(Default)]
pub(super) struct Visited {
    /// At least one serialized field.
    pub(super) fields: bool,
    /// A `#[mcp(details)]` text.
    pub(super) details: bool,
    /// A field failed: the member is written anyway, so the real pass reports the error.
    pub(super) failed: bool,
}

impl Visited {
    pub(super) fn of<E: ?Sized + VisitData>(error: &E) -> Visited {
        let mut visited = Visited::default();
        visited.failed = error.visit_data_any(&mut visited).is_err();
        visited
    }

    /// Whether `data` gets a member from the error: a field, the details, or a failure.
    pub(super) fn any(self) -> bool {
        self.failed || self.fields || self.details
    }

    /// Whether `_meta.data` gets a member: a field, or a failure.
    pub(super) fn data_fields(self) -> bool {
        self.failed || self.fields
    }
}

impl FieldSink for Visited {
    type Error = serde_json::Error;
    fn field<T: ?Sized + Serialize>(&mut self, _: &'static str, _: &T) -> Result<(), Self::Error> {
        self.fields = true;
        Ok(())
    }
    fn details(&mut self, _: &dyn fmt::Display) -> Result<(), Self::Error> {
        self.details = true;
        Ok(())
    }
}

/// Ends a map that holds caller content: the request's `context` (metered like a data field),
/// the `MCP_ERRORS_VERBOSE` stack (whole frames, as many as the budget leaves room for: the
/// context comes first), then `truncated: true` when the envelope's budget cut anything (in
/// this map or, for a tool error, which shares one budget across its members, anywhere in the
/// reply).
pub(super) fn end_with_context<M: SerializeMap>(
    mut map: M,
    context: Option<&Context>,
    stack: Option<&Stack<'_>>,
    meter: &Meter,
) -> Result<M::Ok, M::Error> {
    if let Some(context) = context {
        map.serialize_entry(
            CONTEXT,
            &Metered {
                value: context,
                meter,
            },
        )?;
    }
    if let Some(stack) = stack {
        let kept = meter.whole(stack.frames);
        map.serialize_entry(
            STACK,
            &Stack {
                frames: &stack.frames[..kept],
                as_string: stack.as_string,
            },
        )?;
    }
    if meter.truncated() {
        map.serialize_entry(TRUNCATED, &true)?;
    }
    map.end()
}

/// Whether the message alone is over the envelope's budget: it is then cut, and the envelope
/// needs its `data` (or `details`) member for the `truncated` flag even without fields. Only
/// asked when the member would otherwise be left out.
pub(super) fn message_over_budget<T: fmt::Display>(message: &T, meter: &Meter) -> bool {
    struct Discard;
    impl fmt::Write for Discard {
        fn write_str(&mut self, _: &str) -> fmt::Result {
            Ok(())
        }
    }
    let _ = fmt::write(
        &mut Discard,
        format_args!(
            "{}",
            Capped {
                value: message,
                meter
            }
        ),
    );
    meter.truncated()
}

/// The key of the flag an envelope adds when the [`ReplyBudget`](super::ReplyBudget) cut
/// something.
pub(super) const TRUNCATED: &str = "truncated";

/// The key of the `MCP_ERRORS_VERBOSE` stack, in every shape that carries one.
pub(super) const STACK: &str = "stack";

/// The key of a request's context (`with_context`). Written only when the envelope is given a
/// context, so not reserved for fields.
pub(super) const CONTEXT: &str = "context";

/// Whether the catalog row has a `#[mcp(details)]` field.
pub(super) fn has_details_field<E: ?Sized + McpError>(error: &E) -> bool {
    error
        .entry()
        .fields
        .iter()
        .any(|f| f.role == FieldRole::Details)
}

/// [`McpError::retry_after`] in whole milliseconds, saturating.
pub(super) fn retry_after_ms<E: ?Sized + McpError>(error: &E) -> Option<u64> {
    error.retry_after().map(whole_ms)
}

/// Which keys of a map the envelope writes itself; a data field under one of them is dropped
/// so the output never has duplicate keys.
pub(super) struct Reserved {
    /// Keys always written.
    pub(super) fixed: &'static [&'static str],
    /// Keys written in this instance (`retryAfterMs` when known, `stack` when captured,
    /// `context` when given, ...).
    pub(super) present: [Option<&'static str>; 5],
}

impl Reserved {
    /// No key reserved: a map of the fields alone.
    pub(super) const NONE: Reserved = Reserved {
        fixed: &[],
        present: [None; 5],
    };

    #[inline]
    pub(super) fn contains(&self, key: &str) -> bool {
        // Most keys differ from every reserved one in length or in their last byte: compared
        // first, they are told apart without a call to compare bytes.
        let same = |reserved: &str| {
            reserved.len() == key.len()
                && reserved.as_bytes().last() == key.as_bytes().last()
                && reserved == key
        };
        self.fixed.iter().any(|r| same(r)) || self.present.iter().flatten().any(|r| same(r))
    }
}

/// Drives a `SerializeMap` as the [`FieldSink`] of an error.
pub(super) struct MapSink<'m, M> {
    pub(super) map: &'m mut M,
    /// The key of the `#[mcp(details)]` text; `None` leaves the text out.
    pub(super) details_key: Option<&'static str>,
    pub(super) reserved: Reserved,
    /// The envelope's budget, which every value and the details text are written within.
    pub(super) meter: &'m Meter,
}

impl<M: SerializeMap> FieldSink for MapSink<'_, M> {
    type Error = M::Error;

    fn field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), M::Error> {
        if self.reserved.contains(key) {
            return Ok(());
        }
        let meter = self.meter;
        self.map.serialize_entry(key, &Metered { value, meter })
    }

    fn details(&mut self, details: &dyn fmt::Display) -> Result<(), M::Error> {
        let Some(key) = self.details_key else {
            return Ok(());
        };
        let meter = self.meter;
        self.map.serialize_entry(
            key,
            &CappedText {
                value: details,
                meter,
            },
        )
    }
}

/// A captured stack as an envelope writes it: an array of frames, or (as the negative-code
/// GitHub server types it, [`stack_as_string`](super::EnvelopeView::stack_as_string)) one
/// string of lines.
/// [`end_with_context`] keeps the whole frames the envelope's budget has room for (none, when
/// a field spent it), so it stays an array or a string of whole lines.
pub(super) struct Stack<'a> {
    pub(super) frames: &'a [String],
    pub(super) as_string: bool,
}

impl Serialize for Stack<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.as_string {
            serializer.collect_str(&Lines(self.frames))
        } else {
            self.frames.serialize(serializer)
        }
    }
}

/// Frames joined by `\n`, written without building the string first.
struct Lines<'a>(&'a [String]);

impl fmt::Display for Lines<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, frame) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            f.write_str(frame)?;
        }
        Ok(())
    }
}
