//! A line-filtering stdio transport in front of rmcp: every malformed message it can
//! identify gets a JSON-RPC error instead of silence, with the request's `id` whenever the
//! line lets it be read.
//!
//! rmcp's own stdio transport drops a line that is not JSON, a line nested deeper than
//! `serde_json`'s 128 levels and a line over its 16 MiB limit without a word (the client waits
//! until its own timeout), and answers a well-formed message of the wrong shape (`params: []`,
//! `id: null`, `"jsonrpc":"1.0"`) with `-32600` and `"id": null`, losing the request's id.
//! This module reads stdin itself, answers those lines here and forwards only the messages
//! rmcp parses, through an in-memory pipe:
//!
//! | line | reply |
//! |---|---|
//! | not JSON (syntax, invalid UTF-8) | `-32700` Parse error, `id: null` |
//! | nested deeper than 128 levels | `-32600`, the `id` if it comes before the deep part |
//! | longer than [`MAX_LINE`] | `-32600`, the `id` if it is in the first 64 KiB |
//! | a batch (`[...]`), a scalar | `-32600`, `id: null` (MCP has no batches since 2025-06-18) |
//! | `id` `null`, fractional, out of `i64`, an array or object, over [`MAX_ID`] bytes | `-32600`, `id: null` |
//! | `jsonrpc` not `"2.0"`, `method` not a string, `params` not an object | `-32600` or `-32602`, with the `id` |
//! | `tools/call` without a string `name` or with non-object `arguments` | `-32602`, with the `id` |
//! | any other shape rmcp would reject | `-32600`, with the `id` |
//! | blank | nothing |
//!
//! A notification (no `id`) that rmcp parses is forwarded: rmcp ignores the ones it does not
//! know, as JSON-RPC asks. Replies travel out through one writer task, whole lines at a time;
//! an outgoing line longer than [`MAX_LINE`] (which the client would drop) is replaced by a
//! `-32603` error with the same `id`.

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// The longest line read or written: rmcp's own limit, which MCP clients share.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

/// The longest string `id` echoed back; a longer one is refused (`id: null`), so that no
/// reply grows with it.
pub const MAX_ID: usize = 1024;

/// How much of an over-long line is kept to look for its `id`.
const ID_PREFIX: usize = 64 * 1024;

/// The transport to hand to rmcp (`server.serve(transport)`), and the task that writes to
/// stdout; await the task after the service ends so the last replies are flushed.
pub fn transport() -> ((DuplexStream, DuplexStream), JoinHandle<()>) {
    let (rmcp_in, feed) = tokio::io::duplex(64 * 1024);
    let (rmcp_out, drain) = tokio::io::duplex(64 * 1024);
    let (replies, rejected) = mpsc::unbounded_channel();
    tokio::spawn(read_stdin(feed, replies));
    let writer = tokio::spawn(write_stdout(drain, rejected));
    ((rmcp_in, rmcp_out), writer)
}

/// Reads stdin line by line (never holding more than [`MAX_LINE`] bytes), forwards the lines
/// rmcp can take and sends a reply for the others.
async fn read_stdin(mut feed: DuplexStream, replies: mpsc::UnboundedSender<Vec<u8>>) {
    let mut stdin = BufReader::with_capacity(64 * 1024, tokio::io::stdin());
    let mut line = Vec::new();
    loop {
        line.clear();
        let Ok(Some(complete)) = read_bounded_line(&mut stdin, &mut line).await else {
            break;
        };
        let verdict = if complete {
            classify(&line)
        } else {
            Verdict::Reply(error(
                &scan_id(&line),
                -32600,
                &format!("Invalid Request: the line is longer than {MAX_LINE} bytes"),
            ))
        };
        match verdict {
            Verdict::Forward => {
                line.push(b'\n');
                if feed.write_all(&line).await.is_err() {
                    break;
                }
            }
            Verdict::Reply(reply) => {
                if replies.send(reply).is_err() {
                    break;
                }
            }
            Verdict::Drop => {}
        }
    }
    // EOF: rmcp sees its input end and shuts the service down.
    let _ = feed.shutdown().await;
}

/// Reads one line without its `\n` into `line`. `Ok(Some(true))` for a whole line,
/// `Ok(Some(false))` for one over [`MAX_LINE`] (then `line` holds its first [`ID_PREFIX`]
/// bytes and the rest has been skipped), `Ok(None)` at the end of input.
async fn read_bounded_line<R: tokio::io::AsyncBufRead + Unpin>(
    reader: &mut R,
    line: &mut Vec<u8>,
) -> std::io::Result<Option<bool>> {
    let mut len = 0usize;
    let mut read_any = false;
    loop {
        let available = reader.fill_buf().await?;
        if available.is_empty() {
            // A last line without `\n` is incomplete: drop it, as rmcp does.
            return Ok(if read_any && len > MAX_LINE {
                Some(false)
            } else {
                None
            });
        }
        read_any = true;
        let newline = available.iter().position(|&b| b == b'\n');
        let take = newline.map_or(available.len(), |i| i + 1);
        let chunk = &available[..newline.unwrap_or(available.len())];
        len = len.saturating_add(chunk.len());
        if len <= MAX_LINE {
            line.extend_from_slice(chunk);
        } else if line.len() < ID_PREFIX {
            let room = ID_PREFIX - line.len();
            line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        }
        reader.consume(take);
        if newline.is_some() {
            if len > MAX_LINE {
                line.truncate(ID_PREFIX);
                return Ok(Some(false));
            }
            return Ok(Some(true));
        }
    }
}

