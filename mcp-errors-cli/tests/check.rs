//! `mcp-errors check FLEET_FILE`: the worked fleet (`examples/fleet/`) is clean, its broken
//! copy gives exactly the expected lines, each finding on a fixture of its own, and each kind
//! of bad input one line with its position and exit 2. Also `gen` and `diff` on hand-written
//! TOML catalogs, and `diff`'s reserved codes.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// The workspace root: the commands run there, so paths print as the docs show them.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn mcp_errors(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcp-errors"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run mcp-errors")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// A fresh directory for one test, removed on drop.
struct Dir(PathBuf);

impl Dir {
    fn new(tag: &str) -> Dir {
        let dir =
            std::env::temp_dir().join(format!("mcp-errors-check-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Dir(dir)
    }

    fn write(&self, name: &str, text: &str) -> &Dir {
        let path = self.0.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        self
    }

    /// `mcp-errors check fleet.toml` inside the directory: (exit code, stdout, stderr).
    fn check(&self) -> (i32, String, String) {
        let out = mcp_errors(&["check", "fleet.toml"], &self.0);
        (
            out.status.code().unwrap(),
            text(&out.stdout),
            text(&out.stderr),
        )
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const FLEET: &str = "[fleet]\nname = \"t\"\n[common]\nrange = [1000, 1099]\n\
[[domain]]\nname = \"python\"\nrange = [2000, 2099]\ncatalog = \"py.toml\"\nsymbol_prefix = \"E_PY_\"\nreserved = [2042]\n\
[[domain]]\nname = \"node\"\nrange = [2100, 2199]\ncatalog = \"node.toml\"\n";

const PY: &str =
    "domain = \"python\"\n[[error]]\ncode = 2000\nsymbol = \"E_PY_A\"\nmessage = \"a\"\n";
const NODE: &str =
    "domain = \"node\"\n[[error]]\ncode = 2100\nsymbol = \"E_NODE_A\"\nmessage = \"a\"\n";

/// A fleet of two hand-written catalogs with `py` as python's: its findings.
fn with_python(py: &str) -> (i32, String, String) {
    Dir::new("py")
        .write("fleet.toml", FLEET)
        .write("py.toml", py)
        .write("node.toml", NODE)
        .check()
}

fn error(code: i32, symbol: &str) -> String {
    format!("[[error]]\ncode = {code}\nsymbol = \"{symbol}\"\nmessage = \"m\"\n")
}

#[test]
fn the_worked_fleet_is_clean() {
    let out = mcp_errors(&["check", "examples/fleet/fleet.toml"], &root());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert_eq!(
        text(&out.stdout),
        "ok: examples/fleet/fleet.toml: 3 catalogs, 36 errors, no problems\n"
    );
}

#[test]
fn the_broken_fleet_gives_exactly_the_expected_lines() {
    let out = mcp_errors(&["check", "examples/fleet/broken/fleet.toml"], &root());
    assert_eq!(out.status.code(), Some(1));
    let expected =
        std::fs::read_to_string(root().join("examples/fleet/broken/expected.txt")).unwrap();
    assert_eq!(text(&out.stdout), expected);
    assert!(out.stderr.is_empty());
    // Every kind of cross-file finding is in it, each naming the other side.
    for kind in [
        "overlaps range",
        "JSON-RPC's reserved range",
        "is reserved (retired)",
        "is outside the range",
        "does not start with the domain's prefix",
        "common code 1001",
        "is used by two domains",
        "defines nothing of domain",
        "defines codes of domain",
    ] {
        assert!(expected.contains(kind), "{kind}");
    }
    assert!(
        expected
            .lines()
            .all(|l| l.contains(": error: ") && l.ends_with(')'))
    );
}

#[test]
fn the_deliberate_overlap_in_the_shared_words() {
    let out = mcp_errors(&["check", "tests/fleet/overlap/fleet.toml"], &root());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "tests/fleet/overlap/fleet.toml:13:9: error: range 2100..=2199 of `playwright` overlaps range 2000..=2149 of `python` from code 2100 (see tests/fleet/overlap/fleet.toml:9:9)\n"
    );
}

#[test]
fn json_format_lists_kinds_and_both_sides() {
    let out = mcp_errors(
        &[
            "check",
            "examples/fleet/broken/fleet.toml",
            "--format",
            "json",
        ],
        &root(),
    );
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["exit"], 1);
    let problems = v["problems"].as_array().unwrap();
    assert_eq!(
        problems.len(),
        std::fs::read_to_string(root().join("examples/fleet/broken/expected.txt"))
            .unwrap()
            .lines()
            .count()
    );
    assert_eq!(problems[0]["kind"], "overlapping-ranges");
    assert_eq!(problems[0]["see"]["line"], 19);
    assert_eq!(problems[0]["path"], "examples/fleet/broken/fleet.toml");
}

#[test]
fn clean_fixture_is_clean() {
    let (code, out, err) = with_python(PY);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
}

#[test]
fn catalog_rules_each_finding() {
    for (extra, expected) in [
        (
            error(2000, "E_PY_B"),
            "py.toml:7:8: error: duplicate code 2000; first used by `E_PY_A` (see py.toml:3:8)",
        ),
        (
            error(2001, "E_PY_A"),
            "py.toml:8:10: error: duplicate symbol `E_PY_A`; first used by code 2000 (see py.toml:4:10)",
        ),
        (
            error(2001, "E_PY_b"),
            "py.toml:8:10: error: invalid symbol `E_PY_b`: it",
        ),
        (
            error(2042, "E_PY_B"),
            "py.toml:7:8: error: code 2042 is reserved (retired); use a new code (see fleet.toml:10:13)",
        ),
        (
            error(2150, "E_PY_B"),
            "py.toml:7:8: error: code 2150 is outside the range 2000..=2099 (see fleet.toml:7:9)",
        ),
        (
            error(-32001, "E_PY_B"),
            "py.toml:7:8: error: code -32001 is in -32000..=-32019",
        ),
        (
            error(2001, "E_X_B"),
            "py.toml:8:10: error: symbol `E_X_B` of domain `python` does not start with the domain's prefix `E_PY_` (see fleet.toml:9:17)",
        ),
        (
            error(2001, "E_NODE_A"),
            "node.toml:4:10: error: symbol `E_NODE_A` is used by two domains, `node` (code 2100) and `python` (code 2001): a symbol names one error in the whole fleet (see py.toml:8:10)",
        ),
    ] {
        let (code, out, err) = with_python(&format!("{PY}{extra}"));
        assert_eq!((code, err.as_str()), (1, ""), "{expected}");
        assert!(
            out.lines().any(|l| l.starts_with(expected)),
            "{out}\nexpected: {expected}"
        );
    }
}

#[test]
fn a_catalogs_own_reserved_codes_and_range() {
    let (code, out, _) = with_python(&format!(
        "domain = \"python\"\nrange = [2000, 2009]\nreserved = [[2005, 2006]]\n{}{}",
        error(2005, "E_PY_A"),
        error(2010, "E_PY_B")
    ));
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "py.toml:5:8: error: code 2005 is reserved (retired with 2005..=2006); use a new code (see py.toml:3:13)\n\
         py.toml:9:8: error: code 2010 is outside the range 2000..=2009\n"
    );
}

#[test]
fn fleet_file_findings() {
    let (code, out, _) = Dir::new("fleet-findings")
        .write(
            "fleet.toml",
            "[fleet]\nname = \"t\"\n[[domain]]\nname = \"a\"\nrange = [1, 9]\nreserved = [10]\n\
             [[domain]]\nname = \"a\"\nrange = [20, 29]\n[[domain]]\nname = \"Bad_Name\"\nrange = [30, 39]\nsymbol_prefix = \"e_\"\n",
        )
        .check();
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "fleet.toml:6:13: error: reserved 10 lies outside the range 1..=9 of domain `a`: a domain reserves only its own codes (see fleet.toml:5:9)\n\
         fleet.toml:8:8: error: domain `a` is allocated twice: merge the two tables (see fleet.toml:4:8)\n\
         fleet.toml:11:8: error: domain `Bad_Name` must be lower-kebab-case, e.g. `bad-name`\n\
         fleet.toml:13:17: error: symbol prefix `e_` cannot start a symbol: upper-case letters, digits and `_`, a letter first (`E_PW_`)\n"
    );
}

