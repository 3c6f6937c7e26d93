#!/usr/bin/env bash
# Site search on 10,000 pages with the default theme (issue 13): build time with and without
# the index, the index's size, and what one query transfers.
#
# Usage: Benchmarks/search.sh [N]        (default: 10000)
#
# 1. English: ../shared/bench/gen_corpus.py pages (deterministic; reused when present, as
#    Benchmarks/build.sh makes them) in two projects that differ only in `search: true`: the
#    settings of Benchmarks/folio-reference/full.yaml, the default theme (no Templates/), and a
#    title-only _index.md per section. Timed with hyperfine, the two commands alternating:
#    ROUNDS invocations, the order swapped each round, each timed run into an absent output
#    folder in RAM. Reported: the median of all runs, the spread of the rounds' medians, CPU.
# 2. The index: files and bytes below /search/, raw and gzip -9.
# 3. Queries: Benchmarks/search-transfer.js runs the theme's script over the built files and
#    counts every byte it fetches (English queries on the English site; Japanese queries on
#    Benchmarks/gen_ja_corpus.py pages, built once with `language: ja`).
#
# Environment: RUNS (5 per command per round), WARMUP (1), ROUNDS (4), BENCH_DIR
# (/dev/shm/folio-bench), SKIP_BUILD=1 (use the existing release binary).
set -euo pipefail

RUNS=${RUNS:-5}
WARMUP=${WARMUP:-1}
ROUNDS=${ROUNDS:-4}
BENCH_DIR=${BENCH_DIR:-/dev/shm/folio-bench}
n=${1:-10000}

cd "$(dirname "$0")/.."
repo=$(pwd)
shared=$(cd ../shared/bench && pwd)
for tool in hyperfine python3 /usr/bin/node; do
  command -v "$tool" >/dev/null || { echo "search.sh: $tool is not installed" >&2; exit 69; }
done
if [[ -z "${SKIP_BUILD:-}" ]]; then
  for product in folio folio-site folio-serve; do swift build -c release --static-swift-stdlib --product "$product" >&2; done
fi
folio="$repo/.build/release/folio"
mkdir -p "$BENCH_DIR/out" "$BENCH_DIR/results"

source "$repo/Benchmarks/corpus.sh"
corpus=$(bench_corpus "$BENCH_DIR" "$shared" "$n")
# A project over `pages` with the reference settings, the default theme and `search` as given.
project() { # folder, pages, search (true/false), language
  rm -rf "$1"
  mkdir -p "$1"
  sed "s/^language: en$/language: $4/" "$repo/Benchmarks/folio-reference/full.yaml" >"$1/folio.yaml"
  echo "search: $3" >>"$1/folio.yaml"
  cp -al "$2" "$1/Content"
  for section in "$1"/Content/*/; do
    printf -- '---\ntitle: "%s"\n---\n' "$(basename "$section")" >"$section/_index.md"
  done
}
on="$corpus/folio-search-on"
off="$corpus/folio-search-off"
project "$on" "$corpus/pages" true en
project "$off" "$corpus/pages" false en
out_on="$BENCH_DIR/out/search-on-$n"
out_off="$BENCH_DIR/out/search-off-$n"
cmd_on="$folio build --quiet --source $on --output $out_on"
cmd_off="$folio build --quiet --source $off --output $out_off"

jsons=()
for round in $(seq "$ROUNDS"); do
  json="$BENCH_DIR/results/search-c$n-round$round.json"
  jsons+=("$json")
  a=(--prepare "rm -rf $out_on" -n search "$cmd_on")
  b=(--prepare "rm -rf $out_off" -n no-search "$cmd_off")
  if ((round % 2)); then pair=("${a[@]}" "${b[@]}"); else pair=("${b[@]}" "${a[@]}"); fi
  hyperfine --style basic --warmup "$WARMUP" --runs "$RUNS" --export-json "$json" "${pair[@]}" >&2
done
$cmd_on
echo
echo "## Build, c$n, default theme (load $(cut -d' ' -f1-3 /proc/loadavg))"
python3 - "${jsons[@]}" <<'PY'
import json, statistics, sys
times, cpu, medians = {}, {}, {}
for path in sys.argv[1:]:
    for r in json.load(open(path))["results"]:
        times.setdefault(r["command"], []).extend(r["times"])
        cpu.setdefault(r["command"], []).append(r["user"] + r["system"])
        medians.setdefault(r["command"], []).append(statistics.median(r["times"]))
print("| build | median s (all runs) | rounds' medians s | CPU s (user + sys) |")
print("| --- | ---: | --- | ---: |")
for name in ("no-search", "search"):
    print(f"| {name} | {statistics.median(times[name]):.3f} | "
          + ", ".join(f"{m:.3f}" for m in medians[name])
          + f" | {statistics.mean(cpu[name]):.2f} |")
wall = statistics.median(times["search"]) / statistics.median(times["no-search"]) - 1
rounds = [s / o - 1 for s, o in zip(medians["search"], medians["no-search"])]
cpus = statistics.mean(cpu["search"]) / statistics.mean(cpu["no-search"]) - 1
print(f"\nindex cost: wall {wall:+.1%} (rounds {', '.join(f'{r:+.1%}' for r in rounds)}), CPU {cpus:+.1%}")
PY

echo
echo "## The index, c$n"
python3 - "$out_on/search" <<'PY'
import gzip, os, sys
root = sys.argv[1]
for language in sorted(os.listdir(root)):
    folder = os.path.join(root, language)
    if not os.path.isdir(folder):
        continue
    for kind, label in (("t", "shards"), ("p", "page files")):
        paths = [os.path.join(folder, kind, f) for f in os.listdir(os.path.join(folder, kind))]
        raw = sum(os.path.getsize(p) for p in paths)
        packed = sum(len(gzip.compress(open(p, "rb").read(), 9)) for p in paths)
        largest = max(os.path.getsize(p) for p in paths)
        print(f"{language} {label}: {len(paths)} files, {raw / 2**20:.1f} MiB raw, {packed / 2**20:.1f} MiB gzip, largest {largest / 1024:.1f} KiB")
    meta = os.path.join(folder, "meta.json")
    print(f"{language} meta.json: {os.path.getsize(meta) / 1024:.1f} KiB raw, {len(gzip.compress(open(meta, 'rb').read(), 9)) / 1024:.1f} KiB gzip")
PY

echo
echo "## One query, c$n (English)"
/usr/bin/node Benchmarks/search-transfer.js "$out_on" en "template" "the" "content management" \
  "shortcode parameters" "hugo server configuration" "pa" "zzqxjv"

ja="$BENCH_DIR/ja$n"
if [[ ! -f "$ja/generated" ]]; then
  rm -rf "$ja"
  python3 Benchmarks/gen_ja_corpus.py --out "$ja" --n "$n" >&2
  touch "$ja/generated"
fi
project "$ja/folio" "$ja/pages" true ja
rm -rf "$BENCH_DIR/out/search-ja-$n"
"$folio" build --quiet --source "$ja/folio" --output "$BENCH_DIR/out/search-ja-$n"
echo
echo "## One query, ja$n (Japanese)"
/usr/bin/node Benchmarks/search-transfer.js "$BENCH_DIR/out/search-ja-$n" ja "日本語" "箇条書き" \
  "静的サイトジェネレーター" "折り返し" "新幹線" "記"
