//! A stdio MCP server, built with [rmcp](https://docs.rs/rmcp), whose tools fail with typed
//! mcp-errors. Any MCP host can launch it:
//!
//! ```text
//! cargo build --example mcp_server --features rmcp-3
//! MCP_ERRORS_METRICS=1 target/debug/examples/mcp_server [ROOT]
//! ```
//!
//! Every tool returns `Result<T, E>` with its own error enum, and each failure takes the
//! channel MCP gives it (2025-11-25, SEP-1303): a failure of the tool's work or of its input is
//! an **MCP tool error** (`isError: true`, a text the model can act on, `_meta` for programs);
//! a failure of the protocol itself is a **JSON-RPC error**.
//!
//! - `navigate {url, confirm?}`: the example ships no browser engine, so every http(s)
//!   navigation fails the way a headless browser reports an unresolvable host:
//!   `E_PW_NAV` (2100), retryable; any other URL is the common `E_INVALID_PARAMS`
//!   (1000), counted under the `playwright` domain. With `confirm: true` the tool first asks
//!   the user through MCP elicitation; a client that did not declare the `elicitation`
//!   capability gets the JSON-RPC error -32021 (missing required client capability, from the
//!   `protocol` enum [`SessionError`]) with `data.requiredCapabilities`. An argument of the
//!   wrong type (`{"url": 42}`) never reaches the tool: `mcp_errors::Parameters` and
//!   `finish_tool_call` answer the tool error `E_INVALID_PARAMS` (1000, domain `common`) with
//!   `_meta.data.pointer` `/url` and `expected` `a string`.
//! - `read_file {path}` reads UTF-8 files under `ROOT` (the first argument, else the working
//!   directory); `..` components, absolute paths and symlinks leading outside it are
//!   `E_FS_PATH_ESCAPE` (2500), unreadable files `E_FS_DENIED` (2501), missing ones
//!   `E_FS_NOT_FOUND` (2502), directories `E_FS_NOT_A_FILE` (2503), large ones
//!   `E_FS_TOO_LARGE` (2504), binary ones `E_FS_NOT_TEXT` (2505), paths with a NUL byte
//!   `E_FS_INVALID_PATH` (2507); only an I/O failure that may pass (`E_FS_IO`, 2506) is
//!   retryable.
//!
//! `mcp_server --catalog` prints the server's error catalog as JSON (`Registry::to_json`), the
//! input of `mcp-errors gen` (`examples/mcp_server/clients/` is generated from it).
//! The server publishes the same catalog over MCP (docs/discovery.md): the resource
//! `mcp-errors://catalog` (`application/json`), and each tool's symbols under
//! `_meta["io.crates.mcp-errors/errors"]` in `tools/list`.
//!
//! `mcp_server --http 127.0.0.1:PORT [ROOT]` serves the same tools over Streamable HTTP at
//! `http://127.0.0.1:PORT/mcp` instead of stdio, with the conformance suite's fixture tool
//! (`http.rs`); `--http ADDR --conformance` adds every fixture of the conformance suite
//! (`conformance.rs`).
//!
//! With `MCP_ERRORS_METRICS=1` the server also answers the JSON-RPC method `sys/errorStats`
//! (the Node fleet's) with the counts of the errors it has returned; without it, that method is
//! `-32601` method not found.
//!
//! With `MCP_EXAMPLE_SYMBOL_PREFIX=1` every JSON-RPC error's message starts with its symbol
//! (`JsonRpcMessageFormat::SYMBOL_FIRST`): a gateway that keeps only the message keeps the
//! error's identity, which the decoders recover (docs/envelopes.md, "Identity through gateways").

mod stdio;

use std::io;
use std::path::{Component, Path, PathBuf};

// mcp_errors' Parameters, not rmcp's: an argument that does not deserialize is the tool error
// E_INVALID_PARAMS naming it (`/url`), through `finish_tool_call` in `call_tool` below.
use mcp_errors::{CommonError, McpError, Parameters};
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CustomRequest, CustomResult, ErrorData,
    Implementation, InitializeResult, ReadResourceRequestParams, ReadResourceResponse,
    ServerCapabilities,
};
use rmcp::service::{ElicitationError, RequestContext};
use rmcp::{Peer, RoleServer, ServerHandler, ServiceExt, tool, tool_handler, tool_router};

