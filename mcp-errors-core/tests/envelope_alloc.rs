//! The hot path allocates nothing: a sized error serializes into a reused buffer without a
//! single heap allocation, whatever the envelope. Its own test binary, because
//! `allocation-counter` replaces the global allocator of the binary that links it.

mod envelope_support;

use envelope_support::{Kb, Pw};
use mcp_errors_core::{McpError, McpErrorExt, RequestId, ToolErrorFormat, Verbosity};
use serde::Serialize;

/// Serializes `envelope` into `buf` (cleared first) and returns how many allocations that made.
fn allocations<T: Serialize>(buf: &mut Vec<u8>, envelope: &T) -> u64 {
    buf.clear();
    let info = allocation_counter::measure(|| {
        serde_json::to_writer(&mut *buf, envelope).expect("serializes");
    });
    assert!(!buf.is_empty());
    info.count_total
}

/// A concrete error with a `String` data field and a `details` field, with text that needs
/// escaping.
fn weird() -> Pw {
    Pw::Weird {
        text: "line 1\nline \"2\" \u{1F600}".repeat(4),
        note: "a note with a\ttab and \\ backslash".repeat(4),
    }
}

#[test]
fn sized_errors_serialize_without_allocating() {
    let err = weird();
    let doc = Kb::DocumentNotFound {
        path: "games/Gloomhavn.pdf".into(),
        suggestions: vec!["games/coop/Gloomhaven.pdf".into(), "b".into()],
    };
    let id = String::from("request-42");
    let mut buf = Vec::with_capacity(64 * 1024);

    // Warm up once: the first envelope reads MCP_ERRORS_VERBOSE into a OnceLock, and the
    // first handed to `serde_json`'s compact serializer probes its raw-value protocol (one
    // small `Vec`, once per process: `src/envelope/raw.rs`).
    err.to_jsonrpc(1).write_json(&mut buf).unwrap();
    serde_json::to_writer(&mut buf, &err.to_error_object()).unwrap();

    let off = Verbosity::Off;
    let cases: [(&str, u64); 12] = [
        (
            "error object",
            allocations(&mut buf, &err.to_error_object().verbosity(off)),
        ),
        (
            "plain, code as string",
            allocations(
                &mut buf,
                &err.to_error_object()
                    .plain_data()
                    .code_as_string()
                    .verbosity(off),
            ),
        ),
        (
            "jsonrpc, int id",
            allocations(&mut buf, &err.to_jsonrpc(1).verbosity(off)),
        ),
        (
            "jsonrpc, string id",
            allocations(&mut buf, &err.to_jsonrpc(&id).verbosity(off)),
        ),
        (
            "jsonrpc, null id",
            allocations(&mut buf, &err.to_jsonrpc(RequestId::Null).verbosity(off)),
        ),
        ("tool result", allocations(&mut buf, &err.to_tool_result())),
        (
            "error response",
            allocations(&mut buf, &err.to_error_response().verbosity(off)),
        ),
        (
            "jsonrpc result",
            allocations(&mut buf, &err.to_jsonrpc_result(&id).verbosity(off)),
        ),
        (
            "vec field",
            allocations(&mut buf, &doc.to_jsonrpc(7).verbosity(off)),
        ),
        (
            "vec field, plain",
            allocations(
                &mut buf,
                &doc.to_jsonrpc(7)
                    .plain_data()
                    .code_as_string()
                    .verbosity(off),
            ),
        ),
        (
            "retry after",
            allocations(
                &mut buf,
                &Pw::Throttled {
                    retry_after: std::time::Duration::from_millis(250),
                    limit: 3,
                }
                .to_jsonrpc(1)
                .verbosity(off),
            ),
        ),
        (
            "tool result via dyn, the TypeScript hierarchy's format",
            // In the TypeScript hierarchy's format a tool result visits no fields, so a trait
            // object allocates nothing either (the default format's details and `_meta.data` visit
            // them).
            allocations(
                &mut buf,
                &(&err as &dyn McpError)
                    .to_tool_result()
                    .format(ToolErrorFormat::MINIMAL),
            ),
        ),
    ];
    for (case, count) in cases {
        assert_eq!(count, 0, "{case} allocated {count} times");
    }

    // The default verbosity (from the environment) costs nothing when the variable is unset.
    if std::env::var_os(Verbosity::ENV_VAR).is_none() {
        assert_eq!(allocations(&mut buf, &err.to_jsonrpc(1)), 0);
        assert_eq!(allocations(&mut buf, &err.to_error_response()), 0);
    }

    // The counter does count: the trait-object path turns each data field into a
    // `serde_json::Value` first, and a stack is captured into `String`s.
    assert!(
        allocations(
            &mut buf,
            &(&err as &dyn McpError).to_jsonrpc(1).verbosity(off)
        ) > 0
    );
    assert!(allocations(&mut buf, &err.to_jsonrpc(1).verbosity(Verbosity::Full)) > 0);
}

#[test]
fn to_json_vec_allocates_only_its_output() {
    let err = weird();
    let mut out = Vec::new();
    let info = allocation_counter::measure(|| {
        out = err
            .to_jsonrpc(1)
            .verbosity(Verbosity::Off)
            .to_json_vec()
            .unwrap();
    });
    // Whatever was allocated on the way was the output buffer growing: one block is left,
    // and it is the returned vector.
    assert_eq!(info.count_current, 1, "{info:?}");
    assert_eq!(
        info.bytes_current,
        i64::try_from(out.capacity()).unwrap(),
        "{info:?}"
    );
}
