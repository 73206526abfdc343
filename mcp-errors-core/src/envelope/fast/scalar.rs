//! The serializer of a data field's value in the optimistic writer: a string (the common
//! field) is escaped by the writer itself, sixteen bytes at a time, an integer up to 64 bits
//! is written in decimal by it too, and every other scalar is written by `serde_json`;
//! anything compound (and a newtype, which `serde_json` may treat specially) is refused
//! before a byte is written, and the caller hands the value to `serde_json` whole; a failing
//! `Display` or the writer's bound gives up at once. Errors are unit variants: nothing
//! allocates.

use core::fmt;

use serde::Serialize;
use serde::ser::{self, Impossible};

use super::Bounded;

/// Not written here.
#[derive(Debug)]
pub(super) enum NotScalar {
    /// Compound, or a scalar `serde_json` refused: the caller asks `serde_json` for the whole
    /// value, which writes it or reports why not.
    Refused,
    /// A `Display` (`collect_str`) failed or the writer's bound was passed: formatting it
    /// again would fail again, so the writer gives up at once.
    Failed,
}

impl fmt::Display for NotScalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a scalar")
    }
}

impl std::error::Error for NotScalar {}

impl ser::Error for NotScalar {
    fn custom<T: fmt::Display>(_: T) -> Self {
        NotScalar::Refused
    }
}

/// Writes one scalar value into the writer.
pub(super) struct ScalarSerializer<'o, 'b> {
    pub(super) out: &'o mut Bounded<'b>,
}

impl ScalarSerializer<'_, '_> {
    /// A scalar as `serde_json` writes it.
    fn json<T: ?Sized + Serialize>(self, value: &T) -> Result<(), NotScalar> {
        value
            .serialize(&mut serde_json::Serializer::new(&mut *self.out))
            .map_err(|_| NotScalar::Refused)
    }

    /// `null`: what `serde_json` writes for `()`, `None` and a unit struct.
    fn null(self) -> Result<(), NotScalar> {
        self.out.raw(b"null").map_err(|_| NotScalar::Failed)
    }
}

/// Signed integers in decimal by the writer itself (`serde_json` writes the same digits).
macro_rules! integers {
    ($($method:ident($ty:ty)),* $(,)?) => {$(
        #[inline]
        fn $method(self, v: $ty) -> Result<(), NotScalar> {
            self.out
                .integer(v < 0, u64::from(v.unsigned_abs()))
                .map_err(|_| NotScalar::Failed)
        }
    )*};
}

/// Unsigned integers, likewise.
macro_rules! unsigned {
    ($($method:ident($ty:ty)),* $(,)?) => {$(
        #[inline]
        fn $method(self, v: $ty) -> Result<(), NotScalar> {
            self.out.integer(false, u64::from(v)).map_err(|_| NotScalar::Failed)
        }
    )*};
}

macro_rules! through_serde_json {
    ($($method:ident($ty:ty)),* $(,)?) => {$(
        #[inline]
        fn $method(self, v: $ty) -> Result<(), NotScalar> {
            self.json(&v)
        }
    )*};
}

impl ser::Serializer for ScalarSerializer<'_, '_> {
    type Ok = ();
    type Error = NotScalar;
    type SerializeSeq = Impossible<(), NotScalar>;
    type SerializeTuple = Impossible<(), NotScalar>;
    type SerializeTupleStruct = Impossible<(), NotScalar>;
    type SerializeTupleVariant = Impossible<(), NotScalar>;
    type SerializeMap = Impossible<(), NotScalar>;
    type SerializeStruct = Impossible<(), NotScalar>;
    type SerializeStructVariant = Impossible<(), NotScalar>;

    integers!(
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
    );

    unsigned!(
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
    );

    through_serde_json!(
        serialize_bool(bool),
        serialize_i128(i128),
        serialize_u128(u128),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_bytes(&[u8]),
    );

    #[inline]
    fn serialize_str(self, v: &str) -> Result<(), NotScalar> {
        self.out.string(v, false).map_err(|_| NotScalar::Failed)
    }

    fn collect_str<T: ?Sized + fmt::Display>(self, value: &T) -> Result<(), NotScalar> {
        // A failing `Display` is not retried: the writer gives up (see `Bounded::value`).
        self.out
            .display(b"\"", &value)
            .map_err(|_| NotScalar::Failed)
    }

    fn serialize_none(self) -> Result<(), NotScalar> {
        self.null()
    }

    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), NotScalar> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), NotScalar> {
        self.null()
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<(), NotScalar> {
        self.null()
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), NotScalar> {
        self.serialize_str(variant)
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<(), NotScalar> {
        Err(NotScalar::Refused)
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), NotScalar> {
        Err(NotScalar::Refused)
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, NotScalar> {
        Err(NotScalar::Refused)
    }

    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, NotScalar> {
        Err(NotScalar::Refused)
    }

    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, NotScalar> {
        Err(NotScalar::Refused)
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, NotScalar> {
        Err(NotScalar::Refused)
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, NotScalar> {
        Err(NotScalar::Refused)
    }

    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, NotScalar> {
        Err(NotScalar::Refused)
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, NotScalar> {
        Err(NotScalar::Refused)
    }
}
