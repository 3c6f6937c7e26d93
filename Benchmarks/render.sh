#!/usr/bin/env bash
# folio render vs cmark-gfm: CPU time (user + sys) and peak memory on corpus A.
#
# Builds folio in release mode (a fully static executable: see Package.swift), then:
#   1. renders corpus A concatenated into one file in /dev/shm with each tool;
#   2. renders ten copies of it in one file (startup is then a small part of the time);
#   3. renders corpus A file by file, one process per file, in a shell loop per tool;
#   4. renders corpus A file by file inside one process through each library (a C program
#      over libcmark-gfm, with the system allocator and with its arena; a Swift program over
#      Folio's MarkdownParsing and HTMLRendering): the per-page cost a site build pays, without
#      process start-up (default options only; thread CPU time, median of 21 passes).
# Steps 1-3 use hyperfine (warm-up runs, then rounds that alternate the tools, so that drift in
# machine load hits every tool alike) and report the median over rounds of each tool's
# user + sys CPU time and its ratio to cmark-gfm's. Peak RSS comes from /usr/bin/time -v.
#
# Usage: Benchmarks/render.sh [CORPUS_DIR]   (default ../shared/bench/corpus-a)
# Environment: ROUNDS (default 7), PERFILE_ROUNDS (default 5), RUNS per round for the single
# file (default 10), OPTIONS (extra flags for both tools in steps 1-3, e.g. "--unsafe -e table").
set -euo pipefail

cd "$(dirname "$0")/.."
CORPUS="${1:-../shared/bench/corpus-a}"
ROUNDS="${ROUNDS:-7}"
PERFILE_ROUNDS="${PERFILE_ROUNDS:-5}"
RUNS="${RUNS:-10}"
OPTIONS="${OPTIONS:-}"
WORK=/dev/shm/folio-render-bench
mkdir -p "$WORK"

swift build -c release --static-swift-stdlib --product folio >&2
FOLIO="$PWD/.build/release/folio"
CMARK="$(command -v cmark-gfm)"

find "$CORPUS" -name '*.md' | LC_ALL=C sort > "$WORK/files.txt"
xargs -d '\n' cat < "$WORK/files.txt" > "$WORK/corpus.md"
for copy in $(seq 10); do cat "$WORK/corpus.md"; done > "$WORK/corpus10.md"
# Each loop starts one process per file, as a site generator calling a CLI per page would.
for tool in cmark folio; do
  case "$tool" in
    cmark) command="$CMARK $OPTIONS" ;;
    folio) command="$FOLIO render $OPTIONS" ;;
  esac
  printf '#!/bin/sh\nwhile IFS= read -r f; do %s "$f" >/dev/null; done < %s\n' "$command" "$WORK/files.txt" \
    > "$WORK/loop-$tool.sh"
  chmod +x "$WORK/loop-$tool.sh"
done

# Same output first: a benchmark of a wrong renderer means nothing.
"$CMARK" $OPTIONS "$WORK/corpus.md" > "$WORK/expected.html"
"$FOLIO" render $OPTIONS "$WORK/corpus.md" | cmp - "$WORK/expected.html"

# run_rounds NAME ROUNDS RUNS COMMAND... : ROUNDS hyperfine invocations over all commands,
# each writing JSON; the commands alternate within and across rounds.
run_rounds() {
  local name="$1" rounds="$2" runs="$3"
  shift 3
  for round in $(seq "$rounds"); do
    hyperfine -N --warmup 2 --runs "$runs" --export-json "$WORK/$name-$round.json" "$@" > /dev/null 2>&1
  done
}

run_rounds single "$ROUNDS" "$RUNS" \
  "$CMARK $OPTIONS $WORK/corpus.md" \
  "$FOLIO render $OPTIONS $WORK/corpus.md"
run_rounds big "$ROUNDS" 3 \
  "$CMARK $OPTIONS $WORK/corpus10.md" \
  "$FOLIO render $OPTIONS $WORK/corpus10.md"
