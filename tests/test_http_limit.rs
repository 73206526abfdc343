//! `RateLimitLayer` per client, in process: a client that floods cannot take another's
//! budget, requests without a session fall back to the peer address, a flood of distinct keys
//! keeps the table within its cap, and SEP-3304's code is one limiter's choice. (A binary of
//! its own: its 429s are counted, and `test_http_layer.rs` checks exact counts.)

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http::{Request, Response, StatusCode, header};
use http_body_util::Full;
use mcp_errors::http::{LayerBody, RateLimitLayer};
use tower_layer::Layer;
use tower_service::Service;

/// The inner service: 200 with an empty JSON object.
#[derive(Clone)]
struct Ok200;

impl<B: Send + 'static> Service<Request<B>> for Ok200 {
    type Response = Response<Full<Bytes>>;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Infallible>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, _: Request<B>) -> Self::Future {
        Box::pin(async { Ok(Response::new(Full::new(Bytes::from_static(b"{}")))) })
    }
}

type Body = LayerBody<Full<Bytes>>;

const PING: &str = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;

fn ping() -> Request<Full<Bytes>> {
    Request::post("/mcp")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Full::new(Bytes::from(PING)))
        .unwrap()
}

fn post() -> http::request::Builder {
    Request::post("/mcp").header(header::CONTENT_TYPE, "application/json")
}

fn in_session(id: &str) -> Request<Full<Bytes>> {
    post()
        .header("mcp-session-id", id)
        .body(Full::new(Bytes::from(PING)))
        .unwrap()
}

fn from_peer(peer: &str) -> Request<Full<Bytes>> {
    let mut request = ping();
    request
        .extensions_mut()
        .insert(peer.parse::<std::net::SocketAddr>().unwrap());
    request
}

/// One client sends 50 times its quota; another, on the same address, stays within its
/// own and is never refused.
#[tokio::test]
async fn one_flooding_client_does_not_starve_another() {
    const QUOTA: u32 = 10;
    let limiter = RateLimitLayer::new(QUOTA, Duration::from_secs(3600));
    let mut service = limiter.layer(Ok200);
    let (mut flood_ok, mut flood_refused, mut polite_ok) = (0, 0, 0);
    for i in 0..50 * QUOTA {
        let mut request = in_session("flood");
        request
            .extensions_mut()
            .insert("127.0.0.1:1000".parse::<std::net::SocketAddr>().unwrap());
        match service.call(request).await.unwrap().status() {
            StatusCode::OK => flood_ok += 1,
            StatusCode::TOO_MANY_REQUESTS => flood_refused += 1,
            other => panic!("{other}"),
        }
        // The polite client's requests are spread through the flood.
        if i % 50 == 0 {
            let mut request = in_session("polite");
            request
                .extensions_mut()
                .insert("127.0.0.1:1001".parse::<std::net::SocketAddr>().unwrap());
            let status = service.call(request).await.unwrap().status();
            assert_eq!(status, StatusCode::OK, "the polite client's request {i}");
            polite_ok += 1;
        }
    }
    assert_eq!((flood_ok, flood_refused), (QUOTA, 49 * QUOTA));
    assert_eq!(polite_ok, QUOTA);
    assert_eq!(limiter.keys_held(), 2);
}

/// Without a session the peer's IP is the client; peer keys and the shared bucket of
/// requests with no key at all are budgets of their own.
#[tokio::test]
async fn requests_without_a_session_fall_back_to_the_peer_address() {
    let limiter = RateLimitLayer::new(1, Duration::from_secs(3600));
    let mut service = limiter.layer(Ok200);
    let status = |response: Response<Body>| response.status();
    assert_eq!(
        status(service.call(from_peer("10.0.0.1:1")).await.unwrap()),
        StatusCode::OK
    );
    // Another connection of the same address: the same client.
    assert_eq!(
        status(service.call(from_peer("10.0.0.1:2")).await.unwrap()),
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        status(service.call(from_peer("10.0.0.2:1")).await.unwrap()),
        StatusCode::OK
    );
    // Per peer, the session is not looked at.
    let mut per_peer = limiter.clone().per_peer().layer(Ok200);
    let mut request = in_session("s");
    request
        .extensions_mut()
        .insert("10.0.0.3:1".parse::<std::net::SocketAddr>().unwrap());
    assert_eq!(
        status(per_peer.call(request).await.unwrap()),
        StatusCode::OK
    );
    assert_eq!(
        status(per_peer.call(from_peer("10.0.0.3:9")).await.unwrap()),
        StatusCode::TOO_MANY_REQUESTS
    );
}

/// 100,000 distinct session ids: the limiter never holds more than its cap of keys, and a
/// client it held before the flood keeps its budget.
#[tokio::test]
async fn a_flood_of_distinct_keys_keeps_memory_bounded() {
    const CAP: usize = 1000;
    let limiter = RateLimitLayer::new(2, Duration::from_secs(3600)).max_keys(CAP);
    let mut service = limiter.layer(Ok200);
    assert_eq!(
        service.call(in_session("before")).await.unwrap().status(),
        StatusCode::OK
    );
    let mut most = 0;
    let mut refused = 0;
    for i in 0..100_000 {
        let response = service
            .call(in_session(&format!("flood-{i}")))
            .await
            .unwrap();
        if response.status() == StatusCode::TOO_MANY_REQUESTS {
            refused += 1;
        }
        most = most.max(limiter.keys_held());
    }
    assert_eq!(most, CAP);
    // Past the cap the new ids share one overflow bucket of 2 tokens.
    assert_eq!(refused, 100_000 - (CAP - 1) - 2);
    assert_eq!(
        service.call(in_session("before")).await.unwrap().status(),
        StatusCode::OK
    );
}

#[cfg(feature = "sep-3304")]
#[tokio::test]
async fn sep_3304_is_a_choice_of_the_limiter() {
    use http_body_util::BodyExt;
    let plain = RateLimitLayer::new(1, Duration::from_secs(3600));
    let chosen = plain.clone().sep_3304(true);
    assert_eq!(plain.code(), -32000);
    assert_eq!(chosen.code(), mcp_errors::jsonrpc::RATE_LIMITED);
    for (limiter, code) in [(plain, -32000), (chosen, -32023)] {
        let mut service = limiter.layer(Ok200);
        let _ = service.call(ping()).await.unwrap();
        let response = service.call(ping()).await.unwrap();
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        let body = response.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(
            serde_json::from_slice::<serde_json::Value>(&body).unwrap()["error"]["code"],
            code
        );
    }
}
