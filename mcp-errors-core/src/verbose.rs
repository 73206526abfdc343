//! `MCP_ERRORS_VERBOSE` stacks: [`Verbosity`] and the sanitized `data.stack`.
//!
//! Nothing here runs unless asked for: with `MCP_ERRORS_VERBOSE` unset, empty or invalid, no
//! stack is captured and nothing about the process's internals reaches the wire.

use std::backtrace::Backtrace;
use std::sync::OnceLock;

/// How much of a stack the JSON-RPC envelopes put into `data.stack`.
///
/// The default for every envelope is [`Verbosity::from_env`], read once per process from
/// `MCP_ERRORS_VERBOSE`:
///
/// | value | verbosity |
/// |---|---|
/// | unset, empty, `0`, anything else | [`Off`](Verbosity::Off): no `data.stack` |
/// | a positive integer `N` | [`Frames(N)`](Verbosity::Frames): at most `N` frames |
/// | `full` (any case) | [`Full`](Verbosity::Full): every sanitized frame |
///
/// An envelope builder can override it per envelope, which is also how tests stay free of
/// environment races:
///
/// ```
/// use mcp_errors_core::Verbosity;
///
/// assert_eq!(Verbosity::parse("5"), Verbosity::Frames(5));
/// assert_eq!(Verbosity::parse("FULL"), Verbosity::Full);
/// assert_eq!(Verbosity::parse("yes"), Verbosity::Off);
/// assert!(!Verbosity::parse("0").is_enabled());
/// ```
///
/// # The stack
///
/// `data.stack` is a JSON array of strings, innermost frame first, one frame per string:
/// `"my_server::tools::navigate (src/tools.rs:42:17)"`, or the bare symbol when the binary
/// has no debug info. The stack is captured with [`std::backtrace::Backtrace`] at the moment
/// the envelope is serialized, so it shows the code that turned the error into a response
/// (the tool handler), not where the error value was created. It is sanitized:
///
/// - frames of `std`, `core`, `alloc`, `backtrace`, `test`, `serde`, `serde_json` and
///   `mcp_errors*` are removed, as are symbols that are not Rust paths (`main`, `_start`,
///   libc), and the conversions the integrations write into your crate (a `From<E>` for
///   jsonrpsee's or rmcp's error type: your crate's symbol, mcp-errors-core's source);
/// - file paths are shortened to the crate directory (`/home/me/proj/src/a.rs` becomes
///   `proj/src/a.rs`), so home directories and build roots do not leak;
/// - at most `N` frames are kept under [`Frames(N)`](Verbosity::Frames);
/// - the frames are charged to the envelope's [reply budget](crate::ReplyBudget), after
///   every other member: under `full`, a deep stack keeps the whole frames that fit
///   (`"truncated": true` when some did not).
///
/// ```text
/// {"jsonrpc":"2.0","id":1,"error":{"code":2100,"message":"Navigation failed",
///  "data":{"domain":"playwright","symbol":"E_PW_NAV","retryable":true,
///          "stack":["my_server::tools::navigate (my-server/src/tools.rs:42:17)",
///                   "my_server::dispatch (my-server/src/main.rs:88:5)"]}}}
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Verbosity {
    /// No stack (the default).
    #[default]
    Off,
    /// At most this many sanitized frames; `Frames(0)` is the same as [`Off`](Verbosity::Off).
    Frames(usize),
    /// Every sanitized frame.
    Full,
}

static FROM_ENV: OnceLock<Verbosity> = OnceLock::new();

impl Verbosity {
    /// The environment variable read by [`Verbosity::from_env`].
    pub const ENV_VAR: &'static str = crate::env::VERBOSE_NAME;

