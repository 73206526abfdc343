//! `mcp-errors docs`: a static reference of a fleet's errors, one page per domain and an index,
//! in HTML ([`html`]) or Markdown ([`markdown`]).
//!
//! The reference is gathered here from catalogs (derived JSON or hand-written TOML) or from a
//! fleet file and the catalogs it names, into a [`Site`]: its domains ordered by their first
//! code, each with its errors ordered by code and its retired codes. The renderers only lay
//! the site out; everything they print comes from the catalogs and is escaped by them.
//!
//! Each domain's page is `PAGE.html` (or `.md`), PAGE being [`page_name`] of the domain, and
//! each error is the element whose `id` is its symbol (an alias is an anchor too), so a doc URL
//! template `https://errors.acme.dev/{domain}#{symbol}` points at it when the site is served
//! with clean URLs (`/playwright` answered by `playwright.html`, as GitHub Pages, Netlify and
//! Cloudflare Pages do), and `.../{domain}.html#{symbol}` everywhere.

pub mod html;
pub mod markdown;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use mcp_errors_rules::fleet;

use crate::catalog::{Catalog, Entry};

/// The output format of `mcp-errors docs --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `index.html` and a page per domain, each with its own style sheet inline.
    Html,
    /// `index.md` and a page per domain, for wikis.
    Markdown,
}

impl Format {
    /// Every name `--format` accepts.
    pub const NAMES: &'static [&'static str] = &["html", "markdown", "md"];

    /// The format `--format NAME` stands for, ignoring ASCII case.
    pub fn parse(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "html" => Some(Format::Html),
            "markdown" | "md" => Some(Format::Markdown),
            _ => None,
        }
    }

    /// The extension of its pages.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Html => "html",
            Format::Markdown => "md",
        }
    }
}

/// The whole reference: a title, the domains, and where it was read from.
#[derive(Clone, Debug, Default)]
pub struct Site {
    /// The fleet's name, or `mcp-errors` when built from catalogs alone.
    pub title: String,
    /// The fleet's description, if any.
    pub description: Option<String>,
    /// The fleet's owner, if any.
    pub owner: Option<String>,
    /// The domains, by their first code (a domain's range start, else its first error's).
    pub domains: Vec<DomainDoc>,
    /// The file names the site was built from (not their paths), for the pages' footer.
    pub sources: Vec<String>,
}

/// One domain's page.
#[derive(Clone, Debug, Default)]
pub struct DomainDoc {
    /// The domain, as catalogs spell it.
    pub name: String,
    /// Its allocation (the fleet's range, else the union of its enums' declared ranges).
    pub range: Option<(i64, i64)>,
    /// The fleet's owner of the domain, if any.
    pub owner: Option<String>,
    /// The fleet's description of the domain, if any.
    pub description: Option<String>,
    /// Its errors, by code (one per symbol: a catalog that names the same symbol twice shows
    /// the first).
    pub errors: Vec<Entry>,
    /// Its retired codes, each `(lo, hi)` inclusive, in order, merged from the fleet and its
    /// catalogs.
    pub retired: Vec<(i64, i64)>,
}

impl DomainDoc {
    /// The code the index orders it by.
    fn first_code(&self) -> i64 {
        self.range
            .map(|(lo, _)| lo)
            .or_else(|| self.errors.first().map(|e| e.code))
            .unwrap_or(i64::MAX)
    }
}

/// The name of a domain's page, without extension: the domain itself when it is made of ASCII
/// letters, digits, `-` and `_` (and is not `index`, the index page's name); otherwise those
/// characters kept and every other byte of its UTF-8 written `~XX` (hex), `index` becoming
/// `index~`. Two domains never share a page, and no name leaves the output folder.
pub fn page_name(domain: &str) -> String {
    let mut out = String::with_capacity(domain.len());
    for b in domain.bytes() {
        if b.is_ascii_alphanumeric() || b == b'-' || b == b'_' {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "~{b:02X}");
        }
    }
    if out.is_empty() || out == "index" {
        out.push('~');
    }
    out
}

