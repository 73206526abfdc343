//! What a derive with errors emits beside its `compile_error!`s: stub impls of every trait
//! the real expansion provides, so the user sees only the real mistakes and not a cascade of
//! "trait not implemented" errors wherever the enum is used. When the input parsed into a
//! model of a non-generic enum, the stubs also include what user code names directly: the
//! symbol constants (`E::E_PW_NAV`) and the runtime's integration impls (`?` into rmcp's
//! `ErrorData`).

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::DeriveInput;

use crate::ast::Input;
use crate::emit::{self, Expansion, source};
use crate::first_use::first_uses;
use crate::names;
use crate::splice::splice;

/// The errors plus stubs. `model` is the parsed input when it is an enum (`None` for a struct
/// or union); it gives the runtime path (`crate = "..."`), whether the enum asked for
/// `from_error_object`, and the symbols.
pub fn expand(input: &DeriveInput, model: Option<&Input<'_>>, errors: &syn::Error) -> Expansion {
    let root = if let Some(model) = model {
        model.root()
    } else {
        splice!([] ::mcp_errors)
    };
    // Without the `client` feature the runtime has no decoder for the stub to name (and
    // `decode` is itself one of the errors).
    let decode = cfg!(feature = "client") && matches!(model, Some(m) if m.attrs.decode.is_some());
    let p = splice!([root] #root::__private);
    let derived = emit::derived();
    let ty = &input.ident;
    let name = ty.to_string();
    let errors = errors.to_compile_error();
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    // `Error` needs `Debug`; asking for it through a higher-ranked bound keeps a missing
    // `#[derive(Debug)]` from adding an error of its own here (trivial bounds are unstable).
    let mut debug_where = TokenStream::new();
    match where_clause {
        Some(where_clause) => {
            where_clause.where_token.to_tokens(&mut debug_where);
            where_clause.predicates.to_tokens(&mut debug_where);
            if !where_clause.predicates.empty_or_trailing() {
                <syn::Token![,]>::default().to_tokens(&mut debug_where);
            }
        }
        None => <syn::Token![where]>::default().to_tokens(&mut debug_where),
    }
    debug_where.extend(quote::quote!(for<'__w> #ty #ty_generics: ::core::fmt::Debug));
    // Not for a type that implements `Display` itself: a second impl would be one more error.
    let display = if matches!(model, Some(m) if m.hand_display) {
        TokenStream::new()
    } else {
        splice! {[derived, impl_generics, ty, ty_generics, where_clause]
            #derived
            impl #impl_generics ::core::fmt::Display for #ty #ty_generics #where_clause {
                fn fmt(&self, _: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    ::core::unreachable!()
                }
            }
        }
    };
    let decode = if decode {
        splice! {[impl_generics, ty, ty_generics, where_clause, p]
            #[allow(dead_code, deprecated)]
            impl #impl_generics #ty #ty_generics #where_clause {
                /// Not generated: the derive reported errors.
                pub fn from_error_object(
                    _: &#p::decode::ErrorObject,
                ) -> #p::Result<Self, #p::decode::DecodeError> {
                    ::core::unreachable!()
                }
            }
        }
    } else {
        TokenStream::new()
    };
    let (constants, integrations, from) = match model {
        Some(model) if input.generics.params.is_empty() => (
            constants(model),
            emit::integrations(&p, ty),
            from_stubs(model),
        ),
        _ => (String::new(), TokenStream::new(), TokenStream::new()),
    };
    let tokens = splice! {[
        errors, derived, impl_generics, p, ty, ty_generics, where_clause, name, debug_where,
        display, decode, integrations, from,
    ]
        #errors
        #derived
        impl #impl_generics #p::ErrorCatalog for #ty #ty_generics #where_clause {
            const NAME: &'static str = #name;
            const DOMAIN: &'static str = "";
            const RANGE: #p::Option<#p::CodeRange> = #p::Option::None;
            const ENTRIES: &'static [#p::ErrorEntry] = &[];
        }
        #derived
        impl #impl_generics #p::McpError for #ty #ty_generics #debug_where {
            fn entry(&self) -> &'static #p::ErrorEntry {
                ::core::unreachable!()
            }
            fn domain(&self) -> &'static str {
                ::core::unreachable!()
            }
        }
        #display
        #derived
        impl #impl_generics ::std::error::Error for #ty #ty_generics #debug_where {}
        #decode
        #integrations
        #from
    };
    Expansion {
        tokens,
        source: constants,
    }
}

/// `impl From<T> for E` for the first `from` field of each type, so that a `?` converting
/// into the enum does not add an error of its own.
fn from_stubs(model: &Input<'_>) -> TokenStream {
    let ty = model.ident;
    let derived = emit::derived();
    let mut texts = Vec::new();
    for variant in &model.variants {
        for field in &variant.fields {
            if field.is_from() {
                let from = crate::valid::from_type(field.ty);
                texts.push(from.to_token_stream().to_string());
            }
        }
    }
    let first = first_uses(&texts);
    // A second pass over the same fields, in the same order: the `i`-th `from` type.
    let mut out = TokenStream::new();
    let mut i = 0;
    for variant in &model.variants {
        for field in &variant.fields {
            if field.is_from() {
                if first[i] == i {
                    let from = crate::valid::from_type(field.ty);
                    out.extend(splice! {[derived, from, ty]
                        #derived
                        impl ::core::convert::From<#from> for #ty {
                            fn from(_: #from) -> Self {
                                ::core::unreachable!()
                            }
                        }
                    });
                }
                i += 1;
            }
        }
    }
    out
}

/// `impl E { pub const SYMBOL: i32 = code; .. }` (source text) for every symbol and alias
/// that can be a constant: well formed, the first of its spelling, and not a variant's name
/// (which would shadow it). The code is 0 when missing; the enum does not compile anyway.
fn constants(model: &Input<'_>) -> String {
    let mut symbols = Vec::new();
    let mut codes = Vec::new();
    for variant in &model.variants {
        if variant.is_transparent() {
            continue;
        }
        let mut add = |name: String| {
            if names::symbol_problem(&name).is_none() && !model.names_variant(&name) {
                symbols.push(name);
                codes.push(variant.code());
            }
        };
        add(model.symbol_constant(variant));
        for alias in &variant.attrs.aliases {
            add(alias.value.value());
        }
    }
    let first = first_uses(&symbols);
    let mut out = String::new();
    source::open_impl(&mut out, model.ident, None);
    for i in 0..first.len() {
        let f = first[i];
        if f == i {
            source::constant(&mut out, &symbols[i], codes[i]);
        }
    }
    out.push('}');
    out
}
