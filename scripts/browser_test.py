#!/usr/bin/env python3
"""The design page and /live in headless Chromium (Debian's chromium and
chromium-driver, driven by selenium from PyPI).

    python3 scripts/browser_test.py [--url http://127.0.0.1:PORT/] [--mkfilter .build/debug/mkfilter]

Without --url it starts Server/.build/release/mkfilter-server on a free
loopback port and stops it at the end. It loads Shake!'s band-pass from a URL,
changes the order through the form and sees the report, the plots and the code
change, copies the Swift code, designs a FIR filter on /fir through its form
(another method, its fields only, every block the command line's code), runs /live on the simulated source and sees the
plots move and the trigger fire, records a few seconds and (with --mkfilter)
runs `mkfilter pipeline` on the recording, then records again and hands the
recording to the design page ("Try it on the design page", no download), whose
spectrum must peak at the simulated shake's frequency and which lists the
trigger onsets. The browser's console must stay free of errors throughout
(Content-Security-Policy violations show there). Last, both pages must send a
strict policy, and an inline script injected into the design page must be
refused by it and reported (run last: that violation is the one console error
expected).
Prints what it measured; exits 1 on any failure.
"""
import argparse
import csv
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from web_checks import Check, stop  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHAKE = "family=butterworth&band=bandPass&order=3&corners=0.5,3&sampleRate=60&name=Shake%20band%20pass"


def start_server():
    """mkfilter-server on a free port; returns (process, base URL)."""
    binary = ROOT / "Server/.build/release/mkfilter-server"
    if not binary.exists():
        sys.exit(f"{binary} is missing: swift build --package-path Server -c release --product mkfilter-server")
    process = subprocess.Popen([str(binary), "--port", "0"], stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"(http://\S+)", line)
    if not match:
        process.kill()
        sys.exit(f"the server did not print its address: {line!r}")
    return process, match.group(1)


