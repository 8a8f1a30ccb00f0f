import ArgumentParser
import Foundation
import LayerKit
import LuaHost
import Playback

/// Input for runs without a window: `--click X,Y[@T]` and `--key NAME[@T]`, delivered to the
/// script at media time T (default 0) exactly as the window would deliver them — a click is a
/// mouse down and up at the point (reaching `onTap` through hit testing), a key a down and up.
struct ScriptedInput: ParsableArguments {
    @Option(name: .customLong("click"), parsing: .unconditionalSingleValue, help: "Click at X,Y (points) at time T: X,Y or X,Y@T. Repeatable.")
    var clicks: [TimedClick] = []

    @Option(name: .customLong("key"), parsing: .unconditionalSingleValue, help: "Press a key (SDL's name, as scripts see it) at time T: NAME or NAME@T. Repeatable.")
    var keys: [TimedKey] = []

    func validate() throws {
        for click in clicks { try TimeArgument.check(click.time, "--click's time") }
        for key in keys { try TimeArgument.check(key.time, "--key's time") }
    }

    /// The events in time order (clicks before keys at the same time, each in the order given).
    var events: [(time: Double, events: [InputEvent])] {
        let all = clicks.map { ($0.time, [InputEvent.mouseDown(x: $0.x, y: $0.y, button: 1),
                                        .mouseUp(x: $0.x, y: $0.y, button: 1)]) }
            + keys.map { ($0.time, [InputEvent.keyDown($0.name), .keyUp($0.name)]) }
        return all.enumerated().sorted { a, b in
            a.element.0 != b.element.0 ? a.element.0 < b.element.0 : a.offset < b.offset
        }.map { (time: $0.element.0, events: $0.element.1) }
    }
}

extension ScriptedInput {
    /// The events as a run's input log: each delivered after the last tick at or before its time
    /// (so a handler's `ca.now()` is that tick's time), as the window delivers input after the
    /// tick on screen.
    var log: InputLog {
        var log = InputLog()
        for group in events {
            for event in group.events { log.append(event, at: Tick.index(atOrBefore: group.time)) }
        }
        return log
    }
}

/// `X,Y` or `X,Y@T`.
struct TimedClick: ExpressibleByArgument {
    let x: Double, y: Double, time: Double

    init?(argument: String) {
        let (body, time) = splitTime(argument)
        let parts = body.split(separator: ",")
        guard let time, parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]),
              x.isFinite, y.isFinite else { return nil }
        self.x = x
        self.y = y
        self.time = time
    }
}

/// `NAME` or `NAME@T`.
struct TimedKey: ExpressibleByArgument {
    let name: String, time: Double

    init?(argument: String) {
        let (body, time) = splitTime(argument)
        guard let time, !body.isEmpty else { return nil }
        name = body.lowercased()
        self.time = time
    }
}

/// Splits "body@time"; the time is 0 when absent, nil when it is not a number (its range is
/// checked with the other options', so that the message can say it).
private func splitTime(_ argument: String) -> (String, Double?) {
    guard let at = argument.lastIndex(of: "@") else { return (argument, 0) }
    return (String(argument[..<at]), Double(argument[argument.index(after: at)...]))
}
