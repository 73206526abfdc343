use mcp_errors::McpError;

struct Opaque;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    #[mcp(code = 1, message = "got {value}")]
    Nav {
        #[mcp(skip)]
        keep: (),
        value: Opaque,
    },
}

impl std::fmt::Debug for Opaque {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Opaque")
    }
}

impl serde::Serialize for Opaque {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_unit()
    }
}

fn main() {}
