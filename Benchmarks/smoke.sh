#!/usr/bin/env bash
# Every benchmark target once, in smoke mode, so that a protocol or API change cannot break one
# unseen: the package-benchmark targets with BENCHMARK_SMOKE=1 (one iteration of each benchmark,
# scaled down to one), AttachCost with one sample of each case, and ExploreModels on the short
# scripts `Explore/run.sh` subtracts as start-up. The package-benchmark targets run from the
# plugin's release build (its debug build crashes at start on Linux with Swift 6.3: the runtime
# interposer it preloads is built for release only); AttachCost and ExploreModels in debug.
# `make test` runs it; it fails when any of them fails.
set -euo pipefail
cd "$(dirname "$0")"
export BENCHMARK_SMOKE=1
swift package --disable-sandbox benchmark --no-progress \
  --target StoreDispatch --target StateUpdate --target StateMemory --target ShellEngine --target QuakesFeed
swift build --product AttachCost -q
swift build --product ExploreModels -q
bin="$(swift build --show-bin-path)"
"$bin/AttachCost"
for model in ledger tally; do
  "$bin/ExploreModels" --script "Explore/$model-baseline.txt" > /dev/null
done
echo "benchmarks: every target ran once in smoke mode"
