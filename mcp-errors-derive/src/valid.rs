//! Rules that need more than one attribute at once, one function per rule.
//!
//! Everything expansion could trip over is rejected here, so `expand.rs` never validates.
//! Each rule reports to the [`Ctxt`] and returns, so all mistakes are reported together.

use std::collections::HashMap;

use crate::ast::{Input, Variant};
use crate::attr::{Attr, FieldAttrs, SpanRange};
use crate::ctxt::Ctxt;
use crate::names;
use crate::symbol;
use crate::template::Arg;

pub fn check(cx: &Ctxt, input: &Input<'_>) {
    domain_is_present_and_kebab_case(cx, input);
    symbol_prefix_is_well_formed(cx, input);
    for variant in &input.variants {
        transparent_has_one_field(cx, variant);
        transparent_takes_no_catalog_keys(cx, variant);
        code_is_present(cx, input, variant);
        message_is_present(cx, variant);
        template_names_fields(cx, variant);
        field_roles_are_compatible(cx, variant);
        field_roles_are_unique(cx, variant);
        data_keys_are_unique_and_free(cx, variant);
    }
    codes_are_unique(cx, input);
    codes_lie_in_range(cx, input);
    reserved_codes_follow_the_bands(cx, input);
    symbols_are_well_formed(cx, input);
    symbols_are_unique(cx, input);
    symbols_do_not_name_variants(cx, input);
}

/// Every row of the catalog carries the domain, and metrics group by it (seed 000's
/// `byDomain`), so it must exist and have one canonical spelling.
fn domain_is_present_and_kebab_case(cx: &Ctxt, input: &Input<'_>) {
    match &input.attrs.domain {
        None if input.attrs.seen.mentioned(symbol::DOMAIN) => {}
        None => cx.error_spanned_by(
            input.ident,
            "missing `domain`; add `#[mcp(domain = \"...\")]` to the enum",
        ),
        Some(domain) => {
            let value = domain.value.value();
            if !names::is_kebab_case(&value) {
                cx.syn_error(domain.value_error(format_args!(
                    "domain `{value}` must be lower-kebab-case, e.g. `{}`",
                    names::to_kebab(&value)
                )));
            }
        }
    }
}

/// A bad prefix would make every derived symbol invalid; report it once here instead of once
/// per variant (`symbols_are_well_formed` skips derived symbols then).
fn symbol_prefix_is_well_formed(cx: &Ctxt, input: &Input<'_>) {
    if let Some(prefix) = &input.attrs.symbol_prefix {
        let value = prefix.value.value();
        if !names::is_valid_symbol_prefix(&value) {
            cx.syn_error(prefix.value_error(format_args!(
                "invalid `symbol_prefix` `{value}`: expected upper-case ASCII letters, digits and \
                 `_`, starting with a letter, e.g. `E_PW_`"
            )));
        }
    }
}

/// A transparent variant forwards everything to its inner error, so there must be exactly one.
fn transparent_has_one_field(cx: &Ctxt, variant: &Variant<'_>) {
    if let Some(transparent) = &variant.attrs.transparent
        && variant.fields.len() != 1
    {
        cx.syn_error(transparent.error(format_args!(
            "`transparent` needs exactly one field, the inner error; `{}` has {}",
            variant.ident,
            variant.fields.len()
        )));
    }
}

/// The inner error supplies code, symbol, message, retryable, kind and data of a transparent
/// variant; a key of its own would silently be ignored.
fn transparent_takes_no_catalog_keys(cx: &Ctxt, variant: &Variant<'_>) {
    if variant.attrs.transparent.is_none() {
        return;
    }
    let a = &variant.attrs;
    let given: [(&str, Option<SpanRange>); 5] = [
        (symbol::CODE, a.code.as_ref().map(|x| x.whole)),
        (symbol::SYMBOL, a.symbol.as_ref().map(|x| x.whole)),
        (symbol::MESSAGE, a.message.as_ref().map(|x| x.whole)),
        (symbol::RETRYABLE, a.retryable.as_ref().map(|x| x.whole)),
        (symbol::KIND, a.kind.as_ref().map(|x| x.whole)),
    ];
    let aliases = a.aliases.iter().map(|x| (symbol::ALIAS, Some(x.whole)));
    let help = [
        (symbol::HELP, a.help.as_ref().map(|x| x.whole)),
        (symbol::LEGACY, a.legacy.as_ref().map(|x| x.whole)),
    ];
    for (key, tokens) in given.into_iter().chain(aliases).chain(help) {
        if let Some(tokens) = tokens {
            cx.error_spanned_by(
                tokens,
                format_args!(
                    "`{key}` cannot be combined with `transparent`; the inner error provides it"
                ),
            );
        }
    }
    for field in &variant.fields {
        for (key, tokens) in field.attrs.given() {
            cx.error_spanned_by(
                tokens,
                format_args!("`{key}` has no effect on the field of a `transparent` variant"),
            );
        }
    }
}

