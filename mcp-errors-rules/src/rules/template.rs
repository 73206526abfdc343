//! The message template language, one rule for every checker: a Rust enum's
//! `#[mcp(message = "...")]` and a hand-written catalog's `message` are read by [`parse`], so
//! both accept, and both reject, the same templates with the same words.
//!
//! A template is `format!`'s language without its argument list: literal text, `{{` and `}}`
//! for a brace, and placeholders `{arg}` or `{arg:spec}`, where `arg` is a field's name
//! (`{reason}`, `{r#type}`), a tuple field's index (`{0}`) or empty (`{}`: the next positional
//! argument, which only the derive's `message("...", args)` supplies), and `spec` is
//! `format!`'s (`{elapsed:.1}`, `{id:?}`, `{name:>width$}`), whose `width$` and `1$` name an
//! argument too. `{ reason }` (spaces), `{a-b}` and `{_}` name nothing; `.*` is not supported.
//!
//! Both functions hand the pieces to a visitor instead of building a list: the derive builds
//! its own model from them, the CLI only looks at the names, and neither compiles a list type
//! more for it.

use core::fmt;

/// What a placeholder, or a `name$` width or precision inside one, refers to.
#[derive(Clone, Copy)]
#[cfg_attr(not(proc_macro), derive(Debug, PartialEq, Eq))]
pub enum Arg<'t> {
    /// `{reason}`, `{r#type}`: a named field, without `r#`.
    Named(&'t str),
    /// `{0}`: a tuple field (or, in the derive with extra arguments, a positional one).
    Index(usize),
    /// `{}`: the next positional argument.
    Next,
}

/// One piece of a template, as [`parse`] hands them over, in order.
#[derive(Clone, Copy)]
#[cfg_attr(not(proc_macro), derive(Debug, PartialEq, Eq))]
pub enum Part<'t> {
    /// Literal text, with no brace in it.
    Text(&'t str),
    /// `{{` or `}}`: the one brace it stands for (`"{"` or `"}"`).
    Brace(&'t str),
    /// `{arg}` or `{arg:spec}`; `spec` is what follows the first `:` (empty without one),
    /// read further by [`spec`].
    Placeholder {
        /// What the placeholder shows.
        arg: Arg<'t>,
        /// Its format spec, as written.
        spec: &'t str,
    },
}

/// One piece of a placeholder's format spec, as [`spec`] hands them over, in order.
#[derive(Clone, Copy)]
#[cfg_attr(not(proc_macro), derive(Debug, PartialEq, Eq))]
pub enum SpecPart<'t> {
    /// Text copied as it is: fill and alignment, sign, `#`, `0`, literal widths and
    /// precisions, `.`, the type (`?`, `x`).
    Text(&'t str),
    /// A width or precision taken from an argument: `width$`, `1$`.
    Count(Arg<'t>),
}

/// Why a template is not one. `Display` is the message (lower case, no trailing period).
#[derive(Clone, Copy)]
#[cfg_attr(not(proc_macro), derive(Debug, PartialEq, Eq))]
#[non_exhaustive]
pub enum TemplateError<'t> {
    /// A `{` without its `}` (or with another `{` before it).
    UnmatchedOpen,
    /// A `}` that closes nothing.
    UnmatchedClose,
    /// A placeholder whose argument is neither a name nor an index: `{ reason }`, `{a-b}`.
    NotAField(&'t str),
    /// `{x:.*}`, a precision taken from the argument list, which a template has not.
    StarPrecision,
}

impl fmt::Display for TemplateError<'_> {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TemplateError::UnmatchedOpen => {
                f.write_str("unmatched `{` in template; write `{{` for a literal brace")
            }
            TemplateError::UnmatchedClose => {
                f.write_str("unmatched `}` in template; write `}}` for a literal brace")
            }
            TemplateError::NotAField(arg) => write!(
                f,
                "`{{{arg}}}` does not name a field; expected `{{field}}` or `{{0}}`"
            ),
            TemplateError::StarPrecision => {
                f.write_str("`.*` precision is not supported in templates; use `.name$`")
            }
        }
    }
}

