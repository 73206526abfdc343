//! `MCP_ERRORS_VERBOSE` stacks and the readiness sentinel. (Being built: issue 3.)
