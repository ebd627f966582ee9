/// The loops that run an array of sections of one form: one sample through
/// them all, and a block through them in a wider arithmetic.
@usableFromInline
enum SectionStep {
    /// Samples per chunk of a widened block (`runWidened`): its scratch
    /// buffer lives on the stack.
    @inlinable
    static var chunk: Int { 256 }

    /// `x` through the first `count` sections in turn, each section's memory
    /// moved on.
    @inlinable @inline(__always)
    static func run<Form: SectionForm>(_ sections: UnsafeMutableBufferPointer<Form>, _ x: Form.Lanes,
                                       first count: Int) -> Form.Lanes {
        var v = x
        for k in 0..<count { v = sections[k].step(v) }
        return v
    }

    /// The `m` samples at `x` through the sections into `y`, computed in the
    /// sections' own lanes: each chunk widened (`widen`) into a scratch
    /// buffer, run there (`runSections`), and rounded once on the way out
    /// (`narrow`). Between sections nothing is rounded to the narrow type.
    @inlinable
    static func runWidened<Form: SectionForm, Narrow>(
        _ sections: UnsafeMutableBufferPointer<Form>, _ x: UnsafePointer<Narrow>, _ y: UnsafeMutablePointer<Narrow>,
        _ m: Int, widen: (Narrow) -> Form.Lanes, narrow: (Form.Lanes) -> Narrow
    ) {
        withUnsafeTemporaryAllocation(of: Form.Lanes.self, capacity: chunk) { scratch in
            let buffer = scratch.baseAddress!
            var start = 0
            while start < m {
                let count = min(chunk, m - start)
                for i in 0..<count { (buffer + i).initialize(to: widen(x[start + i])) }
                runSections(sections, buffer, buffer, count)
                for i in 0..<count { y[start + i] = narrow(buffer[i]) }
                start += count
            }
        }
    }
}

/// The state a constant input settles in, for `reset(toSteadyStateFor:)`.
enum SteadyState {
    /// Each node's constant value, lane by lane: nodes[0] the inputs, then
    /// each section's output, its dc gain (b0 + b1 + b2) / (1 + a1 + a2)
    /// times its input, in Double. `nil` when a section has a pole at z = 1
    /// (or its dc gain is not finite).
    static func nodes(_ sections: [Biquad], inputs: [Double]) -> [[Double]]? {
        var nodes = [inputs]
        for s in sections {
            let denominator = 1 + s.a1 + s.a2
            guard denominator != 0, denominator.isFinite else { return nil }
            nodes.append(nodes[nodes.count - 1].map { (s.b0 + s.b1 + s.b2) / denominator * $0 })
        }
        return nodes
    }

    /// Each section settled between its input node and its output node.
    static func settle<Form: SectionForm>(_ sections: UnsafeMutableBufferPointer<Form>, _ nodes: [[Double]]) {
        for k in sections.indices {
            sections[k].settle(input: { nodes[k][$0] }, output: { nodes[k + 1][$0] })
        }
    }
}
