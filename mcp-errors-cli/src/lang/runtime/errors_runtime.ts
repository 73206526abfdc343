// ---- begin generated: header ----
// The runtime of the TypeScript module `mcp-errors gen --lang ts` writes (errors.ts): the
// generator copies this file, replacing each part between "begin generated" and "end generated"
// with the catalog's own; what is between the markers here is what it writes for
// sample_catalog.json (a unit test keeps it so: MCP_ERRORS_BLESS=1 cargo test -p mcp-errors-cli
// rewrites it). So this file compiles under `tsc --strict` as it is, and errors_runtime.test.mjs
// tests it. Edit the rest freely: it is the runtime of every generated module.
// ---- end generated: header ----
/* eslint-disable */

// ---- begin generated: symbols ----
/** The catalog this module was generated from. */
export const CATALOG_SOURCE = "sample_catalog.json";

/** Every symbol of the catalog; any other string does not type-check. */
export type ErrorSymbol =
  | "E_NAV_TIMEOUT"
  | "E_SELECTOR"
  | "INVALID_PARAMS";

/**
 * E_NAV_TIMEOUT: Navigation to {url} timed out (timeout), retryable
 */
export const E_NAV_TIMEOUT = 2100;
/**
 * E_SELECTOR: No element matches {0:?} (not_found)
 */
export const E_SELECTOR = 2101;
/**
 * INVALID_PARAMS: Invalid params (protocol)
 */
export const INVALID_PARAMS = -32602;

// ---- end generated: symbols ----
/** A field of the Rust variant behind a symbol. */
export interface ErrorField {
  /** The Rust field's name (`reason`, or `0` for a tuple field): what the template names. */
  readonly name: string;
  /** Its key in `data`. */
  readonly key: string;
  /** How it reaches the wire: `data`, `skip`, `details`, `source`, `retry_after`, ... */
  readonly role: string;
}

/** What the catalog says about one symbol. */
export interface ErrorInfo {
  readonly code: number;
  readonly symbol: ErrorSymbol;
  /** The domain of the enum that declares it (a server may raise it under its own). */
  readonly domain: string;
  readonly kind: string;
  /** The TypeScript hierarchy's class name: `ValidationError`, `NetworkError`, ... */
  readonly errorType: string;
  readonly retryable: boolean;
  /** How a server sends it: a tool error (`isError: true`) or a JSON-RPC error. */
  readonly channel: "tool" | "jsonrpc";
  readonly message: string;
  readonly description: string;
  readonly help?: string;
  /** The page documenting the error, when the catalog names one. */
  readonly docUrl?: string;
  readonly fields: readonly ErrorField[];
}

// ---- begin generated: tables ----
/** The code of every symbol. */
export const CODES: Readonly<Record<ErrorSymbol, number>> = Object.freeze({
  "E_NAV_TIMEOUT": 2100,
  "E_SELECTOR": 2101,
  "INVALID_PARAMS": -32602,
});

/** The catalog's metadata of every symbol. */
export const ERRORS: Readonly<Record<ErrorSymbol, ErrorInfo>> = Object.freeze({
  "E_NAV_TIMEOUT": Object.freeze({
    code: 2100,
    symbol: "E_NAV_TIMEOUT",
    domain: "browser",
    kind: "timeout",
    errorType: "TimeoutError",
    retryable: true,
    channel: "tool",
    message: "Navigation to {url} timed out",
    description: "Navigation to {url} timed out",
    help: "Retry with a longer timeout.",
    docUrl: "https://errors.example.dev/browser#E_NAV_TIMEOUT",
    fields: Object.freeze([
      Object.freeze({ name: "url", key: "url", role: "data" }),
      Object.freeze({ name: "token", key: "token", role: "skip" }),
    ]),
  }),
  "E_SELECTOR": Object.freeze({
    code: 2101,
    symbol: "E_SELECTOR",
    domain: "browser",
    kind: "not_found",
    errorType: "ValidationError",
    retryable: false,
    channel: "tool",
    message: "No element matches {0:?}",
    description: "No element matches {0:?}",
    fields: Object.freeze([
      Object.freeze({ name: "0", key: "selector", role: "data" }),
      Object.freeze({ name: "why", key: "details", role: "details" }),
    ]),
  }),
  "INVALID_PARAMS": Object.freeze({
    code: -32602,
    symbol: "INVALID_PARAMS",
    domain: "jsonrpc",
    kind: "protocol",
    errorType: "ProtocolError",
    retryable: false,
    channel: "jsonrpc",
    message: "Invalid params",
    description: "Invalid params",
    fields: Object.freeze([
      Object.freeze({ name: "field", key: "field", role: "data" }),
    ]),
  }),
});

// ---- end generated: tables ----
const BY_CODE: ReadonlyMap<number, ErrorInfo> = (() => {
  const map = new Map<number, ErrorInfo>();
  for (const info of Object.values(ERRORS) as ErrorInfo[]) {
    if (!map.has(info.code)) map.set(info.code, info);
  }
  return map;
})();

/** SEP-3304's proposed RateLimited code: always retryable. */
export const RATE_LIMITED = -32023;

