import Foundation

/// Puts video parts (renders made with `--chunk` or `--frames I-J`) together into one file
/// without re-encoding, through FFmpeg's concat demuxer and `-c copy`: the joined file's frames
/// are the parts' frames. It first checks, from the label each part carries in its metadata,
/// that the parts are of one scene, size and rate, and consecutive (in order, no gap, no
/// overlap). The file is written under a temporary name and renamed when whole.
public struct PartJoiner {
    /// The `ffmpeg` program's path.
    public let ffmpeg: String

    public init(ffmpeg: String) {
        self.ffmpeg = ffmpeg
    }

    /// What a join made.
    public struct Result: Equatable, Sendable {
        /// The whole's label: the parts' scene, size and rate, and all their frames.
        public var label: PartLabel
        public var parts: Int
        public var bytes: Int64

        /// "joined 3 parts into whole.mp4: frames 0-99 (100 frames), 320×240, 1.2 MB".
        public func description(path: String) -> String {
            let frames = label.frames.count == 1 ? "1 frame" : "\(label.frames.count) frames"
            let partText = parts == 1 ? "1 part" : "\(parts) parts"
            return "joined \(partText) into \(path): frames \(label.frames) (\(frames)), \(label.width)×\(label.height), "
                + RenderSummary.sizeText(bytes)
        }
    }

    /// Joins `parts`, in the order given, into `path` (a video of the parts' format).
    public func join(_ parts: [String], to path: String, format: VideoFormat) throws(JoinError) -> Result {
        guard !parts.isEmpty else { throw JoinError("give at least one part") }
        var labels: [PartLabel] = []
        for part in parts {
            guard PartJoiner.format(of: part) == format else {
                throw JoinError("'\(part)' is not a .\(format.fileExtension) file: the parts and --out must be of one format")
            }
            labels.append(try label(of: part))
        }
        let whole = try PartJoiner.check(labels, parts: parts)
        try concatenate(parts, into: path, format: format, comment: whole.comment)
        var info = stat()
        let bytes = stat(path, &info) == 0 ? Int64(info.st_size) : 0
        return Result(label: whole, parts: parts.count, bytes: bytes)
    }

    /// The label `path` carries in its metadata.
    public func label(of path: String) throws(JoinError) -> PartLabel {
        guard FileManager.default.isReadableFile(atPath: path) else { throw JoinError("cannot read '\(path)'") }
        let run = PartJoiner.run(ffmpeg, ["-hide_banner", "-nostdin", "-v", "error", "-i", path, "-f", "ffmetadata", "pipe:1"])
        guard run.status == 0 else {
            throw JoinError("'\(path)' is not a video FFmpeg can read" + (run.error.isEmpty ? "" : ": \(run.error)"))
        }
        for line in PartJoiner.metadataLines(run.output) {
            guard let equals = line.firstIndex(of: "="), line[..<equals].lowercased() == "comment" else { continue }
            if let label = PartLabel(comment: String(line[line.index(after: equals)...])) { return label }
        }
        throw JoinError("'\(path)' is not a part: its metadata has no snowglobe part label "
            + "(render parts with `snowglobe render … --chunk K/N` or `--frames I-J`)")
    }

    /// The whole the labels make, or an error naming the first two parts that do not fit together.
    static func check(_ labels: [PartLabel], parts: [String]) throws(JoinError) -> PartLabel {
        let first = labels[0]
        for (label, part) in zip(labels, parts).dropFirst() {
            if label.scene != first.scene {
                throw JoinError("'\(part)' is of another scene than '\(parts[0])' (\(label.scene), not \(first.scene)): "
                    + "parts must be rendered from one script, seed, background, input and start")
            }
            if label.width != first.width || label.height != first.height {
                throw JoinError("'\(part)' is \(label.width)x\(label.height) and '\(parts[0])' \(first.width)x\(first.height): "
                    + "parts must be of one size")
            }
            if label.fps != first.fps {
                throw JoinError("'\(part)' is at \(VideoFormat.rate(label.fps)) fps and '\(parts[0])' at "
                    + "\(VideoFormat.rate(first.fps)) fps: parts must be of one frame rate")
            }
        }
        for i in labels.indices.dropFirst() {
            let previous = labels[i - 1].frames, current = labels[i].frames
            let before = "'\(parts[i - 1])' (frames \(previous))", this = "'\(parts[i])' (frames \(current))"
            if current.first == previous.last + 1 { continue }
            if current.first > previous.last + 1 {
                throw JoinError("frames \(previous.last + 1)-\(current.first - 1) are missing between \(before) and \(this)")
            }
            if current.first < previous.first {
                throw JoinError("\(this) comes before \(before): give the parts in order")
            }
            throw JoinError("\(before) and \(this) overlap (frames \(current.first)-\(min(previous.last, current.last)))")
        }
        var whole = first
        if let frames = FrameRange(first: first.frames.first, last: labels[labels.count - 1].frames.last) {
            whole.frames = frames
        }
        return whole
    }

    /// Runs FFmpeg's concat demuxer over `parts` with stream copy into a temporary file, then
    /// renames it to `path`.
    private func concatenate(_ parts: [String], into path: String, format: VideoFormat, comment: String) throws(JoinError) {
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("snowglobe-join-\(UUID().uuidString).txt").path
        defer { unlink(list) }
        let folder = FileManager.default.currentDirectoryPath
        let lines = parts.map { part -> String in
            let absolute = part.hasPrefix("/") ? part : folder + "/" + part
            return "file '" + absolute.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        guard FileManager.default.createFile(atPath: list, contents: Data((lines.joined(separator: "\n") + "\n").utf8)) else {
            throw JoinError("cannot write the list of parts '\(list)'")
        }
        let staged = StagedFile(path)
        var arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0",
                         "-i", list, "-map", "0:v", "-c", "copy", "-metadata", "comment=\(comment)"]
        if format == .mp4 || format == .mov { arguments += ["-movflags", "+faststart"] }
        arguments += ["-f", format.muxer, staged.temporary]
        let run = PartJoiner.run(ffmpeg, arguments)
        guard run.status == 0 else {
            staged.discard()
            throw JoinError("cannot write '\(path)': ffmpeg: \(run.error.isEmpty ? "exited with status \(run.status)" : run.error)")
        }
        do {
            try staged.commit()
        } catch {
            throw JoinError(error.description)
        }
    }

    /// The format a file's extension names, if it is one parts are made in.
    static func format(of path: String) -> VideoFormat? {
        guard case .video(_, let format)? = try? RenderOutput(path: path), format != .apng else { return nil }
        return format
    }

    /// The `key=value` lines of FFmpeg's metadata text, unescaped (it puts a backslash before
    /// `=`, `;`, `#`, `\` and line breaks in values).
    static func metadataLines(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        var escaped = false
        for character in text {
            if escaped {
                line.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\n" {
                lines.append(line)
                line = ""
            } else {
                line.append(character)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Runs `program` and returns its exit status, standard output and last line of standard
    /// error (which goes to a temporary file, so that it can never fill a pipe and block).
    private static func run(_ program: String, _ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("snowglobe-join-\(UUID().uuidString).err").path
        defer { unlink(errorPath) }
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "", "cannot start \(program): \(error)") }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorText = String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self)
        let lastLine = errorText.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), lastLine)
    }
}

/// Why parts could not be joined.
public struct JoinError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
