//! The fleet file: one allocation of code ranges for every server of a fleet.
//!
//! A fleet file (`fleet.toml`) is TOML:
//!
//! ```toml
//! [fleet]
//! name = "acme"
//! owner = "platform-team"              # optional
//! description = "Acme's MCP servers"   # optional
//! doc_url = "https://errors.acme.dev/{domain}#{symbol}"  # optional: every error's page
//!
//! [common]                             # optional: codes every server may use
//! name = "common"                      # optional, the default: the domain of those codes
//! range = [1000, 1099]
//!
//! [[domain]]
//! name = "playwright"
//! range = [2100, 2199]
//! catalog = "servers/playwright/catalog.json"   # derived by a Rust server, or hand-written TOML
//! reserved = [2150, [2160, 2169]]               # optional: codes retired for good
//! symbol_prefix = "E_PW_"                       # optional: every symbol of the domain starts so
//! owner = "browser-team"                        # optional
//! description = "Browser automation"            # optional
//! doc_url = "https://pw.acme.dev/{symbol}"      # optional: the domain's template (wins)
//! ```
//!
//! [`parse`] reads the text into a [`Fleet`], plain data where every key and value keeps its
//! [`Pos`] (line and column), or fails with one [`FleetError`] at a position: text that is
//! not TOML, an unknown key, a value of the wrong type, a range written backwards, a code
//! outside `i32`, a catalog path that leaves the fleet's folder. [`parse`] reads no file: the
//! caller reads the text (and the catalogs the fleet names, relative to the fleet file).
//!
//! What a well-formed fleet must also satisfy is in [`rules`]: functions over this plain data,
//! which the derive (one enum against the fleet), and `mcp-errors check` (the whole fleet) call,
//! so the same mistake gets the same words in both.

pub mod read;
pub mod rules;

use std::fmt;

pub use crate::rules::CodeSpan;
pub use read::parse;

/// A position in a text: 1-based line, and 1-based column counted in characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1, in characters (not bytes).
    pub column: u32,
}

impl fmt::Display for Pos {
    /// `LINE:COLUMN`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// A value and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<T> {
    /// The value.
    pub value: T,
    /// Where it starts in the file (for a key's value: the value, not the key).
    pub at: Pos,
}

impl<T> Located<T> {
    /// `value` at `at`.
    pub fn new(value: T, at: Pos) -> Located<T> {
        Located { value, at }
    }
}

/// `outer` holds every code of `inner`.
pub fn contains_span(outer: CodeSpan, inner: CodeSpan) -> bool {
    outer.lo <= inner.lo && inner.hi <= outer.hi
}

/// A whole fleet file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fleet {
    /// `[fleet] name`.
    pub name: Located<String>,
    /// `[fleet] owner`, if given.
    pub owner: Option<Located<String>>,
    /// `[fleet] description`, if given.
    pub description: Option<Located<String>>,
    /// `[fleet] doc_url`: the doc URL template of every error without its own, if given
    /// (checked by `rules::doc_url`).
    pub doc_url: Option<Located<String>>,
    /// The `[common]` table, if given: the codes every server of the fleet may use (seed
    /// taxonomies' 1000-1099), as a [`Domain`] whose name defaults to [`COMMON`].
    pub common: Option<Domain>,
    /// The `[[domain]]` tables, in file order.
    pub domains: Vec<Domain>,
}

/// The domain name of the common codes when `[common]` names none (the domain of
/// mcp-errors' own `CommonError`).
pub const COMMON: &str = "common";

/// One `[[domain]]` table (or the `[common]` table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domain {
    /// Where the table's header (`[[domain]]`, `[common]`) starts.
    pub at: Pos,
    /// `name`: the domain, as enums and catalogs spell it (`playwright`).
    pub name: Located<String>,
    /// `range = [lo, hi]`: the domain's allocation, inclusive.
    pub range: Located<CodeSpan>,
    /// `catalog`: the path of the domain's catalog, relative to the fleet file, as written
    /// (checked by [`parse`] to stay inside the fleet's folder); `None` for a domain
    /// allocated before any server exists.
    pub catalog: Option<Located<String>>,
    /// `reserved`: codes retired for good, each a code (`lo == hi`) or an inclusive pair,
    /// in file order.
    pub reserved: Vec<Located<CodeSpan>>,
    /// `symbol_prefix`: every symbol of the domain (but common codes) starts with it.
    pub symbol_prefix: Option<Located<String>>,
    /// `owner`, if given.
    pub owner: Option<Located<String>>,
    /// `description`, if given.
    pub description: Option<Located<String>>,
    /// `locales`: translation files of the catalog's messages, relative to the fleet file
    /// like `catalog` (checked by [`parse`] to stay inside the fleet's folder, and to come with
    /// a `catalog`), in file order.
    pub locales: Vec<Located<String>>,
    /// `doc_url`: the domain's doc URL template, which wins over the fleet's, if given.
    pub doc_url: Option<Located<String>>,
}

