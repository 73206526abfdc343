//! The derive's expansion compiles cleanly under strict lints (rustc and clippy) in the
//! user's crate, for every feature of the attribute language.

#![deny(
    warnings,
    missing_docs,
    unused_qualifications,
    rust_2018_idioms,
    unreachable_pub,
    clippy::all,
    clippy::pedantic
)]

/// The enums live in a public module so `missing_docs` and `unreachable_pub` see the
/// generated public items.
pub mod errors {
    use mcp_errors::{CommonError, McpError};

    /// Every variant-level and field-level feature.
    #[derive(Debug, McpError)]
    #[mcp(domain = "lint-check", range = 6000..=6099, symbol_prefix = "E_LINT_", decode, data_fields)]
    pub enum Everything {
        /// Unit variant
        ///
        /// With a longer doc.
        #[mcp(code = 6000, kind = "network", retryable, help = "try again")]
        Unit,
        /// Named {name} {count:>4} {ratio:.2} {name:?} {{escaped}}
        #[mcp(code = 6001, alias = "E_LINT_LEGACY")]
        Named {
            /// A name.
            name: String,
            /// A count.
            count: u32,
            /// A ratio.
            ratio: f64,
        },
        /// Tuple {0} {1}
        #[mcp(code = 6002)]
        Tuple(u8, #[mcp(rename = "second")] String),
        /// Width [{value:>width$}]
        #[mcp(code = 6003)]
        Width {
            /// The value.
            value: u16,
            /// Its width.
            width: usize,
        },
        /// Roles
        #[mcp(code = 6004, kind = "adapter")]
        Roles {
            /// Details.
            #[mcp(details)]
            details: Option<String>,
            /// Secret.
            #[mcp(skip)]
            secret: String,
            /// Cause.
            #[mcp(source)]
            cause: Option<std::io::Error>,
            /// Retryable per value.
            #[mcp(retryable)]
            transient: bool,
            /// Delay.
            #[mcp(retry_after)]
            after: Option<u64>,
            /// Optional data.
            extra: Option<u8>,
        },
        /// Boxed source
        #[mcp(code = 6005, message = "optional source")]
        Boxed {
            /// Cause, shown as details too.
            #[mcp(source, details)]
            cause: Option<std::io::Error>,
            /// Delay that is not serialized.
            #[mcp(retry_after, skip)]
            wait: std::time::Duration,
        },
        /// Negative code, allowed outside the reserved range
        #[mcp(code = 6006, retryable = false, kind = "timeout")]
        NotRetried,
        /// Common errors.
        #[mcp(transparent)]
        Common(CommonError),
    }

    /// A protocol enum with negative codes and boxed trait-object sources.
    #[derive(Debug, McpError)]
    #[mcp(domain = "lint-protocol", protocol, decode, data_fields)]
    pub enum Protocol {
        /// Parse error
        #[mcp(code = -32700, symbol = "LINT_PARSE_ERROR")]
        Parse {
            /// Cause.
            #[mcp(source)]
            cause: Option<Box<dyn std::error::Error + Send + Sync>>,
        },
        /// Custom
        #[mcp(code = -31000)]
        Custom,
        /// Constant data members, beside a field
        #[mcp(code = -31001, data(code = "invalid_input", weight = -2, ratio = 1234.5678, on = true))]
        Constants(u32),
    }

    /// Only transparent variants.
    #[derive(Debug, McpError)]
    #[mcp(domain = "lint-wrapper", decode)]
    pub enum Wrapper {
        /// Everything.
        #[mcp(transparent)]
        Everything {
            /// The inner error.
            inner: Everything,
        },
        /// Protocol.
        #[mcp(transparent)]
        Protocol(Protocol),
    }

    /// Sources behind trait objects, no `decode`.
    #[derive(Debug, McpError)]
    #[mcp(domain = "lint-boxing", range = 6100..=6199)]
    pub enum Boxing {
        /// Boxed: {cause}
        #[mcp(code = 6100)]
        Boxed {
            /// The cause, also the details.
            #[mcp(source, details)]
            cause: Box<dyn std::error::Error + Send + Sync>,
        },
        /// Plain io
        #[mcp(code = 6101)]
        Io(#[mcp(source)] std::io::Error),
    }

