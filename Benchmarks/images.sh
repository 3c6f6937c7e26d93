#!/usr/bin/env bash
# Image processing (issue 34): folio build vs Hugo (Debian `hugo`) on 24 photos, in RAM.
#
# Usage: Benchmarks/images.sh
#
# The photos: Benchmarks/gen_photos.py makes COUNT JPEGs of 3000×2000, about 1.4 MB each at
# q90 (seeded: the same bytes every run; pyvips in a venv under BENCH_DIR/images), then exiftool
# writes a GPS position, Make and Model into each and an orientation (6, turned) into two.
# Two sites show them, one photo per page in a page bundle (photos/pNN/index.md + photo.jpg,
# plain Markdown `![…](photo.jpg)`):
# - Folio: Templates/page.mustache is `{{{page.content}}}`; folio.yaml `images: {formats: [webp],
#   quality: 75}` (widths 480, 960, 1440 by default), and a second project with
#   `formats: [avif, webp]`.
# - Hugo: a render hook (layouts/_default/_markup/render-image.html) that makes WebP at 480, 960
#   and 1440 with `.Resize "480x webp q75"` … and writes a <picture> with a srcset.
#
# Timed (hyperfine, RUNS runs, medians of wall time, CPU = user + sys mean per run):
# - cold: Folio with --no-cache into an absent output folder; Hugo with `rm -rf resources public`
#   before each run (its processed images live in resources/_gen; without it a build is warm).
#   The two alternate over ROUNDS hyperfine invocations, the order swapped each round.
# - cold with AVIF added (Folio, formats: [avif, webp]).
# - warm: Folio with .folio/cache filled by an earlier build, into an absent output folder (a
#   CI run with the cache restored); plus the `images` step of `--format json`'s timings
#   (median of RUNS builds).
# Checked before anything is timed: every build makes 72 WebP variants (Folio: 72 AVIF more);
# `exiftool -gps:all` finds no GPS tag in Folio's output (and finds them in Hugo's); a cached
# build after `rm -rf` of the output, and a build after deleting .folio/cache, give the same
# bytes as a --no-cache build (diff -r); two --no-cache builds give the same bytes (cmp of each
# image).
#
# Environment: RUNS (5), WARMUP (1), ROUNDS (2), COUNT (24), BENCH_DIR (/dev/shm/folio-bench),
# SKIP_BUILD=1 (use the existing release binary), FOLIO (another folio binary; implies SKIP_BUILD).
set -euo pipefail

RUNS=${RUNS:-5}
WARMUP=${WARMUP:-1}
ROUNDS=${ROUNDS:-2}
COUNT=${COUNT:-24}
BENCH_DIR=${BENCH_DIR:-/dev/shm/folio-bench}

cd "$(dirname "$0")/.."
repo=$(pwd)

for tool in hugo hyperfine python3 exiftool; do
  command -v "$tool" >/dev/null || { echo "images.sh: $tool is not installed (scripts/bootstrap --bench installs it)" >&2; exit 69; }
done

if [[ -z "${SKIP_BUILD:-}${FOLIO:-}" ]]; then for product in folio folio-site folio-serve; do swift build -c release --static-swift-stdlib --product "$product" >&2; done; fi
folio=${FOLIO:-"$repo/.build/release/folio"}
work="$BENCH_DIR/images"
mkdir -p "$work" "$BENCH_DIR/out" "$BENCH_DIR/results"

# The photos, made again when the generator changed.
if [[ ! -x "$work/venv/bin/python" ]] || ! "$work/venv/bin/python" -c 'import pyvips' 2>/dev/null; then
  python3 -m venv "$work/venv"
  "$work/venv/bin/pip" install --quiet pyvips >&2
