//! [`HttpErrorLayer`] and its service [`HttpErrors`].

use core::future::Future;
use core::pin::Pin;
use core::task::{Context, Poll};
use std::sync::Arc;

use bytes::{Buf, BufMut, Bytes, BytesMut};
use http::{HeaderValue, Method, Request, Response, StatusCode, header};
use http_body::Body;
use http_body_util::BodyExt;
use serde_json::{Map, Value};

use super::body::LayerBody;
use super::outline::outline;
use super::reply::{self, Rejection};
use super::validate::{self, Refusal};

/// The header that names the protocol revision of a Streamable HTTP request.
pub const PROTOCOL_VERSION_HEADER: &str = "mcp-protocol-version";

/// The JSON-RPC error codes that go out with HTTP 400 over Streamable HTTP (MCP 2026-07-28):
/// -32020 header mismatch, -32021 missing required client capability, -32022 unsupported
/// protocol version.
pub const BAD_REQUEST_CODES: [i32; 3] = [
    crate::jsonrpc::HEADER_MISMATCH,
    crate::jsonrpc::MISSING_REQUIRED_CLIENT_CAPABILITY,
    crate::jsonrpc::UNSUPPORTED_PROTOCOL_VERSION,
];

/// How much of a response the layer reads ahead to find its status: the JSON-RPC response at
/// the start of an event stream, or a JSON body.
const PEEK_LIMIT: usize = 64 * 1024;

/// How much of an inner service's plain-text rejection is read, for the log.
const LOG_LIMIT: usize = 1024;

/// A body declared (`Content-Length`) longer than the limit by more than this is answered
/// 413 at once, unread; a shorter one is drained ([`DRAIN_FRAMES`]) so the client reads the
/// reply.
const DRAIN_LIMIT: u64 = 64 * 1024 * 1024;

#[derive(Debug)]
struct Config {
    max_body_bytes: usize,
    max_depth: usize,
    protocol_versions: Option<Vec<String>>,
    event_stream_status: bool,
    error_status: ErrorStatus,
}

/// The HTTP status of a JSON-RPC error -32020, -32021 or -32022 ([`BAD_REQUEST_CODES`])
/// answering a request: [`HttpErrorLayer::error_status`].
///
/// Measured through real gateways (`.ci/gateways.sh`, the table in the gateways guide): some
/// clients inside gateways raise on a 400 and never forward the JSON-RPC error in its body.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorStatus {
    /// 400 Bad Request, as MCP 2026-07-28 asks of Streamable HTTP (the default).
    #[default]
    BadRequest,
    /// 200 OK, the error in the body as every other JSON-RPC error: what clients that treat a
    /// 4xx status as a transport failure still read and forward.
    Ok,
}