/** Whether `s` is a symbol of the catalog. */
export function isErrorSymbol(s: unknown): s is ErrorSymbol {
  return typeof s === "string" && Object.prototype.hasOwnProperty.call(ERRORS, s);
}

/** An error received on either channel, read back. */
export interface DecodedError {
  code: number;
  /** Undefined for a code outside the catalog. */
  symbol?: ErrorSymbol;
  domain?: string;
  kind?: string;
  retryable: boolean;
  retryAfterMs?: number;
  message: string;
  /** The tool error's `Details:` (`_meta.details`), or the JSON-RPC error's `data.details`. */
  details?: string;
  data?: Record<string, unknown>;
  channel: "jsonrpc" | "tool";
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function asCode(v: unknown): number | undefined {
  if (typeof v === "number") {
    return Number.isInteger(v) && v >= -2147483648 && v <= 2147483647 ? v : undefined;
  }
  if (typeof v === "string" && /^\s*-?\d{1,10}\s*$/.test(v)) {
    return asCode(Number(v.trim()));
  }
  return undefined;
}

function asMs(v: unknown): number | undefined {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}

/** `(retry after N ms)` in a tool error's text, its last occurrence. */
function msFromText(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  let found: number | undefined;
  for (const m of text.matchAll(/\(retry after (\d+) ms\)/g)) {
    const n = Number(m[1]);
    found = Number.isSafeInteger(n) ? n : undefined;
  }
  return found;
}

function firstText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  for (const block of content as unknown[]) {
    if (!isRecord(block) || block["type"] !== "text") continue;
    const text = block["text"];
    if (typeof text === "string") return text;
  }
  return undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

function decoded(
  code: number,
  wireSymbol: unknown,
  wireDomain: unknown,
  wireRetryable: unknown,
  retryAfter: number | undefined,
  message: string,
  details: string | undefined,
  data: Record<string, unknown> | undefined,
  channel: "jsonrpc" | "tool",
): DecodedError {
  const info = isErrorSymbol(wireSymbol) ? ERRORS[wireSymbol] : BY_CODE.get(code);
  const out: DecodedError = {
    code,
    retryable:
      typeof wireRetryable === "boolean"
        ? wireRetryable
        : (info?.retryable ?? false) || code === RATE_LIMITED,
    message,
    channel,
  };
  if (retryAfter !== undefined) out.retryable = true;
  if (info !== undefined) {
    out.symbol = info.symbol;
    out.kind = info.kind;
  }
  const domain = str(wireDomain) ?? info?.domain;
  if (domain !== undefined) out.domain = domain;
  if (retryAfter !== undefined) out.retryAfterMs = retryAfter;
  if (details !== undefined) out.details = details;
  if (data !== undefined) out.data = data;
  return out;
}

/** The message of a tool error's text: after `SYMBOL: `, before the `Details:` line. */
function toolMessage(text: string | undefined, symbol: string | undefined): string {
  if (text === undefined) return "";
  let head = text;
  if (symbol !== undefined && head.startsWith(symbol + ": ")) head = head.slice(symbol.length + 2);
  for (const marker of ["\nDetails: ", "\nHelp: ", "\nRetryable: "]) {
    const at = head.indexOf(marker);
    if (at >= 0) head = head.slice(0, at);
  }
  // The text form of the delay, when the format puts it on the message's line.
  return head.replace(/ \(retry after \d+ ms\)$/, "");
}

function decodeToolResult(x: Record<string, unknown>): DecodedError | undefined {
  const meta = x["_meta"];
  if (!isRecord(meta)) return undefined;
  const symbol = str(meta["errorCode"]);
  const code = asCode(meta["code"]) ?? (isErrorSymbol(symbol) ? CODES[symbol] : undefined);
  if (code === undefined) return undefined;
  const text = firstText(x["content"]);
  const metaData = meta["data"];
  const data = isRecord(metaData) ? metaData : undefined;
  const ms = asMs(data?.["retryAfterMs"]) ?? asMs(meta["retryAfterMs"]) ?? msFromText(text);
  const message = toolMessage(text, symbol);
  return decoded(code, symbol, meta["domain"], meta["retryable"], ms, message, str(meta["details"]), data, "tool");
}

function decodeErrorObject(x: Record<string, unknown>): DecodedError | undefined {
  const code = asCode(x["code"]);
  const wireMessage = x["message"];
  if (code === undefined || typeof wireMessage !== "string") return undefined;
  const wireData = x["data"];
  const data = isRecord(wireData) ? wireData : undefined;
  // The official TypeScript SDK's McpError prefixes the wire message.
  const prefix = `MCP error ${code}: `;
  const sdkMessage =
    x instanceof Error && wireMessage.startsWith(prefix) ? wireMessage.slice(prefix.length) : wireMessage;
  const message = withoutSymbolPrefix(sdkMessage, data?.["symbol"]);
  const ms = asMs(data?.["retryAfterMs"]);
  return decoded(code, data?.["symbol"], data?.["domain"], data?.["retryable"], ms, message, str(data?.["details"]), data, "jsonrpc");
}

// Identity through gateways (docs/envelopes.md): an error whose `data` has no `symbol` is read
// again from its message, or a tool result without mcp-errors' `_meta` from its text. The Rust
// client (mcp-errors-core's recover.rs) and the Python module follow the same rule, on the same
// vectors (tests/polyglot/recover_cases.json).

/** The longest text read for an embedded error, in UTF-8 bytes; a longer one is not read. */
const RECOVER_MAX_TEXT = 65536;
/** The deepest bracket nesting followed: a response and its error around `data`'s 64 levels. */
const RECOVER_MAX_NESTING = 66;
/** How many embedded levels are followed (a gateway behind a gateway). */
const RECOVER_MAX_HOPS = 4;

/** Whether `text` is at most `max` bytes of UTF-8 (a lone surrogate counts as U+FFFD's 3). */
function utf8AtMost(text: string, max: number): boolean {
  if (text.length > max) return false;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes <= max;
}

/**
 * The JSON-RPC error embedded in `text`: the first `{` followed (after JSON whitespace) by
 * `"`, up to the bracket that closes it outside strings (one pass, given up past
 * RECOVER_MAX_NESTING), parsed strictly; a response's `error`, or the object itself, with an
 * integer code and a string message. Undefined for anything else.
 */
function embeddedError(text: string): Record<string, unknown> | undefined {
  if (!utf8AtMost(text, RECOVER_MAX_TEXT)) return undefined;
  // (Linear: the whitespace after each `{` is looked at once.)
  const found = /\{[ \t\n\r]*"/.exec(text);
  if (found === null) return undefined;
  const start = found.index;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let end = -1;
  for (let i = start; i < text.length && end < 0; i++) {
    const c = text.charAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === "{" || c === "[") {
      if (++depth > RECOVER_MAX_NESTING) return undefined;
    } else if (c === "}" || c === "]") {
      if (--depth === 0) end = i + 1;
    }
  }
  if (end < 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end));
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const error = value["error"];
  const object = isRecord(error) ? error : value;
  return asCode(object["code"]) !== undefined && typeof object["message"] === "string" ? object : undefined;
}