mod conformance;
mod http;

/// The Node fleet's Playwright server: codes 2100–2199.
#[derive(Debug, McpError)]
#[mcp(
    domain = "playwright",
    range = 2100..=2199,
    symbol_prefix = "E_PW_",
    doc_url = "https://errors.example.dev/{domain}#{symbol}"
)]
pub enum PlaywrightError {
    /// Navigation failed
    #[mcp(
        code = 2100,
        retryable,
        kind = "network",
        help = "check the URL's host name; if it is right, retry later"
    )]
    Nav {
        /// The page that could not be reached.
        #[mcp(data)]
        url: String,
        /// What the browser reported.
        #[mcp(details)]
        reason: String,
    },
    /// Browser launch failed
    #[mcp(code = 2101, retryable, kind = "unavailable")]
    Launch {
        /// Why the browser did not start.
        #[mcp(details)]
        reason: String,
    },
    /// The user declined the navigation
    #[mcp(code = 2102, kind = "business")]
    Declined {
        /// The page the user did not want opened.
        #[mcp(data)]
        url: String,
    },
    /// Could not ask the user
    #[mcp(code = 2103, kind = "unavailable")]
    Unconfirmed {
        /// Why the question did not reach the user, or the answer did not come back.
        #[mcp(details)]
        reason: String,
    },
    /// The common codes (1000–1099), reported under the `playwright` domain.
    #[mcp(transparent)]
    Common(CommonError),
    /// Failures of the session; JSON-RPC errors, whatever enum carries them.
    #[mcp(transparent)]
    Session(SessionError),
}

/// Failures of the MCP session rather than of a tool's work. A `protocol` enum: its variants
/// go out as JSON-RPC errors, not as tool errors, also when a tool returns them.
#[derive(Debug, McpError)]
#[mcp(
    domain = "session",
    protocol,
    doc_url = "https://errors.example.dev/{domain}#{symbol}"
)]
pub enum SessionError {
    /// Missing required client capability
    #[mcp(
        code = -32021,
        symbol = "MISSING_CLIENT_CAPABILITY",
        help = "declare the capability when initializing the session"
    )]
    MissingCapability {
        /// The capabilities the call needs (MCP 2026-07-28's `data.requiredCapabilities`).
        #[mcp(rename = "requiredCapabilities")]
        required_capabilities: Vec<String>,
    },
}

/// The Node fleet's filesystem server: codes 2500–2599.
#[derive(Debug, McpError)]
#[mcp(
    domain = "filesystem",
    range = 2500..=2599,
    symbol_prefix = "E_FS_",
    doc_url = "https://errors.example.dev/{domain}#{symbol}"
)]
pub enum FilesystemError {
    /// Path escapes the server's root
    #[mcp(
        code = 2500,
        kind = "validation",
        help = "use a relative path without `..` inside the server's root directory"
    )]
    PathEscape {
        /// The path as the client sent it (never the resolved target).
        #[mcp(data)]
        path: String,
    },
    /// Permission denied
    #[mcp(code = 2501, kind = "permission")]
    Denied {
        /// The path as the client sent it.
        #[mcp(data)]
        path: String,
        /// The operating system's error; its text stays in the server.
        #[mcp(source)]
        cause: io::Error,
    },
    /// File not found
    #[mcp(code = 2502, kind = "not_found")]
    NotFound {
        /// The path as the client sent it.
        #[mcp(data)]
        path: String,
    },
    /// Not a regular file
    #[mcp(code = 2503, kind = "validation")]
    NotAFile {
        /// The path as the client sent it.
        #[mcp(data)]
        path: String,
    },
    /// The file is larger than the server returns.
    #[mcp(
        code = 2504,
        kind = "validation",
        message = "File too large: {size} bytes, the limit is {limit}"
    )]
    TooLarge {
        /// The path as the client sent it.
        #[mcp(data)]
        path: String,
        /// The file's size in bytes.
        #[mcp(data)]
        size: u64,
        /// The largest file the server returns.
        #[mcp(data)]
        limit: u64,
    },
    /// File is not UTF-8 text
    #[mcp(code = 2505, kind = "validation")]
    NotText {
        /// The path as the client sent it.
        #[mcp(data)]
        path: String,
    },
    /// Reading the file failed
    #[mcp(code = 2506, kind = "internal")]
    Io {
        /// The path as the client sent it.
        #[mcp(data)]
        path: String,
        /// The operating system's error; its text stays in the server.
        #[mcp(source)]
        cause: io::Error,
        /// Whether the failure may pass (interrupted, timed out, busy): decides `retryable`.
        #[mcp(retryable)]
        transient: bool,
    },
    /// Invalid path
    #[mcp(
        code = 2507,
        kind = "validation",
        help = "send a relative path with `/` separators and no NUL byte"
    )]
    InvalidPath {
        /// The path as the client sent it.
        #[mcp(data)]
        path: String,
    },
}

