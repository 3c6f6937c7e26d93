"""Highlighted code blocks: colours in light and dark mode (axe: no contrast violations, and a
screenshot of each), line numbers that are not copied, one line box per line, and the copy
button (none without JavaScript)."""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

from conftest import WIDTHS, role_path

# Where the screenshots go: FOLIO_SCREENSHOTS, else a folder in the system's temporary folder.
SHOTS = Path(os.environ.get("FOLIO_SCREENSHOTS", "/tmp/folio-screenshots"))

NUMBERED = ".folio-code:has(code.folio-linenos)"


def _colours(png: bytes) -> set[tuple[int, int, int]]:
    """The distinct colours of an 8-bit RGB or RGBA PNG (Chromium's screenshots), read with
    zlib only: enough to tell highlighted code from one-colour text."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks, header = 8, b"", None
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position : position + 8])
        data = png[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", data)
        elif kind == b"IDAT":
            chunks += data
        position += 12 + length
    width, height, depth, colour_type = header[0], header[1], header[2], header[3]
    assert depth == 8 and colour_type in (2, 6), header
    channels = 3 if colour_type == 2 else 4
    raw = zlib.decompress(chunks)
    stride = width * channels
    previous = bytearray(stride)
    found = set()
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        for i in range(0, stride, channels):
            found.add(tuple(line[i : i + 3]))
        previous = line
    return found


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_highlighted_block_in_light_and_dark(browser, scheme):
    browser.emulate(prefers_color_scheme=scheme)
    browser.open(role_path("code"), WIDTHS[-1])
    block = browser.driver.find_element(By.CSS_SELECTOR, NUMBERED)
    browser.js("arguments[0].scrollIntoView({block: 'center'})", block)
    keyword = block.find_element(By.CSS_SELECTOR, ".kw")
    colours = browser.js(
        "const pre = arguments[0].querySelector('pre');"
        "return [getComputedStyle(pre).backgroundColor, getComputedStyle(arguments[1]).color,"
        " getComputedStyle(pre).color, getComputedStyle(document.body).backgroundColor];",
        block,
        keyword,
    )
    background, keyword_colour, text_colour, page_background = colours
    assert keyword_colour != text_colour, "keywords have their own colour"
    # A light block in the light scheme and a dark one in the dark, and never the page's own
    # colour: a white block on a white page was invisible (issue 31).
    channels = [int(part) for part in background[background.index("(") + 1 : background.index(")")].split(",")[:3]]
    is_light = sum(channels) / 3 > 160
    assert is_light == (scheme == "light"), f"{scheme}: code background {background}"
    assert background != page_background, f"{scheme}: the block has the page's background {background}"

    SHOTS.mkdir(parents=True, exist_ok=True)
    png = block.screenshot_as_png
    (SHOTS / f"code-{scheme}.png").write_bytes(png)
    assert len(_colours(png)) > 8, "the screenshot shows highlighted code, not one colour of text"

    axe = Axe(browser.driver)
    axe.inject()
    results = browser.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document.querySelectorAll('.folio-code'), {runOnly: {type: 'rule', values: ['color-contrast']}}).then(done);"
    )
    assert results["passes"] or results["violations"], "axe checked the code blocks"
    assert not results["violations"], Axe(browser.driver).report(results["violations"])


def test_line_numbers_are_not_copied_and_each_line_is_one_line(browser):
    browser.open(role_path("code"), WIDTHS[-1])
    block = browser.driver.find_element(By.CSS_SELECTOR, NUMBERED)
    facts = browser.js(
        "const code = arguments[0].querySelector('code');"
        "const range = document.createRange(); range.selectNodeContents(code);"
        "const selection = getSelection(); selection.removeAllRanges(); selection.addRange(range);"
        "const copied = selection.toString(); selection.removeAllRanges();"
        "const lines = Array.from(code.querySelectorAll('.folio-line'));"
        "const height = parseFloat(getComputedStyle(code.closest('pre')).lineHeight);"
        "return {copied, text: code.textContent, numbers: lines.map(l => l.dataset.line),"
        " before: getComputedStyle(lines[0], '::before').content,"
        " heights: lines.map(l => l.getBoundingClientRect().height), height};",
        block,
    )
    assert facts["numbers"][0] == "10"
    assert "10" not in facts["copied"], facts["copied"]
    assert facts["copied"].rstrip("\n") == facts["text"].rstrip("\n")
    assert "data-line" in facts["before"] or "10" in facts["before"], facts["before"]
    for height in facts["heights"]:
        assert abs(height - facts["height"]) < 2, f"a line box per line: {facts['heights']} vs {facts['height']}"


def test_copy_button_copies_the_code(browser):
    browser.open(role_path("code"), WIDTHS[-1])
    browser.driver.execute_cdp_cmd(
        "Browser.grantPermissions",
        {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
    )
    block = browser.driver.find_element(By.CSS_SELECTOR, NUMBERED)
    button = block.find_element(By.CSS_SELECTOR, "button.folio-copy")
    assert button.get_attribute("type") == "button"
    assert button.get_attribute("aria-label") == "Copy code"
    browser.js("arguments[0].scrollIntoView({block: 'center'})", block)
    button.click()
    copied = browser.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "setTimeout(() => navigator.clipboard.readText().then(done, e => done('error: ' + e)), 200);"
    )
    expected = browser.js("return arguments[0].querySelector('code').textContent", block)
    assert copied == expected
    assert button.text == "Copied"
    # Plain blocks get a button too, in a container the script makes.
    assert browser.js("return document.querySelectorAll('main pre').length") == browser.js(
        "return document.querySelectorAll('main .folio-code > .folio-copy').length"
    )


def test_no_button_without_javascript(nojs_browser):
    nojs_browser.open(role_path("code"), WIDTHS[-1])
    assert nojs_browser.driver.find_elements(By.CSS_SELECTOR, ".folio-code")
    assert not nojs_browser.driver.find_elements(By.CSS_SELECTOR, ".folio-copy")
