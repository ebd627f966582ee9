import RealModule

// Estimates of the number of taps an equiripple (Parks-McClellan) low-pass
// needs: passband edge fp, stopband edge fs (fractions of the sample rate,
// 0 < fp < fs < 0.5), passband deviation dp (gain within 1 +- dp) and
// stopband deviation ds (gain at most ds), both linear. They are starting
// points for a search, not guarantees: each can be a few taps off either way.
// For a high-pass, mirror the edges (f -> 0.5 - f).

/// Herrmann, Rabiner and Chan's estimate (Bell Syst. Tech. J. 52(6), 1973;
/// Rabiner and Gold, "Theory and Application of DSP", 1975, pp. 156-157), as
/// MATLAB's `firpmord` uses it: with L1 = log10 dp, L2 = log10 ds, df = fs - fp,
///
///     D(dp, ds) = (5.309e-3 L1^2 + 7.114e-2 L1 - 0.4761) L2
///                 - (2.66e-3 L1^2 + 0.5941 L1 + 0.4278),
///     f(dp, ds) = 11.01217 + 0.51244 (L1 - L2),
///     L = D / df - f df + 1,
///
/// the number of taps ceil(L) (MATLAB's order is ceil(L) - 1), at least 1
/// (for very wide transitions L falls below 1).
///
/// - Throws: `LinearPhaseError.orderEdges` or `.deviationOutOfRange`.
public func herrmannOrder(passbandEdge fp: Double, stopbandEdge fs: Double,
                          passbandDeviation dp: Double, stopbandDeviation ds: Double) throws(LinearPhaseError) -> Int {
    try validateLowPassEstimate(fp, fs, dp, ds)
    let (l1, l2) = (Double.log10(dp), Double.log10(ds))
    let d = (5.309e-3 * l1 * l1 + 7.114e-2 * l1 - 0.4761) * l2 - (2.66e-3 * l1 * l1 + 0.5941 * l1 + 0.4278)
    let f = 11.01217 + 0.51244 * (l1 - l2)
    let df = fs - fp
    return max(1, Int((d / df - f * df + 1).rounded(.up)))
}

/// Ichige, Iwaki and Ishii's estimate ("Accurate estimation of minimum filter
/// length for optimum FIR digital filters", IEEE Trans. Circuits Syst. II
/// 47(10), 2000, eqs. 8-15): with df = fs - fp,
///
///     Nc = ceil(1.101 (-log10 2dp)^1.1 / df + 1),
///     v  = 2.325 (-log10 dp)^(-0.445) df^(-1.39),
///     g(x) = (2 / pi) atan(v (1/x - 1/(0.5 - df))),
///     N3 = ceil(Nc (g(fp) + g(0.5 - df - fp) + 1) / 3),
///     Nm = 0.52 log10(dp / ds) / df (-log10 dp)^0.17,
///     h(x, c) = (2 / pi) atan(c / df (1/x - 1/(0.5 - df))),
///     DN = ceil(Nm (h(fp, 1.1) - (h(0.5 - df - fp, 0.29) - 1) / 2)),
///
/// the number of taps N3 + DN (ichige(0.1, 0.05, 0.01, 0.001) = 54).
///
/// - Throws: `LinearPhaseError.orderEdges` or `.deviationOutOfRange`.
public func ichigeOrder(passbandEdge fp: Double, stopbandEdge fs: Double,
                        passbandDeviation dp: Double, stopbandDeviation ds: Double) throws(LinearPhaseError) -> Int {
    try validateLowPassEstimate(fp, fs, dp, ds)
    let df = fs - fp
    let nc = (1.101 * Double.pow(-Double.log10(2 * dp), 1.1) / df + 1).rounded(.up)
    let v = 2.325 * Double.pow(-Double.log10(dp), -0.445) * Double.pow(df, -1.39)
    func g(_ x: Double) -> Double { 2 / Double.pi * Double.atan(v * (1 / x - 1 / (0.5 - df))) }
    let n3 = (nc * (g(fp) + g(0.5 - df - fp) + 1) / 3).rounded(.up)
    let nm = 0.52 * Double.log10(dp / ds) / df * Double.pow(-Double.log10(dp), 0.17)
    func h(_ x: Double, _ c: Double) -> Double { 2 / Double.pi * Double.atan(c / df * (1 / x - 1 / (0.5 - df))) }
    let dn = (nm * (h(fp, 1.1) - (h(0.5 - df - fp, 0.29) - 1) / 2)).rounded(.up)
    return Int(n3 + dn)
}

/// 0 < fp < fs < 0.5 and 0 < dp, ds < 0.5.
private func validateLowPassEstimate(_ fp: Double, _ fs: Double, _ dp: Double, _ ds: Double) throws(LinearPhaseError) {
    guard fp > 0, fs > fp, fs < 0.5 else { throw .orderEdges(passband: fp, stopband: fs) }
    for d in [dp, ds] where !(d > 0 && d < 0.5) { throw .deviationOutOfRange(d) }
}

/// Kaiser's estimate for the same low-pass specification: the window method
/// with a Kaiser window meets the tighter deviation, so
///
///     A = -20 log10(min(dp, ds)),   (taps, beta) = kaiserOrder(attenuation: A, width: fs - fp).
///
/// - Throws: `LinearPhaseError.orderEdges`, `.deviationOutOfRange`, or
///   `kaiserOrder`'s errors (A below 8 dB).
public func kaiserOrder(passbandEdge fp: Double, stopbandEdge fs: Double,
                        passbandDeviation dp: Double, stopbandDeviation ds: Double) throws(LinearPhaseError) -> (taps: Int, beta: Double) {
    try validateLowPassEstimate(fp, fs, dp, ds)
    return try kaiserOrder(attenuation: -20 * Double.log10(min(dp, ds)), width: fs - fp)
}
