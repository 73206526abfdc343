//! The source-text part of the output: the inherent impl with the symbol constants, the
//! catalog rows and the variant/code-to-row lookups, whose rustdoc is the catalog table.
//! The one writer of generated source text: `fallback.rs` writes its constants through
//! [`open_impl`] and [`constant`] too. Every user-supplied text goes through
//! [`push_str_lit`], so the text always lexes.

use core::fmt::Write as _;

use proc_macro2::Span;
use syn::Ident;

use super::{Code, bound_pattern, doc_table};
use crate::first_use::first_uses;
use crate::plan::{Plan, Row, VariantPlan};

/// `impl E { ... }`: rustdoc table, constants, and with own rows `__mcp_row` (value to row).
pub fn inherent_impl(plan: &Plan<'_>) -> String {
    let mut out = String::new();
    let (impl_generics, ty, where_clause) = plan.header(&[], None);
    open_impl(
        &mut out,
        &format!("{impl_generics} {ty} {where_clause}"),
        Some(&doc_table::catalog_table(plan)),
    );
    for (_, row) in plan.own() {
        constant(&mut out, &row.constant, row.code);
        for alias in &row.aliases {
            constant(&mut out, alias, row.code);
        }
    }
    if plan.has_own() {
        row_fn(&mut out, plan);
    }
    out.push('}');
    out
}

/// `#[doc = ..] #[allow(..)] impl E {`. Not `#[automatically_derived]`, which rustc accepts
/// on trait impls only (on an inherent impl it warns that it will become an error).
pub fn open_impl(out: &mut String, ty: &dyn core::fmt::Display, doc: Option<&str>) {
    if let Some(doc) = doc {
        out.push_str("#[doc = ");
        push_str_lit(out, doc);
        out.push(']');
    }
    let _ = write!(
        out,
        "#[allow(dead_code, missing_docs, deprecated)] impl {ty} {{"
    );
}

/// `pub const NAME: i32 = code;`, a symbol's or alias's constant (`E::E_PW_NAV`).
pub fn constant(out: &mut String, name: &str, code: i32) {
    let _ = write!(out, "pub const {name}: i32 = {};", Code(code));
}

/// The `ENTRIES` initializer: a call of a local generic `const fn` whose body is one inline
/// `const` block, importing short names, then one
/// `entry(code, symbol, domain, message, retryable, Kind, variant, doc, &[fields])` per own
/// variant, wrapped in `with_extras(.., &[aliases], help)` when it has either.
///
/// The call is what keeps the compiler from evaluating the table while it checks the user's
/// crate: rustc's `unconditional_panic` lint evaluates the value of every non-generic
/// associated constant whose body is a constant (a promoted `&[..]` or an inline `const`), but
/// it does not run calls. It checks function bodies too, and there it would evaluate the
/// inline `const`; the unused type parameter makes that constant generic, which the lint
/// skips. The table is then evaluated where it is used (`entry()`, the registry), like the
/// other trait constants. At 20 enums of 25 variants this was a twentieth of the crate's
/// compile time, against two more small bodies per enum (the function and the block).
///
/// The domain is written out in each row: a local binding would be one more value to check.
/// A field list is a literal (`FieldEntry { .. }`, no call, so that it can be promoted
/// inside the inline `const`); one that several rows share (`&[]` of unit variants, the same
/// fields in many variants) is one local binding (`__mcp_f0`, ...) the rows name: each
/// `&[..]` in a row is a promoted constant the compiler checks on its own, a measurable part
/// of a large catalog's compile time.
pub fn entries(out: &mut String, plan: &Plan<'_>) {
    let p = plan.private.to_string();
    let _ = write!(
        out,
        "{{ const fn __mcp_entries<__T>() -> &'static [{p}::ErrorEntry] {{ const {{ \
         #[allow(unused_imports)] use {p}::{{entry, with_extras, json_rpc, with_error_type, \
         FieldEntry, ErrorKind::*, FieldRole::*}};"
    );
    let mut lists = Vec::new();
    for (variant, _) in plan.own() {
        lists.push(field_list(variant));
    }
    // Each list several rows share, numbered in order of first use (one sort, then one pass
    // each way: a thousand-variant enum runs this in the unoptimized proc macro). Per list:
    // the row that first uses it, how many rows use it, the number of its constant.
    let first = first_uses(&lists);
    let mut uses = vec![0usize; lists.len()];
    for &f in &first {
        uses[f] += 1;
    }
    let mut shared = vec![0usize; lists.len()];
    let mut next = 0;
    for i in 0..first.len() {
        let f = first[i];
        if f == i && uses[i] > 1 {
            let list = &lists[i];
            let _ = write!(out, "let __mcp_f{next}: &[FieldEntry] = {list};");
            shared[i] = next;
            next += 1;
        }
    }
    out.push_str("&[");
    let mut domain = String::new();
    push_str_lit(&mut domain, &plan.domain);
    for (_, row) in plan.own() {
        let i = row.index;
        let list = &lists[i];
        let extras = !row.aliases.is_empty() || row.help.is_some();
        if row.json_rpc {
            out.push_str("json_rpc(");
        }
        if row.error_type.is_some() {
            out.push_str("with_error_type(");
        }
        if extras {
            out.push_str("with_extras(");
        }
        entry(out, row, &domain);
        if uses[first[i]] > 1 {
            let _ = write!(out, ", __mcp_f{})", shared[first[i]]);
        } else {
            let _ = write!(out, ", {list})");
        }
        if extras {
            out.push_str(", &[");
            for alias in &row.aliases {
                push_str_lit(out, alias);
                out.push(',');
            }
            out.push_str("], ");
            match &row.help {
                Some(help) => {
                    out.push_str("::core::option::Option::Some(");
                    push_str_lit(out, help);
                    out.push(')');
                }
                None => out.push_str("::core::option::Option::None"),
            }
            out.push(')');
        }
        if let Some(error_type) = &row.error_type {
            out.push_str(", ");
            push_str_lit(out, error_type);
            out.push(')');
        }
        if row.json_rpc {
            out.push(')');
        }
        out.push(',');
    }
    out.push_str("] } } __mcp_entries::<()>() }");
}

