#!/bin/bash
# Benchmarks/imports.sh NAME TOOL REPO [SUBDIR] [CONTENTDIRS...] [--langs=...]
#
# Copies REPO (an extracted repository: `git --git-dir=DIR archive HEAD | tar -x`) to a
# scratch folder, runs `folio import` and `folio build` in REPO/SUBDIR, and prints the import's
# note count, the build's exit status and warning count, and import_check.py's URL match and
# literal-syntax scan. Nothing of the repository is kept in this project.
#
#   Benchmarks/imports.sh jess hugo /work/real/jessfraz+blog . content
#   Benchmarks/imports.sh drf mkdocs /work/real/encode+django-rest-framework . docs
set -u
name=$1; tool=$2; repo=$3; sub=${4:-.}; shift 4 || shift $#
here=$(cd "$(dirname "$0")/.." && pwd)
folio=${FOLIO:-$here/.build/release/folio-site}
[ -x "$folio" ] || folio=$here/.build/debug/folio-site
work=${WORK:-/tmp/folio-imports}/$name
rm -rf "$work" "$work.out" && mkdir -p "$(dirname "$work")" && cp -r "$repo" "$work"
cd "$work/$sub" || exit 2
"$folio" import > "$work.import.txt" 2>&1
echo "$name: import exit $?, $(grep -c 'warning:\|note:' "$work.import.txt") notes"
"$folio" build --output "$work.out" > "$work.build.txt" 2>&1
status=$?
echo "$name: build exit $status, $(grep -c 'warning:' "$work.build.txt") warnings, $(grep -c ' error:' "$work.build.txt") errors"
[ $status -eq 0 ] && python3 "$here/Benchmarks/import_check.py" "$tool" "$work/$sub" "$work.out" "$@"
