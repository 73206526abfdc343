//! `impl Display`: one arm per variant from its `display` text or message template (a
//! transparent or `catch_all` variant shows its inner error), and `McpError::fmt_message`, the
//! wire message, for enums where the two differ.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::{Ident, Member};

use super::{Arms, bound_pattern, derived, dispatch, local, never, pattern, pattern_of};
use crate::plan::{FieldPlan, Message, Plan, VariantPlan};
use crate::splice::splice;
use crate::template::{Arg, FmtTrait};

pub fn display_impl(plan: &Plan<'_>) -> TokenStream {
    let derived = derived();
    let (impl_generics, ty, where_clause) = plan.header(&plan.bounds.display, None);
    let f = local("f");
    let mut own = Arms::new();
    for (variant, row) in plan.own() {
        own.push(match (&row.display, row.catch_all) {
            (Some(display), _) => arm(plan, variant, display, &f),
            (None, true) => {
                let field = &variant.fields[0];
                let pat = pattern_of(variant, field);
                let bind = &field.binding;
                quote!(#pat => ::core::fmt::Display::fmt(#bind, #f),)
            }
            (None, false) => arm(plan, variant, &row.message, &f),
        });
    }
    let unreachable = splice!([] ::core::unreachable!());
    let body = match never(plan) {
        Some(body) => Some(body),
        None => dispatch(
            plan,
            own,
            &|inner| splice!([inner, f] ::core::fmt::Display::fmt(#inner, #f)),
            &unreachable,
        ),
    };
    splice! {[derived, impl_generics, ty, where_clause, f, body]
        #derived
        impl #impl_generics ::core::fmt::Display for #ty #where_clause {
            #[inline] fn fmt(&self, #f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                #body
            }
        }
    }
}

/// `Self::V { .. } => f.write_str("text"),` for a plain message; otherwise the fields the
/// template names are bound under the names its format string uses, with the message's span,
/// so `write!` captures them implicitly. Only widths and precisions (which must be `usize`,
/// not `&usize`) are passed explicitly.
/// `McpError::fmt_message` when some variant's wire message differs from its `Display`
/// (`display`, `catch_all`): those variants write their message template, the others their
/// `Display`, transparent ones ask the inner error. Without such variants the trait's
/// default (`Display`) is right, also through a transparent variant whose inner enum has
/// none either: its own `fmt_message` is its `Display`.
pub fn fmt_message_fn(plan: &Plan<'_>) -> TokenStream {
    let p = &plan.private;
    let f = local("f");
    let mut own = Arms::new();
    for (variant, row) in plan.own() {
        if row.own_wire_message() {
            own.push(arm(plan, variant, &row.message, &f));
        }
    }
    if own.count == 0 && !plan.has_transparent() {
        return TokenStream::new();
    }
    let fallback = splice!([f] ::core::fmt::Display::fmt(self, #f));
    let body = match never(plan) {
        Some(body) => Some(body),
        None => dispatch(
            plan,
            own,
            &|inner| splice!([p, inner, f] #p::McpError::fmt_message(#inner, #f)),
            &fallback,
        ),
    };
    splice! {[f, body]
        #[inline] fn fmt_message(&self, #f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
            #body
        }
    }
}

fn arm(
    plan: &Plan<'_>,
    variant: &VariantPlan<'_>,
    message: &Message<'_>,
    f: &Ident,
) -> TokenStream {
    let p = &plan.private;
    if let Some(path) = &message.fmt {
        return fmt_arm(variant, path, f);
    }
    let template = &message.template;
    if let Some(text) = template.as_plain()
        && message.args.is_empty()
    {
        let lit = message.lit(&text);
        let pat = pattern(variant, Vec::new());
        return quote!(#pat => #f.write_str(#lit),);
    }
    // The field a placeholder shows, or `None` for an extra argument (resolved as `valid`
    // checked: a named argument before a field, a tuple field before a positional argument).
    let field = |arg: &Arg| match arg {
        Arg::Named(name) if message.has_named(name) => None,
        Arg::Positional(_) => None,
        _ => variant.field(arg),
    };
    // The fields the arm binds, each under its name in the format string.
    let mut used: Vec<(&FieldPlan<'_>, Ident)> = Vec::new();
    for &arg in &template.args() {
        if let Some(field) = field(arg) {
            use_field(&mut used, field, message.span);
        }
    }
    bind_plain_names(variant, message, &mut used);
    // Extra arguments, their `.field` shorthands replaced by the fields' bindings.
    let mut positional = TokenStream::new();
    let mut named = TokenStream::new();
    for fmt_arg in message.args {
        let expr = crate::template::replace_members(&fmt_arg.tokens, &mut |arg, _| {
            let field = variant
                .field(arg)
                .expect("validated: `.field` names a field");
            use_field(&mut used, field, message.span).into_token_stream()
        });
        match &fmt_arg.name {
            None => positional.extend(quote!(, #expr)),
            Some(name) => {
                let name = arg_name(name);
                named.extend(quote!(, #name = #expr));
            }
        }
    }
    // A path has no `Display`; a `Display` placeholder of one shows its `display()`, passed
    // as an extra named argument (a `Debug` placeholder still sees the path itself). A
    // `Pointer` placeholder shows the field's value (`*field`), not the binding's reference.
    let shown = |field: &FieldPlan<'_>| format!("__mcp_shown_{}", field.format_name());
    let pointee = |field: &FieldPlan<'_>| format!("__mcp_pointee_{}", field.format_name());
    let fmt = message.lit(&template.format_string_by_trait(
        &|arg, fmt_trait| match (field(arg), arg) {
            (Some(field), _) if fmt_trait == Some(FmtTrait::Display) && field.path => shown(field),
            (Some(field), _) if fmt_trait == Some(FmtTrait::Pointer) => pointee(field),
            (Some(field), _) => field.format_name(),
            (None, Arg::Positional(_)) => String::new(),
            (None, arg) => arg.to_string(),
        },
    ));
    let mut counts = TokenStream::new();
    for (field, bind) in &used {
        let arg = match &field.member {
            Member::Named(_) => Arg::Named(field.name.clone()),
            Member::Unnamed(index) => Arg::Index(index.index as usize),
        };
        if template.is_count(&arg) {
            counts.extend(quote!(, #bind = *#bind));
        }
        if field.path && template.displays(&arg) {
            let name = Ident::new(&shown(field), message.span);
            counts.extend(quote!(, #name = #p::path_display(#bind)));
        }
        if template.uses(&arg, FmtTrait::Pointer) {
            let name = Ident::new(&pointee(field), message.span);
            counts.extend(quote!(, #name = *#bind));
        }
    }
    let pat = bound_pattern(variant, &used);
    quote! {
        #pat => ::core::write!(#f, #fmt #positional #named #counts),
    }
}

/// A named argument's name as `syn::parse_str::<Ident>` reads it: a keyword is no
/// identifier, and is then written raw.
fn arg_name(name: &Ident) -> Ident {
    let text = name.to_string();
    let mut parsed = None;
    if let Ok(tokens) = text.parse::<TokenStream>()
        && crate::attr::parse_tokens(tokens, &mut |input| {
            parsed = Some(<Ident as syn::parse::Parse>::parse(input)?);
            Ok(())
        })
        .is_err()
    {
        parsed = None;
    }
    match parsed {
        Some(name) => name,
        None => Ident::new_raw(&text, name.span()),
    }
}

/// A field an extra argument names as a plain identifier (`"{:?}", token`: thiserror binds
/// every field under its name) is bound too; never a `skip` one, which no text may show.
fn bind_plain_names<'p, 'a>(
    variant: &'p VariantPlan<'a>,
    message: &Message<'_>,
    used: &mut Vec<(&'p FieldPlan<'a>, Ident)>,
) {
    for fmt_arg in message.args {
        for field in &variant.fields {
            if matches!(field.member, Member::Named(_))
                && !field.skip
                && mentions_ident(&fmt_arg.tokens, &field.name)
            {
                use_field(used, field, message.span);
            }
        }
    }
}

/// Whether `tokens` hold the identifier `name` (or `r#name`) other than after a `.` (a field
/// access or method of something else).
fn mentions_ident(tokens: &TokenStream, name: &str) -> bool {
    use proc_macro2::TokenTree;
    let mut after_dot = false;
    for tree in tokens.clone() {
        let found = match &tree {
            TokenTree::Ident(ident) => {
                !after_dot && ident.to_string().trim_start_matches("r#") == name
            }
            TokenTree::Group(group) => mentions_ident(&group.stream(), name),
            TokenTree::Punct(_) | TokenTree::Literal(_) => false,
        };
        after_dot = matches!(&tree, TokenTree::Punct(p) if p.as_char() == '.');
        if found {
            return true;
        }
    }
    false
}

/// Adds `field` to the fields an arm binds, once, bound under its name in the format string
/// (at `span`, the message's); returns that binding.
fn use_field<'p, 'a>(
    used: &mut Vec<(&'p FieldPlan<'a>, Ident)>,
    field: &'p FieldPlan<'a>,
    span: Span,
) -> Ident {
    for (u, bind) in used.iter() {
        if u.member == field.member {
            return bind.clone();
        }
    }
    let bind = Ident::new(&field.format_name(), span);
    used.push((field, bind.clone()));
    bind
}

/// `Self::V { a, 0: field_0, .. } => path(a, field_0, f),`: every field but `skip` ones (which
/// never reach any text), in declaration order, then the formatter (thiserror's
/// `fmt = path`).
fn fmt_arm(variant: &VariantPlan<'_>, path: &syn::Path, f: &Ident) -> TokenStream {
    let mut bound = Vec::new();
    let mut binds = TokenStream::new();
    for field in &variant.fields {
        if !field.skip {
            bound.push((&field.member, &field.binding));
            let bind = &field.binding;
            binds.extend(quote!(#bind,));
        }
    }
    let pat = pattern(variant, bound);
    quote!(#pat => #path(#binds #f),)
}
