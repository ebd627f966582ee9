/// `body` applied to every element, two at a time (the machine's cores),
/// results in order: the grid tests' designs are independent.
func parallelMap<Element: Sendable, T: Sendable>(_ elements: [Element], _ body: @escaping @Sendable (Element) -> T) async -> [T] {
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
