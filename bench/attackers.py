#!/usr/bin/env python3
"""Hostile clients for bench/serve.sh: BIG clients each send requests with a 256 KB header, over
and over, and LORIS clients each open a connection and send a request head one byte every
half second (slow loris), for SECONDS. Prints, per kind, how many attempts there were, how each
ended (the status line answered, or closed without one) and the longest time from the attempt's
start to its end. Usage: attackers.py PORT SECONDS [BIG=4] [LORIS=4]"""
import socket, sys, threading, time

port, seconds = int(sys.argv[1]), float(sys.argv[2])
big, loris = (int(sys.argv[3]) if len(sys.argv) > 3 else 4), (int(sys.argv[4]) if len(sys.argv) > 4 else 4)
stop = time.monotonic() + seconds
results = {"big": [], "loris": []}
lock = threading.Lock()
header = b"X-Big: " + b"a" * (256 * 1024) + b"\r\n"


def read_status(s):
    data = b""
    try:
        while b"\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    return data.split(b"\r\n", 1)[0].decode("latin1") if data else "closed"


def big_client():
    while time.monotonic() < stop:
        start = time.monotonic()
        s = socket.create_connection(("127.0.0.1", port))
        s.settimeout(10)
        try:
            s.sendall(b"GET /api/pins HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port + header + b"\r\n")
        except OSError:
            pass  # the server answered and closed before the whole header was sent
        status = read_status(s)
        s.close()
        with lock:
            results["big"].append((status, time.monotonic() - start))


def loris_client():
    while time.monotonic() < stop:
        start = time.monotonic()
        s = socket.create_connection(("127.0.0.1", port))
        s.settimeout(1)
        head = b"GET /api/pins HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Slow: " % port + b"b" * 10000
        status = "still open at the end"
        for byte in head:
            if time.monotonic() >= stop:
                break
            try:
                s.send(bytes([byte]))
                time.sleep(0.5)
                s.setblocking(False)
                try:
                    if s.recv(1) == b"":
                        status = "closed"
                        break
                except BlockingIOError:
                    pass
                finally:
                    s.setblocking(True)
                    s.settimeout(1)
            except OSError:
                status = "closed"
                break
        s.close()
        with lock:
            results["loris"].append((status, time.monotonic() - start))


threads = [threading.Thread(target=big_client) for _ in range(big)] + [threading.Thread(target=loris_client) for _ in range(loris)]
for t in threads:
    t.start()
for t in threads:
    t.join()
for kind, rows in results.items():
    if not rows:
        continue
    ends = {}
    for status, _ in rows:
        ends[status] = ends.get(status, 0) + 1
    print(f"   {kind}: {len(rows)} attempts, ended: {ends}, longest {max(t for _, t in rows):.2f} s")
