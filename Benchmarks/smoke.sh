#!/usr/bin/env bash
# Every benchmark target once, in smoke mode, so that a protocol or API change cannot break one
# unseen. `make test` runs it (so does `make bench-smoke`); it fails when a target fails to build,
# crashes or reports a failed benchmark. Nothing is measured.
#
# One debug build of Benchmarks/ (in BENCHMARK_SMOKE_SCRATCH, default .build), and each executable
# started on its own, not through the benchmark plugin: the plugin builds the whole graph in
# release (too slow for `make test`), and its debug configuration crashed at start on Linux with
# Swift 6.3 (fea645a). In smoke mode the fixtures built before measuring are a hundredth of their
# size (SmokeMode.scaled), else ShellEngine alone runs past 10 minutes in debug. Started on its own, a package-benchmark executable runs every benchmark it registers
# once (BENCHMARK_SMOKE=1: one iteration, no warm-up, a scaling factor of one, Sources/SmokeMode),
# and Sources/SmokeMode/SmokeCheck.swift makes it exit 1 when one fails or never finishes (the
# library alone would exit 0). The package-benchmark targets are the folders of Benchmarks/ but
# AttachCost, a plain executable that takes one sample of each case here (ListenerBursts, plain
# too, runs one burst without an attachment, then one with); ExploreModels runs the
# short scripts `Explore/run.sh` subtracts as start-up. A target's own output is shown (on standard
# error) only when it fails. The full benchmarks (`swift package benchmark`) are not changed by this.
# `--skip-build` runs what the last build left (`make test` builds first, outside its TMPDIR).
set -euo pipefail
cd "$(dirname "$0")"
export BENCHMARK_SMOKE=1
scratch="${BENCHMARK_SMOKE_SCRATCH:-.build}"
case "${1:-}" in
  --skip-build) ;;
  "") swift build --scratch-path "$scratch" -q ;;
  *) echo "usage: Benchmarks/smoke.sh [--skip-build]  (BENCHMARK_SMOKE_SCRATCH picks the build folder, default .build)" >&2; exit 2 ;;
esac
bin="$scratch/debug"
[ -x "$bin/AttachCost" ] || { echo "benchmarks: no debug build in $scratch; run Benchmarks/smoke.sh without --skip-build" >&2; exit 1; }

# Runs one executable of the build quietly; on failure shows the end of its output and stops.
run() {
  local name="$1"; shift
  local out status=0
  out="$("$bin/$name" "$@" 2>&1)" || status=$?
  if [ "$status" -ne 0 ]; then
    printf '%s\n' "$out" | tail -n 40 >&2
    echo "benchmarks: $name${*:+ $*} failed in smoke mode (exit $status, output above); again: cd Benchmarks && BENCHMARK_SMOKE=1 $bin/$name${*:+ $*}" >&2
    exit 1
  fi
}

ran=()
for folder in Benchmarks/*/; do
  target="$(basename "$folder")"
  [ "$target" = AttachCost ] && continue
  run "$target"
  ran+=("$target")
done
# AttachCost's app and shells meet in the attachment folder, `$TMPDIR/replshell-$UID/`, which stays
# when they are done: a folder of the run's own holds it, removed however the run ends.
unset XDG_RUNTIME_DIR
attach_tmp="$(mktemp -d "${TMPDIR:-/tmp}/bench-smoke.XXXXXX")"
trap 'rm -rf "$attach_tmp"' EXIT
TMPDIR="$attach_tmp" run AttachCost
TMPDIR="$attach_tmp" run ListenerBursts 1 attach
rm -rf "$attach_tmp"
for model in ledger tally; do
  run ExploreModels --script "Explore/$model-baseline.txt"
done
# LinearizeAppReducer over a two-op history of its own (Porcupine's suite is not here): each model once.
history="$(mktemp "${TMPDIR:-/tmp}/bench-smoke-history.XXXXXX")"
printf '%s\n' '{:process 0, :type :invoke, :f :put, :key "k", :value "a"}' '{:process 0, :type :ok, :f :put, :key "k", :value "a"}' \
  '{:process 1, :type :invoke, :f :get, :key "k", :value nil}' '{:process 1, :type :ok, :f :get, :key "k", :value "a"}' > "$history"
for model in kv app-kv; do
  run LinearizeAppReducer "$model" "$history"
done
printf '%s\n' '{:process 0, :type :invoke, :f :write, :value 1}' '{:process 0, :type :ok, :f :write, :value 1}' > "$history"
for model in register app-register; do
  run LinearizeAppReducer "$model" "$history"
done
rm -f "$history"
echo "benchmarks: every target ran once in smoke mode (${ran[*]} AttachCost ExploreModels LinearizeAppReducer)"
