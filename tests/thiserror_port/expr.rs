//! thiserror's `tests/test_expr.rs`, ported by renaming (4 cases).

use core::fmt::Display;
use mcp_errors::McpError;
use std::path::PathBuf;

// Some of the elaborate cases from the rcc codebase, which is a C compiler in
// Rust. https://github.com/jyn514/rcc/blob/0.8.0/src/data/error.rs
#[derive(McpError, Debug)]
#[mcp(domain = "port")]
pub enum CompilerError {
    #[mcp(code = 1, message("cannot shift {} by {maximum} or more bits (got {current})", if *.is_left { "left" } else { "right" }))]
    TooManyShiftBits {
        is_left: bool,
        maximum: u64,
        current: u64,
    },

    #[mcp(code = 2, message("#error {}", (.0).iter().copied().collect::<Vec<_>>().join(" ")))]
    User(Vec<&'static str>),

    #[mcp(code = 3, message("overflow while parsing {}integer literal",
        if let Some(signed) = .is_signed {
            if *signed { "signed "} else { "unsigned "}
        } else {
            ""
        }
    ))]
    IntegerOverflow { is_signed: Option<bool> },

    #[mcp(code = 4, message("overflow while parsing {}integer literal", match .is_signed {
        Some(true) => "signed ",
        Some(false) => "unsigned ",
        None => "",
    }))]
    IntegerOverflow2 { is_signed: Option<bool> },
}

// Examples drawn from Rustup.
#[derive(McpError, Debug)]
#[mcp(domain = "port")]
pub enum RustupError {
    #[mcp(code = 1, message(
        "toolchain '{name}' does not contain component {component}{}",
        .suggestion
            .as_ref()
            .map_or_else(String::new, |s| format!("; did you mean '{}'?", s)),
    ))]
    UnknownComponent {
        name: String,
        component: String,
        suggestion: Option<String>,
    },
}

#[track_caller]
fn assert<T: Display>(expected: &str, value: T) {
    assert_eq!(expected, value.to_string());
}

#[test]
fn test_rcc() {
    assert(
        "cannot shift left by 32 or more bits (got 50)",
        CompilerError::TooManyShiftBits {
            is_left: true,
            maximum: 32,
            current: 50,
        },
    );

    assert("#error A B C", CompilerError::User(vec!["A", "B", "C"]));

    assert(
        "overflow while parsing signed integer literal",
        CompilerError::IntegerOverflow {
            is_signed: Some(true),
        },
    );
}

#[test]
fn test_rustup() {
    assert(
        "toolchain 'nightly' does not contain component clipy; did you mean 'clippy'?",
        RustupError::UnknownComponent {
            name: "nightly".to_owned(),
            component: "clipy".to_owned(),
            suggestion: Some("clippy".to_owned()),
        },
    );
}

// Regression test for https://github.com/dtolnay/thiserror/issues/335
#[test]
#[allow(non_snake_case)]
fn test_assoc_type_equality_constraint() {
    pub trait Trait<T>: Display {
        type A;
    }

    impl<T> Trait<T> for i32 {
        type A = i32;
    }

    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message("{A} {b}", b = &0 as &dyn Trait<i32, A = i32>))]
    pub struct Error {
        pub A: PathBuf,
    }

    assert(
        "... 0",
        Error {
            A: PathBuf::from("..."),
        },
    );
}

// Regression test for https://github.com/dtolnay/thiserror/issues/332
#[test]
fn test_turbofish() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message(
        "{} {} {}",
        None::<i32>.is_some(),
        Vec::<Vec<u8>>::new().len(),
        (0..3).filter(|_| Option::<Box<dyn Fn(u8) -> u8>>::None.is_none()).count(),
    ))]
    pub struct Error;

    assert("false 0 3", Error);
}
