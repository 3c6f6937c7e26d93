"""Mermaid diagrams drawn by a site's own mermaid.min.js under the strict CSP: a site with
Templates/assets/mermaid.min.js, built by the Folio under test (FOLIO_BINARY, else the release
or debug build in .build/), served with `Content-Security-Policy: default-src 'self'` as
serve.py serves every site here. The mermaid.min.js is a stand-in the test writes (no registry
here ships Mermaid): it replaces each `<pre class="mermaid">`'s text with an <svg>, with DOM
calls only, as the real one does, so what is proved is the loading: the theme's files, in order,
on diagram pages only, and nothing the CSP blocks.
"""

from __future__ import annotations

import functools
import http.server
import subprocess
import threading

import pytest

import serve


FAKE_MERMAID = """
window.mermaid = {
  initialize: function (config) { window.__mermaidConfig = config; },
  run: function (options) {
    document.querySelectorAll(options.querySelector).forEach(function (pre) {
      var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", pre.textContent.trim().split("\\n")[0]);
      svg.setAttribute("data-drawn", "yes");
      pre.replaceChildren(svg);
    });
  },
};
"""


@pytest.fixture(scope="module")
def diagram_site(tmp_path_factory, folio):
    """The site, built and served with the CSP; yields its URL."""
    project = tmp_path_factory.mktemp("mermaid")
    (project / "Content").mkdir()
    (project / "Templates" / "assets").mkdir(parents=True)
    (project / "folio.yaml").write_text("title: Diagrams\n", encoding="utf-8")
    (project / "Content" / "diagram.md").write_text(
        "---\ntitle: Diagram\n---\n```mermaid\ngraph LR\n  Markdown --> HTML\n```\n", encoding="utf-8"
    )
    (project / "Content" / "plain.md").write_text("---\ntitle: Plain\n---\nNo diagram.\n", encoding="utf-8")
    (project / "Templates" / "assets" / "mermaid.min.js").write_text(FAKE_MERMAID, encoding="utf-8")
    output = project / "public"
    build = subprocess.run(
        [folio, "build", "--source", str(project), "--output", str(output)], capture_output=True, timeout=120
    )
    assert build.returncode == 0, build.stderr.decode("utf-8", "replace")
    handler = functools.partial(serve.Handler, directory=str(output))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _load(browser, url: str) -> None:
    browser.driver.get(url)
    browser.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const settle = () => requestAnimationFrame(() => requestAnimationFrame(() => done(true)));"
        "if (document.readyState === 'complete') settle(); else addEventListener('load', settle, { once: true });"
    )


def test_a_diagram_page_loads_the_sites_mermaid_and_draws_under_the_csp(browser, diagram_site):
    _load(browser, diagram_site + "/diagram/")
    scripts = browser.js("return [...document.scripts].map((s) => new URL(s.src).pathname)")
    assert scripts[-2:] == ["/assets/mermaid.min.js", "/assets/folio-mermaid.js"]
    assert browser.js("return document.querySelector('pre.mermaid svg[data-drawn]') !== null")
    assert browser.js("return document.querySelector('pre.mermaid').textContent") == ""
    assert browser.js("return document.querySelector('pre.mermaid svg').getAttribute('aria-label')") == "graph LR"
    assert browser.js("return window.__mermaidConfig.securityLevel") == "strict"
    assert browser.js("return window.__mermaidConfig.startOnLoad") is False


def test_a_page_without_a_diagram_loads_no_mermaid(browser, diagram_site):
    _load(browser, diagram_site + "/plain/")
    scripts = browser.js("return [...document.scripts].map((s) => s.src).join(' ')")
    assert "mermaid" not in scripts
    assert browser.js("return typeof window.mermaid") == "undefined"
