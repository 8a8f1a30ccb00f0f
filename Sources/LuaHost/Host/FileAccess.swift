import Foundation

/// Why a file cannot be read, in the words Snowglobe's messages use, so that "cannot open
/// missing.lua" always says why.
public enum FileAccess {
    /// "no such file", "it is a folder", "permission denied" (or the system's words for another
    /// failure), or nil when `path` is a file that can be read.
    public static func problem(reading path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return reason(errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return "it is a folder" }
        guard access(path, R_OK) == 0 else { return reason(errno) }
        return nil
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: return "no such file"
        case EACCES, EPERM: return "permission denied"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
