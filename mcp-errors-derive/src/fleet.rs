//! The enum against its fleet file (the `fleet` feature): `#[mcp(fleet = "fleet.toml")]`,
//! relative to the crate's manifest directory, or else the environment variable
//! `MCP_ERRORS_FLEET` (a path as Cargo passes it: `.cargo/config.toml`'s `[env]` with
//! `relative = true` makes it absolute; a relative one is read from the directory the compiler
//! runs in). The file is read and parsed by `mcp_errors_rules::fleet`, and the enum checked by
//! its fleet rules: the domain has an allocation, the `range` stays inside it and overlaps no
//! other domain's, no code lies outside it (or the common range) or is reserved. Each finding
//! is reported under the enum's offending tokens, its words the rule's, followed by the fleet
//! file's path and position.
//!
//! A proc macro's reads are invisible to Cargo, so the expansion names the file and the
//! variable again, in hidden constants (`include_bytes!` of the file's absolute path,
//! `option_env!("MCP_ERRORS_FLEET")`): the compiler records both as dependencies of the crate,
//! and editing the fleet file (or changing the variable) rebuilds it.

use core::fmt::Write as _;
use std::path::{Path, PathBuf};

use mcp_errors_rules::fleet::{self, Fleet, Pos, rules as fleet_rules};
use mcp_errors_rules::rules::{self, Claim, CodeSpan};

use crate::ast::Input;
use crate::attr::SpanRange;
use crate::ctxt::Ctxt;
use crate::emit::source::push_str_lit;

/// The environment variable naming the fleet file of every enum without `fleet = ...`.
pub const ENV: &str = "MCP_ERRORS_FLEET";

/// Where the fleet file of `input` is, as the user wrote it and as a path to read, and the
/// tokens a problem with the file itself is reported at.
struct Source {
    shown: String,
    path: PathBuf,
    at: SpanRange,
}

/// Checks `input` against its fleet, if it has one, reporting to `cx`. Returns the hidden
/// constants that make the crate depend on the file and the variable (source text), or
/// nothing when no fleet applies.
pub fn check(cx: &Ctxt, input: &Input<'_>) -> Option<String> {
    let source = locate(input)?;
    let tracking = tracking(&source.path);
    let text = match std::fs::read_to_string(&source.path) {
        Ok(text) => text,
        Err(err) => {
            cx.error_spanned_by(
                source.at,
                format_args!("cannot read the fleet file {}: {err}", source.shown),
            );
            return Some(tracking);
        }
    };
    match fleet::parse(&text) {
        Ok(fleet) => against(cx, input, &fleet, &source),
        Err(err) => cx.error_spanned_by(source.at, format_args!("{}:{err}", source.shown)),
    }
    Some(tracking)
}

/// The fleet file of `input`: its attribute, else the environment variable, else none.
fn locate(input: &Input<'_>) -> Option<Source> {
    if let Some(attr) = &input.attrs.fleet {
        let written = attr.value.value();
        let dir = std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(PathBuf::new, PathBuf::from);
        return Some(Source {
            path: absolute(&dir.join(&written)),
            shown: written,
            at: attr.value_span,
        });
    }
    let written = std::env::var_os(ENV)?;
    if written.is_empty() {
        return None;
    }
    Some(Source {
        shown: written.to_string_lossy().into_owned(),
        path: absolute(Path::new(&written)),
        at: SpanRange::single(input.ident.span()),
    })
}

/// `path` made absolute against the directory the compiler runs in (`include_bytes!` of a
/// relative path would be read from the expanding file's directory instead).
fn absolute(path: &Path) -> PathBuf {
    if path.is_absolute() {
        return path.to_path_buf();
    }
    match std::env::current_dir() {
        Ok(dir) => dir.join(path),
        Err(_) => path.to_path_buf(),
    }
}

/// The hidden constants that make the crate depend on the file at `path` and on
/// [`ENV`]. Absolute paths, as every generated path; no warning under the strictest lints.
fn tracking(path: &Path) -> String {
    let mut out = String::from(
        "#[doc(hidden)] #[automatically_derived] const _: &[u8] = ::core::include_bytes!(",
    );
    push_str_lit(&mut out, &path.to_string_lossy());
    let _ = write!(
        out,
        "); #[doc(hidden)] #[automatically_derived] const _: ::core::option::Option<&str> = \
         ::core::option_env!(\"{ENV}\");"
    );
    out
}

/// Reports `message` at `at`, with the fleet file's position `pos` after the rule's words.
fn report(cx: &Ctxt, at: SpanRange, message: &str, source: &Source, pos: Pos) {
    cx.error_spanned_by(
        at,
        format_args!("{message} (fleet file {}:{pos})", source.shown),
    );
}

/// The fleet rules for one enum.
fn against(cx: &Ctxt, input: &Input<'_>, fleet: &Fleet, source: &Source) {
    let domain_at = match &input.attrs.domain {
        Some(domain) => domain.value_span,
        None => SpanRange::single(input.ident.span()),
    };
    let domain = match fleet_rules::allocation(fleet, &input.domain) {
        Ok(domain) => domain,
        Err(finding) => {
            report(cx, domain_at, &finding.message, source, finding.at);
            return;
        }
    };
    // The enum's claim: its `range`, else its lowest to highest code.
    let mut codes: Vec<(i32, SpanRange)> = Vec::new();
    for variant in &input.variants {
        if let Some(code) = &variant.attrs.code
            && !variant.is_transparent()
        {
            codes.push((code.value, code.value_span));
        }
    }
    let claim = if let Some(range) = &input.attrs.range {
        let span = CodeSpan::new(range.value.0, range.value.1);
        if let Some(finding) = fleet_rules::check_range(domain, span) {
            report(cx, range.value_span, &finding.message, source, finding.at);
        }
        Some((span, range.value_span))
    } else {
        let lo = codes.iter().map(|c| c.0).min();
        let hi = codes.iter().map(|c| c.0).max();
        match (lo, hi) {
            (Some(lo), Some(hi)) if !rules::JSONRPC_RESERVED.contains(lo) => {
                Some((CodeSpan::new(lo, hi), SpanRange::single(input.ident.span())))
            }
            _ => None,
        }
    };
    // Overlaps with the other domains' allocations: the words of `mcp-errors check`'s and
    // `Registry::check`'s overlapping ranges.
    if let Some((span, at)) = claim {
        let mut owners = vec![None];
        let mut claims = vec![Claim {
            owner: &input.domain,
            range: span,
        }];
        for other in fleet.common.iter().chain(&fleet.domains) {
            if other.name.value != input.domain {
                owners.push(Some(other));
                claims.push(Claim {
                    owner: &other.name.value,
                    range: other.range.value,
                });
            }
        }
        for collision in rules::overlapping_ranges(&claims) {
            let other = match (collision.first, collision.second) {
                (0, other) | (other, 0) => owners[other],
                _ => None,
            };
            if let Some(other) = other {
                report(
                    cx,
                    at,
                    &collision.finding.to_string(),
                    source,
                    other.range.at,
                );
            }
        }
    }
    for (code, at) in codes {
        if let Some(finding) = fleet_rules::check_code(fleet, domain, code) {
            report(cx, at, &finding.message, source, finding.at);
        }
    }
}
