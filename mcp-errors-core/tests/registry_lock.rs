//! `Registry::assert_stable`: the lock file guards codes, symbols and domains.

mod registry_support;

use std::process::Command;

use mcp_errors_core::{
    CodeRange, ErrorEntry, ErrorKind, LockChange, LockEntry, LockFile, Registry, StabilityError,
};
use registry_support::{TempDir, row};
use serde_json::json;

const fn r(code: i32, symbol: &'static str, domain: &'static str) -> ErrorEntry {
    row(code, symbol, domain, ErrorKind::Internal, false)
}

catalog!(
    V1,
    "playwright",
    Some(CodeRange::new(2100, 2199)),
    [
        r(2101, "E_PW_LAUNCH", "playwright"),
        r(2100, "E_PW_NAV", "playwright"),
    ]
);
catalog!(
    Common,
    "common",
    Some(CodeRange::new(1000, 1099)),
    [r(1005, "E_INPUT_TOO_LARGE", "common")]
);
// V1 plus a new code, with a new message and kind for an old one (both allowed).
catalog!(
    V2Added,
    "playwright",
    Some(CodeRange::new(2100, 2199)),
    [
        ErrorEntry {
            message: "Navigation went wrong",
            kind: ErrorKind::Network,
            retryable: true,
            ..r(2100, "E_PW_NAV", "playwright")
        },
        r(2101, "E_PW_LAUNCH", "playwright"),
        r(2102, "E_PW_CLICK", "playwright"),
    ]
);
// V1 with 2100 renamed, 2101 removed.
catalog!(
    V2Broken,
    "playwright",
    Some(CodeRange::new(2100, 2199)),
    [r(2100, "E_PW_NAVIGATE", "playwright")]
);
// V1 with 2101 moved to another domain.
catalog!(
    V2Moved,
    "browser",
    Some(CodeRange::new(2100, 2199)),
    [
        r(2100, "E_PW_NAV", "playwright"),
        r(2101, "E_PW_LAUNCH", "browser"),
    ]
);

// V1 with E_PW_LAUNCH moved from 2101 to 2104.
catalog!(
    V2Recoded,
    "playwright",
    Some(CodeRange::new(2100, 2199)),
    [
        r(2100, "E_PW_NAV", "playwright"),
        r(2104, "E_PW_LAUNCH", "playwright"),
    ]
);

