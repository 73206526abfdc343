//! The `mcp-errors` binary: `diff` on real changes of the example server's catalog
//! (`examples/mcp_server/clients/catalog.json`), and bad input, one line and exit 2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn example_catalog() -> Value {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/mcp_server/clients/catalog.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("the example's catalog")).unwrap()
}

/// A fresh directory for one test, removed on drop.
struct Dir(PathBuf);

impl Dir {
    fn new(tag: &str) -> Dir {
        let dir = std::env::temp_dir().join(format!("mcp-errors-cli-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Dir(dir)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn run(args: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcp-errors"))
        .args(args)
        .output()
        .expect("run mcp-errors")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// The entry of `symbol` in a catalog value.
fn entry<'a>(catalog: &'a mut Value, symbol: &str) -> &'a mut Value {
    catalog["enums"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .flat_map(|e| e["entries"].as_array_mut().unwrap().iter_mut())
        .find(|e| e["symbol"] == symbol)
        .unwrap()
}

fn entries_of<'a>(catalog: &'a mut Value, name: &str) -> &'a mut Vec<Value> {
    catalog["enums"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["name"] == name)
        .unwrap()["entries"]
        .as_array_mut()
        .unwrap()
}

/// `diff OLD NEW` where NEW is the example's catalog changed by `change`.
fn diff_after(tag: &str, change: impl FnOnce(&mut Value)) -> (i32, String, String) {
    let dir = Dir::new(tag);
    let old = example_catalog();
    let mut new = old.clone();
    change(&mut new);
    let old = dir.write("old.json", &old.to_string());
    let new = dir.write("new.json", &serde_json::to_string_pretty(&new).unwrap());
    let out = run(&[Path::new("diff"), &old, &new]);
    (
        out.status.code().unwrap(),
        text(&out.stdout),
        text(&out.stderr),
    )
}

#[test]
fn same_catalog_is_not_breaking() {
    let (code, out, _) = diff_after("same", |_| {});
    assert_eq!(
        (code, out.as_str()),
        (0, "no breaking changes (0 codes added)\n")
    );
}

#[test]
fn added_code_is_fine() {
    let (code, out, _) = diff_after("added", |c| {
        let mut new = entry(c, "E_FS_INVALID_PATH").clone();
        new["code"] = 2508.into();
        new["symbol"] = "E_FS_LOCKED".into();
        entries_of(c, "FilesystemError").push(new);
    });
    assert_eq!(
        (code, out.as_str()),
        (0, "no breaking changes (1 code added)\n")
    );
}

#[test]
fn removed_code_is_breaking() {
    let (code, out, _) = diff_after("removed", |c| {
        entries_of(c, "FilesystemError").retain(|e| e["symbol"] != "E_FS_IO");
    });
    assert_eq!(code, 1);
    assert_eq!(out, "breaking: code 2506 (E_FS_IO) removed\n");
}

#[test]
fn renamed_symbol_is_breaking() {
    let (code, out, _) = diff_after("renamed", |c| {
        entry(c, "E_PW_NAV")["symbol"] = "E_PW_NAVIGATION".into();
    });
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "breaking: code 2100: symbol renamed from E_PW_NAV to E_PW_NAVIGATION\n"
    );
}

#[test]
fn reused_code_is_breaking() {
    // E_FS_IO is retired and its code handed to a symbol that existed elsewhere.
    let (code, out, _) = diff_after("reused", |c| {
        entries_of(c, "FilesystemError").retain(|e| e["symbol"] != "E_FS_IO");
        entry(c, "E_FS_NOT_TEXT")["code"] = 2506.into();
    });
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "breaking: symbol E_FS_NOT_TEXT moved from code 2505 to 2506; code 2505 removed\n\
         breaking: code 2506 reused: was E_FS_IO, now E_FS_NOT_TEXT\n"
    );
}

#[test]
fn moved_domain_and_range_are_breaking() {
    let (code, out, _) = diff_after("moved", |c| {
        let fs = c["enums"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|e| e["name"] == "FilesystemError")
            .unwrap();
        fs["range"] = serde_json::json!({"start": 2550, "end": 2599});
        entry(c, "E_PW_NAV")["domain"] = "browser".into();
    });
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "breaking: enum FilesystemError: range moved from 2500..=2599 to 2550..=2599\n\
         breaking: code 2100 (E_PW_NAV): domain moved from playwright to browser\n"
    );
}

