import Foundation

/// A short fingerprint of what a scene is made from — the script's bytes and the values that
/// change what it shows (seed, background, input) — so that parts rendered from different
/// scenes are told apart. 64-bit FNV-1a: a check against mistakes, not against forgery.
public enum SceneFingerprint {
    /// 16 hexadecimal digits for `source` and `settings` (e.g. "seed=3", "background=black").
    public static func of(source: [UInt8], settings: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        for byte in source { add(byte) }
        for setting in settings {
            add(0)
            for byte in setting.utf8 { add(byte) }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