/// What to do with one line.
#[derive(Debug, PartialEq)]
pub enum Verdict {
    /// rmcp parses it: pass it on.
    Forward,
    /// Answer it here with this JSON-RPC error line.
    Reply(Vec<u8>),
    /// Nothing to answer (a blank line).
    Drop,
}

/// Decides what to do with one complete line (without its `\n`).
pub fn classify(line: &[u8]) -> Verdict {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Verdict::Drop;
    }
    let value: Value = match serde_json::from_slice(line) {
        Ok(value) => value,
        Err(e) if e.to_string().starts_with("recursion limit exceeded") => {
            return Verdict::Reply(error(
                &scan_id(line),
                -32600,
                "Invalid Request: nested deeper than 128 levels",
            ));
        }
        Err(_) => return Verdict::Reply(error(&Value::Null, -32700, "Parse error")),
    };
    let verdict = check_shape(&value, line);
    drop_flat(value);
    verdict
}

/// The checks on a message that parsed as JSON.
fn check_shape(value: &Value, line: &[u8]) -> Verdict {
    let invalid = |id: &Value, why: &str| Verdict::Reply(error(id, -32600, why));
    let Value::Object(message) = value else {
        return invalid(
            &Value::Null,
            if value.is_array() {
                "Invalid Request: batches are not supported"
            } else {
                "Invalid Request: a message is a JSON object"
            },
        );
    };
    let id = match message.get("id") {
        None => None,
        Some(Value::String(s)) if s.len() <= MAX_ID => Some(Value::String(s.clone())),
        Some(Value::Number(n)) if n.is_i64() => Some(Value::Number(n.clone())),
        Some(Value::String(_)) => {
            return invalid(
                &Value::Null,
                &format!("Invalid Request: the id is longer than {MAX_ID} bytes"),
            );
        }
        Some(_) => {
            return invalid(
                &Value::Null,
                "Invalid Request: the id must be a string or an integer",
            );
        }
    };
    let reply_id = id.clone().unwrap_or(Value::Null);
    if message.get("jsonrpc") != Some(&json!("2.0")) {
        return invalid(&reply_id, "Invalid Request: jsonrpc must be \"2.0\"");
    }
    let method = match message.get("method") {
        Some(Value::String(method)) => Some(method.as_str()),
        None => None,
        Some(_) => return invalid(&reply_id, "Invalid Request: method must be a string"),
    };
    if let (Some(method), Some(_)) = (method, &id) {
        match message.get("params") {
            None | Some(Value::Object(_)) => {}
            Some(Value::Array(_)) => {
                return Verdict::Reply(error(
                    &reply_id,
                    -32602,
                    "Invalid params: MCP takes params as an object",
                ));
            }
            Some(_) => return invalid(&reply_id, "Invalid Request: params must be an object"),
        }
        if method == "tools/call" {
            let params = message.get("params");
            let name_ok = params
                .and_then(|p| p.get("name"))
                .is_some_and(Value::is_string);
            let arguments_ok = params
                .and_then(|p| p.get("arguments"))
                .is_none_or(|a| a.is_object() || a.is_null());
            if !name_ok || !arguments_ok {
                return Verdict::Reply(error(
                    &reply_id,
                    -32602,
                    "Invalid params: tools/call takes {\"name\": string, \"arguments\": object}",
                ));
            }
        }
    }
    // Whatever rmcp would refuse on its own gets an answer with the id.
    match serde_json::from_slice::<rmcp::model::ClientJsonRpcMessage>(line) {
        Ok(_) => Verdict::Forward,
        // A notification rmcp cannot parse: rmcp ignores unknown ones; a malformed known one
        // is an invalid request without an id.
        Err(_) if id.is_none() && method.is_some() => Verdict::Forward,
        Err(_) => invalid(&reply_id, "Invalid Request"),
    }
}

/// A JSON-RPC error response line (without `\n`).
fn error(id: &Value, code: i32, message: &str) -> Vec<u8> {
    let reply = json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}});
    serde_json::to_vec(&reply).unwrap_or_default()
}

