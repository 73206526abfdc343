// Behaviour of a generated TypeScript module (compiled to JS), by the catalog it was
// generated from (its CATALOG_SOURCE), each in mcp-errors-cli/tests/fixtures/:
// - hostile.json: escaped names, `__proto__` as a symbol, decodeError on every shape and on
//   garbage, the retry contract's decoding;
// - templates.json: messages rendered from their templates and `data` (the cases of
//   template_cases.json beside this file, shared with check.py, and JavaScript's own values);
// - globals.json: symbols and errorTypes named after JavaScript's globals (`JSON`, `Map`,
//   `TypeError`, ...): none shadows one the module uses, and every error still works.
//
//   node check.mjs <path to the compiled errors.js>
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const m = await import(pathToFileURL(process.argv[2]).href);
let passed = 0;
function ok(name, f) {
  f();
  passed += 1;
  console.log(`ok  ${name}`);
}

const CHECKS = { "hostile.json": hostile, "templates.json": templates, "globals.json": globals };
const checks = CHECKS[m.CATALOG_SOURCE];
assert.ok(checks, `no checks for the catalog ${m.CATALOG_SOURCE}`);
checks();
console.log(`typescript module (${m.CATALOG_SOURCE}): ${passed} passed, 0 failed`);

function hostile() {
  ok("every symbol is an own key, __proto__ included", () => {
    assert.equal(Object.keys(m.CODES).length, 18);
    assert.equal(m.CODES["__proto__"], 4011);
    assert.equal(m.ERRORS["__proto__"].code, 4011);
    assert.ok(m.isErrorSymbol("__proto__") && !m.isErrorSymbol("toString") && !m.isErrorSymbol(42));
    assert.equal(m.class_, 4000);
    assert.equal(m._2FA_REQUIRED, 4001);
    assert.equal(m.E_DASH_2, 4012);
  });
  ok("an errorType named Error is a class of its own, the base class still extends the global", () => {
    const e = m.createError("2FA_REQUIRED");
    assert.ok(e instanceof m.McpError && e instanceof Error && e instanceof m.Error_);
    assert.equal(m.ERROR_CLASSES.Error, m.Error_);
    assert.equal(Object.getPrototypeOf(m.McpError), Error);
    assert.equal(e.name, "Error");
  });
  ok("createError picks the class of the errorType, escaped", () => {
    const e = m.createError("class");
    assert.ok(e instanceof m.McpError && e instanceof Error);
    assert.equal(e.constructor.name, "class__2");
    assert.equal(e.errorType, "class");
    assert.equal(e.message, 'ends a comment */ and """triple""" and \\ backslash');
  });
  ok("toToolError carries the retry delay on every channel and decodes back", () => {
    const e = m.createError("E-DASH", undefined, { a: 1 }, { retryAfterMs: 1500, details: "d" });
    const t = e.toToolError();
    assert.ok(t.content[0].text.endsWith(" (retry after 1500 ms)"));
    assert.equal(t._meta.retryAfterMs, 1500);
    const d = m.decodeError(t);
    assert.deepEqual(
      [d.symbol, d.code, d.retryable, d.retryAfterMs, d.message, d.details, d.channel, d.kind],
      ["E-DASH", 4002, true, 1500, "m", "d", "tool", "network"],
    );
    assert.equal(m.retryAfterMs(e.toJsonRpcError()), 1500);
  });
  ok("not an error: undefined, never a throw", () => {
    const hostile = new Proxy({}, { get() { throw new Error("boom"); } });
    for (const x of [null, undefined, "E_X", 42, [], {}, { jsonrpc: "2.0", id: 1, result: {} }, { content: [], isError: false }, { isError: true }, hostile]) {
      assert.equal(m.decodeError(x), undefined);
      assert.equal(m.isRetryable(x), false);
      assert.equal(m.retryAfterMs(x), undefined);
    }
  });
  ok("JSON-RPC shapes: object, response, string code, unknown code, SEP-3304", () => {
    assert.equal(m.decodeError({ code: "4009", message: "x", data: { symbol: "delete" } }).symbol, "delete");
    assert.equal(m.decodeError({ jsonrpc: "2.0", id: 1, error: { code: 4000, message: "x" } }).symbol, "class");
    const unknown = m.decodeError({ code: 9999, message: "who" });
    assert.equal(unknown.symbol, undefined);
    assert.equal(unknown.retryable, false);
    assert.equal(m.isRetryable({ jsonrpc: "2.0", id: 1, error: { code: -32023, message: "slow" } }), true);
    class SdkError extends Error { constructor() { super("MCP error 4001: two"); this.code = 4001; this.data = { retryAfterMs: 20 }; } }
    const sdk = m.decodeError(new SdkError());
    assert.deepEqual([sdk.symbol, sdk.message, sdk.retryAfterMs, sdk.retryable], ["2FA_REQUIRED", "two", 20, true]);
  });
  ok("retry delays: first present wins, malformed ignored", () => {
    const tool = (meta, text) => ({ content: [{ type: "text", text }], isError: true, _meta: { code: 4000, ...meta } });
    assert.equal(m.retryAfterMs(tool({ retryAfterMs: 5 }, "x (retry after 7 ms)")), 5);
    assert.equal(m.retryAfterMs(tool({}, "x (retry after 5 ms) then (retry after 7 ms)")), 7);
    assert.equal(m.retryAfterMs(tool({}, "x (retry after 99999999999999999999 ms)")), undefined);
    for (const bad of [-5, 1.5, "5", true, 2 ** 60]) {
      assert.equal(m.retryAfterMs({ code: 4000, message: "m", data: { retryAfterMs: bad } }), undefined);
      assert.equal(m.retryAfterMs(tool({ retryAfterMs: bad }, "no delay")), undefined);
    }
    assert.equal(m.retryAfterMs({ status: 429, headers: { "Retry-After": "3" } }), 3000);
    assert.equal(m.retryAfterMs({ headers: new Headers({ "retry-after": "2" }) }), 2000);
    assert.equal(m.retryAfterMs({ headers: { "retry-after": "Wed, 21 Oct 2015 07:28:00 GMT" } }), undefined);
    // The text form that ends the message's line is not part of the message.
    assert.equal(m.decodeError(tool({ errorCode: "E_X" }, "E_X: Too many (retry after 2000 ms)")).message, "Too many");
    assert.equal(m.decodeError(tool({ errorCode: "E_X" }, "E_X: (retry after soon) ok")).message, "(retry after soon) ok");
  });
}