#[test]
fn derived_catalog_ranges_leave_the_allocation() {
    let catalog = r#"{"format": "mcp-errors-catalog", "version": 1, "enums": [
  {"name": "A", "domain": "a", "range": {"start": 2000, "end": 2199}, "reserved": [2001, [2010, 2019]],
   "entries": [{"code": 2010, "symbol": "E_A", "domain": "a", "message": "m", "retryable": false,
                "kind": "internal", "channel": "tool_error", "errorType": "InternalError"}]}]}"#;
    let (code, out, _) = Dir::new("derived")
        .write("fleet.toml", "[fleet]\nname = \"t\"\n[[domain]]\nname = \"a\"\nrange = [2000, 2099]\ncatalog = \"a.json\"\n")
        .write("a.json", catalog)
        .check();
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "a.json:2:27: error: range 2000..=2199 leaves the allocation 2000..=2099 of domain `a` (see fleet.toml:5:9)\n\
         a.json:3:25: error: code 2010 is reserved (retired with 2010..=2019); use a new code (see a.json:2:90)\n"
    );
}

/// `check` on a fleet of `files`: exit 2, one line on stderr, equal to `expected`.
fn bad(tag: &str, files: &[(&str, &str)], expected: &str) {
    let dir = Dir::new(tag);
    for (name, text) in files {
        dir.write(name, text);
    }
    let (code, out, err) = dir.check();
    assert_eq!(code, 2, "{tag}: {out}{err}");
    assert_eq!(err, format!("{expected}\n"), "{tag}");
}

