#![deny(deprecated)]

fn main() {
    let _ = mcp_errors::integrations::Channel::ToolError;
}
