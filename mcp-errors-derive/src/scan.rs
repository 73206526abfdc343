//! Attribute values and format arguments read by their tokens, not by syn's expression
//! parser: what a value is (a literal, `-literal`, `A..=B`) and where a format argument ends.
//!
//! syn parses every expression only with its `full` feature, and parses a different subset
//! without it. Reading tokens keeps the derive off `full` (which a server built on serde and
//! thiserror alone never compiles) and keeps what the DSL accepts the same whichever features
//! another crate of the build turns on.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use syn::Lit;

/// `tokens` with their invisible groups opened: a `macro_rules!` fragment (`$code:literal`)
/// reaches the derive wrapped in one.
pub fn flatten(tokens: &TokenStream) -> Vec<TokenTree> {
    let mut out = Vec::new();
    flatten_into(tokens, &mut out);
    out
}

/// [`flatten`], adding to `out`.
fn flatten_into(tokens: &TokenStream, out: &mut Vec<TokenTree>) {
    for tree in tokens.clone() {
        match &tree {
            TokenTree::Group(group) if group.delimiter() == Delimiter::None => {
                flatten_into(&group.stream(), out);
            }
            _ => out.push(tree),
        }
    }
}

/// The literal that `tokens` are, `true` and `false` included; `None` for anything else.
pub fn literal(tokens: &[TokenTree]) -> Option<Lit> {
    match tokens {
        [TokenTree::Literal(lit)] => Some(Lit::new(lit.clone())),
        [TokenTree::Ident(ident)] if ident == "true" || ident == "false" => {
            Some(Lit::Bool(syn::LitBool::new(ident == "true", ident.span())))
        }
        _ => None,
    }
}

/// `-` then the rest, for a negated literal.
fn negated(tokens: &[TokenTree]) -> Option<&[TokenTree]> {
    match tokens {
        [TokenTree::Punct(minus), rest @ ..] if minus.as_char() == '-' => Some(rest),
        _ => None,
    }
}

/// The error of an integer literal out of `i64`'s range.
const TOO_BIG: &str = "integer literal does not fit in an `i32`";

/// The value of an `i32` literal, optionally negated and optionally suffixed `i32`.
pub fn int(tokens: &[TokenTree]) -> Result<i32, String> {
    let (negative, rest) = match negated(tokens) {
        Some(rest) => (true, rest),
        None => (false, tokens),
    };
    let Some(Lit::Int(int)) = literal(rest) else {
        return Err("expected an integer literal".to_owned());
    };
    if !matches!(int.suffix(), "" | "i32") {
        return Err(format!(
            "expected an `i32` literal, found suffix `{}`",
            int.suffix()
        ));
    }
    // syn's digits are base 10 without underscores or suffix (`0x10` is `16`); read by the
    // template rule's decimal reader, not syn's `base10_parse` (std's generic parser).
    let magnitude = match crate::rules::template::decimal(int.base10_digits()) {
        Some(magnitude) => match i64::try_from(magnitude) {
            Ok(magnitude) => magnitude,
            Err(_) => return Err(TOO_BIG.to_owned()),
        },
        None => return Err(TOO_BIG.to_owned()),
    };
    // A literal made by another macro may be negative itself, even `i64::MIN`.
    let value = match (negative, magnitude.checked_neg()) {
        (false, _) => magnitude,
        (true, Some(negated)) => negated,
        (true, None) => return Err(TOO_BIG.to_owned()),
    };
    match i32::try_from(value) {
        Ok(value) => Ok(value),
        Err(_) => Err(format!("{value} does not fit in an `i32`")),
    }
}

/// A string, integer, float or `bool` literal, or a negated number.
pub fn is_constant_literal(tokens: &[TokenTree]) -> bool {
    if let Some(rest) = negated(tokens) {
        return matches!(literal(rest), Some(Lit::Int(_) | Lit::Float(_)));
    }
    matches!(
        literal(tokens),
        Some(Lit::Str(_) | Lit::Int(_) | Lit::Float(_) | Lit::Bool(_))
    )
}

/// `A..=B` split around its `..=`; `None` when `..=` is not there.
pub fn inclusive_range(tokens: &[TokenTree]) -> Option<(&[TokenTree], &[TokenTree])> {
    for i in 0..tokens.len().saturating_sub(2) {
        // `=` is joint to a `-` that follows it (`-10..=-1`).
        if punct(tokens.get(i)) == Some(('.', Spacing::Joint))
            && punct(tokens.get(i + 1)) == Some(('.', Spacing::Joint))
            && matches!(punct(tokens.get(i + 2)), Some(('=', _)))
        {
            return Some((&tokens[..i], &tokens[i + 3..]));
        }
    }
    None
}

