//! ARCHITECTURE.md's file names stay true: every Rust file it names exists, and every Rust
//! source file of the workspace's crates (`*/src/**/*.rs` and the facade's `src/`) is named.
//!
//! How a name is read (ARCHITECTURE.md, "Keeping this map true", says the same for writers):
//!
//! - A reference is an inline code span that is a relative path ending in `.rs` (a file) or
//!   in `/` (a folder): `kind.rs`, `envelope/fast/scalar.rs`, `metrics/`. Spans with anything
//!   else (spaces, `<placeholders>`, `*`, `::`) are not references; fenced blocks are skipped.
//! - Context: a `###` heading that names a crate (`### mcp-errors-core`, or in backticks) makes
//!   its section, down to the next `##` or `###` heading, that crate's; a `###` heading that
//!   names a folder (`` ### `tests/` ``) makes names in its section relative to that folder. A
//!   block (a list item with its continuation lines, or a paragraph) whose first code span is
//!   a folder (`` - `envelope/` — ...``) resolves the names inside it in that folder first.
//! - A name resolves to the first that exists of: the name in the block's folder, in the
//!   section crate's `src/`, in the section's folder (or the crate's folder), from the
//!   repository root; else, outside or inside a crate's section, in the one crate whose `src/`
//!   (or folder) holds it. A file name that resolves to nothing, or to files of several crates, is stale
//!   (a folder that does not resolve is only not a context).
//! - A file is named when some reference resolves to it; a folder reference names the
//!   folder's `mod.rs` (the bullet of a folder describes its module). A file named only by
//!   its module name (`catalog` for `emit/catalog.rs`) is not: write `catalog.rs`.
//!
//! Only `.rs` files are checked; other files (`.ts`, `.py`, scripts) may be named freely.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A crate of the workspace: its package name and its folder relative to the root (`""` for
/// the facade, which is the root package).
struct Crate {
    name: String,
    dir: String,
}

/// What the check found, as lines to print.
#[derive(Debug, Default)]
struct Report {
    /// References that name no file, or files of several crates.
    stale: Vec<String>,
    /// Source files no reference names.
    missing: Vec<String>,
}

/// The `name = "..."` of a manifest's `[package]` table.
fn package_name(manifest: &str) -> Option<String> {
    let mut in_package = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if in_package && let Some(rest) = line.strip_prefix("name") {
            let value = rest.trim_start().strip_prefix('=')?.trim();
            return Some(value.trim_matches('"').to_owned());
        }
    }
    None
}

/// The root package and the workspace members, from the root manifest.
fn crates(root: &Path) -> Vec<Crate> {
    let manifest = fs::read_to_string(root.join("Cargo.toml")).expect("the root Cargo.toml");
    let mut crates = Vec::new();
    if let Some(name) = package_name(&manifest) {
        crates.push(Crate {
            name,
            dir: String::new(),
        });
    }
    let start = manifest
        .find("members")
        .expect("the root Cargo.toml lists the workspace members");
    let list = &manifest[start..];
    let list = &list[list.find('[').expect("members = [")..=list.find(']').expect("]")];
    for dir in list.split('"').skip(1).step_by(2) {
        let member = fs::read_to_string(root.join(dir).join("Cargo.toml"))
            .unwrap_or_else(|e| panic!("{dir}/Cargo.toml: {e}"));
        let name = package_name(&member).unwrap_or_else(|| dir.to_owned());
        crates.push(Crate {
            name,
            dir: dir.to_owned(),
        });
    }
    crates
}

/// Every `.rs` file under `dir`, as paths relative to `root`, with `/` separators.
fn rust_files(root: &Path, dir: &Path, out: &mut BTreeSet<String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.expect("a readable directory entry").path();
        if path.is_dir() {
            rust_files(root, &path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.insert(relative(root, &path));
        }
    }
}

fn relative(root: &Path, path: &Path) -> String {
    let rel = path
        .strip_prefix(root)
        .expect("a path inside the repository");
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// `a` joined with `b`, both `/`-separated and relative to the root (`""` is the root).
fn join(a: &str, b: &str) -> String {
    match (a.is_empty(), b.is_empty()) {
        (true, _) => b.to_owned(),
        (_, true) => a.to_owned(),
        _ => format!("{}/{}", a.trim_end_matches('/'), b),
    }
}

/// A code span's text as a reference, when it is one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    File,
    Folder,
}

