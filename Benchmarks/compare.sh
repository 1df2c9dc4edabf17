#!/usr/bin/env bash
# Issue 40, item 6 ("no slower"): three figures of two checkouts side by side in one run, the
# checkouts run alternately, ROUNDS rounds (the first round BASE first, the next HEAD first, …):
#   - the 100,000-line counter script (`ShellEngine`'s "5 script, 100k counter lines to a file",
#     through the benchmark tool, without the malloc interposer): CPU and wall clock, p50;
#   - explore (`ExploreModels`): the ledger (ten explores of 2,000 runs of 50 actions) and the
#     tally (`explore --effects`, five explores of 400 runs), each minus its one-step baseline
#     script (start-up), in CPU and wall-clock time per step;
#   - an attachment's cost (`AttachCost`): ns per dispatch of its four phases for both stores, in
#     bursts of 10,000 and of 256, and `select` over the socket.
# Every figure is "smaller is better"; it prints each round's values, then per figure the median
# of the rounds for each checkout and HEAD / BASE. Times come from one process per figure and
# round, so the load of other processes weighs on both checkouts alike only as far as it stays
# the same between neighbouring runs: compare CPU rows first, and quote the load average printed.
#
#   Benchmarks/compare.sh BASE HEAD        # two checkouts (repository roots), ROUNDS=3 by default
#   ROUNDS=5 ONLY="script explore attach" Benchmarks/compare.sh ../cf913d6 .
#
# Each checkout needs a release build of the three executables first, in its own Benchmarks/:
#   (cd CHECKOUT/Benchmarks && for p in ShellEngine AttachCost ExploreModels; do swift build -c release --product $p; done)
# The benchmark tool is HEAD's (`swift package benchmark` builds it once; BENCHMARK_TOOL picks
# another). A revision's benchmark targets may differ from HEAD's: this script runs what each
# checkout built, and reads only the rows named above. Nothing is left in TMPDIR.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: Benchmarks/compare.sh BASE HEAD  (two checkouts with release builds; ROUNDS=3, ONLY=\"script explore attach\")" >&2; exit 2; }
base="$(cd "$1" && pwd)"
head="$(cd "$2" && pwd)"
rounds="${ROUNDS:-3}"
only="${ONLY:-script explore attach}"
tool="${BENCHMARK_TOOL:-$head/Benchmarks/.build/release/BenchmarkTool}"
here="$(cd "$(dirname "$0")" && pwd)"
[ -x "$tool" ] || { echo "no benchmark tool at $tool: run \`swift package benchmark --target ShellEngine\` once in $head/Benchmarks, or set BENCHMARK_TOOL" >&2; exit 1; }
for checkout in "$base" "$head"; do
  for product in ShellEngine AttachCost ExploreModels; do
    [ -x "$checkout/Benchmarks/.build/release/$product" ] || {
      echo "no release $product in $checkout: (cd $checkout/Benchmarks && swift build -c release --product $product)" >&2; exit 1; }
  done
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tmp"
results="$work/results"
: > "$results"

# record FIGURE SIDE VALUE
record() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$results"; echo "  $2  $1: $3"; }

script_figures() {
  local side="$1" checkout="$2" out="$work/script.txt"
  TMPDIR="$work/tmp" "$tool" --command run --baseline-storage-path "$work/baselines" --format text --grouping benchmark \
    --benchmark-package-identifier benchmark --metrics cpuTotal --metrics wallClock --no-progress \
    --filter "^5 script.*" --targets ShellEngine --benchmark-executable-paths "$checkout/Benchmarks/.build/release/ShellEngine" > "$out" 2>&1 \
    || { tail -n 30 "$out" >&2; echo "ShellEngine of $checkout failed" >&2; exit 1; }
  # The p50 column of the rows "Time (total CPU) (ms) *" and "Time (wall clock) (ms) *".
  record "script 100k lines, CPU (ms)" "$side" "$(awk -F'│' '/Time \(total CPU\)/ { gsub(/ /, "", $4); print $4 }' "$out")"
  record "script 100k lines, wall (ms)" "$side" "$(awk -F'│' '/Time \(wall clock\)/ { gsub(/ /, "", $4); print $4 }' "$out")"
}

# Prints "WALL CPU" in seconds of one run of the models' shell on a script.
timed() {
  /usr/bin/time -f '%e %U %S' -o "$work/time" "$1" --script "$2" > /dev/null 2>&1 || true
  awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$work/time"
}

# Steps a script's explores tried, from their coverage lines.
steps() { "$1" --script "$2" 2> /dev/null | awk '/^coverage: / { sum += $4 } END { print sum + 0 }'; }

