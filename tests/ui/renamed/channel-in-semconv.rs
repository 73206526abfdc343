#![deny(deprecated)]

fn main() {
    let _: mcp_errors::integrations::semconv::Channel = mcp_errors::Channel::ToolError;
}
