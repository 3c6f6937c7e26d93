"""Photos shown with plain Markdown: a `<picture>` whose sources the browser picks by width.

The sample site's docs page on images shows a 2400×1600 photo (Content/images/sample-photo.jpg),
which the build offers as AVIF and WebP at 480, 960 and 1440 pixels wide, with the theme's
`sizes` (the 44rem text column on wide screens, the viewport's width on narrow ones). Chromium
shows AVIF, so it must pick the AVIF file just wide enough for the space the layout gives the
image: at 1280 px (44rem = 704 px) the 960-pixel file, at 390 px the 480-pixel one; never the
2400-pixel original. The `<img>` keeps the file's width and height, so nothing moves when the
photo arrives, and every image after a page's first loads lazily.
"""

from __future__ import annotations

import re

from conftest import LAYOUT_SHIFT, role_path

PHOTO = """
const done = arguments[arguments.length - 1];
const img = document.querySelector('main picture img');
if (!img) { done(null); return; }
const report = () => done({
  current: img.currentSrc, width: img.getAttribute('width'), height: img.getAttribute('height'),
  natural: [img.naturalWidth, img.naturalHeight], box: [img.clientWidth, img.clientHeight],
  loading: img.getAttribute('loading'),
  sources: Array.from(img.parentElement.querySelectorAll('source')).map((s) => s.type),
});
if (img.complete && img.naturalWidth) report(); else img.addEventListener('load', report);
setTimeout(report, 4000);
"""

def _photo(browser, width: int) -> dict:
    # Without the cache: a browser may show a wider variant it already holds (the crawl tests
    # open every page at every width), which says nothing about what it would fetch.
    browser.driver.execute_cdp_cmd("Network.enable", {})
    browser.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    try:
        browser.open(role_path("images"), width)
        photo = browser.driver.execute_async_script(PHOTO)
    finally:
        browser.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    assert photo, "the images page shows no <picture>"
    return photo


def test_a_wide_window_gets_the_variant_just_wider_than_the_text_column(browser):
    photo = _photo(browser, 1280)
    assert photo["sources"] == ["image/avif", "image/webp"], photo
    assert re.search(r"/images/sample-photo-960w\.[0-9a-f]{8}\.avif$", photo["current"]), photo
    assert (photo["width"], photo["height"]) == ("2400", "1600"), photo
    # The first image of the page loads at once: it is often what the reader sees first.
    assert photo["loading"] is None, photo
    assert browser.driver.execute_async_script(LAYOUT_SHIFT) == 0


def test_a_phone_gets_the_narrowest_variant_and_nothing_shifts(browser):
    photo = _photo(browser, 390)
    assert re.search(r"/images/sample-photo-480w\.[0-9a-f]{8}\.avif$", photo["current"]), photo
    box_width, box_height = photo["box"]
    # Shown in the column's width, in the photo's proportions (3:2), to a pixel.
    assert box_width <= 390 and abs(box_width * 2 - box_height * 3) <= 3, photo
    assert browser.driver.execute_async_script(LAYOUT_SHIFT) == 0
