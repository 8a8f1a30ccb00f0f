import Dispatch
import Glibc
import LayerKit
import Render

/// A gaussian blur of radius 8 over a 1280 × 720 layer, on one core: the blur alone on a frame
/// of pixels (in the thread's processor time, which other processes on the machine do not
/// lengthen, and in wall time), and whole frames of a blurred layer whose radius changes every frame (so that its
/// image is made again each time), still (its image cached), and without the filter.
struct FilterBenchmark {
    var width = 1280, height = 720
    var frames = 30

    /// Milliseconds, medians over the frames.
    struct Result {
        var blurAlone = 0.0
        var blurAloneWall = 0.0
        var changing = 0.0
        var still = 0.0
        var unfiltered = 0.0
    }

    /// A layer filling the frame, holding 48 coloured squares, blurred by `radius` when given.
    func makeScene(radius: Double?) throws -> (Scene, Layer) {
        let scene = Scene(size: Size(width: Double(width), height: Double(height)))
        let layer = Layer(scene: scene)
        layer.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        layer[.backgroundColor] = .color(Color(r: 0.05, g: 0.07, b: 0.15))
        var random = SeededRandom(seed: 7)
        for _ in 0..<48 {
            let square = Layer(scene: scene)
            square.frame = Rect(x: random.nextUnit() * Double(width - 120), y: random.nextUnit() * Double(height - 120),
                                width: 120, height: 120)
            square[.backgroundColor] = .color(Color(r: random.nextUnit(), g: random.nextUnit(), b: random.nextUnit()))
            try layer.addSublayer(square)
        }
        if let radius { try layer.setFilters([try Filter(kind: .gaussianBlur, name: "blur", inputs: [.inputRadius: radius])]) }
        try scene.root.addSublayer(layer)
        return (scene, layer)
    }

    func run() throws -> Result {
        var result = Result()
        let frame = FrameBuffer(width: width, height: height)
        let backend = HeadlessBackend(threads: 1)

        let blur = try Filter(kind: .gaussianBlur, inputs: [.inputRadius: 8])
        let (plain, _) = try makeScene(radius: nil)
        let compositor = Compositor()
        plain.beginFrame(at: 0)
        backend.draw(compositor.compose(plain, width: width, height: height), into: frame)
        plain.endFrame()
        let source = frame.pixels
        var processor: [Double] = [], wall: [Double] = []
        for _ in 0..<frames {
            frame.pixels = source
            let start = threadTime()
            wall.append(time { frame.apply(blur) })
            processor.append(threadTime() - start)
        }
        result.blurAlone = median(processor)
        result.blurAloneWall = median(wall)

        func measure(_ scene: Scene, _ change: (Int) -> Void) -> Double {
            let compositor = Compositor()
            var times: [Double] = []
            for i in 0..<(frames + 3) {
                change(i)
                let t = time {
                    scene.beginFrame(at: Double(i) / 60)
                    backend.draw(compositor.compose(scene, width: width, height: height), into: frame)
                    scene.endFrame()
                }
                if i >= 3 { times.append(t) }
            }
            return median(times)
        }
        let (changing, layer) = try makeScene(radius: 8)
        result.changing = measure(changing) { i in
            try? layer.filter(named: "blur")?.setValue(8 + Double(i % 2) * 0.01, for: .inputRadius)
        }
        let (still, _) = try makeScene(radius: 8)
        result.still = measure(still) { _ in }
        result.unfiltered = measure(plain) { _ in }
        return result
    }

    /// The calling thread's processor time, in milliseconds.
    private func threadTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) * 1e3 + Double(spec.tv_nsec) / 1e6
    }

    private func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}
