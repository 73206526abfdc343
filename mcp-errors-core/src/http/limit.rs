//! [`RateLimitLayer`]: a limit per client in front of any HTTP service (governor's GCRA, one
//! state per client key, the number of keys bounded), answering 429 with `Retry-After` and a
//! JSON-RPC error that carries the same delay.

use core::num::NonZeroU32;
use core::sync::atomic::{AtomicU64, Ordering};
use core::task::{Context, Poll};
use core::time::Duration;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, MutexGuard};

use governor::clock::{Clock, DefaultClock};
use governor::nanos::Nanos;
use governor::state::keyed::ShrinkableKeyedStateStore;
use governor::state::{InMemoryState, NotKeyed, StateStore};
use governor::{Quota, RateLimiter};
use http::{HeaderValue, Request, Response, StatusCode, header};
use http_body::Body;
use serde_json::{Map, Value};

use super::body::LayerBody;
use super::layer::{ResponseFuture, json_response};
use super::reply::{self, Rejection};

/// The header that names a Streamable HTTP request's MCP session.
const SESSION_HEADER: &str = "mcp-session-id";

/// A tower [`Layer`](tower_layer::Layer) that admits at most `burst` requests at once per
/// client and refills one every `per / burst` (a GCRA, [governor]'s). A request over its
/// client's limit never reaches the inner service: it gets the retry contract's HTTP form,
///
/// - status 429 Too Many Requests,
/// - `Retry-After: S`, whole seconds, `S = ceil(N / 1000)` and at least 1,
/// - a JSON-RPC error body (`"id": null`) with code [`code()`](Self::code) (-32000, JSON-RPC's
///   first implementation-defined server error, unless the limiter chose SEP-3304's -32023
///   with `sep_3304(true)`, feature `sep-3304`), message `"Rate limited"` and `data`
///   `{"domain": "jsonrpc", "symbol": "RATE_LIMITED", "retryable": true, "retryAfterMs": N}`,
///
/// where `N` is the wait until that client may send again, in whole milliseconds rounded up.
/// Each rejection is counted like any other error (`sys/errorStats`, the `metrics` facade,
/// `tracing`), under the row `RATE_LIMITED`.
///
/// # Who is a client
///
/// Each client has a budget of its own, so one that floods the endpoint uses up only its own.
/// The client of a request is, by default ([`per_session`](Self::per_session)), its MCP
/// session (the `Mcp-Session-Id` header); [`per_peer`](Self::per_peer) takes the peer's IP
/// address instead, [`per_key`](Self::per_key) a key the server computes, and
/// [`shared`](Self::shared) puts every request in one bucket. A request without a key (the
/// `initialize` that opens a session, a request whose peer address is not known, a key function
/// that answers `None`, a key longer than [`MAX_KEY_BYTES`](Self::MAX_KEY_BYTES)) falls back to
/// its peer address and, without one, to one bucket that all such requests share.
///
/// The peer address is the [`SocketAddr`] in the request's extensions, which the server puts
/// there when it accepts the connection (hyper does not; the example server does, and with
/// axum's `ConnectInfo` a [`per_key`](Self::per_key) function reads it). Its IP address is
/// the key, not the port: a client's connections share a budget.
///
/// A session id is the client's claim until the inner service checks it: a client that
/// invents ids gets a budget for each, up to the cap below, and rmcp answers such requests 404.
///
/// # Bounded memory
///
/// At most [`max_keys`](Self::max_keys) clients are tracked at once (default
/// [`DEFAULT_MAX_KEYS`](Self::DEFAULT_MAX_KEYS)). A client whose bucket has refilled is idle:
/// idle clients are dropped at most once per `per` (governor's `retain_recent`), and when a new
/// client finds the table full, at most once per token's time. A new client that still finds
/// the table full shares one overflow bucket with every other such client until room is made;
/// clients already tracked keep their own budgets. So a flood of distinct keys (invented
/// session ids, many addresses) costs at most `max_keys` entries and cannot take the budget of
/// a client that was there before it.
///
/// Every clone of the layer, and every service it makes, shares the same table.
///
/// ```
/// use std::time::Duration;
/// use mcp_errors_core::http::RateLimitLayer;
///
/// // 20 requests a second per MCP session, in bursts of up to 20, at most 50,000 sessions.
/// let limiter = RateLimitLayer::new(20, Duration::from_secs(1)).max_keys(50_000);
/// assert_eq!(limiter.code(), -32000);
/// # let _ = limiter;
/// ```
#[derive(Clone)]
pub struct RateLimitLayer {
    limiter: Arc<Limiter>,
}

