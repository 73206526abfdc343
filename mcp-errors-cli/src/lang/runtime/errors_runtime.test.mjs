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

// The vectors every language runs (tests/polyglot/recover_cases.json, copied beside this file
// by .ci/polyglot.sh): identity recovered through gateways, and hostile texts not decoded.
test("identity through gateways: the shared vectors", async () => {
  const { readFileSync } = await import("node:fs");
  const vectors = JSON.parse(readFileSync(new URL("./recover_cases.json", import.meta.url), "utf8"));
  assert.ok(vectors.cases.length >= 20);
  const expand = (v, pad) =>
    typeof v === "string" ? v.replaceAll("%PAD%", pad)
    : Array.isArray(v) ? v.map((x) => expand(x, pad))
    : v !== null && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, expand(x, pad)]))
    : v;
  for (const c of vectors.cases) {
    const input = c.pad ? expand(c.input, c.pad.text.repeat(c.pad.times)) : c.input;
    const d = m.decodeError(input);
    const e = c.expected;
    if (e.symbol === null) {
      assert.equal(d?.symbol, undefined, c.why);
      if (e.code !== undefined) assert.equal(d?.code, e.code, c.why);
      continue;
    }
    assert.ok(d !== undefined, c.why);
    assert.deepEqual(
      [d.code, d.symbol, d.domain, d.retryable, d.retryAfterMs ?? null],
      [e.code, e.symbol, e.domain, e.retryable, e.retryAfterMs],
      c.why,
    );
    if (e.message !== undefined) assert.equal(d.message, e.message, c.why);
    assert.equal(m.isRetryable(input), e.retryable, c.why);
  }
});

test("identity through gateways: the SDK's McpError and hostile texts never throw", () => {
  const reply = JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: 2101, message: "m", data: { symbol: "E_SELECTOR" } } });
  const thrown = Object.assign(new Error(`MCP error -32603: E_NAV_TIMEOUT: m`), { code: -32603 });
  assert.equal(m.decodeError(thrown).symbol, "E_NAV_TIMEOUT");
  const wrapped = Object.assign(new Error(`MCP error -32603: Error POSTing to endpoint: ${reply}`), { code: -32603 });
  assert.equal(m.decodeError(wrapped).symbol, "E_SELECTOR");
  const lone = "\ud800".repeat(30000) + reply;
  assert.equal(m.decodeError({ code: -32603, message: lone }).symbol, undefined);
  assert.equal(m.decodeError({ code: -32603, message: "é".repeat(20000) + reply }).symbol, "E_SELECTOR");
});

// Discovery: a catalog loaded at run time decodes errors the generated tables do not know.
const served = JSON.stringify({
  format: "mcp-errors-catalog",
  version: 1,
  enums: [
    {
      domain: "filesystem",
      entries: [
        { code: 2500, symbol: "E_FS_PATH_ESCAPE", domain: "filesystem", kind: "validation", errorType: "ValidationError",
          retryable: false, channel: "tool_error", message: "Path escapes the server's root", help: "use a relative path" },
        { code: 2506, symbol: "E_FS_IO", domain: "filesystem", kind: "internal", retryable: false, channel: "tool",
          message: "Reading the file failed", help: null, aliases: ["E_FS_READ"] },
      ],
    },
  ],
});

test("a loaded catalog decodes a server's errors by symbol", () => {
  const catalog = m.loadCatalog(served);
  assert.ok(catalog !== undefined);
  const tool = {
    content: [{ type: "text", text: "E_FS_PATH_ESCAPE: Path escapes the server's root" }],
    isError: true,
    _meta: { errorType: "ValidationError", errorCode: "E_FS_PATH_ESCAPE", retryable: false, code: 2500, domain: "filesystem" },
  };
  // The generated tables do not know it ...
  assert.equal(m.decodeError(tool)?.symbol, undefined);
  // ... the loaded catalog does.
  const d = m.decodeWithCatalog(tool, catalog);
  assert.equal(d?.symbol, "E_FS_PATH_ESCAPE");
  assert.equal(d?.kind, "validation");
  assert.equal(d?.entry?.help, "use a relative path");
  assert.equal(d?.entry?.channel, "tool"); // the catalog's `tool_error`
  assert.equal(d?.message, "Path escapes the server's root");
  // A JSON-RPC error by an alias; by its code alone, without a symbol on the wire.
  const byAlias = m.decodeWithCatalog({ code: 2506, message: "m", data: { symbol: "E_FS_READ", domain: "filesystem" } }, catalog);
  assert.equal(byAlias?.symbol, "E_FS_IO");
  assert.equal(m.decodeWithCatalog({ jsonrpc: "2.0", id: 1, error: { code: 2506, message: "m" } }, catalog)?.symbol, "E_FS_IO");
  // A symbol the catalog does not know stays unknown (never the row of its code).
  assert.equal(m.decodeWithCatalog({ code: 2506, message: "m", data: { symbol: "E_OTHER" } }, catalog)?.symbol, undefined);
  // The whole resources/read result loads too; the parsed value as well.
  assert.ok(m.loadCatalog({ contents: [{ uri: m.CATALOG_URI, mimeType: "application/json", text: served }] }) !== undefined);
  assert.ok(m.loadCatalog(JSON.parse(served)) !== undefined);
  // Without a catalog: decodeError.
  assert.deepEqual(m.decodeWithCatalog(tool, undefined), m.decodeError(tool));
});

