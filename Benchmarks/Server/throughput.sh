#!/usr/bin/env bash
# Requests per second of the animals query and of addAnimal on one SQLite server, one PostgreSQL
# server and two PostgreSQL servers sharing a database; median of RUNS runs of DURATION each.
# Loopback only and bounded: wrk with CONNECTIONS connections per configuration (split over the
# servers), a throwaway PostgreSQL cluster in a temporary folder, everything stopped at the end.
#   Benchmarks/Server/throughput.sh      (after: swift build -c release --product AnimalsDataServer)
set -euo pipefail
cd "$(dirname "$0")"
SERVER=${SERVER:-../../.build/release/AnimalsDataServer}
RUNS=${RUNS:-3}; DURATION=${DURATION:-10s}; CONNECTIONS=${CONNECTIONS:-16}
[ -x "$SERVER" ] || { echo "no $SERVER: run swift build -c release --product AnimalsDataServer first" >&2; exit 1; }
PG_BIN=${PG_BIN:-$(dirname "$(readlink -f "$(command -v initdb || ls /usr/lib/postgresql/*/bin/initdb | tail -1)")")}
AS=(); [ "$(id -u)" -eq 0 ] && AS=(runuser -u nobody --)

work=$(mktemp -d); chmod 755 "$work"; [ ${#AS[@]} -gt 0 ] && chown nobody "$work"
cleanup() {
  for pid in $(cat "$work/pids" 2>/dev/null); do kill "$pid" 2>/dev/null || true; done
  "${AS[@]}" "$PG_BIN/pg_ctl" stop -D "$work/data" -m fast >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

pg_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"${AS[@]}" "$PG_BIN/initdb" -D "$work/data" -U postgres --auth=trust -E UTF8 >/dev/null
"${AS[@]}" "$PG_BIN/pg_ctl" start -w -D "$work/data" -l "$work/pg.log" \
  -o "-p $pg_port -k $work -c listen_addresses=127.0.0.1 -c max_connections=100" >/dev/null

# start_server ARGS... : starts a server on a free port (its pid noted for cleanup), prints its port.
start_server() {
  local out="$work/out.$RANDOM$RANDOM"
  "$SERVER" --port 0 --log-level error "$@" > "$out" 2>&1 &
  echo $! >> "$work/pids"
  for _ in $(seq 100); do grep -q '^listening on' "$out" 2>/dev/null && break; sleep 0.1; done
  sed -n 's/^listening on http:\/\/127.0.0.1:\([0-9]*\)$/\1/p' "$out"
}

# rate SCRIPT PORT... : requests per second of one wrk per server run at once, summed.
rate() {
  local script=$1; shift; local share=$((CONNECTIONS / $#)) files=() total=0
  for port in "$@"; do
    files+=("$work/wrk.$port"); wrk -t1 -c"$share" -d"$DURATION" -s "$script" "http://127.0.0.1:$port/animals/api" > "$work/wrk.$port" &
  done
  wait
  for file in "${files[@]}"; do
    if grep -q 'Non-2xx' "$file"; then echo "non-2xx answers: $(grep Non-2xx "$file")" >&2; exit 1; fi
    total=$(python3 -c "print($total + $(awk '/Requests\/sec/ {print $2}' "$file"))")
  done
  echo "$total"
}

median() { python3 -c 'import sys, statistics; print(round(statistics.median(map(float, sys.argv[1:]))))' "$@"; }

measure() {
  local name=$1; shift; local ports=("$@") query=() add=()
  for _ in $(seq "$RUNS"); do query+=("$(rate animals-query.lua "${ports[@]}")"); done
  for _ in $(seq "$RUNS"); do add+=("$(rate add-animal.lua "${ports[@]}")"); done
  printf '%-22s animals query %6s req/s (runs: %s)   addAnimal %6s req/s (runs: %s)\n' \
    "$name" "$(median "${query[@]}")" "${query[*]}" "$(median "${add[@]}")" "${add[*]}"
}

measure "1 SQLite server" "$(start_server --store "$work/animals.sqlite")"
for db in one two; do "${AS[@]}" "$PG_BIN/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres "$db"; done
measure "1 PostgreSQL server" "$(start_server --database "postgres://postgres@127.0.0.1:$pg_port/one")"
measure "2 PostgreSQL servers" \
  "$(start_server --database "postgres://postgres@127.0.0.1:$pg_port/two")" \
  "$(start_server --database "postgres://postgres@127.0.0.1:$pg_port/two")"
