import Export
import Foundation
import Render

/// Writes F12's screenshots as numbered PNGs (`snowglobe-0001.png`, …) into a folder, which it
/// makes when missing; the numbers go on from the captures already there.
struct ScreenshotWriter {
    let names: CaptureNames

    init(folder: String) {
        names = CaptureNames(folder: folder)
    }

    /// Writes `frame` as the next screenshot; returns the line to tell.
    func write(_ frame: FrameBuffer) -> String {
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
            return "snowglobe: screenshot saved to \(path)"
        } catch {
            return "snowglobe: screenshot failed: \(error)"
        }
    }
}
