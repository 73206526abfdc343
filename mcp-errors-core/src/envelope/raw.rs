//! The serde path's raw route: a JSON-RPC error view handed to `serde_json`'s compact
//! serializer over a `Vec<u8>` (`serde_json::to_writer(&mut vec, &view)`, `to_vec`,
//! `to_string`, or the view inside the caller's own `Serialize` type written by one of them)
//! gives that serializer the optimistic writer's bytes (`fast/`) to copy, the way
//! `serde_json::value::RawValue` is written, instead of driving it key by key through the
//! metered `Serialize`. Every other serializer (`to_value`, a pretty or custom formatter, any
//! other writer, any other format) gets the structured, metered `Serialize`, unchanged.
//!
//! The bytes are those of `write_json`: the same optimistic writer, with the view's options,
//! under its [`ReplyBudget`](super::ReplyBudget). When that writer gives up (an eighth of the
//! budget passed, an option it does not handle, a failing field) the structured path writes
//! the envelope, metered, as `write_json` does.
//!
//! # How the bytes reach `serde_json`
//!
//! `RawValue` has no public constructor that skips parsing its text (the unchecked one is
//! `unsafe`), and a parse costs as much as the structured path. The route therefore speaks
//! `RawValue`'s own serialization protocol: a struct named by `serde_json`'s private token
//! ([`TOKEN`]) with one field of the same name whose value serializes as the text.
//! `serde_json`'s serializer, when its `raw_value` feature is on, answers `serialize_struct`
//! with that name by handing the field's value to its raw-value emitter, whose `serialize_str`
//! writes the text verbatim (`Formatter::write_raw_fragment`).
//!
//! # Only in a build where `raw_value` is on, which this crate never turns on
//!
//! Cargo unifies features: `raw_value` on anywhere in a build is on for every crate of it, and
//! it changes how they all read JSON into a `serde_json::Value`. An object whose first key is
//! the token is read again as the JSON text its string holds, with a fresh nesting limit, so
//! `serde_json`'s limit of 128 levels no longer bounds a `Value` read from an untrusted body
//! (an rmcp server's tool arguments, for one): a few kilobytes nest thousands of levels deep and
//! can exhaust a thread's stack. A crate that writes errors must not do that to a server, so
//! the route is taken only where something else in the build turned the feature on (jsonrpsee
//! does, or the server's own `serde_json` dependency); the probe tells. Elsewhere the serde
//! path is the structured one. CI's `cargo tree` check keeps the feature out of a default build.
//!
//! # Why it fails only safe: a wrong detection is an `Err`, never wrong bytes
//!
//! Safe Rust has no exact handle on the serializer: `S` is not `'static`, so `TypeId` cannot
//! name it, and `core::any::type_name`, the only handle left, is documented as neither stable
//! nor unique. The route therefore checks three things, and each failure is safe:
//!
//! 1. **The probe** ([`probed_emitter`]), once per process: a known text written through the
//!    same protocol, by the `serde_json` this crate links, into a `Vec<u8>`, must come back
//!    exactly. A renamed token, or a `serde_json` without `raw_value`, writes the struct as
//!    an ordinary object instead: the probe fails and the route is never taken. While the
//!    probe runs, the field records the `type_name` of the serializer it was handed: the
//!    raw-value emitter's, with its writer and formatter types.
//! 2. **The serializer** ([`raw_route`]): the route is taken only when `type_name::<S>()` is
//!    exactly that of `&mut serde_json::Serializer<&mut Vec<u8>>` (what the probe wrote
//!    through). A name printed otherwise (a change of format, a pretty or custom formatter,
//!    another writer) misses: the structured path, never an error.
//! 3. **The field** ([`emitter_matches`]): the field's value checks its own serializer's
//!    `type_name` against the probe's record before it writes a byte, and returns
//!    `Err(S::Error::custom(..))` when they differ. Suppose check 2 was fooled, by a type that
//!    prints the name of `serde_json`'s compact serializer and is not it (a second `serde_json`
//!    in the build whose types print the same paths). Either that serializer does not know
//!    the token: it serializes the struct as a struct, and the field's value reaches an
//!    ordinary value serializer, whose name is not the emitter's, so the field returns `Err`
//!    and the envelope's bytes never reach it. Or it knows the token: the field reaches its
//!    raw-value emitter, which must then print exactly the name the probe recorded (the
//!    emitter of a crate named `serde_json`, over the same writer type and formatter), that is
//!    the raw-value protocol's own emitter, which writes the text verbatim. A serializer that
//!    never serializes the field writes no byte of the envelope either.
//!
//! After such an `Err` the writer holds what the serializer wrote before the field (at most
//! the opening of the struct and its key): the partial output of a failed serialization, as
//! after any failing `Serialize`, never a reply that claims to be whole.

use core::any::type_name;
use core::cell::Cell;
use std::sync::OnceLock;

