//! Generates the impls from a model that `valid.rs` has accepted. Never validates.
//!
//! Shape (`P` = `<root>::__private`): `impl P::ErrorCatalog`, `impl P::McpError`,
//! `impl ::core::fmt::Display`, `impl ::std::error::Error`, an inherent impl holding the
//! symbol constants (and `from_error_object` under `decode`) whose rustdoc is the catalog
//! table, then `P::__impl_integrations!(Type);`. Per variant there is one catalog row and
//! one arm per `match`; everything derivable from the row is left to the trait's defaults.

use core::fmt::Write as _;
use proc_macro2::{Group, Literal, Span, TokenStream, TokenTree};
use quote::{ToTokens, quote, quote_spanned};

use syn::spanned::Spanned;
use syn::{Ident, LitStr, Member};

use crate::ast::{Field, Input, Role, Variant};
use crate::template::Arg;

/// The generated code in two parts: items that carry the user's spans (so that type errors
/// point at fields and messages), built as tokens; and the span-free data (catalog rows,
/// constants, the variant-to-row `match`), written as source text that the compiler lexes in
/// one call. A thousand-variant enum is mostly data; building it token by token in the
/// (unoptimized) proc macro dominated its compile time.
pub struct Expansion {
    pub tokens: TokenStream,
    pub source: String,
}

impl Expansion {
    /// Both parts as one `proc_macro2` stream (for unit tests; `lib.rs` lexes `source` with
    /// the compiler instead).
    #[cfg(test)]
    pub fn into_token_stream(self) -> TokenStream {
        let mut tokens = self.tokens;
        tokens.extend(parse(&self.source));
        tokens
    }
}

pub fn expand(input: &Input<'_>) -> Expansion {
    let g = Gen::new(input);
    let catalog = g.catalog_impl();
    let mcp_error = g.mcp_error_impl();
    let display = g.display_impl();
    let error = g.error_impl();
    let decode = g.decode_impl();
    let integrations = integrations(&g.p, input.ident);
    Expansion {
        tokens: quote! {
            #catalog
            #mcp_error
            #display
            #error
            #decode
            #integrations
        },
        source: g.inherent_source(),
    }
}