    /// No variants at all.
    #[derive(Debug, McpError)]
    #[mcp(domain = "lint-empty", decode)]
    pub enum Empty {}

    /// One variant without fields: every optional method keeps its default.
    #[derive(Debug, McpError)]
    #[mcp(domain = "lint-single")]
    pub enum Single {
        /// Only
        #[mcp(code = 1)]
        Only,
    }
}

/// The thiserror-parity features (`from`, `catch_all`, `display`, format arguments, `fmt`,
/// enum-level messages, paths, structs, generics, `shared_code`), with no prelude in scope.
#[no_implicit_prelude]
pub mod thiserror_parity {
    /// Writes `busy`.
    ///
    /// # Errors
    /// When the formatter fails.
    pub fn busy(f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.write_str("busy")
    }

    /// Every new variant-level and field-level feature.
    #[derive(::core::fmt::Debug, ::mcp_errors::McpError)]
    #[mcp(domain = "lint-parity", range = 6400..=6499, message = "parity: {0}", data_fields)]
    pub enum Parity {
        /// Inherits the enum's message.
        #[mcp(code = 6400)]
        Inherited(::std::string::String),
        /// Io
        #[mcp(code = 6401, message = "read {path}: {source}")]
        Read {
            /// The path.
            path: ::std::path::PathBuf,
            /// The cause.
            source: ::std::io::Error,
        },
        /// Json
        #[mcp(code = 6402)]
        Json(#[mcp(from)] ::serde_json::Error),
        /// Internal
        #[mcp(code = 6403, catch_all)]
        Other(
            ::std::boxed::Box<
                dyn ::std::error::Error + ::core::marker::Send + ::core::marker::Sync,
            >,
        ),
        /// Rows
        #[mcp(code = 6404, message("{} rows, max {max}", .rows.len(), max = .limit), display = "too many rows: {limit}")]
        Rows {
            /// The rows.
            rows: ::std::vec::Vec<u32>,
            /// The limit.
            limit: usize,
        },
        /// Busy
        #[mcp(code = 6405, fmt = busy)]
        Busy,
        /// Documentation only: the message attribute wins.
        #[mcp(code = 6406, shared_code, message = "shared one")]
        SharedA,
        /// Documentation only.
        #[mcp(code = 6406, shared_code, message = "shared two")]
        SharedB,
        /// Documentation only.
        #[mcp(code = 6407, message = "optional")]
        Optional {
            /// The cause, maybe.
            #[mcp(from)]
            source: ::core::option::Option<::std::string::FromUtf8Error>,
        },
    }

    /// Quota exceeded
    #[derive(::core::fmt::Debug, ::mcp_errors::McpError)]
    #[mcp(
        domain = "lint-parity-struct",
        code = 6500,
        symbol = "E_QUOTA",
        data_fields
    )]
    pub struct Quota {
        /// Used.
        pub used: u64,
    }

