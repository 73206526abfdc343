#![deny(deprecated)]

fn main() {
    let _ = mcp_errors::arguments::INVALID_PARAMS;
}
