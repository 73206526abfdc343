//! `impl std::error::Error`: `source()` from the `source` field, or the inner error's.

use proc_macro2::TokenStream;
use quote::quote_spanned;

use super::{derived, dispatch, field_arms, local, type_span};
use crate::plan::Plan;
use crate::splice::{splice, splice_spanned};

pub fn error_impl(plan: &Plan<'_>) -> TokenStream {
    let derived = derived();
    let p = &plan.private;
    let extra = if plan.is_generic() {
        Some(splice!([] Self: ::core::fmt::Debug + ::core::fmt::Display))
    } else {
        None
    };
    let (impl_generics, ty, where_clause) = plan.header(&plan.bounds.error, extra);
    let source = local("source");
    let own = field_arms(plan, |f| f.source, &|row, field| {
        let bind = &field.binding;
        // A `catch_all` shows the foreign error itself, so its chain continues with that
        // error's source (thiserror's `transparent`); `as_dyn_error` also reaches the
        // `dyn Error` behind `anyhow::Error` and `Box<dyn Error>`.
        let span = type_span(field.ty);
        if row.catch_all {
            splice_spanned!(span=> [bind] ::std::error::Error::source(#bind.as_dyn_error()))
        } else if field.optional {
            quote_spanned!(span=>
                #p::Option::map(#p::Option::as_ref(#bind), |#source| #source.as_dyn_error()))
        } else {
            quote_spanned!(span=> #p::Option::Some(#bind.as_dyn_error()))
        }
    });
    let import = if own.count == 0 {
        TokenStream::new()
    } else {
        splice!([p] use #p::AsDynError as _;)
    };
    let Some(body) = dispatch(
        plan,
        own,
        &|inner| splice!([inner] ::std::error::Error::source(#inner)),
        &splice!([p] #p::Option::None),
    ) else {
        return splice! {[derived, impl_generics, ty, where_clause]
            #derived
            impl #impl_generics ::std::error::Error for #ty #where_clause {}
        };
    };
    splice! {[derived, impl_generics, ty, where_clause, p, import, body]
        #derived
        impl #impl_generics ::std::error::Error for #ty #where_clause {
            #[inline] fn source(&self) -> #p::Option<&(dyn ::std::error::Error + 'static)> {
                #import
                #body
            }
        }
    }
}
