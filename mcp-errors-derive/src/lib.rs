//! `#[derive(McpError)]`. See the `mcp-errors` crate for documentation.
//!
//! The derive runs in three phases over `proc_macro2`: `attr` + `ast` parse the input into a
//! model, `valid` checks the rules that span several attributes, `expand` generates code
//! (or `fallback` stubs when any error was found). Every error of one input is collected in
//! a `Ctxt` and reported together. Only this file touches `proc_macro`.

mod ast;
mod attr;
mod ctxt;
mod expand;
mod fallback;
mod names;
mod symbol;
mod template;
mod valid;

use proc_macro::TokenStream;
use quote::quote;

/// Derives `McpError`, `ErrorCatalog`, `Display` and `std::error::Error` for an error enum,
/// plus an inherent impl with one constant per symbol (and `from_error_object` under
/// `#[mcp(decode)]`). The attribute language is documented in the `mcp-errors` crate.
#[proc_macro_derive(McpError, attributes(mcp))]
pub fn derive_mcp_error(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    let expansion = derive(&input);
    let mut output = TokenStream::from(expansion.tokens);
    // The data part is lexed by the compiler itself: `proc_macro2`'s `FromStr` would first
    // re-lex it with its own (unoptimized, in a debug build) lexer to validate it.
    output.extend([expansion
        .source
        .parse::<TokenStream>()
        .expect("generated source lexes")]);
    output
}

/// The whole derive on `proc_macro2` tokens: parse, validate, then expand or fall back.
fn derive(input: &syn::DeriveInput) -> expand::Expansion {
    let cx = ctxt::Ctxt::new();
    let model = ast::Input::from_syn(&cx, input);
    if let Some(model) = &model {
        valid::check(&cx, model);
    }
    match (cx.check(), model.as_ref()) {
        (Ok(()), Some(model)) => expand::expand(model),
        (result, model) => {
            let errors = result.err().unwrap_or_else(|| {
                syn::Error::new_spanned(&input.ident, "`McpError` could not be derived")
            });
            let root = model.map_or_else(|| quote!(::mcp_errors), ast::Input::root);
            let decode = model.is_some_and(|m| m.attrs.decode.is_some());
            expand::Expansion {
                tokens: fallback::expand(input, &root, decode, &errors),
                source: String::new(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::derive;
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
        assert_eq!(errors[3], "duplicate code 10; first used by `Aa`");
        assert!(errors[4].starts_with("code 10 is first used here"));
        assert!(errors[5].starts_with("code 30 is outside"));
        assert!(errors[6].starts_with("invalid symbol `e_lower`"));
    }

    #[test]
    fn non_enum_input_gets_fallback_impls() {
        let out = derive(&parse_quote!(
            struct S;
        ))
        .into_token_stream()
        .to_string();
        assert!(out.contains("can only be derived for enums"));
        assert!(out.contains("ErrorCatalog for S"));
        assert!(out.contains("Display for S"));
    }
}