explore_figures() {
  local side="$1" checkout="$2" models="$2/Benchmarks/.build/release/ExploreModels" model full baseline count
  for model in ledger tally; do
    # Counted in the first round only: the explores are seeded, so each round tries the same steps.
    [ -f "$work/steps-$side-$model" ] ||
      echo $(( $(steps "$models" "$here/Explore/$model.txt") - $(steps "$models" "$here/Explore/$model-baseline.txt") )) > "$work/steps-$side-$model"
    count=$(cat "$work/steps-$side-$model")
    full=$(timed "$models" "$here/Explore/$model.txt")
    baseline=$(timed "$models" "$here/Explore/$model-baseline.txt")
    record "explore $model, wall (ns/step)" "$side" "$(awk -v f="${full% *}" -v b="${baseline% *}" -v n="$count" 'BEGIN { printf "%.0f", (f - b) * 1e9 / n }')"
    record "explore $model, CPU (ns/step)" "$side" "$(awk -v f="${full#* }" -v b="${baseline#* }" -v n="$count" 'BEGIN { printf "%.0f", (f - b) * 1e9 / n }')"
    record "explore $model, steps" "$side" "$count"
  done
}

attach_figures() {
  local side="$1" checkout="$2" out="$work/attach.txt"
  TMPDIR="$work/tmp" "$checkout/Benchmarks/.build/release/AttachCost" > "$out" 2>&1 || { tail -n 30 "$out" >&2; echo "AttachCost of $checkout failed" >&2; exit 1; }
  # "(a) …" / "(b) …" open a store's rows; a row is "  PHASE  bursts of 10000:  X ns   bursts of 256:  Y ns   …".
  awk '
    /^\(a\)/ { store = "a" } /^\(b\)/ { store = "b" }
    /bursts of [0-9]+: / {
      phase = $0; sub(/^ +/, "", phase); sub(/ +bursts of .*/, "", phase)
      line = $0; n = 0
      while (match(line, /bursts of [0-9]+: +[0-9.]+ ns/)) {
        part = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH)
        split(part, w, /[: ]+/); n++
        printf "attach (%s) %s, bursts of %s (ns)\t%s\n", store, phase, w[3], w[4]
      }
    }
    /^select, over the socket:/ { for (i = 1; i <= NF; i++) if ($i == "µs") { printf "attach select over the socket (µs)\t%s\n", $(i - 1); break } }
  ' "$out" | while IFS=$'\t' read -r figure value; do record "$figure" "$side" "$value"; done
}

echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "BASE $base ($(git -C "$base" rev-parse --short HEAD 2>/dev/null || echo '?'))"
echo "HEAD $head ($(git -C "$head" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$head" diff --quiet HEAD -- 2>/dev/null || echo ', with changes'))"
for round in $(seq "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then order="BASE HEAD"; else order="HEAD BASE"; fi
  for what in $only; do
    for side in $order; do
      if [ "$side" = BASE ]; then checkout="$base"; else checkout="$head"; fi
      echo "round $round, $what, $side (load $(cut -d' ' -f1 /proc/loadavg))"
      "${what}_figures" "$side" "$checkout"
    done
  done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

echo
echo "medians of $rounds rounds (smaller is better)"
# Beside the ratio of the medians: the range of the rounds' own ratios (each round's HEAD over the
# same round's BASE, measured minutes apart) and in how many rounds HEAD was the slower. A row
# whose rounds disagree moved with the machine, not with the code.
printf '%-62s %12s %12s %8s  %s\n' "figure" "BASE" "HEAD" "HEAD/BASE" "rounds: HEAD/BASE, slower in"
awk -F'\t' '{ key = $1 SUBSEP $2; v[key, ++n[key]] = $3; if (!($1 in seen)) { seen[$1] = 1; order[++figures] = $1 } }
  function median(key,   count, i, j, t, a) {
    count = n[key]; for (i = 1; i <= count; i++) a[i] = v[key, i] + 0
    for (i = 1; i <= count; i++) for (j = i + 1; j <= count; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return (count % 2) ? a[(count + 1) / 2] : (a[count / 2] + a[count / 2 + 1]) / 2
  }
  END {
    for (f = 1; f <= figures; f++) {
      b = median(order[f] SUBSEP "BASE"); h = median(order[f] SUBSEP "HEAD")
      low = ""; high = ""; slower = 0; rounds = 0
      for (i = 1; i <= n[order[f] SUBSEP "BASE"] && i <= n[order[f] SUBSEP "HEAD"]; i++) {
        base = v[order[f] SUBSEP "BASE", i] + 0; head = v[order[f] SUBSEP "HEAD", i] + 0
        if (base <= 0) continue
        r = head / base; rounds++; if (head > base) slower++
        if (low == "" || r < low) low = r; if (high == "" || r > high) high = r
      }
      spread = rounds ? sprintf("%.2f–%.2f×, %d of %d", low, high, slower, rounds) : "—"
      printf "%-62s %12s %12s %8s  %s\n", order[f], b, h, (b > 0 ? sprintf("%.2f×", h / b) : "—"), spread
    }
  }' "$results"
