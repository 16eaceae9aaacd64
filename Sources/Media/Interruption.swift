// Stopping a render on request: SIGINT (Ctrl-C) and SIGTERM set a flag that frame loops and long encodes
// check, so the render stops between two frames and every sink cancels, removing its partial output.
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A render stopped because the process was asked to stop (`Interruption`). Nothing was written: every
/// sink cancelled, and what was at its path before is as it was.
public struct Interrupted: Error, CustomStringConvertible, Equatable {
    /// The signal that asked: SIGINT or SIGTERM.
    public let signal: Int32
    public var description: String { "interrupted by \(Interruption.name(of: signal))" }
}

/// The process-wide request to stop. `handleSignals()` turns SIGINT and SIGTERM into a request (a second
/// one stops the process at once, as the signal normally would); renders call `check()` between frames
/// and encoders during long passes. Without `handleSignals()` (in tests, in a host app) nothing changes.
public enum Interruption {
    /// The signal that asked to stop; 0 while none has.
    private static let requested = Atomic<Int32>(0)
    private static let installed = Atomic<Bool>(false)

    /// Makes SIGINT and SIGTERM request a stop instead of killing the process. Idempotent. The handler
    /// only stores the signal number (async-signal-safe); a second signal while a stop is pending
    /// restores the default action and raises it again.
    public static func handleSignals() {
        guard !installed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        _ = requested.load(ordering: .relaxed)  // initialise the static before a handler can touch it
        for signalNumber in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = interruptionSignalHandler
            #else
            action.__sigaction_handler.sa_handler = interruptionSignalHandler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0  // no SA_RESTART: a blocking read or write returns EINTR and the loop checks
            sigaction(signalNumber, &action, nil)
        }
        // A parent may have started this process with the signals blocked (Foundation's Process does):
        // a blocked signal would wait forever instead of stopping the render.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The signal that asked to stop, or nil while none has.
    public static var signal: Int32? {
        let value = requested.load(ordering: .sequentiallyConsistent)
        return value == 0 ? nil : value
    }

    /// Throws `Interrupted` when a stop was requested.
    public static func check() throws {
        if let signal { throw Interrupted(signal: signal) }
    }

    /// "SIGINT", "SIGTERM", else "signal N".
    public static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(signal)"
        }
    }

    /// Called from the signal handler only: true when a stop was already pending.
    fileprivate static func received(_ signalNumber: Int32) -> Bool {
        requested.exchange(signalNumber, ordering: .sequentiallyConsistent) != 0
    }
}

private func interruptionSignalHandler(_ signalNumber: Int32) {
    if Interruption.received(signalNumber) {
        // Asked twice: stop now. The next run at the same path clears the partial this one leaves.
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }
}
