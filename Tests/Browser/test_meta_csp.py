"""The Content-Security-Policy the default theme's pages carry in a <meta http-equiv>, which a
host that sends no header (GitHub Pages) publishes too.

Every page has the policy before any script or stylesheet, as the theme writes it
(Templates/base.mustache). Served without a header (FOLIO_SERVE_CSP=none: run_site.sh's last
pass, which also runs the component tests so), the policy the browser enforces is the meta's:
script, style, an event handler, a <base>, a fetch and an image from another http host injected
into the page are refused, each with a `securitypolicyviolation` naming the meta's policy,
while an image from an https host is not (127.0.0.2:9: another origin, and nothing listens, so
no request leaves the machine).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from conftest import WIDTHS, manifest

THEME = Path(__file__).resolve().parents[2] / "Templates" / "base.mustache"


def _theme_policy() -> str:
    match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', THEME.read_text("utf-8"))
    assert match, "Templates/base.mustache carries no policy"
    return match.group(1)


def _only_the_meta_applies() -> bool:
    return os.environ.get("FOLIO_SERVE_CSP") == "none"


# The first element of the head that a policy governs, and the policies in the head.
HEAD = """
const governed = (e) => e.matches('script, style, base, link[rel~="stylesheet"], link[rel~="preload"],'
  + ' link[rel~="modulepreload"], meta[http-equiv="Content-Security-Policy" i]');
const first = Array.from(document.head.children).find(governed);
return {
  first: first ? first.outerHTML.slice(0, 120) : null,
  policies: Array.from(document.querySelectorAll('meta[http-equiv="Content-Security-Policy" i]'))
    .map((m) => ({content: m.getAttribute('content'), inHead: m.parentElement === document.head})),
};
"""


@pytest.mark.parametrize("path", manifest()["pages"])
def test_every_page_carries_the_policy_before_any_script_or_stylesheet(browser, path):
    browser.open(path, WIDTHS[-1])
    head = browser.js(HEAD)
    assert head["policies"] == [{"content": _theme_policy(), "inHead": True}], head
    assert head["first"] and head["first"].lower().startswith('<meta http-equiv="content-security-policy"'), head


# Each injection, run in the page; what ran or applied is recorded, and the violations the
# page's CSP_RECORDER (conftest) collects are read afterwards.
INJECT = """
const done = arguments[arguments.length - 1];
const ran = {};
window.__injected = false;
const script = document.createElement('script');
script.textContent = 'window.__injected = true;';
document.head.append(script);
ran.inlineScript = window.__injected;
const style = document.createElement('style');
style.textContent = 'body { outline: 7px solid rgb(255, 0, 0) !important; }';
document.head.append(style);
ran.inlineStyle = getComputedStyle(document.body).outlineWidth === '7px';
const button = document.createElement('button');
window.__clicked = false;
button.setAttribute('onclick', 'window.__clicked = true');
document.body.append(button);
button.click();
button.remove();
ran.handler = window.__clicked;
const baseBefore = document.baseURI;
const base = document.createElement('base');
base.href = 'https://127.0.0.2:9/';
document.head.append(base);
ran.base = document.baseURI !== baseBefore;
base.remove();
const image = (src) => new Promise((resolve) => {
  const img = new Image();
  img.onload = img.onerror = () => resolve(true);
  img.src = src;
});
fetch('https://127.0.0.2:9/data.json').then(() => 'fetched', (e) => 'refused').then((fetched) => {
  ran.fetch = fetched === 'fetched';
  return Promise.all([image('https://127.0.0.2:9/a.png'), image('http://127.0.0.2:9/a.png')]);
}).then(() => setTimeout(() => done({ran, violations: window.__folioCSPDetails || []}), 100));
"""

# Records each violation's directive, blocked URL and the policy that refused it.
DETAILS = """
window.__folioCSPDetails = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__folioCSPDetails.push({directive: event.effectiveDirective, blocked: event.blockedURI,
    policy: event.originalPolicy, disposition: event.disposition});
});
"""


def test_the_meta_policy_refuses_what_an_injection_would_bring(browser):
    if not _only_the_meta_applies():
        pytest.skip("served with a header policy too; run_site.sh's last pass serves the meta alone")
    page = manifest()["pages"][0]
    browser.open(page, WIDTHS[-1])
    browser.js(DETAILS)
    result = browser.driver.execute_async_script(INJECT)
    assert result["ran"] == {
        "inlineScript": False, "inlineStyle": False, "handler": False, "base": False, "fetch": False,
    }, result
    violations = result["violations"]
    assert {v["policy"] for v in violations} == {_theme_policy()}, "the meta's policy refused them"
    refused = sorted((v["directive"], v["blocked"]) for v in violations)
    assert refused == [
        ("base-uri", "https://127.0.0.2:9/"),
        ("connect-src", "https://127.0.0.2:9/data.json"),
        ("img-src", "http://127.0.0.2:9/a.png"),
        ("script-src-attr", "inline"),
        ("script-src-elem", "inline"),
        ("style-src-elem", "inline"),
    ], violations
    # The injected violations were expected: clear them (and their console lines) so that the
    # autouse check sees only what else happened.
    problems = browser.problems()
    assert all("Content Security Policy" in p or "CSP:" in p or "127.0.0.2" in p for p in problems), problems
    browser.js("window.__folioCSP = []")
