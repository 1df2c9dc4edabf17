#!/usr/bin/env bash
# The inspector over 64,000 quakes, measured by the browser test `InspectorScaleTests` against a
# release `replshell` (headless Chromium on loopback): page interactive, `quakes.data` opened,
# searches by key, path and value (the server's reply and the match drawn), live events. The test
# prints its figures and asserts none; this runs it RUNS times (3 by default) and prints each
# run's figures, then the median of each.
#
#   swift build -c release --product replshell         # in the repository root, first
#   swift build --build-tests                          # the test bundle that drives the page
#   Benchmarks/Inspector/scale.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
binary="${REPLSHELL:-$root/.build/release/replshell}"
tests="$root/.build/debug/ImmutableDataPackageTests.xctest"
[ -x "$binary" ] || { echo "no $binary: run \`swift build -c release --product replshell\` first" >&2; exit 1; }
[ -x "$tests" ] || { echo "no $tests: run \`swift build --build-tests\` first" >&2; exit 1; }
work="$(mktemp -d)"
chmod 711 "$work"
trap 'rm -rf "$work"' EXIT

for run in $(seq "${RUNS:-3}"); do
  TMPDIR="$work" INSPECTOR_REPLSHELL="$binary" "$tests" --testing-library swift-testing --filter InspectorScaleTests 2>&1 \
    | sed -n '/^inspector figures/,/live events/p' | tee "$work/run-$run.txt"
done

python3 - "$work" <<'PY'
import glob, re, statistics, sys
figures = {}
patterns = {
    "page interactive, ms": r"page interactive .* (\d+) ms after navigation",
    "quakes.data opened, ms": r"opened \(first 500 of 64,000\) in (\d+) ms",
    "search by key, way opened and marked, ms": r"search by key .* in (\d+) ms",
    "search by path: reply, ms": r"by path: \"?(\d+) ms reply",
    "search by path: drawn, ms": r"by path: \"?\d+ ms reply, (\d+) ms drawn",
    "search by value: reply, ms": r"by value: \"?(\d+) ms reply",
    "search by value: drawn, ms": r"by value: \"?\d+ ms reply, (\d+) ms drawn",
    "live event, median ms": r"drawn median (\d+) ms",
    "live event, worst ms": r"worst (\d+) ms",
}
for path in sorted(glob.glob(sys.argv[1] + "/run-*.txt")):
    text = open(path).read()
    for name, pattern in patterns.items():
        match = re.search(pattern, text)
        if match:
            figures.setdefault(name, []).append(int(match.group(1)))
for name, values in figures.items():
    print("%-42s median %6d   (%s)" % (name, statistics.median(values), ", ".join(map(str, values))))
PY
