import Glibc
import Render
import Synchronization

/// The temporary files being written, removed if the process is interrupted (Ctrl-C, SIGTERM)
/// so that a stopped render leaves nothing half-written behind. Commands that write files call
/// `installHandlers()`; the viewer does not (SDL turns Ctrl-C into a quit event there, and the
/// viewer's own recordings clean up as they stop).
public enum InterruptCleanup {
    /// Slots of C strings the signal handler reads without locking (a handler may not lock).
    private static let capacity = 32
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    private static let lock = Mutex(())

    /// Removes the registered files when SIGINT or SIGTERM arrives, then dies of that signal.
    public static func installHandlers() {
        _ = slots
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { received in
                for i in 0..<InterruptCleanup.capacity {
                    if let path = InterruptCleanup.slots[i] { unlink(path) }
                }
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    static func register(_ path: String) {
        lock.withLock { _ in
            for i in 0..<capacity where slots[i] == nil {
                slots[i] = strdup(path)
                return
            }
        }
    }

    static func unregister(_ path: String) {
        lock.withLock { _ in
            for i in 0..<capacity {
                guard let slot = slots[i], String(cString: slot) == path else { continue }
                slots[i] = nil
                free(slot)
                return
            }
        }
    }
}
