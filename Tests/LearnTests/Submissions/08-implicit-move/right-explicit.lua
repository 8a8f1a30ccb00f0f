-- expect: pass
local box = ca.Layer{
  name = "box", bounds = { 0, 0, 80, 80 }, position = { 100, 300 },
  backgroundColor = "#ffd54f", cornerRadius = 12, actions = false,
}
ca.root:addSublayer(box)
ca.after(0.5, function()
  box:addAnimation(ca.BasicAnimation{
    keyPath = "position.x", fromValue = 100, toValue = 500, duration = 1, timingFunction = "default",
  }, "move")
  box.position = { 500, 300 }
end)
