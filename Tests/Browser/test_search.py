"""The search page (/search/, Templates/search.mustache + assets/folio-search.js): typing, `?q=`,
back and forward, the keyboard, the live region, axe on the states the script makes, the header
box, and the page without JavaScript. The manifest's `search` role names the page and
`searchQueries` a query per language with a page it must find."""

from __future__ import annotations

import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import WIDTHS, base_url, manifest, role_path
from test_pages import assert_no_violations


def _queries():
    return manifest().get("searchQueries") or []


def _results(browser):
    return browser.js(
        "return Array.from(document.querySelectorAll('.folio-search-result-title'))"
        ".map((a) => a.getAttribute('href'))"
    )


def _wait_for(browser, script, timeout=10):
    WebDriverWait(browser.driver, timeout).until(lambda _: browser.js(script))


def _wait_for_results(browser):
    _wait_for(browser, "return document.querySelector('[data-folio-search-status]').textContent !== ''")


def _type(browser, text):
    field = browser.driver.find_element(By.CSS_SELECTOR, "input.folio-search-input")
    field.clear()
    browser.js("document.querySelector('[data-folio-search-status]').textContent = ''")
    field.send_keys(text)
    _wait_for_results(browser)
    return field


def _query_path(query, language=None):
    params = {"q": query}
    if language:
        params["lang"] = language
    return role_path("search") + "?" + urllib.parse.urlencode(params)


@pytest.mark.parametrize("case", _queries(), ids=lambda c: f"{c['language']}-{c['query']}")
def test_typing_finds_the_page_and_announces_the_count(browser, case):
    browser.open(role_path("search") + ("?lang=" + case["language"] if case.get("language") else ""), WIDTHS[-1])
    _type(browser, case["query"])
    found = _results(browser)
    assert case["expect"] in [urllib.parse.unquote(href) for href in found], found
    status = browser.driver.find_element(By.CSS_SELECTOR, "[data-folio-search-status]")
    assert status.get_attribute("aria-live") == "polite"
    assert status.get_attribute("role") == "status"
    digits = "".join(ch for ch in status.text if ch.isdigit())
    assert digits and int(digits) >= len(found) >= 1, status.text
    # The words are the label's form for the count by the page language's CLDR plural rules.
    assert "{count}" not in status.text, status.text
    if browser.js("return document.documentElement.lang").startswith("en"):
        form = browser.driver.find_element(By.CSS_SELECTOR, "form[data-folio-search]")
        label = form.get_attribute("data-count-one" if int(digits) == 1 else "data-count-other")
        assert status.text == label.replace("{count}", digits), status.text
    marks = browser.js(
        "return Array.from(document.querySelectorAll('.folio-search-result-snippet mark, .folio-search-result-title'))"
        ".length"
    )
    assert marks >= 1
    # The query is in the address.
    query = urllib.parse.parse_qs(urllib.parse.urlparse(browser.driver.current_url).query)
    assert query.get("q") == [case["query"]]


def test_q_in_the_address_searches_at_once(browser):
    case = _queries()[0]
    browser.open(_query_path(case["query"], case.get("language")), WIDTHS[-1])
    _wait_for_results(browser)
    field = browser.driver.find_element(By.CSS_SELECTOR, "input.folio-search-input")
    assert field.get_attribute("value") == case["query"]
    assert _results(browser)
    # Nothing is written as HTML: every result's children are the three elements the script made.
    shapes = browser.js(
        "return Array.from(document.querySelectorAll('.folio-search-result'))"
        ".map((li) => Array.from(li.children).map((c) => c.tagName + '.' + c.className).join(' '))"
    )
    assert set(shapes) == {
        "A.folio-search-result-title P.folio-search-result-url P.folio-search-result-snippet"
    }, shapes


def test_back_and_forward_return_to_earlier_searches(browser):
    first, second = "markdown", "serve"
    browser.open(_query_path(first), WIDTHS[-1])
    _wait_for_results(browser)
    first_results = _results(browser)
    _type(browser, second)
    second_results = _results(browser)
    assert first_results != second_results
    field = lambda: browser.driver.find_element(By.CSS_SELECTOR, "input.folio-search-input")  # noqa: E731
    browser.js("document.querySelector('[data-folio-search-status]').textContent = ''; history.back()")
    _wait_for(browser, f"return new URLSearchParams(location.search).get('q') === {first!r}")
    _wait_for_results(browser)
    assert field().get_attribute("value") == first
    assert _results(browser) == first_results
    browser.js("document.querySelector('[data-folio-search-status]').textContent = ''; history.forward()")
    _wait_for(browser, f"return new URLSearchParams(location.search).get('q') === {second!r}")
    _wait_for_results(browser)
    assert field().get_attribute("value") == second
    assert _results(browser) == second_results


