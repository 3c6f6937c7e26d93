"""Shared fixtures for Folio's browser tests (headless Chromium through Selenium).

Where the site comes from:
- FOLIO_BROWSER_URL: the served site's root (scripts/browser-tests sets it; it is required).
- FOLIO_BROWSER_PAGES: the page manifest, as JSON text or a path to a JSON file. When unset,
  `browser-pages.json` is fetched from the site root. See README.md for its keys.
"""

from __future__ import annotations

import json
import os
import re
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

HERE = Path(__file__).resolve().parent
CHROMIUM = os.environ.get("FOLIO_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("FOLIO_CHROMEDRIVER", "/usr/bin/chromedriver")
WIDTHS = (320, 1200)

# The page's cumulative layout shift so far (from navigation on), reported after half a second
# more: for execute_async_script.
LAYOUT_SHIFT = """
const done = arguments[arguments.length - 1];
let total = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) total += e.value; })
  .observe({type: 'layout-shift', buffered: true});
setTimeout(() => done(total), 500);
"""
HEIGHT = 900

DEFAULT_MANIFEST = {
    "lists": None,
    "readmore": None,
    "bookmarks": None,
    "writing": None,
    "pages": ["/"],
    "listGlyphs": ["・", "•", "-"],
    "listLangs": ["en", "ja"],
    "readmoreKinds": ["short", "long", "inline-1", "inline-2"],
}

# Records CSP violations from the first moment of every document.
CSP_RECORDER = """
window.__folioCSP = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__folioCSP.push(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline')
    + ' at ' + event.sourceFile + ':' + event.lineNumber);
});
"""


@pytest.fixture(scope="session")
def folio() -> str:
    """The folio under test, for the suites that build a site of their own: FOLIO_BINARY
    (Tests/Browser/run_site.sh sets it), else the release or the debug build."""
    given = os.environ.get("FOLIO_BINARY")
    if given:
        return given
    for configuration in ("release", "debug"):
        candidate = HERE.parents[1] / ".build" / configuration / "folio"
        if candidate.exists():
            return str(candidate)
    pytest.fail("no folio binary: set FOLIO_BINARY or run swift build")


_BASE_URL: str | None = None
_MANIFEST: dict | None = None


def base_url() -> str:
    global _BASE_URL
    if _BASE_URL is None:
        url = os.environ.get("FOLIO_BROWSER_URL")
        if not url:
            raise RuntimeError(
                "FOLIO_BROWSER_URL is not set: run the tests through Tests/Browser/run_site.sh (the built"
                " sample site) or scripts/browser-tests SITE_DIR"
            )
        _BASE_URL = url.rstrip("/")
    return _BASE_URL


def manifest() -> dict:
    """The page manifest: which path plays which role, and what the lists must contain."""
    global _MANIFEST
    if _MANIFEST is None:
        raw = os.environ.get("FOLIO_BROWSER_PAGES")
        if raw:
            text = raw if raw.lstrip().startswith("{") else Path(raw).read_text(encoding="utf-8")
        else:
            with urllib.request.urlopen(base_url() + "/browser-pages.json", timeout=10) as response:
                text = response.read().decode("utf-8")
        _MANIFEST = {**DEFAULT_MANIFEST, **json.loads(text)}
    return _MANIFEST


def role_path(role: str) -> str:
    path = manifest().get(role)
    if not path:
        pytest.skip(f"the manifest names no page for {role!r}")
    return path


def _options(javascript: bool) -> Options:
    options = Options()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--hide-scrollbars",
        "--force-color-profile=srgb",
        "--lang=en-US",
        f"--window-size={WIDTHS[-1]},{HEIGHT}",
    ):
        options.add_argument(argument)
    if not javascript:
        options.add_argument("--blink-settings=scriptEnabled=false")
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2}
        )
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return options


def _start(javascript: bool) -> webdriver.Chrome:
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=_options(javascript))
    driver.set_script_timeout(30)
    driver.set_page_load_timeout(30)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CSP_RECORDER})
    return driver


class Browser:
    """One Chromium with helpers for viewport width, media emulation and page loads."""

    def __init__(self, driver: webdriver.Chrome, javascript: bool = True):
        self.driver = driver
        self.javascript = javascript

    def set_width(self, width: int) -> None:
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False},
        )

    def emulate(self, **features: str) -> None:
        """Emulates media features, e.g. emulate(prefers_color_scheme="dark")."""
        self.driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia",
            {"features": [{"name": k.replace("_", "-"), "value": v} for k, v in features.items()]},
        )

    def open(self, path: str, width: int | None = None) -> None:
        if width is not None:
            self.set_width(width)
        self.driver.get(base_url() + path)
        if self.javascript:
            # Wait for deferred scripts, web fonts and one frame of layout.
            self.driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "const settle = () => document.fonts.ready.then(() =>"
                "  requestAnimationFrame(() => requestAnimationFrame(() => done(true))));"
                "if (document.readyState === 'complete') settle();"
                "else addEventListener('load', settle, { once: true });"
            )

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def _is_default_icon_request(self, message: str) -> bool:
        """Whether `message` is about Chromium's own request for `/favicon.ico` at the server's
        root while the page declares an icon of its own: the browser, not the page, asked for it
        (seen once in CI under load, for one page of 300). Without such a link the 404 stays a
        problem, since every browser would then ask for it."""
        url = message.split(" ", 1)[0]
        if not re.fullmatch(r"https?://[^/]+/favicon\.ico", url):
            return False
        return re.search(r"<link[^>]*\brel=\"?icon\b", self.driver.page_source) is not None

    def problems(self) -> list[str]:
        """Console errors and CSP violations since the last call."""
        found = []
        for entry in self.driver.get_log("browser"):
            message = entry.get("message", "")
            if self._is_default_icon_request(message):
                continue
            if entry.get("level") == "SEVERE" or "Content Security Policy" in message:
                found.append(f"console {entry.get('level')}: {message}")
        if self.javascript:
            try:
                found += [f"CSP: {v}" for v in (self.js("return window.__folioCSP || []") or [])]
            except Exception:  # noqa: BLE001 - a page in the middle of unloading
                pass
        return found


@pytest.fixture(scope="session")
def browser():
    driver = _start(javascript=True)
    yield Browser(driver)
    driver.quit()


@pytest.fixture(scope="session")
def nojs_browser():
    driver = _start(javascript=False)
    yield Browser(driver, javascript=False)
    driver.quit()


@pytest.fixture(autouse=True)
def no_console_errors(request):
    """Fails any test during which a page logged an error or broke the CSP."""
    browsers = [request.getfixturevalue(name) for name in ("browser", "nojs_browser") if name in request.fixturenames]
    for b in browsers:
        b.problems()
    yield
    for b in browsers:
        problems = b.problems()
        assert not problems, "browser reported:\n" + "\n".join(problems)
        b.emulate()
        b.set_width(WIDTHS[-1])


def pytest_report_header(config):
    return [f"folio browser tests: {base_url()}"]
