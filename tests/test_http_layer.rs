//! The `http` feature's layers as tower services, in process: `HttpErrorLayer` in front of a
//! mock of rmcp's Streamable HTTP service (its plain-text rejections, its JSON and event-stream
//! answers), and `RateLimitLayer`. The whole HTTP stack against the example server is
//! `.ci/hostile_http.py`.
//!
//! One test checks the process-wide counters (`sys/errorStats`), so every reply the layers
//! write is made there (the chunked-body and limiter checks are called from it, in order);
//! the other tests write no reply of the layers' own.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http::{Request, Response, StatusCode, header};
use http_body_util::{BodyExt, Full};
use mcp_errors::http::{ErrorStatus, HttpErrorLayer, LayerBody, RateLimitLayer};
use mcp_errors::metrics::MetricsConfig;
use serde_json::{Value, json};
use tower_layer::Layer;
use tower_service::Service;

/// A stand-in for rmcp's service: what it answers depends on the `x-mock` header; without
/// one it echoes the body it received as a JSON 200 when the body is JSON (or the request is
/// not a POST), and refuses it as rmcp does (415, the parser's text) when it is not. With `x-mock: jsonrpc-parse-error` it
/// answers a body that is not JSON as JSON-RPC servers other than rmcp do: 200 and a -32700
/// error carrying the parser's text; with `x-mock: unparsed` it echoes any body; with
/// `x-mock: accepted` it answers 202 with no body, as rmcp does a response or a notification;
/// with `x-mock: strict` it reads the body as rmcp's message types do (a repeated `jsonrpc`,
/// `id` or `method` is refused: 415).
#[derive(Clone)]
struct Mock;

/// A request as a derived `Deserialize` reads it: a repeated member is an error.
#[derive(serde::Deserialize)]
struct StrictRequest {
    #[serde(rename = "jsonrpc")]
    _jsonrpc: Value,
    #[serde(rename = "id")]
    _id: Value,
    #[serde(rename = "method")]
    _method: Value,
    #[serde(flatten)]
    _rest: serde_json::Map<String, Value>,
}

const SSE_OK: &str =
    "data: \nid: 0\nretry: 3000\n\nid: 1\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n";

impl<B> Service<Request<B>> for Mock
where
    B: hyper::body::Body<Data = Bytes> + Send + 'static,
    B::Error: std::fmt::Debug,
{
    type Response = Response<Full<Bytes>>;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Infallible>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let mode = request
            .headers()
            .get("x-mock")
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default();
        let post = request.method() == http::Method::POST;
        Box::pin(async move {
            let text = |status: u16, text: &'static str| {
                Response::builder()
                    .status(status)
                    .header(header::CONTENT_TYPE, "text/plain; charset=utf-8")
                    .body(Full::new(Bytes::from(text)))
                    .unwrap()
            };
            let typed = |status: u16, media: &str, body: String| {
                Response::builder()
                    .status(status)
                    .header(header::CONTENT_TYPE, media)
                    .body(Full::new(Bytes::from(body)))
                    .unwrap()
            };
            let error = |code: i32| {
                json!({"jsonrpc": "2.0", "id": 1, "error": {"code": code, "message": "m"}})
                    .to_string()
            };
            Ok(match mode.as_str() {
                "text-415" => text(
                    415,
                    "fail to deserialize request body key must be a string at line 1 column 2",
                ),
                "text-406" => text(406, "Not Acceptable: Client must accept both"),
                "text-413" => text(413, "Payload Too Large: request body exceeds 4194304 bytes"),
                "text-403" => text(403, "Forbidden: Host header is not allowed"),
                "text-500" => text(500, "internal: thread 'tokio' panicked at src/x.rs"),
                "json-400" => typed(400, "application/json", error(-32020)),
                "json-32021" => typed(200, "application/json", error(-32021)),
                "json-32602" => typed(200, "application/json", error(-32602)),
                "sse-32022" => typed(
                    200,
                    "text/event-stream",
                    format!(
                        "data: \nid: 0\nretry: 3000\n\nid: 1\ndata: {}\n\n",
                        error(-32022)
                    ),
                ),
                "sse-ok" => typed(200, "text/event-stream", SSE_OK.to_owned()),
                "accepted" => typed(202, "application/json", String::new()),
                "strict" => {
                    let body = request.into_body().collect().await.unwrap().to_bytes();
                    match serde_json::from_slice::<StrictRequest>(&body) {
                        Ok(_) => typed(
                            200,
                            "application/json",
                            String::from_utf8_lossy(&body).into(),
                        ),
                        Err(e) => typed(
                            415,
                            "text/plain; charset=utf-8",
                            format!("fail to deserialize request body {e}"),
                        ),
                    }
                }
                _ => {
                    let body = request.into_body().collect().await.unwrap().to_bytes();
                    let parsed = if post && mode != "unparsed" {
                        serde_json::from_slice::<Value>(&body).map(drop)
                    } else {
                        Ok(())
                    };
                    if let Err(e) = parsed {
                        return Ok(if mode == "jsonrpc-parse-error" {
                            let error = json!({"jsonrpc": "2.0", "id": null, "error": {
                                "code": -32700, "message": format!("Parse error: {e}")}});
                            typed(200, "application/json", error.to_string())
                        } else {
                            let text = format!("fail to deserialize request body {e}");
                            typed(415, "text/plain; charset=utf-8", text)
                        });
                    }
                    Response::builder()
                        .header(header::CONTENT_TYPE, "application/json")
                        .body(Full::new(body))
                        .unwrap()
                }
            })
        })
    }
}

