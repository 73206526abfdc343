//! Parses `#[mcp(...)]` into typed values that remember where they were written.
//!
//! Every key is parsed with `MetaList::parse_nested_meta`; a key that is unknown, duplicated
//! or has a value of the wrong type is reported to the [`Ctxt`] and parsing goes on with the
//! next key, so one build shows every such mistake. Cross-key rules live in `valid.rs`.

use proc_macro2::{Group, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::{Attribute, Expr, ExprLit, Lit, LitStr, Token};

use crate::ctxt::Ctxt;
use crate::rules::CodeSpan;
use crate::scan;
use crate::symbol::{self, quoted_list};

/// Where some tokens start and end. Errors spanned by it underline everything between.
///
/// Kept instead of the tokens themselves: a derive over a thousand variants parses thousands
/// of attributes and reports errors for few of them.
#[derive(Clone, Copy)]
pub struct SpanRange {
    pub start: Span,
    pub end: Span,
}

impl SpanRange {
    /// From the first to the last token of `tokens`.
    pub fn of(tokens: &dyn ToTokens) -> SpanRange {
        SpanRange::of_stream(tokens.to_token_stream())
    }

    /// From the first to the last token of `tokens`.
    fn of_stream(tokens: TokenStream) -> SpanRange {
        let mut iter = tokens.into_iter();
        let start = match iter.next() {
            Some(first) => first.span(),
            None => Span::call_site(),
        };
        let end = match iter.last() {
            Some(last) => last.span(),
            None => start,
        };
        SpanRange { start, end }
    }

    /// From the first to the last of `trees` (which are not empty).
    fn of_trees(trees: &[TokenTree]) -> SpanRange {
        match (trees.first(), trees.last()) {
            (Some(first), Some(last)) => SpanRange {
                start: first.span(),
                end: last.span(),
            },
            _ => SpanRange::single(Span::call_site()),
        }
    }

    /// One token's span.
    pub fn single(span: Span) -> SpanRange {
        SpanRange {
            start: span,
            end: span,
        }
    }

    /// From the start of `self` to the end of `other`.
    pub fn to(self, other: SpanRange) -> SpanRange {
        SpanRange {
            start: self.start,
            end: other.end,
        }
    }
}

impl ToTokens for SpanRange {
    /// Two placeholder tokens carrying the spans, for `syn::Error::new_spanned`.
    fn to_tokens(&self, tokens: &mut TokenStream) {
        for &span in &[self.start, self.end] {
            let mut punct = Punct::new('^', Spacing::Alone);
            punct.set_span(span);
            tokens.extend([TokenTree::Punct(punct)]);
        }
    }
}

/// A parsed value and where it was written, for errors.
pub struct Attr<T> {
    pub value: T,
    /// The key, as spelled in `symbol.rs`.
    pub key: &'static str,
    /// `key = value` (or just `key` for a flag): where "duplicate" and "conflicting" errors
    /// point.
    pub whole: SpanRange,
    /// The value alone (the key for a flag): where "bad value" errors point.
    pub value_span: SpanRange,
}

impl<T> Attr<T> {
    /// An error under the whole `key = value`.
    pub fn error(&self, msg: impl core::fmt::Display) -> syn::Error {
        spanned_error(self.whole, &msg)
    }

    /// An error under the value.
    pub fn value_error(&self, msg: impl core::fmt::Display) -> syn::Error {
        spanned_error(self.value_span, &msg)
    }

    /// The same key and spans with another value.
    fn map<U>(self, value: U) -> Attr<U> {
        Attr {
            value,
            key: self.key,
            whole: self.whole,
            value_span: self.value_span,
        }
    }
}

/// The codes `start..=end` written as `trees` at `whole` (with `single`, one code `c` too, as
/// `c..=c`): integers, not backwards. `range` and each entry of `reserved` are read by it; a
/// problem is reported, with `example` when it says what was expected.
fn code_span(
    cx: &Ctxt,
    trees: &[TokenTree],
    whole: SpanRange,
    single: bool,
    example: &str,
) -> Option<(i32, i32)> {
    let bounds = match scan::inclusive_range(trees) {
        Some((start, end)) if !start.is_empty() && !end.is_empty() => {
            match (scan::int(start), scan::int(end)) {
                (Ok(a), Ok(b)) if a > b => {
                    Err((whole, format!("empty range: {a} is greater than {b}")))
                }
                (Ok(a), Ok(b)) => Ok((a, b)),
                (Err(msg), _) => Err((SpanRange::of_trees(start), msg)),
                (_, Err(msg)) => Err((SpanRange::of_trees(end), msg)),
            }
        }
        None if single => match scan::int(trees) {
            Ok(code) => Ok((code, code)),
            Err(msg) => Err((whole, msg)),
        },
        _ => Err((
            whole,
            "expected an inclusive range of integer literals".to_owned(),
        )),
    };
    match bounds {
        Ok(bounds) => Some(bounds),
        Err((range, msg)) => {
            report_value(cx, range, &msg, &example);
            None
        }
    }
}

/// An error under `range` (one copy for every `Attr<T>` and message type).
fn spanned_error(range: SpanRange, msg: &dyn core::fmt::Display) -> syn::Error {
    syn::Error::new_spanned(range, msg)
}

/// Reports `msg` about a value under `range`, with `example` when `msg` says what was
/// expected.
fn report_value(cx: &Ctxt, range: SpanRange, msg: &str, example: &dyn core::fmt::Display) {
    if msg.starts_with("expected") {
        cx.error_at(&range, &format_args!("{msg}, e.g. `{example}`"));
    } else {
        cx.error_at(&range, &msg);
    }
}

/// One of the eleven `kind = "..."` spellings.
#[derive(Clone, Copy)]
pub struct Kind {
    /// The DSL spelling, `"rate_limit"`.
    pub name: &'static str,
    /// The `ErrorKind` variant, `"RateLimit"`.
    pub variant: &'static str,
}

impl Kind {
    pub fn parse(name: &str) -> Option<Kind> {
        for &(n, variant) in symbol::KINDS {
            if n == name {
                return Some(Kind { name: n, variant });
            }
        }
        None
    }

    /// The wire message of a `catch_all` variant that has neither a `message` nor a doc
    /// line: what a caller may read about a foreign error of this kind.
    pub fn default_message(self) -> &'static str {
        const MESSAGES: &[(&str, &str)] = &[
            ("validation", "Invalid request"),
            ("timeout", "Operation timed out"),
            ("network", "Network error"),
            ("rate_limit", "Rate limit exceeded"),
            ("unavailable", "Service unavailable"),
            ("not_found", "Not found"),
            ("permission", "Permission denied"),
            ("protocol", "Protocol error"),
            ("adapter", "Adapter error"),
            ("business", "Request failed"),
        ];
        for &(name, message) in MESSAGES {
            if name == self.name {
                return message;
            }
        }
        "Internal error"
    }

    /// Mirrors `ErrorKind::default_retryable`.
    pub fn default_retryable(self) -> bool {
        symbol::RETRYABLE_KINDS.contains(&self.name)
    }
}

