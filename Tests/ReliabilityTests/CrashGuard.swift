import Foundation

/// What to print if the process dies or hangs while a fuzz program runs: the program's seed
/// and where its source was saved. A crash or a Swift trap cannot be caught in-process, so the
/// note is written by a signal handler (async-signal-safe: one `write` of a prepared buffer), and
/// a hang is caught by a watchdog thread that prints the note and aborts.
enum CrashGuard {
    private static let capacity = 2048
    /// The prepared note (C string) and its length; 0 while no program runs.
    nonisolated(unsafe) private static let note = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
    nonisolated(unsafe) private static var noteLength = 0
    private static let lock = NSLock()
    nonisolated(unsafe) private static var deadline: Double = 0
    nonisolated(unsafe) private static var hangNote = ""

    /// Installs the signal handlers and starts the watchdog (once per process).
    static let installed: Bool = {
        for signal in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                if CrashGuard.noteLength > 0 { _ = write(2, CrashGuard.note, CrashGuard.noteLength) }
                Foundation.signal(sig, SIG_DFL)
                raise(sig)
            }
            action.sa_flags = Int32(SA_ONSTACK)
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        let watchdog = Thread {
            while true {
                Thread.sleep(forTimeInterval: 0.25)
                lock.lock()
                let expired = deadline > 0 && ProcessInfo.processInfo.systemUptime > deadline
                let text = hangNote
                lock.unlock()
                if expired {
                    noteLength = 0
                    FileHandle.standardError.write(Data(text.utf8))
                    abort()
                }
            }
        }
        watchdog.name = "fuzz watchdog"
        watchdog.start()
        return true
    }()

    /// Gives the calling thread an alternate signal stack, so that a stack overflow is reported too.
    static func prepareThread() {
        let size = 1 << 16
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        stack.ss_size = size
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
    }

    /// Arms the guard for one program: `crash` is printed if the process dies, `hang` if the
    /// program is still running after `seconds` of wall-clock time.
    static func arm(crash: String, hang: String, seconds: Double) {
        _ = installed
        let bytes = Array(crash.utf8.prefix(capacity - 1))
        noteLength = 0
        for (i, byte) in bytes.enumerated() { note[i] = CChar(bitPattern: byte) }
        noteLength = bytes.count
        lock.lock()
        hangNote = hang
        deadline = ProcessInfo.processInfo.systemUptime + seconds
        lock.unlock()
    }

    /// Disarms it (the program finished).
    static func disarm() {
        noteLength = 0
        lock.lock()
        deadline = 0
        lock.unlock()
    }
}
