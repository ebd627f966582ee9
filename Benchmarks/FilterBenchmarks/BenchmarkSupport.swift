import Foundation

/// The benchmarks' input: `n` values in [-1, 1) from a linear congruential
/// generator started at `seed`, the same sequence on every run.
func noise(_ n: Int, seed: UInt64 = 12345) -> [Double] {
    var state = seed
    return (0..<n).map { _ in
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 52) - 1
    }
}

/// A directory for the C programs a benchmark compiles and runs
/// (filter-benchmarks-PID in the temporary directory), removed after `body`.
func inBenchmarkDirectory(_ body: (URL) throws -> Void) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("filter-benchmarks-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try body(dir)
}

/// Whether the C beside the Swift is built for this CPU (`--native`, which
/// `scripts/native-figures.sh` passes to the build it makes with
/// `-Xcc -march=native`) or, by default, for the compiler's baseline target
/// (x86-64: SSE2), as the package and its users' apps are built. Like for
/// like either way: both sides for one target.
let nativeTarget = CommandLine.arguments.contains("--native")

/// The C compiler's options for speed: -O3 and the target of `nativeTarget`.
let cSpeedFlags = nativeTarget ? ["-O3", "-march=native"] : ["-O3"]

/// How the tables name that C: "cc -O3" and its target.
let cSpeedLabel = nativeTarget ? "cc -O3 -march=native, as the Swift" : "cc -O3 for the baseline target, as the Swift"
