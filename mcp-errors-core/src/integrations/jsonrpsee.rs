//! [jsonrpsee](https://docs.rs/jsonrpsee) (feature `jsonrpsee`).
//!
//! With the feature on, every `#[derive(McpError)]` enum `E` gets
//! `impl From<E> for jsonrpsee_types::ErrorObjectOwned` (the type jsonrpsee's `RpcModule`
//! methods return errors as; `jsonrpsee::types::ErrorObjectOwned` is the same type): the
//! JSON-RPC error of [`to_error_object`](crate::McpErrorExt::to_error_object), with `code`,
//! `message` and `data`. The conversion [`emit`](super::emit)s the error.
//!
//! Only the small `jsonrpsee-types` crate is a dependency, not jsonrpsee's client or server.

use jsonrpsee_types::ErrorObjectOwned;

use crate::{McpError, McpErrorExt, VisitData};

/// The JSON-RPC error of `err` as jsonrpsee's [`ErrorObjectOwned`]: `code`, `message` and
/// the `data` of [`McpErrorExt::to_error_object`].
///
/// Does not [`emit`](super::emit); the generated `From<E> for ErrorObjectOwned` does.
pub fn error_object<E: ?Sized + VisitData>(err: &E) -> ErrorObjectOwned {
    match err.to_error_object().to_json_value() {
        Ok(serde_json::Value::Object(mut map)) => {
            let message = match map.remove("message") {
                Some(serde_json::Value::String(message)) => message,
                _ => super::display_lossy(err),
            };
            ErrorObjectOwned::owned(err.code(), message, map.remove("data"))
        }
        // A field's `Serialize` failed: keep code and message, and the catalog part of `data`.
        _ => ErrorObjectOwned::owned(
            err.code(),
            super::display_lossy(err),
            Some(super::catalog_data(err)),
        ),
    }
}

/// A JSON-RPC error received by a jsonrpsee client, as the crate's [`ErrorObject`], ready for
/// a `#[mcp(decode)]` enum's `from_error_object` (feature `client`). A `data` that is not
/// valid JSON (jsonrpsee keeps it raw) becomes `None`.
///
/// [`ErrorObject`]: crate::ErrorObject
#[cfg(feature = "client")]
impl From<&jsonrpsee_types::ErrorObject<'_>> for crate::ErrorObject {
    fn from(error: &jsonrpsee_types::ErrorObject<'_>) -> Self {
        crate::ErrorObject {
            code: error.code(),
            message: error.message().to_owned(),
            data: error
                .data()
                .and_then(|raw| serde_json::from_str(raw.get()).ok()),
        }
    }
}

/// Support for the generated impls. Not public API.
#[doc(hidden)]
pub mod support {
    use jsonrpsee_types::ErrorObjectOwned;

    use crate::VisitData;

    /// `From<E> for ErrorObjectOwned`: emits, then converts.
    pub fn emitted_error_object<E: VisitData>(err: &E) -> ErrorObjectOwned {
        crate::integrations::emit(err);
        super::error_object(err)
    }
}

// Trait objects: `Box<dyn McpError>` is a local type here (`Box` is fundamental).
macro_rules! boxed_dyn_impls {
    ($($dyn:ty),*) => {$(
        impl From<Box<$dyn>> for ErrorObjectOwned {
            fn from(err: Box<$dyn>) -> Self {
                crate::integrations::emit(&*err);
                error_object(&*err)
            }
        }
    )*};
}

boxed_dyn_impls!(
    dyn McpError + Send + Sync + 'static,
    dyn McpError + Send + 'static,
    dyn McpError + 'static
);
