//! The `mcp-errors` command: one catalog for the whole fleet.
//!
//! ```text
//! mcp-errors gen --lang ts|python --catalog FILE --out DIR [--package NAME]
//! mcp-errors diff OLD.json NEW.json
//! ```
//!
//! `gen` writes an error module for TypeScript (`errors.ts`) or Python (`errors.py`,
//! `py.typed`) from a catalog (`Registry::to_json`), and with `--package` a manifest
//! (`package.json`; `pyproject.toml` and an `__init__.py` re-exporting the module, an npm
//! `@scope/` refused for Python); `--lang` takes `ts`, `typescript`,
//! `python` or `py`, in any case. `diff` reports the breaking changes between two catalogs,
//! one line each, and exits 1 when there are any. `-h`/`--help` after either command prints
//! its usage (exit 0). Bad input (a file that is not JSON, or not a catalog, a wrong
//! argument) is one line on stderr and exit 2; a catalog member of the wrong type or with a
//! value mcp-errors-core never writes (a channel other than `tool_error` and `jsonrpc`, an
//! unknown kind or field role) is named by its path (`enums[1].entries[3].channel`).
//!
//! The generators are a library too ([`generate`]), one module per target language under
//! [`lang`]; a new language is one more module and one more [`Lang`] variant.
//!
//! What the generated modules contain, and the fleet's workflow from the Rust enums to the
//! TypeScript and Python clients, is the polyglot guide (`mcp_errors::guide::polyglot`, source
//! `docs/polyglot.md`).

pub mod catalog;
pub mod check;
pub mod diff;
pub mod handwritten;
pub mod lang;

use std::io::Write;
use std::path::{Path, PathBuf};

pub use catalog::Catalog;
pub use lang::{Lang, generate};

/// Exit code of a run that found breaking changes.
pub const EXIT_BREAKING: i32 = 1;
/// Exit code of bad input: arguments, or a file that is not a catalog.
pub const EXIT_BAD_INPUT: i32 = 2;

const USAGE: &str =
    "usage: mcp-errors gen --lang ts|python --catalog FILE --out DIR [--package NAME]
       mcp-errors diff OLD.json NEW.json
       mcp-errors check FLEET_FILE [--format json]
       mcp-errors COMMAND --help";

const GEN_HELP: &str = "usage: mcp-errors gen --lang LANG --catalog FILE --out DIR [--package NAME]

Writes the error module of LANG generated from a catalog (Registry::to_json) into DIR.

  --lang LANG      ts (or typescript) or python (or py), in any case
  --catalog FILE   the catalog JSON
  --out DIR        where to write (created if missing)
  --package NAME   also write the files that make DIR the package NAME
  -h, --help       this text

Exit 0, or 2 on bad arguments or a file that is not a catalog.";

const DIFF_HELP: &str = "usage: mcp-errors diff OLD.json NEW.json

Reports the changes from catalog OLD to catalog NEW that break a client or server built on
OLD (a code removed or reused, a symbol renamed or moved, a domain or channel changed, an enum
removed or its range moved), one line each.

  -h, --help   this text

Exit 0 when nothing breaks, 1 when something does, 2 on bad arguments or a file that is not a
catalog.";

/// Whether `arg` asks for help.
fn is_help(arg: &str) -> bool {
    matches!(arg, "-h" | "--help")
}

/// Runs the command line `args` (without the program name), writing to `out` and `err`;
/// returns the process's exit code.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let result = match args.first().map(String::as_str) {
        Some("gen") => run_gen(&args[1..], out),
        Some("diff") => run_diff(&args[1..], out),
        Some("check") => run_check(&args[1..], out, err),
        Some("-h" | "--help" | "help") => {
            let _ = writeln!(out, "{USAGE}");
            return 0;
        }
        Some("-V" | "--version") => {
            let _ = writeln!(out, "mcp-errors {}", env!("CARGO_PKG_VERSION"));
            return 0;
        }
        Some(other) => Err(Failure::Usage(format!("unknown command {other:?}"))),
        None => Err(Failure::Usage("no command".to_owned())),
    };
    match result {
        Ok(code) => code,
        Err(Failure::Usage(msg)) => {
            let _ = writeln!(err, "mcp-errors: {msg}\n{USAGE}");
            EXIT_BAD_INPUT
        }
        Err(Failure::Input(msg)) => {
            let _ = writeln!(err, "mcp-errors: {msg}");
            EXIT_BAD_INPUT
        }
    }
}

enum Failure {
    /// Wrong arguments: the message, then the usage.
    Usage(String),
    /// A file that cannot be read, is not a catalog, or cannot be written: one line.
    Input(String),
}