use serde::ser::{Error as _, Serialize, SerializeStruct, Serializer};

use super::view::with_scratch;

/// `serde_json`'s private name for raw JSON text (`serde_json::raw::TOKEN`), the name of the
/// struct and of its one field in `RawValue`'s serialization protocol.
const TOKEN: &str = "$serde_json::private::RawValue";

/// The one serializer the route serves: what `serde_json::to_writer(&mut vec, ..)`,
/// `serde_json::to_vec` and `serde_json::to_string` hand to `Serialize::serialize` (and to
/// each value nested in a map, a struct or a sequence they write).
type CompactVec<'a, 'b> = &'a mut serde_json::Serializer<&'b mut Vec<u8>>;

/// Writes a view: its optimistic writer's bytes, `write`, as raw JSON when `serializer` is
/// `serde_json`'s compact one over a `Vec<u8>` and the probe passed; `structured` otherwise,
/// or when `write` gives up, or when this thread's scratch buffer is already in use (a view
/// written from inside another's `Display`).
pub(super) fn serialize<S: Serializer>(
    serializer: S,
    write: impl FnOnce(&mut Vec<u8>) -> bool,
    structured: impl FnOnce(S) -> Result<S::Ok, S::Error>,
) -> Result<S::Ok, S::Error> {
    let Some(emitter) = raw_route(
        type_name::<S>(),
        type_name::<CompactVec<'_, '_>>(),
        probed_emitter,
    ) else {
        return structured(serializer);
    };
    let raw = with_scratch(move |scratch| {
        let Some(scratch) = scratch else {
            return Err(serializer);
        };
        if !write(scratch) {
            return Err(serializer);
        }
        // The writer writes `&str`s and ASCII only; checked, since nothing may be assumed.
        let Ok(text) = core::str::from_utf8(scratch) else {
            return Err(serializer);
        };
        Ok(Token {
            text,
            check: Check::Emitter(emitter),
        }
        .serialize(serializer))
    });
    raw.unwrap_or_else(structured)
}

/// The raw-value emitter's name when a serializer named `serializer` takes the raw route: it
/// is named exactly as `compact` (`serde_json`'s compact serializer over `&mut Vec<u8>`) and
/// the probe passed (`probe` is asked only then). `None`: the structured path.
fn raw_route(
    serializer: &str,
    compact: &str,
    probe: impl FnOnce() -> Option<&'static str>,
) -> Option<&'static str> {
    if serializer == compact { probe() } else { None }
}

/// Whether the serializer the token's field was handed, named `seen`, is the raw-value
/// emitter the probe recorded (`probed`): only then does the field write its text.
fn emitter_matches(seen: &str, probed: &str) -> bool {
    seen == probed
}

/// The name of the serializer that wrote the probe's text verbatim (`serde_json`'s raw-value
/// emitter over `&mut Vec<u8>`), or `None` when the protocol did not write it exactly and the
/// route is never taken. Runs once per process.
fn probed_emitter() -> Option<&'static str> {
    static EMITTER: OnceLock<Option<&'static str>> = OnceLock::new();
    *EMITTER.get_or_init(|| probe(|out, token| serde_json::to_writer(out, token).is_ok()))
}

/// Writes a known text through the protocol with `write` and returns the name its field saw
/// when the output is exactly that text.
fn probe(write: impl FnOnce(&mut Vec<u8>, &Token<'_>) -> bool) -> Option<&'static str> {
    /// Raw JSON that a struct written as a struct could not produce: an object, a string
    /// with an escape, a number, `null`.
    const TEXT: &str = r#"{"probe":[1,"\u00e9",null]}"#;
    let seen = Cell::new(None);
    let mut out = Vec::new();
    let token = Token {
        text: TEXT,
        check: Check::Record(&seen),
    };
    if write(&mut out, &token) && out == TEXT.as_bytes() {
        seen.get()
    } else {
        None
    }
}

/// Raw JSON text in `RawValue`'s serialization protocol.
struct Token<'a> {
    text: &'a str,
    check: Check<'a>,
}

/// What the field does with its serializer's name before it writes.
#[derive(Clone, Copy)]
enum Check<'a> {
    /// The probe: record it.
    Record(&'a Cell<Option<&'static str>>),
    /// The route: it must be this one, the probe's record.
    Emitter(&'static str),
}

impl Serialize for Token<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut raw = serializer.serialize_struct(TOKEN, 1)?;
        raw.serialize_field(
            TOKEN,
            &Field {
                text: self.text,
                check: self.check,
            },
        )?;
        raw.end()
    }
}

/// The token's field: the text, written by `serialize_str` once its serializer passed
/// [`Check`].
struct Field<'a> {
    text: &'a str,
    check: Check<'a>,
}

