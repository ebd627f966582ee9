import RealModule

// Kaiser's empirical formulas for the window method (Oppenheim and Schafer,
// "Discrete-Time Signal Processing", 2nd ed., pp. 474-476; scipy's
// kaiser_beta, kaiser_atten and kaiserord). Widths here are fractions of the
// sample rate fs; scipy measures them in Nyquist units, 2x ours, so
// scipy's `kaiserord(A, 2 w)` is `kaiserOrder(attenuation: A, width: w)`.

/// Kaiser's beta for a stopband attenuation (and passband ripple) of `a` dB:
///
///     beta = 0.1102 (a - 8.7)                          for a > 50,
///            0.5842 (a - 21)^0.4 + 0.07886 (a - 21)    for 21 < a <= 50,
///            0                                         for a <= 21.
public func kaiserBeta(attenuation a: Double) -> Double {
    if a > 50 { return 0.1102 * (a - 8.7) }
    if a > 21 { return 0.5842 * Double.pow(a - 21, 0.4) + 0.07886 * (a - 21) }
    return 0
}

/// The attenuation in dB that Kaiser's formula promises for `taps` taps and a
/// transition `width` (a fraction of fs):
///
///     a = 2.285 (taps - 1) pi (2 width) + 7.95
///
/// (2 width is scipy's width in Nyquist units; the same operation order, so
/// the same double as scipy's kaiser_atten).
public func kaiserAttenuation(taps: Int, width: Double) -> Double {
    2.285 * Double(taps - 1) * Double.pi * (2 * width) + 7.95
}

/// The number of taps and the beta of a Kaiser-window design with `attenuation`
/// dB of stopband attenuation (and at most 10^(-attenuation/20) deviation in
/// the passband) and a transition `width` (a fraction of fs):
///
///     taps = ceil((A - 7.95) / 2.285 / (pi (2 width)) + 1),  beta = kaiserBeta(A),
///
/// A = |attenuation| (as scipy's kaiserord).
///
/// - Throws: `LinearPhaseError.attenuationTooSmall` for A < 8 (the formula is
///   not valid there), `.widthOutOfRange` unless 0 < width <= 0.5,
///   `.tapsOutOfRange` when the count does not fit an `Int`.
public func kaiserOrder(attenuation: Double, width: Double) throws(LinearPhaseError) -> (taps: Int, beta: Double) {
    let a = abs(attenuation)
    guard a.isFinite, a >= 8 else { throw .attenuationTooSmall(attenuation) }
    guard width.isFinite, width > 0, width <= 0.5 else { throw .widthOutOfRange(width) }
    let taps = ((a - 7.95) / 2.285 / (Double.pi * (2 * width)) + 1).rounded(.up)
    guard taps < 0x1p62 else { throw .tapsOutOfRange(Int.max, allowed: 1...(1 << 62)) }
    return (Int(taps), kaiserBeta(attenuation: a))
}
