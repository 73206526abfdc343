//! The resolved plan of one valid derive input: what every emitter reads, and nothing else.
//!
//! `ast` keeps what the user wrote (attributes with their spans, defaults not yet applied
//! everywhere); `valid` checks it; [`Plan::new`] then resolves every value once: per variant
//! its catalog [`Row`] (code, symbol, kind, retryable, parsed message) or its transparent
//! inner field, and per field its [`FieldPlan`] flags. The emitters under `emit/` only read
//! the plan; none of them looks at attributes or re-derives a rule.
//!
//! A field has flags rather than one role: a field can be `source` and `details` at once, or
//! `retry_after` and serialized (or not, with `skip`). The catalog's single [`Role`] per field
//! (the runtime's `FieldRole`) is derived from the flags here, once.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::{Ident, LitStr, Member, Type};

use crate::ast::{self, Input};
use crate::attr::{Kind, Retired};
use crate::json;
use crate::names::unraw;
use crate::splice::splice;
use crate::template::{Arg, FmtTrait, Piece, Template};

/// The whole derive, resolved.
pub struct Plan<'a> {
    /// The enum.
    pub ident: &'a Ident,
    /// `<root>::__private`, the prefix of every runtime path.
    pub private: TokenStream,
    pub domain: String,
    /// `range = A..=B`.
    pub range: Option<(i32, i32)>,
    /// `reserved = [...]`: the retired codes, as written.
    pub reserved: &'a [Retired],
    /// `#[mcp(decode)]`: generate `from_error_object` (with the `client` feature; without it
    /// `decode` is an error, see `valid.rs`).
    #[cfg(feature = "client")]
    pub decode: bool,
    /// The type implements `Display` itself (`Input::hand_display`): no `impl Display`.
    pub hand_display: bool,
    /// Every variant, in declaration order.
    pub variants: Vec<VariantPlan<'a>>,
    /// The codes of the own rows, ascending (`OWN_CODES`, and the ends of `SPAN`), without
    /// `shared_code` ones: those are declared shared, not claimed.
    pub own_codes: Vec<i32>,
    /// The `shared_code` codes, ascending, once each (`SHARED_CODES`).
    pub shared_codes: Vec<i32>,
    /// The type's parameters; empty for most error types.
    pub generics: &'a syn::Generics,
    /// Bounds inferred as thiserror infers them, for each impl of a generic type (empty
    /// otherwise): see [`Bounds`].
    pub bounds: Bounds,
}

/// `where` predicates for the fields whose types mention a type parameter: what a template
/// shows (`Display`, or `Debug` for `{x:?}`), what goes into `data` (`Serialize`), what is a
/// source (`Error + 'static`), what `transparent` wraps, what decides retries.
#[derive(Default)]
pub struct Bounds {
    /// `impl Display` and `fmt_message`.
    pub display: Vec<TokenStream>,
    /// `impl Error` (its `source`).
    pub error: Vec<TokenStream>,
    /// `impl McpError` (data, retry, transparent delegation) besides `Self: Error`.
    pub mcp_error: Vec<TokenStream>,
    /// `impl ErrorCatalog` (transparent inner catalogs).
    pub catalog: Vec<TokenStream>,
}

/// One variant: its fields, and either its own catalog row or the inner error it forwards to.
pub struct VariantPlan<'a> {
    pub ident: &'a Ident,
    /// The "variant" of a struct: patterns are `Self { .. }`.
    pub is_struct: bool,
    pub fields: Vec<FieldPlan<'a>>,
    /// `data(key = literal)`: constant `data` members, written after the fields.
    pub data_consts: &'a [crate::attr::DataConst],
    pub shape: Shape<'a>,
}

/// Where a variant's catalog data comes from.
pub enum Shape<'a> {
    /// A row of its own in `ENTRIES`.
    Own(Box<Row<'a>>),
    /// `transparent`: everything comes from the inner error, the variant's only field.
    Transparent,
}

