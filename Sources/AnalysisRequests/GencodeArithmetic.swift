import FilterAnalysis
import FilterDesign
import FilterEmission
import FilterRequests
import FisherCompatibility

/// The filter Fisher's gencode C really holds: the listing prints G and the
/// coefficients with `%.10e`; gencode reads them and prints the gain with
/// `%15.9e`, the y coefficients with `%14.10f` and the x coefficients with `%g`
/// when they are integers, else `%14.10f` (see `Gencode`).
enum GencodeArithmetic {
    static func transfer(_ design: Design, commandLine: String) throws(ApplicationError) -> TransferFunction {
        let listing: FisherListing
        do { listing = try FisherListing(parsing: try FisherListing(design, commandLine: commandLine).text) } catch {
            throw ApplicationError(wrapping: error)
        }
        func printed(_ format: String, _ x: Double) -> Double {
            parseCDouble(String(formatC(format, x).drop { $0 == " " })) ?? .nan
        }
        let x = listing.xCoefficients.map { value -> Double in
            let f = abs(value).truncatingRemainder(dividingBy: 1.0)
            let integral = f < FisherArithmetic.epsilon || f > 1.0 - FisherArithmetic.epsilon
            return printed(integral ? "%g" : "%14.10f", value)
        }
        let y = listing.yCoefficients.map { printed("%14.10f", $0) }
        return TransferFunction(numerator: x.reversed(), denominator: y.reversed().map { -$0 },
                                gain: printed("%15.9e", listing.gain))
    }
}
