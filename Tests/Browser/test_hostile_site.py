"""A site with XSS vectors in every author-controlled field (hostile_site.py), built by the
Folio under test and loaded page by page in headless Chromium *without* a CSP (neither a
header nor the pages' own <meta>, which the fixture takes out), so that any
markup the build let through would run: `alert`, `confirm` and `prompt` are trapped before
any script of the page runs, and must never be called; no `href`, `src`, `action` or
`formaction` may lead to `javascript:`, `vbscript:` or an HTML `data:` URL once the browser has
parsed it; no element may carry an event-handler attribute or an inline script. The feeds and
the sitemap must be well-formed XML, and the build's diagnostics must not print control
characters raw.

The folio binary is FOLIO_BINARY (Tests/Browser/run_site.sh sets it), else the release or
debug build in .build/.
"""

from __future__ import annotations

import functools
import http.server
import re
import subprocess
import threading
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from selenium.webdriver.support.ui import WebDriverWait
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

import hostile_site
from conftest import CHROMEDRIVER, _options


# The theme's Content-Security-Policy, as every page carries it.
POLICY = re.compile(rb'<meta http-equiv="Content-Security-Policy" content="[^"]*">')

# Runs before any script of every document and frame: records calls instead of showing dialogs.
TRAP = """
window.__folioTrapped = [];
for (const name of ['alert', 'confirm', 'prompt', 'print']) {
  const trap = function (...args) {
    window.__folioTrapped.push(name + '(' + args.map(String).join(', ') + ')');
    try { if (window.top !== window) window.top.__folioTrapped.push('frame ' + name + '(' + args.join(', ') + ')'); } catch (e) {}
    return name === 'prompt' ? null : name === 'confirm' ? false : undefined;
  };
  Object.defineProperty(window, name, { value: trap, writable: false, configurable: false });
}
"""

# Every URL-valued attribute, read through the DOM after the browser's own parsing: the
# properties (`a.href`, `img.src`, `form.action`, `button.formAction`) are WHATWG-parsed, and
# attributes without a property (SVG `href`, `xlink:href`, `srcset`) are parsed with `new URL`.
SCAN = """
const found = [];
const risky = (url) => {
  const lower = String(url).trim().toLowerCase();
  if (lower.startsWith('javascript:') || lower.startsWith('vbscript:')) return true;
  return lower.startsWith('data:') && !/^data:image\\/(png|gif|jpeg|webp)[;,]/.test(lower);
};
const parsed = (value) => { try { return new URL(value, document.baseURI).href; } catch (e) { return value; } };
let urls = 0;
for (const element of document.querySelectorAll('*')) {
  const tag = element.tagName.toLowerCase();
  for (const attribute of element.attributes) {
    const name = attribute.name.toLowerCase();
    if (name.startsWith('on')) found.push(`${tag} has the handler ${name}="${attribute.value}"`);
    if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc', 'data', 'poster', 'background'].includes(name)) {
      urls += 1;
      const property = { href: 'href', src: 'src', action: 'action', formaction: 'formAction' }[name];
      const value = property && typeof element[property] === 'string' ? element[property] : parsed(attribute.value);
      if (name === 'srcdoc' || risky(value)) found.push(`${tag} ${name}=${JSON.stringify(value)}`);
    }
  }
  if (tag === 'script' && element.type === 'application/ld+json') {
    // A data block the browser never runs (the page's JSON-LD): it must be JSON alone, with no
    // raw '<', so that no title or description can end it and open a script.
    try { JSON.parse(element.textContent); } catch (error) { found.push('JSON-LD that is not JSON'); }
    if (element.textContent.includes('<')) found.push('JSON-LD with a raw <');
  } else if (tag === 'script' && (!element.src || new URL(element.src).origin !== location.origin)) {
    found.push(`script ${element.src ? 'from ' + element.src : 'inline: ' + element.textContent.slice(0, 80)}`);
  }
  if (['iframe', 'object', 'embed', 'frame', 'base'].includes(tag)) found.push(`<${tag}>`);
  if (tag === 'meta' && (element.getAttribute('http-equiv') || '').toLowerCase() === 'refresh') {
    const target = (element.getAttribute('content') || '').replace(/^[^;]*;\\s*url=/i, '');
    if (risky(parsed(target))) found.push(`meta refresh to ${target}`);
  }
}
return { found, urls, trapped: window.__folioTrapped || null, title: document.title };
"""


