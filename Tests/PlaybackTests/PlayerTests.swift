import Foundation
import LayerKit
import LuaBridge
@testable import LuaHost
@testable import Playback
import Testing
import TestSupport

/// The scene at a moment is the same however the moment was reached: by playing, by seeking
/// back (a rebuilt run, replayed), or after a reload — with the input it received at the same
/// ticks, and what it printed told once.
struct PlayerTests {
    /// A script whose state records its history: display-link calls, timer fires with random
    /// draws, the clicks it saw and when, and the layer a click turns blue.
    static let history = """
        frames, fires, draws, clicks = 0, 0, {}, {}
        local box = ca.Layer{ name = "box", bounds = {0, 0, 50, 50}, position = {100, 100}, backgroundColor = "red" }
        ca.root:addSublayer(box)
        ca.DisplayLink(function(link) frames = frames + 1; box.position = { 100 + frames, 100 } end)
        ca.every(0.25, function()
          fires = fires + 1
          draws[#draws + 1] = math.random(1000)
          print("fire", fires)
        end)
        ca.on("mousedown", function(x, y)
          clicks[#clicks + 1] = string.format("%.4f@%g,%g", ca.now(), x, y)
          box.backgroundColor = "blue"
        end)
        function summary()
          return string.format("%d %d [%s] [%s] %g %.4f", frames, fires, table.concat(draws, ","),
            table.concat(clicks, ";"), box.backgroundColor.b, os.clock())
        end
        """

    final class Log {
        var lines: [String] = []
    }

    func player(_ folder: TemporaryFolder, _ text: String = PlayerTests.history) throws -> (Player, Log) {
        let path = try folder.write("scene.lua", text)
        let log = Log()
        let script = LiveScript(source: .file(path), options: ScriptOptions())
        script.log = { log.lines.append($0) }
        let player = Player(script: script)
        player.budget = 10
        player.replayBudget = 10
        player.idleBudget = 10
        return (player, log)
    }

    func summary(_ player: Player) throws -> String {
        let runner = try #require(player.runner)
        return try runner.value("return summary()")
    }

    /// Brings the player to `time` (paused), finishing any replay.
    func go(_ player: Player, to time: Double) {
        player.setPaused(true)
        player.seek(to: time)
        player.update(realSeconds: 0)
        while player.replay != nil { player.update(realSeconds: 0) }
    }

    @Test func seekingBackGivesTheSceneThatPlayingGave() throws {
        let folder = try TemporaryFolder()
        let (player, log) = try player(folder)
        #expect(player.open() == .loaded)
        go(player, to: 2)
        player.deliver(.mouseDown(x: 30, y: 40, button: 1))
        go(player, to: 3)
        let played = try summary(player)
        #expect(played.hasPrefix("181 12 ["))
        #expect(played.contains("[2.0000@30,40] 1 3.0000"))
        let first = player.runner

        go(player, to: 1)
        #expect(player.runner !== first)
        #expect(try summary(player).hasPrefix("61 4 ["))
        go(player, to: 3)
        #expect(try summary(player) == played)
        // What the timer printed while replaying was told once.
        #expect(log.lines.filter { $0 == "fire\t4" }.count == 1)
        #expect(log.lines.last == "fire\t12")
        go(player, to: 3.5)
        #expect(log.lines.last == "fire\t14")
    }

    @Test func aClickAtTwoSecondsSurvivesAReloadAtThree() throws {
        let folder = try TemporaryFolder()
        let (player, _) = try player(folder)
        player.open()
        go(player, to: 2)
        player.deliver(.mouseDown(x: 5, y: 6, button: 1))
        go(player, to: 3)
        let before = try summary(player)
        let old = try #require(player.runner)

        try folder.write("scene.lua", Self.history + "\nprint('reloaded', ca.isReload)")
        #expect(player.reload() == .loaded)
        player.update(realSeconds: 0)
        while player.replay != nil { player.update(realSeconds: 0) }
        let new = try #require(player.runner)
        #expect(new !== old)
        #expect(new.tick == old.tick)
        #expect(try summary(player) == before)
        #expect(try new.value("return tostring(ca.isReload)") == "true")
    }

