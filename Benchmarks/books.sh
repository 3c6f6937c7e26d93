#!/usr/bin/env bash
# Books (issue 35): what a 100-chapter book adds to its section's build, and the PDF's time.
#
# Usage: Benchmarks/books.sh
#
# The book: the first CHAPTERS Markdown files of ../shared/bench/corpus-a (Hugo's own docs,
# byte order of their paths), each with its front matter replaced by a title and a weight, in
# Content/book/ of two projects that differ only in their section's _index.md:
# - book:  `layout: docs` and `book: true` (print page and book.epub besides the pages);
# - docs:  `layout: docs` alone (the same section and sidebar, no book).
# Timed with hyperfine (RUNS runs per round, ROUNDS rounds with the order swapped each round;
# wall time medians): `folio build --no-cache --quiet` of each into an absent output folder;
# then the `books` step of `--format json`'s timings of the book project (median of RUNS), and
# `folio build --no-cache --pdf` of the book project (RUNS_PDF runs; the PDF needs Chromium).
# The chapters link to pages of Hugo's docs that are not in the book: checkLinks: warn.
# Checked before anything is timed: two builds give the same book.epub (cmp), and epubcheck
# finds no error and no warning in it when installed.
#
# Environment: CHAPTERS (100), RUNS (5), ROUNDS (2), RUNS_PDF (3), BENCH_DIR (/dev/shm/folio-bench),
# SKIP_BUILD=1 (use the existing release binary), FOLIO (another folio binary; implies SKIP_BUILD).
set -euo pipefail

CHAPTERS=${CHAPTERS:-100}
RUNS=${RUNS:-5}
ROUNDS=${ROUNDS:-2}
RUNS_PDF=${RUNS_PDF:-3}
BENCH_DIR=${BENCH_DIR:-/dev/shm/folio-bench}
root=$(cd "$(dirname "$0")/.." && pwd)
corpus="$root/../shared/bench/corpus-a/pages"
[[ -d $corpus ]] || { echo "books.sh: error: $corpus is missing" >&2; exit 1; }

if [[ -n ${FOLIO:-} ]]; then
  folio=$FOLIO
else
  if [[ -z ${SKIP_BUILD:-} ]]; then
    for product in folio-serve folio-site folio; do
      (cd "$root" && swift build -c release --static-swift-stdlib --product "$product" 2>&1 | tail -n 1)
    done
  fi
  folio="$root/.build/release/folio"
fi

work="$BENCH_DIR/books"
rm -rf "$work"
for kind in book docs; do
  mkdir -p "$work/$kind/Content/book"
  printf 'title: Books bench\nbaseURL: https://example.org/\ncheckLinks: warn\n' > "$work/$kind/folio.yaml"
done
printf -- '---\ntitle: The book\nlayout: docs\nbook: true\n---\nA book of %s chapters.\n' "$CHAPTERS" \
  > "$work/book/Content/book/_index.md"
printf -- '---\ntitle: The book\nlayout: docs\n---\nA book of %s chapters.\n' "$CHAPTERS" \
  > "$work/docs/Content/book/_index.md"
number=0
while IFS= read -r file; do
  number=$((number + 1))
  name=$(printf 'ch%03d.md' "$number")
  # The body without the file's own front matter (--- … --- or +++ … +++ at the top).
  body=$(awk 'NR==1 && ($0=="---" || $0=="+++") {fence=$0; inside=1; next}
              inside && $0==fence {inside=0; next}
              !inside {print}' "$file")
  for kind in book docs; do
    printf -- '---\ntitle: "Chapter %d"\nweight: %d\n---\n%s\n' "$number" "$number" "$body" \
      > "$work/$kind/Content/book/$name"
  done
done < <(find "$corpus" -name '*.md' | LC_ALL=C sort | head -n "$CHAPTERS")
echo "books.sh: $number chapters, $(du -sh "$work/book/Content" | cut -f1) of Markdown"

"$folio" build --no-cache --quiet --source "$work/book" --output "$work/out1"
"$folio" build --no-cache --quiet --source "$work/book" --output "$work/out2"
cmp "$work/out1/book/book.epub" "$work/out2/book/book.epub"
echo "books.sh: two builds give the same book.epub ($(stat -c %s "$work/out1/book/book.epub") bytes)"
if [[ -x /usr/bin/java && -e /usr/bin/epubcheck ]]; then
  java -jar /usr/bin/epubcheck "$work/out1/book/book.epub" 2>&1 | grep -E "^Messages:" || true
fi

results="$work/results"
mkdir -p "$results"
for round in $(seq 1 "$ROUNDS"); do
  order=(book docs)
  ((round % 2 == 0)) && order=(docs book)
  commands=()
  for kind in "${order[@]}"; do
    commands+=(-n "$kind" "rm -rf $work/out-$kind && $folio build --no-cache --quiet --source $work/$kind --output $work/out-$kind")
  done
  hyperfine -w 1 -r "$RUNS" --export-json "$results/round$round.json" "${commands[@]}" >/dev/null
done
python3 - "$results" <<'PY'
import json, statistics, sys, pathlib
times = {}
for path in sorted(pathlib.Path(sys.argv[1]).glob("round*.json")):
    for result in json.loads(path.read_text())["results"]:
        times.setdefault(result["command"], []).extend(result["times"])
book, docs = statistics.median(times["book"]), statistics.median(times["docs"])
print(f"books.sh: build with the book {book*1000:.0f} ms, without {docs*1000:.0f} ms (medians of {len(times['book'])} runs each): the book adds {100*(book/docs-1):+.1f}%")
PY

steps=()
for _ in $(seq 1 "$RUNS"); do
  rm -rf "$work/out-json"
  steps+=("$("$folio" build --no-cache --format json --source "$work/book" --output "$work/out-json" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["timings"]["books"])')")
done
printf '%s\n' "${steps[@]}" | python3 -c 'import sys,statistics; v=[float(x) for x in sys.stdin]; print(f"books.sh: the books step (print page laid out apart) {statistics.median(v)*1000:.0f} ms median")'

if [[ -x /usr/bin/chromium ]]; then
  for _ in $(seq 1 "$RUNS_PDF"); do
    rm -rf "$work/out-pdf"
    start=$(date +%s.%N)
    "$folio" build --no-cache --quiet --pdf --source "$work/book" --output "$work/out-pdf"
    end=$(date +%s.%N)
    echo "books.sh: build with --pdf $(python3 -c "print(f'{$end-$start:.2f}')") s, $(pdfinfo "$work/out-pdf/book/book.pdf" | awk '/^Pages/ {print $2}') pages, $(stat -c %s "$work/out-pdf/book/book.pdf") bytes"
  done
fi
