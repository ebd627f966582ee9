import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `mkfilter spectrum`: where a recording's energy is.
struct SpectrumCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spectrum",
        abstract: "A recording's power spectral density per axis (Welch), as CSV and SVG.",
        usage: """
            mkfilter spectrum [<recording.csv> | -] [--filter <filter>]
                       [--segment <n>] [--overlap <n>] [--sample-rate <Hz>]
                       [--output <file.csv>] [--svg <file.svg>]
            """,
        discussion: """
            Estimates, for each axis of an accelerometer recording (t,x,y,z CSV, as
            mkfilter pipeline reads it), the one-sided power spectral density in
            g^2/Hz by Welch's method, as scipy.signal.welch does by default: the
            recording cut into segments of N samples, each overlapping the last by
            N/2; each segment's mean removed, a Hann window applied (periodic, as
            scipy's get_window), its FFT squared; the average over segments scaled
            by 1/(fs sum w^2), doubled except at dc and Nyquist. A recording shorter
            than N is one segment of all its samples (as scipy does, with a note).
            The recording streams: memory does not grow with its length.

            OPTIONS
              --filter <filter>  also the spectrum of each axis after this filter,
                                 run over the whole recording as mkfilter pipeline
                                 runs it (from the first sample's steady state):
                                 '-Bu -Bp -o 3 --corner 0.5 3', 'iirnotch
                                 --frequency 12 --quality 10', a Generated/ name,
                                 apple-highpass 5 ... (see mkfilter pipeline --help)
              --segment <n>      N, samples per segment, 8 ... 1048576 (default 256)
              --overlap <n>      samples shared by consecutive segments,
                                 0 ... N - N/16 (default N/2): segments start
                                 at least N/16 samples apart
              --sample-rate <Hz> instead of the rate of the first 64 times
              --output FILE      the CSV file (default: standard output)
              --svg FILE         the PSDs in dB on a log-frequency axis, the
                                 filter's magnitude on a second axis (right)

            OUTPUT
              frequency_hz,x_psd,y_psd,z_psd (k fs/N, k = 0 ... N/2), then
              x_filtered_psd,y_filtered_psd,z_filtered_psd with --filter. On
              standard error, per axis: its mean (gravity) and its RMS about the
              mean (the square root of the PSD's area), in g.
              Files are written whole or not at all; a bad line is an error with
              its line number.

            EXAMPLES
              mkfilter spectrum walk.csv --svg walk-spectrum.svg -o walk-psd.csv
              mkfilter spectrum walk.csv --filter '-Bu -Bp -o 3 --corner 0.5 3' \\
                  --svg bp.svg --segment 512
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "The recording and options.")
    var arguments: [String] = []

    func run() throws { try emit(SpectrumProgram.run(arguments: arguments, standardInput: STDIN_FILENO)) }
}

/// `mkfilter resample`: a recording at up/down times its rate.
struct ResampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resample",
        abstract: "A recording at L/M times its rate, as scipy's resample_poly.",
        usage: """
            mkfilter resample [<recording.csv> | -] --up <L> --down <M>
                       [--sample-rate <Hz>] [--output <file.csv>]
              mkfilter resample --up <L> --down <M> --emit <format>
                       [--name <name>] [--output <file>]
            """,
        discussion: """
            Resamples each axis of an accelerometer recording (t,x,y,z CSV, as
            mkfilter pipeline reads it) by L/M as scipy.signal.resample_poly(axis,
            L, M) does with its default filter: upsample by L, low-pass with
            firwin(2 * 10 max(L, M) + 1 taps, cutoff 1/max(L, M) of Nyquist, a
            Kaiser window of beta 5.0) times L, keep every M-th sample, aligned so
            that output m stands at input time m M / L; ceil(N L / M) rows for N.
            A polyphase filter (FilterRuntime's PolyphaseResampler): about
            20 max(L, M) / L multiply-adds a sample. The recording streams:
            memory does not grow with its length.

            OPTIONS
              --up <L>           the upsampling factor, 1 ... 10000 (default 1)
              --down <M>         the downsampling factor, 1 ... 10000 (default 1)
                                 (L and M are reduced by their common factor)
              --sample-rate <Hz> instead of the rate of the first 64 times
              --output <file>    the CSV (default: standard output), written
                                 whole or not at all

            OUTPUT
              t,x,y,z at L/M times the rate, t from the first row's time in
              steps of M / (L fs). On standard error, the rates.

            CODE (--emit, no recording)
              The resampler's filter as code: swift (L, M, the taps and
              makeResampler(), FilterRuntime's PolyphaseResampler), json, or
              CMSIS-DSP's decimator (--up 1) or interpolator (--down 1) in
              cmsis (float32_t), cmsis-q15 or cmsis-q31 (scaled so that no
              full-scale input overflows; factors up to 255). Also --name,
              --description, --namespace, --template.

            EXAMPLES
              mkfilter resample walk400.csv --up 1 --down 8 -o walk50.csv
              mkfilter resample audio.csv --up 160 --down 147    (44.1 to 48 kHz)
              mkfilter resample --up 1 --down 8 --emit cmsis-q15 -o decimate8.h
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "The recording and options.")
    var arguments: [String] = []

    func run() throws {
        try emit(ResampleProgram.run(arguments: arguments, standardInput: STDIN_FILENO, standardOutput: STDOUT_FILENO))
    }
}

