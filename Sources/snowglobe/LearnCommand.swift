import ArgumentParser

/// `snowglobe learn`: exercises that check themselves by behaviour, for learners (open the next
/// one, list, hint, reset) and for teachers (check one submission, grade a folder of them).
struct LearnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "learn",
        abstract: "Exercises that check themselves: do one, check a submission, grade a class.",
        discussion: """
            An exercise is a folder (goal.md, start.lua, solution.lua, check.lua, hints.md). A \
            submission passes when the checked layer moves like the target: both run headless on \
            the same clock and seed and are compared 120 times a second. See docs/learn.md.
            """,
        subcommands: [LearnOpenCommand.self, LearnListCommand.self, LearnHintCommand.self, LearnResetCommand.self,
                      LearnCheckCommand.self, LearnGradeCommand.self, LearnSubmissionCommand.self],
        defaultSubcommand: LearnOpenCommand.self
    )
}
