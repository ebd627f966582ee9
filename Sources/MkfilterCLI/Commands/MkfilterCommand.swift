import ArgumentParser
import FilterRequests
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `mkfilter`: designs a filter from Fisher's command line (the default), or
/// runs one of his companion programs as a subcommand.
public struct MkfilterCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "mkfilter",
        abstract: "Design IIR filters as A.J. Fisher's mkfilter 4.6 does, and more.",
        usage: """
            mkfilter <family> <band> -o <order> -a <alpha1> [<alpha2>] [options]
              mkfilter <family> <band> -o <order> --sample-rate <Hz>
                       --corner <f1> [<f2>] [options]
              mkfilter <family> [<band>] --passband-edge <p1> [<p2>]
                       --stopband-edge <s1> [<s2>] --passband-loss <R>
                       --stopband-attenuation <A> [--sample-rate <Hz>]
              mkfilter -Re <q> [-Bp | -Bs | -Ap] -a <alpha> [-l]
              mkfilter <subcommand> ...
            """,
        discussion: """
            Prints Fisher's report (poles, zeros, gains and the recurrence relation) or,
            with -l, the listing that gencode reads. The arguments are Fisher's, as he
            wrote them; values are checked strictly (see COMPATIBILITY.md).

            FAMILY (exactly one)
              -Bu            Butterworth: maximally flat magnitude.
              -Be            Bessel: maximally flat delay, -3 dB at the corner.
              -Ch <r>        Chebyshev type I, r dB passband ripple, negative:
                             -Ch -0.5. The corners are the passband edges.
              --cheby1 <R>   the same with R positive, as scipy's rp:
                             --cheby1 0.5 is -Ch -0.5.
              --cheby2 <A>   Chebyshev type II: flat passband, stopband at least
                             A dB down. The corners are the stopband edges.
              --elliptic <R> <A>
                             elliptic (Cauer): R dB passband ripple, A dB
                             stopband; the steepest for its order. The corners
                             are the passband edges. (Not Fisher's: both need
                             the pre-warped bilinear transform, no -w, -z, -p.)
              -Re <q>        2-pole resonator, quality factor q > 0 or Inf.
              -Pi            Proportional-integral; needs -o 1 and no band.

            BAND (exactly one; -Ap only with -Re; -Lp/-Hp not with -Re)
              -Lp -Hp        low-pass, high-pass: one corner.
              -Bp -Bs        band-pass, band-stop: two corners a1 < a2 (one with -Re).
              -Ap            all-pass (resonator).

            CORNERS (alpha = f / fs, strictly between 0 and 0.5)
              -a <a1> [<a2>]                 e.g. -a 0.0833333333 for 5 Hz at 60 Hz
              --sample-rate <Hz> --corner <f1> [<f2>]
                                             the same in Hz: --sample-rate 60 --corner 5,
                                             --sample-rate 60 --corner 0.5 3 for a band

            DESIGN FROM A SPECIFICATION (instead of -o and the corners)
              -Bu, -Ch, --cheby1, --cheby2 or --elliptic without values, and
              --passband-edge <p1> [<p2>]     where the passband ends
              --stopband-edge <s1> [<s2>]     where the stopband begins
              --passband-loss <R>             most loss in the passband, dB
              --stopband-attenuation <A>      least attenuation, dB
              Edges are alphas, or Hz with --sample-rate. They give the band:
              p < s low-pass, s < p high-pass, s1 < p1 < p2 < s2 band-pass,
              p1 < s1 < s2 < p2 band-stop. The lowest order that meets the
              specification is chosen (scipy's buttord, cheb1ord, cheb2ord,
              ellipord) and the report gives the order and the margins.

            OTHER OPTIONS
              -o <n>         order, 1 .. 128 (band-pass and band-stop get 2n poles).
              -p <i> ...     keep only these prototype poles (0 .. order-1), in pairs.
              -w             bilinear transform without pre-warping the corners.
              -z             matched z-transform instead of the bilinear transform.
              -Z <alpha>     add a z-plane zero pair at this alpha (and poles at 0).
              -l             print the listing: G, NZ, x coeffs, NP, y coeffs.
              Letters combine: -lz is -l -z.
              --bessel-poles table|computed
                             Bessel prototype from Fisher's 12-digit table (the
                             default, his numbers) or computed to full precision
                             (what spec files and the plugins use).

            LIMITS
              order 1 .. 128; alphas strictly between 0 and 0.5 (Hz below
              Nyquist); Chebyshev ripple 4.83e-16 .. 319 dB; elliptic ripple
              1e-6 .. below 300 dB; attenuation above 0 (above the ripple or
              loss) and at most 1000 dB; passband loss at least 1e-6 dB;
              -Re q above 0 or Inf. Within them a design is refused only
              where Double cannot carry it (poles that round onto the unit
              circle); the message names the corner or order that designs.
              Every filter that runs has its passband maximum at 0 dB, as
              scipy and MATLAB; Fisher's report, -l and gencode keep his G.

            CODE (instead of the report)
              --emit <kind>  one of (FIR designs: remez ... --emit c):
            \(EmissionFormat.helpLines(indent: 17))
                             with --name, --description, --tag,
                             --namespace, --precision float|double (c),
                             --fixed-point-scaling l1|linf (cmsis-q15/q31:
                             l1, the default, is safe for any input; linf
                             for full-scale sinusoids), --template <file>
                             and --output <file>. The Swift enum (--namespace)
                             defaults to the output file's name, else the
                             filter's: LowPass.swift gives enum LowPass.
              --realization sections|direct
                             second-order sections (the default: accurate at
                             any order, in Float too) or Fisher's recurrence.

            EXAMPLES
              mkfilter -Bu -Lp -o 2 -a 0.0833333333
              mkfilter -Bu -Bp -o 3 --sample-rate 60 --corner 0.5 3 -l
              mkfilter -Ch -0.5 -Hp -o 4 -a 0.1 -w
              mkfilter -Re 10 -Bp -a 0.2
              mkfilter -Pi -o 1 -a 0.05
              mkfilter --elliptic 0.5 60 -Lp -o 5 -a 0.1
              mkfilter --elliptic --passband-edge 0.1 --stopband-edge 0.15 \\
                       --passband-loss 0.5 --stopband-attenuation 60
              mkfilter -Bu -Lp -o 2 --sample-rate 60 --corner 5 --emit swift
              mkfilter mkshape -c 0.1 0.5 15 -l
              mkfilter mkaverage -Av -l 5
              mkfilter remez --taps 31 --bands 0 0.2 0.25 0.5 --desired 1 0
              mkfilter firwin --taps 41 --cutoff 0.1 --window hann
              mkfilter serve --port 8080
            """,
        subcommands: [Design.self, IIRNotchCommand.self, IIRPeakCommand.self, IIRCombCommand.self, GammatoneCommand.self, BiquadCommand.self, WeightingCommand.self, MkshapeCommand.self, MkaverageCommand.self, RemezCommand.self, FirlsCommand.self, FirwinCommand.self, Firwin2Command.self, KaiserordCommand.self, FirCommand.self, SavgolCommand.self, HalfbandCommand.self, DecimatorCommand.self, GencodeCommand.self, GenerateCommand.self, RetargetCommand.self, PipelineCommand.self, SpectrumCommand.self, SuggestCommand.self, ResampleCommand.self, DecimateCommand.self,
                      ResponseCommand.self, ImpulseCommand.self, StepCommand.self, VerifyCommand.self, ServeCommand.self],
        defaultSubcommand: Design.self,
        helpNames: [.long]
    )

    public init() {}
}

