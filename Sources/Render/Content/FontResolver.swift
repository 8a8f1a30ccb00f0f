import CPangoCairo
import Foundation
import Synchronization

/// Turns a TextLayer's `font` (a family name or a font file) into a family name Pango knows.
public enum FontResolver {
    /// The family text is drawn in when none is named (charts use it too).
    public static var defaultFamily: String { TextContent.defaultFamily }

    private static let registered = Mutex<[String: String]>([:])

    /// The Pango font description for `font`: the default family when nil or empty; a file's
    /// own family and style once it is registered with fontconfig (the default when the file is
    /// missing or not a font).
    static func family(for font: String?) -> String {
        guard let font, !font.isEmpty else { return TextContent.defaultFamily }
        let lower = font.lowercased()
        guard font.contains("/") || lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") else {
            return font
        }
        return registered.withLock { table in
            if let family = table[font] { return family }
            let family = register(file: font) ?? TextContent.defaultFamily
            table[font] = family
            return family
        }
    }

    private static func register(file: String) -> String? {
        guard FileManager.default.isReadableFile(atPath: file) else { return nil }
        var count: Int32 = 0
        guard let pattern = FcFreeTypeQuery(file, 0, nil, &count) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var name: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FAMILY, 0, &name) == FcResultMatch, let name else { return nil }
        var family = String(cString: UnsafePointer(name))
        // The file's style ("Bold", "Condensed Oblique") goes into the description Pango parses.
        var style: UnsafeMutablePointer<FcChar8>?
        if FcPatternGetString(pattern, FC_STYLE, 0, &style) == FcResultMatch, let style {
            let words = String(cString: UnsafePointer(style))
            if !["regular", "book", "normal", "roman"].contains(words.lowercased()) { family += " " + words }
        }
        guard FcConfigAppFontAddFile(nil, file) != 0 else { return nil }
        if let map = pango_cairo_font_map_get_default() {
            pango_fc_font_map_config_changed(OpaquePointer(map))
        }
        return family
    }
}
