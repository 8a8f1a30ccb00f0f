import Foundation

/// Names for what the viewer saves — screenshots and recordings — in one folder:
/// `snowglobe-0001.png`, `snowglobe-0002.mp4`, … one count for every kind, continuing after the
/// highest number already there, so that a new session never overwrites an old capture.
struct CaptureNames {
    let folder: String

    /// The next free path ending in `.fileExtension`; makes the folder when it is missing.
    func next(_ fileExtension: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let highest = names.compactMap(CaptureNames.number).max() ?? 0
        return (folder as NSString).appendingPathComponent(String(format: "snowglobe-%04d.", highest + 1) + fileExtension)
    }

    /// The number in a capture's name ("snowglobe-0012.mp4" → 12), also of a temporary one
    /// still being written (".snowglobe-0012.mp4.123.1.tmp").
    static func number(_ name: String) -> Int? {
        let plain = name.hasPrefix(".") ? String(name.dropFirst()) : name
        guard plain.hasPrefix("snowglobe-") else { return nil }
        let digits = plain.dropFirst("snowglobe-".count).prefix { $0.isNumber }
        return digits.isEmpty ? nil : Int(digits)
    }
}
