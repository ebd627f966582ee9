import FilterFuzzing
import FuzzDriver

/// libFuzzer's entry point for the `firOptions` reader (`FuzzReader.firOptions`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerEntry.run(.firOptions, data, size)
}

/// The executable's entry point: SwiftPM links an executable target's
/// `main` to `<module>_main`, so this hands the command line to
/// libFuzzer's driver (libFuzzer's own `main` is then not linked).
@_cdecl("fuzz_firOptions_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzerDriver(argc, argv, fuzzOneInput)
}
