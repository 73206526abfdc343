//! `mcp_errors::http::HttpErrorLayer` around the Streamable HTTP service of every rmcp line
//! before 3.x (3.x: the example server, `.ci/hostile_http.sh`): each line's plain-text
//! rejections become JSON-RPC errors with the right status.
//!
//! Built and run by `.ci/rmcp_lines.sh` in one throw-away crate that depends on rmcp 0.8,
//! 0.16, 1.x and 2.x at once (renamed `rmcp_0_8`, `rmcp_0_16`, `rmcp_1`, `rmcp_2`).

use std::sync::Arc;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use mcp_errors::http::HttpErrorLayer;
use serde_json::Value;
use tower_layer::Layer;
use tower_service::Service;

/// (body, content type, status, JSON-RPC code, the reply's id) of each request sent to every
/// line: the id is echoed when the layer could read it (a JSON-RPC request the line rejects).
/// The layer hands a body shaped like a message on unparsed, and words the line's refusal: the
/// second, a broken value inside such a shape, shows that every line refuses it. It reads a
/// request only to its `jsonrpc`, `id` and `method`: the last four show that every line
/// refuses what may follow (a repeated member, a `result` with a repeated `method`, bytes after
/// the object, nesting past `serde_json`'s limit), and the layer words it as before.
fn cases() -> Vec<(String, &'static str, u16, i64, Option<u64>)> {
    let deep = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"ping","params":{}{}}}"#,
        "[".repeat(200),
        "]".repeat(200)
    );
    [
        ("{not json", "application/json", 400, -32700, None),
        (
            r#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":[1,]}}"#,
            "application/json",
            400,
            -32700,
            None,
        ),
        ("\"hello\"", "application/json", 400, -32600, None),
        (
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[1]}"#,
            "application/json",
            400,
            -32600,
            Some(1),
        ),
        ("{}", "text/plain", 415, -32600, None),
        (
            r#"{"jsonrpc":"2.0","id":1,"method":"ping","jsonrpc":"1.0"}"#,
            "application/json",
            400,
            -32600,
            Some(1),
        ),
        (
            r#"{"jsonrpc":"2.0","id":1,"method":"ping","result":{},"method":5}"#,
            "application/json",
            400,
            -32600,
            Some(1),
        ),
        (
            r#"{"jsonrpc":"2.0","id":1,"method":"ping"} x"#,
            "application/json",
            400,
            -32700,
            None,
        ),
    ]
    .into_iter()
    .map(|(body, media, status, code, id)| (body.to_owned(), media, status, code, id))
    .chain([(deep, "application/json", 400, -32700, None)])
    .collect()
}

macro_rules! line_test {
    ($test:ident, $rmcp:ident) => {
        #[tokio::test]
        async fn $test() {
            use $rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
            use $rmcp::transport::streamable_http_server::{
                StreamableHttpServerConfig, StreamableHttpService,
            };
            #[derive(Clone)]
            struct Handler;
            impl $rmcp::ServerHandler for Handler {}
            let service = StreamableHttpService::new(
                || Ok(Handler),
                Arc::new(LocalSessionManager::default()),
                StreamableHttpServerConfig::default(),
            );
            let mut service = HttpErrorLayer::new().layer(service);
            // Stateless, the line parses every body (no session to refuse first): it refuses
            // what may follow a request's three members, except a `result` with a repeated
            // `method`, which it reads as a response and answers 202; the layer checks that
            // answer's body in full and refuses it as before.
            let mut config = StreamableHttpServerConfig::default();
            config.stateful_mode = false;
            let mut bare = StreamableHttpService::new(
                || Ok(Handler),
                Arc::new(LocalSessionManager::default()),
                config,
            );
            let mut stateless = HttpErrorLayer::new().layer(bare.clone());
            let post = |body: &str, content_type: &str| {
                http::Request::post("/mcp")
                    .header("host", "localhost")
                    .header("accept", "application/json, text/event-stream")
                    .header("content-type", content_type)
                    .body(Full::new(Bytes::from(body.to_owned())))
                    .unwrap()
            };
            let as_response = r#"{"jsonrpc":"2.0","id":1,"method":"ping","result":{},"method":5}"#;
            let response = bare
                .call(post(as_response, "application/json"))
                .await
                .unwrap();
            assert_eq!(response.status().as_u16(), 202);
            for (body, content_type, status, code, id) in cases() {
                let after = body.starts_with(r#"{"jsonrpc":"2.0","id":1,"method":"ping""#)
                    && !body.ends_with(r#""method":"ping","params":{"a":[1,]}}"#);
                let response = if after {
                    stateless.call(post(&body, content_type)).await.unwrap()
                } else {
                    service.call(post(&body, content_type)).await.unwrap()
                };
                assert_eq!(response.status().as_u16(), status, "{body}");
                let bytes = response.into_body().collect().await.unwrap().to_bytes();
                let reply: Value = serde_json::from_slice(&bytes).unwrap();
                assert_eq!(reply["error"]["code"], code, "{body}: {reply}");
                assert_eq!(
                    reply["id"],
                    id.map_or(Value::Null, Value::from),
                    "{body}: {reply}"
                );
            }
            // No Accept: the line's 406, as JSON.
            let request = http::Request::post("/mcp")
                .header("host", "localhost")
                .header("content-type", "application/json")
                .body(Full::new(Bytes::from(
                    r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
                )))
                .unwrap();
            let response = service.call(request).await.unwrap();
            assert_eq!(response.status().as_u16(), 406);
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            let reply: Value = serde_json::from_slice(&bytes).unwrap();
            assert_eq!(reply["error"]["code"], -32600, "{reply}");
            assert_eq!(reply["id"], 1, "{reply}");
        }
    };
}

line_test!(rmcp_0_8, rmcp_0_8);
line_test!(rmcp_0_16, rmcp_0_16);
line_test!(rmcp_1, rmcp_1);
line_test!(rmcp_2, rmcp_2);
