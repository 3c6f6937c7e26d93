#!/usr/bin/env python3
"""Builds Tests/Browser/fixtures/site from the theme's templates and hand-written content.

The component HTML below is written by hand to follow docs/CONTRACTS.md exactly, and the
template data follows its "Template data" section. Pages are rendered through the real
templates in Templates/ with a small Mustache renderer (fixture_mustache.py), and the theme's
assets are copied to /assets/, as a site build does. Run it again after changing Templates/:

    python3 Tests/Browser/make_fixture.py          # writes the fixture
    python3 Tests/Browser/make_fixture.py --check  # exits 1 when the fixture is stale
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

from fixture_mustache import Renderer

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
TEMPLATES = ROOT / "Templates"
OUTPUT = HERE / "fixtures" / "site"
BASE_URL = "https://folio.example/"

LABELS = {
    "en": {
        "readMore": "Read more",
        "previous": "Previous",
        "next": "Next",
        "tags": "Tags",
        "toc": "Contents",
        "skipToContent": "Skip to content",
        "notFound": "Page not found",
        "notFoundText": "The page you asked for does not exist or has moved.",
        "home": "Home",
        "published": "Published",
        "updated": "Updated",
        "allTags": "All tags",
        "page": "Page",
    },
    "ja": {
        "readMore": "続きを読む",
        "previous": "前へ",
        "next": "次へ",
        "tags": "タグ",
        "toc": "目次",
        "skipToContent": "本文へ移動",
        "notFound": "ページが見つかりません",
        "notFoundText": "お探しのページは存在しないか、移動しました。",
        "home": "ホーム",
        "published": "公開",
        "updated": "更新",
        "allTags": "すべてのタグ",
        "page": "ページ",
    },
}

MENU = [
    ("Home", "/"),
    ("Notes", "/notes/"),
    ("Lists", "/components/lists/"),
    ("Read more", "/components/readmore/"),
    ("Bookmarks", "/components/bookmarks/"),
    ("Tags", "/tags/"),
]

TAG_COMPONENTS = {"name": "components", "url": "/tags/components/"}
TAG_JAPANESE = {"name": "日本語", "url": "/tags/%E6%97%A5%E6%9C%AC%E8%AA%9E/"}

LOREM = (
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor "
    "incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud "
    "exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure "
    "dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. "
    "Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt."
)

JA_LONG = (
    "この項目はとても長い日本語の文章で、狭い画面でも広い画面でも必ず何行かに折り返されます。"
    "折り返した二行目以降の先頭は、一行目の最初の文字の真下にそろっていなければなりません。"
    "記号の幅が全角でも半角でも、ぶら下げインデントは同じように働くべきです。"
    "静的サイトジェネレーターのFolioは、箇条書きの記号を本文から切り離して並べることで、これを実現します。"
)


def bullet_list(glyph: str, long_text: str, level: int = 1, extra: str = "") -> str:
    """A three-item list: foo, a long item and bar (the contract's bullet-list markup)."""
    items = ["foo", long_text, "bar"]
    lis = "".join(
        f'<li><span class="folio-bullet" aria-hidden="true">{glyph}</span>'
        f'<div class="folio-item">{item}</div></li>\n'
        for item in items
    )
    return f'<ul class="folio-list" data-level="{level}"{extra}>\n{lis}</ul>\n'


def lists_content() -> str:
    parts = ['<h2 id="english-lists">English lists</h2>\n']
    for glyph, name in (("・", "full-width middle dot"), ("•", "bullet"), ("-", "hyphen")):
        parts.append(f'<h3 id="en-{len(parts)}">Glyph: {name}</h3>\n')
        parts.append(bullet_list(glyph, LOREM))
    parts.append('<h2 id="japanese-lists">日本語のリスト</h2>\n<div lang="ja">\n')
    for glyph, name in (("・", "中黒"), ("•", "ビュレット"), ("-", "ハイフン")):
        parts.append(f'<h3 id="ja-{len(parts)}">記号：{name}</h3>\n')
        parts.append(bullet_list(glyph, JA_LONG))
    parts.append("</div>\n")
    parts.append(
        '<h2 id="more-lists">Nested, ordered, task and loose lists</h2>\n'
        '<ul class="folio-list" data-level="1" data-spacing="4px">\n'
        '<li><span class="folio-bullet" aria-hidden="true">•</span><div class="folio-item">'
        "Parent item with <em>emphasis</em> and a nested list\n"
        '<ul class="folio-list" data-level="2">\n'
        '<li><span class="folio-bullet" aria-hidden="true">◦</span><div class="folio-item">'
        f"Nested item. {LOREM[:160]}</div></li>\n"
        '<li><span class="folio-bullet" aria-hidden="true">◦</span><div class="folio-item">'
        "Second nested item</div></li>\n"
        "</ul></div></li>\n"
        '<li><span class="folio-bullet" aria-hidden="true">•</span><div class="folio-item">'
        "Second parent item</div></li>\n"
        "</ul>\n"
        '<ol class="folio-list" data-level="1" start="3">\n'
        '<li><span class="folio-bullet" aria-hidden="true">3.</span><div class="folio-item">'
        "Third step</div></li>\n"
        '<li><span class="folio-bullet" aria-hidden="true">4.</span><div class="folio-item">'
        f"Fourth step, which is long enough to wrap. {LOREM[:200]}</div></li>\n"
        "</ol>\n"
        '<ul class="folio-list folio-tasks" data-level="1">\n'
        '<li class="folio-task"><span class="folio-bullet"><input type="checkbox" disabled checked '
        'aria-labelledby="task-1"></span><div class="folio-item" id="task-1">done</div></li>\n'
        '<li class="folio-task"><span class="folio-bullet"><input type="checkbox" disabled '
        'aria-labelledby="task-2"></span><div class="folio-item" id="task-2">'
        f"not done yet, and long: {LOREM[:180]}</div></li>\n"
        "</ul>\n"
        '<ul class="folio-list" data-level="1">\n'
        '<li><span class="folio-bullet" aria-hidden="true">-</span><div class="folio-item">'
        "<p>A loose list keeps its paragraphs.</p>\n<p>Second paragraph of the same item.</p>"
        "</div></li>\n"
        '<li><span class="folio-bullet" aria-hidden="true">-</span><div class="folio-item">'
        "<p>Another loose item.</p></div></li>\n"
        "</ul>\n"
    )
    return "".join(parts)


def readmore_block(number: int, lines: int, label: str, body: str, inline: bool = False) -> str:
    classes = "folio-readmore folio-readmore-inline" if inline else "folio-readmore"
    return (
        f'<div class="{classes}" data-lines="{lines}">\n'
        f'<div class="folio-readmore-content" id="readmore-{number}">{body}</div>\n'
        f'<button type="button" class="folio-readmore-toggle" aria-expanded="false" '
        f'aria-controls="readmore-{number}" hidden>{label}</button>\n'
        "</div>\n"
    )


JA_MESSAGE = (
    "<p>いつもFolioをご利用いただきありがとうございます。このたび、サイトの生成を速くするために、"
    "変更のあったページだけを作り直す仕組みを取り入れました。大きなサイトでも、保存してから"
    "ブラウザーに反映されるまでの時間がぐっと短くなります。</p>"
    "<p>あわせて、箇条書きの折り返し、続きを読むブロック、ブックマークの表も見直しました。"
    "どれもスクリプトがなくても読めるように作られており、スクリプトが動く環境ではより便利に"
    "使えます。<a href=\"/components/bookmarks/\">ブックマークの表</a>では、行を選んでMarkdownとして"
    "コピーしたり、ドラッグして並べ替えたりできます。</p>"
    "<p>ご意見やご要望があれば、いつでもお知らせください。今後ともよろしくお願いいたします。</p>"
)

# Fits in three lines when the page is wide, needs more when it is narrow.
JA_MEDIUM = "この文章は広い画面では二行に収まりますが、狭い画面では四行以上に折り返されるため、続きを見るボタンが現れます。"

JA_INLINE = (
    "<p>続きを読むの行内版では、ボタンが最後に見えている行の右端に重なって表示されます。"
    "背景色のグラデーションで本文の終わりをぼかし、そこに「続きを読む」という文字を置きます。"
    "ボタンを押すと、高さのアニメーションとともに全文が表示されます。"
    "動きを減らす設定の利用者には、アニメーションなしで一度に表示されます。</p>"
)

EN_INLINE = (
    "<p>The inline variant places its label at the end of the last visible line, inside the "
    "block, over a fade of the page background. It must look right when the block is clamped "
    "to a single line and when it is clamped to two or more lines, at narrow and wide widths "
    f"alike. {LOREM}</p>"
)


def readmore_content() -> str:
    return (
        '<h2 id="short">短い内容</h2>\n'
        + readmore_block(1, 3, "続きを見る", "<p>短いお知らせです。</p>")
        + '<h2 id="long">長いお知らせ</h2>\n'
        + readmore_block(2, 3, "続きを見る", JA_MESSAGE)
        + '<h2 id="medium">幅によって変わる内容</h2>\n'
        + readmore_block(5, 3, "続きを見る", f"<p>{JA_MEDIUM}</p>")
        + '<h2 id="inline-one">行内版（1行）</h2>\n'
        + readmore_block(3, 1, "続きを読む", JA_INLINE, inline=True)
        + '<h2 id="inline-two">Inline variant (2 lines)</h2>\n<div lang="en">\n'
        + readmore_block(4, 2, "Read more", EN_INLINE, inline=True)
        + "</div>\n"
    )


def bookmark_row(title: str, url: str, shown: str, notes: str) -> str:
    return (
        f'<tr data-url="{url}"><td><a href="{url}">{title}</a></td>'
        f'<td class="folio-url">{shown}</td><td>{notes}</td></tr>\n'
    )


HEAD = (
    '<thead><tr><th scope="col">Title</th><th scope="col">URL</th>'
    '<th scope="col">Notes</th></tr></thead>\n'
)


def bookmarks_content() -> str:
    return (
        "<p>Select rows, copy them as Markdown, filter, sort or drag them into a new order.</p>\n"
        '<figure class="folio-bookmarks" id="bookmarks-1" '
        'data-bookmarks-key="/components/bookmarks/#bookmarks-1">\n'
        "<figcaption>Favourite sites</figcaption>\n"
        '<table class="folio-bookmarks-table">\n'
        + HEAD
        + "<tbody>\n"
        + bookmark_row("Genji App", "https://genjiapp.com/", "genjiapp.com", "Reading app")
        + bookmark_row("Apple", "https://www.apple.com/", "www.apple.com", "Hardware")
        + bookmark_row("Google", "https://www.google.com/", "www.google.com", "Search")
        + "</tbody>\n</table>\n</figure>\n"
        '<h2 id="grouped">Grouped import</h2>\n'
        '<figure class="folio-bookmarks" id="bookmarks-2" '
        'data-bookmarks-key="/components/bookmarks/#bookmarks-2">\n'
        '<table class="folio-bookmarks-table">\n'
        + HEAD
        + '<tbody data-group="Reference">\n'
        '<tr class="folio-bookmarks-group"><th scope="rowgroup" colspan="3">Reference</th></tr>\n'
        + bookmark_row("MDN Web Docs", "https://developer.mozilla.org/", "developer.mozilla.org", "")
        + bookmark_row("WHATWG HTML", "https://html.spec.whatwg.org/", "html.spec.whatwg.org", "Living standard")
        + "</tbody>\n"
        '<tbody data-group="Swift">\n'
        '<tr class="folio-bookmarks-group"><th scope="rowgroup" colspan="3">Swift</th></tr>\n'
        + bookmark_row("Swift.org", "https://www.swift.org/", "www.swift.org", "Language home")
        + bookmark_row("Swift Forums", "https://forums.swift.org/", "forums.swift.org", "")
        + "</tbody>\n</table>\n</figure>\n"
    )


def site(lang: str = "en") -> dict:
    return {
        "title": "Folio Fixture",
        "description": "A hand-written site for Folio's browser tests.",
        "baseURL": BASE_URL,
        "language": "en",
        "author": "Folio contributors",
        "menu": [{"title": t, "url": u, "isCurrent": False} for t, u in MENU],
        "feeds": {"atom": "/atom.xml", "rss": "/rss.xml"},
        "generator": "Folio",
    }


def page(url: str, title: str, lang: str = "en", content: str = "", **extra) -> dict:
    data = {
        "title": title,
        "url": url,
        "permalink": BASE_URL.rstrip("/") + url,
        "lang": lang,
        "content": content,
        "summary": "",
        "hasMore": False,
        "date": "",
        "dateISO": "",
        "updated": "",
        "updatedISO": "",
        "tags": [],
        "toc": [],
        "hasToc": False,
        "params": {},
        "draft": False,
        "previous": None,
        "next": None,
        "section": None,
    }
    data.update(extra)
    return data


SUMMARIES = [
    {
        "title": "Bullet lists",
        "url": "/components/lists/",
        "summary": "<p>Hanging indents for any glyph, in English and Japanese.</p>",
        "hasMore": True,
        "date": "1 March 2025",
        "dateISO": "2025-03-01",
        "tags": [TAG_COMPONENTS],
    },
    {
        "title": "続きを読む",
        "url": "/components/readmore/",
        "summary": "<p>長い内容を数行に折りたたむブロックです。</p>",
        "hasMore": True,
        "date": "2 March 2025",
        "dateISO": "2025-03-02",
        "tags": [TAG_COMPONENTS, TAG_JAPANESE],
    },
    {
        "title": "Bookmark tables",
        "url": "/components/bookmarks/",
        "summary": "<p>Select, copy, filter, sort and reorder links.</p>",
        "hasMore": False,
        "date": "3 March 2025",
        "dateISO": "2025-03-03",
        "tags": [TAG_COMPONENTS],
    },
]


def pages() -> list[tuple[str, str, dict]]:
    """(output path, layout, data) for every fixture page."""
    def ctx(p: dict, **more) -> dict:
        menu = [dict(item, isCurrent=item["url"] == p["url"]) for item in site()["menu"]]
        data = {
            "site": dict(site(), menu=menu),
            "page": p,
            "labels": LABELS[p["lang"]],
            "assets": {"stylesheets": ["/assets/folio-lists.css"], "scripts": []},
        }
        data.update(more)
        return data

    components = {"title": "Components", "url": "/notes/"}
    lists_page = page(
        "/components/lists/",
        "Bullet lists",
        content=lists_content(),
        date="1 March 2025",
        dateISO="2025-03-01",
        updated="4 March 2025",
        updatedISO="2025-03-04",
        tags=[TAG_COMPONENTS],
        hasToc=True,
        toc=[
            {"title": "English lists", "id": "english-lists", "level": 2, "children": []},
            {"title": "日本語のリスト", "id": "japanese-lists", "level": 2, "children": []},
            {
                "title": "Nested, ordered, task and loose lists",
                "id": "more-lists",
                "level": 2,
                "children": [],
            },
        ],
        section=components,
        next={"title": "続きを読む", "url": "/components/readmore/"},
    )
    readmore_page = page(
        "/components/readmore/",
        "続きを読む",
        lang="ja",
        content=readmore_content(),
        date="2025年3月2日",
        dateISO="2025-03-02",
        tags=[TAG_COMPONENTS, TAG_JAPANESE],
        section=components,
        previous={"title": "Bullet lists", "url": "/components/lists/"},
        next={"title": "Bookmark tables", "url": "/components/bookmarks/"},
    )
    bookmarks_page = page(
        "/components/bookmarks/",
        "Bookmark tables",
        content=bookmarks_content(),
        date="3 March 2025",
        dateISO="2025-03-03",
        tags=[TAG_COMPONENTS],
        hasToc=True,
        toc=[{"title": "Grouped import", "id": "grouped", "level": 2, "children": []}],
        section=components,
        previous={"title": "続きを読む", "url": "/components/readmore/"},
    )
    home = page("/", "Folio Fixture", content="<p>Pages for the theme's browser tests.</p>")
    notes = page("/notes/", "Notes", content="<p>Every component page.</p>")
    notes2 = page("/notes/page/2/", "Notes", content="<p>Every component page.</p>")
    pagination = lambda current: {  # noqa: E731 - tiny local helper
        "current": current,
        "total": 2,
        "previousURL": "/notes/" if current == 2 else None,
        "nextURL": "/notes/page/2/" if current == 1 else None,
        "pages": [
            {"number": 1, "url": "/notes/", "isCurrent": current == 1},
            {"number": 2, "url": "/notes/page/2/", "isCurrent": current == 2},
        ],
    }
    tags = page("/tags/", "Tags")
    term = page("/tags/components/", "components", section={"title": "Tags", "url": "/tags/"})
    missing = page("/404.html", "Page not found")
    return [
        ("index.html", "home", ctx(home, list={"pages": SUMMARIES})),
        ("components/lists/index.html", "page", ctx(lists_page)),
        ("components/readmore/index.html", "page", ctx(readmore_page)),
        ("components/bookmarks/index.html", "page", ctx(bookmarks_page)),
        ("notes/index.html", "section", ctx(notes, list={"pages": SUMMARIES[:2], "pagination": pagination(1)})),
        ("notes/page/2/index.html", "section", ctx(notes2, list={"pages": SUMMARIES[2:], "pagination": pagination(2)})),
        (
            "tags/index.html",
            "taxonomy",
            ctx(tags, list={"terms": [
                {"name": "components", "url": "/tags/components/", "count": 3},
                {"name": "日本語", "url": TAG_JAPANESE["url"], "count": 1},
            ]}),
        ),
        ("tags/components/index.html", "term", ctx(term, list={"pages": SUMMARIES})),
        ("404.html", "404", ctx(missing)),
    ]


MANIFEST = {
    "lists": "/components/lists/",
    "readmore": "/components/readmore/",
    "bookmarks": "/components/bookmarks/",
    "pages": [
        "/",
        "/components/lists/",
        "/components/readmore/",
        "/components/bookmarks/",
        "/notes/",
        "/notes/page/2/",
        "/tags/",
        "/tags/components/",
        "/404.html",
    ],
    "listGlyphs": ["・", "•", "-"],
    "listLangs": ["en", "ja"],
}

# What the site build writes for the data-spacing values used (docs/CONTRACTS.md).
LISTS_CSS = '.folio-list[data-spacing="4px"] > li + li { margin-top: 4px }\n'


def build(out: Path) -> None:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    renderer = Renderer(TEMPLATES)
    for path, layout, data in pages():
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(renderer.render(layout, data), encoding="utf-8")
    shutil.copytree(TEMPLATES / "assets", out / "assets")
    (out / "assets" / "folio-lists.css").write_text(LISTS_CSS, encoding="utf-8")
    (out / "atom.xml").write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">'
        "<title>Folio Fixture</title></feed>\n",
        encoding="utf-8",
    )
    (out / "rss.xml").write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel>'
        "<title>Folio Fixture</title></channel></rss>\n",
        encoding="utf-8",
    )
    (out / "browser-pages.json").write_text(
        json.dumps(MANIFEST, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when the fixture is out of date")
    args = parser.parse_args()
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            fresh = Path(tmp) / "site"
            build(fresh)
            if snapshot(fresh) != snapshot(OUTPUT):
                print("fixture site is stale: run python3 Tests/Browser/make_fixture.py", file=sys.stderr)
                return 1
        return 0
    build(OUTPUT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
