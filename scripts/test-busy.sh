#!/usr/bin/env bash
# The whole suite (README.md's `make test`) beside a CPU load: as many busy processes as the machine
# has cores (BUSY=N for another number), each a tight loop at the tests' own priority, ended with the
# run. A test that passes only on a quiet machine bets on time; this finds it.
# Usage: scripts/test-busy.sh [pytest arguments]     (make test-busy runs it whole)
set -euo pipefail
cd "$(dirname "$0")/.."
busy=${BUSY:-$(nproc)}
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
for _ in $(seq "$busy"); do
  ( while :; do :; done ) &
  pids+=($!)
done
echo "test-busy: $busy busy processes beside the suite on $(nproc) cores"
start=$(date +%s)
status=0
make test PYTEST_ARGS="$*" || status=$?
echo "test-busy: ended with status $status after $(( $(date +%s) - start )) s"
exit "$status"