mcp_errors::assert_disjoint!(CommonError, PlaywrightError, FilesystemError, SessionError);

/// The largest file `read_file` returns.
const MAX_FILE_BYTES: u64 = 1 << 20;

/// Stands in for a browser: this example has none, so every http(s) navigation fails the way
/// a headless browser reports a host it cannot resolve.
fn goto(url: &str) -> Result<String, PlaywrightError> {
    let host = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .map(|rest| rest.split(['/', '?', '#']).next().unwrap_or_default())
        .filter(|host| !host.is_empty());
    match host {
        None => Err(PlaywrightError::Common(CommonError::InvalidParams {
            details: Some(format!("not an absolute http(s) URL: {url}")),
        })),
        Some(_) => Err(PlaywrightError::Nav {
            url: url.to_owned(),
            // The URL is in `data.url` already: echoing it here too doubled the reply.
            reason: "net::ERR_NAME_NOT_RESOLVED".to_owned(),
        }),
    }
}

/// The error of a failed file system call on `requested`. Only failures that may pass when
/// tried again (interrupted, timed out, busy) are retryable; a path that names nothing, a
/// directory or a link loop is not.
fn io_error(requested: &str, cause: io::Error) -> FilesystemError {
    let path = requested.to_owned();
    match cause.kind() {
        io::ErrorKind::NotFound | io::ErrorKind::NotADirectory => {
            FilesystemError::NotFound { path }
        }
        io::ErrorKind::PermissionDenied => FilesystemError::Denied { path, cause },
        io::ErrorKind::IsADirectory => FilesystemError::NotAFile { path },
        io::ErrorKind::InvalidInput | io::ErrorKind::InvalidFilename => {
            FilesystemError::InvalidPath { path }
        }
        kind => FilesystemError::Io {
            path,
            transient: matches!(
                kind,
                io::ErrorKind::Interrupted
                    | io::ErrorKind::TimedOut
                    | io::ErrorKind::WouldBlock
                    | io::ErrorKind::ResourceBusy
            ),
            cause,
        },
    }
}

/// Resolves `requested` inside `root` (canonical), refusing every way out of it.
fn resolve(root: &Path, requested: &str) -> Result<PathBuf, FilesystemError> {
    let escape = || FilesystemError::PathEscape {
        path: requested.to_owned(),
    };
    if requested.contains('\0') {
        return Err(FilesystemError::InvalidPath {
            path: requested.to_owned(),
        });
    }
    let relative = Path::new(requested);
    // `..`, an absolute path, a Windows prefix; and `\`, so that a Windows-style `..\` is
    // refused on every platform, not read as one odd file name on Unix.
    if requested.contains('\\')
        || relative
            .components()
            .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return Err(escape());
    }
    let full = root
        .join(relative)
        .canonicalize()
        .map_err(|cause| io_error(requested, cause))?;
    // A symlink inside the root may point outside it.
    if full.starts_with(root) {
        Ok(full)
    } else {
        Err(escape())
    }
}