    @Test func aReloadThatFailsKeepsTheOldSceneAtItsMoment() throws {
        let folder = try TemporaryFolder()
        let (player, log) = try player(folder)
        player.open()
        go(player, to: 2.5)
        let before = try summary(player)
        let old = try #require(player.runner)

        try folder.write("scene.lua", "ca.root:addSublayer(")
        #expect(player.reload() == .failed)
        player.update(realSeconds: 0)
        #expect(player.runner === old)
        #expect(old.tick == 150)
        #expect(try summary(player) == before)
        #expect(player.script.error?.kind == .syntax)
        #expect(log.lines.contains { $0.contains("scene.lua:1:") })

        // An error in the new script's replayed time: it runs, and shows its error.
        try folder.write("scene.lua", Self.history + "\nca.after(1, function() error('late') end)")
        #expect(player.reload() == .loaded)
        while player.replay != nil { player.update(realSeconds: 0) }
        #expect(player.runner !== old)
        #expect(player.script.error?.message.hasSuffix("scene.lua:18: late") == true)
    }

    @Test func theFrameRateOfARenderDoesNotChangeTheHistory() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("scene.lua", Self.history)
        var summaries: [String] = []
        for fps in [10.0, 24, 30, 60] {
            let runner = try ScriptRecipe(source: .file(path), options: ScriptOptions())
                .start(output: { _, _ in }, errors: { _, _ in })
            var log = InputLog()
            log.append(.mouseDown(x: 1, y: 2, button: 1), at: Tick.index(atOrAfter: 1.5))
            for frame in 0...Int(3 * fps) {
                runner.advance(to: Tick.index(atOrBefore: Double(frame) / fps), log: log)
            }
            summaries.append(try runner.value("return summary()"))
        }
        #expect(Set(summaries).count == 1)
        #expect(summaries[0].contains("[1.5000@1,2]"))
    }

    @Test func aFrameBetweenTicksShowsThePresentationThenAndChangesNothing() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("scene.lua", """
            local box = ca.Layer{ name = "box", bounds = {0, 0, 10, 10}, position = {0, 0} }
            ca.root:addSublayer(box)
            box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 0, toValue = 100, duration = 1,
              timingFunction = "linear" }, "slide")
            """)
        let runner = try ScriptRecipe(source: .file(path), options: ScriptOptions())
            .start(output: { _, _ in }, errors: { _, _ in })
        runner.advance(to: 30, log: InputLog())
        let box = try #require(runner.scene.root.sublayers.first)
        // Ticks make no values nothing reads: a direct read asks for them.
        runner.scene.ensurePresentation()
        let atTick = box.point(.position, .presentation).x
        #expect(abs(atTick - 50) < 1e-9)
        var between = 0.0
        runner.withFrame(at: 0.5 + 0.004) { _ in between = box.point(.position, .presentation).x }
        #expect(abs(between - 50.4) < 1e-9)
        runner.scene.ensurePresentation()
        #expect(box.point(.position, .presentation).x == atTick)
        #expect(runner.scene.time == 0.5)
    }

    @Test func aLongReplayGoesOnOverSeveralUpdatesAndCanBeCancelled() throws {
        let folder = try TemporaryFolder()
        let (player, _) = try player(folder)
        player.open()
        go(player, to: 30)
        let shown = try #require(player.runner)
        player.budget = 0
        player.replayBudget = 0
        player.seek(to: 20)
        player.update(realSeconds: 0)
        let first = try #require(player.progress)
        #expect(first < 1)
        player.update(realSeconds: 0)
        #expect(try #require(player.progress) > first)
        #expect(player.runner === shown)
        player.cancelReplay()
        #expect(player.replay == nil)
        #expect(player.runner === shown)
        #expect(player.timeline.playhead == 30)
    }

    /// Cancelling a new run's replay (a script opened or reloaded at a moment too heavy to
    /// reach at once) shows that run where it got to, not the old scene or none.
    @Test func aCancelledOpenOrReloadShowsTheNewRunWhereItGot() throws {
        let folder = try TemporaryFolder()
        let (player, _) = try player(folder)
        player.budget = 0.0005
        player.replayBudget = 0.0005
        var timeline = Timeline()
        timeline.playhead = 30
        timeline.isPaused = true
        player.open(at: timeline)
        for _ in 0..<3 { player.update(realSeconds: 0) }
        #expect(player.replay != nil)
        player.cancelReplay()
        let opened = try #require(player.runner)
        #expect(player.replay == nil && !player.isSeeking)
        #expect(opened.tick > 0 && player.timeline.playhead == opened.time && opened.time < 30)
        // A reload from there, cancelled at once: the new run is shown, not the old one.
        player.reload()
        player.cancelReplay()
        let reloaded = try #require(player.runner)
        #expect(reloaded !== opened && player.timeline.playhead == reloaded.time)
    }

    /// A caller that owes the user a frame (a reload's) asks for no idle work: nothing is parked
    /// until a later update may use idle time.
    @Test func idleWorkWaitsWhenTheCallerOwesAFrame() throws {
        let folder = try TemporaryFolder()
        let (player, _) = try player(folder)
        player.open()
        go(player, to: 61)
        player.parked.removeAll(closing: { _ in })
        player.update(realSeconds: 0, idle: false)
        #expect(player.parked.runs.isEmpty)
        player.update(realSeconds: 0)
        #expect(player.parked.runs.map(\.tick) == [3600])
    }

    @Test func seekingBackAndForthSwapsParkedRunsAndKeepsTheState() throws {
        let folder = try TemporaryFolder()
        let (player, _) = try player(folder)
        player.open()
        go(player, to: 61)
        player.update(realSeconds: 0)
        let at61 = try summary(player)
        let first = try #require(player.runner)
        // Paused, the player parked a run at 60 s: the seek back takes it, replaying nothing.
        #expect(player.parked.runs.map(\.tick) == [3600])
        go(player, to: 60)
        #expect(player.seekFromParked && !player.seekRebuilt && player.ticksSinceSeek == 0)
        let at60 = try summary(player)
        let second = try #require(player.runner)
        // Forward again to 61: the run the seek left is taken back, not made again.
        go(player, to: 61)
        #expect(player.runner === first)
        #expect(player.seekFromParked && player.ticksSinceSeek == 0)
        #expect(try summary(player) == at61)
        go(player, to: 60)
        #expect(player.runner === second)
        #expect(try summary(player) == at60)
        // New input at 60 s: the run parked at 61 s went past it without it, and goes.
        player.deliver(.mouseDown(x: 1, y: 1, button: 1))
        go(player, to: 61)
        #expect(player.runner === second)
        #expect(try summary(player) != at61)
        #expect(try summary(player).contains("[60.0000@1,1]"))
        // A fresh run given the same input agrees with the parked ones.
        let fresh = try self.player(folder).0
        fresh.open()
        go(fresh, to: 60)
        fresh.deliver(.mouseDown(x: 1, y: 1, button: 1))
        go(fresh, to: 61)
        #expect(try summary(fresh) == summary(player))
    }

    @Test func whilePausedARunIsParkedASecondBeforeThePlayhead() throws {
        let folder = try TemporaryFolder()
        let (player, _) = try player(folder)
        player.open()
        go(player, to: 30.5)
        for _ in 0..<3 { player.update(realSeconds: 0.1) }
        #expect(player.runner?.tick == 1830)
        #expect(player.parked.runs.map(\.tick) == [1800])
        go(player, to: 30.2)
        #expect(player.seekFromParked)
        #expect(player.ticksSinceSeek == 12)
        let parkedWay = try summary(player)
        let fresh = try self.player(folder).0
        fresh.open()
        go(fresh, to: 30.2)
        #expect(try summary(fresh) == parkedWay)
    }

    /// Frames at other moments than the one shown (onion skins while paused) come from the run
    /// parked before them, not from a run replayed from 0, and agree with playing there.
    @Test func stillFramesStartFromAParkedRunAndParkItAgain() throws {
        let folder = try TemporaryFolder()
        let (player, _) = try player(folder)
        player.open()
        go(player, to: 30.5)
        for _ in 0..<3 { player.update(realSeconds: 0.1) }
        #expect(player.parked.runs.map(\.tick) == [1800])
        let shown = try #require(player.runner)
        func boxX(_ scene: Scene) -> AnimationValue? {
            try? scene.root.firstInSubtree { $0.name == "box" }?.value(forKeyPath: "position.x", .presentation)
        }
        var xs: [Double: AnimationValue] = [:]
        player.withStillFrames(at: [30.4, 30.2, 30.3]) { time, scene in xs[time] = boxX(scene) }
        // The display link moves the box a point a tick; a fresh run played there agrees.
        #expect(xs.keys.sorted() == [30.2, 30.3, 30.4])
        let fresh = try self.player(folder).0
        fresh.open()
        for time in [30.2, 30.3, 30.4] {
            go(fresh, to: time)
            var expected: AnimationValue?
            fresh.withFrame { scene in expected = scene.flatMap(boxX) }
            #expect(xs[time] == expected && expected != nil)
        }
        // The parked run went on to the last moment and was parked there; the run shown stays.
        #expect(player.parked.runs.map(\.tick) == [1824])
        #expect(player.runner === shown && player.runner?.tick == 1830)
        // Past the output told so far, the still run is not kept: it stayed silent there, and
        // showing it later would lose what the script printed meanwhile.
        var shownAt: [Double] = []
        player.withStillFrames(at: [30.9]) { time, _ in shownAt.append(time) }
        #expect(shownAt == [30.9])
        #expect(player.parked.runs.isEmpty)
    }

    @Test func restartForgetsTheInputAndStartsAtZero() throws {
        let folder = try TemporaryFolder()
        let (player, _) = try player(folder)
        player.open()
        go(player, to: 1)
        player.deliver(.mouseDown(x: 1, y: 1, button: 1))
        go(player, to: 2)
        #expect(player.restart(size: Size(width: 800, height: 600)) == .loaded)
        go(player, to: 2)
        #expect(try summary(player).contains("[] 0"))
        #expect(player.log.entries.isEmpty)
    }

    @Test func playingLoopsBetweenTheMarks() throws {
        var timeline = Timeline()
        timeline.playhead = 1
        timeline.markIn()
        timeline.playhead = 2
        timeline.markOut()
        #expect(timeline.loopRange == 1...2)
        timeline.play(for: 0.75)
        #expect(abs(timeline.playhead - 1.75) < 1e-12)
        timeline.play(for: 0.5)
        #expect(abs(timeline.playhead - 1.25) < 1e-12)
        timeline.speed = 0.1
        timeline.play(for: 1)
        #expect(abs(timeline.playhead - 1.35) < 1e-12)
        timeline.isPaused = true
        timeline.play(for: 1)
        #expect(abs(timeline.playhead - 1.35) < 1e-12)
        timeline.clearMarks()
        #expect(timeline.loopRange == nil)
        timeline.playhead = -3
        #expect(timeline.playhead == 0)
        timeline.speed = 4
        timeline.cycleSpeed()
        #expect(timeline.speed == 0.1)
        timeline.cycleSpeed()
        #expect(timeline.speed == 0.25)
    }

    @Test func newInputAfterASeekBackReplacesWhatCameLater() {
        var log = InputLog()
        log.append(.keyDown("a"), at: 10)
        log.append(.keyDown("b"), at: 20)
        log.append(.keyDown("c"), at: 20)
        #expect(log.events(at: 20).map(\.event) == [.keyDown("b"), .keyDown("c")])
        log.append(.keyDown("d"), at: 15)
        #expect(log.entries.map(\.event) == [.keyDown("a"), .keyDown("d")])
        #expect(log.events(at: 20).isEmpty)
        #expect(log.events(at: 15).map(\.event) == [.keyDown("d")])
    }

    @Test(arguments: [1.0, 7, 10, 12, 24, 25, 30, 50, 60, 120])
    func framesOfAnyRateFallOnTheTickTheyMean(fps: Double) {
        for frame in 0...Int(fps * 5) {
            let time = Double(frame) / fps
            let tick = Tick.index(atOrBefore: time)
            #expect(Tick.time(tick) <= time + 1e-9)
            #expect(Tick.time(tick + 1) > time + 1e-9)
            #expect(Tick.isOnTick(time) == ((frame * 60) % Int(fps) == 0))
        }
    }

    /// A key pressed just after a step, before the window's next frame makes it, reaches the
    /// stepped scene: the viewer's F7 then a key in one batch of events.
    @Test func inputGivenBeforeAStepIsMadeReachesTheSteppedScene() throws {
        let folder = try TemporaryFolder()
        let (player, _) = try player(folder)
        player.open()
        go(player, to: 1)
        player.step(by: 1)
        player.deliver(.mouseDown(x: 7, y: 8, button: 1))
        player.update(realSeconds: 0)
        #expect(try summary(player).contains("[1.0167@7,8]"))
        // Seeking back and forth replays it at the same tick.
        go(player, to: 0.5)
        go(player, to: 2)
        #expect(try summary(player).contains("[1.0167@7,8]"))
    }

    /// The same, stepping back: the input reaches the scene at the earlier tick.
    @Test func inputGivenBeforeAStepBackIsMadeReachesTheEarlierScene() throws {
        let folder = try TemporaryFolder()
        let (player, _) = try player(folder)
        player.open()
        go(player, to: 1)
        player.step(by: -1)
        player.deliver(.mouseDown(x: 7, y: 8, button: 1))
        player.update(realSeconds: 0)
        while player.replay != nil { player.update(realSeconds: 0) }
        #expect(try summary(player).contains("[0.9833@7,8]"))
    }
}

extension SceneRunner {
    /// The first result of `code`, run in the script's VM, as a string.
    func value(_ code: String) throws -> String {
        let lua = host.vm.lua
        let top = lua.top
        defer { lua.top = top }
        try lua.run(code, chunkName: "=test", results: 1)
        return lua.toString(at: -1) ?? "nil"
    }
}
