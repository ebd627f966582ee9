/// The design page's "Try on a recording" section: a file input whose CSV
/// the page's script sends to `POST /api/recording` with the design's query,
/// or the recording `/live` handed over in `sessionStorage`; the answer (the
/// spectrum with the filter overlaid, the trigger episodes) is shown below
/// it. Needs JavaScript (a file cannot be a GET form's field).
enum RecordingSection {
    /// The section for the design whose query is `query` (not yet escaped).
    static func html(query: String) -> String {
        """
        <section id="recording" data-query="\(HTML.escaped(query))"><h2>Try on a recording</h2>
        <p>An accelerometer recording (<code>t,x,y,z</code> CSV, seconds and g, at most 10 MB), from
        <a href="/live?\(HTML.escaped(query))">/live</a> ("Try it on the design page") or a file: its spectrum
        with this filter's magnitude overlaid, and where this filter's trigger fires (RMS over
        \(LivePage.rmsWindow) samples above \(LivePage.threshold) g for \(LivePage.count) samples, as
        <code>mkfilter pipeline</code>). Nothing is kept on the server. Needs JavaScript.</p>
        <form id="recording-form"><input type="file" id="recording-file" accept=".csv,text/csv">
        <button type="submit" id="recording-button">Try it</button>
        <button type="button" id="recording-forget" hidden>Forget the /live recording</button></form>
        <p id="recording-status" role="status"></p>
        <div id="recording-result" hidden>
        <ul id="recording-statistics"></ul>
        <figure id="recording-spectrum" aria-label="Spectrum of the recording"></figure>
        <h3>Trigger onsets</h3>
        <pre id="recording-summary"></pre>
        <table id="recording-onsets"><thead><tr><th>onset</th><th>start (s)</th><th>end (s)</th><th>axes</th></tr></thead><tbody></tbody></table>
        </div>
        </section>

        """
    }
}
