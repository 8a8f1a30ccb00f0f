import ArgumentParser
import LuaBridge
import Playback

/// The script's time and memory limits, as command-line options.
struct BudgetOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "The longest one call into Lua may run, in seconds.")
    var timeLimit: Double = 2

    @Option(parsing: .unconditional, help: "The most memory the script may use, in MiB.")
    var memoryLimit: Int = 1024

    func validate() throws {
        guard timeLimit.isFinite, timeLimit > 0, timeLimit <= 3600 else {
            throw ValidationError("--time-limit must be more than 0 and at most 3600 seconds, got \(Tick.text(timeLimit))")
        }
        guard (1...65_536).contains(memoryLimit) else { throw ValidationError("--memory-limit must be between 1 and 65536 MiB, got \(memoryLimit)") }
    }

    var budget: LuaBudget {
        var budget = LuaBudget()
        budget.timeLimit = timeLimit
        budget.memoryLimit = memoryLimit << 20
        return budget
    }
}