// Each subcommand below is a type of its own (configuration, words, run), as
// ArgumentParser requires; their likeness is that shape, left on purpose: the
// work is in the programs they call.
extension MkfilterCommand {
    /// The design command: Fisher's mkfilter arguments, parsed by `MkfilterCommandLine`.
    struct Design: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "design",
            abstract: "Design a filter from Fisher's mkfilter arguments (the default command).",
            shouldDisplay: false,
            helpNames: [.long]
        )

        @Argument(parsing: .allUnrecognized, help: "Fisher's mkfilter arguments; see 'mkfilter --help'.")
        var arguments: [String] = []

        func run() throws { try emit(Mkfilter.run(arguments: arguments)) }
    }
}

/// `mkfilter mkshape ARGS`: Fisher's mkshape with its own arguments.
struct MkshapeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mkshape",
        abstract: "Raised-cosine, root-raised-cosine, Hilbert and identity FIR filters (Fisher's mkshape).",
        usage: """
            mkfilter mkshape -{cr} <alpha> <beta> <len> [-{lwx}] [-b nb]
              mkfilter mkshape -i <len> [-{lwx}] [-b nb]
              mkfilter mkshape -h <len> [-{lw}] [-b nb]
            """,
        discussion: """
              -c <alpha> <beta> <len>   raised cosine: flat to (1-beta) alpha,
                                        rolled off to (1+beta) alpha
              -r <alpha> <beta> <len>   root raised cosine
              -h <len>                  Hilbert transformer
              -i <len>                  identity
              -l                        print the listing (without it mkshape only says OK!)
              -w                        Hamming window
              -x                        x/sin(x) compensation
              -b <nb>                   truncate the taps to nb bits, 1 .. 52
            len is odd, 1 .. 513; 0 < alpha < 0.5; 0 <= beta <= 1.

            EXAMPLE
              mkfilter mkshape -c 0.1 0.5 15 -l
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "mkshape's arguments.")
    var arguments: [String] = []

    func run() throws { try emit(Mkshape.run(arguments: arguments)) }
}

/// `mkfilter mkaverage ARGS`: Fisher's mkaverage with its own arguments.
struct MkaverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mkaverage",
        abstract: "Moving-average FIR filter (Fisher's mkaverage).",
        usage: "mkfilter mkaverage -Av [-l] <n>",
        discussion: """
              -Av       moving average of the last n samples (n = 1 .. 513)
              -l        print the listing

            EXAMPLE
              mkfilter mkaverage -Av -l 5
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "mkaverage's arguments.")
    var arguments: [String] = []

    func run() throws { try emit(Mkaverage.run(arguments: arguments)) }
}

