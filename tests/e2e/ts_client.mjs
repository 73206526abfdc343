// End-to-end check of examples/mcp_server/main.rs through the official TypeScript MCP SDK
// (@modelcontextprotocol/sdk, pinned in package.json / package-lock.json).
//
//   node ts_client.mjs <path to the mcp_server binary>
//
// Runs every call of cases.json and compares the answers by value, decodes every error
// through the module generated from the server's catalog (examples/mcp_server/clients/
// errors.ts, compiled into gen/ by .ci/e2e.sh) and rebuilds every tool error with its
// createError(...).toToolError(), reads sys/errorStats with MCP_ERRORS_METRICS=1 and expects
// METHOD_NOT_FOUND without it, then measures the round trip of failing tool calls (median of
// RTT_RUNS, default 50). Exits non-zero on the first mismatch.

import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

import * as errors from "./gen/errors.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const cases = JSON.parse(fs.readFileSync(path.join(here, "cases.json"), "utf8"));
const server = process.argv[2] ?? process.env.MCP_SERVER_BIN;
if (!server) {
  console.error("usage: node ts_client.mjs <path to the mcp_server binary>");
  process.exit(2);
}
const RTT_RUNS = Number(process.env.RTT_RUNS ?? 50);

/** A fresh directory laid out as cases.json says, and a file outside it. */
function makeRoot() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-errors-e2e-ts-"));
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-errors-e2e-ts-outside-"));
  for (const [name, text] of Object.entries(cases.files)) {
    fs.writeFileSync(path.join(root, name), text);
  }
  fs.mkdirSync(path.join(root, "sub"));
  fs.writeFileSync(path.join(root, "notes.bin"), Buffer.from([0xff, 0xfe, 0x00, 0x80]));
  fs.writeFileSync(path.join(outside, "secret.txt"), "outside the root\n");
  fs.symlinkSync(path.join(outside, "secret.txt"), path.join(root, "link_out"));
  return { root, cleanup: () => [root, outside].forEach((d) => fs.rmSync(d, { recursive: true, force: true })) };
}

async function connect(root, metrics) {
  const env = { ...getDefaultEnvironment() };
  delete env.MCP_ERRORS_METRICS;
  if (metrics) env.MCP_ERRORS_METRICS = "1";
  const transport = new StdioClientTransport({ command: server, args: [], env, cwd: root, stderr: "inherit" });
  const client = new Client({ name: "mcp-errors-e2e-ts", version: "0.1.0" });
  await client.connect(transport);
  return client;
}

/** Calls a tool, returning either {result} or {error: {code, message, data}, thrown}. */
async function call(client, tool, args) {
  try {
    return { result: await client.callTool({ name: tool, arguments: args }) };
  } catch (e) {
    if (!(e instanceof McpError)) throw e;
    const error = { code: e.code, message: e.message };
    if (e.data !== undefined) error.data = e.data;
    return { error, thrown: e };
  }
}

async function errorStats(client) {
  return client.request({ method: "sys/errorStats" }, z.record(z.string(), z.unknown()));
}

/** The symbol a failing case's answer stands for, as cases.json writes it. */
function expectedSymbol(c) {
  if (c.result) return c.result._meta.errorCode;
  return c.error.data?.symbol ?? c.countedAs;
}

/**
 * Decodes a failing call's answer (the SDK's thrown McpError, or the tool result) through the
 * generated module, and rebuilds a tool error with it: the same JSON as the Rust server's.
 */
