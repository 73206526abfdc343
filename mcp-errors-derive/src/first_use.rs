//! The one sort of the crate and the first use of each repeated key: the shared crate's
//! (`mcp_errors_rules::rules::order`), which the rules sort with too.

pub use mcp_errors_rules::rules::order::{first_uses, sort};
