import MkfilterCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// What ArgumentParser prints itself (--help, usage errors) goes through the C
// library's buffered standard output and then exit(0): flushed at exit, where
// a standard output that cannot take it (a full disk, /dev/full) is an
// error as it is for every command's own output (`emit`): the reason on
// standard error, exit 1.
atexit {
    guard fflush(nil) != 0 else { return }
    let reason = String(cString: strerror(errno))
    let message = Array("mkfilter: cannot write to standard output (\(reason))\n".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    _exit(1)
}

MkfilterCommand.main()
