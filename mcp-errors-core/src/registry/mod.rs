//! [`Registry`]: the error enums of a whole program side by side — cross-enum checks at run
//! time ([`check`](Registry::check), in `check.rs`), the catalog as Markdown and JSON
//! (`export.rs`), and code stability against a lock file (`lock.rs`).

use core::any::TypeId;

use crate::{CodeRange, ErrorCatalog, ErrorEntry};

mod check;
mod export;
mod lock;

pub use check::{RegistryConflict, RegistryConflicts};
pub use export::{md_code as markdown_code, md_text as markdown_text};
pub use lock::{LockChange, LockEntry, LockFile, StabilityError, StabilityReport};

/// The error enums of a program, registered one by one, checked and exported together.
///
/// [`assert_disjoint!`](crate::assert_disjoint) checks ranges at compile time; a `Registry`
/// does the same at run time (in a test, a build script, a `--check-errors` flag) and also
/// finds codes and symbols used twice, writes the catalog as Markdown or JSON, and guards code
/// stability with a lock file ([`assert_stable`](Registry::assert_stable)).
///
/// Available with the `registry` feature (a test, a build script or a catalog tool turns it
/// on; a server that only emits its errors does without).
///
/// ```
/// # use mcp_errors_core::{CodeRange, ErrorCatalog, ErrorEntry, ErrorKind};
/// # const fn row(code: i32, symbol: &'static str, domain: &'static str, message: &'static str) -> ErrorEntry {
/// #     ErrorEntry { code, symbol, domain, message, retryable: false, kind: ErrorKind::Internal,
/// #         variant: "V", doc: "", aliases: &[], help: None, channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] } }
/// # struct CommonError; struct PythonError;
/// # impl ErrorCatalog for CommonError { const NAME: &'static str = "CommonError"; const DOMAIN: &'static str = "common";
/// #   const RANGE: Option<CodeRange> = Some(CodeRange::new(1000, 1099));
/// #   const ENTRIES: &'static [ErrorEntry] = &[row(1005, "E_INPUT_TOO_LARGE", "common", "Input too large")]; }
/// # impl ErrorCatalog for PythonError { const NAME: &'static str = "PythonError"; const DOMAIN: &'static str = "python";
/// #   const RANGE: Option<CodeRange> = Some(CodeRange::new(2000, 2099));
/// #   const ENTRIES: &'static [ErrorEntry] = &[row(2000, "E_PY_EXEC_FAIL", "python", "Execution failed")]; }
/// use mcp_errors_core::Registry;
///
/// let registry = Registry::new().with::<CommonError>().with::<PythonError>();
/// registry.check().expect("no two enums share a code");
/// assert!(registry.to_markdown().contains("| 2000 | `E_PY_EXEC_FAIL` | Execution failed |"));
/// assert_eq!(registry.to_json()["enums"][1]["name"], "PythonError");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Registry {
    enums: Vec<RegisteredEnum>,
}

/// What a [`Registry`] knows about one registered enum: its [`ErrorCatalog`] constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegisteredEnum {
    /// [`ErrorCatalog::NAME`].
    pub name: &'static str,
    /// [`ErrorCatalog::DOMAIN`].
    pub domain: &'static str,
    /// [`ErrorCatalog::RANGE`].
    pub range: Option<CodeRange>,
    /// [`ErrorCatalog::SPAN`]: the declared range, or the lowest to highest own code.
    pub span: Option<CodeRange>,
    /// [`ErrorCatalog::ENTRIES`].
    pub entries: &'static [ErrorEntry],
    /// [`ErrorCatalog::SHARED_CODES`].
    pub shared_codes: &'static [i32],
    /// [`ErrorCatalog::RESERVED`].
    pub reserved: &'static [CodeRange],
    /// [`ErrorCatalog::DOC_URLS`].
    pub doc_urls: &'static [Option<&'static str>],
    type_id: TypeId,
}

impl Registry {
    /// An empty registry.
    #[inline]
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Registers `E` (builder form). Registering the same type twice has no effect.
    #[must_use]
    pub fn with<E: ErrorCatalog + 'static>(mut self) -> Registry {
        self.register::<E>();
        self
    }

    /// Registers `E` in place. Registering the same type twice has no effect.
    pub fn register<E: ErrorCatalog + 'static>(&mut self) -> &mut Registry {
        let type_id = TypeId::of::<E>();
        if !self.enums.iter().any(|e| e.type_id == type_id) {
            self.enums.push(RegisteredEnum {
                name: E::NAME,
                domain: E::DOMAIN,
                range: E::RANGE,
                span: E::SPAN,
                entries: E::ENTRIES,
                shared_codes: E::SHARED_CODES,
                reserved: E::RESERVED,
                doc_urls: E::DOC_URLS,
                type_id,
            });
        }
        self
    }

    /// The registered enums, in registration order.
    #[inline]
    pub fn enums(&self) -> &[RegisteredEnum] {
        &self.enums
    }

    /// The registered enums in catalog order: by the start of their span (enums without
    /// codes last), then by name.
    #[inline]
    pub(super) fn sorted(&self) -> Vec<&RegisteredEnum> {
        let mut enums: Vec<&RegisteredEnum> = self.enums.iter().collect();
        enums.sort_by_key(|e| (e.span.is_none(), e.span.map(|s| (s.start, s.end)), e.name));
        enums
    }
}

/// The entries of one enum, by code.
#[inline]
pub(super) fn sorted_entries(entries: &'static [ErrorEntry]) -> Vec<&'static ErrorEntry> {
    let mut out: Vec<&ErrorEntry> = entries.iter().collect();
    out.sort_by_key(|e| e.code);
    out
}
