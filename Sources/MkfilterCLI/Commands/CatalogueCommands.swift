import ArgumentParser
import FilterDesign

// One ArgumentParser type per catalogue command (its name and help), alike
// on purpose: each hands its words, after its name, to Fisher's reader
// (`mkfilter iirnotch ...` is the recipe's own command line), so `response`,
// `impulse`, `step` and `verify` take the same words.

/// A catalogue design command: its words are the recipe's, read by
/// `FisherCommandLine` after the command's name.
protocol CatalogueCommand: ParsableCommand {
    /// The family the command designs.
    static var family: FilterFamily.Name { get }
    /// The words after the command.
    var arguments: [String] { get }
}

extension CatalogueCommand {
    func run() throws { try emit(Mkfilter.run(arguments: [Self.family.rawValue] + arguments)) }

    /// The options every catalogue command shares, for its help.
    static var commonOptions: String {
        """
        FREQUENCIES
          alpha = f / fs (0 < alpha < 0.5), or Hz with --sample-rate <Hz>.

        \(outputOptions)
        """
    }

    /// What every catalogue command writes, for its help.
    static var outputOptions: String {
        """
        OUTPUT
          The report (the design, its zeros, poles and gain, its sections,
          and the response as run where it is defined) or, with
          --emit <kind>, the code: every format 'mkfilter --help' lists (json,
          swift, c, cmsis, cmsis-q15, cmsis-q31, vdsp, js, ...), with --name,
          --output and the rest. -l prints Fisher's listing. The same words
          after 'mkfilter response', 'impulse', 'step' or 'verify' measure it.
        """
    }
}

/// `mkfilter iirnotch`: scipy's `iirnotch`.
struct IIRNotchCommand: CatalogueCommand {
    static let family = FilterFamily.Name.iirnotch
    static let configuration = CommandConfiguration(
        commandName: "iirnotch",
        abstract: "A second-order notch filter, as scipy's iirnotch.",
        usage: "mkfilter iirnotch --frequency <f> --quality <Q> [--sample-rate <Hz>]",
        discussion: """
            Zeros on the unit circle at f, -3 dB bandwidth f / Q, unit gain at dc and
            Nyquist: scipy.signal.iirnotch(f, Q, fs). Q must be above 2f/fs (a
            bandwidth below Nyquist): scipy's filter is unstable beyond it.

            \(commonOptions)

            EXAMPLE
              mkfilter iirnotch --frequency 50 --quality 30 --sample-rate 1000
            """,
        helpNames: [.long])
    @Argument(parsing: .allUnrecognized, help: "The options above.")
    var arguments: [String] = []
}

/// `mkfilter iirpeak`: scipy's `iirpeak`.
struct IIRPeakCommand: CatalogueCommand {
    static let family = FilterFamily.Name.iirpeak
    static let configuration = CommandConfiguration(
        commandName: "iirpeak",
        abstract: "A second-order peak (resonator) filter, as scipy's iirpeak.",
        usage: "mkfilter iirpeak --frequency <f> --quality <Q> [--sample-rate <Hz>]",
        discussion: """
            Unit gain at f, -3 dB bandwidth f / Q, zeros at dc and Nyquist:
            scipy.signal.iirpeak(f, Q, fs). Q must be above 2f/fs.

            \(commonOptions)

            EXAMPLE
              mkfilter iirpeak --frequency 5 --quality 4 --sample-rate 60
            """,
        helpNames: [.long])
    @Argument(parsing: .allUnrecognized, help: "The options above.")
    var arguments: [String] = []
}

/// `mkfilter iircomb`: scipy's `iircomb`.
struct IIRCombCommand: CatalogueCommand {
    static let family = FilterFamily.Name.iircomb
    static let configuration = CommandConfiguration(
        commandName: "iircomb",
        abstract: "A comb of notches or peaks on the harmonics of f, as scipy's iircomb.",
        usage: """
            mkfilter iircomb --frequency <f> --quality <Q> [--type notch|peak]
                       [--pass-zero] [--sample-rate <Hz>]
            """,
        discussion: """
            N = fs / f poles and zeros (fs / f must be a whole number, 3 ... 1024):
            scipy.signal.iircomb(f, Q, ftype, fs, pass_zero).
              --type notch|peak   notches (the default) or peaks at the harmonics
              --pass-zero         unit gain at dc (notch) or a peak there (peak);
                                  without it the comb is 1 halfway between teeth
            Q must be above 1: at Q <= 1 a tooth is as wide as the spacing of the
            teeth and scipy's comb has poles outside the unit circle.

            \(commonOptions)

            EXAMPLE
              mkfilter iircomb --frequency 50 --quality 30 --sample-rate 1000
            """,
        helpNames: [.long])
    @Argument(parsing: .allUnrecognized, help: "The options above.")
    var arguments: [String] = []
}