/// `mkfilter gencode [-ansic|-xyc|-f]`: Fisher's gencode, reading a listing on standard input.
struct GencodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gencode",
        abstract: "C code from a listing on standard input (Fisher's gencode).",
        usage: "mkfilter <design options> -l | mkfilter gencode [-ansic | -xyc | -f]",
        discussion: """
              -ansic    a filterloop() as on Fisher's web page (the default; it has
                        placeholders for the input and output, so it does not compile as is)
              -xyc      G, the x and the y coefficients on one line
              -f        a step function for Fisher's filter library

            EXAMPLE
              mkfilter -Bu -Lp -o 2 -a 0.1 -l | mkfilter gencode -ansic
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "-ansic, -xyc or -f.")
    var arguments: [String] = []

    func run() throws {
        let bytes: [UInt8]
        do { bytes = try FileOutput.readAll(STDIN_FILENO, name: "<stdin>") } catch {
            try emit(InvocationResult.failure("gencode", UsageError(error), usage: GencodeProgram.usage))
            return
        }
        try emit(GencodeProgram.run(arguments: arguments, inputBytes: bytes))
    }
}

/// `mkfilter generate`: a set of filters from a spec file, as one source file.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift (or C, JSON) for the filters of a spec file (*.filters.json).",
        usage: """
            mkfilter generate <spec.json> [--sample-rate <Hz>] [--namespace <Name>]
                       [--emit \(GenerationRequest.formats.map(\.rawValue).joined(separator: "|"))] [--check]
                       [--output <file> | --output-directory <dir>]
            """,
        discussion: """
            A spec gives the sample rate once, then named filters in Hz, field by field
            or as Fisher's options (docs/command-line.md, "Filter set files"); a FIR
            filter names its method, e.g. { "name": "smooth", "design": "firwin",
            "taps": 31, "cutoff": 7 }, and lands in the enum's allFIR list.
            Without --output the Swift goes to standard output, every namespace
            in one file;
            --output-directory writes <Namespace>.swift per namespace (a spec with
            "sampleRate": [60, 100] has two); --check compares instead of writing.
            --sample-rate and --namespace override the spec's.

            EXAMPLES
              mkfilter generate Generated/ShakeFilters.filters.json \\
                  --output-directory Generated
              mkfilter generate Generated/ShakeFilters.filters.json \\
                  --sample-rate 50 --emit json
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "The spec file and options.")
    var arguments: [String] = []

    func run() throws { try emit(GenerateProgram.run(arguments: arguments)) }
}

