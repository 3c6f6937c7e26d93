#!/usr/bin/env bash
# CPU time (user + sys) of `folio build` for several binaries or projects, interleaved: each
# round runs every command once, the order rotated from round to round, each into an absent
# output folder. On a machine shared with other work the wall time swings with the load; the
# CPU time a build takes moves much less, so this reports its median and its spread. Builds are
# cold (--no-cache), as in build.sh.
#
# Usage: Benchmarks/cpu-ab.sh ROUNDS NAME=FOLIO:PROJECT ...
#   e.g. Benchmarks/cpu-ab.sh 6 off=.build/release/folio:/dev/shm/folio-bench/c10000/folio-search-off \
#                             on=.build/release/folio:/dev/shm/folio-bench/c10000/folio-search-on
# Output folders: $BENCH_DIR/out/cpu-ab-NAME (BENCH_DIR defaults to /dev/shm/folio-bench).
set -euo pipefail
rounds=${1:?usage: cpu-ab.sh ROUNDS NAME=FOLIO:PROJECT ...}
shift
specs=("$@")
out_dir=${BENCH_DIR:-/dev/shm/folio-bench}/out
mkdir -p "$out_dir"
times=$(mktemp)
trap 'rm -f "$times" "$times.one"' EXIT
for round in $(seq "$rounds"); do
  k=$(((round - 1) % ${#specs[@]}))
  for spec in "${specs[@]:k}" "${specs[@]:0:k}"; do
    name=${spec%%=*}
    rest=${spec#*=}
    out="$out_dir/cpu-ab-$name"
    rm -rf "$out"
    /usr/bin/time -o "$times.one" -f "%U %S %e" "${rest%%:*}" build --quiet --no-cache --source "${rest#*:}" --output "$out" \
      >/dev/null 2>&1
    echo "$name $(tail -n 1 "$times.one")" >>"$times"
  done
done
python3 - "$times" "${specs[@]%%=*}" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    name, user, system, wall = line.split()
    runs.setdefault(name, []).append((float(user) + float(system), float(wall)))
first = None
print("| command | CPU s median | CPU s min–max | CPU s per run | wall s median | CPU vs first |")
print("| --- | ---: | --- | --- | ---: | ---: |")
for name in sys.argv[2:]:
    cpu = [c for c, _ in runs[name]]
    median = statistics.median(cpu)
    first = first or median
    print(f"| {name} | {median:.2f} | {min(cpu):.2f}–{max(cpu):.2f} | {', '.join(f'{c:.2f}' for c in cpu)} | "
          f"{statistics.median(w for _, w in runs[name]):.2f} | {median / first - 1:+.1%} |")
PY
