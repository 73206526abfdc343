use mcp_errors::McpError;

fn show<T>(f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
    f.write_str(std::any::type_name::<T>())
}

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    // Generic arguments as in a type: the call needs `show::<u8>`.
    #[mcp(code = 2000, fmt = show<u8>)]
    Aa,
    // One wrong value, not three keys: `retryable` after it is still read.
    #[mcp(code = <u8 as Into<u16, u32>>::CODE, retryable, message = "b")]
    Bb,
}

fn main() {}