/** A text starting with `SYMBOL: `, a symbol of the catalog: that symbol's error. */
function decodeSymbolPrefix(text: string, channel: "jsonrpc" | "tool"): DecodedError | undefined {
  const colon = text.slice(0, 65).indexOf(": ");
  const symbol = text.slice(0, Math.max(colon, 0));
  if (colon <= 0 || !isErrorSymbol(symbol)) return undefined;
  const rest = text.slice(colon + 2);
  const newline = rest.indexOf("\n");
  const line = newline < 0 ? rest : rest.slice(0, newline);
  const message = line.replace(/ \(retry after \d+ ms\)$/, "");
  const info: ErrorInfo = ERRORS[symbol];
  return decoded(info.code, symbol, undefined, undefined, msFromText(text), message, undefined, undefined, channel);
}

/** What `text` says the error was: an embedded error (recovered in turn), else a symbol prefix. */
function recoverFromText(text: string, hops: number, channel: "jsonrpc" | "tool"): DecodedError | undefined {
  const inner = embeddedError(text);
  if (inner !== undefined) return recoverErrorObject(inner, hops - 1) ?? decodeErrorObject(inner);
  return decodeSymbolPrefix(text, channel);
}

/** An error object without `data.symbol`, read again from its message. */
function recoverErrorObject(x: Record<string, unknown>, hops: number): DecodedError | undefined {
  const data = x["data"];
  const message = x["message"];
  if (hops <= 0 || (isRecord(data) && typeof data["symbol"] === "string")) return undefined;
  if (asCode(x["code"]) === undefined || typeof message !== "string") return undefined;
  // (The official SDK's McpError prefixes the wire message.)
  const prefix = `MCP error ${String(asCode(x["code"]))}: `;
  const text = x instanceof Error && message.startsWith(prefix) ? message.slice(prefix.length) : message;
  return recoverFromText(text, hops, "jsonrpc");
}

/** A tool result without mcp-errors' `_meta` (a gateway's), read from its text. */
function recoverToolText(x: Record<string, unknown>): DecodedError | undefined {
  const text = firstText(x["content"]);
  return text === undefined ? undefined : recoverFromText(text, RECOVER_MAX_HOPS, "tool");
}

/** A message without the `SYMBOL: ` prefix (and its delay) the opt-in writes, when `symbol` starts it. */
function withoutSymbolPrefix(message: string, symbol: unknown): string {
  if (typeof symbol !== "string" || !message.startsWith(symbol + ": ")) return message;
  return message.slice(symbol.length + 2).replace(/ \(retry after \d+ ms\)$/, "");
}

/**
 * Reads an error back from what a client has at hand, by shape: a JSON-RPC error object
 * (`{code, message, data}`), a JSON-RPC response carrying one, the official SDK's thrown
 * `McpError`, or a tool result with `isError: true` and mcp-errors' `_meta`. A code outside
 * the catalog decodes with `symbol` undefined. An error a gateway stripped of its `data` (or
 * turned into a tool result's text) is read from its text: an embedded JSON-RPC error, or a
 * `SYMBOL: ` of the catalog at its start (docs/envelopes.md, "Identity through gateways"). Anything else (a success, a string, null)
 * gives `undefined`; this never throws.
 */
