//! The example server over MCP's Streamable HTTP transport: `mcp_server --http ADDR [ROOT]`
//! serves the same tools at `http://ADDR/mcp`, plus the fixture tool the official conformance
//! suite calls (`.ci/conformance.sh`).
//!
//! rmcp's `StreamableHttpService` does the protocol (sessions, SSE, JSON responses) and the
//! DNS-rebinding protection: its default configuration answers a request whose `Host` is not
//! `localhost`, `127.0.0.1` or `::1` with 403, so a web page that rebinds its own name to the
//! loopback address cannot reach the server. This module only accepts connections, routes
//! `/mcp` to that service and answers every other path with 404.
//!
//! In front of rmcp sits `mcp_errors::http::HttpErrorLayer`: what the transport rejects (a
//! body that is not JSON or nested too deep: 400 with -32700; JSON that is no JSON-RPC
//! message: 400 with -32600; a wrong `Content-Type` 415, no `Accept` 406, a body over
//! [`MAX_BODY_BYTES`] 413; an unknown `MCP-Protocol-Version` 400 with -32022) is answered
//! with a JSON-RPC error body instead of rmcp's text, and counted in `sys/errorStats`
//! (`.ci/hostile_http.py` checks each).
//!
//! With `MCP_EXAMPLE_RATE_LIMIT=N`, `mcp_errors::http::RateLimitLayer` admits N requests a
//! minute per MCP session (two clients on one address get a budget each; a request without a
//! session, such as `initialize`, counts against its peer address, which this module puts in
//! the request's extensions) and answers the rest with 429, `Retry-After` and a JSON-RPC error
//! carrying the same delay in `data.retryAfterMs` (the retry contract).
//!
//! With `MCP_EXAMPLE_ERROR_STATUS=200` the JSON-RPC errors -32020, -32021 and -32022 go out with
//! HTTP 200 instead of 400 (`ErrorStatus::Ok`; `.ci/gateways.sh` measures both through gateways).

use std::convert::Infallible;
use std::sync::Arc;

use mcp_errors::McpError;
use mcp_errors::http::{ErrorStatus, HttpErrorLayer, LayerBody, RateLimitLayer};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CustomRequest, CustomResult, ErrorData,
    ListToolsResult, PaginatedRequestParams, ProtocolVersion, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{RoleServer, ServerHandler, tool, tool_router};
use tower_layer::Layer;

use super::ExampleServer;

/// The path of the MCP endpoint.
pub const ENDPOINT: &str = "/mcp";

/// The largest request body, for rmcp and the error layer alike: rmcp's default, 4 MiB.
pub const MAX_BODY_BYTES: usize = HttpErrorLayer::DEFAULT_MAX_BODY_BYTES;

/// Fixtures the conformance suite expects a server to have: codes 2900–2999.
#[derive(Debug, McpError)]
#[mcp(domain = "conformance", range = 2900..=2999, symbol_prefix = "E_CONF_")]
pub enum FixtureError {
    /// This tool always fails
    ///
    /// `test_error_handling`: the suite's `tools-call-error` scenario checks that a failing
    /// tool answers with a tool error (`isError: true` and a message).
    #[mcp(code = 2900, kind = "business")]
    AlwaysFails {
        /// Which fixture failed.
        #[mcp(details)]
        tool: &'static str,
    },
}

mcp_errors::assert_disjoint!(
    mcp_errors::CommonError,
    super::PlaywrightError,
    super::FilesystemError,
    FixtureError
);

/// [`ExampleServer`] with the conformance fixtures beside its tools.
#[derive(Clone)]
pub struct HttpServer {
    inner: ExampleServer,
}

#[tool_router(router = fixtures)]
impl HttpServer {
    /// The `tools-call-error` fixture: always fails, as a tool error of our taxonomy.
    #[tool(description = "Always fails with a tool error (the conformance suite's fixture)")]
    async fn test_error_handling(&self) -> Result<String, FixtureError> {
        Err(FixtureError::AlwaysFails {
            tool: "test_error_handling",
        })
    }
}

impl ServerHandler for HttpServer {
    fn get_info(&self) -> ServerConfig {
        self.inner.get_info()
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let mut list = self.inner.list_tools(request, context).await?;
        list.tools.extend(Self::fixtures().list_all());
        Ok(list)
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        Self::fixtures()
            .get(name)
            .cloned()
            .or_else(|| self.inner.get_tool(name))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let fixtures: ToolRouter<HttpServer> = Self::fixtures();
        if fixtures.has_route(&request.name) {
            fixtures
                .call(ToolCallContext::new(self, request, context))
                .await
        } else {
            self.inner.call_tool(request, context).await
        }
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        self.inner.on_custom_request(request, context).await
    }

