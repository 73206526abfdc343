//! The readiness sentinel: the line a stdio server prints once it accepts requests.

use std::io;

/// The readiness sentinel, `{"type":"ready","schema":{"errorCodes":1}}`: the line a
/// stdio server prints once it accepts requests, telling the harness which version of the
/// error-code schema its errors follow.
///
/// ```
/// use mcp_errors_core::ReadySentinel;
///
/// let line = serde_json::to_value(ReadySentinel::CURRENT).unwrap();
/// assert_eq!(line, serde_json::json!({"type": "ready", "schema": {"errorCodes": 1}}));
///
/// let mut out = Vec::new();
/// ReadySentinel::CURRENT.write_line(&mut out).unwrap();
/// assert_eq!(out, b"{\"type\":\"ready\",\"schema\":{\"errorCodes\":1}}\n");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReadySentinel {
    /// The version of the error-code schema announced as `schema.errorCodes`.
    pub error_codes: u32,
}

impl ReadySentinel {
    /// The sentinel for the schema this library implements (`errorCodes: 1`).
    pub const CURRENT: ReadySentinel = ReadySentinel { error_codes: 1 };

    /// Writes the sentinel as one JSON line (`\n`-terminated) and flushes `writer`.
    pub fn write_line<W: io::Write>(self, mut writer: W) -> io::Result<()> {
        // The `Serialize` output, written directly: serializing to a writer would compile
        // serde_json's writer code for `print`'s stdout into the default build.
        writeln!(
            writer,
            r#"{{"type":"ready","schema":{{"errorCodes":{}}}}}"#,
            self.error_codes
        )?;
        writer.flush()
    }

    /// Prints the sentinel as one line on standard output and flushes it.
    ///
    /// ```no_run
    /// mcp_errors_core::ReadySentinel::CURRENT.print()?;
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn print(self) -> io::Result<()> {
        self.write_line(io::stdout().lock())
    }
}

impl Default for ReadySentinel {
    fn default() -> Self {
        ReadySentinel::CURRENT
    }
}

impl serde::Serialize for ReadySentinel {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;

        struct Schema(u32);
        impl serde::Serialize for Schema {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("errorCodes", &self.0)?;
                map.end()
            }
        }

        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("type", "ready")?;
        map.serialize_entry("schema", &Schema(self.error_codes))?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::ReadySentinel;

    #[test]
    fn the_line_is_the_serialized_sentinel() {
        for error_codes in [0, 1, u32::MAX] {
            let sentinel = ReadySentinel { error_codes };
            let mut line = Vec::new();
            sentinel.write_line(&mut line).unwrap();
            let json = serde_json::to_string(&sentinel).unwrap();
            assert_eq!(String::from_utf8(line).unwrap(), json + "\n");
        }
    }
}