export function decodeError(x: unknown): DecodedError | undefined {
  try {
    if (!isRecord(x) && !(x instanceof Error)) return undefined;
    const r = x as Record<string, unknown>;
    if (r["isError"] === true) return withToolFailure(r, decodeToolResult(r)) ?? recoverToolText(r);
    const error = r["error"];
    const object = isRecord(error) && asCode(r["code"]) === undefined ? error : r;
    return recoverErrorObject(object, RECOVER_MAX_HOPS) ?? decodeErrorObject(object);
  } catch {
    return undefined;
  }
}

/** Whether `x` is an error worth retrying (the wire's flag, else the catalog's). */
export function isRetryable(x: unknown): boolean {
  const d = decodeError(x);
  if (d !== undefined) return d.retryable;
  const f = toolFailure(x);
  return f !== undefined && (f.retryable === true || f.retryAfterMs !== undefined);
}

function retryAfterHeader(x: unknown): number | undefined {
  if (!isRecord(x)) return undefined;
  const headers = x["headers"];
  if (!isRecord(headers)) return undefined;
  // A fetch `Headers` (its `get` ignores case), else a plain object of header fields.
  const get = headers["get"];
  let value: unknown;
  if (typeof get === "function") {
    value = (get as (name: string) => unknown).call(headers, "retry-after");
  } else {
    for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === "retry-after") value = v;
  }
  if (typeof value !== "string" || !/^\s*\d+\s*$/.test(value)) return undefined;
  const ms = Number(value.trim()) * 1000;
  return Number.isSafeInteger(ms) ? ms : undefined;
}

/**
 * The delay the error asks for before a retry, in milliseconds: `data.retryAfterMs`, else
 * `_meta.retryAfterMs`, else the text's `(retry after N ms)`, else an HTTP response's
 * `Retry-After` seconds (an object with `headers`). Malformed values are ignored.
 */
export function retryAfterMs(x: unknown): number | undefined {
  try {
    return decodeError(x)?.retryAfterMs ?? toolFailure(x)?.retryAfterMs ?? retryAfterHeader(x);
  } catch {
    return undefined;
  }
}

// The draft ToolFailure proposal (MCP pull requests #3312 and #3313, not accepted): a structured
// failure under `_meta["io.modelcontextprotocol/toolFailure"]`, which a server may send instead
// of, or beside, mcp-errors' own `_meta` keys. `decodeError`, `isRetryable` and `retryAfterMs`
// fall back on it; `toolFailure` reads it whole.

/** The `_meta` key of the draft ToolFailure proposal. */
export const TOOL_FAILURE_KEY = "io.modelcontextprotocol/toolFailure";

/** A received `_meta["io.modelcontextprotocol/toolFailure"]`: each member as far as it has the expected type and size. */
export interface ToolFailure {
  /** `capability`, `reliability`, `governance` (or another string the draft may add). */
  class?: string;
  /** A JSON integer within int32 or a string of one as a number, else the string itself. */
  code?: number | string;
  retryable?: boolean;
  /** `retryNotBefore` in milliseconds since the epoch (0 for a moment before 1970). */
  retryNotBeforeMs?: number;
  /** Milliseconds from now (or the `nowMs` given) until `retryNotBefore`, rounded up; 0 once past. */
  retryAfterMs?: number;
  correlationId?: string;
  agentGuidance?: string;
}

/**
 * An RFC 3339 date-time (`YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, a leap second read as :59)
 * as [seconds since the epoch, nanoseconds]; undefined for anything else.
 */
function toolFailureAt(v: unknown): [number, number] | undefined {
  if (typeof v !== "string" || v.length > 64) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/.exec(v);
  if (m === null) return undefined;
  const n = (i: number): number => Number(m[i] ?? "0");
  const [year, month, day, hour, minute, second] = [n(1), n(2), n(3), n(4), n(5), n(6)];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (monthDays === undefined || day < 1 || day > monthDays || hour > 23 || minute > 59 || second > 60) return undefined;
  const [oh, om] = [n(9), n(10)];
  if (oh > 23 || om > 59) return undefined;
  const offset = (m[8] === "-" ? -1 : 1) * (oh * 3600 + om * 60);
  // Days since 1970-01-01 of the proleptic Gregorian date (H. Hinnant's days-from-civil).
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const days = era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
  const secs = days * 86400 + hour * 3600 + minute * 60 + Math.min(second, 59) - offset;
  if (secs < 0) return [0, 0];
  const nanos = Number(((m[7] ?? "") + "000000000").slice(0, 9));
  return [secs, nanos];
}

/**
 * The draft ToolFailure member of a tool result (`isError: true`), or undefined. Values of the
 * wrong type or size are left out; this never throws.
 */
