use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "memory-bank", range = 2300..=2399)]
enum MemoryBankError {
    /// A
    #[mcp(code = 2300)]
    FileNotFound,
}

/// No range: claims 2250..=2310, its lowest to highest code.
#[derive(Debug, McpError)]
#[mcp(domain = "kg")]
enum KgError {
    /// A
    #[mcp(code = 2250)]
    Full,
    /// B
    #[mcp(code = 2310)]
    InvalidTriple,
    #[mcp(transparent)]
    Common(mcp_errors::CommonError),
}

mcp_errors::assert_disjoint!(MemoryBankError, KgError);

fn main() {}
