import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Process {
    /// Starts the process with no signal blocked. A child inherits the signal mask of the
    /// thread that starts it, and the test runner's threads block nearly every signal: a server
    /// started from one never sees the SIGTERM that asks it to stop, nor a viewer the SIGABRT
    /// that makes it print its stacks.
    public func runWithSignalsUnblocked() throws {
        var none = sigset_t()
        var previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try run()
    }
}