impl Serialize for Field<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let seen = type_name::<S>();
        match self.check {
            Check::Record(cell) => cell.set(Some(seen)),
            Check::Emitter(probed) => {
                if !emitter_matches(seen, probed) {
                    return Err(S::Error::custom(format_args!(
                        "mcp-errors: an envelope's raw JSON reached `{seen}`, not serde_json's \
                         raw-value emitter `{probed}`: the serializer was taken for \
                         serde_json's compact one and is not; nothing of the envelope was written"
                    )));
                }
            }
        }
        serializer.serialize_str(self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMPACT: &str = "&mut serde_json::ser::Serializer<&mut alloc::vec::Vec<u8>>";

    #[test]
    fn the_route_needs_the_exact_name_and_a_probe_that_passed() {
        let emitter = || Some("emitter");
        assert_eq!(raw_route(COMPACT, COMPACT, emitter), Some("emitter"));
        assert_eq!(raw_route(COMPACT, COMPACT, || None), None);
        for other in [
            "&mut serde_json::ser::Serializer<&mut alloc::vec::Vec<u8>, serde_json::ser::PrettyFormatter<'_>>",
            "&mut serde_json::ser::Serializer<alloc::vec::Vec<u8>>",
            "&mut serde_json::ser::Serializer<&mut &mut alloc::vec::Vec<u8>>",
            "serde_json::value::ser::Serializer",
            "&mut serde_json::ser::Serializer<&mut alloc::vec::Vec<u8>>2",
        ] {
            assert_eq!(
                raw_route(other, COMPACT, || panic!("probed for {other}")),
                None
            );
        }
    }

    #[test]
    fn the_probe_passes_with_the_linked_serde_json_and_names_its_emitter() {
        let emitter = probed_emitter().expect("serde_json writes the probe verbatim");
        assert!(
            emitter.starts_with("serde_json::ser::RawValueStrEmitter<"),
            "{emitter}"
        );
        assert_eq!(
            type_name::<CompactVec<'_, '_>>(),
            COMPACT,
            "the name the route compares with"
        );
    }

    #[test]
    fn a_probe_not_written_verbatim_fails() {
        // The probe records the emitter of the serializer it went through: with a formatter
        // of its own, another name than the route's.
        let custom = |out: &mut Vec<u8>, token: &Token<'_>| {
            let mut ser = serde_json::Serializer::with_formatter(out, Plain);
            token.serialize(&mut ser).is_ok()
        };
        let name = probe(custom).expect("serde_json's serializer, another formatter");
        assert!(name.contains("Plain"), "{name}");
        assert_ne!(Some(name), probed_emitter());
        // A renamed token is written as an object, and a failed write is a failed probe.
        let renamed = |out: &mut Vec<u8>, token: &Token<'_>| {
            serde_json::to_writer(&mut *out, &Renamed(token)).is_ok()
        };
        assert_eq!(probe(renamed), None);
        assert_eq!(probe(|_, _| false), None);
    }

    /// A compact formatter of its own.
    struct Plain;
    impl serde_json::ser::Formatter for Plain {}

    /// The token under another name: what a renamed private token would give.
    struct Renamed<'t, 'a>(&'t Token<'a>);
    impl Serialize for Renamed<'_, '_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut raw = serializer.serialize_struct("$serde_json::private::Renamed", 1)?;
            raw.serialize_field(
                "$serde_json::private::Renamed",
                &Field {
                    text: self.0.text,
                    check: self.0.check,
                },
            )?;
            raw.end()
        }
    }

    #[test]
    fn a_foreign_serializer_for_the_field_is_an_error_before_any_byte_of_the_text() {
        let probed = probed_emitter().unwrap();
        assert!(emitter_matches(probed, probed));
        assert!(!emitter_matches(
            "serde_json::ser::Compound<'_, &mut alloc::vec::Vec<u8>, serde_json::ser::CompactFormatter>",
            probed
        ));
        // The token written through serializers that are not the probed emitter: each
        // returns the field's `Err`, and the text is in none of the outputs.
        let token = Token {
            text: r#"{"secret":1}"#,
            check: Check::Emitter(probed),
        };
        let err = serde_json::to_value(&token).unwrap_err();
        assert!(
            err.to_string()
                .contains("not serde_json's raw-value emitter"),
            "{err}"
        );
        let mut pretty = Vec::new();
        let mut ser = serde_json::Serializer::pretty(&mut pretty);
        assert!(token.serialize(&mut ser).is_err());
        assert!(!String::from_utf8_lossy(&pretty).contains("secret"));
        let mut renamed = Vec::new();
        let err = serde_json::to_writer(&mut renamed, &Renamed(&token)).unwrap_err();
        assert!(err.to_string().contains("mcp-errors"), "{err}");
        assert_eq!(renamed, br#"{"$serde_json::private::Renamed":"#);
        // The probed emitter itself writes it verbatim.
        assert_eq!(serde_json::to_vec(&token).unwrap(), br#"{"secret":1}"#);
    }
}
