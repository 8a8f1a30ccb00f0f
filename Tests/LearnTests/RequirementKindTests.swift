import Learn
import Testing

/// `requires = { animation = "BasicAnimation" }` is met by a spring, as a CASpringAnimation is
/// a CABasicAnimation in Core Animation; other classes only by themselves.
struct RequirementKindTests {
    @Test(arguments: [("BasicAnimation", "BasicAnimation", true), ("SpringAnimation", "BasicAnimation", true),
                      ("BasicAnimation", "SpringAnimation", false), ("KeyframeAnimation", "BasicAnimation", false),
                      ("AnimationGroup", "AnimationGroup", true), ("Transition", "KeyframeAnimation", false)])
    func anAnimationMeetsARequirementForItsClassOrASuperclass(seen: String, required: String, met: Bool) {
        #expect(ExerciseChecker.isKind(seen, of: required) == met)
    }
}
