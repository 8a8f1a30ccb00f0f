-- expect: fail slow
-- Exercise 9: layer time.
local stage = ca.Layer{ name = "stage", frame = { 0, 0, 800, 600 }, speed = 0.25 }
ca.root:addSublayer(stage)

local box = ca.Layer{
  name = "box", bounds = { 0, 0, 80, 80 }, position = { 600, 300 },
  backgroundColor = "#7986cb", cornerRadius = 12,
}
stage:addSublayer(box)

box:addAnimation(ca.BasicAnimation{
  keyPath = "position.x", fromValue = 200, toValue = 600, duration = 1,
}, "slide")
