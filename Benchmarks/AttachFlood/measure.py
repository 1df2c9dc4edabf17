#!/usr/bin/env python3
"""An attached shell's flood against a running app, and how the app's own work fares meanwhile.

Starts AttachedCounter (a Counter app with its attachment open), connects to its socket as a shell
would, and from a thread of its own pipelines REQUESTS `help` requests without reading a reply.
Meanwhile it taps the app (`inc` on the app's standard input) one tap at a time and times each
until the app prints that it dispatched it, and samples the app's resident memory. It stops when
the flood's sends fail (the app closed the shell) or all were sent, plus a few taps after.

    Benchmarks/AttachFlood/measure.py .build/debug/AttachedCounter 300000

Prints the taps' latencies (median, 99th percentile, max), the app's largest resident memory, how
many requests went before the app closed the shell, and the app's log lines. Only loopback: a Unix
socket in a folder of its own, removed afterwards.
"""
import json, os, socket, statistics, struct, subprocess, sys, tempfile, threading, time


def frame(message):
    body = json.dumps(message, sort_keys=True, separators=(",", ":")).encode()
    return struct.pack(">I", len(body)) + body


def read_frame(connection):
    header = b""
    while len(header) < 4:
        chunk = connection.recv(4 - len(header))
        if not chunk:
            raise EOFError
        header += chunk
    length = struct.unpack(">I", header)[0]
    body = b""
    while len(body) < length:
        chunk = connection.recv(length - len(body))
        if not chunk:
            raise EOFError
        body += chunk
    return json.loads(body)


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main():
    binary, requests = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 300_000
    folder = tempfile.mkdtemp(prefix="attach-flood-")
    app = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env={**os.environ, "XDG_RUNTIME_DIR": folder}, text=True, bufsize=1)
    try:
        first = app.stdout.readline()
        path = first.split("(", 1)[1].rsplit(")", 1)[0]
        shell = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        shell.connect(path)
        assert read_frame(shell).get("event") == "hello"
        shell.sendall(frame({"request": "hello", "protocol": 3}))
        sent = [0]
        flooding = [True]

        def flood():
            request = frame({"request": "line", "line": "help"})
            try:
                while sent[0] < requests:
                    shell.sendall(request)
                    sent[0] += 1
            except OSError:
                pass
            flooding[0] = False

        baseline = rss_kib(app.pid)
        threading.Thread(target=flood, daemon=True).start()
        latencies, most, taps, after = [], baseline, 0, 0
        started = time.monotonic()
        while (flooding[0] or after < 20) and time.monotonic() - started < 120:
            if not flooding[0]:
                after += 1
            taps += 1
            tapped = time.monotonic()
            app.stdin.write("inc\n")
            app.stdin.flush()
            line = app.stdout.readline()
            assert line.startswith(f"tap {taps} at"), line
            latencies.append((time.monotonic() - tapped) * 1000)
            most = max(most, rss_kib(app.pid))
        elapsed = time.monotonic() - started
        app.stdin.close()
        errors = app.stderr.read()
        app.wait(timeout=30)
        latencies.sort()
        print(f"requests sent before the app closed the shell: {sent[0]:,} of {requests:,} in {elapsed:.1f} s"
              + ("" if flooding[0] is False and sent[0] < requests else " (the app never closed it)"))
        print(f"taps: {len(latencies)}; latency median {statistics.median(latencies):.2f} ms, "
              f"p99 {latencies[int(len(latencies) * 0.99) - 1]:.2f} ms, max {latencies[-1]:.2f} ms")
        print(f"app resident memory: {baseline / 1024:.1f} MiB before, at most {most / 1024:.1f} MiB during")
        for line in errors.splitlines():
            print("app log:", line)
    finally:
        if app.poll() is None:
            app.kill()
        subprocess.run(["rm", "-rf", folder])


if __name__ == "__main__":
    main()
