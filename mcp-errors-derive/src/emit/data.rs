//! `McpError::__visit` (each serialized field and the `details` field handed to a
//! `DataVisitor` by reference; the trait's `visit_data` calls it) and the object-safe
//! `__visit_data_dyn`.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::Ident;

use super::{Arms, bound_pattern, dispatch_with, local, type_span};
use crate::plan::{FieldPlan, Plan, VariantPlan};
use crate::splice::splice;

pub fn visit_data_fns(plan: &Plan<'_>) -> TokenStream {
    let p = &plan.private;
    let visitor = local("visitor");
    let sink = local("sink");
    let mut own = Arms::new();
    for (variant, _) in plan.own() {
        if let Some(arm) = arm(plan, variant, &visitor) {
            own.push(arm);
        }
    }
    let Some(body) = dispatch_with(
        plan,
        own,
        &|inner| splice!([p, inner, visitor] #p::Transparent::visit(#inner, #visitor)),
        &splice!([] {}),
        false,
    ) else {
        return TokenStream::new();
    };
    splice! {[p, visitor, body, sink]
        fn __visit<__V: #p::DataVisitor>(&self, #visitor: &mut __V) {
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

/// `Self::V { a: v0, .. } => P::data_field(visitor, "a", v0),` for one field that is always
/// present, a block of calls (`Option` fields only when `Some`) otherwise; `None` for a
/// variant that puts nothing into `data`.
fn arm(plan: &Plan<'_>, variant: &VariantPlan<'_>, visitor: &Ident) -> Option<TokenStream> {
    let p = &plan.private;
    // The fields put into `data`, each with its binding: hygienic (`v0`, `v1`) and located
    // at the field's type, where a missing `Serialize` is reported.
    let mut visited: Vec<(&FieldPlan<'_>, Ident)> = Vec::new();
    for f in &variant.fields {
        if f.details || f.data_key.is_some() {
            let name = format!("v{}", visited.len());
            let span = Span::mixed_site().located_at(type_span(f.ty));
            visited.push((f, Ident::new(&name, span)));
        }
    }
    if visited.is_empty() && variant.data_consts.is_empty() {
        return None;
    }
    // `data(key = literal)`: constants, after the fields.
    let mut constants = TokenStream::new();
    for c in variant.data_consts {
        let key = &c.key;
        let value = &c.value;
        constants.extend(quote!(#p::data_field(#visitor, #key, &#value);));
    }
    let pat = bound_pattern(variant, &visited);
    // A data field goes through `data_field`, whose `DataField` bound names the field's
    // type and the ways out when it is not `Serialize`; a `text` field through `text_field`,
    // a path through `path_field` (its text, lossily). One call of a plain generic function
    // per field, which returns nothing: the cheapest form for the user's crate to
    // type-check. The bindings are located at the field's type, where a missing bound is
    // reported.
    let call = |field: &FieldPlan<'_>, arg: &Ident| match &field.data_key {
        Some(key) if !field.details => {
            let function = if field.text {
                "text_field"
            } else if field.path {
                "path_field"
            } else {
                "data_field"
            };
            let function = Ident::new(function, Span::call_site());
            quote!(#p::#function(#visitor, #key, #arg))
        }
        _ if field.path => quote!(#p::details_field(#visitor, &#p::path_display(#arg))),
        _ => quote!(#p::details_field(#visitor, #arg)),
    };
    if let [(field, bind)] = &visited[..]
        && !field.optional
        && constants.is_empty()
    {
        let call = call(field, bind);
        return Some(quote!(#pat => #call,));
    }
    let value = local("value");
    let mut stmts = TokenStream::new();
    for (field, bind) in &visited {
        if field.optional {
            let call = call(field, &value);
            stmts.extend(quote!(if let #p::Option::Some(#value) = #bind { #call; }));
        } else {
            let call = call(field, bind);
            stmts.extend(quote!(#call;));
        }
    }
    Some(quote! {
        #pat => {
            #stmts
            #constants
        }
    })
}