/// The configuration of a [`RateLimitLayer`], from which its table is built.
#[derive(Clone)]
struct Config {
    burst: NonZeroU32,
    per: Duration,
    key: KeyBy,
    max_keys: usize,
    row: &'static crate::ErrorEntry,
}

/// What a request's client key is.
#[derive(Clone)]
enum KeyBy {
    Session,
    Peer,
    Function(Arc<KeyFn>),
    Shared,
}

type KeyFn = dyn Fn(&http::request::Parts) -> Option<String> + Send + Sync;

/// A client, as the table knows it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Session(Box<[u8]>),
    Peer(IpAddr),
    Custom(Box<str>),
    /// Every request without a key of its own (and every request of a [`KeyBy::Shared`] limiter).
    Unkeyed,
}

struct Limiter {
    config: Config,
    governor: RateLimiter<Key, BoundedStore, DefaultClock>,
    /// When the last sweep of idle clients ran, in nanoseconds since `started`.
    swept: AtomicU64,
    started: <DefaultClock as Clock>::Instant,
}

impl RateLimitLayer {
    /// The default cap on the number of clients tracked at once: 10,000 (under 2 MB with
    /// keys of the longest length, [`MAX_KEY_BYTES`](Self::MAX_KEY_BYTES)).
    pub const DEFAULT_MAX_KEYS: usize = 10_000;
    /// The longest client key used as is, in bytes; a request with a longer session id or
    /// key falls back as one without a key.
    pub const MAX_KEY_BYTES: usize = 128;
    /// The JSON-RPC code of a rate-limited request unless the limiter chose SEP-3304: -32000,
    /// JSON-RPC's first implementation-defined server error (MCP 2026-07-28's legacy band,
    /// which servers have used for rate limits all along).
    pub const LEGACY_CODE: i32 = -32000;