    /// Parses a value of `MCP_ERRORS_VERBOSE`. Never fails: anything that is neither a
    /// positive integer nor `full` (ignoring case and surrounding spaces) is
    /// [`Off`](Verbosity::Off).
    ///
    /// ```
    /// # use mcp_errors_core::Verbosity;
    /// assert_eq!(Verbosity::parse(" 3 "), Verbosity::Frames(3));
    /// assert_eq!(Verbosity::parse("full"), Verbosity::Full);
    /// assert_eq!(Verbosity::parse("-1"), Verbosity::Off);
    /// assert_eq!(Verbosity::parse(""), Verbosity::Off);
    /// ```
    #[allow(clippy::manual_ignore_case_cmp)] // a lowercased copy, as in `is_truthy`
    pub fn parse(value: &str) -> Verbosity {
        let value = value.trim();
        if value.to_ascii_lowercase() == "full" {
            return Verbosity::Full;
        }
        match value.parse::<usize>() {
            Ok(0) | Err(_) => Verbosity::Off,
            Ok(n) => Verbosity::Frames(n),
        }
    }

    /// The process-wide setting from `MCP_ERRORS_VERBOSE`, read on first use and cached:
    /// changing the variable later has no effect. A value that is not UTF-8 is
    /// [`Off`](Verbosity::Off).
    ///
    /// ```
    /// # use mcp_errors_core::Verbosity;
    /// // The test runner does not set MCP_ERRORS_VERBOSE.
    /// # if std::env::var_os(Verbosity::ENV_VAR).is_none() {
    /// assert_eq!(Verbosity::from_env(), Verbosity::Off);
    /// # }
    /// ```
    pub fn from_env() -> Verbosity {
        *FROM_ENV.get_or_init(|| match crate::env::VERBOSE.get() {
            Some(value) => Verbosity::parse(&value),
            None => Verbosity::Off, // unset or not UTF-8
        })
    }

    /// Whether a stack is wanted at all.
    pub const fn is_enabled(self) -> bool {
        !matches!(self, Verbosity::Off | Verbosity::Frames(0))
    }

    /// The most frames to keep, `None` for no limit; `Some(0)` when off.
    const fn limit(self) -> Option<usize> {
        match self {
            Verbosity::Off => Some(0),
            Verbosity::Frames(n) => Some(n),
            Verbosity::Full => None,
        }
    }

    /// Captures the current thread's stack, sanitized as described on [`Verbosity`], or
    /// `None` when this verbosity is off. The envelopes call this while they are being
    /// serialized; it is public for servers that want the same snippet in their logs.
    ///
    /// ```
    /// # use mcp_errors_core::Verbosity;
    /// assert_eq!(Verbosity::Off.capture_stack(), None);
    /// let frames = Verbosity::Frames(2).capture_stack().unwrap();
    /// assert!(frames.len() <= 2);
    /// assert!(frames.iter().all(|f| !f.starts_with("std::") && !f.starts_with("core::")));
    /// ```
    pub fn capture_stack(self) -> Option<Vec<String>> {
        if !self.is_enabled() {
            return None;
        }
        let text = Backtrace::force_capture().to_string();
        Some(sanitize(&text, self.limit()))
    }
}

/// Crates whose frames never appear in `data.stack`: the standard library, the test runner,
/// serde, and this library itself.
const INTERNAL_CRATES: [&str; 8] = [
    "std",
    "core",
    "alloc",
    "backtrace",
    "test",
    "serde",
    "serde_core",
    "serde_json",
];

/// Turns the `Display` text of a `std::backtrace::Backtrace` into sanitized frame strings.
fn sanitize(text: &str, limit: Option<usize>) -> Vec<String> {
    let limit = limit.unwrap_or(usize::MAX);
    let mut frames = Vec::new();
    // The symbol of the frame being read, when it is kept.
    let mut pending: Option<&str> = None;
    for line in text.lines() {
        let line = line.trim();
        if let Some(location) = line.strip_prefix("at ") {
            let location = shorten_path(location);
            if let Some(symbol) = pending.take().filter(|_| !in_this_library(location)) {
                frames.push(format!("{symbol} ({location})"));
            }
            continue;
        }
        if let Some(symbol) = pending.take() {
            frames.push(symbol.to_owned());
        }
        if frames.len() >= limit {
            break;
        }
        // `N: symbol`, `N` the frame's index.
        let mut digits = 0;
        while line.as_bytes().get(digits).is_some_and(u8::is_ascii_digit) {
            digits += 1;
        }
        let Some(symbol) = line[digits..].strip_prefix(": ") else {
            continue;
        };
        if digits > 0 && is_user_frame(symbol) {
            pending = Some(symbol);
        }
    }
    if let Some(symbol) = pending {
        frames.push(symbol.to_owned());
    }
    frames.truncate(limit);
    frames
}