function checkDecoded(c, answer) {
  const d = errors.decodeError(answer);
  assert.ok(d, `${c.name}: decodeError gave undefined`);
  const symbol = expectedSymbol(c);
  assert.equal(d.symbol, symbol, `${c.name}: symbol`);
  assert.equal(d.code, errors.CODES[symbol], `${c.name}: code`);
  assert.equal(d.kind, errors.ERRORS[symbol].kind, `${c.name}: kind`);
  assert.equal(errors.isRetryable(answer), d.retryable, `${c.name}: isRetryable`);
  assert.equal(errors.retryAfterMs(answer), undefined, `${c.name}: retryAfterMs`);
  if (c.result) {
    const meta = c.result._meta;
    assert.equal(d.channel, "tool", c.name);
    assert.deepEqual([d.domain, d.retryable, d.details, d.data], [meta.domain, meta.retryable, meta.details, meta.data], c.name);
    const rebuilt = errors.createError(symbol, d.message, d.data, { details: d.details, domain: d.domain });
    assert.ok(rebuilt instanceof errors.McpError && rebuilt.errorType === meta.errorType, c.name);
    assert.deepEqual(rebuilt.toToolError(), c.result, `${c.name}: createError(...).toToolError()`);
  } else {
    assert.equal(d.channel, "jsonrpc", c.name);
    assert.equal(d.message, c.error.message, `${c.name}: message`);
  }
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function measure(client, tool, args, runs) {
  for (let i = 0; i < 5; i++) await call(client, tool, args); // warm-up
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await call(client, tool, args);
    times.push(performance.now() - t0);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { median: median(times), p90: sorted[Math.floor(runs * 0.9)], min: sorted[0], max: sorted[runs - 1] };
}

const { root, cleanup } = makeRoot();
let failed = false;
try {
  // With MCP_ERRORS_METRICS=1: every call, then the counts.
  const client = await connect(root, true);
  const tools = (await client.listTools()).tools.map((t) => t.name).sort();
  assert.deepEqual(tools, ["navigate", "read_file"]);

  for (const c of cases.calls) {
    const got = await call(client, c.tool, c.arguments);

    if (c.error) {
      assert.ok(got.error, `${c.name}: expected a JSON-RPC error, got ${JSON.stringify(got.result)}`);
      // The SDK prefixes the wire message with "MCP error <code>: ".
      assert.deepEqual(got.error, { ...c.error, message: `MCP error ${c.error.code}: ${c.error.message}` }, c.name);
      checkDecoded(c, got.thrown);
    } else if (c.result) {
      assert.ok(got.result, `${c.name}: expected a tool result, got error ${JSON.stringify(got.error)}`);
      assert.deepEqual(got.result, c.result, c.name);
      checkDecoded(c, got.result);
    } else {
      assert.ok(got.result, `${c.name}: expected a tool result, got error ${JSON.stringify(got.error)}`);
      assert.notEqual(got.result.isError, true, c.name);
      assert.deepEqual(got.result.content, [{ type: "text", text: c.text }], c.name);
      assert.equal(errors.decodeError(got.result), undefined, c.name);
    }
    console.log(`ok  ${c.name}`);
  }

  assert.deepEqual(await errorStats(client), cases.stats, "sys/errorStats");
  console.log(`ok  sys/errorStats = ${JSON.stringify(cases.stats)}`);

  // Round trips of failing tool calls (each is counted too).
  const fsErr = await measure(client, "read_file", { path: "../outside.txt" }, RTT_RUNS);
  const navErr = await measure(client, "navigate", { url: "https://example.invalid/" }, RTT_RUNS);
  const rpcErr = await measure(client, "navigate", { url: "https://example.invalid/", confirm: true }, RTT_RUNS);
  const fmt = (m) => `median ${m.median.toFixed(3)} ms, p90 ${m.p90.toFixed(3)} ms, min ${m.min.toFixed(3)} ms, max ${m.max.toFixed(3)} ms`;
  console.log(`rtt tool error (read_file, E_FS_PATH_ESCAPE) over ${RTT_RUNS} calls: ${fmt(fsErr)}`);
  console.log(`rtt tool error (navigate, E_PW_NAV) over ${RTT_RUNS} calls: ${fmt(navErr)}`);
  console.log(`rtt JSON-RPC error (navigate confirm, MISSING_CLIENT_CAPABILITY) over ${RTT_RUNS} calls: ${fmt(rpcErr)}`);

  const after = await errorStats(client);
  const extra = 3 * (RTT_RUNS + 5);
  assert.equal(after.total, cases.stats.total + extra, "every measured failure is counted");
  assert.equal(after.bySymbol.E_FS_PATH_ESCAPE, cases.stats.bySymbol.E_FS_PATH_ESCAPE + RTT_RUNS + 5);
  assert.equal(after.bySymbol.E_PW_NAV, cases.stats.bySymbol.E_PW_NAV + RTT_RUNS + 5);
  assert.equal(
    after.bySymbol.MISSING_CLIENT_CAPABILITY,
    cases.stats.bySymbol.MISSING_CLIENT_CAPABILITY + RTT_RUNS + 5,
  );
  console.log(`ok  sys/errorStats counted the ${extra} measured failures`);
  await client.close();

  // Without MCP_ERRORS_METRICS: the method does not exist.
  const plain = await connect(root, false);
  await assert.rejects(
    errorStats(plain),
    (e) => e instanceof McpError && errors.decodeError(e)?.symbol === "METHOD_NOT_FOUND" && e.code === errors.METHOD_NOT_FOUND,
  );
  console.log("ok  sys/errorStats without MCP_ERRORS_METRICS: METHOD_NOT_FOUND");
  await plain.close();
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  cleanup();
}
if (failed) process.exit(1);
console.log("typescript client: all checks passed");
