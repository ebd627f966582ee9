#!/usr/bin/env python3
"""Load on mkfilter-server over loopback: 16 concurrent clients x 100 requests,
a mix of design pages, /live, the JSON API, response CSVs and code downloads
for distinct designs (family, band, order, corners vary). Every request must
answer 200; prints p50, p99 and the worst latency.

    python3 scripts/load_test.py [--url http://127.0.0.1:PORT/] [--clients 16] [--requests 100] [--max-p99-ms N]
                                 [--heavy 16] [--heavy-seconds 8] [--max-cheap-ms 1000]

With --heavy N it then runs N clients sending the issue's heavy request (an
order-24 elliptic band-pass in direct form, 65,537 response points, 7.8 MB)
back to back for --heavy-seconds, while one client sends a cheap
/api/design every 0.1 s: each heavy answer must be 200 or 503 with
Retry-After, at least one heavy request must be answered, and every cheap
one must be 200 within --max-cheap-ms.

Without --url it starts Server/.build/release/mkfilter-server on a free port.
Each client keeps one HTTP/1.1 connection. Exits 1 on any error (or when the
p99 exceeds --max-p99-ms, if given).
"""
import argparse
import http.client
import pathlib
import random
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent


def designs(count, seed=1):
    """Distinct valid queries."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        family = rng.choice(["butterworth", "bessel", "chebyshev", "chebyshev2", "elliptic"])
        band = rng.choice(["lowPass", "highPass", "bandPass", "bandStop"])
        order = rng.randint(1, 8)
        fs = rng.choice([50, 60, 100, 200])
        low = round(rng.uniform(0.02, 0.2) * fs, 3)
        high = round(low + rng.uniform(0.05, 0.2) * fs, 3)
        fields = {"family": family, "band": band, "order": order, "sampleRate": fs,
                  "corners": f"{low},{high}" if band in ("bandPass", "bandStop") else low}
        if family in ("chebyshev", "elliptic"):
            fields["ripple"] = rng.choice([0.1, 0.5, 1])
        if family in ("chebyshev2", "elliptic"):
            fields["attenuation"] = rng.choice([40, 60])
        out.append(urllib.parse.urlencode(fields))
    return out


def paths(queries, rng):
    query = rng.choice(queries)
    kind = rng.random()
    if kind < 0.25:
        return f"/?{query}"
    if kind < 0.35:
        return f"/live?{query}"
    if kind < 0.65:
        return f"/api/design?{query}"
    if kind < 0.85:
        return f"/api/response?{query}&points=513"
    return f"/api/code?{query}&format={rng.choice(['swift', 'c', 'js', 'cmsis', 'listing'])}"


def client(host, port, count, queries, seed, latencies, errors, lock):
    rng = random.Random(seed)
    connection = http.client.HTTPConnection(host, port, timeout=30)
    for _ in range(count):
        path = paths(queries, rng)
        started = time.perf_counter()
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            body = response.read()
            elapsed = time.perf_counter() - started
            with lock:
                latencies.append(elapsed)
                if response.status != 200 or not body:
                    errors.append(f"{response.status} {path}")
        except Exception as error:  # a refused or dropped connection counts as an error
            with lock:
                errors.append(f"{type(error).__name__} {path}")
            connection.close()
            connection = http.client.HTTPConnection(host, port, timeout=30)
    connection.close()


HEAVY = ("/api/response?family=elliptic&band=bandPass&order=24&corners=1,2&sampleRate=1000&ripple=0.1"
         "&attenuation=100&realization=direct&points=65537")
CHEAP = "/api/design?family=butterworth&band=bandPass&order=3&corners=0.5,3&sampleRate=60"
# A heavy page whose order only Fisher's words in mkfilter= carry (an order-128 band-pass).
FISHER_PAGE = "/?mkfilter=--cheby2+40+-Bp+-o+128&corners=0.5,3&sampleRate=60"


def heavy_client(host, port, stop, counts, errors, lock, path=HEAVY):
    """The heavy request back to back until `stop`; counts 200s and 503s."""
    connection = http.client.HTTPConnection(host, port, timeout=60)
    page = path.startswith("/?")
    while time.monotonic() < stop:
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            body = response.read()
            with lock:
                if response.status == 200 and (page or len(body) > 7_000_000):
                    counts["ok"] += 1
                elif response.status == 503 and response.getheader("Retry-After") and body.startswith(b"<" if page else b"{"):
                    counts["busy"] += 1
                    time.sleep(0.05)
                else:
                    errors.append(f"heavy: {response.status} ({len(body)} bytes)")
        except Exception as error:
            with lock:
                errors.append(f"heavy: {type(error).__name__}")
            connection.close()
            connection = http.client.HTTPConnection(host, port, timeout=60)
    connection.close()


def heavy_load(host, port, clients, seconds, max_cheap_ms, path=HEAVY, label="the 65,537-point order-24 response"):
    """Cheap requests' latency while `clients` heavy ones run; returns the failures."""
    counts, errors, lock = {"ok": 0, "busy": 0}, [], threading.Lock()
    stop = time.monotonic() + seconds
    threads = [threading.Thread(target=heavy_client, args=(host, port, stop, counts, errors, lock, path)) for _ in range(clients)]
    for thread in threads:
        thread.start()
    time.sleep(0.5)   # every heavy client has its request in flight
    cheap = []
    while time.monotonic() < stop - 0.5:
        started = time.perf_counter()
        connection = http.client.HTTPConnection(host, port, timeout=30)
        try:
            connection.request("GET", CHEAP)
            response = connection.getresponse()
            response.read()
            cheap.append((time.perf_counter() - started) * 1000)
            if response.status != 200:
                errors.append(f"cheap: {response.status}")
        except Exception as error:
            errors.append(f"cheap: {type(error).__name__}")
        finally:
            connection.close()
        time.sleep(0.1)
    for thread in threads:
        thread.join()
    worst = max(cheap) if cheap else float("inf")
    print(f"heavy load: {clients} clients x {label} for {seconds:.0f} s: "
          f"{counts['ok']} answered, {counts['busy']} refused with 503; {len(cheap)} cheap /api/design meanwhile: "
          f"median {statistics.median(cheap):.1f} ms, worst {worst:.1f} ms (limit {max_cheap_ms:.0f} ms)")
    failures = list(errors[:10])
    if counts["ok"] == 0:
        failures.append("no heavy request was answered")
    if not cheap or worst > max_cheap_ms:
        failures.append(f"a cheap request took {worst:.1f} ms, above {max_cheap_ms:.0f} ms")
    if clients > 5 and counts["busy"] == 0:
        failures.append(f"{clients} heavy clients ({label}) and no 503: the bound did not apply")
    return failures


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--max-p99-ms", type=float)
    parser.add_argument("--heavy", type=int, default=0, help="heavy clients to run after the mixed load")
    parser.add_argument("--heavy-seconds", type=float, default=8)
    parser.add_argument("--max-cheap-ms", type=float, default=1000)
    args = parser.parse_args()
    server = None
    url = args.url
    if not url:
        server = subprocess.Popen([str(ROOT / "Server/.build/release/mkfilter-server"), "--port", "0"],
                                  stdout=subprocess.PIPE, text=True)
        url = re.search(r"(http://\S+)", server.stdout.readline()).group(1)
    parsed = urllib.parse.urlparse(url)
    queries = designs(200)
    latencies, errors, lock = [], [], threading.Lock()
    threads = [threading.Thread(target=client, args=(parsed.hostname, parsed.port, args.requests, queries, k,
                                                     latencies, errors, lock))
               for k in range(args.clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started
    heavy_failures = []
    if args.heavy:
        heavy_failures = heavy_load(parsed.hostname, parsed.port, args.heavy, args.heavy_seconds, args.max_cheap_ms)
        heavy_failures += heavy_load(parsed.hostname, parsed.port, args.heavy, args.heavy_seconds, args.max_cheap_ms,
                                     path=FISHER_PAGE, label="the order-128 page through mkfilter=")
    if server:
        server.terminate()
        server.wait(timeout=10)
    total = args.clients * args.requests
    ms = [x * 1000 for x in latencies]
    p50, p99 = percentile(ms, 50), percentile(ms, 99)
    print(f"load test: {args.clients} clients x {args.requests} requests = {total}, {len(errors)} errors, "
          f"{total / wall:.0f} requests/s; latency p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
          f"max {max(ms):.1f} ms, mean {statistics.mean(ms):.1f} ms")
    for error in errors[:10]:
        print("error:", error, file=sys.stderr)
    for failure in heavy_failures:
        print("error:", failure, file=sys.stderr)
    if errors or len(latencies) != total or heavy_failures:
        sys.exit(1)
    if args.max_p99_ms is not None and p99 > args.max_p99_ms:
        print(f"p99 {p99:.1f} ms is above {args.max_p99_ms} ms", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
