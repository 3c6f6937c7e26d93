"""Dates from Git and "Edit this page": a site in a repository the test makes, whose commits have
fixed author dates, built with `lastUpdated: git` and `repository:` by the Folio under test
(FOLIO_BINARY, else the release or debug build in .build/) and served with the CSP as serve.py
serves every site here. A reader sees the date of the last commit that changed the page (or the
front matter's `lastmod`, which wins), the sitemap carries it, and the edit link is reached from
the keyboard with a visible focus.
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import threading
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import serve

PAGE = "---\ntitle: Start\ndate: 2023-12-01\n---\nStart here.\n"
FIXED = "---\ntitle: Fixed\nlastmod: 2020-05-05\n---\nDated by hand.\n"


def _git(project, *arguments: str, date: str | None = None) -> None:
    environment = {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}
    environment.update(
        GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="Ada", GIT_COMMITTER_NAME="Ada",
        GIT_AUTHOR_EMAIL="ada@example.com", GIT_COMMITTER_EMAIL="ada@example.com",
    )
    if date:
        environment.update(GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    subprocess.run(["git", "-c", "commit.gpgsign=false", *arguments], cwd=project, env=environment, check=True,
                   capture_output=True)


@pytest.fixture(scope="module")
def dated_site(tmp_path_factory, folio):
    """The site, committed on 2024-01-02 with docs/start.md edited on 2024-03-04, built and served
    with the CSP; yields its URL."""
    project = tmp_path_factory.mktemp("gitdates")
    (project / "Content" / "docs").mkdir(parents=True)
    (project / "folio.yaml").write_text(
        "title: Dated\nbaseURL: https://example.org/\nlastUpdated: git\n"
        "repository: {url: https://github.com/acme/site, path: website}\n",
        encoding="utf-8",
    )
    (project / "Content" / "docs" / "start.md").write_text(PAGE, encoding="utf-8")
    (project / "Content" / "docs" / "fixed.md").write_text(FIXED, encoding="utf-8")
    _git(project, "init", "-q", "-b", "main")
    _git(project, "add", "-A")
    _git(project, "commit", "-q", "-m", "first", date="2024-01-02T10:00:00+09:00")
    (project / "Content" / "docs" / "start.md").write_text(PAGE + "\nMore.\n", encoding="utf-8")
    _git(project, "commit", "-q", "-am", "edit", date="2024-03-04T05:06:07+00:00")
    output = project / "public"
    build = subprocess.run(
        [folio, "build", "--source", str(project), "--output", str(output)], capture_output=True, timeout=120
    )
    assert build.returncode == 0, build.stderr.decode("utf-8", "replace")
    assert b"warning" not in build.stderr, build.stderr.decode("utf-8", "replace")
    handler = functools.partial(serve.Handler, directory=str(output))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _updated(browser) -> tuple[str, str]:
    time = browser.driver.find_element(By.XPATH, "//p[@class='page-meta']/span[contains(., 'Updated')]/time")
    assert time.is_displayed()
    return time.get_attribute("datetime"), time.text


def test_a_page_shows_the_date_of_the_last_commit_that_changed_it(browser, dated_site):
    browser.driver.get(dated_site + "/docs/start/")
    assert _updated(browser) == ("2024-03-04T05:06:07+00:00", "March 4, 2024")
    assert not browser.problems()


def test_lastmod_in_front_matter_wins_over_git(browser, dated_site):
    browser.driver.get(dated_site + "/docs/fixed/")
    assert _updated(browser) == ("2020-05-05T00:00:00Z", "May 5, 2020")


def test_the_sitemap_carries_the_git_date(dated_site):
    with urllib.request.urlopen(dated_site + "/sitemap.xml") as response:
        sitemap = response.read().decode("utf-8")
    assert "<loc>https://example.org/docs/start/</loc><lastmod>2024-03-04" in sitemap


def test_the_edit_link_is_reached_from_the_keyboard(browser, dated_site):
    browser.driver.get(dated_site + "/docs/start/")
    link = browser.driver.find_element(By.CSS_SELECTOR, ".page-edit a")
    assert link.get_attribute("href") == "https://github.com/acme/site/edit/main/website/Content/docs/start.md"
    assert link.text == "Edit this page"
    for _ in range(60):
        ActionChains(browser.driver).send_keys(Keys.TAB).perform()
        if browser.js("return document.activeElement") == link:
            break
    else:
        pytest.fail("Tab never reached the edit link")
    outline = browser.js("const s = getComputedStyle(arguments[0]); return [s.outlineStyle, s.outlineWidth]", link)
    assert outline[0] != "none" and outline[1] != "0px", f"no visible focus: {outline}"
    assert not browser.problems()