/// The body limit of [`layered`]: room for 100,000 levels of nesting.
const LIMIT: usize = 256 * 1024;

const ACCEPT: &str = "application/json, text/event-stream";
const PING: &str = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;

fn post() -> http::request::Builder {
    Request::post("/mcp")
        .header(header::ACCEPT, ACCEPT)
        .header(header::CONTENT_TYPE, "application/json")
}

fn request(body: impl Into<Bytes>, mock: &str) -> Request<Full<Bytes>> {
    let body = body.into();
    post().header("x-mock", mock).body(Full::new(body)).unwrap()
}

type Body = LayerBody<Full<Bytes>>;

async fn send<S>(
    service: &mut S,
    request: Request<Full<Bytes>>,
) -> (StatusCode, http::HeaderMap, Bytes)
where
    S: Service<Request<Full<Bytes>>, Response = Response<Body>, Error = Infallible>,
{
    let response = service.call(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes();
    (parts.status, parts.headers, bytes)
}

fn layered()
-> impl Service<Request<Full<Bytes>>, Response = Response<Body>, Error = Infallible> + Clone {
    HttpErrorLayer::new()
        .max_body_bytes(LIMIT)
        .max_depth(32)
        .protocol_versions(["2025-06-18", "2025-11-25"])
        .layer(Mock)
}

/// The body is a JSON-RPC error with `code` and `id` (`null` unless the request's id could be
/// read), with no trace of the inner service's or the parser's text.
fn assert_rejection(body: &Bytes, code: i32, id: &Value) -> Value {
    let text = std::str::from_utf8(body).unwrap();
    for leak in [
        "line 1",
        "column",
        "deserialize",
        "panicked",
        ".rs",
        "4194304",
        "Host header",
    ] {
        assert!(!text.contains(leak), "{leak:?} leaks in {text}");
    }
    let value: Value = serde_json::from_str(text).unwrap();
    assert_eq!(value["jsonrpc"], "2.0", "{value}");
    assert_eq!(&value["id"], id, "{value}");
    assert_eq!(value["error"]["code"], code, "{value}");
    assert_eq!(value["error"]["data"]["domain"], "jsonrpc", "{value}");
    value
}

/// (what, request, status, code) of every rejection the layer answers.
fn rejections() -> Vec<(&'static str, Request<Full<Bytes>>, u16, i32)> {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    vec![
        ("not JSON", request("{not json", ""), 400, -32700),
        ("100,000 deep", request(deep.clone(), ""), 400, -32700),
        (
            "33 deep, over the limit of 32",
            request(
                format!("{{\"a\":{}1{}}}", "[".repeat(32), "]".repeat(32)),
                "",
            ),
            400,
            -32700,
        ),
        (
            "truncated",
            request(r#"{"jsonrpc":"2.0","id":1,"method":"#, ""),
            400,
            -32700,
        ),
        (
            "invalid UTF-8",
            request(
                &b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\xff\"}"[..],
                "",
            ),
            400,
            -32700,
        ),
        (
            "invalid UTF-8, inner 200 with its own -32700",
            request(
                &b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"x\":\"\xc3\x28\"}}"
                    [..],
                "jsonrpc-parse-error",
            ),
            400,
            -32700,
        ),
        (
            "a broken value inside a message's outline (inner 415)",
            request(
                r#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":[1,]}}"#,
                "",
            ),
            400,
            -32700,
        ),
        ("\"hello\"", request("\"hello\"", ""), 400, -32600),
        ("a batch", request(format!("[{PING}]"), ""), 400, -32600),
        (
            "jsonrpc 1.0",
            request(r#"{"jsonrpc":"1.0","method":"ping"}"#, ""),
            400,
            -32600,
        ),
        (
            "over the limit",
            request(format!("{{\"x\":\"{}\"}}", "a".repeat(LIMIT)), ""),
            413,
            -32600,
        ),
        (
            "inner 415 to a JSON body",
            request(PING, "text-415"),
            400,
            -32600,
        ),
        ("inner 406", request(PING, "text-406"), 406, -32600),
        ("inner 413", request(PING, "text-413"), 413, -32600),
        ("inner 403", request(PING, "text-403"), 403, -32600),
        ("inner 500", request(PING, "text-500"), 500, -32603),
        (
            "Content-Type text/plain (inner 415)",
            Request::post("/mcp")
                .header(header::ACCEPT, ACCEPT)
                .header(header::CONTENT_TYPE, "text/plain")
                .header("x-mock", "text-415")
                .body(Full::new(Bytes::from("{not json")))
                .unwrap(),
            415,
            -32600,
        ),
        (
            "unsupported MCP-Protocol-Version",
            Request::post("/mcp")
                .header(header::ACCEPT, ACCEPT)
                .header(header::CONTENT_TYPE, "application/json")
                .header("mcp-protocol-version", "1999-01-01")
                .body(Full::new(Bytes::from(PING)))
                .unwrap(),
            400,
            -32022,
        ),
    ]
}

#[tokio::test]
async fn every_rejection_is_a_counted_json_rpc_error() {
    // The only test of this binary that writes replies: the counts below are exact.
    let stats = mcp_errors::metrics::init_global(MetricsConfig::enabled())
        .unwrap_or_else(|already| already);
    let mut service = layered();
    let cases = rejections();
    let count = cases.len();
    for (name, request, status, code) in cases {
        // The JSON requests that pass the layer's own checks (the inner service's rejections,
        // and the version header's) are PING, whose id 1 their reply echoes; every other body
        // is refused before its id can be read, or has none.
        let readable = request.headers()[header::CONTENT_TYPE] == "application/json"
            && (request.headers().contains_key("mcp-protocol-version")
                || request
                    .headers()
                    .get("x-mock")
                    .is_some_and(|m| m.as_bytes().starts_with(b"text-")));
        let id = if readable { json!(1) } else { Value::Null };
        let (got, headers, body) = send(&mut service, request).await;
        assert_eq!(got.as_u16(), status, "{name}: {body:?}");
        assert_eq!(headers[header::CONTENT_TYPE], "application/json", "{name}");
        let value = assert_rejection(&body, code, &id);
        if code == -32700 {
            // The layer's words, never the inner service's parser's.
            assert_eq!(value["error"]["message"], "Parse error", "{name}");
        }
        if status == 413 {
            assert_eq!(value["error"]["data"]["maxBodyBytes"], LIMIT, "{name}");
        }
        if code == -32022 {
            assert_eq!(value["error"]["data"]["requested"], "1999-01-01");
            assert_eq!(
                value["error"]["data"]["supported"],
                json!(["2025-06-18", "2025-11-25"])
            );
        }
    }
    chunked_and_slow_bodies_are_read_whole_and_bounded().await;
    the_limiter_answers_429_with_the_retry_contract().await;
    the_compatible_status_sends_them_with_200().await;
    a_request_read_in_part_is_refused_as_before().await;
    let snapshot = stats.snapshot();
    assert_eq!(snapshot.total, count as u64 + 4 + 4, "{snapshot:?}");
    assert_eq!(snapshot.by_symbol["PARSE_ERROR"], 7 + 1 + 2);
    assert_eq!(snapshot.by_symbol["INVALID_REQUEST"], 9 + 1 + 2);
    assert_eq!(snapshot.by_symbol["INTERNAL_ERROR"], 1);
    assert_eq!(snapshot.by_symbol["UNSUPPORTED_PROTOCOL_VERSION"], 1 + 1);
    assert_eq!(snapshot.by_symbol["RATE_LIMITED"], 1);
    assert_eq!(snapshot.by_domain["jsonrpc"], count as u64 + 4 + 4);
}

/// At the default nesting limit the layer reads a request only to its `jsonrpc`, `id` and
/// `method`; what follows is the inner service's parser's to refuse, and the layer still
/// answers as its full check would have before the call: the inner service's refusal (415),
/// and an answer other than 200 (rmcp 0.8 to 2.x read a `result` and a repeated `method` as
/// a response: 202). 4 rejections: 2 -32700, 2 -32600.
async fn a_request_read_in_part_is_refused_as_before() {
    let mut service = HttpErrorLayer::new().layer(Mock);
    let deep = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"m","params":{}{}}}"#,
        "[".repeat(500),
        "]".repeat(500)
    );
    let cases = [
        (
            r#"{"jsonrpc":"2.0","id":1,"method":"ping","result":{},"method":5}"#.to_owned(),
            "accepted",
            -32600,
            json!(1),
        ),
        (
            r#"{"jsonrpc":"2.0","id":1,"method":"ping","jsonrpc":"1.0"}"#.to_owned(),
            "strict",
            -32600,
            json!(1),
        ),
        (deep, "", -32700, Value::Null),
        (format!("{PING} {PING}"), "", -32700, Value::Null),
    ];
    for (body, mock, code, id) in cases {
        let (status, _, reply) = send(&mut service, request(body.clone(), mock)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_rejection(&reply, code, &id);
    }
    // A body the full check accepts keeps the inner service's answer, 202 or 415.
    let repeated_id = r#"{"jsonrpc":"2.0","id":1,"method":"ping","id":2}"#;
    let (status, _, reply) = send(&mut service, request(repeated_id, "accepted")).await;
    assert_eq!((status, &reply[..]), (StatusCode::ACCEPTED, &b""[..]));
}

