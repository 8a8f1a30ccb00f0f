import CGif
@testable import Export
import Foundation

/// What a GIF file holds, read back with giflib.
struct DecodedGIF {
    var width = 0, height = 0
    var delays: [Int] = []
    var loops = false
    /// The NETSCAPE2.0 loop count, if the file has one.
    var loopCount: Int?
    var firstFrame: [(r: UInt8, g: UInt8, b: UInt8)]?
    /// What the GIF shows after each frame, composited as a viewer does (each image drawn over
    /// what was there, transparent pixels leaving it): opaque pixel words, red in the low byte.
    var frames: [[UInt32]] = []
    /// Whether each image has a palette of its own (else it uses the global colour table).
    var localPalettes: [Bool] = []
}

func decodeGIF(_ path: String) throws -> DecodedGIF {
    var error: Int32 = 0
    guard let gif = DGifOpenFileName(path, &error) else { throw DecodeError(message: "open \(error)") }
    defer { DGifCloseFile(gif, &error) }
    guard DGifSlurp(gif) == GIF_OK else { throw DecodeError(message: "slurp \(gif.pointee.Error)") }
    var result = DecodedGIF(width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight))
    let count = Int(gif.pointee.ImageCount)
    var canvas = [UInt32](repeating: 0xFF00_0000, count: result.width * result.height)
    for i in 0..<count {
        var control = GraphicsControlBlock()
        let transparent: Int32
        if DGifSavedExtensionToGCB(gif, Int32(i), &control) == GIF_OK {
            result.delays.append(Int(control.DelayTime))
            transparent = control.TransparentColor
        } else {
            transparent = NO_TRANSPARENT_COLOR
        }
        guard let images = gif.pointee.SavedImages else { break }
        let image = images[i]
        result.localPalettes.append(image.ImageDesc.ColorMap != nil)
        guard let map = image.ImageDesc.ColorMap ?? gif.pointee.SColorMap, let bits = image.RasterBits else {
            throw DecodeError(message: "image \(i) has no colours")
        }
        let x0 = Int(image.ImageDesc.Left), y0 = Int(image.ImageDesc.Top)
        let w = Int(image.ImageDesc.Width), h = Int(image.ImageDesc.Height)
        for y in 0..<h {
            for x in 0..<w {
                let index = Int(bits[y * w + x])
                guard Int32(index) != transparent, x0 + x < result.width, y0 + y < result.height else { continue }
                guard index < Int(map.pointee.ColorCount) else { throw DecodeError(message: "image \(i): index \(index) outside its palette") }
                let c = map.pointee.Colors[index]
                canvas[(y0 + y) * result.width + x0 + x] = UInt32(c.Red) | UInt32(c.Green) << 8 | UInt32(c.Blue) << 16 | 0xFF00_0000
            }
        }
        result.frames.append(canvas)
        if i == 0 {
            result.firstFrame = (0..<w).map { x in
                let c = map.pointee.Colors[Int(bits[x])]
                return (c.Red, c.Green, c.Blue)
            }
        }
    }
    // The looping extension sits before the first image; giflib may file it with that image or
    // not, so it is read from the bytes: "NETSCAPE2.0", then a block of 3: 1, the count's low
    // and high bytes.
    if let data = FileManager.default.contents(atPath: path), let found = data.range(of: Data("NETSCAPE2.0".utf8)) {
        result.loops = true
        let block = Array(data[found.upperBound..<min(found.upperBound + 4, data.endIndex)])
        if block.count == 4, block[0] == 3, block[1] == 1 { result.loopCount = Int(block[2]) | Int(block[3]) << 8 }
    }
    return result
}

struct DecodeError: Error {
    let message: String
}