/// The rule: reads `template`, handing each piece to `visit` in order, or says why it is not a
/// template (the first problem; pieces before it were handed over already). Each
/// placeholder's spec is checked too (see [`spec`] for its parts).
///
/// # Errors
///
/// An unmatched brace, an argument that names nothing, or a `.*` precision.
#[inline]
pub fn parse<'t>(
    template: &'t str,
    visit: &mut dyn FnMut(Part<'t>),
) -> Result<(), TemplateError<'t>> {
    let bytes = template.as_bytes();
    // Where the literal text not yet handed over starts.
    let mut text = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b != b'{' && b != b'}' {
            i += 1;
            continue;
        }
        if text < i {
            visit(Part::Text(&template[text..i]));
        }
        if bytes.get(i + 1) == Some(&b) {
            // Not `i..=i`: one more range type for the derive's build to compile.
            #[allow(clippy::range_plus_one)]
            visit(Part::Brace(&template[i..i + 1]));
            i += 2;
        } else if b == b'}' {
            return Err(TemplateError::UnmatchedClose);
        } else {
            let mut end = i + 1;
            while end < bytes.len() && bytes[end] != b'}' {
                if bytes[end] == b'{' {
                    return Err(TemplateError::UnmatchedOpen);
                }
                end += 1;
            }
            if end == bytes.len() {
                return Err(TemplateError::UnmatchedOpen);
            }
            let body = &template[i + 1..end];
            let (arg, spec_text) = match body.find(':') {
                Some(colon) => (&body[..colon], &body[colon + 1..]),
                None => (body, ""),
            };
            let arg = if arg.is_empty() {
                Arg::Next
            } else {
                match name_or_index(arg) {
                    Some(arg) => arg,
                    None => return Err(TemplateError::NotAField(arg)),
                }
            };
            spec(spec_text, &mut |_| {})?;
            visit(Part::Placeholder {
                arg,
                spec: spec_text,
            });
            i = end + 1;
        }
        text = i;
    }
    if text < bytes.len() {
        visit(Part::Text(&template[text..]));
    }
    Ok(())
}

#[cfg(not(proc_macro))]
/// Every argument `template` refers to, placeholders and `name$` counts, in order of
/// appearance (with repeats): what a checker matches against the fields.
///
/// # Errors
///
/// As [`parse`].
#[inline]
pub fn args<'t>(
    template: &'t str,
    visit: &mut dyn FnMut(Arg<'t>),
) -> Result<(), TemplateError<'t>> {
    parse(template, &mut |part| {
        if let Part::Placeholder { arg, spec: text } = part {
            visit(arg);
            // Checked by `parse` already.
            let _ = spec(text, &mut |part| {
                if let SpecPart::Count(arg) = part {
                    visit(arg);
                }
            });
        }
    })
}

/// Reads a placeholder's spec, `[[fill]align][sign]['#']['0'][width]['.' precision][type]`,
/// handing `visit` the verbatim text between the widths and precisions that name an argument
/// (`width$`, `1$`) and those.
///
/// # Errors
///
/// A `.*` precision.
#[inline]
pub fn spec<'t>(
    spec: &'t str,
    visit: &mut dyn FnMut(SpecPart<'t>),
) -> Result<(), TemplateError<'t>> {
    let mut pos = 0;
    if let Some(fill) = char_at(spec, 0) {
        if is_align(char_at(spec, fill.len_utf8())) {
            pos = fill.len_utf8() + 1;
        } else if is_align(Some(fill)) {
            pos = 1;
        }
    }
    if matches!(char_at(spec, pos), Some('+' | '-')) {
        pos += 1;
    }
    if char_at(spec, pos) == Some('#') {
        pos += 1;
    }
    if char_at(spec, pos) == Some('0') && char_at(spec, pos + 1) != Some('$') {
        pos += 1;
    }
    // Where the verbatim text not yet handed over starts.
    let mut text = 0;
    pos = count(spec, pos, &mut text, visit);
    if char_at(spec, pos) == Some('.') {
        pos += 1;
        if char_at(spec, pos) == Some('*') {
            return Err(TemplateError::StarPrecision);
        }
        count(spec, pos, &mut text, visit);
    }
    if text < spec.len() {
        visit(SpecPart::Text(&spec[text..]));
    }
    Ok(())
}

