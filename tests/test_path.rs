//! `Path` and `PathBuf` fields: shown with `.display()` in templates (a template cannot call
//! it), and serialized into `data` as strings, lossily, so a non-UTF-8 path never fails an
//! envelope.

mod derive_support;

use std::path::{Path, PathBuf};

use derive_support::{data_of, data_of_dyn};
use mcp_errors::{McpError, McpErrorExt};
use serde_json::json;

#[derive(Debug, McpError)]
#[mcp(domain = "filesystem", range = 2500..=2599, symbol_prefix = "E_FS_", data_fields)]
enum FsError {
    #[mcp(code = 2500, kind = "not_found", message = "no such file: '{path}'")]
    NotFound { path: PathBuf },
    #[mcp(code = 2501, kind = "permission", message = "cannot write {0}")]
    ReadOnly(&'static Path),
    #[mcp(code = 2502, message = "{old} -> {new:?}")]
    Rename { old: PathBuf, new: PathBuf },
    /// Outside the roots
    #[mcp(code = 2503, kind = "permission")]
    Outside {
        path: Option<PathBuf>,
        #[mcp(details)]
        root: PathBuf,
    },
}

#[test]
fn paths_display_in_templates() {
    let e = FsError::NotFound {
        path: PathBuf::from("/srv/data/report.csv"),
    };
    assert_eq!(e.to_string(), "no such file: '/srv/data/report.csv'");
    let ro = FsError::ReadOnly(Path::new("/etc/hosts"));
    assert_eq!(ro.to_string(), "cannot write /etc/hosts");
    let mv = FsError::Rename {
        old: "/a".into(),
        new: "/b".into(),
    };
    assert_eq!(
        mv.to_string(),
        "/a -> \"/b\"",
        "Debug placeholders stay Debug"
    );
}

#[test]
fn paths_serialize_as_strings() {
    let e = FsError::NotFound {
        path: PathBuf::from("/srv/data/report.csv"),
    };
    assert_eq!(data_of(&e), json!({"path": "/srv/data/report.csv"}));
    assert_eq!(data_of_dyn(&e), json!({"path": "/srv/data/report.csv"}));
    let outside = FsError::Outside {
        path: Some("/tmp/x".into()),
        root: "/srv".into(),
    };
    assert_eq!(
        data_of(&outside),
        json!({"path": "/tmp/x", "details": "/srv"})
    );
}

#[cfg(unix)]
#[test]
fn a_non_utf8_path_is_lossy_not_an_error() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let path = PathBuf::from(OsStr::from_bytes(b"/srv/caf\xe9.txt"));
    let e = FsError::NotFound { path };
    assert_eq!(data_of(&e), json!({"path": "/srv/caf\u{fffd}.txt"}));
    let object = serde_json::to_value(e.to_error_object()).expect("never fails");
    assert_eq!(object["data"]["path"], json!("/srv/caf\u{fffd}.txt"));
    assert_eq!(e.code(), 2500);
}
