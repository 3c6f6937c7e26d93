"""Writes a site whose every author-controlled field holds an XSS vector (issue 14).

Front matter (YAML and JSON), folio.yaml, directives, Markdown, bookmark tables and every
bookmark data format (YAML, JSON, CSV, Netscape HTML exports). Written at test time into a
temporary folder: the fixture is this text, not a committed site.

`SCRIPT_URLS` are URLs that would run code if a browser followed them, each hidden in one of the
ways the WHATWG URL parser undoes (tabs, newlines, leading controls and spaces, case,
character references). Slugs and aliases stay ordinary paths: the path checks are tested
elsewhere.
"""

from __future__ import annotations

import json
from pathlib import Path

# Text that breaks out of an attribute or an element, or runs script when parsed as HTML.
TEXT_VECTORS = [
    '"><script>alert("title")</script>',
    "'><img src=x onerror=alert('img')>",
    "<svg onload=confirm('svg')>",
    "</title><script>prompt('title')</script>",
    "\"autofocus onfocus=alert('focus') x=\"",
    "<iframe src=javascript:alert('iframe')>",
    "{{{page.content}}}<a href=javascript:alert('mustache')>m</a>",
]
TEXT = " ".join(TEXT_VECTORS)

# URLs that run code, as written in a text file (JSON/YAML escapes are applied per format).
SCRIPT_URLS = [
    "javascript:alert('plain')",
    "java\tscript:alert('tab')",
    "java\nscript:alert('newline')",
    "\x01javascript:alert('control')",
    " javascript:alert('space')",
    "\x00\x1f javascript:alert('nul')",
    "JaVaScRiPt:alert('case')",
    "data:text/html,<script>alert('data')</script>",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgnYjY0Jyk8L3NjcmlwdD4=",
    "vbscript:msgbox('vb')",
]

# The same, as character references in an HTML export (browsers decode these first).
EXPORT_URLS = [
    "java&#9;script:alert('ref-tab')",
    "java&#x0A;script:alert('ref-newline')",
    "&#1;javascript:alert('ref-control')",
    "java&Tab;script&colon;alert('named')",
    "&#32;JAVASCRIPT:alert('ref-space')",
    "data&colon;text/html,&lt;script&gt;alert('ref-data')&lt;/script&gt;",
]

SAFE_URL = "https://example.org/safe"

# Characters XML 1.0 forbids, and a terminal escape (diagnostics must print it escaped).
CONTROLS = " \x01\x0b\x1b[31m"


def _yaml(text: str) -> str:
    """A YAML double-quoted scalar (JSON's escapes are YAML's)."""
    return json.dumps(text)


