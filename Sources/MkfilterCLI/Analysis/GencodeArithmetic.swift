import FilterAnalysis
import FilterDesign
import FilterEmission
import FilterSets
import Foundation

/// The filter Fisher's gencode C really holds: the listing prints G and the
/// coefficients with `%.10e`; gencode reads them and prints the gain with
/// `%15.9e`, the y coefficients with `%14.10f` and the x coefficients with `%g`
/// when they are integers, else `%14.10f` (see `Gencode`).
enum GencodeArithmetic {
    static func transfer(_ design: Design, commandLine: String) throws(UsageError) -> TransferFunction {
        let text = try MkfilterReport.listing(design, commandLine: commandLine)
        let listing: FisherListing
        do { listing = try FisherListing(parsing: text) } catch { throw UsageError("internal: the listing does not read back: \(error)") }
        func printed(_ format: String, _ x: Double) -> Double {
            parseCDouble(formatC(format, x).trimmingCharacters(in: .whitespaces)) ?? .nan
        }
        let x = listing.xCoefficients.map { value -> Double in
            let f = fmod(abs(value), 1.0)
            let integral = f < FisherArithmetic.epsilon || f > 1.0 - FisherArithmetic.epsilon
            return printed(integral ? "%g" : "%14.10f", value)
        }
        let y = listing.yCoefficients.map { printed("%14.10f", $0) }
        return TransferFunction(numerator: x.reversed(), denominator: y.reversed().map { -$0 },
                                gain: printed("%15.9e", listing.gain))
    }
}
