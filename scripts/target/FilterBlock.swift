// The Swift counterpart of target-check.sh's block_float.c, for
// arm-none-eabi-size: Shake!'s band-pass (Examples/Embedded/ShakeBandPass.swift)
// run by SectionCascade<Float> over a block, as C calls it. Embedded Swift
// specialises the cascade here; FilterRuntime.o holds the rest of the runtime.
import FilterRuntime

nonisolated(unsafe) var cascade = SectionCascade<OffsetForm<Float>>(ShakeBandPass.shakeBandPass053Hz.sections)

@_cdecl("filter_block")
public func filterBlock(_ x: UnsafePointer<Float>, _ y: UnsafeMutablePointer<Float>, _ n: Int) {
    cascade.process(UnsafeBufferPointer(start: x, count: n), into: UnsafeMutableBufferPointer(start: y, count: n))
}