fn lock_json(path: &std::path::Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn v1() -> Registry {
    Registry::new().with::<V1>().with::<Common>()
}

#[test]
fn a_missing_lock_file_is_created_sorted_and_pretty() {
    let dir = TempDir::new("lock-create");
    let path = dir.path("errors.lock.json");
    let report = v1().assert_stable_with(&path, false).unwrap();
    assert!(report.created && report.written);
    assert_eq!(report.added.len(), 3);
    assert_eq!(
        lock_json(&path),
        json!({
            "format": "mcp-errors-lock",
            "version": 1,
            "codes": [
                {"code": 1005, "domain": "common", "symbol": "E_INPUT_TOO_LARGE"},
                {"code": 2100, "domain": "playwright", "symbol": "E_PW_NAV"},
                {"code": 2101, "domain": "playwright", "symbol": "E_PW_LAUNCH"},
            ],
        })
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        text,
        r#"{
  "format": "mcp-errors-lock",
  "version": 1,
  "codes": [
    {"code": 1005, "domain": "common", "symbol": "E_INPUT_TOO_LARGE"},
    {"code": 2100, "domain": "playwright", "symbol": "E_PW_NAV"},
    {"code": 2101, "domain": "playwright", "symbol": "E_PW_LAUNCH"}
  ]
}
"#
    );
    // Deterministic: registering in another order writes the same bytes.
    let other = dir.path("other.lock.json");
    Registry::new()
        .with::<Common>()
        .with::<V1>()
        .assert_stable_with(&other, false)
        .unwrap();
    assert_eq!(std::fs::read(&other).unwrap(), text.as_bytes());
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn an_unchanged_catalog_is_stable_and_leaves_the_file_alone() {
    let dir = TempDir::new("lock-same");
    let path = dir.path("errors.lock.json");
    v1().assert_stable_with(&path, false).unwrap();
    let before = std::fs::read(&path).unwrap();
    let report = v1().assert_stable_with(&path, true).unwrap();
    assert_eq!(report, mcp_errors_core::StabilityReport::default());
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn new_codes_are_reported_and_written_only_on_update() {
    let dir = TempDir::new("lock-add");
    let path = dir.path("errors.lock.json");
    v1().assert_stable_with(&path, false).unwrap();
    let before = std::fs::read(&path).unwrap();
    let v2 = Registry::new().with::<V2Added>().with::<Common>();

    let report = v2.assert_stable_with(&path, false).unwrap();
    let added = LockEntry {
        code: 2102,
        domain: "playwright".into(),
        symbol: "E_PW_CLICK".into(),
    };
    assert_eq!(report.added, std::slice::from_ref(&added));
    assert!(!report.written && !report.created);
    assert_eq!(std::fs::read(&path).unwrap(), before);

    let report = v2.assert_stable_with(&path, true).unwrap();
    assert_eq!(report.added, [added]);
    assert!(report.written);
    assert_eq!(
        lock_json(&path)["codes"][3],
        json!({"code": 2102, "domain": "playwright", "symbol": "E_PW_CLICK"})
    );
    // Now the old catalog fails: 2102 was removed.
    let err = v1().assert_stable_with(&path, false).unwrap_err();
    assert!(
        err.to_string()
            .contains("removed  2102 E_PW_CLICK (playwright)"),
        "{err}"
    );
}

#[test]
fn removed_and_renamed_codes_fail_with_a_readable_diff() {
    let dir = TempDir::new("lock-broken");
    let path = dir.path("errors.lock.json");
    v1().assert_stable_with(&path, false).unwrap();
    let before = std::fs::read(&path).unwrap();

    let err = Registry::new()
        .with::<V2Broken>()
        .with::<Common>()
        .assert_stable_with(&path, true)
        .unwrap_err();
    let StabilityError::Unstable {
        changes,
        path: reported,
    } = &err
    else {
        panic!("{err}")
    };
    assert_eq!(reported, &path);
    assert_eq!(
        changes,
        &[
            LockChange::Changed {
                old: LockEntry {
                    code: 2100,
                    domain: "playwright".into(),
                    symbol: "E_PW_NAV".into()
                },
                new: LockEntry {
                    code: 2100,
                    domain: "playwright".into(),
                    symbol: "E_PW_NAVIGATE".into()
                },
            },
            LockChange::Removed(LockEntry {
                code: 2101,
                domain: "playwright".into(),
                symbol: "E_PW_LAUNCH".into()
            }),
        ]
    );
    let text = err.to_string();
    let expected_start = format!(
        "MCP error codes changed since the lock file `{}` was written:\n  \
         changed  2100: symbol E_PW_NAV -> E_PW_NAVIGATE\n  \
         removed  2101 E_PW_LAUNCH (playwright)\n",
        path.display()
    );
    assert!(text.starts_with(&expected_start), "{text}");
    // Even with update, a breaking change never touches the file.
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn a_domain_change_fails() {
    let dir = TempDir::new("lock-domain");
    let path = dir.path("errors.lock.json");
    v1().assert_stable_with(&path, false).unwrap();
    let err = Registry::new()
        .with::<V2Moved>()
        .with::<Common>()
        .assert_stable_with(&path, false)
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("changed  2101: domain playwright -> browser"),
        "{err}"
    );
}

#[test]
fn a_symbol_moved_to_another_code_says_where() {
    let dir = TempDir::new("lock-recoded");
    let path = dir.path("errors.lock.json");
    v1().assert_stable_with(&path, false).unwrap();
    let err = Registry::new()
        .with::<V2Recoded>()
        .with::<Common>()
        .assert_stable_with(&path, true)
        .unwrap_err();
    let StabilityError::Unstable { changes, .. } = &err else {
        panic!("{err}")
    };
    let row = |code| LockEntry {
        code,
        domain: "playwright".into(),
        symbol: "E_PW_LAUNCH".into(),
    };
    assert_eq!(
        changes,
        &[LockChange::Moved {
            old: row(2101),
            new: row(2104),
        }]
    );
    let text = err.to_string();
    assert!(
        text.contains("\n  moved    E_PW_LAUNCH (playwright) from code 2101 to 2104\n"),
        "{text}"
    );
    // Moved to another enum's domain as well: both are said.
    let change = LockChange::Moved {
        old: row(2101),
        new: LockEntry {
            domain: "browser".into(),
            ..row(2104)
        },
    };
    assert_eq!(
        change.to_string(),
        "moved    E_PW_LAUNCH (playwright) from code 2101 to 2104, domain playwright -> browser"
    );
}

#[test]
fn malformed_lock_files_are_errors_not_panics() {
    let dir = TempDir::new("lock-bad");
    let path = dir.path("errors.lock.json");
    for bad in [
        "",
        "{",
        "[]",
        r#"{"format":"mcp-errors-lock","version":2,"codes":[]}"#,
        r#"{"format":"cargo-lock","version":1,"codes":[]}"#,
        r#"{"format":"mcp-errors-lock","version":1,"codes":[{"code":"x"}]}"#,
        r#"{"format":"mcp-errors-lock","version":1,"codes":[{"code":99999999999,"domain":"d","symbol":"S"}]}"#,
    ] {
        std::fs::write(&path, bad).unwrap();
        let err = v1().assert_stable_with(&path, true).unwrap_err();
        assert!(
            matches!(err, StabilityError::Malformed { .. }),
            "{bad:?}: {err}"
        );
        assert!(
            err.to_string().contains("is not an mcp-errors lock file"),
            "{err}"
        );
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            bad,
            "a bad file is not overwritten"
        );
    }
    // A directory in the way is an I/O error with a source.
    let err = v1().assert_stable_with(&dir.0, false).unwrap_err();
    assert!(matches!(err, StabilityError::Io { .. }), "{err}");
    assert!(std::error::Error::source(&err).is_some());
}

#[test]
fn lock_file_round_trips() {
    let lock = LockFile::new(vec![
        LockEntry {
            code: 2,
            domain: "b".into(),
            symbol: "E_B".into(),
        },
        LockEntry {
            code: 1,
            domain: "a".into(),
            symbol: "E_A".into(),
        },
        LockEntry {
            code: 1,
            domain: "a".into(),
            symbol: "E_A".into(),
        },
    ]);
    assert_eq!(lock.codes.len(), 2);
    assert_eq!(lock.codes[0].code, 1);
    assert_eq!(LockFile::parse(&lock.to_text()).unwrap(), lock);
    // Text that needs escaping, and the empty file.
    let odd = LockFile::new(vec![LockEntry {
        code: -32601,
        domain: "we\"ird\\ dömain\n".into(),
        symbol: "E_\u{1F600}".into(),
    }]);
    assert_eq!(LockFile::parse(&odd.to_text()).unwrap(), odd);
    let empty = LockFile::new(Vec::new());
    assert_eq!(
        empty.to_text(),
        "{\n  \"format\": \"mcp-errors-lock\",\n  \"version\": 1,\n  \"codes\": []\n}\n"
    );
    assert_eq!(LockFile::parse(&empty.to_text()).unwrap(), empty);
    // Unknown members are ignored (forward compatible).
    let extended = r#"{"format":"mcp-errors-lock","version":1,"generator":"x","codes":[
        {"code":1,"domain":"a","symbol":"E_A","note":"kept"}]}"#;
    assert_eq!(LockFile::parse(extended).unwrap().codes.len(), 1);
}

