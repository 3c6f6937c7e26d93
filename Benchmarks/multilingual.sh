#!/usr/bin/env bash
# A multilingual site against a one-language site of the same size (issue 12).
#
# Usage: Benchmarks/multilingual.sh [N]        (default: 10000)
#
# Generates N pages with ../shared/bench/gen_corpus.py (deterministic; reused when present) and
# makes four projects from them with Benchmarks/folio-reference/full.yaml and the default theme:
#
# - one language: the N pages, plus a title-only _index.md per section;
# - half: `languages: {en: {}, ja: {}}` added; of every three files in path order, the first
#   is kept as it is, the second kept with a `.ja.md` copy beside it, the third left out: N
#   pages, half of the English pages translated (a third of the site in each of three groups:
#   untranslated English, translated English, Japanese);
# - pairs: the same settings, every other file kept with a `.ja.md` copy and the others left
#   out: N pages, every one with a translation (the most alternates a site of N pages can have);
# - same: half's files, each copy named `-ja.md` instead of `.ja.md`, in one language: the same
#   bytes as half without the feature, since one and half hold different thirds of the corpus.
#
# Every project's files are hard-linked in path order by one script, so that all four list
# their folders in the same kind of order (a folder's listing order decides how much its sort
# costs).
#
# Translated pages have hreflang alternates, a switcher entry and a place in /ja/ lists, tags
# and feeds, and their links go through the cross-language check.
#
# All four are timed with hyperfine into /dev/shm, alternating the order from round to round, each
# run into an absent output folder; the table gives wall and CPU medians, milliseconds per page
# (median wall and median CPU, each over the Markdown pages) and the ratios of the two sites.
#
# Environment: PAIRED (a number of rounds: time each build once a round with /usr/bin/time
# instead of hyperfine, and give per-round ratios with a bootstrap interval; see below), RUNS
# (5), WARMUP (1), ROUNDS (2), BENCH_DIR (/dev/shm/folio-bench), SKIP_BUILD=1
# (use the existing release binary), FOLIO (another folio binary; implies SKIP_BUILD), PIN (a
# CPU number: every build runs under `taskset -c PIN`, so that its CPU time is its own work and
# not two threads spinning beside other jobs on a shared machine; the wall time is then that of
# one core). The table's last columns give the CPU ratio of each round, to show the spread.
#
# A steady pair of measurements on a shared machine: one series pinned (PIN=1) for CPU per
# page, one not for wall per page, both under `flock /tmp/folio-bench.lock`.
set -euo pipefail

RUNS=${RUNS:-5}
WARMUP=${WARMUP:-1}
ROUNDS=${ROUNDS:-2}
BENCH_DIR=${BENCH_DIR:-/dev/shm/folio-bench}
n=${1:-10000}

cd "$(dirname "$0")/.."
repo=$(pwd)
shared=$(cd ../shared/bench && pwd)
reference="$repo/Benchmarks/folio-reference"
for tool in hyperfine python3; do
  command -v "$tool" >/dev/null || { echo "multilingual.sh: $tool is not installed" >&2; exit 69; }
done
if [[ -z "${SKIP_BUILD:-}${FOLIO:-}" ]]; then
  for product in folio folio-site; do swift build -c release --static-swift-stdlib --product "$product" >&2; done
fi
folio=${FOLIO:-"$repo/.build/release/folio"}
mkdir -p "$BENCH_DIR/out" "$BENCH_DIR/results"

source "$repo/Benchmarks/corpus.sh"
corpus=$(bench_corpus "$BENCH_DIR" "$shared" "$n")

# The four projects. Content is hard-linked (the translations too: a copy of the same bytes).
sites=(one half pairs same)
for site in "${sites[@]}"; do
  rm -rf "$corpus/lang-$site"
  mkdir -p "$corpus/lang-$site"
  cp "$reference/full.yaml" "$corpus/lang-$site/folio.yaml"
  [[ $site == one || $site == same ]] || printf '%s\n' 'languages: {en: {}, ja: {}}' >>"$corpus/lang-$site/folio.yaml"
