-- expect: pass
local box = ca.Layer{
  name = "box", bounds = { 0, 0, 80, 80 }, position = { 600, 300 },
  backgroundColor = "#81c784", cornerRadius = 40,
}
ca.root:addSublayer(box)
box:addAnimation(ca.KeyframeAnimation{
  keyPath = "position.x", values = { 100, 600 }, timingFunctions = { "easeOut" }, duration = 1.5,
}, "glide")
