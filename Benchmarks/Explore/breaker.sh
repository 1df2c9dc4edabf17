#!/usr/bin/env bash
# Uniform `explore` beside `explore --guided` and Hypothesis on the circuit breaker of
# `ExploreModels/Breaker.swift` (its bug takes eight failed requests in a row, the timer, three
# good probes and one failed request), at the same budget of steps, in one run:
#
#   - steps to find: per seed, the actions tried until the invariant broke (the runs up to and
#     including the failing one), or "–" when 2,000 runs of 50 steps (100,000) did not find it;
#   - distinct transitions (abstract state, action case, abstract state after) in 100,000 steps,
#     with no invariant (nothing stops the runs);
#   - steps/s: the wall time of ten 100k-step explores minus that of ten 1-step ones.
#
#   (cd Benchmarks && swift build -c release --product ExploreModels)
#   Benchmarks/Explore/breaker.sh       # SEEDS=5 (Swift), HYPOTHESIS_SEEDS=3, EXAMPLES=2000
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
models="${EXPLOREMODELS:-$here/../.build/release/ExploreModels}"
seeds="${SEEDS:-5}"
[ -x "$models" ] || { echo "no $models: run \`swift build -c release --product ExploreModels\` in Benchmarks/ first" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR == 0) print "–"; else print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

for mode in uniform guided; do
  flag=""; [ "$mode" = guided ] && flag="--guided"
  found=()
  for seed in $(seq "$seeds"); do
    printf 'use breaker\ninvariant selectTrippedEarly == false\nexplore %s --runs 2000 --steps 50 --seed %s\n' "$flag" "$seed" > "$work/find.txt"
    out=$("$models" --script "$work/find.txt" 2>&1 || true)
    if grep -q "broken in run" <<< "$out"; then
      found+=("$(awk '/^coverage: / { print $4 }' <<< "$out")")
    else
      found+=("–")
    fi
  done
  { echo "use breaker"; for seed in $(seq "$seeds"); do echo "explore $flag --runs 2000 --steps 50 --seed $seed"; done; } > "$work/cover.txt"
  transitions=$("$models" --script "$work/cover.txt" 2>&1 | awk '/^states: / { print $6 }' | median)
  { echo "use breaker"; for seed in $(seq 10); do echo "explore $flag --runs 2000 --steps 50 --seed $seed"; done; } > "$work/speed.txt"
  { echo "use breaker"; for seed in $(seq 10); do echo "explore $flag --runs 1 --steps 1 --seed $seed"; done; } > "$work/base.txt"
  time_of() { local start; start=$(date +%s%N); "$models" --script "$1" > /dev/null 2>&1 || true; echo $(( $(date +%s%N) - start )); }
  full=$(for _ in 1 2 3; do time_of "$work/speed.txt"; done | median)
  base=$(for _ in 1 2 3; do time_of "$work/base.txt"; done | median)
  rate=$(awk -v f="$full" -v b="$base" 'BEGIN { printf "%d", 1000000 / ((f - b) / 1e9) }')
  hits=$(printf '%s\n' "${found[@]}" | grep -vc "–" || true)
  med=$(printf '%s\n' "${found[@]}" | { grep -v "–" || true; } | median)
  printf '%-10s found in %s of %s seeds, steps to find: %s (median %s); distinct transitions per 100k steps: median %s; %s steps/s\n' \
    "$mode" "$hits" "$seeds" "${found[*]}" "$med" "$transitions" "$rate"
done

if python3 -c 'import hypothesis' 2> /dev/null; then
  result=$(SEEDS="${HYPOTHESIS_SEEDS:-3}" EXAMPLES="${EXAMPLES:-2000}" python3 "$here/hypothesis_breaker.py")
  python3 - "$result" <<'PY'
import json, statistics, sys
r = json.loads(sys.argv[1])
found = [f for f in r["found"] if f is not None]
print("hypothesis found in %d of %d seeds, steps to find: %s; %d steps in all (median); %d steps/s" % (
    len(found), len(r["found"]), " ".join("–" if f is None else str(f) for f in r["found"]),
    statistics.median(r["steps"]), statistics.median(r["rates"])))
PY
else
  echo "hypothesis: not installed (pip install hypothesis)" >&2
fi
