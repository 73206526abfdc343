//! The `mcp-errors` command: one catalog for the whole fleet.
//!
//! ```text
//! mcp-errors gen --lang ts|python|go --catalog FILE --out DIR [--package NAME] [--locale FILE]...
//! mcp-errors diff OLD NEW
//! mcp-errors check FLEET_FILE [--format json]
//! mcp-errors docs (--catalog FILE... | --fleet FLEET_FILE) --out DIR [--format html|markdown]
//! ```
//!
//! `gen` writes an error module for TypeScript (`errors.ts`) or Python (`errors.py`,
//! `py.typed`) from a catalog (`Registry::to_json`), and with `--package` a manifest
//! (`package.json`; `pyproject.toml` and an `__init__.py` re-exporting the module, an npm
//! `@scope/` refused for Python), or for Go (`errors.go`; with `--package`, a module path, a
//! `go.mod`); `--lang` takes `ts`, `typescript`, `python`, `py`, `go` or `golang`, in any
//! case. `diff` reports the breaking changes between two catalogs, one line each, and exits 1
//! when there are any. A catalog is derived JSON or a hand-written TOML catalog
//! ([`handwritten`]). `check` checks a fleet file and every catalog it names ([`check`]; the
//! fleet guide, `mcp_errors::guide::fleet`, source `docs/fleet.md`). `docs` writes a static
//! reference of the errors, HTML or Markdown ([`reference`](mod@reference)). Paths are taken
//! as the operating system gives them (a file name that is not UTF-8 is fine).
//!
//! The arguments are parsed by clap: `-h`/`--help` on the command and on each subcommand
//! (and `mcp-errors help COMMAND`) prints its help, `-V`/`--version` the version, both on
//! stdout with exit 0. Every other failure is exit 2 ([`EXIT_BAD_INPUT`], also clap's own code
//! for a usage error) with stderr starting `mcp-errors: `: a wrong argument (an unknown command
//! or flag, a missing, repeated or non-UTF-8 value) is clap's message followed by the usage;
//! an unknown language or package name, a file that is not JSON or not a catalog, is one line.
//! A catalog member of the wrong type or with a value mcp-errors-core never writes (a channel
//! other than `tool_error` and `jsonrpc`, an unknown kind or field role) is named by its path
//! (`enums[1].entries[3].channel`).
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
pub mod locale;
pub mod reference;

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Parser as _;
use clap::error::ErrorKind;

pub use catalog::Catalog;
pub use lang::{Lang, generate};

/// Exit code of a run that found breaking changes.
pub const EXIT_BREAKING: i32 = 1;
/// Exit code of bad input: arguments, or a file that is not a catalog.
pub const EXIT_BAD_INPUT: i32 = 2;

/// The command line.
#[derive(clap::Parser)]
#[command(
    name = "mcp-errors",
    version,
    propagate_version = true,
    subcommand_required = true,
    // no command is a usage error (exit 2), not the help
    arg_required_else_help = false,
    about = "TypeScript, Python and Go error modules from an mcp-errors catalog, the breaking \
             changes between two catalogs, and the check of a fleet file"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    Gen(GenArgs),
    Diff(DiffArgs),
    Check(CheckArgs),
    Docs(DocsArgs),
}

