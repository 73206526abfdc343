//! The core's `CommonError` and `ProtocolError` are compiled from a checked-in expansion
//! (`mcp-errors-core/src/common/`): `source.rs` holds the enums as written for the derive,
//! `expanded.rs` what the core compiles. This test keeps the second equal to this derive's
//! output for the first, and writes it anew under `MCP_ERRORS_EXPAND=overwrite`.

use std::path::{Path, PathBuf};

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use quote::ToTokens;
use syn::punctuated::Punctuated;

const HEADER: &str = "\
// Generated from `source.rs` by this crate's derive: the enums without their `mcp` attributes,
// then what `#[derive(McpError)]` generates for them. Do not edit: edit `source.rs` (or the
// derive), then run `MCP_ERRORS_EXPAND=overwrite cargo test -p mcp-errors-derive
// core_common_expansion`, which writes this file anew.

";

fn common_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../mcp-errors-core/src/common")
}

/// Each enum of `source`, without the attributes the derive reads, followed by the derive's
/// output for it.
fn expand(source: &str) -> TokenStream {
    let file: syn::File = syn::parse_str(source).expect("source.rs parses");
    let mut out = TokenStream::new();
    for item in file.items {
        let syn::Item::Enum(mut item) = item else {
            panic!("source.rs holds derived enums only; other items belong in mod.rs");
        };
        let derived = crate::derive(&item.clone().into()).into_token_stream();
        let text = derived.to_string();
        assert!(
            !text.contains("compile_error"),
            "the derive rejects `{}`: {text}",
            item.ident
        );
        strip(&mut item);
        item.to_tokens(&mut out);
        out.extend(derived);
    }
    out
}

