#!/usr/bin/env python3
"""How long `replshell --mcp` takes to read one long line and answer it.

    Benchmarks/MCPLongLine/measure.py BINARY SIZE_MIB [SIZE_MIB ...] [-- EXTRA ARGUMENTS]

For each size it starts `BINARY --mcp counter EXTRA...`, waits for the answer to a small `ping`
(so start-up is not counted), then writes one `ping` request of exactly SIZE MiB (padded with
spaces inside the JSON object) and prints the seconds from the first byte written to the reply
read, with the reply's first 120 characters. A size over the server's line limit measures the
refusal instead. Example, the figures in the README:

    Benchmarks/MCPLongLine/measure.py .build/debug/replshell 1 4
    Benchmarks/MCPLongLine/measure.py .build/debug/replshell 10 -- --mcp-max-line 16MiB
"""
import subprocess
import sys
import threading
import time


def padded_ping(request_id, byte_count):
    head = '{"jsonrpc":"2.0","id":%d,"method":"ping"' % request_id
    return (head + " " * (byte_count - len(head) - 1) + "}\n").encode()


def measure(binary, mib, extra):
    server = subprocess.Popen([binary, "--mcp", "counter", *extra], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    server.stdin.write(b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n')
    server.stdin.flush()
    server.stdout.readline()
    line = padded_ping(2, mib << 20)
    start = time.monotonic()
    writer = threading.Thread(target=lambda: (server.stdin.write(line), server.stdin.flush()))
    writer.start()
    reply = server.stdout.readline()
    elapsed = time.monotonic() - start
    writer.join()
    server.stdin.close()
    server.wait(timeout=60)
    print("%3d MiB  %8.3f s  %s" % (mib, elapsed, reply.decode()[:120].strip()), flush=True)


def main():
    arguments = sys.argv[1:]
    extra = []
    if "--" in arguments:
        extra = arguments[arguments.index("--") + 1:]
        arguments = arguments[:arguments.index("--")]
    binary, sizes = arguments[0], [int(size) for size in arguments[1:]]
    for mib in sizes:
        measure(binary, mib, extra)


if __name__ == "__main__":
    main()
