//! thiserror's `tests/test_display.rs`, ported by renaming (29 cases).

use core::fmt::{self, Display};
use mcp_errors::McpError;

fn assert<T: Display>(expected: &str, value: T) {
    assert_eq!(expected, value.to_string());
}

#[test]
fn test_braced() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message = "braced error: {msg}")]
    struct Error {
        msg: String,
    }

    let msg = "T".to_owned();
    assert("braced error: T", Error { msg });
}

#[test]
fn test_braced_unused() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message = "braced error")]
    struct Error {
        extra: usize,
    }

    assert("braced error", Error { extra: 0 });
}

#[test]
fn test_tuple() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message = "tuple error: {0}")]
    struct Error(usize);

    assert("tuple error: 0", Error(0));
}

#[test]
fn test_unit() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message = "unit error")]
    struct Error;

    assert("unit error", Error);
}

#[test]
fn test_enum() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port")]
    enum Error {
        #[mcp(code = 1, message = "braced error: {id}")]
        Braced { id: usize },
        #[mcp(code = 2, message = "tuple error: {0}")]
        Tuple(usize),
        #[mcp(code = 3, message = "unit error")]
        Unit,
    }

    assert("braced error: 0", Error::Braced { id: 0 });
    assert("tuple error: 0", Error::Tuple(0));
    assert("unit error", Error::Unit);
}

#[test]
fn test_constants() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message = "{MSG}: {id:?} (code {CODE:?})")]
    struct Error {
        id: &'static str,
    }

    const MSG: &str = "failed to do";
    const CODE: usize = 9;

    assert("failed to do: \"\" (code 9)", Error { id: "" });
}

#[test]
fn test_inherit() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", message = "{0}")]
    enum Error {
        #[mcp(code = 1)]
        Some(&'static str),
        #[mcp(code = 2, message = "other error")]
        Other(&'static str),
    }

    assert("some error", Error::Some("some error"));
    assert("other error", Error::Other("..."));
}

#[test]
fn test_brace_escape() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message = "fn main() {{}}")]
    struct Error;

    assert("fn main() {}", Error);
}

#[test]
fn test_expr() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message("1 + 1 = {}", 1 + 1))]
    struct Error;
    assert("1 + 1 = 2", Error);
}

#[test]
fn test_nested() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message("!bool = {}", not(.0)))]
    struct Error(bool);

    #[allow(clippy::trivially_copy_pass_by_ref)]
    fn not(bool: &bool) -> bool {
        !*bool
    }

    assert("!bool = false", Error(true));
}

#[test]
fn test_match() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message("{intro}: {0}", intro = match .1 {
        Some(n) => format!("error occurred with {}", n),
        None => "there was an empty error".to_owned(),
    }))]
    struct Error(String, Option<usize>);

    assert(
        "error occurred with 1: ...",
        Error("...".to_owned(), Some(1)),
    );
    assert(
        "there was an empty error: ...",
        Error("...".to_owned(), None),
    );
}

#[test]
fn test_nested_display() {
    // Same behavior as the one in `test_match`, but without String allocations.
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message("{}", {
        struct Msg<'a>(&'a String, &'a Option<usize>);
        impl<'a> Display for Msg<'a> {
            fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self.1 {
                    Some(n) => write!(formatter, "error occurred with {}", n),
                    None => write!(formatter, "there was an empty error"),
                }?;
                write!(formatter, ": {}", self.0)
            }
        }
        Msg(.0, .1)
    }))]
    struct Error(String, Option<usize>);

    assert(
        "error occurred with 1: ...",
        Error("...".to_owned(), Some(1)),
    );
    assert(
        "there was an empty error: ...",
        Error("...".to_owned(), None),
    );
}

#[test]
fn test_void() {
    #[allow(clippy::empty_enums)]
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", message = "...")]
    pub enum Error {}

    let _: Error;
}

#[test]
fn test_mixed() {
    #[derive(McpError, Debug)]
    #[mcp(
        domain = "port",
        code = 1,
        message("a={a} :: b={} :: c={c} :: d={d}", 1, c = 2, d = 3)
    )]
    struct Error {
        a: usize,
        d: usize,
    }

    assert("a=0 :: b=1 :: c=2 :: d=3", Error { a: 0, d: 0 });
}

#[test]
fn test_ints() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port")]
    enum Error {
        #[mcp(code = 1, message = "error {0}")]
        Tuple(usize, usize),
        #[mcp(code = 2, message("error {0}", '?'))]
        Struct { v: usize },
    }

    assert("error 9", Error::Tuple(9, 0));
    assert("error ?", Error::Struct { v: 0 });
}

#[test]
fn test_trailing_comma() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message(
        "error {0}",
    ))]
    #[rustfmt::skip]
    struct Error(char);

    assert("error ?", Error('?'));
}

#[test]
fn test_field() {
    #[derive(Debug)]
    struct Inner {
        data: usize,
    }

    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message("{}", .0.data))]
    struct Error(Inner);

    assert("0", Error(Inner { data: 0 }));
}

#[test]
fn test_nested_tuple_field() {
    #[derive(Debug)]
    struct Inner(usize);

    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message("{}", .0.0))]
    struct Error(Inner);

    assert("0", Error(Inner(0)));
}

#[test]
fn test_pointer() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message = "{field:p}")]
    pub struct Struct {
        field: Box<i32>,
    }

    let s = Struct {
        field: Box::new(-1),
    };
    assert_eq!(s.to_string(), format!("{:p}", s.field));
}