/// `&[FieldEntry { name: "name", key: "key", role: Role }, ..]`: a variant's catalog fields.
fn field_list(variant: &VariantPlan<'_>) -> String {
    let mut out = String::from("&[");
    for f in &variant.fields {
        let role = f.role().variant();
        let _ = write!(out, "FieldEntry {{ name: \"{}\", key: ", f.name);
        push_str_lit(&mut out, f.catalog_key());
        let _ = write!(out, ", role: {role} }},");
    }
    out.push(']');
    out
}

/// `entry(code, symbol, domain, message, retryable, Kind, "Variant", doc` (the fields follow).
fn entry(out: &mut String, row: &Row<'_>, domain: &str) {
    let _ = write!(out, "entry({}, ", Code(row.code));
    push_str_lit(out, &row.symbol);
    let _ = write!(out, ", {domain}, ");
    push_str_lit(out, &row.message.text);
    let _ = write!(
        out,
        ", {}, {}, \"{}\", ",
        row.retryable, row.kind.variant, row.name
    );
    push_str_lit(out, &row.doc);
}

/// `__mcp_row`, the row of a value. It binds the fields that no role reads (`skip` ones, and
/// those kept off the wire: `message_only`, or never mentioned for it), which generated code
/// may not read otherwise, so rustc does not call them dead (a value kept for `Debug`, logs or
/// the message is the point of keeping it off the wire); the `_` names keep the bindings
/// themselves quiet.
fn row_fn(out: &mut String, plan: &Plan<'_>) {
    out.push_str("#[inline] fn __mcp_row(&self) -> usize { match self {");
    for (variant, row) in plan.own() {
        let mut skipped = Vec::new();
        for f in &variant.fields {
            if f.data_key.is_none() && !f.details && !f.source && !f.retry_after && !f.retryable {
                let name = format!("_{}", f.format_name());
                skipped.push((f, Ident::new(&name, Span::call_site())));
            }
        }
        let pat = bound_pattern(variant, &skipped);
        let _ = write!(out, "{pat} => {},", row.index);
    }
    if plan.has_transparent() {
        out.push_str("_ => ::core::unreachable!(),");
    }
    out.push_str("} }");
}

/// Appends `text` as a Rust string literal; the common case (no quote, backslash or control
/// character) without per-character escaping.
pub fn push_str_lit(out: &mut String, text: &str) {
    let mut plain = true;
    for b in text.bytes() {
        plain &= b >= b' ' && b != b'"' && b != b'\\' && b != 0x7f;
    }
    if plain {
        out.push('"');
        out.push_str(text);
        out.push('"');
    } else {
        let _ = write!(out, "{text:?}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Input;

    #[test]
    fn catalog_rows_lex_whatever_the_strings_hold() {
        // Unvalidated on purpose: the source text must stay well formed on its own.
        let input: syn::DeriveInput = syn::parse_quote! {
            #[mcp(domain = "pw\"\\")]
            enum E {
                #[mcp(code = 1, symbol = "E_A", alias = "E_\"B\\", help = "h\"\n", message = "m")]
                A,
            }
        };
        let cx = crate::ctxt::Ctxt::new();
        let model = Input::from_syn(&cx, &input).unwrap();
        cx.check().unwrap();
        let plan = Plan::new(&model);
        let mut text = String::new();
        entries(&mut text, &plan);
        let block: syn::Block = syn::parse_str(&text).expect("entries lex and parse");
        let tokens = quote::ToTokens::to_token_stream(&block).to_string();
        assert!(tokens.contains(r#""E_\"B\\""#), "{text}");
    }

    #[test]
    fn negative_codes_are_written_as_such() {
        let mut out = String::new();
        constant(&mut out, "E_PARSE", -32700);
        assert_eq!(out, "pub const E_PARSE: i32 = -32700;");
    }
}
