import ArgumentParser
import Export
import Foundation
import LayerKit
import Playback
import Render

/// `snowglobe plot SCRIPT --layer NAME --key-path PATH --out FILE.svg|FILE.png`: runs a script
/// headless on the tick clock and charts the presentation value of a key path of the layer with
/// that name over a range of time, exact between ticks too, with the model value, key times and
/// a spring's settling; `--csv` writes the numbers.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Chart a layer's key path over time, to SVG or PNG (and CSV).",
        discussion: """
            The value is sampled \(Int(KeyPathSampler.rate)) times a second (never fewer than \
            \(Int(KeyPathSampler.minimumRate))), each sample the presentation at its exact time. \
            The layer is the first whose name is --layer, depth first; it may appear later \
            (on a timer, on a click). Without --to the range runs from --from (default 0) to the \
            end of the animations on the key path found on the layer (at most \
            \(Int(KeyPathSampler.automaticLimit)) s after it), or \(Int(KeyPathSampler.fallbackLength)) s \
            when none ends. The CSV has a column `time`, then one per component of the value \
            (`value` for a number; `x`, `y` for a point; `r`, `g`, `b`, `a` for a colour …).
            """
    )

    @OptionGroup var choice: ScriptChoice

    @Option(help: "The name of the layer (its `name`).")
    var layer: String

    @Option(name: .customLong("key-path"), help: "The key path to plot: position.y, opacity, backgroundColor, transform.rotation.z …")
    var keyPath: String

    @Option(parsing: .unconditional, help: "The range's start, in seconds (default 0).")
    var from: Double?

    @Option(parsing: .unconditional, help: "The range's end, in seconds (default: where the animations on the key path end).")
    var to: Double?

    @Option(help: "Where to write the chart: FILE.svg or FILE.png.")
    var out: String

    @Option(help: "Also write the samples as comma-separated values to this file.")
    var csv: String?

    @Option(help: "The chart's title (default: the script's file name, the layer and the key path).")
    var title: String?

    @Option(parsing: .unconditional, help: "The chart's size, WxH.")
    var size: SceneSize = SceneSize(width: 960, height: 540)

    @Option(name: .customLong("scene-size"), parsing: .unconditional, help: "The scene's size, WxH (what ca.root and ca.screen are).")
    var sceneSize: SceneSize = SceneSize(width: 800, height: 600)

    @OptionGroup var seed: SeedOption

    @OptionGroup var limits: BudgetOptions

    @OptionGroup var input: ScriptedInput

    @Flag(help: "Draw larger values higher (the default, except for key paths measured down the screen).")
    var yUp = false

    @Flag(help: "Draw larger values lower, as on screen (the default for position.y, bounds and frame origins' y, translation.y).")
    var yDown = false

    /// What --out's extension asks for.
    enum Format {
        case svg, png
    }

    var format: Format? {
        switch URL(fileURLWithPath: out).pathExtension.lowercased() {
        case "svg": return .svg
        case "png": return .png
        default: return nil
        }
    }

    /// The smallest chart that has room for its text.
    static let minimumSize = SceneSize(width: 200, height: 150)

    func validate() throws {
        try choice.requireOne()
        if yUp && yDown { throw ValidationError("--y-up and --y-down ask for opposite directions: give one of them") }
        try TimeArgument.check(from, "--from")
        try TimeArgument.check(to, "--to")
        if let to, to <= from ?? 0 {
            throw ValidationError("--to must be after --from (\(Tick.text(from ?? 0)) s), got \(Tick.text(to))")
        }
        guard format != nil else { throw ValidationError("--out must name a .svg or .png file, got '\(out)'") }
        if let csv, URL(fileURLWithPath: csv).standardized == URL(fileURLWithPath: out).standardized {
            throw ValidationError("--csv and --out must be different files")
        }
        try sceneSize.check("--scene-size")
        let small = Self.minimumSize, large = Double(ChartFile.maxSide)
        guard size.width >= small.width, size.height >= small.height, size.width <= large, size.height <= large else {
            throw ValidationError("--size must be from \(small) to \(ChartFile.maxSide)x\(ChartFile.maxSide) for a chart, got \(size)")
        }
    }

    func run() throws {
        let runner: SceneRunner
        // Standard output is left to the files' own lines: what the script prints goes to
        // standard error, marked as the script's.
        do {
            runner = try ScriptLauncher.start(choice, seed: seed.value, size: sceneSize, budget: limits.budget,
                                              output: { standardError(PlotCommand.printPrefix + $0) })
        } catch {
            throw ExitCode(1)
        }
        defer { runner.close() }
        let range: KeyPathSampler.Range = to.map { .fixed(start: from ?? 0, end: $0) } ?? .automatic(start: from ?? 0)
        let recording: KeyPathRecording
        do {
            recording = try KeyPathSampler(layerName: layer, keyPath: keyPath).record(runner, log: input.log, range: range)
            try write(recording)
        } catch {
            FileHandle.standardError.write(Data("snowglobe: \(error)\n".utf8))
            throw ExitCode(1)
        }
        standardError(summary(recording))
        if !runner.host.errors.isEmpty { throw ExitCode(1) }
    }

    /// What comes before each line the script prints.
    static let printPrefix = "print: "

    /// "snowglobe: wrote plot.svg and plot.csv: position.y of 'box' from 0 to 2 s, 241 samples".
    func summary(_ recording: KeyPathRecording) -> String {
        let files = csv.map { "\(out) and \($0)" } ?? out
        let count = recording.samples.count
        return "snowglobe: wrote \(files): \(keyPath) of '\(layer)' from \(TimeArgument.text(recording.start)) "
            + "to \(TimeArgument.text(recording.end)) s, \(count) sample\(count == 1 ? "" : "s")"
    }

    /// Writes the chart (and the CSV) under temporary names, then puts them in place together.
    private func write(_ recording: KeyPathRecording) throws {
        let chartFile = StagedFile(out)
        let csvFile = csv.map(StagedFile.init)
        do {
            let title = self.title ?? "\(choice.displayName) · \(layer) · \(keyPath)"
            let chart = recording.chart(title: title, direction: yUp ? .up : yDown ? .down : nil)
            let (width, height) = (Int(size.width), Int(size.height))
            switch format {
            case .png: try ChartFile.writePNG(chart, width: width, height: height, to: chartFile.temporary)
            case .svg, nil: try ChartFile.writeSVG(chart, width: width, height: height, to: chartFile.temporary)
            }
            if let csvFile {
                do {
                    try recording.csv.write(toFile: csvFile.temporary, atomically: false, encoding: .utf8)
                } catch {
                    throw StagedFileError(path: csvFile.path, reason: (error as NSError).localizedDescription)
                }
            }
            try chartFile.commit()
            try csvFile?.commit()
        } catch {
            chartFile.discard()
            csvFile?.discard()
            throw error
        }
    }
}
