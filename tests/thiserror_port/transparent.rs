//! thiserror's `tests/test_transparent.rs`, ported by renaming (6 cases): `transparent` over
//! a foreign error (`anyhow::Error`) gets a `code`.

use anyhow::anyhow;
use mcp_errors::McpError;
use std::error::Error as _;
use std::io;

#[test]
fn test_transparent_struct() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", transparent)]
    struct Error(ErrorKind);

    #[derive(McpError, Debug)]
    #[mcp(domain = "port")]
    enum ErrorKind {
        #[mcp(code = 1, message = "E0")]
        E0,
        #[mcp(code = 2, message = "E1")]
        E1(#[mcp(from)] io::Error),
    }

    let error = Error(ErrorKind::E0);
    assert_eq!("E0", error.to_string());
    assert!(error.source().is_none());

    let io = io::Error::other("oh no!");
    let error = Error(ErrorKind::from(io));
    assert_eq!("E1", error.to_string());
    error.source().unwrap().downcast_ref::<io::Error>().unwrap();
}

#[test]
fn test_transparent_enum() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port")]
    enum Error {
        #[mcp(code = 1, message = "this failed")]
        This,
        #[mcp(code = 2, transparent)]
        Other(anyhow::Error),
    }

    let error = Error::This;
    assert_eq!("this failed", error.to_string());

    let error = Error::Other(anyhow!("inner").context("outer"));
    assert_eq!("outer", error.to_string());
    assert_eq!("inner", error.source().unwrap().to_string());
}

#[test]
fn test_transparent_enum_with_default_message() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", message = "this failed: {0}_{1}")]
    enum Error {
        #[mcp(code = 1)]
        This(i32, i32),
        #[mcp(code = 2, transparent)]
        Other(anyhow::Error),
    }

    let error = Error::This(-1, -1);
    assert_eq!("this failed: -1_-1", error.to_string());

    let error = Error::Other(anyhow!("inner").context("outer"));
    assert_eq!("outer", error.to_string());
    assert_eq!("inner", error.source().unwrap().to_string());
}

#[test]
fn test_transparent_enum_generic() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port")]
    enum Error<E> {
        #[mcp(code = 1, message = "this failed")]
        This,
        #[mcp(transparent)]
        Other(E),
    }

    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message = "inner error")]
    struct Inner;

    let error = Error::<Inner>::This;
    assert_eq!("this failed", error.to_string());

    let error = Error::Other(Inner);
    assert_eq!("inner error", error.to_string());
    assert!(error.source().is_none());

    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message = "wrapped")]
    struct WithSource(#[mcp(source)] io::Error);

    let io = io::Error::other("oh no!");
    let error = Error::Other(WithSource(io));
    assert_eq!("wrapped", error.to_string());
    assert_eq!("oh no!", error.source().unwrap().to_string());
}

#[test]
fn test_anyhow() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, transparent)]
    struct Any(#[mcp(from)] anyhow::Error);

    let error = Any::from(anyhow!("inner").context("outer"));
    assert_eq!("outer", error.to_string());
    assert_eq!("inner", error.source().unwrap().to_string());
}

#[test]
fn test_non_static() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", transparent)]
    struct Error<'a> {
        inner: ErrorKind<'a>,
    }

    #[derive(McpError, Debug)]
    #[mcp(domain = "port")]
    enum ErrorKind<'a> {
        #[mcp(code = 1, message("unexpected token: {:?}", token))]
        Unexpected { token: &'a str },
    }

    let error = Error {
        inner: ErrorKind::Unexpected { token: "error" },
    };
    assert_eq!("unexpected token: \"error\"", error.to_string());
    assert!(error.source().is_none());
}