done
python3 - "$corpus/pages" "$corpus" <<'PY'
import os, sys
source, corpus = sys.argv[1:]
paths = sorted(
    os.path.relpath(os.path.join(folder, name), source)
    for folder, _, names in os.walk(source) for name in names if name.endswith(".md"))
def place(site, path, translated, suffix=".ja.md"):
    target = os.path.join(corpus, "lang-" + site, "Content")
    os.makedirs(os.path.join(target, os.path.dirname(path)), exist_ok=True)
    os.link(os.path.join(source, path), os.path.join(target, path))
    if translated:
        os.link(os.path.join(source, path), os.path.join(target, path[:-3] + suffix))
for index, path in enumerate(paths):
    place("one", path, translated=False)
    if index % 3 != 2:
        place("half", path, translated=index % 3 == 1)
        place("same", path, translated=index % 3 == 1, suffix="-ja.md")
    if index % 2 == 0:
        place("pairs", path, translated=True)
PY
for site in "${sites[@]}"; do
  for section in "$corpus/lang-$site"/Content/*/; do
    printf -- '---\ntitle: "%s"\n---\n' "$(basename "$section")" >"$section/_index.md"
    case $site in
      one) ;;
      same) printf -- '---\ntitle: "%s (ja)"\n---\n' "$(basename "$section")" >"$section/_index-ja.md" ;;
      *) printf -- '---\ntitle: "%s (ja)"\n---\n' "$(basename "$section")" >"$section/_index.ja.md" ;;
    esac
  done
done

declare -A cmd md html
for site in "${sites[@]}"; do
  out="$BENCH_DIR/out/lang-$site-$n"
  cmd[$site]="${PIN:+taskset -c $PIN }$folio build --quiet --source $corpus/lang-$site --output $out"
  rm -rf "$out"
  ${cmd[$site]}
  md[$site]=$(find "$corpus/lang-$site/Content" -name '*.md' | wc -l)
  html[$site]=$(find "$out" -name '*.html' | wc -l)
  echo "$site: ${md[$site]} Markdown files, ${html[$site]} HTML files," \
    "$(grep -l 'hreflang="x-default"' -r "$out" --include='*.html' | wc -l) with alternates" >&2
done

if [[ -n "${PAIRED:-}" ]]; then
  # PAIRED=N: N rounds of the four builds, one run each, in an order rotated from round to
  # round, timed by /usr/bin/time; the ratios are made within each round (paired) and given as
  # their median with a bootstrap 95% interval. On a shared VM one build's CPU time moves ±20%
  # from run to run, and drifts over minutes: pairs taken seconds apart cancel the drift, and
  # the interval says how far the median can be trusted.
  times="$BENCH_DIR/results/lang-$n-paired.txt"
  : >"$times"
  for round in $(seq "$PAIRED"); do
    for offset in "${!sites[@]}"; do
      site=${sites[$(((round + offset) % ${#sites[@]}))]}
      rm -rf "$BENCH_DIR/out/lang-$site-$n"
      /usr/bin/time -o "$times.one" -f "%U %S %e" ${cmd[$site]} >/dev/null 2>&1
      echo "$round $site $(tail -n 1 "$times.one")" >>"$times"
    done
  done
  rm -f "$times.one"
  python3 - "$times" "${md[one]}" "${md[half]}" "${md[pairs]}" "${md[same]}" "$(cut -d' ' -f1 /proc/loadavg)" <<'PY'
import random, statistics, sys
path, load = sys.argv[1], sys.argv[6]
md = dict(zip(("one", "half", "pairs", "same"), map(int, sys.argv[2:6])))
rounds = {}
for line in open(path):
    number, site, user, system, wall = line.split()
    rounds.setdefault(number, {})[site] = (float(user) + float(system), float(wall))
rounds = [r for r in rounds.values() if len(r) == 4]
def interval(values):
    rng = random.Random(12)
    medians = sorted(statistics.median(rng.choices(values, k=len(values))) for _ in range(2000))
    return medians[50], medians[1949]
print(f"{len(rounds)} rounds, load {load}")
print()
print("| site | median CPU s | median wall s | ms CPU per page | ms wall per page |")
print("| --- | ---: | ---: | ---: | ---: |")
for site in md:
    cpu = statistics.median(r[site][0] for r in rounds)
    wall = statistics.median(r[site][1] for r in rounds)
    print(f"| {site} | {cpu:.3f} | {wall:.3f} | {1000 * cpu / md[site]:.4f} | {1000 * wall / md[site]:.4f} |")
print()
print("| per page, paired by round | CPU: median ratio | 95% interval | wall: median ratio | 95% interval |")
print("| --- | ---: | --- | ---: | --- |")
for site, base in (("half", "one"), ("half", "same"), ("pairs", "one"), ("pairs", "same"), ("same", "one")):
    cells = []
    for kind in (0, 1):
        ratios = [(r[site][kind] / md[site]) / (r[base][kind] / md[base]) for r in rounds]
        low, high = interval(ratios)
        cells += [f"{statistics.median(ratios):.3f}×", f"{low:.3f}–{high:.3f}"]
    print(f"| {site} / {base} | " + " | ".join(cells) + " |")
PY
  exit 0
fi

jsons=()
for round in $(seq "$ROUNDS"); do
  json="$BENCH_DIR/results/lang-$n-round$round.json"
  jsons+=("$json")
  args=()
  # Each round starts from another site, so each comes first, second, … in turn.
  for offset in "${!sites[@]}"; do
    site=${sites[$(((round + offset) % ${#sites[@]}))]}
    args+=(--prepare "rm -rf $BENCH_DIR/out/lang-$site-$n" -n "$site" "${cmd[$site]}")
  done
  hyperfine --style basic --warmup "$WARMUP" --runs "$RUNS" --export-json "$json" "${args[@]}" >&2
done
python3 - "${md[one]}" "${md[half]}" "${md[pairs]}" "${md[same]}" "${html[one]}" "${html[half]}" \
  "${html[pairs]}" "${html[same]}" "$(cut -d' ' -f1 /proc/loadavg)" "${jsons[@]}" <<'PY'
import json, statistics, sys
sites = ("one", "half", "pairs", "same")
md = dict(zip(sites, map(int, sys.argv[1:5])))
html = dict(zip(sites, map(int, sys.argv[5:9])))
load = sys.argv[9]
times, cpu, rounds = {}, {}, []
for path in sys.argv[10:]:
    means = {}
    for result in json.load(open(path))["results"]:
        times.setdefault(result["command"], []).extend(result["times"])
        cpu.setdefault(result["command"], []).append(result["user"] + result["system"])
        means[result["command"]] = result["user"] + result["system"]
    rounds.append(means)
labels = {"one": "one language", "half": "en + ja, half of the English translated",
          "pairs": "en + ja, every page translated", "same": "half's files in one language"}
print("| site | Markdown pages | HTML files | median wall s | ms wall per page | CPU s (user+sys) | ms CPU per page | CPU per page / one | per round | wall per page / one | load |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |")
base = statistics.median(cpu["one"]) / md["one"]
base_wall = statistics.median(times["one"]) / md["one"]
for site in sites:
    wall, used = statistics.median(times[site]), statistics.median(cpu[site])
    each = ", ".join(f"{r[site] / md[site] / (r['one'] / md['one']):.3f}" for r in rounds)
    print(f"| {labels[site]} | {md[site]} | {html[site]} | {wall:.3f} | {1000 * wall / md[site]:.3f} |"
          f" {used:.2f} | {1000 * used / md[site]:.3f} | {used / md[site] / base:.3f}× | {each} |"
          f" {wall / md[site] / base_wall:.3f}× | {load} |")
PY