#[test]
fn moved_channel_is_breaking() {
    let (code, out, _) = diff_after("channel", |c| {
        entry(c, "E_FS_DENIED")["channel"] = "jsonrpc".into();
    });
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "breaking: code 2501 (E_FS_DENIED): channel moved from tool error to JSON-RPC error\n"
    );
}

#[test]
fn grown_range_is_fine() {
    let (code, _, _) = diff_after("grown", |c| {
        let fs = c["enums"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|e| e["name"] == "FilesystemError")
            .unwrap();
        fs["range"] = serde_json::json!({"start": 2500, "end": 2699});
    });
    assert_eq!(code, 0);
}

fn enum_of<'a>(catalog: &'a mut Value, name: &str) -> &'a mut Value {
    catalog["enums"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["name"] == name)
        .unwrap()
}

#[test]
fn renamed_enum_is_not_breaking() {
    // The Rust type's name is not on the wire: same domain, range, codes and symbols.
    let (code, out, _) = diff_after("enum-renamed", |c| {
        enum_of(c, "FilesystemError")["name"] = "FsError".into();
    });
    assert_eq!(
        (code, out.as_str()),
        (0, "no breaking changes (0 codes added)\n")
    );
}

#[test]
fn enums_that_swap_names_are_not_breaking() {
    // Pairing by name alone would compare each with the other's codes and domain.
    let (code, out, _) = diff_after("enum-names-swapped", |c| {
        enum_of(c, "FilesystemError")["name"] = "Swap".into();
        enum_of(c, "PlaywrightError")["name"] = "FilesystemError".into();
        enum_of(c, "Swap")["name"] = "PlaywrightError".into();
    });
    assert_eq!(
        (code, out.as_str()),
        (0, "no breaking changes (0 codes added)\n")
    );
}

/// One enum of [`small_catalog`]: name, domain, range, codes.
type SmallEnum<'a> = (&'a str, &'a str, (i64, i64), &'a [i64]);

/// A catalog of enums, every code a tool error `E_<code>`.
fn small_catalog(enums: &[SmallEnum<'_>]) -> mcp_errors_cli::Catalog {
    let enums: Vec<Value> = enums
        .iter()
        .map(|&(name, domain, (start, end), codes)| {
            let entries: Vec<Value> = codes
                .iter()
                .map(|code| {
                    serde_json::json!({
                        "code": code, "symbol": format!("E_{code}"), "domain": domain,
                        "message": "m", "retryable": false, "kind": "internal",
                        "channel": "tool_error", "errorType": "InternalError",
                    })
                })
                .collect();
            serde_json::json!({
                "name": name, "domain": domain,
                "range": {"start": start, "end": end}, "entries": entries,
            })
        })
        .collect();
    let catalog = serde_json::json!({"format": "mcp-errors-catalog", "version": 1, "enums": enums});
    mcp_errors_cli::Catalog::from_json(&catalog.to_string()).unwrap()
}

#[test]
fn enums_of_one_domain_pair_by_their_codes_not_their_names() {
    let old = small_catalog(&[
        ("A", "d", (100, 199), &[100, 101]),
        ("B", "d", (200, 299), &[200]),
    ]);
    let changes =
        |new: &[SmallEnum<'_>]| mcp_errors_cli::diff::breaking_changes(&old, &small_catalog(new));
    // Swapped names, one domain.
    assert_eq!(
        changes(&[
            ("B", "d", (100, 199), &[100, 101]),
            ("A", "d", (200, 299), &[200]),
        ]),
        Vec::<String>::new()
    );
    // A renamed, and its old name given to a new enum.
    let b = ("B", "d", (200, 299), &[200][..]);
    let a = ("A", "d", (300, 399), &[300][..]);
    assert_eq!(
        changes(&[("ALegacy", "d", (100, 199), &[100, 101]), b, a]),
        Vec::<String>::new()
    );
    // A real change still shows: A's range shrinks under its new name.
    assert_eq!(
        changes(&[("ALegacy", "d", (100, 149), &[100, 101]), b, a]),
        ["enum A (now ALegacy): range moved from 100..=199 to 100..=149"]
    );
}

#[test]
fn a_finding_stays_one_line() {
    // A hostile symbol with a line break, removed: its finding is one escaped line.
    let (code, out, _) = diff_after("finding-one-line", |c| {
        let e = entry(c, "E_FS_DENIED");
        e["symbol"] = "E_X\nbreaking: fake".into();
    });
    assert_eq!(code, 1);
    assert!(
        out.lines().all(|l| l.starts_with("breaking: ")) && !out.contains("\nbreaking: fake"),
        "{out}"
    );
    assert!(out.contains("E_X\\nbreaking: fake"), "{out}");
}

#[test]
fn renamed_enum_is_compared_with_its_successor() {
    // Renamed and its range moved: the range is a finding, the name is not.
    let (code, out, _) = diff_after("enum-renamed-range", |c| {
        let fs = enum_of(c, "FilesystemError");
        fs["name"] = "FsError".into();
        fs["range"] = serde_json::json!({"start": 2500, "end": 2549});
    });
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "breaking: enum FilesystemError (now FsError): range moved from 2500..=2599 to 2500..=2549\n"
    );
    // Renamed and moved to another domain: no successor, so removed, and each code moved.
    let (code, out, _) = diff_after("enum-renamed-domain", |c| {
        let fs = enum_of(c, "FilesystemError");
        fs["name"] = "FsError".into();
        fs["domain"] = "files".into();
        for e in fs["entries"].as_array_mut().unwrap() {
            e["domain"] = "files".into();
        }
    });
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "breaking: enum FilesystemError (domain filesystem) removed"
    );
    assert!(
        lines.contains(&"breaking: code 2501 (E_FS_DENIED): domain moved from filesystem to files"),
        "{out}"
    );
}

