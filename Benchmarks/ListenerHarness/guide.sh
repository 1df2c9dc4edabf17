#!/bin/sh
# Where the guide-style store's listener drained on the main actor spends its time
# (GuideLoop.swift): ImmutableData of the working tree and Sources/GuideReference built with
# SwiftPM's release flags (-O -wmo, as run.sh), the drain taken apart case by case, CPU time,
# wall clock and context switches per dispatch.
#   ./guide.sh            # 200,000 dispatches a case
#   ./guide.sh 1000000
set -e
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags="-O -wmo -swift-version 6 -parse-as-library"
swiftc $flags -package-name immutabledata -module-name ImmutableData -emit-module \
  -emit-module-path "$work/ImmutableData.swiftmodule" -emit-object -o "$work/ImmutableData.o" ../../Sources/ImmutableData/*.swift
swiftc $flags -package-name benchmarks -module-name GuideReference -I "$work" -emit-module \
  -emit-module-path "$work/GuideReference.swiftmodule" -emit-object -o "$work/GuideReference.o" ../Sources/GuideReference/*.swift
swiftc $flags -package-name harness -I "$work" -o "$work/guide" GuideLoop.swift "$work/ImmutableData.o" "$work/GuideReference.o"
"$work/guide" "$@"
