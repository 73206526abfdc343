//! What a failed tool call sends: the argument errors of `mcp_errors::arguments` as the
//! common `E_INVALID_PARAMS`.

use mcp_errors::{CommonError, ErrorCatalog, arguments};

#[test]
fn argument_errors_are_common_invalid_params() {
    // `arguments::ENTRY` is core's copy of CommonError's row (core cannot name the facade's
    // enum): everything but the fields and the doc must agree.
    let common = CommonError::entry_by_code(arguments::INVALID_PARAMS).unwrap();
    let own = &arguments::ENTRY;
    assert_eq!(
        (common.code, common.symbol, common.domain, common.message),
        (own.code, own.symbol, own.domain, own.message)
    );
    assert_eq!(
        (common.retryable, common.kind, common.variant, common.help),
        (own.retryable, own.kind, own.variant, own.help)
    );
}