#[test]
fn bad_input_is_one_line_with_its_position_exit_2() {
    let head = "[fleet]\nname = \"t\"\n[[domain]]\nname = \"a\"\n";
    bad(
        "not-toml",
        &[("fleet.toml", "[fleet\n")],
        "fleet.toml:1:7: error: unclosed table, expected `]`",
    );
    bad(
        "unknown-key",
        &[(
            "fleet.toml",
            &format!("{head}range = [1, 2]\ncolour = \"red\"\n"),
        )],
        "fleet.toml:6:1: error: unknown field `colour`, expected one of `name`, `range`, `catalog`, `reserved`, `symbol_prefix`, `owner`, `description`, `locales`, `doc_url`",
    );
    bad(
        "backwards",
        &[("fleet.toml", &format!("{head}range = [2199, 2100]\n"))],
        "fleet.toml:5:9: error: `range` [2199, 2100] is written backwards: write [2100, 2199]",
    );
    bad(
        "not-integer",
        &[("fleet.toml", &format!("{head}range = [1, \"2\"]\n"))],
        "fleet.toml:5:13: error: invalid type: string \"2\", expected i64",
    );
    bad(
        "outside",
        &[(
            "fleet.toml",
            &format!("{head}range = [1, 2]\ncatalog = \"../x.json\"\n"),
        )],
        "fleet.toml:6:11: error: catalog path \"../x.json\" leaves the fleet file's folder: write a relative path without `..`",
    );
    bad(
        "missing",
        &[(
            "fleet.toml",
            &format!("{head}range = [1, 2]\ncatalog = \"x.json\"\n"),
        )],
        "fleet.toml:6:11: error: catalog x.json: cannot read: No such file or directory (os error 2)",
    );
    bad(
        "catalog-not-json",
        &[
            (
                "fleet.toml",
                &format!("{head}range = [1, 2]\ncatalog = \"x.json\"\n"),
            ),
            ("x.json", "{\n  \"format\": "),
        ],
        "x.json:2:12: error: not JSON: EOF while parsing a value at line 2 column 12",
    );
    bad(
        "catalog-unknown-key",
        &[
            (
                "fleet.toml",
                &format!("{head}range = [1, 2]\ncatalog = \"x.toml\"\n"),
            ),
            (
                "x.toml",
                "domain = \"a\"\n[[error]]\ncode = 1\nsymbol = \"E_A\"\nmessage = \"m\"\nretry = true\n",
            ),
        ],
        "x.toml:6:1: error: unknown field `retry`, expected one of `code`, `symbol`, `message`, `kind`, `retryable`, `channel`, `error_type`, `help`, `aliases`, `doc`, `doc_url`, `fields`",
    );
    bad(
        "catalog-code-not-integer",
        &[
            (
                "fleet.toml",
                &format!("{head}range = [1, 2]\ncatalog = \"x.toml\"\n"),
            ),
            (
                "x.toml",
                "domain = \"a\"\n[[error]]\ncode = 1.5\nsymbol = \"E_A\"\nmessage = \"m\"\n",
            ),
        ],
        "x.toml:3:8: error: invalid type: floating point `1.5`, expected i64",
    );
    bad(
        "no-file",
        &[],
        "fleet.toml:1:1: error: cannot read: No such file or directory (os error 2)",
    );
}

