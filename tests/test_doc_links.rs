//! The Markdown documentation links only to what exists: every relative link of README.md,
//! ARCHITECTURE.md and docs/*.md names an existing file, every `#anchor` a heading of its
//! target (as GitHub writes heading ids), and every `[text][label]` a defined label. In rustdoc
//! the guides' labels are redefined by src/lib.rs; these are the definitions GitHub reads.
//! Also: the README stays a five-minute read.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The files checked: the README, the architecture map and every guide.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut files = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    let mut guides: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    guides.sort();
    assert!(!guides.is_empty(), "docs/ holds the guides");
    files.extend(guides);
    files
}

/// The lines of a Markdown text outside fenced code blocks, with their numbers.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fence: Option<&str> = None;
    let mut lines = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m));
        match (fence, marker) {
            (None, Some(m)) => fence = Some(m),
            (Some(open), Some(m)) if open == m && trimmed.trim_end() == m => fence = None,
            (None, None) => lines.push((number + 1, line)),
            _ => {}
        }
    }
    lines
}

/// A line without its inline code spans (`` `...` ``), which hold no links.
fn without_code(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let ticks = rest[start..].len() - rest[start..].trim_start_matches('`').len();
        let run = &rest[start..start + ticks];
        let after = &rest[start + ticks..];
        if let Some(end) = after.find(run) {
            rest = &after[end + ticks..];
        } else {
            rest = after;
            out.push_str(run);
        }
    }
    out.push_str(rest);
    out
}

/// GitHub's id of a heading: lower case, punctuation dropped, spaces as hyphens.
fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown text: its headings' ids.
fn anchors(text: &str) -> BTreeSet<String> {
    prose_lines(text)
        .into_iter()
        .filter_map(|(_, line)| {
            let hashes = line.len() - line.trim_start_matches('#').len();
            (1..=6).contains(&hashes).then(|| line[hashes..].trim())
        })
        .map(slug)
        .collect()
}

/// A document's links: inline `[text](target)` and definitions `[label]: target`, and the
/// labels its `[text][label]` links use, each with its line number.
struct Links {
    targets: Vec<(usize, String)>,
    labels_used: Vec<(usize, String)>,
    labels_defined: BTreeSet<String>,
}

fn links(text: &str) -> Links {
    let mut found = Links {
        targets: Vec::new(),
        labels_used: Vec::new(),
        labels_defined: BTreeSet::new(),
    };
    for (number, line) in prose_lines(text) {
        let line = without_code(line);
        let trimmed = line.trim_start();
        if let Some(definition) = trimmed.strip_prefix('[')
            && let Some((label, target)) = definition.split_once("]:")
        {
            found.labels_defined.insert(label.to_lowercase());
            let target = target.split_whitespace().next().unwrap_or("");
            found.targets.push((number, target.to_owned()));
            continue;
        }
        let mut rest = line.as_str();
        while let Some(close) = rest.find("](") {
            let after = &rest[close + 2..];
            let end = after.find(')').unwrap_or(after.len());
            let target = after[..end].split_whitespace().next().unwrap_or("");
            found
                .targets
                .push((number, target.trim_matches(['<', '>']).to_owned()));
            rest = &after[end..];
        }
        let mut rest = line.as_str();
        while let Some(close) = rest.find("][") {
            let after = &rest[close + 2..];
            let Some(end) = after.find(']') else { break };
            found
                .labels_used
                .push((number, after[..end].to_lowercase()));
            rest = &after[end..];
        }
    }
    found
}

/// What is wrong with one link target of `document`, if anything.
fn broken(document: &Path, target: &str) -> Option<String> {
    if target.is_empty() {
        return Some("an empty link target".into());
    }
    if target.contains("://") || target.starts_with("mailto:") {
        return None; // not relative: not this test's business
    }
    let (path, anchor) = match target.split_once('#') {
        Some((path, anchor)) => (path, Some(anchor)),
        None => (target, None),
    };
    let file = if path.is_empty() {
        document.to_path_buf()
    } else {
        document.parent().unwrap().join(path)
    };
    if !file.exists() {
        return Some(format!("{} does not exist", file.display()));
    }
    let anchor = anchor?;
    if file.extension().is_none_or(|ext| ext != "md") {
        return Some(format!(
            "an anchor into {}, which is no Markdown file",
            file.display()
        ));
    }
    let text = fs::read_to_string(&file).unwrap();
    (!anchors(&text).contains(anchor))
        .then(|| format!("{} has no heading with the id #{anchor}", file.display()))
}

#[test]
fn every_relative_link_of_the_documentation_resolves() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for document in documents() {
        let text = fs::read_to_string(&document).unwrap();
        let name = document.strip_prefix(ROOT).unwrap().display().to_string();
        let found = links(&text);
        for (line, target) in &found.targets {
            checked += 1;
            if let Some(problem) = broken(&document, target) {
                problems.push(format!("{name}:{line}: ({target}) {problem}"));
            }
        }
        for (line, label) in &found.labels_used {
            if !found.labels_defined.contains(label) {
                problems.push(format!("{name}:{line}: [{label}] is not defined"));
            }
        }
    }
    assert!(checked > 20, "the link scanner finds the links ({checked})");
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
}

/// The checker itself: it finds a missing file, a missing anchor and an undefined label.
#[test]
fn the_checker_sees_broken_links() {
    let document = Path::new(ROOT).join("README.md");
    assert!(broken(&document, "docs/no-such-guide.md").is_some());
    assert!(broken(&document, "docs/rmcp.md#no-such-heading").is_some());
    assert!(broken(&document, "#coming-from-thiserror").is_none());
    assert!(broken(&document, "docs/rmcp.md#rmcps-own-failures").is_none());
    assert!(broken(&document, "https://example.invalid/x").is_none());
    let found = links("See [a][b] and [c](d.md) and `[e](f)`.\n\n```\n[g](h)\n```\n[b]: x.md\n");
    let targets: Vec<&str> = found.targets.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(targets, ["d.md", "x.md"]);
    assert_eq!(found.labels_used, [(1, "b".to_owned())]);
    assert_eq!(slug("rmcp's own failures"), "rmcps-own-failures");
    assert_eq!(slug("`sys/errorStats`"), "syserrorstats");
    assert_eq!(
        slug("Streamable HTTP, and the official conformance suite"),
        "streamable-http-and-the-official-conformance-suite"
    );
}

/// The README is what a newcomer reads in five minutes; the reference and the guides hold the
/// rest.
#[test]
fn the_readme_stays_short() {
    let readme = fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 250,
        "README.md has {lines} lines; move detail into a guide (docs/)"
    );
}