    // The catalog resource (docs/discovery.md) is added around this handler (`serve`).
    async fn read_resource(
        &self,
        request: rmcp::model::ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::ReadResourceResponse, ErrorData> {
        self.inner.read_resource(request, context).await
    }
}

/// Serves `server` (and the fixtures) at `http://addr/mcp` until the process ends. `addr` may
/// name port 0; the bound address is printed to stderr as `listening on http://ADDR/mcp`.
/// `conformance` adds every fixture of the conformance suite (`conformance.rs`).
pub async fn serve(
    addr: &str,
    server: ExampleServer,
    conformance: bool,
) -> Result<(), Box<dyn std::error::Error>> {
    // The catalog published around the handler, in one call (docs/discovery.md); the
    // conformance fixtures' own resources, when on, stay in front of it as before.
    let handler = mcp_errors::integrations::rmcp_3::with_error_discovery(
        HttpServer { inner: server },
        super::DISCOVERY.clone(),
    );
    if conformance {
        serve_handler(addr, super::conformance::Conformance::new(handler)).await
    } else {
        serve_handler(addr, handler).await
    }
}

async fn serve_handler<H>(addr: &str, handler: H) -> Result<(), Box<dyn std::error::Error>>
where
    H: ServerHandler + Clone + Send + Sync + 'static,
{
    let listener = tokio::net::TcpListener::bind(addr).await?;
    eprintln!(
        "mcp_server: listening on http://{}{ENDPOINT}",
        listener.local_addr()?
    );
    // The default configuration validates `Host` against the loopback names.
    let mut config = StreamableHttpServerConfig::default();
    config.max_request_body_bytes = MAX_BODY_BYTES;
    let service = StreamableHttpService::new(
        move || Ok(handler.clone()),
        Arc::new(LocalSessionManager::default()),
        config,
    );
    // MCP_EXAMPLE_ERROR_STATUS=200: -32020..-32022 with 200 instead of the specification's 400.
    let error_status = match std::env::var("MCP_EXAMPLE_ERROR_STATUS").as_deref() {
        Ok("200") => ErrorStatus::Ok,
        Ok("400") | Err(_) => ErrorStatus::BadRequest,
        Ok(_) => return Err("MCP_EXAMPLE_ERROR_STATUS must be 200 or 400".into()),
    };
    // rmcp's rejections, and what the layer itself refuses, as JSON-RPC errors.
    let service = HttpErrorLayer::new()
        .error_status(error_status)
        .max_body_bytes(MAX_BODY_BYTES)
        .protocol_versions(
            ProtocolVersion::KNOWN_VERSIONS
                .iter()
                .map(ProtocolVersion::as_str),
        )
        .layer(service);
    // MCP_EXAMPLE_RATE_LIMIT=N: N requests a minute per MCP session (unset: no practical
    // limit).
    let per_minute = match std::env::var("MCP_EXAMPLE_RATE_LIMIT") {
        Ok(n) => n
            .trim()
            .parse::<u32>()
            .map_err(|_| "MCP_EXAMPLE_RATE_LIMIT must be a whole number of requests a minute")?,
        Err(_) => u32::MAX,
    };
    let service = RateLimitLayer::new(per_minute, std::time::Duration::from_secs(60))
        .per_session()
        .layer(service);
    loop {
        let (stream, peer) = listener.accept().await?;
        let service = service.clone();
        tokio::spawn(async move {
            let route = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
                let mut service = service.clone();
                // The limiter's fallback key for requests without a session.
                request.extensions_mut().insert(peer);
                async move {
                    if request.uri().path() != ENDPOINT {
                        let mut response = hyper::Response::new(LayerBody::full(
                            "not found: the MCP endpoint is /mcp\n",
                        ));
                        *response.status_mut() = hyper::StatusCode::NOT_FOUND;
                        return Ok::<_, Infallible>(response);
                    }
                    tower_service::Service::call(&mut service, request).await
                }
            });
            // A client that goes away mid-request is not the server's failure.
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(hyper_util::rt::TokioIo::new(stream), route)
                .await;
        });
    }
}
