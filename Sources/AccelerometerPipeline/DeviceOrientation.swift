#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// The accelerometer articles' tilt: the angle of gravity in the screen's
/// plane and the interface orientation it implies.
///
///     angle = atan2(y, -x)   (radians, -pi ... pi)
///
/// | angle | orientation |
/// |---|---|
/// | -2.25 <= angle <= -0.75 | portrait (home button down: y = -1 g gives -pi/2) |
/// | -0.75 < angle < 0.75 | landscapeRight |
/// | 0.75 <= angle <= 2.25 | portraitUpsideDown |
/// | angle < -2.25 or angle > 2.25 | landscapeLeft |
///
/// With the phone flat (x = y = 0) the angle is atan2(0, -0) = pi, as the
/// formula gives it: the class then means nothing.
public enum DeviceOrientation: String, Sendable, CaseIterable {
    /// -2.25 <= angle <= -0.75: upright, home button down.
    case portrait
    /// -0.75 < angle < 0.75.
    case landscapeRight
    /// 0.75 <= angle <= 2.25.
    case portraitUpsideDown
    /// |angle| > 2.25.
    case landscapeLeft

    /// The articles' class boundaries, radians.
    public static let inner = 0.75, outer = 2.25

    /// atan2(y, -x).
    public static func tiltAngle(x: Double, y: Double) -> Double { atan2(y, -x) }

    /// The class of a tilt angle (see the table above).
    public init(angle: Double) {
        if angle >= -Self.outer && angle <= -Self.inner {
            self = .portrait
        } else if angle > -Self.inner && angle < Self.inner {
            self = .landscapeRight
        } else if angle >= Self.inner && angle <= Self.outer {
            self = .portraitUpsideDown
        } else {
            self = .landscapeLeft
        }
    }

    /// The class of a sample's tilt.
    public init(_ a: Acceleration) { self.init(angle: Self.tiltAngle(x: a.x, y: a.y)) }
}
