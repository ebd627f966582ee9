import ArgumentParser
import FilterRequests

/// The options every FIR design command takes, for the help texts.
private let commonFIROptions = """
    COMMON OPTIONS
      --taps <N>            the number of taps (remez: 1 ... 10001, firls:
                            1 ... 10001, firwin, firwin2: 1 ... 1000001;
                            not fir)
      --sample-rate <Hz>    frequencies in Hz (default: alphas, fractions of
                            the sample rate, 0 ... 0.5)
      --minimum-phase homomorphic|hilbert
                            the minimum-phase filter whose |H| is the square
                            root of the linear-phase one's (scipy's
                            minimum_phase: (N + 1)/2 taps)
      --emit <kind>         code instead of the report, one of
                            \(EmissionFormat.names(EmissionFormat.writing(.taps)))
                            (json: {"taps": [...], ...}, every Double exact;
                            c, js and Swift's FIRDirectForm run the same sum,
                            bit for bit; cmsis: arm_fir_f32's coefficients,
                            cmsis-q15|q31 arm_fir_q15|q31's, never overflowing);
                            with --name, --description, --namespace,
                            --precision float|double (c), --template <file>
                            and --output <file>, as for IIR designs

    OUTPUT
      A report: the taps' count and linear-phase type (I ... IV), per band
      the largest deviation of |H| from the desired amplitude (a grid of 16
      points a tap, its largest peaks refined by golden-section search;
      ripple peak to peak and attenuation in dB), and the
      taps, y[n] = sum h[k] x[n-k]. Errors name the option at fault and what
      is allowed; exit status 1, nothing on standard output. The design's
      words after response, impulse, step or verify give its response, time
      responses and checks: mkfilter verify remez --taps 31 ...
    """

// Each command is a type of its own (configuration, words, run), as
// ArgumentParser requires; the work is in FIRProgram.

/// `mkfilter remez`: Parks-McClellan equiripple FIR design.
struct RemezCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remez",
        abstract: "Equiripple FIR filter (Parks-McClellan), as scipy's remez.",
        usage: """
            mkfilter remez --taps <N> --bands <e0> <e1> ... --desired <d1> ...
                    [--weights <w1> ...] [--type bandpass|differentiator|hilbert]
            """,
        discussion: """
            The taps whose largest weighted error over the bands is least: the
            band edges in pairs (0 ... 0.5, increasing), one desired amplitude and
            one weight per band (default 1), as scipy.signal.remez(N, bands,
            desired, weight, type, fs=1). The exchange runs on the continuum
            (Filip 2016) until the alternation certificate is within 1 % of the
            largest error; a design that does not get there is an error naming
            the band and what to change, never an unconverged filter.

              --type bandpass        types I (N odd) and II (N even)
              --type differentiator  desired d f, weight w / f (types III, IV)
              --type hilbert         types III, IV, scipy's sign

            \(commonFIROptions)

            EXAMPLES
              mkfilter remez --taps 31 --bands 0 0.2 0.25 0.5 --desired 1 0
              mkfilter remez --taps 61 --sample-rate 60 --bands 0 5 7 30 \\
                  --desired 1 0 --weights 1 10 --emit json
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "The options above.")
    var arguments: [String] = []

    func run() throws { try emit(FIRProgram.run("remez", arguments: arguments)) }
}

/// `mkfilter firls`: least-squares FIR design.
struct FirlsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "firls",
        abstract: "Least-squares FIR filter, as scipy's firls.",
        usage: """
            mkfilter firls --taps <N> --bands <e0> <e1> ...
                    --desired <d0> <d1> ... [--weights <w1> ...]
            """,
        discussion: """
            The taps (N odd) whose weighted squared error, integrated over the
            bands, is least: band edges in pairs, a desired amplitude at each edge
            (linear between them), one weight per band, as scipy.signal.firls.
            Solved from the closed-form integrals without forming normal
            equations.

            \(commonFIROptions)

            EXAMPLE
              mkfilter firls --taps 31 --bands 0 0.2 0.25 0.5 --desired 1 1 0 0
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "The options above.")
    var arguments: [String] = []

    func run() throws { try emit(FIRProgram.run("firls", arguments: arguments)) }
}

