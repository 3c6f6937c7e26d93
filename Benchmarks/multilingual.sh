#!/usr/bin/env bash
# A multilingual site against a one-language site of the same size (issue 12).
#
# Usage: Benchmarks/multilingual.sh [N]        (default: 10000)
#
# Generates N pages with ../shared/bench/gen_corpus.py (deterministic; reused when present) and
# makes two projects from them with Benchmarks/folio-reference/full.yaml and the default theme:
#
# - one language: the N pages, plus a title-only _index.md per section;
# - two languages: `languages: {en: {}, ja: {}}` added, and N/2 of the pages (every other file
#   in path order) each with a `.ja.md` copy beside it instead of the other N/2: the same N
#   pages, half of them translations. Each translated page then has hreflang alternates, a
#   switcher entry and a place in /ja/ lists, tags and feeds, and its links (to English pages
#   that have Japanese translations) go through the cross-language check.
#
# Both are timed with hyperfine into /dev/shm, alternating the order from round to round, each
# run into an absent output folder; the table gives wall and CPU medians, milliseconds per page
# (median wall and median CPU, each over the Markdown pages) and the ratios of the two sites.
#
# Environment: RUNS (5), WARMUP (1), ROUNDS (2), BENCH_DIR (/dev/shm/folio-bench), SKIP_BUILD=1
# (use the existing release binary), FOLIO (another folio binary; implies SKIP_BUILD).
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

corpus="$BENCH_DIR/c$n"
if [[ ! -f "$corpus/generated" ]]; then
  rm -rf "$corpus"
  python3 "$shared/gen_corpus.py" --src "$shared/corpus-a" --out "$corpus" --n "$n" >&2
  touch "$corpus/generated"
fi

# The two projects. Content is hard-linked (the translations too: a copy of the same bytes).
one="$corpus/lang-one"
two="$corpus/lang-two"
rm -rf "$one" "$two"
for project in "$one" "$two"; do
  mkdir -p "$project"
  cp "$reference/full.yaml" "$project/folio.yaml"
done
printf '%s\n' 'languages: {en: {}, ja: {}}' >>"$two/folio.yaml"
cp -al "$corpus/pages" "$one/Content"
python3 - "$corpus/pages" "$two/Content" <<'PY'
import os, sys
source, target = sys.argv[1:]
paths = sorted(
    os.path.relpath(os.path.join(folder, name), source)
    for folder, _, names in os.walk(source) for name in names if name.endswith(".md"))
for index, path in enumerate(paths):
    if index % 2:
        continue  # every other page is left out; the kept ones get a translation each
    os.makedirs(os.path.join(target, os.path.dirname(path)), exist_ok=True)
    os.link(os.path.join(source, path), os.path.join(target, path))
    os.link(os.path.join(source, path), os.path.join(target, path[:-3] + ".ja.md"))
PY
for project in "$one" "$two"; do
  for section in "$project"/Content/*/; do
    printf -- '---\ntitle: "%s"\n---\n' "$(basename "$section")" >"$section/_index.md"
    [[ $project == "$two" ]] && printf -- '---\ntitle: "%s (ja)"\n---\n' "$(basename "$section")" >"$section/_index.ja.md"
  done
done

out_one="$BENCH_DIR/out/lang-one-$n"
out_two="$BENCH_DIR/out/lang-two-$n"
cmd_one="$folio build --quiet --source $one --output $out_one"
cmd_two="$folio build --quiet --source $two --output $out_two"
rm -rf "$out_one" "$out_two"
$cmd_one
$cmd_two
pages_one=$(find "$out_one" -name '*.html' | wc -l)
pages_two=$(find "$out_two" -name '*.html' | wc -l)
md_one=$(find "$one/Content" -name '*.md' | wc -l)
md_two=$(find "$two/Content" -name '*.md' | wc -l)
echo "one language: $md_one Markdown files, $pages_one HTML files; two languages: $md_two Markdown files," \
  "$pages_two HTML files ($(grep -l 'hreflang="x-default"' -r "$out_two" --include='*.html' | wc -l) with alternates)" >&2

jsons=()
for round in $(seq "$ROUNDS"); do
  json="$BENCH_DIR/results/lang-$n-round$round.json"
  jsons+=("$json")
  a=(--prepare "rm -rf $out_one" -n one "$cmd_one")
  b=(--prepare "rm -rf $out_two" -n two "$cmd_two")
  if ((round % 2)); then pair=("${a[@]}" "${b[@]}"); else pair=("${b[@]}" "${a[@]}"); fi
  hyperfine --style basic --warmup "$WARMUP" --runs "$RUNS" --export-json "$json" "${pair[@]}" >&2
done
python3 - "$md_one" "$md_two" "$pages_one" "$pages_two" "$(cut -d' ' -f1 /proc/loadavg)" "${jsons[@]}" <<'PY'
import json, statistics, sys
md_one, md_two, html_one, html_two, load = sys.argv[1:6]
times, cpu = {}, {}
for path in sys.argv[6:]:
    for result in json.load(open(path))["results"]:
        times.setdefault(result["command"], []).extend(result["times"])
        cpu.setdefault(result["command"], []).append(result["user"] + result["system"])
print("| site | Markdown pages | HTML files | median wall s | ms wall per page | CPU s (user+sys) | ms CPU per page | load |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
rows = {}
for name, md, html in (("one", md_one, html_one), ("two", md_two, html_two)):
    wall, used = statistics.median(times[name]), statistics.median(cpu[name])
    rows[name] = (wall / int(md), used / int(md))
    label = "one language" if name == "one" else "en + ja, half translated"
    print(f"| {label} | {md} | {html} | {wall:.3f} | {1000 * wall / int(md):.3f} | {used:.2f} | {1000 * used / int(md):.3f} | {load} |")
print(f"\nper Markdown page, two languages / one: wall {rows['two'][0] / rows['one'][0]:.3f}×,"
      f" CPU {rows['two'][1] / rows['one'][1]:.3f}×")
PY