#[test]
fn removed_enum_is_still_breaking() {
    let (code, out, _) = diff_after("enum-removed", |c| {
        c["enums"]
            .as_array_mut()
            .unwrap()
            .retain(|e| e["name"] != "FilesystemError");
    });
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "breaking: enum FilesystemError (domain filesystem) removed"
    );
    assert!(
        lines.contains(&"breaking: code 2506 (E_FS_IO) removed"),
        "{out}"
    );
}

/// One line on stderr naming the file and the problem, exit 2, nothing on stdout.
fn bad_input(name: &str, contents: &str, expected: &str) {
    let dir = Dir::new(&format!("bad-{}", name.replace('.', "-")));
    let bad = dir.write(name, contents);
    let good = dir.write("good.json", &example_catalog().to_string());
    for args in [
        vec![Path::new("diff"), &bad, &good],
        vec![
            Path::new("gen"),
            Path::new("--lang"),
            Path::new("ts"),
            Path::new("--catalog"),
            &bad,
            Path::new("--out"),
            &dir.0.join("out"),
        ],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with(&format!("mcp-errors: {}: ", bad.display())),
            "{err}"
        );
        assert!(err.contains(expected), "{err}");
    }
    assert!(
        !dir.0.join("out").exists(),
        "nothing is written for bad input"
    );
}

#[test]
fn not_json_is_one_line_exit_2() {
    bad_input(
        "broken.json",
        "{\"format\": ",
        "not JSON: EOF while parsing",
    );
}

#[test]
fn not_a_catalog_is_one_line_exit_2() {
    bad_input(
        "package.json",
        "{\"name\": \"x\"}",
        "not an mcp-errors catalog: no \"format\"",
    );
    bad_input(
        "list.json",
        "[1, 2]",
        "not an mcp-errors catalog: expected a JSON object",
    );
    bad_input(
        "fields.json",
        "{\"format\": \"mcp-errors-catalog\", \"version\": 1, \"enums\": [{\"name\": \"X\"}]}",
        "not an mcp-errors catalog: enums[0]: missing field `domain` at line 1 column 70",
    );
    bad_input(
        "v2.json",
        "{\"format\": \"mcp-errors-catalog\", \"version\": 2, \"enums\": []}",
        "unsupported catalog version 2",
    );
}

/// The example's catalog changed by `change`, as text.
fn changed_catalog(change: impl FnOnce(&mut Value)) -> String {
    let mut c = example_catalog();
    change(&mut c);
    serde_json::to_string_pretty(&c).unwrap()
}

