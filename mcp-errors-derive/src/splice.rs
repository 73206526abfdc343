//! Generated code written as text with holes: [`splice!`] stringifies its template when this
//! crate compiles, and at expansion time the compiler lexes that text in one call, then each
//! `#name` is filled with the tokens of the value listed under that name.
//!
//! It replaces `quote!` for the derive's own templates. `quote!` turns every token of a
//! template into a statement of the derive's source, and compiling those statements was
//! about a quarter of this crate's build instructions, which every user's clean build waits
//! for. A template here is one string constant and one call.
//!
//! Spacing: the lexer marks a punct joint whenever another punct follows it, `quote!` only
//! inside an operator (`::`, `=>`, `<=`). So `<&` may come out joint where `quote!` has it
//! alone, which changes no token the compiler's parser reads (it glues joint puncts only
//! into operators); a punct written against a hole or a lifetime is made alone, as in
//! `quote!`.
//!
//! What comes out is what `quote!` gives: the template's tokens carry `Span::call_site()`
//! (the compiler's lexer gives every token of a string that span), or the given span under
//! [`splice_spanned!`], as `quote_spanned!`; the values keep their own spans and hygiene.
//! Holes are named up front, `splice!([p, ty] impl #p::McpError for #ty {})`, since a
//! `macro_rules!` cannot pick them out of the template without walking it token by token,
//! which would cost the compile time this module saves. There are no repetitions: a list
//! is collected into one `TokenStream` first.

use proc_macro2::{Group, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::ToTokens;

/// `splice!([hole, ...] template...)`: the template as tokens, each `#hole` replaced by the
/// tokens of the variable `hole` (anything `ToTokens`).
macro_rules! splice {
    ([$($hole:ident),* $(,)?] $($code:tt)*) => {
        $crate::splice::render(
            ::core::stringify!($($code)*),
            &[$((::core::stringify!($hole), &$hole as &dyn ::quote::ToTokens)),*],
            ::core::option::Option::None,
        )
    };
}

/// `splice_spanned!(span=> [hole, ...] template...)`: [`splice!`] with every token of the
/// template at `span`, as `quote_spanned!` (the values keep their own spans).
macro_rules! splice_spanned {
    ($span:expr => [$($hole:ident),* $(,)?] $($code:tt)*) => {
        $crate::splice::render(
            ::core::stringify!($($code)*),
            &[$((::core::stringify!($hole), &$hole as &dyn ::quote::ToTokens)),*],
            ::core::option::Option::Some($span),
        )
    };
}

pub(crate) use {splice, splice_spanned};

/// A hole's name and its value.
pub type Hole<'a> = (&'static str, &'a dyn ToTokens);

/// `text` lexed, its `#name` holes filled from `holes`, its own tokens at `span` if given.
/// Text that does not lex, or a hole without a value, is a bug of a template of this crate
/// and becomes a `compile_error!` saying so, never a panic.
pub fn render(text: &str, holes: &[Hole<'_>], span: Option<Span>) -> TokenStream {
    match text.parse::<TokenStream>() {
        Ok(stream) => match fill(stream, holes, span) {
            Ok(out) => out,
            Err(name) => bug(&format!("its template names `#{name}`, which has no value")),
        },
        Err(err) => bug(&format!("its template `{text}` does not lex ({err})")),
    }
}

/// `stream` with its holes filled; `Err` names a hole without a value.
fn fill(
    stream: TokenStream,
    holes: &[Hole<'_>],
    span: Option<Span>,
) -> Result<TokenStream, String> {
    let mut out: Vec<TokenTree> = Vec::new();
    let mut trees = stream.into_iter();
    let mut next = trees.next();
    while let Some(tree) = next {
        next = trees.next();
        match tree {
            TokenTree::Punct(punct) if punct.as_char() == '#' => {
                if let Some(TokenTree::Ident(name)) = &next {
                    let name = name.to_string();
                    let Some(value) = value_of(holes, &name) else {
                        return Err(name);
                    };
                    // A punct written against the hole (`::#ty`, `*#bind`) was lexed as
                    // joint to the `#`.
                    unjoin_last(&mut out);
                    out.extend(value.to_token_stream());
                    next = trees.next();
                } else {
                    // `#[attr]` and `#![attr]`: the template's own `#`.
                    out.push(respan(TokenTree::Punct(punct), span));
                }
            }
            TokenTree::Group(group) => {
                let mut filled = Group::new(group.delimiter(), fill(group.stream(), holes, span)?);
                filled.set_span(span.unwrap_or_else(|| group.span()));
                out.push(TokenTree::Group(filled));
            }
            TokenTree::Punct(punct) if punct.as_char() == '\'' => {
                // A lifetime: the lexer joins the punct before it (`&'a`, `<'_`).
                unjoin_last(&mut out);
                out.push(respan(TokenTree::Punct(punct), span));
            }
            tree => out.push(respan(tree, span)),
        }
    }
    Ok(out.into_iter().collect())
}

/// The last token made alone if it is a joint punct, as `quote!` writes a punct before a
/// token that cannot extend it (a hole's value, a lifetime). Only joined operators (`::`,
/// `=>`, `<=`, ..) are joint in `quote!`'s output.
fn unjoin_last(out: &mut [TokenTree]) {
    if let Some(TokenTree::Punct(last)) = out.last_mut()
        && last.spacing() == Spacing::Joint
    {
        let mut alone = Punct::new(last.as_char(), Spacing::Alone);
        alone.set_span(last.span());
        *last = alone;
    }
}

fn value_of<'a>(holes: &[Hole<'a>], name: &str) -> Option<&'a dyn ToTokens> {
    for &(hole, value) in holes {
        if hole == name {
            return Some(value);
        }
    }
    None
}

