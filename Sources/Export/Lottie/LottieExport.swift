import Foundation
import Glibc
import LayerKit
import Playback

/// Exports a script's run as a Lottie file: frame f of the file is the scene at
/// `startTime + f / fps`, stepped on the tick clock exactly as `render --at` steps it. Each
/// frame's presentation is sampled (`LottieSampler`), each thing drawn followed through the
/// frames (`LottieTrack`) and written as a layer with fitted keyframes (`LottieBuilder`). The
/// file is staged: a failure, or `--strict` refusing what was baked or dropped, leaves none.
public enum LottieExport {
    /// Why an export wrote nothing.
    public enum Failure: Error, CustomStringConvertible {
        case output(OutputError)
        /// `--strict`, and the report lists things baked or dropped.
        case notExact(LottieReport)

        public var description: String {
            switch self {
            case .output(let error): return "\(error)"
            case .notExact(let report):
                var why: [String] = []
                if !report.baked.isEmpty { why.append("it bakes " + LottieReport.tally(report.baked)) }
                if !report.dropped.isEmpty { why.append("it drops " + LottieReport.tally(report.dropped)) }
                return "--strict: the scene cannot be exported exactly: " + why.joined(separator: "; ")
                    + " (without --strict these are written as fitted keyframes, or left out, and reported)"
            }
        }
    }

    /// Samples `settings.frameCount` frames of `runner` and writes them to `output`.
    public static func export(_ runner: SceneRunner, settings: RenderSettings, log: InputLog, to output: LottieOutput,
                              strict: Bool = false) throws(Failure) -> LottieReport {
        do { try settings.validate() } catch { throw .output(error) }
        let sampler = LottieSampler()
        sampler.endTime = settings.startTime + Double(settings.firstFrame + settings.frameCount) / settings.fps
        var tracks: [String: LottieTrack] = [:]
        var order = LottieLayerOrder()
        for f in 0..<settings.frameCount {
            let t = settings.startTime + Double(settings.firstFrame + f) / settings.fps
            runner.advance(to: Tick.index(atOrBefore: t), log: log)
            runner.withFrame(at: t) { scene in sampler.sample(scene, time: t) }
            let placed = order.add(frame: sampler.frame.map(\.key))
            for (n, (_, sample)) in sampler.frame.enumerated() {
                tracks[placed.tracks[n], default: LottieTrack()].append(sample, frame: f)
            }
            for n in placed.moved {
                let sample = sampler.frame[n].sample
                sampler.report.addBaked("changing back-to-front order", sample.name, site: sample.site)
            }
        }
        var builder = LottieBuilder(report: sampler.report)
        builder.animationHints = sampler.hints
        builder.startTime = settings.startTime + Double(settings.firstFrame) / settings.fps
        builder.fps = settings.fps
        for (n, entry) in sampler.assets.entries.enumerated() {
            builder.assetSizes[n] = (Double(entry.image.width), Double(entry.image.height))
        }
        var layers: [LottieLayer] = []
        let background = settings.background
        if background.a > 0 {
            var solid = LottieLayer(name: "background", content: .solid(color: String(background.hexString.prefix(7)),
                                                                           width: settings.width, height: settings.height),
                                    inPoint: 0, outPoint: settings.frameCount)
            solid.transform.opacity = .constant(background.a * 100, decimals: 1)
            layers.append(solid)
        }
        for key in order.keys {
            guard let track = tracks[key], var layer = builder.layer(for: track) else { continue }
            if let matteTrack = track.matte, var matte = builder.layer(for: matteTrack) {
                // Lottie lists the matte right above the layer it shows.
                matte.name = layer.name + " mask"
                matte.isMatte = true
                layer.hasMatte = true
                layers.append(layer)
                layers.append(matte)
            } else {
                layers.append(layer)
            }
        }
        var report = builder.report
        for animation in sampler.animations {
            if let replacer = sampler.replacements.replacer(of: animation.id),
               let by = sampler.animations.first(where: { $0.id == replacer }) {
                let site = by.site.map { ", made at " + $0.label } ?? ""
                report.replaced.append(LottieReport.Item(what: animation.what, place: animation.place, site: animation.site?.label,
                                                         note: "replaced by \(by.what) \(by.keyPath)\(site)"))
            } else if builder.exactAnimations.contains(animation.id) {
                report.addExact(animation.what, animation.place, site: animation.site)
            } else {
                // Each animation counts, even beside another made on the same line for the same place.
                report.baked.append(LottieReport.Item(what: animation.what, place: animation.place, site: animation.site?.label))
            }
        }
        let animation = LottieAnimation(name: output.stem, width: settings.width, height: settings.height, fps: settings.fps,
                                        frameCount: settings.frameCount, assets: try assetsJSON(sampler), layers: layers)
        report.layerCount = layers.count
        report.keyframeCount = animation.keyframeCount
        report.frameCount = settings.frameCount
        report.fps = settings.fps
        report.width = settings.width
        report.height = settings.height
        if strict && !report.isExact { throw .notExact(report) }
        let text = Array(animation.json.text.utf8)
        let bytes = output.isArchive ? DotLottieArchive(name: output.stem, animation: text).bytes : text
        try write(bytes, to: output.path)
        report.bytes = Int64(bytes.count)
        return report
    }

    private static func assetsJSON(_ sampler: LottieSampler) throws(Failure) -> [LottieJSON] {
        do { return try sampler.assets.json() } catch { throw .output(error) }
    }

    /// Writes `bytes` under a temporary name and renames it into place.
    static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let staged = StagedFile(path)
        guard let file = fopen(staged.temporary, "wb") else {
            let reason = String(cString: strerror(errno))
            staged.discard()
            throw .output(.cannotWrite(path: path, reason: reason))
        }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, bytes.count, file) }
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else {
            let reason = String(cString: strerror(errno))
            staged.discard()
            throw .output(.cannotWrite(path: path, reason: reason))
        }
        do { try staged.commit() } catch { throw .output(.cannotWrite(path: path, reason: error.reason)) }
    }
}