/// A tower [`Layer`](tower_layer::Layer) that makes every rejection of an MCP Streamable
/// HTTP endpoint a JSON-RPC error (`"id": null` unless the request's id could be read) with
/// the right HTTP status, counted like any other error, and without internal text.
///
/// Wrap it around rmcp's `StreamableHttpService` (any line) or any other HTTP service:
///
/// | request | status | JSON-RPC error |
/// |---|---|---|
/// | a POST with `Content-Type: application/json` whose body is not UTF-8, not JSON, truncated, or nested deeper than [`max_depth`](Self::max_depth) | 400 | -32700 Parse error |
/// | valid JSON that is not one JSON-RPC 2.0 message (a scalar, a batch array, `jsonrpc` not `"2.0"`, no `method` and no response) | 400 | -32600 Invalid Request |
/// | a body over [`max_body_bytes`](Self::max_body_bytes) (declared or sent, chunked or not) | 413 | -32600, `data.maxBodyBytes` |
/// | an `MCP-Protocol-Version` header not among [`protocol_versions`](Self::protocol_versions) (when set), unless the request names its revision in `params._meta` (2026-07-28; the inner service compares the two) | 400 (200 with [`ErrorStatus::Ok`]) | -32022, `data.supported`, `data.requested` |
/// | any plain-text rejection of the inner service (rmcp: 406 no `Accept`, 415 wrong `Content-Type`, 403 `Host`, 404 unknown session, 405, ...) | its status (415 for a JSON body the inner service could not read becomes 400) | -32600 (5xx: -32603) with a fixed message |
/// | a JSON-RPC error -32020, -32021 or -32022 answering a request (a JSON body, or the first event of an event stream: [`event_stream_status`](Self::event_stream_status)) | 400 ([`BAD_REQUEST_CODES`]; 200 with [`error_status`](Self::error_status)`(ErrorStatus::Ok)`) | as sent |
///
/// Every reply the layer writes carries `data.domain` `"jsonrpc"`, `data.symbol` and
/// `data.retryable`, and is counted through [`emit`](crate::integrations::emit): in
/// `sys/errorStats` ([`metrics::global()`](crate::metrics::global)), the `metrics` facade and
/// `tracing`, under the rows `ProtocolError` has for these codes. What the parser or the inner
/// service said goes only to the log (a `tracing` event with target `mcp_errors::http` when
/// the `tracing` feature is on, else nowhere): clients never see parser text (CWE-209).
///
/// The body of a JSON POST is read whole, never more than `max_body_bytes` kept, before the
/// inner service is called, and handed to it in memory. A body whose top level is one JSON-RPC
/// message (read in one pass over the bytes, nesting counted, nothing parsed) goes on
/// unparsed: the inner service parses it, and only if it refuses the body (an error status, or
/// a JSON answer with -32700 or -32600) does the layer parse the bytes it kept, to answer
/// exactly as it would have before the call. So the inner service must refuse what is not
/// JSON, as rmcp does on every line. With [`max_depth`](Self::max_depth) at 127 or more
/// (`serde_json`'s own limit; the default is 128) a request is read only to its `jsonrpc`,
/// `id` and `method`, and checked in full also when the answer is not 200: the inner service
/// must then also refuse a repeated `jsonrpc`, `id` or `method` and nesting past
/// `serde_json`'s limit, as rmcp's message types do on every line. The bytes are kept (the same `Bytes`, not a copy) until
/// the inner service's answer begins: its status and headers, and for a JSON answer its body.
/// Any other body is checked before the call. Nesting is measured by a loop over the bytes
/// before anything is parsed, so no depth of brackets can exhaust the stack (in a build where
/// `serde_json`'s `raw_value` feature is on, JSON text inside a string keyed by its private
/// token is parsed again with a fresh limit: docs/http.md). Other requests (GET, a POST
/// of another content type) pass through unread.
///
/// The body limit ([`DEFAULT_MAX_BODY_BYTES`](Self::DEFAULT_MAX_BODY_BYTES), 4 MiB, rmcp's
/// own default) should equal the inner service's (rmcp: `max_request_body_bytes`); a lower
/// inner limit is still answered in JSON, from the inner 413.
///
/// ```
/// use mcp_errors_core::http::HttpErrorLayer;
///
/// let layer = HttpErrorLayer::new()
///     .max_body_bytes(1024 * 1024)
///     .protocol_versions(["2025-06-18", "2025-11-25"]);
/// # let _ = layer;
/// // let service = tower_layer::Layer::layer(&layer, rmcp_streamable_http_service);
/// ```
#[derive(Clone, Debug)]
pub struct HttpErrorLayer {
    config: Arc<Config>,
}

impl Default for HttpErrorLayer {
    fn default() -> Self {
        HttpErrorLayer::new()
    }
}

impl HttpErrorLayer {
    /// The default body limit: 4 MiB (4,194,304 bytes), rmcp's default.
    pub const DEFAULT_MAX_BODY_BYTES: usize = 4 * 1024 * 1024;
    /// The default nesting limit: 128, what `serde_json` (and so rmcp) parses.
    pub const DEFAULT_MAX_DEPTH: usize = 128;

    /// The defaults: 4 MiB bodies, nesting up to 128, any `MCP-Protocol-Version` passed on.
    pub fn new() -> HttpErrorLayer {
        HttpErrorLayer {
            config: Arc::new(Config {
                max_body_bytes: Self::DEFAULT_MAX_BODY_BYTES,
                max_depth: Self::DEFAULT_MAX_DEPTH,
                protocol_versions: None,
                event_stream_status: true,
                error_status: ErrorStatus::default(),
            }),
        }
    }

