//! `impl ErrorCatalog`: the type-level catalog. The rows themselves are source text
//! (`source.rs`); this impl points at them and adds what needs the transparent inner types.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Code, derived, local, located_at, type_span};
use crate::plan::Plan;

pub fn catalog_impl(plan: &Plan<'_>) -> TokenStream {
    let derived = derived();
    let p = &plan.private;
    let name = plan.ident.to_string();
    let (impl_generics, ty, where_clause) = plan.header(&plan.bounds.catalog);
    let domain = &plan.domain;
    let code_range = |(start, end): (i32, i32)| {
        let (start, end) = (Code(start), Code(end));
        quote!(#p::Option::Some(#p::CodeRange { start: #start, end: #end }))
    };
    let range = plan
        .range
        .map_or_else(|| quote!(#p::Option::None), code_range);
    // `SPAN` and the sorted own codes are known here; the trait's defaults would make the
    // compiler evaluate every catalog row to find them (`assert_disjoint!` reads both).
    let span = match (plan.range, plan.own_codes.first(), plan.own_codes.last()) {
        (Some(_), _, _) => range.clone(),
        (None, Some(&lo), Some(&hi)) => code_range((lo, hi)),
        _ => quote!(#p::Option::None),
    };
    let shared = (!plan.shared_codes.is_empty()).then(|| {
        let codes = plan.shared_codes.iter().map(|&c| Code(c));
        quote!(const SHARED_CODES: &'static [i32] = &[#(#codes),*];)
    });
    let by_code = entry_by_code(plan);
    let by_symbol = entry_by_symbol(plan);
    quote! {
        #derived
        impl #impl_generics #p::ErrorCatalog for #ty #where_clause {
            const NAME: &'static str = #name;
            const DOMAIN: &'static str = #domain;
            const RANGE: #p::Option<#p::CodeRange> = #range;
            const ENTRIES: &'static [#p::ErrorEntry] = Self::__MCP_ENTRIES;
            const SPAN: #p::Option<#p::CodeRange> = #span;
            const OWN_CODES: &'static [i32] = Self::__MCP_OWN_CODES;
            #shared
            #by_code
            #by_symbol
        }
    }
}

/// The own rows by `__mcp_row_of_code` (a `match` on the code literals, in the source
/// text); unknown codes go to the transparent inner types. Without either, the trait's
/// default.
fn entry_by_code(plan: &Plan<'_>) -> TokenStream {
    let p = &plan.private;
    let code = local("code");
    let index = local("index");
    let mut fallback = None::<TokenStream>;
    for (_, field) in plan.transparent() {
        let ty = field.ty;
        let call = located_at(
            quote!(<#ty as #p::Transparent>::entry_by_code(#code)),
            type_span(ty),
        );
        fallback = Some(match fallback {
            None => call,
            Some(chain) => quote!(#p::Option::or_else(#chain, || #call)),
        });
    }
    let body = match (plan.has_own(), fallback) {
        (false, None) => return TokenStream::new(),
        (false, Some(fallback)) => fallback,
        (true, fallback) => {
            let fallback = fallback.unwrap_or_else(|| quote!(#p::Option::None));
            quote! {
                match Self::__mcp_row_of_code(#code) {
                    #p::Option::Some(#index) => #p::Option::Some(&<Self as #p::ErrorCatalog>::ENTRIES[#index]),
                    #p::Option::None => #fallback,
                }
            }
        }
    };
    quote! {
        #[inline] fn entry_by_code(#code: i32) -> #p::Option<&'static #p::ErrorEntry> {
            #body
        }
    }
}

/// Only with transparent variants: the own rows (the default's scan), then the inner types.
fn entry_by_symbol(plan: &Plan<'_>) -> TokenStream {
    if !plan.has_transparent() {
        return TokenStream::new();
    }
    let p = &plan.private;
    let symbol = local("symbol");
    let entry = local("entry");
    let mut chain = quote! {
        ::core::iter::Iterator::find(
            &mut <Self as #p::ErrorCatalog>::ENTRIES.iter(),
            |#entry| #entry.symbol == #symbol || #entry.aliases.contains(&#symbol),
        )
    };
    for (_, field) in plan.transparent() {
        let ty = field.ty;
        let call = located_at(
            quote!(<#ty as #p::Transparent>::entry_by_symbol(#symbol)),
            type_span(ty),
        );
        chain = quote!(#p::Option::or_else(#chain, || #call));
    }
    quote! {
        #[inline] fn entry_by_symbol(#symbol: &str) -> #p::Option<&'static #p::ErrorEntry> {
            #chain
        }
    }
}
