#!/usr/bin/env bash
# Runs the `folio serve` browser tests with the given folio binary.
# Usage: bash Tests/BrowserServe/run.sh PATH/TO/folio
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bash "$root/scripts/browser-env" || exit 1
cd "$root" && FOLIO_BINARY="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")" \
  "$root/.venv/bin/python" -m pytest -p no:cacheprovider -q Tests/BrowserServe
