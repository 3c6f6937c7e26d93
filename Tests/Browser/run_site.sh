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
manifest=$(python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
pages = []
for folder, _, files in os.walk(out):
    for name in files:
        if name == "index.html":
            rel = os.path.relpath(folder, out)
            pages.append("/" if rel == "." else "/" + rel.replace(os.sep, "/") + "/")
pages = sorted(pages) + ["/404.html"]
print(json.dumps({
    "lists": "/components/bullet-lists/",
    "readmore": "/components/readmore/",
    "bookmarks": "/components/bookmarks/",
    "pages": pages,
    "listGlyphs": ["・", "•", "-"],
    "listLangs": ["en", "ja"],
    "readmoreKinds": ["short", "long", "inline-1", "inline-2"],
}, ensure_ascii=False))
PY
)
FOLIO_BROWSER_PAGES="$manifest" FOLIO_BINARY="$folio" bash "$root/scripts/browser-tests" "$out"