fn reference_kind(span: &str) -> Option<Kind> {
    let pathlike = !span.is_empty()
        && span
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '/' | '-'));
    if !pathlike || span.starts_with('/') {
        return None;
    }
    if Path::new(span).extension().is_some_and(|ext| ext == "rs") {
        Some(Kind::File)
    } else if span.len() > 1 && span.ends_with('/') && !span.ends_with("//") {
        Some(Kind::Folder)
    } else {
        None
    }
}

/// The inline code spans of a block of text, each with the line it starts on.
fn code_spans(lines: &[(usize, &str)]) -> Vec<(usize, String)> {
    let mut text = String::new();
    let mut starts = Vec::new();
    for (number, line) in lines {
        starts.push((text.len(), *number));
        text.push_str(line);
        text.push('\n');
    }
    let line_of = |offset: usize| {
        starts
            .iter()
            .rev()
            .find(|(start, _)| *start <= offset)
            .map_or(0, |(_, number)| *number)
    };
    let mut spans = Vec::new();
    let mut at = 0;
    while let Some(found) = text[at..].find('`') {
        let open = at + found;
        let ticks = text[open..].len() - text[open..].trim_start_matches('`').len();
        let run = &text[open..open + ticks];
        let body = open + ticks;
        // A closing run of exactly the same length.
        let mut search = body;
        let mut close = None;
        while let Some(found) = text[search..].find(run) {
            let candidate = search + found;
            let after = candidate + ticks;
            if text[after..].starts_with('`') {
                search = after + text[after..].len() - text[after..].trim_start_matches('`').len();
                continue;
            }
            close = Some(candidate);
            break;
        }
        let Some(close) = close else {
            at = body;
            continue;
        };
        let content = text[body..close].replace('\n', " ");
        spans.push((line_of(open), content.trim().to_owned()));
        at = close + ticks;
    }
    spans
}

/// The blocks of a Markdown text outside fenced code: list items (with their indented
/// continuation lines and nested items) and paragraphs, each with the heading context it is
/// in. A heading is a block of its own: its level (`1..=6`) and text.
enum Block<'a> {
    Heading(usize, &'a str),
    Text(Vec<(usize, &'a str)>),
}

fn flush<'a>(current: &mut Vec<(usize, &'a str)>, blocks: &mut Vec<Block<'a>>) {
    if !current.is_empty() {
        blocks.push(Block::Text(std::mem::take(current)));
    }
}

fn blocks(text: &str) -> Vec<Block<'_>> {
    let mut blocks = Vec::new();
    let mut current: Vec<(usize, &str)> = Vec::new();
    let mut fence: Option<&str> = None;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m));
        if let Some(open) = fence {
            if marker == Some(open) && trimmed.trim_end() == open {
                fence = None;
            }
            continue;
        }
        if let Some(m) = marker {
            flush(&mut current, &mut blocks);
            fence = Some(m);
            continue;
        }
        if trimmed.is_empty() {
            flush(&mut current, &mut blocks);
            continue;
        }
        let hashes = line.len() - line.trim_start_matches('#').len();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            flush(&mut current, &mut blocks);
            blocks.push(Block::Heading(hashes, line[hashes..].trim()));
            continue;
        }
        let item = line.starts_with("- ")
            || line.starts_with("* ")
            || line
                .split_once(". ")
                .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if item {
            flush(&mut current, &mut blocks);
        }
        current.push((number, line));
    }
    flush(&mut current, &mut blocks);
    blocks
}

/// Where the names of a section resolve.
#[derive(Default, Clone)]
struct Section {
    /// The heading, for messages (`### mcp-errors-core`).
    heading: String,
    /// The crate's folder when the section is a crate's.
    crate_dir: Option<String>,
    /// The folder names are relative to (the crate's folder, or the heading's folder).
    base: Option<String>,
}

struct Checker<'a> {
    root: &'a Path,
    crates: Vec<Crate>,
    report: Report,
    named: BTreeSet<String>,
}

