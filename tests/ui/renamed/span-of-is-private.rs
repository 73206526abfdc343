// `span_of` was public by accident: `ErrorCatalog::SPAN` is the claim of a type.
use mcp_errors::span_of;

fn main() {}
