/// 1 KiB of storage inside a value (sixteen rows of 64 bytes), where a
/// cascade keeps its sections when they fit (`CascadeSections`): stepping them
/// then reads and writes the value itself, with no array whose uniqueness a
/// mutating call would have to check (a call into the Swift runtime on every
/// sample).
///
/// Only trivial types are kept here (plain floating-point fields, as the
/// section forms are: `fits` checks), so a copy of the bytes is a copy of
/// the sections.
@frozen @usableFromInline
struct InlineSectionBytes: Sendable {
    /// The storage, 16-byte aligned.
    @usableFromInline var rows: (SIMD8<Double>, SIMD8<Double>, SIMD8<Double>, SIMD8<Double>,
                                 SIMD8<Double>, SIMD8<Double>, SIMD8<Double>, SIMD8<Double>,
                                 SIMD8<Double>, SIMD8<Double>, SIMD8<Double>, SIMD8<Double>,
                                 SIMD8<Double>, SIMD8<Double>, SIMD8<Double>, SIMD8<Double>)

    /// All bytes 0.
    @inlinable
    init() {
        rows = (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero,
                .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
    }

    /// Whether `count` sections of `Form` fit: a trivial type (no
    /// references), count x stride <= 1 KiB, and an alignment of at most 16.
    @inlinable
    static func fits<Form>(_ type: Form.Type, count: Int) -> Bool {
        _isPOD(Form.self) && MemoryLayout<Form>.stride * count <= MemoryLayout<InlineSectionBytes>.size
            && MemoryLayout<Form>.alignment <= MemoryLayout<InlineSectionBytes>.alignment
    }

    /// The storage as `count` sections of `Form` (which must fit), for the
    /// duration of `body`.
    @inlinable @inline(__always)
    mutating func withSections<Form, Result>(
        _ type: Form.Type, count: Int, _ body: (UnsafeMutableBufferPointer<Form>) -> Result
    ) -> Result {
        withUnsafeMutableBytes(of: &rows) { raw in
            raw.baseAddress!.withMemoryRebound(to: Form.self, capacity: count) {
                body(UnsafeMutableBufferPointer(start: $0, count: count))
            }
        }
    }
}
