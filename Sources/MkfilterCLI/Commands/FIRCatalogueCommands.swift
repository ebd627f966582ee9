import ArgumentParser
import FilterRequests

/// `mkfilter savgol`: an exact Savitzky-Golay filter.
struct SavgolCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "savgol",
        abstract: "Savitzky-Golay smoother or differentiator, as scipy's savgol_coeffs, exact.",
        usage: """
            mkfilter savgol --window <W> --polyorder <P> [--deriv <D>]
                    [--delta <d>] [--pos <p>] [--use conv|dot]
            """,
        discussion: """
            The W taps that fit a polynomial of order P to W samples by least
            squares and give its D-th derivative (0: the smoothed value) at
            sample p (default the centre), per sample spacing d (default 1), as
            scipy.signal.savgol_coeffs(W, P, D, d, p, use). Exact: each tap
            within 1e-13 of the rational least-squares answer (scipy's solve in
            floating point is off by 1e-9 at W = 51, P = 10 and by 100 % from
            W = 61, P = 12), for W up to 1000001 and P up to 100.

              --use conv   taps reversed, to convolve with the signal (default)
              --use dot    taps in the samples' order, for a dot product

            pipeline and spectrum run it over a recording as savgol_filter:
              mkfilter pipeline REC --filter 'savgol 11 3'   (W P [D])

            OPTIONS
              --sample-rate, --minimum-phase and --emit as for the other FIR
              commands (mkfilter firwin --help); no --taps: W is the count.

            EXAMPLES
              mkfilter savgol --window 11 --polyorder 3
              mkfilter savgol --window 31 --polyorder 4 --deriv 1 \\
                  --delta 0.0166667 --emit json
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "The options above.")
    var arguments: [String] = []

    func run() throws { try emit(FIRProgram.run("savgol", arguments: arguments)) }
}

/// `mkfilter halfband`: an equiripple half-band low-pass.
struct HalfbandCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "halfband",
        abstract: "Equiripple half-band low-pass filter (N = 4k + 3 taps).",
        usage: "mkfilter halfband --taps <N> --passband-edge <p> [--sample-rate <Hz>]",
        discussion: """
            The minimax low-pass with passband 0 ... p and stopband
            fs/2 - p ... fs/2 (p below fs/4), the same ripple in both: every
            other tap exactly 0 and the centre exactly 1/2, so a decimator by 2
            needs about N/4 multiplies an input sample. Vaidyanathan and
            Nguyen's design: remez on the (N + 1)/2 odd-offset taps over
            0 ... 2p, its alternation certificate the half-band's. N = 4k + 3
            from 7 to 19999.

            OPTIONS
              --sample-rate, --minimum-phase and --emit as for the other FIR
              commands (mkfilter firwin --help).

            EXAMPLES
              mkfilter halfband --taps 31 --passband-edge 0.2
              mkfilter halfband --taps 23 --sample-rate 400 \\
                  --passband-edge 80 --emit c
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "The options above.")
    var arguments: [String] = []

    func run() throws { try emit(FIRProgram.run("halfband", arguments: arguments)) }
}
