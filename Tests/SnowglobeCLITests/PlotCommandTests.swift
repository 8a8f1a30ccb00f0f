import Export
import Foundation
import LayerKit
import Render
import Testing
import TestSupport

/// `snowglobe plot` as a user runs it: the numbers it writes against the timing curves, the
/// charts it draws, and each way it refuses.
extension CommandLineTests {
    /// The rows of a CSV file, split at commas, header first.
    func rows(_ path: String) throws -> [[String]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test(arguments: ["linear", "easeIn", "easeInOutBack"])
    func plotWritesTheCurvesValuesAtEverySample(name: String) throws {
        let path = try script(PlotScripts.slide(timingFunction: name))
        let folder = (path as NSString).deletingLastPathComponent
        let r = try run(["plot", path, "--layer", "box", "--key-path", "position.y", "--out", folder + "/plot.svg",
                         "--csv", folder + "/plot.csv"])
        #expect(r.status == 0, "\(r.stderr)")
        let table = try rows(folder + "/plot.csv")
        #expect(table.first == ["time", "value"])
        #expect(table.count == 242)
        let curve = try #require(TimingFunction(name: name))
        for (i, row) in table.dropFirst().enumerated() {
            let time = try #require(Double(row[0])), value = try #require(Double(row[1]))
            #expect(time == min(Double(i) / 120, 2))
            let expected = time < 2 ? 100 * curve.evaluate(time / 2) : 100
            #expect(abs(value - expected) <= 1e-9, "\(name) at \(time): \(value), expected \(expected)")
        }
    }

    /// On success `plot` says what it wrote, over which range and from how many samples; what
    /// the script prints goes to standard error, marked, and standard output stays empty.
    @Test func plotSaysWhatItWroteAndKeepsThePrintsApart() throws {
        let path = try script("print('made the box')\n" + PlotScripts.slide(timingFunction: "linear"))
        let folder = (path as NSString).deletingLastPathComponent
        let r = try run(["plot", path, "--layer", "box", "--key-path", "position.y", "--out", folder + "/plot.svg",
                         "--csv", folder + "/plot.csv"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == """
            print: made the box
            snowglobe: wrote \(folder)/plot.svg and \(folder)/plot.csv: position.y of 'box' from 0 to 2 s, 241 samples

            """)
        let chartOnly = try run(["plot", path, "--layer", "box", "--key-path", "opacity", "--out", folder + "/o.png",
                                 "--from", "0.5", "--to", "1"])
        #expect(chartOnly.stderr.hasSuffix("snowglobe: wrote \(folder)/o.png: opacity of 'box' from 0.5 to 1 s, 61 samples\n"),
                "\(chartOnly.stderr)")
    }

    @Test func plotWritesAPointAsXAndY() throws {
        let path = try script(PlotScripts.slide(timingFunction: "linear"))
        let folder = (path as NSString).deletingLastPathComponent
        let r = try run(["plot", path, "--layer", "box", "--key-path", "position", "--out", folder + "/p.png",
                         "--csv", folder + "/p.csv", "--from", "0.5", "--to", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        let table = try rows(folder + "/p.csv")
        #expect(table.first == ["time", "x", "y"])
        #expect(table[1] == ["0.5", "30.0", "25.0"])
        #expect(table.last == ["1.0", "30.0", "50.0"])
        #expect(table.count == 62)
    }

    @Test func plotFindsALayerMadeOnATimer() throws {
        let path = try script(PlotScripts.dotOnATimer)
        let folder = (path as NSString).deletingLastPathComponent
        let r = try run(["plot", path, "--layer", "dot", "--key-path", "opacity", "--out", folder + "/o.svg", "--csv", folder + "/o.csv"])
        #expect(r.status == 0, "\(r.stderr)")
        let table = try rows(folder + "/o.csv")
        #expect(table[1] == ["1.0", "0.0"])
        #expect(table.last == ["1.5", "1.0"])
    }

    struct Refusal: Sendable, CustomStringConvertible {
        var description: String
        var arguments: [String]
        var status: Int32
        var message: String
    }

    static let refusals: [Refusal] = [
        Refusal(description: "an unknown layer", arguments: ["--layer", "bx", "--key-path", "position.y"], status: 1,
                message: "snowglobe: no layer named 'bx' from 0 to 5 s (did you mean 'box'?); the layers with names: box, label\n"),
        Refusal(description: "an unknown key path", arguments: ["--layer", "box", "--key-path", "positon.y"], status: 1,
                message: "snowglobe: unknown key path 'positon.y' on Layer (did you mean 'position'?)\n"),
        Refusal(description: "a key path of another kind", arguments: ["--layer", "box", "--key-path", "fontSize"], status: 1,
                message: "snowglobe: unknown key path 'fontSize' on Layer\n"),
        Refusal(description: "a range backwards", arguments: ["--layer", "box", "--key-path", "opacity", "--from", "2", "--to", "1"],
                status: 64, message: "--to must be after --from (2 s), got 1"),
        Refusal(description: "a negative time", arguments: ["--layer", "box", "--key-path", "opacity", "--from", "-1"],
                status: 64, message: "--from must be a time from 0 to 86400 seconds (a day), got -1"),
        Refusal(description: "past a day", arguments: ["--layer", "box", "--key-path", "opacity", "--to", "90000"],
                status: 64, message: "--to must be a time from 0 to 86400 seconds (a day), got 90000"),
        Refusal(description: "an empty range", arguments: ["--layer", "box", "--key-path", "opacity", "--to", "0"],
                status: 64, message: "--to must be after --from (0 s), got 0"),
        Refusal(description: "a chart too large", arguments: ["--layer", "box", "--key-path", "opacity", "--size", "5000x100"],
                status: 64, message: "--size must be from 200x150 to 4096x4096 for a chart, got 5000x100"),
    ]

    @Test(arguments: refusals)
    func plotRefuses(_ refusal: Refusal) throws {
        let path = try script(PlotScripts.slide(timingFunction: "linear"))
        let out = (path as NSString).deletingLastPathComponent + "/refused.svg"
        let r = try run(["plot", path, "--out", out] + refusal.arguments)
        #expect(r.status == refusal.status)
        if refusal.status == 1 {
            #expect(r.stderr == refusal.message)
        } else {
            #expect(r.stderr.contains(refusal.message), "\(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        #expect(leftovers == ["script.lua"])
    }

    @Test func plotRefusesAnOutputItCannotDraw() throws {
        let path = try script(PlotScripts.slide(timingFunction: "linear"))
        let r = try run(["plot", path, "--layer", "box", "--key-path", "opacity", "--out", "/tmp/plot.gif"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--out must name a .svg or .png file, got '/tmp/plot.gif'"))
        let unwritable = try run(["plot", path, "--layer", "box", "--key-path", "opacity", "--out", "/no/such/folder/plot.svg"])
        #expect(unwritable.status == 1)
        #expect(unwritable.stderr.hasPrefix("snowglobe: cannot write '/no/such/folder/."))
    }

    @Test func plotReplacesAnOldChartWhole() throws {
        let path = try script(PlotScripts.slide(timingFunction: "linear"))
        let out = (path as NSString).deletingLastPathComponent + "/chart.svg"
        try "old".write(toFile: out, atomically: true, encoding: .utf8)
        let failed = try run(["plot", path, "--layer", "nobody", "--key-path", "opacity", "--out", out])
        #expect(failed.status == 1)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old")
        #expect(try run(["plot", path, "--layer", "box", "--key-path", "opacity", "--out", out]).status == 0)
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") && svg.contains("<svg") && svg.contains("width=\"960px\" height=\"540px\""))
    }

    @Test func plotTitlesTheChartAsAsked() throws {
        let path = try script(PlotScripts.slide(timingFunction: "linear"))
        let folder = (path as NSString).deletingLastPathComponent
        var images: [Data] = []
        for title in [nil, "linear", "linear"] {
            let out = folder + "/\(images.count).png"
            let r = try run(["plot", path, "--layer", "box", "--key-path", "position.y", "--out", out] + (title.map { ["--title", $0] } ?? []))
            #expect(r.status == 0, "\(r.stderr)")
            images.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(images[0] != images[1])
        #expect(images[1] == images[2])
    }

    /// The PNG is the size asked for, and its line (in the first series colour) runs where the
    /// curve does: at 1/4, 1/2 and 3/4 of the way across the plot, the line's height between its
    /// start and end is the curve's eased progress there.
    @Test func plotDrawsTheCurveInAPNG() throws {
        let path = try script(PlotScripts.slide(timingFunction: "easeIn"))
        let out = (path as NSString).deletingLastPathComponent + "/chart.png"
        let r = try run(["plot", path, "--layer", "box", "--key-path", "position.y", "--out", out, "--size", "800x500", "--y-up"])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try ImageLoader.load(path: out)
        #expect(image.width == 800 && image.height == 500)
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = 4 * (y * image.width + x)
            return (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
        }
        func isAxis(_ x: Int, _ y: Int) -> Bool {
            let (r, g, b) = pixel(x, y)
            return r < 90 && g < 90 && b < 90 && abs(r - g) < 12 && abs(g - b) < 12
        }
        let blue = ChartPalette.paper.color(.series(0))
        func isLine(_ x: Int, _ y: Int) -> Bool {
            let (r, g, b) = pixel(x, y)
            return abs(Double(r) - blue.r * 255) < 30 && abs(Double(g) - blue.g * 255) < 30 && abs(Double(b) - blue.b * 255) < 30
        }
        // The y axis: the column with the longest run of dark pixels; the x axis runs along its foot.
        var axis = (x: 0, top: 0, bottom: 0)
        for x in 0..<image.width {
            var run = 0
            for y in 0..<image.height {
                run = isAxis(x, y) ? run + 1 : 0
                if run > axis.bottom - axis.top { axis = (x, y - run + 1, y) }
            }
        }
        #expect(axis.bottom - axis.top > 250)
        let right = try #require((axis.x..<image.width).last { isAxis($0, axis.bottom) })
        // The curve: the lowest line-coloured pixel in a column (the dashed model line is at the top).
        func curveRow(_ x: Int) -> Int? {
            (axis.top..<(axis.bottom - 2)).last { isLine(x, $0) }
        }
        let start = try #require(curveRow(axis.x + 3)), end = try #require(curveRow(right - 3))
        #expect(start - end > 200)
        for fraction in [0.25, 0.5, 0.75] {
            let x = axis.x + Int(Double(right - axis.x) * fraction)
            let row = try #require(curveRow(x))
            let expected = Double(start) + Double(end - start) * TimingFunction.easeIn.evaluate(fraction)
            #expect(abs(Double(row) - expected) < 4, "at \(fraction): row \(row), expected \(expected)")
        }
    }

    /// position.y grows down the screen: by default its chart is drawn as `--y-down` draws it,
    /// and `--y-up` turns it over; both at once is an error.
    @Test func positionYIsChartedDownwardsUnlessAskedOtherwise() throws {
        let path = try script(PlotScripts.slide(timingFunction: "linear"))
        let folder = (path as NSString).deletingLastPathComponent
        var images: [Data] = []
        for direction in [[], ["--y-down"], ["--y-up"]] {
            let out = folder + "/chart\(images.count).png"
            let r = try run(["plot", path, "--layer", "box", "--key-path", "position.y", "--out", out] + direction)
            #expect(r.status == 0, "\(r.stderr)")
            images.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(images[0] == images[1] && images[1] != images[2])
        let both = try run(["plot", path, "--layer", "box", "--key-path", "position.y", "--out", folder + "/x.svg", "--y-up", "--y-down"])
        #expect(both.status != 0 && both.stderr.contains("--y-up and --y-down"))
    }
}