/// `mkfilter firwin`: window-method FIR design.
struct FirwinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "firwin",
        abstract: "Windowed-sinc FIR filter, as scipy's firwin.",
        usage: """
            mkfilter firwin --taps <N> --cutoff <c1> [<c2> ...]
                            [--band lowpass|highpass|bandpass|bandstop]
                            [--window <W>] [--width <w>] [--no-scale]
            """,
        discussion: """
            The ideal filter's impulse response times a window, as
            scipy.signal.firwin: one cutoff for lowpass (default) and highpass,
            two or more (increasing) for bandpass (default) and bandstop; scaled
            so that the gain is 1 at dc, Nyquist or the first passband's centre
            (--no-scale: not scaled).

              --window W   any of scipy's windows, parameters after colons:
                           hamming (default), hann, blackman, boxcar,
                           triang, bartlett, flattop, parzen, bohman,
                           blackmanharris, nuttall, barthann, cosine,
                           lanczos, exponential[:TAU], tukey[:ALPHA],
                           taylor[:NBAR[:SLL]], kaiser:BETA,
                           kaiser_bessel_derived:BETA (even N),
                           gaussian:STD, general_cosine:A0:A1[:...],
                           general_gaussian:P:SIG, general_hamming:ALPHA,
                           dpss:NW, chebwin:AT (dB)
              --width w    a Kaiser window for a transition width w (alpha or
                           Hz), its beta from the ripple N taps allow

            \(commonFIROptions)

            EXAMPLES
              mkfilter firwin --taps 41 --cutoff 0.1
              mkfilter firwin --taps 101 --sample-rate 60 --cutoff 0.5 3 \\
                  --window kaiser:8
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "The options above.")
    var arguments: [String] = []

    func run() throws { try emit(FIRProgram.run("firwin", arguments: arguments)) }
}

/// `mkfilter firwin2`: frequency-sampling FIR design.
struct Firwin2Command: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "firwin2",
        abstract: "Frequency-sampling FIR filter with a window, as scipy's firwin2.",
        usage: """
            mkfilter firwin2 --taps <N> --frequencies <f0> ... --gains <g0> ...
                             [--window <W>] [--antisymmetric]
            """,
        discussion: """
            The gain given at frequencies from 0 to Nyquist (increasing; one
            frequency may repeat for a step), interpolated, inverse-transformed
            and windowed, as scipy.signal.firwin2. --antisymmetric gives types
            III (N odd) and IV (N even); the types' zeros (II and III at
            Nyquist, III and IV at 0) must meet a gain of 0. --window takes
            every window firwin does (mkfilter firwin --help).

            \(commonFIROptions)

            EXAMPLE
              mkfilter firwin2 --taps 51 --frequencies 0 0.1 0.2 0.5 \\
                  --gains 1 1 0 0
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "The options above.")
    var arguments: [String] = []

    func run() throws { try emit(FIRProgram.run("firwin2", arguments: arguments)) }
}

/// `mkfilter kaiserord`: Kaiser's estimate of taps and beta.
struct KaiserordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kaiserord",
        abstract: "Taps and Kaiser beta for a ripple and a transition width.",
        usage: "mkfilter kaiserord --attenuation <dB> --width <w> [--sample-rate <Hz>]",
        discussion: """
            Kaiser's formulas, as scipy.signal.kaiserord: the number of taps and
            the window's beta for a ripple of A dB (at least 8) in both bands
            and a transition width w (alpha, 0 ... 0.5, or Hz with
            --sample-rate). scipy measures the width in Nyquist units: its
            kaiserord(A, 2 w) is ours.

            EXAMPLE
              mkfilter kaiserord --attenuation 60 --width 0.05
              mkfilter firwin --taps 74 --cutoff 0.2 --window kaiser:5.65
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "The options above.")
    var arguments: [String] = []

    func run() throws { try emit(FIRProgram.run("kaiserord", arguments: arguments)) }
}

/// `mkfilter fir`: the fewest taps that meet a specification.
struct FirCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fir",
        abstract: "The FIR filter of fewest taps that meets a specification.",
        usage: """
            mkfilter fir --passband-edge <p> [<p2>] --stopband-edge <s> [<s2>]
                    --passband-loss <R> --stopband-attenuation <A>
                    [--method remez|kaiser|firls]
            """,
        discussion: """
            The band from the edges' order, as for IIR specifications: p < s
            low-pass, p > s high-pass; s1 < p1 < p2 < s2 band-pass, p1 < s1 < s2 <
            p2 band-stop. R is the passband ripple peak to peak: the gain within
            1 +- dp, R = 20 log10((1 + dp)/(1 - dp)); A the stopband attenuation:
            the gain at most 10^(-A/20). Both are checked on the continuum (a
            grid of 16 points a tap, its peaks refined), not only on a grid.

            From Kaiser's estimate the search steps down while the filter meets
            the specification and up (doubling, then bisecting) while it does
            not; the report says how many taps failed just below the answer.
              --method remez   Parks-McClellan, weights dp/ds (fewest taps)
              --method kaiser  firwin with Kaiser's window, cutoffs at the
                               transitions' centres
              --method firls   least squares, weights (dp/ds)^2 (odd taps)
            With --minimum-phase the linear-phase filter is designed for the
            squared tolerances and the minimum-phase filter is what is checked.

            \(commonFIROptions)

            EXAMPLES
              mkfilter fir --passband-edge 0.1 --stopband-edge 0.15 \\
                  --passband-loss 0.5 --stopband-attenuation 60
              mkfilter fir --sample-rate 60 --passband-edge 0.5 3 \\
                  --stopband-edge 0.2 5 --passband-loss 1 \\
                  --stopband-attenuation 40 --method kaiser
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "The options above.")
    var arguments: [String] = []

    func run() throws { try emit(FIRProgram.run("fir", arguments: arguments)) }
}

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
