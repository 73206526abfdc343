//! Rules that need more than one attribute at once, one function per rule.
//!
//! Everything expansion could trip over is rejected here, so the emitting phases (`plan.rs`, `emit/`) never validate.
//! Each rule reports to the [`Ctxt`] and returns, so all mistakes are reported together.

use crate::ast::{Input, Target, Variant};
use crate::attr::{Attr, FieldAttrs, SpanRange};
use crate::ctxt::Ctxt;
use crate::first_use::first_uses;
use crate::names;
use crate::rules::{self, CodeSpan, CodeUse, Finding, NameRole, NameUse, Sharing};
use crate::symbol;
use crate::template::Arg;

pub fn check(cx: &Ctxt, input: &Input<'_>) {
    domain_is_present_and_kebab_case(cx, input);
    symbol_prefix_is_well_formed(cx, input);
    own_display_stands_alone(cx, input);
    for variant in &input.variants {
        transparent_has_one_field(cx, variant);
        transparent_takes_no_catalog_keys(cx, variant);
        catch_all_wraps_one_foreign_error(cx, variant);
        fmt_stands_alone(cx, variant);
        code_is_present(cx, input, variant);
        message_is_present(cx, input, variant);
        template_names_fields(cx, variant);
        field_roles_are_compatible(cx, variant);
        field_roles_are_unique(cx, variant);
        retry_after_is_in_seconds(cx, variant);
        from_has_no_other_fields(cx, variant);
        data_keys_are_unique_and_free(cx, variant);
    }
    from_types_are_unique(cx, input);
    enum_message_is_one_kind(cx, input);
    if decode_has_its_runtime(cx, input, cfg!(feature = "client")) {
        decode_is_not_generic(cx, input);
        decoded_fields_are_sent(cx, input);
    }
    for variant in &input.variants {
        sources_are_static(cx, variant);
    }
    codes_are_unique(cx, input);
    codes_lie_in_range(cx, input);
    reserved_codes_stay_retired(cx, input);
    fleet_needs_its_feature(cx, input, cfg!(feature = "fleet"));
    reserved_codes_follow_the_bands(cx, input);
    symbols_are_well_formed(cx, input);
    symbols_are_unique(cx, input);
    symbols_do_not_name_variants(cx, input);
    error_types_are_well_formed(cx, input);
    doc_urls_are_well_formed(cx, input);
}

/// A doc URL (a variant's) or template (the enum's) by `rules::doc_url`: `http`/`https`,
/// only the placeholders `{domain}`, `{symbol}`, `{code}`; reported at the string.
fn doc_urls_are_well_formed(cx: &Ctxt, input: &Input<'_>) {
    // One call per attribute, not a list of them flattened: no vector and iterator types.
    doc_url_is_well_formed(cx, input.attrs.doc_url.as_ref());
    for variant in &input.variants {
        doc_url_is_well_formed(cx, variant.attrs.doc_url.as_ref());
    }
}

fn doc_url_is_well_formed(cx: &Ctxt, attr: Option<&Attr<syn::LitStr>>) {
    if let Some(attr) = attr
        && let Some(problem) = rules::doc_url::doc_url_problem(&attr.value.value())
    {
        cx.error_spanned_by(attr.value_span, problem);
    }
}

/// `error_type` is the TypeScript hierarchy's `errorType`, a class name: `PascalCase` ending in `Error`
/// (`AuthenticationError`, `CustomError`), as every `ErrorKind::error_type` is.
fn error_types_are_well_formed(cx: &Ctxt, input: &Input<'_>) {
    if let Some(attr) = &input.attrs.error_type {
        error_type_is_well_formed(cx, attr);
    }
    for variant in &input.variants {
        if let Some(attr) = &variant.attrs.error_type {
            error_type_is_well_formed(cx, attr);
        }
    }
}

/// One `error_type` of [`error_types_are_well_formed`].
fn error_type_is_well_formed(cx: &Ctxt, attr: &Attr<syn::LitStr>) {
    let value = attr.value.value();
    let mut well_formed = value.len() > "Error".len()
        && value.ends_with("Error")
        && value.as_bytes()[0].is_ascii_uppercase();
    for b in value.bytes() {
        well_formed &= b.is_ascii_alphabetic();
    }
    if !well_formed {
        cx.error_spanned_by(
            attr.whole,
            format_args!(
                "`error_type` must be a PascalCase name of ASCII letters ending in `Error`, \
                 like `AuthenticationError`; found {value:?}, try `error_type = \"{}\"`",
                error_type_suggestion(&value)
            ),
        );
    }
}

/// `authentication` → `AuthenticationError`, `rate-limit error` → `RateLimitError`, `error`
/// → `CustomError`.
fn error_type_suggestion(value: &str) -> String {
    let mut out = String::new();
    let mut word_start = true;
    for c in value.chars() {
        if !c.is_ascii_alphabetic() {
            word_start = true;
        } else if word_start {
            out.push(c.to_ascii_uppercase());
            word_start = false;
        } else {
            out.push(c);
        }
    }
    if out.is_empty() || out == "Error" {
        return "CustomError".to_owned();
    }
    if !out.ends_with("Error") {
        out.push_str("Error");
    }
    out
}