impl Domain {
    /// The reserved entry that holds `code`, if any.
    pub fn reserved_entry(&self, code: i32) -> Option<&Located<CodeSpan>> {
        self.reserved.iter().find(|r| r.value.contains(code))
    }
}

impl Fleet {
    /// The domain (a `[[domain]]`, or `[common]`) named `name`; the first of that name.
    pub fn domain(&self, name: &str) -> Option<&Domain> {
        self.domains
            .iter()
            .chain(self.common.as_ref())
            .find(|d| d.name.value == name)
    }

    /// Whether `domain` is the `[common]` table.
    pub fn is_common(&self, domain: &Domain) -> bool {
        self.common
            .as_ref()
            .is_some_and(|c| std::ptr::eq(c, domain))
    }

    /// The common range, if the fleet has one.
    pub fn common_range(&self) -> Option<CodeSpan> {
        self.common.as_ref().map(|c| c.range.value)
    }
}

/// Why a fleet file (or a hand-written catalog) could not be read: one message at one
/// position. `Display` is `LINE:COLUMN: MESSAGE`; a tool prefixes the path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FleetError {
    /// 1-based line (1 when the problem has no better place).
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// What is wrong, lowercase, one line.
    pub message: String,
}

impl FleetError {
    /// `message` at `at`.
    pub fn new(at: Pos, message: impl Into<String>) -> FleetError {
        FleetError {
            line: at.line,
            column: at.column,
            message: one_line(&message.into()),
        }
    }

    /// The position.
    pub fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            column: self.column,
        }
    }
}

impl fmt::Display for FleetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for FleetError {}

/// Byte offsets of one text turned into [`Pos`]itions: the start of every line, found once,
/// then a binary search per offset.
#[derive(Clone, Debug)]
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// The index of `text`'s lines.
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { text, starts }
    }

    /// The position of byte `offset` (clamped to the text, and back to a character boundary).
    pub fn pos(&self, offset: usize) -> Pos {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let column = self.text[self.starts[line]..offset].chars().count() + 1;
        Pos {
            line: u32::try_from(line + 1).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
        }
    }
}

/// `text` on one line: a line break or other control character written as its escape, so an
/// error message stays one line whatever a hostile file holds.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether a catalog path, as written in a fleet file, stays inside the fleet file's folder:
/// relative, and no `..` component (nor a Windows drive or root). Lexical: a symbolic link
/// inside the folder is the fleet owner's own choice.
pub fn path_stays_inside(path: &str) -> bool {
    let p = std::path::Path::new(path);
    !path.is_empty()
        && !path.starts_with('/')
        && !path.starts_with('\\')
        && p.components().all(|c| {
            matches!(
                c,
                std::path::Component::Normal(_) | std::path::Component::CurDir
            )
        })
        && !path.split(['/', '\\']).any(|part| part == "..")
        && !path.contains(':')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_lines_and_characters() {
        let index = LineIndex::new("ab\nçd\n\nx");
        assert_eq!(index.pos(0), Pos { line: 1, column: 1 });
        assert_eq!(index.pos(3), Pos { line: 2, column: 1 });
        assert_eq!(index.pos(5), Pos { line: 2, column: 2 });
        // inside `ç`: back to its start
        assert_eq!(index.pos(4), Pos { line: 2, column: 1 });
        assert_eq!(index.pos(7), Pos { line: 3, column: 1 });
        assert_eq!(index.pos(99), Pos { line: 4, column: 2 });
    }

    #[test]
    fn paths_outside_the_folder() {
        for inside in ["a.json", "servers/x/catalog.json", "./a.toml"] {
            assert!(path_stays_inside(inside), "{inside}");
        }
        for outside in [
            "",
            "/etc/passwd",
            "../a.json",
            "a/../../b",
            "a/..",
            "C:\\x",
            "\\\\server\\x",
        ] {
            assert!(!path_stays_inside(outside), "{outside}");
        }
    }
}
