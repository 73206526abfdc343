// `metrics::is_truthy` was public by accident: the rule of the crate's own variables.
fn main() {
    let _ = mcp_errors::metrics::is_truthy("1");
}
