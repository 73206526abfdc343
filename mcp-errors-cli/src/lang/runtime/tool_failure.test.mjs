// The draft ToolFailure member read back by errors_runtime.ts (sample_catalog.json's module), on
// the vectors the Rust client and the Python runtime read too (tests/polyglot/tool_failure_cases.json,
// which .ci/polyglot.sh copies beside the compiled module with this file).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as m from "./errors_runtime.js";

const vectors = JSON.parse(readFileSync(new URL("./tool_failure_cases.json", import.meta.url), "utf8"));

/** The vectors' `{"$repeat": s, "times": n}` and `{"$concat": [...]}` expanded. */
function expand(v) {
  if (Array.isArray(v)) return v.map(expand);
  if (v !== null && typeof v === "object") {
    if ("$repeat" in v) return v.$repeat.repeat(v.times);
    if ("$concat" in v) return v.$concat.map(expand).join("");
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, expand(x)]));
  }
  return v;
}

const KEYS = ["class", "code", "retryable", "retryAfterMs", "correlationId", "agentGuidance"];

for (const c of vectors.cases) {
  test(c.name, () => {
    const result = expand(c.result);
    const f = m.toolFailure(result, vectors.nowMs);
    if (c.failure === null) {
      assert.equal(f, undefined);
    } else {
      assert.ok(f !== undefined);
      const got = Object.fromEntries(KEYS.map((k) => [k, f[k] ?? null]));
      assert.deepEqual(got, c.failure);
    }
    const d = m.decodeError(result);
    if (c.decoded === null) {
      assert.equal(d, undefined);
      assert.equal(m.isRetryable(result), c.retryable);
    } else {
      assert.ok(d !== undefined);
      assert.equal(d.code, c.decoded.code);
      assert.equal(d.retryable, c.decoded.retryable);
      assert.equal(d.message, c.decoded.message);
      assert.equal(m.isRetryable(result), c.decoded.retryable);
      if ("retryAfterMs" in c.decoded) assert.equal(d.retryAfterMs, c.decoded.retryAfterMs);
      const has = c.decoded.hasRetryAfter ?? "retryAfterMs" in c.decoded;
      assert.equal(d.retryAfterMs !== undefined, has);
    }
    // The retry reader: whatever delay the result carries, and never a throw.
    const ms = m.retryAfterMs(result);
    if (c.decoded === null && c.failure !== null && c.failure.retryAfterMs !== null) assert.ok(ms !== undefined);
  });
}

test("the key is the draft's", () => {
  assert.equal(m.TOOL_FAILURE_KEY, "io.modelcontextprotocol/toolFailure");
});

test("retryNotBeforeMs is the moment itself", () => {
  const f = m.toolFailure({ isError: true, _meta: { [m.TOOL_FAILURE_KEY]: { retryNotBefore: "2026-01-01T00:00:02.5Z" } } }, 0);
  assert.equal(f?.retryNotBeforeMs, 1767225602500);
  assert.equal(f?.retryAfterMs, 1767225602500);
});