    fn with(self, change: impl FnOnce(&mut Config)) -> HttpErrorLayer {
        let mut config = Config {
            max_body_bytes: self.config.max_body_bytes,
            max_depth: self.config.max_depth,
            protocol_versions: self.config.protocol_versions.clone(),
            event_stream_status: self.config.event_stream_status,
            error_status: self.config.error_status,
        };
        change(&mut config);
        HttpErrorLayer {
            config: Arc::new(config),
        }
    }

    /// The largest request body accepted, in bytes; a larger one is answered 413 with the
    /// limit in `data.maxBodyBytes`.
    #[must_use]
    pub fn max_body_bytes(self, bytes: usize) -> HttpErrorLayer {
        self.with(|c| c.max_body_bytes = bytes)
    }

    /// The deepest nesting of arrays and objects accepted in a body; deeper is -32700.
    #[must_use]
    pub fn max_depth(self, depth: usize) -> HttpErrorLayer {
        self.with(|c| c.max_depth = depth)
    }

    /// The protocol revisions the server speaks: a request whose `MCP-Protocol-Version`
    /// header names another is answered 400 with -32022 (`data.supported`, and
    /// `data.requested` when it is short printable ASCII). A request without the header
    /// passes.
    #[must_use]
    pub fn protocol_versions<I>(self, versions: I) -> HttpErrorLayer
    where
        I: IntoIterator,
        I::Item: Into<String>,
    {
        let versions = versions.into_iter().map(Into::into).collect();
        self.with(|c| c.protocol_versions = Some(versions))
    }

    /// Whether an event-stream answer to a request is read ahead (up to 64 KiB) to its first
    /// event with data, so that a -32020/-32021/-32022 error there goes out as a 400 JSON
    /// response (on by default). The price: the response's headers, and the priming event
    /// (its id, for resumption), wait for that first event, which for a long tool call without
    /// progress notifications is its result. Turn it off when that matters more than the
    /// status; JSON answers are still given 400.
    #[must_use]
    pub fn event_stream_status(self, on: bool) -> HttpErrorLayer {
        self.with(|c| c.event_stream_status = on)
    }

    /// The HTTP status of a JSON-RPC error -32020, -32021 or -32022 answering a request, and of
    /// the layer's own -32022 (an unsupported `MCP-Protocol-Version`): 400 by default, as the
    /// specification asks; [`ErrorStatus::Ok`] sends them with 200, passed on as the inner
    /// service wrote them, for clients that give up on a 400.
    #[must_use]
    pub fn error_status(self, status: ErrorStatus) -> HttpErrorLayer {
        self.with(|c| c.error_status = status)
    }

    /// The configured body limit.
    pub fn body_limit(&self) -> usize {
        self.config.max_body_bytes
    }
}

impl<S> tower_layer::Layer<S> for HttpErrorLayer {
    type Service = HttpErrors<S>;

    fn layer(&self, inner: S) -> HttpErrors<S> {
        HttpErrors {
            inner,
            config: Arc::clone(&self.config),
        }
    }
}

/// The service of [`HttpErrorLayer`].
#[derive(Clone, Debug)]
pub struct HttpErrors<S> {
    inner: S,
    config: Arc<Config>,
}

/// The future of [`HttpErrors`].
pub type ResponseFuture<T, E> = Pin<Box<dyn Future<Output = Result<T, E>> + Send>>;

impl<S, B, ResBody> tower_service::Service<Request<B>> for HttpErrors<S>
where
    S: tower_service::Service<Request<LayerBody<B>>, Response = Response<ResBody>>
        + Clone
        + Send
        + 'static,
    S::Future: Send,
    S::Error: Send,
    B: Body + Send + 'static,
    B::Data: Buf + Send,
    ResBody: Body + Send + 'static,
    ResBody::Data: Buf + Send,
{
    type Response = Response<LayerBody<ResBody>>;
    type Error = S::Error;
    type Future = ResponseFuture<Self::Response, S::Error>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        // The clone is the one that is ready (tower's rule for services moved into a future).
        let clone = self.inner.clone();
        let inner = core::mem::replace(&mut self.inner, clone);
        Box::pin(handle(inner, Arc::clone(&self.config), request))
    }
}

