import Export
import Foundation
import Render

/// Writes F12's screenshots as numbered PNGs (`snowglobe-0001.png`, …) into a folder, which it
/// makes when missing; the numbers go on from the captures already there.
struct ScreenshotWriter {
    /// What a screenshot shows.
    enum Kind {
        /// The scene alone, as `render --at` draws it (F12).
        case scene
        /// The window as shown: strip, HUD and panels too (Shift+F12).
        case window
    }

    let names: CaptureNames

    init(folder: String) {
        names = CaptureNames(folder: folder)
    }

    /// Writes `frame` as the next screenshot; returns the line to tell, which says what it shows.
    func write(_ frame: FrameBuffer, _ kind: Kind) -> String {
        do {
            let path = try names.next("png")
            let staged = StagedFile(path)
            do {
                try PNGWriter.write(frame, to: staged.temporary)
            } catch {
                staged.discard()
                guard case .cannotWrite(_, let reason) = error else { throw error }
                throw OutputError.cannotWrite(path: path, reason: reason)
            }
            try staged.commit()
            return "snowglobe: screenshot of the \(kind == .scene ? "scene" : "window") saved to \(path)"
        } catch {
            return "snowglobe: screenshot failed: \(error)"
        }
    }
}
