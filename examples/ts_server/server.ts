// A TypeScript MCP server of the same fleet as examples/mcp_server (stdio, newline-delimited
// JSON-RPC, no npm package), whose errors come from two generated modules: the common and
// protocol errors from the Rust server's catalog (../mcp_server/clients/errors.ts), which the
// Rust client decodes with the Rust enums (tests/test_ts_server.rs), and its own domain's
// (`puppeteer` in examples/fleet/fleet.toml) from its hand-written catalog, errors.toml
// (clients/errors.ts: `mcp-errors gen --lang ts --catalog errors.toml --out clients`).
//
//   node examples/ts_server/dist/ts_server/server.js
//
// dist/ is compiled from this file and the generated module with the pinned TypeScript
// (.ci/polyglot.sh rebuilds it and fails when the committed copy is stale).
//
// Tools:
// - `open_session {id}`: no session is ever open: E_SESSION_NOT_FOUND with the id as details;
// - `fetch {url}`: the upstream never answers: E_TIMEOUT, retryable;
// - `run {command}`: nothing is installed: E_NOT_INSTALLED;
// - `echo {text}`: the text back (a success);
// - `navigate {url}`: the browser never gets there: E_PT_NAV (2200), its own domain's, retryable;
// - an argument of the wrong type: E_INVALID_PARAMS naming it.
// An unknown tool is the JSON-RPC error INVALID_PARAMS (-32602), an unknown method
// METHOD_NOT_FOUND (-32601), both from the catalog too.

import { type ErrorSymbol, type JsonRpcErrorObject, type ToolError, McpError, createError } from "../mcp_server/clients/errors.js";
import { McpError as PuppeteerError, createError as createPuppeteerError } from "./clients/errors.js";

// The little of Node's `process` this server uses (no @types/node needed).
declare const process: {
  stdin: { setEncoding(encoding: "utf8"): void; on(event: "data", listener: (chunk: string) => void): void };
  stdout: { write(text: string): boolean };
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Tool {
  description: string;
  argument: string;
  run(value: string): string;
}

/** Throws the tool error `symbol` with `details`. */
function fail(symbol: ErrorSymbol, details: string): never {
  throw createError(symbol, undefined, undefined, { details });
}

const TOOLS: Record<string, Tool> = {
  open_session: {
    description: "Opens a browser session by id (none exists)",
    argument: "id",
    run: (id) => fail("E_SESSION_NOT_FOUND", `no session ${JSON.stringify(id)}`),
  },
  fetch: {
    description: "Fetches a URL (the upstream never answers)",
    argument: "url",
    run: (url) => fail("E_TIMEOUT", `no answer from ${url} within 30 s`),
  },
  run: {
    description: "Runs a command (nothing is installed)",
    argument: "command",
    run: (command) => fail("E_NOT_INSTALLED", `${command}: command not found`),
  },
  echo: {
    description: "Returns its text",
    argument: "text",
    run: (text) => text,
  },
  navigate: {
    description: "Opens a URL in the browser (it never gets there)",
    argument: "url",
    run: (url) => {
      throw createPuppeteerError("E_PT_NAV", undefined, { url }, { details: `net::ERR_NAME_NOT_RESOLVED at ${url}` });
    },
  },
};

class RpcError extends Error {
  constructor(readonly error: JsonRpcErrorObject) {
    super(error.message);
  }
}

function callTool(params: Record<string, unknown>): { content: { type: "text"; text: string }[] } | ToolError {
  const name = params.name;
  const tool = typeof name === "string" && Object.prototype.hasOwnProperty.call(TOOLS, name) ? TOOLS[name] : undefined;
  if (tool === undefined) {
    throw new RpcError(createError("INVALID_PARAMS", "tool not found").toJsonRpcError());
  }
  const args = typeof params.arguments === "object" && params.arguments !== null ? (params.arguments as Record<string, unknown>) : {};
  const value = args[tool.argument];
  try {
    if (typeof value !== "string") {
      fail("E_INVALID_PARAMS", `/${tool.argument}: expected a string`);
    }
    return { content: [{ type: "text", text: tool.run(value) }] };
  } catch (e) {
    if (e instanceof McpError || e instanceof PuppeteerError) return e.toToolError();
    throw e;
  }
}

function handle(method: string, params: Record<string, unknown>): unknown {
  switch (method) {
    case "initialize":
      return {
        protocolVersion: typeof params.protocolVersion === "string" ? params.protocolVersion : "2025-11-25",
        capabilities: { tools: {} },
        serverInfo: { name: "mcp-errors-ts-server", version: "0.1.0" },
      };
    case "ping":
      return {};
    case "tools/list":
      return {
        tools: Object.entries(TOOLS).map(([name, tool]) => ({
          name,
          description: tool.description,
          inputSchema: { type: "object", properties: { [tool.argument]: { type: "string" } }, required: [tool.argument] },
        })),
      };
    case "tools/call":
      return callTool(params);
    default:
      throw new RpcError(createError("METHOD_NOT_FOUND").toJsonRpcError());
  }
}

function send(message: Record<string, Json | unknown>): void {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function onLine(line: string): void {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    send({ jsonrpc: "2.0", id: null, error: createError("PARSE_ERROR").toJsonRpcError() });
    return;
  }
  if (typeof request !== "object" || request === null || Array.isArray(request)) return;
  const { id, method, params } = request as Record<string, unknown>;
  if (id === undefined || typeof method !== "string") return; // a notification or a response
  try {
    const result = handle(method, typeof params === "object" && params !== null ? (params as Record<string, unknown>) : {});
    send({ jsonrpc: "2.0", id, result });
  } catch (e) {
    const error = e instanceof RpcError ? e.error : createError("INTERNAL_ERROR").toJsonRpcError();
    send({ jsonrpc: "2.0", id, error });
  }
}

let buffered = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  buffered += chunk;
  let end: number;
  while ((end = buffered.indexOf("\n")) >= 0) {
    const line = buffered.slice(0, end).trim();
    buffered = buffered.slice(end + 1);
    if (line !== "") onLine(line);
  }
});
