//! A JSON-RPC session with an rmcp server over an in-memory pipe, as any client sees it on
//! the wire: included by each adoption example (`#[path = "../../session.rs"] mod session;`),
//! so it compiles against that example's own rmcp.

use rmcp::ServiceExt;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

pub struct Session {
    write: tokio::io::WriteHalf<tokio::io::DuplexStream>,
    lines: tokio::io::Lines<BufReader<tokio::io::ReadHalf<tokio::io::DuplexStream>>>,
    next_id: u64,
}

impl Session {
    /// Serves `server` on one end of a pipe, initializes on the other.
    pub async fn start<S: rmcp::ServerHandler>(server: S) -> Session {
        let (client, end) = tokio::io::duplex(1 << 16);
        tokio::spawn(async move {
            let running = server.serve(end).await.expect("server starts");
            let _ = running.waiting().await;
        });
        let (read, write) = tokio::io::split(client);
        let mut session = Session {
            write,
            lines: BufReader::new(read).lines(),
            next_id: 0,
        };
        let init = session
            .request(
                "initialize",
                json!({
                    "protocolVersion": "2025-03-26",
                    "capabilities": {},
                    "clientInfo": { "name": "adopt", "version": "0" },
                }),
            )
            .await;
        assert!(init.get("result").is_some(), "initialize: {init}");
        session
            .send(json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }))
            .await;
        session
    }

    async fn send(&mut self, message: Value) {
        let mut line = message.to_string();
        line.push('\n');
        self.write.write_all(line.as_bytes()).await.expect("write");
        self.write.flush().await.expect("flush");
    }

    pub async fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }))
            .await;
        loop {
            let line =
                tokio::time::timeout(std::time::Duration::from_secs(20), self.lines.next_line())
                    .await
                    .expect("a reply within 20 s")
                    .expect("read")
                    .expect("the server closed the pipe");
            let message: Value = serde_json::from_str(&line).expect("JSON-RPC line");
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    /// `tools/call`; prints the reply, for the reader of the example's output.
    pub async fn call(&mut self, tool: &str, arguments: Value) -> Value {
        let reply = self
            .request(
                "tools/call",
                json!({ "name": tool, "arguments": arguments }),
            )
            .await;
        println!("{tool}: {reply}");
        reply
    }
}
