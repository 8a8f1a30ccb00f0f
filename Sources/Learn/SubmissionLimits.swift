import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The limits a process checking an untrusted submission puts on itself before it runs any of
/// it: processor time, address space, the size of a file it may write, open files. The kernel
/// ends the process when it goes over, so a runaway the Lua budget cannot see (a long C call)
/// ends too.
public struct SubmissionLimits: Sendable, Equatable {
    /// Seconds of processor time for the whole check.
    public var processorSeconds: Int = 20
    /// Bytes of address space.
    public var addressSpace: Int = 4 << 30
    /// The largest file the process may write (its report and curves).
    public var fileSize: Int = 16 << 20
    /// Open files.
    public var openFiles: Int = 256

    public init() {}

    /// Applies the limits to this process; returns what could not be applied.
    public func apply() -> [String] {
        var failures: [String] = []
        func set(_ resource: Int32, _ value: Int, _ name: String) {
            var limit = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
            var current = rlimit()
            if getrlimit(__rlimit_resource_t(UInt32(resource)), &current) == 0, current.rlim_max < limit.rlim_max {
                limit = rlimit(rlim_cur: current.rlim_max, rlim_max: current.rlim_max)
            }
            if setrlimit(__rlimit_resource_t(UInt32(resource)), &limit) != 0 { failures.append(name) }
        }
        set(Int32(RLIMIT_CPU.rawValue), processorSeconds, "processor time")
        set(Int32(RLIMIT_AS.rawValue), addressSpace, "address space")
        set(Int32(RLIMIT_FSIZE.rawValue), fileSize, "file size")
        set(Int32(RLIMIT_NOFILE.rawValue), openFiles, "open files")
        // A write over the size limit fails instead of ending the process.
        signal(SIGXFSZ, SIG_IGN)
        return failures
    }
}
