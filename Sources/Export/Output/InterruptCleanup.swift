import Glibc
import Render
import Synchronization

/// The temporary files being written, removed if the process is interrupted (Ctrl-C, SIGTERM)
/// so that a stopped render leaves nothing half-written behind. Commands that write files call
/// `installHandlers()`; the viewer does not (SDL turns Ctrl-C into a quit event there, and the
/// viewer's own recordings clean up as they stop).
public enum InterruptCleanup {
    /// C strings the signal handler reads without locking (a handler may not lock).
    private static let capacity = 32
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let paths = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        paths.initialize(repeating: nil, count: capacity)
        return paths
    }()
    private static let lock = Mutex(())

    /// Removes the registered files when SIGINT or SIGTERM arrives, then dies of that signal.
    public static func installHandlers() {
        _ = paths
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { received in
                for i in 0..<InterruptCleanup.capacity {
                    if let path = InterruptCleanup.paths[i] { unlink(path) }
                }
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    static func register(_ path: String) {
        lock.withLock { _ in
            for i in 0..<capacity where paths[i] == nil {
                paths[i] = strdup(path)
                return
            }
        }
    }

    static func unregister(_ path: String) {
        lock.withLock { _ in
            for i in 0..<capacity {
                guard let held = paths[i], String(cString: held) == path else { continue }
                paths[i] = nil
                free(held)
                return
            }
        }
    }
}
