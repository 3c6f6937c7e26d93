"""Documentation navigation (docs.mustache): the sidebar in weight-then-title order with the
current page marked, collapsed into a <details> on narrow screens and a sticky column on wide
ones, working with no JavaScript; breadcrumbs; previous/next in the sidebar's order; one <h1>;
no horizontal scroll."""

from __future__ import annotations

import urllib.parse

import pytest
from selenium.webdriver.common.by import By

from conftest import manifest


def _docs() -> dict:
    docs = manifest().get("docs")
    if not docs:
        pytest.skip("the manifest names no documentation pages")
    return docs


def _path(url: str) -> str:
    return urllib.parse.urlsplit(url).path


def _visible(browser, element) -> bool:
    # WebDriver's is_displayed calls anything inside a closed <details> hidden, and on wide
    # screens the sidebar is one, shown by ::details-content; checkVisibility asks the layout.
    return browser.js("return arguments[0].checkVisibility()", element)


def _sidebar(browser) -> list[tuple[str, str, str | None]]:
    return browser.js(
        "return [...document.querySelectorAll('.docs-sidebar-list a')].map(a =>"
        " [a.textContent.trim(), new URL(a.href).pathname, a.getAttribute('aria-current')])"
    )


def test_the_sidebar_lists_the_section_in_order_and_marks_the_current_page(browser):
    docs = _docs()
    browser.open(docs["page"], 1280)
    links = _sidebar(browser)
    assert [title for title, _, _ in links] == docs["order"]
    current = [(title, path) for title, path, mark in links if mark == "page"]
    assert current == [(docs["pageTitle"], _path(browser.driver.current_url))]
    assert _visible(browser, browser.driver.find_element(By.CSS_SELECTOR, ".docs-sidebar-list a[aria-current=page]"))


def test_previous_and_next_follow_the_sidebar(browser):
    docs = _docs()
    browser.open(docs["page"], 1280)
    paths = [path for _, path, _ in _sidebar(browser)]
    here = paths.index(docs["page"])
    prev = browser.js("const a = document.querySelector('a[rel=prev]'); return a && new URL(a.href).pathname")
    nxt = browser.js("const a = document.querySelector('a[rel=next]'); return a && new URL(a.href).pathname")
    assert prev == paths[here - 1] and nxt == paths[here + 1]
    browser.open(paths[-1], 1280)
    assert browser.js("return document.querySelector('a[rel=next]')") is None


def test_breadcrumbs_link_the_ancestors_and_mark_the_page(browser):
    docs = _docs()
    browser.open(docs["page"], 1280)
    items = browser.js(
        "return [...document.querySelectorAll('nav[aria-label=Breadcrumb] ol > li')].map(li => {"
        " const a = li.querySelector('a'), c = li.querySelector('[aria-current=page]');"
        " return [li.textContent.trim(), a ? new URL(a.href).pathname : null, !!c]; })"
    )
    assert len(items) >= 3
    assert all(link and not current for _, link, current in items[:-1])
    assert items[-1] == [docs["pageTitle"], None, True]
    assert items[-2][1] == docs["section"]


@pytest.mark.parametrize("role", ["page", "section", "translation"])
def test_one_h1_and_no_horizontal_scroll_at_390(browser, role):
    browser.open(_docs()[role], 390)
    assert browser.js("return document.querySelectorAll('h1').length") == 1
    assert browser.js("return document.documentElement.scrollWidth <= window.innerWidth")


def test_the_sidebar_is_collapsed_at_390_and_a_column_at_1280(browser):
    docs = _docs()
    browser.open(docs["page"], 390)
    menu = browser.driver.find_element(By.CSS_SELECTOR, ".docs-sidebar-menu")
    assert menu.get_attribute("open") is None
    assert menu.find_element(By.CSS_SELECTOR, "summary").is_displayed()
    assert not _visible(browser, browser.driver.find_element(By.CSS_SELECTOR, ".docs-sidebar-list a"))
    # The sidebar comes before the content, so its summary is above the article.
    assert browser.js(
        "return document.querySelector('.docs-sidebar').getBoundingClientRect().bottom"
        " <= document.querySelector('article.page').getBoundingClientRect().top"
    )
    browser.open(docs["page"], 1280)
    assert _visible(browser, browser.driver.find_element(By.CSS_SELECTOR, ".docs-sidebar-list a"))
    assert not _visible(browser, browser.driver.find_element(By.CSS_SELECTOR, ".docs-sidebar-menu > summary"))
    side, article = browser.js(
        "return ['.docs-sidebar', 'article.page'].map(s => document.querySelector(s).getBoundingClientRect().toJSON())"
    )
    assert side["right"] <= article["left"], "the sidebar is a column left of the article"
    assert browser.js("return getComputedStyle(document.querySelector('.docs-sidebar')).position") == "sticky"


def test_the_sidebar_works_without_javascript(nojs_browser):
    docs = _docs()
    nojs_browser.open(docs["page"], 1280)
    current = nojs_browser.driver.find_element(By.CSS_SELECTOR, ".docs-sidebar-list a[aria-current=page]")
    assert _visible(nojs_browser, current)
    nojs_browser.open(docs["page"], 390)
    summary = nojs_browser.driver.find_element(By.CSS_SELECTOR, ".docs-sidebar-menu > summary")
    link = nojs_browser.driver.find_element(By.CSS_SELECTOR, ".docs-sidebar-list a")
    assert not _visible(nojs_browser, link)
    summary.click()
    assert _visible(nojs_browser, link), "the summary opens the sidebar with no script"
    summary.click()
    assert not _visible(nojs_browser, link)


def test_the_sidebar_scrolls_itself_not_the_page(browser):
    docs = _docs()
    browser.open(docs["order_last"], 1280)
    assert browser.js("return window.scrollY") == 0
    inside = browser.js(
        "const box = document.querySelector('.docs-sidebar-scroll').getBoundingClientRect();"
        " const a = document.querySelector('.docs-sidebar-list a[aria-current=page]').getBoundingClientRect();"
        " return a.top >= box.top && a.bottom <= box.bottom"
    )
    assert inside


def test_the_japanese_pages_have_the_japanese_tree(browser):
    docs = _docs()
    browser.open(docs["translation"], 1280)
    titles = [title for title, _, _ in _sidebar(browser)]
    assert titles == docs["translationOrder"]
