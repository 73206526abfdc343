//! JSON-RPC's reserved range and the bands MCP 2026-07-28 (`basic/index`, "Error codes")
//! divides it into: [`protocol_band`].

use super::codes::CodeSpan;
use super::finding::Finding;

/// -32768..=-32000: JSON-RPC reserves it for itself and for implementation-defined server
/// errors (the core's `jsonrpc::RESERVED`).
pub const JSONRPC_RESERVED: CodeSpan = CodeSpan::new(-32768, -32000);
/// -32019..=-32000: codes servers used before MCP 2026-07-28's allocation; no new ones
/// (`jsonrpc::LEGACY`).
pub const LEGACY: CodeSpan = CodeSpan::new(-32019, -32000);
/// -32099..=-32020: codes the MCP specification defines (`jsonrpc::SPEC_DEFINED`).
pub const SPEC_DEFINED: CodeSpan = CodeSpan::new(-32099, -32020);

/// A part of [`JSONRPC_RESERVED`].
#[derive(Clone, Copy)]
#[cfg_attr(not(proc_macro), derive(Debug, PartialEq, Eq))]
pub enum Band {
    /// [`LEGACY`]: codes servers used before the allocation; no new ones.
    Legacy,
    /// [`SPEC_DEFINED`]: codes the MCP specification defines.
    Spec,
    /// The rest: JSON-RPC 2.0's own codes and its implementation-defined server errors.
    JsonRpc,
}

impl Band {
    /// The band `code` lies in, or `None` outside [`JSONRPC_RESERVED`].
    #[inline]
    pub fn of(code: i32) -> Option<Band> {
        if LEGACY.contains(code) {
            Some(Band::Legacy)
        } else if SPEC_DEFINED.contains(code) {
            Some(Band::Spec)
        } else if JSONRPC_RESERVED.contains(code) {
            Some(Band::JsonRpc)
        } else {
            None
        }
    }
}

/// The rule: an implementation's own codes lie outside -32768..=-32000 (a client reads a code
/// there as a protocol failure). A `protocol` catalog (one that describes the protocol's own
/// errors) may use the whole range, but a code in the legacy band must be marked `legacy` (an
/// existing code kept on purpose), and `legacy` marks only codes of that band.
///
/// `legacy` says whether the entry is marked legacy. Findings: [`Finding::ProtocolBand`],
/// [`Finding::LegacyOutsideBand`] (which a checker reports at the mark, the others at the
/// code).
#[inline]
pub fn protocol_band(code: i32, protocol: bool, legacy: bool) -> Option<Finding<'static>> {
    let band = Band::of(code);
    match (band, protocol) {
        (Some(band), false) => Some(Finding::ProtocolBand {
            code,
            band,
            protocol,
        }),
        (Some(Band::Legacy), true) if !legacy => Some(Finding::ProtocolBand {
            code,
            band: Band::Legacy,
            protocol,
        }),
        (Some(Band::Legacy), true) => None,
        _ if legacy => Some(Finding::LegacyOutsideBand { code }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_split_the_reserved_range() {
        assert_eq!(Band::of(-32000), Some(Band::Legacy));
        assert_eq!(Band::of(-32019), Some(Band::Legacy));
        assert_eq!(Band::of(-32020), Some(Band::Spec));
        assert_eq!(Band::of(-32099), Some(Band::Spec));
        assert_eq!(Band::of(-32100), Some(Band::JsonRpc));
        assert_eq!(Band::of(-32768), Some(Band::JsonRpc));
        assert_eq!(Band::of(-32769), None);
        assert_eq!(Band::of(-31999), None);
    }

    #[test]
    fn only_protocol_catalogs_use_the_range() {
        let kind = |code, protocol, legacy| protocol_band(code, protocol, legacy).map(|f| f.kind());
        assert_eq!(kind(2100, false, false), None);
        assert_eq!(kind(-32602, false, false), Some("jsonrpc-reserved"));
        assert_eq!(kind(-32602, true, false), None);
        assert_eq!(kind(-32021, false, false), Some("spec-band"));
        assert_eq!(kind(-32021, true, false), None);
        assert_eq!(kind(-32002, false, false), Some("legacy-band"));
        assert_eq!(kind(-32002, true, false), Some("unmarked-legacy"));
        assert_eq!(kind(-32002, true, true), None);
        assert_eq!(kind(-32602, true, true), Some("legacy-outside-band"));
        assert!(
            protocol_band(-32602, false, false)
                .unwrap()
                .to_string()
                .starts_with("code -32602 is in the JSON-RPC reserved range -32768..=-32000")
        );
    }
}
