//! `impl ErrorCatalog`: the type-level catalog, written as source text (it is all data: the
//! rows, the codes, the code-to-row `match`), plus, with transparent variants, the inherent
//! helpers that ask the inner types, as tokens located at those types.

use core::fmt::Write as _;

use proc_macro2::TokenStream;

use super::source::{entries, push_str_lit};
use super::{Code, local, located_at, type_span};
use crate::plan::Plan;
use crate::splice::splice;

/// `impl ErrorCatalog for E { ... }` as source text. `ENTRIES` and `OWN_CODES` are written
/// here, not behind an inherent constant, and `entry_by_code` holds the `match` itself: every
/// item is one more body for the user's crate to check, for each enum. Source text has no
/// hygiene: its own names (`__mcp_code`, `__mcp_symbol`) are ones a user's items do not take.
pub fn catalog_impl(plan: &Plan<'_>) -> String {
    let p = plan.private.to_string();
    let (impl_generics, ty, where_clause) = plan.header(&plan.bounds.catalog, None);
    let mut out = format!(
        "#[automatically_derived] #[allow(deprecated)] impl {impl_generics} {p}::ErrorCatalog \
         for {ty} {where_clause} {{ const NAME: &'static str = "
    );
    push_str_lit(&mut out, &plan.ident.to_string());
    out.push_str("; const DOMAIN: &'static str = ");
    push_str_lit(&mut out, &plan.domain);
    let code_range = |out: &mut String, range: Option<(i32, i32)>| match range {
        Some((start, end)) => {
            let _ = write!(
                out,
                "{p}::Option::Some({p}::CodeRange {{ start: {}, end: {} }})",
                Code(start),
                Code(end)
            );
        }
        None => {
            let _ = write!(out, "{p}::Option::None");
        }
    };
    let _ = write!(out, "; const RANGE: {p}::Option<{p}::CodeRange> = ");
    code_range(&mut out, plan.range);
    // `SPAN` and the sorted own codes are known here; the trait's defaults would make the
    // compiler evaluate every catalog row to find them (`assert_disjoint!` reads both).
    // Retired codes stay claimed: without a `range` they widen the span, so another enum that
    // takes one overlaps this one (`valid.rs` keeps them inside a declared `range`).
    let mut span = match (plan.range, plan.own_codes.first(), plan.own_codes.last()) {
        (Some(range), _, _) => Some(range),
        (None, Some(&lo), Some(&hi)) => Some((lo, hi)),
        _ => None,
    };
    if plan.range.is_none() {
        for retired in plan.reserved {
            let (lo, hi) = (retired.codes.lo, retired.codes.hi);
            span = Some(match span {
                Some((start, end)) => (
                    if lo < start { lo } else { start },
                    if hi > end { hi } else { end },
                ),
                None => (lo, hi),
            });
        }
    }
    let _ = write!(out, "; const SPAN: {p}::Option<{p}::CodeRange> = ");
    code_range(&mut out, span);
    let _ = write!(out, "; const ENTRIES: &'static [{p}::ErrorEntry] = ");
    entries(&mut out, plan);
    out.push_str("; const OWN_CODES: &'static [i32] = &[");
    codes(&mut out, &plan.own_codes);
    out.push_str("];");
    if !plan.reserved.is_empty() {
        let _ = write!(out, "const RESERVED: &'static [{p}::CodeRange] = &[");
        for retired in plan.reserved {
            let _ = write!(
                out,
                "{p}::CodeRange {{ start: {}, end: {} }},",
                Code(retired.codes.lo),
                Code(retired.codes.hi)
            );
        }
        out.push_str("];");
    }
    if !plan.shared_codes.is_empty() {
        out.push_str("const SHARED_CODES: &'static [i32] = &[");
        codes(&mut out, &plan.shared_codes);
        out.push_str("];");
    }
    doc_urls(&mut out, plan, &p);
    entry_by_code(&mut out, plan, &p);
    if plan.has_transparent() {
        let _ = write!(
            out,
            "#[inline] fn entry_by_symbol(__mcp_symbol: &str) \
             -> {p}::Option<&'static {p}::ErrorEntry> {{ Self::__mcp_entry_by_symbol(__mcp_symbol) }}"
        );
    }
    out.push('}');
    out
}

