// End-to-end check of examples/mcp_server/main.rs through the official TypeScript MCP SDK
// (@modelcontextprotocol/sdk, pinned in package.json / package-lock.json).
//
//   node ts_client.mjs <path to the mcp_server binary>
//
// Runs every call of cases.json and compares the answers by value, reads sys/errorStats with
// MCP_ERROR_METRICS=1 and expects -32601 without it, then measures the round trip of failing
// tool calls (median of RTT_RUNS, default 50). Exits non-zero on the first mismatch.

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
  delete env.MCP_ERROR_METRICS;
  if (metrics) env.MCP_ERROR_METRICS = "1";
  const transport = new StdioClientTransport({ command: server, args: [], env, cwd: root, stderr: "inherit" });
  const client = new Client({ name: "mcp-errors-e2e-ts", version: "0.1.0" });
  await client.connect(transport);
  return client;
}

/** Calls a tool, returning either {result} or {error: {code, message, data}}. */
async function call(client, tool, args) {
  try {
    return { result: await client.callTool({ name: tool, arguments: args }) };
  } catch (e) {
    if (!(e instanceof McpError)) throw e;
    const error = { code: e.code, message: e.message };
    if (e.data !== undefined) error.data = e.data;
    return { error };
  }
}

async function errorStats(client) {
  return client.request({ method: "sys/errorStats" }, z.record(z.string(), z.unknown()));
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
  // With MCP_ERROR_METRICS=1: every call, then the counts.
  const client = await connect(root, true);
  const tools = (await client.listTools()).tools.map((t) => t.name).sort();
  assert.deepEqual(tools, ["navigate", "read_file"]);

  for (const c of cases.calls) {
    const got = await call(client, c.tool, c.arguments);
    if (c.error) {
      assert.ok(got.error, `${c.name}: expected a JSON-RPC error, got ${JSON.stringify(got.result)}`);
      // The SDK prefixes the wire message with "MCP error <code>: ".
      assert.deepEqual(got.error, { ...c.error, message: `MCP error ${c.error.code}: ${c.error.message}` }, c.name);
    } else if (c.result) {
      assert.ok(got.result, `${c.name}: expected a tool result, got error ${JSON.stringify(got.error)}`);
      assert.deepEqual(got.result, c.result, c.name);
    } else {
      assert.ok(got.result, `${c.name}: expected a tool result, got error ${JSON.stringify(got.error)}`);
      assert.notEqual(got.result.isError, true, c.name);
      assert.deepEqual(got.result.content, [{ type: "text", text: c.text }], c.name);
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
  console.log(`rtt tool error (read_file, 2500) over ${RTT_RUNS} calls: ${fmt(fsErr)}`);
  console.log(`rtt tool error (navigate, 2100) over ${RTT_RUNS} calls: ${fmt(navErr)}`);
  console.log(`rtt JSON-RPC error (navigate confirm, -32021) over ${RTT_RUNS} calls: ${fmt(rpcErr)}`);

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

  // Without MCP_ERROR_METRICS: the method does not exist.
  const plain = await connect(root, false);
  await assert.rejects(errorStats(plain), (e) => e instanceof McpError && e.code === cases.methodNotFound);
  console.log(`ok  sys/errorStats without MCP_ERROR_METRICS: ${cases.methodNotFound}`);
  await plain.close();
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  cleanup();
}
if (failed) process.exit(1);
console.log("typescript client: all checks passed");
