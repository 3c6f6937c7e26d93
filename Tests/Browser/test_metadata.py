"""What a page tells search engines and link previews, and images that keep their place.

The default theme's head (Templates/partials/head.mustache, `page.meta`) carries a description,
OpenGraph and Twitter card tags, a canonical link and schema.org JSON-LD; the JSON-LD is a
`<script type="application/ld+json">`, data the browser never runs, so the strict CSP reports
nothing (the autouse fixture in conftest fails any test during which a page broke it). Local
images carry `width` and `height` read from their files, in the files' proportions, so nothing
moves when they load: the page's cumulative layout shift is 0.
"""

from __future__ import annotations

import json

from conftest import LAYOUT_SHIFT, WIDTHS, role_path

META = """
const content = (selector) => { const e = document.querySelector(selector); return e ? e.getAttribute('content') : null; };
const canonical = document.querySelector('link[rel="canonical"]');
const data = Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map((s) => s.textContent);
return {
  description: content('meta[name="description"]'),
  descriptions: document.querySelectorAll('meta[name="description"]').length,
  title: content('meta[property="og:title"]'),
  type: content('meta[property="og:type"]'),
  url: content('meta[property="og:url"]'),
  siteName: content('meta[property="og:site_name"]'),
  locale: content('meta[property="og:locale"]'),
  twitter: content('meta[name="twitter:card"]'),
  canonical: canonical ? canonical.getAttribute('href') : null,
  h1: (document.querySelector('main h1') || {}).textContent,
  data,
};
"""

IMAGES = """
return Array.from(document.querySelectorAll('main img'))
  .filter((img) => new URL(img.src).origin === location.origin)
  .map((img) => ({
    src: img.getAttribute('src'), width: img.getAttribute('width'), height: img.getAttribute('height'),
    natural: [img.naturalWidth, img.naturalHeight], box: [img.clientWidth, img.clientHeight],
  }));
"""

def test_a_docs_page_carries_its_metadata_and_json_ld(browser):
    path = role_path("code")
    browser.open(path, WIDTHS[-1])
    meta = browser.js(META)
    assert meta["descriptions"] == 1 and meta["description"], meta
    assert meta["title"] and meta["siteName"], meta
    assert meta["type"] in ("article", "website"), meta
    assert meta["url"] and meta["url"] == meta["canonical"], meta
    assert meta["canonical"].startswith("http") and meta["canonical"].endswith(path.split("/", 1)[-1] or "/"), meta
    assert meta["locale"] == "en", meta
    assert meta["twitter"] in ("summary", "summary_large_image"), meta
    assert len(meta["data"]) == 1, meta
    graph = json.loads(meta["data"][0])["@graph"]
    kinds = [item["@type"] for item in graph]
    assert "Article" in kinds and "BreadcrumbList" in kinds, graph
    article = graph[kinds.index("Article")]
    assert article["headline"] == meta["title"] and article["inLanguage"] == "en", article
    crumbs = graph[kinds.index("BreadcrumbList")]["itemListElement"]
    assert [c["position"] for c in crumbs] == list(range(1, len(crumbs) + 1)) and len(crumbs) >= 2, crumbs


def test_local_images_have_their_files_size_and_nothing_shifts(browser):
    path = role_path("code")
    browser.open(path, WIDTHS[0])
    images = browser.js(IMAGES)
    assert images, f"{path} shows no image of the site's own"
    for image in images:
        assert image["width"] and image["height"], image
        width, height = int(image["width"]), int(image["height"])
        natural_width, natural_height = image["natural"]
        # The attributes keep the file's proportions (to a pixel of rounding).
        assert abs(width * natural_height - height * natural_width) <= max(natural_width, natural_height), image
        # Shown narrower than the attribute (the column at 320 px), the height follows (height: auto).
        box_width, box_height = image["box"]
        assert abs(box_width * height - box_height * width) <= max(width, height), image
    assert browser.driver.execute_async_script(LAYOUT_SHIFT) == 0