    /// `burst` requests per `per` for each client, in bursts of up to `burst` (a `burst` of 0
    /// is taken as 1, a `per` shorter than `burst` nanoseconds as that), clients told apart
    /// by MCP session ([`per_session`](Self::per_session)).
    pub fn new(burst: u32, per: Duration) -> RateLimitLayer {
        let burst = NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN);
        Limiter::layer(Config {
            burst,
            per,
            key: KeyBy::Session,
            max_keys: Self::DEFAULT_MAX_KEYS,
            row: &reply::RATE_LIMITED_ROW,
        })
    }

    fn with(&self, change: impl FnOnce(&mut Config)) -> RateLimitLayer {
        let mut config = self.limiter.config.clone();
        change(&mut config);
        Limiter::layer(config)
    }

    /// Clients are MCP sessions: the `Mcp-Session-Id` header, else the peer address, else
    /// the shared bucket of unkeyed requests (the default).
    #[must_use]
    pub fn per_session(self) -> RateLimitLayer {
        self.with(|c| c.key = KeyBy::Session)
    }

    /// Clients are peer IP addresses (the [`SocketAddr`] in the request's extensions), else
    /// the shared bucket of unkeyed requests.
    #[must_use]
    pub fn per_peer(self) -> RateLimitLayer {
        self.with(|c| c.key = KeyBy::Peer)
    }

    /// Clients are what `key` says of a request (an API key's id, a user, a tenant); `None`
    /// falls back to the peer address, else to the shared bucket of unkeyed requests.
    ///
    /// ```
    /// use std::time::Duration;
    /// use mcp_errors_core::http::RateLimitLayer;
    ///
    /// let limiter = RateLimitLayer::new(60, Duration::from_secs(60)).per_key(|request| {
    ///     let tenant = request.headers.get("x-tenant")?;
    ///     tenant.to_str().ok().map(str::to_owned)
    /// });
    /// # let _ = limiter;
    /// ```
    #[must_use]
    pub fn per_key<F>(self, key: F) -> RateLimitLayer
    where
        F: Fn(&http::request::Parts) -> Option<String> + Send + Sync + 'static,
    {
        self.with(|c| c.key = KeyBy::Function(Arc::new(key)))
    }

    /// One bucket for every request, process-wide (no client is told apart).
    #[must_use]
    pub fn shared(self) -> RateLimitLayer {
        self.with(|c| c.key = KeyBy::Shared)
    }

    /// At most `keys` clients tracked at once (0 is taken as 1); past that, new clients share
    /// one overflow bucket until idle clients are dropped.
    #[must_use]
    pub fn max_keys(self, keys: usize) -> RateLimitLayer {
        self.with(|c| c.max_keys = keys.max(1))
    }

    /// Whether this limiter answers with SEP-3304's proposed code -32023 `RateLimited`
    /// ([`jsonrpc::RATE_LIMITED`](crate::jsonrpc::RATE_LIMITED)) instead of
    /// [`LEGACY_CODE`](Self::LEGACY_CODE) (off by default; its client must know the
    /// proposal). The feature `sep-3304` only makes the choice available: a limiter that does
    /// not make it sends -32000 whatever features the build has.
    #[cfg(feature = "sep-3304")]
    #[must_use]
    pub fn sep_3304(self, on: bool) -> RateLimitLayer {
        self.with(|c| {
            c.row = if on {
                &reply::RATE_LIMITED_SEP_3304_ROW
            } else {
                &reply::RATE_LIMITED_ROW
            };
        })
    }

    /// The JSON-RPC code this limiter answers with: [`LEGACY_CODE`](Self::LEGACY_CODE), or
    /// -32023 when it chose SEP-3304.
    pub fn code(&self) -> i32 {
        self.limiter.config.row.code
    }

    /// How many clients the limiter tracks now (at most [`max_keys`](Self::max_keys)).
    pub fn keys_held(&self) -> usize {
        self.limiter.governor.len()
    }
}

impl core::fmt::Debug for RateLimitLayer {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let config = &self.limiter.config;
        let key = match config.key {
            KeyBy::Session => "session",
            KeyBy::Peer => "peer",
            KeyBy::Function(_) => "function",
            KeyBy::Shared => "shared",
        };
        f.debug_struct("RateLimitLayer")
            .field("burst", &config.burst)
            .field("per", &config.per)
            .field("key", &key)
            .field("max_keys", &config.max_keys)
            .field("code", &config.row.code)
            .field("keys_held", &self.keys_held())
            .finish()
    }
}

