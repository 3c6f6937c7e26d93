#!/usr/bin/env bash
# Builds Folio's libFuzzer targets (Tests/Fuzz/README.md) and runs them.
#
#   Tests/Fuzz/fuzz.sh TARGET SECONDS   run one target that long, corpus kept in .build-fuzz/corpus/TARGET
#   Tests/Fuzz/fuzz.sh --smoke [SECONDS] replay every kept regression input, then run each target
#                                        SECONDS (default 15) from fresh seeds; fails on any crash
#   Tests/Fuzz/fuzz.sh --replay          replay the regression inputs only
#   Tests/Fuzz/fuzz.sh --list            the target names
#
# Seeds are generated at run time from the test corpora (seeds.py); crashes are written to
# .build-fuzz/crashes/TARGET/, logs to .build-fuzz/corpus-logs/ (smoke runs: smoke-corpus-logs/).
# Set FOLIO_SHARED to the shared corpora folder (default ../shared), FOLIO_FUZZ_ARGS to pass more
# libFuzzer options (`-fork=1 -ignore_crashes=1` keeps going after a crash and counts them).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
scratch="$root/.build-fuzz"
shared=${FOLIO_SHARED:-$root/../shared}

# name → executable and libFuzzer's longest input for it.
declare -A executable=(
  [markdown]=FuzzMarkdown [attributes]=FuzzExtendedAttributes [front-matter]=FuzzFrontMatter
  [mustache]=FuzzMustache [bookmarks]=FuzzBookmarks [request-target]=FuzzRequestTarget
  [output-path]=FuzzOutputPath [math]=FuzzMath [toml]=FuzzTOML [image-size]=FuzzImageSize
  [images]=FuzzImages [image-metadata]=FuzzImageMetadata [html-tree]=FuzzHTMLTree
)
declare -A max_len=(
  [markdown]=8192 [attributes]=4096 [front-matter]=4096 [mustache]=4096 [bookmarks]=4096
  [request-target]=1024 [output-path]=1024 [math]=4096 [toml]=4096 [image-size]=4096
  [images]=16384 [image-metadata]=4096 [html-tree]=8192
)
targets=(markdown attributes front-matter mustache bookmarks request-target output-path math toml image-size
  images image-metadata html-tree)

build() {
  [[ -z "${FOLIO_FUZZ_BIN:-}" ]] || return 0
  # SwiftPM passes --sanitize values as separate -sanitize= flags, and swiftc keeps only the
  # last one; the combined flag after them turns on both libFuzzer's coverage and ASan.
  # `--sanitize=fuzzer` itself is still needed: it tells SwiftPM that libFuzzer provides main.
  echo "building the fuzz targets into $scratch"
  mkdir -p "$scratch"
  nice -n 10 swift build --package-path "$here" --scratch-path "$scratch" --sanitize=fuzzer \
    -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address >"$scratch/build.log" 2>&1 ||
    { grep -E "error:" "$scratch/build.log" | head -n 20; echo "build failed: $scratch/build.log"; return 1; }
}

# FOLIO_FUZZ_BIN: run binaries copied elsewhere (long runs that go on while the package is
# rebuilt) instead of building.
binary() { echo "${FOLIO_FUZZ_BIN:-$scratch/debug}/${executable[$1]}"; }

# Stops at the first crash; the Swift runtime's backtracer would print over libFuzzer's report.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}

# run TARGET SECONDS: fuzzes from the kept corpus plus fresh seeds; prints libFuzzer's final
# statistics and returns non-zero on any crash, leak, timeout or broken property.
run() {
  local target=$1 seconds=$2
  local corpus="$scratch/${corpora:-corpus}/$target" crashes="$scratch/crashes/$target" seeds
  seeds=$(mktemp -d)
  mkdir -p "$corpus" "$crashes"
  python3 "$here/seeds.py" "$target" "$seeds" --shared "$shared" ${seed_limit:+--limit "$seed_limit"} ||
    { rm -rf "$seeds"; return 1; }
  local log="$scratch/${corpora:-corpus}-logs/$target.log"
  mkdir -p "$(dirname "$log")"
  echo "=== fuzz $target for ${seconds}s (log $log)"
  nice -n 10 "$(binary "$target")" -max_total_time="$seconds" -max_len="${max_len[$target]}" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$crashes/" \
    ${FOLIO_FUZZ_ARGS:-} "$corpus" "$seeds" >"$log" 2>&1
  local status=$?
  rm -rf "$seeds"
  grep -a -E "^#[0-9]+[[:space:]]+DONE|^stat::(number_of_executed_units|peak_rss_mb)|^Done " "$log"
  echo "corpus: $(find "$corpus" -type f | wc -l) files found beyond the seeds"
  if [[ $status -ne 0 ]]; then
    grep -a -E -A 12 "fuzz property broken|ERROR: (AddressSanitizer|libFuzzer)|Fatal error|SUMMARY" "$log" | head -n 40
    echo "=== $target FAILED (status $status); inputs in $crashes"
  fi
  return $status
}

# Replays every kept input under Regressions/TARGET once; each was a crash or a difference.
replay() {
  local failed=0 target inputs
  for target in "${targets[@]}"; do
    inputs=("$here/Regressions/$target"/*)
    [[ -e "${inputs[0]}" ]] || continue
    if "$(binary "$target")" "${inputs[@]}" >"$scratch/smoke-corpus-logs/replay-$target.log" 2>&1; then
      echo "replay $target: ${#inputs[@]} inputs pass"
    else
      echo "replay $target: FAILED"
      grep -a -E -A 8 "fuzz property broken|ERROR: AddressSanitizer|Fatal error" "$scratch/smoke-corpus-logs/replay-$target.log" | head -n 30
      failed=1
    fi
  done
  return $failed
}

case "${1:-}" in
  --list) printf '%s\n' "${targets[@]}" ;;
  --replay) build && mkdir -p "$scratch/smoke-corpus-logs" && replay ;;
  --smoke)
    seconds=${2:-15}
    build || exit 1
    mkdir -p "$scratch/smoke-corpus-logs"
    failed=0
    replay || failed=1
    for target in "${targets[@]}"; do
      # Smoke runs start from the seeds alone, so each CI run is the same short run, and leave
      # the corpora of long runs alone.
      rm -rf "$scratch/smoke-corpus/$target"
      # At most 300 seeds each: libFuzzer runs every seed before its clock starts.
      corpora=smoke-corpus seed_limit=300 run "$target" "$seconds" || failed=1
    done
    exit $failed
    ;;
  "" | -h | --help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' ;;
  *)
    target=$1 seconds=${2:-600}
    [[ -n "${executable[$target]:-}" ]] || { echo "unknown target '$target' (see --list)"; exit 64; }
    build && run "$target" "$seconds"
    ;;
esac