export function toolFailure(x: unknown, nowMs: number = Date.now()): ToolFailure | undefined {
  try {
    if (!isRecord(x) || x["isError"] !== true) return undefined;
    const meta = x["_meta"];
    if (!isRecord(meta)) return undefined;
    const f = meta[TOOL_FAILURE_KEY];
    if (!isRecord(f)) return undefined;
    const text = (key: string): string | undefined => {
      const v = f[key];
      return typeof v === "string" && utf8AtMost(v, 4096) ? v : undefined;
    };
    const out: ToolFailure = {};
    const cls = text("class");
    if (cls !== undefined) out.class = cls;
    const code = f["code"];
    if (typeof code === "number") {
      const n = asCode(code);
      if (n !== undefined) out.code = n;
    } else if (typeof code === "string" && code !== "" && utf8AtMost(code, 4096)) {
      const n = /^\s*[+-]?\d+\s*$/.test(code) ? Number(code.trim()) : NaN;
      out.code = Number.isInteger(n) && n >= -2147483648 && n <= 2147483647 ? n : code;
    }
    const retryable = f["retryable"];
    if (typeof retryable === "boolean") out.retryable = retryable;
    const at = toolFailureAt(f["retryNotBefore"]);
    if (at !== undefined) {
      out.retryNotBeforeMs = at[0] * 1000 + Math.floor(at[1] / 1e6);
      out.retryAfterMs = Math.max(0, at[0] * 1000 - nowMs + Math.ceil(at[1] / 1e6));
    }
    const id = text("correlationId");
    if (id !== undefined && id !== "" && utf8AtMost(id, 128) && !/[\u0000-\u001f\u007f-\u009f]/.test(id)) {
      out.correlationId = id;
    }
    const guidance = text("agentGuidance");
    if (guidance !== undefined) out.agentGuidance = guidance;
    return out;
  } catch {
    return undefined;
  }
}

/**
 * `d` (a tool result's decoding) completed from the draft ToolFailure member: its `retryable`
 * where `_meta` has none, its delay where nothing else gave one; or, for a result that carries
 * only the member, the error its `code` names (a number, or a symbol of the catalog).
 */
function withToolFailure(x: Record<string, unknown>, d: DecodedError | undefined): DecodedError | undefined {
  const f = toolFailure(x);
  if (f === undefined) return d;
  if (d === undefined) {
    const code = typeof f.code === "number" ? f.code : isErrorSymbol(f.code) ? CODES[f.code] : undefined;
    if (code === undefined) return undefined;
    const message = toolMessage(firstText(x["content"]), undefined);
    return decoded(code, f.code, undefined, f.retryable, f.retryAfterMs, message, undefined, undefined, "tool");
  }
  const meta = x["_meta"];
  if (isRecord(meta) && typeof meta["retryable"] !== "boolean" && f.retryable !== undefined) {
    d.retryable = f.retryable || d.retryAfterMs !== undefined;
  }
  if (d.retryAfterMs === undefined && f.retryAfterMs !== undefined) {
    d.retryAfterMs = f.retryAfterMs;
    d.retryable = true;
  }
  return d;
}

/** The `_meta` of a tool error, as the Rust server writes it. */
export interface ToolErrorMeta {
  errorType: string;
  errorCode: ErrorSymbol;
  retryable: boolean;
  code: number;
  domain: string;
  retryAfterMs?: number;
  details?: string;
  help?: string;
  data?: Record<string, unknown>;
  [key: string]: unknown;
}

/** An MCP tool error (`CallToolResult` with `isError: true`). */
export interface ToolError {
  content: { type: "text"; text: string }[];
  isError: true;
  _meta: ToolErrorMeta;
  [key: string]: unknown;
}

/** A JSON-RPC error object as the Rust server writes it. */
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data: Record<string, unknown>;
}

/** What an error carries besides its symbol, message and data. */
export interface McpErrorOptions {
  // `| undefined`: under `exactOptionalPropertyTypes` a caller may still pass a decoded error's
  // `{ details: d.details }` as it is.
  /** The `Details:` line and `_meta.details`. */
  details?: string | undefined;
  /** A known retry delay; makes the error retryable. */
  retryAfterMs?: number | undefined;
  /** The domain the server raises it under (default: the catalog's). */
  domain?: string | undefined;
}

/**
 * The message of `info` for `data`, its template filled in as the Rust server's message would
 * read where the template only names fields (format specs and arguments are Rust's own):
 * `{{` and `}}` are braces; `{name}` or `{name:spec}`, where `name` is a field that is not
 * `skip` and `data` has the field's key as an own property (for a `details` field, else the
 * `details` option), is that value: a string as it is (as a JSON string literal when `spec`
 * has a `?`), anything else as compact JSON. Any other placeholder, or a value JSON cannot
 * write, stays as it is.
 */
function renderMessage(info: ErrorInfo, data: Record<string, unknown> | null | undefined, details: string | null | undefined): string {
  return info.message.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (whole: string, inner: string | undefined) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    if (inner === undefined) return whole;
    const colon = inner.indexOf(":");
    const name = colon < 0 ? inner : inner.slice(0, colon);
    const spec = colon < 0 ? "" : inner.slice(colon + 1);
    const field = info.fields.find((f) => f.name === name && f.role !== "skip");
    if (field === undefined) return whole;
    try {
      let value: unknown;
      // (`data` may be null or a throwing proxy from a plain-JavaScript caller.)
      if (data !== null && data !== undefined && Object.prototype.hasOwnProperty.call(data, field.key)) {
        value = data[field.key];
      } else if (field.role === "details" && details !== undefined && details !== null) {
        value = details;
      } else {
        return whole;
      }
      // JSON.stringify gives undefined for undefined, a function or a symbol, and throws on a
      // bigint or a cycle.
      const text: unknown = typeof value === "string" && !spec.includes("?") ? value : JSON.stringify(value);
      return typeof text === "string" ? text : whole;
    } catch {
      return whole;
    }
  });
}