def test_the_keyboard_moves_between_the_box_and_the_results(browser):
    browser.open(_query_path("markdown"), WIDTHS[-1])
    _wait_for_results(browser)
    field = browser.driver.find_element(By.CSS_SELECTOR, "input.folio-search-input")
    field.click()
    links = browser.driver.find_elements(By.CSS_SELECTOR, ".folio-search-result-title")
    assert len(links) >= 2
    active = lambda: browser.driver.switch_to.active_element  # noqa: E731
    field.send_keys(Keys.ARROW_DOWN)
    assert active() == links[0]
    active().send_keys(Keys.ARROW_DOWN)
    assert active() == links[1]
    active().send_keys(Keys.ARROW_UP)
    assert active() == links[0]
    active().send_keys(Keys.ARROW_UP)
    assert active() == field
    field.send_keys(Keys.ARROW_DOWN)
    active().send_keys(Keys.ESCAPE)
    assert active() == field
    # Enter on a result follows it.
    field.send_keys(Keys.ARROW_DOWN)
    target = links[0].get_attribute("href")
    active().send_keys(Keys.ENTER)
    WebDriverWait(browser.driver, 10).until(lambda d: d.current_url == target)


def test_no_results_are_announced(browser):
    browser.open(role_path("search"), WIDTHS[-1])
    _type(browser, "zzqxjv")
    assert _results(browser) == []
    text = browser.driver.find_element(By.CSS_SELECTOR, "[data-folio-search-status]").text
    assert text and not any(ch.isdigit() for ch in text)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
def test_axe_with_results_shown(browser, scheme, width):
    browser.emulate(prefers_color_scheme=scheme)
    browser.open(_query_path("markdown"), width)
    _wait_for_results(browser)
    assert_no_violations(browser, f"search results at {width}px, {scheme}")


def test_the_header_box_on_wide_screens_and_in_the_menu_on_narrow_ones(browser):
    home = manifest()["pages"][0]
    browser.open(home, WIDTHS[-1])
    box = browser.driver.find_element(By.CSS_SELECTOR, "form.site-search input[type=search]")
    # checkVisibility: WebDriver's is_displayed calls anything in a closed <details> hidden,
    # and the header's menu is one, shown in the bar on wide screens.
    assert browser.js("return arguments[0].checkVisibility()", box)
    box.send_keys("markdown", Keys.ENTER)
    WebDriverWait(browser.driver, 10).until(lambda d: "q=markdown" in d.current_url)
    _wait_for_results(browser)
    assert _results(browser)
    # On a narrow screen the box is in the menu the header's button opens.
    browser.open(home, WIDTHS[0])
    assert not browser.driver.find_element(By.CSS_SELECTOR, "form.site-search").is_displayed()
    browser.driver.find_element(By.CSS_SELECTOR, ".site-menu-button").click()
    assert browser.driver.find_element(By.CSS_SELECTOR, "form.site-search").is_displayed()


def test_without_javascript_the_page_says_so_and_links_the_sitemap(nojs_browser):
    nojs_browser.open(role_path("search"), WIDTHS[-1])
    note = nojs_browser.driver.find_element(By.CSS_SELECTOR, "[data-folio-search-noscript]")
    assert note.is_displayed()
    assert "JavaScript" in note.text
    hrefs = [a.get_attribute("href") for a in note.find_elements(By.CSS_SELECTOR, "a")]
    assert base_url() + manifest()["pages"][0] in hrefs
    assert any(href.endswith("/sitemap.xml") for href in hrefs), hrefs


def test_the_script_fetches_only_index_files_of_the_site(browser):
    browser.open(_query_path("markdown"), WIDTHS[-1])
    _wait_for_results(browser)
    fetched = browser.js(
        "return performance.getEntriesByType('resource')"
        ".filter((e) => e.initiatorType === 'fetch').map((e) => e.name)"
    )
    assert fetched
    # Below the search page's folder, base path included (a project site under /sub/dir/).
    folder = base_url() + role_path("search")
    assert all(url.startswith(folder) for url in fetched), fetched
    # meta.json and page files are JSON, the norms and the shards binary (docs/CONTRACTS.md,
    # "Search index").
    assert all(
        url.endswith((".json", "/norms.bin")) or "/t/" in url and url.endswith(".bin") for url in fetched
    ), fetched
    assert any(url.endswith(".bin") for url in fetched), fetched