impl Limiter {
    fn layer(config: Config) -> RateLimitLayer {
        // One token every `per / burst`, at least a nanosecond.
        let period = (config.per / config.burst.get()).max(Duration::from_nanos(1));
        let quota = Quota::with_period(period)
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MAX))
            .allow_burst(config.burst);
        let clock = DefaultClock::default();
        let started = clock.now();
        let store = BoundedStore {
            map: Mutex::new(HashMap::new()),
            overflow: InMemoryState::default(),
            max_keys: config.max_keys,
        };
        RateLimitLayer {
            limiter: Arc::new(Limiter {
                config,
                governor: RateLimiter::new(quota, store, clock),
                swept: AtomicU64::new(0),
                started,
            }),
        }
    }

    /// The client of a request.
    fn key(&self, parts: &http::request::Parts) -> Key {
        let own = match &self.config.key {
            KeyBy::Shared => return Key::Unkeyed,
            KeyBy::Peer => None,
            KeyBy::Session => parts
                .headers
                .get(SESSION_HEADER)
                .map(HeaderValue::as_bytes)
                .filter(|id| !id.is_empty() && id.len() <= RateLimitLayer::MAX_KEY_BYTES)
                .map(|id| Key::Session(id.into())),
            KeyBy::Function(key) => key(parts)
                .filter(|key| key.len() <= RateLimitLayer::MAX_KEY_BYTES)
                .map(|key| Key::Custom(key.into_boxed_str())),
        };
        own.or_else(|| {
            parts
                .extensions
                .get::<SocketAddr>()
                .map(|peer| Key::Peer(peer.ip()))
        })
        .unwrap_or(Key::Unkeyed)
    }

    /// Takes a token of `key`'s: `None` when one was free, else how long until one is.
    fn acquire(&self, key: &Key) -> Option<Duration> {
        self.sweep();
        match self.governor.check_key(key) {
            Ok(()) => None,
            Err(not_until) => Some(not_until.wait_time_from(self.governor.clock().now())),
        }
    }

    /// Drops idle clients: at most once per `per`, or once per token's time when the table
    /// is full. One caller sweeps; the others go on.
    fn sweep(&self) {
        let now = self.governor.clock().now();
        let elapsed = u64::try_from(now.saturating_duration_since(self.started).as_nanos())
            .unwrap_or(u64::MAX);
        let last = self.swept.load(Ordering::Relaxed);
        let full = self.governor.len() >= self.config.max_keys;
        let every = if full {
            self.config.per / self.config.burst.get()
        } else {
            self.config.per
        };
        let every = u64::try_from(every.as_nanos()).unwrap_or(u64::MAX).max(1);
        if elapsed.saturating_sub(last) < every
            || self
                .swept
                .compare_exchange(last, elapsed, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        self.governor.retain_recent();
        self.governor.shrink_to_fit();
    }
}

/// governor's keyed state, one [`InMemoryState`] (a GCRA's theoretical arrival time) per
/// client, in a table of at most `max_keys` clients; a new client that finds it full is
/// measured against `overflow`, shared by all such clients.
struct BoundedStore {
    map: Mutex<HashMap<Key, InMemoryState>>,
    overflow: InMemoryState,
    max_keys: usize,
}

impl BoundedStore {
    fn lock(&self) -> MutexGuard<'_, HashMap<Key, InMemoryState>> {
        // A panic elsewhere while the table was locked leaves it usable: every entry is a
        // valid state on its own.
        self.map
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl StateStore for BoundedStore {
    type Key = Key;

    fn measure_and_replace<T, F, E>(&self, key: &Key, f: F) -> Result<T, E>
    where
        F: Fn(Option<Nanos>) -> Result<(T, Nanos), E>,
    {
        let mut map = self.lock();
        if let Some(state) = map.get(key) {
            return state.measure_and_replace(&NotKeyed::NonKey, f);
        }
        if map.len() < self.max_keys {
            return map
                .entry(key.clone())
                .or_default()
                .measure_and_replace(&NotKeyed::NonKey, f);
        }
        drop(map);
        self.overflow.measure_and_replace(&NotKeyed::NonKey, f)
    }
}

/// A state's theoretical arrival time, read without changing it (governor's state store
/// interface: a measurement that declines to replace).
fn arrival(state: &InMemoryState) -> Option<Nanos> {
    state
        .measure_and_replace(&NotKeyed::NonKey, Err::<((), Nanos), _>)
        .err()
        .flatten()
}

impl ShrinkableKeyedStateStore<Key> for BoundedStore {
    fn retain_recent(&self, drop_below: Nanos) {
        self.lock()
            .retain(|_, state| arrival(state).is_some_and(|tat| tat > drop_below));
    }

    fn shrink_to_fit(&self) {
        let mut map = self.lock();
        if map.capacity() > 4 * map.len().max(16) {
            map.shrink_to_fit();
        }
    }

    fn len(&self) -> usize {
        self.lock().len()
    }