/// What the layer learned of a request that the response rewrite needs.
struct Seen {
    /// A POST with a JSON content type (its body was validated).
    json_post: bool,
    /// It was a JSON-RPC request (an `id`), which gets a response.
    request: bool,
    /// Its `id` when it can be echoed, else `null`: the `id` of a rejection's reply.
    id: Value,
    /// The body, when it went to the inner service on its outline alone (unparsed): checked
    /// in full only if the inner service refuses it, to word the refusal.
    unchecked: Option<Bytes>,
    /// The outline read only the start of that body (a request's first members): checked in
    /// full also on any answer but 200, as rmcp 0.8 to 2.x accept some such bodies as a
    /// response (202) that the full check refuses.
    partial: bool,
}

impl Seen {
    /// Checks in full the body passed on unchecked, once (it is dropped): the refusal the
    /// layer would have made before the call, else `None` with the body's `id` noted for a
    /// reply.
    fn check_unchecked(&mut self, max_depth: usize) -> Option<Refusal> {
        match validate::check(&self.unchecked.take()?, max_depth) {
            Ok(message) => {
                self.id = message.id;
                None
            }
            Err(refusal) => Some(refusal),
        }
    }
}

async fn handle<S, B, ResBody>(
    mut inner: S,
    config: Arc<Config>,
    request: Request<B>,
) -> Result<Response<LayerBody<ResBody>>, S::Error>
where
    S: tower_service::Service<Request<LayerBody<B>>, Response = Response<ResBody>>,
    B: Body,
    B::Data: Buf,
    ResBody: Body,
    ResBody::Data: Buf,
{
    let (parts, body) = request.into_parts();
    let unsupported_version = unsupported_version(&config, &parts.headers);
    let json_post =
        parts.method == Method::POST && is_json(parts.headers.get(header::CONTENT_TYPE));
    let mut seen = Seen {
        json_post,
        request: false,
        id: Value::Null,
        unchecked: None,
        partial: false,
    };
    let body = if json_post {
        let declared = parts
            .headers
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        let bytes = match read_bounded(body, config.max_body_bytes, declared).await {
            Read::Whole(bytes) => bytes,
            Read::TooLarge => {
                let mut extra = Map::new();
                extra.insert("maxBodyBytes".into(), config.max_body_bytes.into());
                return Ok(reply(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    &reply::INVALID_REQUEST,
                    "Payload Too Large: the request body exceeds the server's limit",
                    &Value::Null,
                    extra,
                    "request body over the limit",
                ));
            }
            Read::Failed => {
                return Ok(reply(
                    StatusCode::BAD_REQUEST,
                    &reply::PARSE_ERROR,
                    "Parse error: the request body could not be read",
                    &Value::Null,
                    Map::new(),
                    "request body stream failed",
                ));
            }
        };
        // A body shaped like a message goes on unparsed (the inner service parses it); the
        // full check runs now only for another shape, or to compare a refused version header
        // with the body's own revision.
        let outlined = unsupported_version
            .is_none()
            .then(|| outline(&bytes, config.max_depth))
            .flatten();
        if let Some(outlined) = outlined {
            seen.request = outlined.request;
            seen.partial = outlined.partial;
            seen.unchecked = Some(bytes.clone());
        } else {
            match validate::check(&bytes, config.max_depth) {
                // A request that names its revision in `_meta` is judged by it (the inner
                // service compares the two: -32020 or -32022).
                Ok(message) => {
                    if let Some(reply) = unsupported_version.filter(|_| !message.meta_version) {
                        return Ok(reply.into_response(&message.id));
                    }
                    seen.request = message.request;
                    seen.id = message.id;
                }
                Err(refusal) => return Ok(refused(refusal)),
            }
        }
        LayerBody::full(bytes)
    } else if let Some(reply) = unsupported_version {
        return Ok(reply.into_response(&Value::Null));
    } else {
        LayerBody::new(body)
    };
    let response = inner.call(Request::from_parts(parts, body)).await?;
    Ok(rewrite(response, &config, seen).await)
}

/// A request whose `MCP-Protocol-Version` header names a revision not among the configured
/// ones: its -32022 reply, counted and written only when sent.
struct UnsupportedVersion(Map<String, Value>, StatusCode);