@pytest.fixture(scope="module")
def hostile(tmp_path_factory, folio):
    """The hostile site, built, served on 127.0.0.1 without a CSP; yields (url, output, stderr)."""
    project = tmp_path_factory.mktemp("hostile")
    hostile_site.write(project)
    output = project / "public"
    build = subprocess.run(
        [folio, "build", "--source", str(project), "--output", str(output)],
        capture_output=True,
        timeout=120,
    )
    stderr = build.stderr.decode("utf-8", "replace")
    assert build.returncode == 0, f"the hostile site did not build:\n{stderr}"
    # Every page carries the theme's policy in a <meta>, which would stop a script that got
    # through; it is taken out here, so that what is tested is the HTML alone.
    for page in output.rglob("*.html"):
        html, count = POLICY.subn(b"", page.read_bytes())
        assert count == 1, f"{page} has {count} policies"
        page.write_bytes(html)
    handler = functools.partial(_QuietHandler, directory=str(output))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", output, stderr
    server.shutdown()
    server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with no CSP (the point is that the HTML alone must be harmless)."""

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="module")
def trapped_driver():
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=_options(javascript=True))
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TRAP})
    yield driver
    driver.quit()


def _pages(output: Path) -> list[str]:
    pages = []
    for path in sorted(output.rglob("*.html")):
        relative = path.relative_to(output).as_posix()
        pages.append("/" + (relative[: -len("index.html")] if relative.endswith("index.html") else relative))
    return pages


def test_the_build_reports_the_dropped_urls_with_escaped_control_characters(hostile):
    _, _, stderr = hostile
    dropped = [line for line in stderr.splitlines() if "was left out:" in line]
    # Each of the five bookmark sources and the menu loses every script URL; the export also
    # its character-reference variants.
    count = len(hostile_site.SCRIPT_URLS)
    assert sum("warning: bookmark" in line for line in dropped) == 5 * count + len(hostile_site.EXPORT_URLS) + 1
    assert sum("warning: menu item" in line for line in dropped) == count
    assert "which XML 1.0 forbids" in stderr
    assert "written without its URL" in stderr
    for control in ("\x00", "\x01", "\x0b", "\x1b", "\x1f"):
        assert control not in stderr, f"a diagnostic printed {control!r} raw"
    assert "\\u{1B}" in stderr


def test_feeds_and_sitemap_are_well_formed_xml(hostile):
    _, output, _ = hostile
    for name in ("atom.xml", "rss.xml", "sitemap.xml"):
        ElementTree.parse(output / name)  # raises on ill-formed XML
    atom = ElementTree.parse(output / "atom.xml").getroot()
    titles = [element.text for element in atom.iter("{http://www.w3.org/2005/Atom}title")]
    assert any(title and '<script>alert("title")</script>' in title for title in titles), titles


# A page the build did not write, to show that the trap and the scan see what they look for.
PROBE = """<!DOCTYPE html><html lang="en"><title>probe</title>
<script>alert('probe')</script><a href=" java&Tab;script:void(0)">a</a><img src="data:text/html,x" alt="">
<div onclick="x"></div>"""


def _load(driver, address: str) -> dict:
    driver.get(address)
    # Deferred scripts (the theme's) have run by the load event; give timers a moment.
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const settle = () => setTimeout(() => done(true), 50);"
        "if (document.readyState === 'complete') settle(); else addEventListener('load', settle, { once: true });"
    )
    return driver.execute_script(SCAN)


def test_the_trap_and_the_scan_catch_a_hostile_page(hostile, trapped_driver):
    url, output, _ = hostile
    (output / "probe.html").write_text(PROBE, encoding="utf-8")
    try:
        result = _load(trapped_driver, url + "/probe.html")
    finally:
        (output / "probe.html").unlink()
    assert result["trapped"] == ["alert(probe)"]
    assert result["found"] == [
        "script inline: alert('probe')",
        'a href="javascript:void(0)"',
        'img src="data:text/html,x"',
        'div has the handler onclick="x"',
    ]


def test_no_page_runs_author_script_or_links_to_a_script_url(hostile, trapped_driver):
    url, output, _ = hostile
    pages = _pages(output)
    assert len(pages) >= 10, pages
    problems = []
    loaded = 0
    urls = 0
    for page in pages:
        result = _load(trapped_driver, url + page)
        assert result["trapped"] is not None, f"{page}: the trap did not run before the page"
        loaded += 1
        urls += result["urls"]
        problems += [f"{page}: called {call}" for call in result["trapped"]]
        problems += [f"{page}: {finding}" for finding in result["found"]]
    print(f"hostile site: {loaded} pages loaded, {urls} URL attributes checked, "
          f"{sum('called' in p for p in problems)} dialog calls trapped")
    assert not problems, "\n".join(problems)


def test_the_vectors_reach_the_pages_as_text(hostile, trapped_driver):
    url, _, _ = hostile
    trapped_driver.get(url + "/posts/hostile/")
    result = trapped_driver.execute_script(SCAN)
    # The title is shown as the author wrote it: escaped, not dropped.
    assert '<script>alert("title")</script>' in result["title"]
    body = trapped_driver.execute_script("return document.body.textContent")
    assert "<img src=x onerror=alert('img')>" in body
    bookmarks = trapped_driver.execute_script(
        "return [...document.querySelectorAll('.folio-bookmarks a')].map((a) => a.href)"
    )
    assert bookmarks and set(bookmarks) == {hostile_site.SAFE_URL}, bookmarks


def test_search_results_show_the_vectors_as_text(hostile, trapped_driver):
    """The search page lists the hostile page with its title and snippet as text: the script
    builds results with textContent, so nothing in them runs (the site is served without a CSP)."""
    url, _, _ = hostile
    trapped_driver.get(url + "/search/?q=script")
    WebDriverWait(trapped_driver, 10).until(
        lambda d: d.execute_script("return document.querySelector('[data-folio-search-status]').textContent !== ''")
    )
    titles = trapped_driver.execute_script(
        "return [...document.querySelectorAll('.folio-search-result-title')].map((a) => a.textContent)"
    )
    assert any('<script>alert("title")</script>' in title for title in titles), titles
    result = trapped_driver.execute_script(SCAN)
    assert result["trapped"] == [], result["trapped"]
    assert not result["found"], result["found"]
    assert not trapped_driver.execute_script(
        "return document.querySelector('.folio-search-results script, .folio-search-results img, "
        ".folio-search-results [onerror]')"
    )
