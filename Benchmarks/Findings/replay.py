#!/usr/bin/env python3
"""The hostile probes of issue 58, replayed against two builds of `replshell` side by side.

Each probe is what a hostile file, peer or server does to one surface: a history that nests tags
ten thousand deep, a history whose `:process` is a string, a history that takes hours, a history
whose keys carry escape sequences, an MCP agent reading another file through `linearize`, a feed
server whose body never ends, a FIFO where the page goes, a recording that is a device, a duration
past what fits. Every run is bounded (a time limit per run, loopback only, a folder of its own) and
reported as what happened: its exit status (or the signal that ended it, or "killed at the limit"),
its wall time, its largest resident memory and, where it matters, what it printed.

    Benchmarks/Findings/replay.py BEFORE/replshell AFTER/replshell [--limit SECONDS]

BEFORE is a build of `4f11c1c` (`git worktree add ../base 4f11c1c && swift build --product
replshell` there), AFTER the build under test. Findings 7, 9, 10, 11 and 14 need a client or a
terminal of their own; their tests (named in the output) replay them.
"""
import http.server, json, os, resource, shutil, signal, socketserver, subprocess, sys, tempfile, threading, time

LIMIT = 30.0


def run(binary, arguments, folder, stdin=b"", limit=None):
    """Runs binary with arguments in folder; returns (outcome, seconds, max RSS MiB, stdout, stderr)."""
    limit = limit or LIMIT
    out_path, err_path = os.path.join(folder, ".out"), os.path.join(folder, ".err")
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        start = time.monotonic()
        process = subprocess.Popen([binary] + arguments, cwd=folder, stdin=subprocess.PIPE, stdout=out, stderr=err,
                                   start_new_session=True, env=dict(os.environ, NO_COLOR="1", SWIFT_BACKTRACE="enable=no"))
        killed = False
        try:
            process.stdin.write(stdin)
            process.stdin.close()
        except BrokenPipeError:
            pass
        timer = threading.Timer(limit, lambda: os.killpg(process.pid, signal.SIGKILL))
        timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        timer.cancel()
        seconds = time.monotonic() - start
        process.returncode = 0
    if os.WIFSIGNALED(status):
        signal_number = os.WTERMSIG(status)
        killed = signal_number == signal.SIGKILL and seconds >= limit - 0.5
        outcome = f"killed at the {limit:.0f} s limit" if killed else f"died of {signal.Signals(signal_number).name}"
    else:
        outcome = f"exit {os.WEXITSTATUS(status)}"
    with open(out_path, "rb") as out, open(err_path, "rb") as err:
        return outcome, seconds, usage.ru_maxrss / 1024, out.read(), err.read()


def write(folder, name, text):
    with open(os.path.join(folder, name), "w", encoding="utf-8") as file:
        file.write(text)


def first_line(data, containing=None):
    for line in data.decode("utf-8", "replace").splitlines():
        if containing is None or containing in line:
            return line[:160]
    return ""


class EndlessBody(http.server.BaseHTTPRequestHandler):
    """A feed server whose body never ends: 1 MiB chunks until the client goes."""

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        chunk = b" " * (1 << 20)
        try:
            self.wfile.write(b'{"type":"FeatureCollection","features":[')
            while True:
                self.wfile.write(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *arguments):
        pass


