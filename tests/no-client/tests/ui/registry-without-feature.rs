// The registry is for tests and tooling: in a server's build, without the `registry` feature,
// rustc's error names the feature the type is gated behind (the facade's by-name re-export).
use mcp_errors::Registry;

fn main() {
    let _ = Registry::new();
}
