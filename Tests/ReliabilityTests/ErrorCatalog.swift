/// Every kind of bad input docs/errors.md shows, grouped as the page groups them. Each case is
/// run for real (`ErrorsDocTests`), and the page is what the runs printed.
struct ErrorCase: Sendable {
    /// How the case is run.
    enum Run: Sendable {
        /// `snowglobe check main.lua ARGS` in the script's folder.
        case check([String] = [])
        /// `snowglobe ARGS` in the script's folder (main.lua is there if the case has a script).
        case command([String])
        /// In a script host, as the viewer runs it, then these steps.
        case host([HostStep])
    }

    /// What the viewer does to a running script.
    enum HostStep: Sendable {
        case frames(Double)
        case key(String)
        case click(x: Double, y: Double)
        /// A hot reload: the script is replaced by this source and started again with `ca.persist`.
        case reload(String)
    }

    let what: String
    let script: String?
    let run: Run
    /// Other files in the script's folder.
    var files: [String: [UInt8]] = [:]
    /// Whether the case is one where nothing is printed (everything else must say something).
    var isSilent = false

    init(_ what: String, _ script: String?, _ run: Run = .check(), files: [String: [UInt8]] = [:], isSilent: Bool = false) {
        self.what = what
        self.script = script
        self.run = run
        self.files = files
        self.isSilent = isSilent
    }
}

