#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// A device attitude as a unit quaternion (Core Motion's `CMQuaternion`:
/// w, x, y, z), and the yaw the accelerometer articles read from it:
///
///     yaw = asin(2 (qx qz - qw qy))
///
/// For a unit quaternion the argument lies in [-1, 1]; rounding can push it
/// a few ulps outside, where asin is NaN, so it is clamped to [-1, 1] first
/// (that changes nothing else).
public struct Attitude: Sendable, Equatable {
    /// The quaternion's components.
    public var w: Double, x: Double, y: Double, z: Double

    /// A quaternion from its components.
    public init(w: Double, x: Double, y: Double, z: Double) { (self.w, self.x, self.y, self.z) = (w, x, y, z) }

    /// w^2 + x^2 + y^2 + z^2 (1 for an attitude).
    public var normSquared: Double { w * w + x * x + y * y + z * z }

    /// asin(2 (qx qz - qw qy)), radians, in -pi/2 ... pi/2.
    public var yaw: Double {
        let s = 2 * (x * z - w * y)
        return asin(min(max(s, -1), 1))
    }
}
