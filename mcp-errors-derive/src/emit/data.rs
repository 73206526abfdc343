//! `McpError::visit_data` (each serialized field and the `details` field handed to the sink
//! by reference) and its object-safe twin `__visit_data_dyn`.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::Ident;

use super::{dispatch_with, local, located_at, pattern, type_span};
use crate::plan::{FieldPlan, Plan, VariantPlan};

pub fn visit_data_fns(plan: &Plan<'_>) -> TokenStream {
    let p = &plan.private;
    let sink = local("sink");
    let own = plan
        .own()
        .filter_map(|(variant, _)| arm(plan, variant, &sink))
        .collect();
    let Some(body) = dispatch_with(
        plan,
        own,
        |inner| quote!(#p::Transparent::visit_data(#inner, #sink)),
        &quote!(#p::Result::Ok(())),
        false,
    ) else {
        return TokenStream::new();
    };
    quote! {
        fn visit_data<__S: #p::FieldSink>(&self, #sink: &mut __S) -> #p::Result<(), __S::Error> {
            #body
        }
        #[inline]
        fn __visit_data_dyn(
            &self,
            #sink: &mut dyn #p::DynFieldSink,
        ) -> #p::Result<(), #p::serde_json::Error> {
            #p::McpError::visit_data(self, &mut #p::DynAdapter(#sink))
        }
    }
}

/// `Self::V { a: v0, .. } => sink.field("a", v0),` for one field that is always present, a
/// block of calls (`Option` fields only when `Some`) otherwise; `None` for a variant that
/// puts nothing into `data`.
fn arm(plan: &Plan<'_>, variant: &VariantPlan<'_>, sink: &Ident) -> Option<TokenStream> {
    let p = &plan.private;
    let visited: Vec<&FieldPlan<'_>> = variant
        .fields
        .iter()
        .filter(|f| f.details || f.data_key.is_some())
        .collect();
    if visited.is_empty() && variant.data_consts.is_empty() {
        return None;
    }
    // `data(key = literal)`: constants, after the fields.
    let constants: Vec<TokenStream> = variant
        .data_consts
        .iter()
        .map(|c| {
            let key = &c.key;
            let value = &c.value;
            quote!(#sink.field(#key, &#value)?;)
        })
        .collect();
    // Bindings are hygienic (`v0`, `v1`) and located at the field's type, where a missing
    // `Serialize` is reported.
    let binds: Vec<Ident> = visited
        .iter()
        .enumerate()
        .map(|(i, f)| {
            Ident::new(
                &format!("v{i}"),
                Span::mixed_site().located_at(type_span(f.ty)),
            )
        })
        .collect();
    let pat = pattern(variant, visited.iter().map(|f| &f.member).zip(&binds));
    // A data field goes through `Data`, whose `DataField` bound names the field's type and
    // the ways out when it is not `Serialize`; a path through `PathData` (its text, lossily).
    // Located at the field's type, where a missing `Serialize` is reported.
    let call = |field: &FieldPlan<'_>, arg: &Ident| {
        let wrap = |tokens: TokenStream| located_at(tokens, type_span(field.ty));
        match &field.data_key {
            Some(key) if !field.details && field.text => {
                let value = wrap(quote!(&#p::TextData(#arg)));
                quote!(#sink.field(#key, #value))
            }
            Some(key) if !field.details && field.path => {
                let value = wrap(quote!(&#p::PathData(#arg)));
                quote!(#sink.field(#key, #value))
            }
            Some(key) if !field.details => {
                let value = wrap(quote!(&#p::Data(#arg)));
                quote!(#sink.field(#key, #value))
            }
            _ if field.path => {
                let value = wrap(quote!(&#p::path_display(#arg)));
                quote!(#sink.details(#value))
            }
            _ => quote!(#sink.details(#arg)),
        }
    };
    if let [field] = &visited[..]
        && !field.optional
        && constants.is_empty()
    {
        let call = call(field, &binds[0]);
        return Some(quote!(#pat => #call,));
    }
    let value = local("value");
    let stmts = visited.iter().zip(&binds).map(|(field, bind)| {
        if field.optional {
            let call = call(field, &value);
            quote!(if let #p::Option::Some(#value) = #bind { #call?; })
        } else {
            let call = call(field, bind);
            quote!(#call?;)
        }
    });
    Some(quote! {
        #pat => {
            #(#stmts)*
            #(#constants)*
            #p::Result::Ok(())
        }
    })
}
