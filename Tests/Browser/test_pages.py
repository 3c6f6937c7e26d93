"""Every page: axe-core finds no violations, and nothing breaks the CSP or logs an error."""

from __future__ import annotations

import re
import urllib.parse
from html.parser import HTMLParser
import urllib.request

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

import serve
from conftest import WIDTHS, base_url, manifest, role_path

# (width, colour scheme): narrow and wide in light, wide in dark.
class _InlineFinder(HTMLParser):
    """Finds inline styles and scripts in real tags (not in escaped text such as docs that
    mention `style=` or `javascript:`)."""

    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        names = dict(attrs)
        if tag == "style":
            self.found.append("<style>")
        # A JSON-LD block is data (HTML's "data block"): never run, so no CSP concern.
        if tag == "script" and not names.get("src") and names.get("type") != "application/ld+json":
            self.found.append("<script> without src")
        for name, value in attrs:
            if name == "style" or name.startswith("on"):
                self.found.append(f"{tag} {name}=")
            if name in ("href", "src", "action", "formaction") and (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"{tag} {name}={value}")


def _inline_code(html):
    finder = _InlineFinder()
    finder.feed(html)
    return finder.found
VIEWS = [(WIDTHS[0], "light"), (WIDTHS[-1], "light"), (WIDTHS[-1], "dark")]


def _pages():
    return manifest()["pages"]


def axe_violations(browser) -> list:
    axe = Axe(browser.driver)
    axe.inject()
    results = axe.run()
    return results["violations"]


def assert_no_violations(browser, where: str) -> None:
    violations = axe_violations(browser)
    assert not violations, f"{where}\n" + Axe(browser.driver).report(violations)


@pytest.mark.parametrize("width,scheme", VIEWS, ids=[f"{w}-{s}" for w, s in VIEWS])
@pytest.mark.parametrize("path", _pages())
def test_axe_finds_no_violations(browser, path, width, scheme):
    browser.emulate(prefers_color_scheme=scheme)
    browser.open(path, width)
    assert_no_violations(browser, f"{path} at {width}px, {scheme}")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_enhanced_components_in_use(browser, scheme):
    """The states the scripts create: expanded read-more, selected and sorted bookmarks."""
    browser.emulate(prefers_color_scheme=scheme)
    browser.open(role_path("readmore"), WIDTHS[-1])
    browser.js(
        "document.querySelectorAll('.folio-readmore-toggle:not([hidden])').forEach((b, i) => { if (i % 2 === 0) b.click(); })"
    )
    assert_no_violations(browser, f"read-more, some expanded ({scheme})")

    browser.open(role_path("bookmarks"), WIDTHS[-1])
    browser.js("localStorage.clear()")
    figure = browser.driver.find_element(By.CSS_SELECTOR, "figure.folio-bookmarks")
    cells = figure.find_elements(By.CSS_SELECTOR, "tbody > tr[data-url] > td:last-child")
    browser.js("arguments[0].scrollIntoView({block: 'center'})", figure)
    cells[0].click()
    figure.find_element(By.CSS_SELECTOR, "thead th button").click()
    browser.js(
        "Object.defineProperty(navigator, 'clipboard', {configurable: true, value: {"
        "  writeText: () => Promise.reject(new Error('denied'))}});"
    )
    figure.find_element(By.CSS_SELECTOR, ".folio-bookmarks-copy").click()
    assert_no_violations(browser, f"bookmarks, selected, sorted, copy fallback shown ({scheme})")


@pytest.mark.parametrize("path", _pages())
def test_page_loads_without_csp_violations_or_errors(browser, path):
    browser.open(path, WIDTHS[-1])
    problems = browser.problems()
    assert not problems, "\n".join(problems)
    # Every stylesheet and script came from the site itself and applied.
    loaded = browser.js(
        "return {sheets: Array.from(document.styleSheets).map((s) => s.href),"
        " scripts: Array.from(document.scripts).filter((s) => s.type !== 'application/ld+json').map((s) => s.src)}"
    )
    assert loaded["sheets"], "no stylesheet applied"
    assert all((src or "").startswith(base_url()) for src in loaded["sheets"] + loaded["scripts"]), loaded
    # The served HTML itself has no inline style or script (the scripts may set CSSOM later).
    with urllib.request.urlopen(base_url() + urllib.parse.quote(path), timeout=10) as response:
        html = response.read().decode("utf-8")
    found = _inline_code(html)
    assert not found, f"inline style or script: {found}"


def test_server_sends_the_csp_header():
    """The header serve.py sends, or none at all under FOLIO_SERVE_CSP=none (only the pages'
    <meta> policy then applies: test_meta_csp.py)."""
    with urllib.request.urlopen(base_url() + _pages()[0], timeout=10) as response:
        assert response.headers.get("Content-Security-Policy") == serve.header_policy()


def test_skip_link_reaches_main(browser):
    browser.open(_pages()[0], WIDTHS[0])
    link = browser.driver.find_element(By.CSS_SELECTOR, "a.skip-link")
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    ActionChains(browser.driver).send_keys(Keys.TAB).perform()
    assert browser.js("return document.activeElement") == link
    assert link.is_displayed(), "the skip link must show when focused"
    ActionChains(browser.driver).send_keys(Keys.ENTER).perform()
    assert browser.js("return document.activeElement.id") == "main"


def test_scripts_included_twice_enhance_once(browser):
    """A layout that lists the theme scripts in assets.scripts too must not double-enhance."""
    browser.open(role_path("readmore"), WIDTHS[-1])
    browser.driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        let pending = 0;
        for (const name of ['folio-readmore.js', 'folio-bookmarks.js']) {
          const script = document.createElement('script');
          // The theme's own asset folder, so the test holds under a sub-path too.
          const theme = document.querySelector('script[src*="/assets/folio-"]').src;
          script.src = new URL(name, theme).href;
          pending += 1;
          script.onload = script.onerror = () => { pending -= 1; if (!pending) done(); };
          document.head.append(script);
        }
        """
    )
    state = browser.js(
        """
        const button = document.querySelector('.folio-readmore-toggle:not([hidden])');
        button.click();
        return button.getAttribute('aria-expanded');
        """
    )
    assert state == "true"