/// A variant's own catalog row, every default resolved.
#[allow(clippy::struct_excessive_bools)] // independent catalog facts, not one state
pub struct Row<'a> {
    /// Index into `ENTRIES` (own variants only, declaration order).
    pub index: usize,
    pub code: i32,
    pub symbol: String,
    /// The name of the symbol's constant (`Input::symbol_constant`).
    pub constant: String,
    pub aliases: Vec<String>,
    pub help: Option<String>,
    /// The doc URL: the variant's, else the enum's template, resolved (`rules::doc_url`).
    pub doc_url: Option<String>,
    /// Variant `kind`, else the enum's, else `protocol` for protocol enums, else `internal`.
    pub kind: Kind,
    /// The catalog default: variant `retryable`, else the enum's, else the kind's default.
    /// A `retryable` field decides per value on top of it.
    pub retryable: bool,
    /// The variant's name without `r#`, as the catalog shows it.
    pub name: String,
    /// The doc comment, lines joined with `\n`.
    pub doc: String,
    /// The message: the catalog's template text, the wire text, and the `Display` text
    /// unless `display` or `catch_all` says otherwise.
    pub message: Message<'a>,
    /// `display = "..."`: the `Display` text (logs), differing from the wire message.
    pub display: Option<Message<'a>>,
    /// `catch_all`: `Display` and `source` are the foreign error's, the variant's only field.
    pub catch_all: bool,
    /// `shared_code`: other variants (or types) use the same code on purpose.
    pub shared: bool,
    /// Fails as a JSON-RPC error (a `protocol` enum's variant, or one marked `protocol`),
    /// not as a tool error.
    pub json_rpc: bool,
    /// The TypeScript hierarchy's `errorType`: the variant's `error_type`, else the enum's; `None` for the
    /// kind's own.
    pub error_type: Option<String>,
}

/// A parsed message template, borrowed from the model.
pub struct Message<'a> {
    /// The template as written, placeholders intact (the catalog's `message`).
    pub text: String,
    /// Where the template was written; `write!` format strings carry it, so a type error in
    /// a placeholder points at the message.
    pub span: Span,
    pub template: &'a Template,
    /// Extra format arguments (`message("{} rows", .rows.len())`), as written.
    pub args: &'a [crate::attr::FmtArg],
    /// `fmt = path`: the function that writes the text; `text` is then the catalog's only.
    pub fmt: Option<&'a syn::Path>,
}

/// One field, resolved: what the emitters do with it, as independent flags.
#[allow(clippy::struct_excessive_bools)] // flags that combine, on purpose (not one role)
pub struct FieldPlan<'a> {
    pub member: Member,
    pub ty: &'a Type,
    /// The name without `r#` (`type` for `r#type`), or the index of a tuple field (`0`).
    pub name: String,
    /// The name a pattern binds the field to: the field's own identifier (`reason`,
    /// `r#type`), or a hygienic `field_0` for a tuple field.
    pub binding: Ident,
    /// The key it is serialized under in `data` (`rename`, else the name), for a field its
    /// author chose for `data` (`ast::Field::data_key`); `None` for every other field: one the
    /// author never mentioned for the wire, or whose role keeps it out (`skip`, `source`,
    /// `details`, `retryable`, `message_only`).
    pub data_key: Option<String>,
    /// Its `Display` fills `data.details`.
    pub details: bool,
    /// `Error::source`: marked `source` or `from`, or named `source`.
    pub source: bool,
    /// `from`: the type a generated `From` impl converts from (`T` of an `Option<T>` field).
    pub from: Option<&'a Type>,
    /// The type (or the `Option`'s) is spelled `Path`/`PathBuf` (also behind `&` or `Box`):
    /// `data` gets its text, lossily; templates its `display()`.
    pub path: bool,
    /// `text`: `data` gets its `Display` text (`Display` rather than `Serialize`).
    pub text: bool,
    /// `retry_after()` (and `data.retryAfterMs`); serialized as well when `data_key` is set.
    pub retry_after: bool,
    /// Decides `retryable()` per value.
    pub retryable: bool,
    /// `skip`: never reaches the wire; bound in `__mcp_row` only to keep it from being dead.
    pub skip: bool,
    /// The type is spelled `Option<..>`: `visit_data` leaves `None` out, `source` maps it.
    pub optional: bool,
    /// The inner error of a `transparent` variant.
    pub transparent: bool,
}