/// The top-level `id` of a JSON object text that could not be parsed whole (too deep, too
/// long): scanned without recursion, up to where the text ends or the nesting starts to be
/// too deep to matter. `null` when there is none, or it is not a string of at most
/// [`MAX_ID`] bytes or an `i64`.
pub fn scan_id(text: &[u8]) -> Value {
    let mut depth = 0usize;
    let mut i = 0;
    // Whether the last top-level string was the key "id", waiting for its `:` and value.
    let mut after_id_key = false;
    let mut expect_key = false;
    while i < text.len() {
        match text[i] {
            b'"' => {
                let start = i;
                i += 1;
                while i < text.len() && text[i] != b'"' {
                    i += if text[i] == b'\\' { 2 } else { 1 };
                }
                let Some(literal) = text.get(start..=i) else {
                    return Value::Null;
                };
                if depth == 1 {
                    if expect_key {
                        after_id_key = literal == b"\"id\"";
                        expect_key = false;
                    } else if after_id_key {
                        return match serde_json::from_slice::<String>(literal) {
                            Ok(s) if s.len() <= MAX_ID => Value::String(s),
                            _ => Value::Null,
                        };
                    }
                }
            }
            b'{' | b'[' => {
                if depth == 1 && after_id_key {
                    return Value::Null;
                }
                depth += 1;
                expect_key = depth == 1 && text[i] == b'{';
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            b',' if depth == 1 => {
                expect_key = true;
                after_id_key = false;
            }
            b'-' | b'0'..=b'9' if depth == 1 && after_id_key => {
                let end = text[i..]
                    .iter()
                    .position(|b| !matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
                    .map_or(text.len(), |n| i + n);
                return std::str::from_utf8(&text[i..end])
                    .ok()
                    .and_then(|n| n.parse::<i64>().ok())
                    .map_or(Value::Null, Value::from);
            }
            b'n' | b't' | b'f' if depth == 1 && after_id_key => return Value::Null,
            _ => {}
        }
        i += 1;
    }
    Value::Null
}

/// Drops a parsed message without recursing once per level.
fn drop_flat(value: Value) {
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        match v {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

/// Writes rmcp's replies and this module's to stdout, whole lines at a time.
async fn write_stdout(drain: DuplexStream, mut rejected: mpsc::UnboundedReceiver<Vec<u8>>) {
    let mut stdout = tokio::io::stdout();
    let mut from_rmcp = BufReader::new(drain);
    let mut line = Vec::new();
    let mut rmcp_open = true;
    loop {
        let reply = tokio::select! {
            read = from_rmcp.read_until(b'\n', &mut line), if rmcp_open => match read {
                Ok(0) | Err(_) => {
                    rmcp_open = false;
                    continue;
                }
                Ok(_) => {
                    // Only a whole line leaves `line`: a read cut short by the other branch
                    // keeps its bytes there and resumes.
                    let whole = std::mem::take(&mut line);
                    let body = whole.strip_suffix(b"\n").unwrap_or(&whole);
                    if body.len() > MAX_LINE {
                        error(
                            &scan_id(&body[..ID_PREFIX]),
                            -32603,
                            "Internal error: the reply is longer than the transport's line limit",
                        )
                    } else {
                        whole
                    }
                }
            },
            reply = rejected.recv() => match reply {
                Some(reply) => reply,
                None if rmcp_open => {
                    // The reader is done; finish rmcp's replies.
                    while let Ok(n) = from_rmcp.read_until(b'\n', &mut line).await {
                        if n == 0 {
                            break;
                        }
                        let _ = stdout.write_all(&line).await;
                        line.clear();
                    }
                    break;
                }
                None => break,
            },
        };
        let mut reply = reply;
        if reply.last() != Some(&b'\n') {
            reply.push(b'\n');
        }
        if stdout.write_all(&reply).await.is_err() || stdout.flush().await.is_err() {
            break;
        }
    }
    let _ = stdout.flush().await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scans_the_top_level_id() {
        assert_eq!(
            scan_id(br#"{"jsonrpc":"2.0","id":7,"params":[[["#),
            json!(7)
        );
        assert_eq!(
            scan_id(br#"{"params":{"id":1},"id":"a\"b","x":"#),
            json!("a\"b")
        );
        assert_eq!(scan_id(br#"{"method":"id","id":null}"#), Value::Null);
        assert_eq!(scan_id(br#"{"params":[[[[[[ "id", 5"#), Value::Null);
        assert_eq!(scan_id(br#"{"id":1.5}"#), Value::Null);
    }

    #[test]
    fn classifies_lines() {
        let reply = |line: &[u8]| match classify(line) {
            Verdict::Reply(reply) => serde_json::from_slice::<Value>(&reply).unwrap(),
            other => panic!("{other:?}"),
        };
        assert_eq!(reply(b"{")["error"]["code"], -32700);
        assert_eq!(reply(b"[]")["error"]["code"], -32600);
        let r = reply(br#"{"jsonrpc":"2.0","id":5,"method":"sys/errorStats","params":[]}"#);
        assert_eq!(
            (r["id"].clone(), r["error"]["code"].clone()),
            (json!(5), json!(-32602))
        );
        let r = reply(br#"{"id":4,"method":"ping"}"#);
        assert_eq!(r["id"], 4);
        assert_eq!(classify(b"  \r"), Verdict::Drop);
        assert_eq!(
            classify(br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#),
            Verdict::Forward
        );
    }
}
