cd /work/main/Examples/Shelf
B=$PWD/.build/debug
rm -f /tmp/in; mkfifo /tmp/in
( $B/shelfd --tick 300 < /tmp/in > /tmp/d.out 2>&1 & echo $! > /tmp/d.pid )
exec 3>/tmp/in
sleep 1
PID=$(cat /tmp/d.pid)
# garbage and oversized frames
python3 - $PID <<'PY'
import socket,sys,struct,json
p=f"/tmp/replshell-0/shelfd-{sys.argv[1]}.sock"
s=socket.socket(socket.AF_UNIX); s.connect(p); s.sendall(b"\x00\x00\x00\x05hello"); print("garbage ->", s.recv(100000)[:60], s.recv(100000)[:80])
s=socket.socket(socket.AF_UNIX); s.connect(p); s.sendall(struct.pack(">I", 50_000_000)); import time; time.sleep(0.3); 
data=b""
while True:
  d=s.recv(100000)
  if not d: break
  data+=d
print("oversized -> closed after", len(data), "bytes")
PY
# a tailing shell killed -9
( sleep 5 ) | $B/shelfshell --attach $PID > /dev/null & 
printf 'tail\n' | timeout 10 $B/shelfshell --attach $PID > /tmp/tail.out & TP=$!
sleep 1; kill -9 $(pgrep -n -f "shelfshell --attach $PID"); sleep 0.3
printf 'select selectCount\n' | $B/shelfshell --attach $PID; echo "after kill -9 of a shell: rc=$?"
# refused peer: the app as nobody, the shell as root
mkdir -p /tmp/xdg-nobody && chown 65534 /tmp/xdg-nobody && chmod 700 /tmp/xdg-nobody
( sleep 4 | XDG_RUNTIME_DIR=/tmp/xdg-nobody setpriv --reuid 65534 --regid 65534 --clear-groups $B/shelfd > /tmp/n.out 2>&1 & )
sleep 1
NPATH=$(ls /tmp/xdg-nobody/replshell/*.sock); ls -la /tmp/xdg-nobody/replshell
printf 'select selectCount\n' | $B/shelfshell --attach $NPATH; echo "root to nobody's app: rc=$?"
printf 'select selectCount\n' | setpriv --reuid 65534 --regid 65534 --clear-groups $B/shelfshell --attach /tmp/replshell-0/shelfd-$PID.sock; echo "nobody to root's app: rc=$?"
sleep 0.5; echo "--- nobody's app log:"; cat /tmp/n.out
# app ends cleanly while a shell is idle
(sleep 3) | $B/shelfshell --attach $PID & SP=$!
sleep 0.7; kill -TERM $PID; wait $SP; echo "after SIGTERM of the app: rc=$?"
# kill -9 of the app while a shell is idle
( $B/shelfd < /dev/zero > /tmp/d2.out 2>&1 & echo $! > /tmp/d2.pid ); sleep 1; P2=$(cat /tmp/d2.pid)
(sleep 3) | $B/shelfshell --attach $P2 & SP=$!
sleep 0.7; kill -9 $P2; wait $SP; echo "after kill -9 of the app: rc=$?"
ls /tmp/replshell-0/
# stale socket replaced
( sleep 2 | $B/shelfd > /tmp/d3.out 2>&1 & ); sleep 1; $B/shelfshell --attach; 
echo "--- main app log:"; cat /tmp/d.out