fn run_gen(args: &[String], out: &mut dyn Write) -> Result<i32, Failure> {
    if args.iter().any(|a| is_help(a)) {
        let _ = writeln!(out, "{GEN_HELP}");
        return Ok(0);
    }
    let mut lang = None;
    let mut catalog = None;
    let mut dir = None;
    let mut package = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let (name, inline) = match flag.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_owned())),
            _ => (flag.as_str(), None),
        };
        let slot = match name {
            "--lang" => &mut lang,
            "--catalog" => &mut catalog,
            "--out" => &mut dir,
            "--package" => &mut package,
            _ => return Err(Failure::Usage(format!("gen: unknown argument {flag:?}"))),
        };
        let value = match inline {
            Some(v) => v,
            None => it
                .next()
                .cloned()
                .ok_or_else(|| Failure::Usage(format!("gen: {name} needs a value")))?,
        };
        if slot.replace(value).is_some() {
            return Err(Failure::Usage(format!("gen: {name} given twice")));
        }
    }
    let lang = lang.ok_or_else(|| Failure::Usage("gen: --lang is required".to_owned()))?;
    let lang = Lang::parse(&lang).ok_or_else(|| {
        Failure::Usage(format!(
            "gen: unknown language {lang:?} (one of: {}; any case)",
            Lang::NAMES.join(", ")
        ))
    })?;
    let catalog_path =
        PathBuf::from(catalog.ok_or_else(|| Failure::Usage("gen: --catalog is required".into()))?);
    let dir = PathBuf::from(dir.ok_or_else(|| Failure::Usage("gen: --out is required".into()))?);
    if let Some(name) = &package
        && !lang::valid_package_name(name)
    {
        return Err(Failure::Usage(format!(
            "gen: --package {name:?} is not a package name (lowercase letters, digits, '-', '_', '.', an optional @scope/)"
        )));
    }
    if let Some(problem) = package
        .as_deref()
        .and_then(|name| lang::package_name_problem(lang, name))
    {
        return Err(Failure::Input(format!("gen: {problem}")));
    }
    let parsed = Catalog::load(&catalog_path).map_err(Failure::Input)?;
    let files = generate(
        lang,
        &parsed,
        &source_name(&catalog_path),
        package.as_deref(),
    );
    std::fs::create_dir_all(&dir)
        .map_err(|e| Failure::Input(format!("{}: cannot create: {e}", dir.display())))?;
    for (name, text) in &files {
        let path = dir.join(name);
        std::fs::write(&path, text)
            .map_err(|e| Failure::Input(format!("{}: cannot write: {e}", path.display())))?;
        let _ = writeln!(out, "wrote {}", path.display());
    }
    Ok(0)
}

fn run_check(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> Result<i32, Failure> {
    if args.iter().any(|a| is_help(a)) {
        let _ = writeln!(out, "{}", check::HELP);
        return Ok(0);
    }
    let (mut fleet, mut json) = (None, false);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--format" | "--format=json" | "--format=text" => {
                let value = match arg.split_once('=') {
                    Some((_, v)) => v.to_owned(),
                    None => it.next().cloned().ok_or_else(|| {
                        Failure::Usage("check: --format needs a value".to_owned())
                    })?,
                };
                json = match value.as_str() {
                    "json" => true,
                    "text" => false,
                    other => {
                        return Err(Failure::Usage(format!(
                            "check: unknown format {other:?} (text or json)"
                        )));
                    }
                };
            }
            _ if fleet.is_none() && !arg.starts_with('-') => fleet = Some(PathBuf::from(arg)),
            _ => {
                return Err(Failure::Usage(format!(
                    "check: unexpected argument {arg:?}"
                )));
            }
        }
    }
    let fleet = fleet.ok_or_else(|| Failure::Usage("check: expected a fleet file".to_owned()))?;
    Ok(check::run(&fleet, json, out, err))
}

fn run_diff(args: &[String], out: &mut dyn Write) -> Result<i32, Failure> {
    if args.iter().any(|a| is_help(a)) {
        let _ = writeln!(out, "{DIFF_HELP}");
        return Ok(0);
    }
    let [old, new] = args else {
        return Err(Failure::Usage(
            "diff: expected two catalog files, OLD and NEW".to_owned(),
        ));
    };
    let old = Catalog::load(Path::new(old)).map_err(Failure::Input)?;
    let new = Catalog::load(Path::new(new)).map_err(Failure::Input)?;
    let findings = diff::breaking_changes(&old, &new);
    for finding in &findings {
        let _ = writeln!(out, "breaking: {}", one_line(finding));
    }
    if findings.is_empty() {
        let added = diff::added_codes(&old, &new);
        let _ = writeln!(
            out,
            "no breaking changes ({} code{} added)",
            added.len(),
            if added.len() == 1 { "" } else { "s" }
        );
        Ok(0)
    } else {
        Ok(EXIT_BREAKING)
    }
}

/// The name the header of a generated file gives its catalog: the file's name alone, so that
/// the output does not depend on where the catalog was read from.
fn source_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// `text` on one line: a character that [breaks lines](lang::breaks_lines) (a symbol or a
/// domain of a hostile catalog may hold one) as its Rust escape, so each finding stays one line.
fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if lang::breaks_lines(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}
