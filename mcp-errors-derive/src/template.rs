//! Message templates: `"Browser launch failed: {reason}"`, `"{0}"`, `"{size_mb:.1} MB"`.
//!
//! A template is parsed once into [`Piece`]s. Validation reads the fields it names;
//! expansion rewrites it into a `write!` format string whose placeholders are named
//! arguments bound to the variant's fields (`{0}` becomes `{field_0}`, the name the plan
//! binds a tuple field to), as thiserror does.

use crate::rules::template::{self, Part};

/// What a placeholder, or a `name$` width/precision inside one, refers to.
#[derive(Clone, PartialEq)]
#[cfg_attr(test, derive(Debug))]
pub enum Arg {
    /// `{reason}`: a named field (without any `r#`).
    Named(String),
    /// `{0}`: a tuple field, or with extra format arguments and no such field, the 0th
    /// positional argument.
    Index(usize),
    /// `{}`: the next positional format argument (numbered from 0 in order of appearance).
    Positional(usize),
}

impl Arg {
    /// The shared rule's argument, owned; `{}` takes the next of `positional`.
    fn of(arg: template::Arg<'_>, positional: &mut usize) -> Arg {
        match arg {
            template::Arg::Named(name) => Arg::Named(name.to_owned()),
            template::Arg::Index(index) => Arg::Index(index),
            template::Arg::Next => {
                *positional += 1;
                Arg::Positional(*positional - 1)
            }
        }
    }

    /// Whether this argument names the field `member`, whose name without `r#` is `name`.
    pub fn names(&self, member: &syn::Member, name: &str) -> bool {
        match (self, member) {
            (Arg::Named(arg), syn::Member::Named(_)) => arg == name,
            (Arg::Index(i), syn::Member::Unnamed(index)) => *i == index.index as usize,
            _ => false,
        }
    }
}

impl core::fmt::Display for Arg {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Arg::Named(name) => f.write_str(name),
            Arg::Index(i) => write!(f, "{i}"),
            Arg::Positional(_) => Ok(()),
        }
    }
}

/// One part of a format spec (what follows `:` in a placeholder).
pub enum SpecPart {
    /// Copied verbatim (`.1`, `>8`, `?`).
    Text(String),
    /// A width or precision taken from a field: `width$`, `1$`.
    Count(Arg),
}

/// A parsed template piece.
pub enum Piece {
    /// Literal text, with `{{` and `}}` already unescaped.
    Text(String),
    /// `{arg}` or `{arg:spec}`; `spec` is empty when there is no `:`.
    Placeholder { arg: Arg, spec: Vec<SpecPart> },
}

/// A parsed message template.
pub struct Template {
    pub pieces: Vec<Piece>,
}

impl Template {
    /// Parses `text` by the shared rule (`rules::template`, which a hand-written catalog's
    /// messages are read by too); the error is a message for the user.
    pub fn parse(text: &str) -> Result<Template, String> {
        let mut pieces = Vec::new();
        let mut literal = String::new();
        let mut positional = 0;
        let parsed = template::parse(text, &mut |part| match part {
            Part::Text(text) | Part::Brace(text) => literal.push_str(text),
            Part::Placeholder { arg, spec } => {
                if !literal.is_empty() {
                    pieces.push(Piece::Text(core::mem::take(&mut literal)));
                }
                let arg = Arg::of(arg, &mut positional);
                let mut parts = Vec::new();
                // Checked by `parse` already.
                let _ = template::spec(spec, &mut |part| {
                    parts.push(match part {
                        template::SpecPart::Text(text) => SpecPart::Text(text.to_owned()),
                        template::SpecPart::Count(count) => {
                            SpecPart::Count(Arg::of(count, &mut positional))
                        }
                    });
                });
                pieces.push(Piece::Placeholder { arg, spec: parts });
            }
        });
        if let Err(error) = parsed {
            return Err(format!("{error}"));
        }
        if !literal.is_empty() {
            pieces.push(Piece::Text(literal));
        }
        Ok(Template { pieces })
    }

    /// Every field the template refers to, in order of appearance (with repeats).
    pub fn args(&self) -> Vec<&Arg> {
        let mut args = Vec::new();
        for piece in &self.pieces {
            if let Piece::Placeholder { arg, spec } = piece {
                args.push(arg);
                for part in spec {
                    if let SpecPart::Count(arg) = part {
                        args.push(arg);
                    }
                }
            }
        }
        args
    }

