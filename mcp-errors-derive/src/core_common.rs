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
// then what `#[derive(McpError)]` generates for them, with `from_error_object` under the
// core's `client` feature. Do not edit: edit `source.rs` (or the derive), then run
// `MCP_ERRORS_EXPAND=overwrite cargo test -p mcp-errors-derive --features client
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
        assert!(
            !has_invisible_group(derived.clone()),
            "the derive's output for `{}` has an invisible group, whose grouping its text loses",
            item.ident
        );
        let text = derived.to_string();
        assert!(
            !text.contains("compile_error"),
            "the derive rejects `{}`: {text}",
            item.ident
        );
        strip(&mut item);
        item.to_tokens(&mut out);
        out.extend(decode_under_client(derived));
    }
    out
}

/// The derive's output with `#[cfg(feature = "client")]` before the impl that holds
/// `from_error_object` (the core compiles the decoder it calls only with its `client`
/// feature), its tokens otherwise as they are.
fn decode_under_client(derived: TokenStream) -> TokenStream {
    let tokens: Vec<TokenTree> = derived.into_iter().collect();
    let names_decode = |tree: &TokenTree| {
        let TokenTree::Group(group) = tree else {
            return false;
        };
        group.delimiter() == Delimiter::Brace
            && group.stream().into_iter().any(|t| match t {
                TokenTree::Ident(ident) => ident == "from_error_object",
                _ => false,
            })
    };
    // `impl Name { .. fn from_error_object .. }`, at the top level.
    let found: Vec<usize> = (0..tokens.len())
        .filter(|&i| {
            matches!(&tokens[i], TokenTree::Ident(ident) if ident == "impl")
                && tokens.get(i + 2).is_some_and(names_decode)
        })
        .collect();
    assert_eq!(
        found.len(),
        1,
        "source.rs's enums are all `decode`, with one such impl each"
    );
    // Before the impl's own attributes: `#` and a bracket group, each.
    let mut start = found[0];
    while start >= 2
        && matches!(&tokens[start - 2], TokenTree::Punct(p) if p.as_char() == '#')
        && matches!(&tokens[start - 1], TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket)
    {
        start -= 2;
    }
    let mut out: TokenStream = tokens[..start].iter().cloned().collect();
    out.extend(quote::quote!(#[cfg(feature = "client")]));
    out.extend(tokens[start..].iter().cloned());
    out
}

fn has_invisible_group(tokens: TokenStream) -> bool {
    tokens.into_iter().any(|token| match token {
        TokenTree::Group(group) => {
            group.delimiter() == Delimiter::None || has_invisible_group(group.stream())
        }
        _ => false,
    })
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

/// `code` parsed as a Rust file and printed again: two texts of the same tokens give the same
/// string whatever their layout and comments, and a text whose layout changed its tokens (two
/// punctuation marks run together into another operator) does not parse or prints otherwise.
fn normalized(code: &str) -> String {
    syn::parse_file(code)
        .expect("the code parses as a Rust file")
        .into_token_stream()
        .to_string()
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
    let mut printer = Printer::default();
    printer.stream(tokens, true);
    printer.out.push('\n');
    printer.out
}

#[derive(Default)]
struct Printer {
    out: String,
    depth: usize,
    /// Something is on the current line (an empty line needs no break and takes the indent).
    started: bool,
    /// The last token is punctuation joined to the next one (`::`, `=>`, a lifetime's `'`):
    /// nothing may come between them.
    joint: bool,
    /// No space is needed before the next token (it follows `.`, `&`, `#`, `::` or an
    /// opening delimiter), unless the two would run together.
    glued: bool,
}

/// Words after which `::` starts a path rather than continuing one.
const BEFORE_PATHS: &[&str] = &[
    "impl", "for", "dyn", "mut", "as", "in", "where", "return", "let", "const", "static", "type",
    "pub", "else", "match", "if",
];

impl Printer {
    /// `text` after what is printed so far; `path` when it is the first `:` of a `::`.
    fn word(&mut self, text: &str, path: bool) {
        let last = self.out.chars().last().unwrap_or(' ');
        let last_word = self
            .out
            .rsplit([' ', '\n', '(', '<', '&'])
            .next()
            .unwrap_or("");
        let operator = |c: char| "!#$%&*+-./:;<=>?@^|~".contains(c);
        // (`,` and `;` are never part of a longer operator.)
        let runs_together =
            operator(last) && text.starts_with(operator) && !matches!(text, "," | ";");
        let word_before = last.is_alphanumeric() || last == '_';
        let tight = match text {
            ":" if path => word_before && !BEFORE_PATHS.contains(&last_word),
            "," | ";" | "." | "?" | ")" | "]" | ":" => true,
            "(" | "[" | "!" => word_before || (text == "(" && last == '!'),
            _ => false,
        };
        if !self.started {
            self.out.push_str(&"    ".repeat(self.depth));
        } else if !self.joint && (runs_together || !(self.glued || tight)) {
            self.out.push(' ');
        }
        self.out.push_str(text);
        self.started = true;
        self.joint = false;
        self.glued = matches!(text, "." | "&" | "#") || (text == ":" && last == ':');
    }

    fn newline(&mut self) {
        if self.started {
            self.out.push('\n');
            self.started = false;
        }
    }

    /// `lines`: a brace's content or the file, where `,` ends a line too.
    fn stream(&mut self, tokens: TokenStream, lines: bool) {
        let mut tokens = tokens.into_iter().peekable();
        while let Some(token) = tokens.next() {
            match token {
                TokenTree::Group(group) if group.delimiter() == Delimiter::Brace => {
                    self.word("{", false);
                    self.depth += 1;
                    self.newline();
                    self.stream(group.stream(), true);
                    self.newline();
                    self.depth -= 1;
                    self.word("}", false);
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
                    self.word(open, false);
                    self.glued = true;
                    self.stream(group.stream(), false);
                    self.glued = true;
                    self.word(close, false);
                    // An attribute's brackets end its line.
                    if group.delimiter() == Delimiter::Bracket && self.attribute_line() {
                        self.newline();
                    }
                }
                TokenTree::Punct(punct) => {
                    let c = punct.as_char();
                    let joint = punct.spacing() == Spacing::Joint;
                    self.word(&c.to_string(), c == ':' && joint);
                    self.joint = joint;
                    if c == ';' || (c == ',' && lines) {
                        self.newline();
                    }
                }
                token => self.word(&token.to_string(), false),
            }
        }
    }

    /// Whether the current line is an attribute (`#[..]` or `#![..]`).
    fn attribute_line(&self) -> bool {
        let line = self.out.rsplit('\n').next().unwrap_or("").trim_start();
        line.starts_with("#[") || line.starts_with("#![")
    }
}

/// The names the derive gives its own bindings (`local("..")` in its sources, and
/// `field_N` for tuple fields), which are hygienic in a derive's output but not in the
/// checked-in text.
fn derive_locals() -> Vec<String> {
    let mut names = vec!["field_".to_owned()];
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for dir in [src.clone(), src.join("emit")] {
        for entry in std::fs::read_dir(dir).expect("read the derive's sources") {
            let path = entry.expect("a directory entry").path();
            if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("read a source file");
                for call in text.split("local(\"").skip(1) {
                    names.extend(call.split('"').next().map(str::to_owned));
                }
            }
        }
    }
    names
}

/// Whether the derive crate sits in its workspace, beside the core (not so in a published
/// package, where these tests have nothing to check).
fn in_workspace() -> bool {
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("../mcp-errors-core");
    if !core.exists() {
        eprintln!("no mcp-errors-core beside this crate: nothing to compare");
    }
    core.exists()
}

#[test]
#[cfg_attr(
    not(feature = "client"),
    ignore = "source.rs's enums are `decode`, which needs this crate's `client` feature"
)]
fn core_common_expansion() {
    if !in_workspace() {
        return;
    }
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
         --features client core_common_expansion` and commit the result"
    );
}

/// In the text, a field named like one of the derive's own bindings would capture it (or be
/// captured): the enums of `source.rs` must not have one.
#[test]
fn core_common_fields_meet_no_derive_local() {
    if !in_workspace() {
        return;
    }
    let locals = derive_locals();
    assert!(locals.iter().any(|l| l == "f") && locals.iter().any(|l| l == "value"));
    let source = std::fs::read_to_string(common_dir().join("source.rs")).expect("read source.rs");
    let file: syn::File = syn::parse_str(&source).expect("source.rs parses");
    for item in file.items {
        let syn::Item::Enum(item) = item else {
            continue;
        };
        for variant in &item.variants {
            for field in &variant.fields {
                let Some(name) = &field.ident else { continue };
                let name = name.to_string();
                assert!(
                    !locals
                        .iter()
                        .any(|l| *l == name || (l.ends_with('_') && name.starts_with(l.as_str()))),
                    "{}::{} has a field `{name}`, the name of one of the derive's own bindings",
                    item.ident,
                    variant.ident
                );
            }
        }
    }
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
                fn f(&self) -> Option<u8> { match self.0 { 0 => None, _ => { x::y!(1); Some(2) } } } \
                fn g(x: ::core::primitive::u8, y: & &u8) -> bool { a & &b || x == **y } }";
    let laid_out = layout(code.parse().unwrap());
    assert_eq!(normalized(&laid_out), normalized(code));
    assert!(
        laid_out.starts_with("#[automatically_derived]\nimpl"),
        "{laid_out}"
    );
}
