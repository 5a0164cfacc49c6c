#!/usr/bin/env bash
# Start N `gentzen serve` verification replicas on one host, ports PORT..PORT+N-1, and print the client flags
# that deal proofs over them (gentzen's client spreads requests over every --verify-url, with retries).
# Usage: serve-replicas.sh N [PORT] [HOST] [-- extra `gentzen serve` options, e.g. --backend repl --workers 4]
# Stops every replica on Ctrl-C or TERM. Tested by tests/e2e/test_scale_scripts.py on 127.0.0.1.
set -euo pipefail
n=${1:?usage: serve-replicas.sh N [PORT] [HOST] [-- gentzen serve options]}; shift
port=${1:-8000}; [ $# -gt 0 ] && shift
host=${1:-127.0.0.1}; [ $# -gt 0 ] && shift
[ "${1:-}" = "--" ] && shift
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; exit 0' INT TERM
trap 'kill "${pids[@]}" 2>/dev/null' EXIT
flags=""
for ((i = 0; i < n; i++)); do
  gentzen serve --host "$host" --port $((port + i)) "$@" &
  pids+=($!)
  flags+=" --verify-url http://$host:$((port + i))"
done
for ((i = 0; i < n; i++)); do  # ready when /health answers
  for _ in $(seq 1 300); do
    python3 -c "import urllib.request,sys; urllib.request.urlopen(sys.argv[1], timeout=1)" \
      "http://$host:$((port + i))/health" 2>/dev/null && break
    sleep 0.2
  done
done
echo "ready:$flags"
wait