    /// A generic and borrowing error.
    #[derive(::core::fmt::Debug, ::mcp_errors::McpError)]
    #[mcp(domain = "lint-parity-generic", range = 6600..=6699, data_fields)]
    pub enum Generic<'a, T, S> {
        /// Shown {0}
        #[mcp(code = 6600)]
        Shown(T),
        /// Borrowed
        #[mcp(code = 6601)]
        Borrowed {
            /// Borrowed text.
            text: &'a str,
        },
        /// Upstream
        #[mcp(code = 6602)]
        Upstream(#[mcp(source)] S),
    }
}

/// Generated code names only absolute paths: it compiles in a module without the prelude.
#[no_implicit_prelude]
pub mod no_prelude {
    /// Every shape of variant and every field role, with no prelude in scope.
    #[derive(::core::fmt::Debug, ::mcp_errors::McpError)]
    #[mcp(
        domain = "lint-no-prelude",
        range = 6200..=6299,
        symbol_prefix = "E_NP_",
        decode, data_fields
    )]
    pub enum NoPrelude {
        /// Unit
        #[mcp(code = 6200, alias = "E_NP_OLD_UNIT", help = "try again", retryable)]
        Unit,
        /// Named {name} {count:>3}
        #[mcp(code = 6201)]
        Named {
            /// A name.
            name: ::std::string::String,
            /// A count.
            count: u32,
            /// Optional data.
            extra: ::core::option::Option<u8>,
        },
        /// Tuple {0}
        #[mcp(code = 6202, symbol = "E_NP_PAIR")]
        Tuple(u8, #[mcp(rename = "second")] ::std::string::String),
        /// Roles
        #[mcp(code = 6203, kind = "adapter")]
        Roles {
            /// Details.
            #[mcp(details)]
            details: ::std::string::String,
            /// Secret.
            #[mcp(skip)]
            secret: ::std::string::String,
            /// Cause.
            #[mcp(source)]
            cause: ::core::option::Option<::std::io::Error>,
            /// Retryable per value.
            #[mcp(retryable)]
            transient: ::core::option::Option<bool>,
            /// Delay.
            #[mcp(retry_after)]
            after: u64,
        },
        /// Io
        #[mcp(code = 6204, message = "io failed")]
        Io {
            /// The cause, also the details.
            #[mcp(source, details)]
            cause: ::core::option::Option<::std::io::Error>,
        },
        /// Common errors.
        #[mcp(transparent)]
        Common(::mcp_errors::CommonError),
    }

    /// Only transparent variants, with no prelude in scope.
    #[derive(::core::fmt::Debug, ::mcp_errors::McpError)]
    #[mcp(domain = "lint-no-prelude-wrapper", decode)]
    pub enum NoPreludeWrapper {
        /// The enum above.
        #[mcp(transparent)]
        Inner(NoPrelude),
        /// Common errors.
        #[mcp(transparent)]
        Common(::mcp_errors::CommonError),
    }
}

/// Generated code is not captured by user items named like the prelude's.
pub mod shadowed {
    #![allow(clippy::enum_glob_use)]

    /// Variants named like the prelude's `Option` and `Result` variants, imported by name.
    #[derive(Debug, PartialEq, Eq)]
    pub enum Shadow {
        /// Shadows `Some`.
        Some,
        /// Shadows `None`.
        None,
        /// Shadows `Ok`.
        Ok,
        /// Shadows `Err`.
        Err,
    }
    pub use self::Shadow::*;

    /// Shadows `Option`.
    pub struct Option;
    /// Shadows `Result`.
    pub struct Result;
    /// Shadows `String`.
    pub struct String;
    /// Shadows `Vec`.
    pub struct Vec;
    /// Shadows `Box`.
    pub struct Box;
    /// Shadows `Default`.
    pub trait Default {}
    /// Shadows `Iterator`.
    pub trait Iterator {}
    /// Shadows `From`.
    pub trait From {}
    /// Shadows `Into`.
    pub trait Into {}
    /// Shadows `ToString`.
    pub trait ToString {}
    /// Named like the shared field lists of the generated catalog were once bound (a `let`
    /// of that name would be a pattern against this unit struct).
    #[allow(non_camel_case_types)]
    pub struct f0;
    /// Shadows the catalog's field row type.
    pub struct FieldEntry;
    /// Shadows the field role of serialized fields.
    #[allow(non_upper_case_globals)]
    pub const Data: u8 = 0;
    /// Shadows the catalog's row constructor.
    pub fn entry() {}

