#!/usr/bin/env bash
# `explore` 100k steps on Counter and on Animals (release `replshell`, one core, one invariant),
# beside Hypothesis's RuleBasedStateMachine on the same Counter model, all in one run; and the
# time to find and shrink a failure in Animals. Then, with `exploremodels`, the ledger (five
# rules, string and integer payloads) beside Hypothesis on the same rules, and `explore --effects`
# on the tally, a counter whose listener saves every change through a held effect.
#
#   swift build -c release --product replshell   # in the repository root, first
#   (cd Benchmarks && swift build -c release --product ExploreModels)
#   Benchmarks/Explore/run.sh                    # RUNS=5 EXAMPLES=2000 by default
#
# A figure is the median of RUNS runs. A Swift run is the wall time of `replshell --script` on a
# script of ten 100k-step explores, minus the median time of the same session exploring one
# step (start-up, `use`, the report), divided by ten: steps/s counts explore's work only. The
# script's coverage lines are checked to say 100000 actions tried, ten times. Hypothesis needs `pip install hypothesis` and is no
# dependency of the package.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
binary="${REPLSHELL:-$here/../../.build/release/replshell}"
runs="${RUNS:-5}"
export RUNS="$runs" EXAMPLES="${EXAMPLES:-2000}"

[ -x "$binary" ] || { echo "no $binary: run \`swift build -c release --product replshell\` first" >&2; exit 1; }

seconds() {
  local start end
  start=$(date +%s%N)
  "$binary" --script "$1" > "$2" 2> /dev/null || true
  end=$(date +%s%N)
  echo $(( end - start ))
}

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

declare -A rate
for domain in counter animals; do
  tried=$("$binary" --script "$here/$domain.txt" 2> /dev/null | grep -c "runs, 100000 actions tried" || true)
  [ "$tried" = 10 ] || { echo "$domain.txt did not explore 100000 actions ten times ($tried)" >&2; exit 1; }
  baseline=$(for _ in $(seq "$runs"); do seconds "$here/$domain-baseline.txt" /dev/null; done | median)
  full=$(for _ in $(seq "$runs"); do seconds "$here/$domain.txt" /dev/null; done | median)
  rate[$domain]=$(awk -v full="$full" -v base="$baseline" 'BEGIN { printf "%d", 1000000 / ((full - base) / 1e9) }')
  printf '%-8s explore 100k steps: median %.4f s each (10 in %.3f s, start-up %.3f s subtracted) → %s steps/s\n' \
    "$domain" "$(awk -v f="$full" -v b="$baseline" 'BEGIN { print (f - b) / 1e10 }')" \
    "$(awk -v n="$full" 'BEGIN { print n / 1e9 }')" "$(awk -v n="$baseline" 'BEGIN { print n / 1e9 }')" "${rate[$domain]}"
done

# A failure found in Animals (runs of up to 99 actions) and shrunk: the whole script, start-up included.
shrink=$(for _ in $(seq "$runs"); do seconds "$here/shrink.txt" /dev/null; done | median)
{ "$binary" --script "$here/shrink.txt" 2> /dev/null || true; } | grep "broken in run" | sed 's/^/animals  /'
printf 'animals  find + shrink, whole script: median %.3f s\n' "$(awk -v n="$shrink" 'BEGIN { print n / 1e9 }')"

# The models of `exploremodels` (Benchmarks/Explore/ExploreModels): the ledger beside Hypothesis
# on the same five rules, and `explore --effects` on the tally. Skipped when it is not built.
models="${EXPLOREMODELS:-$here/../.build/release/ExploreModels}"
# Steps a script's explores tried, from their coverage lines.
tried() { "$models" --script "$1" 2> /dev/null | awk '/^coverage: / { sum += $4 } END { print sum + 0 }'; }
if [ -x "$models" ]; then
  for model in ledger tally; do
    steps=$(( $(tried "$here/$model.txt") - $(tried "$here/$model-baseline.txt") ))
    baseline=$(for _ in $(seq "$runs"); do start=$(date +%s%N); "$models" --script "$here/$model-baseline.txt" > /dev/null 2>&1 || true; echo $(( $(date +%s%N) - start )); done | median)
    full=$(for _ in $(seq "$runs"); do start=$(date +%s%N); "$models" --script "$here/$model.txt" > /dev/null 2>&1 || true; echo $(( $(date +%s%N) - start )); done | median)
    rate[$model]=$(awk -v steps="$steps" -v full="$full" -v base="$baseline" 'BEGIN { printf "%d", steps / ((full - base) / 1e9) }')
    printf '%-8s %s steps in %.3f s (start-up %.3f s subtracted) → %s steps/s\n' "$model" "$steps" \
      "$(awk -v n="$full" 'BEGIN { print n / 1e9 }')" "$(awk -v n="$baseline" 'BEGIN { print n / 1e9 }')" "${rate[$model]}"
  done
  ledger_hypothesis=$(python3 -c 'import json, sys; print(int(json.loads(sys.argv[1])["median_steps_per_second"]))' "$(python3 "$here/hypothesis_ledger.py")")
  printf 'ledger   Hypothesis RuleBasedStateMachine: %s steps/s\n' "$ledger_hypothesis"
  awk -v ours="${rate[ledger]}" -v theirs="$ledger_hypothesis" 'BEGIN { printf "ledger   explore / Hypothesis: %.0f×\n", ours / theirs }'
else
  echo "no $models: \`swift build -c release --product ExploreModels\` in Benchmarks/ measures the ledger and the tally" >&2
fi

hypothesis=$(python3 "$here/hypothesis_counter.py")
hypothesis_rate=$(python3 -c 'import json, sys; print(int(json.loads(sys.argv[1])["median_steps_per_second"]))' "$hypothesis")
hypothesis_steps=$(python3 -c 'import json, sys; print(int(json.loads(sys.argv[1])["steps"]))' "$hypothesis")
printf 'counter  Hypothesis RuleBasedStateMachine: %s steps/s (median of %s runs of %s examples, %s steps each)\n' \
  "$hypothesis_rate" "$runs" "$EXAMPLES" "$hypothesis_steps"
awk -v ours="${rate[counter]}" -v theirs="$hypothesis_rate" 'BEGIN { printf "counter  explore / Hypothesis: %.0f×\n", ours / theirs }'