impl Checker<'_> {
    fn exists(&self, path: &str, kind: Kind) -> bool {
        let path = self.root.join(path);
        match kind {
            Kind::File => path.is_file(),
            Kind::Folder => path.is_dir(),
        }
    }

    fn section_of(&self, heading: &str) -> Section {
        let spans = code_spans(&[(0, heading)]);
        let word = spans.first().map_or_else(
            || heading.split_whitespace().next().unwrap_or("").to_owned(),
            |(_, span)| span.clone(),
        );
        let mut section = Section {
            heading: format!("### {heading}"),
            ..Section::default()
        };
        if let Some(krate) = self.crates.iter().find(|c| c.name == word) {
            section.crate_dir = Some(krate.dir.clone());
            section.base = Some(krate.dir.clone());
        } else if reference_kind(&word) == Some(Kind::Folder) && self.exists(&word, Kind::Folder) {
            section.base = Some(word.trim_end_matches('/').to_owned());
        }
        section
    }

    /// The candidates of `name` in this context, in order, without the crate-wide fallback.
    fn candidates(section: &Section, folder: Option<&str>, name: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut push = |path: String| {
            if !out.contains(&path) {
                out.push(path);
            }
        };
        if let Some(folder) = folder {
            push(join(folder, name));
        }
        if let Some(dir) = &section.crate_dir {
            push(join(&join(dir, "src"), name));
        }
        if let Some(base) = &section.base {
            push(join(base, name));
        }
        push(name.to_owned());
        out
    }

    /// Resolves a reference, or says why it does not resolve.
    fn resolve(
        &self,
        section: &Section,
        folder: Option<&str>,
        name: &str,
        kind: Kind,
    ) -> Result<String, String> {
        if name.split('/').any(|part| part == ".." || part == ".") {
            return Err("points outside the repository or through `.`; name it from inside".into());
        }
        let tried = Self::candidates(section, folder, name);
        if let Some(found) = tried.iter().find(|path| self.exists(path, kind)) {
            return Ok(found.clone());
        }
        let mut owners = Vec::new();
        for krate in &self.crates {
            for path in [join(&join(&krate.dir, "src"), name), join(&krate.dir, name)] {
                if self.exists(&path, kind) && !owners.contains(&path) {
                    owners.push(path);
                }
            }
        }
        match owners.len() {
            1 => Ok(owners.remove(0)),
            0 => Err(format!(
                "names no {} (looked for {}, and in every crate's src/)",
                if kind == Kind::File { "file" } else { "folder" },
                tried.join(", ")
            )),
            _ => Err(format!(
                "is ambiguous here ({}): write it in its crate's section or with its crate's path",
                owners.join(", ")
            )),
        }
    }

    fn read(&mut self, map: &str, text: &str) {
        let mut section = Section::default();
        for block in blocks(text) {
            let lines = match block {
                Block::Heading(level, heading) => {
                    if level <= 3 {
                        section = if level == 3 {
                            self.section_of(heading)
                        } else {
                            Section::default()
                        };
                    }
                    continue;
                }
                Block::Text(lines) => lines,
            };
            let spans = code_spans(&lines);
            // The block's folder: its first code span, when that is a folder that resolves.
            let folder = spans.first().and_then(|(_, span)| {
                (reference_kind(span) == Some(Kind::Folder))
                    .then(|| self.resolve(&section, None, span, Kind::Folder).ok())
                    .flatten()
            });
            for (number, span) in &spans {
                let Some(kind) = reference_kind(span) else {
                    continue;
                };
                match self.resolve(&section, folder.as_deref(), span, kind) {
                    Ok(path) => {
                        match kind {
                            Kind::File => self.named.insert(path),
                            Kind::Folder => self.named.insert(join(&path, "mod.rs")),
                        };
                    }
                    // An unknown folder is not checked: only Rust files are.
                    Err(_) if kind == Kind::Folder => {}
                    Err(why) => {
                        let place = if section.heading.is_empty() {
                            String::new()
                        } else {
                            format!(" (in \"{}\")", section.heading)
                        };
                        self.report
                            .stale
                            .push(format!("{map}:{number}: `{span}`{place} {why}"));
                    }
                }
            }
        }
    }

    /// Every source file of every crate that no reference named, with what to write.
    fn unnamed(&mut self, map: &str) {
        for krate in &self.crates {
            let src = self.root.join(&krate.dir).join("src");
            let mut files = BTreeSet::new();
            rust_files(self.root, &src, &mut files);
            let src = join(&krate.dir, "src");
            for file in files {
                if self.named.contains(&file) {
                    continue;
                }
                let inside = &file[src.len() + 1..];
                let advice = match inside.rsplit_once('/') {
                    Some((folder, name)) => format!(
                        "write `{inside}`, or `{name}` in the bullet that starts with `{folder}/`"
                    ),
                    None => format!("write `{inside}`"),
                };
                self.report.missing.push(format!(
                    "{file} is not in {map}: {advice}, in the section `### {}`",
                    krate.name
                ));
            }
        }
    }
}

/// Checks `map` (the text of the file named `map_name`) against the tree at `root`.
fn check(root: &Path, map_name: &str, map: &str) -> Report {
    let mut checker = Checker {
        root,
        crates: crates(root),
        report: Report::default(),
        named: BTreeSet::new(),
    };
    checker.read(map_name, map);
    checker.unnamed(map_name);
    checker.report
}