    /// Whether `arg` is used as a width or precision (and so must be passed as `usize`).
    pub fn is_count(&self, arg: &Arg) -> bool {
        for piece in &self.pieces {
            if let Piece::Placeholder { spec, .. } = piece {
                for part in spec {
                    if matches!(part, SpecPart::Count(a) if a == arg) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The text, when the template has no placeholder.
    pub fn as_plain(&self) -> Option<String> {
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => out.push_str(text),
                Piece::Placeholder { .. } => return None,
            }
        }
        Some(out)
    }

    /// Whether some placeholder shows `arg` with `Display` (no `?`, `x`, `e`, ... type).
    pub fn displays(&self, arg: &Arg) -> bool {
        self.uses(arg, FmtTrait::Display)
    }

    /// Whether some placeholder formats `arg` with `fmt_trait`.
    pub fn uses(&self, arg: &Arg, fmt_trait: FmtTrait) -> bool {
        for piece in &self.pieces {
            if let Piece::Placeholder { arg: a, spec } = piece
                && a == arg
                && FmtTrait::of(spec) == fmt_trait
            {
                return true;
            }
        }
        false
    }

    /// The `format_args!` string, each argument renamed by `name`, which also learns the
    /// trait the placeholder uses (`None` for widths and precisions): a path is shown through
    /// its `display()` but debugged as itself, a pointer shows the field's value.
    pub fn format_string_by_trait(
        &self,
        name: &dyn Fn(&Arg, Option<FmtTrait>) -> String,
    ) -> String {
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => {
                    let text = crate::names::replace(text, "{", "{{");
                    out.push_str(&crate::names::replace(&text, "}", "}}"));
                }
                Piece::Placeholder { arg, spec } => {
                    out.push('{');
                    out.push_str(&name(arg, Some(FmtTrait::of(spec))));
                    if !spec.is_empty() {
                        out.push(':');
                        for part in spec {
                            match part {
                                SpecPart::Text(text) => out.push_str(text),
                                SpecPart::Count(arg) => {
                                    out.push_str(&name(arg, None));
                                    out.push('$');
                                }
                            }
                        }
                    }
                    out.push('}');
                }
            }
        }
        out
    }
}

/// The `core::fmt` trait a placeholder formats its argument with, from its spec's type (the
/// last character, after any width or precision).
#[derive(Clone, Copy, PartialEq)]
pub enum FmtTrait {
    Display,
    Debug,
    LowerHex,
    UpperHex,
    Octal,
    Binary,
    LowerExp,
    UpperExp,
    Pointer,
}

impl FmtTrait {
    /// The trait a placeholder of this spec formats its argument with (a width or precision,
    /// a `usize` value, has none).
    pub fn of(spec: &[SpecPart]) -> FmtTrait {
        let Some(SpecPart::Text(text)) = spec.last() else {
            return FmtTrait::Display;
        };
        match text.chars().last() {
            Some('?') => FmtTrait::Debug,
            Some('x') => FmtTrait::LowerHex,
            Some('X') => FmtTrait::UpperHex,
            Some('o') => FmtTrait::Octal,
            Some('b') => FmtTrait::Binary,
            Some('e') => FmtTrait::LowerExp,
            Some('E') => FmtTrait::UpperExp,
            Some('p') => FmtTrait::Pointer,
            _ => FmtTrait::Display,
        }
    }

    /// The trait's name in `core::fmt`.
    pub fn name(self) -> &'static str {
        match self {
            FmtTrait::Display => "Display",
            FmtTrait::Debug => "Debug",
            FmtTrait::LowerHex => "LowerHex",
            FmtTrait::UpperHex => "UpperHex",
            FmtTrait::Octal => "Octal",
            FmtTrait::Binary => "Binary",
            FmtTrait::LowerExp => "LowerExp",
            FmtTrait::UpperExp => "UpperExp",
            FmtTrait::Pointer => "Pointer",
        }
    }
}

