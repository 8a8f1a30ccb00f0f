/// The CAMediaTiming properties as an object holds them, set freely by a script (an animation,
/// an emitter cell); `MediaTiming(resolving:defaultDuration:)` makes them the numbers timing
/// arithmetic uses.
public protocol MediaTimingSettings: AnyObject {
    var beginTime: Double { get set }
    var duration: Double { get set }
    var speed: Double { get set }
    var timeOffset: Double { get set }
    var repeatCount: Double { get set }
    var repeatDuration: Double { get set }
    var autoreverses: Bool { get set }
    var fillMode: FillMode { get set }
}

extension MediaTiming {
    /// `settings` resolved: a zero, negative or NaN duration becomes `defaultDuration`; NaN or
    /// negative counts become 0; a NaN speed becomes 1; times that are not finite become 0.
    init(resolving settings: some MediaTimingSettings, defaultDuration: Double) {
        self.init()
        beginTime = settings.beginTime.isFinite ? settings.beginTime : 0
        let d = settings.duration
        duration = d > 0 && !d.isNaN ? d : defaultDuration
        speed = settings.speed.isNaN ? 1 : settings.speed
        timeOffset = settings.timeOffset.isFinite ? settings.timeOffset : 0
        repeatCount = settings.repeatCount.isNaN || settings.repeatCount < 0 ? 0 : settings.repeatCount
        repeatDuration = settings.repeatDuration.isNaN || settings.repeatDuration < 0 ? 0 : settings.repeatDuration
        autoreverses = settings.autoreverses
        fillMode = settings.fillMode
    }
}
