//! TypeScript: `errors.ts`, self-contained (no npm package), compiling under `tsc --strict`,
//! and only erasable syntax (no `enum`, no `namespace`), so type stripping runs it as is.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{Idents, header_lines};
use crate::catalog::{Catalog, Entry};

/// Reserved words of TypeScript and JavaScript (strict mode), the names the module declares,
/// and global names the module's own code uses.
const RESERVED: &[&str] = &[
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "function",
    "if",
    "import",
    "in",
    "instanceof",
    "new",
    "null",
    "return",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
    "as",
    "implements",
    "interface",
    "let",
    "package",
    "private",
    "protected",
    "public",
    "static",
    "yield",
    "any",
    "boolean",
    "constructor",
    "declare",
    "get",
    "module",
    "require",
    "number",
    "set",
    "string",
    "symbol",
    "type",
    "from",
    "of",
    "await",
    "async",
    "arguments",
    "eval",
    "undefined",
    "NaN",
    "Infinity",
    "never",
    "unknown",
    "object",
    "bigint",
    "keyof",
    "readonly",
    "satisfies",
    "Error",
    "Object",
    "Number",
    "String",
    "Array",
    "Map",
    "JSON",
    "Math",
    "RegExp",
    "Record",
    "Readonly",
    "ReadonlyMap",
    "Partial",
    "Exclude",
    "Extract",
];

/// Names the module declares; catalog names are kept apart from them.
const DECLARED: &[&str] = &[
    "ErrorSymbol",
    "ErrorInfo",
    "CODES",
    "ERRORS",
    "DecodedError",
    "decodeError",
    "isRetryable",
    "retryAfterMs",
    "McpError",
    "McpErrorOptions",
    "createError",
    "ToolError",
    "ToolErrorMeta",
    "JsonRpcErrorObject",
    "ERROR_CLASSES",
    "CATALOG_SOURCE",
    "RATE_LIMITED",
    "BY_CODE",
    "isErrorSymbol",
    // the runtime's private helpers
    "isRecord",
    "asCode",
    "asMs",
    "msFromText",
    "firstText",
    "str",
    "decoded",
    "toolMessage",
    "decodeToolResult",
    "decodeErrorObject",
    "retryAfterHeader",
    "ErrorField",
    "renderMessage",
];

/// `errors.ts`, and `package.json` when `package` is given.
pub fn generate(catalog: &Catalog, source: &str, package: Option<&str>) -> Vec<(String, String)> {
    let mut files = vec![("errors.ts".to_owned(), module(catalog, source))];
    if let Some(name) = package {
        files.push(("package.json".to_owned(), package_json(name, source)));
    }
    files
}

fn lit(s: &str) -> String {
    serde_json::to_string(s).expect("a string serializes")
}

/// A property name in an object literal: `__proto__` as a computed key, which defines an own
/// property instead of setting the prototype.
fn key(s: &str) -> String {
    if s == "__proto__" {
        format!("[{}]", lit(s))
    } else {
        lit(s)
    }
}

/// Text for a `/** ... */` comment: no `*/`, one line per line.
fn doc(out: &mut String, indent: &str, text: &str) {
    let text = super::comment_text(text, false)
        .trim()
        .replace("*/", "*\\/");
    if text.is_empty() {
        return;
    }
    let _ = writeln!(out, "{indent}/**");
    for line in text.lines() {
        let line = line.trim_end();
        if line.is_empty() {
            let _ = writeln!(out, "{indent} *");
        } else {
            let _ = writeln!(out, "{indent} * {line}");
        }
    }
    let _ = writeln!(out, "{indent} */");
}