#[test]
fn a_catalog_of_100_000_errors_is_checked() {
    // Bounded: the run finishes (a benchmark measures how fast: benches/fleet_check.py).
    let mut py = String::from("domain = \"python\"\n");
    for i in 0..100_000 {
        let _ = write!(
            py,
            "[[error]]\ncode = {}\nsymbol = \"E_PY_{i}\"\nmessage = \"m\"\n",
            2000 + i % 100
        );
    }
    let (code, out, _) = Dir::new("big")
        .write("fleet.toml", "[fleet]\nname = \"t\"\n[[domain]]\nname = \"python\"\nrange = [2000, 2099]\ncatalog = \"py.toml\"\n")
        .write("py.toml", &py)
        .check();
    assert_eq!(code, 1);
    // Every repeated code is one finding: 100,000 codes, 100 distinct.
    assert_eq!(out.lines().count(), 99_900);
}

#[test]
fn gen_takes_a_hand_written_catalog() {
    let dir = Dir::new("gen");
    dir.write("errors.toml", "domain = \"python\"\n[[error]]\ncode = 2000\nsymbol = \"E_PY_EXEC_FAIL\"\nmessage = \"Execution failed: {reason}\"\nfields = { reason = \"string\" }\n");
    for lang in ["ts", "python"] {
        let out = mcp_errors(
            &[
                "gen",
                "--lang",
                lang,
                "--catalog",
                "errors.toml",
                "--out",
                "out",
            ],
            &dir.0,
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    }
    let ts = std::fs::read_to_string(dir.0.join("out/errors.ts")).unwrap();
    assert!(ts.contains("E_PY_EXEC_FAIL") && ts.contains("Execution failed: {reason}"));
    // A catalog rule broken: one line with the position, exit 2, nothing written.
    dir.write("bad.toml", "domain = \"python\"\n[[error]]\ncode = 2000\nsymbol = \"E_PY_A\"\nmessage = \"m\"\n[[error]]\ncode = 2000\nsymbol = \"E_PY_B\"\nmessage = \"m\"\n");
    let out = mcp_errors(
        &[
            "gen",
            "--lang",
            "ts",
            "--catalog",
            "bad.toml",
            "--out",
            "bad",
        ],
        &dir.0,
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "mcp-errors: bad.toml:7:8: error: duplicate code 2000; first used by `E_PY_A` (see bad.toml:3:8)\n"
    );
    assert!(!dir.0.join("bad").exists());
}

#[test]
fn committed_modules_of_hand_written_catalogs_are_fresh() {
    for (lang, catalog, module, locales) in [
        (
            "python",
            "examples/fleet/python/errors.toml",
            "examples/fleet/python/errors.py",
            &["--locale", "examples/fleet/python/errors.fr.toml"][..],
        ),
        (
            "ts",
            "examples/ts_server/errors.toml",
            "examples/ts_server/clients/errors.ts",
            &[][..],
        ),
    ] {
        let dir = Dir::new(&format!("fresh-{lang}"));
        let mut args = vec![
            "gen",
            "--lang",
            lang,
            "--catalog",
            catalog,
            "--out",
            dir.0.to_str().unwrap(),
        ];
        args.extend_from_slice(locales);
        let out = mcp_errors(&args, &root());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let name = Path::new(module).file_name().unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.0.join(name)).unwrap(),
            std::fs::read_to_string(root().join(module)).unwrap(),
            "{module} is stale: regenerate it with mcp-errors gen --lang {lang} --catalog {catalog} {}",
            locales.join(" ")
        );
    }
}

