#!/usr/bin/env bash
# Runs fuzz targets for a bounded time each: `run.sh SECONDS TARGET...` (what `make fuzz` and
# `make test` call). Each target starts from its seed corpus in Corpus/<target> plus what earlier
# runs found (in .build-fuzz/run/<target>/corpus, never in Corpus/), in a scratch folder of its
# own. A crash, a hang past the target's per-input budget (-timeout) or an allocation past the
# memory limits is a failure: the input is kept in Findings/ (git-ignored), the tail of the log
# is printed with the line that replays it, and the script exits 1 after running the others.
set -u
seconds=${1:?usage: run.sh SECONDS TARGET...}
shift
root=$(cd "$(dirname "$0")" && pwd)
# FUZZ_BINARY: the fuzz executable (`make test` runs its debug build); FUZZ_WORK: where each
# target's corpus and scratch folder go (`make test` gives a folder it removes afterwards).
binary=${FUZZ_BINARY:-$root/.build-fuzz/release/Fuzz}
runs_root=${FUZZ_WORK:-$root/.build-fuzz/run}
findings=$root/Findings
[ -x "$binary" ] || { echo "fuzz: $binary is missing; build it with \`make fuzz-build\`" >&2; exit 2; }

# The seconds one input may take before libFuzzer calls it a hang, per target: completion's is
# the budget of one Tab (8 lines in 3 sessions, under the sanitizers); scripts, MCP and attach
# run whole sessions per input.
budget() {
  case $1 in
    completion) echo 1 ;;
    parser|paths|history|linearize) echo 5 ;;
    *) echo 20 ;;
  esac
}
# The longest input libFuzzer makes. Every target reaches its nesting limits with room to spare
# (the parser's 257th `[` is byte 257 of a line; JSON past 512 levels takes 1 KB): MCP's inputs
# reach past the 2 KiB line limit the target sets; completion's and the inspector's single lines
# reach 16 KB, where work that is not linear in the line shows; linearize's reach lines of tens
# of KB (10,000 nested `#a ` tags are 30 KB), an explore corpus's a file past its 1,000 entries
# (42 KB).
max_len() {
  case $1 in
    linearize|explore-corpus) echo 65536 ;;
    mcp|attach-app|attach-shell|replay|script|completion|websocket|against) echo 16384 ;;
    *) echo 4096 ;;
  esac
}
# A target's dictionary of tokens (Dictionaries/<target>.dict): every target has one.
dictionary() {
  [ -f "$root/Dictionaries/$1.dict" ] && echo "-dict=$root/Dictionaries/$1.dict"
}

# FUZZ_BUDGET_SCALE multiplies each budget: `make test` runs the unoptimized debug build.
scale=${FUZZ_BUDGET_SCALE:-1}

failed=()
for target in "$@"; do
  work=$runs_root/$target
  mkdir -p "$work/corpus" "$work/scratch" "$findings"
  log=$work/log
  limit=$(( $(budget "$target") * scale ))
  (cd "$work/scratch" && FUZZ_BUDGET_SECONDS="$limit" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=0 \
    "$binary" "$target" -max_total_time="$seconds" -timeout="$limit" -rss_limit_mb=2048 -malloc_limit_mb=1024 \
    -max_len="$(max_len "$target")" $(dictionary "$target") -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$findings/$target-" \
    "$work/corpus" "$root/Corpus/$target") >"$log" 2>&1
  status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  if [ "$status" -eq 0 ]; then
    printf 'fuzz %-13s %9s inputs in %ss, %6s/s: nothing found\n' "$target" "${runs:-?}" "$seconds" "${rate:-?}"
  else
    failed+=("$target")
    echo "fuzz $target FAILED (exit $status); the end of $log:"
    grep -v '^#[0-9]' "$log" | tail -40
    artifact=$(sed -n "s|.*Test unit written to \(.*\)|\1|p" "$log" | tail -1)
    [ -n "$artifact" ] && echo "replay it: (cd $work/scratch && $binary $target $artifact)"
  fi
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz: ${failed[*]} failed" >&2
  exit 1
fi