fn write_errors_table(out: &mut String, entries: &[&Entry]) {
    out.push_str("/** The catalog's metadata of every symbol. */\nexport const ERRORS: Readonly<Record<ErrorSymbol, ErrorInfo>> = Object.freeze({\n");
    for e in entries {
        let _ = writeln!(out, "  {}: Object.freeze({{", key(&e.symbol));
        let _ = writeln!(out, "    code: {},", e.code);
        let _ = writeln!(out, "    symbol: {},", lit(&e.symbol));
        let _ = writeln!(out, "    domain: {},", lit(&e.domain));
        let _ = writeln!(out, "    kind: {},", lit(&e.kind));
        let _ = writeln!(out, "    errorType: {},", lit(&e.error_type));
        let _ = writeln!(out, "    retryable: {},", e.retryable);
        let _ = writeln!(
            out,
            "    channel: {},",
            if e.is_json_rpc() {
                "\"jsonrpc\""
            } else {
                "\"tool\""
            }
        );
        let _ = writeln!(out, "    message: {},", lit(&e.message));
        let _ = writeln!(out, "    description: {},", lit(e.description()));
        if let Some(help) = &e.help {
            let _ = writeln!(out, "    help: {},", lit(help));
        }
        if e.fields.is_empty() {
            out.push_str("    fields: Object.freeze([]),\n");
        } else {
            out.push_str("    fields: Object.freeze([\n");
            for f in &e.fields {
                let _ = writeln!(
                    out,
                    "      Object.freeze({{ name: {}, key: {}, role: {} }}),",
                    lit(&f.name),
                    lit(&f.key),
                    lit(&f.role)
                );
            }
            out.push_str("    ]),\n");
        }
        out.push_str("  }),\n");
    }
}