// ---- begin generated: translations ----
/** The catalog's messages in other languages (`mcp-errors gen --locale`): a lowercase BCP 47 tag, then a symbol, to its template. */
export const TRANSLATIONS: Readonly<Record<string, Readonly<Partial<Record<ErrorSymbol, string>>>>> = Object.freeze({
  "fr": Object.freeze({
    "E_NAV_TIMEOUT": "La navigation vers {url} a expiré",
    "E_SELECTOR": "Aucun élément ne correspond à {0:?}",
    "INVALID_PARAMS": "Paramètres invalides",
  }),
  "fr-ca": Object.freeze({
    "E_NAV_TIMEOUT": "La navigation vers {url} a pris trop de temps",
  }),
});
// ---- end generated: translations ----

/**
 * `locale` and the tags it falls back to, as `TRANSLATIONS` keys: lowercase, `_` read as `-`,
 * then each tag without its last subtag (`fr-CA` → `fr-ca`, `fr`).
 */
function localeChain(locale: string): string[] {
  const chain: string[] = [];
  let tag = String(locale).toLowerCase().replace(/_/g, "-");
  while (tag !== "") {
    chain.push(tag);
    const dash = tag.lastIndexOf("-");
    tag = dash < 0 ? "" : tag.slice(0, dash);
  }
  return chain;
}

/** Whether `renderMessage` fills every placeholder of `template` for `info`, `data` and `details`. */
function placeholdersFilled(info: ErrorInfo, template: string, data: Record<string, unknown> | undefined, details: string | undefined): boolean {
  for (const m of template.matchAll(/\{\{|\}\}|\{([^{}]*)\}/g)) {
    const inner = m[1];
    if (inner === undefined) continue;
    const colon = inner.indexOf(":");
    const name = colon < 0 ? inner : inner.slice(0, colon);
    const field = info.fields.find((f) => f.name === name && f.role !== "skip");
    if (field === undefined) return false;
    const present = data !== undefined && Object.prototype.hasOwnProperty.call(data, field.key);
    if (!present && !(field.role === "details" && details !== undefined)) return false;
  }
  return true;
}

/**
 * The message of `decoded` in `locale` (a BCP 47 tag, any case, `fr_CA` as `fr-CA`): the
 * translation of its symbol for `locale` or the first tag it falls back to (`fr-CA`, then
 * `fr`), filled from the error's `data` (and `details`) as the original template is. The wire
 * message, as it is, when the error's symbol is not the catalog's, no tag has a translation of
 * it, or the data lacks a value one of its placeholders names. The error itself, and what the
 * server sent, are never changed.
 */
export function localizedMessage(decoded: DecodedError, locale: string): string {
  const symbol = decoded.symbol;
  if (symbol === undefined || !isErrorSymbol(symbol)) return decoded.message;
  // (typed: with an empty catalog ERRORS[symbol] is `never`, which cannot be spread)
  const info: ErrorInfo = ERRORS[symbol];
  for (const tag of localeChain(locale)) {
    if (!Object.prototype.hasOwnProperty.call(TRANSLATIONS, tag)) continue;
    const table = TRANSLATIONS[tag];
    if (table === undefined || !Object.prototype.hasOwnProperty.call(table, symbol)) continue;
    const template = table[symbol];
    if (template === undefined) continue;
    if (!placeholdersFilled(info, template, decoded.data, decoded.details)) return decoded.message;
    return renderMessage({ ...info, message: template }, decoded.data, decoded.details);
  }
  return decoded.message;
}

/**
 * The TypeScript hierarchy's base class: an error of the catalog, raised by a TypeScript server. Its
 * `toToolError()` is the tool error the Rust server sends for the same symbol, message,
 * details and data.
 */
export class McpError extends Error {
  readonly errorType: string;
  readonly errorCode: ErrorSymbol;
  readonly code: number;
  readonly domain: string;
  readonly kind: string;
  readonly retryable: boolean;
  readonly data: Record<string, unknown> | undefined;
  readonly details: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(symbol: ErrorSymbol, message?: string, data?: Record<string, unknown>, options: McpErrorOptions = {}) {
    // Typed, not inferred: for an empty catalog `ErrorSymbol` is `never`, and so would be `info`.
    const info: ErrorInfo = ERRORS[symbol];
    super(message ?? renderMessage(info, data, options.details));
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = info.errorType;
    this.errorType = info.errorType;
    this.errorCode = symbol;
    this.code = info.code;
    this.domain = options.domain ?? info.domain;
    this.kind = info.kind;
    // (A plain-JavaScript caller may pass null.)
    this.data = data ?? undefined;
    this.details = options.details ?? undefined;
    this.retryAfterMs = asMs(options.retryAfterMs);
    this.retryable = info.retryable || this.retryAfterMs !== undefined;
  }

