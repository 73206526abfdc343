//! Generated code written as text with holes: [`splice!`] stringifies its template when this
//! crate compiles, and at expansion time the compiler lexes that text in one call, then each
//! `#name` is filled with the tokens of the value listed under that name.
//!
//! It replaces `quote!` for the items the derive writes once per enum (the trait impls, the
//! fallback). `quote!` turns every token of a template into a statement of the derive's
//! source, and compiling those statements was about a quarter of this crate's build
//! instructions, which every user's clean build waits for; a template here is one string
//! constant and one call. The pieces written once per variant or field (match arms,
//! patterns, field calls) stay `quote!`: they are small, so they cost little to compile,
//! while lexing and walking a template for each of them costs more at expansion time, in
//! every build of the user's crate. (Templates do run per variant or field where those are
//! rare: a transparent variant's delegation, a `catch_all`'s source, a `from` field's impl,
//! a generic field's bound.)
//!
//! What comes out is what `quote!` gives: the template's tokens carry `Span::call_site()`
//! (the compiler's lexer gives every token of a string that span), or the given span under
//! [`splice_spanned!`], as `quote_spanned!`; the values keep their own spans and hygiene.
//! Holes are named up front, `splice!([p, ty] impl #p::McpError for #ty {})`, since a
//! `macro_rules!` cannot pick them out of the template without walking it token by token,
//! which would cost the compile time this module saves. There are no repetitions: a list
//! is collected into one `TokenStream` first.
//!
//! Only the groups that hold a hole are walked and rebuilt; the others go out as the
//! compiler lexed them, which [`groups`] finds from the text (the derive's unit tests check
//! the scan of every template they expand against the lexer). Spacing: the lexer marks a
//! punct joint whenever another punct follows it with no space between, `quote!` only inside
//! an operator (`::`, `=>`, `<=`) and a lifetime. So `<&` may come out joint where `quote!`
//! has it alone, which changes no token the compiler's parser reads (it glues joint puncts
//! only into operators); a punct written against a hole is made alone, as in `quote!`.

