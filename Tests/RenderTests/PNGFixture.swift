import Foundation

/// PNG files written byte by byte, in each of PNG's colour types and depths, for tests of what
/// the image loader reads from them (no encoder in between decides the format). The image data
/// is stored uncompressed (deflate's stored blocks).
enum PNGFixture {
    /// A colour type and bit depth, with how many samples a pixel has.
    enum Format: String, CaseIterable, Sendable {
        case gray1, gray8, gray16, rgb8, rgb16, palette8, grayAlpha8, rgba8, rgba16

        var colorType: UInt8 {
            switch self {
            case .gray1, .gray8, .gray16: return 0
            case .rgb8, .rgb16: return 2
            case .palette8: return 3
            case .grayAlpha8: return 4
            case .rgba8, .rgba16: return 6
            }
        }

        var depth: Int {
            switch self {
            case .gray1: return 1
            case .gray16, .rgb16, .rgba16: return 16
            default: return 8
            }
        }
    }

    /// A width × height image of `format` with a pattern that varies every channel.
    static func bytes(_ format: Format, width: Int = 19, height: Int = 7) -> [UInt8] {
        var rows: [UInt8] = []
        for y in 0..<height {
            rows.append(0)  // filter: none
            var bits: [UInt8] = []
            for x in 0..<width {
                let (r, g, b, a) = (x * 13 % 256, y * 37 % 256, (x * y * 7) % 256, (x * 29 + y * 11) % 256)
                // 16-bit samples carry low bits that an 8-bit reader must round or drop.
                let low = (x * 97 + y * 31) % 251
                let wide = { (v: Int) -> [UInt8] in
                    let w = min(v * 257 + low, 65535)
                    return [UInt8(w >> 8), UInt8(w & 0xFF)]
                }
                switch format {
                case .gray1: bits.append((x + y) % 3 == 0 ? 1 : 0)
                case .gray8: rows.append(UInt8(r))
                case .gray16: rows += wide(r)
                case .rgb8: rows += [UInt8(r), UInt8(g), UInt8(b)]
                case .rgb16: rows += wide(r) + wide(g) + wide(b)
                case .palette8: rows.append(UInt8((x + y * width) % paletteSize))
                case .grayAlpha8: rows += [UInt8(r), UInt8(a)]
                case .rgba8: rows += [UInt8(r), UInt8(g), UInt8(b), UInt8(a)]
                case .rgba16: rows += wide(r) + wide(g) + wide(b) + wide(a)
                }
            }
            if format == .gray1 {
                for start in stride(from: 0, to: bits.count, by: 8) {
                    var byte: UInt8 = 0
                    for (i, bit) in bits[start..<min(start + 8, bits.count)].enumerated() { byte |= bit << (7 - i) }
                    rows.append(byte)
                }
            }
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", be32(width) + be32(height) + [UInt8(format.depth), format.colorType, 0, 0, 0])
        if format == .palette8 {
            var palette: [UInt8] = [], alphas: [UInt8] = []
            for i in 0..<paletteSize {
                palette += [UInt8(i * 5 % 256), UInt8(i * 11 % 256), UInt8(i * 3 % 256)]
                alphas.append(UInt8(i * 17 % 256))
            }
            file += chunk("PLTE", palette)
            file += chunk("tRNS", alphas)
        }
        file += chunk("IDAT", zlibStored(rows))
        file += chunk("IEND", [])
        return file
    }

    static let paletteSize = 40

    private static func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + be32(Int(b << 16 | a))
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