    /// Every shape of variant, next to the shadowing items.
    #[derive(Debug, mcp_errors::McpError)]
    #[mcp(domain = "lint-shadowed", range = 6300..=6399, symbol_prefix = "E_SH_", decode, data_fields)]
    pub enum Shadowed {
        /// Unit
        #[mcp(code = 6300, alias = "E_SH_OLD_UNIT", help = "try again")]
        Unit,
        /// Named {name}
        #[mcp(code = 6301)]
        Named {
            /// A name.
            name: std::string::String,
            /// Optional data.
            extra: std::option::Option<u8>,
        },
        /// Tuple {0}
        #[mcp(code = 6302)]
        Tuple(u8),
        /// Named again {name}: the same fields as `Named`, so one shared field list.
        #[mcp(code = 6304)]
        NamedAgain {
            /// A name.
            name: std::string::String,
            /// Optional data.
            extra: std::option::Option<u8>,
        },
        /// Roles
        #[mcp(code = 6303)]
        Roles {
            /// Details.
            #[mcp(details)]
            details: std::option::Option<std::string::String>,
            /// Secret.
            #[mcp(skip)]
            secret: std::string::String,
            /// Cause.
            #[mcp(source)]
            cause: std::option::Option<std::io::Error>,
            /// Delay.
            #[mcp(retry_after)]
            after: std::option::Option<u64>,
        },
        /// Common errors.
        #[mcp(transparent)]
        Common(mcp_errors::CommonError),
    }
}

/// `#[deprecated]` on the enum, a variant or a field does not make the expansion warn.
pub mod deprecated {
    /// A deprecated enum.
    #[derive(Debug, mcp_errors::McpError)]
    #[deprecated = "use something else"]
    #[mcp(domain = "lint-deprecated", range = 6400..=6449, decode, data_fields)]
    pub enum DeprecatedEnum {
        /// Deprecated {name}
        #[mcp(code = 6400)]
        Variant {
            /// A name.
            name: String,
            /// The cause.
            #[mcp(source)]
            cause: Option<std::io::Error>,
        },
    }

    /// Deprecated variants and fields.
    #[derive(Debug, mcp_errors::McpError)]
    #[mcp(domain = "lint-deprecated-parts", range = 6450..=6499, decode, data_fields)]
    pub enum DeprecatedParts {
        /// Deprecated unit
        #[deprecated]
        #[mcp(code = 6450, help = "gone")]
        Unit,
        /// Deprecated {name} {0}
        #[deprecated]
        #[mcp(code = 6451, message = "tuple {0}")]
        Tuple(#[mcp(details)] String),
        /// Deprecated field {name}
        #[mcp(code = 6452)]
        Field {
            /// A deprecated field.
            #[deprecated]
            name: String,
            /// A deprecated retry delay.
            #[deprecated]
            #[mcp(retry_after)]
            after: u64,
            /// A deprecated per-value flag.
            #[deprecated]
            #[mcp(retryable)]
            transient: bool,
            /// A deprecated source.
            #[deprecated]
            #[mcp(source)]
            cause: Option<std::io::Error>,
        },
        /// Wraps a deprecated enum.
        #[mcp(transparent)]
        Wrapped(#[allow(deprecated)] DeprecatedEnum),
    }
}

use errors::{Boxing, Everything, Protocol, Single, Wrapper};
use mcp_errors::{ErrorCatalog, McpError};

mcp_errors::assert_disjoint!(
    Everything,
    Boxing,
    Protocol,
    Single,
    mcp_errors::CommonError
);

/// The last mile of thiserror parity (shorthands in any expression, constants, per-trait
/// bounds, `{x:p}`, `r#source`, `text`, `message_only`, variants named like symbols,
/// `transparent` with a code, a hand-written `Display`), with no prelude in scope.
#[no_implicit_prelude]
pub mod last_mile {
    /// A constant a template captures.
    pub const LIMIT: u32 = 3;

    /// Displays, does not serialize.
    #[derive(::core::fmt::Debug)]
    pub struct Id(pub u8);

    impl ::core::fmt::Display for Id {
        fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
            ::core::write!(f, "id{}", self.0)
        }
    }

