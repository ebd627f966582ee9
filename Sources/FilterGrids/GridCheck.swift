/// The outcome of one check over a grid of designs: what it measured (the
/// lines it prints) and every design that failed it, each with the reason.
///
/// The same functions serve `swift test` (a sample of each grid, in debug)
/// and `filter-grids` (the whole grids in release, `scripts/section-grid.sh`):
/// a test expects `failures` to be empty, the executable exits 1 when it is not.
public struct GridCheck: Sendable {
    /// What the check is, in a few words ("verify over the section grid").
    public var name: String
    /// The measured figures, one line each.
    public var summary: [String] = []
    /// One line per failure, naming the design and the check that failed.
    public var failures: [String] = []

    /// A check named `name`, with nothing measured or failed yet.
    public init(name: String) { self.name = name }

    /// The first `limit` failures on lines of their own, after their count.
    public func failureText(limit: Int = 5) -> String {
        "\(failures.count) failures; first:\n" + failures.prefix(limit).joined(separator: "\n")
    }
}

/// Every `stride`-th element of `all`, from the first (stride 1: all of them).
public func everyNth<T>(_ all: [T], _ stride: Int) -> [T] {
    precondition(stride >= 1, "a stride is at least 1")
    return all.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
}

/// `body` applied to every element, two at a time (this machine's cores),
/// the results in order: a grid's designs are independent.
public func parallelMap<Element: Sendable, T: Sendable>(_ elements: [Element],
                                                        _ body: @escaping @Sendable (Element) -> T) async -> [T] {
    await withTaskGroup(of: (Int, T).self) { group in
        var results = [T?](repeating: nil, count: elements.count)
        var next = 0
        for _ in 0..<2 where next < elements.count {
            let i = next; next += 1
            group.addTask { (i, body(elements[i])) }
        }
        while let (i, value) = await group.next() {
            results[i] = value
            if next < elements.count {
                let j = next; next += 1
                group.addTask { (j, body(elements[j])) }
            }
        }
        return results.map { $0! }
    }
}
