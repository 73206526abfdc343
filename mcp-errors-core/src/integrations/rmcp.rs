//! The newest rmcp line, 3.x, under the feature's old name `rmcp`: the same items as
//! [`rmcp_3`](super::rmcp_3).

pub use super::rmcp_3::*;
