/// Makes linear-phase taps exactly (anti)symmetric: each mirrored pair
/// replaced by its mean, h[k] = h[N-1-k] = (h[k] + h[N-1-k])/2 (or the
/// antisymmetric mean, with the middle tap 0 for odd N): the nearest
/// (anti)symmetric taps.
///
/// A window or frequency-sampling design computes each tap from its own
/// arguments (k - (N-1)/2, the window's cos(2 pi k/(N-1)), an inverse DFT),
/// whose roundings differ on the two sides by an ulp or so, as scipy's do;
/// taps that differ so have a delay that is not (N - 1)/2 at every frequency.
/// As run (`mkfilter verify`'s "linear phase"), only exact symmetry keeps it.
func makeExactlySymmetric(_ h: inout [Double], antisymmetric: Bool) {
    let n = h.count
    for k in 0..<n / 2 {
        let mean = antisymmetric ? (h[k] - h[n - 1 - k]) / 2 : (h[k] + h[n - 1 - k]) / 2
        h[k] = mean
        h[n - 1 - k] = antisymmetric ? -mean : mean
    }
    if antisymmetric && n % 2 == 1 { h[n / 2] = 0 }
}
