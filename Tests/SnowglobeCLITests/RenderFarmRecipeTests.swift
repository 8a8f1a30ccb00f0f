import Foundation
import TestSupport
import Testing

/// The recipes of docs/render-farm.md, run where one machine can run them: GNU parallel for
/// real (a PNG sequence and a video, each compared with one render), the Slurm array script as
/// its tasks would run, and the Kubernetes manifests and the OpenJD template parsed.
final class RenderFarmRecipeTests {
    private let folder: TemporaryFolder
    private static let recipes = Project.docs + "/render-farm"
    private static let options = ["--size", "64x48", "--fps", "10", "--duration", "2"]

    init() throws {
        folder = try TemporaryFolder()
    }

    private func scene() throws -> String {
        try folder.write("scene.lua", RenderPartsTests.busyScene)
    }

    /// Runs a recipe's shell script with `snowglobe` the one built beside the tests.
    private func runRecipe(_ script: String, _ arguments: [String], environment: [String: String] = [:]) throws -> CLI.Result {
        try CLI.run("/bin/bash", [Self.recipes + "/" + script] + arguments,
                    environment: ["SNOWGLOBE": SnowglobeBinary.path].merging(environment) { $1 })
    }

    private func sameFiles(_ a: String, _ b: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: a).sorted()
        #expect(names.count == 20)
        #expect(try FileManager.default.contentsOfDirectory(atPath: b).sorted() == names)
        for name in names {
            #expect(FileManager.default.contents(atPath: a + "/" + name) == FileManager.default.contents(atPath: b + "/" + name),
                    "\(name) differs")
        }
    }

    @Test func gnuParallelRendersASequenceInParts() throws {
        let path = try scene()
        #expect(try CLI.run(["render", path, "--out", folder.path + "/whole/"] + Self.options).status == 0)
        let r = try runRecipe("parallel.sh", ["3", folder.path + "/parts/", path] + Self.options)
        #expect(r.status == 0, "\(r.stderr)")
        try sameFiles(folder.path + "/whole", folder.path + "/parts")
    }

    @Test func gnuParallelRendersAVideoInPartsAndJoinsIt() throws {
        let path = try scene()
        let out = folder.path + "/out.mp4"
        let r = try runRecipe("parallel.sh", ["3", out, path] + Self.options)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("snowglobe: joined 3 parts into \(out): frames 0-19 (20 frames), 64×48"), "\(r.stderr)")
        #expect(try FFprobe.stream(out).frames == 20)
        #expect(!FileManager.default.fileExists(atPath: out + ".parts"), "the parts are removed after the join")
    }

    @Test func aFailedPartFailsTheParallelRecipe() throws {
        let path = try folder.write("broken.lua", "ca.after(1.5, function() error('boom') end)")
        let r = try runRecipe("parallel.sh", ["2", folder.path + "/out.mp4", path] + Self.options)
        #expect(r.status != 0)
        #expect(r.stderr.contains("broken.lua:1: boom"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out.mp4"))
    }

    /// The array's tasks, run one after another as Slurm would run them side by side.
    @Test func theSlurmScriptRendersTheTaskItIsGiven() throws {
        let path = try scene()
        #expect(try CLI.run(["render", path, "--out", folder.path + "/whole/"] + Self.options).status == 0)
        for k in 1...3 {
            let r = try runRecipe("slurm.sh", [folder.path + "/parts/", path] + Self.options,
                                  environment: ["SLURM_ARRAY_TASK_ID": "\(k)", "SLURM_ARRAY_TASK_COUNT": "3"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        try sameFiles(folder.path + "/whole", folder.path + "/parts")
    }

    @Test(arguments: ["parallel.sh", "slurm.sh", "slurm-submit.sh"])
    func theShellRecipesParse(script: String) throws {
        let r = try CLI.run("/bin/bash", ["-n", Self.recipes + "/" + script])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// The YAML files parse, as a list of documents in JSON.
    private func yaml(_ name: String) throws -> [[String: Any]] {
        let program = "import json, sys, yaml; print(json.dumps(list(yaml.safe_load_all(open(sys.argv[1])))))"
        let r = try CLI.run("/usr/bin/python3", ["-c", program, Self.recipes + "/" + name])
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
    }

    @Test func theKubernetesJobIsAnIndexedJobOfParts() throws {
        let job = try #require(try yaml("kubernetes-job.yaml").first)
        #expect(job["kind"] as? String == "Job")
        let spec = try #require(job["spec"] as? [String: Any])
        #expect(spec["completionMode"] as? String == "Indexed")
        #expect(spec["completions"] as? Int == 8 && spec["parallelism"] as? Int == 8)
        let template = try #require((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
        let container = try #require((template["containers"] as? [[String: Any]])?.first)
        let command = ((container["args"] as? [String]) ?? []).joined(separator: " ")
        #expect(command.contains("JOB_COMPLETION_INDEX") && command.contains("--chunk \"$k/8\""))
        let join = try #require(try yaml("kubernetes-join.yaml").first)
        #expect(join["kind"] as? String == "Job")
        #expect("\(join)".contains("snowglobe join"))
    }

    /// openjd-cli (PyPI's `openjd-cli`), which `make test` installs into .build/venv.
    static let openjd = Project.root + "/.build/venv/bin/openjd"

    /// The template checked and run by openjd-cli: the Render step's tasks, then the Join step.
    @Test func theOpenJDTemplateRunsLocally() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.openjd),
                     "no \(Self.openjd): make test installs openjd-cli there (tools/python-venv.sh)")
        let program = Self.openjd
        let template = Self.recipes + "/openjd-template.yaml"
        let check = try CLI.run(program, ["check", template])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let path = try scene()
        let out = folder.path + "/out.mp4"
        let binFolder = (SnowglobeBinary.path as NSString).deletingLastPathComponent
        let r = try CLI.run(program, ["run", template, "--step", "Join", "--run-dependencies", "-p", "Scene=\(path)",
                                      "-p", "Out=\(out)", "-p", "Parts=3",
                                      "-p", "RenderOptions=" + Self.options.joined(separator: " ")],
                            environment: ["PATH": binFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(try FFprobe.stream(out).frames == 20)
        #expect(!FileManager.default.fileExists(atPath: out + ".parts"))
    }

    @Test func theOpenJDTemplateHasARenderAndAJoinStep() throws {
        let template = try #require(try yaml("openjd-template.yaml").first)
        #expect(template["specificationVersion"] as? String == "jobtemplate-2023-09")
        let steps = try #require(template["steps"] as? [[String: Any]])
        #expect(steps.map { $0["name"] as? String } == ["Render", "Join"])
        #expect("\(steps[0])".contains("--chunk") && "\(steps[1])".contains("snowglobe join"))
        #expect("\(steps[1]["dependencies"] ?? "")".contains("Render"))
    }
}
