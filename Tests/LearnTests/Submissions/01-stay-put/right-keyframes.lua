-- expect: pass
local box = ca.Layer{
  name = "box", bounds = { 0, 0, 80, 80 }, position = { 500, 300 },
  backgroundColor = "#4fc3f7", cornerRadius = 12,
}
ca.root:addSublayer(box)
box:addAnimation(ca.KeyframeAnimation{ keyPath = "position.x", values = { 100, 500 }, duration = 2 }, "slide")
