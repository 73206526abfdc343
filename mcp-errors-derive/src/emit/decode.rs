//! `from_error_object`, under `#[mcp(decode)]`, in an inherent impl of its own: the variant
//! by the row the runtime's `Decoder` found, each field from `data` by its flags.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::{local, type_span};
use crate::plan::{FieldPlan, Plan, Row};
use crate::splice::splice;

pub fn decode_impl(plan: &Plan<'_>) -> TokenStream {
    if !plan.decode {
        return TokenStream::new();
    }
    let p = &plan.private;
    let ty = plan.ident;
    let obj = local("obj");
    let decoder = local("decoder");
    let error = local("error");
    let inner = local("inner");
    let mut tail = TokenStream::new();
    for (variant, field) in plan.transparent() {
        let ident = variant.ident;
        let member = &field.member;
        let ty = field.ty;
        let call = quote_spanned!(type_span(ty)=> <#ty>::from_error_object(#obj));
        tail.extend(quote! {
            match #call {
                #p::Result::Ok(#inner) => return #p::Result::Ok(Self::#ident { #member: #inner }),
                #p::Result::Err(#error) if !#p::decode::is_unknown(&#error) => {
                    return #p::Result::Err(#error);
                }
                #p::Result::Err(_) => {}
            }
        });
    }
    let tail = splice! {[tail, p, decoder]
        #tail
        #p::Result::Err(#p::decode::Decoder::unknown(&#decoder))
    };
    let body = if plan.has_own() {
        let mut arms = TokenStream::new();
        for (variant, row) in plan.own() {
            let path = variant.path();
            let index = row.index;
            let mut fields = TokenStream::new();
            for field in &variant.fields {
                if !fields.is_empty() {
                    fields.extend(quote!(,));
                }
                let member = &field.member;
                let value = value(plan, row, field, &decoder);
                fields.extend(quote!(#member: #value));
            }
            arms.extend(quote!(#p::Option::Some(#index) => #p::Result::Ok(#path { #fields }),));
        }
        splice! {[p, decoder, arms, tail]
            match #p::decode::Decoder::index(&#decoder) {
                #arms
                _ => { #tail }
            }
        }
    } else {
        tail
    };
    splice! {[ty, obj, p, decoder, body]
        #[allow(dead_code, deprecated)]
        impl #ty {
            /// Decodes a received JSON-RPC `error` member into the variant it names: by
            /// `data.symbol` (or an alias) when present, else by `code`; fields are read from
            /// `data`, `retry_after` fields from `data.retryAfterMs` when present. Unknown codes
            /// or symbols and malformed `data` are a `DecodeError`.
            #[inline] pub fn from_error_object(
                #obj: &#p::decode::ErrorObject,
            ) -> #p::Result<Self, #p::decode::DecodeError> {
                let #decoder = #p::decode::Decoder::new::<Self>(#obj)?;
                #body
            }
        }
    }
}

/// One field's value, located at its type (where a missing `Deserialize` or `Default` is
/// reported).
fn value(
    plan: &Plan<'_>,
    row: &Row<'_>,
    field: &FieldPlan<'_>,
    decoder: &syn::Ident,
) -> TokenStream {
    let p = &plan.private;
    let ty = field.ty;
    let span = type_span(ty);
    if field.retry_after {
        if let Some(key) = &field.data_key {
            // `data.retryAfterMs`, else the field's own key, else `Default`.
            quote_spanned!(span=> #p::decode::Decoder::retry_after_field::<#ty>(&#decoder, #key)?)
        } else {
            // `data.retryAfterMs`, else `Default`.
            quote_spanned!(span=> #p::decode::Decoder::retry_after::<#ty>(&#decoder)?)
        }
    } else if field.retryable {
        // `data.retryable`, else the catalog's default (`plain_data` leaves the key out).
        let default = row.retryable;
        quote_spanned!(span=> #p::decode::Decoder::retryable::<#ty>(&#decoder, #default)?)
    } else if field.details && !field.source {
        let key = crate::symbol::DETAILS;
        quote_spanned!(span=> #p::decode::Decoder::field::<#ty>(&#decoder, #key)?)
    } else if let Some(key) = &field.data_key {
        quote_spanned!(span=> #p::decode::Decoder::field::<#ty>(&#decoder, #key)?)
    } else {
        // `skip`, `source` and `from` fields, which never reach the wire.
        quote_spanned!(span=> <#ty as #p::decode::DefaultOnDecode>::default_on_decode())
    }
}
