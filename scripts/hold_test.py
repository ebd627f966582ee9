#!/usr/bin/env python3
"""mkfilter-server on the wire, where the route tests cannot reach: it holds
against idle connections with few file descriptors, and answers malformed
requests with the JSON error.

    python3 scripts/hold_test.py [--server Server/.build/release/mkfilter-server]

Starts the server itself on a free loopback port under RLIMIT_NOFILE 256
(soft and hard, as `ulimit -n 256`) with a 4 s idle timeout, then:

1. 300 idle connections (nothing sent): the server stays up, and a normal
   request on a new connection is answered within 1 s while they are open;
   after the idle timeout they are closed, and the server still answers;
2. a slowloris head (a byte every 0.5 s) is closed by the idle timeout;
3. a request without Host, or with two, is a 400, a 40 KB head a 431, both
   with the JSON error; on a pipelined connection the 431 comes after the
   answer to the request before it; `Expect: 100-continue` gets its 100 at
   once; HEAD has the GET's Content-Length and no body;
4. with the soft limit 256 and the hard one 2048 the server raises its soft
   limit to 2048 (/proc/PID/limits);
5. 100 uploads trickling a byte every 2 s and 100 clients that never read a
   large answer: a cheap request is answered within 1 s all along;
6. 64 uploads of 10 MB at once: the server's resident memory stays within
   150 MB of its idle size (the upload budget: 32 MB held at once, the rest
   503), and every upload gets its answer (200 or 503);
7. an answer that ends its connection ends it at once, not at the idle
   timeout: HTTP/1.0 without keep-alive (and not with it, nor HTTP/1.1), and
   the 413 for an upload declaring 2 GiB, whose body is not read (the
   client, sending all the while, has sent little more than the socket
   buffers hold when the server's FIN comes);
8. every design ends within its budget (5 s): the FIR requests that once
   ran for minutes are answered within 7 s; a client that leaves stops its
   work (five abandoned searches: the server's CPU time stays flat after);
   and while a search holds the heavy slot, the FIR page's example and a
   31-tap remez are answered within 1 s.

Loopback only; every wait is bounded. Prints what it measured; exits 1 on
any failure.
"""
import http.client
import json
import os
import pathlib
import re
import resource
import select
import socket
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from web_checks import Check, server_argument, stop  # noqa: E402

DESIGN = "/api/design?family=butterworth&band=bandPass&order=3&corners=0.5,3&sampleRate=60"
IDLE_TIMEOUT = 4


def start(binary, soft, hard, *arguments):
    """The server under RLIMIT_NOFILE (soft, hard); returns (process, port, limits line)."""
    def limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    process = subprocess.Popen([binary, "--port", "0", "--idle-timeout", str(IDLE_TIMEOUT), *arguments],
                               stdout=subprocess.PIPE, text=True, preexec_fn=limit)
    address = process.stdout.readline()
    limits = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", address)
    if not match:
        process.kill()
        sys.exit(f"the server did not print its address: {address!r}")
    return process, int(match.group(1)), limits.strip()


