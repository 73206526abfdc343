//! `McpError::retryable` and `McpError::retry_after`, when a field decides them per value or
//! a transparent variant asks its inner error; otherwise the trait's defaults read the row.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::{dispatch, field_arms, type_span};
use crate::plan::Plan;
use crate::splice::splice;

pub fn retryable_fn(plan: &Plan<'_>) -> TokenStream {
    let p = &plan.private;
    let own = field_arms(plan, |f| f.retryable, &|row, field| {
        let bind = &field.binding;
        let default = row.retryable;
        let flag = quote_spanned!(type_span(field.ty)=> #p::RetryableFlag::flag(#bind));
        quote!(#p::Option::unwrap_or(#flag, #default))
    });
    let fallback = splice!([p] #p::McpError::entry(self).retryable);
    let Some(body) = dispatch(
        plan,
        own,
        &|inner| splice!([p, inner] #p::McpError::retryable(#inner)),
        &fallback,
    ) else {
        return TokenStream::new();
    };
    splice! {[body]
        #[inline] fn retryable(&self) -> bool {
            #body
        }
    }
}

pub fn retry_after_fn(plan: &Plan<'_>) -> TokenStream {
    let p = &plan.private;
    let own = field_arms(plan, |f| f.retry_after, &|_, field| {
        let bind = &field.binding;
        quote_spanned!(type_span(field.ty)=> #p::IntoRetryAfter::retry_after(#bind))
    });
    let Some(body) = dispatch(
        plan,
        own,
        &|inner| splice!([p, inner] #p::McpError::retry_after(#inner)),
        &splice!([p] #p::Option::None),
    ) else {
        return TokenStream::new();
    };
    splice! {[p, body]
        #[inline] fn retry_after(&self) -> #p::Option<#p::time::Duration> {
            #body
        }
    }
}