impl UnsupportedVersion {
    fn into_response<B>(self, id: &Value) -> Response<LayerBody<B>> {
        reply(
            self.1,
            &reply::UNSUPPORTED_PROTOCOL_VERSION,
            "Unsupported protocol version",
            id,
            self.0,
            "MCP-Protocol-Version header not supported",
        )
    }
}

/// `None` without the header, without the setting, or for a supported revision.
fn unsupported_version(config: &Config, headers: &http::HeaderMap) -> Option<UnsupportedVersion> {
    let supported = config.protocol_versions.as_ref()?;
    let requested = headers.get(PROTOCOL_VERSION_HEADER)?;
    if supported
        .iter()
        .any(|v| v.as_bytes() == requested.as_bytes())
    {
        return None;
    }
    let mut extra = Map::new();
    extra.insert("supported".into(), supported.clone().into());
    if let Ok(text) = requested.to_str()
        && text.len() <= 64
    {
        extra.insert("requested".into(), text.into());
    }
    let status = match config.error_status {
        ErrorStatus::BadRequest => StatusCode::BAD_REQUEST,
        ErrorStatus::Ok => StatusCode::OK,
    };
    Some(UnsupportedVersion(extra, status))
}

/// The layer's reply to a body that is not one JSON-RPC message: 400 with -32700 (`id`
/// null) or -32600 (the `id` when it could be read).
fn refused<B>(refusal: Refusal) -> Response<LayerBody<B>> {
    match refusal {
        Refusal::Parse(reason) => reply(
            StatusCode::BAD_REQUEST,
            &reply::PARSE_ERROR,
            "Parse error",
            &Value::Null,
            Map::new(),
            &reason,
        ),
        Refusal::NotAMessage(message, id) => reply(
            StatusCode::BAD_REQUEST,
            &reply::INVALID_REQUEST,
            message,
            &id,
            Map::new(),
            message,
        ),
    }
}

/// A reply of the layer's own, counted and logged.
fn reply<B>(
    status: StatusCode,
    entry: &'static crate::ErrorEntry,
    message: &str,
    id: &Value,
    extra: Map<String, Value>,
    reason: &str,
) -> Response<LayerBody<B>> {
    let rejection = Rejection {
        entry,
        retry_after: None,
    };
    let body = reply::reject(&rejection, message, id, extra, status.as_u16(), reason);
    json_response(status, body)
}

/// A JSON response of `body` with `status`.
pub(crate) fn json_response<B>(status: StatusCode, body: Bytes) -> Response<LayerBody<B>> {
    let mut response = Response::new(LayerBody::full(body));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// Whether a `Content-Type` is `application/json` (parameters ignored).
fn is_json(value: Option<&HeaderValue>) -> bool {
    media_type(value).is_some_and(|m| m.eq_ignore_ascii_case("application/json"))
}

/// The media type of a `Content-Type` without parameters.
fn media_type(value: Option<&HeaderValue>) -> Option<&str> {
    let text = value?.to_str().ok()?;
    Some(text.split(';').next().unwrap_or("").trim())
}

enum Read {
    Whole(Bytes),
    TooLarge,
    Failed,
}

/// Reads a body whole through [`http_body_util::Limited`], which keeps at most `limit`
/// bytes: more is [`Read::TooLarge`]. A body of one frame is kept as it came (a `Bytes` frame
/// is not copied); frames after the first are gathered into one buffer. An oversize body is then drained (`Limited` drops each
/// further frame as it refuses it), at most [`DRAIN_FRAMES`] frames, so that the client,
/// still sending, can read the reply (a server that stops reading and closes resets the
/// connection, and the client may lose the reply).
async fn read_bounded<B>(body: B, limit: usize, declared: Option<u64>) -> Read
where
    B: Body,
    B::Data: Buf,
{
    let limit_u64 = u64::try_from(limit).unwrap_or(u64::MAX);
    if declared.is_some_and(|len| len > limit_u64.saturating_add(DRAIN_LIMIT)) {
        return Read::TooLarge;
    }
    let body = http_body_util::Limited::new(body.map_err(|_| BodyFailed), limit);
    let mut body = core::pin::pin!(body);
    let mut kept = Gathered::default();
    while let Some(frame) = body.frame().await {
        match frame {
            Ok(frame) => {
                if let Ok(data) = frame.into_data() {
                    kept.push(data);
                }
            }
            Err(e) if e.is::<http_body_util::LengthLimitError>() => {
                for _ in 0..DRAIN_FRAMES {
                    match body.frame().await {
                        Some(Err(e)) if e.is::<BodyFailed>() => break,
                        None => break,
                        Some(_) => {}
                    }
                }
                return Read::TooLarge;
            }
            Err(_) => return Read::Failed,
        }
    }
    if declared.is_some_and(|len| len > limit_u64) {
        Read::TooLarge
    } else {
        Read::Whole(kept.into_bytes())
    }
}

/// Bytes read from a body: its first frame as it came (a `Bytes` frame is not copied), or,
/// once a second frame comes, all of them gathered into one buffer.
#[derive(Default)]
struct Gathered {
    first: Option<Bytes>,
    more: BytesMut,
}

impl Gathered {
    fn push(&mut self, mut data: impl Buf) {
        if !data.has_remaining() {
            return;
        }
        if self.first.is_none() && self.more.is_empty() {
            self.first = Some(data.copy_to_bytes(data.remaining()));
            return;
        }
        if let Some(first) = self.first.take() {
            self.more.reserve(first.len() + data.remaining());
            self.more.extend_from_slice(&first);
        }
        self.more.put(data);
    }

    fn as_slice(&self) -> &[u8] {
        self.first.as_deref().unwrap_or(&self.more)
    }

    fn into_bytes(self) -> Bytes {
        self.first.unwrap_or_else(|| self.more.freeze())
    }
}

/// How many frames of an oversize body are read and dropped past the limit (hyper hands a
/// body over in frames of at most its read buffer); a body declared longer than the limit
/// plus [`DRAIN_LIMIT`] is answered at once.
const DRAIN_FRAMES: usize = 4096;

/// The request body failed (the connection broke): its own error stays out of the reply.
#[derive(Debug)]
struct BodyFailed;

impl core::fmt::Display for BodyFailed {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the request body failed")
    }
}

