#!/usr/bin/env python3
"""Checks a reference written by `mcp-errors docs`, as a browser sees it.

  check_site.py urls SITE CATALOG...   every doc URL the catalogs carry resolves to an element
  check_site.py inert SITE             no catalog text became markup (the hostile catalog's site)
  check_site.py inert-md SITE          the same for Markdown pages, rendered by markdown-it
  check_site.py shot PAGE PNG          a phone-sized screenshot of PAGE

Pages are opened in headless Chromium (`CHROMIUM`, default /usr/bin/chromium) and read back
with `--dump-dom`: the DOM after parsing, so what counts is what a browser built, not the
bytes. A doc URL `https://HOST/.../PAGE#SYMBOL` (or `PAGE.html#SYMBOL`) names the file
`SITE/PAGE.html` and the element whose id is SYMBOL (as a site served with clean URLs
answers it). Exits 1 on a failed check, printing one line per failure.
"""

import json
import os
import subprocess
import sys
import urllib.parse
from html.parser import HTMLParser

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]


def dump_dom(path):
    url = "file://" + urllib.parse.quote(os.path.abspath(path))
    out = subprocess.run(
        [CHROMIUM, *FLAGS, "--dump-dom", url],
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return out.stdout


class Dom(HTMLParser):
    """Ids, element names, attributes and text of a document."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = set()
        self.tags = []
        self.attrs = []
        self.text = []
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        for name, value in attrs:
            self.attrs.append((tag, name, value or ""))
            if name == "id":
                self.ids.add(value)
        self._in_title = tag == "title"

    def handle_endtag(self, tag):
        if tag == "title":
            self._in_title = False

    def handle_data(self, data):
        self.text.append(data)
        if self._in_title:
            self.title += data


def parse(html):
    dom = Dom()
    dom.feed(html)
    return dom


def doc_urls(catalog_path):
    with open(catalog_path, encoding="utf-8") as f:
        catalog = json.load(f)
    for en in catalog["enums"]:
        for entry in en["entries"]:
            if entry.get("docUrl"):
                yield entry["symbol"], entry["docUrl"]


def check_urls(site, catalogs):
    failures = []
    wanted = []
    for catalog in catalogs:
        wanted.extend(doc_urls(catalog))
    if not wanted:
        failures.append(f"no doc URL in {', '.join(catalogs)}: nothing to check")
    pages = {}
    for symbol, url in wanted:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https"):
            failures.append(f"{symbol}: {url}: not an http(s) URL")
            continue
        last = urllib.parse.unquote(parts.path.rstrip("/").rsplit("/", 1)[-1])
        if last.endswith(".html"):
            last = last[: -len(".html")]
        page = os.path.join(site, last + ".html")
        if not os.path.isfile(page):
            failures.append(f"{symbol}: {url}: no page {page}")
            continue
        if page not in pages:
            pages[page] = parse(dump_dom(page))
        fragment = urllib.parse.unquote(parts.fragment)
        if not fragment:
            failures.append(f"{symbol}: {url}: no #fragment naming an element")
        elif fragment not in pages[page].ids:
            failures.append(f"{symbol}: {url}: no element with id {fragment!r} on {page}")
    print(f"{len(wanted)} doc URLs on {len(pages)} pages")
    return failures


def inert(dom, where):
    """What a hostile catalog must not have made of a page."""
    failures = []
    if "script" in dom.tags:
        failures.append(f"{where}: a <script> element")
    for tag, name, value in dom.attrs:
        if name.startswith("on"):
            failures.append(f"{where}: an event handler attribute {name} on <{tag}>")
        if name in ("href", "src") and value.strip().lower().startswith("javascript:"):
            failures.append(f"{where}: a javascript: {name} on <{tag}>")
    if "img" in dom.tags:
        failures.append(f"{where}: an <img> element")
    if dom.title.strip() == "pwned":
        failures.append(f"{where}: the title was changed: {dom.title!r}")
    return failures


def check_inert(site):
    failures = []
    shown = False
    names = sorted(n for n in os.listdir(site) if n.endswith(".html"))
    for name in names:
        dom = parse(dump_dom(os.path.join(site, name)))
        failures += inert(dom, name)
        shown = shown or any("<script>" in t for t in dom.text)
    if not names:
        failures.append(f"{site}: no page")
    if not shown:
        failures.append(f"{site}: the text <script> is shown on no page (was it dropped?)")
    print(f"{len(names)} HTML pages read back")
    return failures


def check_inert_markdown(site):
    from markdown_it import MarkdownIt  # installed by .ci/reference.sh

    md = MarkdownIt("commonmark", {"html": True}).enable("table")
    failures = []
    shown = False
    names = sorted(n for n in os.listdir(site) if n.endswith(".md"))
    for name in names:
        with open(os.path.join(site, name), encoding="utf-8") as f:
            dom = parse(md.render(f.read()))
        failures += inert(dom, name)
        # The only raw HTML the writer emits: <a id="..."> anchors.
        for tag in dom.tags:
            if tag not in ("a", "p", "h1", "h2", "ul", "li", "code", "table", "thead", "tbody",
                           "tr", "th", "td", "hr"):
                failures.append(f"{name}: an unexpected <{tag}> element")
        shown = shown or any("<script>" in t for t in dom.text)
    if not names:
        failures.append(f"{site}: no page")
    if not shown:
        failures.append(f"{site}: the text <script> is shown on no page (was it dropped?)")
    print(f"{len(names)} Markdown pages rendered")
    return failures


def shot(page, png):
    subprocess.run(
        [CHROMIUM, *FLAGS, "--hide-scrollbars", "--window-size=412,1400",
         f"--screenshot={os.path.abspath(png)}", "file://" + urllib.parse.quote(os.path.abspath(page))],
        check=True,
        capture_output=True,
        timeout=60,
    )
    with open(png, "rb") as f:
        head = f.read(8)
    if head != b"\x89PNG\r\n\x1a\n" or os.path.getsize(png) < 10_000:
        return [f"{png}: not a screenshot ({os.path.getsize(png)} bytes)"]
    return []


def main(argv):
    command, *rest = argv
    if command == "urls":
        failures = check_urls(rest[0], rest[1:])
    elif command == "inert":
        failures = check_inert(rest[0])
    elif command == "inert-md":
        failures = check_inert_markdown(rest[0])
    elif command == "shot":
        failures = shot(rest[0], rest[1])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for failure in failures:
        print("FAIL", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