    /// Every feature of the last mile.
    #[derive(::core::fmt::Debug, ::mcp_errors::McpError)]
    #[mcp(domain = "lint-last-mile", range = 6700..=6799, data_fields)]
    pub enum LastMile<N> {
        /// Shorthands.
        #[mcp(code = 6700, message("{intro} {LIMIT} {}", ::core::option::Option::None::<i32>.is_some(), intro = match .1 {
            ::core::option::Option::Some(n) => *n,
            ::core::option::Option::None => 0,
        }))]
        I16(#[mcp(message_only)] Id, ::core::option::Option<u32>),
        /// Bounds per trait.
        #[mcp(code = 6701, message = "{n:x} {n:#o} {boxed:p} {id}")]
        E0 {
            /// A number.
            n: N,
            /// A box.
            boxed: ::std::boxed::Box<u8>,
            /// An id, as text.
            #[mcp(text)]
            id: Id,
            /// Not the source.
            r#source: u8,
        },
        /// Foreign.
        #[mcp(code = 6702, transparent)]
        Other(#[mcp(from)] ::std::io::Error),
    }

    /// A struct that writes `Display` itself.
    #[derive(::core::fmt::Debug, ::mcp_errors::McpError)]
    #[mcp(
        domain = "lint-last-mile-hand",
        code = 6800,
        symbol = "E_HAND",
        own_display
    )]
    pub struct Hand;

    impl ::core::fmt::Display for Hand {
        fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
            f.write_str("by hand")
        }
    }
}

#[test]
fn last_mile_expansion_behaves() {
    use last_mile::{Hand, Id, LastMile};
    use mcp_errors::McpError;
    let e: LastMile<u8> = LastMile::I16(Id(1), Some(4));
    assert_eq!(e.to_string(), "4 3 false");
    assert_eq!((e.code(), LastMile::<u8>::I16_CODE), (6700, 6700));
    let e: LastMile<u8> = LastMile::E0 {
        n: 10,
        boxed: Box::new(1),
        id: Id(2),
        source: 0,
    };
    assert!(e.to_string().starts_with("a 0o12 0x"));
    assert!(std::error::Error::source(&e).is_none());
    let e: LastMile<u8> = std::io::Error::other("io").into();
    assert_eq!((e.code(), e.to_string()), (6702, "io".to_owned()));
    assert_eq!(Hand.to_string(), "by hand");
}

#[test]
fn thiserror_parity_expansion_behaves() {
    use mcp_errors::{ErrorCatalog, McpError};
    use thiserror_parity::{Generic, Parity, Quota};
    let json = serde_json::from_str::<u8>("x").unwrap_err();
    assert_eq!(Parity::from(json).code(), 6402);
    assert_eq!(Parity::Inherited("x".into()).to_string(), "parity: x");
    assert_eq!(Parity::Busy.to_string(), "busy");
    let rows = Parity::Rows {
        rows: vec![1, 2],
        limit: 1,
    };
    assert_eq!(rows.to_string(), "too many rows: 1");
    assert_eq!(Parity::SHARED_CODES, [6406]);
    assert_eq!(Quota { used: 1 }.code(), 6500);
    let shown: Generic<'_, u8, std::io::Error> = Generic::Shown(7);
    assert_eq!(shown.to_string(), "Shown 7");
    let borrowed: Generic<'_, u8, std::io::Error> = Generic::Borrowed { text: "t" };
    assert_eq!(borrowed.code(), 6601);
    let up: Generic<'_, u8, std::io::Error> = Generic::Upstream(std::io::Error::other("x"));
    assert!(std::error::Error::source(&up).is_some());
    let other: Parity = Box::<dyn std::error::Error + Send + Sync>::from("boom").into();
    assert_eq!(other.to_string(), "boom");
    let read = Parity::Read {
        path: "/p".into(),
        source: std::io::Error::other("e"),
    };
    assert_eq!(read.to_string(), "read /p: e");
    let utf8 = String::from_utf8(vec![0xff]).unwrap_err();
    assert_eq!(Parity::from(utf8).code(), 6407);
}

