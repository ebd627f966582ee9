import FisherCompatibility

/// Fisher's mkshape: raised-cosine, root-raised-cosine, Hilbert and identity
/// FIR filters (his grammar and output: `FisherMkshape`).
public enum Mkshape {
    /// Runs mkshape on the words after the program name.
    public static func run(arguments: [String]) -> InvocationResult {
        do { return .success(try FisherMkshape.output(arguments: arguments)) } catch {
            return .failure("mkshape", UsageError(error), usage: FisherMkshape.usage)
        }
    }
}

/// Fisher's mkaverage: the moving-average FIR filter (`FisherMkaverage`).
public enum Mkaverage {
    /// Runs mkaverage on the words after the program name.
    public static func run(arguments: [String]) -> InvocationResult {
        do { return .success(try FisherMkaverage.output(arguments: arguments)) } catch {
            return .failure("mkaverage", UsageError(error), usage: FisherMkaverage.usage)
        }
    }
}
