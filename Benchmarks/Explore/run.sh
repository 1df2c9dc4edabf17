#!/usr/bin/env bash
# `explore` 100k steps on Counter and on Animals (release `replshell`, one core, one invariant),
# beside Hypothesis's RuleBasedStateMachine on the same Counter model, all in one run; also 1M
# steps on Counter (the 100k figure is a few tens of milliseconds, near the start-up's noise)
# and the time to find and shrink a failure in Animals.
#
#   swift build -c release --product replshell   # in the repository root, first
#   Benchmarks/Explore/run.sh                    # RUNS=5 EXAMPLES=2000 by default
#
# A figure is the median of RUNS runs. A Swift run is the wall time of `replshell --script` on
# the 100k-step script minus the median time of the same script exploring one step (start-up,
# `use`, the report), so that steps/s counts explore's work only; the script's own coverage line
# is checked to say 100000 actions tried. Hypothesis needs `pip install hypothesis` and is no
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
# name, script, baseline script, actions it tries
for row in "counter counter.txt counter-baseline.txt 100000" "animals animals.txt animals-baseline.txt 100000" \
  "counter counter-1m.txt counter-baseline.txt 1000000"; do
  read -r domain script base_script actions <<< "$row"
  output=$(mktemp)
  baseline=$(for _ in $(seq "$runs"); do seconds "$here/$base_script" /dev/null; done | median)
  "$binary" --script "$here/$script" 2> /dev/null | grep -q "runs, $actions actions tried" \
    || { echo "$script did not try $actions actions" >&2; exit 1; }
  full=$(for _ in $(seq "$runs"); do seconds "$here/$script" "$output"; done | median)
  rm -f "$output"
  steps_per_second=$(awk -v n="$actions" -v full="$full" -v base="$baseline" 'BEGIN { printf "%d", n / ((full - base) / 1e9) }')
  [ "$actions" = 100000 ] && rate[$domain]=$steps_per_second
  printf '%-8s explore %7s steps: median %.3f s (start-up %.3f s subtracted) → %s steps/s\n' \
    "$domain" "$actions" "$(awk -v n="$full" 'BEGIN { print n / 1e9 }')" "$(awk -v n="$baseline" 'BEGIN { print n / 1e9 }')" "$steps_per_second"
done

# A failure found in Animals (runs of up to 99 actions) and shrunk: the whole script, start-up included.
shrink=$(for _ in $(seq "$runs"); do seconds "$here/shrink.txt" /dev/null; done | median)
{ "$binary" --script "$here/shrink.txt" 2> /dev/null || true; } | grep "broken in run" | sed 's/^/animals  /'
printf 'animals  find + shrink, whole script: median %.3f s\n' "$(awk -v n="$shrink" 'BEGIN { print n / 1e9 }')"

hypothesis=$(python3 "$here/hypothesis_counter.py")
hypothesis_rate=$(python3 -c 'import json, sys; print(int(json.loads(sys.argv[1])["median_steps_per_second"]))' "$hypothesis")
hypothesis_steps=$(python3 -c 'import json, sys; print(int(json.loads(sys.argv[1])["steps"]))' "$hypothesis")
printf 'counter  Hypothesis RuleBasedStateMachine: %s steps/s (median of %s runs of %s examples, %s steps each)\n' \
  "$hypothesis_rate" "$runs" "$EXAMPLES" "$hypothesis_steps"
awk -v ours="${rate[counter]}" -v theirs="$hypothesis_rate" 'BEGIN { printf "counter  explore / Hypothesis: %.0f×\n", ours / theirs }'
