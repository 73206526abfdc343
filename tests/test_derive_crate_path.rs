//! `#[mcp(crate = "...")]`: generated code names the runtime through the given path.

use mcp_errors::{ErrorCatalog, McpError};

/// Implemented only by the `__impl_integrations!` of the renamed runtime below, so a type
/// implementing it proves its derive went through `crate::renamed`.
trait ExpandedThroughRenamed {}

mod renamed {
    pub mod __private {
        pub use mcp_errors::__private::*;

        macro_rules! __impl_integrations {
            ($ty:ty) => {
                impl crate::ExpandedThroughRenamed for $ty {}
            };
        }
        pub(crate) use __impl_integrations;
    }
}

use mcp_errors as runtime;

#[derive(Debug, mcp_errors::McpError)]
#[mcp(crate = "crate::renamed", domain = "renamed", decode)]
enum ThroughModule {
    /// Through a module
    #[mcp(code = 77)]
    Only,
}

#[derive(Debug, runtime::McpError)]
#[mcp(domain = "aliased", crate = "crate::runtime")]
enum ThroughAlias {
    /// Through a renamed import
    #[mcp(code = 78, retryable)]
    Only,
}

#[derive(Debug, McpError)]
#[mcp(domain = "explicit", crate = "::mcp_errors")]
enum Explicit {
    /// Explicit default root
    #[mcp(code = 79)]
    Only,
}

fn expanded_through_renamed<T: ExpandedThroughRenamed>() {}

#[test]
fn crate_path_override_is_used() {
    expanded_through_renamed::<ThroughModule>();
    assert_eq!(ThroughModule::Only.code(), 77);
    assert_eq!(ThroughModule::ENTRIES[0].symbol, "ONLY");
    let o = mcp_errors::ErrorObject {
        code: 77,
        message: String::new(),
        data: None,
    };
    assert!(matches!(
        ThroughModule::from_error_object(&o),
        Ok(ThroughModule::Only)
    ));
    assert!(ThroughAlias::Only.retryable());
    assert_eq!(ThroughAlias::DOMAIN, "aliased");
    assert_eq!(Explicit::Only.to_string(), "Explicit default root");
}
