#!/bin/sh
# The cost of the tap's nil check and of a tapped dispatch, outside any benchmark binary's
# inlining choices: ImmutableData's sources of REVISION (default: the working tree) built as a
# module with SwiftPM's release flags, an app's module of types, and a loop (Loop.swift).
#   ./run.sh            # this tree
#   ./run.sh 24afb3f    # a revision before the tap (its loop measures the no-tap dispatch only)
set -e
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "$1" ]; then
  mkdir "$work/src"
  for file in $(git ls-tree --name-only "$1" ../../Sources/ImmutableData/); do
    git show "$1:Sources/ImmutableData/$(basename "$file")" > "$work/src/$(basename "$file")"
  done
  source="$work/src"
else
  source=${SOURCE:-../../Sources/ImmutableData}
fi
tap=$(grep -l "class DispatchTap" "$source"/*.swift >/dev/null 2>&1 && echo "-DTAP" || true)
newstate=$(grep -l "newState: State)" "$source"/Store.swift >/dev/null 2>&1 && echo "-DNEWSTATE" || true)
flags="-O -wmo -g -swift-version 6 -parse-as-library"
swiftc $flags -package-name immutabledata -module-name ImmutableData -emit-module -emit-module-path "$work/ImmutableData.swiftmodule" -emit-object -o "$work/ImmutableData.o" "$source"/*.swift
swiftc $flags -package-name app -module-name Types -emit-module -emit-module-path "$work/Types.swiftmodule" -emit-object -o "$work/Types.o" Types.swift
swiftc $flags -package-name immutabledata $tap $newstate -I "$work" -o "$work/loop" Loop.swift "$work/ImmutableData.o" "$work/Types.o"
"$work/loop"
