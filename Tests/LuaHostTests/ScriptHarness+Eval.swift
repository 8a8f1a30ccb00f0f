import LuaBridge
import TestSupport
@testable import LuaHost

extension ScriptHarness {
    /// Runs `code` as a chunk in the script's VM (inside a transaction) and returns what it
    /// printed; an error prints as "error: MESSAGE".
    func eval(_ code: String) -> [String] {
        let before = output.count
        host.scene.perform {
            do throws(LuaError) {
                try host.lua.run(code, chunkName: "=eval")
            } catch {
                host.output("error: \(error.message)")
            }
        }
        return Array(output[before...])
    }
}
