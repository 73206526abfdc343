//! A generated module's runtime kept as a real source file of its language
//! (`runtime/errors_runtime.ts`, `runtime/errors_runtime.py`), included at build time.
//!
//! The file is a complete module: the parts that come from the catalog sit between marker
//! lines, `<comment> ---- begin generated: NAME ----` and `<comment> ---- end generated: NAME
//! ----`, and hold what the generator writes for `runtime/sample_catalog.json` (the header
//! part holds the file's own explanation instead). So the file type-checks and runs its own
//! unit tests as it is; the generator copies every other line as it is and writes each marked
//! part for the catalog at hand, the marker lines left out.

/// A runtime file, cut into its fixed text and its marked parts.
pub(crate) struct Template {
    pieces: Vec<Piece>,
    /// The line comment marker lines start with.
    #[cfg_attr(
        not(test),
        allow(dead_code, reason = "read by the runtime files' tests")
    )]
    comment: &'static str,
}

enum Piece {
    /// Text copied as it is.
    Fixed(&'static str),
    /// A marked part: its name and what the file holds there.
    Slot {
        name: &'static str,
        #[cfg_attr(
            not(test),
            allow(dead_code, reason = "read by the runtime files' tests")
        )]
        sample: &'static str,
    },
}

impl Template {
    /// Cuts `text`, whose line comments start with `comment` (`//`, `#`), at its marker lines.
    ///
    /// # Panics
    ///
    /// On a marker line without its partner: the files are the crate's own, so a unit test of
    /// each language's generator finds this first.
    pub(crate) fn parse(text: &'static str, comment: &'static str) -> Template {
        let begin = format!("{comment} ---- begin generated: ");
        let end = format!("{comment} ---- end generated: ");
        let mut pieces = Vec::new();
        let mut rest = text;
        while let Some(at) = find_line(rest, &begin) {
            pieces.push(Piece::Fixed(&rest[..at]));
            let line_end = rest[at..].find('\n').map_or(rest.len(), |n| at + n + 1);
            let name = marker_name(&rest[at + begin.len()..line_end])
                .unwrap_or_else(|| panic!("a malformed marker line: {:?}", &rest[at..line_end]));
            let body = &rest[line_end..];
            let close = format!("{end}{name} ----");
            let close_at =
                find_line(body, &close).unwrap_or_else(|| panic!("no end marker for {name:?}"));
            let after = body[close_at..]
                .find('\n')
                .map_or(body.len(), |n| close_at + n + 1);
            pieces.push(Piece::Slot {
                name,
                sample: &body[..close_at],
            });
            rest = &body[after..];
        }
        assert!(
            find_line(rest, &end).is_none(),
            "an end marker without its begin marker"
        );
        pieces.push(Piece::Fixed(rest));
        Template { pieces, comment }
    }

    /// The names of the marked parts, in order.
    #[cfg(test)]
    pub(crate) fn slots(&self) -> Vec<&'static str> {
        self.pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Slot { name, .. } => Some(*name),
                Piece::Fixed(_) => None,
            })
            .collect()
    }

    /// The fixed text, the marked parts left out.
    #[cfg(test)]
    pub(crate) fn fixed_text(&self) -> String {
        self.pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Fixed(text) => Some(*text),
                Piece::Slot { .. } => None,
            })
            .collect()
    }

    /// The generated module: the fixed text, and `fill(name, out)` writing each marked part.
    pub(crate) fn render(&self, mut fill: impl FnMut(&str, &mut String)) -> String {
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Fixed(text) => out.push_str(text),
                Piece::Slot { name, .. } => fill(name, &mut out),
            }
        }
        out
    }

    /// The runtime file as it should read: markers kept, each part but `keep` filled by
    /// `fill`, `keep` as the file has it.
    #[cfg(test)]
    pub(crate) fn render_marked(
        &self,
        keep: &str,
        mut fill: impl FnMut(&str, &mut String),
    ) -> String {
        use std::fmt::Write as _;

        let comment = self.comment;
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Fixed(text) => out.push_str(text),
                Piece::Slot { name, sample } => {
                    let _ = writeln!(out, "{comment} ---- begin generated: {name} ----");
                    if *name == keep {
                        out.push_str(sample);
                    } else {
                        fill(name, &mut out);
                    }
                    let _ = writeln!(out, "{comment} ---- end generated: {name} ----");
                }
            }
        }
        out
    }
}