/// The keys written in `#[mcp(...)]`, valid or not, so that a rejected value does not also
/// count as a missing key.
#[derive(Default)]
pub struct Seen {
    keys: Vec<&'static str>,
    /// An attribute did not parse to its end: any key may have been there.
    broken: bool,
}

impl Seen {
    /// Whether `key` was written (or might have been, in an attribute that did not parse).
    pub fn mentioned(&self, key: &str) -> bool {
        self.broken || self.wrote(key)
    }

    /// Whether `key` was written (or stood for by a rejected thiserror `#[error(..)]`).
    pub fn wrote(&self, key: &str) -> bool {
        self.keys.contains(&key)
    }
}

/// `#[mcp(...)]` on the enum.
#[derive(Default)]
pub struct EnumAttrs {
    pub domain: Option<Attr<LitStr>>,
    pub range: Option<Attr<(i32, i32)>>,
    /// `reserved = [2150, 2160..=2169]`: the key (where it is written); the retired codes,
    /// each with its tokens, are `retired` (an `Attr` of one more value type would be one more
    /// copy of the attribute code in the derive's build).
    pub reserved: Option<Attr<()>>,
    pub retired: Vec<Retired>,
    /// `fleet = "path/to/fleet.toml"`, relative to the crate's manifest directory.
    pub fleet: Option<Attr<LitStr>>,
    pub symbol_prefix: Option<Attr<LitStr>>,
    pub protocol: Option<Attr<()>>,
    pub krate: Option<Attr<syn::Path>>,
    pub kind: Option<Attr<Kind>>,
    pub retryable: Option<Attr<bool>>,
    pub error_type: Option<Attr<LitStr>>,
    /// `doc_url = "..."`: the template of every variant's doc URL.
    pub doc_url: Option<Attr<LitStr>>,
    /// `data_fields`: every variant's fields go into `data` unless a role keeps them out.
    pub data_fields: Option<Attr<()>>,
    pub decode: Option<Attr<()>>,
    /// `own_display`: the type implements `Display` itself.
    pub own_display: Option<Attr<()>>,
    /// The message of every variant that has none of its own (thiserror's enum-level
    /// `#[error("...")]`).
    pub message: Option<Attr<MessageAttr>>,
    /// The `Display` function of every variant that has no message of its own.
    pub fmt: Option<Attr<syn::Path>>,
    pub seen: Seen,
}

/// One entry of `reserved = [...]`: a code or an inclusive range, and where it is written.
pub struct Retired {
    pub codes: CodeSpan,
    pub tokens: SpanRange,
}

/// `message = "template"` or `message("template {} {x}", expr, x = expr)`: a template and the
/// extra format arguments, whose `.field` / `.0` name the variant's fields.
pub struct MessageAttr {
    pub lit: LitStr,
    pub args: Vec<FmtArg>,
}

/// One extra format argument: `expr` or `name = expr`, tokens as written.
#[derive(Clone)]
pub struct FmtArg {
    pub name: Option<proc_macro2::Ident>,
    pub tokens: TokenStream,
}

/// Whether one of `args` is named `name`.
pub fn has_named(args: &[FmtArg], name: &str) -> bool {
    for arg in args {
        // `r#match = ..` is the argument `{match}` names, as in `format!`.
        if let Some(n) = &arg.name
            && syn::ext::IdentExt::unraw(n) == name
        {
            return true;
        }
    }
    false
}

/// `#[mcp(...)]` on a variant.
#[derive(Default)]
pub struct VariantAttrs {
    pub code: Option<Attr<i32>>,
    pub symbol: Option<Attr<LitStr>>,
    pub message: Option<Attr<MessageAttr>>,
    pub display: Option<Attr<MessageAttr>>,
    pub fmt: Option<Attr<syn::Path>>,
    pub retryable: Option<Attr<bool>>,
    pub kind: Option<Attr<Kind>>,
    pub aliases: Vec<Attr<LitStr>>,
    pub help: Option<Attr<LitStr>>,
    pub protocol: Option<Attr<()>>,
    pub error_type: Option<Attr<LitStr>>,
    pub doc_url: Option<Attr<LitStr>>,
    pub transparent: Option<Attr<()>>,
    pub catch_all: Option<Attr<()>>,
    pub shared_code: Option<Attr<()>>,
    /// A code kept in JSON-RPC's legacy band on purpose (see `valid::reserved_codes_follow_the_bands`).
    pub legacy: Option<Attr<()>>,
    /// `data(code = "invalid_input", ...)`: constant `data` members, in writing order.
    pub data: Vec<DataConst>,
    /// `data_fields`: the variant's fields go into `data` unless a role keeps them out.
    pub data_fields: Option<Attr<()>>,
    pub seen: Seen,
}

/// One constant `data` member of `data(key = literal)`: a string, integer, float or `bool`
/// literal (a number may be negative), serialized as written.
pub struct DataConst {
    /// The key, without `r#`.
    pub key: String,
    /// `key = value`, where errors about the key point.
    pub whole: SpanRange,
    /// The literal (or `-literal`), as written.
    pub value: TokenStream,
}