test("a hostile catalog is refused, never thrown", () => {
  const big = served + " ".repeat(m.MAX_CATALOG_BYTES);
  // Multi-byte text within the UTF-16 length but over the byte cap.
  const wide = JSON.stringify({ enums: [], pad: "é".repeat(m.MAX_CATALOG_BYTES / 2 + 1) });
  const entry = { code: 1, symbol: "E_X", kind: "k", retryable: true, message: "m" };
  const bad = [
    big, wide, "", "not json", served.slice(0, 40), "[".repeat(200000), "null", "[]", 42, null, undefined,
    { enums: {} },
    { enums: [{ domain: 7, entries: [] }] },
    { enums: [{ domain: "d", entries: [{ ...entry, code: "1" }] }] },
    { enums: [{ domain: "d", entries: [{ ...entry, code: 1.5 }] }] },
    { enums: [{ domain: "d", entries: [{ ...entry, code: 2 ** 40 }] }] },
    { enums: [{ domain: "d", entries: [{ ...entry, retryable: "yes" }] }] },
    { enums: [{ domain: "d", entries: [{ ...entry, channel: "smoke" }] }] },
    { enums: [{ domain: "d", entries: [{ ...entry, aliases: [3] }] }] },
    { enums: [{ domain: "d", entries: [entry, { ...entry, code: 2 }] }] },
    { contents: [{ uri: "other://x", text: served }] },
    { contents: [{ uri: m.CATALOG_URI, blob: "AAAA" }] },
  ];
  for (const x of bad) assert.equal(m.loadCatalog(x), undefined, String(x).slice(0, 40));
  const getter = { get enums() { throw new Error("boom"); } };
  assert.equal(m.loadCatalog(getter), undefined);
});

test("localizedMessage renders a decoded error in the client's locale, falling back", () => {
  const nav = m.decodeError({ code: 2100, message: "Navigation to https://x timed out", data: { url: "https://x" } });
  assert.equal(m.localizedMessage(nav, "fr"), "La navigation vers https://x a expiré");
  assert.equal(m.localizedMessage(nav, "fr-CA"), "La navigation vers https://x a pris trop de temps");
  assert.equal(m.localizedMessage(nav, "FR_ca"), "La navigation vers https://x a pris trop de temps");
  assert.equal(m.localizedMessage(nav, "fr-BE"), "La navigation vers https://x a expiré");
  // no translation for the locale: the wire message, which is never changed
  assert.equal(m.localizedMessage(nav, "de-DE"), "Navigation to https://x timed out");
  assert.equal(m.localizedMessage(nav, ""), "Navigation to https://x timed out");
  assert.equal(nav.message, "Navigation to https://x timed out");
  // a value the translation names is missing: the wire message, not a half-filled template
  const bare = m.decodeError({ code: 2100, message: "Navigation to ? timed out" });
  assert.equal(m.localizedMessage(bare, "fr"), "Navigation to ? timed out");
  // fr-CA has no E_SELECTOR: fr's, its {0:?} the value's JSON string literal
  const sel = m.decodeError({ code: 2101, message: 'No element matches "#go"', data: { selector: "#go" } });
  assert.equal(m.localizedMessage(sel, "fr-CA"), 'Aucun élément ne correspond à "#go"');
  assert.equal(m.localizedMessage(m.decodeError({ code: -32602, message: "Invalid params" }), "fr"), "Paramètres invalides");
  // a code outside the catalog
  assert.equal(m.localizedMessage(m.decodeError({ code: 4242, message: "elsewhere" }), "fr"), "elsewhere");
});