/// Codes are the stable wire identity of a variant (seed 002: "don't change codes between
/// versions"); there is no sensible default.
fn code_is_present(cx: &Ctxt, input: &Input<'_>, variant: &Variant<'_>) {
    let seen = &variant.attrs.seen;
    if variant.attrs.code.is_none()
        && !variant.is_transparent()
        && !seen.mentioned(symbol::CODE)
        && !seen.mentioned(symbol::TRANSPARENT)
    {
        let example = input.attrs.range.as_ref().map_or(2100, |r| r.value.0);
        cx.error_spanned_by(
            variant.ident,
            format_args!(
                "missing `code` for `{}`; add `#[mcp(code = {example})]`",
                variant.ident
            ),
        );
    }
}

/// Every error goes on the wire with a message.
fn message_is_present(cx: &Ctxt, variant: &Variant<'_>) {
    let seen = &variant.attrs.seen;
    if variant.message.is_none()
        && !variant.is_transparent()
        && !seen.mentioned(symbol::MESSAGE)
        && !seen.mentioned(symbol::TRANSPARENT)
    {
        cx.error_spanned_by(
            variant.ident,
            format_args!(
                "missing message for `{}`; add `#[mcp(message = \"...\")]` or a doc comment",
                variant.ident
            ),
        );
    }
}

/// A placeholder must resolve to a field, and a field whose value must not leave the process
/// (`skip`, a `source` that is not `details`) must not leak through the message.
fn template_names_fields(cx: &Ctxt, variant: &Variant<'_>) {
    let Some(message) = &variant.message else {
        return;
    };
    let Some(template) = &message.template else {
        return;
    };
    let mut reported = Vec::new();
    for arg in template.args() {
        if reported.contains(&arg) {
            continue;
        }
        reported.push(arg);
        match variant.field(arg) {
            None => {
                let what = match arg {
                    Arg::Named(_) => "field",
                    Arg::Index(_) => "tuple field",
                };
                let msg = if variant.fields.is_empty() {
                    format!(
                        "message names `{{{arg}}}`, but `{}` has no fields",
                        variant.ident
                    )
                } else {
                    let list: Vec<&str> = variant.fields.iter().map(|f| f.name.as_str()).collect();
                    format!(
                        "message names `{{{arg}}}`, but `{}` has no {what} `{arg}`; its fields are {}",
                        variant.ident,
                        symbol::quoted_list(&list)
                    )
                };
                cx.error_spanned_by(message.tokens, msg);
            }
            Some(field) => {
                let a = &field.attrs;
                let secret = if a.source.is_some() && a.details.is_none() {
                    Some(symbol::SOURCE)
                } else if a.skip.is_some() {
                    Some(symbol::SKIP)
                } else {
                    None
                };
                if let Some(key) = secret {
                    cx.error_spanned_by(
                        message.tokens,
                        format_args!(
                            "message names `{{{arg}}}`, a `{key}` field whose value must not \
                             reach the wire"
                        ),
                    );
                }
            }
        }
    }
}

