#!/usr/bin/env bash
# The build cache (.folio/cache/pages) on N generated pages: a cold build without the cache, a
# cold build that writes it, a build with nothing changed, and a build after one page's body
# changed, each into an absent output folder (as in CI, where public/ is not kept), in RAM; and
# into the output folder the last build left, a build with nothing changed (the build record) and
# one after one page's body changed (a writer's `folio build` run twice).
#
# Usage: Benchmarks/cache.sh [N ...]        (default: 10000)
#
# Uses the `full` project Benchmarks/build.sh prepares (BENCH_DIR/cN/folio-full: tags, feeds,
# sitemap, the minimal layouts); run build.sh for N first. The edited page is copied out of its
# hard link before the first edit (the corpus is shared), and ends each time with a paragraph
# never written before (with two bodies in turn, the cache held both, and no page was rendered).
# hyperfine runs the six commands RUNS times each (WARMUP 1), in one invocation, alternating
# the order from round to round (ROUNDS 2). The table: wall medians, CPU (user + sys) means, each
# as a share of the cold build without the cache, and peak RSS.
#
# Environment: RUNS (5), WARMUP (1), ROUNDS (2), BENCH_DIR (/dev/shm/folio-bench), FOLIO (the
# folio binary; default .build/release/folio, built if missing).
set -euo pipefail
RUNS=${RUNS:-5}
WARMUP=${WARMUP:-1}
ROUNDS=${ROUNDS:-2}
BENCH_DIR=${BENCH_DIR:-/dev/shm/folio-bench}
SIZES=("$@")
[[ ${#SIZES[@]} -gt 0 ]] || SIZES=(10000)
cd "$(dirname "$0")/.."
repo=$(pwd)
folio=${FOLIO:-"$repo/.build/release/folio"}
[[ -x "$folio" ]] || for product in folio folio-site; do swift build -c release --static-swift-stdlib --product "$product" >&2; done
rows=()
for n in "${SIZES[@]}"; do
  project="$BENCH_DIR/c$n/folio-full"
  [[ -d "$project/Content" ]] || { echo "cache.sh: $project is missing: run Benchmarks/build.sh $n first" >&2; exit 66; }
  out="$BENCH_DIR/out/cache-$n"
  page=$(find "$project/Content" -name '*.md' ! -name '_index.md' | sort | sed -n 1p)
  cp "$page" "$page.copy" && mv "$page.copy" "$page"  # its own inode now, not the corpus's
  edit="python3 -c \"import re, sys, time; p=sys.argv[1]; t=re.sub(r'\\nEdited [0-9]+\\n\\Z', '', open(p).read()); open(p, 'w').write(t + '\\nEdited %d\\n' % time.time_ns())\" $page"
  build="$folio build --quiet --source $project --output $out"
  # The same build into a folder kept from one run to the next, as a local `folio build` has:
  # with nothing changed it writes nothing (the build record, .folio/cache/build). The pause
  # before its prepared build lets the edited page age past the second in which a build does
  # not trust a file's stamp.
  kept="$folio build --quiet --source $project --output $out-kept"
  jsons=()
  for round in $(seq "$ROUNDS"); do
    json="$BENCH_DIR/results/cache-c$n-round$round.json"
    jsons+=("$json")
    args=(
      --prepare "rm -rf $out" -n cold "$build --no-cache"
      --prepare "rm -rf $out $project/.folio/cache" -n "cold, writing the cache" "$build"
      --prepare "rm -rf $out; $build >/dev/null; rm -rf $out" -n "nothing changed" "$build"
      --prepare "rm -rf $out; $build >/dev/null; rm -rf $out; $edit" -n "one page changed" "$build"
      --prepare "sleep 1.1; $kept >/dev/null" -n "nothing changed, output kept" "$kept"
      --prepare "$kept >/dev/null; $edit" -n "one page changed, output kept" "$kept"
    )
    if ((round % 2 == 0)); then
      args=("${args[@]:25:5}" "${args[@]:20:5}" "${args[@]:15:5}" "${args[@]:10:5}" "${args[@]:5:5}" "${args[@]:0:5}")
    fi
    hyperfine --style basic --warmup "$WARMUP" --runs "$RUNS" --export-json "$json" "${args[@]}" >&2
  done
  cold_mib=$(/usr/bin/time -v $build --no-cache 2>&1 >/dev/null | awk '/Maximum resident/ { print $NF / 1024 }')
  rm -rf "$out" "$project/.folio/cache"
  writing_mib=$(/usr/bin/time -v $build 2>&1 >/dev/null | awk '/Maximum resident/ { print $NF / 1024 }')
  rm -rf "$out"
  cached_mib=$(/usr/bin/time -v $build 2>&1 >/dev/null | awk '/Maximum resident/ { print $NF / 1024 }')
  sleep 1.1
  $kept >/dev/null
  kept_mib=$(/usr/bin/time -v $kept 2>&1 >/dev/null | awk '/Maximum resident/ { print $NF / 1024 }')
  eval "$edit"
  kept_edit_mib=$(/usr/bin/time -v $kept 2>&1 >/dev/null | awk '/Maximum resident/ { print $NF / 1024 }')
  rm -rf "$out-kept"
  size=$(stat -c %s "$project/.folio/cache/pages")
  load=$(cut -d' ' -f1 /proc/loadavg)
  rows+=("$(python3 - "$n" "$load" "$cold_mib" "$writing_mib" "$cached_mib" "$kept_mib" "$kept_edit_mib" "$size" "${jsons[@]}" <<'PY'
import json, statistics, sys
n, load, cold_mib, writing_mib, cached_mib, kept_mib, kept_edit_mib, size = sys.argv[1:9]
times, cpu = {}, {}
for path in sys.argv[9:]:
    for result in json.load(open(path))["results"]:
        times.setdefault(result["command"], []).extend(result["times"])
        cpu.setdefault(result["command"], []).append(result["user"] + result["system"])
wall = {k: statistics.median(v) for k, v in times.items()}
mean = {k: statistics.mean(v) for k, v in cpu.items()}
mib = {"cold": cold_mib, "cold, writing the cache": writing_mib, "nothing changed": cached_mib, "one page changed": cached_mib,
       "nothing changed, output kept": kept_mib, "one page changed, output kept": kept_edit_mib}
lines = []
for name in ["cold", "cold, writing the cache", "nothing changed", "one page changed", "nothing changed, output kept",
             "one page changed, output kept"]:
    lines.append(f"| c{n} | {name} | {wall[name]:.3f} | {100 * wall[name] / wall['cold']:.1f}% | {mean[name]:.2f} | "
                 f"{100 * mean[name] / mean['cold']:.1f}% | {float(mib[name]):.0f} | {load} |")
lines.append(f"| c{n} | cache file | {int(size) / 1e6:.1f} MB | | | | | |")
print("\n".join(lines))
PY
)")
done
echo
echo "| corpus | build | wall median s | of cold | CPU s | of cold | peak MiB | load |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
printf '%s\n' "${rows[@]}"
