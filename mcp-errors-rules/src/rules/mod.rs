//! The rules every checker shares: each is a function over plain data (numbers and strings)
//! that returns a [`Finding`], whose `Display` is the message's words (lower case, no trailing
//! period, names quoted in backticks) and whose [`Finding::kind`] is a stable name for tools.
//!
//! A checker adds only *where*: the derive puts the message under the offending tokens, the
//! CLI prefixes `PATH:LINE:COLUMN: error: `, `Registry::check` prefixes the enums involved.
//! Entries are named by their symbol and ranges by their owner's name (a domain in a fleet),
//! which every language has, so the same mistake reads the same in Rust, in TypeScript's
//! catalog and in the fleet.
//!
//! | rule | function | kinds |
//! |---|---|---|
//! | a symbol's or alias's format | [`symbol`] | `invalid-symbol` |
//! | a domain's format | [`domain`] | `invalid-domain` |
//! | a code inside its range | [`code_in_range`] | `code-outside-range` |
//! | JSON-RPC's reserved range and MCP's bands | [`protocol_band`] | `jsonrpc-reserved`, `spec-band`, `legacy-band`, `unmarked-legacy`, `legacy-outside-band` |
//! | a retired code used again | [`reserved_code`] | `reserved-code` |
//! | one code, two entries | [`duplicate_codes`] | `duplicate-code` |
//! | one symbol or alias, two entries | [`duplicate_names`] | `duplicate-symbol` |
//! | two ranges sharing codes | [`overlapping_ranges`] | `overlapping-ranges` |
//! | a message template's braces, placeholders and specs | [`template::parse`] | (a [`template::TemplateError`]) |
//! | a doc URL or its template | [`doc_url::doc_url_problem`] | `doc-url-scheme`, `doc-url-placeholder`, `doc-url-brace`, `doc-url-whitespace` |

mod band;
mod codes;
pub mod doc_url;
mod duplicates;
mod finding;
pub mod names;
pub mod order;
pub mod template;

pub use band::{Band, JSONRPC_RESERVED, LEGACY, SPEC_DEFINED, protocol_band};
pub use codes::{CodeSpan, code_in_range, reserved_code};
pub use duplicates::{CodeUse, NameUse, duplicate_code, duplicate_name};
// What only the crate's users call, not the derive (which compiles this folder into itself:
// `proc_macro` is set there), so the derive's build does not check and lower them.
#[cfg(not(proc_macro))]
pub use duplicates::{Claim, Collision, duplicate_codes, duplicate_names, overlapping_ranges};
pub use finding::{Finding, NameRole, Sharing};
pub use names::{SymbolProblem, domain, symbol};
