extension KeyPathRecording {
    /// The presentation values as comma-separated values: a header row `time,` then the
    /// components (`time,value` for a number, `time,x,y` for a point), and one row per sample.
    /// Numbers are written in their shortest form that reads back as the same Double; a
    /// component the value lacked at a sample is left empty.
    public var csv: String {
        var text = "time," + components.joined(separator: ",") + "\n"
        for sample in samples {
            text += sample.time.description
            for index in components.indices {
                text += ","
                if index < sample.presentation.count, let value = sample.presentation[index] { text += value.description }
            }
            text += "\n"
        }
        return text
    }
}
