#!/usr/bin/env bash
# Counts, exactly, the Swift runtime calls one line of the counter script makes at two checkouts:
# each checkout's release `replshell` runs the script of 10,000 and of 20,000 lines (`use
# counter`, then `dispatch` lines as ShellEngine's "5 script" benchmark has them) under `perf stat`
# with an uprobe on each runtime entry point below, and the difference over 10,000 is the count
# per line. Counts do not move with the machine's load, unlike times: a way to see what a change
# on the per-line path did before timing it. Needs root (uprobes) and perf; the probes it adds
# are removed at the end.
#
#   (cd CHECKOUT/Benchmarks && swift build -c release --product replshell)   # in each checkout
#   Benchmarks/runtime-calls.sh ../cf913d6 .
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: Benchmarks/runtime-calls.sh BASE HEAD  (root; release replshell built in each checkout's Benchmarks/)" >&2; exit 2; }
checkouts=("$(cd "$1" && pwd)" "$(cd "$2" && pwd)")
for checkout in "${checkouts[@]}"; do
  [ -x "$checkout/Benchmarks/.build/release/replshell" ] || {
    echo "no release replshell in $checkout: (cd $checkout/Benchmarks && swift build -c release --product replshell)" >&2; exit 1; }
done
lib="$(dirname "$(readlink -f "$(command -v swift)")")/../lib/swift/linux"
core="$lib/libswiftCore.so" concurrency="$lib/libswift_Concurrency.so"
libc="$(ldd "${checkouts[1]}/Benchmarks/.build/release/replshell" | awk '$1 ~ /^libc\.so/ { print $3 }')"
work="$(mktemp -d)"
probes=()
cleanup() { for probe in "${probes[@]}"; do perf probe -q -d "$probe" 2> /dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
add() {  # add LIBRARY FUNCTION
  perf probe -q -x "$1" "$2" > /dev/null
  probes+=("probe_$(basename "$1" | sed 's/\.so.*//; s/[^A-Za-z0-9_]/_/g'):$2")
}
for function in swift_allocObject swift_retain swift_release swift_beginAccess swift_getGenericMetadata \
  swift_getTupleTypeMetadata swift_getTupleTypeMetadata2 swift_getTupleTypeMetadata3 swift_conformsToProtocol swift_dynamicCast; do
  add "$core" "$function"
done
add "$concurrency" swift_task_alloc
add "$concurrency" swift_task_switch
add "$libc" malloc
events="$(IFS=,; echo "${probes[*]}")"
for lines in 10000 20000; do
  { echo "use counter"; for ((index = 1; index < lines; index++)); do
      if ((index % 2 == 0)); then echo "dispatch didTapDecrementButton"; else echo "dispatch didTapIncrementButton"; fi
    done; } > "$work/script-$lines.txt"
done
for side in 0 1; do
  for lines in 10000 20000; do
    perf stat -x, -e "$events" -o "$work/counts-$side-$lines.csv" \
      "${checkouts[$side]}/Benchmarks/.build/release/replshell" --script "$work/script-$lines.txt" > /dev/null 2>&1 ||
      { echo "replshell of ${checkouts[$side]} failed on the script" >&2; exit 1; }
  done
done
python3 - "$work" <<'PY'
import csv, sys
def load(path):
    counts = {}
    for row in csv.reader(open(path)):
        if len(row) > 3 and row[0].strip().isdigit():
            counts[row[2].split(":")[1]] = int(row[0])
    return counts
per_line = []
for side in (0, 1):
    short, long = (load(f"{sys.argv[1]}/counts-{side}-{lines}.csv") for lines in (10000, 20000))
    per_line.append({name: (long[name] - short[name]) / 10000 for name in short})
print(f"{'runtime call, per line':44} {'BASE':>8} {'HEAD':>8} {'HEAD-BASE':>10}")
for name in sorted(per_line[1]):
    base, head = per_line[0][name], per_line[1][name]
    if base or head:
        print(f"{name:44} {base:8.2f} {head:8.2f} {head - base:+10.2f}")
PY
