"""Callouts and disclosures (Zenn, Qiita and GitHub syntax): labels, keyboard, axe when open."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import WIDTHS, role_path
from test_pages import assert_no_violations

CALLOUTS = """
return Array.from(document.querySelectorAll('.folio-callout')).map((c) => {
  const label = c.querySelector(':scope > .folio-callout-label');
  const style = getComputedStyle(c);
  return {role: c.getAttribute('role'), style: c.getAttribute('style'),
          label: label ? label.textContent : null,
          labelShown: label ? label.getBoundingClientRect().height > 0 : false,
          border: style.borderLeftWidth, background: style.backgroundColor};
});
"""


def test_every_callout_is_a_note_with_a_visible_label(browser):
    browser.open(role_path("writing"), WIDTHS[-1])
    callouts = browser.js(CALLOUTS)
    assert len(callouts) >= 6, callouts
    for callout in callouts:
        assert callout["role"] == "note"
        assert callout["style"] is None
        assert callout["label"] and callout["labelShown"], callout
        assert callout["border"] != "0px"
    assert {"メモ", "注意", "警告", "重要"} <= {c["label"] for c in callouts}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_callout_colours_differ_between_light_and_dark(browser, scheme):
    browser.emulate(prefers_color_scheme=scheme)
    browser.open(role_path("writing"), WIDTHS[-1])
    background = browser.js(CALLOUTS)[0]["background"]
    page = browser.js("return getComputedStyle(document.body).backgroundColor")
    assert background != page, f"{scheme}: the callout has the page's background"


def test_a_disclosure_opens_and_closes_with_the_keyboard(browser):
    browser.open(role_path("writing"), WIDTHS[-1])
    details = browser.driver.find_elements(By.CSS_SELECTOR, "details.folio-details")
    assert len(details) >= 2
    first = details[0]
    summary = first.find_element(By.TAG_NAME, "summary")
    assert first.get_attribute("open") is None
    content = first.find_element(By.CSS_SELECTOR, ".folio-details-content")
    assert not content.is_displayed()
    browser.js("arguments[0].focus()", summary)
    assert browser.js("return document.activeElement === arguments[0]", summary)
    ActionChains(browser.driver).send_keys(Keys.ENTER).perform()
    assert browser.js("return arguments[0].open", first)
    assert content.is_displayed()
    ActionChains(browser.driver).send_keys(Keys.SPACE).perform()
    assert not browser.js("return arguments[0].open", first)


def test_tab_reaches_every_summary(browser):
    browser.open(role_path("writing"), WIDTHS[-1])
    summaries = browser.driver.find_elements(By.CSS_SELECTOR, "details.folio-details > summary")
    browser.js("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    reached = set()
    for _ in range(200):
        ActionChains(browser.driver).send_keys(Keys.TAB).perform()
        focused = browser.js("return document.activeElement")
        for index, summary in enumerate(summaries):
            if browser.js("return arguments[0] === arguments[1]", focused, summary):
                reached.add(index)
        if len(reached) == len(summaries):
            break
    assert len(reached) == len(summaries)


def test_a_nested_message_shows_when_its_disclosure_opens_without_javascript(nojs_browser):
    nojs_browser.open(role_path("writing"), WIDTHS[0])
    outer = nojs_browser.driver.find_elements(By.CSS_SELECTOR, "details.folio-details")[1]
    inner = outer.find_element(By.CSS_SELECTOR, ".folio-callout")
    assert not inner.is_displayed()
    outer.find_element(By.TAG_NAME, "summary").click()
    assert inner.is_displayed()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_with_every_disclosure_open(browser, scheme):
    browser.emulate(prefers_color_scheme=scheme)
    browser.open(role_path("writing"), WIDTHS[-1])
    browser.js("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    assert_no_violations(browser, f"writing page, disclosures open ({scheme})")


def test_link_cards_link_out_without_frames_or_scripts_from_elsewhere(browser):
    browser.open(role_path("writing"), WIDTHS[0])
    cards = browser.js(
        "return Array.from(document.querySelectorAll('.folio-linkcard-link')).map((a) => ({href: a.href,"
        " width: a.getBoundingClientRect().width, text: a.textContent}))"
    )
    assert len(cards) >= 2, cards
    for card in cards:
        assert card["href"].startswith(("https://", "http://")), card
        assert card["width"] <= WIDTHS[0], f"a card overflows the {WIDTHS[0]}px viewport: {card}"
        assert card["text"]
    assert browser.js("return document.querySelectorAll('iframe').length") == 0
    hosts = browser.js("return Array.from(document.scripts).map((s) => new URL(s.src, location).host)")
    assert all(host == browser.js("return location.host") for host in hosts), hosts
