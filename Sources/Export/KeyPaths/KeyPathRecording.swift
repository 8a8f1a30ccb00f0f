import LayerKit
import Playback
import Render

/// A key path's value on a named layer over a range of media time, sampled from a run of a
/// script: at each sample, the presentation (what shows) and the model, one number per
/// component; and the moments the animations on the key path mark. What `snowglobe plot` draws
/// and writes, and what a graph of the value in the window can show.
public struct KeyPathRecording {
    /// The value at one moment.
    public struct Sample {
        public var time: Double
        /// One number per component, in `components` order; nil for a component the value did
        /// not have at that moment (an array that was shorter then).
        public var presentation: [Double?]
        public var model: [Double?]

        public init(time: Double, presentation: [Double?], model: [Double?]) {
            self.time = time
            self.presentation = presentation
            self.model = model
        }
    }

    /// The `name` of the layer.
    public var layerName: String
    public var keyPath: String
    /// The range sampled, in seconds of media time.
    public var start: Double
    public var end: Double
    /// The names of the value's numbers (`value`; `x`, `y`; `r`, `g`, `b`, `a` …), in the order
    /// they first appeared.
    public var components: [String]
    /// The samples taken while the layer was in the tree, in time order.
    public var samples: [Sample]
    /// Where the animations on the key path pass a key time or a spring settles, in media time
    /// within the range.
    public var marks: [AnimationMark]

    public init(layerName: String, keyPath: String, start: Double, end: Double, components: [String],
                samples: [Sample], marks: [AnimationMark]) {
        self.layerName = layerName
        self.keyPath = keyPath
        self.start = start
        self.end = end
        self.components = components
        self.samples = samples
        self.marks = marks
    }
}