/// The mark and spacing of `tree` when it is punctuation.
fn punct(tree: Option<&TokenTree>) -> Option<(char, Spacing)> {
    match tree {
        Some(TokenTree::Punct(p)) => Some((p.as_char(), p.spacing())),
        _ => None,
    }
}

/// Whether a comma right after `tokens` (the start of a format argument, commas included)
/// still belongs to that argument: it separates generic arguments (`None::<A, B>`,
/// `&0 as &dyn Trait<i32, A = i32>`, `<T as Trait<A, B>>::f()`) or closure parameters
/// (`|a, b| a + b`). Otherwise it ends the argument. Brackets are whole token groups, so
/// only these two can hold a comma outside one.
pub fn comma_continues(tokens: &[TokenTree]) -> bool {
    // Open `<` of generic arguments; whether a type follows `as` (where `<` after a name opens
    // generic arguments) and whether it has begun (after `&` or `*` it has not, after a name
    // it has); whether closure parameters are open; whether the last `>` closed generic
    // arguments.
    let mut depth = 0usize;
    let mut in_type = false;
    let mut type_begun = false;
    let mut in_params = false;
    let mut closed = false;
    let mut prev: Option<&TokenTree> = None;
    for (i, tree) in tokens.iter().enumerate() {
        // `<<` and `||` are one operator, not an operator and an operand.
        let doubled = matches!((prev, tree), (Some(TokenTree::Punct(p)), TokenTree::Punct(t))
            if p.spacing() == Spacing::Joint && p.as_char() == t.as_char());
        let operand = expression_starts(prev, closed) && !doubled;
        closed = false;
        // The next mark, when this one is joint to it (`<=`, `->`).
        let joined_to = match tree {
            TokenTree::Punct(p) if p.spacing() == Spacing::Joint => punct(tokens.get(i + 1)),
            _ => None,
        };
        match tree {
            TokenTree::Punct(p) => {
                let ch = p.as_char();
                if in_params {
                    in_params = ch != '|';
                } else if ch == '<' {
                    // Generic arguments: after `::`, after a name in a type, or where an
                    // operand is expected (a qualified path, `<T as Trait<A, B>>::f()`).
                    let turbofish = matches!(punct(prev), Some((':', _)));
                    let after_name = in_type && matches!(prev, Some(TokenTree::Ident(_)));
                    let less_or_equal = matches!(joined_to, Some(('=', _)));
                    if depth > 0 || (turbofish || after_name || operand) && !less_or_equal {
                        depth += 1;
                    } else {
                        in_type = false;
                    }
                } else if ch == '>' {
                    // `->` in `Fn(u8) -> u8` closes nothing.
                    let arrow = matches!(punct(prev), Some(('-', Spacing::Joint)));
                    if depth > 0 && !arrow {
                        depth -= 1;
                        closed = depth == 0;
                    } else if depth == 0 && arrow {
                        // A return type follows: a closure's (`|x| -> Result<u8, E> { .. }`) or,
                        // in a type, a function's.
                        in_type = true;
                        type_begun = false;
                    } else if depth == 0 {
                        in_type = false;
                    }
                } else if ch == '|' && depth == 0 {
                    // A closure's parameters, where an operand is expected (`a | b` is not).
                    in_params = operand;
                    in_type = false;
                } else if depth == 0 {
                    // What continues the type after `as`: a path's `::`, a lifetime's `'`,
                    // `&` and `*` before it begins (`&'a dyn m::Trait`, `*const u8`), the `->`
                    // of `fn() -> u8`. Anything else ends it (`.n as u64 * k`).
                    let arrow = ch == '-' && matches!(joined_to, Some(('>', _)));
                    let keeps = match ch {
                        ':' | '\'' => true,
                        '&' | '*' => !type_begun,
                        _ => arrow,
                    };
                    in_type = in_type && keeps;
                }
            }
            TokenTree::Ident(ident) if depth == 0 && !in_params => {
                if ident == "as" {
                    in_type = true;
                    type_begun = false;
                } else if !matches!(punct(prev), Some(('\'', _)))
                    && !matches!(ident.to_string().as_str(), "mut" | "const" | "dyn")
                {
                    // A name begins the type; a lifetime, `mut`, `const` and `dyn` do not
                    // (`&'a mut &Foo<A, B>`, `*const *const T<A, B>`).
                    type_begun = true;
                }
            }
            TokenTree::Group(_) if depth == 0 => type_begun = true,
            TokenTree::Literal(_) if depth == 0 => in_type = false,
            _ => {}
        }
        prev = Some(tree);
    }
    depth > 0 || in_params
}

