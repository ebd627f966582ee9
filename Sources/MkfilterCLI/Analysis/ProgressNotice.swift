import Foundation

/// "Still working" on standard error for long work (over about 2 s), only
/// when standard error is a terminal: `mkfilter verify: working, 3 s`,
/// rewritten each second on one line and erased when the work ends, so that
/// redirected output and logs never see it.
final class ProgressNotice: @unchecked Sendable {  // State shared with the thread is guarded by `condition`.
    private let condition = NSCondition()
    private var finished = false
    private var shown = false

    /// Starts the notice for `program` (nothing happens unless standard
    /// error is a terminal).
    init(_ program: String) {
        guard isatty(STDERR_FILENO) == 1 else { finished = true; return }
        let thread = Thread { [self] in
            let start = Date()
            condition.lock()
            defer { condition.unlock() }
            while !finished {
                _ = condition.wait(until: Date().addingTimeInterval(1))
                let elapsed = Int(Date().timeIntervalSince(start))
                if !finished && elapsed >= 2 {
                    write("\r\(program): working, \(elapsed) s")
                    shown = true
                }
            }
        }
        thread.start()
    }

    /// Ends the notice and erases its line.
    func finish() {
        condition.lock()
        finished = true
        if shown { write("\r\u{1B}[K") }
        condition.broadcast()
        condition.unlock()
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { Foundation.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