/// `#[mcp(...)]` on a field.
#[derive(Default)]
pub struct FieldAttrs {
    /// `data`: into `data` under its name (the author's choice to send it).
    pub data: Option<Attr<()>>,
    pub skip: Option<Attr<()>>,
    pub details: Option<Attr<()>>,
    pub source: Option<Attr<()>>,
    pub from: Option<Attr<()>>,
    pub retry_after: Option<Attr<()>>,
    pub retryable: Option<Attr<()>>,
    pub rename: Option<Attr<LitStr>>,
    /// `text`: into `data` as its `Display` text.
    pub text: Option<Attr<()>>,
    /// `message_only`: out of `data`; the message may name it.
    pub message_only: Option<Attr<()>>,
}

impl FieldAttrs {
    /// Every attribute given, with its key, in a fixed order.
    pub fn given(&self) -> Vec<(&'static str, SpanRange)> {
        let flags = [
            (symbol::DATA, &self.data),
            (symbol::SKIP, &self.skip),
            (symbol::DETAILS, &self.details),
            (symbol::SOURCE, &self.source),
            (symbol::FROM, &self.from),
            (symbol::RETRY_AFTER, &self.retry_after),
            (symbol::RETRYABLE, &self.retryable),
            (symbol::TEXT, &self.text),
            (symbol::MESSAGE_ONLY, &self.message_only),
        ];
        let mut out = Vec::new();
        for &(key, attr) in &flags {
            if let Some(attr) = attr {
                out.push((key, attr.whole));
            }
        }
        if let Some(rename) = &self.rename {
            out.push((symbol::RENAME, rename.whole));
        }
        out
    }
}

/// The `///` lines of an item, and where the first non-empty one was written.
#[derive(Default)]
pub struct Doc {
    /// Every line, one leading space removed and trailing whitespace trimmed.
    pub lines: Vec<String>,
    /// The first non-empty line, trimmed, with the tokens of its attribute.
    pub first: Option<(String, SpanRange)>,
}

impl Doc {
    /// The lines joined with `\n`, without leading and trailing blank lines.
    pub fn joined(&self) -> String {
        let lines = &self.lines;
        let mut start = 0;
        while start < lines.len() && lines[start].is_empty() {
            start += 1;
        }
        let mut end = lines.len();
        while end > start && lines[end - 1].is_empty() {
            end -= 1;
        }
        let mut out = String::new();
        let mut separator = "";
        for line in &lines[start..end] {
            out.push_str(separator);
            out.push_str(line);
            separator = "\n";
        }
        out
    }
}

pub fn parse_doc(attrs: &[Attribute]) -> Doc {
    let mut doc = Doc::default();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        let syn::Meta::NameValue(nv) = &attr.meta else {
            continue;
        };
        let Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) = &nv.value
        else {
            continue;
        };
        for line in lit.value().split('\n') {
            let line = line.strip_prefix(' ').unwrap_or(line).trim_end();
            if doc.first.is_none() && !line.trim().is_empty() {
                let whole = SpanRange {
                    start: attr.pound_token.span,
                    end: attr.bracket_token.span.close(),
                };
                doc.first = Some((line.trim().to_owned(), whole));
            }
            doc.lines.push(line.to_owned());
        }
    }
    doc
}

pub fn parse_enum_attrs(cx: &Ctxt, attrs: &[Attribute]) -> EnumAttrs {
    let mut out = EnumAttrs::default();
    out.seen = each_key(cx, attrs, symbol::ENUM_KEYS, "an enum", &mut |key| {
        if !enum_key(cx, &mut out, key) {
            unreachable!("key list and parser disagree");
        }
        Ok(())
    });
    out
}

/// Stores one of the enum's keys; `false` for any other key.
fn enum_key(cx: &Ctxt, out: &mut EnumAttrs, key: &Key<'_>) -> bool {
    match key.name {
        symbol::DOMAIN => set(cx, &mut out.domain, key.string()),
        symbol::RANGE => set(cx, &mut out.range, key.range()),
        symbol::RESERVED => set(cx, &mut out.reserved, key.reserved(&mut out.retired)),
        symbol::FLEET => set(cx, &mut out.fleet, key.string()),
        symbol::SYMBOL_PREFIX => set(cx, &mut out.symbol_prefix, key.string()),
        symbol::PROTOCOL => set(cx, &mut out.protocol, key.flag()),
        symbol::CRATE => set(cx, &mut out.krate, key.path()),
        symbol::KIND => set(cx, &mut out.kind, key.kind()),
        symbol::RETRYABLE => set(cx, &mut out.retryable, key.bool_or_flag()),
        symbol::ERROR_TYPE => set(cx, &mut out.error_type, key.string()),
        symbol::DOC_URL => set(cx, &mut out.doc_url, key.string()),
        symbol::DATA_FIELDS => set(cx, &mut out.data_fields, key.flag()),
        symbol::DECODE => set(cx, &mut out.decode, key.flag()),
        symbol::MESSAGE => set(cx, &mut out.message, key.message()),
        symbol::FMT => set(cx, &mut out.fmt, key.fmt_path()),
        symbol::OWN_DISPLAY => set(cx, &mut out.own_display, key.flag()),
        _ => return false,
    }
    true
}

