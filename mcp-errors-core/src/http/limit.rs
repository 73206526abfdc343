//! [`RateLimitLayer`]: a token bucket in front of any HTTP service, answering 429 with
//! `Retry-After` and a JSON-RPC error that carries the same delay.

use core::task::{Context, Poll};
use core::time::Duration;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use http::{HeaderValue, Request, Response, StatusCode, header};
use http_body::Body;
use serde_json::{Map, Value};

use super::body::LayerBody;
use super::layer::{ResponseFuture, json_response};
use super::reply::{self, Rejection};

/// A tower [`Layer`](tower_layer::Layer) that admits at most `burst` requests at once and
/// refills one every `per / burst`, process-wide (every clone of the layer and of its
/// service shares the bucket). A request over the limit never reaches the inner service: it
/// gets the retry contract's HTTP form,
///
/// - status 429 Too Many Requests,
/// - `Retry-After: S`, whole seconds, `S = ceil(N / 1000)` and at least 1,
/// - a JSON-RPC error body (`"id": null`) with code [`RATE_LIMITED`](super::RATE_LIMITED)
///   (-32023 `RateLimited` of SEP-3304 with the `sep-3304` feature, else -32000), message
///   `"Rate limited"` and `data` `{"domain": "jsonrpc", "symbol": "RATE_LIMITED",
///   "retryable": true, "retryAfterMs": N}`,
///
/// where `N` is the wait until the bucket holds a token again, in whole milliseconds rounded
/// up. Each rejection is counted like any other error (`sys/errorStats`, the `metrics`
/// facade, `tracing`), under the row `RATE_LIMITED`.
///
/// ```
/// use std::time::Duration;
/// use mcp_errors_core::http::RateLimitLayer;
///
/// // 20 requests a second, in bursts of up to 20.
/// let limiter = RateLimitLayer::new(20, Duration::from_secs(1));
/// # let _ = limiter;
/// ```
#[derive(Clone, Debug)]
pub struct RateLimitLayer {
    bucket: Arc<Mutex<Bucket>>,
}

#[derive(Debug)]
struct Bucket {
    capacity: f64,
    /// Tokens per second.
    rate: f64,
    tokens: f64,
    updated: Instant,
}

impl RateLimitLayer {
    /// `burst` requests per `per`, in bursts of up to `burst` (a `burst` of 0 is taken as 1,
    /// a zero `per` as one nanosecond).
    pub fn new(burst: u32, per: Duration) -> RateLimitLayer {
        let capacity = f64::from(burst.max(1));
        let per = per.max(Duration::from_nanos(1)).as_secs_f64();
        RateLimitLayer {
            bucket: Arc::new(Mutex::new(Bucket {
                capacity,
                rate: capacity / per,
                tokens: capacity,
                updated: Instant::now(),
            })),
        }
    }

    /// Takes a token: `None` when one was free, else how long until one is.
    fn acquire(&self) -> Option<Duration> {
        let mut bucket = match self.bucket.lock() {
            Ok(bucket) => bucket,
            Err(poisoned) => poisoned.into_inner(),
        };
        let now = Instant::now();
        let elapsed = now.saturating_duration_since(bucket.updated).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * bucket.rate).min(bucket.capacity);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            None
        } else {
            let wait = (1.0 - bucket.tokens) / bucket.rate;
            Some(Duration::try_from_secs_f64(wait).unwrap_or(Duration::MAX))
        }
    }
}

impl<S> tower_layer::Layer<S> for RateLimitLayer {
    type Service = RateLimit<S>;

    fn layer(&self, inner: S) -> RateLimit<S> {
        RateLimit {
            inner,
            limiter: self.clone(),
        }
    }
}

/// The service of [`RateLimitLayer`].
#[derive(Clone, Debug)]
pub struct RateLimit<S> {
    inner: S,
    limiter: RateLimitLayer,
}

impl<S, B, ResBody> tower_service::Service<Request<B>> for RateLimit<S>
where
    S: tower_service::Service<Request<B>, Response = Response<ResBody>> + Clone + Send + 'static,
    S::Future: Send,
    S::Error: Send,
    B: Send + 'static,
    ResBody: Body + Send + 'static,
{
    type Response = Response<LayerBody<ResBody>>;
    type Error = S::Error;
    type Future = ResponseFuture<Self::Response, S::Error>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        if let Some(wait) = self.limiter.acquire() {
            return Box::pin(core::future::ready(Ok(too_many_requests(wait))));
        }
        let clone = self.inner.clone();
        let mut inner = core::mem::replace(&mut self.inner, clone);
        Box::pin(async move {
            let response = inner.call(request).await?;
            Ok(response.map(LayerBody::new))
        })
    }
}

/// The 429 reply for a wait of `wait`.
fn too_many_requests<B>(wait: Duration) -> Response<LayerBody<B>> {
    let ms = crate::field_types::whole_ms(wait).max(1);
    let rejection = Rejection {
        entry: &reply::RATE_LIMITED_ROW,
        retry_after: Some(Duration::from_millis(ms)),
    };
    let body = reply::reject(
        &rejection,
        "Rate limited",
        &Value::Null,
        Map::new(),
        429,
        "rate limit",
    );
    let mut response = json_response(StatusCode::TOO_MANY_REQUESTS, body);
    let seconds = ms.div_ceil(1000).max(1);
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    response
}
