#![deny(deprecated)]

fn main() {
    let _ = mcp_errors::ToolErrorFormat::SEED_002;
}
