#!/usr/bin/env bash
# The source rules a compiler does not check, run by `make test` before the build:
# - every `try?` in Sources/ is on Checks/try-allowlist.txt with its kind and reason, per file, exactly;
# - every `@unchecked Sendable` is on Checks/unchecked-sendable.txt with its proof;
# - `package` declarations per module and whole-module `@_exported` imports stay within Checks/ceilings.txt.
# Prints one line per broken rule and exits 1; prints a summary line and exits 0 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
failed=0
complain() { echo "Checks/policy.sh: $*"; failed=1; }

# Lines of Swift source with a match of $1 (a Perl regular expression), comments left out, as `path:line:text`.
sites() { grep -rnP --include='*.swift' "$1" Sources | grep -vP '^[^:]+:\d+:\s*//' || true; }

# try?: exact counts per file.
actual_try="$(sites '\btry\?' | cut -d: -f1 | sort | uniq -c | awk '{print $2, $1}')"
listed_try="$(grep -v '^#' Checks/try-allowlist.txt | awk 'NF {print $2, $1}' | sort)"
while read -r path count; do
  [ -n "$path" ] || continue
  allowed="$(awk -v p="$path" '$1 == p {print $2}' <<<"$listed_try")"
  if [ -z "$allowed" ]; then
    complain "$path holds $count try? and is not on Checks/try-allowlist.txt: make each failure an error, or list the file with the kind and reason of each (decoding probe or best-effort cleanup)"
  elif [ "$allowed" != "$count" ]; then
    complain "$path holds $count try?, Checks/try-allowlist.txt says $allowed: set its count to $count (with the reason of any new one)"
  fi
done <<<"$actual_try"
while read -r path count; do
  [ -n "$path" ] || continue
  grep -q "^$path " <<<"$actual_try" || complain "Checks/try-allowlist.txt lists $path, which holds no try? now: remove its line"
done <<<"$listed_try"
try_total="$(awk '{s += $2} END {print s + 0}' <<<"$actual_try")"
try_fix="$(grep -v '^#' Checks/try-allowlist.txt | grep -c ' fix:' || true)"

# @unchecked Sendable: the listed sites, exactly.
actual_unchecked="$(sites '@unchecked\s+Sendable' | cut -d: -f1 | sort)"
listed_unchecked="$(grep -v '^#' Checks/unchecked-sendable.txt | awk 'NF {print $1}' | sort)"
if [ "$actual_unchecked" != "$listed_unchecked" ]; then
  complain "@unchecked Sendable sites differ from Checks/unchecked-sendable.txt (each needs its proof there):"
  diff <(echo "$listed_unchecked") <(echo "$actual_unchecked") | grep '^[<>]' | sed 's/^</  listed, gone:/; s/^>/  not listed:/'
fi
unchecked_total="$(grep -c . <<<"$actual_unchecked" || true)"

# Ceilings.
ceiling() { awk -v w="$1" '$1 == w {print $2}' Checks/ceilings.txt; }
for module in $(ls Sources); do
  count="$({ grep -rhP --include='*.swift' '^\s*(@[A-Za-z_]+(\([^)]*\))?\s+)*package\s' "Sources/$module" || true; } | wc -l)"
  limit="$(ceiling "package-symbols:$module")"
  limit="${limit:-100}"
  [ "$count" -le "$limit" ] || complain "Sources/$module declares $count package symbols, over its ceiling of $limit: meet through public API (package is for test seams)"
done
exported="$(sites '@_exported\s+import\s+[A-Za-z_]+\s*$' | wc -l)"
[ "$exported" -le "$(ceiling exported-imports)" ] ||
  complain "$exported whole-module @_exported imports, over the ceiling of $(ceiling exported-imports): re-export single symbols"

[ "$failed" -eq 0 ] || exit 1
echo "Checks/policy.sh: $try_total try? ($try_fix files with one to fix), $unchecked_total @unchecked Sendable, $exported whole-module re-exports: within the lists and ceilings"