#[test]
fn unknown_channel_kind_or_role_is_one_line_exit_2() {
    bad_input(
        "channel.json",
        &changed_catalog(|c| entry(c, "E_FS_DENIED")["channel"] = "smoke".into()),
        "\"E_FS_DENIED\" has an unknown channel \"smoke\" (one of: tool_error, jsonrpc)",
    );
    bad_input(
        "kind.json",
        &changed_catalog(|c| entry(c, "E_FS_DENIED")["kind"] = "Network".into()),
        "\"E_FS_DENIED\" has an unknown kind \"Network\" (one of: validation, timeout, network, \
         rate_limit, unavailable, not_found, permission, internal, protocol, adapter, business)",
    );
    bad_input(
        "role.json",
        &changed_catalog(|c| {
            entry(c, "E_FS_DENIED")["fields"] =
                serde_json::json!([{"name": "path", "key": "path", "role": "secret"}]);
        }),
        "field \"path\" of \"E_FS_DENIED\" has an unknown role \"secret\" (one of: data, skip, \
         details, source, retry_after, retryable, transparent, message)",
    );
}

#[test]
fn two_fields_of_one_name_or_a_symbol_with_a_line_break_are_one_line_exit_2() {
    // Which field would `{path}` in the template mean? The languages could disagree.
    bad_input(
        "fields.json",
        &changed_catalog(|c| {
            entry(c, "E_FS_DENIED")["fields"] = serde_json::json!([
                {"name": "path", "key": "path", "role": "data"},
                {"name": "path", "key": "other", "role": "data"},
            ]);
        }),
        "\"E_FS_DENIED\" has two fields named \"path\" (fields[0] too)",
    );
    // A symbol is quoted in every message, so a line break in it stays on the one line.
    bad_input(
        "symbol-newline.json",
        &changed_catalog(|c| {
            let e = entry(c, "E_FS_DENIED");
            e["symbol"] = "E_FS\nDENIED".into();
            e["channel"] = "smoke".into();
        }),
        "\"E_FS\\nDENIED\" has an unknown channel",
    );
}

