//! Documentation URLs: an error's page, written as an explicit URL or as a template for a whole
//! enum, catalog or fleet (`https://errors.acme.dev/{domain}#{symbol}`).
//!
//! A template names only [`PLACEHOLDERS`] (`{domain}`, `{symbol}`, `{code}`); `{{` and `}}`
//! write a literal brace. Its scheme is `http` or `https`, and it has no space or control
//! character. A value is substituted percent-encoded: every byte outside RFC 3986's
//! unreserved characters (`A`-`Z`, `a`-`z`, `0`-`9`, `-`, `.`, `_`, `~`) becomes `%XX`, so a
//! resolved URL is a template's text plus URL-safe values.

use core::fmt;

/// The names a template may use between braces, in the order the messages list them.
pub const PLACEHOLDERS: &[&str] = &["domain", "symbol", "code"];

/// Why a string is not a valid doc URL template. `Display` is the message's words, with the
/// fix.
// What only the crate's users need (the derive compiles this file into itself: `proc_macro`
// is set there) is left out of the derive's build, as in the other rules.
#[cfg_attr(not(proc_macro), derive(Clone, Debug, PartialEq, Eq))]
pub enum DocUrlProblem {
    /// The scheme is not `http://` or `https://`.
    BadScheme,
    /// `{name}` with a name other than [`PLACEHOLDERS`].
    UnknownPlaceholder(String),
    /// A `{` without its `}`, or a lone `}`.
    UnbalancedBrace,
    /// A space or a control character.
    Whitespace,
}

impl DocUrlProblem {
    /// A stable name for tools: `doc-url-scheme`, `doc-url-placeholder`, `doc-url-brace`,
    /// `doc-url-whitespace`.
    #[cfg(not(proc_macro))]
    #[inline]
    pub fn kind(&self) -> &'static str {
        match self {
            DocUrlProblem::BadScheme => "doc-url-scheme",
            DocUrlProblem::UnknownPlaceholder(_) => "doc-url-placeholder",
            DocUrlProblem::UnbalancedBrace => "doc-url-brace",
            DocUrlProblem::Whitespace => "doc-url-whitespace",
        }
    }
}

impl fmt::Display for DocUrlProblem {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DocUrlProblem::BadScheme => f.write_str(
                "a doc URL must start with `https://` or `http://`; write the page's absolute address",
            ),
            DocUrlProblem::UnknownPlaceholder(name) => write!(
                f,
                "unknown placeholder `{{{name}}}` in the doc URL; expected `{{domain}}`, \
                 `{{symbol}}` or `{{code}}` (write `{{{{` and `}}}}` for literal braces)"
            ),
            DocUrlProblem::UnbalancedBrace => f.write_str(
                "unbalanced brace in the doc URL; close the placeholder with `}`, or write \
                 `{{` and `}}` for literal braces",
            ),
            DocUrlProblem::Whitespace => f.write_str(
                "the doc URL contains a space or a control character; percent-encode it (`%20`)",
            ),
        }
    }
}

/// One part of a template: literal text (braces unescaped) or a placeholder's index in
/// [`PLACEHOLDERS`].
enum Part<'a> {
    Text(&'a str),
    Placeholder(usize),
}

/// Walks `template`, calling `part` for each literal run and placeholder; the first problem
/// stops it.
///
/// Written with plain loops over bytes, not `str::find` with a pattern, `eq_ignore_ascii_case`
/// or iterator adapters taking closures: the derive compiles this file into itself, and each
/// of those is one more generic copy (about 1,000 lines of its LLVM IR) in every server's
/// clean build.
#[inline]
fn parse<'a>(template: &'a str, part: &mut dyn FnMut(Part<'a>)) -> Result<(), DocUrlProblem> {
    if !scheme_is(template, b"https://") && !scheme_is(template, b"http://") {
        return Err(DocUrlProblem::BadScheme);
    }
    for c in template.chars() {
        if c.is_whitespace() || c.is_control() {
            return Err(DocUrlProblem::Whitespace);
        }
    }
    let bytes = template.as_bytes();
    // Braces are ASCII, so every index below is a character boundary.
    let mut text = 0;
    let mut at = 0;
    while at < bytes.len() {
        let brace = bytes[at];
        if brace != b'{' && brace != b'}' {
            at += 1;
            continue;
        }
        if text < at {
            part(Part::Text(&template[text..at]));
        }
        if at + 1 < bytes.len() && bytes[at + 1] == brace {
            // `{{` or `}}`: a literal brace.
            part(Part::Text(if brace == b'{' { "{" } else { "}" }));
            at += 2;
        } else if brace == b'}' {
            return Err(DocUrlProblem::UnbalancedBrace);
        } else {
            let mut close = at + 1;
            while close < bytes.len() && bytes[close] != b'}' {
                if bytes[close] == b'{' {
                    return Err(DocUrlProblem::UnbalancedBrace);
                }
                close += 1;
            }
            if close == bytes.len() {
                return Err(DocUrlProblem::UnbalancedBrace);
            }
            let name = &template[at + 1..close];
            let mut index = 0;
            while index < PLACEHOLDERS.len() && PLACEHOLDERS[index] != name {
                index += 1;
            }
            if index == PLACEHOLDERS.len() {
                return Err(DocUrlProblem::UnknownPlaceholder(name.to_owned()));
            }
            part(Part::Placeholder(index));
            at = close + 1;
        }
        text = at;
    }
    if text < bytes.len() {
        part(Part::Text(&template[text..]));
    }
    Ok(())
}