#[test]
fn diff_follows_reserved_codes() {
    let dir = Dir::new("diff");
    dir.write("old.toml", "domain = \"a\"\nreserved = [2005]\n[[error]]\ncode = 2000\nsymbol = \"E_A\"\nmessage = \"m\"\n[[error]]\ncode = 2001\nsymbol = \"E_B\"\nmessage = \"m\"\n");
    // E_B removed and reserved: no break.
    dir.write("retired.toml", "domain = \"a\"\nreserved = [2005, 2001]\n[[error]]\ncode = 2000\nsymbol = \"E_A\"\nmessage = \"m\"\n");
    // E_B removed without a reservation: a break.
    dir.write("removed.toml", "domain = \"a\"\nreserved = [2005]\n[[error]]\ncode = 2000\nsymbol = \"E_A\"\nmessage = \"m\"\n[[error]]\ncode = 2002\nsymbol = \"E_C\"\nmessage = \"m\"\n");
    // 2005 used again (and so unreserved): always a break.
    dir.write("reused.toml", "domain = \"a\"\n[[error]]\ncode = 2000\nsymbol = \"E_A\"\nmessage = \"m\"\n[[error]]\ncode = 2001\nsymbol = \"E_B\"\nmessage = \"m\"\n[[error]]\ncode = 2005\nsymbol = \"E_E\"\nmessage = \"m\"\n");
    let diff = |new: &str| {
        let out = mcp_errors(&["diff", "old.toml", new], &dir.0);
        (out.status.code().unwrap(), text(&out.stdout))
    };
    assert_eq!(
        diff("retired.toml"),
        (0, "no breaking changes (0 codes added)\n".to_owned())
    );
    assert_eq!(
        diff("removed.toml"),
        (1, "breaking: code 2001 (E_B) removed\n".to_owned())
    );
    assert_eq!(
        diff("reused.toml"),
        (
            1,
            "breaking: code 2005 reused: reserved in the old catalog (domain a), now E_E\n\
             breaking: code 2005 (domain a): no longer reserved; a retired code stays retired\n"
                .to_owned()
        )
    );
}