    fn is_empty(&self) -> bool {
        self.lock().is_empty()
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
        let limiter = &self.limiter.limiter;
        let (parts, body) = request.into_parts();
        let key = limiter.key(&parts);
        if let Some(wait) = limiter.acquire(&key) {
            return Box::pin(core::future::ready(Ok(too_many_requests(
                limiter.config.row,
                wait,
            ))));
        }
        let request = Request::from_parts(parts, body);
        let clone = self.inner.clone();
        let mut inner = core::mem::replace(&mut self.inner, clone);
        Box::pin(async move {
            let response = inner.call(request).await?;
            Ok(response.map(LayerBody::new))
        })
    }
}

/// The 429 reply for a wait of `wait`, counted under `row`.
fn too_many_requests<B>(row: &'static crate::ErrorEntry, wait: Duration) -> Response<LayerBody<B>> {
    let ms = crate::field_types::whole_ms(wait).max(1);
    let rejection = Rejection {
        entry: row,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(session: Option<&str>, peer: Option<&str>) -> http::request::Parts {
        let mut request = Request::post("/mcp");
        if let Some(id) = session {
            request = request.header(SESSION_HEADER, id);
        }
        let (mut parts, ()) = request.body(()).unwrap().into_parts();
        if let Some(peer) = peer {
            parts.extensions.insert(peer.parse::<SocketAddr>().unwrap());
        }
        parts
    }

    #[test]
    fn keys_and_their_fallbacks() {
        let per_session = RateLimitLayer::new(1, Duration::from_secs(1));
        let limiter = &per_session.limiter;
        assert_eq!(
            limiter.key(&parts(Some("s1"), Some("10.0.0.1:5"))),
            Key::Session((*b"s1").into())
        );
        // No session (initialize): the peer's IP, whatever its port.
        assert_eq!(
            limiter.key(&parts(None, Some("10.0.0.1:5"))),
            limiter.key(&parts(None, Some("10.0.0.1:6")))
        );
        assert_eq!(limiter.key(&parts(None, None)), Key::Unkeyed);
        let long = "x".repeat(RateLimitLayer::MAX_KEY_BYTES + 1);
        assert_eq!(limiter.key(&parts(Some(&long), None)), Key::Unkeyed);

        let per_peer = per_session.clone().per_peer();
        assert_eq!(
            per_peer.limiter.key(&parts(Some("s1"), Some("[::1]:9"))),
            Key::Peer("::1".parse().unwrap())
        );
        let shared = per_session.clone().shared();
        assert_eq!(
            shared.limiter.key(&parts(Some("s1"), Some("[::1]:9"))),
            Key::Unkeyed
        );
        let custom = per_session.per_key(|p| {
            p.headers
                .get("x-tenant")
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        });
        let mut tenant = parts(None, None);
        tenant
            .headers
            .insert("x-tenant", HeaderValue::from_static("t"));
        assert_eq!(custom.limiter.key(&tenant), Key::Custom("t".into()));
        assert_eq!(custom.limiter.key(&parts(Some("s1"), None)), Key::Unkeyed);
    }

    #[test]
    fn a_full_table_sends_new_clients_to_the_overflow_bucket() {
        let layer = RateLimitLayer::new(2, Duration::from_secs(3600)).max_keys(3);
        let limiter = &layer.limiter;
        let key = |n: u8| Key::Custom(n.to_string().into());
        for n in 0..3 {
            assert_eq!(limiter.acquire(&key(n)), None);
        }
        assert_eq!(layer.keys_held(), 3);
        // New clients: the overflow bucket's two tokens, then refusals.
        assert_eq!(limiter.acquire(&key(3)), None);
        assert_eq!(limiter.acquire(&key(4)), None);
        assert!(limiter.acquire(&key(5)).is_some());
        assert_eq!(layer.keys_held(), 3);
        // The clients already tracked keep their own second token.
        for n in 0..3 {
            assert_eq!(limiter.acquire(&key(n)), None);
            assert!(limiter.acquire(&key(n)).is_some());
        }
    }

    #[test]
    fn idle_clients_are_dropped() {
        // A token every millisecond: after a few, every bucket has refilled.
        let layer = RateLimitLayer::new(1, Duration::from_millis(1)).max_keys(10);
        for n in 0..10 {
            assert_eq!(
                layer.limiter.acquire(&Key::Custom(n.to_string().into())),
                None
            );
        }
        assert_eq!(layer.keys_held(), 10);
        std::thread::sleep(Duration::from_millis(20));
        // The next request sweeps first.
        assert_eq!(layer.limiter.acquire(&Key::Unkeyed), None);
        assert_eq!(layer.keys_held(), 1);
    }
}