/// Every row of the catalog carries the domain, and metrics group by it (the Node fleet's
/// `byDomain`), so it must exist and have one canonical spelling.
fn domain_is_present_and_kebab_case(cx: &Ctxt, input: &Input<'_>) {
    match &input.attrs.domain {
        None if input.attrs.seen.mentioned(symbol::DOMAIN) => {}
        None => cx.error_spanned_by(
            input.ident,
            "missing `domain`; add `#[mcp(domain = \"...\")]` to the enum",
        ),
        Some(domain) => {
            if let Some(finding) = rules::domain(&domain.value.value()) {
                cx.error_at(&domain.value_span, &finding);
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
    // With `catch_all` too, `catch_all_wraps_one_foreign_error` reports the one mistake.
    if variant.attrs.transparent.is_none() || variant.attrs.catch_all.is_some() {
        return;
    }
    let a = &variant.attrs;
    let mut given = Vec::new();
    add(&mut given, symbol::CODE, whole(a.code.as_ref()));
    add(&mut given, symbol::SYMBOL, whole(a.symbol.as_ref()));
    add(&mut given, symbol::MESSAGE, whole(a.message.as_ref()));
    add(&mut given, symbol::DISPLAY, whole(a.display.as_ref()));
    add(&mut given, symbol::FMT, whole(a.fmt.as_ref()));
    add(&mut given, symbol::RETRYABLE, whole(a.retryable.as_ref()));
    add(&mut given, symbol::KIND, whole(a.kind.as_ref()));
    add(
        &mut given,
        symbol::SHARED_CODE,
        whole(a.shared_code.as_ref()),
    );
    for alias in &a.aliases {
        given.push((symbol::ALIAS, alias.whole));
    }
    add(&mut given, symbol::HELP, whole(a.help.as_ref()));
    add(&mut given, symbol::LEGACY, whole(a.legacy.as_ref()));
    add(&mut given, symbol::PROTOCOL, whole(a.protocol.as_ref()));
    add(&mut given, symbol::ERROR_TYPE, whole(a.error_type.as_ref()));
    add(&mut given, symbol::DOC_URL, whole(a.doc_url.as_ref()));
    add(
        &mut given,
        symbol::DATA_FIELDS,
        whole(a.data_fields.as_ref()),
    );
    for &(key, tokens) in &given {
        cx.error_spanned_by(
            tokens,
            format_args!(
                "`{key}` cannot be combined with `transparent`; the inner error provides it"
            ),
        );
    }
    for field in &variant.fields {
        // `from` still means something: `From<Inner>`, to `?` an inner error into this one.
        for &(key, tokens) in &field.attrs.given() {
            if key == symbol::FROM {
                continue;
            }
            let why = if key == symbol::DATA {
                ": its `data` is the inner error's; remove `data`"
            } else {
                ""
            };
            cx.error_spanned_by(
                tokens,
                format_args!("`{key}` has no effect on the field of a `transparent` variant{why}"),
            );
        }
    }
}

/// `catch_all` gives one foreign error (`std::io::Error`, `anyhow::Error`, `Box<dyn Error>`)
/// a code of its own, converts from it and shows it in `Display`: it needs exactly that one
/// field, which needs no role of its own, and it is the opposite of `transparent`.
fn catch_all_wraps_one_foreign_error(cx: &Ctxt, variant: &Variant<'_>) {
    let Some(catch_all) = &variant.attrs.catch_all else {
        return;
    };
    if let Some(transparent) = &variant.attrs.transparent {
        cx.syn_error(transparent.error(
            "`transparent` cannot be combined with `catch_all`: `transparent` takes code, \
             symbol and message from an inner `McpError`, `catch_all` gives a foreign error a \
             code of its own",
        ));
        return;
    }
    if variant.fields.len() != 1 {
        cx.syn_error(catch_all.error(format_args!(
            "`catch_all` needs exactly one field, the foreign error; `{}` has {}",
            variant.ident,
            variant.fields.len()
        )));
        return;
    }
    if let Some(data_fields) = &variant.attrs.data_fields {
        cx.syn_error(data_fields.error(
            "`data_fields` has no effect on a `catch_all` variant: its one field is the \
             foreign error, its source, which never goes into `data`; remove `data_fields` \
             (the wire message names `{0}` to send the foreign text)",
        ));
    }
    for &(key, tokens) in &variant.fields[0].attrs.given() {
        let why = match key {
            // `from` says again what `catch_all` does (thiserror's `transparent` over
            // `#[from] anyhow::Error`, ported by renaming).
            symbol::DETAILS | symbol::FROM => continue,
            symbol::SOURCE => "`catch_all` already makes the field the source",
            _ => "the field of a `catch_all` is its source",
        };
        cx.error_spanned_by(
            tokens,
            format_args!("`{key}` has no effect on the field of a `catch_all` variant; {why}"),
        );
    }
}

/// Codes are the stable wire identity of a variant (the TypeScript hierarchy's rule:
/// "don't change codes between versions"); there is no sensible default.
fn code_is_present(cx: &Ctxt, input: &Input<'_>, variant: &Variant<'_>) {
    let seen = &variant.attrs.seen;
    if variant.attrs.code.is_none()
        && !variant.is_transparent()
        && !seen.mentioned(symbol::CODE)
        && !seen.mentioned(symbol::TRANSPARENT)
    {
        let example = match &input.attrs.range {
            Some(range) => range.value.0,
            None => 2100,
        };
        cx.error_spanned_by(
            variant.ident,
            format_args!(
                "missing `code` for `{}`; add `#[mcp(code = {example})]`",
                variant.ident
            ),
        );
    }
}

/// With `own_display` the type's `Display` is every variant's text: no key may write another.
fn own_display_stands_alone(cx: &Ctxt, input: &Input<'_>) {
    if input.attrs.own_display.is_none() {
        return;
    }
    let a = &input.attrs;
    let mut given = Vec::new();
    add(&mut given, symbol::MESSAGE, whole(a.message.as_ref()));
    add(&mut given, symbol::FMT, whole(a.fmt.as_ref()));
    for v in &input.variants {
        let a = &v.attrs;
        add(&mut given, symbol::MESSAGE, whole(a.message.as_ref()));
        add(&mut given, symbol::FMT, whole(a.fmt.as_ref()));
        add(&mut given, symbol::DISPLAY, whole(a.display.as_ref()));
        add(
            &mut given,
            symbol::TRANSPARENT,
            whole(a.transparent.as_ref()),
        );
        add(&mut given, symbol::CATCH_ALL, whole(a.catch_all.as_ref()));
    }
    for &(key, tokens) in &given {
        cx.error_spanned_by(
            tokens,
            format_args!(
                "`{key}` cannot be combined with `own_display`: the type's own `Display` is \
                 every variant's text"
            ),
        );
    }
}

/// `key`, written at `tokens`, when it was written (one list type for every "given keys"
/// list).
fn add(given: &mut Vec<(&'static str, SpanRange)>, key: &'static str, tokens: Option<SpanRange>) {
    if let Some(tokens) = tokens {
        given.push((key, tokens));
    }
}

/// Where an attribute was written, if it was.
fn whole<T>(attr: Option<&Attr<T>>) -> Option<SpanRange> {
    match attr {
        Some(a) => Some(a.whole),
        None => None,
    }
}

/// Every error goes on the wire with a message (an enum's rejected `#[error]` may have been
/// it).
fn message_is_present(cx: &Ctxt, input: &Input<'_>, variant: &Variant<'_>) {
    let seen = &variant.attrs.seen;
    if variant.message.is_none()
        && !variant.is_transparent()
        && !seen.mentioned(symbol::MESSAGE)
        && !input.attrs.seen.wrote(symbol::MESSAGE)
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

/// A placeholder must resolve to a field, and a `skip` field (a secret, PII) must not leak
/// through the message. Naming a `source` field is allowed: it is the user's explicit choice to
/// put the cause's text in the message, and so on the wire (thiserror's `"read {path}: {source}"`).
fn template_names_fields(cx: &Ctxt, variant: &Variant<'_>) {
    if variant.fmt.is_some() {
        return;
    }
    let inherited = format!(
        "the enum's message, which `{}` inherits (give it a `message` of its own),",
        variant.ident
    );
    let texts = [
        (
            if variant.inherited {
                inherited.as_str()
            } else {
                "message"
            },
            &variant.message,
        ),
        ("the `display` text", &variant.display),
    ];
    for &(what, message) in &texts {
        if let Some(message) = message {
            template_names_fields_of(cx, variant, what, message);
        }
    }
}

fn template_names_fields_of(
    cx: &Ctxt,
    variant: &Variant<'_>,
    what_names: &str,
    message: &crate::ast::Message,
) {
    let Some(template) = &message.template else {
        return;
    };
    let skipped = |arg: &dyn core::fmt::Display| {
        format!(
            "{what_names} names `{arg}`, a `skip` field; `skip` keeps a value (a secret, \
             personal data) out of `data` and out of every message and log text, so it can \
             never leak; remove `skip` to send it, or leave it out of the template"
        )
    };
    let mut reported = Vec::new();
    for &arg in &template.args() {
        if reported.contains(&arg) {
            continue;
        }
        reported.push(arg);
        match message.target(variant, arg) {
            Some(Target::Arg) => {}
            Some(Target::Field(field)) => {
                if field.attrs.skip.is_some() {
                    cx.error_spanned_by(message.tokens, skipped(&format_args!("{{{arg}}}")));
                }
            }
            // `{MSG}` (a constant in scope) and `{self}` are left to `format_args!`'s
            // implicit capture, as in thiserror 2; a name with a lower-case letter is taken
            // for a mistyped field.
            None if matches!(arg, Arg::Named(name) if captured_from_scope(name)) => {}
            None if matches!(arg, Arg::Positional(_)) => {
                let msg = if message.positional() == 0 {
                    "template placeholders must name a field, e.g. `{reason}` or `{0}`, or \
                     take an argument: `message(\"{} rows\", .rows.len())`"
                        .to_owned()
                } else {
                    format!(
                        "{what_names} has more `{{}}` placeholders than its {} positional \
                         arguments",
                        message.positional()
                    )
                };
                cx.error_spanned_by(message.tokens, msg);
            }
            None => {
                let what = match arg {
                    Arg::Named(_) => "field",
                    _ => "tuple field",
                };
                let msg = if variant.fields.is_empty() {
                    format!(
                        "{what_names} names `{{{arg}}}`, but `{}` has no fields",
                        variant.ident
                    )
                } else {
                    let list = field_names(variant);
                    format!(
                        "{what_names} names `{{{arg}}}`, but `{}` has no {what} `{arg}`; its fields are {}",
                        variant.ident,
                        symbol::quoted_list(&list)
                    )
                };
                cx.error_spanned_by(message.tokens, msg);
            }
        }
    }
    // `.field` in the extra arguments: a field of the variant, never a `skip` one.
    for fmt_arg in &message.args {
        crate::template::replace_members(&fmt_arg.tokens, &mut |arg, span| {
            match variant.field(arg) {
                Some(field) if field.attrs.skip.is_some() => {
                    cx.syn_error(syn::Error::new(span, skipped(&format_args!(".{arg}"))));
                }
                Some(_) => {}
                None => {
                    let list = field_names(variant);
                    cx.syn_error(syn::Error::new(
                        span,
                        format_args!(
                            "`.{arg}` names no field of `{}`; its fields are {}",
                            variant.ident,
                            symbol::quoted_list(&list)
                        ),
                    ));
                }
            }
            proc_macro2::TokenStream::new()
        });
    }
}

/// The names of a variant's fields, in declaration order.
fn field_names<'v>(variant: &'v Variant<'_>) -> Vec<&'v str> {
    let mut names = Vec::new();
    for field in &variant.fields {
        names.push(field.name.as_str());
    }
    names
}

/// Whether a template's `{name}` that names no field is left to `format_args!`'s implicit
/// capture: `self`, or an upper-case name (a constant or static, by Rust's naming rules).
pub fn captured_from_scope(name: &str) -> bool {
    if name == "self" {
        return true;
    }
    for c in name.chars() {
        if c.is_lowercase() {
            return false;
        }
    }
    true
}

/// `from_error_object` builds a value of one concrete type; for a generic type it would need
/// a `Deserialize` bound per parameter it cannot know.
fn decode_is_not_generic(cx: &Ctxt, input: &Input<'_>) {
    if let Some(decode) = &input.attrs.decode
        && input.generics.type_params().next().is_some()
    {
        cx.syn_error(decode.error(
            "`decode` is not supported on a generic type; decode into a concrete type alias's \
             own enum instead",
        ));
    }
}

/// `from_error_object` reads fields back from `data`: a field its author never mentioned for
/// the wire is not sent, so it could not be read. The author says what it is: sent (`data`,
/// or `data_fields` for every field), or kept off and decoded as `Default` (`skip`,
/// `message_only`).
fn decoded_fields_are_sent(cx: &Ctxt, input: &Input<'_>) {
    if input.attrs.decode.is_none() {
        return;
    }
    for variant in &input.variants {
        if variant.is_transparent() {
            continue;
        }
        for field in &variant.fields {
            if field.unmentioned() {
                cx.error_spanned_by(
                    field.tokens(),
                    format_args!(
                        "field `{}` is not sent (a field without a wire attribute stays out of \
                         `data`), so `from_error_object` could not read it back; mark it \
                         `#[mcp(data)]` to send it (`data_fields` on the variant or the enum \
                         sends every field), or `#[mcp(skip)]` to decode it as `Default`",
                        field.name
                    ),
                );
            }
        }
    }
}

/// `from_error_object` calls the runtime's decoder, which the core compiles only with its
/// `client` feature. The facade's `client` feature turns on this crate's too, so `client` here
/// says whether the runtime has the decoder. `false` when `decode` was reported, so that its
/// other rules do not add a second error at the same token.
fn decode_has_its_runtime(cx: &Ctxt, input: &Input<'_>, client: bool) -> bool {
    match &input.attrs.decode {
        Some(decode) if !client => {
            cx.syn_error(decode.error(
                "`decode` needs mcp-errors' `client` feature: `features = [\"client\"]` on the \
                 mcp-errors dependency",
            ));
            false
        }
        _ => true,
    }
}

/// `Error::source` returns `&(dyn Error + 'static)`: a source that borrows cannot be one
/// (thiserror's rule, with its reason).
fn sources_are_static(cx: &Ctxt, variant: &Variant<'_>) {
    for field in &variant.fields {
        if field.is_source() && has_non_static_lifetime(&quote::ToTokens::to_token_stream(field.ty))
        {
            cx.error_spanned_by(
                field.ty,
                "a source cannot borrow: `Error::source` returns `&(dyn Error + 'static)`; own \
                 the error (or an `Arc` of it), or keep it out of the source with `skip`",
            );
        }
    }
}

fn has_non_static_lifetime(tokens: &proc_macro2::TokenStream) -> bool {
    use proc_macro2::TokenTree;
    // `'` or `&` when the previous token was one: a lifetime other than `'static` follows
    // `'`, and an elided reference lifetime (`&io::Error`) borrows too.
    let mut after = None;
    for tree in tokens.clone() {
        let borrows = match (after.take(), &tree) {
            (Some('\''), TokenTree::Ident(id)) => id != "static",
            (Some('&'), TokenTree::Punct(q)) => q.as_char() != '\'',
            (Some(_), _) => true,
            (None, _) => false,
        };
        if borrows {
            return true;
        }
        match &tree {
            TokenTree::Punct(p) if matches!(p.as_char(), '\'' | '&') => after = Some(p.as_char()),
            TokenTree::Group(group) if has_non_static_lifetime(&group.stream()) => return true,
            _ => {}
        }
    }
    after.is_some()
}

/// The enum's default text is a template or a function, not both.
fn enum_message_is_one_kind(cx: &Ctxt, input: &Input<'_>) {
    if let (Some(_), Some(fmt)) = (&input.attrs.message, &input.attrs.fmt) {
        cx.syn_error(fmt.error(
            "`fmt` cannot be combined with `message` on the enum; choose the default template \
             or the default function",
        ));
    }
}

/// `fmt = path` writes the whole `Display`: a message or `display` text beside it would be
/// ignored, and a `catch_all` or `transparent` variant shows its inner error.
fn fmt_stands_alone(cx: &Ctxt, variant: &Variant<'_>) {
    let Some(fmt) = &variant.attrs.fmt else {
        return;
    };
    let a = &variant.attrs;
    let others = [
        (symbol::MESSAGE, whole(a.message.as_ref())),
        (symbol::DISPLAY, whole(a.display.as_ref())),
        (symbol::CATCH_ALL, whole(a.catch_all.as_ref())),
    ];
    for &(key, tokens) in &others {
        if tokens.is_some() {
            cx.syn_error(fmt.error(format_args!(
                "`fmt` cannot be combined with `{key}`; the function writes the variant's \
                 `Display` and wire message, a doc comment gives the catalog's text"
            )));
        }
    }
}

/// Each field has one role on the wire; the only meaningful pairs are `source` + `details`
/// (the cause, shown as details), `retry_after` + `skip` (a delay that is not serialized),
/// `retry_after` + `data` (a delay serialized under its key too) and `data` + `text` (sent,
/// as its text). `rename` only means something for a field serialized under its own key.
fn field_roles_are_compatible(cx: &Ctxt, variant: &Variant<'_>) {
    const ALLOWED: &[(&str, &str)] = &[
        (symbol::SOURCE, symbol::DETAILS),
        (symbol::FROM, symbol::DETAILS),
        (symbol::RETRY_AFTER, symbol::SKIP),
        (symbol::DATA, symbol::RETRY_AFTER),
        (symbol::DATA, symbol::TEXT),
    ];
    if variant.is_transparent() {
        return;
    }
    for field in &variant.fields {
        // Each pair of flags, the earlier one first.
        let mut earlier_flags: Vec<&str> = Vec::new();
        for &(later, tokens) in &field.attrs.given() {
            if later == symbol::RENAME {
                continue;
            }
            for &earlier in &earlier_flags {
                let ok = ALLOWED.contains(&(earlier, later)) || ALLOWED.contains(&(later, earlier));
                let implied = [earlier, later] == [symbol::SOURCE, symbol::FROM];
                if implied {
                    let source = match &field.attrs.source {
                        Some(s) => s.whole,
                        None => tokens,
                    };
                    cx.error_spanned_by(
                        source,
                        "`from` already makes the field the source; remove `source`",
                    );
                } else if !ok {
                    let why = if earlier == symbol::DATA {
                        data_conflict(later)
                    } else if later == symbol::DATA {
                        data_conflict(earlier)
                    } else {
                        ""
                    };
                    cx.error_spanned_by(
                        tokens,
                        format_args!("`{later}` cannot be combined with `{earlier}`{why}"),
                    );
                }
            }
            earlier_flags.push(later);
        }
        let a = &field.attrs;
        if let Some(rename) = &a.rename
            && field.data_key().is_none()
        {
            let role = if a.details.is_some() {
                symbol::DETAILS
            } else if a.source.is_some() {
                symbol::SOURCE
            } else if a.from.is_some() {
                symbol::FROM
            } else if a.retryable.is_some() {
                symbol::RETRYABLE
            } else if a.message_only.is_some() {
                symbol::MESSAGE_ONLY
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

/// Why `data` (the field into `data` under its key) does not go with `role`, and the fix.
fn data_conflict(role: &str) -> &'static str {
    match role {
        symbol::SKIP => {
            ": `skip` keeps the field off the wire and `data` sends it; keep the one you mean"
        }
        symbol::MESSAGE_ONLY => {
            ": `message_only` keeps the field out of `data` and `data` puts it there; keep the \
             one you mean"
        }
        symbol::DETAILS => ": a `details` field is always sent as `data.details`; remove `data`",
        symbol::RETRYABLE => ": the flag is sent as `data.retryable`; remove `data`",
        // `source`, `from`: the cause, which is no `Serialize` value.
        _ => {
            ": a source reaches the wire only as `details` (add `details`) or where the \
             message names it; remove `data`"
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
    // A `from` beside another source is reported by `from_has_no_other_fields`.
    for &(key, get) in &roles {
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

/// A number in a `retry_after` field is whole seconds; a field whose name gives another unit
/// (`retry_after_ms: u64`, `millis_left`, `waitMs`) would announce a delay a thousand times
/// off. The name's words are compared: a unit written out (`millis`, `usec`, `minutes`,
/// `hours`, ...) anywhere, an abbreviation that can mean something else (`ms`, `us`, `ns`:
/// `ms_graph_delay`, `us_east_delay`) only last. `min` is left alone (`delay_min` is a
/// minimum). A `Duration` carries its unit, so its name does not matter.
fn retry_after_is_in_seconds(cx: &Ctxt, variant: &Variant<'_>) {
    const ANYWHERE: &[&str] = &[
        "msec",
        "msecs",
        "millis",
        "millisec",
        "millisecs",
        "millisecond",
        "milliseconds",
        "usec",
        "usecs",
        "micros",
        "microsecond",
        "microseconds",
        "nsec",
        "nsecs",
        "nanos",
        "nanosecond",
        "nanoseconds",
        "mins",
        "minute",
        "minutes",
        "hr",
        "hrs",
        "hour",
        "hours",
        "day",
        "days",
    ];
    const LAST: &[&str] = &["ms", "us", "ns"];
    for field in &variant.fields {
        let Some(attr) = &field.attrs.retry_after else {
            continue;
        };
        // The words as a derived symbol splits them: `waitMs` and `wait_ms` give `WAIT_MS`.
        let words = names::screaming_snake(&field.name).to_ascii_lowercase();
        let mut unit = None;
        let mut last = "";
        for word in words.split('_') {
            if unit.is_none() && ANYWHERE.contains(&word) {
                unit = Some(word);
            }
            last = word;
        }
        if unit.is_none() && LAST.contains(&last) {
            unit = Some(last);
        }
        let Some(unit) = unit else {
            continue;
        };
        if names::contains(&type_text(field.ty), "Duration") {
            continue;
        }
        cx.syn_error(attr.error(format_args!(
            "`retry_after` reads a number as whole seconds, but `{}` is named in `{unit}`; \
             make the field a `std::time::Duration` (`Duration::from_millis`, ...), or hold \
             seconds in a field named for them",
            field.name
        )));
    }
}

/// A generated `From<T>` has only the `T` to build the variant from (thiserror's rule: no
/// fields besides the source).
fn from_has_no_other_fields(cx: &Ctxt, variant: &Variant<'_>) {
    let mut from = None;
    for field in &variant.fields {
        if let Some(attr) = &field.attrs.from {
            from = Some((field, attr));
            break;
        }
    }
    let Some((field, from)) = from else {
        return;
    };
    let mut others = Vec::new();
    let mut other_source = false;
    for f in &variant.fields {
        if f.member != field.member {
            others.push(f.name.as_str());
        }
        other_source |= f.attrs.source.is_some();
    }
    if others.is_empty() {
        return;
    }
    // With another source the field cannot stay one either: a variant has one source.
    let fix = if other_source {
        "remove `from`"
    } else {
        "mark the field `source` instead"
    };
    cx.syn_error(from.error(format_args!(
        "`from` needs a variant without other fields: `From<{}>` would have no value for {}; \
         {fix} and build `{}` with `map_err`",
        type_text(from_type(field.ty)),
        symbol::quoted_list(&others),
        variant.ident,
    )));
}

/// One `From<T>` per type: a second would conflict with the first (rustc's E0119, which does
/// not say which variants).
fn from_types_are_unique(cx: &Ctxt, input: &Input<'_>) {
    let mut types = Vec::new();
    let mut uses = Vec::new();
    for variant in &input.variants {
        for field in &variant.fields {
            let tokens = match (&field.attrs.from, &variant.attrs.catch_all) {
                (Some(from), _) => from.whole,
                (None, Some(catch_all)) if field.caught => catch_all.whole,
                _ => continue,
            };
            types.push(type_text(from_type(field.ty)));
            uses.push((tokens, "", variant));
        }
    }
    let first = first_uses(&types);
    for i in 0..first.len() {
        let f = first[i];
        if f != i {
            let (tokens, _, variant) = uses[i];
            let ty = &types[i];
            cx.error_spanned_by(
                tokens,
                format_args!(
                    "`From<{ty}>` is already generated for `{}`; one type converts into one \
                     variant, so build `{}` with `map_err`",
                    uses[f].2.ident, variant.ident
                ),
            );
        }
    }
}

/// The type a `from` field converts from: `T` for an `Option<T>` field, else the field's.
pub fn from_type(ty: &syn::Type) -> &syn::Type {
    if let syn::Type::Path(path) = ty
        && path.qself.is_none()
        && let Some(last) = path.path.segments.last()
        && last.ident == "Option"
        && let syn::PathArguments::AngleBracketed(args) = &last.arguments
        && args.args.len() == 1
        && let syn::GenericArgument::Type(inner) = &args.args[0]
    {
        return inner;
    }
    ty
}

/// A type as the user would write it in a message: `std::io::Error`.
fn type_text(ty: &syn::Type) -> String {
    let text = quote::ToTokens::to_token_stream(ty).to_string();
    let mut text = text;
    for &(from, to) in &[
        (" :: ", "::"),
        (":: ", "::"),
        (" < ", "<"),
        (" <", "<"),
        ("< ", "<"),
        (" >", ">"),
        (" ,", ","),
        ("& ", "&"),
    ] {
        text = names::replace(&text, from, to);
    }
    text
}

/// Two fields under one key would overwrite each other in `data`, and the keys the envelope
/// writes itself (`domain`, `symbol`, ...) must keep their meaning.
fn data_keys_are_unique_and_free(cx: &Ctxt, variant: &Variant<'_>) {
    if variant.is_transparent() {
        for constant in &variant.attrs.data {
            cx.error_spanned_by(
                constant.whole,
                "a `transparent` variant's `data` is its inner error's; constant `data` \
                 members go on the inner error's variant",
            );
        }
        return;
    }
    // Few fields per variant: a list is enough.
    // Each key used, and (same index) the field that uses it.
    let mut keys: Vec<String> = Vec::new();
    let mut fields: Vec<&str> = Vec::new();
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
        } else if let Some(first) = field_using(&keys, &fields, &key) {
            cx.error_spanned_by(
                field.key_tokens(),
                format_args!("duplicate data key `{key}`; field `{first}` already uses it"),
            );
        } else {
            keys.push(key);
            fields.push(&field.name);
        }
    }
    // Constant members (`data(code = "...")`) share the keys' namespace.
    let mut constants: Vec<&str> = Vec::new();
    for constant in &variant.attrs.data {
        let key = constant.key.as_str();
        if symbol::RESERVED_DATA_KEYS.contains(&key) {
            cx.error_spanned_by(
                constant.whole,
                format_args!("data key `{key}` is reserved for the envelope"),
            );
        } else if let Some(field) = field_using(&keys, &fields, key) {
            cx.error_spanned_by(
                constant.whole,
                format_args!("duplicate data key `{key}`; field `{field}` already uses it"),
            );
        } else if constants.contains(&key) {
            cx.error_spanned_by(
                constant.whole,
                format_args!("duplicate constant data key `{key}`"),
            );
        } else {
            constants.push(key);
        }
    }
}

/// The field that already uses the data key `key`.
fn field_using<'s>(keys: &[String], fields: &[&'s str], key: &str) -> Option<&'s str> {
    for i in 0..keys.len() {
        if keys[i] == key {
            return Some(fields[i]);
        }
    }
    None
}

/// A code identifies one variant on the wire; two variants with one code cannot be told apart
/// by a client.
fn codes_are_unique(cx: &Ctxt, input: &Input<'_>) {
    // Plain `i32` and `usize` lists, which the derive sorts and builds elsewhere too: each
    // list of another type is one more copy of `Vec`'s code in the derive's build.
    let mut codes = Vec::new();
    // The index of the variant each code is written on.
    let mut owners = Vec::new();
    for index in 0..input.variants.len() {
        let variant = &input.variants[index];
        if let Some(code) = &variant.attrs.code
            && !variant.is_transparent()
        {
            codes.push(code.value);
            owners.push(index);
        }
    }
    let first = first_uses(&codes);
    // Whether the first use of each code was pointed at: the first plain duplicate does.
    let mut noted: Vec<usize> = vec![0; codes.len()];
    for i in 0..first.len() {
        let f = first[i];
        if f == i {
            continue;
        }
        let (variant, earlier) = (&input.variants[owners[i]], &input.variants[owners[f]]);
        let (Some(code), Some(earlier_code)) = (&variant.attrs.code, &earlier.attrs.code) else {
            continue;
        };
        let first_use = CodeUse {
            code: earlier_code.value,
            symbol: &earlier.symbol,
            shared: earlier.attrs.shared_code.is_some(),
        };
        let second_use = CodeUse {
            code: code.value,
            symbol: &variant.symbol,
            shared: variant.attrs.shared_code.is_some(),
        };
        let Some(finding) = rules::duplicate_code(&first_use, &second_use) else {
            continue;
        };
        cx.error_at(&code.whole, &finding);
        if let Finding::DuplicateCode {
            sharing: Sharing::Neither,
            ..
        } = finding
            && noted[f] == 0
        {
            noted[f] = 1;
            cx.error_at(
                &earlier_code.whole,
                &format_args!(
                    "code {} is first used here, by `{}`",
                    earlier_code.value, earlier.ident
                ),
            );
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
    for variant in &input.variants {
        if let Some(code) = &variant.attrs.code
            && !variant.is_transparent()
            && let Some(finding) = rules::code_in_range(code.value, CodeSpan::new(start, end))
        {
            cx.error_at(&code.whole, &finding);
        }
    }
}

/// `reserved = [...]` retires codes for good (a client may still meet them in old logs and
/// old peers): no variant may use one, and, with a `range`, each lies inside it, so that
/// `assert_disjoint!` and `Registry::check` keep other enums off it too.
fn reserved_codes_stay_retired(cx: &Ctxt, input: &Input<'_>) {
    let reserved = &input.attrs.retired;
    if let Some(range) = &input.attrs.range {
        let range = CodeSpan::new(range.value.0, range.value.1);
        for retired in reserved {
            let outside = match rules::code_in_range(retired.codes.lo, range) {
                Some(finding) => Some(finding),
                None => rules::code_in_range(retired.codes.hi, range),
            };
            if let Some(finding) = outside {
                cx.error_at(&retired.tokens, &finding);
            }
        }
    }
    for variant in &input.variants {
        let Some(code) = &variant.attrs.code else {
            continue;
        };
        if variant.is_transparent() {
            continue;
        }
        // One retired entry at a time: the note points at the one that holds the code.
        for retired in reserved {
            if let Some(finding) =
                rules::reserved_code(code.value, core::slice::from_ref(&retired.codes))
            {
                cx.error_at(&code.whole, &finding);
                cx.error_at(
                    &retired.tokens,
                    &format_args!("code {} is reserved here", code.value),
                );
                break;
            }
        }
    }
}

/// `fleet = "..."` reads a TOML file at compile time, which only the `fleet` feature brings
/// (a server without a fleet does not compile a TOML parser).
fn fleet_needs_its_feature(cx: &Ctxt, input: &Input<'_>, enabled: bool) {
    if let Some(fleet) = &input.attrs.fleet
        && !enabled
    {
        cx.syn_error(fleet.error(
            "`fleet` checks the enum against a fleet file at compile time, which needs the \
                 `fleet` feature: `mcp-errors = { version = \"0.1\", features = [\"fleet\"] }`",
        ));
    }
}

/// Implementations' own codes lie outside -32768..=-32000 (MCP 2026-07-28; the Node fleet's
/// numeric ranges: "application errors will use positive codes"): `rules::protocol_band`,
/// whose bands `tests/ui/reserved-range/` and `tests/test_protocol_codes.rs` tie to
/// `mcp_errors::jsonrpc`. A misplaced `legacy` is reported at the mark, the rest at the code.
fn reserved_codes_follow_the_bands(cx: &Ctxt, input: &Input<'_>) {
    let protocol = input.is_protocol();
    for variant in &input.variants {
        let Some(code) = &variant.attrs.code else {
            continue;
        };
        if variant.is_transparent() {
            continue;
        }
        let legacy = variant.attrs.legacy.as_ref();
        // A `legacy` that did not parse was reported already; do not also call the code unmarked.
        let marked = legacy.is_some() || variant.attrs.seen.mentioned(symbol::LEGACY);
        match rules::protocol_band(code.value, protocol, marked) {
            Some(finding @ Finding::LegacyOutsideBand { .. }) => {
                if let Some(legacy) = legacy {
                    cx.error_at(&legacy.whole, &finding);
                }
            }
            Some(finding) => cx.error_at(&code.whole, &finding),
            None => {}
        }
    }
}

/// Symbols are matched by clients in many languages (the Node fleet's `E_PW_NAV`); one strict
/// format keeps them greppable and usable as constant names.
fn symbols_are_well_formed(cx: &Ctxt, input: &Input<'_>) {
    let prefix_ok = names::is_valid_symbol_prefix(&input.prefix);
    for variant in &input.variants {
        if variant.is_transparent() {
            continue;
        }
        match &variant.attrs.symbol {
            Some(symbol) => {
                if let Some(finding) = rules::symbol(&symbol.value.value(), NameRole::Symbol) {
                    cx.error_at(&symbol.value_span, &finding);
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
            if let Some(finding) = rules::symbol(&alias.value.value(), NameRole::Alias) {
                cx.error_at(&alias.value_span, &finding);
            }
        }
    }
}

/// Decoding picks the variant by `data.symbol`, so symbols and aliases share one namespace.
fn symbols_are_unique(cx: &Ctxt, input: &Input<'_>) {
    let mut names = Vec::new();
    // Where each name is written, its role's word and its variant.
    let mut uses = Vec::new();
    for variant in &input.variants {
        // A variant without a code was reported as such.
        if variant.attrs.code.is_none() || variant.is_transparent() {
            continue;
        }
        let own = match &variant.attrs.symbol {
            Some(symbol) => symbol.value_span,
            None => SpanRange::single(variant.ident.span()),
        };
        names.push(variant.symbol.clone());
        uses.push((own, SYMBOL, variant));
        for alias in &variant.attrs.aliases {
            names.push(alias.value.value());
            uses.push((alias.value_span, ALIAS, variant));
        }
    }
    let first = first_uses(&names);
    for i in 0..first.len() {
        let f = first[i];
        let (tokens, what, variant) = uses[i];
        if f != i
            && let (Some(first_code), Some(code)) = (&uses[f].2.attrs.code, &variant.attrs.code)
        {
            let role = if what == ALIAS {
                NameRole::Alias
            } else {
                NameRole::Symbol
            };
            let first_use = NameUse {
                name: &names[f],
                role: NameRole::Symbol,
                code: first_code.value,
            };
            let second_use = NameUse {
                name: &names[i],
                role,
                code: code.value,
            };
            cx.error_at(&tokens, &rules::duplicate_name(&first_use, &second_use));
        }
    }
}

/// What a name is used as, in `symbols_are_unique`'s list (a `&str` there, as the derive's
/// other lists of spans: a list of one more type is one more copy of `Vec`'s code).
const SYMBOL: &str = "symbol";
const ALIAS: &str = "alias";

/// Each symbol and alias becomes a `pub const` of the enum (`E::E_PW_NAV`), but a variant wins
/// path resolution: with a variant of the same name, `E::IO` names the variant and the
/// constant can never be reached (`match code { E::IO => .. }` stops compiling, far from the
/// cause). Invalid symbols are reported by `symbols_are_well_formed` instead.
fn symbols_do_not_name_variants(cx: &Ctxt, input: &Input<'_>) {
    let is_variant =
        |name: &str| names::symbol_problem(name).is_none() && input.names_variant(name);
    let ty = input.ident;
    let prefix_ok = names::is_valid_symbol_prefix(&input.prefix);
    // A derived symbol naming a variant (`I16`, `E0`) gets the constant `I16_CODE` instead
    // (`Input::symbol_constant`); only that name may still be taken.
    let taken = |name: &str| {
        if is_variant(name) {
            return true;
        }
        for v in &input.variants {
            if v.symbol == name {
                return true;
            }
            for alias in &v.attrs.aliases {
                if alias.value.value() == name {
                    return true;
                }
            }
        }
        false
    };
    for variant in &input.variants {
        if variant.is_transparent() {
            continue;
        }
        let name = &variant.symbol;
        if is_variant(name) {
            match &variant.attrs.symbol {
                Some(symbol) => cx.syn_error(symbol.value_error(format_args!(
                    "symbol `{name}` also names a variant, so `{ty}::{name}` would be the \
                     variant, not the symbol's constant; choose another `symbol = \"...\"`"
                ))),
                None if prefix_ok && taken(&input.symbol_constant(variant)) => {
                    cx.error_spanned_by(
                        variant.ident,
                        format_args!(
                            "symbol `{name}` (derived from `{}`) names a variant, so its \
                             constant is `{ty}::{name}_CODE`, but that name is taken too; set \
                             `symbol_prefix` or `#[mcp(symbol = \"...\")]`",
                            variant.ident
                        ),
                    );
                }
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

#[cfg(test)]
mod tests {
    use super::{decode_has_its_runtime, fleet_needs_its_feature};
    use crate::ast::Input;
    use crate::ctxt::Ctxt;

    /// Whatever features the tests run with, both answers of the rule.
    #[test]
    fn decode_without_the_client_runtime_names_the_feature() {
        let input: syn::DeriveInput = syn::parse_quote! {
            #[mcp(domain = "d", decode)]
            enum E {
                /// A
                #[mcp(code = 1)]
                A,
            }
        };
        for client in [false, true] {
            let cx = Ctxt::new();
            let model = Input::from_syn(&cx, &input).expect("the input parses");
            assert_eq!(decode_has_its_runtime(&cx, &model, client), client);
            match cx.check() {
                Ok(()) => assert!(client),
                Err(error) => {
                    assert!(!client);
                    assert!(
                        error.to_string().contains("features = [\"client\"]"),
                        "{error}"
                    );
                }
            }
        }
    }

    /// Whatever features the tests run with (compiletest turns `fleet` on), both answers.
    #[test]
    fn fleet_without_its_feature_names_the_feature() {
        let input: syn::DeriveInput = syn::parse_quote! {
            #[mcp(domain = "d", fleet = "fleet.toml")]
            enum E {
                /// A
                #[mcp(code = 1)]
                A,
            }
        };
        for enabled in [false, true] {
            let cx = Ctxt::new();
            let model = Input::from_syn(&cx, &input).expect("the input parses");
            fleet_needs_its_feature(&cx, &model, enabled);
            match cx.check() {
                Ok(()) => assert!(enabled),
                Err(error) => {
                    assert!(!enabled);
                    assert!(
                        error.to_string().contains("features = [\"fleet\"]"),
                        "{error}"
                    );
                }
            }
        }
    }
}