#[test]
fn bad_values_are_located() {
    let mut c = example_catalog();
    let (i, j) = c["enums"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .find_map(|(i, e)| {
            let j = e["entries"]
                .as_array()
                .unwrap()
                .iter()
                .position(|e| e["symbol"] == "E_FS_DENIED")?;
            Some((i, j))
        })
        .unwrap();
    c["enums"][i]["entries"][j]["channel"] = "tool".into();
    let text = serde_json::to_string_pretty(&c).unwrap();
    bad_input(
        "tool.json",
        &text,
        &format!(
            "enums[{i}].entries[{j}].channel: \"E_FS_DENIED\" has an unknown channel \"tool\""
        ),
    );

    // A wrong type: where it is, as a path and a line and column.
    c["enums"][i]["entries"][j]["channel"] = "tool_error".into();
    c["enums"][i]["entries"][j]["symbol"] = Value::Null;
    let text = serde_json::to_string_pretty(&c).unwrap();
    let line = text
        .lines()
        .position(|l| l.contains("\"symbol\": null"))
        .unwrap()
        + 1;
    bad_input(
        "null.json",
        &text,
        &format!(
            "not an mcp-errors catalog: enums[{i}].entries[{j}].symbol: invalid type: null, \
             expected a string at line {line} column 24"
        ),
    );
    c["enums"][i]["entries"][j]["symbol"] = "E_FS_DENIED".into();
    c["enums"][i]["entries"][j]["fields"] = serde_json::json!([{"name": "a", "key": "a", "role": "data"}, {"name": "b", "key": 7, "role": "data"}]);
    bad_input(
        "key.json",
        &serde_json::to_string_pretty(&c).unwrap(),
        &format!("enums[{i}].entries[{j}].fields[1].key: invalid type: integer `7`"),
    );
    c["enums"][i]["entries"][j]["fields"] = serde_json::json!([]);
    c["enums"][i]["entries"][j]
        .as_object_mut()
        .unwrap()
        .remove("retryable");
    bad_input(
        "missing.json",
        &serde_json::to_string_pretty(&c).unwrap(),
        &format!("enums[{i}].entries[{j}]: missing field `retryable` at line "),
    );
}

fn sorted(mut names: Vec<&str>) -> Vec<&str> {
    names.sort_unstable();
    names
}

/// Every channel, kind and field role mcp-errors-core writes is read back, and nothing else
/// is accepted.
#[test]
fn every_value_core_writes_is_accepted() {
    use mcp_errors_cli::catalog::{CHANNELS, KINDS, ROLES};
    use mcp_errors_core::{Channel, ErrorEntry, ErrorKind, FieldEntry, FieldRole};

    // A new variant fails to compile here until the lists follow.
    let roles = [
        FieldRole::Data,
        FieldRole::Skip,
        FieldRole::Details,
        FieldRole::Source,
        FieldRole::RetryAfter,
        FieldRole::Retryable,
        FieldRole::Transparent,
        FieldRole::Message,
    ];
    for role in roles {
        match role {
            FieldRole::Data
            | FieldRole::Skip
            | FieldRole::Details
            | FieldRole::Source
            | FieldRole::RetryAfter
            | FieldRole::Retryable
            | FieldRole::Transparent
            | FieldRole::Message => {}
        }
    }
    let channels = [Channel::ToolError, Channel::JsonRpcError];
    for channel in channels {
        match channel {
            Channel::ToolError | Channel::JsonRpcError => {}
        }
    }
    let fields: &'static [FieldEntry] = Box::leak(
        roles
            .iter()
            .map(|&role| FieldEntry {
                name: role.as_str(),
                key: role.as_str(),
                role,
            })
            .collect(),
    );
    let mut entries = Vec::new();
    for (n, kind) in ErrorKind::ALL.into_iter().enumerate() {
        for (m, channel) in channels.into_iter().enumerate() {
            let code = 4000 + i32::try_from(2 * n + m).unwrap();
            let symbol: &'static str = Box::leak(format!("E_{code}").into_boxed_str());
            entries.push(ErrorEntry {
                code,
                symbol,
                domain: "all",
                message: "m",
                retryable: false,
                kind,
                variant: "V",
                doc: "",
                aliases: &[],
                help: None,
                channel,
                error_type: None,
                fields,
            });
        }
    }
    let catalog = serde_json::json!({
        "format": "mcp-errors-catalog",
        "version": 1,
        "enums": [{"name": "All", "domain": "all", "range": null, "span": null, "entries": entries}],
    });
    let read = mcp_errors_cli::Catalog::from_json(&catalog.to_string()).unwrap();
    assert_eq!(read.entries().count(), 22);
    assert!(
        read.entries()
            .any(mcp_errors_cli::catalog::Entry::is_json_rpc)
    );

    assert_eq!(
        sorted(CHANNELS.to_vec()),
        sorted(channels.iter().map(|c| c.as_str()).collect())
    );
    assert_eq!(
        sorted(KINDS.to_vec()),
        sorted(ErrorKind::ALL.iter().map(|k| k.as_str()).collect())
    );
    assert_eq!(
        sorted(ROLES.to_vec()),
        sorted(roles.iter().map(|r| r.as_str()).collect())
    );
}