/// The single role a field has in the catalog (`FieldEntry::role`); mirrors the runtime's
/// `FieldRole`, tied to it by the facade's `tests/test_ties.rs`.
#[cfg_attr(test, derive(Clone, Copy, Debug, PartialEq))]
pub enum Role {
    Data,
    Skip,
    Details,
    Source,
    RetryAfter,
    Retryable,
    Transparent,
    Message,
}

impl Role {
    /// The runtime `FieldRole` variant name, from `symbol::FIELD_ROLES`.
    pub fn variant(self) -> &'static str {
        crate::symbol::FIELD_ROLES[self as usize]
    }
}

impl<'a> Plan<'a> {
    /// Resolves a model that `valid::check` accepted.
    pub fn new(input: &'a Input<'a>) -> Plan<'a> {
        let root = input.root();
        let mut next_row = 0;
        let mut variants: Vec<VariantPlan<'a>> = Vec::new();
        let mut own_codes: Vec<i32> = Vec::new();
        let mut shared_codes: Vec<i32> = Vec::new();
        for variant in &input.variants {
            let transparent = variant.is_transparent();
            let shape = if transparent {
                Shape::Transparent
            } else {
                let row = Row::new(input, variant, next_row);
                next_row += 1;
                if row.shared {
                    shared_codes.push(row.code);
                } else {
                    own_codes.push(row.code);
                }
                Shape::Own(Box::new(row))
            };
            let mut fields = Vec::new();
            for f in &variant.fields {
                fields.push(FieldPlan::new(f, transparent));
            }
            variants.push(VariantPlan {
                ident: variant.ident,
                is_struct: input.is_struct,
                fields,
                data_consts: &variant.attrs.data,
                shape,
            });
        }
        crate::first_use::sort(&mut own_codes);
        crate::first_use::sort(&mut shared_codes);
        // Each shared code once (`dedup` by hand, no copy of its own for `i32`).
        let mut distinct: Vec<i32> = Vec::with_capacity(shared_codes.len());
        for &code in &shared_codes {
            if distinct.last() != Some(&code) {
                distinct.push(code);
            }
        }
        let shared_codes = distinct;
        Plan {
            ident: input.ident,
            private: splice!([root] #root::__private),
            domain: input.domain.clone(),
            range: match &input.attrs.range {
                Some(range) => Some(range.value),
                None => None,
            },
            reserved: &input.attrs.retired,
            #[cfg(feature = "client")]
            decode: input.attrs.decode.is_some(),
            hand_display: input.hand_display,
            bounds: Bounds::infer(input, &variants),
            variants,
            own_codes,
            shared_codes,
            generics: input.generics,
        }
    }

