//! `mcp-errors`: generate TypeScript and Python error modules from an mcp-errors catalog, and
//! check two catalogs for breaking changes. See the crate's documentation for the commands.

use std::process::ExitCode;

fn main() -> ExitCode {
    let code = mcp_errors_cli::run(
        std::env::args_os().skip(1),
        &mut std::io::stdout(),
        &mut std::io::stderr(),
    );
    ExitCode::from(u8::try_from(code).unwrap_or(2))
}
