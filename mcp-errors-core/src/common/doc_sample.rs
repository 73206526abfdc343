// The server enum of `CommonError`'s doctest, derived with the real `#[derive(McpError)]` (a
// dev-dependency of this crate; `crate = "::mcp_errors_core::unchecked"` makes the generated
// code name this crate instead of the facade, which a user's enum leaves out). Not a module of
// the crate: the doctest `include!`s it.

#[derive(Debug, mcp_errors_derive::McpError)]
#[mcp(
    crate = "::mcp_errors_core::unchecked",
    domain = "python",
    range = 2000..=2099,
    symbol_prefix = "E_PY_"
)]
pub enum PythonError {
    /// Execution failed
    #[mcp(code = 2000)]
    ExecFail,
    #[mcp(transparent)]
    Common(mcp_errors_core::CommonError),
}