/// Whether a shortened location is in this library's runtime: the conversions that
/// `__impl_integrations!` writes into the user's crate carry its symbol but this location.
fn in_this_library(location: &str) -> bool {
    // The location's first directory: a checkout (`mcp-errors-core/src/..`) or a registry copy
    // (`mcp-errors-core-0.1.0/src/..`). Plain loops: this runs for every frame, and iterator
    // adapters cost the default build more code.
    const DIR: &[u8] = b"mcp-errors-core";
    let b = location.as_bytes();
    if !b.starts_with(DIR) {
        return false;
    }
    match b.get(DIR.len()) {
        None | Some(b'/' | b'\\') => return true,
        Some(b'-') => {}
        _ => return false,
    }
    // `major.minor.patch`, perhaps with a pre-release (`0.1.0-rc.1`): a user's
    // `mcp-errors-core-2` is not one.
    let (mut i, mut dots, mut digits) = (DIR.len() + 1, 0, 0);
    while let Some(&c) = b.get(i) {
        if c.is_ascii_digit() {
            digits += 1;
        } else if c == b'.' && digits > 0 && dots < 2 {
            dots += 1;
            digits = 0;
        } else {
            break;
        }
        i += 1;
    }
    dots == 2 && digits > 0
}

/// Whether a demangled symbol belongs to user code (neither an internal crate nor a
/// non-Rust symbol).
fn is_user_frame(symbol: &str) -> bool {
    if !contains(symbol, "::") {
        return false; // `main`, `_start`, libc, `<unknown>`
    }
    match owner_crate(symbol) {
        Some(krate) => !(INTERNAL_CRATES.contains(&krate) || krate.starts_with("mcp_errors")),
        None => false,
    }
}

/// The crate a frame belongs to: the first path segment, or for `<Type as Trait>::method` the
/// crate of `Type` (of `Trait` when `Type` is a generic parameter or a primitive).
fn owner_crate(symbol: &str) -> Option<&str> {
    let Some(qualified) = symbol.strip_prefix('<') else {
        return leading_crate(symbol);
    };
    let (self_ty, rest) = split_as(qualified)?;
    leading_crate(self_ty).or_else(|| leading_crate(rest))
}

/// Splits `Type as Trait>::m` at the ` as ` that is not nested inside `<...>`.
fn split_as(qualified: &str) -> Option<(&str, &str)> {
    let mut depth = 0usize;
    let mut previous = ' ';
    for (i, c) in qualified.char_indices() {
        let arrow = previous == '-'; // the `>` of `fn() -> T` closes nothing
        previous = c;
        match c {
            '<' => depth += 1,
            '>' if arrow => {}
            '>' if depth == 0 => return Some((&qualified[..i], "")),
            '>' => depth -= 1,
            ' ' if depth == 0 && qualified[i..].starts_with(" as ") => {
                return Some((&qualified[..i], &qualified[i + 4..]));
            }
            _ => {}
        }
    }
    None
}

