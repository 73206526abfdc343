//! Generates the impls from a [`Plan`]. Never validates, never reads attributes: one small
//! emitter per generated concept, each reading only the plan.
//!
//! Shape (`P` = `<root>::__private`): `impl P::McpError` (`mcp_error`, with `retry` and
//! `data`), `impl ::core::fmt::Display` (`display`), `impl ::std::error::Error` (`error`),
//! `impl From<T>` per `from` field (`from`), `from_error_object` under `decode` (`decode`),
//! the transparent inner lookups (`catalog`), then `P::__impl_integrations!(Type);`; and, as
//! source text, `impl P::ErrorCatalog` with the rows (`catalog`) and the inherent impl whose
//! rustdoc is the catalog table (`doc_table`) with the symbol constants and the value-to-row
//! `match` (`source`).
//!
//! The output has two parts (see [`Expansion`]). Items that carry the user's spans are
//! tokens (the items `splice!` templates, their per-variant arms `quote!`), so a type error
//! points at the field or the message; span-free data is source text (`source.rs` holds its
//! writers, which `fallback.rs` uses too), lexed by the compiler in one call. Each generated
//! item is one more body for the user's crate to check, for every enum: the emitters write as
//! few as they can.

mod catalog;
mod data;
// `#[mcp(decode)]`'s emitter: compiled, as the runtime's decoder, only for a client.
#[cfg(feature = "client")]
mod decode;
mod display;
pub mod doc_table;
mod error;
mod from;
mod mcp_error;
mod retry;
pub mod source;

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{ToTokens, quote};
use syn::spanned::Spanned;
use syn::{Ident, Member};

use crate::plan::{FieldPlan, Plan, Row, VariantPlan};
use crate::splice::splice;

/// The generated code in two parts: items that carry the user's spans (so that type errors
/// point at fields and messages), built as tokens; and the span-free data (catalog rows,
/// constants, the variant-to-row `match`), written as source text that the compiler lexes in
/// one call. A thousand-variant enum is mostly data; building it token by token in the
/// (unoptimized) proc macro dominated its compile time.
pub struct Expansion {
    pub tokens: TokenStream,
    pub source: String,
}

impl Expansion {
    /// Both parts as one stream, for unit tests (`lib.rs` hands the compiler the same).
    #[cfg(test)]
    pub fn into_token_stream(self) -> TokenStream {
        let mut tokens = self.tokens;
        tokens.extend(crate::lex_text(&self.source).expect("generated code lexes"));
        tokens
    }
}

pub fn expand(plan: &Plan<'_>) -> Expansion {
    let mut tokens = catalog::inner_lookups(plan);
    tokens.extend(mcp_error::mcp_error_impl(plan));
    if !plan.hand_display {
        tokens.extend(display::display_impl(plan));
    }
    tokens.extend(error::error_impl(plan));
    tokens.extend(from::from_impls(plan));
    #[cfg(feature = "client")]
    tokens.extend(decode::decode_impl(plan));
    // The integrations' `macro_rules!` take a plain type name; a generic type has none.
    if !plan.is_generic() {
        tokens.extend(integrations(&plan.private, plan.ident));
    }
    let mut source = catalog::catalog_impl(plan);
    source.push_str(&source::inherent_impl(plan));
    Expansion { tokens, source }
}

