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
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[inline]
fn parse<'a>(template: &'a str, part: &mut dyn FnMut(Part<'a>)) -> Result<(), DocUrlProblem> {
    let lower_scheme = |prefix: &str| {
        template.len() > prefix.len()
            && template.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
    };
    if !lower_scheme("https://") && !lower_scheme("http://") {
        return Err(DocUrlProblem::BadScheme);
    }
    if template
        .chars()
        .any(|c| c.is_whitespace() || c.is_control())
    {
        return Err(DocUrlProblem::Whitespace);
    }
    let mut rest = template;
    while let Some(at) = rest.find(['{', '}']) {
        let (text, tail) = rest.split_at(at);
        if !text.is_empty() {
            part(Part::Text(text));
        }
        if let Some(after) = tail.strip_prefix("{{") {
            part(Part::Text("{"));
            rest = after;
        } else if let Some(after) = tail.strip_prefix("}}") {
            part(Part::Text("}"));
            rest = after;
        } else if tail.starts_with('}') {
            return Err(DocUrlProblem::UnbalancedBrace);
        } else {
            let Some(close) = tail.find('}') else {
                return Err(DocUrlProblem::UnbalancedBrace);
            };
            let name = &tail[1..close];
            if name.contains('{') {
                return Err(DocUrlProblem::UnbalancedBrace);
            }
            match PLACEHOLDERS.iter().position(|p| *p == name) {
                Some(index) => part(Part::Placeholder(index)),
                None => return Err(DocUrlProblem::UnknownPlaceholder(name.to_owned())),
            }
            rest = &tail[close + 1..];
        }
    }
    if !rest.is_empty() {
        part(Part::Text(rest));
    }
    Ok(())
}

/// Why `template` is not a valid doc URL (explicit or template), or `None` when it is.
#[inline]
pub fn doc_url_problem(template: &str) -> Option<DocUrlProblem> {
    parse(template, &mut |_| {}).err()
}

/// Why `url`, a resolved doc URL (a catalog's `docUrl`), cannot be one: its scheme or a space
/// ([`DocUrlProblem::BadScheme`], [`DocUrlProblem::Whitespace`]); braces are text there.
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
