"""Read-more blocks: clamping, the toggle, animation, no-JS reading and the inline label."""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.by import By

from conftest import WIDTHS, manifest, role_path

# Describes every block independently of folio-readmore.js: the natural height of the content
# (scrollHeight) against data-lines times the line-height of its text decides whether it is
# clearly short, clearly long, or too close to call.
DESCRIBE = """
return Array.from(document.querySelectorAll('.folio-readmore')).map((block, index) => {
  const content = block.querySelector('.folio-readmore-content');
  const button = block.querySelector('.folio-readmore-toggle');
  const textEl = content.querySelector('p, li, div') || content;
  const lh = parseFloat(getComputedStyle(textEl).lineHeight);
  const lines = Number(block.dataset.lines || 3);
  const natural = content.scrollHeight;
  let kind = 'unclear';
  if (natural <= lines * lh + 1) kind = 'short';
  else if (natural > (lines + 0.6) * lh) kind = block.classList.contains('folio-readmore-inline')
      ? 'inline-' + Math.min(lines, 2) : 'long';
  return {index, id: content.id, lines, lineHeight: lh, natural, kind,
          inline: block.classList.contains('folio-readmore-inline'),
          buttonId: button ? button.getAttribute('aria-controls') : null};
});
"""

# Line boxes of the content's text (viewport coordinates), grouped by vertical overlap.
LINES = """
const content = arguments[0];
const rects = [];
const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
const range = document.createRange();
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  if (!n.data.trim()) continue;
  range.selectNodeContents(n);
  for (const r of range.getClientRects()) if (r.height > 0) rects.push(r);
}
rects.sort((a, b) => a.top - b.top);
const lines = [];
for (const r of rects) {
  const last = lines[lines.length - 1];
  if (last && r.top < last.bottom - 1) last.bottom = Math.max(last.bottom, r.bottom);
  else lines.push({top: r.top, bottom: r.bottom});
}
return lines;
"""

RECT = "const r = arguments[0].getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height};"


def blocks_of(browser, kind):
    found = [b for b in browser.js(DESCRIBE) if b["kind"] == kind]
    if not found and kind in manifest()["readmoreKinds"]:
        pytest.fail(f"the read-more page has no {kind} block")
    if not found:
        pytest.skip(f"no {kind} block")
    return found


def elements(browser, block):
    root = browser.driver.find_elements(By.CSS_SELECTOR, ".folio-readmore")[block["index"]]
    return (
        root,
        root.find_element(By.CSS_SELECTOR, ".folio-readmore-content"),
        root.find_element(By.CSS_SELECTOR, ".folio-readmore-toggle"),
    )


def visible_lines(browser, content):
    box = browser.js(RECT, content)
    lines = browser.js(LINES, content)
    shown = [line for line in lines if line["bottom"] <= box["bottom"] + 1]
    return shown, lines, box


def wait_for(predicate, timeout=3.0, step=0.03):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return predicate()


@pytest.mark.parametrize("width", WIDTHS)
def test_short_content_has_no_button(browser, width):
    browser.open(role_path("readmore"), width)
    for block in blocks_of(browser, "short"):
        _, content, button = elements(browser, block)
        assert not button.is_displayed(), block
        assert browser.js("return arguments[0].clientHeight >= arguments[0].scrollHeight - 1", content), block