fi
stamp="$(sha256sum "$repo/Benchmarks/gen_photos.py" | cut -c1-16)-$COUNT"
photos="$work/photos"
if [[ "$(cat "$photos/.stamp" 2>/dev/null)" != "$stamp" ]]; then
  rm -rf "$photos"
  "$work/venv/bin/python" "$repo/Benchmarks/gen_photos.py" "$photos" "$COUNT"
  for i in $(seq "$COUNT"); do
    nn=$(printf %02d "$i")
    # Somewhere in Europe, a different place per photo; two phones.
    lat=$(awk -v i="$i" 'BEGIN { printf "%.6f", 45 + i * 0.137 }')
    lon=$(awk -v i="$i" 'BEGIN { printf "%.6f", 5 + i * 0.211 }')
    make=$([[ $((i % 2)) == 0 ]] && echo Canon || echo Apple)
    model=$([[ $((i % 2)) == 0 ]] && echo "Canon EOS R6" || echo "iPhone 15 Pro")
    orientation=()
    [[ $i == 3 || $i == 7 ]] && orientation=(-Orientation#=6)
    exiftool -q -overwrite_original -GPSLatitude="$lat" -GPSLatitudeRef=N -GPSLongitude="$lon" \
      -GPSLongitudeRef=E -GPSAltitude=120 -Make="$make" -Model="$model" "${orientation[@]}" "$photos/p$nn.jpg"
  done
  echo "$stamp" >"$photos/.stamp"
fi
photo_bytes=$(cat "$photos"/p*.jpg | wc -c)
echo "photos: $COUNT, $(awk -v b="$photo_bytes" -v n="$COUNT" 'BEGIN { printf "%.2f MB each on average", b / n / 1e6 }')" >&2

# The Markdown of photo i, the same for both tools.
page() { printf -- '---\ntitle: "Photo %s"\n---\n\nA photo of place %s.\n\n![Photo %s, a landscape](photo.jpg)\n' "$1" "$1" "$1"; }

# Folio projects: webp only, and avif + webp.
for formats in webp avif; do
  project="$work/folio-$formats"
  rm -rf "$project"
  mkdir -p "$project/Templates" "$project/Content/photos"
  list=$([[ $formats == webp ]] && echo "[webp]" || echo "[avif, webp]")
  cat >"$project/folio.yaml" <<EOF
title: Folio image benchmark
baseURL: http://example.org/
language: en
taxonomies: []
feeds: { atom: false, rss: false }
sitemap: false
robots: false
images: { formats: $list, quality: 75 }
EOF
  echo '{{{page.content}}}' >"$project/Templates/page.mustache"
  printf -- '---\ntitle: Photos\n---\n' >"$project/Content/photos/_index.md"
  for i in $(seq "$COUNT"); do
    nn=$(printf %02d "$i")
    mkdir -p "$project/Content/photos/p$nn"
    page "$nn" >"$project/Content/photos/p$nn/index.md"
    cp "$photos/p$nn.jpg" "$project/Content/photos/p$nn/photo.jpg"
  done
done

# The Hugo project.
hugo_site="$work/hugo"
rm -rf "$hugo_site"
mkdir -p "$hugo_site/layouts/_default/_markup" "$hugo_site/content/photos"
cat >"$hugo_site/config.toml" <<'EOF'
baseURL = "http://example.org/"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
EOF
echo '{{ .Content }}' >"$hugo_site/layouts/_default/single.html"
echo '{{ .Content }}' >"$hugo_site/layouts/_default/list.html"
echo '{{ .Content }}' >"$hugo_site/layouts/index.html"
cat >"$hugo_site/layouts/_default/_markup/render-image.html" <<'EOF'
{{- $image := .Page.Resources.GetMatch .Destination -}}
{{- if $image -}}
{{- $candidates := slice -}}
{{- range slice 480 960 1440 -}}
{{- $variant := $image.Resize (printf "%dx webp q75" .) -}}
{{- $candidates = $candidates | append (printf "%s %dw" $variant.RelPermalink $variant.Width) -}}
{{- end -}}
<picture><source type="image/webp" srcset="{{ delimit $candidates ", " }}" sizes="(min-width: 48rem) 44rem, 100vw" /><img src="{{ $image.RelPermalink }}" alt="{{ .Text }}" width="{{ $image.Width }}" height="{{ $image.Height }}" /></picture>
{{- else -}}
<img src="{{ .Destination | safeURL }}" alt="{{ .Text }}" />
{{- end -}}
EOF
for i in $(seq "$COUNT"); do
  nn=$(printf %02d "$i")
  mkdir -p "$hugo_site/content/photos/p$nn"
  page "$nn" >"$hugo_site/content/photos/p$nn/index.md"
  cp "$photos/p$nn.jpg" "$hugo_site/content/photos/p$nn/photo.jpg"
done

out="$BENCH_DIR/out"
folio_cold() { echo "$folio build --quiet --no-cache --source $work/folio-$1 --output $out/images-folio-$1"; }
folio_warm="$folio build --quiet --source $work/folio-webp --output $out/images-folio-warm"
hugo_out="$out/images-hugo"
hugo_cmd="hugo --quiet -s $hugo_site -d $hugo_out"
hugo_prepare="rm -rf $hugo_site/resources $hugo_out"

# The checks.
count() { find "$1" -name "$2" | wc -l; } # folder, pattern
gps() { { exiftool -q -q -r -a -G1 -s -gps:all "$1" || true; } | grep -c '^\[GPS\]' || true; } # folder
fail() { echo "images.sh: $*" >&2; exit 1; }
# What the check builds print (the notes on the photos' GPS positions) goes to a log.
log="$work/checks.log"
: >"$log"
rm -rf "$out"/images-*
$(folio_cold webp) 2>>"$log"
$(folio_cold avif) 2>>"$log"
$hugo_prepare
$hugo_cmd 2>>"$log"
[[ $(count "$out/images-folio-webp" '*.webp') == $((COUNT * 3)) ]] || fail "Folio made $(count "$out/images-folio-webp" '*.webp') WebP files"
[[ $(count "$out/images-folio-avif" '*.avif') == $((COUNT * 3)) ]] || fail "Folio made $(count "$out/images-folio-avif" '*.avif') AVIF files"
[[ $(count "$hugo_out" '*.webp') == $((COUNT * 3)) ]] || fail "Hugo made $(count "$hugo_out" '*.webp') WebP files"
[[ -d $hugo_site/resources/_gen/images ]] || fail "Hugo wrote no resources/_gen/images"
folio_gps=$(($(gps "$out/images-folio-webp") + $(gps "$out/images-folio-avif")))
hugo_gps=$(gps "$hugo_out")
echo "GPS tags (exiftool -a -G1 -s -gps:all): Folio's outputs $folio_gps, Hugo's $hugo_gps" >&2
[[ $folio_gps == 0 ]] || fail "exiftool found GPS tags in Folio's output"
# Two clean builds: the same bytes, image by image.
for formats in webp avif; do
  rm -rf "$out/images-folio-$formats-again"
  $folio build --quiet --no-cache --source "$work/folio-$formats" --output "$out/images-folio-$formats-again" 2>>"$log"
  images=0
  while IFS= read -r file; do
    cmp -s "$out/images-folio-$formats/$file" "$out/images-folio-$formats-again/$file" || fail "$formats: $file differs between two clean builds"
    images=$((images + 1))
  done < <(cd "$out/images-folio-$formats" && find . -name '*.webp' -o -name '*.avif' -o -name '*.jpg')
  echo "$formats: two clean builds, $images images byte-identical (cmp)" >&2
done
# The cache: filled, then a build with the output removed, then one with the cache removed.
rm -rf "$work/folio-webp/.folio" "$out/images-folio-warm"
$folio_warm 2>>"$log"
rm -rf "$out/images-folio-warm"
report=$($folio build --format json --source "$work/folio-webp" --output "$out/images-folio-warm" 2>>"$log")
diff -r "$out/images-folio-webp" "$out/images-folio-warm" >/dev/null || fail "a cached build after rm -rf of the output differs from a --no-cache build"
python3 -c 'import json, sys; r = json.loads(sys.argv[1])["images"]; assert r["encoded"] == 0 and r["reused"] > 0, r' "$report" ||
  fail "the cached build encoded images: $report"
rm -rf "$work/folio-webp/.folio/cache"
$folio_warm 2>>"$log"
diff -r "$out/images-folio-webp" "$out/images-folio-warm" >/dev/null || fail "a build after deleting .folio/cache differs"
echo "cache: rm -rf of the output, then a cached build: same bytes as --no-cache (diff -r), nothing encoded;" \
  "deleting .folio/cache and building again: same bytes (diff -r)" >&2
cache_summary=$(python3 -c 'import json, sys; c = json.loads(sys.argv[1])["images"]["cache"]; print(c["entries"], c["bytes"])' "$report")

# Timed: cold Folio (webp) vs cold Hugo, alternating.
jsons=()
for round in $(seq "$ROUNDS"); do
  json="$BENCH_DIR/results/images-cold-round$round.json"
  jsons+=("$json")
  folio_args=(--prepare "rm -rf $out/images-folio-webp" -n folio "$(folio_cold webp)")
  hugo_args=(--prepare "$hugo_prepare" -n hugo "$hugo_cmd")
  if ((round % 2)); then pair=("${folio_args[@]}" "${hugo_args[@]}"); else pair=("${hugo_args[@]}" "${folio_args[@]}"); fi
  hyperfine --style basic --warmup "$WARMUP" --runs "$RUNS" --export-json "$json" "${pair[@]}" >&2
done
cold_load=$(cut -d' ' -f1 /proc/loadavg)
# Cold with AVIF, and warm (the cache filled by the checks above).
hyperfine --style basic --warmup "$WARMUP" --runs "$RUNS" --export-json "$BENCH_DIR/results/images-avif.json" \
  --prepare "rm -rf $out/images-folio-avif" -n folio-avif "$(folio_cold avif)" >&2
avif_load=$(cut -d' ' -f1 /proc/loadavg)
hyperfine --style basic --warmup "$WARMUP" --runs "$RUNS" --export-json "$BENCH_DIR/results/images-warm.json" \
  --prepare "rm -rf $out/images-folio-warm" -n folio-warm "$folio_warm" >&2
warm_load=$(cut -d' ' -f1 /proc/loadavg)
# The images step of warm builds, from --format json (milliseconds).
steps=()
for _ in $(seq "$RUNS"); do
  rm -rf "$out/images-folio-warm"
  steps+=("$($folio build --format json --source "$work/folio-webp" --output "$out/images-folio-warm" 2>>"$log" |
    python3 -c 'import json, sys; r = json.load(sys.stdin); print(r["timings"]["images"] * 1000, r["images"]["encoded"])')")
done

summary=$(python3 - "$BENCH_DIR/results/images-avif.json" "$BENCH_DIR/results/images-warm.json" "${jsons[@]}" <<'PY'
import json, statistics, sys
times, cpu = {}, {}
for path in sys.argv[1:]:
    for result in json.load(open(path))["results"]:
        times.setdefault(result["command"], []).extend(result["times"])
        cpu.setdefault(result["command"], []).append(result["user"] + result["system"])
names = ["folio", "hugo", "folio-avif", "folio-warm"]
print(*[statistics.median(times[n]) for n in names], *[statistics.mean(cpu[n]) for n in names])
PY
)
read -r folio_s hugo_s avif_s warm_s folio_cpu hugo_cpu avif_cpu warm_cpu <<<"$summary"
read -r step_ms step_encoded <<<"$(printf '%s\n' "${steps[@]}" | sort -g | awk '{ v[NR] = $0 } END { print v[int((NR + 1) / 2)] }')"

echo
echo "| build | wall median s | CPU s | hugo/this (wall) | load |"
echo "| --- | ---: | ---: | ---: | ---: |"
awk -v f="$folio_s" -v h="$hugo_s" -v a="$avif_s" -v w="$warm_s" -v fc="$folio_cpu" -v hc="$hugo_cpu" \
  -v ac="$avif_cpu" -v wc="$warm_cpu" -v l1="$cold_load" -v l2="$avif_load" -v l3="$warm_load" 'BEGIN {
  printf "| Hugo cold, WebP 480/960/1440 q75 | %.3f | %.2f | 1.00× | %s |\n", h, hc, l1
  printf "| Folio cold (--no-cache), WebP | %.3f | %.2f | %.2f× | %s |\n", f, fc, h / f, l1
  printf "| Folio cold (--no-cache), AVIF + WebP | %.3f | %.2f | %.2f× | %s |\n", a, ac, h / a, l2
  printf "| Folio warm (.folio/cache kept, output removed), WebP | %.3f | %.2f | %.2f× | %s |\n", w, wc, h / w, l3 }'
echo
echo "warm builds' images step (--format json timings, median of $RUNS): ${step_ms} ms, encoded $step_encoded;" \
  "cache: $cache_summary (entries, bytes)"
