import ArgumentParser
import LuaBridge

/// The limits a submission runs under, as options of `learn check` and `learn grade`.
struct LearnLimits: ParsableArguments {
    @Option(parsing: .unconditional, help: "The longest one call into the submission's Lua may run, in seconds.")
    var timeLimit: Double = 1

    @Option(parsing: .unconditional, help: "The most memory the submission's Lua may use, in MiB.")
    var memoryLimit: Int = 128

    @Option(parsing: .unconditional, help: "Seconds of wall-clock time one submission's check may take before it is stopped.")
    var wallLimit: Double = 30

    func validate() throws {
        guard timeLimit.isFinite, timeLimit > 0, timeLimit <= 60 else {
            throw ValidationError("--time-limit must be more than 0 and at most 60 seconds, got \(timeLimit)")
        }
        guard (1...4096).contains(memoryLimit) else {
            throw ValidationError("--memory-limit must be between 1 and 4096 MiB, got \(memoryLimit)")
        }
        guard wallLimit.isFinite, wallLimit >= 1, wallLimit <= 3600 else {
            throw ValidationError("--wall-limit must be from 1 to 3600 seconds, got \(wallLimit)")
        }
    }

    var budget: LuaBudget {
        LuaBudget(timeLimit: timeLimit, memoryLimit: memoryLimit << 20)
    }

    /// The hidden subcommand's arguments that carry these limits.
    var submissionArguments: [String] {
        ["learn", "run-submission", "--time-limit", "\(timeLimit)", "--memory-limit", "\(memoryLimit)"]
            + (ResourceFolders.locate().scripts.map { ["--library", $0] } ?? [])
    }
}
