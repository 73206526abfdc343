// One type named by two paths (an import and its full path): the message says so, not that
// the type's codes collide with its own.
use mcp_errors::CommonError;

mcp_errors::assert_disjoint!(CommonError, mcp_errors::CommonError);

fn main() {}