/// Each field has one role on the wire; the only meaningful pairs are `source` + `details`
/// (the cause, shown as details) and `retry_after` + `skip` (a delay that is not serialized).
/// `rename` only means something for a field serialized under its own key.
fn field_roles_are_compatible(cx: &Ctxt, variant: &Variant<'_>) {
    const ALLOWED: &[(&str, &str)] = &[
        (symbol::SOURCE, symbol::DETAILS),
        (symbol::RETRY_AFTER, symbol::SKIP),
    ];
    if variant.is_transparent() {
        return;
    }
    for field in &variant.fields {
        let given = field.attrs.given();
        let flags: Vec<_> = given.iter().filter(|(k, _)| *k != symbol::RENAME).collect();
        for (i, (later, tokens)) in flags.iter().enumerate() {
            for (earlier, _) in &flags[..i] {
                let ok = ALLOWED
                    .iter()
                    .any(|&(a, b)| (a, b) == (earlier, later) || (b, a) == (earlier, later));
                if !ok {
                    cx.error_spanned_by(
                        tokens,
                        format_args!("`{later}` cannot be combined with `{earlier}`"),
                    );
                }
            }
        }
        let a = &field.attrs;
        if let Some(rename) = &a.rename
            && field.data_key().is_none()
        {
            let role = if a.details.is_some() {
                symbol::DETAILS
            } else if a.source.is_some() {
                symbol::SOURCE
            } else if a.retryable.is_some() {
                symbol::RETRYABLE
            } else {
                symbol::SKIP
            };
            let why = if role == symbol::DETAILS {
                "it is always `data.details`"
            } else {
                "it is not serialized under a key"
            };
            cx.syn_error(rename.error(format_args!(
                "`rename` has no effect on a `{role}` field; {why}"
            )));
        }
    }
}

/// `data.details`, `Error::source`, `retry_after()` and `retryable()` each take one value.
fn field_roles_are_unique(cx: &Ctxt, variant: &Variant<'_>) {
    type Get = fn(&FieldAttrs) -> Option<&Attr<()>>;
    if variant.is_transparent() {
        return;
    }
    let roles: [(&str, Get); 4] = [
        (symbol::DETAILS, |f| f.details.as_ref()),
        (symbol::SOURCE, |f| f.source.as_ref()),
        (symbol::RETRY_AFTER, |f| f.retry_after.as_ref()),
        (symbol::RETRYABLE, |f| f.retryable.as_ref()),
    ];
    for (key, get) in roles {
        let mut first: Option<&str> = None;
        for field in &variant.fields {
            if let Some(attr) = get(&field.attrs) {
                match first {
                    None => first = Some(&field.name),
                    Some(first) => cx.syn_error(attr.error(format_args!(
                        "only one `{key}` field per variant; `{first}` already is"
                    ))),
                }
            }
        }
    }
}

/// Two fields under one key would overwrite each other in `data`, and the keys the envelope
/// writes itself (`domain`, `symbol`, ...) must keep their meaning.
fn data_keys_are_unique_and_free(cx: &Ctxt, variant: &Variant<'_>) {
    if variant.is_transparent() {
        return;
    }
    let mut seen: HashMap<String, &str> = HashMap::new();
    for field in &variant.fields {
        let Some(key) = field.data_key() else {
            continue;
        };
        if symbol::RESERVED_DATA_KEYS.contains(&key.as_str()) {
            cx.error_spanned_by(
                field.key_tokens(),
                format_args!(
                    "data key `{key}` is reserved for the envelope; rename the field with \
                     `#[mcp(rename = \"...\")]`"
                ),
            );
        } else if let Some(first) = seen.get(&key) {
            cx.error_spanned_by(
                field.key_tokens(),
                format_args!("duplicate data key `{key}`; field `{first}` already uses it"),
            );
        } else {
            seen.insert(key, &field.name);
        }
    }
}

/// A code identifies one variant on the wire; two variants with one code cannot be told apart
/// by a client.
fn codes_are_unique(cx: &Ctxt, input: &Input<'_>) {
    let mut first: HashMap<i32, &Variant<'_>> = HashMap::new();
    let mut noted: Vec<i32> = Vec::new();
    for variant in &input.variants {
        let Some(code) = &variant.attrs.code else {
            continue;
        };
        if variant.is_transparent() {
            continue;
        }
        match first.get(&code.value) {
            None => {
                first.insert(code.value, variant);
            }
            Some(earlier) => {
                cx.syn_error(code.error(format_args!(
                    "duplicate code {}; first used by `{}`",
                    code.value, earlier.ident
                )));
                if !noted.contains(&code.value) {
                    noted.push(code.value);
                    if let Some(earlier_code) = &earlier.attrs.code {
                        cx.syn_error(earlier_code.error(format_args!(
                            "code {} is first used here, by `{}`",
                            code.value, earlier.ident
                        )));
                    }
                }
            }
        }
    }
}