/// `#[mcp(...)]` on a struct: the enum's keys and a variant's together (one error, one
/// code); the keys both have (`kind`, `retryable`, `message`, `fmt`, `error_type`) are the
/// variant's. thiserror's `#[error(transparent)] struct` is `transparent`: the struct is its
/// inner error.
pub fn parse_struct_attrs(cx: &Ctxt, attrs: &[Attribute]) -> (EnumAttrs, VariantAttrs) {
    let mut keys: Vec<&'static str> = Vec::new();
    for &key in symbol::ENUM_KEYS {
        keys.push(key);
    }
    for &key in symbol::VARIANT_KEYS {
        if !symbol::ENUM_KEYS.contains(&key) {
            keys.push(key);
        }
    }
    let mut out = EnumAttrs::default();
    let mut variant = VariantAttrs::default();
    let seen = each_key(cx, attrs, &keys, "a struct", &mut |key| {
        let stored = match key.name {
            symbol::DOMAIN
            | symbol::RANGE
            | symbol::RESERVED
            | symbol::FLEET
            | symbol::SYMBOL_PREFIX
            | symbol::PROTOCOL
            | symbol::CRATE
            | symbol::DECODE
            | symbol::OWN_DISPLAY => enum_key(cx, &mut out, key),
            // The rest, the keys both have among them, are the one error's own.
            _ => variant_key(cx, &mut variant, key),
        };
        if !stored {
            unreachable!("key list and parser disagree");
        }
        Ok(())
    });
    // Both see every key (copied by hand: no `to_vec` of its own for this list type).
    let mut keys = Vec::with_capacity(seen.keys.len());
    for &key in &seen.keys {
        keys.push(key);
    }
    variant.seen = Seen {
        keys,
        broken: seen.broken,
    };
    out.seen = seen;
    (out, variant)
}

pub fn parse_variant_attrs(cx: &Ctxt, attrs: &[Attribute]) -> VariantAttrs {
    let mut out = VariantAttrs::default();
    out.seen = each_key(cx, attrs, symbol::VARIANT_KEYS, "a variant", &mut |key| {
        if !variant_key(cx, &mut out, key) {
            unreachable!("key list and parser disagree");
        }
        Ok(())
    });
    out
}

/// Stores one of a variant's keys; `false` for any other key.
fn variant_key(cx: &Ctxt, out: &mut VariantAttrs, key: &Key<'_>) -> bool {
    match key.name {
        symbol::CODE => set(cx, &mut out.code, key.int()),
        symbol::SYMBOL => set(cx, &mut out.symbol, key.string()),
        symbol::MESSAGE => set(cx, &mut out.message, key.message()),
        symbol::DISPLAY => set(cx, &mut out.display, key.message()),
        symbol::FMT => set(cx, &mut out.fmt, key.fmt_path()),
        symbol::RETRYABLE => set(cx, &mut out.retryable, key.bool_or_flag()),
        symbol::KIND => set(cx, &mut out.kind, key.kind()),
        symbol::ALIAS => {
            if let Some(alias) = key.string() {
                out.aliases.push(alias);
            }
        }
        symbol::HELP => set(cx, &mut out.help, key.string()),
        symbol::PROTOCOL => set(cx, &mut out.protocol, key.flag()),
        symbol::ERROR_TYPE => set(cx, &mut out.error_type, key.string()),
        symbol::DOC_URL => set(cx, &mut out.doc_url, key.string()),
        symbol::TRANSPARENT => set(cx, &mut out.transparent, key.flag()),
        symbol::CATCH_ALL => set(cx, &mut out.catch_all, key.flag()),
        symbol::SHARED_CODE => set(cx, &mut out.shared_code, key.flag()),
        symbol::LEGACY => set(cx, &mut out.legacy, key.flag()),
        symbol::DATA => key.data_consts(&mut out.data),
        symbol::DATA_FIELDS => set(cx, &mut out.data_fields, key.flag()),
        _ => return false,
    }
    true
}

pub fn parse_field_attrs(cx: &Ctxt, attrs: &[Attribute]) -> FieldAttrs {
    let mut out = FieldAttrs::default();
    let _seen = each_key(cx, attrs, symbol::FIELD_KEYS, "a field", &mut |key| {
        match key.name {
            symbol::DATA => set(cx, &mut out.data, key.flag()),
            symbol::SKIP => set(cx, &mut out.skip, key.flag()),
            symbol::DETAILS => set(cx, &mut out.details, key.flag()),
            symbol::SOURCE => set(cx, &mut out.source, key.flag()),
            symbol::FROM => set(cx, &mut out.from, key.flag()),
            symbol::RETRY_AFTER => set(cx, &mut out.retry_after, key.flag()),
            symbol::RETRYABLE => set(cx, &mut out.retryable, key.flag()),
            symbol::RENAME => set(cx, &mut out.rename, key.string()),
            symbol::TEXT => set(cx, &mut out.text, key.flag()),
            symbol::MESSAGE_ONLY => set(cx, &mut out.message_only, key.flag()),
            _ => unreachable!("key list and parser disagree"),
        }
        Ok(())
    });
    out
}

/// Stores a value, reporting a second occurrence of the key.
fn set<T>(cx: &Ctxt, slot: &mut Option<Attr<T>>, new: Option<Attr<T>>) {
    match (slot, new) {
        (_, None) => {}
        (Some(_), Some(new)) => duplicate(cx, new.key, new.whole),
        (slot @ None, new) => *slot = new,
    }
}

/// Reports the second occurrence of `key`, written at `whole`.
fn duplicate(cx: &Ctxt, key: &str, whole: SpanRange) {
    cx.error_at(&whole, &format_args!("duplicate `{key}` attribute"));
}

/// What followed a key: nothing (a flag), `= value` (its tokens, up to the comma that ends
/// it), or `(...)` (`message(...)` and `data(...)`; a mistake after any other key).
enum Value {
    None,
    Tokens(TokenStream),
    Group(Group),
}

/// A key of `#[mcp(...)]` and its value, ready to be typed.
struct Key<'b> {
    cx: &'b Ctxt,
    name: &'static str,
    span: SpanRange,
    value: &'b Value,
}

