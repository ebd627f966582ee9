import AnalysisRequests
import ArgumentParser

// One ArgumentParser type per command (configuration, words, run), alike in
// shape on purpose: what they share is `ResponseProgram` and `timeDiscussion`.

/// `mkfilter response`: the frequency response of a design as CSV (and SVG).
struct ResponseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "response",
        abstract: "The frequency response of a design as CSV, with an optional SVG plot.",
        usage: """
            mkfilter response <design options> [--points N]
                       [--precision double|float|float-in-double|q15|q31]
                       [-o FILE | --output FILE]
                       [--svg FILE] [--scale db|linear]
                       [--frequency-axis log|linear]
            """,
        discussion: """
            Writes one row per frequency, N of them evenly spaced from 0 to 0.5 of the
            sample rate inclusive (default 1025):

              alpha,frequency_hz,magnitude,magnitude_db,phase_rad,group_delay_samples

            frequency_hz is empty unless the design was given with --sample-rate;
            magnitude_db is empty where the magnitude is exactly zero (a zero on the
            unit circle); phase_rad is unwrapped; the group delay comes from the poles
            and zeros. Numbers have every digit needed to read back the same double.
            It is the response of the filter as it runs: its second-order sections
            (or Fisher's recurrence with --realization direct) with the coefficients
            as stored in Double or, with --precision float, in Float (the offset
            form, which the emitted float C runs); float-in-double: Float samples,
            sections in Double (DigitalFilter<Float>'s default off microcontrollers).
            Sections: the product of the sections' responses, each written about a
            point near its root, a few ulps of the exact value at the exact angle
            (2.5e-15 of the peak at worst on filter-benchmarks' designs); the rows
            stream, in memory of a block (4194305 points in about 26 MB).
            Direct form: two FFTs, with points the FFT cannot resolve (a recurrence
            that cancels near dc) recomputed in double-double arithmetic; held
            whole (about 60 bytes a point).

            OPTIONS
              <design options>   as for mkfilter: -Bu -Lp -o 2 -a 0.1, or
                                 --sample-rate 60 --corner 5 instead of -a
              --points N         frequencies, 2 ... 4194305 (default 1025)
              --realization sections|direct   (default sections)
              --precision double|float|float-in-double|q15|q31
                                 (default double)
                                 q15, q31 (and q15-fast, q31-fast): the
                                 CMSIS-DSP fixed-point cascade's stored
                                 coefficients, output scale included
              --fixed-point-scaling l1|linf   with q15/q31 (default l1)
              -o FILE            the CSV file (a -o followed by an integer is the order)
              --output FILE      the CSV file, always
              --svg FILE         also plot magnitude, phase and the poles and zeros
                                 (a second, zoomed pole-zero panel when the poles
                                 cluster; a warning line when unstable as run)
              --scale db|linear  the magnitude axis of the plot (default db)
              --frequency-axis log|linear
                                 the plot's frequency axis; default log when the
                                 lowest corner is below a tenth of Nyquist

            A FIR design is given by its command and options (remez, firls, firwin,
            firwin2, fir, savgol, halfband, gammatone --type fir): the response
            of its taps as stored in Double, Float, q15 or q31, the group delay
            from sum k h[k] z^-k; the plot without poles. A decimator (decimator
            and its specification): the equivalent filter at the input rate, the
            stages' gains multiplied, drawn with its passband and aliasing mask.

            EXAMPLES
              mkfilter response -Bu -Lp -o 4 -a 0.1 --points 513
              mkfilter response -Bu -Bp -o 3 --sample-rate 60 --corner 0.5 3 \\
                  -o bp.csv --svg bp.svg
              mkfilter response remez --taps 31 --bands 0 0.2 0.25 0.5 --desired 1 0
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "Design options and the options above.")
    var arguments: [String] = []

    func run() throws { try emit(ResponseProgram.run(.response, arguments: arguments, standardOutput: standardOutputDescriptor)) }
}

/// `mkfilter impulse` and `mkfilter step`: a time response of a design,
/// which differ only in their input.
protocol TimeResponseCommand: ParsableCommand {
    /// `.impulse` or `.step`.
    static var kind: ResponseRequest.Kind { get }
    /// The input, for the help: "1, 0, 0, ...".
    static var input: String { get }
    /// The words after the command.
    var arguments: [String] { get }
}

extension TimeResponseCommand {
    static var configuration: CommandConfiguration {
        let name = kind == .impulse ? "impulse" : "step"
        return CommandConfiguration(
            commandName: name,
            abstract: "The \(name) response of a design as CSV (n,value), with an optional SVG plot.",
            usage: """
                mkfilter \(name) <design options> [--samples N]
                           [-o FILE | --output FILE] [--svg FILE]
                """,
            discussion: timeDiscussion(kind: name, input: input),
            helpNames: [.long]
        )
    }

    func run() throws { try emit(ResponseProgram.run(Self.kind, arguments: arguments, standardOutput: standardOutputDescriptor)) }
}

/// `mkfilter impulse`: the impulse response of a design.
struct ImpulseCommand: TimeResponseCommand {
    static let kind = ResponseRequest.Kind.impulse
    static let input = "1, 0, 0, ..."
    @Argument(parsing: .allUnrecognized, help: "Design options and the options above.")
    var arguments: [String] = []
}

/// `mkfilter step`: the step response of a design.
struct StepCommand: TimeResponseCommand {
    static let kind = ResponseRequest.Kind.step
    static let input = "1, 1, 1, ..."
    @Argument(parsing: .allUnrecognized, help: "Design options and the options above.")
    var arguments: [String] = []
}

func timeDiscussion(kind: String, input: String) -> String {
    """
    Writes the first N outputs of the filter for the input \(input)
    as rows n,value (header "n,value"), as the filter runs: DigitalFilter<Double>,
    or with --precision float DigitalFilter<Float> in the offset form (as the
    emitted float C), or with float-in-double DigitalFilter<Float> running its
    sections in Double, on the design's second-order sections (or Fisher's
    recurrence with --realization direct). mkfilter verify compares them with
    the exact response. A FIR design (remez, firls, firwin, firwin2 or fir and
    its options) runs as y[n] = sum h[k] x[n-k], summed from k = 0 up, in
    Double or Float: the impulse response is its taps as stored. A decimator
    (decimator and its specification) gives its outputs, one every M inputs.

    OPTIONS
      <design options>   as for mkfilter: -Bu -Lp -o 2 -a 0.1
      --samples N        samples, 1 ... 10000000 (default 256)
      --realization sections|direct   (default sections)
      --precision double|float|float-in-double   (default double)
      -o FILE            the CSV file (a -o followed by an integer is the order)
      --output FILE      the CSV file, always
      --svg FILE         also plot the response and the poles and zeros

    EXAMPLE
      mkfilter \(kind) -Bu -Lp -o 2 --sample-rate 60 --corner 5 \\
          --samples 64 --svg \(kind).svg
    """
}

/// `mkfilter verify`: prove a design, or audit template files.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a design as it will run, or audit DigitalFilterTemplate definitions in Swift or C files.",
        usage: """
            mkfilter verify <design options> [--realization sections|direct]
                       [--precision double|float|float-in-double|gencode
                                    |q15|q31] [--fixed-point-scaling l1|linf]
                       [--json]
              mkfilter verify FILE... [--precision double|float] [--json]
            """,
        discussion: """
            A DESIGN is checked with its coefficients as they will run:
              stable            every pole inside the unit circle, by 10 rounding units
              decays            the running filter's impulse response dies away
              normalised        the passband maximum |H| = 1 (scipy's gain)
              corners           Butterworth, Bessel: -3.0103 dB at each corner
              ripple            Chebyshev: passband ripple within the spec
              responses-agree   FFT of the coefficients, poles and zeros, and FFT of
                                the impulse response agree within 1e-10 of the peak
              matches-design    the response as run stays within 1e-9 (double),
                                1e-6 (float-in-double) or 1e-3 (float) of the
                                design's (its zeros, poles, gain)
              impulse-as-run,   the running filter's impulse and step responses
              step-as-run       within the same of the exact ones
            and its -3 dB frequencies, group delay, step overshoot and settling time
            are reported. What runs: the design's second-order sections (default) or
            Fisher's recurrence (--realization direct), in double (DigitalFilter<Double>),
            float (DigitalFilter<Float> in the offset form, or emitted float C),
            float-in-double (DigitalFilter<Float>'s default off microcontrollers:
            Float samples, sections in Double), or gencode (Fisher's C:
            coefficients printed with 10 decimals, float state).

            --precision q15|q31 (or q15-fast, q31-fast) checks the CMSIS-DSP
            fixed-point cascade that --emit cmsis-q15|q31 writes, run in a
            bit-exact model of CMSIS's arithmetic:
              stable            the stored coefficients' poles inside the circle
              no-overflow       no stage output overflows on the worst-case
                                full-scale input of every stage (l1), or on a
                                full-scale sine at each stage's peak (linf)
              within-bound      impulse, step and a 0.9 full-scale sine as run
                                within the predicted worst-case rounding error
            with the post-shift, output scale and predicted SNR reported, and a
            note when the SNR is below 40 dB (an error of 1 %).

            FILES (.swift from mkfilter --emit swift / generate, or C in Shake's form
            `const static DigitalFilterTemplate name = { tag, "title", "description",
            kFilterClassLowPass, fs, f1, f2, f3, order, gain, nZeros, nX, { x... },
            nPoles, nY, { y... } };`): each template is redesigned from its provenance,
            or from its class, order, sample rate and corners (Butterworth unless the
            title or description says Bessel). Defects: a count, class, order or
            corner that differs, a value with the wrong sign, and (C) a response
            that is not the redesign's: the filter as written must stay within
            0.01 dB of it in the passband and 1e-3 of its peak anywhere (or ten
            times what printing the right values with its digits costs). A C
            value off by more than its last digit explains is listed as
            "rounded", not failed. Our Swift must be the redesign bit for bit.
            Then the checks above run on the template as it will run; one
            printed with 10 decimals (Shake's) is held to 1e-3 (0.009 dB) on
            its gain, corners and ripple: what its printing allows. A Swift
            file's FIR filters (FIRTemplate) are designed again from their
            command line: the taps must be its design's, bit for bit, and then
            the FIR checks of `mkfilter verify <FIR command>` run.

            A FIR design (remez, firls, firwin, firwin2, fir, savgol, halfband or
            gammatone --type fir and its options) is checked with its taps as
            stored in Double, Float, q15 or q31, on the continuum:
              finite            every tap
              linear phase      the taps exactly (anti)symmetric, where the
                                design is linear phase
              meets the specification   fir: the ripple and attenuation per band
              equiripple        remez: weighted error within 1 % of the design's
              as designed       the others: within 1 % of Double's

            A decimator (decimator and its specification) is checked with each
            stage's taps as stored in Double, Float, q15 or q31:
              passband          the stages' gains multiplied within R dB
              aliasing          every band that folds onto the passband, in
                                every stage, at least A dB down
              no overflow, accuracy   q15, q31: each stage's L1 proof; a sine
                                through the chained stages at least 40 dB clean

            Exit status: 0 when every check passes, 2 when one fails, 1 for bad input.

            EXAMPLES
              mkfilter verify -Bu -Lp -o 2 --sample-rate 60 --corner 5
              mkfilter verify remez --taps 101 --bands 0 0.1 0.2 0.5 --desired 1 0 \\
                  --precision float
              mkfilter verify decimator --factor 8 --passband-edge 0.05 \\
                  --passband-loss 0.1 --stopband-attenuation 80 --precision q15
              mkfilter verify -Ch -0.5 -Bp -o 10 -a 0.1 0.2 --precision gencode
              mkfilter verify Generated/ShakeFilters60Hz.swift --json
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "Design options or files, and the options above.")
    var arguments: [String] = []

    func run() throws { try emit(VerifyProgram.run(arguments: arguments)) }
}
