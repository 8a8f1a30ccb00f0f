import Foundation

/// A dotLottie file (`.lottie`): a zip holding `manifest.json` and `animations/NAME.json`.
/// Entries are stored uncompressed with their CRC-32 and a fixed date, so the same animation
/// gives the same bytes.
struct DotLottieArchive {
    var name: String
    var animation: [UInt8]

    /// The zip's bytes.
    var bytes: [UInt8] {
        let id = name.isEmpty ? "animation" : name
        let manifest = LottieJSON.object([
            ("version", .string("1")), ("generator", .string("snowglobe")),
            ("animations", .array([.object([("id", .string(id))])])),
        ]).text
        return DotLottieArchive.zip([("manifest.json", Array(manifest.utf8)), ("animations/\(id).json", animation)])
    }

    /// A zip of stored entries.
    static func zip(_ entries: [(name: String, data: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        func u16(_ v: Int, _ into: inout [UInt8]) { into += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        func u32(_ v: UInt32, _ into: inout [UInt8]) {
            into += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 24) & 0xFF)]
        }
        let date = 0x5A21, time = 0  // 2025-01-01 00:00, fixed for the same bytes every time
        for entry in entries {
            let name = Array(entry.name.utf8)
            let crc = CRC32.checksum(entry.data)
            let offset = UInt32(out.count)
            u32(0x0403_4B50, &out); u16(20, &out); u16(0x0800, &out); u16(0, &out); u16(time, &out); u16(date, &out)
            u32(crc, &out); u32(UInt32(entry.data.count), &out); u32(UInt32(entry.data.count), &out)
            u16(name.count, &out); u16(0, &out)
            out += name
            out += entry.data
            u32(0x0201_4B50, &central); u16(20, &central); u16(20, &central); u16(0x0800, &central); u16(0, &central)
            u16(time, &central); u16(date, &central); u32(crc, &central); u32(UInt32(entry.data.count), &central)
            u32(UInt32(entry.data.count), &central); u16(name.count, &central); u16(0, &central); u16(0, &central)
            u16(0, &central); u16(0, &central); u32(0, &central); u32(offset, &central)
            central += name
        }
        let centralOffset = UInt32(out.count)
        out += central
        u32(0x0605_4B50, &out); u16(0, &out); u16(0, &out); u16(entries.count, &out); u16(entries.count, &out)
        u32(UInt32(central.count), &out); u32(centralOffset, &out); u16(0, &out)
        return out
    }
}