/// thiserror's `#[error(..)]` left on a ported type (`error` is a helper of the derive only so
/// that it gets this error, not rustc's hint to derive `Error`), with the `mcp` spelling of
/// what it says where the tokens give it. Returns the key it stands for.
fn leftover_error(cx: &Ctxt, attr: &Attribute, level: &str, seen: &Seen) -> &'static str {
    // The one token of `#[error("..")]` or `#[error(transparent)]`.
    let mut only = None;
    if let syn::Meta::List(list) = &attr.meta {
        let mut trees = list.tokens.clone().into_iter();
        if let (Some(tree), None) = (trees.next(), trees.next()) {
            only = Some(tree);
        }
    }
    let given = seen.wrote(symbol::MESSAGE)
        || seen.wrote(symbol::TRANSPARENT)
        || seen.wrote(symbol::FMT)
        || seen.wrote(symbol::OWN_DISPLAY);
    let mut key = symbol::MESSAGE;
    let literal;
    let write = match &only {
        _ if level == "a field" => "`#[mcp(source)]` or `#[mcp(from)]` for its cause, or nothing",
        _ if given => "nothing: delete it, the `#[mcp(...)]` beside it gives the message",
        Some(TokenTree::Ident(ident)) if ident == symbol::TRANSPARENT && level == "an enum" => {
            "`#[mcp(transparent)]` on the variant (or struct) that wraps the error"
        }
        Some(TokenTree::Ident(ident)) if ident == symbol::TRANSPARENT => {
            key = symbol::TRANSPARENT;
            "`#[mcp(transparent)]`"
        }
        // A string, raw or not.
        Some(TokenTree::Literal(lit))
            if matches!(lit.to_string().as_bytes().first(), Some(b'"' | b'r')) =>
        {
            literal = format!("`#[mcp(message = {lit})]`");
            &literal
        }
        _ => {
            "`#[mcp(message = \"...\")]`, `#[mcp(message(\"...\", args...))]`, \
             `#[mcp(transparent)]` or `#[mcp(fmt = path)]`"
        }
    };
    cx.error_at(
        &SpanRange::of(attr.path()),
        &format_args!("`#[error(...)]` is thiserror's: write {write}"),
    );
    key
}

