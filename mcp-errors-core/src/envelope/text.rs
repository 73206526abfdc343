//! `Display` values written as JSON strings, without an intermediate `String`.

use core::cell::Cell;
use core::fmt;

use serde::ser::{Error as _, Serialize, Serializer};

use super::budget::{CappedText, Meter};
use crate::McpError;

/// A `Display` value serialized as a JSON string through `collect_str` (no `String`).
///
/// A `Display` impl that fails on its own (not because the output failed) makes
/// serialization return an error instead of reaching `serde_json`'s internal `expect`.
pub(super) struct Text<T>(pub(super) T);

impl<T: fmt::Display> Serialize for Text<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let failed = Cell::new(false);
        let result = serializer.collect_str(&Guarded {
            inner: &self.0,
            failed: &failed,
        });
        if failed.get() {
            return Err(S::Error::custom(
                "a Display implementation returned an error",
            ));
        }
        result
    }
}

/// Forwards to `inner`, turning a spontaneous `fmt::Error` into a flag.
pub(crate) struct Guarded<'a, T> {
    pub(crate) inner: &'a T,
    pub(crate) failed: &'a Cell<bool>,
}

impl<T: fmt::Display> fmt::Display for Guarded<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Probe<'a, 'b> {
            out: &'a mut fmt::Formatter<'b>,
            out_failed: bool,
        }
        impl fmt::Write for Probe<'_, '_> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                self.out
                    .write_str(s)
                    .inspect_err(|_| self.out_failed = true)
            }
        }

        let mut probe = Probe {
            out: f,
            out_failed: false,
        };
        match fmt::write(&mut probe, format_args!("{}", self.inner)) {
            Ok(()) => Ok(()),
            Err(e) if probe.out_failed => Err(e),
            Err(_) => {
                self.failed.set(true);
                Ok(())
            }
        }
    }
}

/// The wire message of an error ([`McpError::fmt_message`]), as a `Display`: what every
/// envelope's `message` is (the same as the error's `Display` unless a variant gives its logs
/// another text).
pub(crate) struct Message<'a, E: ?Sized>(pub(crate) &'a E);

impl<E: ?Sized + McpError> fmt::Display for Message<'_, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_message(f)
    }
}

/// An error's wire message as a JSON string within the envelope's budget. A derived enum's
/// catalog text without placeholders (`McpError::__plain_catalog_text`) is the message as it
/// stands: when it fits whole it is charged its length and written as a plain string, without
/// formatting (the same bytes and the same charge as the formatted path, which writes
/// everything else, and this text too when the budget would cut it).
pub(crate) struct MeteredMessage<'a, E: ?Sized> {
    pub(crate) error: &'a E,
    pub(crate) meter: &'a Meter,
}

impl<E: ?Sized + McpError> Serialize for MeteredMessage<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let error = self.error;
        if error.__plain_catalog_text() {
            let template = error.entry().message;
            // Its escaped length and the quotes: nothing in it is escaped.
            if super::fast::plain_template(template) && self.meter.take_whole(template.len() + 2) {
                return serializer.serialize_str(template);
            }
        }
        CappedText {
            value: &Message(error),
            meter: self.meter,
        }
        .serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ReplyBudget;
    use crate::common::CommonError;
    use crate::unknown::UnknownError;

    /// The message through `MeteredMessage` and through the formatted path, under `budget`:
    /// the JSON strings, and what each left of the meter and whether it cut.
    fn both<E: McpError>(error: &E, budget: usize) -> [(String, usize, bool); 2] {
        let short = Meter::new(ReplyBudget::bytes(budget));
        let formatted = Meter::new(ReplyBudget::bytes(budget));
        let a = serde_json::to_string(&MeteredMessage {
            error,
            meter: &short,
        })
        .unwrap();
        let b = serde_json::to_string(&CappedText {
            value: &Message(error),
            meter: &formatted,
        })
        .unwrap();
        [
            (a, short.left(), short.truncated()),
            (b, formatted.left(), formatted.truncated()),
        ]
    }

    #[test]
    fn a_plain_catalog_message_is_written_and_charged_as_the_formatted_one() {
        let plain = CommonError::Timeout { details: None };
        assert!(plain.__plain_catalog_text());
        let template = plain.entry().message;
        assert!(super::super::fast::plain_template(template));
        let cost = template.len() + 2;
        for budget in [0, 1, 2, 3, cost - 1, cost, cost + 1, 4096] {
            let [short, formatted] = both(&plain, budget);
            assert_eq!(short, formatted, "budget {budget}");
        }
        // Just fits: the whole text, nothing left, nothing cut.
        let [(text, left, cut), _] = both(&plain, cost);
        assert_eq!((text, left, cut), (format!("\"{template}\""), 0, false));
        // Just does not: cut, and marked.
        let [(text, left, cut), _] = both(&plain, cost - 1);
        assert!(
            cut && left == 0 && text.ends_with("…[truncated]\""),
            "{text}"
        );
        // An error without the derive's promise is formatted: the same bytes either way.
        for budget in [0, 5, 4096] {
            let [short, formatted] = both(&UnknownError, budget);
            assert_eq!(short, formatted, "budget {budget}");
        }
    }
}