def _csv(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _table_cell(text: str) -> str:
    # A table cell ends at `|` and a line end; cmark-gfm decodes references in cells.
    return text.replace("|", "\\|").replace("\n", "&#10;").replace("\t", "&#9;").replace("\x00", "")


def write(root: Path) -> None:
    """Writes the hostile project (folio.yaml, Content/) into `root`."""
    files: dict[str, str] = {}
    menu = [{"title": TEXT, "url": url} for url in SCRIPT_URLS] + [
        {"title": TEXT, "url": "/posts/"},
        {"title": "Safe", "url": SAFE_URL},
    ]
    files["folio.yaml"] = "\n".join(
        [
            f"title: {_yaml(TEXT + CONTROLS)}",
            f"description: {_yaml(TEXT)}",
            f"author: {_yaml(TEXT)}",
            f"language: {_yaml(TEXT)}",
            "baseURL: https://example.org/",
            # Links such as `java<TAB>script:` are relative (cmark-gfm writes %09) and lead nowhere.
            "checkLinks: warn",
            # The search index and page: results show titles and text the script writes as text.
            "search: true",
            f"readMore: {{ en: {_yaml(TEXT)} }}",
            f"lists: {{ bullets: [{_yaml(TEXT)}, {_yaml(TEXT)}] }}",
            "menu:",
            *[f"  - {{ title: {_yaml(item['title'])}, url: {_yaml(item['url'])} }}" for item in menu],
            "",
        ]
    )

    front = "\n".join(
        [
            "---",
            f"title: {_yaml(TEXT + CONTROLS)}",
            "date: 2024-01-02",
            f"summary: {_yaml(TEXT + CONTROLS)}",
            f"description: {_yaml(TEXT)}",
            f"lang: {_yaml(TEXT)}",
            f"tags: [{_yaml(TEXT)}, {_yaml(TEXT_VECTORS[1])}, {_yaml('javascript:alert(1)')}]",
            f"image: {_yaml(SCRIPT_URLS[0])}",
            f"link: {_yaml(SCRIPT_URLS[1])}",
            "aliases: [/old/hostile/]",
            "---",
        ]
    )
    inline_urls = [url for url in SCRIPT_URLS if "\n" not in url]
    links = "\n".join(f"- [link {i}](<{url}>)" for i, url in enumerate(inline_urls))
    images = "\n".join(f"- ![image {i}](<{url}>)" for i, url in enumerate(inline_urls))
    footnote = TEXT_VECTORS[2].replace(" ", "")
    files["Content/posts/hostile.md"] = f"""{front}
# {TEXT}

Intro {TEXT} with <script>alert('raw')</script> and <img src=x onerror=alert('raw-img')>.

<!-- more -->

<script>alert('block')</script>

<iframe srcdoc="<script>alert('srcdoc')</script>"></iframe>

{links}
{images}
- <javascript:alert('autolink')>
- [ref link][evil]
- [entity](java&#9;script:alert('entity'))
- ^[attributes](onclick: "alert('attr')", class: "\\"><script>alert('class')</script>", id: "x\\" onmouseover=\\"alert(1)")

[evil]: javascript:alert('reference')

## {TEXT} {{#id}}

<!-- list bullet="&quot;><script>alert('bullet')</script>" lang="&quot; onmouseover=&quot;alert('lang')" spacing="1px;}}*{{color:red" -->
- {TEXT}
  - nested {TEXT}

<!-- readmore lines="2" label="&quot;><img src=x onerror=alert('label')>" -->
{TEXT}

{TEXT}
<!-- /readmore -->

<!-- readmore inline label="<svg onload=alert('inline')>" -->
{TEXT}
<!-- /readmore -->

Footnote[^{footnote}].

[^{footnote}]: {TEXT}

<!-- bookmarks caption="&quot;><script>alert('caption')</script>" -->
| Title | URL | Notes |
|---|---|---|
""" + "".join(
        f"| {_table_cell(TEXT)} {i} | {_table_cell(url)} | {_table_cell(TEXT)} |\n" for i, url in enumerate(SCRIPT_URLS)
    ) + f"""| [{_table_cell(TEXT_VECTORS[0])}](javascript:alert('cell')) | | |
| Safe | {SAFE_URL} | {_table_cell(TEXT)} |

<!-- bookmarks src="hostile.yaml" caption="{_html(TEXT)}" -->

<!-- bookmarks src="hostile.json" -->

<!-- bookmarks src="hostile.csv" -->

<!-- bookmarks src="hostile.html" -->
"""

    entries = [{"title": f"{TEXT}{CONTROLS} {i}", "url": url, "note": TEXT} for i, url in enumerate(SCRIPT_URLS)]
    entries.append({"title": "Safe", "url": SAFE_URL, "note": TEXT})
    files["Content/posts/hostile.yaml"] = "".join(
        f"- title: {_yaml(e['title'])}\n  url: {_yaml(e['url'])}\n  note: {_yaml(e['note'])}\n" for e in entries
    )
    files["Content/posts/hostile.json"] = json.dumps({"bookmarks": entries}, indent=1)
    files["Content/posts/hostile.csv"] = "title,url,notes\n" + "".join(
        f"{_csv(e['title'])},{_csv(e['url'])},{_csv(e['note'])}\n" for e in entries
    )
    export_urls = [_html(url) for url in SCRIPT_URLS] + EXPORT_URLS
    files["Content/posts/hostile.html"] = "\n".join(
        [
            "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
            '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
            "<DL><p>",
            f"    <DT><H3>{_html(TEXT)}</H3>",
            "    <DL><p>",
            *[f'        <DT><A HREF="{url}">{_html(TEXT)} {i}</A>\n        <DD>{_html(TEXT)}' for i, url in enumerate(export_urls)],
            f'        <DT><A HREF="{SAFE_URL}">Safe</A>',
            "    </DL><p>",
            "</DL><p>",
            "",
        ]
    )

    # JSON front matter, and a title that comes from the first heading.
    files["Content/posts/json.md"] = (
        json.dumps({"title": TEXT, "date": "2024-01-01", "tags": [TEXT], "summary": TEXT}) + f"\n\n{TEXT}\n"
    )
    files["Content/posts/heading.md"] = f"---\ndate: 2023-12-31\n---\n# {TEXT}\n\n{TEXT}\n"
    files["Content/posts/_index.md"] = f"---\ntitle: {_yaml(TEXT)}\n---\n{TEXT}\n"
    files["Content/_index.md"] = f"---\ntitle: {_yaml(TEXT)}\n---\n{TEXT}\n"

    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
