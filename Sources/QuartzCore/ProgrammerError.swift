// Programmer errors (misuse of the API) stop the process with a message saying what was wrong and how to
// fix it. `precondition` and `preconditionFailure` drop their messages in optimised builds ("precondition
// failure" is all a release render would print), so these two are built on `fatalError`, which keeps its
// message at every optimisation level. UIKit, QuartzCore, Stage and Playback use them for every check a
// user's code can trip.

/// Stops the process: `message` names the call, what was wrong and how to fix it.
@inline(never)
package func misuse(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError(message(), file: file, line: line)
}

/// Stops the process with `message` unless `condition` holds; the message survives release builds.
@inline(__always)
package func checkUsage(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                        file: StaticString = #fileID, line: UInt = #line) {
    if !condition() { misuse(message(), file: file, line: line) }
}