/// The byte offset of the first line of `text` that starts with `prefix`.
fn find_line(text: &str, prefix: &str) -> Option<usize> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.starts_with(prefix) {
            return Some(at);
        }
        at += line.len();
    }
    None
}

/// `NAME` of the rest of a begin marker line, `NAME ----\n`.
fn marker_name(rest: &str) -> Option<&str> {
    let name = rest.trim_end().strip_suffix(" ----")?;
    (!name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')).then_some(name)
}

/// Tests shared by the languages: the file's marked parts are what the generator writes for the
/// sample catalog (`MCP_ERRORS_BLESS=1` rewrites them).
#[cfg(test)]
pub(crate) mod tests {
    use super::Template;
    use crate::catalog::Catalog;

    /// The catalog the runtime files' marked parts are generated from.
    pub(crate) fn sample_catalog() -> Catalog {
        Catalog::from_json(include_str!("runtime/sample_catalog.json")).expect("a catalog")
    }

    /// A catalog of one enum (domain `d`) whose entries are `(code, symbol, errorType)`, each
    /// with the message `message`.
    pub(crate) fn one_enum_catalog(message: &str, entries: &[(i64, &str, &str)]) -> Catalog {
        let entries: Vec<serde_json::Value> = entries
            .iter()
            .map(|(code, symbol, error_type)| {
                serde_json::json!({
                    "code": code, "symbol": symbol, "domain": "d", "message": message,
                    "retryable": false, "kind": "internal", "channel": "tool_error",
                    "errorType": error_type,
                })
            })
            .collect();
        let json = serde_json::json!({
            "format": "mcp-errors-catalog", "version": 1,
            "enums": [{"name": "E", "domain": "d", "entries": entries}],
        });
        Catalog::from_json(&json.to_string()).unwrap()
    }

    /// Checks that `file` (under `src/lang/runtime/`), whose text is `template`, is what
    /// `fill` writes in every part but the header; rewrites it under `MCP_ERRORS_BLESS`.
    pub(crate) fn check_runtime_file(
        file_name: &str,
        text: &str,
        template: &Template,
        write_part: impl FnMut(&str, &mut String),
    ) {
        let expected = template.render_marked("header", write_part);
        if expected == text {
            return;
        }
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src/lang/runtime")
            .join(file_name);
        if std::env::var_os("MCP_ERRORS_BLESS").is_some() {
            std::fs::write(&path, expected).unwrap();
        } else {
            panic!(
                "{}: its generated parts are not what the generator writes for \
                 sample_catalog.json; rewrite them with MCP_ERRORS_BLESS=1 cargo test -p \
                 mcp-errors-cli --lib",
                path.display()
            );
        }
    }

    #[test]
    fn parts_are_cut_at_their_markers() {
        let t = Template::parse(
            "a\n# ---- begin generated: one ----\nsample\n# ---- end generated: one ----\nb\n\
             # ---- begin generated: two_x ----\n# ---- end generated: two_x ----\n",
            "#",
        );
        assert_eq!(t.slots(), ["one", "two_x"]);
        assert_eq!(t.fixed_text(), "a\nb\n");
        let out = t.render(|name, out| {
            out.push('<');
            out.push_str(name);
            out.push_str(">\n");
        });
        assert_eq!(out, "a\n<one>\nb\n<two_x>\n");
        let marked = t.render_marked("one", |name, out| out.push_str(name));
        assert_eq!(
            marked,
            "a\n# ---- begin generated: one ----\nsample\n# ---- end generated: one ----\nb\n\
             # ---- begin generated: two_x ----\ntwo_x# ---- end generated: two_x ----\n"
        );
    }

    #[test]
    #[should_panic(expected = "no end marker for \"one\"")]
    fn a_begin_marker_needs_its_end() {
        let _ = Template::parse("// ---- begin generated: one ----\nx\n", "//");
    }

    #[test]
    #[should_panic(expected = "an end marker without its begin marker")]
    fn an_end_marker_needs_its_begin() {
        let _ = Template::parse("x\n// ---- end generated: one ----\n", "//");
    }
}
