/// `/live`'s JavaScript: sources, the per-axis chain and the drawing. It
/// finds the filter in `LiveFilters` (the page's `--emit js` code).
enum LiveScript {
    static let code = #"""
        "use strict";
        (() => {
          const config = JSON.parse(document.getElementById("live-config").textContent);
          const spec = Object.values(LiveFilters)[0];
          const fs = config.sampleRate || spec.sampleRate;
          const shown = Math.max(2, Math.round(fs * 10));          // 10 s on screen
          const axes = ["x", "y", "z"];
          const $ = (id) => document.getElementById(id);
          const settings = { rmsWindow: 30, threshold: 0.1, count: 5 };
          function readSettings() {
            const w = Math.round(Number($("live-rms-window").value));
            const t = Number($("live-threshold").value);
            const c = Math.round(Number($("live-count").value));
            if (w >= 1 && w <= 1000) settings.rmsWindow = w;
            if (Number.isFinite(t) && t >= 0) settings.threshold = t;
            if (c >= 1 && c <= 1000) settings.count = c;
          }
          for (const id of ["live-rms-window", "live-threshold", "live-count"]) $(id).addEventListener("change", readSettings);
          readSettings();

          // One axis: filter -> moving RMS of the filtered signal -> trigger, as mkfilter pipeline runs them.
          function makeAxis() {
            return {
              filter: spec.create(), started: false,
              squares: new Float64Array(1000), next: 0, run: 0, triggers: 0,
              raw: new Float64Array(shown), filtered: new Float64Array(shown),
              rms: new Float64Array(shown), trigger: new Uint8Array(shown),
            };
          }
          let state = axes.map(makeAxis);
          let samples = 0, head = 0, firstTime = null, lastTime = null, rateEstimate = fs;
          let recording = null, paused = false, source = "simulated", sensorSamples = 0;

          function push(a, x) {
            if (!a.started) {
              // Start in the steady state of the first sample (gravity is no step), as pipeline's default.
              for (let k = 0; k < 4000; k++) a.filter.step(x);
              a.started = true;
            }
            const y = a.filter.step(x);
            a.squares[a.next % settings.rmsWindow] = y * y;
            a.next = (a.next + 1) % settings.rmsWindow;
            let sum = 0;
            for (let k = 0; k < settings.rmsWindow; k++) sum += a.squares[k];
            const rms = Math.sqrt(sum / settings.rmsWindow);
            if (rms > settings.threshold) { if (a.run < settings.count) a.run++; } else a.run = 0;
            const triggered = a.run >= settings.count;
            if (triggered && a.trigger[(head + shown - 1) % shown] === 0) a.triggers++;
            a.raw[head] = x; a.filtered[head] = y; a.rms[head] = rms; a.trigger[head] = triggered ? 1 : 0;
          }

          function sample(t, values) {
            if (paused) return;
            for (let i = 0; i < 3; i++) push(state[i], values[i]);
            head = (head + 1) % shown;
            samples++;
            if (firstTime === null) firstTime = t;
            if (lastTime !== null && t > lastTime) rateEstimate = 0.98 * rateEstimate + 0.02 / (t - lastTime);
            if (recording && (recording.last === null || t > recording.last)) {
              if (recording.start === null) recording.start = t;
              recording.rows.push((t - recording.start).toFixed(6) + "," + values.join(","));
              recording.last = t;
            }
            lastTime = t;
          }

          // The simulated source: gravity on z, a slow sway, noise, and a shake burst every 6 s.
          let simulatedIndex = 0, simulatedStart = null, seed = 1;
          function noise() { seed = (seed * 16807) % 2147483647; return (seed / 2147483647 - 0.5) * 0.02; }
          function simulated(n) {
            const t = n / fs, phase = t % 6;
            const burst = phase > 3 && phase < 4.5 ? Math.sin(Math.PI * (phase - 3) / 1.5) ** 2 : 0;
            const w = 2 * Math.PI * t;
            return [0.03 * Math.sin(w * 1.5) + 0.6 * burst * Math.sin(w * 4) + noise(),
                    0.02 * Math.sin(w * 0.7 + 1) + 0.4 * burst * Math.sin(w * 3 + 0.5) + noise(),
                    1 + 0.02 * Math.sin(w * 2) + 0.3 * burst * Math.sin(w * 5) + noise()];
          }
          function runSimulated(now) {
            if (source !== "simulated") { simulatedStart = null; return; }
            if (simulatedStart === null) simulatedStart = now - simulatedIndex / fs * 1000;
            const due = Math.min(Math.floor((now - simulatedStart) / 1000 * fs), simulatedIndex + Math.round(fs));
            while (simulatedIndex < due) { sample(simulatedIndex / fs, simulated(simulatedIndex)); simulatedIndex++; }
            if (due < simulatedIndex - Math.round(fs)) simulatedStart = null;
          }

          // The device's accelerometer (m/s^2 -> g).
          function onMotion(event) {
            const g = event.accelerationIncludingGravity;
            if (source !== "sensor" || !g || g.x === null) return;
            sensorSamples++;
            sample(event.timeStamp / 1000, [g.x / 9.81, g.y / 9.81, g.z / 9.81]);
          }
          async function startSensor() {
            $("live-note").textContent = "";
            try {
              if (typeof DeviceMotionEvent !== "undefined" && typeof DeviceMotionEvent.requestPermission === "function") {
                const answer = await DeviceMotionEvent.requestPermission();   // iOS 13+, from this click
                if (answer !== "granted") throw new Error("permission " + answer);
              }
              window.addEventListener("devicemotion", onMotion);
              setTimeout(() => {
                if (source === "sensor" && sensorSamples === 0) {
                  $("live-note").textContent = "No motion events: this device has no accelerometer, or the page is not on https or localhost. Showing the simulated source.";
                  $("live-source").value = "simulated"; source = "simulated";
                }
              }, 2000);
            } catch (e) {
              $("live-note").textContent = "The accelerometer is not available (" + e.message + "); showing the simulated source.";
              $("live-source").value = "simulated"; source = "simulated";
            }
          }
          $("live-source").addEventListener("change", (event) => {
            source = event.target.value;
            state = axes.map(makeAxis); head = 0; lastTime = null; rateEstimate = fs;
            if (source === "sensor") startSensor();
          });
          $("live-pause").addEventListener("click", (event) => {
            paused = !paused; event.target.textContent = paused ? "Resume" : "Pause";
          });
          $("live-record").addEventListener("click", (event) => {
            if (!recording) {
              recording = { rows: [], start: null, last: null };
              event.target.textContent = "Stop and download";
              return;
            }
            const text = "t,x,y,z\n" + recording.rows.join("\n") + (recording.rows.length ? "\n" : "");
            recording = null;
            event.target.textContent = "Record";
            const link = document.createElement("a");
            link.href = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
            link.download = "shake-recording.csv";
            document.body.appendChild(link); link.click(); link.remove();
          });

          // The recording handed to the design page in this tab's sessionStorage
          // (no download); the page posts it to /api/recording for its design.
          $("live-try").addEventListener("click", () => {
            if (!recording || recording.rows.length === 0) {
              $("live-note").textContent = "Record first: press Record, wait a few seconds, then Try it on the design page.";
              return;
            }
            const text = "t,x,y,z\n" + recording.rows.join("\n") + "\n";
            recording = null;
            $("live-record").textContent = "Record";
            try {
              sessionStorage.setItem("mkfilter.recording", text);
            } catch (e) {
              $("live-note").textContent = "The recording is too large to hand over (" + e.message + "); use Stop and download.";
              return;
            }
            window.location.href = (config.designPage || "/") + "?" + config.designQuery + "#recording";
          });

          // Drawing: one canvas per axis, the last 10 s.
          const colours = { raw: "#d62728", filtered: "#2ca02c", rms: "#1f77b4", trigger: "#e377c2" };
          function draw(axisIndex) {
            const a = state[axisIndex], canvas = $("live-" + axes[axisIndex]), c = canvas.getContext("2d");
            const width = canvas.width, height = canvas.height;
            c.fillStyle = "#fff"; c.fillRect(0, 0, width, height);
            const count = Math.min(samples, shown);
            const showRaw = $("live-show-raw").checked;
            let lo = -settings.threshold, hi = settings.threshold * 1.2;
            for (let k = 0; k < count; k++) {
              const i = (head - count + k + shown) % shown;
              for (const v of showRaw ? [a.raw[i], a.filtered[i], a.rms[i]] : [a.filtered[i], a.rms[i]]) {
                if (v < lo) lo = v; if (v > hi) hi = v;
              }
            }
            const pad = (hi - lo) * 0.05 || 1; lo -= pad; hi += pad;
            const px = (k) => k / (shown - 1) * width, py = (v) => height - (v - lo) / (hi - lo) * height;
            c.strokeStyle = "#ccc"; c.setLineDash([4, 4]); c.beginPath();
            c.moveTo(0, py(settings.threshold)); c.lineTo(width, py(settings.threshold)); c.stroke(); c.setLineDash([]);
            c.strokeStyle = "#eee"; c.beginPath(); c.moveTo(0, py(0)); c.lineTo(width, py(0)); c.stroke();
            const traces = [["raw", (i) => a.raw[i]], ["filtered", (i) => a.filtered[i]], ["rms", (i) => a.rms[i]],
                            ["trigger", (i) => a.trigger[i] ? settings.threshold : 0]];
            for (const [name, value] of traces) {
              if (name === "raw" && !showRaw) continue;
              c.strokeStyle = colours[name]; c.lineWidth = name === "trigger" ? 2 : 1.4; c.beginPath();
              for (let k = 0; k < count; k++) {
                const i = (head - count + k + shown) % shown, x = px(shown - count + k), y = py(value(i));
                if (k === 0) c.moveTo(x, y); else c.lineTo(x, y);
              }
              c.stroke();
            }
            c.fillStyle = "#333"; c.font = "14px sans-serif";
            c.fillText(axes[axisIndex] + "   " + lo.toFixed(2) + " … " + hi.toFixed(2) + " g   triggers: " + a.triggers, 8, 18);
          }
          function frame(now) {
            runSimulated(now);
            for (let i = 0; i < 3; i++) draw(i);
            const status = $("live-status");
            status.dataset.samples = String(samples);
            status.textContent = "source: " + source + " · " + samples + " samples · " + rateEstimate.toFixed(1)
              + " Hz (designed for " + fs + " Hz)" + (recording ? " · recording " + recording.rows.length + " samples" : "")
              + " · triggers x " + state[0].triggers + ", y " + state[1].triggers + ", z " + state[2].triggers;
            if (source === "sensor" && samples > 60 && Math.abs(rateEstimate - fs) > 0.1 * fs) {
              $("live-note").textContent = "The sensor runs at about " + rateEstimate.toFixed(0) + " Hz but the filter was designed for "
                + fs + " Hz: design it again with sampleRate=" + rateEstimate.toFixed(0) + ".";
            }
            requestAnimationFrame(frame);
          }
          requestAnimationFrame(frame);
        })();

        """#
}