impl std::error::Error for BodyFailed {}

/// Reads the start of a body, at most `limit` bytes or until `done` says enough, returning
/// what was read and whether the body ended.
async fn read_ahead<B>(
    body: &mut Pin<Box<B>>,
    limit: usize,
    mut done: impl FnMut(&[u8]) -> bool,
) -> (Bytes, bool)
where
    B: Body,
    B::Data: Buf,
{
    let mut head = Gathered::default();
    while head.as_slice().len() < limit {
        match body.frame().await {
            None | Some(Err(_)) => return (head.into_bytes(), true),
            Some(Ok(frame)) => {
                let Ok(data) = frame.into_data() else {
                    continue;
                };
                head.push(data);
                if done(head.as_slice()) {
                    break;
                }
            }
        }
    }
    (head.into_bytes(), false)
}

/// The inner service's response, as the client gets it: a plain-text rejection becomes a
/// JSON-RPC error with its status; a JSON-RPC error of [`BAD_REQUEST_CODES`] gets 400.
async fn rewrite<ResBody>(
    response: Response<ResBody>,
    config: &Config,
    mut seen: Seen,
) -> Response<LayerBody<ResBody>>
where
    ResBody: Body,
    ResBody::Data: Buf,
{
    let status = response.status();
    if status.is_client_error()
        || status.is_server_error()
        || (seen.partial && status != StatusCode::OK)
    {
        // A body passed on unchecked and refused (or, read in part, answered as anything but
        // a request): the refusal the layer would have made before the call, else its id for
        // the reply.
        if let Some(refusal) = seen.check_unchecked(config.max_depth) {
            return refused(refusal);
        }
    }
    // Read before the response is taken apart, without an owned copy of the header.
    let media = media_type(response.headers().get(header::CONTENT_TYPE)).unwrap_or("");
    let json = media.eq_ignore_ascii_case("application/json");
    let event_stream = media.eq_ignore_ascii_case("text/event-stream");
    if !json {
        // Only an error status or a JSON answer says the body was refused: an event stream
        // starts once the body was read as a message. The kept bytes go now, not after the
        // first event (for a tool call, its result).
        seen.unchecked = None;
    }
    let (mut parts, body) = response.into_parts();
    let mut body = Box::pin(body);
    if status.is_client_error() || status.is_server_error() {
        if json {
            return Response::from_parts(parts, LayerBody::prefixed(Bytes::new(), body));
        }
        let (text, _) = read_ahead(&mut body, LOG_LIMIT, |_| false).await;
        drop(body);
        let reason = String::from_utf8_lossy(&text[..text.len().min(LOG_LIMIT)]).into_owned();
        let (status, entry, message, extra) = plain_rejection(status, config, &seen);
        let rejection = Rejection {
            entry,
            retry_after: None,
        };
        let bytes = reply::reject(
            &rejection,
            message,
            &seen.id,
            extra,
            status.as_u16(),
            &reason,
        );
        parts.status = status;
        parts.headers.remove(header::CONTENT_LENGTH);
        parts.headers.remove(header::TRANSFER_ENCODING);
        parts.headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        return Response::from_parts(parts, LayerBody::full(bytes));
    }
    if status != StatusCode::OK || !(seen.request || seen.unchecked.is_some()) {
        return Response::from_parts(parts, LayerBody::prefixed(Bytes::new(), body));
    }
    if json {
        let (head, ended) = read_ahead(&mut body, PEEK_LIMIT, |_| false).await;
        if ended && let Some(code) = error_code(&head) {
            if let Some(refusal) = refused_unchecked(code, &mut seen, config) {
                return refused(refusal);
            }
            if seen.request
                && config.error_status == ErrorStatus::BadRequest
                && is_bad_request_code(code)
            {
                parts.status = StatusCode::BAD_REQUEST;
            }
        }
        return Response::from_parts(parts, LayerBody::prefixed(head, body));
    }
    if event_stream && config.event_stream_status {
        let mut first = FirstEvent::Pending;
        let (head, _) = read_ahead(&mut body, PEEK_LIMIT, |head| {
            first = first_event_data(head);
            first != FirstEvent::Pending
        })
        .await;
        if let FirstEvent::Data(data) = first
            && seen.request
            && config.error_status == ErrorStatus::BadRequest
            && error_code(data.as_bytes()).is_some_and(is_bad_request_code)
        {
            drop(body);
            parts.status = StatusCode::BAD_REQUEST;
            parts.headers.remove(header::CONTENT_LENGTH);
            parts.headers.remove(header::CACHE_CONTROL);
            parts.headers.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            return Response::from_parts(parts, LayerBody::full(data));
        }
        return Response::from_parts(parts, LayerBody::prefixed(head, body));
    }
    Response::from_parts(parts, LayerBody::prefixed(Bytes::new(), body))
}