    /// `(impl<..>, Type<..>, where ..)` for one generated impl of the type, with `bounds`
    /// (then `extra`) added to the type's own where clause. All three are empty (the type
    /// alone) for a type without parameters.
    pub fn header(
        &self,
        bounds: &[TokenStream],
        extra: Option<TokenStream>,
    ) -> (TokenStream, TokenStream, TokenStream) {
        let ident = self.ident;
        let (impl_generics, ty_generics, where_clause) = self.generics.split_for_impl();
        let mut predicates = TokenStream::new();
        if let Some(where_clause) = where_clause {
            // `pairs`, not `iter`: syn's `iter` is a boxed iterator, compiled once per type.
            for pair in where_clause.predicates.pairs() {
                let p = pair.value();
                predicates.extend(splice!([p] #p,));
            }
        }
        for p in bounds {
            predicates.extend(splice!([p] #p,));
        }
        if let Some(p) = extra {
            predicates.extend(splice!([p] #p,));
        }
        let where_clause = if predicates.is_empty() {
            TokenStream::new()
        } else {
            splice!([predicates] where #predicates)
        };
        (
            impl_generics.to_token_stream(),
            splice!([ident, ty_generics] #ident #ty_generics),
            where_clause,
        )
    }

    /// Whether the type has type or lifetime parameters.
    pub fn is_generic(&self) -> bool {
        !self.generics.params.is_empty()
    }

    /// Whether an own row has a doc URL (`DOC_URLS` and `doc_url()` are emitted).
    pub fn has_doc_urls(&self) -> bool {
        for (_, row) in self.own() {
            if row.doc_url.is_some() {
                return true;
            }
        }
        false
    }

    /// The variants with their own row.
    pub fn own(&self) -> Own<'_, 'a> {
        Own {
            variants: self.variants.iter(),
        }
    }

    /// The transparent variants, with their inner field.
    pub fn transparent(&self) -> Transparent<'_, 'a> {
        Transparent {
            variants: self.variants.iter(),
        }
    }

    pub fn has_own(&self) -> bool {
        self.own().next().is_some()
    }

    pub fn has_transparent(&self) -> bool {
        self.transparent().next().is_some()
    }

    /// What `McpError::__plain_catalog_text` promises: every wire message is its template (no
    /// hand-written `Display`, no `fmt` function, no inner error's), so a template without
    /// placeholders is the message itself; the domain and the symbols are this enum's, which
    /// `valid` checked; and no data key holds a character JSON escapes (a `rename` may; a
    /// `data(key = ..)` key is an identifier).
    pub fn plain_catalog_text(&self) -> bool {
        if self.hand_display || self.has_transparent() {
            return false;
        }
        for (variant, row) in self.own() {
            if row.message.fmt.is_some() {
                return false;
            }
            for f in &variant.fields {
                if let Some(key) = &f.data_key
                    && json::needs_escape(key)
                {
                    return false;
                }
            }
        }
        true
    }
}

/// [`Plan::own`]: a plain iterator rather than a `filter_map` adapter, which would be
/// instantiated with its closure (the derive's compile time).
pub struct Own<'p, 'a> {
    variants: core::slice::Iter<'p, VariantPlan<'a>>,
}

impl<'p, 'a> Iterator for Own<'p, 'a> {
    type Item = (&'p VariantPlan<'a>, &'p Row<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        for variant in &mut self.variants {
            if let Some(row) = variant.row() {
                return Some((variant, row));
            }
        }
        None
    }
}

/// [`Plan::transparent`], as [`Own`].
pub struct Transparent<'p, 'a> {
    variants: core::slice::Iter<'p, VariantPlan<'a>>,
}

impl<'p, 'a> Iterator for Transparent<'p, 'a> {
    type Item = (&'p VariantPlan<'a>, &'p FieldPlan<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        for variant in &mut self.variants {
            if let Some(field) = variant.inner() {
                return Some((variant, field));
            }
        }
        None
    }
}

impl<'a> VariantPlan<'a> {
    pub fn row(&self) -> Option<&Row<'a>> {
        match &self.shape {
            Shape::Own(row) => Some(row),
            Shape::Transparent => None,
        }
    }

    /// `Self::V`, or `Self` for a struct: what patterns and constructors start with.
    pub fn path(&self) -> TokenStream {
        let ident = self.ident;
        if self.is_struct {
            quote!(Self)
        } else {
            quote!(Self::#ident)
        }
    }

    /// The inner field of a transparent variant.
    pub fn inner(&self) -> Option<&FieldPlan<'a>> {
        match self.shape {
            Shape::Own(_) => None,
            Shape::Transparent => self.fields.first(),
        }
    }

    /// The first field whose flag `pick` selects (each such flag is on at most one field of a
    /// variant; `valid` checks it).
    pub fn field_with(&self, pick: fn(&FieldPlan<'_>) -> bool) -> Option<&FieldPlan<'a>> {
        for field in &self.fields {
            if pick(field) {
                return Some(field);
            }
        }
        None
    }

    /// The field a template argument names.
    pub fn field(&self, arg: &Arg) -> Option<&FieldPlan<'a>> {
        for field in &self.fields {
            if arg.names(&field.member, &field.name) {
                return Some(field);
            }
        }
        None
    }
}

impl<'a> Row<'a> {
    fn new(input: &Input<'_>, variant: &'a ast::Variant<'_>, index: usize) -> Row<'a> {
        let message = variant
            .message
            .as_ref()
            .expect("validated: message present");
        let mut aliases = Vec::new();
        for alias in &variant.attrs.aliases {
            aliases.push(alias.value.value());
        }
        let error_type = match (&variant.attrs.error_type, &input.attrs.error_type) {
            (Some(e), _) | (None, Some(e)) => Some(e.value.value()),
            (None, None) => None,
        };
        Row {
            index,
            code: variant.code(),
            symbol: variant.symbol.clone(),
            constant: input.symbol_constant(variant),
            aliases,
            help: match &variant.attrs.help {
                Some(h) => Some(h.value.value()),
                None => None,
            },
            doc_url: match match &variant.attrs.doc_url {
                Some(url) => Some(url),
                None => input.attrs.doc_url.as_ref(),
            } {
                Some(url) => crate::rules::doc_url::resolve_doc_url(
                    &url.value.value(),
                    &input.domain,
                    &variant.symbol,
                    variant.code(),
                )
                .ok(),
                None => None,
            },
            kind: variant.kind,
            retryable: variant.retryable,
            name: unraw(variant.ident),
            doc: variant.doc.joined(),
            json_rpc: input.is_protocol() || variant.attrs.protocol.is_some(),
            error_type,
            message: Message::new(message, variant.fmt.as_ref()),
            display: match &variant.display {
                Some(display) => Some(Message::new(display, None)),
                None => None,
            },
            catch_all: variant.attrs.catch_all.is_some(),
            shared: variant.attrs.shared_code.is_some(),
        }
    }

    /// Whether the wire message differs from `Display`: the derive then writes
    /// `McpError::fmt_message` for this row.
    pub fn own_wire_message(&self) -> bool {
        self.display.is_some() || self.catch_all
    }
}

impl<'a> Message<'a> {
    fn new(message: &'a ast::Message, fmt: Option<&'a syn::Path>) -> Message<'a> {
        Message {
            text: message.text.clone(),
            span: message.lit.span(),
            template: message
                .template
                .as_ref()
                .expect("validated: template parsed"),
            args: &message.args,
            fmt,
        }
    }

    /// Whether a named extra argument `name` exists.
    pub fn has_named(&self, name: &str) -> bool {
        crate::attr::has_named(self.args, name)
    }

    /// A string literal with the message's span.
    pub fn lit(&self, text: &str) -> LitStr {
        LitStr::new(text, self.span)
    }
}

impl<'a> FieldPlan<'a> {
    fn new(field: &ast::Field<'a>, transparent: bool) -> FieldPlan<'a> {
        let a = &field.attrs;
        let binding = match &field.member {
            Member::Named(ident) => ident.clone(),
            Member::Unnamed(index) => {
                Ident::new(&format!("field_{}", index.index), Span::mixed_site())
            }
        };
        FieldPlan {
            member: field.member.clone(),
            ty: field.ty,
            name: field.name.clone(),
            binding,
            data_key: if transparent { None } else { field.data_key() },
            details: a.details.is_some(),
            source: field.is_source(),
            from: if field.is_from() {
                Some(crate::valid::from_type(field.ty))
            } else {
                None
            },
            path: is_path(field.ty),
            text: a.text.is_some(),
            retry_after: a.retry_after.is_some(),
            retryable: a.retryable.is_some(),
            skip: a.skip.is_some(),
            optional: is_option(field.ty),
            transparent,
        }
    }

    /// The catalog's one role. `details` wins over `source` (the field is both on the wire
    /// and the cause); `retry_after` over `skip` (a delay that is not serialized). A field
    /// that is in no `data` and has no other role is `Message`: off the wire but for what
    /// the message shows of it (`message_only`, or never mentioned for the wire).
    pub fn role(&self) -> Role {
        if self.transparent {
            Role::Transparent
        } else if self.details {
            Role::Details
        } else if self.retry_after {
            Role::RetryAfter
        } else if self.source {
            Role::Source
        } else if self.retryable {
            Role::Retryable
        } else if self.skip {
            Role::Skip
        } else if self.data_key.is_some() {
            Role::Data
        } else {
            Role::Message
        }
    }

    /// The catalog's `FieldEntry::key`: `details` for the details field, else the data key,
    /// else the name.
    pub fn catalog_key(&self) -> &str {
        if self.details {
            crate::symbol::DETAILS
        } else {
            self.data_key.as_deref().unwrap_or(&self.name)
        }
    }

    /// The name the field has inside a format string (`r_type` for `r#type`; format
    /// strings cannot name raw identifiers), or the binding of a tuple field.
    pub fn format_name(&self) -> String {
        match &self.member {
            Member::Named(ident) if ident.to_string().starts_with("r#") => {
                format!("r_{}", self.name)
            }
            _ => self.binding.to_string(),
        }
    }
}

impl Bounds {
    fn infer(input: &Input<'_>, variants: &[VariantPlan<'_>]) -> Bounds {
        let mut params: Vec<String> = Vec::new();
        for t in input.generics.type_params() {
            params.push(t.ident.to_string());
        }
        let mut bounds = Bounds::default();
        if params.is_empty() {
            return bounds;
        }
        // A generic type that writes `Display` itself may not for every parameter (thiserror's
        // `where Self: Display`).
        if input.hand_display {
            let display = splice!([] Self: ::core::fmt::Display);
            bounds.mcp_error.push(display.clone());
            bounds.error.push(display);
        }
        let fmt_display = splice!([] ::core::fmt::Display);
        let add = |list: &mut Vec<TokenStream>, ty: &Type, bound: TokenStream| {
            if !mentions_any(&ty.to_token_stream(), &params) {
                return;
            }
            let predicate = splice!([ty, bound] #ty: #bound);
            let text = predicate.to_string();
            for p in list.iter() {
                if p.to_string() == text {
                    return;
                }
            }
            list.push(predicate);
        };
        let root = input.root();
        let p = splice!([root] #root::__private);
        for i in 0..input.variants.len() {
            let (variant, plan) = (&input.variants[i], &variants[i]);
            for field in &plan.fields {
                let ty = field.ty;
                if field.transparent {
                    add(&mut bounds.catalog, ty, splice!([p] #p::Transparent));
                    add(&mut bounds.mcp_error, ty, splice!([p] #p::Transparent));
                    add(&mut bounds.display, ty, splice!([p] #p::Transparent));
                    add(&mut bounds.error, ty, splice!([p] #p::Transparent));
                    continue;
                }
                if field.source {
                    add(
                        &mut bounds.error,
                        from_or_self(field),
                        splice!([] ::std::error::Error + 'static),
                    );
                }
                if field.data_key.is_some() && field.text {
                    add(&mut bounds.mcp_error, data_type(field), fmt_display.clone());
                } else if field.data_key.is_some() {
                    add(
                        &mut bounds.mcp_error,
                        data_type(field),
                        splice!([p] #p::serde::Serialize),
                    );
                }
                if field.details {
                    add(&mut bounds.mcp_error, data_type(field), fmt_display.clone());
                }
                if field.retry_after {
                    add(&mut bounds.mcp_error, ty, splice!([p] #p::IntoRetryAfter));
                }
                if field.retryable {
                    add(&mut bounds.mcp_error, ty, splice!([p] #p::RetryableFlag));
                }
            }
            // What the templates show: `Display`, `Debug` for `{x:?}`, `LowerHex` for
            // `{x:x}`, ... (one bound per trait used).
            let texts = [variant.message.as_ref(), variant.display.as_ref()];
            for &message in &texts {
                let Some(message) = message else {
                    continue;
                };
                let Some(template) = &message.template else {
                    continue;
                };
                if variant.fmt.is_some() {
                    continue;
                }
                for piece in &template.pieces {
                    let Piece::Placeholder { arg, spec } = piece else {
                        continue;
                    };
                    let Some(ast::Target::Field(field)) = message.target(variant, arg) else {
                        continue;
                    };
                    let name = Ident::new(FmtTrait::of(spec).name(), Span::call_site());
                    add(
                        &mut bounds.display,
                        field.ty,
                        splice!([name] ::core::fmt::#name),
                    );
                }
            }
            if variant.attrs.catch_all.is_some()
                && let Some(field) = plan.fields.first()
            {
                add(&mut bounds.display, field.ty, fmt_display.clone());
            }
        }
        bounds
    }
}

/// The type a `source` bound is about: the field's, or `T` of an `Option<T>`.
fn from_or_self<'t>(field: &FieldPlan<'t>) -> &'t Type {
    if field.optional {
        crate::valid::from_type(field.ty)
    } else {
        field.ty
    }
}

/// The type a `data` bound is about: `T` of an `Option<T>` (visited only while `Some`).
fn data_type<'t>(field: &FieldPlan<'t>) -> &'t Type {
    from_or_self(field)
}

/// Whether `tokens` name one of the type parameters.
fn mentions_any(tokens: &TokenStream, params: &[String]) -> bool {
    for tree in tokens.clone() {
        let mentions = match tree {
            proc_macro2::TokenTree::Ident(ident) => params.contains(&ident.to_string()),
            proc_macro2::TokenTree::Group(group) => mentions_any(&group.stream(), params),
            _ => false,
        };
        if mentions {
            return true;
        }
    }
    false
}

/// `PathBuf`, `Path`, `&Path`, `Box<Path>`, `Option<PathBuf>`, by the last path segment: what
/// a filesystem server writes (a type alias of a path is not recognised).
fn is_path(ty: &Type) -> bool {
    match ty {
        Type::Reference(reference) => is_path(&reference.elem),
        Type::Paren(paren) => is_path(&paren.elem),
        Type::Group(group) => is_path(&group.elem),
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return false;
            };
            if last.ident == "Path" || last.ident == "PathBuf" {
                return last.arguments.is_empty();
            }
            if (last.ident == "Option" || last.ident == "Box")
                && let syn::PathArguments::AngleBracketed(args) = &last.arguments
                && args.args.len() == 1
                && let syn::GenericArgument::Type(inner) = &args.args[0]
            {
                return is_path(inner);
            }
            false
        }
        _ => false,
    }
}

fn is_option(ty: &Type) -> bool {
    let Type::Path(path) = ty else {
        return false;
    };
    match path.path.segments.last() {
        Some(last) => path.qself.is_none() && last.ident == "Option" && !last.arguments.is_empty(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_types_are_recognised() {
        for ty in [
            quote::quote!(PathBuf),
            quote::quote!(std::path::PathBuf),
            quote::quote!(&'a Path),
            quote::quote!(Box<Path>),
            quote::quote!(Option<PathBuf>),
            quote::quote!(&'static std::path::Path),
        ] {
            assert!(is_path(&syn::parse2(ty.clone()).unwrap()), "{ty}");
        }
        for ty in [
            quote::quote!(String),
            quote::quote!(Vec<PathBuf>),
            quote::quote!(my::Path<T>),
        ] {
            assert!(!is_path(&syn::parse2(ty.clone()).unwrap()), "{ty}");
        }
    }

    #[test]
    fn option_types_are_recognised() {
        assert!(is_option(&syn::parse_quote!(Option<std::io::Error>)));
        assert!(is_option(&syn::parse_quote!(::core::option::Option<E>)));
        assert!(!is_option(&syn::parse_quote!(std::io::Error)));
        assert!(!is_option(&syn::parse_quote!(Option)));
    }

    #[test]
    fn roles_name_the_runtime_variants_in_order() {
        let all = [
            Role::Data,
            Role::Skip,
            Role::Details,
            Role::Source,
            Role::RetryAfter,
            Role::Retryable,
            Role::Transparent,
            Role::Message,
        ];
        let names: Vec<&str> = all.iter().map(|r| r.variant()).collect();
        let debug: Vec<String> = all.iter().map(|r| format!("{r:?}")).collect();
        assert_eq!(names, debug);
        assert_eq!(names.len(), crate::symbol::FIELD_ROLES.len());
    }

    fn plan_of(input: &syn::DeriveInput, check: impl Fn(&Plan<'_>)) {
        let cx = crate::ctxt::Ctxt::new();
        let model = Input::from_syn(&cx, input).unwrap();
        crate::valid::check(&cx, &model);
        cx.check().unwrap();
        check(&Plan::new(&model));
    }

    #[test]
    fn flags_keep_the_legal_combinations() {
        plan_of(
            &syn::parse_quote! {
                #[mcp(domain = "pw")]
                enum E {
                    /// A
                    #[mcp(code = 1)]
                    Aa {
                        #[mcp(source, details)] cause: Inner,
                        #[mcp(retry_after, skip)] wait: u64,
                        #[mcp(rename = "k")] r#type: String,
                        #[mcp(skip)] secret: String,
                        #[mcp(retryable)] flag: bool,
                    },
                    /// B
                    #[mcp(code = 2)]
                    Bb(#[mcp(retry_after, data)] u64, #[mcp(data)] Option<String>),
                }
            },
            |plan| {
                let f = &plan.variants[0].fields;
                assert!(f[0].source && f[0].details && f[0].data_key.is_none());
                assert_eq!(
                    (f[0].role(), f[0].catalog_key()),
                    (Role::Details, "details")
                );
                assert!(f[1].retry_after && f[1].data_key.is_none());
                assert_eq!(
                    (f[1].role(), f[1].catalog_key()),
                    (Role::RetryAfter, "wait")
                );
                assert_eq!(f[2].data_key.as_deref(), Some("k"));
                assert_eq!(
                    (f[2].name.as_str(), f[2].format_name()),
                    ("type", "r_type".into())
                );
                assert!(f[3].skip && f[3].data_key.is_none());
                assert_eq!(f[3].role(), Role::Skip);
                assert_eq!(f[4].role(), Role::Retryable);
                let g = &plan.variants[1].fields;
                assert_eq!(
                    (g[0].role(), g[0].data_key.as_deref()),
                    (Role::RetryAfter, Some("0"))
                );
                assert_eq!(g[0].binding.to_string(), "field_0");
                assert!(g[1].optional && g[1].role() == Role::Data);
                assert_eq!(plan.own_codes, [1, 2]);
            },
        );
    }

    #[test]
    fn only_fields_their_author_chose_are_sent() {
        plan_of(
            &syn::parse_quote! {
                #[mcp(domain = "pw")]
                enum E {
                    #[mcp(code = 1, message = "read {path}")]
                    Aa {
                        path: String,
                        sql: String,
                        #[mcp(retry_after)] wait: u64,
                        #[mcp(data)] tried: u8,
                        #[mcp(rename = "k")] key: u8,
                        #[mcp(text)] id: Id,
                    },
                    /// B
                    #[mcp(code = 2, data_fields)]
                    Bb { a: u8, #[mcp(retry_after)] wait: u64, #[mcp(skip)] secret: String },
                    /// C
                    #[mcp(code = 3)]
                    Cc(String),
                    /// D
                    #[mcp(code = 4)]
                    Dd(#[mcp(data)] String),
                    #[mcp(code = 5, message = "bad {0}", data_fields)]
                    Ee(String),
                }
            },
            |plan| {
                let keys = |v: usize| -> Vec<(Option<&str>, Role)> {
                    let mut out = Vec::new();
                    for f in &plan.variants[v].fields {
                        out.push((f.data_key.as_deref(), f.role()));
                    }
                    out
                };
                assert_eq!(
                    keys(0),
                    [
                        (None, Role::Message),
                        (None, Role::Message),
                        (None, Role::RetryAfter),
                        (Some("tried"), Role::Data),
                        (Some("k"), Role::Data),
                        (Some("id"), Role::Data),
                    ]
                );
                assert_eq!(
                    keys(1),
                    [
                        (Some("a"), Role::Data),
                        (Some("wait"), Role::RetryAfter),
                        (None, Role::Skip),
                    ]
                );
                assert_eq!(keys(2), [(None, Role::Message)]);
                assert_eq!(keys(3), [(Some("value"), Role::Data)]);
                // Under `data_fields`, the lone field the message names is sent once, in it.
                assert_eq!(keys(4), [(None, Role::Message)]);
            },
        );
    }
}
