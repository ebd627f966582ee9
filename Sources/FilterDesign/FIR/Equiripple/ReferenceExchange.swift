/// The exchange: from the candidates of one iteration (in increasing
/// frequency), the next reference of n + 1 points where E alternates in
/// sign with |E| >= |δ| (Filip 2016, §3.3; the classic multiple exchange of
/// Parks and McClellan):
///
/// 1. drop candidates with |E| < |δ| (the nodes, at exactly |δ|, stay);
/// 2. of each run of candidates of one sign keep the largest |E|, which
///    leaves an alternating sequence that contains max |E|;
/// 3. while more than n + 1 remain: remove the smallest |E| if it is at
///    either end, or, with two or more to spare, remove it and merge its two
///    neighbours (now of one sign) into the larger; with one to spare,
///    remove the smaller end.
///
/// Every point kept has |E| >= |δ|, so the next δ is larger (de la Vallée
/// Poussin), and min |E| over the result is the certificate's lower bound.
enum ReferenceExchange {
    /// The next reference, or nil if fewer than `size` points alternate
    /// (E at round-off level everywhere).
    static func select(_ candidates: [ExtremumCandidate], delta: Double, size: Int) -> [ExtremumCandidate]? {
        let level = abs(delta)
        var kept: [ExtremumCandidate] = []
        kept.reserveCapacity(candidates.count)
        for candidate in candidates where candidate.isNode || abs(candidate.error) >= level {
            if let last = kept.last, last.sign == candidate.sign {
                if abs(candidate.error) > abs(last.error) { kept[kept.count - 1] = candidate }
            } else {
                kept.append(candidate)
            }
        }
        guard kept.count >= size else { return nil }
        var excess = kept.count - size
        while excess > 0 {
            var smallest = 0
            for i in 1..<kept.count where abs(kept[i].error) < abs(kept[smallest].error) { smallest = i }
            if smallest == 0 || smallest == kept.count - 1 {
                kept.remove(at: smallest)
                excess -= 1
            } else if excess >= 2 {
                // Remove it; its neighbours now share a sign: keep the larger of them.
                let (left, right) = (kept[smallest - 1], kept[smallest + 1])
                kept[smallest - 1] = abs(left.error) >= abs(right.error) ? left : right
                kept.removeSubrange(smallest...(smallest + 1))
                excess -= 2
            } else {
                if abs(kept[0].error) < abs(kept[kept.count - 1].error) {
                    kept.removeFirst()
                } else {
                    kept.removeLast()
                }
                excess -= 1
            }
        }
        return kept
    }
}
