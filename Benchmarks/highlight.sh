#!/usr/bin/env bash
# What build-time syntax highlighting costs: folio build vs Hugo with highlighting on in both,
# and Folio with it off, on generated corpora of N pages (../shared/bench), in RAM.
#
# Usage: Benchmarks/highlight.sh [N ...]        (default: 10000)
#
# The corpus, the Folio project and the Hugo command are Benchmarks/build.sh's "full" config,
# with highlighting turned on: Folio's folio.yaml gets `highlight: true` (the default themes,
# classes and /assets/folio-highlight.css), Hugo's config `[markup.highlight] codeFences = true,
# noClasses = false` (Chroma, classes instead of style attributes, as Folio writes). A third
# command is Folio with `highlight: false`, the same build without highlighting: the difference
# of the two Folio rows is what highlighting adds. The three commands alternate as in build.sh
# (ROUNDS hyperfine invocations, the order rotated each round); each timed run starts from an
# absent output folder and without the build cache (--no-cache: cold, as every Hugo build is).
#
# The table: wall-clock medians, CPU time (user + sys, mean per run), the ratios, how many
# fenced code bytes the corpus holds, and the 1-minute load average.
#
# Environment: RUNS (5), WARMUP (1), ROUNDS (2), BENCH_DIR (/dev/shm/folio-bench), SKIP_BUILD=1
# (use the existing release binary), FOLIO (another folio binary; implies SKIP_BUILD).
set -euo pipefail