/// Writes the error module of LANG generated from a catalog into DIR
///
/// The catalog is what the server's `Registry::to_json` writes. TypeScript is `errors.ts`,
/// Python `errors.py` and `py.typed`, Go `errors.go` (standard library only, Go >= 1.19).
#[derive(clap::Args)]
#[command(
    after_help = "Exit 0, or 2 on bad arguments, a file that is not a catalog, or a translation \
                  file that is not valid (one line: PATH:LINE:COLUMN: error: ...)."
)]
struct GenArgs {
    /// ts (or typescript), python (or py) or go (or golang), in any case
    #[arg(long, value_name = "LANG")]
    lang: String,
    /// The catalog: derived JSON, or a hand-written TOML catalog
    #[arg(long, value_name = "FILE")]
    catalog: PathBuf,
    /// Where to write (created if missing)
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Also write the files that make DIR the package NAME (for Go: the module path of a
    /// go.mod, whose last element, lowercased and without non-alphanumerics, is the package
    /// clause; mcperrors without --package)
    #[arg(long, value_name = "NAME")]
    package: Option<String>,
    /// A translation file of the catalog's messages (TOML: `locale = "fr"` and a `[messages]`
    /// table of SYMBOL = "template"; repeat for several locales), from which the module
    /// renders a decoded error's message in a client's locale; the wire text stays as it is
    #[arg(long = "locale", value_name = "FILE")]
    locales: Vec<PathBuf>,
}

/// Reports the changes from catalog OLD to catalog NEW that break a client built on OLD
///
/// A change breaks when a code is removed or reused, a symbol renamed or moved, a domain or
/// channel changed, an enum removed or its range moved; each is one line, and added codes are
/// counted.
#[derive(clap::Args)]
#[command(
    after_help = "Exit 0 when nothing breaks, 1 when something does, 2 on bad arguments or a \
                  file that is not a catalog."
)]
struct DiffArgs {
    /// The catalog before the change
    #[arg(value_name = "OLD.json")]
    old: PathBuf,
    /// The catalog after the change
    #[arg(value_name = "NEW.json")]
    new: PathBuf,
}

/// Checks a fleet file and every catalog it names
///
/// The catalogs are derived JSON (a Rust server's `--catalog`) or hand-written TOML. Checked:
/// the domains' ranges disjoint and outside JSON-RPC's reserved range; each catalog's domains
/// the ones the fleet names it for; each code inside its domain's range or the common range
/// and not reserved; symbols with their domain's prefix, and none in two domains; every catalog
/// rule (duplicate codes and symbols, the symbol pattern, the catalog's own range and reserved
/// codes). Each problem is one line, `PATH:LINE:COLUMN: error: MESSAGE (see PATH:LINE:COLUMN)`
/// naming the other side of a collision.
#[derive(clap::Args)]
#[command(after_help = "Exit 0 when clean, 1 on findings, 2 when a file cannot be read or parsed.")]
struct CheckArgs {
    /// The fleet file (fleet.toml)
    #[arg(value_name = "FLEET_FILE")]
    fleet: PathBuf,
    /// text (one line per problem) or json (one object: problems, catalogs, entries, exit)
    #[arg(long, value_name = "FORMAT", default_value = "text", value_parser = ["text", "json"])]
    format: String,
}

/// Writes a static reference of the errors into DIR: an index and one page per domain
///
/// From catalogs (derived JSON or hand-written TOML), or from a fleet file and every catalog it
/// names (with the fleet's ranges, owners, descriptions and retired codes). Each error is the
/// element whose id is its symbol on its domain's page (`DOMAIN.html#SYMBOL`), the target of
/// a doc URL template `https://HOST/{domain}#{symbol}`. HTML pages need no script and no
/// network; Markdown is for wikis.
#[derive(clap::Args)]
#[command(
    after_help = "Exit 0, or 2 on bad arguments or a file that cannot be read or is not a \
                  catalog or fleet file.",
    group = clap::ArgGroup::new("input").required(true).args(["catalog", "fleet"]),
)]
struct DocsArgs {
    /// A catalog (repeat for several): derived JSON, or a hand-written TOML catalog
    #[arg(long, value_name = "FILE", num_args = 1..)]
    catalog: Vec<PathBuf>,
    /// A fleet file (fleet.toml): its domains and the catalogs it names
    #[arg(long, value_name = "FLEET_FILE", conflicts_with = "catalog")]
    fleet: Option<PathBuf>,
    /// Where to write (created if missing)
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// html or markdown (or md), in any case
    #[arg(long, value_name = "FORMAT", default_value = "html")]
    format: String,
    /// The title of a reference built from catalogs (a fleet's is its name)
    #[arg(long, value_name = "TITLE", default_value = "mcp-errors")]
    title: String,
}