fn respan(mut tree: TokenTree, span: Option<Span>) -> TokenTree {
    if let Some(span) = span {
        tree.set_span(span);
    }
    tree
}

/// `compile_error!` for a template bug of this crate.
fn bug(what: &str) -> TokenStream {
    let message = format!("`#[derive(McpError)]`: {what}; this is a bug in mcp-errors-derive");
    let message = proc_macro2::Literal::string(&message);
    quote::quote!(::core::compile_error!(#message);)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::{format_ident, quote, quote_spanned};

    #[test]
    fn gives_the_tokens_quote_gives() {
        let p = quote!(::mcp_errors::__private);
        let ty = format_ident!("PlaywrightError");
        let code = proc_macro2::Literal::i32_unsuffixed(2100);
        let spliced = splice!([p, ty, code]
            #[automatically_derived]
            impl #p::McpError for #ty {
                fn code(&self) -> i32 { #code }
                fn is(&self) -> bool {
                    ::core::matches!(self, Self::A { .. } | Self::B(_)) && 1 <= 2
                }
                fn f<'a>(x: &'a str, _: &'static #ty) -> Option<&'_ u8> {
                    let _ = -#code;
                    g(*#code, &#code, ::#ty, x?)
                }
            }
        );
        let quoted = quote! {
            #[automatically_derived]
            impl #p::McpError for #ty {
                fn code(&self) -> i32 { #code }
                fn is(&self) -> bool {
                    ::core::matches!(self, Self::A { .. } | Self::B(_)) && 1 <= 2
                }
                fn f<'a>(x: &'a str, _: &'static #ty) -> Option<&'_ u8> {
                    let _ = -#code;
                    g(*#code, &#code, ::#ty, x?)
                }
            }
        };
        assert_eq!(glued(spliced), glued(quoted));
    }

    /// The tokens as the compiler's parser reads them: a joint punct glued to the next one
    /// when the two (or three) make an operator. A spacing that glues nothing (`quote!`'s
    /// alone `<` before `&`, the lexer's joint one) changes no token and is not compared.
    fn glued(stream: TokenStream) -> Vec<String> {
        const OPS: &[&str] = &[
            "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=",
            "^=", "&=", "|=", "<<", ">>", "..", "..=", "...", "<<=", ">>=",
        ];
        let mut out: Vec<String> = Vec::new();
        let mut joint = false;
        for tree in stream {
            match tree {
                TokenTree::Punct(p) => {
                    let c = p.as_char().to_string();
                    match out.last_mut() {
                        Some(last) if joint && OPS.contains(&format!("{last}{c}").as_str()) => {
                            last.push_str(&c);
                        }
                        _ => out.push(c),
                    }
                    joint = p.spacing() == Spacing::Joint;
                    continue;
                }
                TokenTree::Group(g) => {
                    out.push(format!("{:?}(", g.delimiter()));
                    out.extend(glued(g.stream()));
                    out.push(")".to_owned());
                }
                tree => out.push(tree.to_string()),
            }
            joint = false;
        }
        out
    }

    #[test]
    fn a_value_is_spliced_as_its_tokens_not_relexed() {
        let group = Group::new(proc_macro2::Delimiter::None, quote!(1 + 2));
        let value: TokenStream = TokenTree::Group(group).into();
        let spliced = splice!([value] #value * 3);
        let TokenTree::Group(first) = spliced.into_iter().next().unwrap() else {
            panic!("the invisible group is kept");
        };
        assert_eq!(first.delimiter(), proc_macro2::Delimiter::None);
    }

    #[test]
    fn spanned_templates_match_quote_spanned() {
        let span = Span::call_site();
        let f = format_ident!("f");
        let spliced = splice_spanned!(span=> [f] fn #f() -> [u8; 2] { [0, 1] });
        let quoted = quote_spanned!(span=> fn #f() -> [u8; 2] { [0, 1] });
        assert_eq!(glued(spliced), glued(quoted));
    }

    #[test]
    fn a_hole_without_a_value_is_a_compile_error_not_a_panic() {
        let out = render("fn f() { #missing }", &[], None).to_string();
        assert!(out.contains("compile_error"), "{out}");
        assert!(out.contains("`#missing`"), "{out}");
        let out = render("fn f( {", &[], None).to_string();
        assert!(out.contains("does not lex"), "{out}");
    }
}