/// `range` is what cross-enum checks (`assert_disjoint!`) rely on; a code outside it would
/// collide with another enum without either check noticing.
fn codes_lie_in_range(cx: &Ctxt, input: &Input<'_>) {
    let Some(range) = &input.attrs.range else {
        return;
    };
    let (start, end) = range.value;
    for variant in input.variants.iter().filter(|v| !v.is_transparent()) {
        if let Some(code) = &variant.attrs.code
            && (code.value < start || code.value > end)
        {
            cx.syn_error(code.error(format_args!(
                "code {} is outside the enum's `range = {start}..={end}`",
                code.value
            )));
        }
    }
}

/// The parts of JSON-RPC's reserved range -32768..=-32000 as MCP 2026-07-28 (`basic/index`,
/// "Error codes") allocates them. Kept in step with `mcp_errors::jsonrpc::{RESERVED,
/// LEGACY, SPEC_DEFINED}` by `tests/ui/reserved-range/`.
#[derive(Clone, Copy, PartialEq)]
enum Band {
    /// -32000..=-32019: codes servers used before the allocation; no new ones.
    Legacy,
    /// -32020..=-32099: codes the MCP specification defines.
    Spec,
    /// The rest: JSON-RPC 2.0's own codes and its implementation-defined server errors.
    JsonRpc,
}

impl Band {
    fn of(code: i32) -> Option<Band> {
        match code {
            -32019..=-32000 => Some(Band::Legacy),
            -32099..=-32020 => Some(Band::Spec),
            -32768..=-32100 => Some(Band::JsonRpc),
            _ => None,
        }
    }
}

/// Implementations' own codes lie outside -32768..=-32000 (MCP 2026-07-28; seed 000:
/// "application errors will use positive codes"): a client reads a code there as a protocol
/// failure. Outside a `protocol` enum every code there is an error that names its part of the
/// range. A `protocol` enum may use the whole range, but a code in the legacy band must say it
/// is an existing code kept on purpose (`legacy`), so no new code lands there by accident.
fn reserved_codes_follow_the_bands(cx: &Ctxt, input: &Input<'_>) {
    const OUTSIDE: &str = "give application errors a code outside -32768..=-32000, e.g. a \
                           positive one";
    let protocol = input.is_protocol();
    for variant in input.variants.iter().filter(|v| !v.is_transparent()) {
        let Some(code) = &variant.attrs.code else {
            continue;
        };
        let c = code.value;
        let band = Band::of(c);
        let legacy = variant.attrs.legacy.as_ref();
        // A `legacy` that did not parse was reported already; do not also call the code unmarked.
        let marked = legacy.is_some() || variant.attrs.seen.mentioned(symbol::LEGACY);
        let msg = match (protocol, band) {
            (false, Some(Band::Legacy)) => format!(
                "code {c} is in -32000..=-32019, the legacy band of JSON-RPC's reserved range \
                 -32768..=-32000, where MCP 2026-07-28 allows no new codes; {OUTSIDE} (an \
                 existing protocol code kept on purpose needs `#[mcp(protocol)]` on the enum \
                 and `legacy` on the variant)"
            ),
            (false, Some(Band::Spec)) => format!(
                "code {c} is in -32020..=-32099, which MCP 2026-07-28 reserves for codes the \
                 specification defines; {OUTSIDE} (only a `#[mcp(protocol)]` enum may use it)"
            ),
            (false, Some(Band::JsonRpc)) => format!(
                "code {c} is in the JSON-RPC reserved range -32768..=-32000 (JSON-RPC 2.0's own \
                 codes and server errors), so clients would read it as a protocol failure; \
                 {OUTSIDE} (only a `#[mcp(protocol)]` enum may use it)"
            ),
            (true, Some(Band::Legacy)) if !marked => format!(
                "code {c} is in -32000..=-32019, the legacy band of JSON-RPC's reserved range, \
                 where MCP 2026-07-28 allows no new codes; if it is an existing code kept for \
                 compatibility, mark it `#[mcp(code = {c}, legacy)]`, else use a code outside \
                 -32768..=-32000"
            ),
            _ => String::new(),
        };
        if !msg.is_empty() {
            cx.syn_error(code.error(msg));
            continue;
        }
        if let Some(legacy) = legacy
            && band != Some(Band::Legacy)
        {
            cx.syn_error(legacy.error(format_args!(
                "`legacy` marks a `#[mcp(protocol)]` enum's code in the legacy band \
                 -32000..=-32019, and code {c} is not in it; remove `legacy`"
            )));
        }
    }
}

