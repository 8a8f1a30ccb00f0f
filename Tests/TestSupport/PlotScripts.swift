/// Scenes the tests of `snowglobe plot` record, both through the command and through the sampler
/// it is built on.
public enum PlotScripts {
    /// A layer named "box" whose `position.y` goes from 0 to 100 over `duration` seconds with the
    /// timing function `timingFunction` (and whatever `extra` adds to the animation's table); its
    /// model is already at {30, 100}. Two more layers are named "label".
    public static func slide(duration: Double = 2, timingFunction: String = "linear", extra: String = "") -> String {
        """
        local box = ca.Layer{ name = "box", bounds = {0, 0, 20, 20}, position = {30, 100}, backgroundColor = "orange" }
        ca.root:addSublayer(box)
        box:addAnimation(ca.BasicAnimation{ keyPath = "position.y", fromValue = 0, toValue = 100, duration = \(duration),
          timingFunction = "\(timingFunction)"\(extra) }, "slide")
        ca.root:addSublayer(ca.TextLayer{ name = "label", string = "hello" })
        ca.root:addSublayer(ca.Layer{ name = "label" })
        """
    }

    /// A layer named "dot" made on a timer at 1 s, its opacity animated from 0 to 1 over 0.5 s.
    public static let dotOnATimer = """
        ca.after(1, function()
          local dot = ca.Layer{ name = "dot", position = {0, 0} }
          ca.root:addSublayer(dot)
          dot:addAnimation(ca.BasicAnimation{ keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.5 }, "in")
        end)
        """
}