struct RetargetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retarget",
        abstract: "Redesign generated filters at another sample rate, keeping their corners in Hz.",
        usage: "mkfilter retarget --sample-rate <Hz> <file.swift>... [-o <dir>]",
        discussion: """
            Reads Swift written by 'mkfilter generate' or the plugins: each template's
            provenance says how it was designed, its fields give the corners in Hz.
            A file with FIR filters is refused: generate it from its spec instead.
            Each filter is designed again at the new rate and the file is written
            again; an enum or file named for its rate (ShakeFilters60Hz) is renamed
            for the new one (ShakeFilters100Hz). A corner at or above the new Nyquist
            frequency is an error naming the filter, and then nothing is written.

            With one file and no -o, the new source goes to standard output.

            EXAMPLE
              mkfilter retarget --sample-rate 100 Generated/ShakeFilters60Hz.swift -o /tmp
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "--sample-rate <Hz>, the files, and -o <dir>.")
    var arguments: [String] = []

    func run() throws { try emit(RetargetProgram.run(arguments: arguments)) }
}

struct PipelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipeline",
        abstract: "Run Shake!'s chain on three axes: source -> filter -> moving RMS -> trigger.",
        usage: """
            mkfilter pipeline [<input.csv> | -] [--source sine|step|impulse ...]
                       [--sample-rate <Hz>] [--config <file.json>]
                       [--filter <filter>]
                       [--rms-window <n>] [--threshold <g>] [--count <m>]
                       [--initial-state steady|zero] [--zero-phase]
                       [--detector shake <on g> <off g>] [--min-interval <s>]
                       [--orientation] [--yaw] [--yaw-smoother <kalman>]
                       [--output <file.csv>] [--svg <file.svg>] [--events]
              mkfilter pipeline <input.csv> --compare <filter> <filter> ...
                       [settings above] [--svg <file.svg>]
            """,
        discussion: """
            INPUT
              Accelerometer CSV, t,x,y,z (seconds, g), header line optional, from a
              file or standard input ('-' or nothing). A header names the columns
              in any order, and may add an attitude quaternion qw,qx,qy,qz (norm 1
              within 1 %) for --yaw. The sample rate is taken from the first 64
              times unless --sample-rate gives it. Every bad line
              (missing or extra field, text, NaN, infinity, a time that does not
              increase, a blank line) is an error with its line number; nothing is
              skipped.
              Or a calculated source on all three axes:
                --source sine --amplitude <0..2 g> --frequency <Hz, below Nyquist>
                --source step|impulse [--amplitude <g>]
                --samples <n>        1 ... 10000000; default: leading zeros + 10 s
                --leading-zeros <n>  0 ... 10000000; default: 1 s
                --sample-rate <Hz>   default 60

            PER AXIS (x, y, z): filter -> RMS over a moving window -> trigger
              --filter <filter>
                  passThrough (default);
                  apple-lowpass <cutoff> [adaptive], apple-highpass <cutoff>
                  [adaptive] (Apple's RC = 1/cutoff);
                  mkfilter options in one argument, '-Bu -Bp -o 2 -a 0.05 0.1' or
                  '-Bu -Lp -o 2 --corner 5' (Hz at the data's rate);
                  a catalogue command, 'iirnotch --frequency 12 --quality 10'
                  or 'biquad --type peaking --frequency 3 --gain 6' (Hz at the
                  data's rate);
                  a FIR command, 'remez --taps 31 --bands 0 5 8 30 --desired 1 0
                  --sample-rate 60' (without --sample-rate, fractions of it);
                  or a filter of Generated/ by name or identifier,
                  'butterworthBP3rd05To3Hz' (redesigned if the rate is not 60 or
                  100 Hz);
                  the accelerometer articles' 'filterfactor-lowpass 0.1'
                  (v = x f + v (1 - f)), 'filterfactor-highpass 0.1' (their
                  formula as written, v = x - x f + v (1 - f): a low-pass with
                  gain 9), 'ibells-highpass 0.1' (x - low-pass), 'kalman 0.1 0.1
                  0.1' (q r p0; it starts at the first sample)
              --rms-window <n>   samples in the moving RMS, 1 ... 1000000 (default 30)
              --threshold <g>    the RMS level to exceed, strictly: RMS > threshold
                                 (default 0.1)
              --count <m>        contiguous samples above it that trigger,
                                 1 ... 1000000 (default 5)
              --initial-state steady|zero
                                 where the filters start: in the steady state of
                                 each axis' first sample (default: gravity is no
                                 step), or at rest
              --zero-phase       filter the whole input forward and backward, as
                                 scipy's sosfiltfilt (odd padding): no delay, but
                                 not causal (each output uses later samples), for
                                 analysing recordings; linear filters only;
                                 holds the input: at most 10000000 samples
              --config <file.json>
                  {"all": {...}, "x": {...}, "y": {...}, "z": {...}}, each with
                  "filter", "rmsWindow", "threshold", "count"; "all" is copied onto
                  each axis, then "x", "y", "z" override it, then the flags above
                  override every axis.

            THE ARTICLES' DETECTORS AND ANGLES
              --detector shake <on g> <off g>
                  beside the RMS trigger, the articles' L0AccelerationIsShaking
                  on consecutive raw samples: a shake when two axes each change
                  by more than <on> (0.7); re-armed when no two change by more
                  than <off> (0.2). Adds the column shake (1 while excited).
              --min-interval <s> an onset (trigger or shake) within <s> seconds
                                 of the last one reported is not reported (the
                                 articles' minTimeDelta: strictly more must pass)
              --orientation      adds angle = atan2(y, -x) (radians) and
                                 orientation: portrait (-2.25 ... -0.75),
                                 landscapeRight, portraitUpsideDown (0.75 ...
                                 2.25), landscapeLeft (beyond +-2.25)
              --yaw              adds yaw = asin(2 (qx qz - qw qy)) (radians)
              --yaw-smoother 'kalman <q> <r> <p0>'
                                 adds yaw_smoothed (and implies --yaw)

            OUTPUT
              CSV on standard output, or --output FILE (written whole or not at all;
              on standard output, rows before a bad input line have gone out):
              t,x_raw,x_filtered,x_rms,x_trigger,y_raw,...,z_trigger (trigger 0 or 1),
              then shake, angle,orientation, yaw,yaw_smoothed when asked for.
              Every number reads back as the same Double.
              --svg FILE    Shake!'s screen: one graph per axis, red raw, green
                            filtered, blue RMS, pink trigger (drawn at the
                            threshold while triggered).
              --events      one line per onset: 'trigger x t=1.25 sample=75',
                            'shake t=2.5 sample=150' (on standard output with
                            --output, else on standard error).
              A summary goes to standard error at the end: per axis and for any
              axis, the trigger onsets, the time triggered and onsets/minute.

            TRYING FILTERS ON A RECORDING
              --compare <filter> <filter> ...
                  runs each filter (as --filter takes it, one argument each)
                  with the same settings over the same recording, and prints
                  a table: a row per trigger episode (any axis triggered),
                  with each other candidate's episode that starts before it
                  ends beside it, 'start-end s axes' ('-': none), then each
                  one's onsets, time triggered and onsets/min. --svg
                  draws a row per candidate (RMS per axis, when triggered).
                  Not with --output, --source or --zero-phase.

            EXAMPLES
              mkfilter pipeline walk.csv --filter butterworthBP3rd05To3Hz \\
                  --threshold 0.2 --count 6 --svg walk.svg --events -o out.csv
              mkfilter pipeline --source sine --amplitude 0.5 --frequency 4 \\
                  --filter 'apple-highpass 5 adaptive' --svg sine.svg
              mkfilter pipeline walk.csv --compare '-Bu -Bp -o 2 --corner 0.5 3' \\
                  '-Bu -Bp -o 4 --corner 1 4' --svg compare.svg
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "The input and options.")
    var arguments: [String] = []

    func run() throws {
        try emit(PipelineProgram.run(arguments: arguments, standardInput: STDIN_FILENO, standardOutput: STDOUT_FILENO))
    }
}

/// Writes a result to the standard streams and exits with its status. A
/// standard output that cannot take it all (a full disk, `/dev/full`, a
/// closed pipe) is an error: the system's reason on standard error, exit 1.
func emit(_ result: InvocationResult) throws {
    _ = writeAll(result.standardError, to: STDERR_FILENO)
    if let failure = writeAll(result.standardOutput, to: STDOUT_FILENO) {
        _ = writeAll("mkfilter: cannot write to standard output (\(failure))\n", to: STDERR_FILENO)
        throw ExitCode(1)
    }
    if result.exitCode != 0 { throw ExitCode(result.exitCode) }
}

/// Writes all of `text` to a file descriptor.
///
/// - Returns: `nil` when every byte was written, else the system's reason.
func writeAll(_ text: String, to descriptor: Int32) -> String? {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return String(cString: strerror(written < 0 ? errno : EIO)) }
        bytes = bytes.dropFirst(written)
    }
    return nil
}

/// The C library's `write(2)`, whichever module provides it.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
