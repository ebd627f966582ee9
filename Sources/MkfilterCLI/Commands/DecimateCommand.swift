import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `mkfilter decimate`: a recording at 1/q of its rate, as scipy's decimate.
struct DecimateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decimate",
        abstract: "A recording at 1/q of its rate, as scipy's decimate.",
        usage: """
            mkfilter decimate [<recording.csv> | -] --factor <q>
                       [--ftype iir|fir] [--order <n>] [--no-zero-phase]
                       [--sample-rate <Hz>] [--output <file.csv>]
            """,
        discussion: """
            Each axis of an accelerometer recording (t,x,y,z CSV) low-passed and
            kept at every q-th sample from the first, as scipy.signal.decimate(
            axis, q, n, ftype, zero_phase): ceil(N / q) rows for N.

              --ftype iir   Chebyshev I of order n (default 8), 0.05 dB ripple,
                            passband to 0.8 of the new Nyquist (scipy's
                            default); zero phase runs it forward and backward
                            as sosfiltfilt (holds the recording, up to 10^7
                            rows), --no-zero-phase forward from rest (streams)
              --ftype fir   firwin(n + 1 taps, cutoff at the new Nyquist,
                            Hamming), n = 20 q by default; centred on each kept
                            sample (resample_poly), or causal with
                            --no-zero-phase (upfirdn); both stream

            OPTIONS
              --factor <q>       2 ... 1000 (scipy suggests several calls
                                 above 13 for iir)
              --order <n>        iir 1 ... 20, fir 1 ... 100000
              --sample-rate <Hz> instead of the rate of the first 64 times
              --output <file>    the CSV (default: standard output), written
                                 whole or not at all

            OUTPUT
              t,x,y,z at 1/q of the rate, t from the first row's time in steps
              of q / fs. On standard error, the filter and the rates.

            EXAMPLES
              mkfilter decimate imu400.csv --factor 4 -o imu100.csv
              mkfilter decimate imu1k.csv --factor 10 --ftype fir --no-zero-phase
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "The recording and options.")
    var arguments: [String] = []

    func run() throws {
        try emit(DecimateProgram.run(arguments: arguments, standardInput: STDIN_FILENO, standardOutput: STDOUT_FILENO))
    }
}