#[test]
fn missing_file_is_exit_2() {
    let out = run(&[
        Path::new("diff"),
        Path::new("/nonexistent/a.json"),
        Path::new("/nonexistent/b.json"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("mcp-errors: /nonexistent/a.json: cannot read: "));
}

#[test]
fn bad_arguments_are_exit_2() {
    for (args, says) in [
        (
            &["gen", "--lang", "rust", "--catalog", "x", "--out", "y"][..],
            "mcp-errors: gen: unknown language \"rust\"",
        ),
        (
            &["frobnicate"],
            "mcp-errors: unrecognized subcommand 'frobnicate'",
        ),
        (&[], "mcp-errors: 'mcp-errors' requires a subcommand"),
        (
            &["diff", "one"],
            "mcp-errors: the following required arguments",
        ),
        (
            &["gen", "--lang", "ts", "--catalog", "x"],
            "mcp-errors: the following required arguments",
        ),
        (
            &[
                "gen",
                "--lang",
                "ts",
                "--lang",
                "py",
                "--catalog",
                "x",
                "--out",
                "y",
            ],
            "mcp-errors: the argument '--lang <LANG>' cannot be used multiple times",
        ),
        (
            &["gen", "--lang"],
            "mcp-errors: a value is required for '--lang <LANG>'",
        ),
        (
            &["diff", "--frobnicate", "a", "b"],
            "mcp-errors: unexpected argument '--frobnicate'",
        ),
        (
            &[
                "gen",
                "--lang",
                "ts",
                "--catalog",
                "x",
                "--out",
                "y",
                "--package",
                "Bad Name",
            ],
            "mcp-errors: gen: --package \"Bad Name\" is not a package name",
        ),
    ] {
        let out = run_args(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.starts_with(says), "{args:?}: {err}");
    }
}

fn run_args(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcp-errors"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn help_of_each_command_is_exit_0() {
    let gen_usage = "Usage: mcp-errors gen [OPTIONS] --lang <LANG> --catalog <FILE> --out <DIR>";
    let diff_usage = "Usage: mcp-errors diff <OLD.json> <NEW.json>";
    for (args, about, usage) in [
        (
            &["gen", "--help"][..],
            "Writes the error module of LANG",
            gen_usage,
        ),
        (&["gen", "-h"], "Writes the error module of LANG", gen_usage),
        (
            &["gen", "--lang", "ts", "--help"],
            "Writes the error module",
            gen_usage,
        ),
        (
            &["help", "gen"],
            "Writes the error module of LANG",
            gen_usage,
        ),
        (
            &["diff", "--help"],
            "Reports the changes from catalog OLD",
            diff_usage,
        ),
        (
            &["diff", "-h"],
            "Reports the changes from catalog OLD",
            diff_usage,
        ),
        (&["diff", "a.json", "-h"], "Reports the changes", diff_usage),
        (
            &["--help"],
            "TypeScript, Python and Go error modules",
            "Usage: mcp-errors <COMMAND>",
        ),
        (
            &["help"],
            "TypeScript, Python and Go error modules",
            "Usage: mcp-errors <COMMAND>",
        ),
    ] {
        let out = run_args(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let help = text(&out.stdout);
        assert!(help.starts_with(about), "{args:?}: {help}");
        assert!(help.contains(usage), "{args:?}: {help}");
        assert!(out.stderr.is_empty(), "{args:?}");
    }
    // Each flag and each command is described.
    let help = text(&run_args(&["gen", "--help"]).stdout);
    for flag in [
        "--lang <LANG>",
        "--catalog <FILE>",
        "--out <DIR>",
        "--package <NAME>",
        "Exit 0, or 2",
    ] {
        assert!(help.contains(flag), "{flag}: {help}");
    }
    let help = text(&run_args(&["--help"]).stdout);
    assert!(
        help.contains("  gen ") && help.contains("  diff "),
        "{help}"
    );
}

#[test]
fn version_is_exit_0() {
    let version = env!("CARGO_PKG_VERSION");
    for (args, says) in [
        (&["--version"][..], "mcp-errors"),
        (&["-V"], "mcp-errors"),
        (&["gen", "--version"], "mcp-errors-gen"),
    ] {
        let out = run_args(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(text(&out.stdout), format!("{says} {version}\n"), "{args:?}");
    }
}

/// A path that is not UTF-8 is a path like any other, for `gen` and `diff`, through the binary
/// and through the library's `run`.
#[cfg(unix)]
#[test]
fn paths_need_not_be_utf8() {
    use std::ffi::{OsStr, OsString};
    use std::os::unix::ffi::OsStrExt;

    let dir = Dir::new("non-utf8");
    let base = dir.0.join(OsStr::from_bytes(b"caf\xe9"));
    std::fs::create_dir_all(&base).unwrap();
    let catalog = base.join(OsStr::from_bytes(b"catalog-\xff.json"));
    std::fs::write(&catalog, example_catalog().to_string()).unwrap();
    let out_dir = base.join(OsStr::from_bytes(b"out-\xfe"));
    let out = Command::new(env!("CARGO_BIN_EXE_mcp-errors"))
        .args(["gen", "--lang", "ts", "--catalog"])
        .arg(&catalog)
        .arg("--out")
        .arg(&out_dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let module = std::fs::read_to_string(out_dir.join("errors.ts")).unwrap();
    // The header names the file lossily: its text is UTF-8.
    assert!(module.contains("from the catalog catalog-\u{fffd}.json: do not edit."));

    let out = run(&[Path::new("diff"), &catalog, &catalog]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "no breaking changes (0 codes added)\n");

    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let args: Vec<OsString> = vec!["diff".into(), catalog.clone().into(), catalog.into()];
    let code = mcp_errors_cli::run(args, &mut stdout, &mut stderr);
    assert_eq!(
        (code, text(&stdout).as_str()),
        (0, "no breaking changes (0 codes added)\n")
    );
    assert!(stderr.is_empty());

    // A missing one is reported by its path, lossily, on one line.
    let missing = base.join(OsStr::from_bytes(b"gone-\xff.json"));
    let out = run(&[Path::new("diff"), &missing, &missing]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("gone-\u{fffd}.json: cannot read: ") && err.lines().count() == 1,
        "{err}"
    );

    // A flag's value that must be text (the language) and is not: a usage error.
    let out = Command::new(env!("CARGO_BIN_EXE_mcp-errors"))
        .args(["gen", "--catalog", "c.json", "--out", "o", "--lang"])
        .arg(OsStr::from_bytes(b"t\xffs"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).starts_with("mcp-errors: invalid UTF-8"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn language_names_in_any_case() {
    let dir = Dir::new("langs");
    let catalog = dir.write("catalog.json", &example_catalog().to_string());
    for (lang, file) in [
        ("TS", "errors.ts"),
        ("TypeScript", "errors.ts"),
        ("typescript", "errors.ts"),
        ("Python", "errors.py"),
        ("PY", "errors.py"),
        ("Go", "errors.go"),
        ("GOLANG", "errors.go"),
    ] {
        let out_dir = dir.0.join(lang);
        let out = Command::new(env!("CARGO_BIN_EXE_mcp-errors"))
            .args(["gen", "--lang", lang, "--catalog"])
            .arg(&catalog)
            .arg("--out")
            .arg(&out_dir)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{lang}: {}", text(&out.stderr));
        assert!(out_dir.join(file).exists(), "{lang}");
    }
    let out = run_args(&["gen", "--lang", "rust", "--catalog", "x", "--out", "y"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).starts_with(
            "mcp-errors: gen: unknown language \"rust\" (one of: ts, typescript, python, py, go, golang; any case)\n"
        ),
        "{}",
        text(&out.stderr)
    );
}

/// `examples/mcp_server/clients/` holds the modules generated from the example's catalog
/// (`mcp_server --catalog`, checked against the server by `tests/test_rmcp_e2e.rs`); a
/// generator change that is not regenerated fails here. `MCP_ERRORS_BLESS=1` rewrites them.
#[test]
fn committed_example_modules_are_fresh() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/mcp_server/clients");
    let catalog = mcp_errors_cli::Catalog::load(&dir.join("catalog.json")).unwrap();
    let mut stale = Vec::new();
    for lang in [mcp_errors_cli::Lang::Ts, mcp_errors_cli::Lang::Python] {
        for (name, text) in mcp_errors_cli::generate(lang, &catalog, "catalog.json", None) {
            let path = dir.join(&name);
            if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                if std::env::var_os("MCP_ERRORS_BLESS").is_some() {
                    std::fs::write(&path, &text).unwrap();
                } else {
                    stale.push(name);
                }
            }
        }
    }
    // Go: a module of its own (go.mod), in clients/go/.
    for (name, text) in mcp_errors_cli::generate(
        mcp_errors_cli::Lang::Go,
        &catalog,
        "catalog.json",
        Some("fleeterrors"),
    ) {
        let path = dir.join("go").join(&name);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            if std::env::var_os("MCP_ERRORS_BLESS").is_some() {
                std::fs::create_dir_all(dir.join("go")).unwrap();
                std::fs::write(&path, &text).unwrap();
            } else {
                stale.push(format!("go/{name}"));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "stale generated modules in examples/mcp_server/clients: {stale:?}; regenerate with \
         MCP_ERRORS_BLESS=1 cargo test -p mcp-errors-cli --test cli"
    );
}

/// Same catalog, same bytes; the header says generated, from which catalog, do not edit.
#[test]
fn output_is_deterministic_with_a_header() {
    let dir = Dir::new("determinism");
    let catalog = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hostile.json");
    let mut runs = Vec::new();
    for round in ["a", "b"] {
        let out = dir.0.join(round);
        for (lang, package) in [
            ("ts", "@fleet/errors"),
            ("python", "fleet-errors"),
            ("go", "example.com/fleet/errors"),
        ] {
            let status = Command::new(env!("CARGO_BIN_EXE_mcp-errors"))
                .args(["gen", "--lang", lang, "--package", package, "--catalog"])
                .arg(&catalog)
                .arg("--out")
                .arg(&out)
                .status()
                .unwrap();
            assert!(status.success());
        }
        let mut files: Vec<(String, String)> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().into_string().unwrap(),
                    std::fs::read_to_string(e.path()).unwrap(),
                )
            })
            .collect();
        files.sort();
        runs.push(files);
    }
    assert_eq!(runs[0], runs[1]);
    let names: Vec<&str> = runs[0].iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "__init__.py",
            "errors.go",
            "errors.py",
            "errors.ts",
            "go.mod",
            "package.json",
            "py.typed",
            "pyproject.toml"
        ]
    );
    for (name, text) in &runs[0] {
        if name != "py.typed" {
            assert!(
                text.contains("Generated by mcp-errors")
                    && text.contains("from the catalog hostile.json: do not edit."),
                "{name}"
            );
        }
    }
}

/// Go's `--package` is a module path (`/` allowed, unlike npm and Python package names); anything else
/// is one line and exit 2.
#[test]
fn go_package_is_a_module_path() {
    let dir = Dir::new("gomod");
    let catalog = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hostile.json");
    let gen_with = |package: &str| {
        Command::new(env!("CARGO_BIN_EXE_mcp-errors"))
            .args(["gen", "--lang", "go", "--package", package, "--catalog"])
            .arg(&catalog)
            .arg("--out")
            .arg(dir.0.join("out"))
            .output()
            .unwrap()
    };
    let ok = gen_with("github.com/Acme/fleet-errors");
    assert_eq!(ok.status.code(), Some(0), "{}", text(&ok.stderr));
    let go_mod = std::fs::read_to_string(dir.0.join("out/go.mod")).unwrap();
    assert!(
        go_mod.ends_with("\nmodule github.com/Acme/fleet-errors\n\ngo 1.19\n"),
        "{go_mod}"
    );
    let errors_go = std::fs::read_to_string(dir.0.join("out/errors.go")).unwrap();
    assert!(errors_go.contains("\npackage fleeterrors\n"));
    for bad in ["a b", "/abs", "x//y", "ünï"] {
        let out = gen_with(bad);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = text(&out.stderr);
        assert!(
            err.starts_with(&format!(
                "mcp-errors: gen: --package {bad:?} is not a Go module path"
            )) && err.lines().count() == 1,
            "{err}"
        );
    }
}

/// An npm `@scope/` is fine for TypeScript's package.json; for Python it is one line and exit 2
/// (pip rejects such a name), and so is a name whose import name is not an identifier.
#[test]
fn python_package_names_have_no_npm_scope() {
    let dir = Dir::new("scope");
    let catalog = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hostile.json");
    let gen_with = |lang: &str, package: &str, out: &str| {
        Command::new(env!("CARGO_BIN_EXE_mcp-errors"))
            .args(["gen", "--lang", lang, "--package", package, "--catalog"])
            .arg(&catalog)
            .arg("--out")
            .arg(dir.0.join(out))
            .output()
            .unwrap()
    };
    let out = gen_with("python", "@fleet/errors", "py");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("mcp-errors: gen: --package \"@fleet/errors\": an @scope/ is npm-only")
            && err.contains("use the unscoped name, --package errors"),
        "{err}"
    );
    assert!(!dir.0.join("py").exists(), "nothing is written");
    for bad in ["1fleet", "class", "import"] {
        let out = gen_with("python", bad, "py");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(
            text(&out.stderr).contains("not a Python identifier"),
            "{bad}"
        );
    }
    assert!(gen_with("python", "fleet-errors", "py").status.success());
    assert!(gen_with("ts", "@fleet/errors", "ts").status.success());
    let pyproject = std::fs::read_to_string(dir.0.join("py/pyproject.toml")).unwrap();
    assert!(
        pyproject.contains("\nname = \"fleet-errors\"\n"),
        "{pyproject}"
    );
    assert!(
        pyproject.contains("packages = [\"fleet_errors\"]"),
        "{pyproject}"
    );
}
