#!/usr/bin/env bash
# How much `--jobs` overlaps scenarios that wait on I/O: six quakes scenarios whose feed answers
# after DELAY seconds, checked with --jobs 1 and with --jobs JOBS; median wall time of RUNS runs
# of each and their ratio (the target: well under half the serial time with 3 jobs). A loopback
# feed server in Python, everything in a temporary folder removed at the end.
#   Benchmarks/Jobs/overlap.sh      (after: swift build -c release --product replshell)
set -euo pipefail
cd "$(dirname "$0")"
REPLSHELL=${REPLSHELL:-$(cd ../.. && pwd)/.build/release/replshell}
RUNS=${RUNS:-3}; JOBS=${JOBS:-3}; DELAY=${DELAY:-1}
[ -x "$REPLSHELL" ] || { echo "no $REPLSHELL: run swift build -c release --product replshell first" >&2; exit 1; }
feed=$(cd ../.. && pwd)/Scenarios/quakes-feed/all_hour.geojson

work=$(mktemp -d)
cleanup() { [ -f "$work/pid" ] && kill "$(cat "$work/pid")" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

# A threaded HTTP server on a free port that answers every path with the feed after DELAY seconds.
python3 - "$feed" "$DELAY" "$work/port" <<'PY' &
import http.server, socketserver, sys, time
body = open(sys.argv[1], 'rb').read(); delay = float(sys.argv[2])
class Slow(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        time.sleep(delay)
        self.send_response(200); self.send_header('Content-Length', str(len(body))); self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args): pass
server = socketserver.ThreadingTCPServer(('127.0.0.1', 0), Slow)
open(sys.argv[3], 'w').write(str(server.server_address[1]))
server.serve_forever()
PY
echo $! > "$work/pid"
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(cat "$work/port")

for index in 1 2 3 4 5 6; do
  printf 'use quakes --feed http://127.0.0.1:%s/\ndispatch quakeList.onTapRefreshQuakesButton(range: .allHour)\nselect selectQuakesCount\n' \
    "$port" > "$work/slow$index.txt"
  printf 'replshell> use quakes [..]\n...\n' > "$work/slow$index.golden"
done

# median_seconds JOBS: the median wall time of RUNS checks of the six scenarios.
median_seconds() {
  for _ in $(seq "$RUNS"); do
    start=$(date +%s.%N)
    "$REPLSHELL" --check "$work" --jobs "$1" > /dev/null
    awk -v end="$(date +%s.%N)" -v start="$start" 'BEGIN { print end - start }'
  done | sort -n | awk '{ times[NR] = $1 } END { print times[int((NR + 1) / 2)] }'
}
serial=$(median_seconds 1)
parallel=$(median_seconds "$JOBS")
printf 'six scenarios waiting %ss each: --jobs 1 %.2f s, --jobs %s %.2f s, ratio %.2f (median of %s runs)\n' \
  "$DELAY" "$serial" "$JOBS" "$parallel" "$(awk -v p="$parallel" -v s="$serial" 'BEGIN { print p / s }')" "$RUNS"