/// Removes the `mcp` attributes (of the enum, its variants and their fields) and `McpError`
/// from the enum's `derive` list.
fn strip(item: &mut syn::ItemEnum) {
    item.attrs.retain(|attr| !attr.path().is_ident("mcp"));
    for attr in &mut item.attrs {
        if attr.path().is_ident("derive") {
            let paths = attr
                .parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
                .expect("a derive list");
            let kept = paths.into_iter().filter(|path| !path.is_ident("McpError"));
            *attr = syn::parse_quote!(#[derive(#(#kept),*)]);
        }
    }
    for variant in &mut item.variants {
        variant.attrs.retain(|attr| !attr.path().is_ident("mcp"));
        for field in &mut variant.fields {
            field.attrs.retain(|attr| !attr.path().is_ident("mcp"));
        }
    }
}

/// The tokens of `code`, one space between any two, nothing of its layout or comments: two
/// texts of the same tokens give the same string. (A `TokenStream`'s own printing keeps
/// whether punctuation was joined to the next token, which is layout.)
fn normalized(code: &str) -> String {
    fn flatten(tokens: TokenStream, out: &mut String) {
        for token in tokens {
            match token {
                TokenTree::Group(group) => {
                    let (open, close) = delimiters(group.delimiter());
                    out.push_str(open);
                    out.push(' ');
                    flatten(group.stream(), out);
                    out.push_str(close);
                }
                token => out.push_str(&token.to_string()),
            }
            out.push(' ');
        }
    }
    let mut out = String::new();
    flatten(code.parse().expect("the code lexes"), &mut out);
    out
}

fn delimiters(delimiter: Delimiter) -> (&'static str, &'static str) {
    match delimiter {
        Delimiter::Parenthesis => ("(", ")"),
        Delimiter::Brace => ("{", "}"),
        Delimiter::Bracket => ("[", "]"),
        Delimiter::None => ("", ""),
    }
}

/// `tokens` as source text laid out for reading: a line per statement, field and item,
/// indented by braces. (rustfmt would change the tokens themselves: trailing commas, the
/// braces of match arms.)
fn layout(tokens: TokenStream) -> String {
    let mut printer = Printer {
        out: String::new(),
        depth: 0,
        fresh: true,
        glued: false,
    };
    printer.stream(tokens, true);
    printer.out.push('\n');
    printer.out
}

struct Printer {
    out: String,
    depth: usize,
    /// At the start of a line.
    fresh: bool,
    /// No space before the next token: it follows punctuation joined to it (`::`, `=>`, a
    /// lifetime's `'`) or an opening delimiter.
    glued: bool,
}

impl Printer {
    fn word(&mut self, text: &str) {
        let last = self.out.chars().last().unwrap_or(' ');
        let tight = matches!(text, "," | ";" | "." | "?" | ":" | ")" | "]")
            || (matches!(text, "(" | "[" | "!") && (last.is_alphanumeric() || last == '_'))
            || (text == "(" && last == '!');
        if self.fresh {
            self.out.push_str(&"    ".repeat(self.depth));
        } else if !self.glued && !tight {
            self.out.push(' ');
        }
        self.out.push_str(text);
        self.fresh = false;
        // `::`, `.`, `&` and `#` hold on to what follows.
        self.glued = matches!(text, "." | "&" | "#") || (text == ":" && last == ':');
    }

    fn newline(&mut self) {
        if !self.fresh {
            self.out.push('\n');
            self.fresh = true;
        }
    }

    /// `lines`: a brace's content or the file, where `,` ends a line too.
    fn stream(&mut self, tokens: TokenStream, lines: bool) {
        let mut tokens = tokens.into_iter().peekable();
        while let Some(token) = tokens.next() {
            match token {
                TokenTree::Group(group) if group.delimiter() == Delimiter::Brace => {
                    self.word("{");
                    self.depth += 1;
                    self.newline();
                    self.stream(group.stream(), true);
                    self.newline();
                    self.depth -= 1;
                    self.word("}");
                    let continues = match tokens.peek() {
                        Some(TokenTree::Punct(p)) => {
                            matches!(p.as_char(), ',' | ';' | '.' | '?' | '=')
                        }
                        Some(TokenTree::Ident(i)) => i == "else",
                        _ => false,
                    };
                    if !continues {
                        self.newline();
                    }
                }
                TokenTree::Group(group) => {
                    let (open, close) = delimiters(group.delimiter());
                    self.word(open);
                    self.glued = true;
                    self.stream(group.stream(), false);
                    self.glued = true;
                    self.word(close);
                    // An attribute's brackets end its line.
                    if group.delimiter() == Delimiter::Bracket
                        && self.out.trim_end().ends_with(']')
                        && self.attribute_line()
                    {
                        self.newline();
                    }
                }
                TokenTree::Punct(punct) => {
                    let c = punct.as_char();
                    self.word(&c.to_string());
                    self.glued |= punct.spacing() == Spacing::Joint;
                    if c == ';' || (c == ',' && lines) {
                        self.newline();
                    }
                }
                token => self.word(&token.to_string()),
            }
        }
    }

    /// Whether the current line is an attribute (`#[..]` or `#![..]`).
    fn attribute_line(&self) -> bool {
        let line = self.out.rsplit('\n').next().unwrap_or("").trim_start();
        line.starts_with("#[") || line.starts_with("#![")
    }
}

#[test]
fn core_common_expansion() {
    let dir = common_dir();
    let source = std::fs::read_to_string(dir.join("source.rs")).expect("read source.rs");
    let expected = expand(&source);
    let path = dir.join("expanded.rs");
    if std::env::var_os("MCP_ERRORS_EXPAND").is_some_and(|v| v == "overwrite") {
        let text = format!("{HEADER}{}", layout(expected.clone()));
        std::fs::write(&path, text).expect("write expanded.rs");
    }
    let checked_in = std::fs::read_to_string(&path).expect("read expanded.rs");
    assert!(
        normalized(&checked_in) == normalized(&expected.to_string()),
        "mcp-errors-core/src/common/expanded.rs is not what the derive generates from \
         source.rs; run `MCP_ERRORS_EXPAND=overwrite cargo test -p mcp-errors-derive \
         core_common_expansion` and commit the result"
    );
}

#[test]
fn strips_what_the_derive_reads_and_keeps_the_rest() {
    let mut item: syn::ItemEnum = syn::parse_quote! {
        /// Docs.
        #[derive(Debug, McpError, Clone)]
        #[mcp(domain = "d")]
        pub enum E {
            /// A
            #[mcp(code = 1)]
            A { #[mcp(details)] #[serde(rename = "x")] details: Option<String> },
        }
    };
    strip(&mut item);
    let expected: syn::ItemEnum = syn::parse_quote! {
        /// Docs.
        #[derive(Debug, Clone)]
        pub enum E {
            /// A
            A { #[serde(rename = "x")] details: Option<String> },
        }
    };
    assert_eq!(
        item.to_token_stream().to_string(),
        expected.to_token_stream().to_string()
    );
}

#[test]
fn comparison_sees_tokens_not_layout() {
    let file = "impl A for B { // a comment\n    fn f(&self) -> u8 { x::y(1,) }\n}\n";
    assert_eq!(
        normalized(file),
        normalized("impl A for B{fn f(& self)->u8{x :: y(1 ,)}}")
    );
    // rustfmt's edits are token edits: a trailing comma dropped, a match arm's braces.
    assert_ne!(
        normalized(file),
        normalized("impl A for B { fn f(&self) -> u8 { x::y(1) } }")
    );
}

#[test]
fn layout_keeps_the_tokens() {
    let code = "#[automatically_derived] impl<'a> T for S<'a> { const C: &'static [i32] = &[-1, 2]; \
                fn f(&self) -> Option<u8> { match self.0 { 0 => None, _ => { x::y!(1); Some(2) } } } }";
    let laid_out = layout(code.parse().unwrap());
    assert_eq!(normalized(&laid_out), normalized(code));
    assert!(
        laid_out.starts_with("#[automatically_derived]\nimpl"),
        "{laid_out}"
    );
}
