//! Tower layers for an MCP server's HTTP endpoint (feature `http`): what the transport
//! rejects speaks the taxonomy too.
//!
//! - [`HttpErrorLayer`]: every rejection of the HTTP transport (bad JSON, a body too deep or
//!   too large, a wrong `Content-Type`, a missing `Accept`, an unsupported
//!   `MCP-Protocol-Version`) becomes a JSON-RPC error body with the right status, counted
//!   like any other error, with no parser text; -32020, -32021 and -32022 go out with 400, or
//!   with 200 for clients that give up on a 400 ([`ErrorStatus`]; the gateways guide has the
//!   evidence).
//! - [`RateLimitLayer`]: a limit per client (MCP session, peer address or a key of the
//!   server's; governor's GCRA, the number of clients bounded) that answers 429 with
//!   `Retry-After` and a JSON-RPC error whose `data.retryAfterMs` says the same (the
//!   [retry contract](crate::retry)).
//!
//! A client reads a 429's `Retry-After` with `retry::retry_after_header` (feature `client`).
//!
//! Both layers wrap any `tower_service::Service<http::Request<B>>` that answers
//! `http::Response<_>`, such as rmcp's `StreamableHttpService` on every rmcp line (0.x to
//! 3.x); they do not depend on rmcp. The order that makes sense is the limiter outside (a
//! refused request costs nothing), the error layer inside:
//!
//! ```
//! use std::time::Duration;
//! use mcp_errors_core::http::{HttpErrorLayer, RateLimitLayer};
//! use tower_layer::Layer;
//!
//! # #[derive(Clone)] struct Inner;
//! # impl<B> tower_service::Service<http::Request<B>> for Inner {
//! #     type Response = http::Response<String>; type Error = std::convert::Infallible;
//! #     type Future = std::future::Ready<Result<http::Response<String>, std::convert::Infallible>>;
//! #     fn poll_ready(&mut self, _: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), std::convert::Infallible>> { std::task::Poll::Ready(Ok(())) }
//! #     fn call(&mut self, _: http::Request<B>) -> Self::Future { std::future::ready(Ok(http::Response::new(String::new()))) }
//! # }
//! # let rmcp_service = Inner;
//! let service = RateLimitLayer::new(100, Duration::from_secs(1))
//!     .layer(HttpErrorLayer::new().layer(rmcp_service));
//! # let _ = service;
//! ```

mod body;
mod layer;
mod limit;
mod outline;
mod reply;
mod validate;

pub use body::LayerBody;
pub use layer::{
    BAD_REQUEST_CODES, ErrorStatus, HttpErrorLayer, HttpErrors, PROTOCOL_VERSION_HEADER,
    ResponseFuture,
};
pub use limit::{RateLimit, RateLimitLayer};
#[allow(deprecated)]
pub use reply::RATE_LIMITED;

/// The rows the layers' replies are counted under (domain `jsonrpc`): `ProtocolError`'s rows
/// for the same codes, written out as statics (a facade test ties them), and `RATE_LIMITED`
/// (with the `sep-3304` feature, once per code). Not public API.
#[doc(hidden)]
pub static ENTRIES: &[&crate::ErrorEntry] = &[
    &reply::PARSE_ERROR,
    &reply::INVALID_REQUEST,
    &reply::INTERNAL_ERROR,
    &reply::UNSUPPORTED_PROTOCOL_VERSION,
    &reply::RATE_LIMITED_ROW,
    #[cfg(feature = "sep-3304")]
    &reply::RATE_LIMITED_SEP_3304_ROW,
];

#[cfg(feature = "client")]
/// The delay an HTTP response's `Retry-After` header asks for.
#[deprecated(
    since = "0.1.0",
    note = "one reader for one job: `retry::retry_after_header(headers.get(http::header::RETRY_AFTER)?)`"
)]
pub fn retry_after(headers: &http::HeaderMap) -> Option<core::time::Duration> {
    crate::retry::retry_after_header(headers.get(http::header::RETRY_AFTER)?)
}
