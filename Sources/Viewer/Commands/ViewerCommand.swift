/// Everything the viewer does when asked — by a key, a button on the timeline strip or a press
/// on the inspector — carried out in one place, `Viewer.perform(_:)`.
public enum ViewerCommand: Sendable, Equatable {
    case toggleHUD
    /// The window fills the display, or goes back (presentation mode).
    case toggleFullscreen
    case toggleBounds
    case toggleTimeline
    case toggleLoop
    case toggleInspector
    case restart
    case togglePause
    case backToStart
    case step
    case stepBack
    case toggleSlowMotion
    case cycleSpeed
    case markIn
    case markOut
    case clearMarks
    case toggleRecording
    case exportLoop
    case toggleOnionSkin
    case cycleOnionSkin
    /// A screenshot of the scene alone: the pixels `render --at` writes for the moment.
    case screenshot
    /// A screenshot of the window as shown: the strip, the HUD and the panels too.
    case screenshotWindow
    /// Cancels a replay in progress, or hides the panel of an error in a callback; else quits.
    case quit
    /// Shows the moment `to` (a press or drag on the strip's ruler or the inspector's graph).
    case seek(to: Double)
    /// The inspector shows the picked layer's superlayer.
    case inspectSuperlayer
    /// The inspector graphs the picked layer's next animated key path.
    case nextGraph
    /// The inspector's graph draws values the other way up.
    case flipGraph
    /// The inspector folds or unfolds one of its sections.
    case toggleInspectorSection(InspectorSection)
    /// In `snowglobe learn`, after a pass: closes the window to go on to the next exercise.
    case nextExercise
    /// Opens or closes the tweak panel (Shift+F4).
    case toggleTweak
    /// One of the tweak panel's own commands, while it is open.
    case tweak(TweakCommand)

    /// Whether it sends the playhead somewhere the scene must be made (seek reports time it).
    var seeks: Bool {
        switch self {
        case .backToStart, .step, .stepBack, .seek: return true
        default: return false
        }
    }

    /// Whether holding its key repeats it (stepping does; toggles do not).
    var repeats: Bool { self == .step || self == .stepBack }
}
