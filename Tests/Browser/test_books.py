"""A book's print page (book-print.mustache): the contents list and the chapters in the docs
sidebar's order, links inside the book that jump to the chapters' own ids, collapsible blocks
open, no sideways scroll at 390 px in either scheme, and, printed, each chapter on a new page
with the site's header gone and the address after each link out of the book. The docs pages
link the book."""

from __future__ import annotations

import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import base_url, manifest


def _book() -> dict:
    book = manifest().get("book")
    if not book:
        pytest.skip("the manifest names no book")
    return book


def test_the_contents_and_chapters_follow_the_sidebar(browser):
    book, docs = _book(), manifest()["docs"]
    browser.open(book["print"], 1280)
    contents = browser.js(
        "return [...document.querySelectorAll('.book-contents a')].map(a => a.textContent.trim())")
    chapters = browser.js(
        "return [...document.querySelectorAll('.book-chapter')].map(s => s.id)")
    assert contents == docs["order"]
    assert chapters == [f"c{n}" for n in range(1, len(docs["order"]) + 1)]
    # Each contents entry leads to its chapter on this page.
    targets = browser.js(
        "return [...document.querySelectorAll('.book-contents a')].map(a =>"
        " !!document.getElementById(decodeURIComponent(new URL(a.href).hash.slice(1))))")
    assert all(targets)


def test_links_between_chapters_stay_on_the_page_and_ids_are_unique(browser):
    browser.open(_book()["print"], 1280)
    ids = browser.js("return [...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(ids) == len(set(ids)), "an id appears twice"
    broken = browser.js(
        "return [...document.querySelectorAll('.book-chapter a[href^=\"#\"]')]"
        ".map(a => decodeURIComponent(a.hash.slice(1))).filter(id => !document.getElementById(id))")
    assert broken == []
    # A chapter's link to another docs page became a link to that chapter.
    inner = browser.js("return document.querySelectorAll('.book-chapter a[href^=\"#c\"]').length")
    assert inner > 0
    closed = browser.js("return document.querySelectorAll('.book-chapter details:not([open])').length")
    assert closed == 0
    assert browser.js("return document.querySelectorAll('.book-chapter script, .book-chapter form').length") == 0


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_sideways_scroll_at_390(browser, scheme):
    browser.emulate(prefers_color_scheme=scheme)
    try:
        browser.open(_book()["print"], 390)
        overflow = browser.js("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0
    finally:
        browser.emulate(prefers_color_scheme="light")


def test_printed_each_chapter_starts_a_page_and_links_out_show_their_address(browser):
    browser.open(_book()["print"], 1280)
    browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        styles = browser.js(
            "const c = document.querySelector('#c2');"
            "const header = document.querySelector('.site-header');"
            "const out = document.querySelector('.book-chapter a[href^=\"https://\"]');"
            "return {breakBefore: getComputedStyle(c).breakBefore,"
            " header: header ? getComputedStyle(header).display : 'none',"
            " after: out ? getComputedStyle(out, '::after').content : null}")
        assert styles["breakBefore"] == "page"
        assert styles["header"] == "none"
        assert styles["after"] and "https://" in styles["after"]
    finally:
        browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_the_docs_pages_link_the_book_and_its_epub_is_served(browser):
    book = _book()
    browser.open(book["chapter"], 1280)
    links = browser.js(
        "return [...document.querySelectorAll('.docs-book a')].map(a => new URL(a.href).pathname)")
    assert book["print"] in links and book["epub"] in links
    with urllib.request.urlopen(base_url() + urllib.parse.quote(book["epub"])) as response:
        body = response.read()
    assert body[30:58] == b"mimetypeapplication/epub+zip"
