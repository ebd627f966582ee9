// The C math library, imported once for the whole module.
//
// Fisher's programs were linked against the platform libm; calling the same
// functions (tan, sinh, cosh, hypot, atan2, ...) is what makes our last bits
// agree with his. Foundation is deliberately not used.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
