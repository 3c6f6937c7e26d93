#!/usr/bin/env python3
"""The weight of one built page: its HTML, and the CSS and JS it loads, raw and compressed.

    python3 Benchmarks/page-weight.py SITE_DIR PAGE [--observe] [--label NAME]
    python3 Benchmarks/page-weight.py /tmp/public /docs/configuration/ --observe
    python3 Benchmarks/page-weight.py /tmp/material/site /configuration/ --observe --label Material

The page's `<link rel="stylesheet">`, `<link rel="preload|modulepreload">` of a style or script,
and `<script src>` are read from SITE_DIR/PAGE/index.html (relative URLs resolved against the
page), each file counted once, and compressed one by one as a server would: gzip level 9 and,
when the `brotli` module is importable (PyPI `brotli`), Brotli quality 11. URLs on another
host are listed and not counted (nothing here can fetch them).

--observe also loads the page in headless Chromium (the browser venv: bash scripts/browser-env),
served by Tests/Browser/serve.py without the CSP header, waits for the load and two quiet
seconds, and lists every other file the server sent: icons, and what scripts fetch on load by
themselves (Material's search worker and its index). Anything fetched only on a
click or a keystroke is not in either list; the notes in Benchmarks/RESULTS.md say what is.
The budget of issue 31: the default theme's CSS + JS for a docs page at most 40 KiB gzip
(Tests/Browser/test_page_weight.py holds it).
"""

from __future__ import annotations

import argparse
import gzip
import html.parser
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

try:
    import brotli  # type: ignore
except ImportError:  # Brotli figures are left out
    brotli = None

ROOT = Path(__file__).resolve().parent.parent


class Assets(html.parser.HTMLParser):
    """Collects the stylesheets and scripts a page names, in document order."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []  # (kind, url)

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        rel = a.get("rel", "").lower().split()
        if tag == "link" and "stylesheet" in rel and a.get("href"):
            self.found.append(("css", a["href"]))
        elif tag == "link" and ("preload" in rel or "modulepreload" in rel) and a.get("href"):
            kind = "css" if a.get("as") == "style" else "js"
            if "modulepreload" in rel or a.get("as") in ("script", "style"):
                self.found.append((kind, a["href"]))
        elif tag == "script" and a.get("src"):
            self.found.append(("js", a["src"]))


def sizes(data: bytes) -> tuple[int, int, int | None]:
    return len(data), len(gzip.compress(data, 9, mtime=0)), (len(brotli.compress(data, quality=11)) if brotli else None)


def local_file(site: Path, page: str, url: str) -> Path | None:
    """The file under SITE that URL names from PAGE, or None for another host."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme or parts.netloc:
        if parts.netloc not in ("", "127.0.0.1", "localhost"):
            return None
    path = urllib.parse.urljoin(page, urllib.parse.unquote(parts.path))
    return site / path.lstrip("/")


def observe(site: Path, page: str) -> list[str]:
    """Paths the server sent while Chromium loaded PAGE and stayed two quiet seconds on it."""
    venv_python = ROOT / ".venv" / "bin" / "python"
    script = r"""
import sys, time
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
o = Options(); o.binary_location = "/usr/bin/chromium"
for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
          "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"):
    o.add_argument(a)
d = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=o)
try:
    d.set_page_load_timeout(30)
    d.get(sys.argv[1])
    time.sleep(2)
finally:
    d.quit()
"""
    with tempfile.TemporaryDirectory(prefix="page-weight-") as tmp:
        port_file = Path(tmp) / "port"
        log = open(Path(tmp) / "log", "w+")
        env = {**os.environ, "FOLIO_SERVE_CSP": "none", "FOLIO_SERVE_LOG": "1"}
        server = subprocess.Popen(
            [sys.executable, str(ROOT / "Tests" / "Browser" / "serve.py"), str(site), "--port", "0", "--port-file", str(port_file)],
            env=env, stderr=log,
        )
        try:
            for _ in range(200):
                if port_file.exists():
                    break
                time.sleep(0.05)
            url = f"http://127.0.0.1:{port_file.read_text()}{page}"
            subprocess.run([str(venv_python), "-c", script, url], check=True)
        finally:
            server.terminate()
            server.wait()
        log.seek(0)
        paths = re.findall(r'"GET (\S+) HTTP/[\d.]+" 200', log.read())
    seen: list[str] = []
    for path in paths:
        path = urllib.parse.urlsplit(path).path
        if path not in seen:
            seen.append(path)
    return seen


def kib(n: int | None) -> str:
    return "–" if n is None else f"{n / 1024:.1f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("page", help="the page's path, e.g. /docs/configuration/")
    parser.add_argument("--observe", action="store_true", help="also list what the page's scripts fetch on load")
    parser.add_argument("--label", default="")
    args = parser.parse_args()
    site = args.site.resolve()
    page = args.page if args.page.endswith((".html", "/")) else args.page + "/"
    html_file = site / page.lstrip("/") / ("index.html" if page.endswith("/") else "")
    html_bytes = html_file.read_bytes()
    collector = Assets()
    collector.feed(html_bytes.decode("utf-8", "replace"))

    rows, external, counted = [], [], set()
    for kind, url in collector.found:
        file = local_file(site, page, url)
        if file is None:
            external.append(url)
            continue
        if file in counted:
            continue
        counted.add(file)
        rows.append((kind, "/" + str(file.relative_to(site)), *sizes(file.read_bytes())))

    title = f"{args.label + ': ' if args.label else ''}{page} in {site}"
    print(f"## {title}\n")
    print("| file | kind | raw KiB | gzip -9 KiB | brotli KiB |")
    print("|---|---|---:|---:|---:|")
    print(f"| {page} (HTML) | html | {kib(len(html_bytes))} | {kib(sizes(html_bytes)[1])} | {kib(sizes(html_bytes)[2])} |")
    for kind, name, raw, gz, br in rows:
        print(f"| {name} | {kind} | {kib(raw)} | {kib(gz)} | {kib(br)} |")
    for kind in ("css", "js"):
        picked = [r for r in rows if r[0] == kind]
        total_br = None if brotli is None else sum(r[4] for r in picked)
        print(f"| **all {kind.upper()}** ({len(picked)} files) | {kind} | {kib(sum(r[2] for r in picked))} | "
              f"{kib(sum(r[3] for r in picked))} | {kib(total_br)} |")
    total_br = None if brotli is None else sum(r[4] for r in rows)
    print(f"| **CSS + JS** | | **{kib(sum(r[2] for r in rows))}** | **{kib(sum(r[3] for r in rows))}** | **{kib(total_br)}** |")
    if external:
        print("\nOn other hosts, not counted: " + ", ".join(external))

    if args.observe:
        named = {"/" + str(local_file(site, page, u).relative_to(site)) for _, u in collector.found if local_file(site, page, u)}
        fetched = observe(site, page)
        extra = [p for p in fetched if p not in named and p.rstrip("/") != page.rstrip("/") and p != page]
        print("\nAlso fetched on load (icons, and what the page's scripts fetch by themselves):\n")
        if not extra:
            print("(nothing)")
        else:
            print("| file | raw KiB | gzip -9 KiB | brotli KiB |")
            print("|---|---:|---:|---:|")
            for path in extra:
                file = site / urllib.parse.unquote(path).lstrip("/")
                if file.is_dir():
                    file = file / "index.html"
                if file.is_file():
                    raw, gz, br = sizes(file.read_bytes())
                    print(f"| {path} | {kib(raw)} | {kib(gz)} | {kib(br)} |")
                else:
                    print(f"| {path} | ? | ? | ? |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
