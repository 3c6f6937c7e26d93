"""The weight budget of issue 31: a docs page's CSS + JS at most 40 KiB gzip-compressed.

The page is the manifest's `docs` role, or its `code` role (the sample site's /docs/markdown/,
the docs page with the most components) when there is no `docs`. What counts is every
stylesheet and script the page loads: those its HTML names and any a script adds after the
load (the browser's resource timing), each once, fetched from the served site and compressed
one by one with gzip level 9 as a server would. Benchmarks/page-weight.py gives the same
figures file by file, beside MkDocs Material's (Benchmarks/RESULTS.md).
"""

from __future__ import annotations

import gzip
import urllib.request

from conftest import base_url, manifest, role_path

BUDGET = 40 * 1024

ASSETS = """
const urls = new Set();
for (const e of document.querySelectorAll('link[rel~="stylesheet"][href], script[src]')) urls.add(e.href || e.src);
for (const e of performance.getEntriesByType('resource')) {
  if (/\\.(css|js|mjs)(\\?|#|$)/.test(new URL(e.name).pathname) || ['script', 'css', 'link'].includes(e.initiatorType)) urls.add(e.name);
}
return Array.from(urls).filter((u) => new URL(u).origin === location.origin && /\\.(css|m?js)$/.test(new URL(u).pathname));
"""


def test_docs_page_css_and_js_within_budget(browser, capsys):
    path = (manifest().get("docs") or {}).get("page") or role_path("code")
    browser.open(path, width=1280)
    urls = sorted(browser.js(ASSETS))
    assert any(u.endswith(".css") for u in urls), f"{path} loads no stylesheet: the page did not render as themed"
    rows = []
    for url in urls:
        with urllib.request.urlopen(url, timeout=10) as response:
            data = response.read()
        rows.append((url.removeprefix(base_url()), len(data), len(gzip.compress(data, 9, mtime=0))))
    raw = sum(r[1] for r in rows)
    compressed = sum(r[2] for r in rows)
    report = "\n".join(f"  {name}: {size} B, {gz} B gzip" for name, size, gz in rows)
    with capsys.disabled():
        print(f"\npage weight {path}: CSS + JS {raw / 1024:.1f} KiB, {compressed / 1024:.1f} KiB gzip -9"
              f" (budget {BUDGET // 1024} KiB), {len(rows)} files")
    assert compressed <= BUDGET, (
        f"{path} loads {compressed / 1024:.1f} KiB of CSS + JS gzip-compressed, over the {BUDGET // 1024} KiB"
        f" budget of issue 31:\n{report}"
    )
