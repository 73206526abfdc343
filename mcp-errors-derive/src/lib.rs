//! `#[derive(McpError)]`. Its attribute language is documented in the `mcp-errors` crate
//! (`mcp_errors::attributes`, source `docs/attributes.md`).
//!
//! The derive runs in phases over `proc_macro2`: `attr` + `ast` parse the input into a
//! model, `valid` checks the rules that span several attributes, `plan` resolves every value
//! the output needs once, and the emitters under `emit` generate code from the plan (or
//! `fallback` stubs when any error was found). Every error of one input is collected in a
//! `Ctxt` and reported together. Only this file touches `proc_macro`.

// Plain loops rather than iterator adapters taking closures, on purpose: every closure is
// one more copy of each adapter it passes through, and generating their code is most of this
// crate's (unoptimized) build time, on the critical path of every user's build. For the same
// reason a one-element list is pushed to, not written `vec![x]` (its boxed array is one more
// copy of the boxing and conversion code per element type), and a loop that needs the index
// counts it (`for i in 0..len`), not `enumerate()` (one more iterator type per element type).
#![allow(
    clippy::manual_find,
    clippy::manual_map,
    clippy::needless_range_loop,
    clippy::vec_init_then_push
)]

mod ast;
mod attr;
#[cfg(test)]
mod core_common;
mod ctxt;
mod emit;
mod fallback;
mod first_use;
// The enum against its fleet file: only with the `fleet` feature, which brings the TOML reader.
#[cfg(feature = "fleet")]
mod fleet;
mod json;
mod markdown;
mod names;
mod plan;
// The catalog rules, from the rules crate's own source: the same definitions the core and the
// CLI use through the crate, compiled here so that a clean build has no crate more (part d of
// benches/compile_time.py). Not every rule is the derive's.
#[allow(dead_code, unreachable_pub, unused_imports)]
#[path = "../../mcp-errors-rules/src/rules/mod.rs"]
mod rules;
mod scan;
mod splice;
mod symbol;
mod template;
mod valid;

use core::fmt::Display;

use proc_macro::TokenStream;

/// Derives `McpError`, `ErrorCatalog`, `Display` and `std::error::Error` for an error enum,
/// plus an inherent impl with one constant per symbol (and `from_error_object` under
/// `#[mcp(decode)]`). The attribute language is documented in the `mcp-errors` crate
/// (`mcp_errors::attributes`).
// `error` is a helper too, only to be rejected: thiserror's `#[error(..)]` left on a ported
// type gets the derive's error saying what to write, not rustc's hint to derive `Error`.
#[proc_macro_derive(McpError, attributes(mcp, error))]
pub fn derive_mcp_error(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    let expansion = derive(&input);
    match lex(expansion) {
        Ok(output) => output,
        Err(err) => {
            let fallback = unlexable(&input, &err);
            lex(fallback).unwrap_or_default()
        }
    }
}

/// Generated source text (a `splice!` template, the data part of an expansion) as tokens,
/// lexed by the compiler itself when the derive runs inside it: `proc_macro2`'s `FromStr`
/// would first re-lex the text with its own lexer, unoptimized in the derive's debug build,
/// at every template of every enum. Outside the compiler (this crate's unit tests)
/// `proc_macro2` lexes it.
fn lex_text(text: &str) -> Result<proc_macro2::TokenStream, String> {
    if proc_macro::is_available() {
        match text.parse::<TokenStream>() {
            Ok(tokens) => Ok(tokens.into()),
            Err(err) => Err(err.to_string()),
        }
    } else {
        match text.parse::<proc_macro2::TokenStream>() {
            Ok(tokens) => Ok(tokens),
            Err(err) => Err(err.to_string()),
        }
    }
}

/// Both parts of an expansion as one stream, the source text lexed by [`lex_text`].
fn lex(expansion: emit::Expansion) -> Result<TokenStream, String> {
    let mut output = expansion.tokens;
    output.extend(lex_text(&expansion.source)?);
    Ok(output.into())
}

/// What a derive emits when its own source text does not lex (a bug of this crate, not a
/// mistake of the user's): one `compile_error!` saying so, under the enum's name, and the
/// fallback impls, so that it is the only error instead of a panic or a cascade.
fn unlexable(input: &syn::DeriveInput, err: &dyn Display) -> emit::Expansion {
    let error = syn::Error::new_spanned(
        &input.ident,
        format_args!(
            "`#[derive(McpError)]` generated code that does not lex ({err}); this is a bug in \
             mcp-errors-derive, please report it with this enum"
        ),
    );
    let cx = ctxt::Ctxt::new();
    let model = ast::Input::from_syn(&cx, input);
    // The same input just expanded without errors; there is nothing new to report.
    let _ = cx.check();
    fallback::expand(input, model.as_ref(), &error)
}

