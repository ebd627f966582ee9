#!/usr/bin/env python3
"""`mkfilter-server-https --https` on loopback: the self-signed certificate is made
once with private permissions and kept, a TLS client that trusts exactly it
fetches /live, one that does not is refused, and headless Chromium trusting
exactly its key (--ignore-certificate-errors-spki-list) runs /live in a
secure context without console errors.

    python3 scripts/https_test.py [--server Server/.build/release/mkfilter-server-https]

Runs the server with XDG_CACHE_HOME in a fresh temporary folder and
--host 127.0.0.1 (loopback only). Exits 1 on any failure.
"""
import os
import pathlib
import re
import ssl
import stat
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from browser_test import browser, console_errors  # noqa: E402
from web_checks import Check, server_argument, stop  # noqa: E402

SHAKE = "family=butterworth&band=bandPass&order=3&corners=0.5,3&sampleRate=60"


def start(binary, cache):
    """The server with --https on a free loopback port; returns (process, base URL, its output so far)."""
    environment = dict(os.environ, XDG_CACHE_HOME=str(cache))
    process = subprocess.Popen([binary, "--https", "--host", "127.0.0.1", "--port", "0"], stdout=subprocess.PIPE,
                               text=True, env=environment)
    lines = [process.stdout.readline() for _ in range(5)]
    match = re.search(r"(https://127\.0\.0\.1:\d+)/", lines[0])
    if not match:
        process.kill()
        sys.exit(f"the server did not print its https address: {lines!r}")
    return process, match.group(1), "".join(lines)


def main():
    server = server_argument("mkfilter-server-https")
    check = Check()
    cache = pathlib.Path(tempfile.mkdtemp(prefix="mkfilter-https-"))
    folder = cache / "mkfilter"

    process, base, output = start(server, cache)
    try:
        check("made now" in output, "the first run makes the certificate")
        spki = re.search(r"SPKI\): (\S+)", output).group(1)
        key_mode, folder_mode = stat.S_IMODE(os.stat(folder / "key.pem").st_mode), stat.S_IMODE(os.stat(folder).st_mode)
        check(key_mode == 0o600 and folder_mode == 0o700, f"key.pem {oct(key_mode)}, its folder {oct(folder_mode)}")
        check(f"open {base}/live" in output, "it prints the address of /live to open")

        trusted = ssl.create_default_context(cafile=str(folder / "cert.pem"))
        response = urllib.request.urlopen(f"{base}/live?{SHAKE}", context=trusted, timeout=10)
        body = response.read().decode()
        check(response.status == 200 and 'id="live-x"' in body and response.headers["Content-Security-Policy"],
              f"a TLS client trusting the certificate fetches /live: {response.status}, {len(body)} bytes")
        try:
            urllib.request.urlopen(f"{base}/live", context=ssl.create_default_context(), timeout=10)
            refused = False
        except urllib.error.URLError as error:
            refused = isinstance(error.reason, ssl.SSLCertVerificationError)
        check(refused, "a TLS client that does not trust it is refused")
        # TLS 1.2 with a CBC suite over SHA-1 only: no handshake (AEAD suites only).
        cbc = ssl.create_default_context(cafile=str(folder / "cert.pem"))
        cbc.maximum_version = ssl.TLSVersion.TLSv1_2
        cbc.set_ciphers("ECDHE-ECDSA-AES128-SHA:ECDHE-RSA-AES128-SHA")
        try:
            urllib.request.urlopen(f"{base}/live", context=cbc, timeout=10)
            cbc_refused = False
        except (urllib.error.URLError, ssl.SSLError, ConnectionError):
            cbc_refused = True
        check(cbc_refused, "TLS 1.2 with ECDHE-ECDSA-AES128-SHA (CBC, SHA-1) only is refused")
        gcm = ssl.create_default_context(cafile=str(folder / "cert.pem"))
        gcm.maximum_version = ssl.TLSVersion.TLSv1_2
        gcm.set_ciphers("ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256")
        status = urllib.request.urlopen(f"{base}/live?{SHAKE}", context=gcm, timeout=10).status
        check(status == 200, f"TLS 1.2 with AES-GCM is served ({status})")

        driver = browser(cache, [f"--ignore-certificate-errors-spki-list={spki}"])
        try:
            driver.get(f"{base}/live?{SHAKE}")
            secure = driver.execute_script("return window.isSecureContext")
            status = driver.find_element("id", "live-status")
            deadline = time.monotonic() + 10
            while int(status.get_attribute("data-samples")) < 60 and time.monotonic() < deadline:
                time.sleep(0.2)
            samples = int(status.get_attribute("data-samples"))
            check(secure and samples >= 60, f"Chromium trusting exactly its key runs /live over https "
                                            f"(secure context {secure}, {samples} samples)")
            errors = console_errors(driver)
            check(not errors, f"no console errors on /live over https {errors}")
        finally:
            driver.quit()
    finally:
        stop(process)

    process, _, output = start(server, cache)
    try:
        check("kept" in output and spki in output, "a second run keeps the certificate (same key)")
    finally:
        stop(process)

    # A key loosened to 0644 may have been copied: a new one, and a word why.
    os.chmod(folder / "key.pem", 0o644)
    process, _, output = start(server, cache)
    try:
        new_spki = re.search(r"SPKI\): (\S+)", output).group(1)
        key_mode = stat.S_IMODE(os.stat(folder / "key.pem").st_mode)
        check("made now" in output and "readable by others (mode 644)" in output and new_spki != spki and key_mode == 0o600,
              f"a key readable by others is replaced, and it says why (key.pem {oct(key_mode)})")
    finally:
        stop(process)

    check.finish("https")


if __name__ == "__main__":
    main()