run_rounds perfile "$PERFILE_ROUNDS" 1 "$WORK/loop-cmark.sh" "$WORK/loop-folio.sh"

# In-process harnesses, written here so that they need no package of their own in the
# repository: each loads every page first, then renders them all ROUNDS times and prints the
# median CPU time of one pass (thread CPU clock) and the total HTML size.
mkdir -p "$WORK/inprocess/Sources/inprocess"
cat > "$WORK/inprocess/cmark.c" <<'C'
#include <cmark-gfm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static int compare(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return (x > y) - (x < y); }
int main(int argc, char **argv) {
  int rounds = atoi(argv[2]); FILE *list = fopen(argv[1], "r"); char path[4096];
  char **pages = NULL; size_t *sizes = NULL; int count = 0;
  while (fgets(path, sizeof path, list)) {
    path[strcspn(path, "\n")] = 0; FILE *f = fopen(path, "rb"); fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    pages = realloc(pages, (count + 1) * sizeof *pages); sizes = realloc(sizes, (count + 1) * sizeof *sizes);
    pages[count] = malloc(n); sizes[count] = fread(pages[count], 1, n, f); fclose(f); count++;
  }
  double *times = malloc(rounds * sizeof *times); size_t total = 0;
  for (int r = 0; r < rounds; r++) {
    double start = now(); total = 0;
    for (int i = 0; i < count; i++) {
#ifdef ARENA
      cmark_mem *mem = cmark_get_arena_mem_allocator();
#else
      cmark_mem *mem = cmark_get_default_mem_allocator();
#endif
      cmark_parser *parser = cmark_parser_new_with_mem(CMARK_OPT_DEFAULT, mem);
      cmark_parser_feed(parser, pages[i], sizes[i]);
      cmark_node *document = cmark_parser_finish(parser);
      char *html = cmark_render_html_with_mem(document, CMARK_OPT_DEFAULT, NULL, mem);
      total += strlen(html);
#ifdef ARENA
      cmark_arena_reset();
#else
      cmark_parser_free(parser);
      cmark_node_free(document);
      free(html);
#endif
    }
    times[r] = now() - start;
  }
  qsort(times, rounds, sizeof *times, compare);
  printf("%f %zu\n", times[rounds / 2], total);
  return 0;
}
C
cat > "$WORK/inprocess/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
  name: "inprocess", platforms: [.macOS(.v14)],
  dependencies: [.package(path: "$PWD")],
  targets: [
    .executableTarget(
      name: "inprocess",
      dependencies: [
        .product(name: "MarkdownParsing", package: "$(basename "$PWD" | tr '[:upper:]' '[:lower:]')"),
        .product(name: "HTMLRendering", package: "$(basename "$PWD" | tr '[:upper:]' '[:lower:]')"),
      ])
  ])
SWIFT
cat > "$WORK/inprocess/Sources/inprocess/main.swift" <<'SWIFT'
import Glibc
import HTMLRendering
import MarkdownParsing

