/// One outline that limits what an item shows, on the screen, and how it combines with the
/// ones before it as a Lottie mask: "a" adds its inside, "s" takes it away, "i" keeps only
/// what is also inside it.
struct LottieClip {
    var outline: LottieBezier
    var mode: String
}