#[test]
fn lint_clean_expansion_behaves() {
    let e = Everything::Named {
        name: "n".to_owned(),
        count: 7,
        ratio: 0.5,
    };
    assert_eq!(e.to_string(), "Named n    7 0.50 \"n\" {escaped}");
    assert_eq!(Everything::E_LINT_LEGACY, 6001);
    assert_eq!(
        Everything::Tuple(1, "s".to_owned()).to_string(),
        "Tuple 1 s"
    );
    let w = Everything::Width { value: 5, width: 3 };
    assert_eq!(w.to_string(), "Width [  5]");
    let roles = Everything::Roles {
        details: None,
        secret: String::new(),
        cause: None,
        transient: true,
        after: Some(1),
        extra: None,
    };
    assert!(roles.retryable());
    assert_eq!(roles.retry_after(), Some(std::time::Duration::from_secs(1)));
    let boxed = Everything::Boxed {
        cause: None,
        wait: std::time::Duration::ZERO,
    };
    assert!(std::error::Error::source(&boxed).is_none());
    assert!(!Everything::NotRetried.retryable());
    assert!(Everything::Unit.retryable());
    let parse = Protocol::Parse {
        cause: Some("bad json".into()),
    };
    assert_eq!(
        std::error::Error::source(&parse).map(ToString::to_string),
        Some("bad json".to_owned())
    );
    assert_eq!(Protocol::CUSTOM, -31_000);
    let wrapped = Wrapper::Protocol(Protocol::Custom);
    assert_eq!(
        (wrapped.code(), wrapped.domain()),
        (-31_000, "lint-wrapper")
    );
    assert_eq!(Single::Only.code(), 1);
    let boxed = Boxing::Boxed {
        cause: "inner".into(),
    };
    assert_eq!(boxed.to_string(), "Boxed: inner");
    assert_eq!(
        std::error::Error::source(&boxed).map(ToString::to_string),
        Some("inner".to_owned())
    );
    let io = Boxing::Io(std::io::Error::other("io"));
    assert!(std::error::Error::source(&io).is_some());
    assert!(errors::Empty::ENTRIES.is_empty());
    if let Everything::Roles { secret, .. } = roles {
        assert!(secret.is_empty());
    }
}

#[test]
fn expansion_without_prelude_behaves() {
    use mcp_errors::ErrorObject;
    use no_prelude::{NoPrelude, NoPreludeWrapper};

    assert_eq!(
        (
            NoPrelude::E_NP_UNIT,
            NoPrelude::E_NP_OLD_UNIT,
            NoPrelude::E_NP_PAIR
        ),
        (6200, 6200, 6202)
    );
    assert_eq!(NoPrelude::Unit.help(), Some("try again"));
    let named = NoPrelude::Named {
        name: "n".to_owned(),
        count: 7,
        extra: None,
    };
    assert_eq!(named.to_string(), "Named n   7");
    let roles = NoPrelude::Roles {
        details: "d".to_owned(),
        secret: String::new(),
        cause: Some(std::io::Error::other("io")),
        transient: None,
        after: 2,
    };
    assert!(std::error::Error::source(&roles).is_some());
    assert_eq!(roles.retry_after(), Some(std::time::Duration::from_secs(2)));
    assert_eq!(
        <NoPrelude as ErrorCatalog>::entry_by_symbol("E_NP_OLD_UNIT").map(|e| e.code),
        Some(6200)
    );
    let object: ErrorObject = serde_json::from_value(serde_json::json!({
        "code": 6202,
        "message": "Tuple 1",
        "data": {"domain": "lint-no-prelude", "symbol": "E_NP_PAIR", "retryable": false,
                 "0": 1, "second": "s"},
    }))
    .unwrap();
    assert!(matches!(
        NoPrelude::from_error_object(&object),
        Ok(NoPrelude::Tuple(1, ref s)) if s == "s"
    ));
    let wrapped = NoPreludeWrapper::Inner(NoPrelude::Unit);
    assert_eq!(
        (wrapped.code(), wrapped.domain()),
        (6200, "lint-no-prelude-wrapper")
    );
    assert_eq!(
        <NoPreludeWrapper as ErrorCatalog>::entry_by_symbol("E_NP_PAIR").map(|e| e.code),
        Some(6202)
    );

    let shadowed = shadowed::Shadowed::Roles {
        details: None,
        secret: String::new(),
        cause: None,
        after: Some(3),
    };
    assert_eq!(
        shadowed.retry_after(),
        Some(std::time::Duration::from_secs(3))
    );
    assert_eq!(shadowed::Shadowed::E_SH_OLD_UNIT, 6300);
    assert_eq!(shadowed::Shadowed::Unit.help(), Some("try again"));
    assert_ne!(shadowed::Shadow::Some, shadowed::Ok);
    // The catalog's field rows, one list shared by two variants, see none of the module's
    // `f0`, `FieldEntry`, `Data` or `entry`.
    let rows = <shadowed::Shadowed as ErrorCatalog>::ENTRIES;
    let named = rows
        .iter()
        .find(|e| e.code == 6301)
        .expect("the row of Named");
    let again = rows
        .iter()
        .find(|e| e.code == 6304)
        .expect("the row of NamedAgain");
    let fields: Vec<_> = again
        .fields
        .iter()
        .map(|f| (f.name, f.key, f.role))
        .collect();
    assert_eq!(
        fields,
        [
            ("name", "name", mcp_errors::FieldRole::Data),
            ("extra", "extra", mcp_errors::FieldRole::Data)
        ]
    );
    assert_eq!(named.fields, again.fields);
    if let shadowed::Shadowed::Roles { secret, .. } = shadowed {
        assert!(secret.is_empty());
    }
}

