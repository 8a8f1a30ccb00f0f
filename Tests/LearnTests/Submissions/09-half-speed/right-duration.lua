-- expect: pass
local box = ca.Layer{
  name = "box", bounds = { 0, 0, 80, 80 }, position = { 600, 300 },
  backgroundColor = "#7986cb", cornerRadius = 12,
}
ca.root:addSublayer(box)
box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 200, toValue = 600, duration = 2 }, "slide")
