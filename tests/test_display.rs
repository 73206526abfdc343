//! `Display` from message templates and doc comments.

use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "display", range = 100..=199, symbol_prefix = "E_", data_fields)]
enum DisplayError {
    /// Navigation failed
    ///
    /// Only the first doc line is the message.
    #[mcp(code = 100)]
    FromDoc,

    ///
    ///   Leading blank doc lines are skipped   
    #[mcp(code = 101)]
    BlankFirstLine,

    /// Doc comments are a fallback
    #[mcp(code = 102, message = "the attribute wins")]
    AttributeWins,

    #[mcp(code = 103, message = "Browser launch failed: {reason}")]
    Named { reason: String },

    #[mcp(code = 104, message = "{1} then {0} then {1} again")]
    Tuple(u32, &'static str),

    #[mcp(
        code = 105,
        message = "size {size_mb:.1} MB, padded [{name:>6}], debug {name:?}, hex {n:#x}"
    )]
    Specs { size_mb: f64, name: String, n: u32 },

    #[mcp(code = 106, message = "literal {{braces}} and }} and {{{value}}}")]
    Escapes { value: i8 },

    #[mcp(code = 107, message = "[{value:>width$.prec$}]")]
    CountArgs {
        value: f32,
        width: usize,
        prec: usize,
    },

    #[mcp(code = 108, message = "keyword field {type}")]
    RawIdent { r#type: &'static str },

    /// Unused fields are fine: {used}
    #[mcp(code = 109)]
    DocTemplate { used: u8, unused: u8 },

    #[mcp(code = 110, message = "no placeholders, {{ not a template }}")]
    PlainWithEscape,
}

#[derive(Debug, McpError)]
#[mcp(domain = "outer")]
enum Outer {
    #[mcp(transparent)]
    Inner(DisplayError),
    /// Own {0}
    #[mcp(code = 7000)]
    Own(u8),
}

#[test]
fn doc_comment_first_line_is_the_message() {
    assert_eq!(DisplayError::FromDoc.to_string(), "Navigation failed");
    assert_eq!(
        DisplayError::BlankFirstLine.to_string(),
        "Leading blank doc lines are skipped"
    );
    assert_eq!(
        DisplayError::AttributeWins.to_string(),
        "the attribute wins"
    );
}

#[test]
fn named_and_tuple_fields() {
    let e = DisplayError::Named {
        reason: "no display".into(),
    };
    assert_eq!(e.to_string(), "Browser launch failed: no display");
    assert_eq!(
        DisplayError::Tuple(7, "x").to_string(),
        "x then 7 then x again"
    );
}

#[test]
fn format_specs_are_honoured() {
    let e = DisplayError::Specs {
        size_mb: 12.345,
        name: "ab".into(),
        n: 255,
    };
    assert_eq!(
        e.to_string(),
        "size 12.3 MB, padded [    ab], debug \"ab\", hex 0xff"
    );
    let e = DisplayError::CountArgs {
        value: 1.23456,
        width: 8,
        prec: 2,
    };
    assert_eq!(e.to_string(), "[    1.23]");
}

#[test]
fn escapes_and_keywords() {
    assert_eq!(
        DisplayError::Escapes { value: -3 }.to_string(),
        "literal {braces} and } and {-3}"
    );
    assert_eq!(
        DisplayError::RawIdent { r#type: "kw" }.to_string(),
        "keyword field kw"
    );
    assert_eq!(
        DisplayError::DocTemplate { used: 1, unused: 2 }.to_string(),
        "Unused fields are fine: 1"
    );
}

#[test]
fn catalog_keeps_the_template_as_written() {
    let e = DisplayError::Escapes { value: 0 };
    assert_eq!(
        e.entry().message,
        "literal {{braces}} and }} and {{{value}}}"
    );
    assert_eq!(DisplayError::FromDoc.entry().message, "Navigation failed");
    assert_eq!(
        DisplayError::FromDoc.entry().doc,
        "Navigation failed\n\nOnly the first doc line is the message."
    );
}

#[test]
fn transparent_display_is_the_inner_display() {
    let e = Outer::Inner(DisplayError::Named { reason: "r".into() });
    assert_eq!(e.to_string(), "Browser launch failed: r");
    assert_eq!(Outer::Own(5).to_string(), "Own 5");
}

#[test]
fn escaped_plain_message_is_written_verbatim() {
    assert_eq!(
        DisplayError::PlainWithEscape.to_string(),
        "no placeholders, { not a template }"
    );
}