/// Keywords an expression follows (`match .1 { .. }`, `if <T>::ready()`, `&mut <T>::new()`,
/// `move |a, b| ..`).
const EXPR_KEYWORDS: &[&str] = &[
    "async", "break", "else", "for", "if", "in", "let", "match", "move", "mut", "return", "while",
    "yield",
];

/// Whether an expression starts after `prev` (`None`: at the start): after a keyword that
/// takes one or after an operator; not after a value (a name, a literal, a group), a postfix
/// `?`, a `.` (a field or a method follows), or the `>` that `closed` generic arguments
/// (`None::<i32>.is_some()`). The `.field` shorthand (`template::replace_members`) and the
/// end of a format argument (`comma_continues`) both go by it.
pub fn expression_starts(prev: Option<&TokenTree>, closed: bool) -> bool {
    match prev {
        None => true,
        Some(TokenTree::Ident(ident)) => {
            for keyword in EXPR_KEYWORDS {
                if ident == keyword {
                    return true;
                }
            }
            false
        }
        Some(TokenTree::Punct(p)) => !matches!(p.as_char(), '?' | '.') && !closed,
        Some(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<TokenTree> {
        flatten(&text.parse().unwrap())
    }

    /// The arguments of a format argument list, split where `comma_continues` says, each
    /// without spaces.
    fn split(text: &str) -> Vec<String> {
        let mut args = Vec::new();
        let mut arg: Vec<TokenTree> = Vec::new();
        for tree in tokens(text) {
            if matches!(&tree, TokenTree::Punct(p) if p.as_char() == ',') && !comma_continues(&arg)
            {
                args.push(squeeze(std::mem::take(&mut arg)));
            } else {
                arg.push(tree);
            }
        }
        args.push(squeeze(arg));
        args
    }

    fn squeeze(tokens: Vec<TokenTree>) -> String {
        let tokens: TokenStream = tokens.into_iter().collect();
        tokens.to_string().replace(' ', "")
    }

    #[test]
    fn commas_end_arguments_outside_generics_and_closure_parameters() {
        assert_eq!(split("a, .b.len(), c"), ["a", ".b.len()", "c"]);
        assert_eq!(
            split("None::<i32>.is_some(), Vec::<Vec<u8>>::new().len(), 3"),
            ["None::<i32>.is_some()", "Vec::<Vec<u8>>::new().len()", "3"]
        );
        assert_eq!(
            split("&0 as &dyn Trait<i32, A = i32>, .0"),
            ["&0as&dynTrait<i32,A=i32>", ".0"]
        );
        assert_eq!(
            split("<T as Trait<A, B>>::f(), x"),
            ["<TasTrait<A,B>>::f()", "x"]
        );
        assert_eq!(split("|a, b| a + b, c"), ["|a,b|a+b", "c"]);
        assert_eq!(split("move |a, b| a, c"), ["move|a,b|a", "c"]);
        assert_eq!(split("|| 1, c"), ["||1", "c"]);
        assert_eq!(split("async |a, b| a, c"), ["async|a,b|a", "c"]);
        assert_eq!(
            split("(|x| -> Result<u8, E> { Ok(x) })(1), c"),
            ["(|x|->Result<u8,E>{Ok(x)})(1)", "c"]
        );
        assert_eq!(
            split("|x| -> Result<u8, E> { Ok(x) }, c"),
            ["|x|->Result<u8,E>{Ok(x)}", "c"]
        );
        assert_eq!(
            split("&mut <M<K, V>>::new(), c"),
            ["&mut<M<K,V>>::new()", "c"]
        );
        assert_eq!(split("x as &mut &F<A, B>, c"), ["xas&mut&F<A,B>", "c"]);
        assert_eq!(
            split("x as *const *const T<A, B>, c"),
            ["xas*const*constT<A,B>", "c"]
        );
        assert_eq!(
            split("if <M<u8, u8>>::new().is_empty() { 1 } else { 2 }, c"),
            ["if<M<u8,u8>>::new().is_empty(){1}else{2}", "c"]
        );
        assert_eq!(
            split("&<M<u8, u8> as D>::d().len(), c"),
            ["&<M<u8,u8>asD>::d().len()", "c"]
        );
        assert_eq!(split("!<M<u8, u8>>::e(), c"), ["!<M<u8,u8>>::e()", "c"]);
        assert_eq!(
            split("match <T<A, B>>::f() { _ => 1 }, c"),
            ["match<T<A,B>>::f(){_=>1}", "c"]
        );
        assert_eq!(
            split("&x as &dyn Fn(u8) -> Box<dyn A>, y"),
            ["&xas&dynFn(u8)->Box<dynA>", "y"]
        );
    }

    #[test]
    fn operators_are_not_brackets() {
        assert_eq!(split("a < b, c > d, e"), ["a<b", "c>d", "e"]);
        assert_eq!(split("1 << 2, 3"), ["1<<2", "3"]);
        assert_eq!(split("a || b, c | d, e"), ["a||b", "c|d", "e"]);
        assert_eq!(split("x as u8 > 3, y"), ["xasu8>3", "y"]);
        assert_eq!(split("a as u8 + 1 < 2, b"), ["aasu8+1<2", "b"]);
        assert_eq!(split("a.b()? < c, d"), ["a.b()?<c", "d"]);
        assert_eq!(
            split(".len as u64 <= MAX, .len"),
            [".lenasu64<=MAX", ".len"]
        );
        assert_eq!(
            split(".n as usize * k < max, .n"),
            [".nasusize*k<max", ".n"]
        );
        assert_eq!(split(".n as i64 - base < 0, .n"), [".nasi64-base<0", ".n"]);
        assert_eq!(split("(x as u8) < 3, y"), ["(xasu8)<3", "y"]);
        assert_eq!(split("x as &'a dyn T<A, B>, y"), ["xas&'adynT<A,B>", "y"]);
        assert_eq!(split(".v as &Vec<u8> < &w, 7"), [".vas&Vec<u8><&w", "7"]);
        assert_eq!(
            split(".t as &(u8, u8) < &(1, 3), 7"),
            [".tas&(u8,u8)<&(1,3)", "7"]
        );
        assert_eq!(
            split("&.d[..] as &[u8] < &e[..], 7"),
            ["&.d[..]as&[u8]<&e[..]", "7"]
        );
        assert_eq!(split("Foo::<u8> < x, y"), ["Foo::<u8><x", "y"]);
        assert_eq!(
            split("if a < b { 1 } else { 2 }, c"),
            ["ifa<b{1}else{2}", "c"]
        );
    }

    #[test]
    fn values_read_by_tokens() {
        assert_eq!(int(&tokens("2100")), Ok(2100));
        assert_eq!(int(&tokens("-32602")), Ok(-32602));
        assert_eq!(int(&tokens("7i32")), Ok(7));
        assert_eq!(int(&tokens("-2147483648")), Ok(i32::MIN));
        assert_eq!(int(&tokens("0x10")), Ok(16));
        assert!(int(&tokens("2147483648")).is_err());
        assert!(int(&tokens("5u8")).unwrap_err().contains("suffix `u8`"));
        assert!(int(&tokens("\"5\"")).is_err());
        assert!(int(&tokens("1 + 2")).is_err());
        assert!(int(&tokens("- - 1")).is_err());
        let min = TokenTree::Literal(proc_macro2::Literal::i64_unsuffixed(i64::MIN));
        let minus = TokenTree::Punct(proc_macro2::Punct::new('-', Spacing::Alone));
        assert!(int(&[minus, min]).is_err());
        let range = tokens("-10..=-1");
        let (a, b) = inclusive_range(&range).unwrap();
        assert_eq!((int(a), int(b)), (Ok(-10), Ok(-1)));
        assert!(inclusive_range(&tokens("1..5")).is_none());
        assert!(is_constant_literal(&tokens("-0.5")));
        assert!(is_constant_literal(&tokens("true")));
        assert!(!is_constant_literal(&tokens("-true")));
        assert!(!is_constant_literal(&tokens("b\"x\"")));
        assert!(!is_constant_literal(&tokens("CODE")));
    }

    #[test]
    fn invisible_groups_are_opened() {
        let inner: TokenStream = "-7".parse().unwrap();
        let group = proc_macro2::Group::new(Delimiter::None, inner);
        let stream = TokenStream::from(TokenTree::Group(group));
        assert_eq!(int(&flatten(&stream)), Ok(-7));
    }
}