@pytest.mark.parametrize("width", WIDTHS)
def test_long_content_clamps_and_expands(browser, width):
    browser.open(role_path("readmore"), width)
    for block in blocks_of(browser, "long") + blocks_of(browser, "inline-1") + blocks_of(browser, "inline-2"):
        root, content, button = elements(browser, block)
        assert button.is_displayed(), block
        assert button.get_attribute("aria-expanded") == "false"
        shown, lines, box = visible_lines(browser, content)
        assert len(shown) == block["lines"], f"{block['id']}: {len(shown)} lines visible, want {block['lines']}"
        assert len(lines) > block["lines"]
        assert browser.js("return arguments[0].scrollHeight", content) > box["height"] + 1

        browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", root)
        button.click()
        assert button.get_attribute("aria-expanded") == "true"
        assert browser.js("return getComputedStyle(arguments[0]).transitionDuration", content) != "0s"
        grown = wait_for(
            lambda: browser.js(
                "const c = arguments[0]; return Math.abs(c.getBoundingClientRect().height - c.scrollHeight) <= 1",
                content,
            )
        )
        assert grown, f"{block['id']} did not grow to its scrollHeight"
        _, lines_after, box_after = visible_lines(browser, content)
        assert box_after["bottom"] >= lines_after[-1]["bottom"] - 1, "the last line is still cut off"

        button.click()
        assert button.get_attribute("aria-expanded") == "false"
        assert wait_for(lambda: abs(browser.js(RECT, content)["height"] - box["height"]) <= 1), "did not collapse"


@pytest.mark.parametrize("width", WIDTHS)
def test_reduced_motion_expands_at_once(browser, width):
    browser.emulate(prefers_reduced_motion="reduce")
    browser.open(role_path("readmore"), width)
    block = blocks_of(browser, "long")[0]
    root, content, button = elements(browser, block)
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", root)
    result = browser.js(
        """
        const [button, content] = arguments;
        button.click();
        return {duration: getComputedStyle(content).transitionDuration,
                height: content.getBoundingClientRect().height, full: content.scrollHeight};
        """,
        button,
        content,
    )
    assert result["duration"] == "0s", result
    assert abs(result["height"] - result["full"]) <= 1, result


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("kind", ["inline-1", "inline-2"])
def test_inline_label_ends_the_last_visible_line(browser, width, kind):
    browser.open(role_path("readmore"), width)
    for block in blocks_of(browser, kind):
        root, content, button = elements(browser, block)
        assert button.is_displayed()
        outer = browser.js(RECT, root)
        label = browser.js(RECT, button)
        shown, _, _ = visible_lines(browser, content)
        last = shown[-1]
        assert len(shown) == block["lines"]
        # Inside the block.
        assert label["left"] >= outer["left"] - 0.5 and label["right"] <= outer["right"] + 0.5, (label, outer)
        assert label["top"] >= outer["top"] - 0.5 and label["bottom"] <= outer["bottom"] + 0.5, (label, outer)
        # On the last visible line, at its end.
        middle = (label["top"] + label["bottom"]) / 2
        assert last["top"] <= middle <= last["bottom"], (label, last)
        assert abs(label["right"] - outer["right"]) <= 1, (label, outer)
        # Not on any other line: the label's box stays within the last line box's band.
        if len(shown) > 1:
            assert label["top"] >= shown[-2]["bottom"] - 0.5, (label, shown[-2])
        # The label text itself is visible, not cut by the clamp.
        text = browser.js(
            "const r = document.createRange(); r.selectNodeContents(arguments[0]);"
            "const b = r.getBoundingClientRect(); return {top: b.top, bottom: b.bottom};",
            button,
        )
        assert text["top"] >= outer["top"] - 0.5 and text["bottom"] <= outer["bottom"] + 0.5