/// The status, row, message and extra `data` of a plain-text rejection of the inner service.
fn plain_rejection(
    status: StatusCode,
    config: &Config,
    seen: &Seen,
) -> (
    StatusCode,
    &'static crate::ErrorEntry,
    &'static str,
    Map<String, Value>,
) {
    let mut extra = Map::new();
    let (status, message) = match status {
        StatusCode::PAYLOAD_TOO_LARGE => {
            extra.insert("maxBodyBytes".into(), config.max_body_bytes.into());
            (
                status,
                "Payload Too Large: the request body exceeds the server's limit",
            )
        }
        // A JSON body the layer validated and the inner service still could not read: a
        // JSON-RPC message of a shape it does not accept.
        StatusCode::UNSUPPORTED_MEDIA_TYPE if seen.json_post => (
            StatusCode::BAD_REQUEST,
            "Invalid Request: not a message this server accepts",
        ),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => (
            status,
            "Unsupported Media Type: send Content-Type: application/json",
        ),
        StatusCode::NOT_ACCEPTABLE => (
            status,
            "Not Acceptable: accept both application/json and text/event-stream",
        ),
        StatusCode::UNAUTHORIZED => (status, "Unauthorized"),
        StatusCode::FORBIDDEN => (status, "Forbidden"),
        StatusCode::NOT_FOUND => (status, "Not Found"),
        StatusCode::METHOD_NOT_ALLOWED => (status, "Method Not Allowed"),
        StatusCode::CONFLICT => (status, "Conflict"),
        s if s.is_server_error() => {
            return (status, &reply::INTERNAL_ERROR, "Internal error", extra);
        }
        _ => (status, "Invalid Request"),
    };
    (status, &reply::INVALID_REQUEST, message, extra)
}