def browser(download_dir, extra_arguments=()):
    options = webdriver.ChromeOptions()
    for name in ["chromium", "chromium-browser", "google-chrome"]:
        for folder in ["/usr/bin", "/usr/local/bin"]:
            if os.path.exists(f"{folder}/{name}"):
                options.binary_location = f"{folder}/{name}"
                break
        if options.binary_location:
            break
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,2000", *extra_arguments]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.add_experimental_option("prefs", {"download.default_directory": str(download_dir),
                                              "download.prompt_for_download": False})
    driver_path = next((p for p in ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"] if os.path.exists(p)), None)
    service = Service(executable_path=driver_path) if driver_path else Service()
    return webdriver.Chrome(options=options, service=service)


def console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", help="a running server's base URL (default: start one)")
    parser.add_argument("--mkfilter", help="the mkfilter binary, to run `mkfilter pipeline` on the recording")
    args = parser.parse_args()
    server = None
    base = args.url
    if not base:
        server, base = start_server()
    base = base.rstrip("/")
    check = Check()
    downloads = pathlib.Path(tempfile.mkdtemp(prefix="mkfilter-browser-"))
    driver = browser(downloads)
    try:
        # 1. A design from a URL.
        started = time.monotonic()
        driver.get(f"{base}/?{SHAKE}")
        loaded = time.monotonic() - started
        check(driver.title == "mkfilter: Shake band pass", f"title {driver.title!r}")
        report = driver.find_element(By.CSS_SELECTOR, "#report pre").text
        check("-Bu -Bp -o 3" in report, "Fisher's report of the 3rd-order band-pass")
        plots = driver.find_elements(By.CSS_SELECTOR, "#plots figure svg")
        check(len(plots) == 6, f"{len(plots)} plots (magnitude, phase, group delay, impulse, step, pole-zero)")
        magnitude = driver.find_element(By.CSS_SELECTOR, "#plot-magnitude svg").get_attribute("innerHTML")
        swift = driver.find_element(By.CSS_SELECTOR, "#code-swift pre").text
        check("FilterRuntime.DigitalFilterTemplate(" in swift and "order: 3" in swift, "the Swift template, order 3")
        # The page's formats are the CLI's: every --emit kind (the list its
        # error for an unknown kind names) and the filter set entry.
        # (Without --mkfilter, the server's own list, from /api/code's refusal.)
        if args.mkfilter:
            refusal = subprocess.run([args.mkfilter, "-Bu", "-Lp", "-o", "2", "-a", "0.1", "--emit", "?"],
                                     capture_output=True, text=True).stderr
        else:
            try:
                urllib.request.urlopen(f"{base}/api/code?{SHAKE}&format=%3F")
                refusal = ""
            except urllib.error.HTTPError as error:
                refusal = error.read().decode()
        kinds = re.sub(r"\s+", " ", refusal.split("is not a format; use ", 1)[-1].split('"')[0]).strip().replace(" or ", ", ").split(", ")
        blocks = driver.find_elements(By.CSS_SELECTOR, "details.code")
        ids = {b.get_attribute("id") for b in blocks}
        check(len(kinds) >= 12 and ids == {f"code-{k}" for k in kinds} | {"code-filterset"},
              f"{len(blocks)} code blocks: every --emit format ({', '.join(kinds)}) and the filter set entry")
        copy = driver.find_element(By.CSS_SELECTOR, "#code-swift button.copy")
        copy.click()
        WebDriverWait(driver, 5).until(lambda d: copy.text == "Copied")
        check(copy.text == "Copied", "the copy button copies the Swift template")

        # 2. The order changed through the form.
        order = driver.find_element(By.ID, "field-order")
        order.clear()
        order.send_keys("4")
        driver.find_element(By.ID, "design-button").click()
        WebDriverWait(driver, 10).until(lambda d: "order=4" in d.current_url)
        check("order=4" in driver.current_url, f"the URL reproduces the new design: {driver.current_url}")
        check("-Bu -Bp -o 4" in driver.find_element(By.CSS_SELECTOR, "#report pre").text, "the report is the 4th-order one")
        new_magnitude = driver.find_element(By.CSS_SELECTOR, "#plot-magnitude svg").get_attribute("innerHTML")
        check(new_magnitude != magnitude, "the magnitude plot changed")
        new_swift = driver.find_element(By.CSS_SELECTOR, "#code-swift pre").text
        check(new_swift != swift and "order: 4" in new_swift, "the Swift code changed to order 4")
        errors = console_errors(driver)
        check(not errors, f"no console errors on the design page {errors}")

        design_url = driver.current_url
        # 2b. A FIR filter on /fir: another method chosen through the form
        # shows its fields only, the others stay out of the URL, and every
        # block of code is the command line's for the page's command line.
        driver.get(f"{base}/fir")
        check(driver.find_element(By.CSS_SELECTOR, "#summary h2").text == "remez 31 taps", "the FIR page's example: remez, 31 taps")
        Select(driver.find_element(By.ID, "field-design")).select_by_value("firwin")
        bands_box = driver.find_element(By.CSS_SELECTOR, "fieldset[data-methods='remez firls']")
        check(not bands_box.is_displayed(), "choosing firwin hides remez's fields")
        for field, value in [("taps", "63"), ("cutoff", "5,12"), ("window", "blackman")]:
            element = driver.find_element(By.ID, f"field-{field}")
            element.clear()
            element.send_keys(value)
        Select(driver.find_element(By.ID, "field-band")).select_by_value("bandpass")
        WebDriverWait(driver, 10).until(lambda d: "design=firwin" in d.current_url)
        check("design=firwin" in driver.current_url and "bands=" not in driver.current_url,
              f"the URL holds the firwin design only: {driver.current_url}")
        check(driver.find_element(By.CSS_SELECTOR, "#summary h2").text == "firwin 63 taps", "the page designed firwin, 63 taps")
        fir_blocks = {b.get_attribute("id") for b in driver.find_elements(By.CSS_SELECTOR, "details.code")}
        check(fir_blocks == {f"code-{k}" for k in ["swift", "c", "cmsis", "cmsis-q15", "cmsis-q31", "vdsp", "js", "json"]} | {"code-filterset"},
              f"the FIR formats and the filter set entry: {sorted(fir_blocks)}")
        entry = json.loads(driver.execute_script("return document.querySelector('#code-filterset pre').textContent"))
        check(entry["filters"][0]["design"] == "firwin" and entry["filters"][0]["taps"] == 63,
              f"the FIR filter set entry: {entry}")
        check(len(driver.find_elements(By.CSS_SELECTOR, "#plots figure svg")) == 2, "the FIR response and impulse plots")
        if args.mkfilter:
            words = driver.find_element(By.ID, "command-line").text.split()[1:]
            for kind in ["c", "cmsis-q15"]:
                cli = subprocess.run([args.mkfilter] + words + ["--emit", kind], capture_output=True, text=True).stdout
                page = driver.find_element(By.CSS_SELECTOR, f"#code-{kind} pre").get_attribute("textContent")
                check(cli != "" and page == cli, f"the page's {kind} is `mkfilter {' '.join(words)} --emit {kind}`")
        errors = console_errors(driver)
        check(not errors, f"no console errors on the FIR page {errors}")

        # 2c. A catalogue family chosen on the design page: the menu shows
        # its fields without designing, and the Butterworth band, order and
        # corners stay out of the URL.
        driver.get(design_url)
        Select(driver.find_element(By.ID, "field-family")).select_by_value("iirnotch")
        time.sleep(0.3)
        check("family=butterworth" in driver.current_url, "choosing a family does not design it yet")
        check(not driver.find_element(By.ID, "field-order").is_displayed(), "choosing iirnotch hides the order")
        check(driver.find_element(By.ID, "field-frequency").is_displayed(), "and shows the frequency")
        for field, value in [("frequency", "5"), ("q", "30")]:
            element = driver.find_element(By.ID, f"field-{field}")
            element.clear()
            element.send_keys(value)
        driver.find_element(By.ID, "design-button").click()
        WebDriverWait(driver, 10).until(lambda d: "family=iirnotch" in d.current_url)
        check("order=" not in driver.current_url and "corners=" not in driver.current_url and "band=" not in driver.current_url,
              f"the URL holds the notch's fields only: {driver.current_url}")
        check("iirnotch" in driver.find_element(By.CSS_SELECTOR, "#report pre").text, "the page designed the notch")
        driver.get(design_url)

        # 3. /live on the simulated source.
        driver.find_element(By.ID, "live-link").click()
        WebDriverWait(driver, 10).until(lambda d: "/live" in d.current_url)
        status = driver.find_element(By.ID, "live-status")
        WebDriverWait(driver, 10).until(lambda d: int(status.get_attribute("data-samples")) > 60)
        first = driver.execute_script("return document.getElementById('live-y').toDataURL()")
        samples_before = int(status.get_attribute("data-samples"))
        time.sleep(1.0)
        second = driver.execute_script("return document.getElementById('live-y').toDataURL()")
        samples_after = int(status.get_attribute("data-samples"))
        check(samples_after > samples_before, f"the simulated source runs ({samples_before} -> {samples_after} samples)")
        check(first != second, "the live plot updates")
        driver.find_element(By.ID, "live-record").click()

        def triggers(d):
            counts = re.findall(r"[xyz] (\d+)", status.text.split("triggers")[-1])
            return sum(int(c) for c in counts)
        WebDriverWait(driver, 15).until(lambda d: triggers(d) > 0)
        check(triggers(driver) > 0, f"a shake burst fires the trigger ({status.text})")
        driver.find_element(By.ID, "live-record").click()
        recording = downloads / "shake-recording.csv"
        deadline = time.monotonic() + 10
        while not recording.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        check(recording.exists(), "the recording downloads")
        if recording.exists():
            rows = list(csv.reader(recording.open()))
            check(rows[0] == ["t", "x", "y", "z"] and len(rows) > 60, f"the recording is t,x,y,z CSV ({len(rows) - 1} samples)")
            if args.mkfilter:
                result = subprocess.run([args.mkfilter, "pipeline", str(recording), "--filter", "-Bu -Bp -o 3 --corner 0.5 3",
                                         "--events"], capture_output=True, text=True)
                check(result.returncode == 0, f"mkfilter pipeline reads the recording {result.stderr.strip()[:200]}")
        errors = console_errors(driver)
        check(not errors, f"no console errors on /live {errors}")

        # 4. A recording handed from /live to the design page, without a download:
        # its spectrum must peak at the simulated shake's frequency. LiveScript's
        # simulated source shakes x at 4 Hz (0.6 g), y at 3 Hz (0.4 g) and z at
        # 5 Hz (0.3 g) for 1.5 s in every 6 s, so the axes' summed PSD peaks at 4 Hz.
        simulated_shake_hz = 4.0
        driver.find_element(By.ID, "live-record").click()

        def recorded(d):
            found = re.search(r"recording (\d+) samples", status.text)
            return int(found.group(1)) if found else 0
        WebDriverWait(driver, 30).until(lambda d: recorded(d) >= 9 * 60)
        driver.find_element(By.ID, "live-try").click()
        WebDriverWait(driver, 10).until(lambda d: "/live" not in d.current_url)
        section = driver.find_element(By.ID, "recording")
        WebDriverWait(driver, 20).until(lambda d: section.get_attribute("data-peak") or "error" in
                                        (d.find_element(By.ID, "recording-status").get_attribute("class") or ""))
        peak = float(section.get_attribute("data-peak") or "nan")
        bin_width = 60 / 256
        check(abs(peak - simulated_shake_hz) <= bin_width,
              f"the /live recording's spectrum peaks at the simulated {simulated_shake_hz} Hz shake ({peak:.3f} Hz; "
              f"{driver.find_element(By.ID, 'recording-status').text[:200]})")
        check(len(driver.find_elements(By.CSS_SELECTOR, "#recording-spectrum svg")) == 1, "the spectrum is drawn on the design page")
        onsets = int(section.get_attribute("data-onsets") or "0")
        check(onsets >= 1 and len(driver.find_elements(By.CSS_SELECTOR, "#recording-onsets tbody tr")) == onsets,
              f"the design's trigger onsets on the recording are listed ({onsets})")
        errors = console_errors(driver)
        check(not errors, f"no console errors on the design page with a recording {errors}")

        # 5. The policy is enforced: the pages' own scripts ran under it (above, with no
        # console error, the recording's upload included), and an inline script added
        # now is refused, with the violation in the console. Last, since that violation
        # is a console error by design.
        for name, url in [("the design page", driver.current_url), ("/live", f"{base}/live?{SHAKE}")]:
            policy = urllib.request.urlopen(url).headers.get("Content-Security-Policy", "")
            directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
            check(directives.get("script-src") == ["'self'"] and directives.get("connect-src") == ["'self'"],
                  f"{name} sends a strict Content-Security-Policy ({policy})")
        driver.execute_script("const s = document.createElement('script'); s.textContent = 'window.inlineRan = true';"
                              " document.body.appendChild(s);")
        time.sleep(0.3)
        ran = driver.execute_script("return window.inlineRan === true")
        refused = [e for e in console_errors(driver) if "Content Security Policy" in e.get("message", "")]
        check(not ran and refused, f"an inline script is refused and reported ({len(refused)} violation(s) in the console)")
        print(f"design page loaded in {loaded * 1000:.0f} ms; /live ran {samples_after} samples")
    finally:
        driver.quit()
        if server:
            stop(server)
    check.finish("browser")


if __name__ == "__main__":
    main()