def raw(port, data, timeout=5):
    """Sends `data`, reads until the server closes (or `timeout`); returns the bytes."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        chunks, deadline = [], time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                chunk = s.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not chunk:
                break
            chunks.append(chunk)
            if b"\r\n\r\n" in b"".join(chunks) and b"Content-Length: 0" in b"".join(chunks):
                break
        return b"".join(chunks)


def expect_continue(port):
    """POSTs a small recording with `Expect: 100-continue`, waiting for the
    100 before the body as curl does: the seconds the 100 took (None when it
    did not come within 2 s) and the final status."""
    rows = "t,x,y,z\n" + "".join(f"{n / 60},0,0,1\n" for n in range(600))
    query = "family=butterworth&band=bandPass&order=3&corners=0.5,3&sampleRate=60"
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        started = time.monotonic()
        s.sendall((f"POST /api/recording?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/csv\r\n"
                   f"Content-Length: {len(rows)}\r\nExpect: 100-continue\r\n\r\n").encode())
        s.settimeout(2)
        try:
            first = s.recv(65536)
        except socket.timeout:
            first = b""
        waited = time.monotonic() - started if first.startswith(b"HTTP/1.1 100") else None
        s.settimeout(10)
        s.sendall(rows.encode())
        data = first
        while data.count(b"HTTP/1.1 ") < (2 if waited is not None else 1) or b"\r\n\r\n" not in data.split(b"HTTP/1.1 ")[-1]:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        statuses = [int(m) for m in re.findall(rb"^HTTP/1\.1 (\d{3}) ", data, re.M)]
        return waited, (statuses[-1] if statuses else None)


def status_and_body(response):
    head, _, body = response.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/1.1 ") else None
    return status, head.decode("latin-1"), body


def timed_get(port, path, timeout=10):
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        return response.status, body, time.monotonic() - started
    finally:
        connection.close()


def closed_by_server(s):
    """Whether the server closed `s` (EOF or reset), without blocking."""
    readable, _, _ = select.select([s], [], [], 0)
    if not readable:
        return False
    try:
        return s.recv(1) == b""
    except (ConnectionResetError, BlockingIOError):
        return True
    except OSError:
        return True


def idle_connections(check, binary):
    process, port, limits = start(binary, 256, 256)
    print(f"server (ulimit -n 256): {limits}")
    idle = []
    try:
        started = time.monotonic()
        for _ in range(300):
            try:
                s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                s.settimeout(2)
                s.connect(("127.0.0.1", port))
                s.setblocking(False)
                idle.append(s)
            except OSError:
                s.close()
                break
        print(f"opened {len(idle)} idle connections in {time.monotonic() - started:.2f} s")
        check(len(idle) == 300, f"300 idle connections opened ({len(idle)})")
        time.sleep(0.5)
        check(process.poll() is None, "the server is up with 300 idle connections")
        status, body, elapsed = timed_get(port, DESIGN)
        check(status == 200 and b'"name"' in body and elapsed < 1.0,
              f"a normal request while they are open: {status} in {elapsed * 1000:.0f} ms (limit 1000 ms)")
        time.sleep(IDLE_TIMEOUT + 2)
        open_after = sum(1 for s in idle if not closed_by_server(s))
        check(process.poll() is None, "the server is still up after the idle timeout")
        check(open_after == 0, f"every idle connection closed {IDLE_TIMEOUT + 2} s later ({open_after} still open)")
        status, _, elapsed = timed_get(port, DESIGN)
        check(status == 200, f"then a normal request: {status} in {elapsed * 1000:.0f} ms")

        # A slowloris head: one byte every 0.5 s never completes within the idle timeout.
        s = socket.create_connection(("127.0.0.1", port), timeout=1)
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        started, closed = time.monotonic(), False
        while time.monotonic() - started < IDLE_TIMEOUT + 3:
            try:
                s.sendall(b"X")
                time.sleep(0.5)
                if closed_by_server(s):
                    closed = True
                    break
            except OSError:
                closed = True
                break
        s.close()
        held = time.monotonic() - started
        check(closed and held < IDLE_TIMEOUT + 2, f"a slowloris head is closed after {held:.1f} s (idle timeout {IDLE_TIMEOUT} s)")
        check(process.poll() is None, "the server is up after the slowloris")
    finally:
        for s in idle:
            s.close()
        stop(process)
    check(process.returncode == 0, f"it stops cleanly on SIGTERM (status {process.returncode})")


def slow_clients(check, binary):
    """100 uploads trickling a byte every 2 s and 100 clients that never read
    a large answer, under ulimit -n 256 (cap 96): a cheap request on a new
    connection is answered within 1 s all along, the stalled ones are
    evicted or closed by their deadlines, and the server stays up."""
    process, port, limits = start(binary, 256, 256)
    print(f"server (ulimit -n 256): {limits}")
    uploads, readers, latencies = [], [], []
    query = "family=butterworth&band=bandPass&order=3&corners=0.5,3&sampleRate=60"
    big = f"/api/response?{query}&points=4097"
    try:
        for _ in range(100):
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=2)
                s.sendall((f"POST /api/recording?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                           "Content-Type: text/csv\r\nContent-Length: 100000\r\n\r\nt,x,y,z\n").encode())
                uploads.append(s)
            except OSError:
                break
        for _ in range(100):
            try:
                s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                s.settimeout(2)
                s.connect(("127.0.0.1", port))
                s.sendall(f"GET {big} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
                readers.append(s)
            except OSError:
                break
        print(f"opened {len(uploads)} trickling uploads and {len(readers)} non-reading clients")
        started = time.monotonic()
        while time.monotonic() - started < 12:
            for s in uploads:
                try:
                    s.send(b"0")
                except OSError:
                    pass
            for _ in range(4):
                status, _, elapsed = timed_get(port, DESIGN, timeout=5)
                latencies.append(elapsed if status == 200 else 99)
                time.sleep(0.5)
        worst = max(latencies)
        check(worst < 1.0, f"a cheap request among them: {len(latencies)} answered, worst {worst * 1000:.0f} ms (limit 1000 ms)")
        check(process.poll() is None, "the server is up with the slow clients")
        # The server's own sockets (/proc/PID/fd): the listener and at most the cap.
        sockets = sum(1 for fd in os.listdir(f"/proc/{process.pid}/fd")
                      if os.readlink(f"/proc/{process.pid}/fd/{fd}").startswith("socket:"))
        check(sockets <= 96 + 8, f"the server holds {sockets} sockets (the cap is 96; the rest wait in the backlog or were closed)")
    finally:
        for s in uploads + readers:
            s.close()
        stop(process)
    check(process.returncode == 0, f"it stops cleanly on SIGTERM (status {process.returncode})")


def malformed(check, binary):
    process, port, _ = start(binary, 1024, 1024)
    try:
        status, head, body = status_and_body(raw(port, f"GET {DESIGN} HTTP/1.1\r\n\r\n".encode()))
        check(status == 400 and json.loads(body).get("error", "").count("Host") > 0,
              f"no Host header: {status} {body[:80]!r}")
        big = "X-Filler: " + "a" * 40_000
        status, head, body = status_and_body(raw(port, f"GET {DESIGN} HTTP/1.1\r\nHost: 127.0.0.1\r\n{big}\r\n\r\n".encode()))
        error = json.loads(body) if body.startswith(b"{") else {}
        check(status == 431 and "error" in error and error.get("field") is None and "application/json" in head,
              f"a 40 KB head: {status} {body[:80]!r}")
        status, head, body = status_and_body(raw(port, f"GET /?{'a=b&' * 12000} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()))
        check(status == 431 and body.startswith(b"{"), f"a 48 KB request line: {status}")
        status, head, body = status_and_body(raw(port, f"GET {DESIGN} HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: example.org\r\n\r\n".encode()))
        check(status == 400 and "more than one Host" in json.loads(body).get("error", ""), f"two Host headers: {status} {body[:80]!r}")
        # Pipelined: a good request, then one whose head is too long. The
        # first is answered in full, then the 431, then the close.
        answers = raw(port, (f"GET {DESIGN} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                             f"GET {DESIGN} HTTP/1.1\r\nHost: 127.0.0.1\r\n{big}\r\n\r\n").encode(), timeout=10)
        statuses = [int(m) for m in re.findall(rb"^HTTP/1\.1 (\d{3}) ", answers, re.M)]
        check(statuses == [200, 431], f"pipelined good request then a 40 KB head: statuses {statuses} (200 then 431)")
        continue_seconds, final = expect_continue(port)
        check(continue_seconds is not None and continue_seconds < 0.5 and final == 200,
              f"Expect: 100-continue: 100 after {continue_seconds} s, then {final}")
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("HEAD", DESIGN)
        response = connection.getresponse()
        length = response.getheader("Content-Length")
        response.read()
        connection.request("GET", DESIGN)
        get = connection.getresponse().read()
        connection.close()
        check(response.status == 200 and length == str(len(get)), f"HEAD: {response.status}, Content-Length {length} = GET's {len(get)}")
        check(process.poll() is None, "the server is up after the malformed requests")
    finally:
        stop(process)


def rss_bytes(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def upload_memory(check, binary):
    """64 uploads of 10 MB at once against one server: its peak resident
    memory over the idle one, sampled every 20 ms."""
    import threading
    process, port, _ = start(binary, 4096, 4096)
    try:
        timed_get(port, DESIGN)
        idle = rss_bytes(process.pid)
        lines, size, n = ["t,x,y,z\n"], 8, 0
        while True:
            line = f"{n / 60:.6f},0.0123,-0.0456,0.98765\n"
            if size + len(line) > 10 * 1024 * 1024:
                break
            lines.append(line)
            size += len(line)
            n += 1
        body = "".join(lines).encode()
        query = "family=butterworth&band=bandPass&order=3&corners=0.5,3&sampleRate=60"
        statuses, peak, done = [], [idle], threading.Event()

        def sample():
            while not done.is_set():
                peak[0] = max(peak[0], rss_bytes(process.pid))
                time.sleep(0.02)

        def upload():
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
                connection.request("POST", f"/api/recording?{query}", body=body, headers={"Content-Type": "text/csv"})
                response = connection.getresponse()
                response.read()
                statuses.append(response.status)
                connection.close()
            except OSError as error:
                statuses.append(str(error))

        sampler = threading.Thread(target=sample)
        sampler.start()
        threads = [threading.Thread(target=upload) for _ in range(64)]
        started = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        done.set()
        sampler.join()
        growth = (peak[0] - idle) / 2**20
        answered = sum(1 for s in statuses if s in (200, 503))
        print(f"64 uploads of 10 MB in {time.monotonic() - started:.1f} s: {statuses.count(200)} answered 200, "
              f"{statuses.count(503)} 503; resident memory {idle / 2**20:.0f} MB idle, peak {peak[0] / 2**20:.0f} MB (+{growth:.0f} MB)")
        check(answered == 64, f"every upload answered 200 or 503: {sorted(set(map(str, statuses)))}")
        check(growth <= 150, f"peak memory {growth:.0f} MB over idle (limit 150 MB)")
    finally:
        stop(process)


def raised_limit(check, binary):
    process, port, limits = start(binary, 256, 2048)
    try:
        with open(f"/proc/{process.pid}/limits") as f:
            line = next(l for l in f if l.startswith("Max open files"))
        soft = int(line.split()[3])
        check(soft == 2048, f"soft limit 256, hard 2048: raised to {soft} ({limits})")
    finally:
        stop(process)


def read_until_closed(s, timeout):
    """Reads `s` until the server's FIN or reset, at most `timeout` seconds:
    (the bytes, the seconds until the close or None when it stayed open)."""
    s.settimeout(0.1)
    started, data = time.monotonic(), b""
    while time.monotonic() - started < timeout:
        try:
            chunk = s.recv(65536)
        except socket.timeout:
            continue
        except (ConnectionResetError, OSError):
            return data, time.monotonic() - started
        if not chunk:
            return data, time.monotonic() - started
        data += chunk
    return data, None


def closes_after_answer(check, binary):
    process, port, _ = start(binary, 1024, 1024)
    try:
        for version, connection, closes in [("1.0", "", True), ("1.0", "Connection: keep-alive\r\n", False),
                                            ("1.1", "", False), ("1.1", "Connection: close\r\n", True)]:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                s.sendall(f"GET {DESIGN} HTTP/{version}\r\nHost: 127.0.0.1\r\n{connection}\r\n".encode())
                data, closed_after = read_until_closed(s, 2)
                status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else None
                said = "connection: close" in data.partition(b"\r\n\r\n")[0].decode("latin-1").lower()
                if closes:
                    check(status == 200 and said and closed_after is not None and closed_after < 1.5,
                          f"HTTP/{version} {connection.strip() or 'without Connection'}: {status}, 'Connection: close' "
                          f"{said}, closed after {closed_after} s (well before the {IDLE_TIMEOUT} s idle timeout)")
                else:
                    check(status == 200 and closed_after is None,
                          f"HTTP/{version} {connection.strip() or 'without Connection'}: {status}, kept open ({closed_after})")
        # An upload declaring 2 GiB: the 413 comes at once and the connection
        # ends; the client sends its body all the while, as curl does.
        query = "family=butterworth&band=bandPass&order=3&corners=0.5,3&sampleRate=60"
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            s.sendall((f"POST /api/recording?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/csv\r\n"
                       f"Content-Length: {2 ** 31}\r\n\r\n").encode())
            s.setblocking(False)
            chunk, sent, data = b"0" * 65536, 0, b""
            started, answered, closed_after = time.monotonic(), None, None
            while time.monotonic() - started < 10 and closed_after is None:
                readable, writable, _ = select.select([s], [s] if sent < 2 ** 31 else [], [], 0.1)
                if readable:
                    try:
                        got = s.recv(65536)
                    except (ConnectionResetError, BlockingIOError, OSError):
                        got = b""
                    if not got:
                        closed_after = time.monotonic() - (answered or started)
                        break
                    data += got
                    if answered is None and b"\r\n\r\n" in data:
                        answered = time.monotonic()
                if writable:
                    try:
                        sent += s.send(chunk)
                    except (BlockingIOError, BrokenPipeError, ConnectionResetError, OSError):
                        pass
            status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else None
            check(status == 413 and closed_after is not None and closed_after < 1.5 and sent < 64 * 2 ** 20,
                  f"an upload declaring 2 GiB: {status}, the connection ended {closed_after} s after the answer, "
                  f"{sent / 2 ** 20:.1f} MiB of the body sent by then")
        check(process.poll() is None, "the server is up after the closing answers")
    finally:
        stop(process)


def cpu_seconds(pid):
    """User and system CPU seconds of process `pid` so far (/proc/PID/stat)."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# A remez search about 3,600 taps long: many seconds of exchanges unbounded.