#[test]
fn test_macro_rules_variant_from_call_site() {
    // Regression test for https://github.com/dtolnay/thiserror/issues/86

    macro_rules! decl_error {
        ($variant:ident($value:ident)) => {
            #[derive(McpError, Debug)]
            #[mcp(domain = "port")]
            pub enum Error0 {
                #[mcp(code = 1, message = "{0:?}")]
                $variant($value),
            }

            #[derive(McpError, Debug)]
            #[mcp(domain = "port", message = "{0:?}")]
            pub enum Error1 {
                #[mcp(code = 1)]
                $variant($value),
            }
        };
    }

    decl_error!(Repro(u8));

    assert("0", Error0::Repro(0));
    assert("0", Error1::Repro(0));
}

#[test]
fn test_macro_rules_message_from_call_site() {
    // Regression test for https://github.com/dtolnay/thiserror/issues/398

    macro_rules! decl_error {
        ($($errors:tt)*) => {
            #[derive(McpError, Debug)]
            #[mcp(domain = "port")]
            pub enum Error {
                $($errors)*
            }
        };
    }

    decl_error! {
        #[mcp(code = 1, message = "{0}")]
        Unnamed(u8),
        #[mcp(code = 2, message = "{x}")]
        Named { x: u8 },
    }

    assert("0", Error::Unnamed(0));
    assert("0", Error::Named { x: 0 });
}

#[test]
fn test_raw() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message = "braced raw error: {fn}")]
    struct Error {
        r#fn: &'static str,
    }

    assert("braced raw error: T", Error { r#fn: "T" });
}

#[test]
fn test_raw_enum() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port")]
    enum Error {
        #[mcp(code = 1, message = "braced raw error: {fn}")]
        Braced { r#fn: &'static str },
    }

    assert("braced raw error: T", Error::Braced { r#fn: "T" });
}

#[test]
fn test_keyword() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message("error: {type}", type = 1))]
    struct Error;

    assert("error: 1", Error);
}

#[test]
fn test_self() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message = "error: {self:?}")]
    struct Error;

    assert("error: Error", Error);
}

#[test]
fn test_str_special_chars() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port")]
    pub enum Error {
        #[mcp(code = 1, message = "brace left {{")]
        BraceLeft,
        #[mcp(code = 2, message = "brace left 2 \x7B\x7B")]
        BraceLeft2,
        #[mcp(code = 3, message = "brace left 3 \u{7B}\u{7B}")]
        BraceLeft3,
        #[mcp(code = 4, message = "brace right }}")]
        BraceRight,
        #[mcp(code = 5, message = "brace right 2 \x7D\x7D")]
        BraceRight2,
        #[mcp(code = 6, message = "brace right 3 \u{7D}\u{7D}")]
        BraceRight3,
        #[mcp(
            code = 7,
            message = "new_\
line"
        )]
        NewLine,
        #[mcp(code = 8, message = "escape24 \u{78}")]
        Escape24,
    }

    assert("brace left {", Error::BraceLeft);
    assert("brace left 2 {", Error::BraceLeft2);
    assert("brace left 3 {", Error::BraceLeft3);
    assert("brace right }", Error::BraceRight);
    assert("brace right 2 }", Error::BraceRight2);
    assert("brace right 3 }", Error::BraceRight3);
    assert("new_line", Error::NewLine);
    assert("escape24 x", Error::Escape24);
}

#[test]
fn test_raw_str() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port")]
    pub enum Error {
        #[mcp(code = 1, message = r#"raw brace left {{"#)]
        BraceLeft,
        #[mcp(code = 2, message = r#"raw brace left 2 \x7B"#)]
        BraceLeft2,
        #[mcp(code = 3, message = r#"raw brace right }}"#)]
        BraceRight,
        #[mcp(code = 4, message = r#"raw brace right 2 \x7D"#)]
        BraceRight2,
    }

    assert(r#"raw brace left {"#, Error::BraceLeft);
    assert(r#"raw brace left 2 \x7B"#, Error::BraceLeft2);
    assert(r#"raw brace right }"#, Error::BraceRight);
    assert(r#"raw brace right 2 \x7D"#, Error::BraceRight2);
}

#[test]
fn test_fmt_path() {
    fn unit(formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("unit=")
    }

    fn pair(k: &i32, v: &i32, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "pair={k}:{v}")
    }

    #[derive(McpError, Debug)]
    #[mcp(domain = "port")]
    pub enum Error {
        #[mcp(code = 1, fmt = unit)]
        Unit,
        #[mcp(code = 2, fmt = pair)]
        Tuple(i32, i32),
        #[mcp(code = 3, fmt = pair)]
        Entry { k: i32, v: i32 },
        #[mcp(code = 4, fmt = crate::util::octal)]
        I16(i16),
        #[mcp(code = 5, fmt = crate::util::octal::<i32>)]
        I32 { n: i32 },
        #[mcp(code = 6, fmt = core::fmt::Octal::fmt)]
        I64(i64),
        #[mcp(code = 7, message = "...{0}")]
        Other(bool),
    }

    assert("unit=", Error::Unit);
    assert("pair=10:0", Error::Tuple(10, 0));
    assert("pair=10:0", Error::Entry { k: 10, v: 0 });
    assert("0o777", Error::I16(0o777));
    assert("0o777", Error::I32 { n: 0o777 });
    assert("777", Error::I64(0o777));
    assert("...false", Error::Other(false));
}

#[test]
fn test_fmt_path_inherited() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", fmt = crate::util::octal)]
    pub enum Error {
        #[mcp(code = 1)]
        I16(i16),
        #[mcp(code = 2)]
        I32 { n: i32 },
        #[mcp(code = 3, fmt = core::fmt::Octal::fmt)]
        I64(i64),
        #[mcp(code = 4, message = "...{0}")]
        Other(bool),
    }

    assert("0o777", Error::I16(0o777));
    assert("0o777", Error::I32 { n: 0o777 });
    assert("777", Error::I64(0o777));
    assert("...false", Error::Other(false));
}