/// Reads the UTF-8 file `requested` under `root`. The file is opened once and its size and
/// contents come from that handle, so a file that grows, or is swapped after the checks,
/// still cannot make the server return more than `MAX_FILE_BYTES`.
fn read_text(root: &Path, requested: &str) -> Result<String, FilesystemError> {
    let path = resolve(root, requested)?;
    let owned = || requested.to_owned();
    let file = std::fs::File::open(&path).map_err(|cause| io_error(requested, cause))?;
    let meta = file
        .metadata()
        .map_err(|cause| io_error(requested, cause))?;
    if !meta.is_file() {
        return Err(FilesystemError::NotAFile { path: owned() });
    }
    let too_large = |size: u64| FilesystemError::TooLarge {
        path: owned(),
        size,
        limit: MAX_FILE_BYTES,
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::new();
    io::Read::read_to_end(&mut io::Read::take(file, MAX_FILE_BYTES + 1), &mut bytes)
        .map_err(|cause| io_error(requested, cause))?;
    let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if read > MAX_FILE_BYTES {
        return Err(too_large(read));
    }
    String::from_utf8(bytes).map_err(|_| FilesystemError::NotText { path: owned() })
}

/// What the user answers when `navigate` asks first.
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Confirmation {
    /// Open the page.
    open: bool,
}

rmcp::elicit_safe!(Confirmation);

/// Asks the user, through the client, whether to open `url`. A client that did not declare
/// the `elicitation` capability cannot be asked: a protocol failure, not the tool's.
async fn confirm(peer: &Peer<RoleServer>, url: &str) -> Result<(), PlaywrightError> {
    if peer.supported_elicitation_modes().is_empty() {
        return Err(PlaywrightError::Session(SessionError::MissingCapability {
            required_capabilities: vec!["elicitation".to_owned()],
        }));
    }
    let declined = || PlaywrightError::Declined {
        url: url.to_owned(),
    };
    match peer.elicit::<Confirmation>(format!("Open {url}?")).await {
        Ok(Some(Confirmation { open: true })) => Ok(()),
        Ok(_)
        | Err(
            ElicitationError::UserDeclined
            | ElicitationError::UserCancelled
            | ElicitationError::NoContent,
        ) => Err(declined()),
        Err(other) => Err(PlaywrightError::Unconfirmed {
            reason: other.to_string(),
        }),
    }
}

/// Arguments of `navigate`.
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct NavigateArgs {
    /// The absolute URL to open.
    url: String,
    /// Ask the user before opening the page (needs the client's `elicitation` capability).
    #[serde(default)]
    confirm: bool,
}

/// Arguments of `read_file`.
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct ReadFileArgs {
    /// A path relative to the server's root directory.
    path: String,
}

/// The server: `read_file` serves the files under `root` (canonical).
#[derive(Clone)]
struct ExampleServer {
    root: PathBuf,
}

#[tool_router]
impl ExampleServer {
    /// Opens a page in the (absent) browser and returns its title.
    #[tool(description = "Open a URL in the browser and return the page title")]
    async fn navigate(
        &self,
        peer: Peer<RoleServer>,
        Parameters(NavigateArgs { url, confirm: ask }): Parameters<NavigateArgs>,
    ) -> Result<String, PlaywrightError> {
        // An `Err` becomes a tool error, or a JSON-RPC error for `SessionError`'s variants.
        if ask {
            confirm(&peer, &url).await?;
        }
        goto(&url)
    }

    /// Returns a UTF-8 file under the server's root directory.
    #[tool(description = "Read a UTF-8 text file under the server's root directory")]
    async fn read_file(
        &self,
        Parameters(ReadFileArgs { path }): Parameters<ReadFileArgs>,
    ) -> Result<String, FilesystemError> {
        // An `Err` becomes an MCP tool error: `isError: true`, the text, `_meta`.
        read_text(&self.root, &path)
    }
}

#[tool_handler(router = Self::tool_router())]
impl ServerHandler for ExampleServer {
    fn get_info(&self) -> InitializeResult {
        // The `resources` capability and the catalog resource come from
        // `with_error_discovery` (main), which wraps this handler.
        InitializeResult::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("mcp-errors-example", "0.1.0"))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        // The catalog's URI is answered by `with_error_discovery` before this handler.
        // -32602 with data.uri for a 2026-07-28 client, -32002 for an earlier one.
        let version = context
            .protocol_version()
            .map_or_else(String::new, |version| version.as_str().to_owned());
        Err(mcp_errors::ProtocolError::resource_not_found(request.uri, &version).into())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        // rmcp's own failures in the taxonomy: a bad argument becomes E_INVALID_PARAMS (1000)
        // with its JSON Pointer; an unknown tool stays -32602 and is counted.
        let tcc = ToolCallContext::new(self, request, context);
        mcp_errors::integrations::rmcp_3::finish_tool_call(Self::tool_router().call(tcc).await)
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        // `sys/errorStats` when MCP_ERRORS_METRICS is truthy; -32601 otherwise.
        mcp_errors::integrations::rmcp_3::on_custom_request(&request)
    }
}

