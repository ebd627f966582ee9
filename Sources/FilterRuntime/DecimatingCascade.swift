/// A multistage decimator run one input sample at a time: FIR stages, each
/// keeping every m_i-th sample of its filter's output (a `PolyphaseResampler`
/// by 1/m_i with causal alignment, as `upfirdn`), the output of each the
/// input of the next. Output n stands at input n M, M = m_1 m_2 ..., delayed
/// by the stages' filters; memory is the stages' windows, whatever the
/// signal's length.
///
/// The stages come from `mkfilter decimator` (its `--emit json` lists each
/// stage's factor and taps).
public struct DecimatingCascade: Sendable {
    /// The stages, input first.
    public private(set) var stages: [PolyphaseResampler]
    /// Scratch: each stage's outputs of one push.
    var scratch: [[Double]]

    /// A cascade of `stages`, each a factor m_i >= 1 and its taps (at least one).
    public init(stages: [(factor: Int, taps: [Double])]) {
        self.stages = stages.map { PolyphaseResampler(up: 1, down: $0.factor, taps: $0.taps, alignment: .causal) }
        scratch = [[Double]](repeating: [], count: stages.count)
    }

    /// M, the product of the factors.
    public var factor: Int { stages.reduce(1) { $0 * $1.down } }

    /// Takes the next input; appends to `outputs` the output it completes
    /// (one every M inputs).
    public mutating func push(_ x: Double, into outputs: inout [Double]) {
        guard !stages.isEmpty else { outputs.append(x); return }
        scratch[0].removeAll(keepingCapacity: true)
        stages[0].push(x, into: &scratch[0])
        for i in 1..<stages.count {
            scratch[i].removeAll(keepingCapacity: true)
            for y in scratch[i - 1] { stages[i].push(y, into: &scratch[i]) }
        }
        outputs.append(contentsOf: scratch[stages.count - 1])
    }

    /// The outputs `input` completes, fed one sample at a time: ceil(N / M)
    /// of them from rest (a causal stage's output m needs input m m_i only).
    public mutating func process(_ input: [Double]) -> [Double] {
        var outputs: [Double] = []
        outputs.reserveCapacity(input.count / max(factor, 1) + 1)
        for x in input { push(x, into: &outputs) }
        return outputs
    }
}