/// `P::__impl_integrations!(Type);`: the impls of the runtime's enabled features (also emitted
/// by the fallback). The type's name keeps its location but resolves at the derive's call
/// site, which rustc does not check for deprecation: a `#[deprecated]` enum must not make
/// these impls, written by a macro of the runtime, warn (thiserror's `call_site_ident`).
pub fn integrations(p: &TokenStream, ty: &Ident) -> TokenStream {
    let mut ty = ty.clone();
    ty.set_span(ty.span().resolved_at(Span::call_site()));
    splice!([p, ty] #p::__impl_integrations!(#ty);)
}

/// The attributes of every generated trait impl: `#[automatically_derived]`, and
/// `#[allow(deprecated)]` so that a `#[deprecated]` enum, variant or field the impl names does
/// not warn in the user's crate.
pub fn derived() -> TokenStream {
    splice!([] #[automatically_derived] #[allow(deprecated)])
}

/// A hygienic local name: it can neither capture nor be captured by a user's field name.
fn local(name: &str) -> Ident {
    Ident::new(name, Span::mixed_site())
}

/// `Self::V { a, 0: field_0, .. }`: a variant's pattern binding some of its fields, each to
/// the given name (a named field bound to its own name in shorthand, which rustc's
/// `non_shorthand_field_patterns` asks for). Written as tokens (`ToTokens`) or as source text
/// (`Display`), from one description.
pub struct Pattern<'p> {
    variant: &'p Ident,
    /// `Self { .. }` (a struct) rather than `Self::V { .. }`.
    is_struct: bool,
    bound: Vec<(&'p Member, &'p Ident)>,
}

fn pattern<'p>(variant: &'p VariantPlan<'_>, bound: Vec<(&'p Member, &'p Ident)>) -> Pattern<'p> {
    Pattern {
        variant: variant.ident,
        is_struct: variant.is_struct,
        bound,
    }
}

/// `Self::V { field: binding, .. }` for fields each bound to a name of the emitter's own.
fn bound_pattern<'p>(
    variant: &'p VariantPlan<'_>,
    binds: &'p [(&FieldPlan<'_>, Ident)],
) -> Pattern<'p> {
    let mut bound = Vec::new();
    for (field, bind) in binds {
        bound.push((&field.member, bind));
    }
    pattern(variant, bound)
}

/// `Self::V { field: binding, .. }` for one field under its plan binding.
fn pattern_of<'p>(variant: &'p VariantPlan<'_>, field: &'p FieldPlan<'_>) -> Pattern<'p> {
    pattern(variant, vec![(&field.member, &field.binding)])
}

