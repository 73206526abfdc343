// Generated from `source.rs` by this crate's derive: the enums without their `mcp` attributes,
// then what `#[derive(McpError)]` generates for them, with `from_error_object` under the
// core's `client` feature. Do not edit: edit `source.rs` (or the derive), then run
// `MCP_ERRORS_EXPAND=overwrite cargo test -p mcp-errors-derive --features client
// core_common_expansion`, which writes this file anew.

#[doc = " Failures every MCP server shares: the global common range 1000–1099 of the Node fleet's numeric ranges."]
#[doc = ""]
#[doc = " Embed it in a server's own enum as a `transparent` variant; the code, symbol and message"]
#[doc = " stay the common ones while the domain becomes the server's (a Python server's"]
#[doc = " `E_INPUT_TOO_LARGE` counts under `python`):"]
#[doc = ""]
#[doc = " ```"]
#[doc = " # extern crate mcp_errors_core as mcp_errors;"]
#[doc = " # use mcp_errors_derive::McpError;"]
#[doc = " use mcp_errors::{CommonError, McpError};"]
#[doc = ""]
#[doc = " #[derive(Debug, McpError)]"]
#[doc = " # #[mcp(crate = \"mcp_errors::unchecked\")]"]
#[doc = " #[mcp(domain = \"python\", range = 2000..=2099, symbol_prefix = \"E_PY_\")]"]
#[doc = " enum PythonError {"]
#[doc = "     /// Execution failed"]
#[doc = "     #[mcp(code = 2000)]"]
#[doc = "     ExecFail,"]
#[doc = "     #[mcp(transparent)]"]
#[doc = "     Common(CommonError),"]
#[doc = " }"]
#[doc = ""]
#[doc = " let err = PythonError::Common(CommonError::InputTooLarge { details: None });"]
#[doc = " assert_eq!((err.code(), err.symbol(), err.domain()), (1005, \"E_INPUT_TOO_LARGE\", \"python\"));"]
#[doc = " assert_eq!(err.to_string(), \"Input too large\");"]
#[doc = " assert_eq!(CommonError::E_INPUT_TOO_LARGE, 1005);"]
#[doc = " ```"]
#[doc = ""]
#[doc = " Every variant carries an optional `details` text that becomes `data.details`."]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommonError {
    #[doc = " Invalid parameters"]
    #[doc = ""]
    #[doc = " The request's arguments failed validation. Use this rather than JSON-RPC's -32602"]
    #[doc = " for validation inside a tool (as the Node fleet does)."]
    InvalidParams {
        #[doc = " What was wrong, for the caller."]
        details: Option < String >,
    },
    #[doc = " Operation timed out"]
    #[doc = ""]
    #[doc = " A long-running operation (browser navigation, script execution) exceeded its deadline."]
    Timeout {
        #[doc = " What timed out."]
        details: Option < String >,
    },
    #[doc = " Limit exceeded"]
    #[doc = ""]
    #[doc = " A server-side cap was hit: session count, size, line length."]
    LimitExceeded {
        #[doc = " Which limit."]
        details: Option < String >,
    },
    #[doc = " Dependency not installed"]
    #[doc = ""]
    #[doc = " A runtime dependency of the tool is missing (Playwright, Puppeteer). Retrying does not"]
    #[doc = " help until it is installed."]
    NotInstalled {
        #[doc = " Which dependency."]
        details: Option < String >,
    },
    #[doc = " Session not found"]
    #[doc = ""]
    #[doc = " The request names a session id the server does not know."]
    SessionNotFound {
        #[doc = " Which session."]
        details: Option < String >,
    },
    #[doc = " Input too large"]
    #[doc = ""]
    #[doc = " Code length, selector length or another input exceeds what the server accepts."]
    InputTooLarge {
        #[doc = " Which input, and how large it was."]
        details: Option < String >,
    },
    #[doc = " Unsupported operation"]
    #[doc = ""]
    #[doc = " The server does not implement the requested operation."]
    Unsupported {
        #[doc = " Which operation."]
        details: Option < String >,
    },
}
#[automatically_derived]
#[allow(deprecated)]
impl crate::unchecked::__private::McpError for CommonError {
    #[inline]
    fn entry(&self) -> &'static crate::unchecked::__private::ErrorEntry {
        crate::unchecked::__private::row_entry::< Self > (Self::__mcp_row(self))
    }
    #[inline]
    fn __plain_catalog_text(&self) -> bool {
        true
    }
    fn __visit < __V: crate::unchecked::__private::DataVisitor > (&self, visitor: &mut __V) {
        match self {
            Self::InvalidParams {
                details: v0,
                ..
            } => {
                if let crate::unchecked::__private::Option::Some(value) = v0 {
                    crate::unchecked::__private::details_field(visitor, value);
                }
            }
            Self::Timeout {
                details: v0,
                ..
            } => {
                if let crate::unchecked::__private::Option::Some(value) = v0 {
                    crate::unchecked::__private::details_field(visitor, value);
                }
            }
            Self::LimitExceeded {
                details: v0,
                ..
            } => {
                if let crate::unchecked::__private::Option::Some(value) = v0 {
                    crate::unchecked::__private::details_field(visitor, value);
                }
            }
            Self::NotInstalled {
                details: v0,
                ..
            } => {
                if let crate::unchecked::__private::Option::Some(value) = v0 {
                    crate::unchecked::__private::details_field(visitor, value);
                }
            }
            Self::SessionNotFound {
                details: v0,
                ..
            } => {
                if let crate::unchecked::__private::Option::Some(value) = v0 {
                    crate::unchecked::__private::details_field(visitor, value);
                }
            }
            Self::InputTooLarge {
                details: v0,
                ..
            } => {
                if let crate::unchecked::__private::Option::Some(value) = v0 {
                    crate::unchecked::__private::details_field(visitor, value);
                }
            }
            Self::Unsupported {
                details: v0,
                ..
            } => {
                if let crate::unchecked::__private::Option::Some(value) = v0 {
                    crate::unchecked::__private::details_field(visitor, value);
                }
            }
        }
    }
    #[inline]
    fn __visit_data_dyn(&self, sink: &mut dyn crate::unchecked::__private::DynFieldSink,) -> crate::unchecked::__private::Result < (),
    crate::unchecked::__private::serde_json::Error > {
        crate::unchecked::__private::McpError::visit_data(self, &mut crate::unchecked::__private::DynAdapter(sink))
    }
}
#[automatically_derived]
#[allow(deprecated)]
impl ::core::fmt::Display for CommonError {
    #[inline]
    fn fmt(&self, f: &mut ::core::fmt::Formatter <'_ >) -> ::core::fmt::Result {
        match self {
            Self::InvalidParams {
                ..
            } => f.write_str("Invalid parameters"),
            Self::Timeout {
                ..
            } => f.write_str("Operation timed out"),
            Self::LimitExceeded {
                ..
            } => f.write_str("Limit exceeded"),
            Self::NotInstalled {
                ..
            } => f.write_str("Dependency not installed"),
            Self::SessionNotFound {
                ..
            } => f.write_str("Session not found"),
            Self::InputTooLarge {
                ..
            } => f.write_str("Input too large"),
            Self::Unsupported {
                ..
            } => f.write_str("Unsupported operation"),
        }
    }
}
#[automatically_derived]
#[allow(deprecated)]
impl ::std::error::Error for CommonError {
}
#[cfg(feature = "client")]
#[allow(dead_code, deprecated)]
impl CommonError {
    #[doc = r" Decodes a received JSON-RPC `error` member into the variant it names: by"]
    #[doc = r" `data.symbol` (or an alias) when present, else by `code`; fields are read from"]
    #[doc = r" `data`, `retry_after` fields from `data.retryAfterMs` when present. Unknown codes"]
    #[doc = r" or symbols and malformed `data` are a `DecodeError`."]
    #[inline]
    pub fn from_error_object(obj: &crate::unchecked::__private::decode::ErrorObject,) -> crate::unchecked::__private::Result < Self,
    crate::unchecked::__private::decode::DecodeError > {
        let decoder = crate::unchecked::__private::decode::Decoder::new::< Self > (obj)?;
        match crate::unchecked::__private::decode::Decoder::index(&decoder) {
            crate::unchecked::__private::Option::Some(0usize) => crate::unchecked::__private::Result::Ok(Self::InvalidParams {
                details: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "details")?
            }
            ),
            crate::unchecked::__private::Option::Some(1usize) => crate::unchecked::__private::Result::Ok(Self::Timeout {
                details: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "details")?
            }
            ),
            crate::unchecked::__private::Option::Some(2usize) => crate::unchecked::__private::Result::Ok(Self::LimitExceeded {
                details: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "details")?
            }
            ),
            crate::unchecked::__private::Option::Some(3usize) => crate::unchecked::__private::Result::Ok(Self::NotInstalled {
                details: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "details")?
            }
            ),
            crate::unchecked::__private::Option::Some(4usize) => crate::unchecked::__private::Result::Ok(Self::SessionNotFound {
                details: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "details")?
            }
            ),
            crate::unchecked::__private::Option::Some(5usize) => crate::unchecked::__private::Result::Ok(Self::InputTooLarge {
                details: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "details")?
            }
            ),
            crate::unchecked::__private::Option::Some(6usize) => crate::unchecked::__private::Result::Ok(Self::Unsupported {
                details: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "details")?
            }
            ),
            _ => {
                crate::unchecked::__private::Result::Err(crate::unchecked::__private::decode::Decoder::unknown(&decoder))
            }
        }
    }
}
crate::unchecked::__private::__impl_integrations!(CommonError);
#[automatically_derived]
#[allow(deprecated)]
impl crate::unchecked::__private::ErrorCatalog for CommonError {
    const NAME: &'static str = "CommonError";
    const DOMAIN: &'static str = "common";
    const RANGE: crate::unchecked::__private::Option < crate::unchecked::__private::CodeRange > = crate::unchecked::__private::Option::Some(crate::unchecked::__private::CodeRange {
        start: 1000,
        end: 1099
    }
    );
    const SPAN: crate::unchecked::__private::Option < crate::unchecked::__private::CodeRange > = crate::unchecked::__private::Option::Some(crate::unchecked::__private::CodeRange {
        start: 1000,
        end: 1099
    }
    );
    const ENTRIES: &'static[crate::unchecked::__private::ErrorEntry] = {
        const fn __mcp_entries < __T > () -> &'static[crate::unchecked::__private::ErrorEntry] {
            const {
                #[allow(unused_imports)]
                use crate::unchecked::__private::{
                    entry,
                    with_extras,
                    json_rpc,
                    with_error_type,
                    FieldEntry,
                    ErrorKind::*,
                    FieldRole::*
                };
                let __mcp_f0: &[FieldEntry] = &[FieldEntry {
                    name: "details",
                    key: "details",
                    role: Details
                },];
                &[with_extras(entry(1000, "E_INVALID_PARAMS", "common", "Invalid parameters", false, Validation, "InvalidParams", "Invalid parameters\n\nThe request's arguments failed validation. Use this rather than JSON-RPC's -32602\nfor validation inside a tool (as the Node fleet does).", __mcp_f0), &[], ::core::option::Option::Some("Fix the parameters and send the request again")), entry(1001, "E_TIMEOUT", "common", "Operation timed out", true, Timeout, "Timeout", "Operation timed out\n\nA long-running operation (browser navigation, script execution) exceeded its deadline.", __mcp_f0), entry(1002, "E_LIMIT_EXCEEDED", "common", "Limit exceeded", false, Validation, "LimitExceeded", "Limit exceeded\n\nA server-side cap was hit: session count, size, line length.", __mcp_f0), with_extras(entry(1003, "E_NOT_INSTALLED", "common", "Dependency not installed", false, Unavailable, "NotInstalled", "Dependency not installed\n\nA runtime dependency of the tool is missing (Playwright, Puppeteer). Retrying does not\nhelp until it is installed.", __mcp_f0), &[], ::core::option::Option::Some("Install the missing dependency on the server")), entry(1004, "E_SESSION_NOT_FOUND", "common", "Session not found", false, NotFound, "SessionNotFound", "Session not found\n\nThe request names a session id the server does not know.", __mcp_f0), entry(1005, "E_INPUT_TOO_LARGE", "common", "Input too large", false, Validation, "InputTooLarge", "Input too large\n\nCode length, selector length or another input exceeds what the server accepts.", __mcp_f0), entry(1006, "E_UNSUPPORTED", "common", "Unsupported operation", false, Validation, "Unsupported", "Unsupported operation\n\nThe server does not implement the requested operation.", __mcp_f0),]
            }
        }
        __mcp_entries::< () > ()
    };
    const OWN_CODES: &'static[i32] = &[1000, 1001, 1002, 1003, 1004, 1005, 1006,];
    #[inline]
    fn entry_by_code(__mcp_code: i32) -> crate::unchecked::__private::Option <&'static crate::unchecked::__private::ErrorEntry > {
        crate::unchecked::__private::Option::Some(crate::unchecked::__private::row_entry::< Self > (match __mcp_code {
            1000 => 0,
            1001 => 1,
            1002 => 2,
            1003 => 3,
            1004 => 4,
            1005 => 5,
            1006 => 6,
            _ => return crate::unchecked::__private::Option::None,
        }
        ))
    }
}
#[doc = "Error catalog of domain `common`, codes 1000..=1099 (generated by `#[derive(McpError)]`).\n\n| Code | Symbol | Variant | Retryable | Message |\n|---:|---|---|---|---|\n| 1000 | `E_INVALID_PARAMS` | `InvalidParams` | no | Invalid parameters |\n| 1001 | `E_TIMEOUT` | `Timeout` | yes | Operation timed out |\n| 1002 | `E_LIMIT_EXCEEDED` | `LimitExceeded` | no | Limit exceeded |\n| 1003 | `E_NOT_INSTALLED` | `NotInstalled` | no | Dependency not installed |\n| 1004 | `E_SESSION_NOT_FOUND` | `SessionNotFound` | no | Session not found |\n| 1005 | `E_INPUT_TOO_LARGE` | `InputTooLarge` | no | Input too large |\n| 1006 | `E_UNSUPPORTED` | `Unsupported` | no | Unsupported operation |\n"]
#[allow(dead_code, missing_docs, deprecated)]
impl CommonError {
    pub const E_INVALID_PARAMS: i32 = 1000;
    pub const E_TIMEOUT: i32 = 1001;
    pub const E_LIMIT_EXCEEDED: i32 = 1002;
    pub const E_NOT_INSTALLED: i32 = 1003;
    pub const E_SESSION_NOT_FOUND: i32 = 1004;
    pub const E_INPUT_TOO_LARGE: i32 = 1005;
    pub const E_UNSUPPORTED: i32 = 1006;
    #[inline]
    fn __mcp_row(&self) -> usize {
        match self {
            Self::InvalidParams {
                ..
            } => 0,
            Self::Timeout {
                ..
            } => 1,
            Self::LimitExceeded {
                ..
            } => 2,
            Self::NotInstalled {
                ..
            } => 3,
            Self::SessionNotFound {
                ..
            } => 4,
            Self::InputTooLarge {
                ..
            } => 5,
            Self::Unsupported {
                ..
            } => 6,
        }
    }
}
#[doc = " The JSON-RPC 2.0 error codes and MCP's own, as an error enum."]
#[doc = ""]
#[doc = " A `protocol` enum (the only kind allowed to use -32768..=-32000), domain `jsonrpc`;"]
#[doc = " every variant has kind `protocol` and is not retryable. Symbols are the names JSON-RPC"]
#[doc = " servers use (the categorized error model, the GitHub server, the knowledge base), and the generated constants agree with"]
#[doc = " [`jsonrpc`](crate::jsonrpc):"]
#[doc = ""]
#[doc = " ```"]
#[doc = " # extern crate mcp_errors_core as mcp_errors;"]
#[doc = " use mcp_errors::{jsonrpc, McpError, ProtocolError};"]
#[doc = ""]
#[doc = " assert_eq!(ProtocolError::METHOD_NOT_FOUND, jsonrpc::METHOD_NOT_FOUND);"]
#[doc = " let err = ProtocolError::MethodNotFound { method: Some(\"tools/frobnicate\".into()) };"]
#[doc = " assert_eq!((err.code(), err.symbol(), err.domain()), (-32601, \"METHOD_NOT_FOUND\", \"jsonrpc\"));"]
#[doc = " assert_eq!(err.to_string(), \"Method not found\");"]
#[doc = " ```"]
#[doc = ""]
#[doc = " MCP's codes follow revision 2026-07-28, which splits the reserved range: -32000..=-32019 is"]
#[doc = " legacy (no new codes), -32020..=-32099 holds the codes the specification defines"]
#[doc = " ([`HeaderMismatch`](ProtocolError::HeaderMismatch) -32020,"]
#[doc = " [`MissingRequiredClientCapability`](ProtocolError::MissingRequiredClientCapability) -32021,"]
#[doc = " [`UnsupportedProtocolVersion`](ProtocolError::UnsupportedProtocolVersion) -32022). Two"]
#[doc = " earlier codes are retired but still decoded, because peers on older revisions send them:"]
#[doc = " [`ResourceNotFound`](ProtocolError::ResourceNotFound) (-32002; send"]
#[doc = " [`InvalidParams`](ProtocolError::InvalidParams) instead) and"]
#[doc = " [`UrlElicitationRequired`](ProtocolError::UrlElicitationRequired) (-32042)."]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProtocolError {
    #[doc = " Parse error"]
    #[doc = ""]
    #[doc = " Invalid JSON was received by the server."]
    ParseError {
        #[doc = " The parser's complaint."]
        details: Option < String >,
    },
    #[doc = " Invalid Request"]
    #[doc = ""]
    #[doc = " The JSON sent is not a valid request object."]
    InvalidRequest {
        #[doc = " What was wrong with the request."]
        details: Option < String >,
    },
    #[doc = " Method not found"]
    #[doc = ""]
    #[doc = " The method does not exist or is not available."]
    MethodNotFound {
        #[doc = " The method that was asked for; `data.method`."]
        method: Option < String >,
    },
    #[doc = " Invalid params"]
    #[doc = ""]
    #[doc = " The parameters do not match the method's schema (the categorized error model's"]
    #[doc = " -32602: detected before the tool runs)."]
    InvalidParams {
        #[doc = " The offending parameter path (`order.customer.email`); `data.field`."]
        field: Option < String >,
        #[doc = " What was wrong."]
        details: Option < String >,
        #[doc = " The resource URI that names no resource (MCP 2026-07-28, SEP-2164); `data.uri`."]
        #[doc = " [`ProtocolError::resource_not_found`] sets it."]
        uri: Option < String >,
    },
    #[doc = " Internal error"]
    #[doc = ""]
    #[doc = " An internal JSON-RPC error."]
    InternalError {
        #[doc = " What failed."]
        details: Option < String >,
    },
    #[doc = " Header mismatch"]
    #[doc = ""]
    #[doc = " MCP 2026-07-28, Streamable HTTP: a required header (`MCP-Protocol-Version`,"]
    #[doc = " `Mcp-Method`, `Mcp-Name`) is missing or malformed, or disagrees with the request body."]
    HeaderMismatch {
        #[doc = " Which header, and how it disagrees."]
        details: Option < String >,
    },
    #[doc = " Missing required client capability"]
    #[doc = ""]
    #[doc = " MCP 2026-07-28: serving the request needs a capability the client did not declare."]
    MissingRequiredClientCapability {
        #[doc = " The capabilities the request needs, in the shape of the client's `capabilities`"]
        #[doc = " (`{\"sampling\": {}}`); `data.requiredCapabilities`."]
        required_capabilities: serde_json::Map < String,
        serde_json::Value >,
    },
    #[doc = " Unsupported protocol version"]
    #[doc = ""]
    #[doc = " MCP 2026-07-28: the request's protocol version is not one this server speaks."]
    UnsupportedProtocolVersion {
        #[doc = " The versions this server speaks; `data.supported`."]
        supported: Vec < String >,
        #[doc = " The version the client asked for; `data.requested`."]
        requested: Option < String >,
    },
    #[doc = " Resource not found"]
    #[doc = ""]
    #[doc = " MCP before 2026-07-28: the requested resource does not exist. Retired by 2026-07-28"]
    #[doc = " (SEP-2164), which sends [`InvalidParams`](ProtocolError::InvalidParams) (-32602) for an"]
    #[doc = " unknown resource URI; kept so that envelopes from older peers still decode. A legacy"]
    #[doc = " code (-32000..=-32019) kept on purpose."]
    ResourceNotFound {
        #[doc = " The resource's URI; `data.uri`, as the MCP specification showed it."]
        uri: Option < String >,
    },
    #[doc = " URL elicitation required"]
    #[doc = ""]
    #[doc = " MCP 2025-11-25: the request needs the user to complete a URL-mode elicitation first."]
    #[doc = " Retired by 2026-07-28 (a server asks for input with an input-required result instead);"]
    #[doc = " kept so that envelopes from older peers still decode."]
    UrlElicitationRequired {
        #[doc = " The elicitations to complete (`{\"mode\": \"url\", \"elicitationId\", \"url\","]
        #[doc = " \"message\"}` each); `data.elicitations`."]
        elicitations: Vec < serde_json::Value >,
    },
}
#[automatically_derived]
#[allow(deprecated)]
impl crate::unchecked::__private::McpError for ProtocolError {
    #[inline]
    fn entry(&self) -> &'static crate::unchecked::__private::ErrorEntry {
        crate::unchecked::__private::row_entry::< Self > (Self::__mcp_row(self))
    }
    #[inline]
    fn __plain_catalog_text(&self) -> bool {
        true
    }
    fn __visit < __V: crate::unchecked::__private::DataVisitor > (&self, visitor: &mut __V) {
        match self {
            Self::ParseError {
                details: v0,
                ..
            } => {
                if let crate::unchecked::__private::Option::Some(value) = v0 {
                    crate::unchecked::__private::details_field(visitor, value);
                }
            }
            Self::InvalidRequest {
                details: v0,
                ..
            } => {
                if let crate::unchecked::__private::Option::Some(value) = v0 {
                    crate::unchecked::__private::details_field(visitor, value);
                }
            }
            Self::MethodNotFound {
                method: v0,
                ..
            } => {
                if let crate::unchecked::__private::Option::Some(value) = v0 {
                    crate::unchecked::__private::data_field(visitor, "method", value);
                }
            }
            Self::InvalidParams {
                field: v0,
                details: v1,
                uri: v2,
                ..
            } => {
                if let crate::unchecked::__private::Option::Some(value) = v0 {
                    crate::unchecked::__private::data_field(visitor, "field", value);
                }
                if let crate::unchecked::__private::Option::Some(value) = v1 {
                    crate::unchecked::__private::details_field(visitor, value);
                }
                if let crate::unchecked::__private::Option::Some(value) = v2 {
                    crate::unchecked::__private::data_field(visitor, "uri", value);
                }
            }
            Self::InternalError {
                details: v0,
                ..
            } => {
                if let crate::unchecked::__private::Option::Some(value) = v0 {
                    crate::unchecked::__private::details_field(visitor, value);
                }
            }
            Self::HeaderMismatch {
                details: v0,
                ..
            } => {
                if let crate::unchecked::__private::Option::Some(value) = v0 {
                    crate::unchecked::__private::details_field(visitor, value);
                }
            }
            Self::MissingRequiredClientCapability {
                required_capabilities: v0,
                ..
            } => crate::unchecked::__private::data_field(visitor, "requiredCapabilities", v0),
            Self::UnsupportedProtocolVersion {
                supported: v0,
                requested: v1,
                ..
            } => {
                crate::unchecked::__private::data_field(visitor, "supported", v0);
                if let crate::unchecked::__private::Option::Some(value) = v1 {
                    crate::unchecked::__private::data_field(visitor, "requested", value);
                }
            }
            Self::ResourceNotFound {
                uri: v0,
                ..
            } => {
                if let crate::unchecked::__private::Option::Some(value) = v0 {
                    crate::unchecked::__private::data_field(visitor, "uri", value);
                }
            }
            Self::UrlElicitationRequired {
                elicitations: v0,
                ..
            } => crate::unchecked::__private::data_field(visitor, "elicitations", v0),
        }
    }
    #[inline]
    fn __visit_data_dyn(&self, sink: &mut dyn crate::unchecked::__private::DynFieldSink,) -> crate::unchecked::__private::Result < (),
    crate::unchecked::__private::serde_json::Error > {
        crate::unchecked::__private::McpError::visit_data(self, &mut crate::unchecked::__private::DynAdapter(sink))
    }
}
#[automatically_derived]
#[allow(deprecated)]
impl ::core::fmt::Display for ProtocolError {
    #[inline]
    fn fmt(&self, f: &mut ::core::fmt::Formatter <'_ >) -> ::core::fmt::Result {
        match self {
            Self::ParseError {
                ..
            } => f.write_str("Parse error"),
            Self::InvalidRequest {
                ..
            } => f.write_str("Invalid Request"),
            Self::MethodNotFound {
                ..
            } => f.write_str("Method not found"),
            Self::InvalidParams {
                ..
            } => f.write_str("Invalid params"),
            Self::InternalError {
                ..
            } => f.write_str("Internal error"),
            Self::HeaderMismatch {
                ..
            } => f.write_str("Header mismatch"),
            Self::MissingRequiredClientCapability {
                ..
            } => f.write_str("Missing required client capability"),
            Self::UnsupportedProtocolVersion {
                ..
            } => f.write_str("Unsupported protocol version"),
            Self::ResourceNotFound {
                ..
            } => f.write_str("Resource not found"),
            Self::UrlElicitationRequired {
                ..
            } => f.write_str("URL elicitation required"),
        }
    }
}
#[automatically_derived]
#[allow(deprecated)]
impl ::std::error::Error for ProtocolError {
}
#[cfg(feature = "client")]
#[allow(dead_code, deprecated)]
impl ProtocolError {
    #[doc = r" Decodes a received JSON-RPC `error` member into the variant it names: by"]
    #[doc = r" `data.symbol` (or an alias) when present, else by `code`; fields are read from"]
    #[doc = r" `data`, `retry_after` fields from `data.retryAfterMs` when present. Unknown codes"]
    #[doc = r" or symbols and malformed `data` are a `DecodeError`."]
    #[inline]
    pub fn from_error_object(obj: &crate::unchecked::__private::decode::ErrorObject,) -> crate::unchecked::__private::Result < Self,
    crate::unchecked::__private::decode::DecodeError > {
        let decoder = crate::unchecked::__private::decode::Decoder::new::< Self > (obj)?;
        match crate::unchecked::__private::decode::Decoder::index(&decoder) {
            crate::unchecked::__private::Option::Some(0usize) => crate::unchecked::__private::Result::Ok(Self::ParseError {
                details: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "details")?
            }
            ),
            crate::unchecked::__private::Option::Some(1usize) => crate::unchecked::__private::Result::Ok(Self::InvalidRequest {
                details: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "details")?
            }
            ),
            crate::unchecked::__private::Option::Some(2usize) => crate::unchecked::__private::Result::Ok(Self::MethodNotFound {
                method: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "method")?
            }
            ),
            crate::unchecked::__private::Option::Some(3usize) => crate::unchecked::__private::Result::Ok(Self::InvalidParams {
                field: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "field")?,
                details: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "details")?,
                uri: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "uri")?
            }
            ),
            crate::unchecked::__private::Option::Some(4usize) => crate::unchecked::__private::Result::Ok(Self::InternalError {
                details: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "details")?
            }
            ),
            crate::unchecked::__private::Option::Some(5usize) => crate::unchecked::__private::Result::Ok(Self::HeaderMismatch {
                details: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "details")?
            }
            ),
            crate::unchecked::__private::Option::Some(6usize) => crate::unchecked::__private::Result::Ok(Self::MissingRequiredClientCapability {
                required_capabilities: crate::unchecked::__private::decode::Decoder::field:: < serde_json::Map < String,
                serde_json::Value > > (&decoder, "requiredCapabilities")?
            }
            ),
            crate::unchecked::__private::Option::Some(7usize) => crate::unchecked::__private::Result::Ok(Self::UnsupportedProtocolVersion {
                supported: crate::unchecked::__private::decode::Decoder::field:: < Vec < String > > (&decoder, "supported")?,
                requested: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "requested")?
            }
            ),
            crate::unchecked::__private::Option::Some(8usize) => crate::unchecked::__private::Result::Ok(Self::ResourceNotFound {
                uri: crate::unchecked::__private::decode::Decoder::field:: < Option < String > > (&decoder, "uri")?
            }
            ),
            crate::unchecked::__private::Option::Some(9usize) => crate::unchecked::__private::Result::Ok(Self::UrlElicitationRequired {
                elicitations: crate::unchecked::__private::decode::Decoder::field:: < Vec < serde_json::Value > > (&decoder, "elicitations")?
            }
            ),
            _ => {
                crate::unchecked::__private::Result::Err(crate::unchecked::__private::decode::Decoder::unknown(&decoder))
            }
        }
    }
}
crate::unchecked::__private::__impl_integrations!(ProtocolError);
#[automatically_derived]
#[allow(deprecated)]
impl crate::unchecked::__private::ErrorCatalog for ProtocolError {
    const NAME: &'static str = "ProtocolError";
    const DOMAIN: &'static str = "jsonrpc";
    const RANGE: crate::unchecked::__private::Option < crate::unchecked::__private::CodeRange > = crate::unchecked::__private::Option::None;
    const SPAN: crate::unchecked::__private::Option < crate::unchecked::__private::CodeRange > = crate::unchecked::__private::Option::Some(crate::unchecked::__private::CodeRange {
        start: - 32700,
        end: - 32002
    }
    );
    const ENTRIES: &'static[crate::unchecked::__private::ErrorEntry] = {
        const fn __mcp_entries < __T > () -> &'static[crate::unchecked::__private::ErrorEntry] {
            const {
                #[allow(unused_imports)]
                use crate::unchecked::__private::{
                    entry,
                    with_extras,
                    json_rpc,
                    with_error_type,
                    FieldEntry,
                    ErrorKind::*,
                    FieldRole::*
                };
                let __mcp_f0: &[FieldEntry] = &[FieldEntry {
                    name: "details",
                    key: "details",
                    role: Details
                },];
                &[json_rpc(entry(- 32700, "PARSE_ERROR", "jsonrpc", "Parse error", false, Protocol, "ParseError", "Parse error\n\nInvalid JSON was received by the server.", __mcp_f0)), json_rpc(entry(- 32600, "INVALID_REQUEST", "jsonrpc", "Invalid Request", false, Protocol, "InvalidRequest", "Invalid Request\n\nThe JSON sent is not a valid request object.", __mcp_f0)), json_rpc(entry(- 32601, "METHOD_NOT_FOUND", "jsonrpc", "Method not found", false, Protocol, "MethodNotFound", "Method not found\n\nThe method does not exist or is not available.", &[FieldEntry {
                    name: "method",
                    key: "method",
                    role: Data
                },])), json_rpc(entry(- 32602, "INVALID_PARAMS", "jsonrpc", "Invalid params", false, Protocol, "InvalidParams", "Invalid params\n\nThe parameters do not match the method's schema (the categorized error model's\n-32602: detected before the tool runs).", &[FieldEntry {
                    name: "field",
                    key: "field",
                    role: Data
                }, FieldEntry {
                    name: "details",
                    key: "details",
                    role: Details
                }, FieldEntry {
                    name: "uri",
                    key: "uri",
                    role: Data
                },])), json_rpc(entry(- 32603, "INTERNAL_ERROR", "jsonrpc", "Internal error", false, Protocol, "InternalError", "Internal error\n\nAn internal JSON-RPC error.", __mcp_f0)), json_rpc(entry(- 32020, "HEADER_MISMATCH", "jsonrpc", "Header mismatch", false, Protocol, "HeaderMismatch", "Header mismatch\n\nMCP 2026-07-28, Streamable HTTP: a required header (`MCP-Protocol-Version`,\n`Mcp-Method`, `Mcp-Name`) is missing or malformed, or disagrees with the request body.", __mcp_f0)), json_rpc(entry(- 32021, "MISSING_REQUIRED_CLIENT_CAPABILITY", "jsonrpc", "Missing required client capability", false, Protocol, "MissingRequiredClientCapability", "Missing required client capability\n\nMCP 2026-07-28: serving the request needs a capability the client did not declare.", &[FieldEntry {
                    name: "required_capabilities",
                    key: "requiredCapabilities",
                    role: Data
                },])), json_rpc(entry(- 32022, "UNSUPPORTED_PROTOCOL_VERSION", "jsonrpc", "Unsupported protocol version", false, Protocol, "UnsupportedProtocolVersion", "Unsupported protocol version\n\nMCP 2026-07-28: the request's protocol version is not one this server speaks.", &[FieldEntry {
                    name: "supported",
                    key: "supported",
                    role: Data
                }, FieldEntry {
                    name: "requested",
                    key: "requested",
                    role: Data
                },])), json_rpc(entry(- 32002, "RESOURCE_NOT_FOUND", "jsonrpc", "Resource not found", false, Protocol, "ResourceNotFound", "Resource not found\n\nMCP before 2026-07-28: the requested resource does not exist. Retired by 2026-07-28\n(SEP-2164), which sends [`InvalidParams`](ProtocolError::InvalidParams) (-32602) for an\nunknown resource URI; kept so that envelopes from older peers still decode. A legacy\ncode (-32000..=-32019) kept on purpose.", &[FieldEntry {
                    name: "uri",
                    key: "uri",
                    role: Data
                },])), json_rpc(entry(- 32042, "URL_ELICITATION_REQUIRED", "jsonrpc", "URL elicitation required", false, Protocol, "UrlElicitationRequired", "URL elicitation required\n\nMCP 2025-11-25: the request needs the user to complete a URL-mode elicitation first.\nRetired by 2026-07-28 (a server asks for input with an input-required result instead);\nkept so that envelopes from older peers still decode.", &[FieldEntry {
                    name: "elicitations",
                    key: "elicitations",
                    role: Data
                },])),]
            }
        }
        __mcp_entries::< () > ()
    };
    const OWN_CODES: &'static[i32] = &[- 32700,- 32603,- 32602,- 32601,- 32600,- 32042,- 32022,- 32021,- 32020,- 32002,];
    #[inline]
    fn entry_by_code(__mcp_code: i32) -> crate::unchecked::__private::Option <&'static crate::unchecked::__private::ErrorEntry > {
        crate::unchecked::__private::Option::Some(crate::unchecked::__private::row_entry::< Self > (match __mcp_code {
            - 32700 => 0,
            - 32600 => 1,
            - 32601 => 2,
            - 32602 => 3,
            - 32603 => 4,
            - 32020 => 5,
            - 32021 => 6,
            - 32022 => 7,
            - 32002 => 8,
            - 32042 => 9,
            _ => return crate::unchecked::__private::Option::None,
        }
        ))
    }
}
#[doc = "Error catalog of domain `jsonrpc` (generated by `#[derive(McpError)]`).\n\n| Code | Symbol | Variant | Retryable | Message |\n|---:|---|---|---|---|\n| -32700 | `PARSE_ERROR` | `ParseError` | no | Parse error |\n| -32600 | `INVALID_REQUEST` | `InvalidRequest` | no | Invalid Request |\n| -32601 | `METHOD_NOT_FOUND` | `MethodNotFound` | no | Method not found |\n| -32602 | `INVALID_PARAMS` | `InvalidParams` | no | Invalid params |\n| -32603 | `INTERNAL_ERROR` | `InternalError` | no | Internal error |\n| -32020 | `HEADER_MISMATCH` | `HeaderMismatch` | no | Header mismatch |\n| -32021 | `MISSING_REQUIRED_CLIENT_CAPABILITY` | `MissingRequiredClientCapability` | no | Missing required client capability |\n| -32022 | `UNSUPPORTED_PROTOCOL_VERSION` | `UnsupportedProtocolVersion` | no | Unsupported protocol version |\n| -32002 | `RESOURCE_NOT_FOUND` | `ResourceNotFound` | no | Resource not found |\n| -32042 | `URL_ELICITATION_REQUIRED` | `UrlElicitationRequired` | no | URL elicitation required |\n"]
#[allow(dead_code, missing_docs, deprecated)]
impl ProtocolError {
    pub const PARSE_ERROR: i32 = - 32700;
    pub const INVALID_REQUEST: i32 = - 32600;
    pub const METHOD_NOT_FOUND: i32 = - 32601;
    pub const INVALID_PARAMS: i32 = - 32602;
    pub const INTERNAL_ERROR: i32 = - 32603;
    pub const HEADER_MISMATCH: i32 = - 32020;
    pub const MISSING_REQUIRED_CLIENT_CAPABILITY: i32 = - 32021;
    pub const UNSUPPORTED_PROTOCOL_VERSION: i32 = - 32022;
    pub const RESOURCE_NOT_FOUND: i32 = - 32002;
    pub const URL_ELICITATION_REQUIRED: i32 = - 32042;
    #[inline]
    fn __mcp_row(&self) -> usize {
        match self {
            Self::ParseError {
                ..
            } => 0,
            Self::InvalidRequest {
                ..
            } => 1,
            Self::MethodNotFound {
                ..
            } => 2,
            Self::InvalidParams {
                ..
            } => 3,
            Self::InternalError {
                ..
            } => 4,
            Self::HeaderMismatch {
                ..
            } => 5,
            Self::MissingRequiredClientCapability {
                ..
            } => 6,
            Self::UnsupportedProtocolVersion {
                ..
            } => 7,
            Self::ResourceNotFound {
                ..
            } => 8,
            Self::UrlElicitationRequired {
                ..
            } => 9,
        }
    }
}

