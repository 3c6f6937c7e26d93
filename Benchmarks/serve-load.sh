#!/usr/bin/env bash
# Load test for the preview server: 100 open live-reload (SSE) streams plus wrk with 64
# connections for 10 s against a page, then a report of requests/s, errors and timeouts.
#
# Usage: Benchmarks/serve-load.sh [URL]
#   URL   a running server's page, e.g. http://127.0.0.1:1313/ (from `folio serve` once the CLI
#         exists). Without it the script starts the test-only load server
#         (Tests/PreviewServerTests/LoadServerTests.swift) on 127.0.0.1:$FOLIO_LOAD_PORT.
# Environment: SSE_CLIENTS (100), CONNECTIONS (64), THREADS (2), DURATION (10s),
#              FOLIO_LOAD_PORT (18313).
# Exits non-zero when wrk saw socket errors, timeouts or non-2xx/3xx answers, or when a
# live-reload stream did not stay open through the load.
set -euo pipefail

SSE_CLIENTS=${SSE_CLIENTS:-100}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
DURATION=${DURATION:-10s}
PORT=${FOLIO_LOAD_PORT:-18313}
URL=${1:-}

work=$(mktemp -d)
server_pid=""
sse_pids=()
cleanup() {
  for pid in "${sse_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; fi
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

for tool in curl wrk; do
  command -v "$tool" >/dev/null || { echo "serve-load: $tool is not installed" >&2; exit 69; }
done

if [[ -z "$URL" ]]; then
  cd "$(dirname "$0")/.."
  echo "serve-load: building and starting the test load server on port $PORT" >&2
  swift build --build-tests >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
  FOLIO_LOAD_TEST=1 FOLIO_LOAD_PORT=$PORT FOLIO_LOAD_SECONDS=${FOLIO_LOAD_SECONDS:-40} \
    swift test --skip-build --filter LoadServerTests >"$work/server.log" 2>&1 &
  server_pid=$!
  URL="http://127.0.0.1:$PORT/"
  for _ in $(seq 1 300); do
    curl -fs -o /dev/null "$URL" && break
    sleep 0.1
  done
fi

origin=$(printf '%s' "$URL" | sed -E 's#^(https?://[^/]+).*#\1#')
curl -fs -o /dev/null "$URL" || { echo "serve-load: $URL is not answering" >&2; exit 1; }

# Open the live-reload streams and keep them open for longer than the load lasts.
for i in $(seq 1 "$SSE_CLIENTS"); do
  curl -sN --max-time 60 "$origin/_folio/events" >"$work/sse-$i.out" 2>/dev/null &
  sse_pids+=($!)
done
sleep 1
greeted=$(grep -l '"type":"hello"' "$work"/sse-*.out 2>/dev/null | wc -l)

wrk -c "$CONNECTIONS" -t "$THREADS" -d "$DURATION" --timeout 5s --latency "$URL" | tee "$work/wrk.out"

alive=0
for pid in "${sse_pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=$((alive + 1)); done
messages=$(cat "$work"/sse-*.out | grep -c '^data: ' || true)

requests=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.out")
socket_errors=$(grep -E 'Socket errors' "$work/wrk.out" || true)
connect=0; read_errors=0; write_errors=0; timeouts=0
if [[ -n "$socket_errors" ]]; then
  connect=$(sed -E 's/.*connect ([0-9]+).*/\1/' <<<"$socket_errors")
  read_errors=$(sed -E 's/.*read ([0-9]+).*/\1/' <<<"$socket_errors")
  write_errors=$(sed -E 's/.*write ([0-9]+).*/\1/' <<<"$socket_errors")
  timeouts=$(sed -E 's/.*timeout ([0-9]+).*/\1/' <<<"$socket_errors")
fi
non_2xx=$(awk '/Non-2xx or 3xx responses/ {print $NF}' "$work/wrk.out")
non_2xx=${non_2xx:-0}
errors=$((connect + read_errors + write_errors + non_2xx))

echo
echo "requests/s:          $requests"
echo "errors:              $errors (connect $connect, read $read_errors, write $write_errors, non-2xx/3xx $non_2xx)"
echo "timeouts:            $timeouts"
echo "live-reload streams: $greeted of $SSE_CLIENTS greeted, $alive still open after the load, $messages messages received"

if ((errors > 0 || timeouts > 0 || greeted < SSE_CLIENTS || alive < SSE_CLIENTS)); then
  echo "serve-load: FAILED" >&2
  exit 1
fi
echo "serve-load: ok"
