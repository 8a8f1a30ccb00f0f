import LuaBridge

/// Checks a submission against an exercise by behaviour: runs the target (solution.lua, or
/// reads target.csv) and the submission on the same clock and seed, compares the checked layer's
/// key paths sample by sample, then the checkpoints and the required animations.
public struct ExerciseChecker {
    public var exercise: Exercise
    /// The Scripts/ library, on both scripts' require path.
    public var libraryPath: String?
    /// The submission's budget (the target runs under the same).
    public var budget: LuaBudget
    /// The target's behaviour when it was recorded before (by the process that asked for this
    /// check); nil: recorded here.
    public var knownTarget: Behaviour?

    public init(exercise: Exercise, libraryPath: String?, budget: LuaBudget) {
        self.exercise = exercise
        self.libraryPath = libraryPath
        self.budget = budget
    }

    var recorder: BehaviourRecorder {
        BehaviourRecorder(check: exercise.check, libraryPath: libraryPath, budget: budget)
    }

    /// The target's behaviour; throws when the exercise's own solution or CSV cannot give one.
    public func target() throws(ExerciseError) -> Behaviour {
        if let knownTarget { return knownTarget }
        let check = exercise.check
        if let csv = check.targetCSV {
            return try TargetCSV.read(path: exercise.folder + "/" + csv, keyPath: check.keyPaths[0], times: recorder.sampleTimes)
        }
        let behaviour = recorder.record(script: exercise.solutionPath)
        if let error = behaviour.error {
            throw ExerciseError("the exercise's solution.lua failed: \(error.message)")
        }
        guard behaviour.foundLayer else {
            throw ExerciseError("the exercise's solution.lua has no layer named '\(check.layer)'")
        }
        return behaviour
    }

    /// Checks the script at `path`; `file` is how the report names it.
    public func check(submission path: String, file: String? = nil) throws(ExerciseError) -> CheckReport {
        try checkRecording(submission: path, file: file).report
    }

    /// Checks the script at `path`, and gives its behaviour too (for a chart of the two curves).
    public func checkRecording(submission path: String, file: String? = nil) throws(ExerciseError)
        -> (report: CheckReport, behaviour: Behaviour) {
        let target = try target()
        let own = recorder.record(script: path)
        return (compare(own, with: target, file: file ?? path), own)
    }

    /// The report on `own` against `target`.
    public func compare(_ own: Behaviour, with target: Behaviour, file: String) -> CheckReport {
        let check = exercise.check
        if let error = own.error {
            let code: Finding.Code = error.kind == .timeout ? .timeout : error.kind == .memory ? .memory : .scriptError
            return .error(exercise: exercise.name, file: file, code, error.message)
        }
        guard own.foundLayer else {
            let names = own.layerNames.sorted()
            let found = names.isEmpty ? "no layer had a name" : "the names found: \(names.map { "'\($0)'" }.joined(separator: ", "))"
            return CheckReport(exercise: exercise.name, file: file, verdict: .fail, maxError: 1,
                               findings: [Finding(.missingLayer, "no layer named '\(check.layer)' (set name = \"\(check.layer)\" on it); \(found)")])
        }
        var findings: [Finding] = []
        var largest = 0.0
        for keyPath in check.keyPaths {
            var worstPair: (pair: CurvePair, difference: Double)?
            for series in target.series where series.keyPath == keyPath {
                let ownValues = own.series(keyPath, component: series.component)?.values
                    ?? Array(repeating: nil, count: target.times.count)
                let pair = CurvePair(label: series.label, keyPath: keyPath, times: target.times, target: series.values,
                                     submission: ownValues, tolerance: check.tolerance)
                let difference = pair.largestDifference.fraction
                largest = max(largest, difference)
                if difference > check.tolerance, difference > worstPair?.difference ?? 0 { worstPair = (pair, difference) }
            }
            if let (pair, _) = worstPair {
                var described = pair.findings()
                if described.isEmpty {
                    let index = pair.largestDifference.index
                    described = [Finding(.different, "\(pair.label) differs most at \(Numbers.seconds(pair.times[index])): \(pair.submission[index].map(Numbers.text) ?? "no value"), the target \(pair.target[index].map(Numbers.text) ?? "no value") (within \(Numbers.text(pair.allowed)) passes)")]
                }
                findings += described
            }
        }
        findings += checkpointFindings(own)
        findings += requirementFindings(own)
        let passes = largest <= check.tolerance && findings.isEmpty
        // Six decimals: what a teacher's table needs, without the last bits of rounding.
        return CheckReport(exercise: exercise.name, file: file, verdict: passes ? .pass : .fail,
                           maxError: (largest * 1e6).rounded() / 1e6, findings: findings)
    }

    func checkpointFindings(_ own: Behaviour) -> [Finding] {
        exercise.check.checkpoints.compactMap { point in
            let series = own.series(point.keyPath, component: point.component)
            let samples = series.map { zip(own.times, $0.values).compactMap { time, value in value.map { (time, $0) } } } ?? []
            let label = series?.label ?? point.keyPath
            guard !samples.isEmpty else {
                return Finding(.checkpoint, "at \(Numbers.seconds(point.time)) \(label) has no value; it should be \(Numbers.text(point.value))")
            }
            let value = Motion.interpolate(samples, at: point.time)
            guard abs(value - point.value) > point.within else { return nil }
            return Finding(.checkpoint, "at \(Numbers.seconds(point.time)) \(label) is \(Numbers.text(value)); it should be \(Numbers.text(point.value)) ± \(Numbers.text(point.within))")
        }
    }

    /// Whether an animation of class `seen` is a `required` one: the class itself or a subclass,
    /// as in Core Animation, where a CASpringAnimation is a CABasicAnimation.
    public static func isKind(_ seen: String, of required: String) -> Bool {
        seen == required || (required == "BasicAnimation" && seen == "SpringAnimation")
    }

    func requirementFindings(_ own: Behaviour) -> [Finding] {
        let check = exercise.check
        return check.requirements.compactMap { requirement in
            let met = own.animations.contains { seen in
                guard ExerciseChecker.isKind(seen.className, of: requirement.animation) else { return false }
                if let keyPath = requirement.keyPath { return seen.touches.contains(keyPath) }
                return seen.className == "Transition" || !seen.touches.isEmpty
            }
            guard !met else { return nil }
            let on = requirement.keyPath ?? check.keyPaths.joined(separator: " or ")
            let had = own.animations.map { "\($0.className)\($0.keyPath.map { " on \($0)" } ?? "")" }
            let found = had.isEmpty ? "it had no animation" : "it had: \(Array(Set(had)).sorted().joined(separator: ", "))"
            let target = requirement.animation == "Transition" ? "" : " on \(on)"
            let article = "AEIOU".contains(requirement.animation.prefix(1)) ? "an" : "a"
            return Finding(.missingAnimation, "'\(check.layer)' needs \(article) \(requirement.animation)\(target); \(found)")
        }
    }
}