function templates() {
  const { cases } = JSON.parse(readFileSync(new URL("template_cases.json", import.meta.url), "utf8"));
  ok(`${cases.length} shared cases: the template rendered from data, a given message as it is`, () => {
    for (const c of cases) {
      const e = m.createError(c.symbol, c.given, c.data ?? undefined, { details: c.details });
      assert.equal(e.message, c.message, JSON.stringify(c));
    }
  });
  ok("the rendered message is what both channels send", () => {
    const e = m.createError("E_SB_CRASH", undefined, { reason: "segv" });
    assert.ok(e instanceof m.SandboxError);
    assert.equal(e.toToolError().content[0].text, "E_SB_CRASH: Interpreter crashed: segv\nRetryable: no");
    assert.equal(e.toJsonRpcError().message, "Interpreter crashed: segv");
    assert.equal(new m.McpError("E_SB_CRASH", undefined, { reason: "abrt" }).message, "Interpreter crashed: abrt");
    assert.equal(m.ERRORS.E_SB_CRASH.message, "Interpreter crashed: {reason}");
  });
  ok("details null from a plain-JavaScript caller is no details, as None in Python", () => {
    const e = m.createError("E_NAV", undefined, null, { details: null });
    assert.equal(e.message, "Navigation failed: {reason}");
    assert.equal(e.details, undefined);
    assert.ok(!e.toToolError().content[0].text.includes("null"));
  });
  ok("data null from a plain-JavaScript caller: the template as it is, and both channels work", () => {
    const e = m.createError("E_SB_CRASH", undefined, null);
    assert.equal(e.message, "Interpreter crashed: {reason}");
    assert.equal(e.data, undefined);
    assert.equal(e.toToolError().isError, true);
    assert.equal(e.toJsonRpcError().message, "Interpreter crashed: {reason}");
  });
  ok("only own properties fill a placeholder; a value JSON cannot write leaves it", () => {
    const crash = (data) => m.createError("E_SB_CRASH", undefined, data).message;
    assert.equal(crash(Object.create({ reason: "inherited" })), "Interpreter crashed: {reason}");
    const cycle = {};
    cycle.self = cycle;
    for (const bad of [undefined, 10n, cycle, () => 1, Symbol("s")]) {
      assert.equal(crash({ reason: bad }), "Interpreter crashed: {reason}");
    }
    const throwing = { get reason() { throw new Error("boom"); } };
    assert.equal(crash(throwing), "Interpreter crashed: {reason}");
    assert.equal(crash({ reason: new Date(0) }), 'Interpreter crashed: "1970-01-01T00:00:00.000Z"');
    assert.equal(crash({ reason: -0 }), "Interpreter crashed: 0");
    assert.equal(crash({ reason: NaN }), "Interpreter crashed: null");
  });
  ok("the fields are frozen metadata of each symbol", () => {
    const fields = m.ERRORS.E_OPEN.fields;
    assert.deepEqual(fields, [
      { name: "path", key: "file_path", role: "data" },
      { name: "cause", key: "cause", role: "source" },
    ]);
    assert.ok(Object.isFrozen(fields) && fields.every(Object.isFrozen));
    assert.deepEqual(m.ERRORS.E_PLAIN.fields, []);
    assert.ok(Object.isFrozen(m.ERRORS.E_PLAIN.fields));
  });
}

function globals() {
  ok("no export is named after a global the module uses", () => {
    for (const name of ["Error", "Object", "Number", "Map", "JSON", "Array", "undefined"]) {
      assert.ok(!(name in m), name);
    }
    assert.equal(m.JSON_, 6000);
    assert.equal(m.Error_, 6005);
    assert.equal(m.ERROR_CLASSES.JSON.name, "JSON__2");
  });
  ok("every symbol: its class, its message, both channels and back", () => {
    const symbols = Object.keys(m.CODES);
    assert.equal(symbols.length, 15);
    for (const symbol of symbols) {
      const info = m.ERRORS[symbol];
      const e = m.createError(symbol, undefined, { value: { a: [1, null] } }, { retryAfterMs: 5 });
      assert.ok(e instanceof m.McpError && e instanceof Error, symbol);
      assert.equal(e.constructor, m.ERROR_CLASSES[info.errorType], symbol);
      assert.notEqual(e.constructor, globalThis[info.errorType], symbol);
      assert.equal(e.message, 'bad {"a":[1,null]}', symbol);
      const tool = m.decodeError(e.toToolError());
      assert.deepEqual([tool.symbol, tool.code, tool.retryAfterMs, tool.message], [symbol, info.code, 5, e.message]);
      const rpc = m.decodeError(JSON.parse(JSON.stringify(e.toJsonRpcError())));
      assert.deepEqual([rpc.symbol, rpc.retryable, rpc.data.value], [symbol, true, { a: [1, null] }]);
      assert.equal(m.isRetryable({ code: info.code, message: "x" }), info.retryable, symbol);
    }
  });
}