func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
let rounds = Int(CommandLine.arguments[2])!
var pages: [[UInt8]] = []
var line: UnsafeMutablePointer<CChar>? = nil
var capacity = 0
let list = fopen(CommandLine.arguments[1], "r")
while getline(&line, &capacity, list) > 0 {
  let path = String(cString: line!).split(separator: "\n").first.map(String.init) ?? ""
  let file = fopen(path, "rb")
  fseek(file, 0, SEEK_END)
  let count = ftell(file)
  fseek(file, 0, SEEK_SET)
  var page = [UInt8](repeating: 0, count: count)
  _ = page.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, file) }
  fclose(file)
  pages.append(page)
}
let parser = MarkdownParser()
let renderer = HTMLRenderer()
var times: [Double] = []
var total = 0
for _ in 0..<rounds {
  let start = now()
  total = 0
  for page in pages { total += renderer.renderBytes(parser.parse(page)).count }
  times.append(now() - start)
}
print(times.sorted()[rounds / 2], total)
SWIFT
# The system allocator is how a library user calls cmark-gfm; its arena (what its CLI uses)
# allocates a fresh 4 MB chunk after every reset, which costs more than small pages.
gcc -O2 -o "$WORK/inprocess/cmark-system" "$WORK/inprocess/cmark.c" -lcmark-gfm -lcmark-gfm-extensions
gcc -O2 -DARENA -o "$WORK/inprocess/cmark-arena" "$WORK/inprocess/cmark.c" -lcmark-gfm -lcmark-gfm-extensions
swift build -c release --package-path "$WORK/inprocess" >&2
read -r CMARK_INPROCESS CMARK_BYTES < <("$WORK/inprocess/cmark-system" "$WORK/files.txt" 21)
read -r ARENA_INPROCESS ARENA_BYTES < <("$WORK/inprocess/cmark-arena" "$WORK/files.txt" 21)
read -r FOLIO_INPROCESS FOLIO_BYTES < <("$WORK/inprocess/.build/release/inprocess" "$WORK/files.txt" 21)
if [ "$CMARK_BYTES" != "$FOLIO_BYTES" ] || [ "$ARENA_BYTES" != "$FOLIO_BYTES" ]; then
  echo "in-process harnesses disagree: cmark-gfm wrote $CMARK_BYTES bytes, folio $FOLIO_BYTES" >&2
  exit 1
fi

rss() { /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F': ' '/Maximum resident/ {print $2}'; }
RSS_CMARK=$(rss "$CMARK" $OPTIONS "$WORK/corpus.md")
RSS_FOLIO=$(rss "$FOLIO" render $OPTIONS "$WORK/corpus.md")

python3 - "$WORK" "$ROUNDS" "$PERFILE_ROUNDS" "$(wc -l < "$WORK/files.txt")" "$(stat -c %s "$WORK/corpus.md")" \
  "$RSS_CMARK" "$RSS_FOLIO" "$CMARK_INPROCESS" "$ARENA_INPROCESS" "$FOLIO_INPROCESS" <<'EOF'
import json, statistics, sys
work, rounds, perfile_rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
files, size = int(sys.argv[4]), int(sys.argv[5])
rss = [int(x) for x in sys.argv[6:8]]
inprocess = [float(x) for x in sys.argv[8:11]]
names = ["cmark-gfm", "folio"]

def medians(kind):
    cpu = [[] for _ in names]
    wall = [[] for _ in names]
    for round in range(1, (perfile_rounds if kind == "perfile" else rounds) + 1):
        results = json.load(open(f"{work}/{kind}-{round}.json"))["results"]
        for index, result in enumerate(results):
            cpu[index].append(result["user"] + result["system"])
            wall[index].append(result["median"])
    return [statistics.median(c) for c in cpu], [statistics.median(w) for w in wall]

print(f"corpus: {files} files, {size / 1e6:.2f} MB; {rounds} alternating rounds "
      f"({perfile_rounds} for the loops, 21 passes in process); medians\n")
print("| case | tool | CPU user+sys | ratio to cmark-gfm | wall | peak RSS |")
print("|---|---|---:|---:|---:|---:|")
cases = (
    ("single", "one concatenated file"),
    ("big", f"ten copies in one file ({10 * size / 1e6:.1f} MB)"),
    ("perfile", f"file by file ({files} processes)"),
)
results = {}
for kind, label in cases:
    cpu, wall = medians(kind)
    results[kind] = cpu
    for index, name in enumerate(names):
        memory = f"{rss[index] / 1024:.1f} MB" if kind == "single" else ""
        print(f"| {label} | {name} | {cpu[index] * 1000:.1f} ms | {cpu[index] / cpu[0]:.2f}× | "
              f"{wall[index] * 1000:.1f} ms | {memory} |")
for index, name in enumerate(["libcmark-gfm (system malloc)", "libcmark-gfm (arena, reset per page)", "Folio libraries"]):
    print(f"| file by file in one process | {name} | {inprocess[index] * 1000:.1f} ms | "
          f"{inprocess[index] / inprocess[0]:.2f}× | | |")
EOF