/// `mkfilter suggest`: a band-pass for a recording's gestures.
struct SuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Suggest a Butterworth band-pass from a recording and when its gestures happened.",
        usage: """
            mkfilter suggest [<recording.csv> | -] --events <start-end>,...
                       [--floor <Hz>] [--threshold <dB>] [--sample-rate <Hz>]
              mkfilter suggest <recording.csv> --events-from-trigger <filter>
                       [--trigger-threshold <g>] [options above]
            """,
        discussion: """
            A heuristic (docs/recordings-and-pipeline.md, "mkfilter suggest"):
              1. Welch spectra (Hann, 50 % overlap, each segment's mean removed)
                 of the events and of the rest, in segments of the shortest
                 event's length (at most 256 samples), the axes' added.
              2. The peak: where event energy most exceeds the rest's, above
                 the floor (gravity and slow sway lie below it).
              3. The band: from the peak, every neighbouring frequency where
                 event/rest energy is at least the threshold; sensor noise,
                 the same in both, ends it above. Edges rounded outward to
                 two significant digits.
              4. The order: of Butterworth band-passes of order 1 ... 8 on that
                 band, the smallest whose event/rest power through it is
                 within 1 dB of the best.
            Prints the band, the separation per order, the event/rest energy
            in and out of the band, and the design's command line.

            OPTIONS
              --events <s-s>,...  when the gestures happened, seconds, in order:
                                  3.2-4.0,9.1-9.8; each at least 16 samples
              --floor <Hz>        the lowest frequency considered (default 0.3)
              --threshold <dB>    event/rest energy for the band, above 0 and
                                  at most 100 (default 6)
              --sample-rate <Hz>  instead of the rate of the first 64 times
              --events-from-trigger <filter>
                                  instead of --events: where this filter's
                                  trigger fires (mkfilter pipeline's RMS over
                                  30 samples, count 5), each stretch with an
                                  axis triggered one event; a file only
              --trigger-threshold <g>  its RMS level (default 0.1)

            EXAMPLES
              mkfilter suggest walk.csv --events 8-11,20.5-23,33-37
              mkfilter suggest walk.csv --events-from-trigger \\
                  '-Bu -Bp -o 3 --corner 0.5 3' --trigger-threshold 0.2
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "The recording and options.")
    var arguments: [String] = []

    func run() throws { try emit(SuggestProgram.run(arguments: arguments, standardInput: STDIN_FILENO)) }
}