RUNS=${RUNS:-5}
WARMUP=${WARMUP:-1}
ROUNDS=${ROUNDS:-2}
BENCH_DIR=${BENCH_DIR:-/dev/shm/folio-bench}
SIZES=("$@")
[[ ${#SIZES[@]} -gt 0 ]] || SIZES=(10000)

cd "$(dirname "$0")/.."
repo=$(pwd)
shared=$(cd ../shared/bench && pwd)
source "$repo/Benchmarks/corpus.sh"
reference="$repo/Benchmarks/folio-reference"

for tool in hugo hyperfine python3; do
  command -v "$tool" >/dev/null || { echo "highlight.sh: $tool is not installed" >&2; exit 69; }
done

if [[ -z "${SKIP_BUILD:-}${FOLIO:-}" ]]; then for product in folio folio-site folio-serve; do swift build -c release --static-swift-stdlib --product "$product" >&2; done; fi
folio=${FOLIO:-"$repo/.build/release/folio"}
mkdir -p "$BENCH_DIR/out" "$BENCH_DIR/results"

# Hugo's reference site with highlighting on: its layouts, and full.toml with codeFences and
# classes.
hugo_site="$BENCH_DIR/hugo-highlight"
rm -rf "$hugo_site"
mkdir -p "$hugo_site"
cp -r "$shared/hugo-reference/layouts" "$hugo_site/layouts"
sed -e 's/^\( *\)codeFences = false/\1codeFences = true\n\1noClasses = false/' \
  "$shared/hugo-reference/full.toml" >"$hugo_site/highlight.toml"
grep -q 'noClasses = false' "$hugo_site/highlight.toml" || { echo "highlight.sh: full.toml has no codeFences line" >&2; exit 1; }

rows=()
for n in "${SIZES[@]}"; do
  corpus=$(bench_corpus "$BENCH_DIR" "$shared" "$n")
  commands=()
  for mode in on off; do
    project="$corpus/folio-highlight-$mode"
    rm -rf "$project"
    mkdir -p "$project"
    # The reference config ends with `highlight: false`; the last setting of a key wins in
    # neither YAML nor Folio, so the line is replaced.
    sed -e "s/^highlight: false$/highlight: $([[ $mode == on ]] && echo true || echo false)/" \
      "$reference/full.yaml" >"$project/folio.yaml"
    cp -r "$reference/Templates" "$project/Templates"
    cp -al "$corpus/pages" "$project/Content"
    for section in "$project"/Content/*/; do
      printf -- '---\ntitle: "%s"\n---\n' "$(basename "$section")" >"$section/_index.md"
    done
    commands+=("$folio build --quiet --no-cache --source $project --output $BENCH_DIR/out/folio-highlight-$mode-$n")
  done
  hugo_out="$BENCH_DIR/out/hugo-highlight-$n"
  hugo_cmd="hugo --quiet -s $hugo_site --config highlight.toml --contentDir $corpus/pages -d $hugo_out"
  names=("folio-on" "folio-off" "hugo-on")
  outs=("$BENCH_DIR/out/folio-highlight-on-$n" "$BENCH_DIR/out/folio-highlight-off-$n" "$hugo_out")
  commands+=("$hugo_cmd")

  # One check run each: all must succeed, and the highlighted outputs must hold classed tokens.
  for i in 0 1 2; do
    rm -rf "${outs[$i]}"
    ${commands[$i]}
  done
  spans() { { grep -rho "$1" "$2" || true; } | wc -l; } # pattern, folder
  folio_spans=$(spans '<span class="[a-z][a-z]">' "${outs[0]}")
  hugo_spans=$(spans '<span class="[a-z][a-z]*">' "$hugo_out")
  off_spans=$(spans '<span class="[a-z][a-z]">' "${outs[1]}")
  echo "c$n: folio on wrote $folio_spans token spans, off $off_spans, hugo $hugo_spans" >&2
  [[ $folio_spans -gt 0 && $hugo_spans -gt 0 && $off_spans -eq 0 ]] || { echo "highlight.sh: highlighting did not take" >&2; exit 1; }
  code_bytes=$(python3 - "$corpus/pages" <<'PY'
import pathlib, re, sys
total = 0
for path in pathlib.Path(sys.argv[1]).rglob("*.md"):
    fence = None
    for line in path.read_text(errors="replace").splitlines(keepends=True):
        match = re.match(r" {0,3}(`{3,}|~{3,})", line)
        if fence is None and match:
            fence = match.group(1)
        elif fence is not None and line.strip().startswith(fence[0] * len(fence)) and line.strip().strip(fence[0]) == "":
            fence = None
        elif fence is not None:
            total += len(line.encode())
print(total)
PY
  )

  jsons=()
  for round in $(seq "$ROUNDS"); do
    json="$BENCH_DIR/results/highlight-c$n-round$round.json"
    jsons+=("$json")
    args=()
    for k in 0 1 2; do
      i=$(((k + round) % 3))
      args+=(--prepare "rm -rf ${outs[$i]}" -n "${names[$i]}" "${commands[$i]}")
    done
    hyperfine --style basic --warmup "$WARMUP" --runs "$RUNS" --export-json "$json" "${args[@]}" >&2
  done
  summary=$(python3 - "${jsons[@]}" <<'PY'
import json, statistics, sys
times, cpu = {}, {}
for path in sys.argv[1:]:
    for result in json.load(open(path))["results"]:
        times.setdefault(result["command"], []).extend(result["times"])
        cpu.setdefault(result["command"], []).append(result["user"] + result["system"])
m = {name: statistics.median(values) for name, values in times.items()}
c = {name: statistics.mean(values) for name, values in cpu.items()}
print(m["folio-on"], m["folio-off"], m["hugo-on"], c["folio-on"], c["folio-off"], c["hugo-on"])
PY
  )
  read -r on_s off_s hugo_s on_cpu off_cpu hugo_cpu <<<"$summary"
  load=$(cut -d' ' -f1 /proc/loadavg)
  rows+=("$(awk -v n="$n" -v on="$on_s" -v off="$off_s" -v h="$hugo_s" -v onc="$on_cpu" -v offc="$off_cpu" \
    -v hc="$hugo_cpu" -v b="$code_bytes" -v l="$load" 'BEGIN {
      printf "| c%d | %.3f | %.3f | %.3f | %.2f× | %.2f | %.2f | %.2f | %.2f | %.1f | %s |",
        n, on, off, h, h / on, onc, offc, hc, onc - offc, b / 1048576, l }')")
done

echo
echo "| corpus | folio on median s | folio off median s | hugo on median s | hugo/folio (on) | folio on CPU s | folio off CPU s | hugo on CPU s | highlighting CPU s | fenced code MiB | load |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
printf '%s\n' "${rows[@]}"