  /** The MCP tool error: text for the model, `_meta` for programs. */
  toToolError(): ToolError {
    const info: ErrorInfo = ERRORS[this.errorCode];
    let text = `${this.errorCode}: ${this.message}`;
    if (this.details !== undefined) text += `\nDetails: ${this.details}`;
    if (info.help !== undefined) text += `\nHelp: ${info.help}`;
    text += "\nRetryable: ";
    const ms = this.retryAfterMs;
    if (!this.retryable) text += "no";
    else if (ms === undefined) text += "yes";
    // The retry contract's text form ends the text.
    else text += `yes (retry after ${ms} ms)`;
    const meta: ToolErrorMeta = {
      errorType: this.errorType,
      errorCode: this.errorCode,
      retryable: this.retryable,
      code: this.code,
      domain: this.domain,
    };
    if (ms !== undefined) meta.retryAfterMs = ms;
    if (this.details !== undefined) meta.details = this.details;
    if (info.help !== undefined) meta.help = info.help;
    if (this.data !== undefined && Object.keys(this.data).length > 0) meta.data = { ...this.data };
    return { content: [{ type: "text", text }], isError: true, _meta: meta };
  }

  /** The JSON-RPC error object (`error` of a response). */
  toJsonRpcError(): JsonRpcErrorObject {
    const data: Record<string, unknown> = { domain: this.domain, symbol: this.errorCode, retryable: this.retryable };
    if (this.details !== undefined) data["details"] = this.details;
    if (this.retryAfterMs !== undefined) data["retryAfterMs"] = this.retryAfterMs;
    if (this.data !== undefined) for (const [k, v] of Object.entries(this.data)) if (!(k in data)) data[k] = v;
    return { code: this.code, message: this.message, data };
  }
}

// ---- begin generated: classes ----
/** `errorType` ProtocolError: INVALID_PARAMS. */
export class ProtocolError extends McpError {
  static readonly SYMBOLS: readonly ErrorSymbol[] = ["INVALID_PARAMS"];
}

/** `errorType` TimeoutError: E_NAV_TIMEOUT. */
export class TimeoutError extends McpError {
  static readonly SYMBOLS: readonly ErrorSymbol[] = ["E_NAV_TIMEOUT"];
}

/** `errorType` ValidationError: E_SELECTOR. */
export class ValidationError extends McpError {
  static readonly SYMBOLS: readonly ErrorSymbol[] = ["E_SELECTOR"];
}

/** The class of each `errorType`; `createError` picks it. */
export const ERROR_CLASSES: Readonly<Record<string, typeof McpError>> = Object.freeze({
  "ProtocolError": ProtocolError,
  "TimeoutError": TimeoutError,
  "ValidationError": ValidationError,
});

// ---- end generated: classes ----
/** An error of the catalog, as an instance of its `errorType`'s class. */
export function createError(
  symbol: ErrorSymbol,
  message?: string,
  data?: Record<string, unknown>,
  options?: McpErrorOptions,
): McpError {
  const info: ErrorInfo = ERRORS[symbol];
  const Class = ERROR_CLASSES[info.errorType] ?? McpError;
  return new Class(symbol, message, data, options);
}

// Discovery: a catalog read from the server at run time (its resource `mcp-errors://catalog`),
// which decodes that server's errors by symbol without a module generated for it.

/** The URI of the catalog resource a server publishes. */
export const CATALOG_URI = "mcp-errors://catalog";
/** The key of a tool's `_meta` (in `tools/list`) that lists the symbols it can return. */
export const TOOL_ERRORS_META_KEY = "io.crates.mcp-errors/errors";
/** The largest catalog text `loadCatalog` reads, in UTF-8 bytes (1 MiB); larger is refused unread. */
export const MAX_CATALOG_BYTES = 1048576;

/** One error of a catalog loaded at run time. */
export interface CatalogEntry {
  readonly code: number;
  readonly symbol: string;
  readonly domain: string;
  readonly kind: string;
  readonly errorType?: string;
  readonly retryable: boolean;
  readonly channel?: "tool" | "jsonrpc";
  readonly message: string;
  readonly help?: string;
}

/** A server's catalog loaded at run time (`loadCatalog`). */
export interface LoadedCatalog {
  readonly bySymbol: ReadonlyMap<string, CatalogEntry>;
  readonly byCode: ReadonlyMap<number, readonly CatalogEntry[]>;
}

/** An error decoded with a loaded catalog: its symbol may be any of that catalog's. */
export interface DiscoveredError extends Omit<DecodedError, "symbol"> {
  symbol?: string;
  /** The loaded catalog's row, when it has one for the error. */
  entry?: CatalogEntry;
}

function catalogEntry(x: unknown, enumDomain: string): CatalogEntry | undefined {
  if (!isRecord(x)) return undefined;
  const { code, symbol, kind, retryable, message } = x;
  if (typeof code !== "number" || !Number.isInteger(code) || asCode(code) === undefined) return undefined;
  if (typeof symbol !== "string" || symbol === "" || typeof kind !== "string") return undefined;
  if (typeof retryable !== "boolean" || typeof message !== "string") return undefined;
  const domain = x["domain"] ?? enumDomain;
  const errorType = x["errorType"] ?? undefined;
  // The catalog JSON writes `tool_error`; the tables of a generated module, `tool`.
  const wireChannel = x["channel"] ?? undefined;
  const channel = wireChannel === "tool_error" ? "tool" : wireChannel;
  const help = x["help"] ?? undefined;
  if (typeof domain !== "string") return undefined;
  if (errorType !== undefined && typeof errorType !== "string") return undefined;
  if (channel !== undefined && channel !== "tool" && channel !== "jsonrpc") return undefined;
  if (help !== undefined && typeof help !== "string") return undefined;
  const entry: { -readonly [K in keyof CatalogEntry]: CatalogEntry[K] } = { code, symbol, domain, kind, retryable, message };
  if (errorType !== undefined) entry.errorType = errorType;
  if (channel !== undefined) entry.channel = channel;
  if (help !== undefined) entry.help = help;
  return Object.freeze(entry);
}