@pytest.mark.parametrize("width", WIDTHS)
def test_full_text_stays_in_the_accessibility_tree(browser, width):
    browser.open(role_path("readmore"), width)
    hidden = browser.js(
        """
        const bad = [];
        for (const content of document.querySelectorAll('.folio-readmore-content')) {
          for (const el of [content, ...content.querySelectorAll('*')]) {
            const s = getComputedStyle(el);
            // A list's bullet glyph is decoration (aria-hidden on purpose), not the block's text.
            if (el.closest('.folio-bullet')) continue;
            if (s.display === 'none' || s.visibility !== 'visible' || el.closest('[aria-hidden="true"]')
                || el.hasAttribute('inert')) bad.push(el.id || el.tagName);
          }
        }
        return bad;
        """
    )
    assert hidden == []
    # The clamped-away text is in Chromium's accessibility tree all the same.
    tails = browser.js(
        r"""
        return Array.from(document.querySelectorAll('.folio-readmore'))
          .filter((b) => b.getAttribute('data-state') === 'collapsed')
          .map((b) => {
            const texts = Array.from(b.querySelectorAll('.folio-readmore-content p, .folio-readmore-content li'));
            const last = (texts.length ? texts[texts.length - 1] : b).textContent.replace(/\s+/g, ' ').trim();
            return last.slice(-12);
          });
        """
    )
    assert tails, "no collapsed block"
    tree = browser.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
    # Whitespace is compared collapsed: a soft line break is a newline in textContent and a
    # space in accessible names.
    names = " ".join(
        " ".join(str(node.get("name", {}).get("value", "")).split())
        for node in tree["nodes"]
        if not node.get("ignored")
    )
    # Inline elements (links, emphasis) are separate nodes in the tree, so compare without
    # whitespace: "or the <a>blog</a>." reads "or the blog ." there.
    packed = "".join(names.split())
    for tail in tails:
        assert "".join(tail.split()) in packed, f"{tail!r} is missing from the accessibility tree"


def test_focus_inside_hidden_part_expands(browser):
    browser.open(role_path("readmore"), WIDTHS[0])
    opened = browser.js(
        """
        for (const block of document.querySelectorAll('.folio-readmore')) {
          const button = block.querySelector('.folio-readmore-toggle');
          const link = block.querySelector('.folio-readmore-content a[href]');
          if (button.hidden || !link) continue;
          link.focus();
          return button.getAttribute('aria-expanded');
        }
        return 'no block with a link';
        """
    )
    if opened == "no block with a link":
        pytest.skip(opened)
    assert opened == "true"


@pytest.mark.parametrize("width", WIDTHS)
def test_without_javascript_everything_is_readable(nojs_browser, width):
    nojs_browser.open(role_path("readmore"), width)
    driver = nojs_browser.driver
    assert driver.execute_script("return 1") == 1  # WebDriver can still inspect the page
    assert not driver.execute_script("return document.querySelector('.folio-readmore[data-state]')"), (
        "folio-readmore.js ran although JavaScript is disabled"
    )
    for root in driver.find_elements(By.CSS_SELECTOR, ".folio-readmore"):
        content = root.find_element(By.CSS_SELECTOR, ".folio-readmore-content")
        button = root.find_element(By.CSS_SELECTOR, ".folio-readmore-toggle")
        assert not button.is_displayed()
        assert content.is_displayed()
        full = driver.execute_script(
            "const c = arguments[0]; return Math.abs(c.getBoundingClientRect().height - c.scrollHeight) <= 1", content
        )
        assert full, content.get_attribute("id")
        lines = driver.execute_script(LINES, content)
        box = driver.execute_script(RECT, content)
        assert lines and lines[-1]["bottom"] <= box["bottom"] + 1


STATE = """
return Array.from(document.querySelectorAll('.folio-readmore')).map((block) => {
  const content = block.querySelector('.folio-readmore-content');
  const button = block.querySelector('.folio-readmore-toggle');
  return {id: content.id, button: !button.hidden, height: Math.round(content.getBoundingClientRect().height)};
});
"""


def test_resizing_measures_again(browser):
    """After a live resize every block looks as it does when loaded at the new width."""
    path = role_path("readmore")
    fresh = {}
    for width in WIDTHS:
        browser.open(path, width)
        fresh[width] = browser.js(STATE)
    browser.open(path, WIDTHS[-1])
    for width in (WIDTHS[0], WIDTHS[-1]):
        browser.set_width(width)
        settled = wait_for(lambda: browser.js(STATE) == fresh[width], timeout=2)
        assert settled, f"after resizing to {width}px: {browser.js(STATE)} != {fresh[width]}"
    changes = [a["id"] for a, b in zip(fresh[WIDTHS[0]], fresh[WIDTHS[-1]]) if a["button"] != b["button"]]
    if not changes:
        pytest.skip("no block whose toggle depends on the width")
