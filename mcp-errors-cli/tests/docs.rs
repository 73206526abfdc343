//! `mcp-errors docs`: the reference of the worked fleet and of the example server's catalog
//! (pages, anchors, retired codes, what each error shows), the hostile catalog escaped in both
//! formats, and bad input as one line with exit 2. `.ci/reference.sh` opens the same pages in
//! headless Chromium.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn mcp_errors(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcp-errors"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run mcp-errors")
}

/// A fresh output directory for one test, removed on drop.
struct Out(PathBuf);

impl Out {
    fn new(tag: &str) -> Out {
        let dir =
            std::env::temp_dir().join(format!("mcp-errors-docs-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Out(dir)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }

    fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.0.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Out {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn ok(out: &Output) {
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_fleet_gets_an_index_and_a_page_per_domain() {
    let out = Out::new("fleet");
    ok(&mcp_errors(&[
        "docs",
        "--fleet",
        "examples/fleet/fleet.toml",
        "--out",
        out.path(),
    ]));
    let names = out.names();
    for page in [
        "index.html",
        "common.html",
        "python.html",
        "playwright.html",
        "puppeteer.html",
        "tavily.html",
    ] {
        assert!(names.iter().any(|n| n == page), "{page} missing: {names:?}");
    }
    let index = out.read("index.html");
    assert!(index.contains("<title>acme errors</title>"), "{index}");
    assert!(index.contains("<a href=\"playwright.html\">playwright</a>"));
    assert!(index.contains("<td>2100–2199</td>"));
    assert!(index.contains("browser-team"));
    // The index's table of every code links each to its anchor.
    assert!(
        index.contains("<a href=\"python.html#E_PY_EXEC_FAIL\">"),
        "{index}"
    );

    let python = out.read("python.html");
    let at = python
        .find("<section class=\"error\" id=\"E_PY_EXEC_FAIL\">")
        .expect("an anchor per symbol");
    let section = &python[at..python[at..].find("</section>").unwrap() + at];
    assert!(
        section.contains("<dt>Kind</dt><dd>internal</dd>"),
        "{section}"
    );
    assert!(section.contains("<dt>Retryable</dt><dd>no</dd>"));
    assert!(section.contains("<dt>Channel</dt><dd>tool error (isError result)</dd>"));
    assert!(section.contains("<dt>Message</dt><dd><code>Execution failed: {reason}</code></dd>"));
    assert!(
        section.contains("<td><code>reason</code></td>"),
        "{section}"
    );
    // No script, no resource from the network.
    for page in names.iter().map(|n| out.read(n)) {
        assert!(!page.contains("<script"));
        assert!(!page.contains("src="));
        assert!(!page.contains("<link"));
        assert!(
            page.contains(
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            )
        );
    }
}

#[test]
fn retired_codes_are_listed_as_retired() {
    let out = Out::new("retired");
    ok(&mcp_errors(&[
        "docs",
        "--fleet",
        "examples/fleet/fleet.toml",
        "--out",
        out.path(),
    ]));
    let page = out.read("puppeteer.html");
    let at = page
        .find("<section id=\"retired\">")
        .expect("a retired section");
    assert!(
        page[at..].contains("<li>2250 (retired)</li>"),
        "{}",
        &page[at..]
    );
    // A domain that retired nothing has no such section.
    assert!(!out.read("tavily.html").contains("id=\"retired\""));
}

#[test]
fn a_catalog_gets_its_domains_and_aliases_as_anchors() {
    let out = Out::new("catalog");
    ok(&mcp_errors(&[
        "docs",
        "--catalog",
        "examples/mcp_server/clients/catalog.json",
        "--out",
        out.path(),
        "--title",
        "example",
    ]));
    assert_eq!(
        out.names(),
        [
            "common.html",
            "filesystem.html",
            "index.html",
            "jsonrpc.html",
            "playwright.html",
            "session.html"
        ]
    );
    let jsonrpc = out.read("jsonrpc.html");
    assert!(jsonrpc.contains("id=\"INVALID_PARAMS\""));
    assert!(jsonrpc.contains("<dt>Channel</dt><dd>JSON-RPC error</dd>"));
    // A doc comment's paragraphs stay paragraphs.
    assert!(
        jsonrpc.contains("<p>Parse error</p>\n<p>Invalid JSON was received by the server.</p>"),
        "{jsonrpc}"
    );
}

#[test]
fn markdown_pages_have_anchors_and_escaped_text() {
    let out = Out::new("md");
    ok(&mcp_errors(&[
        "docs",
        "--fleet",
        "examples/fleet/fleet.toml",
        "--format",
        "markdown",
        "--out",
        out.path(),
    ]));
    let python = out.read("python.md");
    assert!(
        python.contains("<a id=\"E_PY_EXEC_FAIL\"></a>\n\n## E\\_PY\\_EXEC\\_FAIL \\(2000\\)"),
        "{python}"
    );
    assert!(python.contains("- Message: `Execution failed: {reason}`"));
    let index = out.read("index.md");
    assert!(index.contains("[playwright](playwright.md)"));
    assert!(out.read("puppeteer.md").contains("- 2250 \\(retired\\)"));
}

#[test]
fn hostile_text_is_escaped_in_both_formats() {
    let html = Out::new("hostile-html");
    ok(&mcp_errors(&[
        "docs",
        "--catalog",
        "tests/reference/hostile.json",
        "--out",
        html.path(),
    ]));
    // The domain `evil<b>` gets a page name that is safe as a file and a link.
    assert_eq!(html.names(), ["evil~3Cb~3E.html", "index.html"]);
    let page = html.read("evil~3Cb~3E.html");
    assert!(!page.contains("<script"), "{page}");
    assert!(!page.contains("<img"));
    assert!(page.contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;"));
    // A doc URL's quote cannot end the attribute.
    assert!(page.contains(
        "href=\"https://x.dev/&quot;&gt;&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;\""
    ));
    // A doc URL that is not http(s) is refused when the catalog is read: one line, exit 2.
    let catalog = std::fs::read_to_string(root().join("tests/reference/hostile.json"))
        .unwrap()
        .replace("https://x.dev/", "javascript:x/");
    let bad = Out::new("hostile-scheme");
    std::fs::create_dir_all(bad.path()).unwrap();
    let path = Path::new(bad.path()).join("scheme.json");
    std::fs::write(&path, catalog).unwrap();
    let out = mcp_errors(&[
        "docs",
        "--catalog",
        path.to_str().unwrap(),
        "--out",
        bad.path(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(".docUrl: \"E_EVIL\": a doc URL must start with `https://` or `http://`"),
        "{err}"
    );

    let md = Out::new("hostile-md");
    ok(&mcp_errors(&[
        "docs",
        "--catalog",
        "tests/reference/hostile.json",
        "--format",
        "md",
        "--out",
        md.path(),
    ]));
    let page = md.read("evil~3Cb~3E.md");
    // Raw `<script` only inside code spans (between backticks), which render as text.
    for line in page.lines() {
        for (i, part) in line.split('`').enumerate() {
            assert!(
                i % 2 == 1 || !part.replace("\\<", "").contains("<script"),
                "{line}"
            );
        }
    }
    assert!(page.contains("\\<script\\>"));
    assert!(page.contains("<a id=\"E_&quot;EVIL&#39;\"></a>"), "{page}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let out = Out::new("bad");
    for (args, wanted) in [
        (
            vec![
                "docs",
                "--catalog",
                "tests/reference/no-such.json",
                "--out",
                out.path(),
            ],
            "tests/reference/no-such.json: cannot read:",
        ),
        (
            vec!["docs", "--catalog", "Cargo.toml", "--out", out.path()],
            "Cargo.toml",
        ),
        (
            vec![
                "docs",
                "--fleet",
                "examples/fleet/broken/no-such.toml",
                "--out",
                out.path(),
            ],
            "cannot read",
        ),
        (
            vec![
                "docs",
                "--catalog",
                "tests/reference/hostile.json",
                "--format",
                "pdf",
                "--out",
                out.path(),
            ],
            "docs: unknown format \"pdf\" (one of: html, markdown, md; any case)",
        ),
    ] {
        let result = mcp_errors(&args);
        let err = String::from_utf8_lossy(&result.stderr);
        assert_eq!(result.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("mcp-errors: "), "{err}");
        assert!(err.contains(wanted), "{args:?}: {err}");
    }
    // Neither --catalog nor --fleet is a usage error.
    let result = mcp_errors(&["docs", "--out", out.path()]);
    assert_eq!(result.status.code(), Some(2));
}

/// A fleet's `doc_url` template reaches every error without its own; a domain's wins over the
/// fleet's; a bad template is one line, exit 2.
#[test]
fn fleet_doc_url_templates_fill_errors_without_their_own() {
    let src = Out::new("fleet-doc-url-src");
    std::fs::create_dir_all(&src.0).unwrap();
    let fleet = "[fleet]\nname = \"t\"\ndoc_url = \"https://errors.t.dev/{domain}#{symbol}\"\n\
        [[domain]]\nname = \"python\"\nrange = [2000, 2099]\ncatalog = \"py.toml\"\n\
        [[domain]]\nname = \"node\"\nrange = [2100, 2199]\ncatalog = \"node.toml\"\n\
        doc_url = \"https://node.t.dev/{code}\"\n";
    std::fs::write(src.0.join("fleet.toml"), fleet).unwrap();
    std::fs::write(
        src.0.join("py.toml"),
        "domain = \"python\"\n[[error]]\ncode = 2000\nsymbol = \"E_PY_A\"\nmessage = \"a\"\n\
         [[error]]\ncode = 2001\nsymbol = \"E_PY_B\"\nmessage = \"b\"\n\
         doc_url = \"https://own.t.dev/b\"\n",
    )
    .unwrap();
    std::fs::write(
        src.0.join("node.toml"),
        "domain = \"node\"\n[[error]]\ncode = 2100\nsymbol = \"E_NODE_A\"\nmessage = \"a\"\n",
    )
    .unwrap();
    let out = Out::new("fleet-doc-url");
    let fleet_path = src.0.join("fleet.toml");
    ok(&mcp_errors(&[
        "docs",
        "--fleet",
        fleet_path.to_str().unwrap(),
        "--out",
        out.path(),
    ]));
    let python = out.read("python.html");
    assert!(
        python.contains("href=\"https://errors.t.dev/python#E_PY_A\""),
        "{python}"
    );
    assert!(python.contains("href=\"https://own.t.dev/b\""), "{python}");
    assert!(!python.contains("errors.t.dev/python#E_PY_B"), "{python}");
    let node = out.read("node.html");
    assert!(node.contains("href=\"https://node.t.dev/2100\""), "{node}");

    std::fs::write(
        &fleet_path,
        fleet.replace("{domain}#{symbol}", "{domain}#{name}"),
    )
    .unwrap();
    let bad = Out::new("fleet-doc-url-bad");
    let run = mcp_errors(&[
        "docs",
        "--fleet",
        fleet_path.to_str().unwrap(),
        "--out",
        bad.path(),
    ]);
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8(run.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("fleet.toml:3:11: error: unknown placeholder `{name}`"),
        "{err}"
    );
}
