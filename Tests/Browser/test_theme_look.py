"""The default theme's look: the header on one row on wide screens and behind a menu button on
narrow ones, code blocks and marked lines that stand out in both colour schemes, and light
lists of pages (no "Read more" per entry)."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import manifest, role_path

BOXES = """
const box = (e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom,
  left: r.left, right: r.right, width: r.width, height: r.height}; };
// checkVisibility, not getClientRects: a closed <details> keeps its contents' boxes, hidden.
const all = (s) => [...document.querySelectorAll(s)].filter((e) => e.checkVisibility()).map(box);
return {title: all('.site-title'), items: all('.site-menu a'), search: all('.site-search-input'),
  switcher: all('.language-switcher a'), button: all('.site-menu-button'),
  header: box(document.querySelector('.site-header-inner'))};
"""


def _home() -> str:
    return manifest()["pages"][0]


def _middle(box: dict) -> float:
    return (box["top"] + box["bottom"]) / 2


@pytest.mark.parametrize("width", [1024, 1280])
def test_the_header_holds_one_row_on_wide_screens(browser, width):
    browser.open(_home(), width)
    boxes = browser.js(BOXES)
    assert not boxes["button"], "the menu button shows on a wide screen"
    assert len(boxes["items"]) >= 6, "the sample site's menu should have six items to prove this"
    assert boxes["search"] and boxes["switcher"]
    # Every item, the search box and the switcher's names on the title's row: their middles
    # within a few pixels of one another.
    row = [*boxes["title"], *boxes["items"], *boxes["search"], *boxes["switcher"]]
    middles = [_middle(box) for box in row]
    assert max(middles) - min(middles) <= 6, f"not one row at {width}px: {middles}"
    # Left to right: title, menu, search, switcher; nothing past the header's edge.
    assert boxes["title"][0]["right"] <= boxes["items"][0]["left"]
    assert boxes["items"][-1]["right"] <= boxes["search"][0]["left"]
    assert boxes["search"][0]["right"] <= boxes["switcher"][0]["left"]
    assert boxes["switcher"][-1]["right"] <= boxes["header"]["right"] + 1


def test_the_menu_button_opens_from_the_keyboard_on_narrow_screens(browser):
    browser.open(_home(), 390)
    boxes = browser.js(BOXES)
    assert boxes["button"], "no menu button at 390px"
    assert not boxes["items"], "the menu's links show before the button is pressed"
    # The switcher's names share one baseline on the button's row, not a line of their own.
    names = boxes["switcher"]
    # Each name's baseline: the bottom of an empty inline-block put at its end (the names'
    # boxes differ in height, as their fonts do).
    baselines = browser.js(
        "return [...document.querySelectorAll('.language-switcher a')].map((a) => {"
        " const probe = document.createElement('span'); probe.style.display = 'inline-block';"
        " a.append(probe); const bottom = probe.getBoundingClientRect().bottom; probe.remove();"
        " return bottom; });"
    )
    assert max(baselines) - min(baselines) <= 0.5, f"the names sit at different heights: {baselines}"
    assert abs(_middle(names[0]) - _middle(boxes["button"][0])) <= 6, (names, boxes["button"])
    # Title, button, switcher from left to right: the order focus moves in.
    assert boxes["title"][0]["right"] <= boxes["button"][0]["left"] < names[0]["left"]
    browser.js("document.activeElement.blur()")
    button = browser.driver.find_element(By.CSS_SELECTOR, ".site-menu-button")
    for _ in range(12):
        ActionChains(browser.driver).send_keys(Keys.TAB).perform()
        if browser.js("return document.activeElement === arguments[0]", button):
            break
    else:
        pytest.fail("Tab never reaches the menu button")
    assert browser.js("return document.activeElement.closest('details').open") is False
    ActionChains(browser.driver).send_keys(Keys.ENTER).perform()
    assert browser.js("return document.querySelector('.site-menu-toggle').open") is True
    links = browser.driver.find_elements(By.CSS_SELECTOR, ".site-menu a")
    assert links and all(link.is_displayed() for link in links)
    assert browser.driver.find_element(By.CSS_SELECTOR, ".site-search-input").is_displayed()
    # The next Tab goes into the opened menu.
    ActionChains(browser.driver).send_keys(Keys.TAB).perform()
    assert browser.js("return document.activeElement.matches('.site-menu a')")
    assert browser.js("return document.documentElement.scrollWidth") <= 390
    ActionChains(browser.driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    assert browser.js("return document.activeElement.matches('.site-menu-button')"), "Shift+Tab goes back"
    ActionChains(browser.driver).send_keys(Keys.SPACE).perform()
    assert browser.js("return document.querySelector('.site-menu-toggle').open") is False


def test_the_menu_opens_without_javascript(nojs_browser):
    nojs_browser.open(_home(), 390)
    nojs_browser.driver.find_element(By.CSS_SELECTOR, ".site-menu-button").click()
    links = nojs_browser.driver.find_elements(By.CSS_SELECTOR, ".site-menu a")
    assert links and all(link.is_displayed() for link in links)


@pytest.mark.parametrize("role", ["code", "lists"])
def test_no_horizontal_scroll_at_390(browser, role):
    for path in (_home(), role_path(role)):
        browser.open(path, 390)
        assert browser.js("return document.documentElement.scrollWidth") <= 390, path


COLOURS = """
const solid = (e) => { while (e) { const c = getComputedStyle(e).backgroundColor;
  if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c; e = e.parentElement; } return 'none'; };
const block = document.querySelector('.folio-code:has(.folio-line-marked)');
const marked = block.querySelector('.folio-line-marked');
const plain = block.querySelector('.folio-line:not(.folio-line-marked)');
return {page: solid(document.body), block: solid(block.querySelector('pre')), marked: solid(marked),
  plain: solid(plain), border: getComputedStyle(block).borderTopStyle,
  titled: block.querySelector('.folio-code-title') !== null,
  frame: block.getBoundingClientRect().bottom - block.querySelector('pre').getBoundingClientRect().bottom,
  borderBottom: getComputedStyle(block).borderBottomWidth};
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_code_blocks_and_marked_lines_stand_out(browser, scheme):
    browser.emulate(prefers_color_scheme=scheme)
    try:
        browser.open(role_path("code"), 1280)
        colours = browser.js(COLOURS)
    finally:
        browser.emulate(prefers_color_scheme="light")
    assert colours["block"] != colours["page"], colours
    assert colours["marked"] != colours["block"], colours
    assert colours["plain"] == colours["block"], colours
    # The block's frame is closed: a border all round, the bottom one just under the code.
    assert colours["border"] == "solid" and colours["borderBottom"] != "0px", colours
    assert colours["titled"] and 0 <= colours["frame"] <= 2, colours


def test_lists_of_pages_have_no_read_more(browser):
    browser.open(_home(), 1280)
    items = browser.driver.find_elements(By.CSS_SELECTOR, ".page-list .page-item")
    assert items, "the home page lists no pages"
    for item in items:
        assert not item.find_elements(By.CSS_SELECTOR, ".page-more"), item.text
        assert "Read more" not in item.text
        body = item.find_elements(By.CSS_SELECTOR, ".page-summary-body")
        if body and body[0].is_displayed():
            lines = browser.js(
                "const s = getComputedStyle(arguments[0]);"
                "return arguments[0].getBoundingClientRect().height / parseFloat(s.lineHeight)",
                body[0],
            )
            assert lines <= 3.05, f"{item.text[:40]!r}: {lines} lines of summary"
