#!/usr/bin/env bash
# folio build vs Hugo (Debian `hugo`) on generated corpora of N pages, in RAM.
#
# Usage: Benchmarks/build.sh [N ...]        (default: 1000 10000)
#
# For each N: generate the corpus with ../shared/bench/gen_corpus.py (deterministic; reused when
# present), make two Folio projects beside it (Benchmarks/folio-reference/full.yaml and
# pages.yaml as folio.yaml, the minimal layouts of folio-reference/Templates, and Content/ as a
# hard-linked copy of the generated pages plus a title-only _index.md per top-level folder, so
# Folio renders the 20 section lists Hugo makes on its own), then time both tools with
# hyperfine and measure their peak RSS with /usr/bin/time -v. Hugo reads the same pages with
# ../shared/bench/hugo-reference/{full,pages}.toml.
#
# Fairness: both write to /dev/shm; each timed run starts from an absent output folder (hyperfine
# --prepare), so neither pays for deleting or overwriting an earlier build; the tools alternate:
# ROUNDS hyperfine invocations per corpus and config, each holding both commands, and the order
# of the two commands is swapped from one round to the next. Medians are over all timed runs.
#
# The table: wall-clock medians, their ratio and peak RSS, then CPU time (user + sys, mean per
# run) and its ratio, and the 1-minute load average when the row was measured.
#
# Environment: RUNS (5 timed runs per tool per round), WARMUP (1), ROUNDS (2), RSS_RUNS (3,
# median peak RSS), BENCH_DIR (/dev/shm/folio-bench), SKIP_BUILD=1 (use the existing release
# binary), FOLIO (another folio binary, e.g. an older build; implies SKIP_BUILD), CONFIGS
# ("full pages").
set -euo pipefail

RUNS=${RUNS:-5}
WARMUP=${WARMUP:-1}
ROUNDS=${ROUNDS:-2}
RSS_RUNS=${RSS_RUNS:-3}
BENCH_DIR=${BENCH_DIR:-/dev/shm/folio-bench}
CONFIGS=${CONFIGS:-full pages}
SIZES=("$@")
[[ ${#SIZES[@]} -gt 0 ]] || SIZES=(1000 10000)

cd "$(dirname "$0")/.."
repo=$(pwd)
shared=$(cd ../shared/bench && pwd)
source "$repo/Benchmarks/corpus.sh"
reference="$repo/Benchmarks/folio-reference"

for tool in hugo hyperfine python3 /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "build.sh: $tool is not installed (scripts/bootstrap --bench installs it)" >&2; exit 69; }
done

if [[ -z "${SKIP_BUILD:-}${FOLIO:-}" ]]; then for product in folio folio-site folio-serve; do swift build -c release --static-swift-stdlib --product "$product" >&2; done; fi
folio=${FOLIO:-"$repo/.build/release/folio"}
mkdir -p "$BENCH_DIR/out" "$BENCH_DIR/results"

# Median of the numbers on standard input.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Median peak RSS in MiB of a command run RSS_RUNS times, each into an absent output folder.
peak_mib() {
  local output=$1
  shift
  for _ in $(seq "$RSS_RUNS"); do
    rm -rf "$output"
    /usr/bin/time -v "$@" 2>&1 >/dev/null | awk '/Maximum resident set size/ { print $NF / 1024 }'
  done | median
}

rows=()
for n in "${SIZES[@]}"; do
  corpus=$(bench_corpus "$BENCH_DIR" "$shared" "$n")
  for config in $CONFIGS; do
    project=$(bench_project "$corpus" "$config" "$reference")

    folio_out="$BENCH_DIR/out/folio-$config-$n"
    hugo_out="$BENCH_DIR/out/hugo-$config-$n"
    # --no-cache: a cold build, as every Hugo build is (Benchmarks/cache.sh measures the cache).
    folio_cmd="$folio build --quiet --no-cache --source $project --output $folio_out"
    hugo_cmd="hugo --quiet -s $shared/hugo-reference --config $config.toml --contentDir $corpus/pages -d $hugo_out"

    # One check run each: both must succeed; report what each wrote.
    rm -rf "$folio_out" "$hugo_out"
    $folio_cmd
    $hugo_cmd
    echo "c$n $config: folio wrote $(find "$folio_out" -type f | wc -l) files" \
      "($(find "$folio_out" -name '*.html' | wc -l) HTML), hugo $(find "$hugo_out" -type f | wc -l)" \
      "($(find "$hugo_out" -name '*.html' | wc -l) HTML)" >&2

    jsons=()
    for round in $(seq "$ROUNDS"); do
      json="$BENCH_DIR/results/c$n-$config-round$round.json"
      jsons+=("$json")
      folio_args=(--prepare "rm -rf $folio_out" -n folio "$folio_cmd")
      hugo_args=(--prepare "rm -rf $hugo_out" -n hugo "$hugo_cmd")
      if ((round % 2)); then pair=("${folio_args[@]}" "${hugo_args[@]}"); else pair=("${hugo_args[@]}" "${folio_args[@]}"); fi
      hyperfine --style basic --warmup "$WARMUP" --runs "$RUNS" --export-json "$json" "${pair[@]}" >&2
    done
    # Wall: median of all timed runs. CPU (user + sys): hyperfine reports it per round as a mean;
    # averaged over the rounds. CPU is the steadier figure when other work shares the machine.
    medians=$(python3 - "${jsons[@]}" <<'EOF'
import json, statistics, sys
times, cpu = {}, {}
for path in sys.argv[1:]:
    for result in json.load(open(path))["results"]:
        times.setdefault(result["command"], []).extend(result["times"])
        cpu.setdefault(result["command"], []).append(result["user"] + result["system"])
print(statistics.median(times["folio"]), statistics.median(times["hugo"]),
      statistics.mean(cpu["folio"]), statistics.mean(cpu["hugo"]))
EOF
    )
    read -r folio_s hugo_s folio_cpu hugo_cpu <<<"$medians"
    # shellcheck disable=SC2086 # the commands are word lists without quoted arguments
    folio_mib=$(peak_mib "$folio_out" $folio_cmd)
    # shellcheck disable=SC2086
    hugo_mib=$(peak_mib "$hugo_out" $hugo_cmd)
    load=$(cut -d' ' -f1 /proc/loadavg)
    rows+=("$(awk -v n="$n" -v c="$config" -v f="$folio_s" -v h="$hugo_s" -v fm="$folio_mib" -v hm="$hugo_mib" \
      -v fc="$folio_cpu" -v hc="$hugo_cpu" -v l="$load" \
      'BEGIN { printf "| c%d | %s | %.3f | %.3f | %.2f× | %.0f | %.0f | %.2f | %.2f | %.2f× | %s |", n, c, f, h, h / f, fm, hm, fc, hc, hc / fc, l }')")
  done
done

echo
echo "| corpus | config | folio median s | hugo median s | hugo/folio | folio peak MiB | hugo peak MiB | folio CPU s | hugo CPU s | CPU hugo/folio | load |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
printf '%s\n' "${rows[@]}"
