//! thiserror's `tests/test_generics.rs`, ported by renaming (3 cases, and its generic
//! declarations, which must compile). A field the text shows but that does not serialize is
//! `message_only`; one that nothing shows and that does not serialize is `skip`.

use core::fmt::{self, Debug, Display};
use core::str::FromStr;
use mcp_errors::McpError;

pub struct NoFormat;

#[derive(Debug)]
pub struct DebugOnly;

pub struct DisplayOnly;

impl Display for DisplayOnly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("display only")
    }
}

#[derive(Debug)]
pub struct DebugAndDisplay;

impl Display for DebugAndDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("debug and display")
    }
}

#[derive(McpError, Debug)]
#[mcp(domain = "port")]
pub enum EnumDebugGeneric<E> {
    #[mcp(code = 1, message = "{0:?}")]
    FatalError(E),
}

#[derive(McpError, Debug)]
#[mcp(domain = "port")]
pub enum EnumFromGeneric<E> {
    #[mcp(code = 1, message = "enum from generic")]
    Source(#[mcp(from)] EnumDebugGeneric<E>),
}

#[derive(McpError)]
#[mcp(domain = "port")]
pub enum EnumCompound<HasDisplay, HasDebug, HasNeither> {
    #[mcp(code = 1, message = "{0} {1:?}")]
    DisplayDebug(
        #[mcp(message_only)] HasDisplay,
        #[mcp(message_only)] HasDebug,
    ),
    #[mcp(code = 2, message = "{0}")]
    Display(#[mcp(message_only)] HasDisplay, #[mcp(skip)] HasNeither),
    #[mcp(code = 3, message = "{1:?}")]
    Debug(#[mcp(skip)] HasNeither, #[mcp(message_only)] HasDebug),
}

impl<HasDisplay, HasDebug, HasNeither> Debug for EnumCompound<HasDisplay, HasDebug, HasNeither> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("EnumCompound")
    }
}

#[test]
fn test_display_enum_compound() {
    let mut instance: EnumCompound<DisplayOnly, DebugOnly, NoFormat>;

    instance = EnumCompound::DisplayDebug(DisplayOnly, DebugOnly);
    assert_eq!(format!("{}", instance), "display only DebugOnly");

    instance = EnumCompound::Display(DisplayOnly, NoFormat);
    assert_eq!(format!("{}", instance), "display only");

    instance = EnumCompound::Debug(NoFormat, DebugOnly);
    assert_eq!(format!("{}", instance), "DebugOnly");
}

#[derive(McpError, Debug)]
#[mcp(domain = "port")]
pub enum EnumTransparentGeneric<E> {
    #[mcp(transparent)]
    Other(E),
}

#[derive(McpError, Debug)]
#[mcp(domain = "port", code = 1, message = "{underlying:?}")]
pub struct StructDebugGeneric<E> {
    pub underlying: E,
}

#[derive(McpError, Debug)]
#[mcp(domain = "port", code = 1)]
pub struct StructFromGeneric<E> {
    #[mcp(from)]
    pub source: StructDebugGeneric<E>,
}

#[derive(McpError, Debug)]
#[mcp(domain = "port", transparent)]
pub struct StructTransparentGeneric<E>(pub E);

#[derive(McpError, Debug)]
#[mcp(domain = "port")]
pub enum AssociatedTypeError<T: FromStr> {
    #[mcp(code = 1, message = "couldn't parse matrix")]
    Other,
    #[mcp(code = 2, message = "couldn't parse entry: {0}")]
    EntryParseError(T::Err),
}

// Regression test for https://github.com/dtolnay/thiserror/issues/345
#[test]
fn test_no_bound_on_named_fmt() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message("{thing}", thing = "..."))]
    struct Error<T> {
        #[mcp(skip)]
        thing: T,
    }

    let error = Error { thing: DebugOnly };
    assert_eq!(error.to_string(), "...");
}

#[test]
fn test_multiple_bound() {
    #[derive(McpError, Debug)]
    #[mcp(domain = "port", code = 1, message = "0x{thing:x} 0x{thing:X}")]
    pub struct Error<T> {
        thing: T,
    }

    let error = Error { thing: 0xFFi32 };
    assert_eq!(error.to_string(), "0xff 0xFF");
}