def probes(folder, server_port):
    """(finding, what the probe does, arguments, stdin, what to show of the output[, limit factor])."""
    tags = "#a " * 10_000
    write(folder, "tags.edn", "{:process 0, :type :invoke, :f :write, :value " + tags + "1}\n")
    write(folder, "process.edn", '{:process "x", :type :invoke, :f :write, :value 1}\n{:process "x", :type :ok, :f :write, :value 1}\n')
    write(folder, "info.edn", "".join(f"{{:process {p}, :type :invoke, :f :write, :value {p}}}\n" for p in range(40))
          + "".join(f"{{:process {p}, :type :info, :f :write, :value {p}}}\n" for p in range(40))
          + "{:process 99, :type :invoke, :f :read, :value nil}\n{:process 99, :type :ok, :f :read, :value 77}\n")
    write(folder, "sequential.edn", "".join(
        f"{{:process 0, :type :invoke, :f :write, :value {i}}}\n{{:process 0, :type :ok, :f :write, :value {i}}}\n" for i in range(10_000)))
    line = "{:process 0, :type :invoke, :f :write, :value 1}\n{:process 0, :type :ok, :f :write, :value 1}\n"
    write(folder, "big.edn", line * (20_000_000 // len(line)))
    write(folder, "escapes.edn", '{:process 0, :type :invoke, :f :put, :key "a\x1b]0;owned\x07", :value "x"}\n'
          '{:process 0, :type :ok, :f :put, :key "a\x1b]0;owned\x07", :value "x"}\n'
          '{:process 1, :type :invoke, :f :get, :key "a\x1b]0;owned\x07", :value nil}\n'
          '{:process 1, :type :ok, :f :get, :key "a\x1b]0;owned\x07", :value "\x1b[2Jy"}\n')
    os.mkfifo(os.path.join(folder, "page.html"))
    write(folder, "ok.edn", line)
    # A file outside the server's folder, as the system's password files are.
    outside = os.path.join(os.path.dirname(folder), os.path.basename(folder) + "-secret.txt")
    write(os.path.dirname(outside), os.path.basename(outside), "root:$6$not-for-an-agent:19000:0:99999:7:::\n")
    mcp = "\n".join(json.dumps(m) for m in [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "probe", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "linearize", "arguments": {"file": "../" + os.path.basename(outside)}}},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "linearize", "arguments": {"file": "/etc/passwd"}}},
    ]) + "\n"
    write(folder, "feed.txt", f"use quakes --feed http://127.0.0.1:{server_port}/feed.geojson\ndispatch quakeList.onTapRefreshQuakesButton(range: .allMonth)\n")
    write(folder, "time.txt", "use counter\nexplore --time 1e300s --runs 1\n")
    write(folder, "stale.edn", "{:process 0, :type :invoke, :f :write, :value 1}\n{:process 0, :type :ok, :f :write, :value 1}\n"
          "{:process 1, :type :invoke, :f :read, :value nil}\n{:process 1, :type :ok, :f :read, :value 0}\n")
    return [
        ("1", "linearize a value of 10,000 nested tags", ["linearize", "tags.edn"], b"", "stderr"),
        ("2", "linearize ops whose :process is a string", ["linearize", "process.edn"], b"", "both"),
        ("3a", "linearize 40 concurrent :info writes and a read", ["linearize", "info.edn"], b"", "stdout", 4),
        ("3b", "linearize 10,000 sequential ops", ["linearize", "sequential.edn"], b"", "stdout"),
        ("3c", "linearize a 20 MB history", ["linearize", "big.edn"], b"", "stdout", 4),
        ("5", "linearize keys and values with ESC and BEL", ["linearize", "--domain", "kv", "escapes.edn"], b"", "escapes"),
        ("6", "MCP linearize of a file that is not a history", ["--mcp", "counter"], mcp.encode(), "leak"),
        ("8", "use quakes --feed of a body that never ends", ["--script", "feed.txt"], b"", "both"),
        ("12", "linearize --html onto a FIFO with --force", ["linearize", "--html", "page.html", "--force", "stale.edn"], b"", "stderr"),
        ("new", "--replay of /dev/zero", ["--replay", "/dev/zero"], b"", "stderr"),
        ("new", "explore --time 1e300s", ["--script", "time.txt"], b"", "both"),
    ]


def show(kind, stdout, stderr):
    if kind == "stderr":
        return first_line(stderr) or first_line(stdout)
    if kind == "stdout":
        return first_line(stdout) or first_line(stderr)
    if kind == "both":
        return (first_line(stderr, "error") or first_line(stdout, "error") or first_line(stdout) or first_line(stderr))
    if kind == "escapes":
        raw = b"\x1b" in stdout or b"\x07" in stdout
        return ("raw ESC/BEL reach the terminal" if raw else "escaped: no ESC or BEL in the output") + f" ({len(stdout)} bytes)"
    if kind == "leak":
        text = stdout.decode("utf-8", "replace")
        leaked = "not-for-an-agent" in text or "root:x:0:0" in text
        return ("a reply quotes a file outside the server's folder" if leaked else "no content of either file in the replies") + \
            (": both refused, outside the folder" if text.count("outside") >= 2 else "")
    return ""


def main():
    global LIMIT
    arguments = sys.argv[1:]
    if "--limit" in arguments:
        index = arguments.index("--limit")
        LIMIT = float(arguments[index + 1])
        del arguments[index:index + 2]
    if len(arguments) != 2:
        sys.exit(__doc__)
    before, after = (os.path.abspath(binary) for binary in arguments)
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), EndlessBody)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    print(f"each run bounded at {LIMIT:.0f} s; memory is the largest resident set\n")
    for name, binary in (("before", before), ("after", after)):
        folder = tempfile.mkdtemp(prefix=f"findings-{name}-")
        try:
            print(f"## {name}: {binary}")
            for finding, what, command, stdin, kind, *factor in probes(folder, port):
                # The slow checks get longer: a debug build takes tens of seconds for a budget
                # that a release build spends in a few.
                outcome, seconds, memory, stdout, stderr = run(binary, command, folder, stdin, LIMIT * (factor[0] if factor else 1))
                print(f"{finding:>4}  {what}\n      {outcome}, {seconds:.2f} s, {memory:.0f} MiB: {show(kind, stdout, stderr)}")
            print()
        finally:
            shutil.rmtree(folder, ignore_errors=True)
            if os.path.exists(folder + "-secret.txt"):
                os.remove(folder + "-secret.txt")
    server.shutdown()
    print("replayed by tests instead: 4 and 7 MCPProtocolTests, 9 StressOutcomeTests, 10 AttachFloodTests (and"
          " AttachFlood/measure.py), 11 ShrinkCommandLineTests, 13 Linearize/run.sh, 14 SetReplayTests")


if __name__ == "__main__":
    main()
