import CFFTW
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Serialises every call into FFTW's planner.
///
/// FFTW documents `fftw_execute` (and the new-array execute functions) as
/// thread-safe, and everything else — plan creation and destruction above all —
/// as not: "the planner ... is not thread-safe" (FFTW 3.3 manual, §5.2
/// "Thread safety"). Every plan in this module is made and destroyed inside
/// `FFTWPlanner.serialized`.
enum FFTWPlanner {
    /// A process-wide mutex. A pthread mutex rather than `Synchronization.Mutex`
    /// because the values crossing it (C pointers) are not `Sendable`.
    private nonisolated(unsafe) static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(m, nil)
        return m
    }()

    /// Runs `body` while holding the planner lock.
    static func serialized<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// One FFTW real-to-complex plan of a fixed length, destroyed (under the
/// planner lock) when the last user lets go of it.
///
/// The plan is executed only through `fftw_execute_dft_r2c` with the caller's
/// arrays, which FFTW allows from any thread as long as the arrays have the
/// alignment of the ones it was planned with: all arrays here come from
/// `fftw_alloc_real` / `fftw_alloc_complex`, so they do.
final class RealToComplexPlan: @unchecked Sendable {
    let length: Int
    /// Whether the plan transforms in place (input and output one array of
    /// n/2 + 1 complex values) rather than from one array into another.
    let inPlace: Bool
    let plan: fftw_plan

    /// Plans a transform of `length` points with `FFTW_ESTIMATE` (a few
    /// milliseconds for 131,072 points; `FFTW_MEASURE` takes over a second).
    init(length: Int, inPlace: Bool = false) {
        self.length = length
        self.inPlace = inPlace
        plan = FFTWPlanner.serialized {
            // FFTW_ESTIMATE never touches the arrays, so scratch ones will do.
            let output = fftw_alloc_complex(length / 2 + 1)!
            if inPlace {
                defer { fftw_free(output) }
                let input = UnsafeMutableRawPointer(output).assumingMemoryBound(to: Double.self)
                return fftw_plan_dft_r2c_1d(Int32(length), input, output, UInt32(FFTW_ESTIMATE))!
            }
            let input = fftw_alloc_real(length)!
            defer { fftw_free(input); fftw_free(output) }
            return fftw_plan_dft_r2c_1d(Int32(length), input, output, UInt32(FFTW_ESTIMATE))!
        }
    }

    deinit {
        FFTWPlanner.serialized { fftw_destroy_plan(plan) }
    }

    /// The plans made so far, by length, so that a second transform of the same
    /// length does not plan again. Bounded: the oldest plans are dropped first.
    private nonisolated(unsafe) static var cache: [(length: Int, inPlace: Bool, plan: RealToComplexPlan)] = []
    private static let cacheLimit = 16

    /// A plan for `length` points (in place or not), made once and then reused.
    static func shared(length: Int, inPlace: Bool = false) -> RealToComplexPlan {
        if let found = FFTWPlanner.serialized({ cache.first(where: { $0.length == length && $0.inPlace == inPlace })?.plan }) {
            return found
        }
        let made = RealToComplexPlan(length: length, inPlace: inPlace)
        // An evicted plan is released after the lock is let go: its deinit
        // takes the same (non-recursive) lock to destroy the FFTW plan.
        var evicted: RealToComplexPlan? = nil
        let plan = FFTWPlanner.serialized { () -> RealToComplexPlan in
            if let raced = cache.first(where: { $0.length == length && $0.inPlace == inPlace })?.plan { return raced }
            cache.append((length, inPlace, made))
            if cache.count > cacheLimit { evicted = cache.removeFirst().plan }
            return made
        }
        withExtendedLifetime(evicted) {}
        evicted = nil
        return plan
    }
}
