//! The model of one derive input: [`Input`], [`Variant`], [`Field`], built from syn and the
//! parsed attributes, with the defaults of the attribute language resolved by methods.

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use syn::{Data, DeriveInput, Fields, Ident, LitStr, Member, Type};

use crate::attr::{
    self, Attr, Doc, EnumAttrs, FieldAttrs, FmtArg, Kind, MessageAttr, SpanRange, VariantAttrs,
};
use crate::ctxt::Ctxt;
use crate::names;
use crate::splice::splice;
use crate::symbol;
use crate::template::{Arg, Template};

pub struct Input<'a> {
    pub ident: &'a Ident,
    /// The type's parameters (lifetimes, types, consts): the catalog does not depend on them.
    pub generics: &'a syn::Generics,
    /// A struct: one error, one code; its "variant" is the struct itself (`Self { .. }`).
    pub is_struct: bool,
    pub attrs: EnumAttrs,
    pub variants: Vec<Variant<'a>>,
    /// `domain`, or empty when missing (reported).
    pub domain: String,
    /// `symbol_prefix`, or empty.
    pub prefix: String,
    /// No variant has a message, doc line, `fmt`, `display`, `transparent` or `catch_all`,
    /// and there is no enum-level message: the type implements `Display` itself (thiserror's
    /// `#[derive(Error)]` without `#[error]`). The derive writes no `Display`, the wire message
    /// is the `Display` text, and each catalog row shows the variant's name.
    pub hand_display: bool,
    /// Every variant's name without `r#`, sorted, for `symbol_constant` (built once: no
    /// per-variant scan of all variants).
    variant_names: Vec<String>,
}

impl Input<'_> {
    /// Whether `name` is a variant's name (without `r#`).
    pub fn names_variant(&self, name: &str) -> bool {
        self.variant_names
            .binary_search_by(|v| v.as_str().cmp(name))
            .is_ok()
    }
}

pub struct Variant<'a> {
    pub ident: &'a Ident,
    pub attrs: VariantAttrs,
    pub doc: Doc,
    pub fields: Vec<Field<'a>>,
    /// The message template, from `message = "..."` or the first doc line.
    pub message: Option<Message>,
    /// `display = "..."`: the `Display` text (logs), when it differs from the wire message.
    pub display: Option<Message>,
    /// The message is the enum's, inherited (errors about it say so).
    pub inherited: bool,
    /// `fmt = path` (the variant's, else the enum's when the variant has no message): the
    /// function that writes `Display` (and the wire message). `message` is then the catalog
    /// text only: the first doc line, else the path.
    pub fmt: Option<syn::Path>,
    /// `symbol = "..."`, else `names::derived_symbol` (prefix + `SCREAMING_SNAKE` of the name).
    pub symbol: String,
    /// Variant `kind`, else the enum's, else `protocol` for protocol enums, else `internal`.
    pub kind: Kind,
    /// Variant `retryable`, else the enum's, else the default of the resolved kind.
    pub retryable: bool,
}

/// A variant's message template and where it was written.
pub struct Message {
    /// The template as written (placeholders intact), for the catalog.
    pub text: String,
    /// A literal carrying the template's span, for `write!` and for errors.
    pub lit: LitStr,
    /// Where errors about the template point: the `message = "..."` value or the doc line.
    pub tokens: SpanRange,
    /// `None` when the template did not parse (already reported).
    pub template: Option<Template>,
    /// Extra format arguments: `message("{} rows", .rows.len())`.
    pub args: Vec<FmtArg>,
}

