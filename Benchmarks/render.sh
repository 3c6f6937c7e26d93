#!/usr/bin/env bash
# folio render vs cmark-gfm: CPU time (user + sys) and peak memory on corpus A.
#
# Builds folio in release mode twice (the default dynamic build, and one with the Swift
# runtime and Foundation linked statically, which starts several milliseconds faster), then:
#   1. renders corpus A concatenated into one file in /dev/shm with each tool;
#   2. renders ten copies of it in one file (startup is then a small part of the time);
#   3. renders corpus A file by file, one process per file, in a shell loop per tool;
#   4. times `--version` (process start-up and exit, no rendering), so that the file-by-file
#      figures can also be shown without the start-up of each process;
# with hyperfine (warm-up runs, then ROUNDS rounds that alternate the tools, so that drift in
# machine load hits every tool alike), and reports the median over rounds of each tool's
# user + sys CPU time and its ratio to cmark-gfm's. Peak RSS comes from /usr/bin/time -v.
#
# Usage: Benchmarks/render.sh [CORPUS_DIR]   (default ../shared/bench/corpus-a)
# Environment: ROUNDS (default 7), RUNS per round for the single file (default 10), OPTIONS
# (extra flags for both tools, e.g. "--unsafe -e table -e footnotes").
set -euo pipefail

cd "$(dirname "$0")/.."
CORPUS="${1:-../shared/bench/corpus-a}"
ROUNDS="${ROUNDS:-7}"
RUNS="${RUNS:-10}"
OPTIONS="${OPTIONS:-}"
WORK=/dev/shm/folio-render-bench
mkdir -p "$WORK"

swift build -c release >&2
swift build -c release --static-swift-stdlib --build-path .build/static >&2
FOLIO="$PWD/.build/release/folio"
FOLIO_STATIC="$PWD/.build/static/release/folio"
CMARK="$(command -v cmark-gfm)"

find "$CORPUS" -name '*.md' | LC_ALL=C sort > "$WORK/files.txt"
xargs -d '\n' cat < "$WORK/files.txt" > "$WORK/corpus.md"
for copy in $(seq 10); do cat "$WORK/corpus.md"; done > "$WORK/corpus10.md"
# Each loop starts one process per file, as a site generator calling a CLI per page would.
for tool in cmark folio folio-static; do
  case "$tool" in
    cmark) command="$CMARK $OPTIONS" ;;
    folio) command="$FOLIO render $OPTIONS" ;;
    folio-static) command="$FOLIO_STATIC render $OPTIONS" ;;
  esac
  printf '#!/bin/sh\nwhile IFS= read -r f; do %s "$f" >/dev/null; done < %s\n' "$command" "$WORK/files.txt" \
    > "$WORK/loop-$tool.sh"
  chmod +x "$WORK/loop-$tool.sh"
done

# Same output first: a benchmark of a wrong renderer means nothing.
"$CMARK" $OPTIONS "$WORK/corpus.md" > "$WORK/expected.html"
"$FOLIO" render $OPTIONS "$WORK/corpus.md" | cmp - "$WORK/expected.html"
"$FOLIO_STATIC" render $OPTIONS "$WORK/corpus.md" | cmp - "$WORK/expected.html"

# run_rounds NAME RUNS COMMAND... : ROUNDS hyperfine invocations over all commands, each
# writing JSON; the commands alternate within and across rounds.
run_rounds() {
  local name="$1" runs="$2"
  shift 2
  for round in $(seq "$ROUNDS"); do
    hyperfine -N --warmup 2 --runs "$runs" --export-json "$WORK/$name-$round.json" "$@" > /dev/null 2>&1
  done
}

run_rounds single "$RUNS" \
  "$CMARK $OPTIONS $WORK/corpus.md" \
  "$FOLIO render $OPTIONS $WORK/corpus.md" \
  "$FOLIO_STATIC render $OPTIONS $WORK/corpus.md"
run_rounds big 3 \
  "$CMARK $OPTIONS $WORK/corpus10.md" \
  "$FOLIO render $OPTIONS $WORK/corpus10.md" \
  "$FOLIO_STATIC render $OPTIONS $WORK/corpus10.md"
run_rounds perfile 1 "$WORK/loop-cmark.sh" "$WORK/loop-folio.sh" "$WORK/loop-folio-static.sh"
run_rounds startup 30 "$CMARK --version" "$FOLIO --version" "$FOLIO_STATIC --version"

rss() { /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F': ' '/Maximum resident/ {print $2}'; }
RSS_CMARK=$(rss "$CMARK" $OPTIONS "$WORK/corpus.md")
RSS_FOLIO=$(rss "$FOLIO" render $OPTIONS "$WORK/corpus.md")
RSS_STATIC=$(rss "$FOLIO_STATIC" render $OPTIONS "$WORK/corpus.md")

python3 - "$WORK" "$ROUNDS" "$(wc -l < "$WORK/files.txt")" "$(stat -c %s "$WORK/corpus.md")" \
  "$RSS_CMARK" "$RSS_FOLIO" "$RSS_STATIC" <<'EOF'
import json, statistics, sys
work, rounds, files, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rss = [int(x) for x in sys.argv[5:8]]
names = ["cmark-gfm", "folio (dynamic)", "folio (static stdlib)"]

def medians(kind):
    cpu = [[] for _ in names]
    wall = [[] for _ in names]
    for round in range(1, rounds + 1):
        results = json.load(open(f"{work}/{kind}-{round}.json"))["results"]
        for index, result in enumerate(results):
            cpu[index].append(result["user"] + result["system"])
            wall[index].append(result["median"])
    return [statistics.median(c) for c in cpu], [statistics.median(w) for w in wall]

print(f"corpus: {files} files, {size / 1e6:.2f} MB; {rounds} alternating rounds; medians over rounds\n")
print("| case | tool | CPU user+sys | ratio to cmark-gfm | wall | peak RSS |")
print("|---|---|---:|---:|---:|---:|")
cases = (
    ("single", "one concatenated file"),
    ("big", f"ten copies in one file ({10 * size / 1e6:.1f} MB)"),
    ("perfile", f"file by file ({files} processes)"),
    ("startup", "start-up alone (`--version`)"),
)
results = {}
for kind, label in cases:
    cpu, wall = medians(kind)
    results[kind] = cpu
    for index, name in enumerate(names):
        memory = f"{rss[index] / 1024:.1f} MB" if kind == "single" else ""
        print(f"| {label} | {name} | {cpu[index] * 1000:.1f} ms | {cpu[index] / cpu[0]:.2f}× | "
              f"{wall[index] * 1000:.1f} ms | {memory} |")
work = [results["perfile"][i] - files * results["startup"][i] for i in range(len(names))]
for index, name in enumerate(names):
    print(f"| file by file, less {files} start-ups | {name} | {work[index] * 1000:.1f} ms | "
          f"{work[index] / work[0]:.2f}× | | |")
EOF