/// The site of the catalogs at `paths` (each derived JSON or hand-written TOML), titled
/// `title`; `Err` is the one line of a file that cannot be read or is not a catalog.
pub fn from_catalogs(paths: &[&Path], title: &str) -> Result<Site, String> {
    let mut builder = Builder::default();
    let mut sources = Vec::new();
    for path in paths {
        let catalog = Catalog::load(path)?;
        builder.add_catalog(&catalog, None);
        sources.push(file_name(path));
    }
    Ok(builder.finish(
        Site {
            title: title.to_owned(),
            sources,
            ..Site::default()
        },
        &[],
    ))
}

/// The site of the fleet file at `path` and every catalog it names (relative to it); `Err` is
/// the one line of a file that cannot be read or parsed. A domain without a catalog is listed
/// with its range and retired codes. The fleet's own rules are `mcp-errors check`'s job: a
/// fleet that breaks them still gets its reference.
pub fn from_fleet(path: &Path) -> Result<Site, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let parsed = fleet::parse(&text)
        .map_err(|e| crate::catalog::file_error(&path.display().to_string(), &e))?;
    let dir = path.parent().unwrap_or(Path::new(""));
    let mut builder = Builder::default();
    let mut sources = vec![file_name(path)];
    let mut loaded: BTreeMap<String, Catalog> = BTreeMap::new();
    let mut order = Vec::new();
    for d in parsed.common.iter().chain(&parsed.domains) {
        let name = d.name.value.clone();
        order.push(name.clone());
        let doc = builder.domain(&name);
        doc.range = Some((i64::from(d.range.value.lo), i64::from(d.range.value.hi)));
        doc.owner = d.owner.as_ref().map(|o| o.value.clone());
        doc.description = d.description.as_ref().map(|o| o.value.clone());
        for r in &d.reserved {
            doc.retired
                .push((i64::from(r.value.lo), i64::from(r.value.hi)));
        }
        let Some(catalog_path) = &d.catalog else {
            continue;
        };
        if !loaded.contains_key(&catalog_path.value) {
            let full = dir.join(&catalog_path.value);
            let catalog = Catalog::load(&full)?;
            sources.push(file_name(&full));
            loaded.insert(catalog_path.value.clone(), catalog);
        }
        builder.add_catalog(&loaded[&catalog_path.value], Some(&name));
        // The domain's doc URL template, else the fleet's, for errors without their own.
        if let Some(template) = d.doc_url.as_ref().or(parsed.doc_url.as_ref()) {
            for e in &mut builder.domain(&name).errors {
                if e.doc_url.is_none() {
                    e.doc_url = crate::handwritten::resolve_doc_url(&template.value, e);
                }
            }
        }
    }
    sources.dedup();
    Ok(builder.finish(
        Site {
            title: parsed.name.value.clone(),
            description: parsed.description.map(|d| d.value),
            owner: parsed.owner.map(|o| o.value),
            sources,
            ..Site::default()
        },
        &order,
    ))
}

/// The pages of `site` in `format`: (file name, text), `index.EXT` first, then each domain's
/// `PAGE.EXT` ([`page_name`], EXT the format's [`extension`](Format::extension)).
pub fn render(site: &Site, format: Format) -> Vec<(String, String)> {
    let ext = format.extension();
    let index = match format {
        Format::Html => html::index(site),
        Format::Markdown => markdown::index(site),
    };
    let mut files = vec![(format!("index.{ext}"), index)];
    for domain in &site.domains {
        let page = match format {
            Format::Html => html::page(site, domain),
            Format::Markdown => markdown::page(site, domain),
        };
        files.push((format!("{}.{ext}", page_name(&domain.name)), page));
    }
    files
}

/// Gathers domains from catalogs.
#[derive(Default)]
struct Builder {
    domains: BTreeMap<String, DomainDoc>,
}

impl Builder {
    fn domain(&mut self, name: &str) -> &mut DomainDoc {
        self.domains
            .entry(name.to_owned())
            .or_insert_with(|| DomainDoc {
                name: name.to_owned(),
                ..DomainDoc::default()
            })
    }

