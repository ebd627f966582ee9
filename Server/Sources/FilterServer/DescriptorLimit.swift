#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open files (`RLIMIT_NOFILE`).
public enum DescriptorLimit {
    /// Raises the soft limit to the hard one (on macOS to at most
    /// `OPEN_MAX`, which `setrlimit` requires there) and returns the soft
    /// limit in force afterwards; nil where it cannot be read.
    @discardableResult
    public static func raiseSoftLimit() -> Int? {
        #if canImport(Glibc) || canImport(Darwin)
        var limit = rlimit()
        guard getrlimit(resourceNoFile, &limit) == 0 else { return nil }
        var wanted = limit.rlim_max
        #if canImport(Darwin)
        wanted = min(wanted, rlim_t(OPEN_MAX))
        #endif
        if wanted > limit.rlim_cur {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(resourceNoFile, &raised) == 0 { limit = raised }
        }
        // RLIM_INFINITY is all bits set: clamped to Int.max.
        return Int(clamping: limit.rlim_cur)
        #else
        return nil
        #endif
    }

    #if canImport(Glibc)
    static let resourceNoFile = __rlimit_resource_t(UInt32(RLIMIT_NOFILE.rawValue))
    #elseif canImport(Darwin)
    static let resourceNoFile = RLIMIT_NOFILE
    #endif
}