/// `P::__impl_integrations!(Type);`: the impls of the runtime's enabled features (also emitted
/// by the fallback). The type's name keeps its location but resolves at the derive's call
/// site, which rustc does not check for deprecation: a `#[deprecated]` enum must not make
/// these impls, written by a macro of the runtime, warn (thiserror's `call_site_ident`).
pub fn integrations(p: &TokenStream, ty: &Ident) -> TokenStream {
    let mut ty = ty.clone();
    ty.set_span(ty.span().resolved_at(Span::call_site()));
    quote!(#p::__impl_integrations!(#ty);)
}

/// The attributes of every generated trait impl: `#[automatically_derived]`, and
/// `#[allow(deprecated)]` so that a `#[deprecated]` enum, variant or field the impl names does
/// not warn in the user's crate.
pub fn derived() -> TokenStream {
    quote!(#[automatically_derived] #[allow(deprecated)])
}

struct Gen<'a> {
    input: &'a Input<'a>,
    /// `<root>::__private`.
    p: TokenStream,
}

/// A hygienic local name: it can neither capture nor be captured by a user's field name.
fn local(name: &str) -> Ident {
    Ident::new(name, Span::mixed_site())
}

/// The binding of a field in a pattern: the field's own name, or `field_0` for tuple fields.
fn binding(field: &Field<'_>) -> Ident {
    match &field.member {
        Member::Named(ident) => ident.clone(),
        Member::Unnamed(index) => local(&format!("field_{}", index.index)),
    }
}

/// `Self::V { a, 0: field_0, .. }` binding `fields` (named fields in shorthand, which
/// rustc's `non_shorthand_field_patterns` asks for).
fn pattern<'f>(
    variant: &Variant<'_>,
    fields: impl IntoIterator<Item = &'f Field<'f>>,
) -> TokenStream {
    let ident = variant.ident;
    let bound = fields.into_iter().map(|f| match &f.member {
        Member::Named(name) => quote!(#name),
        Member::Unnamed(index) => {
            let bind = binding(f);
            quote!(#index: #bind)
        }
    });
    quote!(Self::#ident { #(#bound,)* .. })
}

/// `Self::V { secret: _secret, .. }`, as source text: binds the `skip` fields, which no
/// generated code reads otherwise, so rustc does not call them dead (a secret kept for `Debug`
/// or logging is the point of `skip`). The `_` names keep the bindings themselves quiet.
fn pattern_touching_skipped(variant: &Variant<'_>) -> String {
    let mut out = format!("Self::{} {{ ", variant.ident);
    for f in variant
        .fields
        .iter()
        .filter(|f| f.role(variant) == Role::Skip)
    {
        let _ = write!(
            out,
            "{}: _{}, ",
            f.member.to_token_stream(),
            format_arg_name(f)
        );
    }
    out.push_str(".. }");
    out
}

/// Lexes generated source text with `proc_macro2` (unit tests only; see `Expansion`).
#[cfg(test)]
fn parse(source: &str) -> TokenStream {
    source.parse().expect("generated code lexes")
}

/// An `i32` literal token sequence that also works in patterns (`-32700`).
fn int(value: i32) -> TokenStream {
    let magnitude = Literal::i64_unsuffixed(i64::from(value).abs());
    if value < 0 {
        quote!(-#magnitude)
    } else {
        magnitude.into_token_stream()
    }
}

fn is_option(ty: &syn::Type) -> bool {
    let syn::Type::Path(path) = ty else {
        return false;
    };
    path.qself.is_none()
        && path
            .path
            .segments
            .last()
            .is_some_and(|s| s.ident == "Option" && !s.arguments.is_empty())
}

impl<'a> Gen<'a> {
    fn new(input: &'a Input<'a>) -> Gen<'a> {
        let root = input.root();
        Gen {
            input,
            p: quote!(#root::__private),
        }
    }

    fn transparent(&self) -> impl Iterator<Item = (&'a Variant<'a>, &'a Field<'a>)> {
        self.input
            .variants
            .iter()
            .filter(|v| v.is_transparent())
            .filter_map(|v| v.fields.first().map(|f| (v, f)))
    }

    /// The codes of the own variants, ascending: `OWN_CODES`, and the ends of `SPAN`.
    fn own_codes_sorted(&self) -> Vec<i32> {
        let mut codes: Vec<i32> = self.input.own_variants().map(|(_, v)| v.code()).collect();
        codes.sort_unstable();
        codes
    }

    fn has_own(&self) -> bool {
        self.input.own_variants().next().is_some()
    }

    /// `match self { <arms> _ => fallback }`, the wildcard only when other variants exist,
    /// and `match *self {}` for an enum without variants.
    fn match_self(
        &self,
        arms: &[TokenStream],
        covered: usize,
        fallback: &TokenStream,
    ) -> TokenStream {
        if self.input.variants.is_empty() {
            return quote!(match *self {});
        }
        if arms.is_empty() {
            return fallback.clone();
        }
        let wildcard = (covered < self.input.variants.len()).then(|| quote!(_ => #fallback,));
        quote! {
            match self {
                #(#arms)*
                #wildcard
            }
        }
    }

    /// Arms `Self::T { 0: inner, .. } => body(inner),` for every transparent variant. The
    /// body is located at the inner type, so "trait not implemented" errors point there.
    fn transparent_arms(&self, body: impl Fn(&Ident) -> TokenStream) -> Vec<TokenStream> {
        let inner = local("inner");
        self.transparent()
            .map(|(variant, field)| {
                let ident = variant.ident;
                let member = &field.member;
                let body = located_at(body(&inner), type_span(field.ty));
                quote!(Self::#ident { #member: #inner, .. } => #body,)
            })
            .collect()
    }

    // ----- ErrorCatalog ---------------------------------------------------------------

    fn catalog_impl(&self) -> TokenStream {
        let derived = derived();
        let p = &self.p;
        let input = self.input;
        let ty = input.ident;
        let name = ty.to_string();
        let domain = &input.domain;
        let range = if let Some(range) = &input.attrs.range {
            let (start, end) = (int(range.value.0), int(range.value.1));
            quote!(#p::Option::Some(#p::CodeRange { start: #start, end: #end }))
        } else {
            quote!(#p::Option::None)
        };
        // `SPAN` and the sorted own codes are known here; the trait's defaults would make the
        // compiler evaluate every catalog row to find them (`assert_disjoint!` reads both).
        let codes = self.own_codes_sorted();
        let span = match (&input.attrs.range, codes.first(), codes.last()) {
            (Some(_), _, _) => range.clone(),
            (None, Some(&lo), Some(&hi)) => {
                let (lo, hi) = (int(lo), int(hi));
                quote!(#p::Option::Some(#p::CodeRange { start: #lo, end: #hi }))
            }
            _ => quote!(#p::Option::None),
        };
        let by_code = self.entry_by_code();
        let by_symbol = self.entry_by_symbol();
        quote! {
            #derived
            impl #p::ErrorCatalog for #ty {
                const NAME: &'static str = #name;
                const DOMAIN: &'static str = #domain;
                const RANGE: #p::Option<#p::CodeRange> = #range;
                const ENTRIES: &'static [#p::ErrorEntry] = Self::__MCP_ENTRIES;
                const SPAN: #p::Option<#p::CodeRange> = #span;
                const OWN_CODES: &'static [i32] = Self::__MCP_OWN_CODES;
                #by_code
                #by_symbol
            }
        }
    }

    /// The `ENTRIES` initializer, as source text: a block importing short names, then one
    /// `entry(code, symbol, domain, message, retryable, Kind, variant, doc, &[fields])` per
    /// own variant, wrapped in `with_extras(.., &[aliases], help)` when it has either.
    fn entries(&self) -> String {
        let input = self.input;
        let p = self.p.to_string();
        let mut out = format!(
            "{{ #[allow(unused_imports)] use {p}::{{entry, with_extras, field, keyed_field, \
             ErrorKind::*, FieldRole::*}}; const D: &str = "
        );
        push_str_lit(&mut out, &input.domain);
        out.push_str("; &[");
        for (_, variant) in input.own_variants() {
            let extras = !variant.attrs.aliases.is_empty() || variant.attrs.help.is_some();
            if extras {
                out.push_str("with_extras(");
            }
            let _ = write!(out, "entry({}, ", variant.code());
            push_str_lit(&mut out, &variant.symbol);
            out.push_str(", D, ");
            push_str_lit(&mut out, variant.message.as_ref().map_or("", |m| &m.text));
            let _ = write!(
                out,
                ", {}, {}, \"{}\", ",
                variant.retryable,
                variant.kind.variant,
                variant.ident.to_string().trim_start_matches("r#")
            );
            push_str_lit(&mut out, &variant.doc.joined());
            out.push_str(", &[");
            for f in &variant.fields {
                let key = f.key(variant);
                let role = f.role(variant).variant();
                if key == f.name {
                    let _ = write!(out, "field(\"{}\", {role}),", f.name);
                } else {
                    let _ = write!(out, "keyed_field(\"{}\", ", f.name);
                    push_str_lit(&mut out, &key);
                    let _ = write!(out, ", {role}),");
                }
            }
            out.push_str("])");
            if extras {
                out.push_str(", &[");
                for alias in &variant.attrs.aliases {
                    push_str_lit(&mut out, &alias.value.value());
                    out.push(',');
                }
                out.push_str("], ");
                match &variant.attrs.help {
                    Some(help) => {
                        out.push_str("::core::option::Option::Some(");
                        push_str_lit(&mut out, &help.value.value());
                        out.push(')');
                    }
                    None => out.push_str("::core::option::Option::None"),
                }
                out.push(')');
            }
            out.push(',');
        }
        out.push_str("] }");
        out
    }

    /// A `match` on the code literals (`__mcp_row_of_code`, in the source text); unknown
    /// codes go to the transparent inner types.
    fn entry_by_code(&self) -> TokenStream {
        let p = &self.p;
        let code = local("code");
        let index = local("index");
        let inner: Vec<_> = self.transparent().map(|(_, f)| f.ty).collect();
        let fallback = match inner.split_first() {
            None => quote!(#p::Option::None),
            Some((first, rest)) => {
                let mut chain = quote!(<#first as #p::ErrorCatalog>::entry_by_code(#code));
                for ty in rest {
                    chain = quote!(#p::Option::or_else(#chain, || <#ty as #p::ErrorCatalog>::entry_by_code(#code)));
                }
                chain
            }
        };
        if !self.has_own() {
            if inner.is_empty() {
                return TokenStream::new();
            }
            return quote! {
                fn entry_by_code(#code: i32) -> #p::Option<&'static #p::ErrorEntry> {
                    #fallback
                }
            };
        }
        quote! {
            fn entry_by_code(#code: i32) -> #p::Option<&'static #p::ErrorEntry> {
                match Self::__mcp_row_of_code(#code) {
                    #p::Option::Some(#index) => #p::Option::Some(&<Self as #p::ErrorCatalog>::ENTRIES[#index]),
                    #p::Option::None => #fallback,
                }
            }
        }
    }

    /// Only with transparent variants: own rows (the default's scan), then the inner types.
    fn entry_by_symbol(&self) -> TokenStream {
        let p = &self.p;
        let symbol = local("symbol");
        let entry = local("entry");
        let mut chain = quote! {
            ::core::iter::Iterator::find(
                &mut <Self as #p::ErrorCatalog>::ENTRIES.iter(),
                |#entry| #entry.symbol == #symbol || #entry.aliases.contains(&#symbol),
            )
        };
        let mut any = false;
        for (_, field) in self.transparent() {
            any = true;
            let ty = field.ty;
            chain = quote!(#p::Option::or_else(#chain, || <#ty as #p::ErrorCatalog>::entry_by_symbol(#symbol)));
        }
        if !any {
            return TokenStream::new();
        }
        quote! {
            fn entry_by_symbol(#symbol: &str) -> #p::Option<&'static #p::ErrorEntry> {
                #chain
            }
        }
    }

    // ----- McpError -------------------------------------------------------------------

    fn mcp_error_impl(&self) -> TokenStream {
        let derived = derived();
        let p = &self.p;
        let ty = self.input.ident;
        let domain = &self.input.domain;
        let entry = self.entry_fn();
        let delegated = self.delegated_fns();
        let retryable = self.retryable_fn();
        let retry_after = self.retry_after_fn();
        let visit = self.visit_data_fns();
        quote! {
            #derived
            impl #p::McpError for #ty {
                #entry
                fn domain(&self) -> &'static str {
                    #domain
                }
                #delegated
                #retryable
                #retry_after
                #visit
            }
        }
    }

    fn entry_fn(&self) -> TokenStream {
        let p = &self.p;
        let body = if self.input.variants.is_empty() {
            quote!(match *self {})
        } else if self.has_own() {
            let inner = self.transparent_arms(|inner| quote!(return #p::McpError::entry(#inner)));
            let delegate = (!inner.is_empty()).then(|| {
                quote! {
                    match self {
                        #(#inner)*
                        _ => {}
                    }
                }
            });
            quote! {
                #delegate
                &<Self as #p::ErrorCatalog>::ENTRIES[Self::__mcp_row(self)]
            }
        } else {
            let inner = self.transparent_arms(|inner| quote!(#p::McpError::entry(#inner)));
            quote!(match self { #(#inner)* })
        };
        quote! {
            fn entry(&self) -> &'static #p::ErrorEntry {
                #body
            }
        }
    }

    /// With transparent variants, the methods whose defaults read `entry()` ask the inner
    /// error instead, in case it overrides them.
    fn delegated_fns(&self) -> TokenStream {
        let p = &self.p;
        let count = self.transparent().count();
        if count == 0 {
            return TokenStream::new();
        }
        let methods = [
            (quote!(code), quote!(i32)),
            (quote!(symbol), quote!(&'static str)),
            (quote!(kind), quote!(#p::ErrorKind)),
            (quote!(help), quote!(#p::Option<&'static str>)),
        ];
        methods
            .into_iter()
            .map(|(method, ret)| {
                let arms = self.transparent_arms(|inner| quote!(#p::McpError::#method(#inner)));
                let fallback = quote!(#p::McpError::entry(self).#method);
                let body = self.match_self(&arms, count, &fallback);
                quote! {
                    fn #method(&self) -> #ret {
                        #body
                    }
                }
            })
            .collect()
    }

    fn retryable_fn(&self) -> TokenStream {
        let p = &self.p;
        let mut arms = Vec::new();
        for variant in &self.input.variants {
            if let Some(field) = variant.fields_with(Role::Retryable).next() {
                let pat = pattern(variant, [field]);
                let bind = binding(field);
                let default = variant.retryable;
                let flag = quote_spanned!(type_span(field.ty)=> #p::RetryableFlag::flag(#bind));
                arms.push(quote!(#pat => #p::Option::unwrap_or(#flag, #default),));
            }
        }
        let own = arms.len();
        arms.extend(self.transparent_arms(|inner| quote!(#p::McpError::retryable(#inner))));
        if arms.is_empty() {
            return TokenStream::new();
        }
        let covered = own + self.transparent().count();
        let body = self.match_self(&arms, covered, &quote!(#p::McpError::entry(self).retryable));
        quote! {
            fn retryable(&self) -> bool {
                #body
            }
        }
    }

    fn retry_after_fn(&self) -> TokenStream {
        let p = &self.p;
        let mut arms = Vec::new();
        for variant in &self.input.variants {
            if let Some(field) = variant.fields_with(Role::RetryAfter).next() {
                let pat = pattern(variant, [field]);
                let bind = binding(field);
                let call =
                    quote_spanned!(type_span(field.ty)=> #p::IntoRetryAfter::retry_after(#bind));
                arms.push(quote!(#pat => #call,));
            }
        }
        let own = arms.len();
        arms.extend(self.transparent_arms(|inner| quote!(#p::McpError::retry_after(#inner))));
        if arms.is_empty() {
            return TokenStream::new();
        }
        let covered = own + self.transparent().count();
        let body = self.match_self(&arms, covered, &quote!(#p::Option::None));
        quote! {
            fn retry_after(&self) -> #p::Option<#p::time::Duration> {
                #body
            }
        }
    }

    /// `visit_data` and its object-safe twin. The arms of the common shapes (one plain data
    /// field, one plain `details` field) are generated in a single `quote!` pass: building
    /// and splicing a token stream per arm dominated the derive's own time on large enums.
    fn visit_data_fns(&self) -> TokenStream {
        let p = &self.p;
        let sink = local("sink");
        let value = local("value");
        // One data field: `Self::V { m: v, .. } => sink.field("key", v),`
        let (mut data_idents, mut data_members, mut data_binds, mut data_keys) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        // One details field: `Self::V { m: v, .. } => sink.details(v),`
        let (mut details_idents, mut details_members, mut details_binds) =
            (Vec::new(), Vec::new(), Vec::new());
        // Everything else, as whole arms.
        let mut arms = Vec::new();
        for variant in self.input.variants.iter().filter(|v| !v.is_transparent()) {
            let visited: Vec<&Field<'_>> = variant
                .fields
                .iter()
                .filter(|f| f.is_serialized(variant) || f.role(variant) == Role::Details)
                .collect();
            // Bindings are hygienic (`v0`, `v1`) and located at the field's type, where a
            // missing `Serialize` is reported.
            let binds: Vec<Ident> = (0..visited.len())
                .map(|i| {
                    let at = type_span(visited[i].ty);
                    Ident::new(&format!("v{i}"), Span::mixed_site().located_at(at))
                })
                .collect();
            match &visited[..] {
                [] => {}
                [f] if !is_option(f.ty) => {
                    if f.role(variant) == Role::Details {
                        details_idents.push(variant.ident);
                        details_members.push(&f.member);
                        details_binds.push(binds[0].clone());
                    } else {
                        data_idents.push(variant.ident);
                        data_members.push(&f.member);
                        data_binds.push(binds[0].clone());
                        data_keys.push(f.key(variant));
                    }
                }
                _ => {
                    let ident = variant.ident;
                    let members = visited.iter().map(|f| &f.member);
                    let stmts = visited.iter().zip(&binds).map(|(f, bind)| {
                        let optional = is_option(f.ty);
                        let arg = if optional { &value } else { bind };
                        let call = if f.role(variant) == Role::Details {
                            quote!(#sink.details(#arg))
                        } else {
                            let key = f.key(variant);
                            quote!(#sink.field(#key, #arg))
                        };
                        if optional {
                            quote!(if let #p::Option::Some(#value) = #bind { #call?; })
                        } else {
                            quote!(#call?;)
                        }
                    });
                    arms.push(quote! {
                        Self::#ident { #(#members: #binds,)* .. } => {
                            #(#stmts)*
                            #p::Result::Ok(())
                        }
                    });
                }
            }
        }
        let own = data_idents.len() + details_idents.len() + arms.len();
        let transparent =
            self.transparent_arms(|inner| quote!(#p::McpError::visit_data(#inner, #sink)));
        if own + transparent.len() == 0 {
            return TokenStream::new();
        }
        let body = if self.input.variants.is_empty() {
            quote!(match *self {})
        } else {
            let wildcard = (own + transparent.len() < self.input.variants.len())
                .then(|| quote!(_ => #p::Result::Ok(()),));
            quote! {
                match self {
                    #(Self::#data_idents { #data_members: #data_binds, .. } => #sink.field(#data_keys, #data_binds),)*
                    #(Self::#details_idents { #details_members: #details_binds, .. } => #sink.details(#details_binds),)*
                    #(#arms)*
                    #(#transparent)*
                    #wildcard
                }
            }
        };
        quote! {
            fn visit_data<__S: #p::FieldSink>(&self, #sink: &mut __S) -> #p::Result<(), __S::Error> {
                #body
            }
            fn __visit_data_dyn(
                &self,
                #sink: &mut dyn #p::DynFieldSink,
            ) -> #p::Result<(), #p::serde_json::Error> {
                #p::McpError::visit_data(self, &mut #p::DynAdapter(#sink))
            }
        }
    }

    // ----- Display and Error ----------------------------------------------------------

    /// `Display` from the templates. As in `visit_data`, the common shapes (a plain
    /// message; a template over named fields; one over tuple fields) are generated in one
    /// `quote!` pass, other arms one by one.
    fn display_impl(&self) -> TokenStream {
        let derived = derived();
        let ty = self.input.ident;
        let f = local("f");
        // `Self::V { .. } => f.write_str("text"),`
        let (mut plain_idents, mut plain_lits) = (Vec::new(), Vec::new());
        // `Self::V { a, b, .. } => ::core::write!(f, "{a} {b}"),`
        let (mut named_idents, mut named_binds, mut named_fmts) =
            (Vec::new(), Vec::new(), Vec::new());
        // `Self::V { 0: field_0, .. } => ::core::write!(f, "{field_0}"),`
        let (mut tuple_idents, mut tuple_members, mut tuple_binds, mut tuple_fmts) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut arms = Vec::new();
        for variant in &self.input.variants {
            if variant.is_transparent() {
                let field = &variant.fields[0];
                let pat = pattern(variant, [field]);
                let bind = binding(field);
                arms.push(quote!(#pat => ::core::fmt::Display::fmt(#bind, #f),));
                continue;
            }
            let message = variant
                .message
                .as_ref()
                .expect("validated: message present");
            let template = message
                .template
                .as_ref()
                .expect("validated: template parsed");
            let span = message.lit.span();
            if let Some(text) = template.as_plain() {
                plain_idents.push(variant.ident);
                plain_lits.push(LitStr::new(&text, span));
                continue;
            }
            let mut used: Vec<&Field<'_>> = Vec::new();
            for arg in template.args() {
                let field = variant
                    .field(arg)
                    .expect("validated: template names fields");
                if !used.iter().any(|u| u.member == field.member) {
                    used.push(field);
                }
            }
            // Fields are bound under the names the format string uses, with the message's
            // span, so `write!` captures them implicitly; only widths and precisions (which
            // must be `usize`, not `&usize`) are passed explicitly.
            let name = |arg: &Arg| format_arg_name(variant.field(arg).expect("validated"));
            let fmt = LitStr::new(&template.format_string(name), span);
            let binds: Vec<Ident> = used
                .iter()
                .map(|field| Ident::new(&format_arg_name(field), span))
                .collect();
            let has_counts = template.args().any(|arg| template.is_count(arg));
            let all_named = used.iter().all(|field| {
                matches!(&field.member, Member::Named(ident) if !ident.to_string().starts_with("r#"))
            });
            let all_tuple = used
                .iter()
                .all(|field| matches!(field.member, Member::Unnamed(_)));
            if !has_counts && all_named {
                named_idents.push(variant.ident);
                named_binds.push(binds);
                named_fmts.push(fmt);
                continue;
            }
            if !has_counts && all_tuple {
                tuple_idents.push(variant.ident);
                tuple_members.push(used.iter().map(|field| &field.member).collect::<Vec<_>>());
                tuple_binds.push(binds);
                tuple_fmts.push(fmt);
                continue;
            }
            arms.push(display_arm(&f, variant, template, &used, &binds, &fmt));
        }
        let body = if self.input.variants.is_empty() {
            quote!(match *self {})
        } else {
            quote! {
                match self {
                    #(Self::#plain_idents { .. } => #f.write_str(#plain_lits),)*
                    #(Self::#named_idents { #(#named_binds,)* .. } => ::core::write!(#f, #named_fmts),)*
                    #(Self::#tuple_idents { #(#tuple_members: #tuple_binds,)* .. } => ::core::write!(#f, #tuple_fmts),)*
                    #(#arms)*
                }
            }
        };
        quote! {
            #derived
            impl ::core::fmt::Display for #ty {
                fn fmt(&self, #f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    #body
                }
            }
        }
    }

    fn error_impl(&self) -> TokenStream {
        let derived = derived();
        let p = &self.p;
        let ty = self.input.ident;
        let mut arms = Vec::new();
        for variant in self.input.variants.iter().filter(|v| !v.is_transparent()) {
            let Some(field) = variant.fields.iter().find(|f| f.attrs.source.is_some()) else {
                continue;
            };
            let pat = pattern(variant, [field]);
            let bind = binding(field);
            let source = local("source");
            let body = if is_option(field.ty) {
                quote_spanned!(type_span(field.ty)=>
                    #p::Option::map(#p::Option::as_ref(#bind), |#source| #source.as_dyn_error()))
            } else {
                quote_spanned!(type_span(field.ty)=> #p::Option::Some(#bind.as_dyn_error()))
            };
            arms.push(quote!(#pat => #body,));
        }
        let uses_as_dyn = !arms.is_empty();
        let own = arms.len();
        arms.extend(self.transparent_arms(|inner| quote!(::std::error::Error::source(#inner))));
        if arms.is_empty() {
            return quote! {
                #derived
                impl ::std::error::Error for #ty {}
            };
        }
        let covered = own + self.transparent().count();
        let body = self.match_self(&arms, covered, &quote!(#p::Option::None));
        let import = uses_as_dyn.then(|| quote!(use #p::AsDynError as _;));
        quote! {
            #derived
            impl ::std::error::Error for #ty {
                fn source(&self) -> #p::Option<&(dyn ::std::error::Error + 'static)> {
                    #import
                    #body
                }
            }
        }
    }

    // ----- Inherent impl: constants, catalog table, decode ------------------------------

    /// The inherent impl, as source text: the catalog table as its documentation, one
    /// constant per symbol and alias, and the private data behind the trait impls
    /// (`__MCP_ENTRIES`, `__MCP_OWN_CODES`, `__mcp_row`, `__mcp_row_of_code`).
    fn inherent_source(&self) -> String {
        let input = self.input;
        let ty = input.ident;
        let p = self.p.to_string();
        let mut out = format!(
            "#[doc = {:?}] #[automatically_derived] \
             #[allow(dead_code, missing_docs, deprecated)] impl {ty} {{",
            self.catalog_table()
        );
        for (_, variant) in input.own_variants() {
            let symbol = &variant.symbol;
            let code = variant.code();
            let _ = write!(out, "pub const {symbol}: i32 = {code};");
            for alias in &variant.attrs.aliases {
                let _ = write!(out, "pub const {}: i32 = {code};", alias.value.value());
            }
        }
        let _ = write!(
            out,
            "const __MCP_ENTRIES: &'static [{p}::ErrorEntry] = {};",
            self.entries()
        );
        out.push_str("const __MCP_OWN_CODES: &'static [i32] = &[");
        for code in self.own_codes_sorted() {
            let _ = write!(out, "{code},");
        }
        out.push_str("];");
        if self.has_own() {
            out.push_str("fn __mcp_row(&self) -> usize { match self {");
            for (i, variant) in input.own_variants() {
                let _ = write!(out, "{} => {i},", pattern_touching_skipped(variant));
            }
            if self.transparent().next().is_some() {
                out.push_str("_ => ::core::unreachable!(),");
            }
            out.push_str("} }");
            out.push_str(
                "fn __mcp_row_of_code(code: i32) -> ::core::option::Option<usize> { \
                 ::core::option::Option::Some(match code {",
            );
            for (i, variant) in input.own_variants() {
                let _ = write!(out, "{} => {i},", variant.code());
            }
            out.push_str("_ => return ::core::option::Option::None, }) }");
        }
        out.push('}');
        out
    }

    /// `from_error_object` in an inherent impl of its own, under `decode`.
    fn decode_impl(&self) -> TokenStream {
        let ty = self.input.ident;
        let decode = self.decode_fn();
        if decode.is_empty() {
            return decode;
        }
        quote! {
            #[automatically_derived]
            #[allow(dead_code, deprecated)]
            impl #ty {
                #decode
            }
        }
    }

    /// The Markdown catalog shown on the enum's rustdoc page.
    fn catalog_table(&self) -> String {
        let input = self.input;
        let mut out = format!("Error catalog of domain `{}`", input.domain);
        if let Some(range) = &input.attrs.range {
            let _ = write!(out, ", codes {}..={}", range.value.0, range.value.1);
        }
        out.push_str(" (generated by `#[derive(McpError)]`).\n\n");
        out.push_str("| Code | Symbol | Variant | Retryable | Message |\n");
        out.push_str("|---:|---|---|---|---|\n");
        for variant in &input.variants {
            let ident = variant.ident;
            if variant.is_transparent() {
                let inner = variant.fields[0]
                    .ty
                    .to_token_stream()
                    .to_string()
                    .replace(' ', "");
                let _ = writeln!(
                    out,
                    "| | | `{ident}` | | every code of {} (transparent) |",
                    markdown_code(&inner)
                );
                continue;
            }
            let retryable = if variant.fields_with(Role::Retryable).next().is_some() {
                "per value"
            } else if variant.retryable {
                "yes"
            } else {
                "no"
            };
            let message = variant
                .message
                .as_ref()
                .map(|m| m.text.as_str())
                .unwrap_or_default();
            let mut symbols = markdown_code(&variant.symbol);
            for alias in &variant.attrs.aliases {
                let _ = write!(symbols, " (alias {})", markdown_code(&alias.value.value()));
            }
            let _ = writeln!(
                out,
                "| {} | {symbols} | `{ident}` | {retryable} | {} |",
                variant.code(),
                markdown_escape(message)
            );
        }
        out
    }

    fn decode_fn(&self) -> TokenStream {
        if self.input.attrs.decode.is_none() {
            return TokenStream::new();
        }
        let p = &self.p;
        let obj = local("obj");
        let decoder = local("decoder");
        let error = local("error");
        let inner = local("inner");
        let mut tail = Vec::new();
        for (variant, field) in self.transparent() {
            let ident = variant.ident;
            let member = &field.member;
            let ty = field.ty;
            let call = quote_spanned!(type_span(ty)=> <#ty>::from_error_object(#obj));
            tail.push(quote! {
                match #call {
                    #p::Result::Ok(#inner) => return #p::Result::Ok(Self::#ident { #member: #inner }),
                    #p::Result::Err(#error) if !#p::decode::is_unknown(&#error) => {
                        return #p::Result::Err(#error);
                    }
                    #p::Result::Err(_) => {}
                }
            });
        }
        let unknown = quote!(#p::Result::Err(#p::decode::Decoder::unknown(&#decoder)));
        let body = if self.has_own() {
            let arms = self.input.own_variants().map(|(i, variant)| {
                let ident = variant.ident;
                let fields = variant.fields.iter().map(|f| {
                    let member = &f.member;
                    let ty = f.ty;
                    let value = match f.role(variant) {
                        Role::Details if f.attrs.source.is_some() => {
                            quote_spanned!(type_span(ty)=> <#ty as ::core::default::Default>::default())
                        }
                        Role::Data | Role::Details => {
                            let key = f.key(variant);
                            quote_spanned!(type_span(ty)=> #p::decode::Decoder::field::<#ty>(&#decoder, #key)?)
                        }
                        // `data.retryable`, else the catalog's default (`plain_data` leaves
                        // the key out).
                        Role::Retryable => {
                            let default = variant.retryable;
                            quote_spanned!(type_span(ty)=> #p::decode::Decoder::retryable::<#ty>(&#decoder, #default)?)
                        }
                        // `data.retryAfterMs`, else the field's own key, else `Default`.
                        Role::RetryAfter if f.attrs.skip.is_none() => {
                            let key = f.key(variant);
                            quote_spanned!(type_span(ty)=> #p::decode::Decoder::retry_after_field::<#ty>(&#decoder, #key)?)
                        }
                        // `data.retryAfterMs`, else `Default`.
                        Role::RetryAfter => {
                            quote_spanned!(type_span(ty)=> #p::decode::Decoder::retry_after::<#ty>(&#decoder)?)
                        }
                        _ => quote_spanned!(type_span(ty)=> <#ty as ::core::default::Default>::default()),
                    };
                    quote!(#member: #value)
                });
                quote!(#p::Option::Some(#i) => #p::Result::Ok(Self::#ident { #(#fields),* }),)
            });
            quote! {
                match #p::decode::Decoder::index(&#decoder) {
                    #(#arms)*
                    _ => {
                        #(#tail)*
                        #unknown
                    }
                }
            }
        } else {
            quote! {
                #(#tail)*
                #unknown
            }
        };
        quote! {
            /// Decodes a received JSON-RPC `error` member into the variant it names: by
            /// `data.symbol` (or an alias) when present, else by `code`; fields are read from
            /// `data`, `retry_after` fields from `data.retryAfterMs` when present. Unknown codes
            /// or symbols and malformed `data` are a `DecodeError`.
            pub fn from_error_object(
                #obj: &#p::decode::ErrorObject,
            ) -> #p::Result<Self, #p::decode::DecodeError> {
                let #decoder = #p::decode::Decoder::new::<Self>(#obj)?;
                #body
            }
        }
    }
}

/// Where errors about a field's type point: its first token, which is what
/// `syn::spanned::Spanned` gives on stable too, without rendering the type to tokens (this
/// runs for every field of every variant).
fn type_span(ty: &syn::Type) -> Span {
    match ty {
        syn::Type::Path(path) if path.qself.is_none() => match &path.path.leading_colon {
            Some(colon) => colon.spans[0],
            None => path
                .path
                .segments
                .first()
                .map_or_else(|| ty.span(), |s| s.ident.span()),
        },
        _ => ty.span(),
    }
}

/// Appends `text` as a Rust string literal; the common case (no quote, backslash or control
/// character) without per-character escaping.
fn push_str_lit(out: &mut String, text: &str) {
    if text
        .bytes()
        .all(|b| b >= b' ' && b != b'"' && b != b'\\' && b != 0x7f)
    {
        out.push('"');
        out.push_str(text);
        out.push('"');
    } else {
        let _ = write!(out, "{text:?}");
    }
}

/// `tokens` with every span moved to `span`'s location, keeping each token's hygiene.
fn located_at(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tree| {
            if let TokenTree::Group(group) = &tree {
                let mut moved = Group::new(group.delimiter(), located_at(group.stream(), span));
                moved.set_span(group.span().located_at(span));
                tree = TokenTree::Group(moved);
            } else {
                tree.set_span(tree.span().located_at(span));
            }
            tree
        })
        .collect()
}

/// A `Display` arm of any shape: raw field names, widths and precisions from fields.
fn display_arm(
    f: &Ident,
    variant: &Variant<'_>,
    template: &crate::template::Template,
    used: &[&Field<'_>],
    binds: &[Ident],
    fmt: &LitStr,
) -> TokenStream {
    let mut bound = Vec::new();
    let mut counts = Vec::new();
    for (field, bind) in used.iter().zip(binds) {
        let member = &field.member;
        let arg = match member {
            Member::Named(ident) => {
                let name = ident.to_string();
                if let Some(raw) = name.strip_prefix("r#") {
                    bound.push(quote!(#member: #bind));
                    Arg::Named(raw.to_owned())
                } else {
                    bound.push(quote!(#bind));
                    Arg::Named(name)
                }
            }
            Member::Unnamed(index) => {
                bound.push(quote!(#member: #bind));
                Arg::Index(index.index as usize)
            }
        };
        if template.is_count(&arg) {
            counts.push(quote!(, #bind = *#bind));
        }
    }
    let ident = variant.ident;
    quote!(Self::#ident { #(#bound,)* .. } => ::core::write!(#f, #fmt #(#counts)*),)
}

/// The name a field is bound to in `Display`: its name (`r_type` for `r#type`), or `field_0`
/// for tuple fields.
fn format_arg_name(field: &Field<'_>) -> String {
    match &field.member {
        Member::Named(ident) => {
            let name = ident.to_string();
            match name.strip_prefix("r#") {
                Some(raw) => format!("r_{raw}"),
                None => name,
            }
        }
        Member::Unnamed(index) => format!("field_{}", index.index),
    }
}

/// Escapes text for a Markdown table cell (rustdoc warns about stray HTML and links). A line
/// break would end the table row, so it becomes a space.
fn markdown_escape(text: &str) -> String {
    const SPECIAL: &[u8] = b"\\`*_[]<>|#!~&\r\n";
    if !text.bytes().any(|b| SPECIAL.contains(&b)) {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\r' | '\n' => out.push(' '),
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' | '!' | '~' | '&' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// `text` as a code span in a Markdown table cell. Backslash escapes are literal inside a code
/// span, so only what would end the cell or the span is handled: `|` (which GFM tables let
/// `\|` escape even there), line breaks, and backticks (by a longer fence).
fn markdown_code(text: &str) -> String {
    let text = text.replace(['\r', '\n'], " ").replace('|', "\\|");
    if text.contains('`') {
        format!("`` {text} ``")
    } else {
        format!("`{text}`")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_escape_neutralizes_table_and_html_syntax() {
        assert_eq!(
            markdown_escape("a|b <path> [x]"),
            "a\\|b \\<path\\> \\[x\\]"
        );
        assert_eq!(markdown_escape("plain text"), "plain text");
    }

    #[test]
    fn markdown_escape_keeps_a_message_on_its_table_row() {
        assert_eq!(markdown_escape("a\nb\r\nc|d"), "a b  c\\|d");
    }

    #[test]
    fn markdown_code_escapes_only_what_ends_the_cell_or_span() {
        assert_eq!(
            markdown_code("mcp_errors::CommonError"),
            "`mcp_errors::CommonError`"
        );
        assert_eq!(markdown_code("A|B"), "`A\\|B`");
        assert_eq!(markdown_code("a`b"), "`` a`b ``");
    }

    /// The model of an input, not validated.
    fn model(input: &syn::DeriveInput) -> Input<'_> {
        let cx = crate::ctxt::Ctxt::new();
        let model = Input::from_syn(&cx, input).unwrap();
        cx.check().unwrap();
        model
    }

    #[test]
    fn catalog_table_keeps_one_row_per_variant() {
        let input = syn::parse_quote! {
            #[mcp(domain = "pw")]
            enum E {
                #[mcp(code = 1, symbol = "E_A", message = "first line\nsecond | line")]
                A,
                #[mcp(transparent)]
                Common(mcp_errors::CommonError),
            }
        };
        let table = Gen::new(&model(&input)).catalog_table();
        let rows: Vec<&str> = table.lines().filter(|l| l.starts_with('|')).collect();
        assert_eq!(
            rows[2..],
            [
                "| 1 | `E_A` | `A` | no | first line second \\| line |",
                "| | | `Common` | | every code of `mcp_errors::CommonError` (transparent) |",
            ]
        );
    }

    #[test]
    fn catalog_rows_lex_whatever_the_strings_hold() {
        // Unvalidated on purpose: the source text must stay well formed on its own.
        let input = syn::parse_quote! {
            #[mcp(domain = "pw\"\\")]
            enum E {
                #[mcp(code = 1, symbol = "E_A", alias = "E_\"B\\", help = "h\"\n")]
                A,
            }
        };
        let entries = Gen::new(&model(&input)).entries();
        let block: syn::Block = syn::parse_str(&entries).expect("entries lex and parse");
        let tokens = block.to_token_stream().to_string();
        assert!(tokens.contains(r#""E_\"B\\""#), "{entries}");
    }

    #[test]
    fn negative_codes_are_tokens_usable_in_patterns() {
        assert_eq!(int(-32700).to_string(), "- 32700");
        assert_eq!(int(2100).to_string(), "2100");
        assert_eq!(int(i32::MIN).to_string(), "- 2147483648");
    }

    #[test]
    fn option_types_are_recognised() {
        assert!(is_option(&syn::parse_quote!(Option<std::io::Error>)));
        assert!(is_option(&syn::parse_quote!(::core::option::Option<E>)));
        assert!(!is_option(&syn::parse_quote!(std::io::Error)));
        assert!(!is_option(&syn::parse_quote!(Option)));
    }
}
