#!/usr/bin/env bash
# Time from spawn to the first /healthz 200 on the embedded database: a first start on a fresh
# DATA_DIR, then two restarts on it, for N fresh folders. `npm run build` first for `prod`.
# Usage: scripts/measure-start.sh [prod|tsx] [folders=3] [port=4710]
set -euo pipefail
cd "$(dirname "$0")/.."
entry=${1:-prod}
folders=${2:-3}
port=${3:-4710}
if [ "$entry" = prod ]; then args=(dist/src/main.js); else args=(--import tsx src/main.ts); fi

once() { # prints the seconds one start took to answer /healthz, then stops it
  local start end pid
  start=$(date +%s%N)
  DATA_DIR=$1 PORT=$port LOG_LEVEL=warn node --max-semi-space-size=64 "${args[@]}" >/dev/null 2>&1 &
  pid=$!
  until curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do sleep 0.05; done
  end=$(date +%s%N)
  kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
  awk -v ns=$((end - start)) 'BEGIN { printf "%.2f s", ns / 1e9 }'
}

for _ in $(seq 1 "$folders"); do
  dir=$(mktemp -d)
  echo "load $(cut -d' ' -f1 /proc/loadavg)  first $(once "$dir")  restarts $(once "$dir"), $(once "$dir")"
  rm -rf "$dir"
done