/// The whole derive on `proc_macro2` tokens: parse, validate, resolve the plan and emit, or
/// fall back.
fn derive(input: &syn::DeriveInput) -> emit::Expansion {
    let cx = ctxt::Ctxt::new();
    let model = ast::Input::from_syn(&cx, input);
    if let Some(model) = &model {
        valid::check(&cx, model);
    }
    // The hidden constants that tie the crate to its fleet file (none without a fleet).
    #[cfg(feature = "fleet")]
    let tracking = match &model {
        Some(model) => fleet::check(&cx, model),
        None => None,
    };
    match (cx.check(), model.as_ref()) {
        (Ok(()), Some(model)) => {
            #[cfg_attr(not(feature = "fleet"), allow(unused_mut))]
            let mut expansion = emit::expand(&plan::Plan::new(model));
            // Without the feature there is nothing to add, and no code to add it.
            #[cfg(feature = "fleet")]
            if let Some(tracking) = tracking {
                expansion.source.push_str(&tracking);
            }
            expansion
        }
        (result, model) => {
            let errors = match result {
                Err(errors) => errors,
                Ok(()) => syn::Error::new_spanned(&input.ident, "`McpError` could not be derived"),
            };
            fallback::expand(input, model, &errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{derive, unlexable};
    use syn::parse_quote;

    fn errors_of(input: &syn::DeriveInput) -> Vec<String> {
        let out = derive(input).into_token_stream().to_string();
        out.split("compile_error !")
            .skip(1)
            .map(|s| {
                let start = s.find('"').unwrap() + 1;
                let end = s[start..].find("\" }").unwrap() + start;
                s[start..end].to_owned()
            })
            .collect()
    }

    #[test]
    fn valid_input_expands_without_errors() {
        let out = derive(&parse_quote! {
            #[mcp(domain = "pw", range = 2100..=2199, symbol_prefix = "E_PW_")]
            enum E {
                /// Navigation failed
                #[mcp(code = 2100, kind = "network")]
                Nav { #[mcp(details)] reason: String },
            }
        })
        .into_token_stream()
        .to_string();
        assert!(!out.contains("compile_error"), "{out}");
        assert!(out.contains("\"E_PW_NAV\""));
        assert!(out.contains("pub const E_PW_NAV : i32 = 2100"));
        assert!(out.contains("__impl_integrations ! (E)"));
    }

    #[test]
    fn every_mistake_is_reported_once() {
        let errors = errors_of(&parse_quote! {
            #[mcp(domain = "Bad_Domain", range = 10..=20)]
            enum E {
                #[mcp(code = 10, symbol = "e_lower")]
                Aa,
                /// B
                #[mcp(code = 10)]
                Bb,
                /// C {missing}
                #[mcp(code = 30)]
                Cc,
            }
        });
        assert_eq!(errors.len(), 7, "{errors:#?}");
        assert!(errors[0].starts_with("domain `Bad_Domain` must be lower-kebab-case"));
        assert!(errors[1].starts_with("missing message for `Aa`"));
        assert_eq!(
            errors[2],
            "message names `{missing}`, but `Cc` has no fields"
        );
        assert_eq!(errors[3], "duplicate code 10; first used by `e_lower`");
        assert!(errors[4].starts_with("code 10 is first used here"));
        assert!(errors[5].starts_with("code 30 is outside"));
        assert!(errors[6].starts_with("invalid symbol `e_lower`"));
    }

    #[test]
    fn union_input_gets_fallback_impls() {
        let out = derive(&parse_quote!(
            union U {
                a: u8,
            }
        ))
        .into_token_stream()
        .to_string();
        assert!(out.contains("cannot be derived for a union"));
        assert!(out.contains("ErrorCatalog for U"));
        assert!(out.contains("Display for U"));
    }

    #[test]
    fn a_struct_is_one_error() {
        let out = derive(&parse_quote! {
            /// Quota exceeded
            #[mcp(domain = "mb", code = 3100, symbol = "E_MB_QUOTA")]
            struct Quota {
                #[mcp(data)]
                used: u64,
            }
        })
        .into_token_stream()
        .to_string();
        assert!(!out.contains("compile_error"), "{out}");
        assert!(out.contains("Self { used : v0 , .. }"), "{out}");
        assert!(out.contains("pub const E_MB_QUOTA : i32 = 3100"), "{out}");
    }

    #[test]
    fn fallback_keeps_the_constants_and_integrations_of_an_enum() {
        let out = derive(&parse_quote! {
            #[mcp(domain = "Bad", symbol_prefix = "E_PW_")]
            enum E {
                /// A
                #[mcp(code = 2100, alias = "E_PW_OLD", alias = "bad alias")]
                Nav,
                /// B
                #[mcp(code = 2101, symbol = "E_PW_NAV")]
                Again,
                /// C
                Uncoded,
                /// D
                #[mcp(code = 2103, symbol = "NAMED")]
                NAMED,
                #[mcp(transparent)]
                Common(CommonError),
            }
        })
        .into_token_stream()
        .to_string();
        assert!(out.contains("compile_error"), "{out}");
        assert!(out.contains("pub const E_PW_NAV : i32 = 2100 ;"), "{out}");
        assert!(out.contains("pub const E_PW_OLD : i32 = 2100 ;"), "{out}");
        assert!(out.contains("pub const E_PW_UNCODED : i32 = 0 ;"), "{out}");
        assert_eq!(out.matches("pub const").count(), 3, "{out}");
        assert!(out.contains("__impl_integrations ! (E)"), "{out}");
    }

    #[test]
    fn fallback_of_a_generic_enum_has_no_constants() {
        let out = derive(&parse_quote! {
            #[mcp(domain = "Not Kebab")]
            enum E<T> {
                /// A
                #[mcp(code = 1)]
                Aa(T),
            }
        })
        .into_token_stream()
        .to_string();
        assert!(out.contains("must be lower-kebab-case"), "{out}");
        assert!(!out.contains("pub const"), "{out}");
        assert!(!out.contains("__impl_integrations"), "{out}");
    }

    #[test]
    fn a_generic_enum_gets_inferred_bounds() {
        let out = derive(&parse_quote! {
            #[mcp(domain = "pw")]
            enum E<T, S, U> {
                #[mcp(code = 1, message = "{0}")]
                Shown(#[mcp(data)] T, u8),
                /// B
                #[mcp(code = 2)]
                Upstream(#[mcp(source)] S),
                /// C: a field that is not sent needs nothing
                #[mcp(code = 3)]
                Kept { conn: U },
            }
        })
        .into_token_stream()
        .to_string();
        assert!(!out.contains("compile_error"), "{out}");
        assert!(out.contains("T : :: core :: fmt :: Display"), "{out}");
        assert!(
            out.contains("T : :: mcp_errors :: __private :: serde :: Serialize"),
            "{out}"
        );
        assert!(
            out.contains("S : :: std :: error :: Error + 'static"),
            "{out}"
        );
        assert!(!out.contains("U :"), "{out}");
        assert!(!out.contains("__impl_integrations"), "{out}");
    }

    #[test]
    fn unlexable_source_is_one_compile_error_beside_the_fallback() {
        let out = unlexable(
            &parse_quote! {
                #[mcp(domain = "pw")]
                enum E {
                    /// A
                    #[mcp(code = 1)]
                    Aa,
                }
            },
            &"cannot parse string into token stream",
        )
        .into_token_stream()
        .to_string();
        assert_eq!(out.matches("compile_error").count(), 1, "{out}");
        assert!(out.contains("generated code that does not lex"), "{out}");
        assert!(out.contains("ErrorCatalog for E"), "{out}");
        assert!(out.contains("pub const AA : i32 = 1 ;"), "{out}");
    }

    #[test]
    fn a_symbol_naming_a_variant_is_reported_where_it_is_written() {
        let errors = errors_of(&parse_quote! {
            #[mcp(domain = "pw")]
            enum E {
                /// A: its constant would be `IO_CODE`, the symbol of `IoCode`
                #[mcp(code = 1)]
                IO,
                /// B
                #[mcp(code = 2, symbol = "IO_B", alias = "LEGACY")]
                Bb,
                /// D
                #[mcp(code = 4)]
                IoCode,
                /// C
                #[mcp(code = 3, symbol = "LEGACY_C")]
                LEGACY,
            }
        });
        assert_eq!(errors.len(), 2, "{errors:#?}");
        assert!(errors[0].starts_with(
            "symbol `IO` (derived from `IO`) names a variant, so its constant is `E::IO_CODE`, \
             but that name is taken too"
        ));
        assert!(errors[1].starts_with("alias `LEGACY` also names a variant"));
    }
}
