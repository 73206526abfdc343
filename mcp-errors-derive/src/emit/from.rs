//! `impl From<T>` for every `from` field (thiserror's `#[from]`): the variant built from the
//! value, `Some(value)` for an `Option<T>` field. `valid` made sure the field is the
//! variant's only one and each `T` converts into one variant.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::{derived, local, type_span};
use crate::plan::Plan;

pub fn from_impls(plan: &Plan<'_>) -> TokenStream {
    let derived = derived();
    let p = &plan.private;
    let (impl_generics, ty, where_clause) = plan.header(&[], None);
    let value = local("value");
    let mut impls = TokenStream::new();
    for variant in &plan.variants {
        for field in &variant.fields {
            let Some(from) = field.from else {
                continue;
            };
            let path = variant.path();
            let member = &field.member;
            let wrapped = if field.optional {
                quote!(#p::Option::Some(#value))
            } else {
                quote!(#value)
            };
            // Located at the field's type: a conflicting impl is reported there.
            let from_trait = quote_spanned!(type_span(field.ty)=> ::core::convert::From<#from>);
            impls.extend(quote! {
                #derived
                impl #impl_generics #from_trait for #ty #where_clause {
                    #[inline] fn from(#value: #from) -> Self {
                        #path { #member: #wrapped }
                    }
                }
            });
        }
    }
    impls
}
