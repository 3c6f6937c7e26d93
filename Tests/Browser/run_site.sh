#!/usr/bin/env bash
# Builds the sample site in Content/ with the given folio binary and runs the browser tests
# and the HTML validator over every generated page; test_hostile_site.py also builds its own
# hostile site with the same binary (FOLIO_BINARY).
# Usage: bash Tests/Browser/run_site.sh PATH/TO/folio
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
folio=${1:?usage: run_site.sh PATH/TO/folio}
# Absolute: test_hostile_site.py builds its own site with it from another folder.
folio=$(cd "$(dirname "$folio")" && pwd)/$(basename "$folio")
out=$(mktemp -d)/public
trap 'rm -rf "$(dirname "$out")"' EXIT
"$folio" build --quiet --source "$root" --output "$out" || exit 1
bash "$root/scripts/browser-env" || exit 1
# The page manifest of a built site, with its paths under PREFIX (`/` or `/sub/dir/`).
manifest() { # output folder, prefix
  python3 - "$1" "$2" <<'PY'
import json, os, sys
out, prefix = sys.argv[1], sys.argv[2].rstrip("/")
pages = []
for folder, _, files in os.walk(out):
    for name in files:
        if name == "index.html":
            rel = os.path.relpath(folder, out)
            pages.append("/" if rel == "." else "/" + rel.replace(os.sep, "/") + "/")
pages = sorted(pages) + ["/404.html"] + (["/ja/404.html"] if os.path.exists(os.path.join(out, "ja", "404.html")) else [])
print(json.dumps({
    "lists": prefix + "/components/bullet-lists/",
    "readmore": prefix + "/components/readmore/",
    "bookmarks": prefix + "/components/bookmarks/",
    "code": prefix + "/docs/markdown/",
    "writing": prefix + "/ja/zenn/",
    "search": prefix + "/search/",
    # A page with a photo (test_images.py): its variants' widths, best format first.
    "images": prefix + "/docs/images/",
    "searchQueries": [
        {"language": None, "query": "markdown", "expect": prefix + "/docs/markdown/"},
        {"language": "ja", "query": "静的サイト", "expect": prefix + "/ja/"},
    ],
    # The bilingual sample site (test_languages.py): a page with a Japanese translation, and one without.
    "languages": {
        "translated": prefix + "/docs/getting-started/",
        "translation": prefix + "/ja/docs/getting-started/",
        "untranslated": prefix + "/docs/cli/",
        "home": prefix + "/ja/",
    },
    # The documentation section (test_docs_nav.py): its sidebar in weight-then-title order.
    "docs": {
        "page": prefix + "/docs/templates/",
        "pageTitle": "Templates",
        "section": prefix + "/docs/",
        "translation": prefix + "/ja/docs/getting-started/",
        "order_last": prefix + "/docs/books/",
        "order": ["Documentation", "Getting started", "Writing content", "Images", "Markdown", "Templates", "Components",
                  "Configuration", "Shortcodes and Liquid tags", "The command line", "Continuous integration",
                  "Multilingual sites", "Site search", "Migrating from Hugo, Jekyll and MkDocs", "Books"],
        "translationOrder": ["ドキュメント", "はじめに", "ショートコードとLiquidタグ", "多言語のサイト",
                             "Hugo・Jekyll・MkDocsからの移行", "本"],
    },
    # The docs section as a book (test_books.py): its print page and EPUB.
    "book": {"print": prefix + "/docs/print/", "epub": prefix + "/docs/book.epub",
             "chapter": prefix + "/docs/getting-started/", "chapters": 15},
    "pages": [prefix + page for page in pages],
    "listGlyphs": ["・", "•", "-"],
    "listLangs": ["en", "ja"],
    "readmoreKinds": ["short", "long", "inline-1", "inline-2"],
}, ensure_ascii=False))
PY
}
FOLIO_BROWSER_PAGES="$(manifest "$out" /)" FOLIO_BINARY="$folio" bash "$root/scripts/browser-tests" "$out" || exit 1

# Every page again under a sub-path, served from a folder at that path as a GitHub Pages
# project site is, and with no header at all, as GitHub Pages serves it: scripts, stylesheets
# and links must all carry the path, and only the Content-Security-Policy each page carries in
# its <meta> applies. Every component must work under it, nothing may break it, and
# test_meta_csp.py shows that it is the meta that refuses an injection. One pass for both: a
# third pass of the same pages cost CI two minutes and found nothing the two miss (the header
# pass above runs axe and the hostile site).
www=$(dirname "$out")/www
"$folio" build --quiet --source "$root" --output "$www/sub/dir" --base-url "http://127.0.0.1/sub/dir/" || exit 1
echo "=== the same site under /sub/dir/ with no CSP header: only the pages' own <meta> policy"
FOLIO_SERVE_CSP=none FOLIO_BROWSER_PAGES="$(manifest "$www/sub/dir" /sub/dir/)" FOLIO_BINARY="$folio" \
  bash "$root/scripts/browser-tests" "$www" -k "not hostile and not axe"
