//! What `HttpErrorLayer` costs a successful call: rmcp's Streamable HTTP service answering
//! `tools/call`, with and without the layer in front, in the same run.
//!
//! ```sh
//! cargo bench --bench http_layer            # ROUNDS=15 rounds of CALLS=2000 calls per variant
//! cargo bench --bench http_layer -- --smoke # 2 rounds of 50 calls
//! ```
//!
//! The service is called in process (a tower `Service` call per request, its JSON answer read
//! whole), with no socket in between: the layer's cost is measured against rmcp's own work
//! alone, the least it can hide behind (over a socket the ratio is closer to 1). rmcp runs
//! stateless with JSON answers (no session, no event stream), the handler answers at once.
//! Two bodies: a small `tools/call` (arguments of a few fields) and one with 64 KiB of
//! arguments. The variants alternate call by call within each round (each call timed, so
//! that a shared machine's changing load weighs on both alike), and the figure is the median
//! of the per-round ratios: throughput with the layer / without.
//!
//! Prints two lines per body: `http layer, <body>: <with> calls/s with the layer, <without>
//! without: <ratio>x of the throughput`, and the layer's own time per call (in front of a
//! service that does nothing, the difference of the two times per call). Nothing is judged
//! against a goal.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use http::{Request, Response, header};
use http_body_util::{BodyExt, Full};
use mcp_errors::http::HttpErrorLayer;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{RoleServer, ServerHandler};
use tower_layer::Layer;
use tower_service::Service;

/// Answers every tool call at once with a short text.
#[derive(Clone)]
struct Echo;

impl ServerHandler for Echo {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::default()
    }

    async fn call_tool(
        &self,
        _request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        Ok(CallToolResponse::Complete(CallToolResult::success(vec![
            ContentBlock::text("ok"),
        ])))
    }
}

fn rmcp_service() -> StreamableHttpService<Echo, LocalSessionManager> {
    let mut config = StreamableHttpServerConfig::default();
    config.legacy_session_mode = false;
    config.json_response = true;
    StreamableHttpService::new(
        || Ok(Echo),
        Arc::new(LocalSessionManager::default()),
        config,
    )
}

/// A stand-in for rmcp that does no work: answers every request with the same JSON result,
/// so that the layer's own time per call shows.
#[derive(Clone)]
struct Fixed;

impl<B: Send + 'static> Service<Request<B>> for Fixed {
    type Response = Response<Full<Bytes>>;
    type Error = Infallible;
    type Future = std::future::Ready<Result<Response<Full<Bytes>>, Infallible>>;

    fn poll_ready(
        &mut self,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), Infallible>> {
        std::task::Poll::Ready(Ok(()))
    }

    fn call(&mut self, _: Request<B>) -> Self::Future {
        let mut response = Response::new(Full::new(Bytes::from_static(
            br#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"ok"}]}}"#,
        )));
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            http::HeaderValue::from_static("application/json"),
        );
        std::future::ready(Ok(response))
    }
}

fn call(body: &Bytes) -> Request<Full<Bytes>> {
    Request::post("/mcp")
        .header(header::HOST, "localhost")
        .header(header::ACCEPT, "application/json, text/event-stream")
        .header(header::CONTENT_TYPE, "application/json")
        .header("mcp-protocol-version", "2025-06-18")
        .body(Full::new(body.clone()))
        .unwrap()
}

/// Sends `calls` requests one after the other; returns calls per second.
async fn run<S, B>(service: &mut S, body: &Bytes, calls: u32) -> f64
where
    S: Service<Request<Full<Bytes>>, Response = Response<B>, Error = Infallible>,
    B: hyper::body::Body,
    B::Error: std::fmt::Debug,
{
    let mut took = Duration::ZERO;
    for _ in 0..calls {
        took += one(service, body).await;
    }
    f64::from(calls) / took.as_secs_f64()
}

/// One call, answered and read whole: how long it took.
async fn one<S, B>(service: &mut S, body: &Bytes) -> Duration
where
    S: Service<Request<Full<Bytes>>, Response = Response<B>, Error = Infallible>,
    B: hyper::body::Body,
    B::Error: std::fmt::Debug,
{
    let started = Instant::now();
    let response = service.call(call(body)).await.unwrap();
    assert_eq!(response.status(), 200);
    let answer = response.into_body().collect().await.unwrap().to_bytes();
    let took = started.elapsed();
    assert!(
        answer.starts_with(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\""),
        "{answer:?}"
    );
    took
}

/// `calls` calls to each service, interleaved call by call (a shared machine's load changes
/// then weigh on both alike); returns both throughputs, calls per second.
async fn paired<S, T, B, C>(a: &mut S, b: &mut T, body: &Bytes, calls: u32) -> (f64, f64)
where
    S: Service<Request<Full<Bytes>>, Response = Response<B>, Error = Infallible>,
    T: Service<Request<Full<Bytes>>, Response = Response<C>, Error = Infallible>,
    B: hyper::body::Body,
    B::Error: std::fmt::Debug,
    C: hyper::body::Body,
    C::Error: std::fmt::Debug,
{
    let (mut ta, mut tb) = (Duration::ZERO, Duration::ZERO);
    for n in 0..calls {
        if n % 2 == 0 {
            ta += one(a, body).await;
            tb += one(b, body).await;
        } else {
            tb += one(b, body).await;
            ta += one(a, body).await;
        }
    }
    let rate = |t: Duration| f64::from(calls) / t.as_secs_f64();
    (rate(ta), rate(tb))
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let smoke = std::env::args().any(|a| a == "--smoke");
    let env = |name: &str, default: u32| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (rounds, calls) = if smoke {
        (2, 50)
    } else {
        (env("ROUNDS", 15), env("CALLS", 2000))
    };
    let small = Bytes::from(
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"navigate","arguments":{"url":"https://example.com/","confirm":true,"timeoutMs":3000}}}"#,
    );
    let large = Bytes::from(format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"write_file","arguments":{{"path":"a.txt","lines":[{}]}}}}}}"#,
        vec![r#""0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde""#; 1000]
            .join(",")
    ));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        for (name, body) in [("small tools/call", &small), ("64 KiB tools/call", &large)] {
            let mut bare = rmcp_service();
            let mut layered = HttpErrorLayer::new().layer(rmcp_service());
            // Warm-up.
            run(&mut bare, body, calls / 10 + 1).await;
            run(&mut layered, body, calls / 10 + 1).await;
            let (mut with, mut without, mut ratios) = (vec![], vec![], vec![]);
            for _ in 0..rounds {
                let (w, wo) = paired(&mut layered, &mut bare, body, calls).await;
                with.push(w);
                without.push(wo);
                ratios.push(w / wo);
            }
            println!(
                "http layer, {name} ({} bytes): {:.0} calls/s with the layer, {:.0} without: {:.3}x of the throughput",
                body.len(),
                median(with),
                median(without),
                median(ratios)
            );
            // The layer's own time per call, in front of a service that does nothing.
            let mut fixed = Fixed;
            let mut fixed_layered = HttpErrorLayer::new().layer(Fixed);
            let (mut own, mut bare_us) = (vec![], vec![]);
            for _ in 0..rounds {
                let (layered, bare) = paired(&mut fixed_layered, &mut fixed, body, calls).await;
                own.push(1e6 / layered - 1e6 / bare);
                bare_us.push(1e6 / bare);
            }
            println!(
                "http layer, {name}: the layer's own time {:.1} us a call (a service doing nothing: {:.1} us)",
                median(own),
                median(bare_us)
            );
        }
    });
}