/// Whether `template` starts with `scheme` (lower case), in any case, and goes on after it.
#[inline]
fn scheme_is(template: &str, scheme: &[u8]) -> bool {
    let bytes = template.as_bytes();
    if bytes.len() <= scheme.len() {
        return false;
    }
    let mut i = 0;
    while i < scheme.len() {
        if bytes[i].to_ascii_lowercase() != scheme[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Why `template` is not a valid doc URL (explicit or template), or `None` when it is.
#[inline]
pub fn doc_url_problem(template: &str) -> Option<DocUrlProblem> {
    // Resolved with empty values: the same walk and problems, and no second visitor closure
    // (its shims) for the derive to compile.
    resolve_doc_url(template, "", "", 0).err()
}

/// Why `url`, a resolved doc URL (a catalog's `docUrl`), cannot be one: its scheme or a space
/// ([`DocUrlProblem::BadScheme`], [`DocUrlProblem::Whitespace`]); braces are text there.
#[cfg(not(proc_macro))]
#[inline]
pub fn resolved_doc_url_problem(url: &str) -> Option<DocUrlProblem> {
    let escaped = url.replace('{', "{{").replace('}', "}}");
    doc_url_problem(&escaped)
}

/// The URL `template` gives the error `symbol` of `domain` with `code`: each placeholder
/// replaced by its value, percent-encoded, and `{{`/`}}` by a brace.
///
/// # Errors
///
/// The template's [`DocUrlProblem`].
#[inline]
pub fn resolve_doc_url(
    template: &str,
    domain: &str,
    symbol: &str,
    code: i32,
) -> Result<String, DocUrlProblem> {
    let code = code.to_string();
    let values = [domain, symbol, code.as_str()];
    let mut out = String::with_capacity(template.len() + 16);
    parse(template, &mut |part| match part {
        Part::Text(text) => out.push_str(text),
        Part::Placeholder(index) => percent_encode(values[index], &mut out),
    })?;
    Ok(out)
}

/// Appends `value` to `out` with every byte outside RFC 3986's unreserved set as `%XX`.
#[inline]
pub fn percent_encode(value: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &byte in value.as_bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0xF)]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_replaced_and_encoded() {
        let url = resolve_doc_url(
            "https://errors.acme.dev/{domain}#{symbol}?c={code}",
            "play wright",
            "E_PW_NAV",
            -32001,
        );
        assert_eq!(
            url.as_deref(),
            Ok("https://errors.acme.dev/play%20wright#E_PW_NAV?c=-32001")
        );
        assert_eq!(
            resolve_doc_url("http://x.dev/{{{symbol}}}", "d", "E_X", 1).as_deref(),
            Ok("http://x.dev/{E_X}")
        );
        assert_eq!(
            resolve_doc_url("https://x.dev/fixed", "d", "E_X", 1).as_deref(),
            Ok("https://x.dev/fixed")
        );
    }

    #[test]
    fn problems_are_named() {
        assert_eq!(
            doc_url_problem("https://x.dev/{name}"),
            Some(DocUrlProblem::UnknownPlaceholder("name".to_owned()))
        );
        assert_eq!(
            doc_url_problem("ftp://x.dev/"),
            Some(DocUrlProblem::BadScheme)
        );
        assert_eq!(
            doc_url_problem("javascript:alert(1)"),
            Some(DocUrlProblem::BadScheme)
        );
        assert_eq!(doc_url_problem("https://"), Some(DocUrlProblem::BadScheme));
        assert_eq!(
            doc_url_problem("https://x.dev/{symbol"),
            Some(DocUrlProblem::UnbalancedBrace)
        );
        assert_eq!(
            doc_url_problem("https://x.dev/}"),
            Some(DocUrlProblem::UnbalancedBrace)
        );
        assert_eq!(
            doc_url_problem("https://x.dev/a b"),
            Some(DocUrlProblem::Whitespace)
        );
        assert_eq!(doc_url_problem("HTTPS://x.dev/{code}"), None);
        assert!(
            DocUrlProblem::UnknownPlaceholder("name".to_owned())
                .to_string()
                .starts_with("unknown placeholder `{name}`")
        );
    }
}
