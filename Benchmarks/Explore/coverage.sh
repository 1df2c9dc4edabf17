#!/usr/bin/env bash
# Uniform `explore`, `explore --guided` and Hypothesis's RuleBasedStateMachine side by side in one
# run, on the Counter, on Animals and on the circuit breaker of `ExploreModels/Breaker.swift`,
# each with a planted bug stated as an invariant, at the same budget of 100,000 steps a seed
# (2,000 runs of 50 steps; Hypothesis: examples of up to 50 steps until 100,000):
#
#   - steps to find: per seed, the actions tried until the invariant broke (the runs up to and
#     including the failing one), or "–" when 100,000 did not find it;
#   - distinct transitions (abstract state, action case, abstract state after) in those 100,000
#     steps, with no invariant (nothing stops the runs);
#   - steps/s: the wall time of the SEEDS 100k-step explores minus that of as many 1-step ones,
#     median of 3; Hypothesis: steps over the time of its no-invariant pass.
#
# The bugs: the Counter reaching 40 (`invariant selectValue != 40`); Animals holding five
# mammals (`invariant selectAnimals(categoryId: "Mammal").count < 5`); the breaker tripping early
# (thirteen actions in order, see breaker.sh). Hypothesis models all three
# (`hypothesis_coverage.py`): Animals as a Python copy of `AnimalsReducer`, one rule a case of
# its action catalog, its refusals counted as steps but not as transitions.
#
#   swift build -c release --product replshell                  # in the repository root
#   (cd Benchmarks && swift build -c release --product ExploreModels)
#   Benchmarks/Explore/coverage.sh     # SEEDS=5 HYPOTHESIS_SEEDS=3 MODELS="counter animals breaker"
#                                      # HYPOTHESIS_MODELS="counter animals breaker" (default: MODELS)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
replshell="${REPLSHELL:-$here/../../.build/release/replshell}"
models="${EXPLOREMODELS:-$here/../.build/release/ExploreModels}"
seeds="${SEEDS:-5}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR == 0) print "–"; else print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
time_of() { local start; start=$(date +%s%N); "$1" --script "$2" > /dev/null 2>&1 || true; echo $(( $(date +%s%N) - start )); }

declare -A binary=([counter]="$replshell" [animals]="$replshell" [breaker]="$models")
declare -A bug=([counter]='selectValue != 40' [animals]='selectAnimals(categoryId: "Mammal").count < 5' [breaker]='selectTrippedEarly == false')

for model in ${MODELS:-counter animals breaker}; do
  bin="${binary[$model]}"
  [ -x "$bin" ] || { echo "no $bin: build it first (see the head of this script)" >&2; exit 1; }
  for mode in uniform guided; do
    flag=""; [ "$mode" = guided ] && flag="--guided"
    found=()
    for seed in $(seq "$seeds"); do
      printf 'use %s\ninvariant %s\nexplore %s --runs 2000 --steps 50 --seed %s --jobs 1\n' "$model" "${bug[$model]}" "$flag" "$seed" > "$work/find.txt"
      out=$("$bin" --script "$work/find.txt" 2>&1 || true)
      if grep -q "broken in run" <<< "$out"; then
        found+=("$(awk '/^coverage: / { print $4; exit }' <<< "$out")")
      else
        found+=("–")
      fi
    done
    { echo "use $model"; for seed in $(seq "$seeds"); do echo "explore $flag --runs 2000 --steps 50 --seed $seed --jobs 1"; done; } > "$work/cover.txt"
    { echo "use $model"; for seed in $(seq "$seeds"); do echo "explore $flag --runs 1 --steps 1 --seed $seed --jobs 1"; done; } > "$work/base.txt"
    transitions=$("$bin" --script "$work/cover.txt" 2>&1 | awk '/^states: / { print $6 }' | median)
    full=$(for _ in 1 2 3; do time_of "$bin" "$work/cover.txt"; done | median)
    base=$(for _ in 1 2 3; do time_of "$bin" "$work/base.txt"; done | median)
    rate=$(awk -v f="$full" -v b="$base" -v n="$seeds" 'BEGIN { printf "%d", n * 100000 / ((f - b) / 1e9) }')
    hits=$(printf '%s\n' "${found[@]}" | grep -vc "–" || true)
    med=$(printf '%s\n' "${found[@]}" | { grep -v "–" || true; } | median)
    printf '%-8s %-10s found in %s of %s seeds, steps to find: %s (median %s); distinct transitions per 100k steps: median %s; %s steps/s\n' \
      "$model" "$mode" "$hits" "$seeds" "${found[*]}" "$med" "$transitions" "$rate"
  done
done

hypothesis_models="${HYPOTHESIS_MODELS:-${MODELS:-counter animals breaker}}"
if [ -n "$hypothesis_models" ] && python3 -c 'import hypothesis' 2> /dev/null; then
  # shellcheck disable=SC2086
  result=$(SEEDS="${HYPOTHESIS_SEEDS:-3}" python3 "$here/hypothesis_coverage.py" $hypothesis_models 2> /dev/null | tail -n 1)
  python3 - "$result" <<'PY'
import json, statistics, sys
for model, rows in json.loads(sys.argv[1]).items():
    found = [r["found"] for r in rows]
    hits = [f for f in found if f is not None]
    print("%-8s %-10s found in %d of %d seeds, steps to find: %s (median %s); distinct transitions per 100k steps: median %s; %d steps/s" % (
        model, "hypothesis", len(hits), len(rows), " ".join("–" if f is None else str(f) for f in found),
        statistics.median(hits) if hits else "–", statistics.median(r["transitions"] for r in rows),
        statistics.median(r["rate"] for r in rows)))
PY
elif [ -n "$hypothesis_models" ]; then
  echo "hypothesis: not installed (pip install hypothesis)" >&2
fi
