/// The design page's script for "Try on a recording" (`RecordingSection`):
/// it posts a chosen file, or the recording `/live` left in
/// `sessionStorage` under `mkfilter.recording`, to `/api/recording` with the
/// page's design query, and shows the answer. Text from the answer is set
/// with `textContent`; the SVG (escaped by the server's writer) is parsed
/// by `DOMParser` as XML, never as HTML. It runs as part of
/// `/static/design.js` (`StaticScripts.design`, after `PageScripts.design`),
/// never inline: the page's Content-Security-Policy runs no inline script,
/// and its `connect-src 'self'` lets it post to this server only.
enum RecordingScript {
    static let code = #"""
        (() => {
          const section = document.getElementById("recording");
          if (!section) return;
          const $ = (id) => document.getElementById(id);
          const status = $("recording-status");
          const limit = 10 * 1024 * 1024;
          async function tryRecording(text, name) {
            status.className = "";
            status.textContent = "Analysing " + name + "…";
            let response, answer;
            try {
              response = await fetch("/api/recording?" + section.dataset.query,
                                     { method: "POST", body: text, headers: { "Content-Type": "text/csv" } });
              answer = await response.json();
            } catch (e) {
              status.className = "error";
              status.textContent = "The server did not answer (" + e.message + ").";
              return;
            }
            if (!response.ok) {
              status.className = "error";
              status.textContent = name + ": " + answer.error;
              $("recording-result").hidden = true;
              return;
            }
            status.textContent = name + ": " + answer.samples + " samples at " + answer.sampleRate.toPrecision(4)
              + " Hz; the spectrum peaks at " + answer.peakHz.toPrecision(3) + " Hz. " + answer.notes.join(" ");
            section.dataset.peak = String(answer.peakHz);
            section.dataset.onsets = String(answer.onsets.length);
            const list = $("recording-statistics");
            list.replaceChildren(...answer.statistics.map((line) => {
              const item = document.createElement("li"); item.textContent = line; return item;
            }));
            const svg = new DOMParser().parseFromString(answer.spectrumSVG, "image/svg+xml").documentElement;
            $("recording-spectrum").replaceChildren(document.importNode(svg, true));
            $("recording-summary").textContent = answer.settings + ".\n" + answer.summary;
            const body = $("recording-onsets").querySelector("tbody");
            body.replaceChildren(...answer.onsets.map((onset, k) => {
              const row = document.createElement("tr");
              for (const value of [k + 1, onset.start.toFixed(3), onset.end.toFixed(3), onset.axes]) {
                const cell = document.createElement("td"); cell.textContent = String(value); row.append(cell);
              }
              return row;
            }));
            $("recording-result").hidden = false;
          }
          $("recording-form").addEventListener("submit", async (event) => {
            event.preventDefault();
            const file = $("recording-file").files[0];
            if (!file) { status.className = "error"; status.textContent = "Choose a CSV file first."; return; }
            if (file.size > limit) {
              status.className = "error";
              status.textContent = file.name + " is " + file.size + " bytes; at most 10 MB (" + limit + " bytes) are accepted.";
              return;
            }
            await tryRecording(await file.text(), file.name);
          });
          let stored = null;
          try { stored = sessionStorage.getItem("mkfilter.recording"); } catch (e) { stored = null; }
          if (stored) {
            $("recording-forget").hidden = false;
            $("recording-forget").addEventListener("click", () => {
              sessionStorage.removeItem("mkfilter.recording");
              $("recording-forget").hidden = true;
              $("recording-result").hidden = true;
              status.textContent = "";
            });
            tryRecording(stored, "the recording from /live");
          }
        })();

        """#
}