/// Rewrites the `.field` / `.0` shorthands of an extra format argument (thiserror's
/// `.0.len()`): each, where an expression can start (at the beginning, after an operator, a
/// comma or a keyword such as `match`, inside any group), is handed to `field`, which returns
/// what replaces it (the field's binding). Everything else is kept: a `.` after an
/// identifier, a literal, a group, or the `>` closing a turbofish (`None::<i32>.is_some()`)
/// is a field access or a method call. `.0.1` (lexed as `.` and the float `0.1`) becomes the
/// binding of `0`, then `.1`.
pub fn replace_members(
    tokens: &proc_macro2::TokenStream,
    field: &mut dyn FnMut(&Arg, proc_macro2::Span) -> proc_macro2::TokenStream,
) -> proc_macro2::TokenStream {
    use proc_macro2::{Group, Literal, Punct, Spacing, TokenTree};
    let mut out = proc_macro2::TokenStream::new();
    let mut trees: Vec<TokenTree> = Vec::new();
    for tree in tokens.clone() {
        trees.push(tree);
    }
    // Open `<` of turbofishes (`::<`) and of the generics nested in them.
    let mut turbofish = 0usize;
    let mut closes_turbofish = false;
    let mut i = 0;
    while i < trees.len() {
        let previous = if i == 0 { None } else { Some(&trees[i - 1]) };
        let starts_expr = crate::scan::expression_starts(previous, closes_turbofish);
        if starts_expr
            && let TokenTree::Punct(dot) = &trees[i]
            && dot.as_char() == '.'
            && dot.spacing() == Spacing::Alone
            && let Some(next) = trees.get(i + 1)
        {
            let member = match next {
                TokenTree::Ident(ident) => {
                    let name = ident.to_string();
                    Some((Arg::Named(name.trim_start_matches("r#").to_owned()), None))
                }
                TokenTree::Literal(lit) => {
                    let text = lit.to_string();
                    let (head, tail) = match text.split_once('.') {
                        Some((head, tail)) => (head, Some(tail.to_owned())),
                        None => (&text[..], None),
                    };
                    match template::decimal(head) {
                        Some(index) => Some((Arg::Index(index), tail)),
                        None => None,
                    }
                }
                _ => None,
            };
            if let Some((arg, tail)) = member {
                out.extend(field(&arg, next.span()));
                if let Some(tail) = tail {
                    let mut dot = Punct::new('.', Spacing::Alone);
                    dot.set_span(next.span());
                    out.extend([TokenTree::Punct(dot)]);
                    if let Some(index) = template::decimal(&tail) {
                        let mut lit = Literal::usize_unsuffixed(index);
                        lit.set_span(next.span());
                        out.extend([TokenTree::Literal(lit)]);
                    }
                }
                closes_turbofish = false;
                i += 2;
                continue;
            }
        }
        closes_turbofish = false;
        match &trees[i] {
            TokenTree::Group(group) => {
                let mut new =
                    Group::new(group.delimiter(), replace_members(&group.stream(), field));
                new.set_span(group.span());
                out.extend([TokenTree::Group(new)]);
            }
            TokenTree::Punct(p) if p.as_char() == '<' => {
                let path_sep = i >= 2
                    && matches!((&trees[i - 2], &trees[i - 1]),
                        (TokenTree::Punct(a), TokenTree::Punct(b))
                            if a.as_char() == ':' && b.as_char() == ':');
                if turbofish > 0 || path_sep {
                    turbofish += 1;
                }
                out.extend([trees[i].clone()]);
            }
            TokenTree::Punct(p) if p.as_char() == '>' && turbofish > 0 => {
                let arrow = matches!(previous,
                    Some(TokenTree::Punct(m)) if m.as_char() == '-' && m.spacing() == Spacing::Joint);
                if !arrow {
                    turbofish -= 1;
                    closes_turbofish = true;
                }
                out.extend([trees[i].clone()]);
            }
            tree => out.extend([tree.clone()]),
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(s: &str) -> Arg {
        Arg::Named(s.to_owned())
    }

    fn rewrite(template: &str) -> String {
        Template::parse(template)
            .unwrap()
            .format_string_by_trait(&|arg, _| match arg {
                Arg::Named(n) => n.clone(),
                Arg::Index(i) => format!("_{i}"),
                Arg::Positional(_) => String::new(),
            })
    }

    #[test]
    fn plain_text_and_escapes() {
        let t = Template::parse("Navigation failed {{x}}").unwrap();
        assert_eq!(t.as_plain().as_deref(), Some("Navigation failed {x}"));
        assert_eq!(t.args().len(), 0);
        assert_eq!(rewrite("a {{b}} c"), "a {{b}} c");
        assert_eq!(Template::parse("").unwrap().as_plain().as_deref(), Some(""));
    }

    #[test]
    fn placeholders_are_named_or_indexed() {
        let t = Template::parse("failed: {reason} at {0}; {r#type}").unwrap();
        let args: Vec<_> = t.args().into_iter().cloned().collect();
        assert_eq!(args, [named("reason"), Arg::Index(0), named("type")]);
        assert_eq!(t.as_plain(), None);
        assert_eq!(rewrite("{0} and {1:?}"), "{_0} and {_1:?}");
    }

    #[test]
    fn format_specs_are_kept() {
        assert_eq!(rewrite("{size_mb:.1} MB"), "{size_mb:.1} MB");
        assert_eq!(
            rewrite("{x:>8}|{y:#x}|{z:+08.3e}"),
            "{x:>8}|{y:#x}|{z:+08.3e}"
        );
        assert_eq!(rewrite("{x:*^10}"), "{x:*^10}");
        assert_eq!(rewrite("{x:0$}"), "{x:_0$}");
    }

    #[test]
    fn counts_refer_to_fields() {
        let t = Template::parse("{value:>width$.prec$}").unwrap();
        let args: Vec<_> = t.args().into_iter().cloned().collect();
        assert_eq!(args, [named("value"), named("width"), named("prec")]);
        assert!(t.is_count(&named("width")) && t.is_count(&named("prec")));
        assert!(!t.is_count(&named("value")));
        assert_eq!(rewrite("{0:1$}"), "{_0:_1$}");
    }

    #[test]
    fn member_shorthands_are_replaced_where_an_expression_starts() {
        let tokens: proc_macro2::TokenStream =
            "if *.unique { .0.len() } else { x.len() + .1.2 }, .r#type"
                .parse()
                .unwrap();
        let mut seen = Vec::new();
        let out = replace_members(&tokens, &mut |arg, _| {
            seen.push(arg.clone());
            let name = match arg {
                Arg::Named(n) => format!("f_{n}"),
                Arg::Index(i) => format!("f{i}"),
                Arg::Positional(_) => unreachable!(),
            };
            name.parse().unwrap()
        });
        assert_eq!(
            seen,
            [named("unique"), Arg::Index(0), Arg::Index(1), named("type")]
        );
        assert_eq!(
            out.to_string(),
            "if *f_unique { f0 . len () } else { x . len () + f1 . 2 } , f_type"
        );
    }

    #[test]
    fn member_shorthands_follow_keywords_but_not_turbofishes() {
        let tokens: proc_macro2::TokenStream =
            "match .1 { Some(n) => n, None => 0 }, None::<i32>.is_some(), \
             Vec::<Vec<u8>>::new().len(), Option::<Box<dyn Fn(u8) -> u8>>::None.is_none(), \
             a < .b, c > .d"
                .parse()
                .unwrap();
        let mut seen = Vec::new();
        let out = replace_members(&tokens, &mut |arg, _| {
            seen.push(arg.clone());
            "f".parse().unwrap()
        });
        assert_eq!(seen, [Arg::Index(1), named("b"), named("d")]);
        assert!(out.to_string().starts_with("match f {"), "{out}");
    }

    #[test]
    fn empty_placeholders_are_positional() {
        let t = Template::parse("{} and {:?} then {x}").unwrap();
        let args: Vec<_> = t.args().into_iter().cloned().collect();
        assert_eq!(args, [Arg::Positional(0), Arg::Positional(1), named("x")]);
        assert_eq!(rewrite("{} and {:?}"), "{} and {:?}");
    }

    #[test]
    fn placeholders_know_their_trait() {
        let t = Template::parse("{a} {b:?} {c:>8} {d:#x} {e:.1$} {f:e>5}").unwrap();
        let shown: Vec<bool> = ["a", "b", "c", "d", "e", "f"]
            .iter()
            .map(|n| t.displays(&named(n)))
            .collect();
        assert_eq!(shown, [true, false, true, false, true, true]);
        let both = Template::parse("{0} {0:?}").unwrap();
        let fmt = both.format_string_by_trait(&|arg, t| {
            format!(
                "{}{arg}",
                if t == Some(FmtTrait::Display) {
                    "d"
                } else {
                    "v"
                }
            )
        });
        assert_eq!(fmt, "{d0} {v0:?}");
    }

    #[test]
    fn placeholders_name_their_format_trait() {
        let t = Template::parse("{a:x}{a:X}{b:o}{c:#b}{d:e}{e:E}{f:p}{g:?}{h:#x?}{i:>8}").unwrap();
        let mut traits = Vec::new();
        for piece in &t.pieces {
            if let Piece::Placeholder { spec, .. } = piece {
                traits.push(FmtTrait::of(spec).name());
            }
        }
        assert_eq!(
            traits,
            [
                "LowerHex", "UpperHex", "Octal", "Binary", "LowerExp", "UpperExp", "Pointer",
                "Debug", "Debug", "Display"
            ]
        );
        assert!(t.uses(&named("a"), FmtTrait::UpperHex) && !t.displays(&named("a")));
    }

    #[test]
    fn malformed_templates_are_rejected() {
        for bad in [
            "{", "}", "a { b", "x}y", "{a{b}}", "{a-b}", "{ a }", "{x:.*}",
        ] {
            assert!(Template::parse(bad).is_err(), "{bad}");
        }
    }
}