    /// Adds `catalog`'s enums: only those of domain `only` when given (a fleet's domain takes
    /// its own enums from a catalog several domains share).
    fn add_catalog(&mut self, catalog: &Catalog, only: Option<&str>) {
        for en in &catalog.enums {
            if only.is_some_and(|d| d != en.domain) {
                continue;
            }
            let from_fleet = only.is_some();
            let doc = self.domain(&en.domain);
            if !from_fleet && let Some(r) = en.range {
                doc.range = Some(match doc.range {
                    Some((lo, hi)) => (lo.min(r.start), hi.max(r.end)),
                    None => (r.start, r.end),
                });
            }
            for r in &en.reserved {
                doc.retired.push(r.bounds());
            }
            for entry in &en.entries {
                if !doc.errors.iter().any(|e| e.symbol == entry.symbol) {
                    doc.errors.push(entry.clone());
                }
            }
        }
    }

    /// The site with the gathered domains: in `order` (a fleet's) and then by first code.
    fn finish(self, mut site: Site, order: &[String]) -> Site {
        let mut domains: Vec<DomainDoc> = self.domains.into_values().collect();
        for d in &mut domains {
            d.errors.sort_by_key(|e| e.code);
            d.retired.sort_unstable();
            d.retired.dedup();
        }
        domains.sort_by_key(|d| {
            (
                order
                    .iter()
                    .position(|n| *n == d.name)
                    .unwrap_or(usize::MAX),
                d.first_code(),
            )
        });
        site.domains = domains;
        site
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Every error of the site with its domain, by code: the index's table of every code.
pub(crate) fn every_code(site: &Site) -> Vec<(&DomainDoc, &Entry)> {
    let mut all: Vec<(&DomainDoc, &Entry)> = site
        .domains
        .iter()
        .flat_map(|d| d.errors.iter().map(move |e| (d, e)))
        .collect();
    all.sort_by_key(|(_, e)| e.code);
    all
}

/// A domain page's line under its title: its codes, its owner (a catalog's text, through the
/// format's `escape`) and how many errors it has, joined by ` · `.
pub(crate) fn domain_meta(domain: &DomainDoc, escape: fn(&str) -> String) -> String {
    let mut meta = Vec::new();
    if let Some((lo, hi)) = domain.range {
        meta.push(format!("Codes {}", span(lo, hi)));
    }
    if let Some(o) = &domain.owner {
        meta.push(format!("Owner: {}", escape(o)));
    }
    meta.push(format!(
        "{} error{}",
        domain.errors.len(),
        plural(domain.errors.len())
    ));
    meta.join(" · ")
}

/// How a catalog's channel reads on a page.
pub(crate) fn channel_words(entry: &Entry) -> &'static str {
    if entry.is_json_rpc() {
        "JSON-RPC error"
    } else {
        "tool error (isError result)"
    }
}

/// What a field of this role does on the wire, in words (the catalog's `role`).
pub(crate) fn role_words(role: &str) -> &'static str {
    match role {
        "data" => "sent in data",
        "details" => "its text sent as data.details",
        "retry_after" => "sent as data.retryAfterMs",
        "retryable" => "decides retryable",
        "skip" => "never sent",
        "source" => "the cause, never sent",
        "transparent" => "the inner error",
        "message" => "only in the message",
        _ => "unknown role",
    }
}

/// A doc comment's paragraphs (split at blank lines), each on one line.
pub(crate) fn paragraphs(doc: &str) -> Vec<String> {
    doc.split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect()
}

/// `lo` alone, or `lo–hi`.
pub(crate) fn span(lo: i64, hi: i64) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}–{hi}")
    }
}

/// A flag in words.
pub(crate) fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// The plural ending after a count.
pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_names_stay_in_the_folder_and_never_collide() {
        assert_eq!(page_name("playwright"), "playwright");
        assert_eq!(page_name("knowledge_base-2"), "knowledge_base-2");
        assert_eq!(page_name("index"), "index~");
        assert_eq!(page_name(""), "~");
        assert_eq!(page_name("../etc"), "~2E~2E~2Fetc");
        assert_eq!(page_name("a b"), "a~20b");
        assert_eq!(page_name("é"), "~C3~A9");
        // `~` itself is escaped, so an escaped name cannot equal a plain one.
        assert_eq!(page_name("a~20b"), "a~7E20b");
        assert_ne!(page_name("index~"), page_name("index"));
    }

    #[test]
    fn formats_by_name() {
        assert_eq!(Format::parse("HTML"), Some(Format::Html));
        assert_eq!(Format::parse("md"), Some(Format::Markdown));
        assert_eq!(Format::parse("pdf"), None);
    }
}
