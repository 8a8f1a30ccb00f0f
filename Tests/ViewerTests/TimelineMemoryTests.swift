import Foundation
import Playback
import Testing
import TestSupport
@testable import Viewer

/// Each script's timeline is remembered in the user's state folder, so that reopening a script
/// opens where it was left.
struct TimelineMemoryTests {
    @Test func aSavedTimelineComesBackForTheSameScript() throws {
        let folder = try TemporaryFolder()
        let memory = TimelineMemory(environment: ["XDG_STATE_HOME": folder.path, "HOME": "/nonexistent"])
        #expect(memory.file == folder.path + "/snowglobe/timelines.json")
        var timeline = Timeline()
        timeline.playhead = 3.5
        timeline.inPoint = 1
        timeline.outPoint = 4
        timeline.loops = true
        timeline.speed = 0.25
        #expect(memory.save(timeline, for: folder.path + "/scene.lua") == nil)
        #expect(memory.timeline(for: folder.path + "/./scene.lua") == timeline)
        #expect(memory.timeline(for: folder.path + "/other.lua") == nil)
    }

    @Test func withoutXDGStateHomeItLivesUnderHome() {
        let memory = TimelineMemory(environment: ["HOME": "/home/someone"])
        #expect(memory.file == "/home/someone/.local/state/snowglobe/timelines.json")
        #expect(TimelineMemory(environment: [:]).file == nil)
    }

    @Test func aCorruptFileIsForgottenNotFatal() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/snowglobe", withIntermediateDirectories: true)
        try folder.write("snowglobe/timelines.json", "{ not json")
        let memory = TimelineMemory(environment: ["XDG_STATE_HOME": folder.path])
        #expect(memory.timeline(for: "/x.lua") == nil)
        #expect(memory.save(Timeline(), for: "/x.lua") == nil)
        #expect(memory.timeline(for: "/x.lua") == Timeline())
    }
}
