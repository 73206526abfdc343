//! Envelopes: the JSON shapes an [`McpError`](crate::McpError) takes on the wire.
//! (Being built: issue 3.)