#[allow(clippy::struct_excessive_bools)] // roles a field has without attribute, each its own rule
pub struct Field<'a> {
    pub original: &'a syn::Field,
    pub member: Member,
    pub ty: &'a Type,
    pub attrs: FieldAttrs,
    /// `reason`, or `0` for a tuple field (no `r#`).
    pub name: String,
    /// A field named `source` without any attribute, in a variant where no other field is
    /// `source` or `from`: the source, as in thiserror.
    pub source_by_name: bool,
    /// The lone unnamed field of a variant, without attribute, which the message names
    /// (`Invalid(String)` with `"invalid input: {0}"`): it reaches the wire in the message
    /// only, not again in `data`. Not in a `decode` enum, which must read it back.
    pub message_only: bool,
    /// The lone unnamed field of a variant, without attribute or with `data` alone,
    /// otherwise: serialized (when it is) under `value` rather than `0`.
    pub lone: bool,
    /// The variant's or the enum's `data_fields`: the field goes into `data` unless a role
    /// keeps it out, as if it were marked `data`.
    pub data_fields: bool,
    /// The foreign error of a `catch_all` variant: its source, converted from by `From`.
    pub caught: bool,
}

impl<'a> Input<'a> {
    /// Builds the model, reporting parse errors to `cx`. `None` when the input is not an
    /// enum (nothing else can be checked then).
    pub fn from_syn(cx: &Ctxt, input: &'a DeriveInput) -> Option<Input<'a>> {
        let (attrs, struct_attrs) = match &input.data {
            Data::Enum(_) => (attr::parse_enum_attrs(cx, &input.attrs), None),
            Data::Struct(_) => {
                let (attrs, variant) = attr::parse_struct_attrs(cx, &input.attrs);
                (attrs, Some(variant))
            }
            Data::Union(u) => {
                cx.error_at(
                    &SpanRange::of(&u.union_token),
                    &"`McpError` cannot be derived for a union; use an enum (one variant per \
                     error) or a struct (one error)",
                );
                return None;
            }
        };
        // Parsed here once for its problems, which are reported under it; every variant
        // without a message of its own parses it again, quietly (`Variant::from_parts`).
        if let Some(m) = &attrs.message {
            Message::from_attr(cx, m);
        }
        let domain = match &attrs.domain {
            Some(d) => d.value.value(),
            None => String::new(),
        };
        let prefix = match &attrs.symbol_prefix {
            Some(p) => p.value.value(),
            None => String::new(),
        };
        let mut variants = Vec::new();
        match (&input.data, struct_attrs) {
            (Data::Struct(data), Some(variant_attrs)) => variants.push(Variant::from_parts(
                cx,
                Parts {
                    ident: &input.ident,
                    attrs: variant_attrs,
                    syn_attrs: &input.attrs,
                    fields: &data.fields,
                },
                &attrs,
                &prefix,
            )),
            (Data::Enum(data), _) => {
                // By `pairs`: `Punctuated::iter` boxes a `dyn` iterator, every method of which
                // would be generated again for the variants.
                for pair in data.variants.pairs() {
                    variants.push(Variant::from_syn(cx, pair.into_value(), &attrs, &prefix));
                }
            }
            _ => {}
        }
        let mut variant_names = Vec::new();
        for v in &variants {
            variant_names.push(names::unraw(v.ident));
        }
        crate::first_use::sort(&mut variant_names);
        let own_display = attrs.own_display.is_some();
        let hand_display = own_display || writes_no_text(&attrs, &variants);
        if hand_display {
            // The catalog's text: the doc line (documentation, not a template), else the
            // variant's name. `valid` rejects the keys that would write text of their own.
            for variant in &mut variants {
                let text = match &variant.doc.first {
                    Some((line, _)) if own_display => line.clone(),
                    _ => names::unraw(variant.ident),
                };
                variant.message = Some(Message::plain(
                    text,
                    SpanRange::single(variant.ident.span()),
                ));
                variant.inherited = false;
                variant.fmt = None;
            }
        }
        Some(Input {
            ident: &input.ident,
            generics: &input.generics,
            is_struct: matches!(input.data, Data::Struct(_)),
            attrs,
            variants,
            domain,
            prefix,
            hand_display,
            variant_names,
        })
    }

    /// The runtime's root path: `::mcp_errors` or `crate = "..."`.
    pub fn root(&self) -> TokenStream {
        if let Some(path) = &self.attrs.krate {
            path.value.to_token_stream()
        } else {
            splice!([] ::mcp_errors)
        }
    }

    /// The name of the constant that holds `variant`'s code: its symbol, or, for a symbol
    /// derived from a variant named like one (`I16`, `E0`: the variant would shadow the
    /// constant), the symbol with `_CODE` appended (`E::I16_CODE`).
    pub fn symbol_constant(&self, variant: &Variant<'_>) -> String {
        if variant.attrs.symbol.is_none() && self.names_variant(&variant.symbol) {
            format!("{}_CODE", variant.symbol)
        } else {
            variant.symbol.clone()
        }
    }

    pub fn is_protocol(&self) -> bool {
        self.attrs.protocol.is_some()
    }
}

/// Whether there are variants and none has a message or a key that writes text (see
/// [`Input::hand_display`]). Keys written but rejected count as written: a broken attribute
/// is no request for a hand-written `Display`.
fn writes_no_text(attrs: &EnumAttrs, variants: &[Variant<'_>]) -> bool {
    let mentions_text = |seen: &attr::Seen| {
        // A slice, not an array by value: no array iterator type more to compile.
        for &key in &[
            symbol::MESSAGE,
            symbol::FMT,
            symbol::DISPLAY,
            symbol::TRANSPARENT,
            symbol::CATCH_ALL,
        ] {
            if seen.mentioned(key) {
                return true;
            }
        }
        false
    };
    if variants.is_empty() || mentions_text(&attrs.seen) {
        return false;
    }
    for v in variants {
        if v.message.is_some() || mentions_text(&v.attrs.seen) {
            return false;
        }
    }
    true
}

/// What a variant is made of: for an enum, a `syn::Variant`; for a struct, the struct itself.
struct Parts<'a> {
    ident: &'a Ident,
    attrs: VariantAttrs,
    syn_attrs: &'a [syn::Attribute],
    fields: &'a Fields,
}

impl<'a> Variant<'a> {
    fn from_syn(
        cx: &Ctxt,
        variant: &'a syn::Variant,
        enum_attrs: &EnumAttrs,
        prefix: &str,
    ) -> Variant<'a> {
        let attrs = attr::parse_variant_attrs(cx, &variant.attrs);
        Variant::from_parts(
            cx,
            Parts {
                ident: &variant.ident,
                attrs,
                syn_attrs: &variant.attrs,
                fields: &variant.fields,
            },
            enum_attrs,
            prefix,
        )
    }

