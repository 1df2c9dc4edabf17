#!/bin/sh
# Figure 2 (one listener stream drained on the main actor) for several revisions of ImmutableData
# in one run: each revision's Sources/ImmutableData built with SwiftPM's release flags
# (-O -wmo, as TapHarness does), then the loops run one after the other, ROUNDS times over, so
# that the machine's load weighs on each alike. Medians in CPU time per dispatch (Loop.swift).
#   ./run.sh 176bbc3 cf913d6 HEAD      # revisions; "." is the working tree
#   ROUNDS=5 REPEAT=3 ./run.sh ...
set -e
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags="-O -wmo -swift-version 6 -parse-as-library"
for revision in "$@"; do
  dir="$work/$(echo "$revision" | tr -c 'A-Za-z0-9\n' '_')"
  mkdir -p "$dir/src"
  if [ "$revision" = "." ]; then
    cp ../../Sources/ImmutableData/*.swift "$dir/src/"
  else
    for file in $(git ls-tree --name-only "$revision" ../../Sources/ImmutableData/); do
      git show "$revision:Sources/ImmutableData/$(basename "$file")" > "$dir/src/$(basename "$file")"
    done
  fi
  swiftc $flags -package-name immutabledata -module-name ImmutableData -emit-module \
    -emit-module-path "$dir/ImmutableData.swiftmodule" -emit-object -o "$dir/ImmutableData.o" "$dir"/src/*.swift
  swiftc $flags -package-name harness -I "$dir" -o "$dir/loop" Loop.swift "$dir/ImmutableData.o"
done
for round in $(seq "${REPEAT:-3}"); do
  for revision in "$@"; do
    echo "$revision: $("$work/$(echo "$revision" | tr -c 'A-Za-z0-9\n' '_')/loop" "${ROUNDS:-7}")"
  done
done
