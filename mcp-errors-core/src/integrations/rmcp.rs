//! The deprecated feature `rmcp`'s path for the rmcp 3.x line: the same items as
//! [`rmcp_3`](crate::integrations::rmcp_3). Enable `rmcp-3` and write `integrations::rmcp_3`;
//! this module is kept for one release, and only with the old feature.

pub use super::rmcp_3::*;
