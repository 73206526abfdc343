// Unit tests of errors_runtime.ts, the runtime of every generated TypeScript module, on the
// sample catalog its generated parts come from (sample_catalog.json). They run on the compiled
// module beside them (.ci/polyglot.sh compiles errors_runtime.ts with `tsc --strict` into a
// directory, copies this file there, and runs `node --test` on it).
import assert from "node:assert/strict";
import { test } from "node:test";

import * as m from "./errors_runtime.js";

test("the tables come from the sample catalog", () => {
  assert.equal(m.CATALOG_SOURCE, "sample_catalog.json");
  assert.deepEqual({ ...m.CODES }, { E_NAV_TIMEOUT: 2100, E_SELECTOR: 2101, INVALID_PARAMS: -32602 });
  assert.equal(m.E_NAV_TIMEOUT, 2100);
  assert.equal(m.ERRORS.INVALID_PARAMS.channel, "jsonrpc");
  assert.equal(m.ERRORS.E_NAV_TIMEOUT.help, "Retry with a longer timeout.");
  assert.equal(m.ERRORS.E_NAV_TIMEOUT.docUrl, "https://errors.example.dev/browser#E_NAV_TIMEOUT");
  assert.equal(m.ERRORS.E_SELECTOR.docUrl, undefined);
  assert.ok(Object.isFrozen(m.ERRORS) && Object.isFrozen(m.ERRORS.E_SELECTOR.fields));
  assert.ok(m.isErrorSymbol("E_SELECTOR"));
  assert.ok(!m.isErrorSymbol("E_NOPE") && !m.isErrorSymbol(2100) && !m.isErrorSymbol("toString"));
});

test("createError picks the class and renders the template", () => {
  const e = m.createError("E_NAV_TIMEOUT", undefined, { url: "https://example.com", token: "s3cr3t" });
  assert.ok(e instanceof m.TimeoutError && e instanceof m.McpError && e instanceof Error);
  assert.equal(e.name, "TimeoutError");
  assert.equal(e.message, "Navigation to https://example.com timed out");
  assert.equal(e.retryable, true);
  assert.equal(e.retryAfterMs, undefined);
  // `{0:?}` is the value's JSON string literal; a missing value leaves the placeholder.
  assert.equal(m.createError("E_SELECTOR", undefined, { selector: "#go" }).message, 'No element matches "#go"');
  assert.equal(m.createError("E_SELECTOR").message, "No element matches {0:?}");
  assert.equal(m.createError("E_SELECTOR", "own text").message, "own text");
  // Anything JSON has no text for keeps the placeholder rather than throwing.
  assert.equal(m.createError("E_SELECTOR", undefined, { selector: 1n }).message, "No element matches {0:?}");
});

test("a tool error reads back as it was raised", () => {
  const e = m.createError("E_NAV_TIMEOUT", undefined, { url: "u" }, { details: "slow", retryAfterMs: 1500 });
  const tool = e.toToolError();
  assert.equal(tool.isError, true);
  assert.equal(
    tool.content[0].text,
    "E_NAV_TIMEOUT: Navigation to u timed out\nDetails: slow\nHelp: Retry with a longer timeout.\nRetryable: yes (retry after 1500 ms)",
  );
  assert.deepEqual(tool._meta, {
    errorType: "TimeoutError",
    errorCode: "E_NAV_TIMEOUT",
    retryable: true,
    code: 2100,
    domain: "browser",
    retryAfterMs: 1500,
    details: "slow",
    help: "Retry with a longer timeout.",
    data: { url: "u" },
  });
  const d = m.decodeError(tool);
  assert.deepEqual(
    [d.symbol, d.code, d.kind, d.channel, d.message, d.details, d.retryable, d.retryAfterMs],
    ["E_NAV_TIMEOUT", 2100, "timeout", "tool", "Navigation to u timed out", "slow", true, 1500],
  );
  assert.equal(m.retryAfterMs(tool), 1500);
  assert.equal(m.isRetryable(tool), true);
});

test("a JSON-RPC error reads back from a response", () => {
  const error = m.createError("INVALID_PARAMS", undefined, { field: "url" }).toJsonRpcError();
  assert.deepEqual(error, {
    code: -32602,
    message: "Invalid params",
    data: { domain: "jsonrpc", symbol: "INVALID_PARAMS", retryable: false, field: "url" },
  });
  const d = m.decodeError({ jsonrpc: "2.0", id: 1, error });
  assert.deepEqual([d.symbol, d.channel, d.retryable, d.data], ["INVALID_PARAMS", "jsonrpc", false, error.data]);
});

test("codes outside the catalog, and rate limits", () => {
  const d = m.decodeError({ code: 4242, message: "elsewhere" });
  assert.deepEqual([d.symbol, d.domain, d.retryable], [undefined, undefined, false]);
  assert.equal(m.decodeError({ code: m.RATE_LIMITED, message: "slow down" }).retryable, true);
  // A code given as text is read; the catalog's flag when the wire has none.
  const byText = m.decodeError({ code: " 2100 ", message: "m" });
  assert.deepEqual([byText.symbol, byText.retryable], ["E_NAV_TIMEOUT", true]);
});

test("anything else decodes to undefined", () => {
  const throwing = new Proxy({}, { get() { throw new Error("hostile"); } });
  const cases = [
    null, undefined, "E_NAV_TIMEOUT", 2100, [], {}, { result: {} }, { code: 2100 },
    { code: 2 ** 40, message: "m" }, { isError: true, _meta: "no" }, { error: "text" }, throwing,
  ];
  cases.forEach((garbage, i) => {
    assert.equal(m.decodeError(garbage), undefined, `case ${i}`);
    assert.equal(m.isRetryable(garbage), false, `case ${i}`);
  });
});

test("retry delay from the text and from headers", () => {
  const textOnly = {
    isError: true,
    content: [{ type: "text", text: "E_NAV_TIMEOUT: m (retry after 250 ms)" }],
    _meta: { errorCode: "E_NAV_TIMEOUT" },
  };
  assert.equal(m.retryAfterMs(textOnly), 250);
  assert.equal(m.retryAfterMs({ headers: { "Retry-After": "3" } }), 3000);
  assert.equal(m.retryAfterMs({ headers: new Headers({ "retry-after": "2" }) }), 2000);
  assert.equal(m.retryAfterMs({ headers: { "Retry-After": "soon" } }), undefined);
});