/// The catalog of this server: its own enums, the common codes, and the JSON-RPC
/// errors rmcp answers by itself (`ProtocolError`).
/// (`Registry` needs mcp-errors' `registry` feature, which this repository's dev-dependencies
/// turn on for its examples.)
fn catalog() -> serde_json::Value {
    mcp_errors::Registry::new()
        .with::<CommonError>()
        .with::<PlaywrightError>()
        .with::<FilesystemError>()
        .with::<SessionError>()
        .with::<mcp_errors::ProtocolError>()
        .to_json()
}

/// What the server publishes about its errors (docs/discovery.md): its catalog as the resource
/// `mcp-errors://catalog`, and the symbols each tool can return in the tool's `_meta`.
static DISCOVERY: std::sync::LazyLock<mcp_errors::discovery::ErrorDiscovery> =
    std::sync::LazyLock::new(|| {
        mcp_errors::discovery::ErrorDiscovery::new(format!("{:#}", catalog()))
            .tool::<PlaywrightError>("navigate")
            .tool::<SessionError>("navigate")
            .tool::<CommonError>("navigate")
            .tool::<FilesystemError>("read_file")
            .tool_symbols("read_file", &[mcp_errors::arguments::ENTRY.symbol])
    });

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // `--catalog`: every error this server sends, as catalog JSON, and nothing else on stdout
    // (the input of `mcp-errors gen`; `examples/mcp_server/clients/` is generated from it).
    if std::env::args_os()
        .nth(1)
        .is_some_and(|arg| arg == "--catalog")
    {
        println!("{:#}", catalog());
        return Ok(());
    }
    // Read MCP_ERRORS_METRICS now, so a bad environment shows before the first request.
    let _ = mcp_errors::metrics::global();
    // MCP_EXAMPLE_SYMBOL_PREFIX=1: JSON-RPC error messages start with the symbol, so a
    // gateway that keeps only the message keeps the identity (docs/envelopes.md).
    match std::env::var("MCP_EXAMPLE_SYMBOL_PREFIX").as_deref() {
        Err(std::env::VarError::NotPresent) | Ok("" | "0") => {}
        Ok("1") => mcp_errors::JsonRpcMessageFormat::SYMBOL_FIRST.set_global(),
        Ok(_) | Err(_) => return Err("MCP_EXAMPLE_SYMBOL_PREFIX must be 1 (on) or 0 (off)".into()),
    }
    let mut args = std::env::args_os().skip(1).peekable();
    // `--http ADDR`: Streamable HTTP at http://ADDR/mcp instead of stdio.
    let http_addr = match args.next_if(|arg| arg == "--http") {
        Some(_) => Some(
            args.next()
                .and_then(|addr| addr.into_string().ok())
                .ok_or("--http needs an address, e.g. --http 127.0.0.1:8080")?,
        ),
        None => None,
    };
    // `--conformance` (after `--http ADDR`): every fixture of the conformance suite.
    let conformance = http_addr.is_some() && args.next_if(|arg| arg == "--conformance").is_some();
    // The directory `read_file` serves: the next argument, else the working directory.
    let root = match args.next() {
        Some(dir) => PathBuf::from(dir),
        None => std::env::current_dir()?,
    }
    .canonicalize()?;
    if let Some(addr) = http_addr {
        return http::serve(&addr, ExampleServer { root }, conformance).await;
    }
    // stdio.rs answers the malformed lines rmcp would drop or answer without their id.
    let (transport, writer) = stdio::transport();
    // One call publishes the catalog (docs/discovery.md): the resource, the `resources`
    // capability and each tool's symbols in `tools/list`.
    let server = mcp_errors::integrations::rmcp_3::with_error_discovery(
        ExampleServer { root },
        DISCOVERY.clone(),
    )
    .serve(transport)
    .await?;
    server.waiting().await?;
    // Flush the last replies (bounded: the writer ends once stdin has ended).
    let _ = tokio::time::timeout(std::time::Duration::from_secs(5), writer).await;
    Ok(())
}
