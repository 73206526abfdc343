//! Generates the impls from a model that `valid.rs` has accepted. Never validates.
//!
//! Shape (`P` = `<root>::__private`): `impl P::ErrorCatalog`, `impl P::McpError`,
//! `impl ::core::fmt::Display`, `impl ::std::error::Error`, an inherent impl holding the
//! symbol constants (and `from_error_object` under `decode`) whose rustdoc is the catalog
//! table, then `P::__impl_integrations!(Type);`. Per variant there is one catalog row and
//! one arm per `match`; everything derivable from the row is left to the trait's defaults.

use proc_macro2::{Group, Literal, Span, TokenStream, TokenTree};
use quote::{ToTokens, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Ident, LitStr, Member};

use crate::ast::{Field, Input, Role, Variant};
use crate::template::Arg;

pub fn expand(input: &Input<'_>) -> TokenStream {
    let g = Gen::new(input);
    let catalog = g.catalog_impl();
    let mcp_error = g.mcp_error_impl();
    let display = g.display_impl();
    let error = g.error_impl();
    let inherent = g.inherent_impl();
    let p = &g.p;
    let ty = input.ident;
    quote! {
        #catalog
        #mcp_error
        #display
        #error
        #inherent
        #p::__impl_integrations!(#ty);
    }
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

/// `Self::V { secret: _secret, .. }`: binds the `skip` fields, which no generated code
/// reads otherwise, so rustc does not call them dead (a secret kept for `Debug` or logging
/// is the point of `skip`). The `_` names keep the bindings themselves quiet.
fn pattern_touching_skipped(variant: &Variant<'_>) -> TokenStream {
    let ident = variant.ident;
    let bound = variant
        .fields
        .iter()
        .filter(|f| f.role(variant) == Role::Skip)
        .map(|f| {
            let member = &f.member;
            let name = local(&format!("_{}", format_arg_name(f)));
            quote!(#member: #name)
        });
    quote!(Self::#ident { #(#bound,)* .. })
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
                let body = located_at(body(&inner), field.ty.span());
                quote!(Self::#ident { #member: #inner, .. } => #body,)
            })
            .collect()
    }

    // ----- ErrorCatalog ---------------------------------------------------------------

    fn catalog_impl(&self) -> TokenStream {
        let p = &self.p;
        let input = self.input;
        let ty = input.ident;
        let name = ty.to_string();
        let domain = input.domain();
        let range = if let Some(range) = &input.attrs.range {
            let (start, end) = (int(range.value.0), int(range.value.1));
            quote!(#p::Option::Some(#p::CodeRange { start: #start, end: #end }))
        } else {
            quote!(#p::Option::None)
        };
        let entries = input.own_variants().map(|(_, v)| self.entry(v));
        let by_code = self.entry_by_code();
        let by_symbol = self.entry_by_symbol();
        quote! {
            #[automatically_derived]
            impl #p::ErrorCatalog for #ty {
                const NAME: &'static str = #name;
                const DOMAIN: &'static str = #domain;
                const RANGE: #p::Option<#p::CodeRange> = #range;
                const ENTRIES: &'static [#p::ErrorEntry] = &[#(#entries),*];
                #by_code
                #by_symbol
            }
        }
    }

    fn entry(&self, variant: &Variant<'_>) -> TokenStream {
        let p = &self.p;
        let input = self.input;
        let code = int(variant.code());
        let symbol = variant.symbol(input);
        let domain = input.domain();
        let message = variant
            .message
            .as_ref()
            .map(|m| m.text.clone())
            .unwrap_or_default();
        let retryable = variant.retryable(input);
        let kind = Ident::new(variant.kind(input).variant, Span::call_site());
        let name = variant.ident.to_string();
        let doc = variant.doc.joined();
        let aliases = variant.attrs.aliases.iter().map(|a| a.value.value());
        let help = if let Some(help) = &variant.attrs.help {
            let help = help.value.value();
            quote!(#p::Option::Some(#help))
        } else {
            quote!(#p::Option::None)
        };
        let fields = variant.fields.iter().map(|f| {
            let name = &f.name;
            let key = f.key(variant);
            let role = Ident::new(f.role(variant).variant(), Span::call_site());
            quote!(#p::FieldEntry { name: #name, key: #key, role: #p::FieldRole::#role })
        });
        quote! {
            #p::ErrorEntry {
                code: #code,
                symbol: #symbol,
                domain: #domain,
                message: #message,
                retryable: #retryable,
                kind: #p::ErrorKind::#kind,
                variant: #name,
                doc: #doc,
                aliases: &[#(#aliases),*],
                help: #help,
                fields: &[#(#fields),*],
            }
        }
    }

    /// A `match` on the code literals; unknown codes go to the transparent inner types.
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
        let arms = self.input.own_variants().map(|(i, v)| {
            let value = int(v.code());
            quote!(#value => #i,)
        });
        quote! {
            fn entry_by_code(#code: i32) -> #p::Option<&'static #p::ErrorEntry> {
                let #index: usize = match #code {
                    #(#arms)*
                    _ => return #fallback,
                };
                #p::Option::Some(&<Self as #p::ErrorCatalog>::ENTRIES[#index])
            }
        }
    }

    /// Only with transparent variants: own rows (the default's scan), then the inner types.
    fn entry_by_symbol(&self) -> TokenStream {
        let p = &self.p;
        let symbol = local("symbol");
        let entry = local("entry");
        let mut chain = quote! {
            <Self as #p::ErrorCatalog>::ENTRIES
                .iter()
                .find(|#entry| #entry.symbol == #symbol || #entry.aliases.contains(&#symbol))
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
        let p = &self.p;
        let ty = self.input.ident;
        let domain = self.input.domain();
        let entry = self.entry_fn();
        let delegated = self.delegated_fns();
        let retryable = self.retryable_fn();
        let retry_after = self.retry_after_fn();
        let visit = self.visit_data_fns();
        quote! {
            #[automatically_derived]
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
        let index = local("index");
        let body = if self.input.variants.is_empty() {
            quote!(match *self {})
        } else if self.has_own() {
            let own = self.input.own_variants().map(|(i, v)| {
                let pat = pattern_touching_skipped(v);
                quote!(#pat => #i,)
            });
            let inner = self.transparent_arms(|inner| quote!(return #p::McpError::entry(#inner)));
            quote! {
                let #index: usize = match self {
                    #(#own)*
                    #(#inner)*
                };
                &<Self as #p::ErrorCatalog>::ENTRIES[#index]
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
                let default = variant.retryable(self.input);
                let flag = quote_spanned!(field.ty.span()=> #p::RetryableFlag::flag(#bind));
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
                let call = quote_spanned!(field.ty.span()=> #p::IntoRetryAfter::retry_after(#bind));
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

    fn visit_data_fns(&self) -> TokenStream {
        let p = &self.p;
        let sink = local("sink");
        let mut arms = Vec::new();
        for variant in self.input.variants.iter().filter(|v| !v.is_transparent()) {
            let visited: Vec<&Field<'_>> = variant
                .fields
                .iter()
                .filter(|f| f.is_serialized(variant) || f.role(variant) == Role::Details)
                .collect();
            if visited.is_empty() {
                continue;
            }
            let value = local("value");
            let calls: Vec<(bool, TokenStream)> = visited
                .iter()
                .map(|f| {
                    let optional = is_option(f.ty);
                    let arg = if optional { value.clone() } else { binding(f) };
                    let call = if f.role(variant) == Role::Details {
                        quote_spanned!(f.ty.span()=> #p::FieldSink::details(#sink, #arg))
                    } else {
                        let key = f.key(variant);
                        quote_spanned!(f.ty.span()=> #p::FieldSink::field(#sink, #key, #arg))
                    };
                    (optional, call)
                })
                .collect();
            let pat = pattern(variant, visited.iter().copied());
            let body = if let [(false, call)] = &calls[..] {
                call.clone()
            } else {
                let stmts = calls.iter().zip(&visited).map(|((optional, call), f)| {
                    if *optional {
                        let bind = binding(f);
                        quote!(if let #p::Option::Some(#value) = #bind { #call?; })
                    } else {
                        quote!(#call?;)
                    }
                });
                quote!({ #(#stmts)* #p::Result::Ok(()) })
            };
            arms.push(quote!(#pat => #body,));
        }
        let own = arms.len();
        arms.extend(self.transparent_arms(|inner| quote!(#p::McpError::visit_data(#inner, #sink))));
        if arms.is_empty() {
            return TokenStream::new();
        }
        let covered = own + self.transparent().count();
        let body = self.match_self(&arms, covered, &quote!(#p::Result::Ok(())));
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

    fn display_impl(&self) -> TokenStream {
        let ty = self.input.ident;
        let f = local("f");
        let arms: Vec<TokenStream> = self
            .input
            .variants
            .iter()
            .map(|variant| {
                if variant.is_transparent() {
                    let field = &variant.fields[0];
                    let pat = pattern(variant, [field]);
                    let bind = binding(field);
                    return quote!(#pat => ::core::fmt::Display::fmt(#bind, #f),);
                }
                let message = variant
                    .message
                    .as_ref()
                    .expect("validated: message present");
                let template = message
                    .template
                    .as_ref()
                    .expect("validated: template parsed");
                if let Some(text) = template.as_plain() {
                    let pat = pattern(variant, []);
                    let lit = LitStr::new(&text, message.lit.span());
                    return quote!(#pat => ::core::fmt::Formatter::write_str(#f, #lit),);
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
                let name = |arg: &Arg| format_arg_name(variant.field(arg).expect("validated"));
                let fmt = LitStr::new(&template.format_string(name), message.lit.span());
                let args = used.iter().map(|field| {
                    let arg_name = Ident::new(&format_arg_name(field), message.lit.span());
                    let bind = binding(field);
                    let arg = match &field.member {
                        Member::Named(ident) => {
                            Arg::Named(ident.to_string().trim_start_matches("r#").to_owned())
                        }
                        Member::Unnamed(index) => Arg::Index(index.index as usize),
                    };
                    if template.is_count(&arg) {
                        quote!(#arg_name = *#bind)
                    } else {
                        quote!(#arg_name = #bind)
                    }
                });
                let pat = pattern(variant, used.iter().copied());
                quote!(#pat => ::core::write!(#f, #fmt, #(#args),*),)
            })
            .collect();
        let body = self.match_self(&arms, arms.len(), &TokenStream::new());
        quote! {
            #[automatically_derived]
            impl ::core::fmt::Display for #ty {
                fn fmt(&self, #f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    #body
                }
            }
        }
    }

    fn error_impl(&self) -> TokenStream {
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
                quote_spanned!(field.ty.span()=>
                    #p::Option::map(#p::Option::as_ref(#bind), |#source| #source.as_dyn_error()))
            } else {
                quote_spanned!(field.ty.span()=> #p::Option::Some(#bind.as_dyn_error()))
            };
            arms.push(quote!(#pat => #body,));
        }
        let uses_as_dyn = !arms.is_empty();
        let own = arms.len();
        arms.extend(self.transparent_arms(|inner| quote!(::std::error::Error::source(#inner))));
        if arms.is_empty() {
            return quote! {
                #[automatically_derived]
                impl ::std::error::Error for #ty {}
            };
        }
        let covered = own + self.transparent().count();
        let body = self.match_self(&arms, covered, &quote!(#p::Option::None));
        let import = uses_as_dyn.then(|| quote!(use #p::AsDynError as _;));
        quote! {
            #[automatically_derived]
            impl ::std::error::Error for #ty {
                fn source(&self) -> #p::Option<&(dyn ::std::error::Error + 'static)> {
                    #import
                    #body
                }
            }
        }
    }

    // ----- Inherent impl: constants, catalog table, decode ------------------------------

    fn inherent_impl(&self) -> TokenStream {
        let ty = self.input.ident;
        let table = self.catalog_table();
        let mut consts = Vec::new();
        for (_, variant) in self.input.own_variants() {
            let symbol = variant.symbol(self.input);
            let ident = Ident::new(&symbol, variant.ident.span());
            let code = int(variant.code());
            let message = variant
                .message
                .as_ref()
                .map(|m| m.text.as_str())
                .unwrap_or_default();
            let doc = format!(
                "`{symbol}` = {}: the code of [`{}`](Self::{}) ({}).",
                variant.code(),
                variant.ident,
                variant.ident,
                markdown_escape(message)
            );
            consts.push(quote!(#[doc = #doc] pub const #ident: i32 = #code;));
            for alias in &variant.attrs.aliases {
                let name = alias.value.value();
                let ident = Ident::new(&name, alias.value.span());
                let doc = format!(
                    "Legacy alias of [`{symbol}`](Self::{symbol}) ({}).",
                    variant.code()
                );
                consts.push(quote!(#[doc = #doc] pub const #ident: i32 = #code;));
            }
        }
        let decode = self.decode_fn();
        quote! {
            #[doc = #table]
            #[allow(dead_code)]
            impl #ty {
                #(#consts)*
                #decode
            }
        }
    }

    /// The Markdown catalog shown on the enum's rustdoc page.
    fn catalog_table(&self) -> String {
        use core::fmt::Write as _;
        let input = self.input;
        let mut out = format!("Error catalog of domain `{}`", input.domain());
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
                    "| | | [`{ident}`](Self::{ident}) | | every code of `{}` (transparent) |",
                    markdown_escape(&inner)
                );
                continue;
            }
            let retryable = if variant.fields_with(Role::Retryable).next().is_some() {
                "per value"
            } else if variant.retryable(input) {
                "yes"
            } else {
                "no"
            };
            let message = variant
                .message
                .as_ref()
                .map(|m| m.text.as_str())
                .unwrap_or_default();
            let mut symbols = format!("`{}`", variant.symbol(input));
            for alias in &variant.attrs.aliases {
                let _ = write!(symbols, " (alias `{}`)", alias.value.value());
            }
            let _ = writeln!(
                out,
                "| {} | {symbols} | [`{ident}`](Self::{ident}) | {retryable} | {} |",
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
            let call = quote_spanned!(ty.span()=> <#ty>::from_error_object(#obj));
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
                            quote_spanned!(ty.span()=> <#ty as ::core::default::Default>::default())
                        }
                        Role::Data | Role::Details | Role::Retryable => {
                            let key = match f.role(variant) {
                                Role::Retryable => "retryable".to_owned(),
                                _ => f.key(variant),
                            };
                            quote_spanned!(ty.span()=> #p::decode::Decoder::field::<#ty>(&#decoder, #key)?)
                        }
                        Role::RetryAfter if f.attrs.skip.is_none() => {
                            let key = f.key(variant);
                            quote_spanned!(ty.span()=> #p::decode::Decoder::field::<#ty>(&#decoder, #key)?)
                        }
                        _ => quote_spanned!(ty.span()=> <#ty as ::core::default::Default>::default()),
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
            /// `data`. Unknown codes or symbols and malformed `data` are a `DecodeError`.
            pub fn from_error_object(
                #obj: &#p::decode::ErrorObject,
            ) -> #p::Result<Self, #p::decode::DecodeError> {
                let #decoder = #p::decode::Decoder::new::<Self>(#obj)?;
                #body
            }
        }
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

/// The name of the `write!` argument bound to `field`: its name, or `_0` for tuple fields.
fn format_arg_name(field: &Field<'_>) -> String {
    match &field.member {
        Member::Named(ident) => {
            let name = ident.to_string();
            match name.strip_prefix("r#") {
                Some(raw) => format!("r_{raw}"),
                None => name,
            }
        }
        Member::Unnamed(index) => format!("_{}", index.index),
    }
}

/// Escapes text for a Markdown table cell (rustdoc warns about stray HTML and links).
fn markdown_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' | '!' | '~' | '&'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
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
