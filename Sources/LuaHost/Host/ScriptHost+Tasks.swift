import LayerKit
import LuaBridge

/// `ca.spawn` tasks: coroutines the host resumes, inside a transaction, under the budget.
extension ScriptHost {
    /// Starts the function at the top of `lua`'s stack as a task.
    func spawnTask(from lua: LuaState) {
        let thread = self.lua.newThread()
        let ref = self.lua.popRef()
        lua.move(1, to: thread)
        tasks[thread.L] = TaskRecord(ref: ref, thread: thread)
        resume(thread, arguments: 0)
    }

    /// Continues a waiting task.
    func resumeTask(_ pointer: OpaquePointer) {
        guard let record = tasks[pointer] else { return }
        scene.perform { resume(record.thread, arguments: 0) }
    }

    private func resume(_ thread: LuaState, arguments: Int32) {
        do {
            switch try lua.resume(thread, arguments: arguments) {
            case .yielded(let count):
                thread.pop(count)
            case .returned:
                finishTask(thread.L)
            }
        } catch {
            report(ScriptError(error, context: "a task"))
            finishTask(thread.L)
        }
    }

    private func finishTask(_ pointer: OpaquePointer) {
        if let record = tasks.removeValue(forKey: pointer) { release(record.ref) }
    }
}

/// Input from the window, for `ca.on` handlers and `onTap`.
public enum InputEvent: Sendable, Equatable {
    case keyDown(String)
    case keyUp(String)
    case mouseDown(x: Double, y: Double, button: Int)
    case mouseUp(x: Double, y: Double, button: Int)
    case mouseMove(x: Double, y: Double, button: Int)
    case resize(width: Double, height: Double)
}

extension ScriptHost {
    /// Delivers an input event to the script's handlers (and a click to the layer under it).
    public func dispatch(_ event: InputEvent) {
        switch event {
        case .keyDown(let key): fire("keydown") { lua in lua.push(key); return 1 }
        case .keyUp(let key): fire("keyup") { lua in lua.push(key); return 1 }
        case let .mouseDown(x, y, button):
            fire("mousedown") { lua in lua.push(x); lua.push(y); lua.push(button); return 3 }
            tap(at: Point(x: x, y: y))
        case let .mouseUp(x, y, button):
            fire("mouseup") { lua in lua.push(x); lua.push(y); lua.push(button); return 3 }
        case let .mouseMove(x, y, button):
            fire("mousemove") { lua in lua.push(x); lua.push(y); lua.push(button); return 3 }
        case let .resize(width, height):
            scene.resize(to: Size(width: width, height: height))
            if lua.getGlobal("ca") == .table {
                pushScreen()
                lua.rawSet(-2, field: "screen")
            }
            lua.pop()
            fire("resize") { lua in lua.push(width); lua.push(height); return 2 }
        }
    }

    /// Calls the `onTap` of the frontmost layer under `point` (in root coordinates) that has one,
    /// looking at what is on screen (the presentation tree), as Core Animation hit-tests.
    /// Returns whether a handler ran.
    @discardableResult
    public func tap(at point: Point) -> Bool {
        scene.ensurePresentation()
        var layer = scene.root.hitTest(point, .presentation)
        while let candidate = layer {
            lua.push(candidate)
            ObjectState.layers.push(lua, object: -1, field: "onTap")
            if lua.type(at: -1) == .function {
                let local = candidate.convertPoint(point, from: nil, .presentation) ?? point
                lua.insert(at: -2)
                lua.pop()
                let callback = LuaCallback(popping: lua, host: self)
                callback.call("an onTap handler") { lua in lua.push(candidate); lua.pushPoint(local); return 2 }
                return true
            }
            lua.pop(2)
            layer = candidate.superlayer
        }
        return false
    }

    private func fire(_ event: String, _ arguments: (LuaState) -> Int32) {
        for handler in eventHandlers[event] ?? [] { handler.call("a '\(event)' handler", arguments) }
    }
}