function catalogOf(x: unknown): LoadedCatalog | undefined {
  if (!isRecord(x) || !Array.isArray(x["enums"])) return undefined;
  const bySymbol = new Map<string, CatalogEntry>();
  const byCode = new Map<number, CatalogEntry[]>();
  for (const en of x["enums"] as unknown[]) {
    if (!isRecord(en) || typeof en["domain"] !== "string" || !Array.isArray(en["entries"])) return undefined;
    for (const raw of en["entries"] as unknown[]) {
      const entry = catalogEntry(raw, en["domain"]);
      if (entry === undefined) return undefined;
      const aliases = isRecord(raw) && Array.isArray(raw["aliases"]) ? (raw["aliases"] as unknown[]) : [];
      for (const name of [entry.symbol, ...aliases]) {
        if (typeof name !== "string") return undefined;
        const known = bySymbol.get(name);
        // One symbol with two codes: the catalog cannot say which one a received symbol means.
        if (known !== undefined && known.code !== entry.code) return undefined;
        if (known === undefined) bySymbol.set(name, entry);
      }
      const rows = byCode.get(entry.code) ?? [];
      rows.push(entry);
      byCode.set(entry.code, rows);
    }
  }
  return Object.freeze({ bySymbol, byCode });
}

/**
 * Loads a server's catalog: the text of its `mcp-errors://catalog` resource, that text parsed,
 * or the whole `resources/read` result (`{contents: [{uri, text}]}`). `undefined` when it is
 * larger than `MAX_CATALOG_BYTES`, not JSON, or not a catalog (a member of the wrong type, one
 * symbol with two codes): keep decoding with the catalog you had. Never throws.
 */
export function loadCatalog(x: unknown): LoadedCatalog | undefined {
  try {
    if (typeof x === "string") {
      // A UTF-16 unit is at least one UTF-8 byte: a longer string is refused without encoding it.
      if (x.length > MAX_CATALOG_BYTES || new TextEncoder().encode(x).length > MAX_CATALOG_BYTES) return undefined;
      return catalogOf(JSON.parse(x));
    }
    if (isRecord(x) && Array.isArray(x["contents"])) {
      for (const content of x["contents"] as unknown[]) {
        if (isRecord(content) && content["uri"] === CATALOG_URI && typeof content["text"] === "string") {
          return loadCatalog(content["text"]);
        }
      }
      return undefined;
    }
    return catalogOf(x);
  } catch {
    return undefined;
  }
}

/** The symbol, domain and `retryable` flag as received, by the same shapes `decodeError` reads. */
function wireIdentity(x: unknown): { symbol?: unknown; domain?: unknown; retryable?: unknown } {
  if (!isRecord(x) && !(x instanceof Error)) return {};
  const r = x as Record<string, unknown>;
  if (r["isError"] === true) {
    const meta = r["_meta"];
    return isRecord(meta) ? { symbol: meta["errorCode"], domain: meta["domain"], retryable: meta["retryable"] } : {};
  }
  const error = r["error"];
  const object = isRecord(error) && asCode(r["code"]) === undefined ? error : r;
  const data = object["data"];
  return isRecord(data) ? { symbol: data["symbol"], domain: data["domain"], retryable: data["retryable"] } : {};
}

/**
 * `decodeError(x)`, read with a catalog loaded at run time (`loadCatalog`): the received
 * symbol's row of that catalog (else, without a symbol, the row of its code, or of its code and
 * domain when several share it) gives the symbol, kind, domain and, when the wire has no flag,
 * `retryable`. A symbol the catalog does not know is left as `decodeError` reads it; with
 * `catalog` undefined this is `decodeError`. Never throws.
 */
export function decodeWithCatalog(x: unknown, catalog: LoadedCatalog | undefined): DiscoveredError | undefined {
  const base = decodeError(x);
  if (base === undefined || catalog === undefined) return base;
  try {
    const wire = wireIdentity(x);
    let entry: CatalogEntry | undefined;
    if (typeof wire.symbol === "string") {
      entry = catalog.bySymbol.get(wire.symbol);
    } else {
      const rows = catalog.byCode.get(base.code) ?? [];
      const matching = rows.length === 1 ? rows : rows.filter((row) => row.domain === base.domain);
      entry = matching.length === 1 ? matching[0] : undefined;
    }
    if (entry === undefined) return base;
    const out: DiscoveredError = { ...base, symbol: entry.symbol, kind: entry.kind, entry };
    if (out.domain === undefined) out.domain = entry.domain;
    if (typeof wire.retryable !== "boolean" && base.retryAfterMs === undefined) {
      out.retryable = entry.retryable || base.code === RATE_LIMITED;
    }
    return out;
  } catch {
    return base;
  }
}