    /// A variant, or the one "variant" of a struct, from its parts.
    fn from_parts(
        cx: &Ctxt,
        parts: Parts<'a>,
        enum_attrs: &EnumAttrs,
        prefix: &str,
    ) -> Variant<'a> {
        let Parts {
            ident,
            mut attrs,
            syn_attrs,
            fields: syn_fields,
        } = parts;
        // thiserror's `transparent` over a foreign error, given a `code`: the inner error has
        // no code of its own, so the variant is a `catch_all`.
        if attrs.transparent.is_some() && attrs.code.is_some() && attrs.catch_all.is_none() {
            attrs.catch_all = attrs.transparent.take();
        }
        let symbol = match &attrs.symbol {
            Some(symbol) => symbol.value.value(),
            None => names::derived_symbol(prefix, &ident.to_string()),
        };
        let fallback = if enum_attrs.protocol.is_some() {
            "protocol"
        } else {
            "internal"
        };
        let kind = match (&attrs.kind, &enum_attrs.kind) {
            (Some(k), _) | (None, Some(k)) => k.value,
            (None, None) => Kind::parse(fallback).expect("known kind"),
        };
        let retryable = match (&attrs.retryable, &enum_attrs.retryable) {
            (Some(r), _) | (None, Some(r)) => r.value,
            (None, None) => kind.default_retryable(),
        };
        let doc = attr::parse_doc(syn_attrs);
        let mut fields: Vec<Field<'a>> = Vec::new();
        let data_fields = attrs.data_fields.is_some() || enum_attrs.data_fields.is_some();
        for field in syn_fields {
            fields.push(Field::from_syn(cx, fields.len(), field, data_fields));
        }
        // An explicit message (the variant's, then the enum's) wins over the doc line, which
        // a thiserror user wrote as documentation; a `fmt` function writes the text itself.
        let doc_message = || match &doc.first {
            Some((line, whole)) => Some(Message::new(
                cx,
                line.clone(),
                whole.end,
                *whole,
                Vec::new(),
            )),
            None => None,
        };
        // A `catch_all` shows its foreign error, as thiserror's `transparent` does: the enum's
        // message and `fmt` are not its own; its wire message is its doc line, else its kind's.
        let catch_all = attrs.catch_all.is_some();
        let inherited = attrs.transparent.is_none()
            && !catch_all
            && attrs.message.is_none()
            && attrs.fmt.is_none()
            && enum_attrs.message.is_some();
        let (message, fmt) = if attrs.transparent.is_some() {
            (None, None)
        } else if catch_all && attrs.message.is_none() && attrs.fmt.is_none() {
            let message = if let Some(message) = doc_message() {
                message
            } else {
                let text = kind.default_message().to_owned();
                let span = ident.span();
                Message::new(cx, text, span, SpanRange::single(span), Vec::new())
            };
            (Some(message), None)
        } else if let Some(message) = &attrs.message {
            (Some(Message::from_attr(cx, message)), None)
        } else if let Some(fmt) = &attrs.fmt {
            (
                Some(Message::of_fmt(&doc, &fmt.value)),
                Some(fmt.value.clone()),
            )
        } else if let Some(message) = &enum_attrs.message {
            (Some(Message::inherited(message)), None)
        } else if let Some(fmt) = &enum_attrs.fmt {
            (
                Some(Message::of_fmt(&doc, &fmt.value)),
                Some(fmt.value.clone()),
            )
        } else {
            (doc_message(), None)
        };
        let display = match &attrs.display {
            Some(display) => Some(Message::from_attr(cx, display)),
            None => None,
        };
        if attrs.catch_all.is_some() {
            if let [field] = &mut fields[..] {
                field.caught = true;
            }
        } else if attrs.transparent.is_none() {
            resolve_implicit_roles(&mut fields, message.as_ref(), enum_attrs.decode.is_some());
        }
        Variant {
            ident,
            attrs,
            doc,
            fields,
            message,
            display,
            inherited,
            fmt,
            symbol,
            kind,
            retryable,
        }
    }

    pub fn is_transparent(&self) -> bool {
        self.attrs.transparent.is_some()
    }

    pub fn code(&self) -> i32 {
        match &self.attrs.code {
            Some(code) => code.value,
            None => 0,
        }
    }

    /// The field a template argument names.
    pub fn field(&self, arg: &Arg) -> Option<&Field<'a>> {
        for field in &self.fields {
            if arg.names(&field.member, &field.name) {
                return Some(field);
            }
        }
        None
    }
}

