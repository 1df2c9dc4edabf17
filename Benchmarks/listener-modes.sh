#!/usr/bin/env bash
# Builds Benchmarks/Benchmarks/ListenerBursts/main.swift against two checkouts (each in a package
# of its own in a temporary folder, so a revision that predates the file can be measured), then
# runs them alternately, RUNS processes each (12 by default), with and without an attachment
# open; prints every process's median ns per dispatch, then per checkout the median of all and
# of the processes in each of the machine's two speeds (split at SPLIT ns, 92 by default; see
# Benchmarks/Notes/two-speeds.md, "Two speeds of one machine"). Nothing is left behind.
#
#   Benchmarks/listener-modes.sh ../cf913d6 .
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: Benchmarks/listener-modes.sh BASE HEAD  (two checkouts; RUNS=12, SPLIT=92)" >&2; exit 2; }
runs="${RUNS:-12}"
split="${SPLIT:-92}"
source_file="$(cd "$(dirname "$0")" && pwd)/Benchmarks/ListenerBursts/main.swift"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
sides=(BASE HEAD)
checkouts=("$(cd "$1" && pwd)" "$(cd "$2" && pwd)")
for index in 0 1; do
  side="${sides[$index]}" package="$work/${sides[$index]}"
  mkdir -p "$package/Sources/ListenerBursts"
  cp "$source_file" "$package/Sources/ListenerBursts/main.swift"
  cat > "$package/Package.swift" <<PACKAGE
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
  name: "ListenerBursts$side",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "ImmutableData", path: "${checkouts[$index]}")],
  targets: [.executableTarget(name: "ListenerBursts", dependencies: [
    .product(name: "ReplShellAttachment", package: "ImmutableData"), .product(name: "CounterData", package: "ImmutableData")])]
)
PACKAGE
  echo "building $side (${checkouts[$index]}) in release…" >&2
  (cd "$package" && swift build -c release -q) || { echo "the build against ${checkouts[$index]} failed" >&2; exit 1; }
done
results="$work/results"
for mode in none attach; do
  for _ in $(seq "$runs"); do
    for side in "${sides[@]}"; do
      value="$("$work/$side/.build/release/ListenerBursts" 21 "$mode" | awk '/^median/ { print $NF }')"
      printf '%s\t%s\t%s\n' "$mode" "$side" "$value" | tee -a "$results"
    done
  done
done
python3 - "$results" "$split" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    mode, side, value = line.split()
    rows.setdefault((mode, side), []).append(float(value))
split = float(sys.argv[2])
def median(values): return f"{statistics.median(values):.1f}" if values else "-"
for mode in ("none", "attach"):
    print(f"attachment: {'open' if mode == 'attach' else 'none'}")
    for side in ("BASE", "HEAD"):
        values = rows[(mode, side)]
        fast = [v for v in values if v < split]; slow = [v for v in values if v >= split]
        print(f"  {side}: median {median(values)} ns of {len(values)};  below {split:g}: {len(fast)}, median {median(fast)};  above: {len(slow)}, median {median(slow)}")
PY