/// Symbols are matched by clients in many languages (seed 000's `E_PW_NAV`); one strict
/// format keeps them greppable and usable as constant names.
fn symbols_are_well_formed(cx: &Ctxt, input: &Input<'_>) {
    let prefix_ok = names::is_valid_symbol_prefix(&input.prefix);
    for variant in input.variants.iter().filter(|v| !v.is_transparent()) {
        match &variant.attrs.symbol {
            Some(symbol) => {
                let value = symbol.value.value();
                if let Some(problem) = names::symbol_problem(&value) {
                    cx.syn_error(
                        symbol.value_error(format_args!("invalid symbol `{value}`: it {problem}")),
                    );
                }
            }
            None if prefix_ok => {
                let value = &variant.symbol;
                if let Some(problem) = names::symbol_problem(value) {
                    cx.error_spanned_by(
                        variant.ident,
                        format_args!(
                            "invalid symbol `{value}` derived from `{}`: it {problem}; set \
                             `#[mcp(symbol = \"...\")]`",
                            variant.ident
                        ),
                    );
                }
            }
            None => {}
        }
        for alias in &variant.attrs.aliases {
            let value = alias.value.value();
            if let Some(problem) = names::symbol_problem(&value) {
                cx.syn_error(
                    alias.value_error(format_args!("invalid alias `{value}`: it {problem}")),
                );
            }
        }
    }
}

/// Decoding picks the variant by `data.symbol`, so symbols and aliases share one namespace.
fn symbols_are_unique(cx: &Ctxt, input: &Input<'_>) {
    let mut first: HashMap<String, &Variant<'_>> = HashMap::new();
    for variant in input.variants.iter().filter(|v| !v.is_transparent()) {
        let own = match &variant.attrs.symbol {
            Some(symbol) => symbol.value_span,
            None => SpanRange::single(variant.ident.span()),
        };
        let names = std::iter::once((variant.symbol.clone(), own, "symbol")).chain(
            variant
                .attrs
                .aliases
                .iter()
                .map(|a| (a.value.value(), a.value_span, "alias")),
        );
        for (name, tokens, what) in names {
            match first.get(&name) {
                None => {
                    first.insert(name, variant);
                }
                Some(earlier) => cx.error_spanned_by(
                    tokens,
                    format_args!(
                        "duplicate {what} `{name}`; first used by `{}`",
                        earlier.ident
                    ),
                ),
            }
        }
    }
}

/// Each symbol and alias becomes a `pub const` of the enum (`E::E_PW_NAV`), but a variant wins
/// path resolution: with a variant of the same name, `E::IO` names the variant and the
/// constant can never be reached (`match code { E::IO => .. }` stops compiling, far from the
/// cause). Invalid symbols are reported by `symbols_are_well_formed` instead.
fn symbols_do_not_name_variants(cx: &Ctxt, input: &Input<'_>) {
    let idents: Vec<String> = input
        .variants
        .iter()
        .map(|v| v.ident.to_string().trim_start_matches("r#").to_owned())
        .collect();
    let is_variant =
        |name: &str| names::symbol_problem(name).is_none() && idents.iter().any(|i| i == name);
    let ty = input.ident;
    let prefix_ok = names::is_valid_symbol_prefix(&input.prefix);
    for variant in input.variants.iter().filter(|v| !v.is_transparent()) {
        let name = &variant.symbol;
        if is_variant(name) {
            match &variant.attrs.symbol {
                Some(symbol) => cx.syn_error(symbol.value_error(format_args!(
                    "symbol `{name}` also names a variant, so `{ty}::{name}` would be the \
                     variant, not the symbol's constant; choose another `symbol = \"...\"`"
                ))),
                None if prefix_ok => cx.error_spanned_by(
                    variant.ident,
                    format_args!(
                        "symbol `{name}` (derived from `{}`) also names a variant, so \
                         `{ty}::{name}` would be the variant, not the symbol's constant; set \
                         `symbol_prefix` or `#[mcp(symbol = \"...\")]`",
                        variant.ident
                    ),
                ),
                None => {}
            }
        }
        for alias in &variant.attrs.aliases {
            let name = alias.value.value();
            if is_variant(&name) {
                cx.syn_error(alias.value_error(format_args!(
                    "alias `{name}` also names a variant, so `{ty}::{name}` would be the \
                     variant, not the alias's constant; choose another `alias = \"...\"`"
                )));
            }
        }
    }
}