enum ErrorCatalog {
    static let png1x1: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    ]

    static let sections: [(title: String, intro: String, cases: [ErrorCase])] = [
        ("Syntax errors", "The script does not load; nothing of it runs (in the viewer, the last good scene keeps running).", [
            ErrorCase("a stray `=`", "local x = = 1"),
            ErrorCase("an unfinished string", "print(\"snow)"),
            ErrorCase("a missing `end`", "for i = 1, 3 do\n  print(i)\n"),
            ErrorCase("`goto` without its label", "goto done"),
            ErrorCase("an empty file", ""),
            ErrorCase("a binary file (Lua bytecode)", nil, .check(), files: ["main.lua": [0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00, 0x19, 0x93]]),
            ErrorCase("a script that is not there", nil, .command(["check", "missing.lua"])),
            ErrorCase("a folder where the script should be", nil, .command(["check", "."])),
        ]),
        ("Wrong types and unknown names", "Every key and value is checked; a near miss gets a suggestion.", [
            ErrorCase("a misspelt property in a constructor", "ca.Layer{ opactiy = 0.5 }"),
            ErrorCase("a misspelt property set", "local l = ca.Layer{}\nl.backgroundColour = \"red\""),
            ErrorCase("a misspelt property read", "local l = ca.Layer{}\nprint(l.opactiy)"),
            ErrorCase("a property of another kind of layer", "ca.Layer{ fontSize = 12 }"),
            ErrorCase("a wrong type", "ca.Layer{ opacity = \"half\" }"),
            ErrorCase("a point with one number", "ca.Layer{ position = { 10 } }"),
            ErrorCase("a key that is not a name", "ca.Layer{ [1] = 2 }"),
            ErrorCase("a constructor given a number", "ca.Layer(5)"),
            ErrorCase("a bad colour string", "ca.Layer{ backgroundColor = \"#GG0000\" }"),
            ErrorCase("an unknown colour name", "ca.Layer{ backgroundColor = \"snowwhite\" }"),
            ErrorCase("a misspelt colour name", "ca.Layer{ backgroundColor = \"tomatoe\" }"),
            ErrorCase("a bad enum value", "ca.Layer{ contentsGravity = \"middle\" }"),
            ErrorCase("a read-only property", "local l = ca.Layer{}\nl.superlayer = ca.root"),
            ErrorCase("assigning to a method", "local l = ca.Layer{}\nl.addSublayer = 1"),
            ErrorCase("a method called with `.` instead of `:`", "local l = ca.Layer{}\nl.addSublayer(ca.Layer{})"),
            ErrorCase("a wrong argument type", "ca.root:addSublayer(5)"),
            ErrorCase("a missing argument", "ca.root:addSublayer()"),
            ErrorCase("an unknown `actions` key", "ca.Layer{ actions = { opactiy = false } }"),
            ErrorCase("a non-layer in `sublayers`", "ca.Layer{ sublayers = { 5 } }"),
            ErrorCase("an `onTap` that is not a function", "ca.Layer{ onTap = 5 }"),
            ErrorCase("a field of a transform that does not exist", "local t = ca.Transform3D.identity\nt.m35 = 1"),
            ErrorCase("a misspelt function", "ca.Layer{}:addSublayr(ca.Layer{})"),
            ErrorCase("a misspelt timer option", "ca.Timer.scheduled{ interval = 1, repeates = true, action = print }"),
            ErrorCase("an unknown input event", "ca.on(\"keypress\", print)"),
            ErrorCase("an unknown `ca.transaction` option", "ca.transaction(function() end, { durration = 1 })"),
            ErrorCase("a read-only display link field", "local link = ca.DisplayLink(function() end)\nlink.timestamp = 1"),
            ErrorCase("a use of a layer's presentation copy", "local p = ca.root:presentation()\np.opacity = 0"),
        ]),
        ("Numbers that are not numbers", "NaN and infinities are refused wherever they would poison geometry or time.", [
            ErrorCase("NaN for a number property", "ca.Layer{ opacity = 0/0 }"),
            ErrorCase("infinity in a point", "ca.Layer{ position = { 1/0, 0 } }"),
            ErrorCase("NaN in a colour", "ca.Color(0/0, 0, 0)"),
            ErrorCase("an infinite transform", "ca.Transform3D.scale(1/0, 1)"),
            ErrorCase("a negative duration", "ca.BasicAnimation{ keyPath = \"opacity\", duration = -1 }"),
            ErrorCase("NaN as a repeat count", "ca.BasicAnimation{ keyPath = \"opacity\", repeatCount = 0/0 }"),
            ErrorCase("a negative timer interval", "ca.Timer.scheduled{ interval = -1, action = print }"),
            ErrorCase("an infinite transaction duration", "ca.Transaction.setAnimationDuration(1/0)"),
            ErrorCase("a huge `insertSublayer` index (goes last; below 1 goes first)",
                      "ca.root:insertSublayer(ca.Layer{}, math.maxinteger)\nca.root:insertSublayer(ca.Layer{}, math.mininteger)\nprint(#ca.root.sublayers)"),
            ErrorCase("a timing function that returns NaN", "ca.BasicAnimation{ keyPath = \"opacity\", timingFunction = function(t) return 0/0 end }"),
        ]),
        ("Animations and key paths", "A key path is checked when the animation is added to a layer.", [
            ErrorCase("an unknown key path", "ca.root:addAnimation(ca.BasicAnimation{ keyPath = \"opactiy\", toValue = 0 })"),
            ErrorCase("a component that does not exist", "ca.root:addAnimation(ca.BasicAnimation{ keyPath = \"position.z\", toValue = 0 })"),
            ErrorCase("a key path of another kind of layer", "ca.root:addAnimation(ca.BasicAnimation{ keyPath = \"strokeEnd\", toValue = 0 })"),
            ErrorCase("a value of the wrong kind for the key path", "ca.BasicAnimation{ keyPath = \"opacity\", toValue = \"red\" }"),
            ErrorCase("a keyframe value of the wrong kind", "ca.KeyframeAnimation{ keyPath = \"opacity\", values = { 0, \"x\" } }"),
            ErrorCase("an unknown timing function name", "ca.BasicAnimation{ keyPath = \"opacity\", timingFunction = \"easeInOutSin\" }"),
            ErrorCase("UIKit's name for a timing function", "ca.BasicAnimation{ keyPath = \"opacity\", timingFunction = \"easeInOut\" }"),
            ErrorCase("CSS's name for a timing function", "ca.BasicAnimation{ keyPath = \"opacity\", timingFunction = \"ease-in-out\" }"),
            ErrorCase("a bad fill mode", "ca.BasicAnimation{ keyPath = \"opacity\", fillMode = \"always\" }"),
            ErrorCase("a group holding a number", "ca.AnimationGroup{ animations = { 5 } }"),
            ErrorCase("adding something that is not an animation", "ca.root:addAnimation(\"fade\")"),
            ErrorCase("a filter that does not exist", "ca.Filter(\"gausianBlur\", { inputRadius = 4 })"),
            ErrorCase("a filter key path naming no filter of the layer",
                      "local l = ca.Layer{ filters = { ca.Filter(\"bloom\", { name = \"glow\" }) } }\n"
                          + "l:addAnimation(ca.BasicAnimation{ keyPath = \"filters.blur.inputRadius\", toValue = 8 })"),
        ]),
        ("Trees", "The layer tree stays a tree.", [
            ErrorCase("a layer added to itself", "local l = ca.Layer{}\nl:addSublayer(l)"),
            ErrorCase("a cycle", "local a, b = ca.Layer{}, ca.Layer{}\na:addSublayer(b)\nb:addSublayer(a)"),
            ErrorCase("the root moved into a layer", "ca.Layer{}:addSublayer(ca.root)"),
            ErrorCase("a mask that is its layer's ancestor",
                      "local outer = ca.Layer{}\nlocal inner = ca.Layer{}\nouter:addSublayer(inner)\ninner.mask = outer"),
            ErrorCase("a mask that is in a tree", "local m = ca.Layer{}\nca.root:addSublayer(m)\nca.Layer{ mask = m }"),
        ]),
        ("Transactions and tasks", "", [
            ErrorCase("`commit` without `begin`", "ca.Transaction.commit()"),
            ErrorCase("`begin` without `commit`", "ca.Transaction.begin()\nca.root.opacity = 0.5"),
            ErrorCase("an error inside `ca.transaction` (it still commits)", "ca.transaction(function() error(\"oops\") end)"),
            ErrorCase("`ca.wait` outside a task", "ca.wait(1)"),
            ErrorCase("`ca.await` outside a task", "ca.await(function() end)"),
            ErrorCase("a negative wait", "ca.spawn(function() ca.wait(-1) end)"),
            ErrorCase("`ca.spawn` given a number", "ca.spawn(5)"),
            ErrorCase("a timer with no function", "ca.every(1)"),
            ErrorCase("`ca.after` with a negative delay", "ca.after(-1, print)"),
        ]),
        ("Errors in callbacks", "Each is reported with where it ran; the scene and every other callback keep running. A display link or repeating timer whose call fails is stopped, so that its error is told once. An error that comes again (a handler failing at every key) is told once, and counted when the run ends: \"… (and 29 more times)\".", [
            ErrorCase("in a timer", "ca.after(0.1, function() error(\"boom\") end)", .check(["--duration", "0.2"])),
            ErrorCase("in a display link", "local n = 0\nca.DisplayLink(function(link) n = n + 1 if n == 2 then error(\"frame two\") end end)",
                      .check(["--duration", "0.1"])),
            ErrorCase("in a task", "ca.spawn(function() ca.wait(0.1) error(\"boom\") end)", .check(["--duration", "0.2"])),
            ErrorCase("in a completion block",
                      "ca.transaction(function() ca.root:addAnimation(ca.BasicAnimation{ keyPath = \"opacity\", toValue = 0, duration = 0.1 }) end,\n  { completion = function() error(\"done\") end })",
                      .check(["--duration", "0.3"])),
            ErrorCase("in onStart", "local a = ca.BasicAnimation{ keyPath = \"opacity\", toValue = 0, duration = 0.1 }\na.onStart = function() error(\"starting\") end\nca.root:addAnimation(a)",
                      .check(["--duration", "0.2"])),
            ErrorCase("in onStop", "local a = ca.BasicAnimation{ keyPath = \"opacity\", toValue = 0, duration = 0.1 }\na.onStop = function(anim, finished) error(\"stopped\") end\nca.root:addAnimation(a)",
                      .check(["--duration", "0.2"])),
            ErrorCase("in onTap (a click on the layer)",
                      "ca.root:addSublayer(ca.Layer{ bounds = {0, 0, 100, 100}, position = {50, 50},\n  onTap = function(layer, point) error(\"tapped at \" .. point.x) end })",
                      .host([.frames(0.1), .click(x: 20, y: 30)])),
            ErrorCase("in a `ca.on` handler (a key press)", "ca.on(\"keydown\", function(key) error(\"pressed \" .. key) end)",
                      .host([.key("space")])),
            ErrorCase("a timing function that fails", "ca.BasicAnimation{ keyPath = \"opacity\", timingFunction = function(t) error(\"curve\") end }"),
            ErrorCase("an error that is a table", "ca.after(0, function() error({ code = 7 }) end)", .check(["--duration", "0.1"])),
            ErrorCase("an error with no value", "ca.after(0, function() error() end)", .check(["--duration", "0.1"])),
            ErrorCase("an error object whose __tostring fails",
                      "ca.after(0, function() error(setmetatable({}, { __tostring = function() error(\"no\") end })) end)",
                      .check(["--duration", "0.1"])),
        ]),
        ("Warnings", "`check` warns of an assignment that makes a new global, once a name: it is usually a misspelt local. A script that means to make a global declares it with `rawset(_G, \"name\", value)`, which is not warned of. A warning alone does not make `check` fail. `check` and the viewer also warn, once a place, of a field assigned on a copy: reading a layer's point, size, rect, colour or transform gives a new value, so `box.position.x = 300` leaves the layer where it was.", [
            ErrorCase("a misspelt local", "local count = 0\nlocal function add() cuont = count + 1 end\nadd()\nadd()"),
            ErrorCase("a global made in a callback", "ca.after(0.1, function() score = 10 end)", .check(["--duration", "0.2"])),
            ErrorCase("a field of a layer's position", "local box = ca.Layer{ position = { 100, 100 } }\nbox.position.x = 300"),
        ]),
        ("Runaway scripts", "A call into the script that runs too long or takes too much memory is stopped with an error; the host and the scene keep running. The limits are `--time-limit` (2 s) and `--memory-limit` (1024 MiB); these runs use smaller ones. A display link's or repeating timer's call, made again and again, may run 0.1 s (or the time limit if shorter): a runaway one costs a few frames once, and is stopped.", [
            ErrorCase("an endless loop", "while true do end", .check(["--time-limit", "0.2"])),
            ErrorCase("an endless loop that catches the error", "while true do pcall(function() while true do end end) end", .check(["--time-limit", "0.2"])),
            ErrorCase("an endless loop in a timer (the next timer still runs)",
                      "ca.after(0.1, function() while true do end end)\nca.after(0.2, function() print(\"still here\") end)",
                      .check(["--time-limit", "0.2", "--duration", "0.3"])),
            ErrorCase("an endless loop in a display link (stopped; the rest runs on)",
                      "ca.DisplayLink(function() while true do end end)\nca.every(1, function() print(\"still here\") end)",
                      .check(["--duration", "2"])),
            ErrorCase("a string pattern that backtracks for ever", "local s = (\"x\"):rep(10000):find((\"x?\"):rep(30) .. \"y\")", .check(["--time-limit", "0.2"])),
            ErrorCase("runaway memory", "local t = {}\nwhile true do t[#t + 1] = (\"x\"):rep(1000) .. #t end", .check(["--memory-limit", "16", "--time-limit", "30"])),
            ErrorCase("one huge string", "local s = (\"x\"):rep(1e10)", .check(["--memory-limit", "16"])),
            ErrorCase("endless recursion", "local function f() return 1 + f() end\nf()"),
            ErrorCase("a timer that schedules two more of itself (they double every frame)",
                      "local function f() ca.after(0, f) ca.after(0, f) end\nf()", .check(["--duration", "0.3"])),
            ErrorCase("a finalizer (`__gc`), which could run where no limit applies", "setmetatable({}, { __gc = function() end })"),
        ]),
        ("What a script may not do", "The sandbox has no `io`, `debug`, `package`, `os.execute`, `os.remove`, `os.rename`, `os.exit`, `os.getenv`; `loadfile`, `dofile` and `require` read only the script's folder and the Scripts/ library; chunks load as text only.", [
            ErrorCase("open a file", "io.open(\"/etc/passwd\")"),
            ErrorCase("run a command", "os.execute(\"ls\")"),
            ErrorCase("exit the process", "os.exit(1)"),
            ErrorCase("use the debug library", "debug.sethook()"),
            ErrorCase("load a C library", "package.loadlib(\"libc.so.6\", \"puts\")"),
            ErrorCase("read a file outside the script's folder", "assert(loadfile(\"/etc/passwd\"))"),
            ErrorCase("run a file outside the script's folder", "dofile(\"../outside.lua\")"),
            ErrorCase("load bytecode", "assert(load(string.dump(function() end)))"),
            ErrorCase("require a module that is not there", "require(\"nothere\")"),
            ErrorCase("a module that requires itself", "require(\"loop\")", files: ["loop.lua": Array("return require(\"loop\")".utf8)]),
            ErrorCase("a module with an error", "require(\"broken\")", files: ["broken.lua": Array("local x = = 1".utf8)]),
            ErrorCase("a module name that leaves the folder", "require(\"../secrets\")"),
        ]),
        ("Images and fonts", "", [
            ErrorCase("a missing image", "ca.Image.load(\"missing.png\")"),
            ErrorCase("a corrupt image", "ca.Image.load(\"corrupt.png\")", files: ["corrupt.png": png1x1]),
            ErrorCase("a text file named .png", "ca.Image.load(\"notes.png\")", files: ["notes.png": Array("just text".utf8)]),
            ErrorCase("an image outside the script's folder", "ca.Image.load(\"/etc/hostname\")"),
            ErrorCase("a circle of negative radius", "ca.Image.circle{ radius = -1 }"),
            ErrorCase("a snowflake too big", "ca.Image.snowflake{ size = 1e9 }"),
            ErrorCase("a font that is not there (the default font is used)",
                      "ca.root:addSublayer(ca.TextLayer{ string = \"hi\", font = \"/no/such/font.ttf\", bounds = {0, 0, 100, 40}, position = {50, 20} })",
                      .command(["render", "main.lua", "--out", "frame.png", "--size", "100x40"])),
        ]),
        ("Hot reload", "What the viewer shows when the saved script changes.", [
            ErrorCase("the new version has a syntax error (the old scene keeps running)", "ca.persist.n = 1",
                      .host([.frames(0.1), .reload("ca.persist.n = = 2")])),
            ErrorCase("`ca.persist` too big to carry over", "local t = {}\nfor i = 1, 40 do t = { t, t } end\nca.persist.shared = t",
                      .host([.reload("print(ca.isReload)")])),
            ErrorCase("a reload in the middle of a transaction", "ca.Transaction.begin()\nca.root.opacity = 0.5",
                      .host([.reload("print(ca.isReload)")])),
            ErrorCase("the script is saved empty", "ca.persist.n = 1", .host([.reload("")]), isSilent: true),
            ErrorCase("a module that requires itself, required in a running scene", "ca.after(0, function() require(\"selfish\") end)",
                      .host([.frames(0.05)]), files: ["selfish.lua": Array("local me = require(\"selfish\")\nreturn {}".utf8)]),
        ]),
        ("Command-line arguments", "", [
            ErrorCase("`check` with no script", nil, .command(["check"])),
            ErrorCase("a negative duration", "", .command(["check", "main.lua", "--duration", "-1"])),
            ErrorCase("a duration that is not a number", "", .command(["check", "main.lua", "--duration", "soon"])),
            ErrorCase("zero frames per second", "", .command(["render", "main.lua", "--out", "x.gif", "--fps", "0"])),
            ErrorCase("a render that ends before it starts", "", .command(["render", "main.lua", "--out", "x.gif", "--from", "2", "--to", "1"])),
            ErrorCase("a view that opens at a negative time", "", .command(["view", "main.lua", "--at", "-2"])),
            ErrorCase("a loop that runs backwards", "", .command(["view", "main.lua", "--loop", "4:2"])),
            ErrorCase("`plot` of a layer that is not there", "ca.root:addSublayer(ca.Layer{ name = \"box\" })",
                      .command(["plot", "main.lua", "--layer", "bx", "--key-path", "position.y", "--out", "p.svg"])),
            ErrorCase("`plot` of a key path the layer has not", "ca.root:addSublayer(ca.Layer{ name = \"box\" })",
                      .command(["plot", "main.lua", "--layer", "box", "--key-path", "postion.y", "--out", "p.svg"])),
            ErrorCase("a time limit of 0", "", .command(["check", "main.lua", "--time-limit", "0"])),
            ErrorCase("a memory limit of 0", "", .command(["check", "main.lua", "--memory-limit", "0"])),
            ErrorCase("a size that is not WxH", "", .command(["check", "main.lua", "--size", "big"])),
            ErrorCase("a negative seed", "", .command(["check", "main.lua", "--seed", "-1"])),
            ErrorCase("an unknown option", "", .command(["check", "main.lua", "--speed", "2"])),
            ErrorCase("`render` without `--out`", "", .command(["render", "main.lua"])),
            ErrorCase("`render` to a folder that cannot be made", "", .command(["render", "main.lua", "--out", "/proc/nope/frame.png"])),
            ErrorCase("`render` with zero frames", "", .command(["render", "main.lua", "--out", "x.gif", "--frames", "0"])),
            ErrorCase("`render` with both `--frames` and `--duration`", "", .command(["render", "main.lua", "--out", "x.gif", "--frames", "2", "--duration", "1"])),
            ErrorCase("`render` at a size of 0x0", "", .command(["render", "main.lua", "--out", "x.png", "--size", "0x0"])),
            ErrorCase("`render` to a kind of file it does not write", "", .command(["render", "main.lua", "--out", "o.jpg"])),
            ErrorCase("`render` of a transparent background to MP4", "",
                      .command(["render", "main.lua", "--out", "x.mp4", "--background", "transparent"])),
            ErrorCase("`render` with a background that is not a colour", "",
                      .command(["render", "main.lua", "--out", "x.png", "--background", "blu"])),
            ErrorCase("`render --loop-seamless` of a single frame", "",
                      .command(["render", "main.lua", "--out", "x.png", "--loop-seamless"])),
            ErrorCase("`render --loop-seamless` of a loop that jumps", "ca.root.backgroundColor = \"navy\"\n"
                        + "ca.root:addSublayer(ca.Layer{ bounds = {0, 0, 10, 10}, position = {5, 5}, backgroundColor = \"white\" })\n"
                        + "ca.root.sublayers[1]:addAnimation(ca.BasicAnimation{ keyPath = \"position.x\", fromValue = 5, toValue = 95, duration = 2 })",
                      .command(["render", "main.lua", "--out", "x.gif", "--size", "100x10", "--fps", "10", "--duration", "1", "--loop-seamless"])),
            ErrorCase("a GIF loop count out of range", "", .command(["render", "main.lua", "--out", "x.gif", "--loop", "-1"])),
            ErrorCase("`--loop` for a PNG", "", .command(["render", "main.lua", "--out", "x.png", "--loop", "2"])),
            ErrorCase("a dithering that does not exist", "", .command(["render", "main.lua", "--out", "x.gif", "--dither", "fast"])),
        ]),
    ]
}
