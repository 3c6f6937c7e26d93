"""A multilingual site: the language switcher works from the keyboard, leads to the page's
translation (else to the other language's home page), shows where focus is, and every page's
hreflang alternates are absolute and symmetric."""

from __future__ import annotations

import re
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import WIDTHS, base_url, manifest

ALTERNATE = re.compile(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">')


def _languages() -> dict:
    languages = manifest().get("languages")
    if not languages:
        pytest.skip("the manifest names no multilingual pages")
    return languages


def _tab_to(browser, selector: str, limit: int = 40):
    """Presses Tab until the element matching `selector` has focus, and returns it."""
    target = browser.driver.find_element(By.CSS_SELECTOR, selector)
    for _ in range(limit):
        ActionChains(browser.driver).send_keys(Keys.TAB).perform()
        if browser.js("return document.activeElement") == target:
            return target
    pytest.fail(f"Tab never reached {selector}")


def _wait_for(browser, path: str) -> None:
    """Waits until the browser has navigated to `path` and the page has loaded."""
    WebDriverWait(browser.driver, 10).until(
        lambda driver: _path(driver.current_url) == path
        and driver.execute_script("return document.readyState") == "complete"
    )


def _path(url: str) -> str:
    return urllib.parse.urlsplit(url).path


@pytest.mark.parametrize("width", [WIDTHS[0], WIDTHS[-1]])
def test_the_switcher_works_from_the_keyboard(browser, width):
    languages = _languages()
    original, translation = languages["translated"], languages["translation"]
    browser.open(original, width)
    link = _tab_to(browser, '.language-switcher a[hreflang="ja"]')
    assert link.is_displayed()
    outline = browser.js("const s = getComputedStyle(arguments[0]); return [s.outlineStyle, s.outlineWidth]", link)
    assert outline[0] != "none" and outline[1] != "0px", f"no visible focus: {outline}"
    ActionChains(browser.driver).send_keys(Keys.ENTER).perform()
    _wait_for(browser, translation)
    assert browser.js("return document.documentElement.lang") == "ja"
    current = browser.driver.find_element(By.CSS_SELECTOR, '.language-switcher a[aria-current="page"]')
    assert current.get_attribute("hreflang") == "ja" and current.get_attribute("lang") == "ja"
    back = _tab_to(browser, '.language-switcher a[hreflang="en"]')
    assert back.get_attribute("lang") == "en"
    ActionChains(browser.driver).send_keys(Keys.ENTER).perform()
    _wait_for(browser, original)
    assert browser.js("return document.documentElement.lang") == "en"
    assert not browser.problems()


def test_a_page_without_translation_switches_to_the_other_home(browser):
    languages = _languages()
    browser.open(languages["untranslated"], WIDTHS[-1])
    link = browser.driver.find_element(By.CSS_SELECTOR, '.language-switcher a[hreflang="ja"]')
    assert _path(link.get_attribute("href")) == languages["home"]
    assert link.get_attribute("rel") in (None, "")
    assert not browser.driver.find_elements(By.CSS_SELECTOR, 'link[rel="alternate"][hreflang]')


def _alternates(path: str) -> dict:
    with urllib.request.urlopen(base_url() + urllib.parse.quote(path), timeout=10) as response:
        html = response.read().decode("utf-8")
    return dict(ALTERNATE.findall(html))


def test_every_pages_alternates_are_absolute_and_symmetric():
    _languages()
    checked = 0
    for path in manifest()["pages"]:
        alternates = _alternates(path)
        if not alternates:
            continue
        checked += 1
        assert "x-default" in alternates, path
        for language, url in alternates.items():
            # Absolute: a scheme and a host (the sub-path pass builds with http://127.0.0.1/sub/dir/).
            parts = urllib.parse.urlsplit(url)
            assert parts.scheme in ("http", "https") and parts.netloc, f"{path}: {language} {url} is not absolute"
            assert _alternates(_path(url)) == alternates, f"{_path(url)} lists another set than {path}"
        own = [url for url in alternates.values() if _path(url) == path]
        assert own, f"{path} does not list itself: {alternates}"
    assert checked >= 10
