-- A blank scene: one square that turns, and goes where you click.
--
-- Open it with `snowglobe FILE.lua` and keep the window beside your editor: every save reloads
-- the scene at once. Points are measured from the window's top-left corner with y growing
-- downwards, angles are in radians, times in seconds. The whole `ca` API is in docs/api.md,
-- a first walk-through in docs/tutorial.md (in share/doc/snowglobe once installed).

ca.root.backgroundColor = "#1d2029"

-- A layer: a rounded square in the middle of the window (ca.Layer is CALayer).
local square = ca.Layer{
  bounds = { 0, 0, 120, 120 },
  position = { ca.screen.width / 2, ca.screen.height / 2 },
  backgroundColor = "#ff7a45",
  cornerRadius = 16,
}
ca.root:addSublayer(square)

-- An explicit animation: one turn every 4 s, for ever (CABasicAnimation).
square:addAnimation(ca.BasicAnimation{
  keyPath = "transform.rotation.z",
  fromValue = 0,
  toValue = 2 * math.pi,
  duration = 4,
  repeatCount = math.huge,
}, "spin")

-- An implicit animation: setting a property of a layer on screen animates it, here over 0.6 s.
ca.on("mousedown", function(x, y)
  ca.transaction(function()
    square.position = { x, y }
  end, { duration = 0.6, timingFunction = "easeInEaseOut" })
end)
