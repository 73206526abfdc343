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

/// `Self::V { a: v0, .. } => P::data_field(sink, "a", v0),` for one field that is always
/// present, a block of calls (`Option` fields only when `Some`) otherwise; `None` for a
/// variant that puts nothing into `data`.
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
    // A data field goes through `data_field`, whose `DataField` bound names the field's
    // type and the ways out when it is not `Serialize`; a `text` field through `text_field`,
    // a path through `path_field` (its text, lossily). One call of a plain generic function
    // per field: cheaper for the user's crate to type-check than a wrapper and a call of the
    // sink's generic method. Located at the field's type, where a missing bound is reported.
    let call = |field: &FieldPlan<'_>, arg: &Ident| {
        let wrap = |tokens: TokenStream| located_at(tokens, type_span(field.ty));
        match &field.data_key {
            Some(key) if !field.details && field.text => {
                wrap(quote!(#p::text_field(#sink, #key, #arg)))
            }
            Some(key) if !field.details && field.path => {
                wrap(quote!(#p::path_field(#sink, #key, #arg)))
            }
            Some(key) if !field.details => wrap(quote!(#p::data_field(#sink, #key, #arg))),
            _ if field.path => {
                let value = wrap(quote!(&#p::path_display(#arg)));
                quote!(#sink.details(#value))
            }
            _ => quote!(#sink.details(#arg)),
        }
    };
    // The last call is the arm's value when nothing follows it (a field that is always
    // present, no constants): one `?` and the `Ok(())` fewer.
    let tail = match (visited.last(), binds.last()) {
        (Some(field), Some(bind)) if !field.optional && constants.is_empty() => {
            Some(call(field, bind))
        }
        _ => None,
    };
    let visited = &visited[..visited.len() - usize::from(tail.is_some())];
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
    if visited.is_empty()
        && let Some(tail) = &tail
    {
        return Some(quote!(#pat => #tail,));
    }
    let tail = tail.unwrap_or_else(|| quote!(#p::Result::Ok(())));
    Some(quote! {
        #pat => {
            #(#stmts)*
            #(#constants)*
            #tail
        }
    })
}