/// Runs the command line `args` (without the program name), writing to `out` and `err`;
/// returns the process's exit code.
pub fn run<I, T>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let command_line =
        std::iter::once(OsString::from("mcp-errors")).chain(args.into_iter().map(Into::into));
    let cli = match Cli::try_parse_from(command_line) {
        Ok(cli) => cli,
        Err(e) => return clap_failure(&e, out, err),
    };
    let result = match cli.command {
        Command::Gen(args) => run_gen(args, out),
        Command::Diff(args) => run_diff(&args, out),
        Command::Check(args) => Ok(check::run(&args.fleet, args.format == "json", out, err)),
        Command::Docs(args) => run_docs(&args, out),
    };
    match result {
        Ok(code) => code,
        Err(msg) => {
            let _ = writeln!(err, "mcp-errors: {msg}");
            EXIT_BAD_INPUT
        }
    }
}

/// What clap stopped at: the help or the version on `out` (exit 0), else its message after
/// `mcp-errors: ` on `err` (exit 2).
fn clap_failure(e: &clap::Error, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let text = e.to_string();
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let _ = write!(out, "{text}");
        if !text.ends_with('\n') {
            let _ = writeln!(out);
        }
        return 0;
    }
    let text = text.strip_prefix("error: ").unwrap_or(&text);
    let _ = write!(err, "mcp-errors: {text}");
    EXIT_BAD_INPUT
}

/// A file that cannot be read, is not a catalog, or cannot be written, or a value clap does not
/// judge: one line.
type Failure = String;

fn run_gen(args: GenArgs, out: &mut dyn Write) -> Result<i32, Failure> {
    let GenArgs {
        lang,
        catalog: catalog_path,
        out: dir,
        package,
        locales,
    } = args;
    let lang = Lang::parse(&lang).ok_or_else(|| {
        format!(
            "gen: unknown language {lang:?} (one of: {}; any case)",
            Lang::NAMES.join(", ")
        )
    })?;
    if let Some(problem) = package
        .as_deref()
        .and_then(|name| lang::package_name_problem(lang, name))
    {
        return Err(format!("gen: {problem}"));
    }
    let parsed = Catalog::load(&catalog_path)?;
    let translations = locale::load_all(&locales, &parsed)?;
    let files = lang::generate_localized(
        lang,
        &parsed,
        &translations,
        &source_name(&catalog_path),
        package.as_deref(),
    );
    write_files(&dir, &files, out)?;
    Ok(0)
}

fn run_docs(args: &DocsArgs, out: &mut dyn Write) -> Result<i32, Failure> {
    let format = reference::Format::parse(&args.format).ok_or_else(|| {
        format!(
            "docs: unknown format {:?} (one of: {}; any case)",
            args.format,
            reference::Format::NAMES.join(", ")
        )
    })?;
    let site = if let Some(fleet) = &args.fleet {
        reference::from_fleet(fleet)?
    } else {
        let paths: Vec<&Path> = args.catalog.iter().map(PathBuf::as_path).collect();
        reference::from_catalogs(&paths, &args.title)?
    };
    write_files(&args.out, &reference::render(&site, format), out)?;
    Ok(0)
}

/// Writes `files` (name, text) into `dir`, creating it, and says so on `out`.
fn write_files(dir: &Path, files: &[(String, String)], out: &mut dyn Write) -> Result<(), Failure> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: cannot create: {e}", dir.display()))?;
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::write(&path, text)
            .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
        let _ = writeln!(out, "wrote {}", path.display());
    }
    Ok(())
}

fn run_diff(args: &DiffArgs, out: &mut dyn Write) -> Result<i32, Failure> {
    let old = Catalog::load(&args.old)?;
    let new = Catalog::load(&args.new)?;
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