/// Runs `handler` for every known key of every `#[mcp(...)]` among `attrs`; reports
/// malformed attributes and unknown keys (skipping their values) to `cx`. Returns the keys
/// written.
fn each_key(
    cx: &Ctxt,
    attrs: &[Attribute],
    keys: &[&'static str],
    level: &str,
    handler: &mut dyn FnMut(&Key<'_>) -> syn::Result<()>,
) -> Seen {
    let mut seen = Seen::default();
    // Doc comments, the most common attribute, are `#[doc = ".."]`: skipped without comparing
    // their path (thiserror's `#[error(..)]` is always a list).
    let leftover = |attr: &Attribute| {
        !matches!(attr.meta, syn::Meta::NameValue(_)) && attr.path().is_ident(symbol::THISERROR)
    };
    let mut any_leftover = false;
    for attr in attrs {
        if !attr.path().is_ident(symbol::MCP) {
            any_leftover |= leftover(attr);
            continue;
        }
        let syn::Meta::List(list) = &attr.meta else {
            cx.error_at(&SpanRange::of(attr), &"expected `#[mcp(...)]`");
            seen.broken = true;
            continue;
        };
        if list.tokens.is_empty() {
            continue;
        }
        let mut visit = |name: String, key_span: SpanRange, value: &Value| -> syn::Result<()> {
            let mut known = None;
            for &key in keys {
                if key == name {
                    known = Some(key);
                    break;
                }
            }
            let Some(name) = known else {
                // A field's key written on the variant (thiserror users write `#[from]`
                // next to the message): say where it goes.
                let hint = if level == "a field" || !symbol::FIELD_KEYS.contains(&name.as_str()) {
                    String::new()
                } else if name == symbol::FROM {
                    "; `from` belongs on the field to convert from, e.g. \
                     `Io(#[mcp(from)] std::io::Error)`"
                        .to_owned()
                } else if name == symbol::DATA {
                    "; `data` belongs on a field to send it, and `data_fields` sends every \
                     field of every variant"
                        .to_owned()
                } else {
                    format!("; `{name}` belongs on a field")
                };
                cx.error_at(
                    &key_span,
                    &format_args!(
                        "unknown attribute `{name}` on {level}; expected one of {}{hint}",
                        quoted_list(keys)
                    ),
                );
                return Ok(());
            };
            seen.keys.push(name);
            handler(&Key {
                cx,
                name,
                span: key_span,
                value,
            })
        };
        let result = match simple_keys(&list.tokens) {
            // The common shape, `key = "literal", flag`, straight from the tokens:
            // syn's parse buffers are the most expensive step of a derive over a thousand
            // variants. Anything else takes the general path below.
            Some(simple) => {
                let mut result = Ok(());
                for (ident, value) in &simple {
                    result = visit(ident.to_string(), SpanRange::single(ident.span()), value);
                    if result.is_err() {
                        break;
                    }
                }
                result
            }
            // The list's own `parse_nested_meta` (the attribute's would match its shape again,
            // one more copy of syn's generic code).
            None => list.parse_nested_meta(|meta| {
                let name = match meta.path.get_ident() {
                    Some(ident) => ident.to_string(),
                    None => {
                        crate::names::replace(&meta.path.to_token_stream().to_string(), " ", "")
                    }
                };
                let value = if meta.input.peek(Token![=]) {
                    Value::Tokens(value_tokens(meta.value()?)?)
                } else if meta.input.peek(syn::token::Paren) {
                    Value::Group(meta.input.parse()?)
                } else {
                    Value::None
                };
                visit(name, SpanRange::of(&meta.path), &value)
            }),
        };
        if let Err(err) = result {
            cx.syn_error(err);
            seen.broken = true;
        }
    }
    // thiserror's `#[error(..)]` left on a ported type, reported once the `mcp` keys beside it
    // are known. It stands for the key it spells: no "missing message" (nor a `Display`
    // cascade), and no "missing code" for a `transparent` one.
    if any_leftover {
        for attr in attrs {
            if leftover(attr) {
                let key = leftover_error(cx, attr, level, &seen);
                seen.keys.push(key);
            }
        }
    }
    seen
}

/// `key = <literal>` and `flag` items separated by commas, or `None` when the attribute
/// has any other shape.
fn simple_keys(tokens: &TokenStream) -> Option<Vec<(proc_macro2::Ident, Value)>> {
    let mut out = Vec::new();
    let mut iter = tokens.clone().into_iter();
    while let Some(tree) = iter.next() {
        let TokenTree::Ident(key) = tree else {
            return None;
        };
        let mut after = iter.next();
        let mut value = Value::None;
        if let Some(TokenTree::Punct(p)) = &after
            && p.as_char() == '='
            && p.spacing() == Spacing::Alone
        {
            let Some(TokenTree::Literal(lit)) = iter.next() else {
                return None;
            };
            value = Value::Tokens(TokenTree::Literal(lit).into());
            after = iter.next();
        }
        out.push((key, value));
        match &after {
            None => break,
            Some(TokenTree::Punct(p)) if p.as_char() == ',' => {}
            _ => return None,
        }
    }
    Some(out)
}

impl Key<'_> {
    fn attr<T>(&self, value: T, value_span: SpanRange) -> Attr<T> {
        Attr {
            value,
            key: self.name,
            whole: self.span.to(value_span),
            value_span,
        }
    }

    /// A key that takes no value: `protocol`, `transparent`, `skip`.
    fn flag(&self) -> Option<Attr<()>> {
        let rest = match self.value {
            Value::None => return Some(self.attr((), self.span)),
            Value::Tokens(tokens) => SpanRange::of(tokens),
            Value::Group(group) => SpanRange::of(group),
        };
        self.cx.error_at(
            &self.span.to(rest),
            &format_args!("`{}` takes no value", self.name),
        );
        None
    }

    /// `retryable` (true) or `retryable = true|false`.
    fn bool_or_flag(&self) -> Option<Attr<bool>> {
        let Value::Tokens(tokens) = self.value else {
            return match self.flag() {
                Some(a) => Some(a.map(true)),
                None => None,
            };
        };
        if let Some(Lit::Bool(b)) = scan::literal(&scan::flatten(tokens)) {
            return Some(self.attr(b.value, SpanRange::single(b.span)));
        }
        self.cx.error_at(
            &SpanRange::of(tokens),
            &format_args!(
                "expected `true` or `false`, e.g. `{0}` or `{0} = false`",
                self.name
            ),
        );
        None
    }

    /// The tokens of `= value` and the same with invisible groups opened (`scan::flatten`),
    /// or an error at the key when there is none.
    fn tokens(&self, example: &str) -> Option<(&TokenStream, Vec<TokenTree>)> {
        let tokens = match self.value {
            Value::Tokens(tokens) => return Some((tokens, scan::flatten(tokens))),
            Value::None => self.span,
            Value::Group(group) => self.span.to(SpanRange::of(group)),
        };
        self.cx.error_at(
            &tokens,
            &format_args!(
                "`{}` needs a value, e.g. `{} = {example}`",
                self.name, self.name
            ),
        );
        None
    }

    /// `(key = literal, ...)`: constant `data` members, added to `out`.
    fn data_consts(&self, out: &mut Vec<DataConst>) {
        const EXAMPLE: &str = "`data(code = \"invalid_input\")`";
        let Value::Group(group) = self.value else {
            // A bare `data` may mean the fields: say how to send them.
            let (tokens, fields) = match self.value {
                Value::Tokens(tokens) => (self.span.to(SpanRange::of(tokens)), ""),
                _ => (
                    self.span,
                    "; to send every field of the variant in `data`, write `data_fields`",
                ),
            };
            self.cx.error_at(
                &tokens,
                &format_args!("`data` takes a list of constant members, e.g. {EXAMPLE}{fields}"),
            );
            return;
        };
        // `key = value` items, each value up to its comma.
        let mut items: Vec<(syn::Path, TokenStream)> = Vec::new();
        match parse_tokens(group.stream(), &mut |input| {
            while !input.is_empty() {
                let path: syn::Path = input.parse()?;
                input.parse::<Token![=]>()?;
                items.push((path, value_tokens(input)?));
                if !input.is_empty() {
                    input.parse::<Token![,]>()?;
                }
            }
            Ok(())
        }) {
            Ok(()) => {}
            Err(err) => {
                self.cx.error_at(
                    &SpanRange::of(group),
                    &format_args!("expected `key = literal` items, e.g. {EXAMPLE}: {err}"),
                );
                return;
            }
        }
        for (path, value) in &items {
            let Some(ident) = path.get_ident() else {
                self.cx.error_at(
                    &SpanRange::of(path),
                    &format_args!("a `data` key is one identifier, e.g. {EXAMPLE}"),
                );
                continue;
            };
            if !scan::is_constant_literal(&scan::flatten(value)) {
                self.cx.error_at(
                    &SpanRange::of(value),
                    &format_args!(
                        "a constant `data` value is a string, integer, float or `bool` \
                         literal, e.g. {EXAMPLE}; a value that varies is a field"
                    ),
                );
                continue;
            }
            out.push(DataConst {
                key: crate::names::unraw(ident),
                whole: SpanRange::of(path).to(SpanRange::of(value)),
                value: value.clone(),
            });
        }
    }

    /// `= "text"`.
    fn string(&self) -> Option<Attr<LitStr>> {
        const EXAMPLES: &[(&str, &str)] = &[
            (symbol::DOMAIN, "\"playwright\""),
            (symbol::SYMBOL_PREFIX, "\"E_PW_\""),
            (symbol::SYMBOL, "\"E_PW_NAV\""),
            (symbol::ALIAS, "\"E_PW_NAV\""),
            (symbol::MESSAGE, "\"Navigation failed: {reason}\""),
            (symbol::DISPLAY, "\"navigation to {url} failed: {source}\""),
            (symbol::RENAME, "\"key\""),
            (symbol::CRATE, "\"::mcp_errors\""),
            (symbol::KIND, "\"network\""),
            (symbol::FLEET, "\"fleet.toml\""),
        ];
        let mut example = "\"...\"";
        for &(key, text) in EXAMPLES {
            if key == self.name {
                example = text;
                break;
            }
        }
        let (tokens, trees) = self.tokens(example)?;
        if let Some(Lit::Str(lit)) = scan::literal(&trees) {
            let span = SpanRange::single(lit.span());
            return Some(self.attr(lit, span));
        }
        self.cx.error_at(
            &SpanRange::of(tokens),
            &format_args!(
                "expected a string literal, e.g. `{} = {example}`",
                self.name
            ),
        );
        None
    }

    /// `= 2100` or `= -32602`.
    fn int(&self) -> Option<Attr<i32>> {
        let (tokens, trees) = self.tokens("2100")?;
        match scan::int(&trees) {
            Ok(value) => Some(self.attr(value, SpanRange::of(tokens))),
            Err(msg) => {
                // Inline: a `format_args!` with arguments kept in a `let` needs Rust 1.89.
                report_value(
                    self.cx,
                    SpanRange::of(tokens),
                    &msg,
                    &format_args!("{} = 2100", self.name),
                );
                None
            }
        }
    }

    /// `= A..=B`.
    fn range(&self) -> Option<Attr<(i32, i32)>> {
        let (tokens, trees) = self.tokens("2100..=2199")?;
        let whole = SpanRange::of(tokens);
        let bounds = code_span(self.cx, &trees, whole, false, "range = 2100..=2199")?;
        Some(self.attr(bounds, whole))
    }

    /// `= [2150, 2160..=2169]`: codes and inclusive ranges, the syntax of `range`, in a list.
    fn reserved(&self, out: &mut Vec<Retired>) -> Option<Attr<()>> {
        const EXAMPLE: &str = "reserved = [2150, 2160..=2169]";
        let (tokens, trees) = self.tokens("[2150, 2160..=2169]")?;
        let group = match trees.as_slice() {
            [TokenTree::Group(group)] if group.delimiter() == proc_macro2::Delimiter::Bracket => {
                group
            }
            _ => {
                report_value(
                    self.cx,
                    SpanRange::of(tokens),
                    "expected a list of codes and inclusive ranges in `[...]`",
                    &EXAMPLE,
                );
                return None;
            }
        };
        let mut ok = true;
        // A list with a bad entry retires nothing (the error is reported).
        let before = out.len();
        let inner = scan::flatten(&group.stream());
        // The entries between commas (plain loops, not `split` or a range iterator: fewer
        // iterator types for the derive's build to compile).
        let mut start = 0;
        let mut end = 0;
        while end <= inner.len() {
            let at_end = end == inner.len()
                || matches!(&inner[end], TokenTree::Punct(p) if p.as_char() == ',');
            end += 1;
            if !at_end {
                continue;
            }
            let item = &inner[start..end - 1];
            start = end;
            if item.is_empty() {
                continue;
            }
            let tokens = SpanRange::of_trees(item);
            match code_span(self.cx, item, tokens, true, EXAMPLE) {
                Some((lo, hi)) => out.push(Retired {
                    codes: CodeSpan::new(lo, hi),
                    tokens,
                }),
                None => ok = false,
            }
        }
        if !ok {
            out.truncate(before);
            return None;
        }
        Some(self.attr((), SpanRange::of(tokens)))
    }

    /// `= "network"`.
    fn kind(&self) -> Option<Attr<Kind>> {
        let lit = self.string()?;
        let name = lit.value.value();
        if let Some(kind) = Kind::parse(&name) {
            return Some(lit.map(kind));
        }
        let mut names = Vec::new();
        for &(name, _) in symbol::KINDS {
            names.push(name);
        }
        self.cx.error_at(
            &lit.value_span,
            &format_args!(
                "unknown kind `{name}`; expected one of {}",
                quoted_list(&names)
            ),
        );
        None
    }

    /// `= "template"`, or `("template", args...)` with extra format arguments.
    fn message(&self) -> Option<Attr<MessageAttr>> {
        let Value::Group(group) = self.value else {
            return match self.string() {
                Some(Attr {
                    value: lit,
                    key,
                    whole,
                    value_span,
                }) => Some(Attr {
                    value: MessageAttr {
                        lit,
                        args: Vec::new(),
                    },
                    key,
                    whole,
                    value_span,
                }),
                None => None,
            };
        };
        let span = SpanRange::of(group);
        let mut parsed = None;
        let result = parse_tokens(group.stream(), &mut |input| {
            parsed = Some(message_list(input)?);
            Ok(())
        });
        match (result, parsed) {
            (Ok(()), Some(message)) => Some(self.attr(message, span)),
            // The parser stores the list whenever it succeeds.
            (Ok(()), None) => None,
            (Err(err), _) => {
                self.cx.syn_error(syn::Error::new(
                    err.span(),
                    format_args!(
                        "{err}; expected `{}(\"template {{}}\", args...)`, e.g. \
                         `{}(\"{{}} rows\", .rows.len())`",
                        self.name, self.name
                    ),
                ));
                None
            }
        }
    }

    /// `= path::to::function` (thiserror's `fmt = path`).
    fn fmt_path(&self) -> Option<Attr<syn::Path>> {
        let (tokens, _) = self.tokens("crate::fmt_busy")?;
        let mut path = None;
        if parse_tokens(tokens.clone(), &mut |input| {
            path = Some(input.parse::<syn::Path>()?);
            Ok(())
        })
        .is_ok()
            && let Some(path) = path
        {
            if expression_path(&path) {
                let span = SpanRange::of(&path);
                return Some(self.attr(path, span));
            }
            self.cx.error_at(
                &SpanRange::of(tokens),
                &"a function's generic arguments follow `::` in a call, e.g. \
                 `fmt = show::<u8>`",
            );
            return None;
        }
        self.cx.error_at(
            &SpanRange::of(tokens),
            &"expected a path to a function `fn(&field.., &mut Formatter) -> fmt::Result`, \
             e.g. `fmt = crate::fmt_busy`",
        );
        None
    }

    /// `= "path::to::runtime"`.
    fn path(&self) -> Option<Attr<syn::Path>> {
        let lit = self.string()?;
        if let Ok(path) = lit.value.parse::<syn::Path>() {
            return Some(lit.map(path));
        }
        self.cx.error_at(
            &lit.value_span,
            &"expected a path in the string, e.g. `crate = \"::mcp_errors\"`",
        );
        None
    }
}

/// The inside of `message("template", args...)`.
fn message_list(input: syn::parse::ParseStream<'_>) -> syn::Result<MessageAttr> {
    let lit: LitStr = input.parse()?;
    let mut args = Vec::new();
    while !input.is_empty() {
        input.parse::<Token![,]>()?;
        if input.is_empty() {
            break;
        }
        let name = if (input.peek(syn::Ident) || input.peek(Token![type]))
            && input.peek2(Token![=])
            && !input.peek2(Token![==])
        {
            let name: syn::Ident = syn::ext::IdentExt::parse_any(input)?;
            let unraw = syn::ext::IdentExt::unraw(&name).to_string();
            if has_named(&args, &unraw) {
                return Err(syn::Error::new(
                    name.span(),
                    format_args!("duplicate argument named `{unraw}`"),
                ));
            }
            input.parse::<Token![=]>()?;
            Some(name)
        } else {
            None
        };
        let tokens: TokenStream = to_comma(input)?.into_iter().collect();
        if tokens.is_empty() {
            // At the argument's name when it has one: the end of the list has no place.
            return Err(match &name {
                Some(name) => syn::Error::new(
                    name.span(),
                    format_args!("expected an expression after `{name} =`"),
                ),
                None => input.error("expected an expression"),
            });
        }
        args.push(FmtArg { name, tokens });
    }
    Ok(MessageAttr { lit, args })
}

/// `syn::parse2` for every parse of the crate, through one parser type (`dyn FnMut`, which
/// keeps what it parsed) instead of one copy of `parse2` per parsed type: `parser` must
/// consume all of `tokens`.
pub fn parse_tokens(
    tokens: TokenStream,
    parser: &mut dyn FnMut(syn::parse::ParseStream<'_>) -> syn::Result<()>,
) -> syn::Result<()> {
    syn::parse::Parser::parse2(parser, tokens)
}

/// Whether `path` is written as in an expression: generic arguments after `::` (`f::<A>`),
/// not as in a type (`f<A>`), which would not compile where the derive calls it.
fn expression_path(path: &syn::Path) -> bool {
    for segment in &path.segments {
        if let syn::PathArguments::AngleBracketed(args) = &segment.arguments
            && args.colon2_token.is_none()
        {
            return false;
        }
    }
    true
}

/// The token trees from `input` up to the comma that ends them: a comma between generic
/// arguments (`&0 as &dyn Trait<i32, A = i32>`, `<T as Tr<A, B>>::CODE`) or closure
/// parameters does not.
fn to_comma(input: syn::parse::ParseStream<'_>) -> syn::Result<Vec<TokenTree>> {
    let mut trees: Vec<TokenTree> = Vec::new();
    loop {
        let ends = input.peek(Token![,]) && !scan::comma_continues(&trees);
        if input.is_empty() || ends {
            return Ok(trees);
        }
        trees.push(input.parse()?);
    }
}

/// The tokens of a value after `=`, up to the comma that ends it. A path is read as one
/// first, so that generic arguments written as in a type (`fmt = show<A, B>`), whose commas
/// the expression rule would end, stay one value and get `fmt_path`'s hint.
fn value_tokens(input: syn::parse::ParseStream<'_>) -> syn::Result<TokenStream> {
    let ahead = input.fork();
    if ahead.parse::<syn::Path>().is_ok() && (ahead.is_empty() || ahead.peek(Token![,])) {
        return Ok(input.parse::<syn::Path>()?.into_token_stream());
    }
    let trees = to_comma(input)?;
    if trees.is_empty() {
        return Err(input.error("expected a value after `=`"));
    }
    Ok(trees.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    #[test]
    fn doc_lines_are_trimmed_and_first_line_found() {
        let attrs: Vec<Attribute> = vec![
            parse_quote!(#[doc = ""]),
            parse_quote!(#[doc = "  Navigation failed  "]),
            parse_quote!(#[doc = " second line"]),
            parse_quote!(#[doc = ""]),
        ];
        let doc = parse_doc(&attrs);
        assert_eq!(doc.first.as_ref().unwrap().0, "Navigation failed");
        assert_eq!(doc.joined(), " Navigation failed\nsecond line");
        assert_eq!(parse_doc(&[]).joined(), "");
    }

    #[test]
    fn keys_parse_into_typed_values() {
        let cx = Ctxt::new();
        let attrs: Vec<Attribute> = vec![parse_quote!(
            #[mcp(domain = "pw", range = -5..=5, retryable = false, kind = "rate_limit", decode)]
        )];
        let a = parse_enum_attrs(&cx, &attrs);
        cx.check().unwrap();
        assert_eq!(a.domain.unwrap().value.value(), "pw");
        assert_eq!(a.range.unwrap().value, (-5, 5));
        assert!(!a.retryable.unwrap().value);
        assert_eq!(a.kind.unwrap().value.variant, "RateLimit");
        assert!(a.decode.is_some() && a.protocol.is_none());
    }

    #[test]
    fn all_mistakes_of_one_attribute_are_reported() {
        let cx = Ctxt::new();
        let attrs: Vec<Attribute> = vec![parse_quote!(
            #[mcp(code = "x", nope = 1, code = 5, code = 6, kind = "slow", transparent = true)]
        )];
        let a = parse_variant_attrs(&cx, &attrs);
        assert_eq!(a.code.unwrap().value, 5);
        let errors: Vec<String> = cx
            .check()
            .unwrap_err()
            .into_iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(errors.len(), 5, "{errors:?}");
        assert!(errors[0].starts_with("expected an integer literal"));
        assert!(errors[1].starts_with("unknown attribute `nope` on a variant"));
        assert_eq!(errors[2], "duplicate `code` attribute");
        assert!(errors[3].starts_with("unknown kind `slow`"));
        assert_eq!(errors[4], "`transparent` takes no value");
    }
}
