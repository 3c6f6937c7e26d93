"""`folio serve` in a real headless Chromium: live reload after a Markdown edit, a stylesheet
swap that keeps page state, and the error overlay for bad front matter, cleared by the fix.

Run by run.sh, which passes the folio binary in FOLIO_BINARY and uses the browser venv.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

ROOT = Path(__file__).resolve().parents[2]
FOLIO = os.environ.get("FOLIO_BINARY", str(ROOT / ".build" / "release" / "folio"))
PAGE = "Content/docs/cli.md"


def wait_until(predicate, limit):
    """Polls `predicate` until it is true; returns the seconds it took, or None after `limit`."""
    start = time.monotonic()
    while time.monotonic() - start < limit:
        if predicate():
            return time.monotonic() - start
        time.sleep(0.02)
    return None


def serve(config: str):
    """Copies the sample site with `config` as its folio.yaml into a temporary folder, starts
    `folio serve` on it and yields the folder and the URL it prints; stops it afterwards."""
    folder = Path(tempfile.mkdtemp())
    for name in ("Content", "Templates"):
        shutil.copytree(ROOT / name, folder / name)
    (folder / "folio.yaml").write_text(config)
    log = folder / "serve.log"
    with open(log, "w") as stream:
        process = subprocess.Popen([FOLIO, "serve", "--source", str(folder), "--port", "0"], stderr=stream)
    url = None
    for _ in range(200):
        match = re.search(r"at (http://\S+/) ", log.read_text())
        if match:
            url = match.group(1)
            break
        time.sleep(0.05)
    assert url, log.read_text()
    yield folder, url
    print(log.read_text())
    process.terminate()
    assert process.wait(timeout=10) == 0, "folio serve did not stop cleanly on SIGTERM"
    shutil.rmtree(folder)


@pytest.fixture(scope="module")
def site():
    yield from serve((ROOT / "folio.yaml").read_text())


@pytest.fixture(scope="module")
def browser():
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,900"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    yield driver
    driver.quit()


def edit(path: Path, old: str, new: str):
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    # Save the way editors do: write a temporary file, then rename it over the page.
    temporary = path.with_name("." + path.name + ".tmp")
    temporary.write_text(text.replace(old, new, 1))
    os.replace(temporary, path)


def body_text(driver) -> str:
    try:
        return driver.find_element(By.TAG_NAME, "body").text
    except Exception:
        return ""


def test_markdown_edit_shows_within_a_second(site, browser):
    folder, url = site
    browser.get(url + "docs/cli/")
    assert wait_until(lambda: browser.execute_script("return window.__folioLiveReload !== undefined || document.readyState === 'complete'"), 5)
    time.sleep(0.3)  # let the event stream connect
    page = folder / PAGE
    first_line = next(line for line in page.read_text().splitlines()[8:] if line and not line.startswith(("#", "-", "|", "`", "<")))
    edit(page, first_line, "Live edit marker 4711. " + first_line)
    took = wait_until(lambda: "Live edit marker 4711." in body_text(browser), 1.0)
    assert took is not None, "the edited text did not appear within 1 s"


def test_stylesheet_edit_applies_without_navigation(site, browser):
    folder, url = site
    browser.get(url + "docs/cli/")
    time.sleep(0.5)
    browser.execute_script("window.__folioStateMarker = 42;")
    css = folder / "Templates" / "assets" / "folio.css"
    css.write_text(css.read_text() + "\nbody { outline: 3px solid rgb(1, 2, 3); }\n")
    took = wait_until(
        lambda: "rgb(1, 2, 3)" in browser.execute_script("return getComputedStyle(document.body).outlineColor"), 1.0
    )
    assert took is not None, "the stylesheet change did not apply within 1 s"
    assert browser.execute_script("return window.__folioStateMarker") == 42, "the page was reloaded"


def test_bad_front_matter_shows_overlay_and_fix_clears_it(site, browser):
    folder, url = site
    browser.get(url + "docs/cli/")
    time.sleep(0.5)
    page = folder / PAGE
    good = page.read_text()
    lines = good.split("\n")
    assert lines[0] == "---" and lines[1].startswith("title:")
    lines[1] = "title: [unclosed"
    page.write_text("\n".join(lines))
    shown = wait_until(lambda: browser.execute_script("return !!document.querySelector('.folio-overlay')"), 2.0)
    assert shown is not None, "no error overlay appeared"
    location = browser.find_element(By.CSS_SELECTOR, ".folio-overlay-location").text
    assert location.startswith("Content/docs/cli.md:3:"), location
    assert "]" in browser.find_element(By.CSS_SELECTOR, ".folio-overlay-message").text
    page.write_text(good)
    cleared = wait_until(lambda: browser.execute_script("return !document.querySelector('.folio-overlay')"), 2.0)
    assert cleared is not None, "the overlay stayed after the fix"


def test_search_finds_a_word_saved_a_moment_ago(site, browser):
    """The index in `folio serve` follows edits: a word added to a page is found at once."""
    folder, url = site
    page = folder / PAGE
    first_line = next(line for line in page.read_text().splitlines()[8:] if line and not line.startswith(("#", "-", "|", "`", "<")))
    edit(page, first_line, "Quokkas zebrafinch. " + first_line)

    def found() -> bool:
        browser.get(url + "search/?q=zebrafinch")
        # The save also reloads the page the previous test left open; when that reload lands
        # after this navigation began, it wins and the browser stays on that page. Try again.
        if not browser.current_url.startswith(url + "search/"):
            return False
        status = "return document.querySelector('[data-folio-search-status]')?.textContent ?? ''"
        if wait_until(lambda: browser.execute_script(status) != "", 3) is None:
            return False
        hrefs = browser.execute_script(
            "return Array.from(document.querySelectorAll('.folio-search-result-title')).map((a) => a.getAttribute('href'))"
        )
        return any(href.endswith("/docs/cli/") for href in hrefs)

    assert wait_until(found, 10) is not None, "the saved word was not found"


@pytest.fixture(scope="module")
def sub_path_site():
    """The sample site published under a sub-path (`baseURL: https://example.org/sub/dir/`)."""
    config = re.sub(r"(?m)^baseURL:.*$", "", (ROOT / "folio.yaml").read_text())
    yield from serve(config + "\nbaseURL: https://example.org/sub/dir/\n")


def test_a_site_under_a_sub_path_previews_there_and_reloads_on_save(sub_path_site, browser):
    folder, url = sub_path_site
    assert url.endswith("/sub/dir/"), url
    origin = url[: -len("sub/dir/")]
    browser.get(origin)
    assert wait_until(lambda: browser.current_url == url, 5) is not None, browser.current_url
    browser.get(url + "docs/cli/")
    time.sleep(0.5)
    # The theme's stylesheet and scripts load from under the sub-path.
    assert browser.execute_script(
        "const link = document.querySelector('link[rel=stylesheet][href$=\"folio.css\"]');"
        "return link.getAttribute('href') === '/sub/dir/assets/folio.css' && link.sheet.cssRules.length > 0"
    )
    scripts = browser.execute_script("return [...document.scripts].map(s => s.getAttribute('src'))")
    assert "/sub/dir/assets/folio-readmore.js" in scripts, scripts
    page = folder / PAGE
    first_line = next(line for line in page.read_text().splitlines()[8:] if line and not line.startswith(("#", "-", "|", "`", "<")))
    edit(page, first_line, "Sub-path marker 5812. " + first_line)
    took = wait_until(lambda: "Sub-path marker 5812." in body_text(browser), 1.0)
    assert took is not None, "the edited text did not appear within 1 s under the sub-path"