/// A width or precision at `pos`: `arg$` is handed over as a [`SpecPart::Count`] (after the
/// text before it, from `text`); literal digits stay text. Returns the position after it.
fn count<'t>(
    spec: &'t str,
    pos: usize,
    text: &mut usize,
    visit: &mut dyn FnMut(SpecPart<'t>),
) -> usize {
    let mut end = pos;
    while let Some(c) = char_at(spec, end) {
        if !(c.is_alphanumeric() || c == '_') {
            break;
        }
        end += c.len_utf8();
    }
    if char_at(spec, end) == Some('$')
        && let Some(arg) = name_or_index(&spec[pos..end])
    {
        if *text < pos {
            visit(SpecPart::Text(&spec[*text..pos]));
        }
        visit(SpecPart::Count(arg));
        *text = end + 1;
        return end + 1;
    }
    // Literal digits are a width; anything else is the type (`?`, `x`), left to the rest.
    let mut digits = pos;
    while digits < spec.len() && spec.as_bytes()[digits].is_ascii_digit() {
        digits += 1;
    }
    digits
}

/// `reason`, `r#type` (as `type`), `0`; `None` for anything else, the empty string and `_`
/// included.
fn name_or_index(text: &str) -> Option<Arg<'_>> {
    let mut digits = !text.is_empty();
    for b in text.bytes() {
        digits &= b.is_ascii_digit();
    }
    if digits {
        return Some(Arg::Index(decimal(text)?));
    }
    let name = match text.strip_prefix("r#") {
        Some(name) => name,
        None => text,
    };
    let mut chars = name.chars();
    let first = chars.next()?;
    let mut word = first.is_alphabetic() || first == '_';
    for c in chars {
        word &= c.is_alphanumeric() || c == '_';
    }
    if word && name != "_" {
        Some(Arg::Named(name))
    } else {
        None
    }
}

