"""Every reference of every page works where the site is published: at `/` and under a
sub-path (`/sub/dir/`, as a GitHub Pages project site), served from a folder at that path by a
plain static server.

Two sites: the sample site in Content/, and a repository-style site written the way GitHub
renders a repository (links to `.md` files with fragments, images beside pages, a page bundle,
`_index.md` links). Each is built by the Folio under test (FOLIO_BINARY) with `--base-url`;
every `href`, `src`, `srcset`, `<meta http-equiv=refresh>` target and stylesheet `url()` that
stays on the server is fetched, following redirects: none may fail. The repository-style site
must also build without a single warning.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import subprocess
import tempfile
import threading
import urllib.error
import urllib.parse
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

REPOSITORY_SITE = {
    # The site publishes its SVG images on purpose: listed, so the build warns about none.
    "folio.yaml": "title: Repo\nmenu:\n  - {title: Guide, url: /guide/}\n  - {title: Setup, url: /guide/setup/}\n"
    "static: {activeContent: ['**/*.svg']}\n",
    "Content/_index.md": "# Repo\n\nStart with the [guide](guide/_index.md) or the [trip](posts/trip/index.md).\n",
    "Content/guide/_index.md": "# Guide\n\n- [Setup](setup.md#install)\n- [Usage](usage.md)\n- [Home](../_index.md)\n",
    "Content/guide/setup.md": (
        "---\ntitle: Setup\ntags: [setup]\n---\n## Install\n\nSee [usage](usage.md#run) and [the first post](../posts/first-post.md).\n\n"
        "![map](map.svg)\n\n![diagram](img/diagram.svg)\n\n[The PDF](../files/handout.pdf)\n"
    ),
    "Content/guide/usage.md": "---\nslug: how-to-use\n---\n# Usage\n\n## Run\n\nBack to [setup](./setup.md#install).\n",
    "Content/guide/map.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>\n',
    "Content/guide/img/diagram.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>\n',
    "Content/files/handout.pdf": "%PDF-1.4\n",
    "Content/posts/_index.md": "# Posts\n",
    "Content/posts/first-post.md": "---\ndate: 2026-11-01\naliases: [/old/first/]\n---\n# First post\n\nSee the [trip](trip/index.md).\n",
    "Content/posts/trip/index.md": "---\ndate: 2026-11-02\n---\n# The trip\n\n![route](route.svg)\n\n[Setup](../../guide/setup.md)\n",
    "Content/posts/trip/route.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>\n',
}


def folio_binary() -> str:
    for candidate in (os.environ.get("FOLIO_BINARY"), ROOT / ".build/release/folio", ROOT / ".build/debug/folio"):
        if candidate and Path(candidate).is_file():
            return str(candidate)
    pytest.skip("no folio binary: set FOLIO_BINARY")


class Links(HTMLParser):
    """Collects the references of one HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.references: list[str] = []

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        for name in ("href", "src"):
            if values.get(name):
                self.references.append(values[name])
        if values.get("srcset"):
            self.references += [part.strip().split(" ")[0] for part in values["srcset"].split(",") if part.strip()]
        if tag == "meta" and (values.get("http-equiv") or "").lower() == "refresh":
            match = re.search(r"url=(.+)$", values.get("content") or "", re.IGNORECASE)
            if match:
                self.references.append(match.group(1).strip())


class Server:
    """A plain static server (no rewriting, no Folio) over a folder, on a free loopback port."""

    def __init__(self, folder: Path):
        handler = functools.partial(Quiet, directory=str(folder))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's signature
        pass


def build(source: Path, base_path: str, port_hint: str = "127.0.0.1") -> tuple[Path, str, str]:
    """Builds `source` for `http://127.0.0.1/<base_path>` into a folder at that path; returns the
    served root, the output folder, and what the build printed."""
    www = Path(tempfile.mkdtemp(prefix="folio-crawl-"))
    output = www / base_path.strip("/") if base_path != "/" else www / "site"
    served = www if base_path != "/" else output
    run = subprocess.run(
        [folio_binary(), "build", "--source", str(source), "--output", str(output),
         "--base-url", f"http://{port_hint}{base_path}"],
        capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    return served, str(output), run.stderr


def crawl(served: Path, output: Path, base_path: str) -> tuple[int, int, list[str]]:
    """Fetches every same-server reference of every HTML page; returns pages, references
    fetched and the failures."""
    server = Server(served)
    failures: list[str] = []
    checked: dict[str, bool] = {}
    pages = 0
    try:
        for html in sorted(output.rglob("*.html")):
            if any(part.startswith(".") for part in html.relative_to(output).parts):
                continue
            relative = html.relative_to(output).as_posix()
            page_path = base_path + (relative[: -len("index.html")] if relative.endswith("index.html") else relative)
            page_url = server.origin + page_path
            pages += 1
            parser = Links()
            parser.feed(html.read_text(encoding="utf-8"))
            for reference in parser.references:
                url = urllib.parse.urljoin(page_url, reference)
                if not url.startswith(server.origin):
                    continue  # another host: not this site's to serve
                url = urllib.parse.quote(url.split("#", 1)[0], safe=":/?&=%+,;@!$'()*")
                if url not in checked:
                    checked[url] = fetch(url, failures, f"{page_path} → {reference}")
                    if url.endswith(".css") and checked[url]:
                        for inner in re.findall(r"url\(\s*['\"]?([^'\")]+)", get(url)):
                            if not inner.startswith("data:"):
                                target = urllib.parse.quote(urllib.parse.urljoin(url, inner), safe=":/?&=%+,;@!$'()*")
                                if target.startswith(server.origin) and target not in checked:
                                    checked[target] = fetch(target, failures, f"{url} → url({inner})")
    finally:
        server.close()
    return pages, len(checked), failures


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode("utf-8", "replace")


def fetch(url: str, failures: list[str], origin: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            response.read()
        return True
    except urllib.error.HTTPError as error:
        failures.append(f"{origin}: {error.code} for {url}")
    except urllib.error.URLError as error:
        failures.append(f"{origin}: {error.reason} for {url}")
    return False


def write_repository_site() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="folio-repo-"))
    for path, text in REPOSITORY_SITE.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text, encoding="utf-8")
    return folder


@pytest.mark.parametrize("base_path", ["/", "/sub/dir/"])
def test_every_reference_of_the_sample_site_works(base_path):
    served, output, _ = build(ROOT, base_path)
    pages, references, failures = crawl(served, Path(output), base_path)
    print(f"sample site at {base_path}: {pages} pages, {references} references, {len(failures)} failures")
    assert pages > 20
    assert failures == []


@pytest.mark.parametrize("base_path", ["/", "/sub/dir/"])
def test_a_repository_style_site_builds_cleanly_and_every_reference_works(base_path):
    source = write_repository_site()
    served, output, printed = build(source, base_path)
    assert "warning" not in printed, printed
    assert "error" not in printed, printed
    pages, references, failures = crawl(served, Path(output), base_path)
    print(f"repository site at {base_path}: {pages} pages, {references} references, {len(failures)} failures")
    assert failures == []
    # The bundle is one page with its image beside it; the .md links became page URLs.
    assert (Path(output) / "posts/trip/index.html").is_file()
    assert (Path(output) / "posts/trip/route.svg").is_file()
    setup = (Path(output) / "guide/setup/index.html").read_text(encoding="utf-8")
    prefix = base_path
    assert f'href="{prefix}guide/how-to-use/#run"' in setup
    assert f'href="{prefix}posts/first-post/"' in setup
    assert f'src="{prefix}guide/map.svg"' in setup
