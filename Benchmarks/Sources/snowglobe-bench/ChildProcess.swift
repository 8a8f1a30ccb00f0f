import Foundation

/// Starts `executable` with `arguments` and `environment` (the benchmark's own unless given), its
/// output thrown away; nil when it could not be started. Spawned directly, not through
/// Foundation's `Process`, whose `waitUntilExit` polls its run loop every 50 ms and rounded every
/// short run up to the next 50 ms.
func spawnQuietly(_ executable: String, _ arguments: [String],
                  environment: [String: String] = ProcessInfo.processInfo.environment) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        for pointer in argv { free(pointer) }
        for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    return posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 ? pid : nil
}

/// Waits for the child `pid` to end: whether it exited with status 0, and the processor time
/// (user and system) the kernel counted for it, which other processes on the machine do not
/// lengthen.
func awaitChild(_ pid: pid_t) -> (succeeded: Bool, cpu: Double) {
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return (status == 0, cpu)
}
