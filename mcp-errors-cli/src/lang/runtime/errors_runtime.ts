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
  /** Seed 002's class name: `ValidationError`, `NetworkError`, ... */
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
  const message =
    x instanceof Error && wireMessage.startsWith(prefix) ? wireMessage.slice(prefix.length) : wireMessage;
  const ms = asMs(data?.["retryAfterMs"]);
  return decoded(code, data?.["symbol"], data?.["domain"], data?.["retryable"], ms, message, str(data?.["details"]), data, "jsonrpc");
}

/**
 * Reads an error back from what a client has at hand, by shape: a JSON-RPC error object
 * (`{code, message, data}`), a JSON-RPC response carrying one, the official SDK's thrown
 * `McpError`, or a tool result with `isError: true` and mcp-errors' `_meta`. A code outside
 * the catalog decodes with `symbol` undefined. Anything else (a success, a string, null)
 * gives `undefined`; this never throws.
 */
export function decodeError(x: unknown): DecodedError | undefined {
  try {
    if (!isRecord(x) && !(x instanceof Error)) return undefined;
    const r = x as Record<string, unknown>;
    if (r["isError"] === true) return decodeToolResult(r);
    const error = r["error"];
    if (isRecord(error) && asCode(r["code"]) === undefined) return decodeErrorObject(error);
    return decodeErrorObject(r);
  } catch {
    return undefined;
  }
}

/** Whether `x` is an error worth retrying (the wire's flag, else the catalog's). */
export function isRetryable(x: unknown): boolean {
  return decodeError(x)?.retryable ?? false;
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
    return decodeError(x)?.retryAfterMs ?? retryAfterHeader(x);
  } catch {
    return undefined;
  }
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

/**
 * Seed 002's base class: an error of the catalog, raised by a TypeScript server. Its
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
