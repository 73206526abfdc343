//! What a derive with errors emits beside its `compile_error!`s: stub impls of every trait
//! the real expansion provides, so the user sees only the real mistakes and not a cascade of
//! "trait not implemented" errors wherever the enum is used.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

/// The errors plus stubs. `root` is the runtime path (`::mcp_errors` or `crate = "..."`);
/// `decode` whether the enum asked for `from_error_object`.
pub fn expand(
    input: &DeriveInput,
    root: &TokenStream,
    decode: bool,
    errors: &syn::Error,
) -> TokenStream {
    let p = quote!(#root::__private);
    let ty = &input.ident;
    let name = ty.to_string();
    let errors = errors.to_compile_error();
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    // `Error` needs `Debug`; asking for it through a higher-ranked bound keeps a missing
    // `#[derive(Debug)]` from adding an error of its own here (trivial bounds are unstable).
    let mut debug_where = where_clause
        .cloned()
        .unwrap_or_else(|| syn::parse_quote!(where));
    debug_where
        .predicates
        .push(syn::parse_quote!(for<'__w> #ty #ty_generics: ::core::fmt::Debug));
    let decode = decode.then(|| {
        quote! {
            #[automatically_derived]
            #[allow(dead_code)]
            impl #impl_generics #ty #ty_generics #where_clause {
                /// Not generated: the derive reported errors.
                pub fn from_error_object(
                    _: &#p::decode::ErrorObject,
                ) -> #p::Result<Self, #p::decode::DecodeError> {
                    ::core::unreachable!()
                }
            }
        }
    });
    quote! {
        #errors
        #[automatically_derived]
        impl #impl_generics #p::ErrorCatalog for #ty #ty_generics #where_clause {
            const NAME: &'static str = #name;
            const DOMAIN: &'static str = "";
            const RANGE: #p::Option<#p::CodeRange> = #p::Option::None;
            const ENTRIES: &'static [#p::ErrorEntry] = &[];
        }
        #[automatically_derived]
        impl #impl_generics #p::McpError for #ty #ty_generics #debug_where {
            fn entry(&self) -> &'static #p::ErrorEntry {
                ::core::unreachable!()
            }
            fn domain(&self) -> &'static str {
                ::core::unreachable!()
            }
        }
        #[automatically_derived]
        impl #impl_generics ::core::fmt::Display for #ty #ty_generics #where_clause {
            fn fmt(&self, _: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::unreachable!()
            }
        }
        #[automatically_derived]
        impl #impl_generics ::std::error::Error for #ty #ty_generics #debug_where {}
        #decode
    }
}
