//! `impl McpError`: the row of a value (`entry`), its domain, and with transparent variants
//! the methods whose defaults would read the wrong row; `retry` and `data` add the rest.

use proc_macro2::TokenStream;

use super::{Arms, data, derived, dispatch, display, never, retry};
use crate::plan::Plan;
use crate::splice::splice;

pub fn mcp_error_impl(plan: &Plan<'_>) -> TokenStream {
    let derived = derived();
    let p = &plan.private;
    let extra = if plan.is_generic() {
        Some(splice!([] Self: ::std::error::Error))
    } else {
        None
    };
    let (impl_generics, ty, where_clause) = plan.header(&plan.bounds.mcp_error, extra);
    // The trait's default reads the row, whose domain is this enum's; a transparent variant's
    // row is the inner enum's, so then the domain is written here.
    let domain = if plan.has_transparent() {
        let domain = &plan.domain;
        splice! {[domain]
            #[inline] fn domain(&self) -> &'static str {
                #domain
            }
        }
    } else {
        TokenStream::new()
    };
    let entry = entry_fn(plan);
    let mut delegated = delegated_fns(plan);
    delegated.extend(doc_url_fn(plan));
    let template = if plan.plain_catalog_text() {
        splice!([]
            #[inline]
            fn __plain_catalog_text(&self) -> bool {
                true
            }
        )
    } else {
        TokenStream::new()
    };
    let retryable = retry::retryable_fn(plan);
    let retry_after = retry::retry_after_fn(plan);
    let visit = data::visit_data_fns(plan);
    let fmt_message = display::fmt_message_fn(plan);
    splice! {[
        derived, impl_generics, p, ty, where_clause, entry, domain, delegated, template,
        retryable, retry_after, visit, fmt_message,
    ]
        #derived
        impl #impl_generics #p::McpError for #ty #where_clause {
            #entry
            #domain
            #delegated
            #template
            #retryable
            #retry_after
            #visit
            #fmt_message
        }
    }
}

/// The own row by `__mcp_row` (source text), or the inner error's.
fn entry_fn(plan: &Plan<'_>) -> TokenStream {
    let p = &plan.private;
    let own = splice!([p] #p::row_entry::<Self>(Self::__mcp_row(self)));
    let body = match never(plan) {
        Some(body) => body,
        None => dispatch(
            plan,
            Arms::new(),
            &|inner| splice!([p, inner] #p::McpError::entry(#inner)),
            &own,
        )
        .unwrap_or(own),
    };
    splice! {[p, body]
        #[inline] fn entry(&self) -> &'static #p::ErrorEntry {
            #body
        }
    }
}

/// `doc_url()`: the own row's `DOC_URLS`, or the inner error's; the trait's default (none)
/// when neither can have one.
fn doc_url_fn(plan: &Plan<'_>) -> TokenStream {
    if never(plan).is_some() || !(plan.has_doc_urls() || plan.has_transparent()) {
        return TokenStream::new();
    }
    let p = &plan.private;
    let own = if plan.has_doc_urls() {
        splice!([p] #p::row_doc_url::<Self>(Self::__mcp_row(self)))
    } else {
        splice!([p] #p::Option::None)
    };
    let body = dispatch(
        plan,
        Arms::new(),
        &|inner| splice!([p, inner] #p::McpError::doc_url(#inner)),
        &own,
    )
    .unwrap_or(own);
    splice! {[p, body]
        #[inline] fn doc_url(&self) -> #p::Option<&'static str> {
            #body
        }
    }
}

/// With transparent variants, the methods whose defaults read `entry()` ask the inner
/// error instead, in case it overrides them.
fn delegated_fns(plan: &Plan<'_>) -> TokenStream {
    let p = &plan.private;
    if !plan.has_transparent() {
        return TokenStream::new();
    }
    let methods = [
        (splice!([] code), splice!([] i32)),
        (splice!([] symbol), splice!([] &'static str)),
        (splice!([] kind), splice!([p] #p::ErrorKind)),
        (splice!([] help), splice!([p] #p::Option<&'static str>)),
    ];
    let mut fns = TokenStream::new();
    for (method, ret) in &methods[..] {
        let fallback = splice!([p, method] #p::McpError::entry(self).#method);
        let body = dispatch(
            plan,
            Arms::new(),
            &|inner| splice!([p, method, inner] #p::McpError::#method(#inner)),
            &fallback,
        );
        fns.extend(splice! {[method, ret, body]
            #[inline] fn #method(&self) -> #ret {
                #body
            }
        });
    }
    fns
}
