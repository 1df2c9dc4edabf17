#!/bin/sh
# Porcupine's public test suite through `replshell linearize` and through Porcupine, in one run:
# every verdict compared with the one Porcupine's tests assert, and the times side by side.
#
#   git clone https://github.com/anishathalye/porcupine /somewhere/porcupine   (Go: apt-get install golang-go)
#   swift build -c release --product replshell                                  (in the repository root)
#   (cd Benchmarks && swift build -c release --product LinearizeAppReducer)     (for the app-reducer rows)
#   PORCUPINE_DIR=/somewhere/porcupine Benchmarks/Linearize/run.sh
#
# Nothing of Porcupine is copied here: its histories and tests are read where they are.
set -eu
: "${PORCUPINE_DIR:?set PORCUPINE_DIR to a checkout of https://github.com/anishathalye/porcupine}"
root=$(cd "$(dirname "$0")/../.." && pwd)
replshell=${REPLSHELL:-$root/.build/release/replshell}
# The checker over an app's own reducers in `ReducerModel` (Linearize/LinearizeAppReducer).
app=${LINEARIZE_APP:-$root/Benchmarks/.build/release/LinearizeAppReducer}
[ -x "$replshell" ] || { echo "build it first: swift build -c release --product replshell" >&2; exit 64; }
data=$PORCUPINE_DIR/test_data
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
elapsed() { echo "$2 - $1" | bc; }

# Porcupine's verdicts, as its tests assert them: checkJepsen(t, N, true|false), checkKv(t, "c01-ok", true|false, ...).
grep -o 'checkJepsen(t, [0-9]*, [a-z]*)' "$PORCUPINE_DIR/porcupine_test.go" \
  | sed 's/checkJepsen(t, \([0-9]*\), \([a-z]*\))/\1 \2/' | while read -r n verdict; do
    printf '%s/jepsen/etcd_%03d.log %s\n' "$data" "$n" "$verdict"; done > "$work/expected"
for name in c01-ok c01-bad c10-ok c10-bad c50-ok c50-bad; do
  case $name in *-ok) verdict=true ;; *) verdict=false ;; esac
  echo "$data/kv/$name.txt $verdict" >> "$work/expected"
done

# Porcupine: its test binary built first, so that compiling is not timed.
(cd "$PORCUPINE_DIR" && GOFLAGS=-mod=mod go test -c -o "$work/porcupine.test" . >/dev/null)
start=$(now); (cd "$PORCUPINE_DIR" && "$work/porcupine.test" -test.run 'TestEtcdJepsen' >/dev/null); end=$(now)
porcupine_etcd=$(elapsed "$start" "$end")
for clients in 1 10 50; do
  pattern=$(printf 'TestKv%sClient' "$clients")
  start=$(now); (cd "$PORCUPINE_DIR" && "$work/porcupine.test" -test.run "^${pattern}s?(Ok|Bad)\$" >/dev/null); end=$(now)
  eval "porcupine_kv$clients=$(elapsed "$start" "$end")"
done

# replshell linearize: one process for all the etcd histories, one per kv client count (ok and bad).
etcd=$(grep '/jepsen/' "$work/expected" | cut -d' ' -f1)
start=$(now); "$replshell" linearize --no-witness --domain register $etcd > "$work/etcd.out" || true; end=$(now)
ours_etcd=$(elapsed "$start" "$end")
for clients in 01 10 50; do
  start=$(now); "$replshell" linearize --no-witness --domain kv "$data/kv/c$clients-ok.txt" "$data/kv/c$clients-bad.txt" > "$work/kv$clients.out" || true; end=$(now)
  eval "ours_kv$clients=$(elapsed "$start" "$end")"
done

# An app's own reducers, wrapped in `ReducerModel` as the README shows, over the same histories.
if [ -x "$app" ]; then
  start=$(now); "$app" app-register $etcd > "$work/app-etcd.out" || true; end=$(now)
  app_etcd=$(elapsed "$start" "$end")
  start=$(now); "$app" app-kv "$data/kv/c50-ok.txt" "$data/kv/c50-bad.txt" > "$work/app-kv50.out" || true; end=$(now)
  app_kv50=$(elapsed "$start" "$end")
  verdicts() { grep -E ': (linearizable|not linearizable|unknown)' "$1" | sed -E 's/^(.*): (linearizable|not linearizable|unknown).*/\1 \2/'; }
  for file in etcd kv50; do
    [ "$(verdicts "$work/app-$file.out")" = "$(verdicts "$work/$file.out")" ] || echo "DIFFERS: the app's reducer and the sample model disagree on $file"
  done
fi

cat "$work"/etcd.out "$work"/kv*.out | grep -E ': (linearizable|not linearizable|unknown)' > "$work/ours"
agree=0; disagree=0; linearizable=0; total=0
while read -r path verdict; do
  line=$(grep -F "$path: " "$work/ours" || true)
  case $line in *": linearizable"*) ours=true ;; *": not linearizable"*) ours=false ;; *) ours=missing ;; esac
  total=$((total + 1))
  [ "$ours" = true ] && linearizable=$((linearizable + 1))
  if [ "$ours" = "$verdict" ]; then agree=$((agree + 1)); else disagree=$((disagree + 1)); echo "DIFFERS: $path Porcupine $verdict, replshell $ours"; fi
done < "$work/expected"

echo "verdicts: $agree of $total agree with Porcupine's tests ($disagree differ); replshell found $linearizable linearizable"
printf '%-28s %12s %12s %8s\n' "histories" "replshell s" "Porcupine s" "ratio"
row() { printf '%-28s %12.3f %12.3f %7.2fx\n' "$1" "$2" "$3" "$(echo "$3 / $2" | bc -l)"; }
row "etcd, 102 histories" "$ours_etcd" "$porcupine_etcd"
row "kv, 1 client (ok + bad)" "$ours_kv01" "$porcupine_kv1"
row "kv, 10 clients (ok + bad)" "$ours_kv10" "$porcupine_kv10"
row "kv, 50 clients (ok + bad)" "$ours_kv50" "$porcupine_kv50"
if [ -x "$app" ]; then
  row "etcd, an app's reducer" "$app_etcd" "$porcupine_etcd"
  row "kv 50 clients, an app's reducer" "$app_kv50" "$porcupine_kv50"
fi
echo "(ratio: Porcupine's time over replshell's; above 1 replshell is faster. Porcupine's times are its test binary's runs, replshell's include starting the process.)"
