#!/usr/bin/env bash
# What `explore --against` costs a step, beside a plain `explore` of the same runs, on the three
# sample domains: the same seed, 200 runs of 50 actions, the release `replshell` compared with
# itself (a copy of the binary, so two processes as for any revision). For each domain:
#
#   - plain: the wall time of `explore --runs 200 --steps 50 --seed 7` (no invariant: every run
#     goes its 50 steps), median of RUNS (3);
#   - against: the wall time of `explore --against COPY` of the same runs, median of RUNS;
#   - per step: (against − plain) / the steps compared, and the figure the report prints (its own
#     timing of the two reducers and the pipe, median).
#
#   swift build -c release --product replshell      # in the repository root
#   Benchmarks/Explore/against.sh                    # RUNS=3 DOMAINS="counter animals quakes"
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
replshell="${REPLSHELL:-$here/../../.build/release/replshell}"
[ -x "$replshell" ] || { echo "no $replshell: build it first (see the head of this script)" >&2; exit 1; }
runs="${RUNS:-3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$replshell" "$work/other-replshell"

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR == 0) print "–"; else print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

printf '| domain | plain explore (ms) | explore --against (ms) | steps compared | per step, wall (µs) | per step, as reported (µs) | ratio |\n'
printf '|---|---|---|---|---|---|---|\n'
for domain in ${DOMAINS:-counter animals quakes}; do
  printf 'use %s\nexplore --runs 200 --steps 50 --seed 7\n' "$domain" > "$work/plain.txt"
  printf 'use %s\nexplore --against %s --runs 200 --steps 50 --seed 7\n' "$domain" "$work/other-replshell" > "$work/against.txt"
  plain=(); against=(); reported=(); steps=0
  for _ in $(seq "$runs"); do
    start=$(date +%s%N); "$replshell" --script "$work/plain.txt" > /dev/null 2>&1 || true; plain+=($(( ($(date +%s%N) - start) / 1000 )))
    start=$(date +%s%N); "$replshell" --script "$work/against.txt" > "$work/out.txt" 2>&1 || true; against+=($(( ($(date +%s%N) - start) / 1000 )))
    line=$(grep '^compared ' "$work/out.txt" || true)
    [ -n "$line" ] || { echo "no comparison in the output of $domain:" >&2; cat "$work/out.txt" >&2; exit 1; }
    steps=$(echo "$line" | sed -E 's/^compared ([0-9]+) step.*/\1/')
    reported+=($(echo "$line" | sed -E 's/.*: ([0-9.]+) µs a step.*/\1/'))
  done
  p=$(printf '%s\n' "${plain[@]}" | median); a=$(printf '%s\n' "${against[@]}" | median); r=$(printf '%s\n' "${reported[@]}" | median)
  awk -v d="$domain" -v p="$p" -v a="$a" -v s="$steps" -v r="$r" \
    'BEGIN { printf "| %s | %.0f | %.0f | %d | %.1f | %s | %.1f× |\n", d, p / 1000, a / 1000, s, (a - p) / s, r, a / p }'
done