#[test]
#[allow(deprecated)]
fn deprecated_items_expand_without_warnings() {
    use deprecated::{DeprecatedEnum, DeprecatedParts};

    let e = DeprecatedEnum::Variant {
        name: "n".to_owned(),
        cause: None,
    };
    assert_eq!(e.to_string(), "Deprecated n");
    assert_eq!(DeprecatedParts::Unit.code(), 6450);
    assert_eq!(
        DeprecatedParts::Tuple("x".to_owned()).to_string(),
        "tuple x"
    );
    let field = DeprecatedParts::Field {
        name: "n".to_owned(),
        after: 1,
        transient: true,
        cause: None,
    };
    assert!(field.retryable());
    assert_eq!(DeprecatedParts::Wrapped(e).code(), 6400);
    if let DeprecatedParts::Field { name, .. } = field {
        assert_eq!(name, "n");
    }
}

/// A thiserror enum ported by renaming: its fields carry no wire attribute, so none is sent,
/// none needs `Serialize`, and none is dead (the derive binds what no role reads).
pub mod unsent {
    use mcp_errors::McpError;

    /// Fields kept in the process.
    #[derive(Debug, McpError)]
    #[mcp(domain = "lint-unsent", range = 6900..=6999)]
    pub enum Unsent<T> {
        /// Query failed on {table}
        #[mcp(code = 6900)]
        Query {
            /// Shown by the message.
            table: String,
            /// Kept for `Debug` and logs only.
            sql: String,
            /// Generic, without any bound.
            conn: T,
        },
        /// Upstream failed
        #[mcp(code = 6901)]
        Upstream(String),
        /// Invalid: {0}
        #[mcp(code = 6902)]
        Invalid(String, #[mcp(message_only)] u8),
    }
}

#[test]
fn unsent_fields_expand_without_warnings() {
    use mcp_errors::{McpError, McpErrorExt};
    use unsent::Unsent;

    let query: Unsent<()> = Unsent::Query {
        table: "t".to_owned(),
        sql: "SELECT 1".to_owned(),
        conn: (),
    };
    assert_eq!(query.to_string(), "Query failed on t");
    let wire = query.to_jsonrpc(1).to_json_string().unwrap();
    assert!(!wire.contains("SELECT"), "{wire}");
    let upstream: Unsent<()> = Unsent::Upstream("body".to_owned());
    assert_eq!(upstream.code(), 6901);
    let invalid: Unsent<()> = Unsent::Invalid("x".to_owned(), 1);
    assert_eq!(invalid.to_string(), "Invalid: x");
}