/// `mkfilter gammatone`: scipy's `gammatone`, IIR (the catalogue family)
/// or, with `--type fir`, FIR (`FIRMethodName.gammatone`, a FIR command).
struct GammatoneCommand: CatalogueCommand {
    static let family = FilterFamily.Name.gammatone
    static let configuration = CommandConfiguration(
        commandName: "gammatone",
        abstract: "An auditory gammatone filter, as scipy's gammatone (IIR or FIR).",
        usage: """
            mkfilter gammatone --frequency <Hz> --sample-rate <Hz>
            mkfilter gammatone --type fir --frequency <Hz> --sample-rate <Hz>
                               [--order <N>] [--taps <N>]
            """,
        discussion: """
            A gammatone filter centred at f, its bandwidth 1.019 ERB(f),
            ERB(f) = f / 9.26449 + 24.7 Hz. Its bandwidth is defined in Hz, so
            it needs --sample-rate and the frequency in Hz, 0 < f < fs/2.

              --type iir   (default) Slaney's fourth-order IIR gammatone (eight
                           poles), unit gain at f: scipy's gammatone(f, 'iir',
                           fs=fs); the bandwidth must be below Nyquist
              --type fir   the impulse response t^(N-1) exp(-2 pi b t)
                           cos(2 pi f t), sampled and scaled: scipy's
                           gammatone(f, 'fir', order, numtaps, fs)
              --order N    the FIR's order, 1 ... 24 (default 4)
              --taps N     the FIR's taps (default max(floor(0.015 fs), 15))

            \(outputOptions)
            With --type fir the output is a FIR filter's (taps): its report,
            or --emit json ({"taps": [...]}), swift, c, cmsis, ... as firwin's.

            EXAMPLES
              mkfilter gammatone --frequency 1000 --sample-rate 16000
              mkfilter gammatone --type fir --frequency 1000 \\
                  --sample-rate 16000 --emit json
            """,
        helpNames: [.long])
    @Argument(parsing: .allUnrecognized, help: "The options above.")
    var arguments: [String] = []

    func run() throws {
        if FIRProgram.isFIRGammatone(arguments) {
            try emit(FIRProgram.run("gammatone", arguments: arguments))
        } else {
            try emit(Mkfilter.run(arguments: [Self.family.rawValue] + arguments))
        }
    }
}

/// `mkfilter biquad`: the Audio EQ Cookbook.
struct BiquadCommand: CatalogueCommand {
    static let family = FilterFamily.Name.biquad
    static let configuration = CommandConfiguration(
        commandName: "biquad",
        abstract: "An Audio EQ Cookbook biquad (Bristow-Johnson), as Web Audio computes it.",
        usage: """
            mkfilter biquad --type <type> --frequency <f> [--quality <Q>]
                       [--gain <dB>] [--sample-rate <Hz>]
            """,
        discussion: """
            --type lowpass|highpass|bandpass|notch|allpass|peaking|lowshelf|highshelf
            --quality Q   linear Q (default 0.7071067811865476); not for the shelves,
                          whose slope is S = 1
            --gain dB     peaking, lowshelf and highshelf only (default 0)
            The band-pass has a 0 dB peak. These are the filters of Web Audio's
            BiquadFilterNode, except that Web Audio takes the lowpass and highpass
            Q in dB: its Q = q dB is --quality 10^(q/20) here.

            \(commonOptions)

            EXAMPLES
              mkfilter biquad --type peaking --frequency 1000 --quality 2 --gain 6 \\
                       --sample-rate 48000
              mkfilter biquad --type lowshelf --frequency 200 --gain -6 \\
                       --sample-rate 44100 --emit c
            """,
        helpNames: [.long])
    @Argument(parsing: .allUnrecognized, help: "The options above.")
    var arguments: [String] = []
}

/// `mkfilter weighting`: IEC 61672-1's A and C weightings.
struct WeightingCommand: CatalogueCommand {
    static let family = FilterFamily.Name.weighting
    static let configuration = CommandConfiguration(
        commandName: "weighting",
        abstract: "IEC 61672-1's A or C frequency weighting, for a sound level meter.",
        usage: "mkfilter weighting --curve A|C --sample-rate <Hz>",
        discussion: """
            Within 0.1 dB of the standard's analytic curve (Annex E) from 10 Hz to
            16 kHz at 44.1 and 48 kHz (to 20 kHz at 48 kHz), 0 dB at 1 kHz; the
            report gives the largest error below 0.45 fs at any rate. The sample
            rate must be above 2000 Hz. It takes no frequency: 1 kHz is its own.

            \(outputOptions)

            EXAMPLE
              mkfilter weighting --curve A --sample-rate 48000
            """,
        helpNames: [.long])
    @Argument(parsing: .allUnrecognized, help: "The options above.")
    var arguments: [String] = []
}