use proc_macro2::{Delimiter, Group, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::ToTokens;

/// `splice!([hole, ...] template...)`: the template as tokens, each `#hole` replaced by the
/// tokens of the variable `hole` (anything `ToTokens`).
macro_rules! splice {
    ([$($hole:ident),* $(,)?] $($code:tt)*) => {
        $crate::splice::render(
            ::core::stringify!($($code)*),
            &[$((::core::stringify!($hole), &$hole as &dyn ::quote::ToTokens)),*],
            ::core::option::Option::None,
        )
    };
}

/// `splice_spanned!(span=> [hole, ...] template...)`: [`splice!`] with every token of the
/// template at `span`, as `quote_spanned!` (the values keep their own spans).
macro_rules! splice_spanned {
    ($span:expr => [$($hole:ident),* $(,)?] $($code:tt)*) => {
        $crate::splice::render(
            ::core::stringify!($($code)*),
            &[$((::core::stringify!($hole), &$hole as &dyn ::quote::ToTokens)),*],
            ::core::option::Option::Some($span),
        )
    };
}

pub(crate) use {splice, splice_spanned};

/// A hole's name and its value.
pub type Hole<'a> = (&'static str, &'a dyn ToTokens);

/// `text` lexed, its `#name` holes filled from `holes`, its own tokens at `span` if given.
/// Text that does not lex, or a hole without a value, is a bug of a template of this crate
/// and becomes a `compile_error!` saying so, never a panic.
pub fn render(text: &str, holes: &[Hole<'_>], span: Option<Span>) -> TokenStream {
    let stream = match crate::lex_text(text) {
        Ok(stream) => stream,
        Err(err) => return bug(&format!("its template `{text}` does not lex ({err})")),
    };
    if span.is_none() && !text.contains('#') {
        return stream;
    }
    // Under a span every token is moved; else only the groups that hold a hole are rebuilt,
    // the others go through as they were lexed (one handle each, in the compiler).
    let groups = if span.is_none() { groups(text) } else { None };
    // Every template a test expands is checked against the lexer's own groups.
    #[cfg(test)]
    if let Some(groups) = &groups {
        let mut lexed = Vec::new();
        tests::lexed_groups(stream.clone(), &mut lexed);
        let opens: Vec<u8> = groups.iter().map(|g| g.opens).collect();
        assert_eq!(opens, lexed, "the group scan of `{text}`");
    }
    let mut fill = Fill {
        holes,
        span,
        groups: groups.unwrap_or_default(),
        next_group: 0,
    };
    match fill.stream(stream) {
        Ok(out) => out,
        Err(name) => bug(&format!("its template names `#{name}`, which has no value")),
    }
}

/// One template being filled.
struct Fill<'h, 'v> {
    holes: &'h [Hole<'v>],
    span: Option<Span>,
    /// [`groups`] of the template; empty when it could not read them or the walk stopped
    /// trusting them, and then every group is walked.
    groups: Vec<GroupScan>,
    /// The index in `groups` of the next group the walk meets.
    next_group: usize,
}

impl Fill<'_, '_> {
    /// `stream` with its holes filled; `Err` names a hole without a value.
    fn stream(&mut self, stream: TokenStream) -> Result<TokenStream, String> {
        // The template's own tokens collect in `pending`, which a hole's value follows.
        let mut out = TokenStream::new();
        let mut pending: Vec<TokenTree> = Vec::new();
        let mut trees = stream.into_iter();
        let mut next = trees.next();
        while let Some(tree) = next {
            next = trees.next();
            match tree {
                TokenTree::Punct(punct) if punct.as_char() == '#' => {
                    if let Some(TokenTree::Ident(name)) = &next {
                        let name = name.to_string();
                        let Some(value) = value_of(self.holes, &name) else {
                            return Err(name);
                        };
                        // A punct written against the hole (`::#ty`, `*#bind`) was lexed as
                        // joint to the `#`.
                        unjoin_last(&mut pending);
                        out.extend(core::mem::take(&mut pending));
                        value.to_tokens(&mut out);
                        next = trees.next();
                    } else {
                        // `#[attr]` and `#![attr]`: the template's own `#`.
                        pending.push(self.respan(TokenTree::Punct(punct)));
                    }
                }
                TokenTree::Group(group) => pending.push(self.group(group)?),
                tree => pending.push(self.respan(tree)),
            }
        }
        out.extend(pending);
        Ok(out)
    }

    /// `group` as it was lexed when it holds no hole, else rebuilt with its holes filled.
    fn group(&mut self, group: Group) -> Result<TokenTree, String> {
        let index = self.next_group;
        self.next_group += 1;
        match self.groups.get(index).copied() {
            Some(scan) if scan.opens == opens(group.delimiter()) => {
                if !scan.has_hole {
                    self.next_group = scan.end;
                    return Ok(TokenTree::Group(group));
                }
            }
            // The scan and the lexer disagree: walk every group from here on.
            _ => self.groups.clear(),
        }
        let mut filled = Group::new(group.delimiter(), self.stream(group.stream())?);
        filled.set_span(match self.span {
            Some(span) => span,
            None => group.span(),
        });
        Ok(TokenTree::Group(filled))
    }

    fn respan(&self, mut tree: TokenTree) -> TokenTree {
        if let Some(span) = self.span {
            tree.set_span(span);
        }
        tree
    }
}

/// The character that opens a group of `delimiter` in source text (`0`: an invisible group,
/// which text cannot hold).
fn opens(delimiter: Delimiter) -> u8 {
    match delimiter {
        Delimiter::Parenthesis => b'(',
        Delimiter::Brace => b'{',
        Delimiter::Bracket => b'[',
        Delimiter::None => 0,
    }
}

/// What [`groups`] knows of one group of a template.
#[derive(Clone, Copy)]
#[cfg_attr(test, derive(Debug, PartialEq))]
struct GroupScan {
    /// `(`, `{` or `[`.
    opens: u8,
    /// Whether a hole lies in it, at any depth.
    has_hole: bool,
    /// The index of the first group after it and the groups inside it.
    end: usize,
}

/// The groups of a template's text in the order the lexer opens them (a doc comment is the
/// bracket group of its `#[doc = ..]`), read from the text alone, or `None` for text it does
/// not model (a non-ASCII character, or delimiters that do not balance). It skips strings,
/// raw and byte strings, character literals and comments. Any `#` that starts no attribute
/// (`#[..]`, `#!`) and ends no raw identifier's `r` counts as a hole, however the text is
/// spaced: a group wrongly taken to hold one is only walked, never left unfilled.
fn groups(text: &str) -> Option<Vec<GroupScan>> {
    let bytes = text.as_bytes();
    if !text.is_ascii() {
        return None;
    }
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let at = |i: usize| bytes.get(i).copied().unwrap_or(0);
    let after_word = |i: usize| i > 0 && word(bytes[i - 1]);
    let mut groups: Vec<GroupScan> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'(' | b'{' | b'[' => {
                open.push(groups.len());
                groups.push(GroupScan {
                    opens: b,
                    has_hole: false,
                    end: 0,
                });
            }
            b')' | b'}' | b']' => {
                let index = open.pop()?;
                groups[index].end = groups.len();
            }
            b'#' if !after_word(i) => {
                let mut next = i + 1;
                while at(next).is_ascii_whitespace() {
                    next += 1;
                }
                if !matches!(at(next), b'[' | b'!') {
                    for &index in &open {
                        groups[index].has_hole = true;
                    }
                }
            }
            b'"' => i = string_end(bytes, i + 1, None)?,
            // A raw string, `r"..."`, `r#"..."#`, and their `b` and `c` forms.
            b'r' if !after_word(i) || (matches!(at(i - 1), b'b' | b'c') && !after_word(i - 1)) => {
                let mut hashes = 0;
                while at(i + 1 + hashes) == b'#' {
                    hashes += 1;
                }
                if at(i + 1 + hashes) == b'"' {
                    i = string_end(bytes, i + 2 + hashes, Some(hashes))?;
                }
            }
            // A character literal (`'x'`, `'\''`, `'\u{..}'`); else a lifetime's quote.
            b'\'' if at(i + 1) == b'\\' => {
                i += 3;
                while at(i) != b'\'' {
                    i += 1;
                    if i >= bytes.len() {
                        return None;
                    }
                }
            }
            b'\'' if at(i + 2) == b'\'' => i += 2,
            b'/' if at(i + 1) == b'/' || at(i + 1) == b'*' => {
                let line = at(i + 1) == b'/';
                let doc = if line {
                    (at(i + 2) == b'/' && at(i + 3) != b'/') || at(i + 2) == b'!'
                } else {
                    (at(i + 2) == b'*' && !matches!(at(i + 3), b'*' | b'/')) || at(i + 2) == b'!'
                };
                if doc {
                    groups.push(GroupScan {
                        opens: b'[',
                        has_hole: false,
                        end: groups.len() + 1,
                    });
                }
                // To the comment's line end, or the `/` closing it (`stringify!` writes no
                // nested block comment).
                if line {
                    while i < bytes.len() && bytes[i] != b'\n' {
                        i += 1;
                    }
                } else {
                    i += 2;
                    while !(at(i) == b'*' && at(i + 1) == b'/') {
                        if i >= bytes.len() {
                            return None;
                        }
                        i += 1;
                    }
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    if open.is_empty() { Some(groups) } else { None }
}

/// The index of the last character of a string whose text starts at `i`: its closing `"`,
/// or the last `#` after it for a raw string of `raw` hashes (`None`: not raw, where `\`
/// escapes the next character).
fn string_end(bytes: &[u8], mut i: usize, raw: Option<usize>) -> Option<usize> {
    let hashes = raw.unwrap_or(0);
    loop {
        match *bytes.get(i)? {
            b'\\' if raw.is_none() => i += 2,
            b'"' => {
                // Closed when all the hashes follow.
                let mut n = 0;
                while n < hashes && bytes.get(i + 1 + n) == Some(&b'#') {
                    n += 1;
                }
                if n == hashes {
                    return Some(i + hashes);
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
}

/// The last token made alone if it is a joint punct, as `quote!` writes a punct before a
/// hole's value, which cannot extend it.
fn unjoin_last(out: &mut [TokenTree]) {
    if let Some(TokenTree::Punct(last)) = out.last_mut()
        && last.spacing() == Spacing::Joint
    {
        let mut alone = Punct::new(last.as_char(), Spacing::Alone);
        alone.set_span(last.span());
        *last = alone;
    }
}

fn value_of<'a>(holes: &[Hole<'a>], name: &str) -> Option<&'a dyn ToTokens> {
    for &(hole, value) in holes {
        if hole == name {
            return Some(value);
        }
    }
    None
}

/// `compile_error!` for a template bug of this crate.
fn bug(what: &str) -> TokenStream {
    let message = format!("`#[derive(McpError)]`: {what}; this is a bug in mcp-errors-derive");
    let message = proc_macro2::Literal::string(&message);
    quote::quote!(::core::compile_error!(#message);)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::{format_ident, quote, quote_spanned};

    /// One template through `splice!` and through `quote!`, glued as the parser reads them.
    macro_rules! both_glued {
        ([$($hole:ident),*] $($code:tt)*) => {
            (glued(splice!([$($hole),*] $($code)*)), glued(quote!($($code)*)))
        };
    }

    #[test]
    fn gives_the_tokens_quote_gives() {
        let p = quote!(::mcp_errors::__private);
        let ty = format_ident!("PlaywrightError");
        let code = proc_macro2::Literal::i32_unsuffixed(2100);
        let (spliced, quoted) = both_glued!([p, ty, code]
            #[automatically_derived]
            impl #p::McpError for #ty {
                fn code(&self) -> i32 { #code }
                fn is(&self) -> bool {
                    ::core::matches!(self, Self::A { .. } | Self::B(_)) && 1 <= 2
                }
                fn f<'a>(x: &'a str, _: &'static #ty) -> Option<&'_ u8> {
                    let _ = -#code;
                    g(*#code, &#code, ::#ty, x?)
                }
            }
        );
        assert_eq!(spliced, quoted);
    }

    /// The tokens as the compiler's parser reads them: a joint punct glued to the next one
    /// when the two (or three) make an operator. A spacing that glues nothing (`quote!`'s
    /// alone `<` before `&`, the lexer's joint one) changes no token and is not compared.
    fn glued(stream: TokenStream) -> Vec<String> {
        const OPS: &[&str] = &[
            "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=",
            "^=", "&=", "|=", "<<", ">>", "..", "..=", "...", "<<=", ">>=",
        ];
        let mut out: Vec<String> = Vec::new();
        let mut joint = false;
        for tree in stream {
            match tree {
                TokenTree::Punct(p) => {
                    let c = p.as_char().to_string();
                    match out.last_mut() {
                        Some(last) if joint && OPS.contains(&format!("{last}{c}").as_str()) => {
                            last.push_str(&c);
                        }
                        _ => out.push(c),
                    }
                    joint = p.spacing() == Spacing::Joint;
                    continue;
                }
                TokenTree::Group(g) => {
                    out.push(format!("{:?}(", g.delimiter()));
                    out.extend(glued(g.stream()));
                    out.push(")".to_owned());
                }
                tree => out.push(tree.to_string()),
            }
            joint = false;
        }
        out
    }

    #[test]
    fn a_value_is_spliced_as_its_tokens_not_relexed() {
        let group = Group::new(Delimiter::None, quote!(1 + 2));
        let value: TokenStream = TokenTree::Group(group).into();
        let spliced = splice!([value] #value * 3);
        let TokenTree::Group(first) = spliced.into_iter().next().unwrap() else {
            panic!("the invisible group is kept");
        };
        assert_eq!(first.delimiter(), Delimiter::None);
    }

    #[test]
    fn spanned_templates_match_quote_spanned() {
        let span = Span::call_site();
        let f = format_ident!("f");
        let spliced = splice_spanned!(span=> [f] fn #f() -> [u8; 2] { [0, 1] });
        let quoted = quote_spanned!(span=> fn #f() -> [u8; 2] { [0, 1] });
        assert_eq!(glued(spliced), glued(quoted));
    }

    /// The lexer's groups in the order it opens them, as `groups` names them.
    pub(super) fn lexed_groups(stream: TokenStream, out: &mut Vec<u8>) {
        for tree in stream {
            if let TokenTree::Group(g) = tree {
                out.push(opens(g.delimiter()));
                lexed_groups(g.stream(), out);
            }
        }
    }

    #[test]
    fn the_group_scan_agrees_with_the_lexer() {
        let texts = [
            "impl A for B { fn f(&self) -> [u8; 2] { [0, 1] } }",
            r##"f("(#x[", '(', '\'', '\\', r#"[#y]"#, r"{", b"(", br#"]"#) { #z }"##,
            "/// (a #b) [\n fn f() {} //! {\n /** ( */ struct S; /* ) */ // (\n (x)",
            "#[doc = r\" [doc] \"] #[allow(x)] fn g<'a>(x: &'a str) -> char { 'x' }",
            "r#match (a) Self::r#type { #p::X }",
            r#"['\'','(', '\\', '\u{28}'] (r"\") (br"(") (b"\"(") { /** ( */ /*** ( */ }"#,
        ];
        for text in texts {
            let scan = groups(text).unwrap_or_else(|| panic!("scans: {text}"));
            let mut lexed = Vec::new();
            lexed_groups(text.parse().unwrap(), &mut lexed);
            let opens: Vec<u8> = scan.iter().map(|g| g.opens).collect();
            assert_eq!(opens, lexed, "{text}");
        }
    }

    #[test]
    fn the_group_scan_finds_the_holes_and_where_each_group_ends() {
        let g = |opens, has_hole, end| GroupScan {
            opens,
            has_hole,
            end,
        };
        assert_eq!(
            groups("a (b #x) [c] { (d) [#y] }").unwrap(),
            [
                g(b'(', true, 1),
                g(b'[', false, 2),
                g(b'{', true, 5),
                g(b'(', false, 4),
                g(b'[', true, 5),
            ]
        );
        // In strings, raw strings, comments and after a raw identifier's `r`, a `#` is none.
        let text = r##"("#x", r#"#y"#, r#match) { /* #z */ } /// #w"##;
        assert_eq!(
            groups(text).unwrap(),
            [g(b'(', false, 1), g(b'{', false, 2), g(b'[', false, 3)]
        );
        // However `stringify!` spaces a hole, it is one.
        assert_eq!(groups("{ # x }").unwrap(), [g(b'{', true, 1)]);
        assert_eq!(groups("{ # [a] # ! [b] }").unwrap()[0], g(b'{', false, 3));
        assert_eq!(groups("(é)"), None);
        assert_eq!(groups("(a"), None);
        assert_eq!(groups("a)"), None);
    }

    #[test]
    fn templates_with_doc_comments_and_untouched_groups_match_quote() {
        let x = format_ident!("x");
        let (spliced, quoted) = both_glued!([x]
            /// Docs (with [brackets] and #x)
            fn f(a: (u8, u8)) -> [u8; 2] { let #x = [a.0, a.1]; #x }
        );
        assert_eq!(spliced, quoted);
    }

    #[test]
    fn a_hole_without_a_value_is_a_compile_error_not_a_panic() {
        let out = render("fn f() { #missing }", &[], None).to_string();
        assert!(out.contains("compile_error"), "{out}");
        assert!(out.contains("`#missing`"), "{out}");
        let out = render("fn f( {", &[], None).to_string();
        assert!(out.contains("does not lex"), "{out}");
    }
}
