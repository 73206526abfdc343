//! Shared by the derive's behaviour tests: a `FieldSink` that collects `data` into a JSON map,
//! independent of the envelopes.

#![allow(dead_code)]

use core::fmt;

use mcp_errors::{FieldSink, McpError, VisitData};
use serde_json::{Map, Value};

/// Collects every visited field; `details` under `"details"`.
#[derive(Default)]
pub struct MapSink(pub Map<String, Value>);

impl FieldSink for MapSink {
    type Error = serde_json::Error;

    fn field<T: ?Sized + serde::Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Self::Error> {
        let value = serde_json::to_value(value)?;
        assert!(
            self.0.insert(key.to_owned(), value).is_none(),
            "key `{key}` visited twice"
        );
        Ok(())
    }

    fn details(&mut self, details: &dyn fmt::Display) -> Result<(), Self::Error> {
        let text = Value::String(details.to_string());
        assert!(
            self.0.insert("details".to_owned(), text).is_none(),
            "details visited twice"
        );
        Ok(())
    }
}

/// The fields `visit_data` hands out, through the generic (zero-allocation) path.
pub fn data_of<E: McpError>(err: &E) -> Value {
    let mut sink = MapSink::default();
    err.visit_data(&mut sink).expect("visit_data failed");
    Value::Object(sink.0)
}

/// The same through the object-safe path that `dyn McpError` takes.
pub fn data_of_dyn(err: &dyn McpError) -> Value {
    let mut sink = MapSink::default();
    err.visit_data_any(&mut sink)
        .expect("visit_data_any failed");
    Value::Object(sink.0)
}