#[test]
fn architecture_names_every_source_file_and_only_files_that_exist() {
    let root = Path::new(ROOT);
    let map = fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let report = check(root, "ARCHITECTURE.md", &map);
    let mut problems = String::new();
    for (lines, what) in [
        (
            &report.stale,
            "name(s) in ARCHITECTURE.md that resolve to no file (rename or remove them)",
        ),
        (
            &report.missing,
            "source file(s) ARCHITECTURE.md does not name (add a bullet or a name)",
        ),
    ] {
        if !lines.is_empty() {
            problems.push('\n');
            problems.push_str(&lines.len().to_string());
            problems.push(' ');
            problems.push_str(what);
            problems.push_str(":\n");
            for line in lines {
                problems.push_str("  ");
                problems.push_str(line);
                problems.push('\n');
            }
        }
    }
    assert!(
        problems.is_empty(),
        "ARCHITECTURE.md's code map is out of date (how names resolve: the header of tests/test_architecture.rs){problems}"
    );
}

/// A small repository on disk: a facade and two member crates.
fn fixture() -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("test_architecture_fixture");
    let _ = fs::remove_dir_all(&root);
    let files = [
        (
            "Cargo.toml",
            "[workspace]\nmembers = [\"core\", \"derive\"]\n\n[package]\nname = \"facade\"\n",
        ),
        ("src/lib.rs", ""),
        ("core/Cargo.toml", "[package]\nname = \"core\"\n"),
        ("core/src/lib.rs", ""),
        ("core/src/kind.rs", ""),
        ("core/src/envelope/mod.rs", ""),
        ("core/src/envelope/view.rs", ""),
        ("core/src/envelope/fast/mod.rs", ""),
        ("core/src/envelope/fast/scalar.rs", ""),
        ("core/tests/shapes.rs", ""),
        ("derive/Cargo.toml", "[package]\nname = \"derive\"\n"),
        ("derive/src/lib.rs", ""),
        ("derive/src/emit/mod.rs", ""),
        ("derive/src/emit/catalog.rs", ""),
        ("derive/src/first_use.rs", ""),
        ("tests/golden.rs", ""),
    ];
    for (path, text) in files {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    root
}

#[test]
fn the_checker_sees_stale_and_missing_names() {
    let root = fixture();
    let map = "\
# Map

The facade's `src/lib.rs`; `kind.rs` is unique to one crate, `lib.rs` is not.

```
`gone.rs` in a fence is not read
```

### `core`

- `kind.rs` — a file of the crate.
- `envelope/` — `view.rs`, and `fast/` with
  `fast/scalar.rs`; `tests/golden.rs` is at the root, `lib.rs` is the crate's.
- `expand.rs` — no such file.

### `derive`

- `lib.rs`, `emit/` with `catalog` (a module name only).

### `core/tests/`

- `shapes.rs`, and `src/envelope/view.rs` from the crate's folder.
- `tests/<name>.rs` is a placeholder, `crate::kind` is no path.
";
    let report = check(&root, "MAP.md", map);
    assert_eq!(
        report.stale,
        [
            "MAP.md:3: `lib.rs` is ambiguous here (src/lib.rs, core/src/lib.rs, derive/src/lib.rs): write it in its crate's section or with its crate's path",
            "MAP.md:14: `expand.rs` (in \"### `core`\") names no file (looked for core/src/expand.rs, core/expand.rs, expand.rs, and in every crate's src/)",
        ],
        "{report:#?}"
    );
    assert_eq!(
        report.missing,
        [
            "derive/src/emit/catalog.rs is not in MAP.md: write `emit/catalog.rs`, or `catalog.rs` in the bullet that starts with `emit/`, in the section `### derive`",
            "derive/src/first_use.rs is not in MAP.md: write `first_use.rs`, in the section `### derive`",
        ],
        "{report:#?}"
    );
}

#[test]
fn references_are_paths_ending_in_rs_or_a_slash() {
    assert_eq!(reference_kind("kind.rs"), Some(Kind::File));
    assert_eq!(reference_kind("envelope/fast/scalar.rs"), Some(Kind::File));
    assert_eq!(reference_kind("metrics/"), Some(Kind::Folder));
    assert_eq!(reference_kind(".ci/"), Some(Kind::Folder));
    for not_a_path in [
        "tests/golden_seed<N>.rs",
        "tests/ui/**/*.rs",
        "crate::kind",
        "a b.rs",
        ".rs",
        "/",
        "/etc/x.rs",
        "benches/compile_time.py",
    ] {
        assert_eq!(reference_kind(not_a_path), None, "{not_a_path}");
    }
}