fn module(catalog: &Catalog, source: &str) -> String {
    let entries = catalog.unique_entries();
    let mut idents = Idents::new(RESERVED);
    for name in DECLARED {
        idents.reserve(name);
    }
    let mut out = String::new();
    for line in header_lines(source, "ts") {
        let _ = writeln!(out, "// {}", super::comment_text(&line, true));
    }
    out.push_str("/* eslint-disable */\n\n");
    let _ = writeln!(
        out,
        "/** The catalog this module was generated from. */\nexport const CATALOG_SOURCE = {};\n",
        lit(source)
    );

    // The symbols.
    out.push_str("/** Every symbol of the catalog; any other string does not type-check. */\n");
    if entries.is_empty() {
        out.push_str("export type ErrorSymbol = never;\n\n");
    } else {
        out.push_str("export type ErrorSymbol =\n");
        for (i, e) in entries.iter().enumerate() {
            let end = if i + 1 == entries.len() { ";" } else { "" };
            let _ = writeln!(out, "  | {}{end}", lit(&e.symbol));
        }
        out.push('\n');
    }

    // Per-symbol code constants.
    for e in &entries {
        let name = idents.ident(&e.symbol);
        let mut text = format!("{}: {} ({})", e.symbol, e.description(), e.kind);
        if e.retryable {
            text.push_str(", retryable");
        }
        doc(&mut out, "", &text);
        let _ = writeln!(out, "export const {name} = {};", e.code);
    }
    if !entries.is_empty() {
        out.push('\n');
    }

    out.push_str(INFO_TYPES);
    out.push_str("/** The code of every symbol. */\nexport const CODES: Readonly<Record<ErrorSymbol, number>> = Object.freeze({\n");
    for e in &entries {
        let _ = writeln!(out, "  {}: {},", key(&e.symbol), e.code);
    }
    out.push_str("});\n\n");

    write_errors_table(&mut out, &entries);
    out.push_str("});\n\n");
    out.push_str(RUNTIME);

    // One class per errorType, seed 002's hierarchy.
    let mut classes: BTreeMap<&str, Vec<&Entry>> = BTreeMap::new();
    for e in &entries {
        classes.entry(e.error_type.as_str()).or_default().push(e);
    }
    let mut class_names = Vec::new();
    for (error_type, members) in &classes {
        let class = idents.ident(error_type);
        let symbols: Vec<String> = members.iter().map(|e| lit(&e.symbol)).collect();
        let _ = writeln!(
            out,
            "/** `errorType` {}: {}. */",
            super::comment_text(error_type, true).replace("*/", "*\\/"),
            members
                .iter()
                .map(|e| super::comment_text(&e.symbol, true).replace("*/", "*\\/"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let _ = writeln!(out, "export class {class} extends McpError {{");
        let _ = writeln!(
            out,
            "  static readonly SYMBOLS: readonly ErrorSymbol[] = [{}];",
            symbols.join(", ")
        );
        out.push_str("}\n\n");
        class_names.push((*error_type, class));
    }
    out.push_str("/** The class of each `errorType`; `createError` picks it. */\nexport const ERROR_CLASSES: Readonly<Record<string, typeof McpError>> = Object.freeze({\n");
    for (error_type, class) in &class_names {
        let _ = writeln!(out, "  {}: {class},", key(error_type));
    }
    out.push_str("});\n\n");
    out.push_str(CREATE);
    out
}

const INFO_TYPES: &str = r#"/** A field of the Rust variant behind a symbol. */
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
  readonly fields: readonly ErrorField[];
}

"#;

const RUNTIME: &str = r#"const BY_CODE: ReadonlyMap<number, ErrorInfo> = (() => {
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

"#;

const CREATE: &str = r"/** An error of the catalog, as an instance of its `errorType`'s class. */
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
";

fn package_json(name: &str, source: &str) -> String {
    let [generated, _, _] = header_lines(source, "ts");
    let value = serde_json::json!({
        "name": name,
        "version": env!("CARGO_PKG_VERSION"),
        "description": generated,
        "type": "module",
        "main": "errors.ts",
        "types": "errors.ts",
        "files": ["errors.ts"],
        "sideEffects": false,
    });
    let mut text = serde_json::to_string_pretty(&value).expect("JSON serializes");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// The standard global names of JavaScript and TypeScript's library (and a few of Node's and
    /// the browser's) that a module could refer to.
    const GLOBALS: &[&str] = &[
        "globalThis",
        "Infinity",
        "NaN",
        "undefined",
        "eval",
        "isFinite",
        "isNaN",
        "parseFloat",
        "parseInt",
        "decodeURI",
        "decodeURIComponent",
        "encodeURI",
        "encodeURIComponent",
        "AggregateError",
        "Array",
        "ArrayBuffer",
        "Atomics",
        "BigInt",
        "BigInt64Array",
        "BigUint64Array",
        "Boolean",
        "DataView",
        "Date",
        "Error",
        "EvalError",
        "FinalizationRegistry",
        "Float32Array",
        "Float64Array",
        "Function",
        "Int8Array",
        "Int16Array",
        "Int32Array",
        "Intl",
        "JSON",
        "Map",
        "Math",
        "Number",
        "Object",
        "Promise",
        "Proxy",
        "RangeError",
        "ReferenceError",
        "Reflect",
        "RegExp",
        "Set",
        "SharedArrayBuffer",
        "String",
        "Symbol",
        "SyntaxError",
        "TypeError",
        "Uint8Array",
        "Uint8ClampedArray",
        "Uint16Array",
        "Uint32Array",
        "URIError",
        "WeakMap",
        "WeakRef",
        "WeakSet",
        "console",
        "Headers",
        "URL",
        "structuredClone",
        "setTimeout",
        "queueMicrotask",
        "Record",
        "Readonly",
        "ReadonlyArray",
        "ReadonlyMap",
        "ReadonlySet",
        "Partial",
        "Required",
        "Pick",
        "Omit",
        "Exclude",
        "Extract",
        "NonNullable",
        "ReturnType",
        "Parameters",
        "InstanceType",
        "Awaited",
        "PropertyKey",
        "Iterable",
        "IterableIterator",
        "RegExpMatchArray",
        "PromiseLike",
        "ArrayLike",
    ];

    /// The identifiers of `code` other than property names after a `.`: comments, strings,
    /// regular expressions and the text of template literals are skipped (the `${...}` in one
    /// is not). Enough for the generator's own output, not for every JavaScript.
    fn free_identifiers(code: &str) -> BTreeSet<String> {
        let c: Vec<char> = code.chars().collect();
        let mut found = BTreeSet::new();
        // Brace depth inside each open `${`.
        let mut templates: Vec<usize> = Vec::new();
        let mut prev = ' '; // the last significant character of code
        let mut i = 0;
        // Skips template text from `i` (just after a backtick or a closing `}`): returns the
        // index after the closing backtick, or after a `${` (pushing it).
        let template_text = |mut i: usize, templates: &mut Vec<usize>| -> usize {
            while i < c.len() {
                match c[i] {
                    '\\' => i += 2,
                    '`' => return i + 1,
                    '$' if c.get(i + 1) == Some(&'{') => {
                        templates.push(0);
                        return i + 2;
                    }
                    _ => i += 1,
                }
            }
            i
        };
        while i < c.len() {
            let ch = c[i];
            let next = c.get(i + 1).copied();
            if ch == '/' && next == Some('/') {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            } else if ch == '/' && next == Some('*') {
                i += 2;
                while i + 1 < c.len() && !(c[i] == '*' && c[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
            } else if ch == '"' || ch == '\'' {
                i += 1;
                while i < c.len() && c[i] != ch {
                    i += if c[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
                prev = ch;
            } else if ch == '/' && "(,=:[!&|?{};".contains(prev) {
                // A regular expression literal, up to its unescaped `/` outside a class.
                let mut class = false;
                i += 1;
                while i < c.len() && (class || c[i] != '/') {
                    match c[i] {
                        '\\' => i += 1,
                        '[' => class = true,
                        ']' => class = false,
                        _ => {}
                    }
                    i += 1;
                }
                i += 1;
                prev = '/';
            } else if ch == '`' {
                i = template_text(i + 1, &mut templates);
                prev = '`';
            } else if ch == '{' {
                if let Some(depth) = templates.last_mut() {
                    *depth += 1;
                }
                i += 1;
                prev = ch;
            } else if ch == '}' && templates.last() == Some(&0) {
                templates.pop();
                i = template_text(i + 1, &mut templates);
                prev = '`';
            } else if ch == '}' {
                if let Some(depth) = templates.last_mut() {
                    *depth -= 1;
                }
                i += 1;
                prev = ch;
            } else if ch.is_ascii_digit() {
                while i < c.len() && (c[i].is_ascii_alphanumeric() || c[i] == '_' || c[i] == '.') {
                    i += 1;
                }
                prev = '0';
            } else if ch.is_ascii_alphabetic() || ch == '_' || ch == '$' {
                let start = i;
                while i < c.len() && (c[i].is_ascii_alphanumeric() || c[i] == '_' || c[i] == '$') {
                    i += 1;
                }
                let spread = start >= 3 && c[start - 3..start] == ['.', '.', '.'];
                if prev != '.' || spread {
                    found.insert(c[start..i].iter().collect());
                }
                prev = 'a';
            } else {
                if !ch.is_whitespace() {
                    prev = ch;
                }
                i += 1;
            }
        }
        found
    }

    fn catalog(entries: &[serde_json::Value]) -> Catalog {
        let json = serde_json::json!({
            "format": "mcp-errors-catalog",
            "version": 1,
            "enums": [{"name": "E", "domain": "d", "entries": entries}],
        });
        Catalog::from_json(&json.to_string()).expect("a valid catalog")
    }

    /// The globals the generated module refers to, found in its text.
    fn used_globals() -> BTreeSet<String> {
        let used = free_identifiers(&module(&catalog(&[]), "c.json"));
        GLOBALS
            .iter()
            .filter(|g| used.contains(**g))
            .map(|g| (*g).to_owned())
            .collect()
    }

    #[test]
    fn free_identifiers_skip_comments_strings_and_properties() {
        let code = "// Map\n/* Set */ const a = \"JSON\" + 'Math' + `x ${Number(b.Object)} ${`${{c: Date}.c}`}`;\n\
                    if (/Symbol[/]/.test(s) && ...Array) return x / Promise;";
        let found: Vec<String> = free_identifiers(code).into_iter().collect();
        assert_eq!(
            found,
            [
                "Array", "Date", "Number", "Promise", "a", "b", "c", "const", "if", "return", "s",
                "x"
            ]
        );
    }

    /// A catalog whose every symbol and `errorType` is a global's name: no name the module
    /// declares for them is one of the globals the module itself uses.
    #[test]
    fn catalog_names_never_shadow_a_global_the_module_uses() {
        let used = used_globals();
        for name in [
            "Error", "Object", "Number", "Map", "JSON", "Array", "Record", "Readonly",
        ] {
            assert!(used.contains(name), "the module uses {name}: {used:?}");
        }
        let entries: Vec<serde_json::Value> = GLOBALS
            .iter()
            .enumerate()
            .map(|(i, g)| {
                serde_json::json!({
                    "code": 5000 + i, "symbol": g, "domain": "d", "message": "m",
                    "retryable": false, "kind": "internal", "channel": "tool_error",
                    "errorType": g,
                })
            })
            .collect();
        let text = module(&catalog(&entries), "c.json");
        let mut declared = Vec::new();
        for line in text.lines() {
            for prefix in [
                "export const ",
                "export class ",
                "export function ",
                "export interface ",
                "export type ",
                "const ",
                "function ",
            ] {
                if let Some(rest) = line.strip_prefix(prefix) {
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
                        .collect();
                    declared.push(name);
                }
            }
        }
        assert!(declared.len() > 2 * GLOBALS.len(), "{declared:?}");
        let shadowing: Vec<&String> = declared.iter().filter(|d| used.contains(*d)).collect();
        assert!(
            shadowing.is_empty(),
            "{shadowing:?} shadow globals the module uses"
        );
        let distinct: BTreeSet<&String> = declared.iter().collect();
        assert_eq!(distinct.len(), declared.len(), "a name declared twice");
    }
}