// The environment switch, tested in a child process so that no test mutates the
// environment of this one.

#[test]
fn child_update_from_env() {
    let Some(path) = std::env::var_os("MCP_ERRORS_TEST_LOCK") else {
        return;
    };
    let report = Registry::new()
        .with::<V2Added>()
        .with::<Common>()
        .assert_stable(&path)
        .unwrap();
    let expect_written =
        std::env::var("MCP_ERRORS_UPDATE_LOCK").is_ok_and(|v| v == "1" || v == "yes");
    assert_eq!(report.written, expect_written);
    assert_eq!(report.added.len(), 1);
}

#[test]
fn mcp_errors_update_lock_enables_writing() {
    if std::env::var_os("MCP_ERRORS_TEST_LOCK").is_some() {
        return;
    }
    let dir = TempDir::new("lock-env");
    let path = dir.path("errors.lock.json");
    for update in [None, Some("0"), Some("1")] {
        v1().assert_stable_with(&path, false).unwrap();
        let mut cmd = Command::new(std::env::current_exe().unwrap());
        cmd.args(["--exact", "child_update_from_env", "--test-threads=1"])
            .env("MCP_ERRORS_TEST_LOCK", &path)
            .env_remove("MCP_ERRORS_UPDATE_LOCK");
        if let Some(v) = update {
            cmd.env("MCP_ERRORS_UPDATE_LOCK", v);
        }
        let out = cmd.output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains("1 passed"),
            "{update:?}: {stdout}"
        );
        let has_new = lock_json(&path)["codes"].as_array().unwrap().len() == 4;
        assert_eq!(has_new, update == Some("1"), "{update:?}");
        std::fs::remove_file(&path).unwrap();
    }
}