/// The value of `text`, ASCII decimal digits only (`42`); `None` when it is empty, has any
/// other character or does not fit in a `usize`. Written out rather than `str::parse`: the
/// derive compiles this file into itself, and each integer type parsed is one more copy of
/// std's generic parser (about 300 to 550 lines of its LLVM IR) in every server's clean build.
#[inline]
pub fn decimal(text: &str) -> Option<usize> {
    if text.is_empty() {
        return None;
    }
    let mut value: usize = 0;
    for b in text.bytes() {
        if !b.is_ascii_digit() {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(usize::from(b - b'0'))?;
    }
    Some(value)
}

/// The character at byte `pos` of `text`, if any.
fn char_at(text: &str, pos: usize) -> Option<char> {
    match text.get(pos..) {
        Some(rest) => rest.chars().next(),
        None => None,
    }
}

/// Whether `c` is an alignment: `<`, `^` or `>`.
fn is_align(c: Option<char>) -> bool {
    matches!(c, Some('<' | '^' | '>'))
}

#[cfg(test)]
mod tests {
    use core::fmt::Write as _;

    use super::*;

    #[test]
    fn decimal_agrees_with_str_parse() {
        for text in [
            "0",
            "7",
            "42",
            "007",
            "18446744073709551615",
            "18446744073709551616",
            "99999999999999999999999",
            "",
            "+1",
            "-1",
            "4a",
            "1_000",
            " 1",
        ] {
            assert_eq!(
                decimal(text),
                text.parse::<usize>()
                    .ok()
                    .filter(|_| !text.starts_with('+')),
                "{text:?}"
            );
        }
        assert_eq!(decimal("2100"), Some(2100));
        assert_eq!(decimal("18446744073709551616"), None);
    }

    /// The template's pieces, written back: text as it is, `[{]` for an escaped brace,
    /// `<arg|spec>` for a placeholder.
    fn pieces(template: &str) -> Result<String, String> {
        let mut out = String::new();
        parse(template, &mut |part| match part {
            Part::Text(text) => out.push_str(text),
            Part::Brace(brace) => {
                out.push('[');
                out.push_str(brace);
                out.push(']');
            }
            Part::Placeholder { arg, spec } => {
                let _ = write!(out, "<{arg:?}|{spec}>");
            }
        })
        .map_err(|e| e.to_string())?;
        Ok(out)
    }

    fn spec_parts(text: &str) -> Vec<SpecPart<'_>> {
        let mut out = Vec::new();
        spec(text, &mut |part| out.push(part)).unwrap();
        out
    }

    fn names(template: &str) -> Vec<Arg<'_>> {
        let mut out = Vec::new();
        args(template, &mut |arg| out.push(arg)).unwrap();
        out
    }

    #[test]
    fn escaped_braces_are_text() {
        assert_eq!(pieces("a {{b}} c").unwrap(), "a [{]b[}] c");
        assert_eq!(pieces("{{{x}}}").unwrap(), "[{]<Named(\"x\")|>[}]");
        assert_eq!(pieces("").unwrap(), "");
        assert_eq!(pieces("plain").unwrap(), "plain");
        assert!(names("{{not_a_field}}").is_empty());
    }

    #[test]
    fn placeholders_are_named_indexed_or_next() {
        assert_eq!(
            pieces("failed: {reason} at {0}; {r#type} {}").unwrap(),
            "failed: <Named(\"reason\")|> at <Index(0)|>; <Named(\"type\")|> <Next|>"
        );
        assert_eq!(
            pieces("é{naïve}ü").unwrap(),
            "é<Named(\"naïve\")|>ü",
            "names and text beyond ASCII"
        );
        assert_eq!(pieces("{_x}").unwrap(), "<Named(\"_x\")|>");
    }

    #[test]
    fn specs_keep_their_text_and_name_their_counts() {
        assert_eq!(pieces("{n:?}").unwrap(), "<Named(\"n\")|?>");
        assert_eq!(pieces("{0:>8.2}").unwrap(), "<Index(0)|>8.2>");
        assert_eq!(spec_parts("?"), [SpecPart::Text("?")]);
        assert_eq!(spec_parts(""), []);
        assert_eq!(
            spec_parts(">width$.prec$x"),
            [
                SpecPart::Text(">"),
                SpecPart::Count(Arg::Named("width")),
                SpecPart::Text("."),
                SpecPart::Count(Arg::Named("prec")),
                SpecPart::Text("x"),
            ]
        );
        assert_eq!(
            spec_parts("é^1$"),
            [SpecPart::Text("é^"), SpecPart::Count(Arg::Index(1))],
            "a fill beyond ASCII"
        );
        assert_eq!(spec_parts("08.3e"), [SpecPart::Text("08.3e")]);
        // `0$` is a width taken from argument 0, not the `0` flag.
        assert_eq!(spec_parts("0$"), [SpecPart::Count(Arg::Index(0))]);
        assert_eq!(
            names("{a:w$} {b:.p$} {{c}} {0}"),
            [
                Arg::Named("a"),
                Arg::Named("w"),
                Arg::Named("b"),
                Arg::Named("p"),
                Arg::Index(0)
            ]
        );
    }

    #[test]
    fn what_is_not_a_template() {
        let unmatched_open = "unmatched `{` in template; write `{{` for a literal brace";
        let unmatched_close = "unmatched `}` in template; write `}}` for a literal brace";
        for (template, error) in [
            ("{", unmatched_open),
            ("a {b", unmatched_open),
            ("{a{b}", unmatched_open),
            ("}", unmatched_close),
            ("a}b", unmatched_close),
            ("{{}", unmatched_close),
            (
                "{ reason }",
                "`{ reason }` does not name a field; expected `{field}` or `{0}`",
            ),
            (
                "{a-b}",
                "`{a-b}` does not name a field; expected `{field}` or `{0}`",
            ),
            (
                "{_}",
                "`{_}` does not name a field; expected `{field}` or `{0}`",
            ),
            (
                "{99999999999999999999999}",
                "`{99999999999999999999999}` does not name a field; expected `{field}` or `{0}`",
            ),
            (
                "{x:.*}",
                "`.*` precision is not supported in templates; use `.name$`",
            ),
        ] {
            assert_eq!(pieces(template).unwrap_err(), error, "{template:?}");
        }
    }
}