/// `krate` of a path starting with `krate::`, after reference, pointer and `dyn` prefixes.
fn leading_crate(path: &str) -> Option<&str> {
    let mut path = path.trim_start();
    loop {
        let before = path;
        for prefix in &["&", "mut ", "*const ", "*mut ", "dyn ", "impl ", "[", "("] {
            path = path.strip_prefix(prefix).unwrap_or(path).trim_start();
        }
        if path == before {
            break;
        }
    }
    let mut end = path.len();
    for (i, c) in path.char_indices() {
        if !(c.is_alphanumeric() || c == '_') {
            end = i;
            break;
        }
    }
    let (ident, rest) = path.split_at(end);
    (!ident.is_empty() && rest.starts_with("::")).then_some(ident)
}

/// Whether `haystack` contains `needle`. A plain loop: the frames are short, and
/// `str::contains` would bring its two-way searcher into the default build.
fn contains(haystack: &str, needle: &str) -> bool {
    let (haystack, needle) = (haystack.as_bytes(), needle.as_bytes());
    let mut i = 0;
    while i + needle.len() <= haystack.len() {
        if haystack[i..].starts_with(needle) {
            return true;
        }
        i += 1;
    }
    false
}

/// Keeps a source location from the crate directory on: everything before the directory
/// that holds the last `src`, `examples`, `tests` or `benches` component is dropped.
fn shorten_path(location: &str) -> &str {
    let location = location.strip_prefix("./").unwrap_or(location);
    if !location.starts_with('/') && !contains(location, ":\\") {
        return location;
    }
    // The components from the last one back (plain loops, as in `in_this_library`).
    let bytes = location.as_bytes();
    let mut end = bytes.len(); // of the component after the separator at `i`
    let mut last = None; // the last separator
    let mut anchored = false; // the component just passed (after `end`) is an anchor
    for i in (0..bytes.len()).rev() {
        if !matches!(bytes[i], b'/' | b'\\') {
            continue;
        }
        if anchored {
            return &location[i + 1..]; // from the directory that holds the anchor
        }
        last = last.or(Some(i));
        anchored = matches!(
            &location[i + 1..end],
            "src" | "examples" | "tests" | "benches"
        );
        end = i;
    }
    // No anchor, or it is the first component.
    match last {
        Some(i) => &location[i + 1..],
        None => location,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "   0: std::backtrace::Backtrace::force_capture
             at /rustc/abc/library/std/src/backtrace.rs:312:9
   1: mcp_errors_core::verbose::Verbosity::capture_stack
             at /work/main/mcp-errors-core/src/verbose.rs:120:20
   2: <mcp_errors_core::envelope::ErrorObjectView<E> as serde_core::ser::Serialize>::serialize
             at /work/main/mcp-errors-core/src/envelope.rs:300:5
   3: serde_json::ser::to_writer
             at /home/me/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/serde_json-1.0.154/src/ser.rs:2200:5
   4: my_server::tools::navigate::{{closure}}
             at /home/me/code/my-server/src/tools.rs:42:17
   4: my_server::<impl core::convert::From<my_server::Pw> for jsonrpsee_types::error::ErrorObject>::from
             at /home/me/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/mcp-errors-core-0.1.0/src/integrations/mod.rs:342:17
   4: my_server::<impl core::convert::From<my_server::Pw> for rmcp::model::ErrorData>::from
             at /work/checkout/mcp-errors-core/src/integrations/rmcp_lines.rs:100:9
   5: <my_server::Nav as my_server::Tool>::call
             at ./src/tools.rs:10:1
   6: <F as core::future::future::Future>::poll
             at /rustc/abc/library/core/src/future/future.rs:124:9
   7: <&dyn core::ops::function::Fn<(), Output = i32> as core::ops::function::FnOnce<()>>::call_once
   8: tokio::runtime::park::CachedParkThread::block_on
             at /home/me/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/tokio-1.40.0/src/runtime/park.rs:281:63
   9: my_server::main
   10: test::run_test::{{closure}}
  11: main
  12: __libc_start_main_impl
             at ./csu/../csu/libc-start.c:360:3
  13: _start
";

    #[test]
    fn keeps_user_frames_with_short_paths() {
        assert_eq!(
            sanitize(TEXT, None),
            [
                "my_server::tools::navigate::{{closure}} (my-server/src/tools.rs:42:17)",
                "<my_server::Nav as my_server::Tool>::call (src/tools.rs:10:1)",
                "tokio::runtime::park::CachedParkThread::block_on (tokio-1.40.0/src/runtime/park.rs:281:63)",
                "my_server::main",
            ]
        );
    }

    #[test]
    fn limits_frames() {
        assert_eq!(
            sanitize(TEXT, Some(1)),
            ["my_server::tools::navigate::{{closure}} (my-server/src/tools.rs:42:17)"]
        );
        assert!(sanitize(TEXT, Some(0)).is_empty());
        assert!(sanitize("unsupported backtrace", None).is_empty());
        assert!(sanitize("disabled backtrace", Some(3)).is_empty());
    }

    #[test]
    fn owner_of_qualified_paths() {
        assert_eq!(
            owner_crate("<F as core::ops::FnOnce<()>>::call_once"),
            Some("core")
        );
        assert_eq!(
            owner_crate("<app::X<T> as serde::Serialize>::serialize"),
            Some("app")
        );
        assert_eq!(owner_crate("<&mut [app::X] as b::T>::m"), Some("app"));
        assert_eq!(owner_crate("<u8 as b::T>::m"), Some("b"));
        assert_eq!(
            owner_crate("alloc::vec::in_place::<impl alloc::X for alloc::Vec<T>>::f"),
            Some("alloc")
        );
        assert_eq!(owner_crate("<fn() -> app::X as b::T>::m"), Some("b"));
        assert_eq!(owner_crate("<app::F<fn() -> u8> as b::T>::m"), Some("app"));
        assert_eq!(owner_crate("<unterminated"), None);
    }

    #[test]
    fn library_locations() {
        assert!(in_this_library(
            "mcp-errors-core/src/integrations/mod.rs:342:17"
        ));
        assert!(in_this_library(r"mcp-errors-core-0.1.0\src\lib.rs:1:1"));
        assert!(in_this_library("mcp-errors-core-0.2.0-rc.1/src/lib.rs:1:1"));
        for user in [
            "mcp-errors-core-demo/src/main.rs:1:1",
            "mcp-errors-core-2/src/main.rs:1:1",
            "mcp-errors-core-2.0/src/main.rs:1:1",
            "src/main.rs:1:1",
            "my-server/src/a.rs",
        ] {
            assert!(!in_this_library(user), "{user}");
        }
    }

    #[test]
    fn shortens_paths() {
        assert_eq!(
            shorten_path("/a/b/proj/src/x/y.rs:1:2"),
            "proj/src/x/y.rs:1:2"
        );
        assert_eq!(
            shorten_path("/a/b/proj/tests/t.rs:1:2"),
            "proj/tests/t.rs:1:2"
        );
        assert_eq!(shorten_path("./src/main.rs:4:5"), "src/main.rs:4:5");
        assert_eq!(shorten_path("/opt/gen/out.rs:9:1"), "out.rs:9:1");
        assert_eq!(shorten_path("/src/lib.rs:1:1"), "lib.rs:1:1");
        assert_eq!(
            shorten_path(r"C:\Users\me\proj\src\main.rs:3:1"),
            r"proj\src\main.rs:3:1"
        );
    }

    #[test]
    fn parses_env_values() {
        assert_eq!(Verbosity::parse("12"), Verbosity::Frames(12));
        assert_eq!(Verbosity::parse("Full"), Verbosity::Full);
        for off in [
            "",
            "0",
            "-3",
            "1.5",
            "true",
            "fully",
            "99999999999999999999999",
        ] {
            assert_eq!(Verbosity::parse(off), Verbosity::Off, "{off:?}");
        }
        assert!(Verbosity::Full.is_enabled());
        assert!(!Verbosity::Frames(0).is_enabled());
        assert_eq!(Verbosity::Frames(0).capture_stack(), None);
    }
}