/// `gen --locale`: each bad translation file of `tests/fleet/locale/` is the one line of its
/// `expected.txt` and exit 2, nothing written; two files of one locale are refused too.
#[test]
fn bad_translation_files_are_one_line_exit_2() {
    let expected = std::fs::read_to_string(root().join("tests/fleet/locale/expected.txt")).unwrap();
    let dir = Dir::new("bad-locale");
    let out_dir = dir.0.join("out");
    for (name, line) in ["not_toml", "placeholders", "unknown"]
        .iter()
        .zip(expected.lines())
    {
        let file = format!("tests/fleet/locale/{name}.toml");
        let out = mcp_errors(
            &[
                "gen",
                "--lang",
                "go",
                "--catalog",
                "examples/fleet/python/errors.toml",
                "--locale",
                &file,
                "--out",
                out_dir.to_str().unwrap(),
            ],
            &root(),
        );
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert_eq!(text(&out.stderr), format!("{line}\n"));
        assert!(!out_dir.exists());
    }
    let fr = "examples/fleet/python/errors.fr.toml";
    let out = mcp_errors(
        &[
            "gen",
            "--lang",
            "ts",
            "--catalog",
            "examples/fleet/python/errors.toml",
            "--locale",
            fr,
            "--locale",
            fr,
            "--out",
            out_dir.to_str().unwrap(),
        ],
        &root(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!("mcp-errors: {fr}: error: locale fr is also translated by {fr}\n")
    );
    // The good file: the module carries its table.
    let out = mcp_errors(
        &[
            "gen",
            "--lang",
            "ts",
            "--catalog",
            "examples/fleet/python/errors.toml",
            "--locale",
            fr,
            "--out",
            out_dir.to_str().unwrap(),
        ],
        &root(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let module = std::fs::read_to_string(out_dir.join("errors.ts")).unwrap();
    assert!(module.contains(
        "  \"fr\": Object.freeze({\n    \"E_INPUT_TOO_LARGE\": \"Entrée trop volumineuse\","
    ));
}

/// A domain's `locales`: each translation file checked against the domain's catalog; a
/// placeholder or symbol the catalog does not have is a finding (exit 1), a file that is not a
/// translation file bad input (exit 2); `locales` needs a `catalog` and stays in the folder.
#[test]
fn locales_are_checked_against_their_catalog() {
    let fleet = |locales: &str| {
        format!(
            "[fleet]\nname = \"t\"\n\n[[domain]]\nname = \"python\"\nrange = [2000, 2099]\ncatalog = \"errors.toml\"\nlocales = {locales}\n"
        )
    };
    let dir = Dir::new("locales");
    dir.write("fleet.toml", &fleet("[\"fr.toml\", \"de.toml\"]"))
        .write(
            "errors.toml",
            "domain = \"python\"\n\n[[error]]\ncode = 2000\nsymbol = \"E_PY_A\"\nmessage = \"Failed: {reason}\"\nfields = { reason = \"string\" }\n",
        )
        .write("fr.toml", "locale = \"fr\"\n[messages]\nE_PY_A = \"Échec : {raison}\"\n")
        .write("de.toml", "locale = \"de\"\n[messages]\nE_PY_A = \"Fehler: {reason}\"\n");
    let (code, out, err) = dir.check();
    let all = format!("{out}{err}");
    assert_eq!(code, 1, "{all}");
    assert!(
        all.contains("fr.toml:3:10: error: the translation of E_PY_A (fr) names {raison}, the original names {reason}\n"),
        "{all}"
    );
    assert_eq!(all.matches("error:").count(), 1, "{all}");
    dir.write("fr.toml", "locale = \"fr\"\n[messages]\nE_PY_B = \"x\"\n");
    let (code, out, err) = dir.check();
    assert_eq!(code, 1);
    assert!(format!("{out}{err}").contains(
        "fr.toml:3:1: error: the translation (fr) names E_PY_B, a symbol the catalog lacks"
    ));
    dir.write("fr.toml", "locale = fr\n");
    let (code, out, err) = dir.check();
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        format!("{out}{err}").contains("fr.toml:1:10: error: "),
        "{out}{err}"
    );
    dir.write("fr.toml", "locale = \"fr\"\n");
    assert_eq!(dir.check().0, 0);
    dir.write("fleet.toml", &fleet("[\"../fr.toml\"]"));
    let (code, out, err) = dir.check();
    assert_eq!(code, 2);
    assert!(
        format!("{out}{err}").contains(
            "fleet.toml:8:12: error: locale path \"../fr.toml\" leaves the fleet file's folder"
        ),
        "{out}{err}"
    );
    dir.write(
        "fleet.toml",
        "[fleet]\nname = \"t\"\n\n[[domain]]\nname = \"python\"\nrange = [2000, 2099]\nlocales = [\"fr.toml\"]\n",
    );
    let (code, out, err) = dir.check();
    assert_eq!(code, 2);
    assert!(
        format!("{out}{err}").contains("fleet.toml:7:12: error: `locales` translate a catalog's messages: give the domain its `catalog` too"),
        "{out}{err}"
    );
}
