#!/usr/bin/env bash
# Builds Folio's English sample docs (Content/docs/*.md) with MkDocs Material, the anchor that
# docs/design.md compares the default theme with. Nothing it makes is committed.
#
#   bash Benchmarks/material-sample.sh OUT        # OUT/project (mkdocs.yml, docs/), OUT/site
#   scripts/screenshots --site OUT/site --pages docs=/configuration/ --prefix material --no-csp --out docs/design
#   python3 Benchmarks/page-weight.py OUT/site /configuration/
#
# The virtualenv (MATERIAL_VENV, default /tmp/material-venv) gets mkdocs-material at the pinned
# version from PyPI. The pages keep their text; what changes:
# - `_index.md` becomes `index.md`; every page sits at the root, so /docs/configuration/ is
#   /configuration/ (links inside the text to /docs/… are left as they are: they 404 here);
# - the nav lists the pages by `weight`, then title, as Folio orders the section;
# - front matter stays (Material reads `title`); Folio-only blocks (`:::message`, attributed
#   spans) are left as text, as Material shows unknown syntax; none is on /configuration/.
# The configuration is Material's defaults plus what its "Getting started" recommends for code
# (pymdownx.highlight, superfences), admonitions, footnotes, permalinks on headings, and the
# palette toggle that follows the system scheme (so prefers-color-scheme: dark shows slate).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:?usage: material-sample.sh OUT}
VENV=${MATERIAL_VENV:-/tmp/material-venv}
MATERIAL_VERSION=9.8.2

if ! "$VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('mkdocs-material') != '$MATERIAL_VERSION')" 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "mkdocs-material==$MATERIAL_VERSION"
fi

rm -rf "$OUT/project" "$OUT/site"
mkdir -p "$OUT/project/docs"
"$VENV/bin/python" - "$ROOT/Content/docs" "$OUT/project" <<'PY'
import re, shutil, sys
from pathlib import Path
import yaml

source, project = Path(sys.argv[1]), Path(sys.argv[2])
pages = []
for path in sorted(source.glob("*.md")):
    if re.search(r"\.[a-z]{2}(-[a-z]+)?\.md$", path.name):
        continue  # a translation (getting-started.ja.md)
    text = path.read_text(encoding="utf-8")
    match = re.match(r"---\n(.*?)\n---\n", text, re.S)
    meta = yaml.safe_load(match.group(1)) if match else {}
    name = "index.md" if path.name == "_index.md" else path.name
    shutil.copy(path, project / "docs" / name)
    if name != "index.md":
        pages.append((meta.get("weight", 0), meta.get("title", path.stem), name))
nav = [{"Documentation": "index.md"}] + [{title: name} for _, title, name in sorted(pages)]
config = {
    "site_name": "Folio",
    "site_url": "https://folio.example.org/",
    "nav": nav,
    "theme": {
        "name": "material",
        "palette": [
            {"media": "(prefers-color-scheme: light)", "scheme": "default",
             "toggle": {"icon": "material/brightness-7", "name": "Switch to dark mode"}},
            {"media": "(prefers-color-scheme: dark)", "scheme": "slate",
             "toggle": {"icon": "material/brightness-4", "name": "Switch to light mode"}},
        ],
    },
    "markdown_extensions": [
        "admonition", "attr_list", "footnotes", "tables", {"toc": {"permalink": True}},
        "pymdownx.highlight", "pymdownx.inlinehilite", "pymdownx.superfences", "pymdownx.details",
    ],
}
(project / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False, allow_unicode=True), encoding="utf-8")
print("material-sample: nav", " · ".join(name for _, _, name in sorted(pages)), file=sys.stderr)
PY
(cd "$OUT/project" && NO_MKDOCS_2_WARNING=1 "$VENV/bin/mkdocs" build --quiet --site-dir "$OUT/site" 2>&1 | grep -v 'not found among documentation files' | grep -v 'contains a link to' || true)
echo "material-sample: built $OUT/site (mkdocs-material $MATERIAL_VERSION)"
