import FilterFuzzing
import FuzzDriver

/// libFuzzer's entry point for the `recordingOptions` reader (`FuzzReader.recordingOptions`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerEntry.run(.recordingOptions, data, size)
}

/// The executable's entry point: SwiftPM links an executable target's
/// `main` to `<module>_main`, so this hands the command line to
/// libFuzzer's driver (libFuzzer's own `main` is then not linked).
@_cdecl("fuzz_recordingOptions_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzerDriver(argc, argv, fuzzOneInput)
}
