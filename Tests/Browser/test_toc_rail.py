"""The page's contents (issue 31): a sticky rail beside the text on wide screens whose link to
the heading being read is marked `aria-current="true"`, a `<details>` collapsed under the title
on narrow ones, exactly one of the two shown at any width, and plain links that jump to their
headings without JavaScript. Run on a long English page and a Japanese one (non-ASCII ids)."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import manifest

WIDE = 1280
NARROW = 390
# The pages of the sample site, found in the manifest whatever the prefix it is served under.
ENDINGS = {"en": "/docs/configuration/", "ja": "/ja/docs/getting-started/"}


def _page(language: str) -> str:
    for path in manifest()["pages"]:
        if path.endswith(ENDINGS[language]):
            return path
    pytest.skip(f"the manifest lists no page ending in {ENDINGS[language]}")


# The displayed contents of the page: which of the two copies has a box.
SHOWN = """
return [...document.querySelectorAll('main .toc')]
  .filter((element) => getComputedStyle(element).display !== 'none')
  .map((element) => element.classList.contains('toc-rail') ? 'rail' : 'inline');
"""

# The target of a contents link, looked up as folio-toc.js does.
TARGET = """
const raw = arguments[0].getAttribute('href').slice(1);
return document.getElementById(raw) || document.getElementById(decodeURIComponent(raw));
"""


# How many digits of the text's font fit on one line of `arguments[0]` (its measure in `ch`).
MEASURE = """
const probe = document.createElement('span');
probe.textContent = '0'.repeat(100);
probe.style.whiteSpace = 'nowrap';
const paragraph = arguments[0].querySelector('p') || arguments[0];
paragraph.append(probe);
const ch = probe.getBoundingClientRect().width / 100;
probe.remove();
return Math.round(arguments[0].getBoundingClientRect().width / ch);
"""


def _box(browser, element) -> dict:
    return browser.js("return arguments[0].getBoundingClientRect().toJSON()", element)


def _no_horizontal_scroll(browser) -> None:
    overflow = browser.js("return document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_rail_stands_beside_the_text_and_stays_in_view(browser, language):
    browser.open(_page(language), width=WIDE)
    assert browser.js(SHOWN) == ["rail"]
    rail = browser.driver.find_element(By.CSS_SELECTOR, "main .toc-rail")
    content = browser.driver.find_element(By.CSS_SELECTOR, "main .page-content")
    rail_box, content_box = _box(browser, rail), _box(browser, content)
    assert rail_box["left"] >= content_box["right"], (rail_box, content_box)
    assert rail_box["top"] < content_box["top"] + 50, "the rail starts beside the top of the page"
    # The text keeps a readable measure beside the rail (and beside a docs sidebar).
    characters = browser.js(MEASURE, content)
    assert 60 <= characters <= 80, f"{characters} characters a line"
    _no_horizontal_scroll(browser)

    browser.js("window.scrollTo(0, document.documentElement.scrollHeight / 2)")
    rail_box = _box(browser, rail)
    assert 0 <= rail_box["top"] <= 60, f"the rail scrolled away: {rail_box}"
    assert rail_box["bottom"] <= browser.js("return window.innerHeight"), rail_box
    assert browser.js("return getComputedStyle(arguments[0]).position", rail) == "sticky"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_scrolling_to_a_heading_marks_its_link(browser, language, scheme):
    browser.emulate(prefers_color_scheme=scheme)
    browser.open(_page(language), width=WIDE)
    links = browser.driver.find_elements(By.CSS_SELECTOR, "main .toc-rail .toc-list a")
    assert len(links) >= 3
    # A heading far enough from the next one that it alone has passed the reading line.
    chosen = None
    for index, link in enumerate(links[1:-1], start=1):
        heading = browser.js(TARGET, link)
        following = browser.js(TARGET, links[index + 1])
        assert heading is not None, link.get_attribute("href")
        gap = _box(browser, following)["top"] - _box(browser, heading)["top"]
        if gap > browser.js("return window.innerHeight") * 0.4:
            chosen = (link, heading)
            break
    assert chosen, "no section of the page is long enough to scroll to"
    link, heading = chosen
    unmarked_colour = browser.js("return getComputedStyle(arguments[0]).color", link)

    browser.js("arguments[0].scrollIntoView()", heading)
    WebDriverWait(browser.driver, 5).until(lambda _: link.get_attribute("aria-current") == "true")
    marked = browser.driver.find_elements(By.CSS_SELECTOR, "main .toc-rail [aria-current]")
    assert marked == [link]
    assert browser.js("return getComputedStyle(arguments[0]).color", link) != unmarked_colour

    # Back at the top nothing has been read yet, so nothing is marked.
    browser.js("window.scrollTo(0, 0)")
    WebDriverWait(browser.driver, 5).until(lambda _: link.get_attribute("aria-current") is None)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_narrow_screens_have_the_contents_collapsed_under_the_title(browser, language):
    browser.open(_page(language), width=NARROW)
    assert browser.js(SHOWN) == ["inline"]
    details = browser.driver.find_element(By.CSS_SELECTOR, "main details.toc-inline")
    assert details.get_attribute("open") is None
    title = browser.driver.find_element(By.CSS_SELECTOR, "main h1")
    assert _box(browser, details)["top"] >= _box(browser, title)["bottom"]
    first = details.find_element(By.CSS_SELECTOR, ".toc-list a")
    assert not first.is_displayed()
    _no_horizontal_scroll(browser)

    # Tab reaches the summary; Enter opens it.
    summary = details.find_element(By.CSS_SELECTOR, "summary")
    for _ in range(40):
        ActionChains(browser.driver).send_keys(Keys.TAB).perform()
        if browser.js("return document.activeElement") == summary:
            break
    else:
        pytest.fail("Tab never reached the contents' summary")
    ActionChains(browser.driver).send_keys(Keys.ENTER).perform()
    assert details.get_attribute("open") is not None
    assert first.is_displayed()
    _no_horizontal_scroll(browser)


@pytest.mark.parametrize("width", [WIDE, NARROW])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_without_javascript_the_links_go_to_their_headings(nojs_browser, language, width):
    nojs_browser.open(_page(language), width=width)
    assert nojs_browser.js(SHOWN) == (["rail"] if width == WIDE else ["inline"])
    if width == NARROW:
        nojs_browser.driver.find_element(By.CSS_SELECTOR, "main .toc-inline summary").click()
    container = "main .toc-rail" if width == WIDE else "main .toc-inline"
    link = nojs_browser.driver.find_elements(By.CSS_SELECTOR, f"{container} .toc-list a")[-1]
    heading = nojs_browser.js(TARGET, link)
    assert heading is not None
    link.click()
    WebDriverWait(nojs_browser.driver, 5).until(
        lambda _: nojs_browser.js("return decodeURIComponent(location.hash.slice(1))")
        == heading.get_attribute("id")
    )
    top = _box(nojs_browser, heading)["top"]
    assert 0 <= top < nojs_browser.js("return window.innerHeight"), top


def test_the_script_comes_only_with_contents(browser):
    browser.open(_page("en"), width=WIDE)
    assert browser.js("return !!document.querySelector('script[src$=\"/folio-toc.js\"][defer]')")
    pages = [path for path in manifest()["pages"] if not path.endswith(".html")]
    for path in pages[:12]:
        browser.open(path)
        has_contents = browser.js("return !!document.querySelector('main .toc')")
        has_script = browser.js("return !!document.querySelector('script[src$=\"/folio-toc.js\"]')")
        assert has_script == has_contents, path
