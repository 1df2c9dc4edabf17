#!/usr/bin/env bash
# Uniform `explore` beside `explore --guided` on the sample domains at the same budget (2,000 runs
# of 50 steps, 100,000 actions, no invariant so nothing stops the runs), in one run: abstract
# states entered, distinct transitions and steps/s (the wall time of the explores of SEEDS seeds
# minus that of as many 1-step explores), medians over the seeds.
#
#   swift build -c release --product replshell   # in the repository root, first
#   Benchmarks/Explore/guided-samples.sh          # SEEDS=5 DOMAINS="counter animals quakes"
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
binary="${REPLSHELL:-$here/../../.build/release/replshell}"
seeds="${SEEDS:-5}"
[ -x "$binary" ] || { echo "no $binary: run \`swift build -c release --product replshell\` first" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
time_of() { local start; start=$(date +%s%N); "$binary" --script "$1" > /dev/null 2>&1 || true; echo $(( $(date +%s%N) - start )); }

for domain in ${DOMAINS:-counter animals quakes}; do
  for mode in uniform guided; do
    flag=""; [ "$mode" = guided ] && flag="--guided"
    { echo "use $domain"; for seed in $(seq "$seeds"); do echo "explore $flag --runs 2000 --steps 50 --seed $seed --jobs 1"; done; } > "$work/full.txt"
    { echo "use $domain"; for seed in $(seq "$seeds"); do echo "explore $flag --runs 1 --steps 1 --seed $seed --jobs 1"; done; } > "$work/base.txt"
    out=$("$binary" --script "$work/full.txt" 2>&1 || true)
    states=$(awk '/^states: / { print $2 }' <<< "$out" | median)
    transitions=$(awk '/^states: / { print $6 }' <<< "$out" | median)
    full=$(time_of "$work/full.txt")
    base=$(time_of "$work/base.txt")
    rate=$(awk -v f="$full" -v b="$base" -v n="$seeds" 'BEGIN { printf "%d", n * 100000 / ((f - b) / 1e9) }')
    printf '%-8s %-8s abstract states: median %s; distinct transitions per 100k steps: median %s; %s steps/s\n' "$domain" "$mode" "$states" "$transitions" "$rate"
  done
done
