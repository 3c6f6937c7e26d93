"""Bullet lists: a true hanging indent for any glyph, in English and Japanese."""

from __future__ import annotations

import pytest

from conftest import WIDTHS, manifest, role_path

# For every list item: its glyph, language and the left edge of each line of its own text
# (nested lists excluded), measured from Range.getClientRects().
MEASURE_ITEMS = """
const items = [];
for (const li of document.querySelectorAll('.folio-list > li')) {
  const bullet = li.querySelector(':scope > .folio-bullet');
  const item = li.querySelector(':scope > .folio-item');
  if (!bullet || !item) continue;
  const rects = [];
  const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('.folio-item') !== item || node.data.trim() === '') continue;
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) rects.push(r);
  }
  rects.sort((a, b) => a.top - b.top || a.left - b.left);
  const lines = [];
  for (const r of rects) {
    const last = lines[lines.length - 1];
    if (last && r.top < last.bottom - 1) {
      last.left = Math.min(last.left, r.left);
      last.bottom = Math.max(last.bottom, r.bottom);
    } else {
      lines.push({top: r.top, bottom: r.bottom, left: r.left});
    }
  }
  const b = bullet.getBoundingClientRect();
  const langEl = item.closest('[lang]');
  items.push({
    glyph: bullet.textContent.trim(),
    lang: (langEl ? langEl.getAttribute('lang') : '').toLowerCase(),
    text: item.textContent.trim().slice(0, 40),
    lines: lines,
    itemLeft: item.getBoundingClientRect().left,
    bulletLeft: b.left,
    bulletRight: b.right,
    depth: Number(li.parentElement.dataset.level || 1),
    parentItemLeft: li.parentElement.closest('.folio-item')
      ? li.parentElement.closest('.folio-item').getBoundingClientRect().left : null,
  });
}
return items;
"""


GLYPH_NAMES = {"・": "nakaguro", "•": "bullet", "-": "hyphen", "◦": "white-bullet", "*": "asterisk"}


def _combos():
    m = manifest()
    return [
        pytest.param(g, l, id=f"{GLYPH_NAMES.get(g, 'U+%04X' % ord(g[0]))}-{l}")
        for l in m["listLangs"]
        for g in m["listGlyphs"]
    ]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("glyph,lang", _combos())
def test_hanging_indent(browser, width, glyph, lang):
    browser.open(role_path("lists"), width)
    items = browser.js(MEASURE_ITEMS)
    chosen = [i for i in items if i["glyph"] == glyph and i["lang"].startswith(lang)]
    wrapped = [i for i in chosen if len(i["lines"]) >= 2]
    assert wrapped, f"no wrapped {lang} item with glyph {glyph!r} at {width}px (items: {len(chosen)})"
    for item in wrapped:
        first = item["lines"][0]["left"]
        for n, line in enumerate(item["lines"][1:], start=2):
            assert abs(line["left"] - first) <= 1, (
                f"{item['text']!r}: line {n} starts at {line['left']:.2f}px, "
                f"first line at {first:.2f}px ({width}px, {glyph!r}, {lang})"
            )
        assert abs(first - item["itemLeft"]) <= 1, f"{item['text']!r}: text does not start at the item's edge"
        assert item["bulletRight"] <= first + 0.5, f"{item['text']!r}: the bullet overlaps the text"


@pytest.mark.parametrize("width", WIDTHS)
def test_every_wrapped_item_hangs(browser, width):
    """All items on the page, whatever their glyph (numbers, ◦, tasks), wrap under their text."""
    browser.open(role_path("lists"), width)
    for item in browser.js(MEASURE_ITEMS):
        lefts = [line["left"] for line in item["lines"]]
        if len(lefts) >= 2:
            assert max(lefts) - min(lefts) <= 1, f"{item['text']!r} at {width}px: line starts {lefts}"


@pytest.mark.parametrize("width", WIDTHS)
def test_nested_lists_indent_consistently(browser, width):
    browser.open(role_path("lists"), width)
    nested = [i for i in browser.js(MEASURE_ITEMS) if i["parentItemLeft"] is not None]
    if not nested:
        pytest.skip("no nested list on the lists page")
    for item in nested:
        # A nested list starts exactly where its parent item's text starts.
        assert abs(item["bulletLeft"] - item["parentItemLeft"]) <= 1, item["text"]


@pytest.mark.parametrize("width", WIDTHS)
def test_task_checkboxes_align_with_first_line(browser, width):
    browser.open(role_path("lists"), width)
    boxes = browser.js(
        """
        return Array.from(document.querySelectorAll('.folio-task')).map((li) => {
          const box = li.querySelector('input[type=checkbox]').getBoundingClientRect();
          const item = li.querySelector('.folio-item');
          const range = document.createRange();
          range.selectNodeContents(item);
          const first = range.getClientRects()[0];
          return {box: (box.top + box.bottom) / 2, line: (first.top + first.bottom) / 2,
                  boxRight: box.right, textLeft: first.left};
        });
        """
    )
    if not boxes:
        pytest.skip("no task list on the lists page")
    for b in boxes:
        assert abs(b["box"] - b["line"]) <= 2, b
        assert b["boxRight"] <= b["textLeft"], b


def test_list_semantics_kept(browser):
    browser.open(role_path("lists"), WIDTHS[-1])
    counts = browser.js(
        """
        const lists = document.querySelectorAll('.folio-list');
        let bad = 0;
        for (const list of lists) {
          for (const child of list.children) if (child.tagName !== 'LI') bad += 1;
          if (getComputedStyle(list).listStyleType !== 'none') bad += 1;
        }
        return {lists: lists.length, bad};
        """
    )
    assert counts["lists"] > 0 and counts["bad"] == 0, counts
