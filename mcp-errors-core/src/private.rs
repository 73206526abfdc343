//! Support for generated code. Not public API: names here change without notice.

#[cfg(feature = "client")]
pub use crate::decode;
pub use crate::disjoint;
pub use crate::entry::{entry, json_rpc, row_doc_url, row_entry, with_error_type, with_extras};
pub use crate::envelope::RESERVED_DATA_KEYS;
pub use crate::error::{DynAdapter, DynFieldSink, ErasedValue};
pub use crate::field_types::{
    AsDynError, DataField, IntoRetryAfter, RetryableFlag, Transparent, data_field, details_field,
    path_display, path_field, text_field,
};
pub use crate::integrations::support as integrations;
/// The Markdown escaping of [`Registry::to_markdown`](crate::Registry::to_markdown), for the
/// facade's test that ties the derive's copy (rustdoc catalog tables) to it.
#[cfg(feature = "registry")]
pub use crate::registry::{markdown_code, markdown_text};
pub use crate::visitor::DataVisitor;
pub use crate::{__impl_integrations, __impl_integrations_unchecked};
pub use crate::{
    Channel, CodeRange, ErrorCatalog, ErrorEntry, ErrorKind, FieldEntry, FieldRole, FieldSink,
    McpError,
};
pub use core::{option::Option, result::Result, time};
pub use serde;
pub use serde_json;
pub use std::error::Error;