/// A hand-edited (or hostile) lock file's text reaches the terminal only escaped: a line
/// break cannot forge another line of the diff, an escape sequence cannot recolour it.
#[test]
fn lock_file_text_in_the_diff_is_escaped() {
    let dir = TempDir::new("lock-hostile");
    let path = dir.path("errors.lock.json");
    let hostile = LockFile::new(vec![
        LockEntry {
            code: 2100,
            domain: "playwright".into(),
            symbol: "E_PW_NAV\n  removed  9999 E_FORGED (x)".into(),
        },
        LockEntry {
            code: 2150,
            domain: "play\u{1b}[31mwright\r".into(),
            symbol: "E_GONE".into(),
        },
    ]);
    std::fs::write(&path, hostile.to_text()).unwrap();
    let err = v1().assert_stable_with(&path, false).unwrap_err();
    let text = err.to_string();
    assert!(!text.contains(['\u{1b}', '\r']), "{text:?}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(
        lines[1],
        "  changed  2100: symbol E_PW_NAV\\n  removed  9999 E_FORGED (x) -> E_PW_NAV"
    );
    assert_eq!(
        lines[2],
        "  removed  2150 E_GONE (play\\u{1b}[31mwright\\r)"
    );
}

/// What an editor or a merge leaves in a lock file: a byte-order mark is read past; an empty
/// file, merge-conflict markers and bytes that are not UTF-8 are `Malformed`, each with the
/// way out, and the file is left alone.
#[test]
fn edited_lock_files_read_or_say_what_to_do() {
    let dir = TempDir::new("lock-edited");
    let path = dir.path("errors.lock.json");
    v1().assert_stable_with(&path, false).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();

    // Windows Notepad's UTF-8 with a byte-order mark.
    std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
    let report = v1().assert_stable_with(&path, true).unwrap();
    assert!(report.added.is_empty() && !report.written);

    let mut conflicted = String::from("<<<<<<< HEAD\n");
    conflicted.push_str(&text);
    conflicted.push_str("=======\n");
    conflicted.push_str(&text);
    conflicted.push_str(">>>>>>> feature\n");
    // The same conflict in a Windows checkout saved with a byte-order mark.
    let windows = format!("\u{feff}{}", conflicted.replace('\n', "\r\n"));
    // PowerShell 5's `>`: UTF-16 with its byte-order mark.
    let utf16: Vec<u8> = [0xfeff_u16]
        .into_iter()
        .chain(text.encode_utf16())
        .flat_map(u16::to_le_bytes)
        .collect();
    let cases: [(&[u8], &str); 6] = [
        (b"", "the file is empty"),
        (b" \r\n", "the file is empty"),
        (conflicted.as_bytes(), "merge conflict markers"),
        (windows.as_bytes(), "merge conflict markers"),
        (
            b"{\"format\": \"mcp-errors-lock\xff\"}",
            "not UTF-8 text (invalid utf-8 sequence of 1 bytes from index 27); save it as UTF-8",
        ),
        (
            &utf16,
            "not UTF-8 text (UTF-16); save it as UTF-8, or delete it",
        ),
    ];
    for (bytes, reason) in cases {
        std::fs::write(&path, bytes).unwrap();
        let err = v1().assert_stable_with(&path, true).unwrap_err();
        assert!(matches!(err, StabilityError::Malformed { .. }), "{err}");
        assert!(err.to_string().contains(reason), "{err}");
        assert_eq!(std::fs::read(&path).unwrap(), bytes);
    }
}

