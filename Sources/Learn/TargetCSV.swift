import Foundation

/// A target read from a CSV file in the form `snowglobe plot --csv` writes: a header `time,`
/// then one column per component, one row per sample.
enum TargetCSV {
    /// The target behaviour of `keyPath`, sampled at `times` (linearly between the file's rows).
    static func read(path: String, keyPath: String, times: [Double]) throws(ExerciseError) -> Behaviour {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ExerciseError("cannot open \(path) (the exercise's target)")
        }
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
        guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false).map(String.init),
              header.first == "time", header.count >= 2 else {
            throw ExerciseError("\(path): the first line must be 'time,' and the components (as snowglobe plot --csv writes)")
        }
        var rows: [[Double?]] = []
        for (number, line) in lines.dropFirst().enumerated() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
            guard cells.count == header.count, cells[0] != nil else {
                throw ExerciseError("\(path):\(number + 2): expected \(header.count) numbers")
            }
            rows.append(cells)
        }
        guard !rows.isEmpty else { throw ExerciseError("\(path): no samples") }
        var behaviour = Behaviour()
        behaviour.times = times
        behaviour.foundLayer = true
        for column in 1..<header.count {
            let samples = rows.compactMap { row in row[column].flatMap { value in row[0].map { ($0, value) } } }
            let values: [Double?] = times.map { samples.isEmpty ? nil : Motion.interpolate(samples, at: $0) }
            behaviour.series.append(.init(keyPath: keyPath, component: header[column], values: values))
        }
        return behaviour
    }
}
