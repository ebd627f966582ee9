// Shake!'s 0.5-3 Hz 3rd-order Butterworth band-pass at 60 Hz (ShakeBandPass.swift,
// written by `mkfilter ... --emit swift`) run by FilterRuntime's
// `SectionCascade<Float>` (the offset form) in Embedded Swift on a Cortex-M4F: the impulse, the
// step and the pseudo-random input of scripts/target/harness.h, each output's
// bits in hex, in the lines scripts/target-check.sh compares with the host.
import FilterRuntime

@main
struct Main {
    /// Samples per signal: HARNESS_SAMPLES in scripts/target/harness.h.
    static let samples = 256

    /// harness.h's harness_input: 1, 0, 0, ...; 1, 1, 1, ...; or k / 2^23 - 1
    /// for k the top 24 bits of a Park-Miller generator (x <- 48271 x mod 2^31 - 1).
    static func input(_ signal: Int, _ n: Int, _ seed: inout UInt32) -> Float {
        if signal == 0 { return n == 0 ? 1 : 0 }
        if signal == 1 { return 1 }
        seed = UInt32(UInt64(seed) * 48271 % 2147483647)
        return Float(Double(seed >> 7) / 8388608 - 1)
    }

    static func main() {
        let template = ShakeBandPass.shakeBandPass053Hz
        // Float's default form in Embedded Swift: the offset form
        // (OffsetForm<Float>), the one form this program carries.
        var cascade = SectionCascade<Float>(template.sections)
        for (signal, name) in ["impulse", "step", "random"].enumerated() {
            cascade.reset()
            var seed: UInt32 = 1
            var line = "shake swift " + name
            for n in 0..<samples {
                let hex = String(cascade.process(input(signal, n, &seed)).bitPattern, radix: 16)
                line += " " + String(repeating: "0", count: 8 - hex.count) + hex
            }
            print(line)
        }
    }
}