/// A lock file checked out with Windows line endings (or saved with a byte-order mark) keeps
/// them when new codes are added, so the review diff shows only the new lines.
#[test]
fn an_update_keeps_the_files_line_endings() {
    let dir = TempDir::new("lock-crlf");
    let path = dir.path("errors.lock.json");
    v1().assert_stable_with(&path, false).unwrap();
    let lf = std::fs::read_to_string(&path).unwrap();
    let crlf = format!("\u{feff}{}", lf.replace('\n', "\r\n"));
    std::fs::write(&path, &crlf).unwrap();

    let v2 = || Registry::new().with::<V2Added>().with::<Common>();
    let report = v2().assert_stable_with(&path, true).unwrap();
    assert!(report.written);
    let updated = std::fs::read_to_string(&path).unwrap();
    let body = updated.strip_prefix('\u{feff}').expect("the mark is kept");
    assert!(!body.replace("\r\n", "").contains('\n'), "{updated:?}");
    // The same rows as a fresh LF file of the new catalog.
    let fresh = dir.path("fresh.lock.json");
    v2().assert_stable_with(&fresh, false).unwrap();
    assert_eq!(
        body.replace("\r\n", "\n"),
        std::fs::read_to_string(&fresh).unwrap()
    );
    // The old lines are all still there, byte for byte.
    for line in crlf.split_inclusive("\r\n").skip(1) {
        if !line.contains("E_PW_LAUNCH") && !line.starts_with("  ]") {
            assert!(updated.contains(line), "{line:?} in {updated:?}");
        }
    }
}

/// Tests run in parallel threads: several writing one new lock file at once each write a
/// whole file of their own (a shared temporary name let one rename another's file away, an
/// `Io` error), and the file ends up whole.
#[test]
fn concurrent_updates_of_one_lock_file_all_succeed() {
    let dir = TempDir::new("lock-race");
    let v2 = || Registry::new().with::<V2Added>().with::<Common>();
    let fresh = dir.path("fresh.lock.json");
    v2().assert_stable_with(&fresh, false).unwrap();
    let expected = std::fs::read_to_string(&fresh).unwrap();
    for round in 0..50 {
        // No file yet: every thread writes one.
        let path = dir.path(&format!("errors-{round}.lock.json"));
        let start = std::sync::Barrier::new(8);
        std::thread::scope(|s| {
            for _ in 0..8 {
                s.spawn(|| {
                    start.wait();
                    v2().assert_stable_with(&path, false).unwrap();
                });
            }
        });
        assert_eq!(std::fs::read_to_string(&path).unwrap(), expected);
    }
    let left: Vec<_> = std::fs::read_dir(dir.path(""))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

// V1 with 2101 removed and retired (`reserved`); then a version that uses the retired code.
catalog!(
    V2Retired,
    "playwright",
    Some(CodeRange::new(2100, 2199)),
    [r(2100, "E_PW_NAV", "playwright")],
    [CodeRange::new(2101, 2101)]
);
catalog!(
    V3Reused,
    "playwright",
    Some(CodeRange::new(2100, 2199)),
    [
        r(2100, "E_PW_NAV", "playwright"),
        r(2150, "E_PW_SCROLL", "playwright"),
    ],
    [CodeRange::new(2101, 2101), CodeRange::new(2150, 2159)]
);

#[test]
fn a_removed_code_is_fine_when_retired_and_a_retired_code_never_comes_back() {
    let dir = TempDir::new("lock-retired");
    let path = dir.path("errors.lock.json");
    v1().assert_stable_with(&path, false).unwrap();
    // 2101 is gone, but retired: as `buf breaking` allows a removed field that is reserved.
    let report = Registry::new()
        .with::<V2Retired>()
        .with::<Common>()
        .assert_stable_with(&path, false)
        .unwrap();
    assert!(report.added.is_empty());
    // 2150 is retired and used: always breaking.
    let err = Registry::new()
        .with::<V3Reused>()
        .with::<Common>()
        .assert_stable_with(&path, true)
        .unwrap_err();
    let StabilityError::Unstable { changes, .. } = &err else {
        panic!("{err}")
    };
    assert_eq!(
        changes,
        &[LockChange::Reused {
            new: LockEntry {
                code: 2150,
                domain: "playwright".into(),
                symbol: "E_PW_SCROLL".into()
            },
            retired: CodeRange::new(2150, 2159),
        }]
    );
    let text = err.to_string();
    assert!(
        text.contains(
            "\n  reused   2150 E_PW_SCROLL (playwright): code 2150 is reserved (retired with \
             2150..=2159); use a new code"
        ),
        "{text}"
    );
}