impl ToTokens for Pattern<'_> {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let ident = self.variant;
        let mut bound = TokenStream::new();
        for &(member, bind) in &self.bound {
            match member {
                Member::Named(name) if name == bind => bound.extend(quote!(#bind,)),
                _ => bound.extend(quote!(#member: #bind,)),
            }
        }
        if self.is_struct {
            tokens.extend(quote!(Self { #bound .. }));
        } else {
            tokens.extend(quote!(Self::#ident { #bound .. }));
        }
    }
}

impl core::fmt::Display for Pattern<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.is_struct {
            f.write_str("Self { ")?;
        } else {
            write!(f, "Self::{} {{ ", self.variant)?;
        }
        for &(member, bind) in &self.bound {
            match member {
                Member::Named(name) if name == bind => write!(f, "{bind}, ")?,
                Member::Named(name) => write!(f, "{name}: {bind}, ")?,
                Member::Unnamed(index) => write!(f, "{}: {bind}, ", index.index)?,
            }
        }
        f.write_str(".. }")
    }
}

/// `pattern => body(row, field),` for each own variant that has a field `pick` selects
/// (a per-value `retryable`, a `retry_after`, a `source`), the field bound under its plan
/// binding: the own arms of [`dispatch`].
fn field_arms(
    plan: &Plan<'_>,
    pick: fn(&FieldPlan<'_>) -> bool,
    body: &dyn Fn(&Row<'_>, &FieldPlan<'_>) -> TokenStream,
) -> Arms {
    let mut arms = Arms::new();
    for variant in &plan.variants {
        if let Some(row) = variant.row()
            && let Some(field) = variant.field_with(pick)
        {
            let pat = pattern_of(variant, field);
            let body = body(row, field);
            arms.push(quote!(#pat => #body,));
        }
    }
    arms
}

/// Match arms (`pattern => body,`) collected into one stream, and how many there are.
struct Arms {
    tokens: TokenStream,
    count: usize,
}

impl Arms {
    fn new() -> Arms {
        Arms {
            tokens: TokenStream::new(),
            count: 0,
        }
    }

    fn push(&mut self, arm: TokenStream) {
        // As one stream, not its trees: inside the compiler, taking a stream apart tree by
        // tree costs every expansion a call across the proc-macro bridge per token.
        self.tokens.extend(core::iter::once(arm));
        self.count += 1;
    }
}

/// The one shape every delegating method has: `match self { <own arms> <one arm per
/// transparent variant> _ => fallback }`. The transparent arms bind the inner error to a
/// hygienic `inner` and run `inner(&inner)`, located at the inner type so "trait not
/// implemented" errors point there. The wildcard is added only when some variant has no arm.
/// `None` when there is no arm at all: the caller keeps the trait's default, or uses
/// `fallback` itself (see [`never`] for an enum without variants).
fn dispatch(
    plan: &Plan<'_>,
    own: Arms,
    inner: &dyn Fn(&Ident) -> TokenStream,
    fallback: &TokenStream,
) -> Option<TokenStream> {
    dispatch_with(plan, own, inner, fallback, true)
}

/// [`dispatch`], where `inner` gets the inner error as the field's own type (`as_dyn`
/// false: for the generic `__visit`, through `Transparent::visit`) or as `&dyn McpError`
/// (true).
fn dispatch_with(
    plan: &Plan<'_>,
    own: Arms,
    inner: &dyn Fn(&Ident) -> TokenStream,
    fallback: &TokenStream,
    as_dyn: bool,
) -> Option<TokenStream> {
    let mut arms = own;
    let bind = local("inner");
    let p = &plan.private;
    for (variant, field) in plan.transparent() {
        let pat = pattern(variant, vec![(&field.member, &bind)]);
        // The inner error as `&dyn McpError` through `Transparent`, whose one diagnostic names
        // a foreign inner type (`__visit`, which is generic, asks `Transparent` itself).
        let body = inner(&bind);
        let body = if as_dyn {
            splice!([bind, p, body] { let #bind = #p::Transparent::inner(#bind); #body })
        } else {
            body
        };
        let body = located_at(body, type_span(field.ty));
        arms.push(quote!(#pat => #body,));
    }
    if arms.count == 0 {
        return None;
    }
    let wildcard = if arms.count < plan.variants.len() {
        splice!([fallback] _ => #fallback,)
    } else {
        TokenStream::new()
    };
    let arms = arms.tokens;
    Some(splice! {[arms, wildcard]
        match self {
            #arms
            #wildcard
        }
    })
}

/// The body of a `&self` method of an enum without variants, which no value can reach.
fn never(plan: &Plan<'_>) -> Option<TokenStream> {
    if plan.variants.is_empty() {
        Some(splice!([] match *self {}))
    } else {
        None
    }
}

/// Where errors about a field's type point: its first token, which is what
/// `syn::spanned::Spanned` gives on stable too, without rendering the type to tokens (this
/// runs for every field of every variant).
fn type_span(ty: &syn::Type) -> Span {
    match ty {
        syn::Type::Path(path) if path.qself.is_none() => match &path.path.leading_colon {
            Some(colon) => colon.spans[0],
            None => match path.path.segments.first() {
                Some(first) => first.ident.span(),
                None => ty.span(),
            },
        },
        _ => ty.span(),
    }
}

/// `tokens` with every span moved to `span`'s location, keeping each token's hygiene.
fn located_at(tokens: TokenStream, span: Span) -> TokenStream {
    let mut out = TokenStream::new();
    for mut tree in tokens {
        if let TokenTree::Group(group) = &tree {
            let mut moved = Group::new(group.delimiter(), located_at(group.stream(), span));
            moved.set_span(group.span().located_at(span));
            tree = TokenTree::Group(moved);
        } else {
            tree.set_span(tree.span().located_at(span));
        }
        out.extend([tree]);
    }
    out
}

/// A code as an `i32` literal: `Display` writes it into source text, `ToTokens` into tokens
/// (a negative code as `-` and the magnitude, which also works in patterns).
pub struct Code(pub i32);

impl core::fmt::Display for Code {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.0, f)
    }
}

impl ToTokens for Code {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let magnitude = proc_macro2::Literal::i64_unsuffixed(i64::from(self.0).abs());
        if self.0 < 0 {
            tokens.extend(quote!(-#magnitude));
        } else {
            magnitude.to_tokens(tokens);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_codes_are_tokens_usable_in_patterns() {
        let tokens = |c: i32| Code(c).to_token_stream().to_string();
        assert_eq!(tokens(-32700), "- 32700");
        assert_eq!(tokens(2100), "2100");
        assert_eq!(tokens(i32::MIN), "- 2147483648");
        assert_eq!(Code(-32700).to_string(), "-32700");
    }
}