/// `ErrorStatus::Ok`: -32020..-32022 go out with 200, as the inner service wrote them, and the
/// layer's own -32022 too (1 reply of the layer's own, counted).
async fn the_compatible_status_sends_them_with_200() {
    let mut service = HttpErrorLayer::new()
        .protocol_versions(["2025-11-25"])
        .error_status(ErrorStatus::Ok)
        .layer(Mock);
    let (status, _, body) = send(&mut service, request(PING, "json-32021")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        serde_json::from_slice::<Value>(&body).unwrap()["error"]["code"],
        -32021
    );
    // The event stream is passed on byte for byte, with its 200.
    let (status, headers, body) = send(&mut service, request(PING, "sse-32022")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "text/event-stream");
    assert!(std::str::from_utf8(&body).unwrap().contains("-32022"));
    let version = post()
        .header("mcp-protocol-version", "1999-01-01")
        .body(Full::new(Bytes::from(PING)))
        .unwrap();
    let (status, headers, body) = send(&mut service, version).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "application/json");
    assert_rejection(&body, -32022, &json!(1));
    // The inner service's own 4xx keep their status whatever the setting.
    let (status, _, _) = send(&mut service, request(PING, "json-400")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn valid_messages_reach_the_inner_service_unchanged() {
    let mut service = layered();
    for body in [
        PING.to_owned(),
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.to_owned(),
        r#"{"jsonrpc":"2.0","id":"r","result":{}}"#.to_owned(),
        format!(
            r#"{{"jsonrpc":"2.0","id":2,"method":"x","params":{{"a":{}1{}}}}}"#,
            "[".repeat(29),
            "]".repeat(29)
        ),
        // A supported header, and an unknown one on a request naming its own revision.
        PING.to_owned(),
    ] {
        let (status, _, echoed) = send(&mut service, request(body.clone(), "")).await;
        assert_eq!((status, &echoed[..]), (StatusCode::OK, body.as_bytes()));
    }
    let with_meta = r#"{"jsonrpc":"2.0","id":3,"method":"x","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01"}}}"#;
    let request = post()
        .header("mcp-protocol-version", "2099-01-01")
        .body(Full::new(Bytes::from(with_meta)))
        .unwrap();
    let (status, _, echoed) = send(&mut service, request).await;
    assert_eq!(
        (status, &echoed[..]),
        (StatusCode::OK, with_meta.as_bytes())
    );
    // A body shaped like a message goes on unparsed: the inner service's parser judges what
    // is inside (rmcp refuses it, and the layer words that refusal: the rejections above).
    let broken = r#"{"jsonrpc":"2.0","id":4,"method":"m","params":{"a":[1,]}}"#;
    let unparsed = post()
        .header("x-mock", "unparsed")
        .body(Full::new(Bytes::from(broken)))
        .unwrap();
    let (status, _, echoed) = send(&mut service, unparsed).await;
    assert_eq!((status, &echoed[..]), (StatusCode::OK, broken.as_bytes()));
    // A GET passes through unread.
    let get = Request::get("/mcp")
        .header(header::ACCEPT, ACCEPT)
        .body(Full::new(Bytes::new()))
        .unwrap();
    let (status, _, _) = send(&mut service, get).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn the_specification_s_codes_go_out_with_400() {
    // The default, and the same when chosen.
    assert_eq!(ErrorStatus::default(), ErrorStatus::BadRequest);
    let mut chosen = HttpErrorLayer::new()
        .error_status(ErrorStatus::BadRequest)
        .layer(Mock);
    let (status, _, _) = send(&mut chosen, request(PING, "json-32021")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let mut service = layered();
    let (status, headers, body) = send(&mut service, request(PING, "json-32021")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(headers[header::CONTENT_TYPE], "application/json");
    assert_eq!(
        serde_json::from_slice::<Value>(&body).unwrap()["error"]["code"],
        -32021
    );
    // The first event of an event stream: answered as one JSON body with 400.
    let (status, headers, body) = send(&mut service, request(PING, "sse-32022")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(headers[header::CONTENT_TYPE], "application/json");
    let value: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(
        (value["id"].clone(), value["error"]["code"].clone()),
        (json!(1), json!(-32022))
    );
    // Other errors and results keep 200, and the stream is passed on byte for byte.
    let (status, _, _) = send(&mut service, request(PING, "json-32602")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, headers, body) = send(&mut service, request(PING, "sse-ok")).await;
    assert_eq!((status, &body[..]), (StatusCode::OK, SSE_OK.as_bytes()));
    assert_eq!(headers[header::CONTENT_TYPE], "text/event-stream");
    // Without reading event streams ahead, the stream goes out as it is.
    let mut streaming = HttpErrorLayer::new().event_stream_status(false).layer(Mock);
    let (status, headers, _) = send(&mut streaming, request(PING, "sse-32022")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "text/event-stream");
    // The inner service's own JSON errors are left as they are.
    let (status, _, body) = send(&mut service, request(PING, "json-400")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(serde_json::from_slice::<Value>(&body).unwrap()["id"], 1);
}

/// Chunked and slow bodies (2 rejections: 413, -32700).
async fn chunked_and_slow_bodies_are_read_whole_and_bounded() {
    use http_body_util::channel::Channel;
    let service = HttpErrorLayer::new().max_body_bytes(1024).layer(Mock);

    let send_chunks = |chunks: Vec<Vec<u8>>, pause: Duration| {
        let mut service = service.clone();
        async move {
            let (mut tx, body) = Channel::<Bytes, Infallible>::new(1);
            tokio::spawn(async move {
                for chunk in chunks {
                    tokio::time::sleep(pause).await;
                    if tx.send_data(Bytes::from(chunk)).await.is_err() {
                        break;
                    }
                }
            });
            let request = post().body(body).unwrap();
            let response = service.call(request).await.unwrap();
            let (parts, body) = response.into_parts();
            (parts.status, body.collect().await.unwrap().to_bytes())
        }
    };
    // A valid message in one-byte chunks, 5 ms apart.
    let chunks = PING.bytes().map(|b| vec![b]).collect();
    let (status, body) = send_chunks(chunks, Duration::from_millis(5)).await;
    assert_eq!((status, &body[..]), (StatusCode::OK, PING.as_bytes()));
    // 10 chunks of 1000 bytes: over the limit without a Content-Length.
    let (status, body) = send_chunks(vec![vec![b' '; 1000]; 10], Duration::ZERO).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    let value: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(value["error"]["data"]["maxBodyBytes"], 1024);
    // UTF-8 split across chunks is still UTF-8; a valid prefix then invalid bytes is not.
    let text = r#"{"jsonrpc":"2.0","id":1,"method":"ping","x":"é"}"#
        .as_bytes()
        .to_vec();
    let (a, b) = text.split_at(text.len() - 4);
    let (status, _) = send_chunks(vec![a.to_vec(), b.to_vec()], Duration::ZERO).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = send_chunks(
        vec![a[..a.len() - 1].to_vec(), b"\xc3\x28\"}".to_vec()],
        Duration::ZERO,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        serde_json::from_slice::<Value>(&body).unwrap()["error"]["code"],
        -32700
    );
}

/// The limiter (1 rejection).
async fn the_limiter_answers_429_with_the_retry_contract() {
    let mut service = RateLimitLayer::new(2, Duration::from_secs(10)).layer(Mock);
    // Requests without a session or a peer address share one bucket.
    for _ in 0..2 {
        let response = service.call(request(PING, "")).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
    }
    let response = service.call(request(PING, "")).await.unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let (parts, body) = response.into_parts();
    let body: Value = serde_json::from_slice(&body.collect().await.unwrap().to_bytes()).unwrap();
    // One token every 5 s: the wait is just under 5 s, so Retry-After says 5.
    let retry_after = parts.headers[header::RETRY_AFTER].to_str().unwrap();
    assert_eq!(retry_after, "5");
    let ms = body["error"]["data"]["retryAfterMs"].as_u64().unwrap();
    assert!((4900..=5000).contains(&ms), "{ms}");
    assert_eq!(ms.div_ceil(1000).to_string(), retry_after);
    assert_eq!(body["id"], Value::Null);
    assert_eq!(body["error"]["code"], RateLimitLayer::LEGACY_CODE);
    assert_eq!(body["error"]["data"]["retryable"], true);
    assert_eq!(body["error"]["data"]["symbol"], "RATE_LIMITED");
    // Every channel of the retry contract decodes to the same delay.
    let delay = Duration::from_millis(ms);
    assert_eq!(
        parts
            .headers
            .get(header::RETRY_AFTER)
            .and_then(mcp_errors::retry::retry_after_header),
        Some(Duration::from_secs(5))
    );
    assert_eq!(
        mcp_errors::retry::message_retry_after(&body, Some(retry_after)),
        Some(delay)
    );
    let object: mcp_errors::ErrorObject = serde_json::from_value(body["error"].clone()).unwrap();
    assert_eq!(object.retry_after(), Some(delay));
    assert!(object.is_retryable());
}

#[test]
fn the_layers_rows_are_protocol_error_s() {
    use mcp_errors::{ErrorCatalog, ProtocolError};
    // Core cannot name the facade's enum: its rows for the same codes must agree.
    let mut tied = 0;
    for own in mcp_errors::http::ENTRIES.iter().copied() {
        let Some(protocol) = ProtocolError::entry_by_code(own.code) else {
            assert_eq!(own.symbol, "RATE_LIMITED", "{own:?}");
            continue;
        };
        assert_eq!(
            (
                protocol.code,
                protocol.symbol,
                protocol.domain,
                protocol.kind,
                protocol.retryable
            ),
            (own.code, own.symbol, own.domain, own.kind, own.retryable)
        );
        tied += 1;
    }
    assert_eq!(tied, 4);
}
