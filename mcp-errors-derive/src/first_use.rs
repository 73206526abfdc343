//! The one sort of the crate and the first use of each repeated key: the shared crate's
//! (`crate::rules::order`), which the rules sort with too.

pub use crate::rules::order::{first_uses, sort};