/// Whether extra format arguments name `member` with a `.0` / `.field` shorthand.
fn names_member(tokens: &TokenStream, member: &Arg) -> bool {
    let mut found = false;
    crate::template::replace_members(tokens, &mut |arg, _| {
        found |= arg == member;
        TokenStream::new()
    });
    found
}

/// The roles a field has without an attribute saying so: a field named `source` is the
/// source (thiserror's rule) unless another field is marked `source` or `from`; the lone
/// unnamed field of a variant is shown by the message when the message names it, else (or
/// marked `data`) its key in `data`, when it is sent, is `value` (`data["0"]` says nothing
/// to a client).
fn resolve_implicit_roles(fields: &mut [Field<'_>], message: Option<&Message>, decode: bool) {
    let mut marked = false;
    for f in fields.iter() {
        marked |= f.attrs.source.is_some() || f.attrs.from.is_some();
    }
    for field in fields.iter_mut() {
        // `r#source` is not (thiserror's rule): the raw spelling says "just a name".
        let raw =
            matches!(&field.member, Member::Named(ident) if ident.to_string().starts_with("r#"));
        field.source_by_name =
            !marked && !raw && field.name == "source" && field.attrs.given().is_empty();
    }
    let [field] = fields else {
        return;
    };
    // No attribute, or `data` alone (which keeps the key a field without attribute had).
    let given = field.attrs.given();
    let bare = given.is_empty();
    if matches!(field.member, Member::Unnamed(_))
        && (bare || given.len() == 1 && given[0].0 == symbol::DATA)
    {
        let mut named = false;
        if let Some(m) = message {
            if let Some(template) = &m.template {
                for &arg in &template.args() {
                    named |= *arg == Arg::Index(0);
                }
            }
            for a in &m.args {
                named |= names_member(&a.tokens, &Arg::Index(0));
            }
        }
        if named && !decode && bare {
            field.message_only = true;
        } else {
            field.lone = true;
        }
    }
}

/// What a template placeholder refers to.
pub enum Target<'f, 'a> {
    Field(&'f Field<'a>),
    /// An extra format argument (positional or named).
    Arg,
}

impl Message {
    /// The number of positional extra arguments.
    pub fn positional(&self) -> usize {
        let mut count = 0;
        for a in &self.args {
            if a.name.is_none() {
                count += 1;
            }
        }
        count
    }

    /// Whether a named extra argument `name` exists.
    pub fn has_named(&self, name: &str) -> bool {
        attr::has_named(&self.args, name)
    }

    /// What `arg` refers to in `variant`: a named argument before a field of that name; a
    /// tuple field before the positional argument of that index (thiserror's order).
    pub fn target<'f, 'a>(&self, variant: &'f Variant<'a>, arg: &Arg) -> Option<Target<'f, 'a>> {
        match arg {
            Arg::Named(name) if self.has_named(name) => Some(Target::Arg),
            Arg::Named(_) => match variant.field(arg) {
                Some(field) => Some(Target::Field(field)),
                None => None,
            },
            Arg::Index(i) => match variant.field(arg) {
                Some(field) => Some(Target::Field(field)),
                None => (*i < self.positional()).then_some(Target::Arg),
            },
            Arg::Positional(i) => (*i < self.positional()).then_some(Target::Arg),
        }
    }

    fn new(cx: &Ctxt, text: String, span: Span, tokens: SpanRange, args: Vec<FmtArg>) -> Message {
        let template = match Template::parse(&text) {
            Ok(template) => Some(template),
            Err(msg) => {
                cx.error_at(&tokens, &msg);
                None
            }
        };
        Message {
            lit: LitStr::new(&text, span),
            text,
            tokens,
            template,
            args,
        }
    }

    /// `message = "..."` or `message("...", args)`.
    fn from_attr(cx: &Ctxt, attr: &Attr<MessageAttr>) -> Message {
        let lit = &attr.value.lit;
        Message::new(
            cx,
            lit.value(),
            lit.span(),
            SpanRange::single(lit.span()),
            attr.value.args.clone(),
        )
    }

    /// The enum's `message`, for a variant without one: parsed again rather than cloned (no
    /// clone code for templates in the derive's build); its problems were reported once, when
    /// the enum's key was read.
    fn inherited(attr: &Attr<MessageAttr>) -> Message {
        let quiet = Ctxt::new();
        let message = Message::from_attr(&quiet, attr);
        let _ = quiet.check();
        message
    }

    /// Plain text (not a template), for the catalog only, spanning `tokens`.
    fn plain(text: String, tokens: SpanRange) -> Message {
        let mut pieces = Vec::new();
        pieces.push(crate::template::Piece::Text(text.clone()));
        Message {
            lit: LitStr::new(&text, tokens.end),
            template: Some(Template { pieces }),
            text,
            tokens,
            args: Vec::new(),
        }
    }

    /// The catalog text of a `fmt` variant: its first doc line, else the function's path,
    /// as plain text (not a template: the function writes the message).
    fn of_fmt(doc: &Doc, path: &syn::Path) -> Message {
        let (text, tokens) = match &doc.first {
            Some((line, whole)) => (line.clone(), *whole),
            None => (
                names::replace(&path.to_token_stream().to_string(), " ", ""),
                SpanRange::of(path),
            ),
        };
        Message::plain(text, tokens)
    }
}

impl<'a> Field<'a> {
    /// `data_fields`: the variant's or the enum's, which sends the field unless a role keeps
    /// it out.
    fn from_syn(cx: &Ctxt, index: usize, field: &'a syn::Field, data_fields: bool) -> Field<'a> {
        let (member, name) = match &field.ident {
            Some(ident) => (Member::Named(ident.clone()), names::unraw(ident)),
            None => (Member::Unnamed(index.into()), index.to_string()),
        };
        Field {
            original: field,
            member,
            ty: &field.ty,
            attrs: attr::parse_field_attrs(cx, &field.attrs),
            name,
            source_by_name: false,
            message_only: false,
            lone: false,
            data_fields,
            caught: false,
        }
    }

    /// `Error::source`: marked `source` or `from`, or named `source` (see
    /// [`Field::source_by_name`]).
    pub fn is_source(&self) -> bool {
        self.attrs.source.is_some()
            || self.attrs.from.is_some()
            || self.source_by_name
            || self.caught
    }

    /// Whether the field reaches the wire in the message only: `message_only`, or the lone
    /// unnamed field the message names.
    pub fn is_message_only(&self) -> bool {
        self.message_only || self.attrs.message_only.is_some()
    }

    /// Whether a `From` impl converts into the field: `from`, or a `catch_all`'s error.
    pub fn is_from(&self) -> bool {
        self.attrs.from.is_some() || self.caught
    }

    /// Whether the author chose to send the field under a key of its own: its `data`,
    /// `rename` or `text`, or the variant's or enum's `data_fields`. Nothing else puts a
    /// field into `data`: a field the author never mentioned for the wire is not sent.
    pub fn chosen_for_data(&self) -> bool {
        let a = &self.attrs;
        a.data.is_some() || a.rename.is_some() || a.text.is_some() || self.data_fields
    }

    /// Whether nothing the author wrote says what the field does on the wire: no attribute,
    /// no `data_fields` over it, and no role by its name (`source`) or its variant
    /// (`catch_all`). Such a field is not sent (the message shows it where its template
    /// names it); `valid` rejects it in a `decode` enum, which could not read it back.
    pub fn unmentioned(&self) -> bool {
        self.attrs.given().is_empty() && !self.data_fields && !self.source_by_name && !self.caught
    }

    /// The key the field is serialized under in `data`, the one rule for which fields are
    /// sent: `rename`, else its name (`value` for a lone unnamed field), for a field the
    /// author chose for `data` ([`Field::chosen_for_data`]); `None` for any other field, and
    /// for one whose role keeps it out (`skip`, `source`, `from`, `details`, `retryable`,
    /// `message_only`). A `retry_after` field is serialized too when chosen, unless `skip`.
    /// The plan stores it per field; `valid` checks the keys are free and unique.
    pub fn data_key(&self) -> Option<String> {
        let a = &self.attrs;
        if !self.chosen_for_data()
            || a.skip.is_some()
            || self.is_source()
            || a.details.is_some()
            || a.retryable.is_some()
            || self.is_message_only()
        {
            return None;
        }
        Some(match &a.rename {
            Some(rename) => rename.value.value(),
            None if self.lone => "value".to_owned(),
            None => self.name.clone(),
        })
    }

    /// Where errors about the field itself point: its name, or its type for tuple fields.
    pub fn tokens(&self) -> TokenStream {
        match &self.original.ident {
            Some(ident) => ident.to_token_stream(),
            None => self.ty.to_token_stream(),
        }
    }

    /// Where errors about the field's key point: its `rename`, else the field.
    pub fn key_tokens(&self) -> TokenStream {
        match &self.attrs.rename {
            Some(rename) => rename.whole.to_token_stream(),
            None => self.tokens(),
        }
    }
}
