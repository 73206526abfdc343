// Discovery from the live example server, through the official TypeScript MCP SDK, with a module
// generated from an EMPTY catalog (a client with no module for this server):
//
//   node discovery.mjs <mcp_server binary> <errors.js compiled from the empty catalog>
//
// The catalog is read from the server's resource mcp-errors://catalog (listed by
// resources/list, application/json, the --catalog JSON), loaded with loadCatalog, and the
// server's errors (a tool error and a JSON-RPC error) decode by symbol with decodeWithCatalog;
// tools/list names each tool's symbols under _meta["io.crates.mcp-errors/errors"]. The .ci script
// runs it from a directory whose node_modules is tests/e2e's. Exits non-zero on a mismatch.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";

const [server, modulePath] = process.argv.slice(2);
if (!server || !modulePath) {
  console.error("usage: node discovery.mjs <mcp_server binary> <errors.js>");
  process.exit(2);
}
const m = await import(pathToFileURL(path.resolve(modulePath)).href);
assert.deepEqual(Object.keys(m.ERRORS), [], "the module is generated from an empty catalog");

const transport = new StdioClientTransport({ command: server, args: [], env: getDefaultEnvironment(), cwd: os.tmpdir(), stderr: "inherit" });
const client = new Client({ name: "mcp-errors-discovery-ts", version: "0.1.0" });
await client.connect(transport);
try {
  assert.ok(client.getServerCapabilities()?.resources, "the resources capability");
  const { resources } = await client.listResources();
  const listed = resources.filter((r) => r.uri === m.CATALOG_URI);
  assert.equal(listed.length, 1);
  assert.equal(listed[0].mimeType, "application/json");

  const read = await client.readResource({ uri: m.CATALOG_URI });
  const printed = JSON.parse(execFileSync(server, ["--catalog"], { encoding: "utf8" }));
  assert.deepEqual(JSON.parse(read.contents[0].text), printed, "the resource is the --catalog JSON");
  const catalog = m.loadCatalog(read);
  assert.ok(catalog !== undefined, "the served catalog loads");
  assert.ok(catalog.bySymbol.size >= 20);

  const { tools } = await client.listTools();
  const symbols = Object.fromEntries(tools.map((t) => [t.name, t._meta?.[m.TOOL_ERRORS_META_KEY]?.symbols]));
  assert.ok(symbols.navigate.includes("E_PW_NAV") && symbols.navigate.includes("MISSING_CLIENT_CAPABILITY"));
  assert.ok(symbols.read_file.includes("E_FS_PATH_ESCAPE") && !symbols.read_file.includes("E_PW_NAV"));
  for (const s of [...symbols.navigate, ...symbols.read_file]) assert.ok(catalog.bySymbol.has(s), s);

  // A tool error: the empty module cannot name it, the loaded catalog can.
  const tool = await client.callTool({ name: "navigate", arguments: { url: "https://example.invalid/page" } });
  assert.equal(m.decodeError(tool)?.symbol, undefined);
  const d = m.decodeWithCatalog(tool, catalog);
  assert.equal(d?.symbol, "E_PW_NAV");
  assert.equal(d?.kind, "network");
  assert.equal(d?.retryable, true);
  assert.equal(d?.entry?.help, "check the URL's host name; if it is right, retry later");
  const escape = m.decodeWithCatalog(await client.callTool({ name: "read_file", arguments: { path: "../x" } }), catalog);
  assert.equal(escape?.symbol, "E_FS_PATH_ESCAPE");
  assert.equal(escape?.kind, "validation");

  // A JSON-RPC error (the SDK throws it).
  let thrown;
  try {
    await client.callTool({ name: "navigate", arguments: { url: "https://example.invalid/page", confirm: true } });
  } catch (e) {
    thrown = e;
  }
  assert.ok(thrown instanceof McpError, `expected a JSON-RPC error, got ${thrown}`);
  const j = m.decodeWithCatalog(thrown, catalog);
  assert.equal(j?.symbol, "MISSING_CLIENT_CAPABILITY");
  assert.equal(j?.code, -32021);
  assert.equal(j?.retryable, false);

  // A catalog that does not load leaves the client with the one it had (here: none).
  const hostile = m.loadCatalog({ contents: [{ uri: m.CATALOG_URI, text: read.contents[0].text.slice(0, 100) }] });
  assert.equal(hostile, undefined);
  assert.deepEqual(m.decodeWithCatalog(tool, hostile), m.decodeError(tool));
  console.log("discovery (typescript): ok");
} finally {
  await client.close();
}
