/// The parts every page shares: the head with its style sheet, and the header.
enum PageStyle {
    /// `<!doctype html>` up to `<body>`, titled `title` (escaped here).
    static func head(title: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escaped(title))</title>
        <link rel="icon" href="data:,">
        <style>
        \(css)</style>
        </head>
        <body>

        """
    }

    /// A whole page saying only `message` (escaped here), for a refusal.
    static func errorPage(title: String, message: String) -> String {
        head(title: title) + header(current: "", query: "")
            + "<main><p class=\"error\" role=\"alert\">" + HTML.escaped(message) + "</p></main>\n</body>\n</html>\n"
    }

    /// The site header with its navigation; `query` (already URL-safe) keeps the design.
    static func header(current: String, query: String) -> String {
        let q = query.isEmpty ? "" : "?" + HTML.escaped(query)
        return """
            <header><strong>mkfilter</strong>
            <nav><a href="/\(q)"\(current == "design" ? " aria-current=\"page\"" : "")>Design</a>
            <a href="/fir"\(current == "fir" ? " aria-current=\"page\"" : "")>FIR</a>
            <a href="/live\(q)"\(current == "live" ? " aria-current=\"page\"" : "")>Live: Shake!'s screen</a></nav></header>

            """
    }

    static let css = """
        body { font-family: system-ui, -apple-system, Helvetica, Arial, sans-serif; margin: 0; color: #222; background: #fafafa; }
        header { background: #1f3a5f; color: #fff; padding: .6em 1em; display: flex; gap: 1.5em; align-items: baseline; }
        header a { color: #cfe3ff; margin-right: 1em; }
        header a[aria-current] { color: #fff; font-weight: bold; }
        main { padding: 0 1em 2em; max-width: 1400px; }
        fieldset { display: inline-flex; flex-wrap: wrap; gap: .4em 1em; border: 1px solid #ccd; margin: .5em .5em 0 0; vertical-align: top; }
        .field { display: flex; flex-direction: column; font-size: .9em; }
        .field small { color: #777; font-size: .8em; }
        .field.invalid input, .field.invalid select { border: 2px solid #c0392b; background: #fff3f2; }
        .error { color: #c0392b; font-weight: bold; white-space: pre-wrap; }
        .note { color: #666; font-style: italic; }
        button { font-size: 1em; padding: .3em 1em; }
        .plots { display: grid; grid-template-columns: repeat(auto-fill, minmax(440px, 1fr)); gap: .5em; }
        .plots figure { margin: 0; background: #fff; border: 1px solid #ddd; }
        .plots svg { width: 100%; height: auto; display: block; }
        pre { background: #fff; border: 1px solid #ddd; padding: .6em; overflow: auto; max-height: 32em; font-size: .85em; }
        details.code { margin: .4em 0; }
        details.code summary { cursor: pointer; font-weight: bold; }
        .actions { margin: .3em 0; display: flex; gap: 1em; align-items: center; }
        .live-controls { display: flex; flex-wrap: wrap; gap: .5em 1em; align-items: end; margin: .6em 0; }
        .axis { background: #fff; border: 1px solid #ddd; margin: .4em 0; }
        .axis canvas { width: 100%; height: 180px; display: block; }
        .legend span { margin-right: 1em; font-size: .9em; }
        [hidden] { display: none !important; }

        """
}