/// `DOC_URLS`, one per own row, when a row has a doc URL.
fn doc_urls(out: &mut String, plan: &Plan<'_>, p: &str) {
    if !plan.has_doc_urls() {
        return;
    }
    let _ = write!(
        out,
        "const DOC_URLS: &'static [{p}::Option<&'static str>] = &["
    );
    for (_, row) in plan.own() {
        match &row.doc_url {
            Some(url) => {
                let _ = write!(out, "{p}::Option::Some(");
                push_str_lit(out, url);
                out.push_str("),");
            }
            None => {
                let _ = write!(out, "{p}::Option::None,");
            }
        }
    }
    out.push_str("];");
}

fn codes(out: &mut String, codes: &[i32]) {
    for &code in codes {
        let _ = write!(out, "{},", Code(code));
    }
}

/// The own rows by a `match` on the code literals; unknown codes go to the transparent inner
/// types. Without either, the trait's default.
fn entry_by_code(out: &mut String, plan: &Plan<'_>, p: &str) {
    let fallback = if plan.has_transparent() {
        "Self::__mcp_inner_entry_by_code(__mcp_code)".to_owned()
    } else {
        format!("{p}::Option::None")
    };
    if !plan.has_own() && !plan.has_transparent() {
        return;
    }
    let _ = write!(
        out,
        "#[inline] fn entry_by_code(__mcp_code: i32) -> {p}::Option<&'static {p}::ErrorEntry> {{ "
    );
    if !plan.has_own() {
        let _ = write!(out, "{fallback} }}");
        return;
    }
    let _ = write!(
        out,
        "{p}::Option::Some({p}::row_entry::<Self>(match __mcp_code {{"
    );
    // A shared code maps to its first variant (decoding goes by symbol for the others).
    let mut codes = Vec::new();
    for (_, row) in plan.own() {
        codes.push(row.code);
    }
    let first = crate::first_use::first_uses(&codes);
    for (_, row) in plan.own() {
        if first[row.index] == row.index {
            let _ = write!(out, "{} => {},", Code(row.code), row.index);
        }
    }
    let _ = write!(out, "_ => return {fallback}, }})) }}");
}

/// With transparent variants: the inherent helpers the catalog's `entry_by_code` and
/// `entry_by_symbol` call, which ask the inner types (`Transparent`), located at those types
/// so that a foreign inner type is reported there.
pub fn inner_lookups(plan: &Plan<'_>) -> TokenStream {
    if !plan.has_transparent() {
        return TokenStream::new();
    }
    let p = &plan.private;
    let (impl_generics, ty, where_clause) = plan.header(&plan.bounds.catalog, None);
    let code = local("__mcp_code");
    let symbol = local("__mcp_symbol");
    let entry = local("__mcp_entry");
    let mut by_code = None::<TokenStream>;
    let mut by_symbol = splice! {[p, entry, symbol]
        ::core::iter::Iterator::find(
            &mut <Self as #p::ErrorCatalog>::ENTRIES.iter(),
            |#entry| #entry.symbol == #symbol || #entry.aliases.contains(&#symbol),
        )
    };
    for (_, field) in plan.transparent() {
        let ty = field.ty;
        let call = located_at(
            splice!([ty, p, code] <#ty as #p::Transparent>::entry_by_code(#code)),
            type_span(ty),
        );
        by_code = Some(match by_code {
            None => call,
            Some(chain) => splice!([p, chain, call] #p::Option::or_else(#chain, || #call)),
        });
        let call = located_at(
            splice!([ty, p, symbol] <#ty as #p::Transparent>::entry_by_symbol(#symbol)),
            type_span(ty),
        );
        by_symbol = splice!([p, by_symbol, call] #p::Option::or_else(#by_symbol, || #call));
    }
    splice! {[impl_generics, ty, where_clause, code, p, by_code, symbol, by_symbol]
        #[allow(deprecated)]
        impl #impl_generics #ty #where_clause {
            #[inline]
            fn __mcp_inner_entry_by_code(#code: i32) -> #p::Option<&'static #p::ErrorEntry> {
                #by_code
            }
            #[inline]
            fn __mcp_entry_by_symbol(#symbol: &str) -> #p::Option<&'static #p::ErrorEntry> {
                #by_symbol
            }
        }
    }
}