/// The code of `body` when it is a JSON-RPC error response whose code the layer acts on: one
/// of [`BAD_REQUEST_CODES`] (-3202x), or -32700 or -32600 (in a JSON answer: the inner
/// service refused a body the layer passed on unchecked). A body whose text has none of these numbers (every
/// successful answer) is not parsed.
fn error_code(body: &[u8]) -> Option<i64> {
    let named = memchr::memmem::find_iter(body, b"-32").any(|at| {
        let rest = &body[at + 3..];
        rest.starts_with(b"02") || rest.starts_with(b"700") || rest.starts_with(b"600")
    });
    if !named {
        return None;
    }
    let value = serde_json::from_slice::<Value>(body).ok()?;
    value.get("error")?.get("code")?.as_i64()
}

/// Whether a code goes out with HTTP 400 ([`BAD_REQUEST_CODES`]).
fn is_bad_request_code(code: i64) -> bool {
    BAD_REQUEST_CODES.iter().any(|&c| i64::from(c) == code)
}

/// The layer's own refusal of a body it passed on unchecked, when the inner service answered
/// it with a parse or invalid-request error and the full check refuses it too.
fn refused_unchecked(code: i64, seen: &mut Seen, config: &Config) -> Option<Refusal> {
    let refusal_codes = [crate::jsonrpc::PARSE_ERROR, crate::jsonrpc::INVALID_REQUEST];
    if !refusal_codes.iter().any(|&c| i64::from(c) == code) {
        return None;
    }
    seen.check_unchecked(config.max_depth)
}

/// The data of the first complete server-sent event of `stream` that has data.
#[derive(Debug, PartialEq)]
enum FirstEvent {
    /// No complete event with data yet.
    Pending,
    /// Its data.
    Data(String),
    /// It is not UTF-8.
    NotText,
}

fn first_event_data(stream: &[u8]) -> FirstEvent {
    let mut rest = stream;
    loop {
        // An event ends at a blank line ("\n\n", "\r\n\r\n", or "\r\r").
        let Some(end) = find_event_end(rest) else {
            return FirstEvent::Pending;
        };
        let (event, after) = (&rest[..end.0], &rest[end.1..]);
        let Ok(event) = core::str::from_utf8(event) else {
            return FirstEvent::NotText;
        };
        let mut data = String::new();
        let mut any = false;
        for line in event.split(['\n', '\r']) {
            if let Some(value) = line.strip_prefix("data:") {
                if any {
                    data.push('\n');
                }
                data.push_str(value.strip_prefix(' ').unwrap_or(value));
                any = true;
            }
        }
        if any && !data.trim().is_empty() {
            return FirstEvent::Data(data);
        }
        rest = after;
    }
}

/// The end of the first event in `stream`: (where its text ends, where the next begins).
fn find_event_end(stream: &[u8]) -> Option<(usize, usize)> {
    let mut i = 0;
    while i + 1 < stream.len() {
        match (stream[i], stream[i + 1]) {
            (b'\n', b'\n') | (b'\r', b'\r') => return Some((i, i + 2)),
            (b'\r', b'\n') if stream[i + 2..].starts_with(b"\r\n") => return Some((i, i + 4)),
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events() {
        assert_eq!(first_event_data(b"id: 1\ndata: {}\n"), FirstEvent::Pending);
        assert_eq!(
            first_event_data(b"id: 0\nretry: 3000\ndata:\n\nid: 1\ndata: {\"a\":1}\n\n"),
            FirstEvent::Data("{\"a\":1}".into())
        );
        assert_eq!(
            first_event_data(b": keep-alive\r\n\r\ndata: x\r\n\r\n"),
            FirstEvent::Data("x".into())
        );
        assert_eq!(
            error_code(br#"{"jsonrpc":"2.0","id":1,"error":{"code":-32021,"message":"m"}}"#),
            Some(-32021)
        );
        assert_eq!(
            error_code(br#"{"jsonrpc":"2.0","id":1,"error":{"code":-32700,"message":"m"}}"#),
            Some(-32700)
        );
        assert_eq!(
            error_code(br#"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"m"}}"#),
            None
        );
        assert_eq!(
            error_code(br#"{"jsonrpc":"2.0","id":1,"result":{"n":-32021}}"#),
            None
        );
    }
}