LONG_SEARCH = "/api/fir/design?design=fir&passbandEdge=0.2&stopbandEdge=0.201&passbandLoss=0.1&stopbandAttenuation=60"


def bounded_work(check, binary):
    process, port, _ = start(binary, 1024, 1024)
    try:
        for path in ["/api/fir/design?design=fir&passbandEdge=0.1&stopbandEdge=0.3&passbandLoss=0.1&stopbandAttenuation=20"
                     "&method=kaiser&minimumPhase=hilbert",
                     "/api/fir/design?design=fir&passbandEdge=0.2&stopbandEdge=0.205&passbandLoss=0.1&stopbandAttenuation=60"
                     "&minimumPhase=hilbert",
                     LONG_SEARCH]:
            status, body, seconds = timed_get(port, path, timeout=30)
            check(status in (200, 422) and seconds < 7, f"{path[:60]}...: {status} after {seconds:.2f} s "
                  f"({body[:100]!r})")
        if os.path.exists(f"/proc/{process.pid}/stat"):
            # Five clients that ask for the long search and leave.
            for _ in range(5):
                with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                    s.sendall(f"GET {LONG_SEARCH} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
                    time.sleep(0.3)
            time.sleep(1)
            before = cpu_seconds(process.pid)
            time.sleep(2)
            spent = cpu_seconds(process.pid) - before
            check(spent < 0.5, f"five abandoned searches: {spent:.2f} s of CPU in the 2 s after (their work stopped)")
        # A search holds the heavy slot; cheap FIR requests are answered.
        holder = subprocess.Popen([sys.executable, "-c", f"import urllib.request;urllib.request.urlopen("
                                   f"'http://127.0.0.1:{port}{LONG_SEARCH}', timeout=30).read()"],
                                  stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        for path in ["/fir", "/api/fir/code?design=remez&taps=31&bands=0,0.2,0.25,0.5&desired=1,0&format=c"]:
            status, _, seconds = timed_get(port, path)
            check(status == 200 and seconds < 1, f"{path} while a search holds the heavy slot: {status} after {seconds:.2f} s")
        holder.kill()
        holder.wait()
        check(process.poll() is None, "the server is up after the bounded designs")
    finally:
        stop(process)


def main():
    server = server_argument("mkfilter-server")
    if resource.getrlimit(resource.RLIMIT_NOFILE)[0] < 1024:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(4096, hard), hard))
    check = Check()
    idle_connections(check, server)
    slow_clients(check, server)
    malformed(check, server)
    closes_after_answer(check, server)
    bounded_work(check, server)
    upload_memory(check, server)
    if os.path.exists("/proc/self/limits"):
        raised_limit(check, server)
    check.finish("hold")


if __name__ == "__main__":
    main()
