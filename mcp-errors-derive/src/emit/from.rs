//! `impl From<T>` for every `from` field (thiserror's `#[from]`): the variant built from the
//! value, `Some(value)` for an `Option<T>` field. `valid` made sure the field is the
//! variant's only one and each `T` converts into one variant.

use proc_macro2::TokenStream;
use quote::ToTokens;

use super::{derived, local, type_span};
use crate::plan::Plan;
use crate::splice::{splice, splice_spanned};

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
                splice!([p, value] #p::Option::Some(#value))
            } else {
                value.to_token_stream()
            };
            // Located at the field's type: a conflicting impl is reported there.
            let from_trait =
                splice_spanned!(type_span(field.ty)=> [from] ::core::convert::From<#from>);
            impls.extend(splice! {[
                derived, impl_generics, from_trait, ty, where_clause, value, from, path, member,
                wrapped,
            ]
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
