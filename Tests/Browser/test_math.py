"""Formulas: KaTeX's MathML, written at build time, drawn by the browser with no script."""

from __future__ import annotations

import pytest

from conftest import WIDTHS, role_path
from test_pages import assert_no_violations

FORMULAS = """
return Array.from(document.querySelectorAll('main math')).map((m) => {
  const box = m.getBoundingClientRect();
  const annotation = m.querySelector('annotation');
  return {namespace: m.namespaceURI, display: m.getAttribute('display'),
          width: box.width, height: box.height,
          tex: annotation ? annotation.textContent : null,
          annotationShown: annotation ? annotation.getBoundingClientRect().height > 0 : false,
          inDiv: m.closest('div.folio-math') !== null};
});
"""


def test_formulas_render_as_mathml_with_a_size(browser):
    browser.open(role_path("writing"), WIDTHS[-1])
    formulas = browser.js(FORMULAS)
    assert len(formulas) >= 5, formulas
    for formula in formulas:
        assert formula["namespace"] == "http://www.w3.org/1998/Math/MathML", formula
        assert formula["width"] > 0 and formula["height"] > 0, formula
        assert formula["tex"], formula
        assert not formula["annotationShown"], f"the TeX source is drawn: {formula}"
    displayed = [f for f in formulas if f["display"] == "block"]
    assert len(displayed) >= 2 and all(f["inDiv"] for f in displayed), formulas
    inline = [f for f in formulas if f["display"] is None]
    assert any(f["tex"] == "e^{i\\pi} + 1 = 0" for f in inline), inline


def test_a_displayed_formula_is_taller_than_a_line_of_text(browser):
    browser.open(role_path("writing"), WIDTHS[-1])
    heights = browser.js("""
      const line = parseFloat(getComputedStyle(document.querySelector('main p')).lineHeight);
      const integral = Array.from(document.querySelectorAll('div.folio-math math'))
        .find((m) => m.querySelector('annotation').textContent.includes('\\\\int'));
      return {line: line, integral: integral.getBoundingClientRect().height};
    """)
    assert heights["integral"] > heights["line"], heights


def test_no_dollar_delimiters_are_left_in_the_text(browser):
    browser.open(role_path("writing"), WIDTHS[-1])
    # The paragraphs, not the Markdown shown in code blocks.
    text = browser.js("return Array.from(document.querySelectorAll('main p')).map((p) => p.innerText).join(' ')")
    euler = [p for p in text.split("オイラーの等式")[1:]]
    assert euler, text
    assert "$e^{i" not in text and "$" not in euler[0].split("。")[0]


def test_no_script_is_needed_for_formulas(nojs_browser):
    nojs_browser.open(role_path("writing"), WIDTHS[0])
    width = nojs_browser.js("return document.querySelector('main math').getBoundingClientRect().width")
    assert width > 0


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_formulas(browser, scheme):
    browser.emulate(prefers_color_scheme=scheme)
    browser.open(role_path("writing"), WIDTHS[0])
    assert_no_violations(browser, f"writing page with formulas at {WIDTHS[0]}px ({scheme})")
