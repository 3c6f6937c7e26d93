#!/usr/bin/env bash
# How a cold `folio build` scales: the `full` project (Benchmarks/build.sh's: tags, feeds, sitemap,
# the minimal layouts) on generated corpora of N pages, in RAM, without the build cache. Prints
# per size the median wall and CPU (user + sys) time, the CPU time per page, its ratio to the
# first size's, and the median peak RSS. Hugo is not run: at 100,000 pages it needs more time
# and memory than the comparison is worth (build.sh compares the two at 10,000).
#
# Usage: Benchmarks/scale.sh [N ...]        (default: 10000 100000)
#
# Environment: RUNS (3 timed runs per size), BENCH_DIR (/dev/shm/folio-bench), FOLIO (the folio
# binary; default .build/release/folio, built if missing).
set -euo pipefail
RUNS=${RUNS:-3}
BENCH_DIR=${BENCH_DIR:-/dev/shm/folio-bench}
SIZES=("$@")
[[ ${#SIZES[@]} -gt 0 ]] || SIZES=(10000 100000)
cd "$(dirname "$0")/.."
repo=$(pwd)
shared=$(cd ../shared/bench && pwd)
source "$repo/Benchmarks/corpus.sh"
folio=${FOLIO:-"$repo/.build/release/folio"}
[[ -x "$folio" ]] || for product in folio folio-site; do swift build -c release --static-swift-stdlib --product "$product" >&2; done
mkdir -p "$BENCH_DIR/out"
echo "| pages | wall median s | CPU median s | CPU per page ms | per page / first | peak MiB | load |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
# Runs alternate between the sizes (round 1 of every size, then round 2, ...): this machine's
# speed moves by a quarter within minutes, and sizes run one after the other once gave 1.37x
# per page where alternating runs of the same binary gave 0.97-1.00x.
declare -A projects samples
for n in "${SIZES[@]}"; do
  corpus=$(bench_corpus "$BENCH_DIR" "$shared" "$n")
  projects[$n]=$(bench_project "$corpus" full "$repo/Benchmarks/folio-reference")
  samples[$n]=""
done
for _ in $(seq "$RUNS"); do
  for n in "${SIZES[@]}"; do
    out="$BENCH_DIR/out/scale-$n"
    rm -rf "$out"
    sample=$(/usr/bin/time -f '%e %U %S %M' "$folio" build --quiet --no-cache --source "${projects[$n]}" --output "$out" 2>&1 >/dev/null | tail -n 1)
    samples[$n]+="$sample"$'\n'
    rm -rf "$out"
  done
done
first=""
for n in "${SIZES[@]}"; do
  row=$(printf '%s' "${samples[$n]}" | python3 -c '
import statistics, sys
n, first = int(sys.argv[1]), sys.argv[2]
rows = [line.split() for line in sys.stdin if line.strip()]
wall = statistics.median(float(r[0]) for r in rows)
cpu = statistics.median(float(r[1]) + float(r[2]) for r in rows)
peak = statistics.median(int(r[3]) for r in rows) / 1024
per_page = 1000 * cpu / n
ratio = per_page / float(first) if first else 1.0
print(f"{per_page}||| {n:,} | {wall:.2f} | {cpu:.2f} | {per_page:.3f} | {ratio:.3f}x | {peak:.0f} |")
' "$n" "$first")
  [[ -n "$first" ]] || first=${row%%||*}
  echo "${row#*||} $(cut -d' ' -f1 /proc/loadavg) |"
done
